"""The arbiter: one game between two (fake) engines, judged by the rules core.

The fake engine (tests/fake_engines/fake_engine.py) plays reproducible
random legal moves and misbehaves on request; each test states what the
arbiter must decide.  Waits that a hang must exhaust are short (about a
second); the fakes' normal answers take milliseconds.
"""
import shlex
import sys
from pathlib import Path

import pytest

from cazaux_engine import IllegalMoveError, get_variant, parse_fen, parse_move
from tournament.arbiter import ArbiterSettings, parse_engine_move, play_game
from tournament.detect import detect_protocol, make_client
from tournament.engine_spec import parse_engine_spec
from tournament.openings import Opening
from tournament.timecontrol import TimeControl, parse_tc
from cazaux_engine.movegen import legal_moves

FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'
CHESS = get_variant('chess')
NODES = TimeControl(nodes=10)


def fake(proto='uci', *args):
    return parse_engine_spec(f'{proto}:{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} '
                             + ' '.join(args))


def play(white, black, variant=CHESS, tc=NODES, fen=None, moves=(), maxmoves=8, timeout=5.0,
         sync=10.0):
    """Start both engines, play one game, quit them; the result and the log.

    ``timeout``: the arbiter's wait for a move without clock; ``sync``: the
    clients' wait for handshakes, pongs and a bestmove after stop.
    """
    log = []
    clients = {}
    try:
        for colour, spec in ((1, white), (-1, black)):
            c = make_client(spec, spec.proto, 'White' if colour > 0 else 'Black', sync)
            c.start(variant)
            clients[colour] = c
        settings = ArbiterSettings(tc, margin=0.1, timeout=timeout, maxmoves=maxmoves)
        r = play_game(clients, variant, Opening(fen or variant.start, tuple(moves)), settings,
                      log.append)
    finally:
        for c in clients.values():
            if c.healthy and c.process.alive():
                c.quit()
            else:
                c.kill()
    return r, log


# -- move text ----------------------------------------------------------------------------

EP_FEN = 'k7/8/4n3/3pP3/8/6q1/8/7K w - d6 0 1'     # White's only legal move: e5xd6 e.p.


def test_two_leg_en_passant():
    pos = parse_fen(CHESS, EP_FEN)
    assert len(legal_moves(pos)) == 1
    m = parse_move(pos, 'e5d6')
    assert parse_engine_move(pos, 'e5d5,d5d6', 1) == m
    assert parse_engine_move(pos, 'e5d6', 1) == m
    for bad in ('e5d5,d5d7', 'e5e6,e6d6', 'e5d5,d6d7', 'e5d5,d5d6,d6d7', 'e5,d6'):
        with pytest.raises(IllegalMoveError):
            parse_engine_move(pos, bad, 1)


def test_pemba_ranks_over_xboard():
    pos = parse_fen(get_variant('pemba'), get_variant('pemba').start)
    assert parse_engine_move(pos, 'e2e4', 0) == parse_move(pos, 'e3e5')
    with pytest.raises(IllegalMoveError):
        parse_engine_move(pos, 'e3e5', 0)    # a pawn from rank 4: there is none


# -- games that end normally ---------------------------------------------------------------

@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_game_to_the_move_limit(proto):
    r, log = play(fake(proto, '--seed 1'), fake(proto, '--seed 2'))
    assert (r.result, r.termination, r.reason) == ('1/2-1/2', 'adjudication',
                                                   'Draw by adjudication: 8 moves')
    assert len(r.moves) == 16 and log == [] and r.broken == []
    assert r.comments[0].startswith('+0.07/1 ')


def test_checkmate_ends_the_game():
    # the opening move Qf7-g7 mates: the game is over before any engine moves
    r, _ = play(fake('uci'), fake('uci'), fen='7k/5Q2/6K1/8/8/8/8/8 w - - 0 1', moves=('f7g7',))
    assert (r.result, r.termination, r.reason) == ('1-0', 'normal', 'White mates')
    assert r.moves == ['f7g7'] and r.comments == ['book']


def test_stalemate_loses_in_oblong44():
    obl = get_variant('oblong44')
    fen = 'k3/F3/1K2/4/4/4/4/4/4/4/4 b - - 0 1'     # Black's King a11 cannot move
    assert legal_moves(parse_fen(obl, fen)) == []
    r, _ = play(fake('uci'), fake('xboard'), variant=obl, fen=fen)
    assert (r.result, r.termination, r.reason) == ('1-0', 'normal', 'Black is stalemated')


@pytest.mark.parametrize('white_proto', ['uci', 'xboard'])
def test_two_leg_en_passant_through_xboard(white_proto):
    # game 1: the XBoard fake writes its e.p. capture as two legs; the other way round the
    # UCI fake plays it plainly and the XBoard fake receives "usermove e5d6"
    ep = fake('xboard', '--ep2leg')
    other = fake('uci')
    white, black = (ep, other) if white_proto == 'xboard' else (other, ep)
    r, log = play(white, black, fen=EP_FEN, maxmoves=3)
    assert r.moves[0] == 'e5d6' and log == []
    assert r.termination in ('adjudication', 'normal')


def test_pemba_over_xboard_and_uci():
    pemba = get_variant('pemba')
    # the XBoard fake reads and writes ranks 0-9: any slip in the conversion would
    # make one of the twelve moves illegal
    r, log = play(fake('xboard', '--seed 3'), fake('uci', '--seed 4'), variant=pemba, maxmoves=6)
    assert (r.result, r.termination, len(r.moves), log) == ('1/2-1/2', 'adjudication', 12, [])


# -- misbehaviour ---------------------------------------------------------------------------

@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_illegal_move_loses_with_move_and_fen(proto):
    r, log = play(fake(proto, '--misbehave illegal:2'), fake(proto))
    assert (r.result, r.termination) == ('0-1', 'rules infraction')
    assert r.reason.startswith('White makes an illegal move: a1b1 (FEN ')
    fen = r.reason[len('White makes an illegal move: a1b1 (FEN '):-1]
    assert len(r.moves) == 2 and parse_fen(CHESS, fen).turn == 1
    assert log == [f"White (White) played an illegal move a1b1 in {fen}"]
    assert r.broken == []


@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_garbage_move_loses(proto):
    r, log = play(fake(proto), fake(proto, '--misbehave garbage:1'))
    assert (r.result, r.termination) == ('1-0', 'rules infraction')
    assert r.reason.startswith('Black makes an illegal move: ?zz99?? (FEN ')


@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_noise_is_ignored(proto):
    r, log = play(fake(proto, '--misbehave noise:1'), fake(proto), maxmoves=3)
    assert (r.result, r.termination, log) == ('1/2-1/2', 'adjudication', [])


@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_crash_loses_and_asks_for_a_restart(proto):
    r, log = play(fake(proto), fake(proto, '--misbehave crash:2'))
    assert (r.result, r.termination, r.reason) == ('1-0', 'abandoned',
                                                   "Black's engine crashed (exit code 3)")
    assert r.broken == [-1] and len(r.moves) == 3
    assert log[0].startswith('Black (Black) crashed (exit code 3) in ')


@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_hang_without_clock_is_a_stalled_connection(proto):
    r, log = play(fake(proto, '--misbehave hang:1'), fake(proto), timeout=1.0)
    assert (r.result, r.termination, r.reason) == ('0-1', 'stalled connection',
                                                   "White's engine does not respond")
    assert r.broken == [1] and r.moves == []


@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_hang_with_clock_loses_on_time(proto):
    r, log = play(fake(proto), fake(proto, '--misbehave hang:1'), tc=parse_tc('1.5+0'), sync=1.0)
    assert (r.result, r.termination, r.reason) == ('1-0', 'time forfeit', 'Black loses on time')
    assert r.broken == [-1]       # it did not answer stop / ping afterwards either


@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_slow_move_loses_on_time_but_engine_stays(proto):
    # 1 s per move; the second move comes after 2.2 s: lost, but the engine
    # answers stop / ping afterwards and needs no restart
    r, log = play(fake(proto, '--misbehave slow:2 --sleep 2.2'), fake(proto),
                  tc=TimeControl(movetime=1.0))
    assert (r.result, r.termination, r.reason) == ('0-1', 'time forfeit', 'White loses on time')
    assert r.broken == [] and len(r.moves) == 2


def test_false_claim_loses():
    r, log = play(fake('uci'), fake('xboard', '--misbehave claim:1'))
    assert (r.result, r.termination) == ('1-0', 'rules infraction')
    assert r.reason == "False win claim by Black: 0-1 'Black mates'"


def test_resignation():
    r, _ = play(fake('xboard', '--misbehave resign:2'), fake('uci'))
    assert (r.result, r.termination, r.reason) == ('0-1', 'normal', 'White resigns')


def test_engine_that_rejects_a_legal_move_loses():
    r, log = play(fake('uci'), fake('xboard', '--misbehave refuse:2'))
    assert (r.result, r.termination) == ('1-0', 'abandoned')
    assert r.reason.startswith("Black's engine failed: it rejected a legal move: Illegal move: ")
    assert r.broken == [-1]


# -- the handshake -----------------------------------------------------------------------------

def test_protocol_detection():
    assert detect_protocol(fake('auto')) == 'uci'
    assert detect_protocol(fake('auto', '--proto xboard')) == 'xboard'


@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_engine_without_the_variant_is_refused(proto):
    c = make_client(fake(proto, '--variants chess'), proto, 'x', 2.0)
    with pytest.raises(Exception, match='does not play zanzibar-s'):
        c.start(get_variant('zanzibar-s'))
    c.kill()


# -- what the clients send for each time control ---------------------------------------------

def test_uci_go_commands():
    from tournament.timecontrol import Clock
    c = make_client(fake('uci'), 'uci', 'x')
    c.tc = parse_tc('40/60+1')
    clocks = {1: Clock(c.tc), -1: Clock(c.tc)}
    clocks[-1].charge(2.5)
    assert c.go_command(clocks, -1) == ('go wtime 60000 btime 58500 winc 1000 binc 1000 '
                                        'movestogo 39')
    c.tc = TimeControl(movetime=2.5, depth=7)
    assert c.go_command(clocks, 1) == 'go movetime 2500 depth 7'
    c.tc = TimeControl(nodes=500)
    assert c.go_command(clocks, 1) == 'go nodes 500'


def test_xboard_level_commands():
    from tournament.xboard_client import level_command
    assert level_command(parse_tc('40/60+1')) == 'level 40 1 1'
    assert level_command(parse_tc('10+0.1')) == 'level 0 0:10 0.1'
    assert level_command(parse_tc('2:30')) == 'level 0 2:30 0'


# -- adjudication by the engines' scores -----------------------------------------------------

def test_resign_adjudication_needs_both_engines():
    from tournament.adjudication import Resign
    settings_resign = Resign(movecount=3, score=500)
    r, _ = play_adjudicated(fake('uci', '--score 900'), fake('xboard', '--score -900'),
                            resign=settings_resign)
    assert (r.result, r.termination, r.reason) == (
        '1-0', 'adjudication', 'White wins by adjudication: both engines agree')
    assert len(r.moves) == 6
    r, _ = play_adjudicated(fake('uci', '--score 900'), fake('xboard', '--score 0'),
                            resign=settings_resign)
    assert r.termination == 'adjudication' and r.reason == 'Draw by adjudication: 8 moves'


def test_draw_adjudication():
    from tournament.adjudication import Draw
    r, _ = play_adjudicated(fake('xboard', '--score 0'), fake('uci', '--score -3'),
                            draw=Draw(movenumber=5, movecount=2, score=10))
    assert (r.result, r.termination, r.reason) == (
        '1/2-1/2', 'adjudication', 'Draw by adjudication: both engines see a draw')
    assert len(r.moves) == 9       # White's 5th move: move 5 reached, two scores each


def play_adjudicated(white, black, resign=None, draw=None):
    clients = {}
    try:
        for colour, spec in ((1, white), (-1, black)):
            clients[colour] = make_client(spec, spec.proto, str(colour), 10.0)
            clients[colour].start(CHESS)
        settings = ArbiterSettings(NODES, maxmoves=8, resign=resign, draw=draw)
        return play_game(clients, CHESS, Opening(CHESS.start), settings), None
    finally:
        for c in clients.values():
            c.quit()


def test_xboard_engine_without_ping_and_usermove():
    r, log = play(fake('xboard', '--v1'), fake('xboard', '--v1 --seed 9'), maxmoves=4)
    assert (r.result, r.termination, len(r.moves), log) == ('1/2-1/2', 'adjudication', 8, [])


def test_mate_scores_of_both_protocols_are_moves():
    # XBoard thinking output's 100000 + N means mate in N moves (engine-intf.html),
    # as this engine sends it; it used to be read as plies (+M2 here)
    r, _ = play_adjudicated(fake('xboard', '--score 100003'), fake('xboard', '--score -100002'))
    assert r.comments[0].startswith('+M3/1 ') and r.comments[1].startswith('-M2/1 ')


# -- every form of move XBoard accepts, from real games --------------------------------------

CASTLE_FEN = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1'
PEMBA_CASTLE_FEN = 'cmvzwwzvmc/er3k2re/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/CMVZWWZVMC w KQkq - 0 1'


@pytest.mark.parametrize('variant, fen, text', [
    ('chess', CASTLE_FEN, 'O-O'), ('chess', CASTLE_FEN, '0-0'),
    ('pemba', PEMBA_CASTLE_FEN, 'O-O'), ('pemba', PEMBA_CASTLE_FEN, '0-0')])
def test_castling_written_as_xboard_accepts_it(variant, fen, text):
    # both engines castle at once (the fakes' first castling move in sorted order:
    # queen side), writing it O-O-O / 0-0-0; the arbiter plays the King's move
    v = get_variant(variant)
    args = f'--prefer-castle --castle-text {text}'
    r, log = play(fake('xboard', args), fake('uci', args), variant=v, fen=fen, maxmoves=3)
    assert log == [] and r.termination == 'adjudication' and len(r.moves) == 6
    king, rank = ('e', ('1', '8')) if variant == 'chess' else ('f', ('2', '9'))
    assert r.moves[:2] == [f'{king}{rank[0]}{chr(ord(king) - 2)}{rank[0]}',
                           f'{king}{rank[1]}{chr(ord(king) - 2)}{rank[1]}']


@pytest.mark.parametrize('variant', ['chess', 'pemba', 'zanzibar-s'])
def test_san_engine_is_sent_san_and_may_answer_in_it(variant):
    # the XBoard fake declares san=1, writes SAN and reads what it is sent as SAN
    # (it would also take coordinates: the I/O log shows which it got)
    v = get_variant(variant)
    io = []
    clients = {}
    try:
        for colour, spec in ((1, fake('xboard', '--san --seed 7')), (-1, fake('uci', '--seed 8'))):
            c = make_client(spec, spec.proto, 'White' if colour > 0 else 'Black', 10.0, io.append)
            c.start(v)
            clients[colour] = c
        log = []
        r = play_game(clients, v, Opening(v.start), ArbiterSettings(NODES, maxmoves=6), log.append)
    finally:
        for c in clients.values():
            c.quit()
    assert log == [] and r.termination == 'adjudication' and len(r.moves) == 12
    sent = [line.split()[-1] for line in io if line.startswith('White > usermove ')]
    got = [line.split()[-1] for line in io if line.startswith('White < move ')]
    assert len(sent) == 5 and len(got) == 6
    pos = parse_fen(v, v.start)
    rb = 0 if v.ranks == 10 else 1
    from cazaux_engine.san import san
    from tournament.movetext import parse_engine_move as read
    for k, text in enumerate(r.moves[:11]):         # Black's last move ends the game
        m = parse_move(pos, text)
        if k % 2 == 0:
            assert read(pos, got[k // 2], rb) == m and got[k // 2] == san(pos, m, rb)
        else:
            assert sent[k // 2] == san(pos, m, rb)
        pos.push(m)


# -- options before the variant check -----------------------------------------------------------

@pytest.mark.parametrize('proto, option', [('uci', 'option.VariantPath=variants.ini'),
                                           ('xboard', 'option.VariantFile=variants.txt')])
def test_option_that_loads_variants_is_sent_before_the_check(proto, option):
    pemba = get_variant('pemba')
    plain = fake(proto, '--variant-file')
    c = make_client(plain, proto, 'x', 5.0)
    with pytest.raises(Exception, match='does not play pemba .its (UCI_Variant values|variants): '
                                        '(chess|normal)\\)'):
        c.start(pemba)
    c.kill()
    spec = parse_engine_spec(f'cmd="{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} '
                             f'--variant-file" proto={proto} {option}')
    r, log = play(spec, fake('uci'), variant=pemba, maxmoves=2)
    assert log == [] and r.termination == 'adjudication' and len(r.moves) == 4


# -- per-engine limits ------------------------------------------------------------------------------

def test_time_odds_go_command_gives_each_side_its_increment():
    from tournament.timecontrol import Clock
    c = make_client(fake('uci'), 'uci', 'x')
    fast, slow = parse_tc('1+0.01'), parse_tc('10+0.1')
    c.tc = fast
    clocks = {1: Clock(slow), -1: Clock(fast)}
    assert c.go_command(clocks, -1) == 'go wtime 10000 btime 1000 winc 100 binc 10'
    # an opponent without a clock is shown with our own
    clocks = {1: Clock(TimeControl(nodes=5)), -1: Clock(fast)}
    assert c.go_command(clocks, -1) == 'go wtime 1000 btime 1000 winc 10 binc 10'


def test_xboard_limit_commands_follow_the_engines_features():
    c = make_client(fake('xboard'), 'xboard', 'x', 30.0)
    assert c.limit_commands(TimeControl(nodes=500)) == ['st 1', 'nps 500']
    assert c.limit_commands(TimeControl(movetime=2, nodes=500)) == ['st 2', 'nps 250']
    assert c.limit_commands(TimeControl(0, 10, 0.1, nodes=500, depth=4)) == ['level 0 0:10 0.1',
                                                                             'sd 4']
    assert c.limits_text(TimeControl(0, 10, 0.1, nodes=500)) == (
        'level 0 0:10 0.1 (nodes 500 not sent: XBoard has no node limit beside a clock)')
    assert c.limit_commands(TimeControl(depth=3)) == ['st 30', 'sd 3']
    c.features['nps'] = '0'
    assert c.limit_commands(TimeControl(nodes=500, depth=3)) == ['st 30', 'sd 3']
    assert 'the engine declared nps=0' in c.limits_text(TimeControl(nodes=500, depth=3))
    with pytest.raises(Exception, match='declared nps=0'):
        c.check_limits(TimeControl(nodes=500))


def test_game_under_time_odds():
    # White thinks under nodes, Black under its own clock: the arbiter keeps each clock
    clients = {}
    try:
        for colour, spec in ((1, fake('uci')), (-1, fake('xboard'))):
            clients[colour] = make_client(spec, spec.proto, str(colour), 10.0)
            clients[colour].start(CHESS)
        tcs = {1: TimeControl(nodes=5), -1: parse_tc('30+1')}
        r = play_game(clients, CHESS, Opening(CHESS.start), ArbiterSettings(NODES, maxmoves=3),
                      None, tcs)
    finally:
        for c in clients.values():
            c.quit()
    assert r.termination == 'adjudication' and len(r.moves) == 6
    assert clients[-1].tc == tcs[-1] and clients[1].tc == tcs[1]


# -- what a UCI engine is sent after a promotion -----------------------------------------------------

def test_uci_position_after_a_promotion_is_its_fen():
    # Fairy-Stockfish misreads its own FEN after a promotion in some variants: the
    # position after the last promotion goes as a FEN (no earlier position can repeat)
    start = '7k/1P6/8/8/8/8/8/4K3 w - - 0 1'
    pos = parse_fen(CHESS, start)
    c = make_client(fake('uci'), 'uci', 'x')
    c.start_fen, c._base = start, (-1, start)
    moves = []
    for text in ('e1e2', 'h8g7'):
        moves.append(parse_move(pos, text))
        pos.push(moves[-1])
    assert c.position_command(pos, moves) == f'position fen {start} moves e1e2 h8g7'
    for text in ('b7b8q', 'g7f6', 'e2e3'):
        moves.append(parse_move(pos, text))
        pos.push(moves[-1])
    assert c.position_command(pos, moves) == (
        'position fen 1Q6/8/8/8/8/8/4K3/8 b - - 0 3 moves g7f6 e2e3'.replace(
            '1Q6/8/8/8/8/8/4K3/8 b - - 0 3', _fen_after(start, 'e1e2 h8g7 b7b8q')))


def _fen_after(fen, moves):
    from cazaux_engine import to_fen
    pos = parse_fen(CHESS, fen)
    for t in moves.split():
        pos.push(parse_move(pos, t))
    return to_fen(pos)


# -- the runner is not XBoard: cazaux-engine's XBoard Quirks off ---------------------------------

@pytest.mark.parametrize('field, sent', [('', 'option XBoard Quirks=0'),
                                         ("'option.XBoard Quirks=1'", 'option XBoard Quirks=1')])
def test_runner_turns_xboard_quirks_off_unless_the_spec_sets_it(field, sent):
    # cazaux-engine declares the option; the runner, which carries out every
    # step right, tells it so (docs/xboard.md), unless the user said otherwise
    spec = parse_engine_spec(f'cmd="{shlex.quote(sys.executable)} -m cazaux_engine" '
                             f'proto=xboard {field}')
    io = []
    c = make_client(spec, 'xboard', 'x', 30.0, io.append)
    try:
        c.start(get_variant('zanzibar-xl'))
    finally:
        c.quit()
    options = [line.split('> ', 1)[1] for line in io if '> option ' in line]
    assert options == [sent]
    # a chess engine without the option is sent none
    io = []
    c = make_client(fake('xboard'), 'xboard', 'y', 30.0, io.append)
    try:
        c.start(CHESS)
    finally:
        c.quit()
    assert not [line for line in io if '> option ' in line]
