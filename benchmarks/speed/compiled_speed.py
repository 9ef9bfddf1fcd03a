"""Speed of the compiled core against the interpreted one, side by side in one run.

    python benchmarks/speed/compiled_speed.py [--quick] [--depth N] [--repeat N]
                                        [--thread-seconds S] [--json]

Three tables, every figure measured in this run:

* search: nodes per second of ``cazaux-engine bench`` (its positions grouped
  by variant, each searched to ``--depth`` with a cleared 16 MB table, as
  bench does, after an untimed depth-1 search that builds the variant's
  tables), compiled and interpreted, and their ratio;
* perft: leaves per second from each start position (the last ply counted
  without playing it, depths as benchmarks/speed/perft_speed.py), compiled and
  interpreted, next to python-chess's orthodox perft (5; 4 with --quick)
  measured here too;
* threads: nodes per second of the compiled core searching each start
  position for ``--thread-seconds`` with 1 and with 2 threads
  (``Searcher.set_threads``; "n/a" while the searcher has none).

The compiled and the interpreted core each run in a subprocess of their own:
the same modules, with ``CAZAUX_ENGINE_PURE=0`` and ``=1``.  Node and leaf
counts must be equal in both; the table says so.  Ratios are compiled /
interpreted and compiled / python-chess.  Figures depend on the machine and
its load: compare the columns of one run, not runs.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)

from perft_speed import DEPTHS, QUICK, python_chess_perft, timed  # noqa: E402

BENCH_DEPTH = 5
QUICK_BENCH_DEPTH = 4
MODES = {'compiled': '0', 'interpreted': '1'}


# -- the measurements, run in a worker process of one core ------------------------

def bench_by_variant(depth: int, repeat: int) -> dict:
    """Nodes and best seconds of bench's positions, summed per variant."""
    from cazaux_engine import start_position
    from search.bench import HASH_MB, POSITIONS
    from search.searcher import Searcher
    from search.types import Limits
    s = Searcher(hash_mb=HASH_MB)
    out: dict = {}
    for variant, fen in POSITIONS:
        pos = start_position(variant, fen)
        s.search(pos, Limits(depth=1))      # the variant's lazy tables, outside the timing
        best = None
        for _ in range(repeat):
            s.clear()
            t = time.perf_counter()
            s.search(pos, Limits(depth=depth))
            dt = time.perf_counter() - t
            best = dt if best is None else min(best, dt)
        row = out.setdefault(variant, {'positions': 0, 'nodes': 0, 'seconds': 0.0})
        row['positions'] += 1
        row['nodes'] += s.nodes
        row['seconds'] += best
    return out


def perft_by_variant(depths: dict, repeat: int) -> dict:
    from cazaux_engine import perft, start_position
    out = {}
    for name, depth in depths.items():
        start_position(name)            # the variant's tables, outside the timing
        leaves, t = timed(lambda: perft(start_position(name), depth), repeat)
        out[name] = {'depth': depth, 'leaves': leaves, 'seconds': t}
    return out


def threads_nps(seconds: float) -> dict | None:
    """Nodes per second with 1 and 2 threads over every start position, or None
    when the searcher cannot use threads."""
    from cazaux_engine import VARIANT_NAMES, start_position
    from search.searcher import Searcher
    from search.types import Limits
    if not hasattr(Searcher, 'set_threads'):
        return None
    out = {}
    for n in (1, 2):
        s = Searcher(hash_mb=64)
        s.set_threads(n)
        nodes, elapsed = 0, 0.0
        for variant in VARIANT_NAMES:
            s.clear()
            t = time.perf_counter()
            s.search(start_position(variant), Limits(movetime=seconds))
            elapsed += time.perf_counter() - t
            nodes += s.nodes
        out[str(n)] = {'nodes': nodes, 'seconds': elapsed}
    return out


def worker(args) -> int:
    from cazaux_engine import compiled, engine_name
    report = {'core': engine_name(), 'kind': compiled.core_kind(),
              'why': compiled.why_interpreted(),
              'bench': bench_by_variant(args.depth, args.repeat),
              'perft': perft_by_variant(QUICK if args.quick else DEPTHS, args.repeat),
              'threads': threads_nps(args.thread_seconds) if args.threads else None}
    print(json.dumps(report))
    return 0


def run_worker(mode: str, args) -> dict:
    env = dict(os.environ, CAZAUX_ENGINE_PURE=MODES[mode])
    cmd = [sys.executable, os.path.abspath(__file__), '--worker', '--depth', str(args.depth),
           '--repeat', str(args.repeat), '--thread-seconds', str(args.thread_seconds)]
    if args.quick:
        cmd.append('--quick')
    if mode == 'compiled':
        cmd.append('--threads')
    p = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True,
                       stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        raise SystemExit(f'the {mode} worker failed (exit {p.returncode}):\n{p.stderr}')
    return json.loads(p.stdout.splitlines()[-1])


# -- the report -----------------------------------------------------------------

def rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else 0.0


def print_report(ref: dict, comp: dict, interp: dict, args) -> None:
    print(f'compiled:    {comp["core"]}')
    print(f'interpreted: {interp["core"]} (CAZAUX_ENGINE_PURE=1)')

    print(f'\nsearch: bench --depth {args.depth}, nodes/s by variant (bench\'s positions grouped)')
    print(f'{"variant":18} {"pos":>3} {"nodes":>9} {"same":>4} {"compiled n/s":>13} '
          f'{"interpreted n/s":>16} {"ratio":>6}')
    totals = {'compiled': [0, 0.0], 'interpreted': [0, 0.0]}
    for variant, c in comp['bench'].items():
        i = interp['bench'][variant]
        for mode, row in (('compiled', c), ('interpreted', i)):
            totals[mode][0] += row['nodes']
            totals[mode][1] += row['seconds']
        cr, ir = rate(c['nodes'], c['seconds']), rate(i['nodes'], i['seconds'])
        print(f'{variant:18} {c["positions"]:>3} {c["nodes"]:>9} '
              f'{"yes" if c["nodes"] == i["nodes"] else "NO":>4} {cr:>13,.0f} {ir:>16,.0f} '
              f'{cr / ir if ir else 0:>5.1f}x')
    (cn, cs), (inn, ins) = totals['compiled'], totals['interpreted']
    print(f'{"all":18} {"":>3} {cn:>9} {"yes" if cn == inn else "NO":>4} {rate(cn, cs):>13,.0f} '
          f'{rate(inn, ins):>16,.0f} {rate(cn, cs) / rate(inn, ins) if ins else 0:>5.1f}x')

    ref_rate = rate(ref['leaves'], ref['seconds'])
    print(f'\nperft: leaves/s from each start position (last ply counted, not played)')
    print(f'reference: python-chess {ref["version"]} orthodox perft({ref["depth"]}): '
          f'{ref["leaves"]} leaves in {ref["seconds"]:.2f} s = {ref_rate:,.0f} leaves/s')
    print(f'{"variant":18} {"depth":>5} {"leaves":>10} {"same":>4} {"compiled/s":>12} '
          f'{"interpreted/s":>14} {"vs interp":>9} {"vs python-chess":>15}')
    for variant, c in comp['perft'].items():
        i = interp['perft'][variant]
        cr, ir = rate(c['leaves'], c['seconds']), rate(i['leaves'], i['seconds'])
        print(f'{variant:18} {c["depth"]:>5} {c["leaves"]:>10} '
              f'{"yes" if c["leaves"] == i["leaves"] else "NO":>4} {cr:>12,.0f} {ir:>14,.0f} '
              f'{cr / ir if ir else 0:>8.1f}x {cr / ref_rate:>14.1f}x')

    print(f'\nthreads: compiled nodes/s, {args.thread_seconds:g} s from each start position')
    th = comp['threads']
    if th is None:
        print('1 thread: n/a   2 threads: n/a   ratio: n/a   (Searcher.set_threads does not exist yet)')
    else:
        one, two = (rate(th[n]['nodes'], th[n]['seconds']) for n in ('1', '2'))
        print(f'1 thread: {one:,.0f}   2 threads: {two:,.0f}   ratio: {two / one if one else 0:.2f}x')


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--quick', action='store_true',
                    help=f'bench depth {QUICK_BENCH_DEPTH} and one perft ply less everywhere')
    ap.add_argument('--depth', type=int, help=f'bench search depth (default {BENCH_DEPTH})')
    ap.add_argument('--repeat', type=int, default=1, help='best of N runs of each (default 1)')
    ap.add_argument('--thread-seconds', type=float, default=2.0,
                    help='seconds of each threads search (default 2)')
    ap.add_argument('--json', action='store_true', help='print the raw figures as JSON too')
    ap.add_argument('--worker', action='store_true', help=argparse.SUPPRESS)
    ap.add_argument('--threads', action='store_true', help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.depth is None:
        args.depth = QUICK_BENCH_DEPTH if args.quick else BENCH_DEPTH
    if args.worker:
        return worker(args)
    try:
        import chess
    except ImportError:
        print('python-chess is needed for the reference (pip install chess)', file=sys.stderr)
        return 2
    comp = run_worker('compiled', args)
    if comp['kind'] != 'compiled':
        print(f'error: the compiled core is not in use: {comp["why"]}', file=sys.stderr)
        return 1
    interp = run_worker('interpreted', args)
    depth = (QUICK if args.quick else DEPTHS)['chess']
    leaves, seconds = timed(lambda: python_chess_perft(chess.Board(), depth), args.repeat)
    ref = {'version': chess.__version__, 'depth': depth, 'leaves': leaves, 'seconds': seconds}
    print_report(ref, comp, interp, args)
    if args.json:
        print(json.dumps({'python-chess': ref, 'compiled': comp, 'interpreted': interp}, indent=1))
    return 0


if __name__ == '__main__':
    sys.exit(main())
