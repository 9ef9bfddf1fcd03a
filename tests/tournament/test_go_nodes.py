"""benchmarks/speed/go_nodes.py: go-nodes wall times of two UCI engines, side by side."""
from __future__ import annotations

import os
import shlex
import sys

import pytest

from tests.conftest import ROOT, script_module

FAKE = os.path.join(ROOT, 'tests', 'fake_engines', 'fake_engine.py')
ENGINE = shlex.join([sys.executable, '-m', 'protocol.cli'])
REFERENCE = shlex.join([sys.executable, FAKE, '--proto', 'uci', '--name', 'reference'])


def go_nodes():
    return script_module('benchmarks', 'speed', 'go_nodes.py')


def test_a_row_per_node_count_with_both_engines(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert go_nodes().main(['--engine', ENGINE, '--reference', REFERENCE,
                            '--nodes', '50,200', '--rounds', '1']) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ['nodes', 'this', 'engine']
    assert '22 positions each' in lines[0]
    rows = [line.split() for line in lines[1:3]]
    assert [r[0] for r in rows] == ['50', '200'] and all(len(r) == 3 for r in rows)
    assert all(float(x) > 0 for r in rows for x in r[1:])
    assert lines[3] == f'this engine: {ENGINE}; reference: {REFERENCE}'
    assert len(lines) == 4


@pytest.mark.parametrize('argv, message', [
    (['--nodes', '10,x'], "--nodes: not a list of numbers: '10,x'"),
    (['--nodes', '0'], 'node counts and rounds must be at least 1'),
    (['--rounds', '0'], 'node counts and rounds must be at least 1'),
])
def test_bad_arguments_are_refused(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        go_nodes().main(argv)
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_a_missing_engine_is_named():
    with pytest.raises(SystemExit) as e:
        go_nodes().main(['--engine', ENGINE, '--reference', 'no-such-engine-here'])
    assert 'command not found: no-such-engine-here' in str(e.value.code)
