"""Nodes per second and depth reached on the start position of every variant.

    python benchmarks/speed/search_variants.py [--seconds 10] [--variants chess,pemba]

Each start position is searched for a fixed time with a fresh searcher
(64 MB hash); the script prints the last completed depth, the nodes and the
nodes per second.
"""
from __future__ import annotations

import argparse
import time

from cazaux_engine import VARIANT_NAMES, move_text, start_position
from search import Limits, Searcher


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--seconds', type=float, default=10.0)
    ap.add_argument('--variants', default=','.join(VARIANT_NAMES))
    args = ap.parse_args(argv)
    print(f'{"variant":<18}{"depth":>6}{"seldepth":>9}{"nodes":>10}{"nps":>8}  best')
    for v in args.variants.split(','):
        pos = start_position(v)
        s = Searcher(hash_mb=64)
        t = time.perf_counter()
        r = s.search(pos, Limits(movetime=args.seconds))
        dt = time.perf_counter() - t
        print(f'{v:<18}{r.info.depth:>6}{r.info.seldepth:>9}{s.nodes:>10}{s.nodes / dt:>8.0f}  '
              f'{move_text(pos, r.best)}', flush=True)
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
