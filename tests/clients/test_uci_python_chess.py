"""python-chess drives the engine through UCI in orthodox chess.

python-chess checks the protocol itself (it raises on an illegal bestmove or
a malformed line) and every move and line below is checked once more with
python-chess's own move generator.  Searches are limited by depth or nodes
where the result is asserted; with a time limit any legal move will do,
but it must come within the time (measured here, pipe and all).
"""
from __future__ import annotations


import chess
import chess.engine
import pytest

from tests.protocol.test_uci_client import ENGINE

Limit = chess.engine.Limit


@pytest.fixture(scope='module')
def engine():
    e = chess.engine.SimpleEngine.popen_uci(ENGINE, timeout=60)
    yield e
    e.quit()


def legal_line(board: chess.Board, moves) -> bool:
    b = board.copy()
    for m in moves:
        if m not in b.legal_moves:
            return False
        b.push(m)
    return True


def test_identity_and_options(engine):
    assert engine.id['name'].startswith('cazaux-engine ')
    opts = engine.options
    assert opts['UCI_Variant'].var[0] == 'chess' and opts['UCI_Variant'].default == 'chess'
    assert (opts['Hash'].type, opts['Hash'].default, opts['Hash'].min) == ('spin', 64, 1)
    assert opts['Clear Hash'].type == 'button'
    engine.configure({'Hash': 16, 'Clear Hash': None, 'Move Overhead': 30})
    engine.ping()


def test_analyse_to_a_depth(engine):
    board = chess.Board('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3')
    info = engine.analyse(board, Limit(depth=3))
    assert info['depth'] == 3
    assert info['seldepth'] >= 3
    assert isinstance(info['score'], chess.engine.PovScore) and info['score'].turn == chess.WHITE
    assert info['pv'] and legal_line(board, info['pv'])
    assert info['nodes'] > 0 and 'time' in info and 'nps' in info and 'hashfull' in info


def test_analyse_with_a_time_limit(engine):
    # a position outside the shipped book: on a time limit a book position
    # gets its book move at depth 0 (docs/book.md)
    board = chess.Board()
    board.push_san('a3')
    info = engine.analyse(board, Limit(time=0.2))
    assert info['depth'] >= 1 and legal_line(board, info['pv']) and info['time'] <= 0.2


def test_mate_scores(engine):
    board = chess.Board('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1')
    info = engine.analyse(board, Limit(depth=3))
    assert info['score'].white() == chess.engine.Mate(1)
    assert info['pv'][0] == chess.Move.from_uci('a1a8')
    board.push(info['pv'][0])
    assert board.is_checkmate()
    info = engine.analyse(board, Limit(depth=1))
    assert info['score'].relative == chess.engine.Mate(0)
    assert engine.play(board, Limit(depth=1)).move is None


def test_multipv(engine):
    board = chess.Board('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3')
    infos = engine.analyse(board, Limit(depth=2), multipv=3)
    assert [i['multipv'] for i in infos] == [1, 2, 3]
    firsts = [i['pv'][0] for i in infos]
    assert len(set(firsts)) == 3
    assert all(legal_line(board, i['pv']) and i['depth'] == 2 for i in infos)
    scores = [i['score'].relative.score(mate_score=100000) for i in infos]
    assert scores == sorted(scores, reverse=True)
    # more lines than legal moves: one line per move
    board = chess.Board('7k/8/8/8/8/8/8/K7 w - - 0 1')
    infos = engine.analyse(board, Limit(depth=2), multipv=5)
    assert sorted(i['pv'][0].uci() for i in infos) == ['a1a2', 'a1b1', 'a1b2']


def test_root_moves(engine):
    board = chess.Board()
    only = [chess.Move.from_uci('a2a3'), chess.Move.from_uci('h2h3')]
    result = engine.play(board, Limit(depth=2), root_moves=only)
    assert result.move in only


def test_stop_an_infinite_analysis(engine):
    board = chess.Board('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3')
    with engine.analysis(board) as analysis:
        for info in analysis:
            if info.get('depth', 0) >= 2:
                break
        analysis.stop()
        best = analysis.wait()
    assert best.move in board.legal_moves
    if best.ponder is not None:
        assert legal_line(board, [best.move, best.ponder])
    engine.ping()


def test_ponder_hit_and_miss(engine):
    board = chess.Board()
    game = object()
    for _ in range(4):
        result = engine.play(board, Limit(nodes=300), ponder=True, game=game)
        assert result.move in board.legal_moves
        board.push(result.move)
        if result.ponder is not None:
            assert result.ponder in board.legal_moves
        # alternately play the expected reply (ponderhit) and another one (stop)
        replies = list(board.legal_moves)
        reply = result.ponder if len(board.move_stack) % 4 == 1 and result.ponder else replies[0]
        board.push(reply)
    result = engine.play(board, Limit(nodes=300), game=game)
    assert result.move in board.legal_moves
    engine.ping()


def test_clock_play(engine):
    board = chess.Board()
    for _ in range(6):
        # (what the clock allows is search.timeman's, tested on a fake clock)
        result = engine.play(board, Limit(white_clock=2, black_clock=2,
                                          white_inc=0.05, black_inc=0.05))
        assert result.move in board.legal_moves
        board.push(result.move)


def test_self_play_game(engine):
    """A whole game of the engine against itself, to python-chess's game end."""
    board = chess.Board()
    game = object()
    while not board.is_game_over(claim_draw=True):
        result = engine.play(board, Limit(nodes=400), game=game)
        assert result.move in board.legal_moves
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    assert outcome is not None and len(board.move_stack) >= 4
    # the engine sees the same position at the end
    if outcome.termination in (chess.Termination.CHECKMATE, chess.Termination.STALEMATE):
        assert engine.play(board, Limit(depth=1)).move is None
