"""push/pop restore the board, piece sets, rights, counters and hash exactly."""
import random
from array import array

import pytest

from cazaux_engine import start_position, to_fen
from cazaux_engine.variants import VARIANT_NAMES


def snapshot(pos):
    return (list(pos.board), set(pos.pieces[1]), set(pos.pieces[-1]), pos.kings[:], pos.turn,
            pos.rights, pos.ep, pos.halfmove, pos.ply, pos.hash, len(pos.history), pos.psq)


class ArbitraryPst:
    """Piece-square tables as Position.set_pst takes them, with arbitrary values."""

    def __init__(self, rules, rng):
        n, size, values = rules.n, rules.size, rules.value
        codes = range(-n, n + 1)
        self.mg = array('i', [(values[c] + 7 * sq) * (c > 0) - (values[c] + 5 * sq) * (c < 0)
                              for c in codes for sq in range(size)])
        self.eg = array('i', [rng.randrange(-999, 1000) for _ in codes for _ in range(size)])
        self.key = array('Q', [rng.getrandbits(40) for _ in codes for _ in range(size)])
        self.npm = array('i', [values[c] for c in codes])


@pytest.mark.parametrize('name', VARIANT_NAMES)
def test_push_pop_restores_everything(name):
    rng = random.Random(name)
    for _ in range(3):
        pos = start_position(name)
        pst = ArbitraryPst(pos.rules, rng)
        pos.set_pst(pst)
        played = []
        for ply in range(120):
            moves = pos.legal_moves()
            if not moves:
                break
            before = snapshot(pos)
            for m in moves:                      # every move, taken back at once
                pos.push(m)
                pos.pop()
                assert snapshot(pos) == before
            m = rng.choice(moves)
            pos.push(m)
            played.append(before)
            # incremental hash and psq equal recomputation
            assert pos.hash == pos._compute_hash()
            psq = pos.psq
            pos.set_pst(pst)
            assert pos.psq == psq
        while played:
            pos.pop()
            assert snapshot(pos) == played.pop()


def test_null_move_round_trip():
    pos = start_position('zanzibar-s')
    before = snapshot(pos)
    pos.push_null()
    assert pos.turn == -1 and pos.hash != before[9]
    pos.pop_null()
    assert snapshot(pos) == before


def test_copy_is_independent():
    pos = start_position('maasai')
    c = pos.copy()
    c.push(c.legal_moves()[0])
    assert to_fen(pos) == start_position('maasai').rules.variant.start
    assert to_fen(c) != to_fen(pos)
