"""Search speed of this tree against another version of the engine, side by side.

    python benchmarks/speed/versus.py --ref REF [--depth N] [--rounds N] [--instructions]
                                      [--variant NAME ...] [--params SPEC] [--ref-params SPEC] [--json]

Builds the compiled core of git revision REF (default: the tag or commit
named by ``--ref``, e.g. ``v0.2.0`` or a commit hash) in a temporary git
worktree, then measures bench's search (its positions, each to ``--depth``
with a cleared 16 MB table, after an untimed depth-1 search that builds the
variant's tables) in this tree and in REF, alternately, ``--rounds`` times
each, every round in a fresh process of its own.  It prints the nodes (they
must be equal: a refactoring must not change the search), the best and the
median nodes per second of each, and their ratios.  Alternating rounds and
taking the best make the comparison fair on a busy machine; compare the
columns of one run, not runs.  Besides wall-clock nodes/s it prints nodes
per second of the process's own CPU time, which waiting for a busy CPU does
not inflate.

``--instructions`` counts instead the machine instructions of the search
with valgrind's callgrind (Debian package valgrind): the same count every
run, whatever else the machine is doing.  Each tree runs the workload to
``--depth`` and to depth 1 under callgrind; the difference is the search's
own instructions (start-up and table building cancel out), printed per
node and as a ratio.  It takes a few minutes (callgrind runs code about
fifty times slower).

``--variant NAME`` (may be repeated) keeps only the bench positions of
those variants, in both trees: e.g. ``--variant chess --instructions``
measures a change that concerns chess alone.

``--params`` and ``--ref-params`` set ``CAZAUX_ENGINE_PARAMS`` (e.g.
``SEE_PRUNE_DEPTH=0``) for this tree and for REF: with ``--ref HEAD`` they
measure what a switch of search/params.py costs or saves, e.g.
``--ref HEAD --ref-params SEE_PRUNE_DEPTH=0 --instructions``.  The nodes
then differ, and that is not an error.  Without them neither tree gets any
setting, whatever the environment holds.

The workload is the same code in both trees as long as REF has
``search.bench.POSITIONS``, ``search.Searcher`` and ``search.Limits``.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

WORKER = r'''
import json, sys, time
from search import params               # first: no module of search has copied a number yet
if hasattr(params, 'override_from_environment'):
    params.override_from_environment()
from cazaux_engine import start_position, core_kind
from search import Limits, Searcher
from search.bench import HASH_MB, POSITIONS
depth = int(sys.argv[1])
wanted = sys.argv[2].split(',') if len(sys.argv) > 2 and sys.argv[2] else None
POSITIONS = [(v, f) for v, f in POSITIONS if wanted is None or v in wanted]
assert POSITIONS, f'no bench position of the variants {wanted}'
assert core_kind() == 'compiled', 'the compiled core is not in use'
s = Searcher(hash_mb=HASH_MB)
for variant, fen in POSITIONS:                  # the variants' tables, untimed
    s.search(start_position(variant, fen), Limits(depth=1))
nodes, seconds, cpu = 0, 0.0, 0.0
for variant, fen in POSITIONS:
    pos = start_position(variant, fen)
    s.clear()
    t, c = time.perf_counter(), time.process_time()
    s.search(pos, Limits(depth=depth))
    seconds += time.perf_counter() - t
    cpu += time.process_time() - c
    nodes += s.nodes
print(json.dumps({'nodes': nodes, 'seconds': seconds, 'cpu': cpu}))
'''


def run(cmd, cwd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, **kw)


def build(tree: str) -> None:
    """Compile the hot modules of ``tree`` beside their sources."""
    p = run([sys.executable, 'setup.py', '-q', 'build_ext', '--inplace'], tree)
    if p.returncode != 0:
        raise SystemExit(f'building the compiled core in {tree} failed:\n{p.stderr[-3000:]}')


def measure(tree: str, depth: int, prefix: tuple = (), settings: str = '',
            variants: tuple = ()) -> tuple[dict, str]:
    """The worker's figures in ``tree`` (run under ``prefix``, with
    ``CAZAUX_ENGINE_PARAMS=settings``, on the bench positions of
    ``variants`` or, if none, all), and its stderr."""
    env = dict(os.environ, PYTHONPATH=tree)
    env.pop('CAZAUX_ENGINE_PURE', None)
    env.pop('CAZAUX_ENGINE_PARAMS', None)
    if settings:
        env['CAZAUX_ENGINE_PARAMS'] = settings
    p = run([*prefix, sys.executable, '-c', WORKER, str(depth), ','.join(variants)], tree,
            env=env, timeout=7200)
    if p.returncode != 0:
        raise SystemExit(f'the bench of {tree} failed:\n{p.stderr[-3000:]}')
    return json.loads(p.stdout.strip().splitlines()[-1]), p.stderr


def instructions(tree: str, depth: int, tmp: str, settings: str = '', variants: tuple = ()) -> dict:
    """Callgrind's instruction count of the search to ``depth`` in ``tree``
    (the count to ``depth`` less the count to depth 1: start-up cancels out)."""
    counts = []
    for d in (depth, 1):
        out = os.path.join(tmp, 'callgrind.out')
        r, err = measure(tree, d, ('valgrind', '--tool=callgrind', f'--callgrind-out-file={out}'),
                         settings, variants)
        found = re.search(r'Collected\s*:\s*(\d+)', err) or re.search(r'refs:\s*([\d,]+)', err)
        if found is None:
            raise SystemExit(f'no instruction count in valgrind\'s output:\n{err[-2000:]}')
        counts.append((int(found.group(1).replace(',', '')), r['nodes']))
    (full, nodes), (setup, _) = counts
    return {'nodes': nodes, 'instructions': full - setup}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description='search speed of this tree against a git revision')
    ap.add_argument('--ref', required=True, help='git revision to compare with (tag, branch, commit)')
    ap.add_argument('--depth', type=int, default=7, help='bench depth (default 7)')
    ap.add_argument('--rounds', type=int, default=5, help='rounds per tree (default 5)')
    ap.add_argument('--instructions', action='store_true',
                    help='count instructions with valgrind (one run per tree) instead of timing')
    ap.add_argument('--params', default='', metavar='SPEC',
                    help='CAZAUX_ENGINE_PARAMS for this tree, e.g. SEE_PRUNE_DEPTH=0 (default: none)')
    ap.add_argument('--ref-params', default='', metavar='SPEC',
                    help='CAZAUX_ENGINE_PARAMS for REF (default: none)')
    ap.add_argument('--variant', action='append', default=[], metavar='NAME',
                    help='only the bench positions of this variant (may be repeated; default: all)')
    ap.add_argument('--json', action='store_true', help='print the figures as JSON')
    args = ap.parse_args(argv)
    known = bench_variants()
    unknown = sorted(set(args.variant) - known)
    if unknown:
        ap.error(f'no bench position of {", ".join(unknown)} (the bench has: {", ".join(sorted(known))})')
    variants = tuple(args.variant)
    if args.instructions and shutil.which('valgrind') is None:
        raise SystemExit('--instructions needs valgrind (Debian: apt-get install valgrind)')
    with tempfile.TemporaryDirectory(prefix='cazaux-versus-') as tmp:
        ref_tree = os.path.join(tmp, 'ref')
        p = run(['git', 'worktree', 'add', '--detach', ref_tree, args.ref], ROOT)
        if p.returncode != 0:
            raise SystemExit(f'git worktree add {args.ref} failed: {p.stderr.strip()}')
        try:
            print(f'building {args.ref} and this tree ...', file=sys.stderr, flush=True)
            build(ref_tree)
            build(ROOT)
            trees = (('this tree', ROOT, args.params), (args.ref, ref_tree, args.ref_params))
            if args.instructions:
                counted = {}
                for name, tree, settings in trees:
                    counted[name] = instructions(tree, args.depth, tmp, settings, variants)
                    print(f'{name}: {counted[name]["instructions"]:,} instructions',
                          file=sys.stderr, flush=True)
            else:
                results: dict = {name: [] for name, _, _ in trees}
                for k in range(args.rounds):
                    for name, tree, settings in trees:
                        r, _ = measure(tree, args.depth, (), settings, variants)
                        results[name].append(r)
                        print(f'round {k + 1}/{args.rounds} {name}: {r["nodes"]} nodes '
                              f'{r["nodes"] / r["seconds"]:,.0f} nodes/s wall, '
                              f'{r["nodes"] / r["cpu"]:,.0f} CPU', file=sys.stderr, flush=True)
        finally:
            run(['git', 'worktree', 'remove', '--force', ref_tree], ROOT)
    if args.instructions:
        return report_instructions(args, counted)
    table = {}
    for name, rs in results.items():
        nps = [r['nodes'] / r['seconds'] for r in rs]
        cps = [r['nodes'] / r['cpu'] for r in rs]
        table[name] = {'nodes': rs[0]['nodes'], 'best_nps': max(nps),
                       'median_nps': statistics.median(nps), 'best_cpu_nps': max(cps),
                       'median_cpu_nps': statistics.median(cps),
                       'same_nodes': len({r['nodes'] for r in rs}) == 1}
    mine, ref = table['this tree'], table[args.ref]
    if args.json:
        print(json.dumps({'depth': args.depth, 'rounds': args.rounds, 'variants': args.variant,
                          'params': args.params,
                          'ref_params': args.ref_params, 'trees': table}, indent=1))
        return 0 if nodes_word(mine, ref, args) != 'DIFFER' else 1
    print(f'bench depth {args.depth}, {args.rounds} alternating rounds, each in a fresh process')
    print_settings(args)
    print(f'{"":<12} {"nodes":>10} {"best nodes/s":>14} {"median nodes/s":>15} '
          f'{"best CPU n/s":>14} {"median CPU n/s":>15}')
    for name, t in table.items():
        print(f'{name:<12} {t["nodes"]:>10} {t["best_nps"]:>14,.0f} {t["median_nps"]:>15,.0f} '
              f'{t["best_cpu_nps"]:>14,.0f} {t["median_cpu_nps"]:>15,.0f}')
    print(f'{"ratio":<12} {nodes_word(mine, ref, args):>10} '
          f'{mine["best_nps"] / ref["best_nps"]:>14.3f} {mine["median_nps"] / ref["median_nps"]:>15.3f} '
          f'{mine["best_cpu_nps"] / ref["best_cpu_nps"]:>14.3f} '
          f'{mine["median_cpu_nps"] / ref["median_cpu_nps"]:>15.3f}')
    return 0 if nodes_word(mine, ref, args) != 'DIFFER' else 1


def bench_variants() -> set:
    """The variants of this tree's bench positions, read from the source
    of search/bench.py (importing it would need this tree's compiled core
    to be current, which it is not before the build of a tree just edited)."""
    with open(os.path.join(ROOT, 'search', 'bench.py'), encoding='utf-8') as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, 'id', '') for t in node.targets] == ['POSITIONS']:
            return {v for v, _ in ast.literal_eval(node.value)}
    raise SystemExit('search/bench.py has no POSITIONS list')


def nodes_word(mine: dict, ref: dict, args) -> str:
    """'equal', or 'differ' where the settings differ (expected), or 'DIFFER'
    (an error: the exit status is 1)."""
    if mine['nodes'] == ref['nodes']:
        return 'equal'
    return 'differ' if args.params != args.ref_params else 'DIFFER'


def print_settings(args) -> None:
    if args.variant:
        print(f'positions: the bench\'s of {", ".join(args.variant)}')
    if args.params or args.ref_params:
        print(f'settings: this tree {args.params or "none"}; {args.ref} {args.ref_params or "none"} '
              f'(nodes {"may differ" if args.params != args.ref_params else "must be equal"})')


def report_instructions(args, counted: dict) -> int:
    mine, ref = counted['this tree'], counted[args.ref]
    if args.json:
        print(json.dumps({'depth': args.depth, 'variants': args.variant, 'params': args.params,
                          'ref_params': args.ref_params, 'trees': counted}, indent=1))
    else:
        print(f'bench depth {args.depth}: instructions of the search (callgrind)')
        print_settings(args)
        print(f'{"":<12} {"nodes":>10} {"instructions":>16} {"per node":>10}')
        for name, t in counted.items():
            print(f'{name:<12} {t["nodes"]:>10} {t["instructions"]:>16,} '
                  f'{t["instructions"] / t["nodes"]:>10,.0f}')
        print(f'{"ratio":<12} {nodes_word(mine, ref, args):>10} '
              f'{mine["instructions"] / ref["instructions"]:>16.3f} '
              f'(speed ratio about {ref["instructions"] / mine["instructions"]:.3f})')
    return 0 if nodes_word(mine, ref, args) != 'DIFFER' else 1


if __name__ == '__main__':
    sys.exit(main())
