"""Recompute the bench's node-count pins, say which moved, and optionally
write the new ones into the files that pin them.

A change to the search or to a variant's evaluation moves the node count of
``cazaux-engine bench``, and with it about forty numbers pinned in tests and
docs.  This tool measures them all with the build in use (compiled or
``CAZAUX_ENGINE_PURE=1``: both count the same nodes) and prints one row each:

* the bench at depth 4 (``BENCH_NODES`` of tests/search/test_search.py, also
  in tests/tournament/test_versus.py, packaging/smoke.py and docs/search.md),
  and at depths 5 and 6 (quoted in comments of ``SWITCHED_BENCH``);
* every row of ``SWITCHED_BENCH`` (the bench with one switch of
  search/params.py set otherwise);
* the bench with every switch set through ``CAZAUX_ENGINE_PARAMS``
  (``SWITCHES_NODES`` of tests/packaging/test_compiled_core.py), run as the
  test runs it, in a child process;
* the two switched benches of tests/tournament/test_versus.py (in a child
  process too: the settings parsed by search/params.py, as that test's
  worker has them parsed);
* the bench's node counts per variant at depth 4, from the same search as
  its total (tests/tuning pins some of them; printed, never written).

    python tests/tools/pins.py            # print; exit status 1 if a pin moved
    python tests/tools/pins.py --write    # ... and write the new numbers in place

Run it from the repository's root.  ``--write`` changes only the numbers of
the rows that moved, at the places listed above; the commit that changes
the search says why they moved.  Pins elsewhere (positions searched to a
fixed depth, tuned data's tables) stay for pytest to report.
"""
from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT]

from search import params  # noqa: E402
from search.bench import POSITIONS  # noqa: E402
from search.bench import run as bench_run  # noqa: E402

TEST_SEARCH = 'tests/search/test_search.py'
TEST_COMPILED = 'tests/packaging/test_compiled_core.py'
TEST_VERSUS = 'tests/tournament/test_versus.py'
SMOKE = 'packaging/smoke.py'
SEARCH_DOC = 'docs/search.md'
VERSUS_SWITCHED = ('SEE_PRUNE_DEPTH=0', 'SEE_PRUNE_DEPTH=0,CAPTURE_HISTORY=0')


def bench_with(settings: dict, depth: int) -> int:
    """The bench's total at ``depth`` with ``settings`` set in search.params
    (as the tests set them), then put back."""
    old = {name: getattr(params, name) for name in settings}
    try:
        for name, value in settings.items():
            setattr(params, name, value)
        return bench_run(depth, out=None)[0]
    finally:
        for name, value in old.items():
            setattr(params, name, value)


def bench_in_child(depth: int, settings: str) -> int:
    """``python -m cazaux_engine bench`` with CAZAUX_ENGINE_PARAMS=``settings``
    (``NAME=VALUE,...``), as tests/packaging/test_compiled_core.py runs it."""
    env = dict(os.environ, CAZAUX_ENGINE_PARAMS=settings)
    p = subprocess.run([sys.executable, '-m', 'cazaux_engine', 'bench', '--depth', str(depth)],
                       cwd=ROOT, env=env, capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, check=False)
    if p.returncode != 0:
        sys.exit(f'pins: the bench with {settings} failed: {p.stderr.strip()}')
    totals = [line for line in p.stdout.splitlines() if line.startswith('Total nodes:')]
    return int(totals[0].split(':')[1])


def bench_by_variant(depth: int) -> tuple[int, dict[str, list[int]]]:
    """The bench's total at ``depth``, and the node count of each of its
    positions by variant (from the lines the bench prints)."""
    counts: dict[str, list[int]] = {}
    lines: list[str] = []
    total = bench_run(depth, out=lines.append)[0]
    for (variant, _), line in zip(POSITIONS, lines):
        counts.setdefault(variant, []).append(int(line.split()[1]))
    return total, counts


class Pin:
    """One pinned number: what it is, where, the number pinned and the one measured."""

    def __init__(self, label: str, pinned: int | None, now: int):
        self.label, self.pinned, self.now = label, pinned, now

    @property
    def moved(self) -> bool:
        return self.pinned is not None and self.pinned != self.now


def read(path: str) -> str:
    with open(os.path.join(ROOT, path), encoding='utf-8') as f:
        return f.read()


def write(path: str, text: str) -> None:
    with open(os.path.join(ROOT, path), 'w', encoding='utf-8') as f:
        f.write(text)


def sub_number(text: str, old: int, new: int) -> str:
    """Every whole-word ``old`` in ``text`` as ``new``."""
    return re.sub(rf'\b{old}\b', str(new), text)


def assigned(path: str, name: str):
    """The value of the module-level assignment to ``name`` in ``path``
    (a literal: a number, a string, a list of tuples), read without
    importing the test module."""
    tree = ast.parse(read(path))
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id == name:
                    return ast.literal_eval(node.value)
                if isinstance(target, ast.Tuple):
                    names = [t.id for t in target.elts if isinstance(t, ast.Name)]
                    if name in names:
                        return ast.literal_eval(node.value)[names.index(name)]
    sys.exit(f'pins: {path}: no assignment to {name}')


def measure() -> tuple[list[Pin], dict[str, list[int]]]:
    """Every pin, measured; and the plain bench's node counts by variant."""
    depth = assigned(TEST_SEARCH, 'BENCH_DEPTH')
    bench, counts = bench_by_variant(depth)
    pins = [Pin(f'bench depth {depth}', assigned(TEST_SEARCH, 'BENCH_NODES'), bench)]
    for deeper in (5, 6):
        quoted = re.findall(rf'(\d+) at depth {deeper}\b', read(TEST_SEARCH))
        pins.append(Pin(f'bench depth {deeper}', int(quoted[0]) if quoted else None,
                        bench_with({}, deeper)))
    for settings, d, nodes in assigned(TEST_SEARCH, 'SWITCHED_BENCH'):
        pins.append(Pin(f'switched {settings} depth {d}', nodes, bench_with(settings, d)))
    switches = assigned(TEST_COMPILED, 'SWITCHES')
    d = assigned(TEST_COMPILED, 'SWITCHES_DEPTH')
    pins.append(Pin(f'every switch (CAZAUX_ENGINE_PARAMS) depth {d}',
                    assigned(TEST_COMPILED, 'SWITCHES_NODES'), bench_in_child(d, switches)))
    versus = dict(re.findall(r"^    \('([A-Z_=0-9,]*)', (\d+)\),", read(TEST_VERSUS), re.M))
    for settings in VERSUS_SWITCHED:
        pins.append(Pin(f'versus {settings} depth 4',
                        int(versus[settings]) if settings in versus else None,
                        bench_in_child(4, settings)))
    return pins, counts


def write_pins(pins: list[Pin]) -> list[str]:
    """Write every moved number at its places; return the files changed."""
    by_label = {p.label: p for p in pins}
    changed = []
    texts = {path: read(path) for path in (TEST_SEARCH, TEST_COMPILED, TEST_VERSUS, SMOKE, SEARCH_DOC)}
    depth = assigned(TEST_SEARCH, 'BENCH_DEPTH')
    bench = by_label[f'bench depth {depth}']
    t = texts[TEST_SEARCH]
    if bench.moved:
        t = t.replace(f'BENCH_NODES = {bench.pinned}\n', f'BENCH_NODES = {bench.now}\n')
        for path in (TEST_VERSUS, SMOKE, SEARCH_DOC):
            texts[path] = sub_number(texts[path], bench.pinned, bench.now)
    for deeper in (5, 6):
        p = by_label[f'bench depth {deeper}']
        if p.moved:
            t = t.replace(f'{p.pinned} at depth {deeper}', f'{p.now} at depth {deeper}')
    for settings, d, nodes in assigned(TEST_SEARCH, 'SWITCHED_BENCH'):
        p = by_label[f'switched {settings} depth {d}']
        if p.moved:
            row = f'({settings!r}, {d}, {nodes}),'
            if t.count(row) != 1:
                sys.exit(f'pins: {TEST_SEARCH}: the row {row!r} is not written so, once')
            t = t.replace(row, f'({settings!r}, {d}, {p.now}),')
    texts[TEST_SEARCH] = t
    d = assigned(TEST_COMPILED, 'SWITCHES_DEPTH')
    p = by_label[f'every switch (CAZAUX_ENGINE_PARAMS) depth {d}']
    if p.moved:
        texts[TEST_COMPILED] = texts[TEST_COMPILED].replace(
            f'SWITCHES_DEPTH, SWITCHES_NODES = {d}, {p.pinned}\n',
            f'SWITCHES_DEPTH, SWITCHES_NODES = {d}, {p.now}\n')
    for settings in VERSUS_SWITCHED:
        p = by_label[f'versus {settings} depth 4']
        if p.moved:
            texts[TEST_VERSUS] = texts[TEST_VERSUS].replace(
                f"('{settings}', {p.pinned}),", f"('{settings}', {p.now}),")
            if settings == VERSUS_SWITCHED[0]:     # also the nodes of its unit test
                texts[TEST_VERSUS] = texts[TEST_VERSUS].replace(
                    f"{{'nodes': {p.pinned}}}", f"{{'nodes': {p.now}}}")
    for path, text in texts.items():
        if text != read(path):
            write(path, text)
            changed.append(path)
    return changed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description='recompute the bench pins of the tests and docs, '
                                             'and say which moved')
    ap.add_argument('--write', action='store_true',
                    help='write the moved numbers into the files that pin them')
    args = ap.parse_args(argv)
    pins, counts = measure()
    width = max(len(p.label) for p in pins)
    for p in pins:
        pinned = '-' if p.pinned is None else str(p.pinned)
        print(f'{p.label:<{width}}  pinned {pinned:>7}  now {p.now:>7}'
              f'{"  MOVED" if p.moved else ""}')
    print(f'per variant at depth {assigned(TEST_SEARCH, "BENCH_DEPTH")}: ' + '; '.join(
        f'{v} {n}' for v, n in counts.items()))
    moved = [p for p in pins if p.moved]
    print(f'{len(moved)} of {len(pins)} pins moved')
    if args.write and moved:
        for path in write_pins(pins):
            print(f'written: {path}')
        return 0
    return 1 if moved else 0


if __name__ == '__main__':
    sys.exit(main())
