"""Drive the engine through a pipe, as a GUI would, for the protocol tests.

Output is read by a background thread into a queue, so that a test waits
for a specific line with a timeout instead of sleeping.
"""
from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


class EngineProcess:
    def __init__(self, args: list[str] | None = None):
        env = dict(os.environ)
        env['PYTHONPATH'] = str(REPO) + (os.pathsep + env['PYTHONPATH'] if env.get('PYTHONPATH') else '')
        self.proc = subprocess.Popen([sys.executable, '-m', 'cazaux_engine'] + (args or []),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=REPO, env=env)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self):
        for raw in self.proc.stdout:
            self.lines.put(raw.decode('utf-8', 'replace').rstrip('\n'))
        self.lines.put(None)

    def _read_err(self):
        for raw in self.proc.stderr:
            self.stderr.append(raw.decode('utf-8', 'replace').rstrip('\n'))

    def send(self, *lines: str) -> None:
        for line in lines:
            self.proc.stdin.write(line.encode('utf-8', 'surrogateescape') + b'\n')
        self.proc.stdin.flush()

    def send_bytes(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def expect(self, pattern: str, timeout: float = 30) -> str:
        """The first new line matching ``pattern`` (a regex); lines before it
        are kept in ``seen``.  AssertionError on timeout or end of output."""
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f'no line matching {pattern!r} within {timeout}s; '
                                     f'last lines: {self.seen[-8:]}; stderr: {self.stderr[-5:]}')
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self.lines.put(None)
                raise AssertionError(f'engine output ended before {pattern!r}; '
                                     f'last lines: {self.seen[-8:]}; stderr: {self.stderr[-5:]}')
            self.seen.append(line)
            if rx.search(line):
                return line

    def sync(self, n: int = 999, timeout: float = 30) -> list[str]:
        """Send ``ping n`` and return every line before ``pong n``."""
        start = len(self.seen)
        self.send(f'ping {n}')
        self.expect(rf'^pong {n}$', timeout)
        return self.seen[start:-1]

    def start_xboard(self) -> list[str]:
        self.send('xboard', 'protover 2')
        self.expect(r'^feature done=1$')
        return list(self.seen)

    def close(self, timeout: float = 10) -> int:
        try:
            self.send('quit')
        except (BrokenPipeError, OSError):
            pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError('engine did not exit after quit')
