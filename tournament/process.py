"""An engine process: write lines to it, read its lines with the time they arrived.

A reader thread turns the engine's output into ``(arrival time, text)``
pairs on a queue, so reads can wait with a deadline and the arbiter can
charge an engine exactly the time between sending a command and the
arrival of its answer.  Output that is not UTF-8 is decoded with
replacement characters; an endless line is cut into pieces; end of output
is a ``None`` text.

The engine runs in a process group of its own, so that a Ctrl-C in the
terminal reaches only the runner and :meth:`EngineProcess.kill` ends
everything it started (a launcher script's engine, a helper process):

* POSIX: a new session (``start_new_session``), ended with ``os.killpg``;
* Windows (no ``os.killpg``): ``CREATE_NEW_PROCESS_GROUP`` (Ctrl-C stays
  with the runner); the engine and every process it started, found by
  their parent links with ``psutil`` (installed with the engine on
  Windows) before any is ended, are killed.  Tested on Linux with the
  platform patched, not on Windows.
"""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
import time

from . import commandline

MAX_LINE = 65536
CREATE_NEW_PROCESS_GROUP = 0x00000200       # subprocess's constant, which exists on Windows only


def spawn_options() -> dict:
    """Popen's arguments that give the engine a process group of its own."""
    if commandline.is_windows():
        return {'creationflags': CREATE_NEW_PROCESS_GROUP}
    return {'start_new_session': True}


def kill_tree(proc: subprocess.Popen) -> None:
    """End ``proc`` and everything it started: its process group where there
    are process groups, else its descendants found by ``psutil``."""
    killpg = getattr(os, 'killpg', None)
    if killpg is not None and not commandline.is_windows():
        try:
            killpg(proc.pid, signal.SIGKILL)
            return
        except OSError:
            pass
    else:
        kill_descendants(proc.pid)
    try:
        proc.kill()
    except OSError:
        pass


def kill_descendants(pid: int) -> None:
    """Kill process ``pid`` and its descendants, all found before any is killed
    (a launcher killed first would leave its children orphaned, out of reach)."""
    try:
        import psutil
    except ImportError:         # without psutil only the engine itself is ended
        return
    try:
        parent = psutil.Process(pid)
        family = parent.children(recursive=True)
    except psutil.Error:
        return
    for p in [parent] + family:
        try:
            p.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(family, timeout=5)     # the parent is Popen's to wait for


def run_group(args: list, cwd, env: dict | None, timeout: float) -> tuple[int, str]:
    """(exit status, output) of ``args`` run to its end in a process group of
    its own, standard input closed.  On timeout the whole group goes and the
    status is -1 (a harness such as xvfb-run, XBoard or cutechess-cli, killed
    alone, would leave its engines running); on any exception while waiting
    (Ctrl-C, SIGTERM turned into one) the group goes too and the exception
    goes on."""
    p = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
                         **spawn_options())
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out
    except subprocess.TimeoutExpired:
        kill_tree(p)
        p.communicate()
        return -1, f'timeout after {timeout}s'
    except BaseException:
        kill_tree(p)
        p.wait()
        raise


class EngineProcessError(OSError):
    """The engine could not be started or has gone away."""


class EngineProcess:
    def __init__(self, argv: list[str], cwd: str | None = None, log=None, label: str = ''):
        self.argv = argv
        self.label = label
        self.log = log              # callable(text) or None: every line in and out
        if cwd is not None and not os.path.isdir(cwd):
            raise EngineProcessError(f'cannot start {" ".join(argv)!r}: dir {cwd!r} is not a '
                                     f'directory')
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE if log else subprocess.DEVNULL,
                                         cwd=cwd, bufsize=0, **spawn_options())
        except OSError as e:
            raise EngineProcessError(f'cannot start {" ".join(argv)!r}: {e.strerror or e}') from None
        self.lines: queue.Queue = queue.Queue()
        self.eof = False
        self._reader = threading.Thread(target=self._read, daemon=True,
                                        name=f'engine-reader {label}')
        self._reader.start()
        if log:
            threading.Thread(target=self._read_stderr, daemon=True,
                             name=f'engine-stderr {label}').start()

    def _read_stderr(self) -> None:
        """With an I/O log, the engine's standard error goes there too (tracebacks!)."""
        try:
            for raw in iter(lambda: self.proc.stderr.readline(MAX_LINE), b''):
                self.log(f'{self.label} ! {raw.decode("utf-8", "replace").rstrip()}')
        except (OSError, ValueError):
            pass

    def _read(self) -> None:
        out = self.proc.stdout
        try:
            while True:
                raw = out.readline(MAX_LINE)
                now = time.monotonic()
                if not raw:
                    break
                text = raw.decode('utf-8', 'replace').rstrip('\r\n')
                if self.log:
                    self.log(f'{self.label} < {text}')
                self.lines.put((now, text))
        except (OSError, ValueError):
            pass
        self.lines.put((time.monotonic(), None))

    def send(self, line: str) -> float:
        """Write ``line``; return the time it was written (EngineProcessError if gone)."""
        if self.log:
            self.log(f'{self.label} > {line}')
        try:
            self.proc.stdin.write((line + '\n').encode())
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise EngineProcessError(f'{self.label}: the engine has gone away '
                                     f'({self.exit_text()})') from None
        return time.monotonic()

    def read(self, deadline: float | None) -> tuple[float, str | None] | None:
        """The next line as (arrival time, text), text None at end of output;
        None if nothing arrived by ``deadline`` (a ``time.monotonic()`` value)."""
        if self.eof:
            return (time.monotonic(), None)
        try:
            if deadline is None:
                item = self.lines.get()
            else:
                item = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if item[1] is None:
            self.eof = True
        return item

    def drain(self) -> None:
        """Drop the lines that have arrived and not been read."""
        while not self.eof:
            try:
                item = self.lines.get_nowait()
            except queue.Empty:
                return
            if item[1] is None:
                self.eof = True

    def alive(self) -> bool:
        return self.proc.poll() is None and not self.eof

    def exit_text(self) -> str:
        code = self.proc.poll()
        if code is None:
            return 'still running'
        if code < 0:
            try:
                return f'killed by signal {signal.Signals(-code).name}'
            except ValueError:
                return f'killed by signal {-code}'
        return f'exit code {code}'

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the engine to exit by itself."""
        try:
            self.proc.wait(timeout)
            return True
        except subprocess.TimeoutExpired:
            return False

    def kill(self) -> None:
        """End the engine (and everything it started) now."""
        if self.proc.poll() is None:
            kill_tree(self.proc)
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            pass
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if f:
                    f.close()
            except OSError:
                pass

    def close(self, grace: float) -> None:
        """Let the engine exit within ``grace`` seconds (after ``quit``), else kill it."""
        self.wait(grace)
        self.kill()         # also closes the pipes when the process is already gone
