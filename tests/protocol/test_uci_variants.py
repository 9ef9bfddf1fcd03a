"""Raw UCI sessions in every variant: UCI_Variant announcements, positions
with moves (two-digit ranks, promotion letters), Setup placements, illegal
moves and bad FENs, node-limited searches whose bestmove the rules core
checks, pondering and stopping."""
from __future__ import annotations

import pytest

from cazaux_engine import (VARIANT_NAMES, get_variant, move_text, parse_fen, parse_move,
                           start_position, to_fen)
from cazaux_engine.setups import all_setup_fens, setup_fen
from tests.protocol.test_uci_client import UciClient
from cazaux_engine.movegen import legal_moves

TEMPLATE = {'oblong44': 'shatranj'}          # XBoard parent variant announced to UCI2WB


def announcement(name: str, fen: str | None = None) -> str:
    v = get_variant(name)
    return (f'info string variant {name} files {v.files} ranks {v.ranks} pocket 0 '
            f'template {TEMPLATE.get(name, "fairy")} startpos {fen or v.start}')


def line_of(pos, plies: int) -> list[str]:
    """A fixed line of play: each ply the middle move in text order."""
    p = pos.copy()
    out = []
    for _ in range(plies):
        texts = sorted(move_text(p, m) for m in legal_moves(p))
        t = texts[len(texts) // 2]
        p.push(parse_move(p, t))
        out.append(t)
    return out


def play(pos, texts):
    p = pos.copy()
    for t in texts:
        p.push(parse_move(p, t))
    return p


def check_search(pos, infos: list[str], best: str, need_pv: bool = True) -> None:
    """bestmove is legal (and its ponder move after it); every PV is a legal line."""
    words = best.split()
    assert words[0] == 'bestmove' and len(words) in (2, 4), best
    m = parse_move(pos, words[1])
    assert move_text(pos, m) == words[1]
    if len(words) == 4:
        assert words[2] == 'ponder'
        play(pos, words[1:2] + words[3:4])
    pvs = [i.split(' pv ')[1].split() for i in infos if i.startswith('info depth') and ' pv ' in i]
    assert pvs or not need_pv, infos
    for pv in pvs:
        play(pos, pv)


@pytest.fixture
def engine():
    c = UciClient()
    c.handshake()
    yield c
    assert c.close() == 0
    assert c.stderr == [b'']


def test_every_variant_in_one_session(engine):
    """Switch through every variant and back: announcement, moves, search."""
    for name in VARIANT_NAMES + ('chess',):
        engine.send(f'setoption name UCI_Variant value {name}')
        assert engine.read_line() == announcement(name)
        start = start_position(name)
        assert engine.fen() == to_fen(start)
        moves = line_of(start, 5)
        engine.send('position startpos moves ' + ' '.join(moves))
        pos = play(start, moves)
        assert engine.fen() == to_fen(pos)
        infos, best = engine.go('nodes 400')
        check_search(pos, infos, best)
        # the same from the FEN
        engine.send(f'position fen {to_fen(pos)}')
        infos, best = engine.go('depth 2')
        check_search(pos, infos, best)


def test_variant_names_are_case_insensitive_and_unknown_ones_refused(engine):
    engine.send('setoption name uci_variant value Zanzibar-XL')
    assert engine.read_line() == announcement('zanzibar-xl')
    engine.send('setoption name UCI_Variant value shogi')
    assert engine.read_line() == ('info string error: UCI_Variant: \'shogi\' is not one of '
                                  + ', '.join(VARIANT_NAMES))
    assert engine.fen() == get_variant('zanzibar-xl').start


@pytest.mark.parametrize('name, fen, move', [
    ('pemba', '4k5/9P/10/10/10/10/10/10/10/4K5 w - - 0 1', 'j9j10q'),
    ('pemba', '4k5/9P/10/10/10/10/10/10/10/4K5 w - - 0 1', 'j9j10z'),
    ('zanzibar-s', '5k6/P11/12/12/12/12/12/12/12/12/12/5K6 w - - 0 1', 'a11a12g'),
    ('zanzibar-xl', '5k6/P11/12/12/12/12/12/12/12/12/12/5K6 w - - 0 1', 'a11a12s'),
    ('maasai', '5k6/12/12/12/12/12/12/12/12/12/a11/5K6 b - - 0 1', 'a2a1d'),
    ('oblong44', 'k3/2P1/4/4/4/4/4/4/4/4/3K w - - 0 1', 'c10c11'),
    ('oblong44', 'k3/2P1/4/4/4/4/4/4/4/4/3K w - - 0 1', 'c10c11f'),
    ('zanzibar-s-promo', '5k6/N11/12/12/12/12/12/12/12/12/12/5K6 w - - 0 1', 'a11c12'),
])
def test_promotions_and_two_digit_ranks(engine, name, fen, move):
    engine.send(f'setoption name UCI_Variant value {name}')
    engine.read_line()
    engine.send(f'position fen {fen} moves {move}')
    pos = play(parse_fen(get_variant(name), fen), [move])
    assert engine.fen() == to_fen(pos)
    infos, best = engine.go('nodes 300')
    check_search(pos, infos, best)


def test_setup_index_and_random_placement(engine):
    engine.send('setoption name UCI_Variant value zanzibar-xl')
    engine.read_line()
    v = get_variant('zanzibar-xl')
    engine.send('setoption name Setup value 17')
    assert engine.read_line() == announcement('zanzibar-xl', setup_fen(v, 17))
    engine.send('position startpos moves e4e6')
    assert engine.fen() == to_fen(play(parse_fen(v, setup_fen(v, 17)), ['e4e6']))
    # beyond this variant's placements: the default start, and a message
    engine.send('setoption name Setup value 289')
    assert engine.read_line() == ('info string Setup 289: zanzibar-xl has 288 placements '
                                  '(1..288); using the default start of zanzibar-xl')
    assert engine.read_line() == announcement('zanzibar-xl')
    # random: drawn once per game, kept by every "position startpos"
    engine.send('setoption name Setup value -1')
    first = engine.read_line()
    fen = first.split(' startpos ')[1]
    assert first == announcement('zanzibar-xl', fen) and fen in all_setup_fens(v)
    for _ in range(3):
        engine.send('position startpos')
        assert engine.fen() == fen
    engine.send('ucinewgame')
    again = engine.read_line().split(' startpos ')[1]
    assert again in all_setup_fens(v)
    engine.send('position startpos')
    assert engine.fen() == again
    # the same index in another variant
    engine.send('setoption name Setup value 5')
    engine.read_line()
    engine.send('setoption name UCI_Variant value maasai')
    assert engine.read_line() == announcement('maasai', setup_fen(get_variant('maasai'), 5))
    engine.send('setoption name UCI_Variant value pemba')
    assert engine.read_line() == ('info string Setup 5: pemba has no placements to choose; '
                                  'using the default start of pemba')
    assert engine.read_line() == announcement('pemba')


NO_POSITION = '; no position until a valid one arrives'


def assert_no_position(engine, why: str):
    """``go`` (and ``go ponder``) get an error naming ``why`` and bestmove 0000."""
    for go in ('depth 1', 'ponder wtime 1000 btime 1000'):
        engine.send(f'go {go}')
        assert engine.read_line() == (f'info string error: no position: {why}; '
                                      'send a valid "position"')
        assert engine.read_line() == 'bestmove 0000'


def test_an_illegal_move_in_the_list_leaves_no_position(engine):
    # the GUI has a board the engine cannot follow: no move for the old one
    engine.send('position startpos moves e2e4 e7e5 e4e5 g1f3')
    why = 'position: move 3 e4e5: not legal in this position'
    assert engine.read_line() == f'info string error: {why}{NO_POSITION}'
    assert_no_position(engine, why)
    engine.send('d')
    assert engine.read_line() == f'info string no position: {why}'
    engine.send('position startpos moves e2e4 e7e5')    # a valid one: all is well again
    assert engine.fen() == 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
    engine.send('position startpos moves e2e4 zz9')
    assert engine.read_line() == ('info string error: position: move 2 zz9: not a move in '
                                  f'coordinate notation{NO_POSITION}')
    engine.send('position startpos moves e2e4 e7e8q')
    assert engine.read_line().startswith('info string error: position: move 2 e7e8q: ')
    engine.send('setoption name UCI_Variant value pemba')
    engine.read_line()
    engine.send('position startpos moves e3e5 e8e6 e5e7')
    assert engine.read_line() == ('info string error: position: move 3 e5e7: not legal in this '
                                  f'position{NO_POSITION}')
    engine.send('position startpos moves e3e5 e8e6')
    assert engine.fen() == to_fen(play(start_position('pemba'), ['e3e5', 'e8e6']))


def test_a_bad_fen_leaves_no_position(engine):
    engine.send('position startpos moves d2d4')
    engine.send('position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1 moves e2e4')
    line = engine.read_line()
    assert line.startswith("info string error: bad FEN 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
                           "RNBQKBN w KQkq - 0 1': ") and line.endswith(NO_POSITION)
    why = line[len('info string error: '):-len(NO_POSITION)]
    assert_no_position(engine, why)
    # a board without Kings is refused too
    engine.send('position fen 8/8/8/8/8/8/8/8 w - - 0 1')
    line = engine.read_line()
    assert line.startswith("info string error: bad FEN ") and line.endswith(NO_POSITION)
    engine.send('go depth 1')
    assert engine.read_line().startswith('info string error: no position: bad FEN ')
    assert engine.read_line() == 'bestmove 0000'
    engine.send('position fen')
    assert engine.read_line() == f'info string error: position: "fen" needs a FEN{NO_POSITION}'
    engine.send('position')
    assert engine.read_line() == ('info string error: position: expected "position startpos|fen '
                                  f'FEN [moves ...]"{NO_POSITION}')
    engine.send('position startpos moves d2d4')
    assert engine.fen() == 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1'
    _, best = engine.go('depth 1')
    assert best != 'bestmove 0000'


@pytest.mark.parametrize('name, fen, score', [
    ('chess', 'R6k/6pp/8/8/8/8/8/K7 b - - 0 1', 'mate 0'),        # checkmated
    ('chess', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', 'cp 0'),          # stalemate: draw
    ('oblong44', 'k1K1/4/1F2/4/4/4/3p/3P/4/4/4 b - - 0 1', 'mate 0'),   # stalemate loses
])
def test_no_legal_move_gives_bestmove_none(engine, name, fen, score):
    engine.send(f'setoption name UCI_Variant value {name}')
    engine.read_line()
    engine.send(f'position fen {fen}')
    assert engine.go('depth 3') == ([f'info depth 0 score {score}'], 'bestmove (none)')


def test_mate_search_and_searchmoves(engine):
    engine.send('position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1')
    infos, best = engine.go('mate 1')
    assert best.split()[:2] == ['bestmove', 'a1a8']
    assert ' score mate 1 ' in infos[-1]
    engine.send('position startpos')
    infos, best = engine.go('depth 2 searchmoves a2a3 h2h4')
    assert best.split()[1] in ('a2a3', 'h2h4')
    engine.send('position startpos')
    infos, best = engine.go('depth 1 searchmoves b1c3 zz99 e2e5')
    assert infos[:2] == ["info string go searchmoves: ignoring zz99: not a move in coordinate "
                         "notation", "info string go searchmoves: ignoring e2e5: not legal in "
                         "this position"]
    assert best.split()[1] == 'b1c3'


def test_clock_limits_give_a_legal_move(engine):
    engine.send('setoption name UCI_Variant value maasai')
    engine.read_line()
    pos = start_position('maasai')
    moves = line_of(pos, 2)
    engine.send('position startpos moves ' + ' '.join(moves))
    pos = play(pos, moves)
    for go in ('wtime 300 btime 300', 'wtime 2000 btime 1 winc 100 binc 100 movestogo 1',
               'movetime 50', 'wtime -20 btime -20'):
        infos, best = engine.go(go)
        check_search(pos, infos, best, need_pv=False)


def test_bestmove_is_held_while_pondering_until_ponderhit(engine):
    engine.send('position startpos moves e2e4')
    engine.send('go ponder nodes 200')
    # the node-limited search ends at once, but no bestmove before ponderhit
    lines = engine.sync() + engine.sync()
    assert not [s for s in lines if s.startswith('bestmove')]
    engine.send('ponderhit')
    best = engine.until_prefix('bestmove')[-1]
    check_search(play(start_position('chess'), ['e2e4']), lines, best, need_pv=False)
    assert engine.sync() == []


def test_stop_ends_ponder_and_infinite_searches_with_one_bestmove(engine):
    pos = play(start_position('chess'), ['d2d4'])
    engine.send('position startpos moves d2d4')
    for go in ('go ponder', 'go infinite', 'go ponder nodes 100', 'go infinite depth 1'):
        engine.send(go)
        engine.until_prefix('info depth 1 ')
        assert not [s for s in engine.sync() if s.startswith('bestmove')]
        engine.send('stop')
        lines = engine.until_prefix('bestmove')
        check_search(pos, lines[:-1], lines[-1], need_pv=False)
        assert [s for s in engine.sync() if s.startswith('bestmove')] == []
    # ucinewgame and a new go end a running analysis with its bestmove, too
    engine.send('go infinite')
    engine.until_prefix('info depth 1 ')
    engine.send('ucinewgame')
    engine.until_prefix('bestmove')
    engine.send('go infinite')
    engine.until_prefix('info depth 1 ')
    engine.send('go depth 1')
    first = engine.until_prefix('bestmove')
    second = engine.until_prefix('bestmove')
    assert len(first) >= 1 and len(second) >= 1
    assert engine.sync() == []
