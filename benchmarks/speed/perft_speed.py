"""Perft speed: leaf nodes per second of every variant's start position, side
by side with python-chess's orthodox perft(5) measured in the same run.

    python benchmarks/speed/perft_speed.py [--quick] [--repeat N]

Both count the last ply without playing it (python-chess users do this with
``board.legal_moves.count()``).  Each figure is the best of ``--repeat`` runs
(default 1).  Ratios are engine / python-chess leaves per second.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))

from cazaux_engine import perft, start_position  # noqa: E402

DEPTHS = {'chess': 5, 'pemba': 4, 'zanzibar-s': 4, 'zanzibar-s-promo': 4,
          'zanzibar-xl': 4, 'maasai': 4, 'oblong44': 6}
QUICK = {'chess': 4, 'pemba': 3, 'zanzibar-s': 3, 'zanzibar-s-promo': 3,
         'zanzibar-xl': 3, 'maasai': 3, 'oblong44': 5}


def python_chess_perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += python_chess_perft(board, depth - 1)
        board.pop()
    return n


def timed(fn, repeat):
    best, result = None, None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return result, best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--quick', action='store_true', help='one ply less everywhere')
    ap.add_argument('--repeat', type=int, default=1, help='best of N runs')
    args = ap.parse_args()
    depths = QUICK if args.quick else DEPTHS
    try:
        import chess
    except ImportError:
        print('python-chess is needed for the reference (pip install chess)', file=sys.stderr)
        return 2
    ref_depth = depths['chess']
    ref_nodes, ref_t = timed(lambda: python_chess_perft(chess.Board(), ref_depth), args.repeat)
    ref_nps = ref_nodes / ref_t
    print(f'reference: python-chess {chess.__version__} perft({ref_depth}) from the start: '
          f'{ref_nodes} leaves in {ref_t:.2f} s = {ref_nps:,.0f} leaves/s')
    print(f'{"variant":18} {"depth":>5} {"leaves":>11} {"seconds":>8} {"leaves/s":>12} {"ratio":>6}')
    for name, depth in depths.items():
        start_position(name)            # compile the variant's tables outside the timing
        nodes, t = timed(lambda: perft(start_position(name), depth), args.repeat)
        nps = nodes / t
        print(f'{name:18} {depth:>5} {nodes:>11} {t:>8.2f} {nps:>12,.0f} {nps / ref_nps:>6.2f}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
