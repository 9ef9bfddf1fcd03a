"""``cazaux-engine bench [--depth N]``: a fixed-depth search signature.

Searches a fixed set of positions (the start and a middle-game position of
every variant, plus a few tactical and end-game positions) to a fixed
depth, each with a freshly cleared searcher of fixed hash size, and prints
the nodes of each and their total.  The total is deterministic: it changes
only when the search or the evaluation changes, so it is pinned by a test
and quoted in commit messages that change search behaviour.  Nodes per
second measure the speed of this machine.  With ``--variants FILE`` (see
:mod:`protocol.cli`) the start position of each variant of the file is
searched too, after the fixed ones.
"""
from __future__ import annotations

import argparse
import time

from cazaux_engine import move_text, start_position
from cazaux_engine.registry import Registry

from .searcher import Searcher
from .types import Limits

DEFAULT_DEPTH = 5
HASH_MB = 16

POSITIONS = [
    ('chess', None),
    ('chess', 'r1bqkb1r/1p1ppppp/n1p2n2/p2P4/8/P1N1BN2/1PP1PPPP/R2QKB1R w KQkq - 0 7'),
    ('chess', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'),
    ('chess', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'),
    ('pemba', None),
    ('pemba', 'cmvzwwkv1c/ernbqmbn1r/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQMBN1R/CMVZWWKV1C w - - 2 7'),
    ('zanzibar-s', None),
    ('zanzibar-s', 'cm1v1qkuvzmc/ernbwlgwbnr1/ppppZppipppp/6f2e2/12/12/12/12/6FZ1E2/'
                   'PPPP1PPIPPPP/ERNBWLGWBNR1/CM1V1QKzV1MC w Kk - 0 7'),
    ('zanzibar-s-promo', '12/3N4k3/12/5p6/12/12/12/12/12/12/2K9/12 w - - 0 1'),
    ('zanzibar-xl', None),
    ('zanzibar-xl', 'cmzv1qkuvzmc/1rnbs1gdbnr1/pp1piwwipppp/2eppppp1e2/6f5/12/12/12/'
                    '2EFPPPP1E2/PPPPIWWIPPPP/1RNBSLG1BNR1/CMZV1QKUVZMC w Kk - 0 7'),
    ('maasai', None),
    ('maasai', 'cmzv1qkuvz1c/ernbslgmbnre/aaaaiwwiaaaa/pppppp1ppppp/6p1f3/12/12/6FP1P2/'
               'PPPPPPPP2PP/AAAAIWWIAAAA/ERNBSLGMBNRE/CMZV1QKUVZ1C w Kk - 1 7'),
    ('oblong44', None),
    ('oblong44', 'ekf1/1nn1/2dd/ppp1/3e/3P/1P1D/P3/D1E1/1NN1/1FKE w - - 1 9'),
]


def run(depth: int = DEFAULT_DEPTH, out=print, extra: tuple = ()) -> tuple[int, float]:
    """Search every bench position to ``depth``, then the start position of
    each variant of ``extra`` (Variant objects); return (total nodes, seconds)."""
    s = Searcher(hash_mb=HASH_MB)
    total, elapsed = 0, 0.0
    for variant, fen in POSITIONS + [(v, None) for v in extra]:
        pos = start_position(variant, fen)
        variant = pos.rules.variant.name
        s.clear()
        t = time.perf_counter()
        r = s.search(pos, Limits(depth=depth))
        dt = time.perf_counter() - t
        total += s.nodes
        elapsed += dt
        if out:
            best = move_text(pos, r.best) if r.best is not None else '(none)'
            out(f'{variant:<17} {s.nodes:>9} nodes {dt:7.2f} s  best {best:<8} '
                f'score {r.info.score if r.info else 0}')
    return total, elapsed


def main(argv: list[str] | None = None, registry: Registry | None = None) -> int:
    """Command line: ``cazaux-engine bench``; the variants of files in
    ``registry`` are searched after the fixed positions."""
    ap = argparse.ArgumentParser(prog='cazaux-engine bench',
                                 description='fixed-depth searches of fixed positions of every variant',
                                 epilog='cazaux-engine bench --variants FILE also searches the start '
                                        'position of each variant of a variant file (docs/variants.md)')
    ap.add_argument('--depth', type=int, default=DEFAULT_DEPTH,
                    help=f'search depth (default {DEFAULT_DEPTH})')
    args = ap.parse_args(argv)
    if args.depth < 1:
        ap.error('--depth must be at least 1')
    registry = registry or Registry()
    total, elapsed = run(args.depth, extra=tuple(registry.get(n) for n in registry.user_names()))
    print(f'Total nodes: {total}')
    print(f'Time: {elapsed:.2f} s')
    print(f'Nodes/second: {int(total / elapsed) if elapsed > 0 else 0}')
    return 0
