"""The sweep of tests/xboard_support/sweep.py, small: random legal games of
every variant, favouring the moves XBoard handles specially, played by two
scripted engines in the real XBoard; XBoard's final board (-spf) must be
the rules' board.  With the phantom e.p. steps left in, the first
difference found is the one :func:`protocol.xboard_moves.phantom_victim`
predicts (the square it names emptied, nothing else changed)."""
from __future__ import annotations

import random

import pytest

from cazaux_engine import get_variant, parse_fen, to_fen
from cazaux_engine.moves import move_from
from protocol import xboard_moves as xm
from protocol.xboard_variants import PAWN_SLOTS
from tests.xboard_support.sweep import VARIANTS, check, play, random_game

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


def _differing_squares(ours: str, theirs: str) -> list[str]:
    """The squares (names, 12x12) where two placements differ."""
    a, b = _grid(ours), _grid(theirs)
    return [f'{"abcdefghijkl"[f]}{12 - r}' for r in range(12) for f in range(12)
            if a[r][f] != b[r][f]]


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
        name = pos.rules.square_name(victim, 1)
        assert _differing_squares(found['ours'], found['xboard']) == [name], found
        f, r = 'abcdefghijkl'.index(name[0]), 12 - int(name[1:])
        assert _grid(found['xboard'])[r][f] == '.'
        return
    pytest.fail('no phantom step in six games')


# XBoard with legality testing off (zanzibar-s-promo): Black's Prince f6
# (Black's far half), a black Bishop on the square behind g7.  Only right
# after a double step onto the g-file (of a Pawn or of a Prince, whoever
# could take it e.p.) does XBoard take f6-g7 for an e.p. capture and delete
# the Bishop; later, onto another file, or from the near half it does not.
NO_TEST = [
    # fen, moves, the placement XBoard saves, the piece it deletes
    ('6k5/12/12/12/6b5/12/5i6/7p4/12/6P5/12/5K6 w - - 0 1', 'g3g5 f6g7 f1e1',
     '6k5/12/12/12/12/6i5/12/6Pp4/12/12/12/4K7', 'g8'),
    ('6k5/12/12/12/6b5/12/5i6/9p2/12/6P5/12/5K6 w - - 0 1', 'g3g5 f6g7 f1e1',
     '6k5/12/12/12/12/6i5/12/6P2p2/12/12/12/4K7', 'g8'),
    ('6k5/12/12/12/6b5/12/5i6/7p4/12/6I5/12/5K6 w - - 0 1', 'g3g5 f6g7 f1e1',
     '6k5/12/12/12/12/6i5/12/6Ip4/12/12/12/4K7', 'g8'),
    ('6k5/12/12/12/4b7/12/5i6/7p4/12/6P5/12/5K6 w - - 0 1', 'g3g5 f6e7 f1e1',
     '6k5/12/12/12/4b7/4i7/12/6Pp4/12/12/12/4K7', None),
    ('6k5/12/12/12/6b5/12/5i6/7p4/12/6P5/12/5K6 w - - 0 1', 'g3g5 g12h12 f1e1 f6g7 e1f1',
     '7k4/12/12/12/6b5/6i5/12/6Pp4/12/12/12/5K6', None),
    ('6k5/12/12/6b5/12/5i6/12/7p4/12/6P5/12/5K6 w - - 0 1', 'g3g5 f7g8 f1e1',
     '6k5/12/12/6b5/6i5/12/12/6Pp4/12/12/12/4K7', None),
]


@pytest.mark.parametrize('fen,moves,saved,deleted', NO_TEST,
                         ids=['pawn', 'pawn-alone', 'prince', 'other-file', 'later', 'near-half'])
def test_the_phantom_step_without_legality_testing(tmp_path, fen, moves, saved, deleted):
    v = get_variant('zanzibar-s-promo')
    pos = parse_fen(v, fen)
    for text in moves.split():
        m = xm.parse(pos, text, 1)
        if pos.turn < 0 and xm.slot_of(pos, move_from(m)) in PAWN_SLOTS:    # the Prince's step
            victim = xm.phantom_victim(pos, m)
            assert (None if victim is None else pos.rules.square_name(victim, 1)) == deleted
        pos.push(m)
    n, board, _ = play(tmp_path, 'zanzibar-s-promo', moves.split(), fen=fen)
    assert (n, board) == (len(moves.split()), saved)
    assert _differing_squares(to_fen(pos).split()[0], saved) == ([deleted] if deleted else [])
