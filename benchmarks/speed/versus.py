"""Search speed of this tree against another version of the engine, side by side.

    python benchmarks/speed/versus.py [--ref REF] [--depth N] [--rounds N] [--json]

Builds the compiled core of git revision REF (default: the tag or commit
named by ``--ref``, e.g. ``v0.2.0`` or a commit hash) in a temporary git
worktree, then measures bench's search (its positions, each to ``--depth``
with a cleared 16 MB table, after an untimed depth-1 search that builds the
variant's tables) in this tree and in REF, alternately, ``--rounds`` times
each, every round in a fresh process of its own.  It prints the nodes (they
must be equal: a refactoring must not change the search), the best and the
median nodes per second of each, and their ratios.  Alternating rounds and
taking the best make the comparison fair on a busy machine; compare the
columns of one run, not runs.

The workload is the same code in both trees as long as REF has
``search.bench.POSITIONS``, ``search.Searcher`` and ``search.Limits``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

WORKER = r'''
import json, sys, time
from cazaux_engine import start_position, core_kind
from search import Limits, Searcher
from search.bench import HASH_MB, POSITIONS
depth = int(sys.argv[1])
assert core_kind() == 'compiled', 'the compiled core is not in use'
s = Searcher(hash_mb=HASH_MB)
nodes, seconds = 0, 0.0
for variant, fen in POSITIONS:
    pos = start_position(variant, fen)
    s.search(pos, Limits(depth=1))              # the variant's tables, untimed
    s.clear()
    t = time.perf_counter()
    s.search(pos, Limits(depth=depth))
    seconds += time.perf_counter() - t
    nodes += s.nodes
print(json.dumps({'nodes': nodes, 'seconds': seconds}))
'''


def run(cmd, cwd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, **kw)


def build(tree: str) -> None:
    """Compile the hot modules of ``tree`` beside their sources."""
    p = run([sys.executable, 'setup.py', '-q', 'build_ext', '--inplace'], tree)
    if p.returncode != 0:
        raise SystemExit(f'building the compiled core in {tree} failed:\n{p.stderr[-3000:]}')


def measure(tree: str, depth: int) -> dict:
    env = dict(os.environ, PYTHONPATH=tree)
    env.pop('CAZAUX_ENGINE_PURE', None)
    p = run([sys.executable, '-c', WORKER, str(depth)], tree, env=env, timeout=3600)
    if p.returncode != 0:
        raise SystemExit(f'the bench of {tree} failed:\n{p.stderr[-3000:]}')
    return json.loads(p.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description='search speed of this tree against a git revision')
    ap.add_argument('--ref', required=True, help='git revision to compare with (tag, branch, commit)')
    ap.add_argument('--depth', type=int, default=7, help='bench depth (default 7)')
    ap.add_argument('--rounds', type=int, default=5, help='rounds per tree (default 5)')
    ap.add_argument('--json', action='store_true', help='print the figures as JSON')
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix='cazaux-versus-') as tmp:
        ref_tree = os.path.join(tmp, 'ref')
        p = run(['git', 'worktree', 'add', '--detach', ref_tree, args.ref], ROOT)
        if p.returncode != 0:
            raise SystemExit(f'git worktree add {args.ref} failed: {p.stderr.strip()}')
        try:
            print(f'building {args.ref} and this tree ...', file=sys.stderr, flush=True)
            build(ref_tree)
            build(ROOT)
            results: dict = {'this tree': [], args.ref: []}
            for k in range(args.rounds):
                for name, tree in (('this tree', ROOT), (args.ref, ref_tree)):
                    r = measure(tree, args.depth)
                    results[name].append(r)
                    print(f'round {k + 1}/{args.rounds} {name}: {r["nodes"]} nodes '
                          f'{r["nodes"] / r["seconds"]:,.0f} nodes/s', file=sys.stderr, flush=True)
        finally:
            run(['git', 'worktree', 'remove', '--force', ref_tree], ROOT)
    table = {}
    for name, rs in results.items():
        nps = [r['nodes'] / r['seconds'] for r in rs]
        table[name] = {'nodes': rs[0]['nodes'], 'best_nps': max(nps),
                       'median_nps': statistics.median(nps), 'same_nodes': len({r['nodes'] for r in rs}) == 1}
    mine, ref = table['this tree'], table[args.ref]
    if args.json:
        print(json.dumps({'depth': args.depth, 'rounds': args.rounds, 'trees': table}, indent=1))
        return 0
    print(f'bench depth {args.depth}, {args.rounds} alternating rounds, each in a fresh process')
    print(f'{"":<12} {"nodes":>10} {"best nodes/s":>14} {"median nodes/s":>15}')
    for name, t in table.items():
        print(f'{name:<12} {t["nodes"]:>10} {t["best_nps"]:>14,.0f} {t["median_nps"]:>15,.0f}')
    print(f'{"ratio":<12} {"equal" if mine["nodes"] == ref["nodes"] else "DIFFER":>10} '
          f'{mine["best_nps"] / ref["best_nps"]:>14.3f} {mine["median_nps"] / ref["median_nps"]:>15.3f}')
    return 0 if mine['nodes'] == ref['nodes'] else 1


if __name__ == '__main__':
    sys.exit(main())
