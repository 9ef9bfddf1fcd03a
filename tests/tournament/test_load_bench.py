"""benchmarks/soak/load.py: the warning when XBoard's animation costs more than the increment, and a SIGTERM that stops the load with the run."""
import os
import signal
import subprocess
import sys

import pytest

from tests.conftest import ROOT, script_module
from tests.tournament.test_process_group import gone, wait_for_pid


@pytest.fixture(scope='module')
def load():
    return script_module('benchmarks', 'soak', 'load.py')


def test_warns_below_the_animation(load):
    assert load.animation_warning(0.05, '') == (
        "XBoard's move animation (on by default) costs about 100 ms a move, more than the "
        "50 ms increment: expect XBoard's games to be lost on time whatever the engine does; "
        'give --xboard-args "-animateMoving false" (docs/match.md#load)')
    assert load.animation_warning(0.0, '-ponderNextMove true') is not None
    assert load.animation_warning(0.05, '-animateMoving true') is not None


def test_silent_with_the_animation_off_or_a_large_increment(load):
    assert load.animation_warning(0.05, '-animateMoving false') is None
    assert load.animation_warning(0.05, '-animate False') is None
    assert load.animation_warning(0.05, '-xanimate') is None
    assert load.animation_warning(0.1, '') is None
    assert load.animation_warning(0.5, '') is None


def test_parse_tc_and_shares(load):
    assert load.parse_tc('2+0.05') == (2.0, 0.05)
    assert load.parse_tc('40') == (40.0, 0.0)
    assert load.shares(10, 3) == [4, 3, 3]
    assert load.shares(2, 4) == [1, 1, 0, 0]


@pytest.mark.skipif(os.name == 'nt', reason='POSIX signals and sessions')
def test_sigterm_stops_the_load_and_the_harness(tmp_path):
    # a run killed with SIGTERM (as `kill PID` or a job's time limit) takes
    # its busy process and the harness it was waiting on with it: both run
    # in sessions of their own, which the signal never reaches
    child = tmp_path / 'child.pid'
    sleeper = f'import os, time; open({str(child)!r}, "w").write(str(os.getpid())); time.sleep(60)'
    script = '\n'.join([
        'import sys',
        f'sys.path.insert(0, {ROOT!r})',
        'from tests.conftest import script_module',
        "load = script_module('benchmarks', 'soak', 'load.py')",
        'load.end_on_sigterm()',
        'busy = load.start_load(1)',
        'print(busy[0].pid, flush=True)',
        'try:',
        f'    load.run_group([sys.executable, "-c", {sleeper!r}], {str(tmp_path)!r}, None, 120)',
        'finally:',
        '    load.stop_load(busy)'])
    p = subprocess.Popen([sys.executable, '-c', script], stdout=subprocess.PIPE, text=True,
                         stdin=subprocess.DEVNULL)
    busy = int(p.stdout.readline())
    harness = wait_for_pid(child)
    p.send_signal(signal.SIGTERM)
    assert p.wait(60) == 128 + signal.SIGTERM
    assert gone(busy) and gone(harness)
