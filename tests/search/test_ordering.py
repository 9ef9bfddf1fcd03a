"""Move ordering (search/ordering.py): the order of captures, and the
capture history that the CAPTURE_HISTORY switch adds to it."""
from __future__ import annotations

from cazaux_engine import move_text, parse_move, start_position
from cazaux_engine.movegen import MoveGen
from cazaux_engine.moves import move_from, move_to

# White's Knight (c3) and Bishop (f3) can both take the pawn on d5: the
# victim is the same, so only the attacker's value tells the captures apart
# (the Knight, worth less, first) until the capture history says otherwise.
TWO_TAKERS = '4k3/8/8/3p4/8/2N2B2/8/4K3 w - - 0 1'
BUFFER = 256


def move_order(monkeypatch, fen: str, **settings):
    """The chess position ``fen``, a MoveOrder for it made with the
    search/params.py ``settings`` and the MoveGen whose buffer it orders."""
    from search import params
    from search.eval import tables
    from search.ordering import MoveOrder
    for name, value in settings.items():
        monkeypatch.setattr(params, name, value)
    pos = start_position('chess', fen)
    order = MoveOrder(pos, params.MAX_PLY + 2, tables(pos.rules, False).piece_value, BUFFER)
    g = MoveGen(pos.rules, BUFFER)
    order.attach(pos, g)
    return pos, order, g


def captures_in_order(monkeypatch, capture_history: int, rewards=()):
    """The captures of TWO_TAKERS in the main search's order and in
    quiescence's, with ``CAPTURE_HISTORY`` set, after the capture-history
    ``rewards`` ((move text, bonus), ...); and the MoveOrder."""
    pos, order, g = move_order(monkeypatch, TWO_TAKERS, CAPTURE_HISTORY=capture_history)
    for text, bonus in rewards:
        m = parse_move(pos, text)
        order.reward_capture(pos.board[move_from(m)], move_to(m), pos.board[move_to(m)], bonus)
    main = [move_text(pos, m) for m in order.ordered(0, len(g.legal(pos)))]
    quiescence = [move_text(pos, m) for m in order.ordered(0, len(g.legal(pos, True)), quiescence=True)]
    return [t for t in main if t[2:] == 'd5'], quiescence, order


def test_captures_by_victim_then_least_valuable_attacker(monkeypatch):
    main, quiescence, _ = captures_in_order(monkeypatch, 0)
    assert main == ['c3d5', 'f3d5']
    assert quiescence == ['c3d5', 'f3d5']


def test_without_the_switch_the_capture_history_is_not_kept(monkeypatch):
    main, _, order = captures_in_order(monkeypatch, 0, [('f3d5', 4096)])
    assert main == ['c3d5', 'f3d5']
    assert len(order.capture_history()) == 1 and order.capture_history()[0] == 0


def test_a_capture_that_cut_off_comes_first(monkeypatch):
    main, _, order = captures_in_order(monkeypatch, 2, [('f3d5', 4096)])
    assert main == ['f3d5', 'c3d5']
    assert max(order.capture_history()) == 4096
    assert sum(1 for h in order.capture_history() if h) == 1


def test_a_penalty_sends_a_capture_back(monkeypatch):
    # the Knight's capture first without history; a penalty (a capture
    # tried before another that cut off) sends it behind the Bishop's
    main, quiescence, _ = captures_in_order(monkeypatch, 2, [('c3d5', -512)])
    assert main == ['f3d5', 'c3d5']
    assert quiescence == ['f3d5', 'c3d5']


def test_the_capture_history_has_gravity_and_halves_with_each_search(monkeypatch):
    # h + bonus - h x |bonus| / 16384: 4096, then 4096 + 4096 - 1024 = 7168;
    # a new search halves every entry: 3584
    _, _, order = captures_in_order(monkeypatch, 2, [('f3d5', 4096), ('f3d5', 4096)])
    assert max(order.capture_history()) == 7168
    order.new_search()
    assert max(order.capture_history()) == 3584


# White's Rook takes a pawn that a pawn defends: the capture loses in the
# exchange.  By default it comes right after the killers and the
# countermove, before every quiet move; with BAD_CAPTURES_LAST after them.
LOSING_CAPTURE = '4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1'


def main_order(monkeypatch, bad_last: int) -> list[str]:
    pos, order, g = move_order(monkeypatch, LOSING_CAPTURE, BAD_CAPTURES_LAST=bad_last)
    return [move_text(pos, m) for m in order.ordered(0, len(g.legal(pos)))]


def test_a_losing_capture_comes_before_the_quiet_moves_by_default(monkeypatch):
    moves = main_order(monkeypatch, 0)
    assert len(moves) == 11
    assert moves[0] == 'd1d5'


def test_with_the_switch_a_losing_capture_comes_after_the_quiet_moves(monkeypatch):
    moves = main_order(monkeypatch, 1)
    assert moves[-1] == 'd1d5'
    assert sorted(moves) == sorted(main_order(monkeypatch, 0))
