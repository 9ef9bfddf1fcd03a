"""The sweep of tests/xboard_support/sweep.py, small: random legal games of
every variant, favouring the moves XBoard handles specially, played by two
scripted engines in the real XBoard; XBoard's final board (-spf) must be
the rules' board.  With the phantom e.p. steps left in, the first
difference found is the one :func:`protocol.xboard_moves.phantom_victim`
predicts (the square it names emptied, nothing else changed)."""
from __future__ import annotations

import random

import pytest

from cazaux_engine import get_variant, parse_fen
from protocol import xboard_moves as xm
from tests.xboard_support.sweep import VARIANTS, check, random_game

pytestmark = pytest.mark.usefixtures('real_xboard')


@pytest.mark.parametrize('variant', VARIANTS)
def test_xboard_keeps_the_rules_board(tmp_path, variant):
    rng = random.Random(f'sweep {variant}')
    for g in range(2):
        moves = random_game(variant, 100, rng, phantoms=False)
        assert check(tmp_path / str(g), variant, moves) is None


def _grid(placement: str) -> list[str]:
    out = []
    for row in placement.split('/'):
        cells, n = [], ''
        for ch in row:
            if ch.isdigit():
                n += ch
                continue
            cells += ['.'] * int(n or 0) + [ch]
            n = ''
        out.append(''.join(cells + ['.'] * int(n or 0)))
    return out


def test_the_sweep_finds_the_phantom_steps(tmp_path):
    rng = random.Random('sweep phantoms')
    for g in range(6):
        moves = random_game('zanzibar-s', 150, rng, phantoms=True)
        found = check(tmp_path / str(g), 'zanzibar-s', moves)
        if found is None:
            continue
        v = get_variant('zanzibar-s')
        pos = parse_fen(v, found['before'])
        victim = xm.phantom_victim(pos, xm.parse(pos, found['move'], 1))
        assert victim is not None and not found['refused'], found
        ours, theirs = _grid(found['ours']), _grid(found['xboard'])
        diff = [(r, f) for r in range(12) for f in range(12) if ours[r][f] != theirs[r][f]]
        assert len(diff) == 1, found
        r, f = diff[0]
        assert theirs[r][f] == '.' and pos.rules.square_name(victim, 1) == f'{"abcdefghijkl"[f]}{12 - r}'
        return
    pytest.fail('no phantom step in six games')
