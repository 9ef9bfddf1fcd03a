"""tournament.process.run_group: a harness (xvfb-run and XBoard, cutechess-cli)
run to its end in a group of its own, and the whole group ended when it
overruns or the wait is interrupted."""
import os
import signal
import sys
import time

import pytest

from tournament.process import run_group

pytestmark = pytest.mark.skipif(os.name == 'nt', reason='POSIX process groups and signals')


def grandchild_script(pidfile) -> str:
    """A parent that starts a sleeping child (its pid in ``pidfile``) and waits on it."""
    child = f'import os, time; open({str(pidfile)!r}, "w").write(str(os.getpid())); time.sleep(60)'
    return (f'import subprocess, sys; print("started", flush=True); '
            f'subprocess.run([sys.executable, "-c", {child!r}])')


def wait_for_pid(pidfile) -> int:
    for _ in range(3000):
        if pidfile.exists() and pidfile.read_text():
            return int(pidfile.read_text())
        time.sleep(0.01)
    raise AssertionError('the child never started')


def gone(pid) -> bool:
    for _ in range(500):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.01)
    return False


def test_status_and_output_of_a_finished_run(tmp_path):
    script = 'import sys; print("out"); print("err", file=sys.stderr); sys.exit(3)'
    assert run_group([sys.executable, '-c', script], tmp_path, None, 60) == (3, 'out\nerr\n')


def test_standard_input_is_closed(tmp_path):
    script = 'import sys; print(repr(sys.stdin.read()))'
    assert run_group([sys.executable, '-c', script], tmp_path, None, 60) == (0, "''\n")


def test_timeout_ends_the_whole_group(tmp_path):
    pidfile = tmp_path / 'child.pid'
    assert run_group([sys.executable, '-c', grandchild_script(pidfile)], tmp_path, None,
                     3) == (-1, 'timeout after 3s')
    assert gone(wait_for_pid(pidfile))


class Interrupted(Exception):
    pass


def test_an_interrupted_wait_ends_the_group_and_goes_on(tmp_path):
    # Ctrl-C, or SIGTERM turned into an exception, while the harness plays
    pidfile = tmp_path / 'child.pid'

    raised = []

    def interrupt(signum, frame):
        if not raised and pidfile.exists() and pidfile.read_text():
            raised.append(True)
            raise Interrupted
    old = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.05, 0.05)
    try:
        with pytest.raises(Interrupted):
            run_group([sys.executable, '-c', grandchild_script(pidfile)], tmp_path, None, 60)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert gone(wait_for_pid(pidfile))
