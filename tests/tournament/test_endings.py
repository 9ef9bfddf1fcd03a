"""benchmarks/strength/endings.py: random Oblong 44 endings of a last unit against two or three."""
from __future__ import annotations

import pytest

from cazaux_engine import legal_moves, start_position
from tests.conftest import script_module


def endings():
    return script_module('benchmarks', 'strength', 'endings.py')


def test_the_endings_of_a_seed(capsys):
    assert endings().main(['40', '1']) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(set(lines)) == 40
    assert lines[:2] == ['4/4/n3/3F/fp2/4/4/4/4/4/K1k1 w - - 0 1',
                         '4/4/2E1/4/K3/4/1d2/4/k3/2D1/4 b - - 0 1']
    for fen in lines:
        pos = start_position('oblong44', fen)
        units = sorted(len(pos.pieces[c]) - 1 for c in (1, -1))
        assert units[0] == 1 and units[1] in (2, 3)
        assert not pos.in_check()
        assert legal_moves(pos) and not legal_moves(pos, captures=True)
        board = fen.split()[0].split('/')
        assert not any(c in 'Pp' for c in board[0] + board[-1])
    assert endings().main(['40', '1']) == 0
    assert capsys.readouterr().out.splitlines() == lines            # the seed decides


def test_a_count_below_one_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        endings().main(['0', '1'])
    assert e.value.code == 2
    assert 'COUNT must be at least 1' in capsys.readouterr().err
