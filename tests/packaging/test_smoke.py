"""packaging/smoke.py, the release workflow's smoke test of a binary, passes on
the binary built here and fails on a broken one; its pinned numbers are the
test suite's."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.packaging.test_compiled_core import START_PERFT_3
from tests.search.test_search import BENCH_DEPTH, BENCH_NODES

from tests.conftest import packaging_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SMOKE = os.path.join(ROOT, 'packaging', 'smoke.py')
smoke = packaging_module('smoke')


def run_smoke(binary: str, cwd: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != 'PYTHONPATH'}
    return subprocess.run([sys.executable, SMOKE, binary], cwd=cwd, env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=600)


def test_smoke_passes_on_the_binary(binary, tmp_path):
    p = run_smoke(binary, str(tmp_path))
    assert p.returncode == 0, p.stdout + p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == f'smoke test of {binary}'
    assert [line.split()[:2] for line in lines[1:-1]] == [['ok', c] for c in smoke.CHECKS]
    assert lines[-1] == f'{len(smoke.CHECKS)} passed, 0 failed'
    assert os.listdir(tmp_path) == []           # it ran from tmp_path and left nothing there


@pytest.mark.skipif(os.name == 'nt', reason='the stand-in binary is a POSIX shell script')
def test_smoke_fails_on_a_binary_that_is_not_the_engine(tmp_path):
    fake = tmp_path / 'cazaux-engine'
    fake.write_text('#!/bin/sh\necho "cazaux-engine 0.0.0 (interpreted core)"\n'
                    'mkdir -p "$TMPDIR/_MEIfake"\n')
    fake.chmod(0o755)
    p = run_smoke(str(fake), str(tmp_path))
    assert p.returncode == 1
    lines = p.stdout.splitlines()
    assert [line.split()[:2] for line in lines[1:-1]] == [['FAIL', c] for c in smoke.CHECKS]
    assert "expected 'cazaux-engine" in lines[1] and "(interpreted core)'" in lines[1]
    assert "_MEIfake" in lines[-2]
    assert lines[-1] == f'0 passed, {len(smoke.CHECKS)} failed'


def test_pins_are_the_suites():
    assert (smoke.BENCH_DEPTH, smoke.BENCH_NODES) == (BENCH_DEPTH, BENCH_NODES)
    assert (smoke.PERFT_DEPTH, smoke.PERFT) == (3, START_PERFT_3)


def test_feature_names():
    assert smoke.xboard_feature_names('feature done=0') == ['done']
    assert smoke.xboard_feature_names('feature option="Hash -spin 64 1 4096" ping=1') == \
        ['option', 'ping']
