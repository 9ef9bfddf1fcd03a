"""Forced wins in 1, 2 and 3 moves in every variant, found with a node limit.

Each position was checked exhaustively (every defence tried) to be a win in
exactly that many moves and not fewer.  A "mate" here is any win by the
variant's rules: checkmate, and in Oblong 44 also stalemate and baring the
King.  The search stops as soon as it proves a win within the asked number
of moves (``Limits.mate``); the node limit only guards against a regression
that would make the test slow.
"""
from __future__ import annotations

import pytest

from cazaux_engine import Outcome, outcome, start_position
from search import Limits, Searcher
from cazaux_engine.movegen import legal_moves

MATES = [
    # chess: King and Rook against King in the corner
    ('chess', 1, 'k7/8/1K6/8/8/8/8/7R w - - 0 1'),
    ('chess', 2, 'k7/8/2K5/8/8/8/8/7R w - - 0 1'),
    ('chess', 3, 'k7/8/8/3K4/8/8/8/7R w - - 0 1'),
    # pemba: a Cannon mates through its screen; Rook and Cannon; Queen and Rook
    ('pemba', 1, 'k9/2K7/10/10/10/P9/10/10/10/1C8 w - - 0 1'),
    ('pemba', 2, '6R3/10/10/6p3/k9/10/10/8K1/1p8/4C5 w - - 0 1'),
    ('pemba', 3, '10/10/10/10/4Q5/1k8/2p6R/10/6K3/10 w - - 0 1'),
    # zanzibar-s: Lion and Eagle; Rhinoceros and Lion; Eagle and Rook
    ('zanzibar-s', 1, '5K6/12/11p/12/4G7/12/12/12/4k7/12/12/L11 w - - 0 1'),
    ('zanzibar-s', 2, '12/12/12/11p/12/12/12/2K9/12/12/12/k3UL6 w - - 0 1'),
    ('zanzibar-s', 3, '6K4R/12/12/12/7p1k2/5G6/12/12/12/12/12/12 w - - 0 1'),
    # zanzibar-s-promo: Rook; Knight and Lion; King and Rook
    ('zanzibar-s-promo', 1, '1N9k/12/10K1/12/4R7/12/12/5p6/12/12/12/12 w - - 0 1'),
    ('zanzibar-s-promo', 2, '12/12/12/12/7p4/12/12/12/2N9/12/6L4k/5K6 w - - 0 1'),
    ('zanzibar-s-promo', 3, 'k11/12/12/3K8/12/12/12/12/12/12/12/11R w - - 0 1'),
    # zanzibar-xl: King and Rook against King on the big board; Duchess and Rook
    ('zanzibar-xl', 1, 'k11/12/1K10/12/12/12/12/12/12/12/12/11R w - - 0 1'),
    ('zanzibar-xl', 2, 'k11/12/2K9/12/12/12/12/12/12/12/12/11R w - - 0 1'),
    ('zanzibar-xl', 3, '12/9p2/2K9/12/12/12/7D4/11k/12/12/12/R11 w - - 0 1'),
    # maasai: Lion; Eagle and Sorceress; Buffalo and Rook
    ('maasai', 1, '12/k2A8/12/3K8/1p2L7/12/12/12/12/12/12/12 w - - 0 1'),
    ('maasai', 2, '12/12/8G3/7K4/7Sp3/12/12/12/12/3k8/12/12 w - - 0 1'),
    ('maasai', 3, '12/12/12/12/12/1R8K1/12/k8p2/6F5/12/12/12 w - - 0 1'),
    # oblong44: Knight and Ferz; two Knights; Knight, Ferz and Pawn
    ('oblong44', 1, '4/K2k/4/1F2/4/3N/4/2p1/4/4/4 w - - 0 1'),
    ('oblong44', 2, '4/K3/4/4/4/4/1k2/4/3p/4/1N1N w - - 0 1'),
    ('oblong44', 3, '3F/4/k3/4/p3/P3/4/4/2K1/N3/4 w - - 0 1'),
]


def wins_at_once(pos) -> bool:
    """Has the side to move a move that ends the game in its favour?"""
    me = pos.turn
    for m in legal_moves(pos):
        pos.push(m)
        o = outcome(pos)
        pos.pop()
        if o is not None and o.winner == me:
            return True
    return False


@pytest.mark.parametrize('variant,n,fen', MATES)
def test_finds_forced_win(variant, n, fen):
    pos = start_position(variant, fen)
    r = Searcher(hash_mb=4).search(pos, Limits(mate=n, nodes=200_000))
    assert r.info.mate == n
    pos.push(r.best)
    o = outcome(pos)
    if n == 1:
        assert o is not None and o.winner == 1
    else:
        assert o is None
        if n == 2:          # every defence allows a win at once
            for reply in legal_moves(pos):
                pos.push(reply)
                assert outcome(pos) is None and wins_at_once(pos)
                pos.pop()


@pytest.mark.parametrize('variant,n,fen', [m for m in MATES if m[1] == 2])
def test_mated_side_sees_it(variant, n, fen):
    # after the winning side's first move of a win in 2, the defender (to
    # move) reports that it loses after its move and the winner's reply
    pos = start_position(variant, fen)
    r = Searcher(hash_mb=4).search(pos, Limits(mate=2, nodes=200_000))
    pos.push(r.best)
    assert legal_moves(pos)
    r2 = Searcher(hash_mb=4).search(pos, Limits(depth=3))
    assert r2.info.mate == -1


@pytest.mark.parametrize('variant,n,fen', [m for m in MATES if m[1] == 1])
def test_after_the_win_the_game_is_over(variant, n, fen):
    pos = start_position(variant, fen)
    pos.push(Searcher(hash_mb=4).search(pos, Limits(mate=1, nodes=200_000)).best)
    r = Searcher(hash_mb=4).search(pos, Limits(depth=3))
    if variant == 'oblong44':
        # Black was bared and cannot take White's last piece: whatever it
        # plays, White has won
        assert outcome(pos) == Outcome('1-0', 'bare-king', 1)
        assert legal_moves(pos) and r.info.mate == -1
    else:
        assert outcome(pos) == Outcome('1-0', 'checkmate', 1)
        assert r.best is None                   # the loser has nothing to play
