"""Random Oblong 44 endings in which one side has a single unit left.

    python benchmarks/strength/endings.py COUNT SEED > endings.txt

Prints COUNT start positions, one FEN a line (``cazaux-engine match
--openings FILE`` takes them): a King and 2 or 3 units drawn from Knight,
Ferz, Alfil, Dabbaba and Pawn against a King and one unit drawn from
Knight, Ferz, Alfil and Dabbaba, on random squares (Pawns not on the first
or last rank), the side ahead and the side to move each White or Black at
random; kept only when legal, with neither side in check, the side to move
with a legal move and no capture. Under the bare-King rule taking that
last unit wins, so these are the positions the hunting term (``HUNT_KING``,
``HUNT_GUARD``, docs/search.md) is for. The same COUNT and SEED give the
same lines.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from cazaux_engine import FenError, legal_moves, start_position     # noqa: E402
from cazaux_engine.setups import placement_of_rows                   # noqa: E402

FILES, RANKS = 4, 11


def fen_of(board: dict, turn: str) -> str:
    rows = [[board.get((f, r), '') for f in range(FILES)] for r in range(RANKS)]
    return placement_of_rows(rows) + f' {turn} - - 0 1'


def in_check(fen: str) -> bool:
    return start_position('oblong44', fen).in_check()


def ending(rng: random.Random) -> str | None:
    """One random ending, or None when the draw is not kept."""
    ahead, behind = (str.upper, str.lower) if rng.random() < 0.5 else (str.lower, str.upper)
    units = [rng.choice('NFEDP') for _ in range(rng.choice((2, 3)))]
    board: dict = {}

    def put(letter: str) -> None:
        while True:
            f, r = rng.randrange(FILES), rng.randrange(RANKS)
            if letter in 'Pp' and r in (0, RANKS - 1):
                continue
            if (f, r) not in board:
                board[(f, r)] = letter
                return

    put(ahead('K'))
    put(behind('K'))
    for u in units:
        put(ahead(u))
    put(behind(rng.choice('NFED')))
    turn = rng.choice('wb')
    fen = fen_of(board, turn)
    try:
        pos = start_position('oblong44', fen)
        if pos.in_check() or in_check(fen_of(board, 'b' if turn == 'w' else 'w')):
            return None
    except (FenError, ValueError):
        return None
    if legal_moves(pos, captures=True) or not legal_moves(pos):
        return None
    return fen


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('count', type=int, help='how many endings')
    ap.add_argument('seed', type=int, help='the random seed')
    args = ap.parse_args(argv)
    if args.count < 1:
        ap.error('COUNT must be at least 1')
    rng = random.Random(args.seed)
    seen: set = set()
    while len(seen) < args.count:
        fen = ending(rng)
        if fen and fen not in seen:
            seen.add(fen)
            print(fen, flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
