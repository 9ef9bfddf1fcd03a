"""Perft: count the leaf nodes of the legal-move tree (a move generator check).

>>> from cazaux_engine.variants import get_variant
>>> from cazaux_engine.fen import start_position
>>> perft(start_position(get_variant('chess')), 3)
8902
"""
from __future__ import annotations

import sys
import time

from .fen import FenError, parse_fen
from .movegen import legal_moves, perft
from .notation import move_text
from .position import Position
from .registry import Registry
from .variants import VariantError


def divide(pos: Position, depth: int) -> list[tuple[str, int]]:
    """(move text, leaf count) for each root move, in generation order."""
    out = []
    for m in legal_moves(pos):
        pos.push(m)
        out.append((m, perft(pos, depth - 1)))
        pos.pop()
    return [(move_text(pos, m), n) for m, n in out]


USAGE = """usage: cazaux-engine perft [--variants FILE] VARIANT [FEN|startpos] DEPTH [--divide]

Count the leaf nodes of the legal move tree DEPTH plies deep from the start
position of VARIANT or from FEN (quoted or not).  With --divide, first print
each root move and its count.  The last line printed ends with the total.
Ranks are numbered from 1 on every board (UCI / FEN convention).
--variants FILE first adds the variants of a variant file (docs/variants.md)."""


def main(argv: list[str], registry: Registry | None = None) -> int:
    """Command line: ``cazaux-engine perft``; ``registry`` knows the variants
    (default: the built-in ones)."""
    args = [a for a in argv if a != '--divide']
    if any(a in ('-h', '--help') for a in argv):
        print(USAGE)
        return 0
    if len(args) < 2:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        variant = (registry or Registry()).get(args[0])
    except VariantError as e:
        print(f'error: {e}', file=sys.stderr)
        return 2
    if not args[-1].isdigit():
        print(f'error: DEPTH must be a non-negative number, not {args[-1]!r}', file=sys.stderr)
        return 2
    depth = int(args[-1])
    fen = ' '.join(args[1:-1])
    try:
        pos = parse_fen(variant, variant.start if fen in ('', 'startpos') else fen)
    except FenError as e:
        print(f'error: invalid FEN: {e}', file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    if '--divide' in argv and depth >= 1:
        rows = divide(pos, depth)
        for text, n in rows:
            print(f'{text}: {n}')
        total = sum(n for _, n in rows)
        print()
    else:
        total = perft(pos, depth)
    dt = time.perf_counter() - t0
    print(f'# {dt:.3f} s, {total / dt if dt > 0 else 0:.0f} leaves/s', file=sys.stderr)
    print(f'Nodes searched: {total}')
    return 0
