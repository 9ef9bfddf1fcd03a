"""Every XBoard (CECP v2) command, through a piped engine process.

Searches are kept deterministic and short with ``sd`` (depth) limits; a
test waits for specific lines (``expect``) or synchronises with ``ping``,
never sleeps.
"""
from __future__ import annotations

import random
import re
import time

import pytest

from cazaux_engine import get_variant, parse_fen, parse_move, start_position
from cazaux_engine.setups import setup_count, setup_fen
from protocol import xboard_moves as xm
from protocol.xboard_variants import piece_table, slots, xboard_variant_lines
from tests.xboard_support.engine import EngineProcess
from cazaux_engine.movegen import legal_moves
from cazaux_engine.outcome import outcome

THINKING = re.compile(r'^\d+ -?\d+ \d+ \d+( .*)?$')


@pytest.fixture(scope='module')
def shared_engine():
    e = EngineProcess()
    e.start_xboard()
    yield e
    e.close()


@pytest.fixture
def eng(shared_engine):
    """One engine process for the module (start-up costs a second), brought
    back to a known state before each test."""
    e = shared_engine
    if e.proc.poll() is not None:
        pytest.fail('the shared engine process has died')
    e.send('exit', 'force', 'easy', 'nopost', 'include all', 'option Setup=0',
           'option MultiPV=1', 'option Evaluation=full', 'level 40 5 0', 'new')
    e.sync(424242)
    e.seen.clear()
    return e


def fresh(e, variant='zanzibar-s', *setup):
    e.send('new', f'variant {variant}', 'post', *setup)
    return e.sync(1)


# -- handshake and variants ----------------------------------------------------------

def test_protover_features_and_options():
    e = EngineProcess()
    lines = e.start_xboard()
    e.close()
    text = '\n'.join(lines)
    for feat in ('ping=1', 'setboard=1', 'usermove=1', 'playother=1', 'analyze=1', 'colors=0',
                 'sigint=0', 'sigterm=0', 'memory=1', 'smp=1', 'exclude=1', 'san=0'):
        assert re.search(rf'\b{feat}\b', text), feat
    assert 'myname="cazaux-engine' in text
    assert ('variants="normal,pemba,zanzibar-s,zanzibar-s-promo,zanzibar-xl,maasai,oblong44"'
            in text)
    for opt in ('Hash -spin 64 1 4096', 'Clear Hash -button', 'MultiPV -spin 1 1 64',
                'Move Overhead -spin 50 0 5000', 'Setup -spin 0 -1 10080',
                'Evaluation -combo *full /// material', 'Contempt -spin 0 -200 200',
                'Skill Level -spin 20 0 20',
                'UCI_LimitStrength -check 0', 'UCI_Elo -spin 1500 650 1860', 'OwnBook -check 1',
                'Book File -file ', 'Debug Log File -file ', 'XBoard Quirks -check 1'):
        assert f'feature option="{opt}"' in lines
    assert 'UCI_Variant' not in text and 'UCI_AnalyseMode' not in text   # UCI's own
    assert lines[0] == 'feature done=0' and lines[-1] == 'feature done=1'


# The exact answers to `variant NAME`, as XBoard 4.9.1 was seen to accept them
# (docs/xboard.md): the piece table, then the piece lines in this order.
ZS_TABLE = 'PNBRQ.E....C.....GI.U..ZMW....VF....................LK'
XL_TABLE = 'PNBRQ.E....C.....GI.U..ZMW....VF...S................L...........DK'
ZANZIBAR = ['K& KimAimDimN', 'Q& Q', 'R& R', 'B& B', 'N& N', 'P& fmWfcFfmnDfeF', 'G& FyafsF',
            'U& WyafsW', 'L& KNAD', 'F& NCZ', 'I& KfmnD', 'M& C', 'Z& Z', 'C& mRcpR', 'V& mBcpB',
            'E& FA', 'W& WD']
VARIANT_REPLIES = {
    'pemba': ('PNBRQ.E....C...........ZMW....VK', '10x10+0_fairy',
              ['K& KisjO2', 'Q& Q', 'R& R', 'B& B', 'N& N', 'P& fmWfcFifmnDfeF', 'E& FA',
               'C& mRcpR', 'M& C', 'Z& Z', 'V& mBcpB', 'W& WD']),
    'zanzibar-s': (ZS_TABLE, '12x12+0_fairy', ZANZIBAR),
    'zanzibar-s-promo': (ZS_TABLE, '12x12+0_fairy', ZANZIBAR),
    'zanzibar-xl': (XL_TABLE, '12x12+0_fairy', ZANZIBAR + ['D& KADGH', 'S& mQcpQ']),
    'maasai': ('PNBRQ.E...IC.....GA.U..ZMW....VF...S................L...........DK',
               '12x12+0_fairy',
               ['K& KimAimDimN', 'Q& Q', 'R& R', 'B& B', 'N& N', 'P& fmWfcFifmnDfeF',
                'G& FyafsF', 'U& WyafsW', 'L& KNAD', 'F& NCZ', 'I& KifmnD', 'M& C', 'Z& Z',
                'C& mRcpR', 'V& mBcpB', 'E& FA', 'W& WD', 'D& KADGH', 'S& mQcpQ',
                'A& fmWfcFfmnDfeF']),
    'oblong44': ('PN...FE..................DK', '4x11+0_shatranj',
                 ['K& K', 'F& F', 'E& A', 'N& N', 'D& D', 'P& fmWfcF']),
}


@pytest.mark.parametrize('variant', sorted(VARIANT_REPLIES))
def test_variant_reply_is_setup_and_every_piece(eng, variant):
    white, size, pieces = VARIANT_REPLIES[variant]
    v = get_variant(variant)
    table = white + white.lower()
    assert len(table) % 2 == 0 and 12 <= len(table) <= 132
    assert fresh(eng, variant) == ([f'setup ({table}) {size} {v.start}'] +
                                   [f'piece {p}' for p in pieces])
    assert {p.split('&')[0] for p in pieces} == {p.letter for p in v.pieces}


def test_slots():
    zs, ms = slots(get_variant('zanzibar-s')), slots(get_variant('maasai'))
    assert zs['L'] == 52 and zs['I'] == 18           # Lion not in Chu's slot 21; Prince as Lance
    assert ms['A'] == 18 and ms['I'] == 10           # the Maasai needs the Lance slot
    assert piece_table(get_variant('pemba')) == \
        'PNBRQ.E....C...........ZMW....VKpnbrq.e....c...........zmw....vk'
    assert 'piece K& KimAimDimN' in xboard_variant_lines(get_variant('maasai'), '')
    assert 'piece K& KisjO2' in xboard_variant_lines(get_variant('pemba'), '')


def test_normal_is_chess_without_setup(eng):
    assert fresh(eng, 'normal') == []
    eng.send('usermove e2e4', 'sd 1', 'go')
    assert re.fullmatch(r'move [a-h][78][a-h][56]', eng.expect(r'^move '))


def test_unsupported_variant(eng):
    assert fresh(eng, 'crazyhouse') == ['Error (unsupported variant): variant crazyhouse']


def test_setup_option_chooses_the_announced_position(eng):
    v = get_variant('zanzibar-xl')
    eng.send('option Setup=7')
    assert fresh(eng, 'zanzibar-xl')[0].endswith(setup_fen(v, 7))
    eng.send('option Setup=-1')
    fen = fresh(eng, 'zanzibar-xl')[0].split(') 12x12+0_fairy ')[1]
    assert fen in {setup_fen(v, i) for i in range(1, setup_count(v) + 1)}
    # XBoard asks twice before a game and takes the first answer: the same
    # placement until a game has been played
    assert fresh(eng, 'zanzibar-xl')[0].endswith(fen)
    # after each game a new placement is drawn, and kept while XBoard asks again
    firsts = []
    for _ in range(8):
        eng.send('force', 'usermove a3a5', 'result * {}')
        first = fresh(eng, 'zanzibar-xl')[0]
        assert fresh(eng, 'zanzibar-xl')[0] == first
        firsts.append(first)
    # 8 draws of 288 placements all equal: a chance of 288**-7
    assert len(set(firsts)) > 1
    eng.send('option Setup=300')                      # zanzibar-xl has 288
    lines = fresh(eng, 'zanzibar-xl')
    assert lines[0].startswith('tellusererror Setup 300') and lines[1].endswith(v.start)
    eng.send('option Setup=99999')
    assert fresh(eng, 'pemba')[0].startswith('tellusererror Setup: 99999 is out of range')


def test_setup_position_is_the_engines_position(eng):
    v = get_variant('zanzibar-s')
    eng.send('option Setup=5')
    fresh(eng, 'zanzibar-s')
    pos = parse_fen(v, setup_fen(v, 5))
    m = legal_moves(pos)[7]
    eng.send('force', f'usermove {xm.move_text(pos, m, 1)}')
    assert eng.sync(2) == []


# -- ping, moves, errors ----------------------------------------------------------------

def test_ping_pong_in_order(eng):
    eng.send('ping 1', 'ping 2', 'ping 3')
    assert [eng.expect('^pong') for _ in range(3)] == ['pong 1', 'pong 2', 'pong 3']


def test_unknown_command(eng):
    eng.send('frobnicate 1 2')
    assert eng.expect('^Error') == 'Error (unknown command): frobnicate 1 2'


def test_engine_plays_black_after_a_usermove(eng):
    fresh(eng, 'zanzibar-s', 'sd 1')
    eng.send('usermove e3e5')
    line = eng.expect(r'^move ')
    assert any(THINKING.match(l) for l in eng.seen)
    pos = start_position('zanzibar-s')
    pos.push(xm.parse(pos, 'e3e5', 1))
    xm.parse(pos, line.split()[1], 1)                 # a legal Black move


def test_illegal_moves_change_nothing(eng):
    fresh(eng, 'zanzibar-s')
    eng.send('force', 'usermove e3e6', 'usermove e3e5q', 'usermove z9z9', 'usermove e3e5,e5e6',
             'usermove e3e5')
    out = eng.sync(2)
    assert out == ['Illegal move (not legal in this position): e3e6',
                   'Illegal move (this move does not promote): e3e5q',
                   'Illegal move (not a move in coordinate notation): z9z9',
                   'Illegal move (no such en-passant capture here): e3e5,e5e6']


KJ = '12/5k6/12/12/12/12/12/12/12/5r6/12/5K6 w Kk - 0 1'


def test_king_jump_rules_xboard_does_not_check(eng):
    fresh(eng, 'zanzibar-s')
    # in check from the f3 Rook: no jump (XBoard would allow f1h3)
    eng.send('force', f'setboard {KJ}', 'usermove f1h3', 'usermove f1d1')
    assert eng.sync(2) == ['Illegal move (not legal in this position): f1h3',
                           'Illegal move (not legal in this position): f1d1']
    # over an attacked midpoint (g2, attacked from g11): no (2,2) jump to h3
    eng.send(f'setboard 12/5k6/12/12/12/12/12/12/12/12/12/5K4r1 w Kk - 0 1')
    eng.send('setboard 12/6r5/5k6/12/12/12/12/12/12/12/12/5K6 w Kk - 0 1',
             'usermove f1h3', 'usermove f1d3')
    assert eng.sync(3) == ['Illegal move (not legal in this position): f1h3']


def test_prince_may_not_capture_en_passant(eng):
    fresh(eng, 'zanzibar-s')
    # Black's e10-e8 crossed e9; the White Prince on d8 may not take e.p.
    eng.send('force', 'setboard 6k5/12/4p7/12/3I8/12/12/12/12/12/12/5K6 b - - 0 1',
             'usermove e10e8', 'usermove d8e9', 'usermove d8e8,e8e9')
    out = eng.sync(2)
    assert out[0].startswith('Illegal move') and out[0].endswith(': d8e9') or \
        out[0].startswith('Illegal move (XBoard would take')
    assert out[1] == 'Illegal move (no such en-passant capture here): d8e8,e8e9'


def test_two_leg_and_plain_en_passant_accepted(eng):
    fresh(eng, 'zanzibar-s')
    fen = '6k5/3p8/12/4P7/12/12/12/12/12/12/12/5K6 b - - 0 1'
    eng.send('force', f'setboard {fen}', 'usermove d11d9', 'usermove e9d9,d9d10', 'undo',
             'usermove e9d10', 'undo', 'undo', 'undo')
    assert eng.sync(2) == ['Error (command not legal now): undo']


def test_pemba_ranks_are_zero_based(eng):
    fresh(eng, 'pemba', 'sd 1')
    eng.send('force', 'usermove e3e5')
    assert eng.sync(2) == ['Illegal move (not legal in this position): e3e5']
    eng.send('usermove e2e4', 'go')
    mv = eng.expect(r'^move ').split()[1]
    assert re.fullmatch(r'[a-j]\d[a-j]\d', mv)      # ranks 0-9, one digit
    pos = start_position('pemba')
    pos.push(xm.parse(pos, 'e2e4', 0))
    xm.parse(pos, mv, 0)


def test_twelve_rank_moves_have_two_digit_ranks(eng):
    fresh(eng, 'zanzibar-s', 'sd 1')
    eng.send('force', 'usermove e3e5', 'usermove e10e8', 'usermove c2b4', 'usermove c11b9')
    assert eng.sync(2) == []


# -- setboard ---------------------------------------------------------------------------

def test_bad_setboard_forgets_the_position(eng):
    # XBoard's board is not the old one: nothing is played or searched for it
    fresh(eng, 'zanzibar-s')
    eng.send('force', 'usermove e3e5', 'setboard 12/12 w - - 0 1', 'setboard ' + 'x' * 500,
             'setboard', 'usermove e10e8', 'go')
    out = eng.sync(2)
    assert len(out) == 5 and all(l.startswith('tellusererror Illegal position: ') for l in out[:3])
    why = 'the last setboard was refused (empty FEN)'
    assert out[3:] == [f'Illegal move (no position: {why}): e10e8', f'Error (no position: {why}): go']
    # a valid setboard: all is well again
    eng.send('force', 'setboard ' + get_variant('zanzibar-s').start, 'usermove e3e5')
    assert eng.sync(2) == []


def test_unsupported_variant_forgets_the_position(eng):
    fresh(eng, 'zanzibar-s')
    eng.send('force', 'variant shogi', 'usermove e3e5')
    why = "variant 'shogi' is not supported"
    assert eng.sync(2) == ['Error (unsupported variant): variant shogi',
                           f'Illegal move (no position: {why}): e3e5']
    eng.send('new', 'force', 'usermove e2e4')          # new: chess from its start
    assert eng.sync(2) == []


def test_setboard_with_kings_files_and_without_fields(eng):
    fresh(eng, 'zanzibar-s')
    v = get_variant('zanzibar-s')
    xb = v.start.replace(' Kk ', ' Gg ')               # XBoard's castling field
    eng.send('force', f'setboard {xb}', 'usermove g1g3')  # hmm: g1 holds the King here
    out = eng.sync(2)
    assert out == [] or out == ['Illegal move (not legal in this position): g1g3']
    fresh(eng, 'oblong44')
    eng.send('force', 'setboard ekfe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE w 0 1', 'usermove a4a5')
    assert eng.sync(2) == []


def test_setboard_pemba_ep_square_in_xboard_ranks(eng):
    fresh(eng, 'pemba')
    # Black's d8-d6 (XBoard: d7-d5) crossed d7, which XBoard writes d6
    fen = 'cmvzwwzvmc/ernbqkbnre/ppp1pppppp/10/3pP5/10/10/PPPP1PPPPP/ERNBQKBNRE/CMVZWWZVMC w KQkq d6 0 1'
    eng.send('force', f'setboard {fen}', 'usermove e5d5,d5d6')
    assert eng.sync(2) == []


# -- force, go, playother, undo, remove, result ------------------------------------------

def test_force_go_and_playother(eng):
    fresh(eng, 'oblong44', 'sd 1')
    eng.send('force', 'usermove a4a5', 'go')
    assert eng.expect(r'^move ')
    eng.send('force', 'playother')
    assert eng.sync(2) == []                     # the engine waits for the opponent
    eng.send('undo')                             # now it is the engine's colour... in force? no:
    eng.send('force', 'usermove a5a6')
    out = eng.sync(3)
    assert not any(l.startswith('move') for l in out)


def test_undo_and_remove(eng):
    fresh(eng, 'zanzibar-s')
    eng.send('force', 'usermove e3e5', 'usermove e10e8', 'remove', 'usermove e3e5', 'undo',
             'usermove e3e5', 'usermove e10e8', 'undo', 'undo', 'undo')
    assert eng.sync(2) == ['Error (command not legal now): undo']


def test_result_stops_and_new_resets(eng):
    fresh(eng, 'zanzibar-s', 'st 60')
    eng.send('usermove e3e5')
    eng.expect(THINKING.pattern)
    eng.send('result 1-0 {White resigns}')
    out = eng.sync(2, timeout=10)
    assert not any(l.startswith('move') for l in out)
    eng.send('new', 'variant zanzibar-s', 'force', 'usermove e3e5')
    assert [l for l in eng.sync(3) if not l.startswith(('setup', 'piece'))] == []


# -- searching: ?, ping while thinking, quit, analysis, hint ---------------------------

def test_move_now_and_ping_while_thinking(eng):
    fresh(eng, 'zanzibar-xl', 'st 100')
    eng.send('usermove a3a5')
    eng.expect(THINKING.pattern)
    eng.send('ping 5', '?')
    line = eng.expect(r'^(move |pong 5)', timeout=10)
    assert line.startswith('move ')             # the pong comes after the move
    assert eng.expect(r'^pong', timeout=10) == 'pong 5'


def test_quit_during_a_search():
    e = EngineProcess()
    e.start_xboard()
    fresh(e, 'maasai', 'st 100')
    e.send('go')
    e.expect(THINKING.pattern)
    assert e.close(timeout=10) == 0


def test_never_plans_past_the_clock():
    # 0.3 s left on the engine's clock, no increment: the plan (counted from
    # reading the usermove) and its safety net leave the reserve and the
    # move's overhead on the clock; no timing is asserted, the move is legal
    from protocol.options import Options
    from protocol.xboard import XBoard
    from search.timeman import reserve
    from tests.lines import Lines
    out = Lines()
    x = XBoard(out, Options())
    for cmd in ('new', 'variant zanzibar-xl', 'level 0 0:02 0', 'time 30', 'otim 200'):
        x.handle(cmd)
    read_at = time.perf_counter()
    x.handle('usermove a3a5', read_at)
    job = x.control.job
    assert job.started == read_at
    assert job.hard + job.overhead <= 0.3 - reserve(0.3)
    assert job.net[1] + job.overhead < 0.3       # the best move so far, at the latest
    line = out.wait_for('move ')
    pos = start_position('zanzibar-xl')
    pos.push(parse_move(pos, 'a3a5'))
    parse_move(pos, line.split()[1])            # legal, or IllegalMoveError
    x.handle('quit')


def test_analyze_mode(eng):
    fresh(eng, 'oblong44')
    eng.send('analyze')
    eng.expect(THINKING.pattern)
    eng.send('.')
    assert re.match(r'^stat01: \d+ \d+ \d+ 0 \d+', eng.expect('^stat01'))
    eng.send('usermove a4a5')
    eng.expect(THINKING.pattern)
    eng.send('undo', 'ping 7')                    # answered at once while analysing
    eng.expect('^pong 7$', timeout=5)
    eng.send('exit')
    out = eng.sync(8)
    eng.send('cores 1', 'ping 9')            # cores was clamped to the most threads: back to 1
    assert not any(l.startswith('move') for l in eng.sync(10) + out)


def test_hint_bk_draw(eng):
    fresh(eng, 'oblong44')
    eng.send('hint', 'bk', 'draw')
    out = eng.sync(2)
    assert out[0].startswith('Hint: ') and out[-1] == ''
    assert all(re.fullmatch(r' [a-d]\d+[a-d]\d+ \d+% \(score -?\d+\)', x) for x in out[1:-1])
    assert len(out) >= 4                     # the shipped book's moves of the start


def test_pondering_after_own_move(eng):
    fresh(eng, 'oblong44', 'hard', 'sd 3')
    eng.send('usermove a4a5')
    eng.expect(r'^move ')
    eng.send('ping 3')
    eng.expect('^pong 3$', timeout=5)           # pondering does not hold pongs
    eng.send('usermove b4b5')
    assert eng.expect(r'^(move |Illegal)').startswith('move ')


def test_exclude_all_but_one_move(eng):
    fresh(eng, 'oblong44', 'sd 2')
    pos = start_position('oblong44')
    moves = [xm.move_text(pos, m, 1) for m in legal_moves(pos)]
    eng.send('exclude all', f'include {moves[3]}', 'go')
    assert eng.expect(r'^move ') == f'move {moves[3]}'


# -- time and option commands ---------------------------------------------------------

def test_time_control_commands(eng):
    eng.send('level 40 5 0', 'level 0 2 12', 'level 40 0:30 0', 'level 0 2+1 0.5', 'st 5',
             'sd 4', 'nps 1000', 'time 3000', 'otim 2000', 'memory 32', 'option Hash=16',
             'option Clear Hash', 'option Evaluation=material', 'option MultiPV=2',
             'option Move Overhead=100', 'easy', 'nopost', 'computer', 'name someone',
             'random', 'rating 2000 1900', 'cores 2', 'ics -', 'accepted ping')
    assert eng.sync(2) == []
    eng.send('level 40', 'level a b c', 'st -1', 'sd x', 'nps y', 'time z', 'otim -', 'memory big',
             'cores two')
    out = eng.sync(3)
    assert len(out) == 9 and all(l.startswith('Error (') for l in out)
    eng.send('option Hash=0', 'option Nonsense=1', 'option Evaluation=clever', 'option UCI_Variant=chess')
    out = eng.sync(4)
    assert out == ["tellusererror Hash: 0 is out of range 1..4096",
                   "tellusererror no option named 'Nonsense'",
                   "tellusererror Evaluation: 'clever' is not one of full, material",
                   "tellusererror no option named 'UCI_Variant'"]


# -- game ends and claims ----------------------------------------------------------------

@pytest.mark.parametrize('variant,fen,claim', [
    ('chess', '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1', '1-0 {White mates}'),
    ('chess', '7k/8/6QK/8/8/8/8/8 b - - 0 1', '1/2-1/2 {Stalemate}'),
    ('oblong44', 'k3/2K1/1F2/4/4/4/4/4/4/4/4 b - - 0 1', '1-0 {Black is stalemated}'),
    ('chess', '7k/8/8/8/8/8/8/K7 b - - 0 1', '1/2-1/2 {Insufficient material: bare Kings}'),
])
def test_claims_when_the_game_is_over(eng, variant, fen, claim):
    fresh(eng, 'normal' if variant == 'chess' else variant, 'sd 1')
    eng.send('force', f'setboard {fen}', 'go')
    assert eng.expect(r'^(move|1-0|0-1|1/2)') == claim


def test_mate_claimed_after_the_mating_move(eng):
    fresh(eng, 'normal', 'sd 2')
    eng.send('force', 'setboard 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', 'go')
    assert eng.expect(r'^move ') == 'move f1f8'
    assert eng.expect(r'^(1-0|0-1|1/2)') == '1-0 {White mates}'


# A mate of zanzibar-xl (from a load-benchmark game): the Giraffe on i9 checks
# the Black King, which has not moved; the rules forbid its jump out of check,
# XBoard allows it (e12 is empty and safe), so XBoard took White's mate claim
# for false and gave the game to Black.
XL_BEFORE_MATE = ('cm1v1qkuv1mc/ernbslgib1r1/ppppiww3pn/5p3e2/7p1p2/5Z1pp3/4P7/7P4/'
                  '2E1I4P2/PPPPSWW1PPEP/1RNB1LGIBNR1/CMZV1QKU4 w Kk - 0 26')
XL_MATED = ('cm1v1qkuv1mc/ernbslgib1r1/ppppiww3pn/5p2Ze2/7p1p2/7pp3/4P7/7P4/'
            '2E1I4P2/PPPPSWW1PPEP/1RNB1LGIBNR1/CMZV1QKU4 b Kk - 1 26')


def test_no_mate_claim_xboard_would_call_false(eng):
    # after f7i9 the rules see a mate, XBoard a jump of the Black King to e12
    fresh(eng, 'zanzibar-xl', 'sd 2')
    eng.send('force', f'setboard {XL_BEFORE_MATE}', 'go')
    assert eng.expect(r'^move ') == 'move f7i9'
    eng.send('ping 7')
    assert eng.expect(r'^(1-0|0-1|1/2|pong)') == 'pong 7'


def test_mated_claims_its_loss_even_where_xboard_sees_a_jump(eng):
    # (XBoard accepts a claim against the claimer without testing it)
    fresh(eng, 'zanzibar-xl', 'sd 2')
    eng.send('force', f'setboard {XL_MATED}', 'go')
    assert eng.expect(r'^(move|resign|1-0|0-1|1/2)') == '1-0 {White mates}'


XL_MATED_NO_JUMP = XL_MATED.replace('cm1v1qkuv1mc/', 'cm1vmqkuv1mc/').replace('ppppiww3pn', 'ppppiwwmm1pn')


def test_jump_escape_for_the_mated_king():
    from cazaux_engine import start_position
    from protocol.xboard_moves import jump_escape
    pos = start_position('zanzibar-xl', XL_MATED)
    assert legal_moves(pos) == []
    assert pos.rules.square_name(jump_escape(pos)) == 'e12'
    # its three empty jump squares filled (Camels): XBoard too sees the mate
    full = start_position('zanzibar-xl', XL_MATED_NO_JUMP)
    assert legal_moves(full) == [] and jump_escape(full) is None
    # chess has no jump
    assert jump_escape(start_position('chess', '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1')) is None


def test_a_mate_xboard_also_sees_is_claimed(eng):
    fresh(eng, 'zanzibar-xl', 'sd 2')
    eng.send('force', f'setboard {XL_MATED_NO_JUMP}', 'go')
    assert eng.expect(r'^(move|resign|1-0|0-1|1/2)') == '1-0 {White mates}'


def test_draw_by_repetition_is_offered_before_the_move(eng):
    fresh(eng, 'normal', 'sd 1')
    # Kings only plus Rooks shuffling: after Ra1-a2 a2-a1 ... the third
    # occurrence comes with the engine's move
    eng.send('force', 'setboard 7k/8/8/8/8/8/r7/R6K w - - 0 1')
    for mv in ('a1b1', 'a2b2', 'b1a1', 'b2a2', 'a1b1', 'a2b2', 'b1a1'):
        eng.send(f'usermove {mv}')
    eng.send('usermove b2a2')     # the position after b1a1 b2a2 occurs for the third time
    out = eng.sync(2)
    assert out == [] 
    eng.send('go')
    assert eng.expect(r'^(move|1/2)').startswith('1/2-1/2 {Draw by repetition}')


# Zanzibar-S: Kings, Rooks and the Prince (XBoard's Lance slot) on e5
PRINCE_SHUFFLE = 'r4k6/12/12/12/12/12/12/4I7/12/12/12/R4K6 w - - 0 1'
PRINCE_THEN_ROOKS = ['e5f5', 'a12b12', 'f5e5', 'b12a12',        # start position again: 2nd
                     'a1b1', 'a12b12', 'b1a1', 'b12a12']        # 3rd (XBoard: 2nd since e5)


def test_no_repetition_claim_across_a_prince_move(eng):
    # the rules see the start position a third time, but XBoard counts only
    # since its last irreversible move, and a Prince move is one for it (the
    # Lance slot): a claim would be called false, so the engine plays on
    fresh(eng, 'zanzibar-s', 'sd 1')
    eng.send('force', f'setboard {PRINCE_SHUFFLE}')
    for mv in PRINCE_THEN_ROOKS:
        eng.send(f'usermove {mv}')
    assert eng.sync(2) == []
    eng.send('go')
    reply = eng.expect(r'^(move|1/2|offer)')
    assert reply.startswith('move '), reply


def test_repetition_claimed_once_xboard_counts_it_too(eng):
    fresh(eng, 'zanzibar-s', 'sd 1')
    eng.send('force', f'setboard {PRINCE_SHUFFLE}')
    for mv in PRINCE_THEN_ROOKS + ['a1b1', 'a12b12', 'b1a1', 'b12a12']:   # 4th, XBoard's 3rd
        eng.send(f'usermove {mv}')
    assert eng.sync(2) == []
    eng.send('go')
    assert eng.expect(r'^(move|1/2|offer)') == '1/2-1/2 {Draw by repetition}'


def test_xboard_repetition_count_after_a_prince_move():
    from protocol.xboard import XBoard
    from tests.lines import Lines
    out = Lines()
    xb = XBoard(out)
    for line in ('protover 2', 'new', 'variant zanzibar-s', 'force', f'setboard {PRINCE_SHUFFLE}'):
        xb.handle(line)
    counts = []
    for mv in PRINCE_THEN_ROOKS + ['a1b1', 'a12b12', 'b1a1', 'b12a12']:
        xb.handle(f'usermove {mv}')
        o = outcome(xb.game.pos)
        counts.append((xb._xb_fifty(), xb._xb_repetition(), o.reason if o else None))
    # (XBoard's plies since its last irreversible move, its repetition, the rules')
    assert counts == [(0, False, None), (1, False, None), (0, False, None), (1, False, None),
                      (2, False, None), (3, False, None), (4, False, None),
                      (5, False, 'repetition'),     # 3rd time, but only 2nd since f5e5
                      (6, False, None), (7, False, None),
                      (8, True, 'repetition'),      # Ra1/rb12 after f5e5 (counted), b1a1, b1a1
                      (9, True, 'repetition')]
    lines = out.take()
    assert not any(line.startswith('Error') for line in lines), lines
    xb.handle('quit')


# -- hostile input ----------------------------------------------------------------------

def test_fuzzed_input_never_kills_the_engine(eng):
    rng = random.Random(4)
    words = ['usermove', 'setboard', 'level', 'st', 'sd', 'time', 'otim', 'option', 'variant',
             'undo', 'remove', 'go', 'force', 'playother', 'exclude', 'include', 'memory', 'nps',
             'ping', 'result', 'hint', '.', 'analyze', 'exit', 'new', '?', 'easy', 'hard',
             'a1a2', 'e3e5', 'e11e12q', 'd5d6,d6d7', '@@@@', '=', '', '-1', '99999999999999']
    fresh(eng, 'zanzibar-s', 'sd 1', 'st 0.2')
    for _ in range(150):
        line = ' '.join(rng.choice(words) for _ in range(rng.randint(1, 4)))
        if rng.random() < 0.2:
            line += ''.join(chr(rng.randint(1, 0x2FF)) for _ in range(rng.randint(1, 30)))
        eng.send(line.replace('\n', ' ').replace('\r', ' ') if 'quit' not in line else 'ping 0')
    eng.send_bytes(b'\xff\xfe\x00garbage\x80\n')
    eng.send('force', 'new', 'variant zanzibar-s')
    eng.sync(123456, timeout=60)
    assert not any('Traceback' in l or 'internal error' in l for l in eng.seen)
    assert eng.proc.poll() is None


def test_setboard_gives_a_second_rank_king_its_jump(eng):
    # XBoard writes '-' for Kings on their second rank (it has no way to say
    # more), yet lets them jump: the engine does too
    fresh(eng, 'zanzibar-s')
    eng.send('force', 'setboard 12/5k6/12/12/12/12/12/12/12/12/5K6/12 w - - 0 1',
             'usermove f2f4', 'usermove f11h9',
             'setboard 12/12/5k6/12/12/12/12/12/12/5K6/12/12 w - - 0 1', 'usermove f3f5')
    assert eng.sync(2) == ['Illegal move (not legal in this position): f3f5']


def test_cores_sets_the_search_threads():
    from protocol.xboard import XBoard
    lines = []

    class Out:
        send = lines.append

    x = XBoard(Out())
    x.handle('cores 2')
    assert x.options['Threads'] == 2 and x.searcher.threads == 2
    x.handle('cores 1000')                      # kept in range, as memory is
    assert x.options['Threads'] == 64 and lines == []
    x.handle('quit')


def test_hash_without_memory_keeps_the_old_table(monkeypatch):
    # in-process: a Hash the machine cannot give is refused with a message,
    # the engine keeps the size it had and goes on
    from protocol.xboard import XBoard
    lines = []

    class Out:
        send = lines.append

    x = XBoard(Out())
    real = x.searcher.set_hash

    def set_hash(mb):
        if mb > 1000:
            raise MemoryError
        real(mb)

    monkeypatch.setattr(x.searcher, 'set_hash', set_hash)
    tt = x.searcher.tt
    tt.store(0x1234, 77, 5, 3, 42)
    table = tt.table
    x.handle('option Hash=4000')
    assert lines == ['tellusererror Hash: not enough memory for 4000 MB; keeping 64 MB']
    assert x.options['Hash'] == 64 and x.searcher.hash_mb == 64
    # the very table it had, with what it had learnt
    assert x.searcher.tt is tt and tt.table is table and tt.probe(0x1234)[0] == 77
    lines.clear()
    x.handle('memory 32')
    assert lines == [] and x.options['Hash'] == 32 and x.searcher.hash_mb == 32
    x.handle('quit')


def test_table_unchanged_when_resize_runs_out_of_memory():
    from search.tt import BYTES_PER_SLOT, TranspositionTable
    t = TranspositionTable(1)
    before = (t.size, t.mask, t.table)
    with pytest.raises(MemoryError):
        t.resize((1 << 41) * BYTES_PER_SLOT)     # 2**61 slots: more than a list can hold
    assert (t.size, t.mask, t.table) == before and t.table is before[2]


def test_move_overhead_is_set_aside_once():
    # the clock goes to the searcher as XBoard gives it; the searcher's time
    # plan takes the Move Overhead (here 50 ms) off, once
    from protocol.xboard_clock import Clock
    from search import Limits
    from search.timeman import plan
    c = Clock()
    c.set_st('2')
    lim = c.limits(1, 0)
    assert lim.movetime == 2.0 and plan(lim, 1, 0.05).hard == 1.95
    c.set_level('0', '1', '0')
    c.set_time('1000', engine=True)
    c.set_time('900', engine=False)
    lim = c.limits(-1, 0)
    assert (lim.btime, lim.wtime) == (10.0, 9.0)
    assert plan(lim, -1, 0.05) == plan(Limits(btime=10.0, wtime=9.0, binc=0.0, winc=0.0), -1, 0.05)


def test_numbers_of_thousands_of_digits():
    # Python's int() refuses more than 4300 digits; such numbers from the GUI
    # are clamped (clock, node rate, moves per session) or refused with a
    # precise message (depth), never an internal error, and a refused
    # command leaves the clock as it was
    from protocol.xboard_clock import Clock, ClockError
    huge = '9' * 5000
    c = Clock()
    c.set_level(huge, '5', '0')
    assert (c.mps, c.base, c.inc) == (1_000_000, 300.0, 0.0)
    c.set_nps(huge)
    assert c.nps == 10**12
    c.set_time(huge, engine=True)
    c.set_time('-' + huge, engine=False)
    assert (c.engine_left, c.opp_left) == (10**7, -10**7)
    c.set_depth('7')
    with pytest.raises(ClockError, match=r"^depth '9{20}"):
        c.set_depth(huge)
    assert c.depth == 7
    with pytest.raises(ClockError, match='^node rate'):
        c.set_nps('²')                          # a digit to isdigit(), not to int()
    assert c.nps == 10**12


def test_huge_numbers_through_the_pipe(eng):
    huge = '9' * 5000
    eng.send(f'sd {huge}', f'cores {huge}', f'memory -{huge}')
    assert eng.expect('^Error').startswith("Error (bad parameter: depth '999")
    assert eng.expect('^Error') == f'Error (bad parameter): memory -{huge}'
    eng.send('cores 1', 'ping 9')            # cores was clamped to the most threads: back to 1
    assert eng.expect('^pong') == 'pong 9'


# -- the step XBoard takes for an e.p. capture (xboard_moves.phantom_victim) ------------
def _victim(variant, fen, moves, text):
    pos = parse_fen(get_variant(variant), fen)
    for mv in moves:
        pos.push(parse_move(pos, mv))
    m = parse_move(pos, text)
    v = xm.phantom_victim(pos, m)
    return None if v is None else pos.rules.square_name(v, 1)


@pytest.mark.parametrize('fen,moves,text,victim', [
    # White, no e.p. square: a sideways, a forward-diagonal, a backward-diagonal
    # step from the far half (ranks 7-12) delete the piece behind the target,
    # the mover's own too; from rank 6 or with nothing behind, nothing
    ('6k5/12/12/12/4I7/5r6/12/12/12/12/12/6K5 w - - 0 1', [], 'e8f8', 'f7'),
    ('6k5/12/12/12/4I7/5R6/12/12/12/12/12/6K5 w - - 0 1', [], 'e8f8', 'f7'),
    ('6k5/12/12/12/4IN6/12/12/12/12/12/12/6K5 w - - 0 1', [], 'e8f9', 'f8'),
    ('6k5/12/12/12/5n6/4I7/12/12/12/12/12/6K5 w - - 0 1', [], 'e7f6', None),
    ('6k5/12/12/12/12/4I7/5n6/12/12/12/12/6K5 w - - 0 1', [], 'e7f7', 'f6'),
    ('6k5/12/12/12/12/12/4I7/5n6/12/12/12/6K5 w - - 0 1', [], 'e6f6', None),
    ('6k5/12/12/12/4I7/12/12/12/12/12/12/6K5 w - - 0 1', [], 'e8f8', None),
    ('6k5/12/12/12/4I7/5r6/12/12/12/12/12/6K5 w - - 0 1', [], 'e8e9', None),
    # White with an e.p. square: Black's e10-e8 crossed e9
    ('12/12/3Ip5R1/11R/k11/11R/12/12/12/12/12/5K6 b - - 0 1', ['e10e8'], 'd10e9', 'e8'),
    ('12/12/3Ip5R1/11R/k11/11R/12/12/12/12/12/5K6 b - - 0 1', ['e10e8'], 'd10c9', None),
    # Black, no e.p. square: far half is ranks 1-6, behind is one rank up
    ('6k5/12/12/12/12/12/5R6/4i7/12/12/12/6K5 b - - 0 1', [], 'e5f5', 'f6'),
    ('6k5/12/12/12/12/5R6/4i7/12/12/12/12/6K5 b - - 0 1', [], 'e6f6', 'f7'),
    ('6k5/12/12/12/5R6/4i7/12/12/12/12/12/6K5 b - - 0 1', [], 'e7f7', None),
    ('6k5/12/12/12/12/12/12/4i7/12/12/12/6K5 b - - 0 1', [], 'e5f5', None),
    # Black with an e.p. square: White's e3-e5 crossed e4
    ('6k5/12/12/12/12/12/12/12/12/3i8/4P7/6K5 w - - 0 1', ['e2e4'], 'd3e3', 'e4'),
    ('6k5/12/12/12/12/12/12/12/12/3i8/12/4P1K5 w - - 0 1', ['e1e3'], 'd3e2', 'e3'),
    # a Rook is no Pawn: nothing
    ('6k5/12/12/12/4R7/5r6/12/12/12/12/12/6K5 w - - 0 1', [], 'e8f8', None),
])
def test_phantom_victim_for_both_colours(fen, moves, text, victim):
    assert _victim('zanzibar-xl', fen, moves, text) == victim


def test_a_real_en_passant_capture_is_no_phantom():
    # e8-e6, d6xe7 e.p. (sent in two legs, which XBoard carries out right)
    pos = parse_fen(get_variant('zanzibar-s'), '6k5/12/12/12/4p7/12/3P8/12/12/12/12/6K5 b - - 0 1')
    pos.push(parse_move(pos, 'e8e6'))
    m = parse_move(pos, 'd6e7')
    assert xm.phantom_victim(pos, m) is None


def test_no_phantom_where_xboard_tests_no_legality():
    # zanzibar-s-promo is played with -testLegality false, and XBoard then
    # carries the Prince's step out right (the minimal case run that way
    # keeps the f7 Rook, tests/clients/test_xboard_gui.py): the step is
    # played and accepted
    fen = '6k5/12/12/12/4I7/5r6/12/12/12/12/12/6K5 w - - 0 1'
    assert _victim('zanzibar-s-promo', fen, [], 'e8f8') is None
    assert _victim('zanzibar-s', fen, [], 'e8f8') == 'f7'


PROMO = '6k5/12/12/12/6b5/12/5i6/9p2/12/6P5/12/5K6 w - - 0 1'


@pytest.mark.parametrize('fen,moves,text,victim', [
    # without legality testing, only right after a Pawn- or Lance-slot double
    # step onto the file stepped to (XBoard's e.p. square), whoever could take
    # it: tests/clients/test_xboard_sweep.py plays these in the real XBoard
    (PROMO, ['g3g5'], 'f6g7', 'g8'),
    (PROMO, ['g3g4'], 'f6g7', None),                    # a single step
    (PROMO, ['g3g5'], 'f6e7', None),                    # onto another file
    (PROMO, ['g3g5', 'g12h12', 'f1e1'], 'f6g7', None),  # a move pair later
    (PROMO.replace('6P5', '6I5'), ['g3g5'], 'f6g7', 'g8'),     # a Prince's double step
    (PROMO.replace('6P5', '6R5'), ['g3g5'], 'f6g7', None),     # a Rook's two squares
    (PROMO.replace('6b5', '12'), ['g3g5'], 'f6g7', None),      # nothing behind
    # White, after Black's double step: behind e9 is the pawn that made it
    ('6k5/12/3Ip7/12/12/12/12/12/12/12/12/6K5 b - - 0 1', ['e10e8'], 'd10e9', 'e8'),
    ('6k5/12/3Ip7/12/12/12/12/12/12/12/12/6K5 b - - 0 1', ['e10e9'], 'd10e9', None),
    # from the FEN's own e.p. square (a position without history; kept by
    # the rules only where a capture on it is legal)
    ('6k5/12/12/12/6b5/12/5i6/6Pp4/12/12/12/5K6 b - g4 0 1', [], 'f6g7', 'g8'),
    ('6k5/12/12/12/6b5/12/5i6/6P5/12/12/12/5K6 b - - 0 1', [], 'f6g7', None),
])
def test_phantom_victim_without_legality_testing(fen, moves, text, victim):
    assert _victim('zanzibar-s-promo', fen, moves, text) == victim


def test_the_step_after_a_double_step_is_refused_without_legality_testing(eng):
    eng.send('new', 'variant zanzibar-s-promo', 'force', f'setboard {PROMO}', 'usermove g3g5',
             'usermove f6g7', 'ping 1')
    assert eng.expect('^(Illegal|pong)') == ('Illegal move (XBoard would take this step for an '
                                             'en-passant capture and remove the piece on g8): f6g7')
    assert eng.expect('^pong') == 'pong 1'
    eng.send('usermove g12h12', 'usermove f1e1', 'usermove f6g7', 'ping 2')
    assert eng.expect('^(Illegal|pong)') == 'pong 2'


def test_memory_beyond_the_largest_hash_then_go():
    # memory 9999 is the largest table, 4096 MB (its memory taken only as
    # the search writes it): the next go is answered with a move
    from protocol.options import Options
    from protocol.xboard import XBoard
    from tests.lines import Lines
    out = Lines()
    x = XBoard(out, Options())
    for cmd in ('new', 'variant zanzibar-s', 'memory 9999', 'sd 2', 'force', 'go'):
        x.handle(cmd)
    assert x.options['Hash'] == 4096 and x.searcher.hash_mb == 4096
    assert out.wait_for('move ').startswith('move ')
    x.handle('quit')


def test_a_failing_game_end_check_does_not_cost_the_move(monkeypatch):
    # the engine's move goes out even if checking for a draw to claim raises
    import protocol.xboard as xbmod
    from tests.lines import Lines
    out = Lines()
    real = xbmod.outcome

    def broken(pos, legal=None):
        if legal is None:               # the check after the engine's own move
            raise RuntimeError('broken on purpose')
        return real(pos, legal)

    monkeypatch.setattr(xbmod, 'outcome', broken)
    xb = xbmod.XBoard(out)
    for line in ('protover 2', 'new', 'variant zanzibar-s', 'sd 1', 'force',
                 f'setboard {PRINCE_SHUFFLE}', 'go'):
        xb.handle(line)
    move = out.wait_for('move ')
    xb.handle('quit')
    assert [l for l in out.take() if l.startswith(('move ', '# internal'))][:2] == [
        '# internal error while checking the game end: RuntimeError: broken on purpose', move]
