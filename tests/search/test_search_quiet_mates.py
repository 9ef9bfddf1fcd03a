"""Mates in two with a quiet key move, in every variant, found at depth 4.

Issue 14: "every mate in two with a quiet key in the test set is found at
depth 4".  The key of each position is neither a capture, nor a promotion,
nor a check, so a search that reduces or prunes late quiet moves can lose
it.  A "mate" is any win by the variant's rules: checkmate, and in Oblong 44
also stalemate and baring the King.

The positions were generated and verified exhaustively by
``tests/tools/quiet_mates.py`` (every move, every defence, every mating
reply, with the rules core only) and pasted from

    python tests/tools/quiet_mates.py --seed 14 --per-variant 6

Each entry is (variant, FEN with White to move, every key that forces the
win, as move texts).  ``python tests/tools/quiet_mates.py --report`` shows
at which depth the search first solves each one.
"""
from __future__ import annotations

import pytest

from cazaux_engine import move_text, start_position
from search import Limits, Searcher
from cazaux_engine.movegen import legal_moves
from tests.conftest import script_module

quiet_mates = script_module('tests', 'tools', 'quiet_mates.py')

QUIET_MATES = [
    # chess
    ('chess', '8/8/3B4/4K3/3p3k/8/3pR3/8 w - - 0 1', ['e5f5']),    # K+RB
    ('chess', '6k1/3K4/2n4Q/3N4/8/8/8/8 w - - 0 1', ['d7e8']),    # K+QN
    ('chess', 'k7/4N3/3Kb3/8/1R6/8/8/8 w - - 0 1', ['e7c6']),    # K+RN
    ('chess', '4KBk1/8/5Bp1/8/6N1/8/8/8 w - - 0 1', ['f6g7']),    # K+BBN
    ('chess', '4n3/8/7B/8/7k/8/3Q4/5K2 w - - 0 1', ['f1g2']),    # K+QB
    ('chess', '8/3R4/2p1R3/8/8/k3p3/2K5/8 w - - 0 1', ['e6e4']),    # K+RR
    # pemba
    ('pemba', '4k5/1K8/2R7/C3p5/5p4/10/10/10/10/10 w - - 0 1', ['a7a9']),    # K+CR
    ('pemba', 'k9/4CC4/1K8/3p6/10/10/10/10/10/10 w - - 0 1', ['e9e10', 'f9f10']),    # K+CC
    ('pemba', '10/10/10/10/10/8R1/5V4/2p7/5K4/7k2 w - - 0 1', ['f2g3']),    # K+VR
    ('pemba', '7k2/10/6K3/10/9V/2eQ6/10/10/10/10 w - - 0 1', ['g8h8']),    # K+VQ
    ('pemba', '3K6/k9/3pM5/10/10/10/5R4/10/10/10 w - - 0 1', ['d10c9']),    # K+MR
    ('pemba', '1K1k6/1R1Z6/10/10/10/6e3/10/10/10/10 w - - 0 1', ['d9g7']),    # K+ZR
    # zanzibar-s
    ('zanzibar-s', '12/12/12/12/12/5p6/1p1G8/12/12/2K9/12/k11 w - - 0 1', ['c3b3', 'c3c2']),    # K+G
    ('zanzibar-s', '12/12/12/12/12/12/5Up5/12/12/2K9/p11/k11 w - - 0 1', ['c3c2']),    # K+U
    ('zanzibar-s', '12/12/12/12/12/5L6/12/12/2K9/12/4n7/2k9 w - - 0 1', ['f7d5']),    # K+L
    ('zanzibar-s', '11k/5p3K2/9F2/12/12/12/11p/12/12/12/12/12 w - - 0 1', ['j10i12']),    # K+F
    ('zanzibar-s', '12/12/12/12/12/12/L11/12/12/4K7/8I3/5k6 w - - 0 1', ['a6c4']),    # K+LI
    ('zanzibar-s', '6k5/12/4K7/1C10/1G9p/12/1p10/12/12/12/12/12 w - - 0 1', ['b8c12']),    # K+GC
    # zanzibar-s-promo
    ('zanzibar-s-promo', 'k11/12/K2n8/12/1N10/F11/12/12/12/12/12/12 w - - 0 1', ['b8c10']),    # K+FN
    ('zanzibar-s-promo', '12/8mK2/11k/7p1E2/12/12/12/12/7L4/12/12/12 w - - 0 1', ['h4i6', 'h4j6']),    # K+LE
    ('zanzibar-s-promo', 'k5m5/12/3K8/12/12/3Gp7/2M9/12/12/12/12/12 w - - 0 1', ['d7c10']),    # K+GM
    ('zanzibar-s-promo', 'k11/1m3Z6/2K9/3U8/12/12/4p7/12/12/12/12/12 w - - 0 1', ['c10b10']),    # K+UZ
    ('zanzibar-s-promo', '11k/12/5p5K/12/10W1/5p4C1/12/12/12/12/12/12 w - - 0 1', ['k8k10']),    # K+CW
    ('zanzibar-s-promo', '8K2k/12/12/12/10N1/12/11L/12/12/12/12/12 w - - 0 1', ['l6j8', 'l6l8']),    # K+NL
    # zanzibar-xl
    ('zanzibar-xl', '12/12/12/5p6/12/8KD2/11k/12/6w5/12/12/12 w - - 0 1', ['i7j6']),    # K+D
    ('zanzibar-xl', '12/1R10/K11/12/12/k11/6S5/6n5/12/12/12/12 w - - 0 1', ['g6f6', 'g6g12']),    # K+SR
    ('zanzibar-xl', '12/12/12/12/12/1p2Q7/12/4S7/12/12/5K6/2k9 w - - 0 1', ['e5h2']),    # K+SQ
    ('zanzibar-xl', '12/12/12/12/12/6C5/9n2/12/12/8D3/8K3/11k w - - 0 1', ['g7g2']),    # K+DC
    ('zanzibar-xl', '12/8K3/12/11k/5p6/7G1S2/12/5p6/12/12/12/12 w - - 0 1', ['h7i9', 'h7l6']),    # K+SG
    ('zanzibar-xl', '5k6/3K8/12/12/5n6/4D7/10L1/12/12/12/12/12 w - - 0 1', ['k6i8', 'k6j8']),    # K+DL
    # maasai
    ('maasai', '12/5R6/k11/2A9/1A10/1K10/12/12/3a8/12/12/12 w - - 0 1', ['b7a8']),    # K+AAR
    ('maasai', '12/12/12/12/12/12/12/12/3a8/9S1R/12/5k1K4 w - - 0 1', ['l3l2']),    # K+SR
    ('maasai', '12/12/12/12/11k/8K3/12/8U3/12/11D/6a5/12 w - - 0 1', ['i7j8']),    # K+DU
    ('maasai', '8k3/10K1/8A3/12/12/12/4a5L1/12/12/12/12/12 w - - 0 1', ['k6i8', 'k6j8']),    # K+AL
    ('maasai', '12/12/12/12/12/9p1S/12/9a2/11k/9K2/12/11F w - - 0 1', ['l1j2']),    # K+SF
    ('maasai', '2k9/12/8G3/1K3a6/12/12/1D10/12/12/12/12/12 w - - 0 1', ['b6e9']),    # K+GD
    # oblong44
    ('oblong44', '4/4/4/4/4/4/4/1K2/3N/4/1kf1 w - - 0 1', ['b4c3']),    # K+N (bare-king)
    ('oblong44', '4/4/4/4/4/4/4/2p1/1NKp/4/F2k w - - 0 1', ['a1b2']),    # K+NF (stalemate)
    ('oblong44', 'kN2/DD2/1p2/3K/4/4/4/4/4/4/4 w - - 0 1', ['b11d10']),    # K+DDN (bare-king)
    ('oblong44', '1ENk/1E2/4/K1e1/4/4/4/4/4/4/4 w - - 0 1', ['a8b7']),    # K+EEN (bare-king)
    ('oblong44', '2Fk/K3/3F/1d2/4/4/4/4/4/4/4 w - - 0 1', ['a10b11']),    # K+FF (bare-king, checkmate, stalemate)
    ('oblong44', '4/1K2/2ek/2N1/4/3N/4/4/4/4/4 w - - 0 1', ['d6b7']),    # K+NN (bare-king)
]


def _id(entry) -> str:
    variant, fen, keys = entry
    return f'{variant}-{keys[0]}'


@pytest.mark.parametrize('variant,fen,keys', QUIET_MATES, ids=[_id(e) for e in QUIET_MATES])
def test_found_at_depth_4(variant, fen, keys):
    pos = start_position(variant, fen)
    r = Searcher(hash_mb=16).search(pos, Limits(depth=4))
    assert (move_text(pos, r.best), r.info.mate) in [(k, 2) for k in keys]


@pytest.mark.parametrize('variant,fen,keys', QUIET_MATES, ids=[_id(e) for e in QUIET_MATES])
def test_verified_by_brute_force(variant, fen, keys):
    # no win in one; exactly these keys force a win in two; all of them quiet
    assert quiet_mates.verify(variant, fen) == keys


def test_every_variant_has_four_positions():
    counts = {}
    for variant, _, _ in QUIET_MATES:
        counts[variant] = counts.get(variant, 0) + 1
    assert sorted(counts) == sorted(quiet_mates.RECIPES)
    assert min(counts.values()) >= 4


def test_brute_force_rejects():
    # a mate in one is no mate in two
    pos = start_position('chess', 'k7/8/1K6/8/8/8/8/7R w - - 0 1')
    assert quiet_mates.mate_in_two_keys(pos) is None
    with pytest.raises(AssertionError, match='a win in one exists'):
        quiet_mates.verify('chess', 'k7/8/1K6/8/8/8/8/7R w - - 0 1')
    # the side to move has no win at all
    fen = 'k7/8/1K6/8/8/8/8/7R b - - 0 1'
    pos = start_position('chess', fen)
    assert quiet_mates.mate_in_two_keys(pos) == []
    with pytest.raises(AssertionError, match='no win in two'):
        quiet_mates.verify('chess', fen)


def test_quiet_means_no_capture_promotion_or_check():
    pos = start_position('chess', 'k7/6P1/2K5/8/8/8/8/3r3R w - - 0 1')
    quiet = {move_text(pos, m): quiet_mates.is_quiet(pos, m) for m in legal_moves(pos)}
    assert quiet['c6b6'] and quiet['h1h2']
    assert not quiet['h1d1']            # a capture
    assert not quiet['g7g8n']           # a promotion (that gives no check)
    assert not quiet['h1h8'] and not quiet['g7g8q']      # checks (the Queen's too)


def test_keys_that_are_not_quiet_are_refused():
    # the only key is the check 1.Re1+ (1...Bc1 2.Rxc1#)
    with pytest.raises(AssertionError, match='not quiet'):
        quiet_mates.verify('chess', '8/8/8/2p5/4R3/bK6/8/k7 w - - 0 1')
    # the only key is the capture 1.Rxd8
    with pytest.raises(AssertionError, match='not quiet'):
        quiet_mates.verify('chess', '3bR3/k7/2K5/8/8/8/8/8 w - - 0 1')
    # both keys are quiet: 1.Kb6 and 1.Kc7 (1.Rh8+? Ka7 escapes)
    assert quiet_mates.verify('chess', 'k7/8/2K5/8/8/8/8/7R w - - 0 1') == ['c6b6', 'c6c7']
