"""An engine process: write lines to it, read its lines with the time they arrived.

A reader thread turns the engine's output into ``(arrival time, text)``
pairs on a queue, so reads can wait with a deadline and the arbiter can
charge an engine exactly the time between sending a command and the
arrival of its answer.  Output that is not UTF-8 is decoded with
replacement characters; an endless line is cut into pieces; end of output
is a ``None`` text.  The engine runs in a process group of its own, so
that :meth:`EngineProcess.kill` also ends anything it started and a
Ctrl-C in the terminal reaches only the runner.
"""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
import time

MAX_LINE = 65536


class EngineProcessError(OSError):
    """The engine could not be started or has gone away."""


class EngineProcess:
    def __init__(self, argv: list[str], cwd: str | None = None, log=None, label: str = ''):
        self.argv = argv
        self.label = label
        self.log = log              # callable(text) or None: every line in and out
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE if log else subprocess.DEVNULL,
                                         cwd=cwd, bufsize=0, start_new_session=True)
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
        """End the engine (and its process group) now."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (OSError, AttributeError):
                try:
                    self.proc.kill()
                except OSError:
                    pass
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
