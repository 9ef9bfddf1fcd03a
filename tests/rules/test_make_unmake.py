"""push/pop restore the board, piece sets, rights, counters and hash exactly."""
import random
import pytest

from cazaux_engine import start_position, to_fen
from cazaux_engine.variants import VARIANT_NAMES
from cazaux_engine.movegen import legal_moves


def snapshot(pos):
    return (list(pos.board), set(pos.pieces[1]), set(pos.pieces[-1]), pos.kings[:], pos.turn,
            pos.rights, pos.ep, pos.halfmove, pos.ply, pos.hash, len(pos.history))


@pytest.mark.parametrize('name', VARIANT_NAMES)
def test_push_pop_restores_everything(name):
    rng = random.Random(name)
    for _ in range(3):
        pos = start_position(name)
        played = []
        for ply in range(120):
            moves = legal_moves(pos)
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
            # the incremental hash equals recomputation
            assert pos.hash == pos.compute_hash()
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
    c.push(legal_moves(c)[0])
    assert to_fen(pos) == start_position('maasai').rules.variant.start
    assert to_fen(c) != to_fen(pos)
