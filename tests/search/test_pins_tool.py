"""tests/tools/pins.py: the bench pins read from the files that hold them,
and --write changing the moved numbers and nothing else (on copies of the
files; the bench itself is checked by tests/search/test_search.py)."""
from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.conftest import ROOT, script_module
from tests.search.test_search import BENCH_NODES, SWITCHED_BENCH


@pytest.fixture
def pins(tmp_path, monkeypatch):
    """The tool, reading and writing copies of its five files in tmp_path."""
    tool = script_module('tests', 'tools', 'pins.py')
    for path in (tool.TEST_SEARCH, tool.TEST_COMPILED, tool.TEST_VERSUS, tool.SMOKE, tool.SEARCH_DOC):
        os.makedirs(tmp_path / os.path.dirname(path), exist_ok=True)
        shutil.copy(os.path.join(ROOT, path), tmp_path / path)
    monkeypatch.setattr(tool, 'ROOT', str(tmp_path))
    return tool


def test_the_pins_are_read_as_the_tests_pin_them(pins):
    assert pins.assigned(pins.TEST_SEARCH, 'BENCH_NODES') == BENCH_NODES
    assert pins.assigned(pins.TEST_SEARCH, 'SWITCHED_BENCH') == SWITCHED_BENCH
    assert pins.assigned(pins.TEST_COMPILED, 'SWITCHES_DEPTH') == 4
    assert pins.assigned(pins.TEST_COMPILED, 'SWITCHES').startswith('CORRECTION=1,CORRECTION_NONPAWN=1,')


def test_write_changes_the_moved_numbers_at_their_places(pins):
    before = {p: pins.read(p) for p in (pins.TEST_SEARCH, pins.TEST_COMPILED, pins.TEST_VERSUS,
                                        pins.SMOKE, pins.SEARCH_DOC)}
    switches_nodes = pins.assigned(pins.TEST_COMPILED, 'SWITCHES_NODES')
    settings, depth, nodes = SWITCHED_BENCH[0]
    depth5 = int(re.findall(r'(\d+) at depth 5', before[pins.TEST_SEARCH])[0])
    depth6 = int(re.findall(r'(\d+) at depth 6', before[pins.TEST_SEARCH])[0])
    versus = dict(re.findall(r"^    \('([A-Z_=0-9,]*)', (\d+)\),", before[pins.TEST_VERSUS], re.M))
    see, see_capture = int(versus['SEE_PRUNE_DEPTH=0']), int(versus['SEE_PRUNE_DEPTH=0,CAPTURE_HISTORY=0'])
    assert see == dict(((tuple(s.items()), d), n) for s, d, n in SWITCHED_BENCH)[
        (('SEE_PRUNE_DEPTH', 0),), 4]
    moved = [pins.Pin('bench depth 4', BENCH_NODES, 12345),
             pins.Pin('bench depth 5', depth5, 81140),
             pins.Pin('bench depth 6', depth6, depth6),
             pins.Pin(f'switched {settings} depth {depth}', nodes, 54321),
             pins.Pin('every switch (CAZAUX_ENGINE_PARAMS) depth 4', switches_nodes, 22222),
             pins.Pin('versus SEE_PRUNE_DEPTH=0 depth 4', see, 33333),
             pins.Pin('versus SEE_PRUNE_DEPTH=0,CAPTURE_HISTORY=0 depth 4', see_capture, see_capture)]
    moved += [pins.Pin(f'switched {s} depth {d}', n, n) for s, d, n in SWITCHED_BENCH[1:]]
    assert pins.write_pins(moved) == [pins.TEST_SEARCH, pins.TEST_COMPILED, pins.TEST_VERSUS,
                                      pins.SMOKE, pins.SEARCH_DOC]
    assert pins.assigned(pins.TEST_SEARCH, 'BENCH_NODES') == 12345
    assert pins.assigned(pins.TEST_SEARCH, 'SWITCHED_BENCH') == [(settings, depth, 54321)] + SWITCHED_BENCH[1:]
    assert pins.assigned(pins.TEST_COMPILED, 'SWITCHES_NODES') == 22222
    after = pins.read(pins.TEST_SEARCH)
    assert after.count('81140 at depth 5') == 2 and f'{depth5} at depth 5' not in after
    assert pins.read(pins.TEST_VERSUS).count('12345') == 4
    assert "('SEE_PRUNE_DEPTH=0', 33333)," in pins.read(pins.TEST_VERSUS)
    assert "{'nodes': 33333}" in pins.read(pins.TEST_VERSUS)
    assert 'BENCH_DEPTH, BENCH_NODES = 4, 12345\n' in pins.read(pins.SMOKE)
    assert '(now 12345 nodes)' in pins.read(pins.SEARCH_DOC)
    # nothing else moved: putting the old numbers back gives the files as they were
    back = [pins.Pin(p.label, p.now, p.pinned) for p in moved]
    pins.write_pins(back)
    assert {p: pins.read(p) for p in before} == before


def test_a_file_no_longer_written_as_expected_stops_the_tool(pins):
    path = os.path.join(pins.ROOT, pins.TEST_COMPILED)
    with open(path, 'w') as f:
        f.write('SWITCHES_DEPTH = 4\n')
    with pytest.raises(SystemExit) as e:
        pins.assigned(pins.TEST_COMPILED, 'SWITCHES_NODES')
    assert str(e.value.code) == 'pins: tests/packaging/test_compiled_core.py: no assignment to SWITCHES_NODES'
