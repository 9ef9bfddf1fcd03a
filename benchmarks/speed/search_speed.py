"""Search speed on orthodox chess: our nodes per second against sunfish's.

Both engines search the same chess positions for the same time, one after
the other, in this process (so both see the same machine load).  A node is
one call of the tree search, quiescence included, for both engines.

    python benchmarks/speed/search_speed.py [--seconds 3]

Prints per position the nodes per second of each engine, then the ratio of
the totals (our nps / sunfish nps).  Needs the ``sunfish`` package.
"""
from __future__ import annotations

import argparse
import time

import sunfish
import sunfish_ui.uci as sunfish_uci

from cazaux_engine import start_position
from search import Limits, Searcher

FENS = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 b - - 0 9',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    '6k1/pp3ppp/4p3/8/8/4P3/PP3PPP/6K1 w - - 0 1',
]


def ours(fen: str, seconds: float) -> tuple[int, float]:
    s = Searcher(hash_mb=64)
    pos = start_position('chess', fen)
    t = time.perf_counter()
    s.search(pos, Limits(movetime=seconds))
    return s.nodes, time.perf_counter() - t


def theirs(fen: str, seconds: float) -> tuple[int, float]:
    sunfish_uci.sunfish = sunfish          # the helper module expects its engine here
    pos = sunfish_uci.from_fen(*fen.split())
    s = sunfish.Searcher()
    t = time.perf_counter()
    s.deadline = time.time() + seconds     # sunfish checks its deadline inside the tree
    try:
        for _ in s.search([pos]):
            if time.perf_counter() - t >= seconds:
                break
    except sunfish.Stop:
        pass
    return s.nodes, time.perf_counter() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--seconds', type=float, default=3.0, help='search time per position and engine')
    args = ap.parse_args(argv)
    tot = {'ours': [0, 0.0], 'sunfish': [0, 0.0]}
    print(f'{"position":<14}{"ours nps":>10}{"sunfish nps":>13}{"ratio":>8}')
    for i, fen in enumerate(FENS, 1):
        n1, t1 = ours(fen, args.seconds)
        n2, t2 = theirs(fen, args.seconds)
        tot['ours'][0] += n1
        tot['ours'][1] += t1
        tot['sunfish'][0] += n2
        tot['sunfish'][1] += t2
        a, b = n1 / t1, n2 / t2
        print(f'{"chess #" + str(i):<14}{a:>10.0f}{b:>13.0f}{a / b:>8.2f}')
    a = tot['ours'][0] / tot['ours'][1]
    b = tot['sunfish'][0] / tot['sunfish'][1]
    print(f'{"total":<14}{a:>10.0f}{b:>13.0f}{a / b:>8.2f}')
    print(f'ratio (our nps / sunfish nps): {a / b:.2f}')
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
