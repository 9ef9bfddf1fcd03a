"""Contempt: a draw by rule is worth -Contempt to the side to move at the
root and +Contempt to the other, at every depth of the tree; analysis shows
the true score.

The positions end in two bare Kings (a draw in chess) one ply after the
root (White's King takes the last Pawn) or two plies after it (Black's King
takes White's last Pawn whatever White does), so both signs of the rule are
checked.  Node counts are pinned: the interpreted and the compiled search
count the same nodes.
"""
from __future__ import annotations

import pytest

from cazaux_engine.fen import parse_fen
from cazaux_engine.notation import move_text
from cazaux_engine.variants import get_variant
from protocol.options import Options
from search import Limits, Searcher
from tests.protocol.test_levels_book_debug import uci, xboard

DRAW_AT_PLY_1 = '8/8/8/8/8/8/4k1p1/7K w - - 0 1'     # Kxg2: two bare Kings
DRAW_AT_PLY_2 = '8/8/8/8/8/6kP/8/4K3 w - - 0 1'      # h4 Kxh4, or a King move Kxh3


@pytest.mark.parametrize('fen, contempt, best, score, nodes', [
    (DRAW_AT_PLY_1, 0, 'h1g2', 0, 93),
    (DRAW_AT_PLY_1, 50, 'h1g2', -50, 93),
    (DRAW_AT_PLY_1, -30, 'h1g2', 30, 95),
    (DRAW_AT_PLY_2, 0, 'h3h4', 0, 265),
    (DRAW_AT_PLY_2, 50, 'h3h4', -50, 220),
    (DRAW_AT_PLY_2, -30, 'h3h4', 30, 283),
])
def test_a_draw_costs_the_root_side_the_contempt(fen, contempt, best, score, nodes):
    s = Searcher(seed=1)
    s.contempt = contempt
    pos = parse_fen(get_variant('chess'), fen)
    r = s.search(pos, Limits(depth=8))
    assert (move_text(pos, r.best), r.info.score, s.nodes) == (best, score, nodes)


def test_the_default_is_no_contempt():
    assert Searcher().contempt == 0
    assert Options()['Contempt'] == 0


def fields(line):
    """The score and the principal variation of an ``info`` line."""
    words = line.split()
    return ' '.join(words[words.index('score'):words.index('score') + 3]), line.split(' pv ')[1]


def test_uci_contempt_scores_a_game_s_draw_but_not_an_analysis():
    s, out = uci('setoption name Contempt value 40', f'position fen {DRAW_AT_PLY_1}', 'go depth 6')
    s.control.wait(30)
    lines = out.take()
    assert fields(next(l for l in lines if l.startswith('info depth 6 '))) == ('score cp -40', 'h1g2')
    assert lines[-1] == 'bestmove h1g2'
    s.handle('setoption name Clear Hash')
    s.handle('go infinite')
    line = out.wait_for('info depth 6 ')
    s.handle('stop')
    s.control.wait(30)
    assert fields(line) == ('score cp 0', 'h1g2')


@pytest.mark.parametrize('value, message', [
    ('201', 'Contempt: 201 is out of range -200..200'),
    ('a lot', "Contempt: 'a lot' is not a whole number"),
])
def test_a_bad_contempt_is_a_clear_error_that_changes_nothing(value, message):
    s, out = uci('setoption name Contempt value 25')
    s.handle(f'setoption name Contempt value {value}')
    [line] = out.take()
    assert line.startswith(f'info string error: {message}')
    assert (s.options['Contempt'], s.searcher.contempt) == (25, 25)


def test_xboard_sets_contempt_by_its_option_command():
    x, out = xboard('xboard', 'protover 2', 'option Contempt=-60')
    assert (x.options['Contempt'], x.searcher.contempt) == (-60, -60)
    x.handle('option Contempt=300')
    assert any('Contempt: 300 is out of range -200..200' in l for l in out.take())
    assert x.searcher.contempt == -60
