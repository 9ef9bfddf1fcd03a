"""Perft: orthodox chess equals python-chess; every variant's numbers are pinned."""
import random

import chess
import pytest

from cazaux_engine import get_variant, move_text, parse_fen, perft, to_fen
from cazaux_engine.setups import setup_fen
from cazaux_engine.variants import VARIANT_NAMES
from cazaux_engine.movegen import legal_moves

CHESS = get_variant('chess')

# The standard perft positions (chessprogramming wiki numbering)
STANDARD = {
    'start': ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 4),
    'kiwipete': ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 3),
    'position3': ('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 4),
    'position4': ('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 3),
    'position4-mirrored': ('r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1', 3),
    'position5': ('rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', 3),
    'position6': ('r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10', 3),
}


def python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += python_chess_perft(board, depth - 1)
        board.pop()
    return n


@pytest.mark.parametrize('name', list(STANDARD))
def test_orthodox_perft_equals_python_chess(name):
    fen, depth = STANDARD[name]
    assert perft(parse_fen(CHESS, fen), depth) == python_chess_perft(chess.Board(fen), depth)


def test_orthodox_known_values():
    assert perft(parse_fen(CHESS, STANDARD['start'][0]), 4) == 197281
    assert perft(parse_fen(CHESS, STANDARD['kiwipete'][0]), 3) == 97862


def test_legal_moves_equal_python_chess_along_random_games():
    rng = random.Random(2026)
    for game in range(12):
        board = chess.Board()
        pos = parse_fen(CHESS, board.fen())
        for ply in range(160):
            ours = {move_text(pos, m): m for m in legal_moves(pos)}
            theirs = {m.uci() for m in board.legal_moves}
            assert set(ours) == theirs, board.fen()
            assert to_fen(pos) == board.fen()
            if not theirs or board.is_insufficient_material():
                break
            uci = rng.choice(sorted(theirs))
            board.push_uci(uci)
            pos.push(ours[uci])


# Pinned leaf counts from each start position (the independent oracle in
# tests/reference.py agrees with the generator on these trees' moves).
PINNED = {
    'chess': [20, 400, 8902],
    'pemba': [34, 1156, 42444],
    'zanzibar-s': [53, 2809, 163758],
    'zanzibar-s-promo': [53, 2809, 163758],
    'zanzibar-xl': [47, 2209, 114352],
    'maasai': [29, 841, 28453],
    'oblong44': [12, 144, 1872],
}


@pytest.mark.parametrize('name', VARIANT_NAMES)
def test_start_perft_pinned(name):
    v = get_variant(name)
    pos = parse_fen(v, v.start)
    assert [perft(pos, d) for d in (1, 2, 3)] == PINNED[name]


# Positions reached by seeded random play from the start (bias to captures);
# the oracle of tests/reference.py agrees with every move of their depth-2 trees.
SPECIAL = [
    ('zanzibar-s', 'cm1v1q1uvbmc/ernb1kgw1nre/1pppip1ipppp/V3w2z4/3l2p5/12/7N4/1P6P2P/7W4/P1PPIPPI1PP1/ERNBW1G1B1RE/CMZVFQKU1ZMC w K - 0 13', 604869),
    ('zanzibar-s-promo', 'cmz1f1ku2mc/er1lwqw3re/1pp1ip2ppp1/p1p8p/8i3/12/4E7/12/ZP1P1P6/N1PIK1P1PPPP/1RF1WLGWB1Rv/2B2QNUVZMC w k - 2 21', 577307),
    ('zanzibar-xl', 'cmzv1qkdvzmc/er1bslg1b1re/1pppiww1pppp/p3pppp4/12/12/12/2P1P7/M4WPP1E1P/PP1PI1WIPPP1/ERNBSLGUBNR1/C1ZVFQK1VZMC w Kk - 0 13', 288749),
    ('maasai', 'cmz1fqku1zmc/ernb1lg1bnre/aaaaiwwiaaaa/pp1pp2pp2p/2p2pp3p1/9p2/5P4P1/1v2P1PP4/P1PP5P1A/AAAAIWWIAA1A/ERNBSLGDBNRE/CMZVFQKUVZC1 w Kk - 0 11', 152677),
    ('pemba', 'cmvzwwzv2/ernbqkEnre/1p2pp2p1/3p3m2/p1p3p3/10/2M5Z1/PPPPPPPPPP/ERNBQKBNR1/C1VZWW1VM1 w KQkq - 0 8', 86839),
    ('oblong44', 'ek1e/1nn1/2f1/3p/d2p/4/4/1PNP/1ED1/2K1/EF2 w - - 0 16', 4686),
    ('zanzibar-s', '3vnq1u1zmc/erf1w1gwb1re/1p1p1k1i1pp1/6p2n2/2p9/12/4U7/2PP8/1N4W3b1/CP3PZIP1P1/ER2WI4RE/1MZV1vK1G1M1 w K - 0 31', 688831),
]


@pytest.mark.parametrize('name, fen, count', SPECIAL)
def test_special_positions_perft_pinned(name, fen, count):
    assert perft(parse_fen(get_variant(name), fen), 3) == count


def test_setup_placements_perft_pinned():
    v = get_variant('maasai')
    assert [perft(parse_fen(v, setup_fen(v, i)), 2) for i in (1, 5040, 10080)] == [841, 900, 900]
    v = get_variant('zanzibar-xl')
    assert [perft(parse_fen(v, setup_fen(v, i)), 3) for i in (1, 144, 288)] == \
        [114352, 112880, 120123]
