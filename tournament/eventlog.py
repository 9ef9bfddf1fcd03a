"""The runner's log: what went wrong (always to standard error, and to the
``--log`` file if any) and, with ``--debug``, every line to and from every
engine (to the log file only)."""
from __future__ import annotations

import sys
import threading
import time


class EventLog:
    def __init__(self, path: str | None = None, debug: bool = False, stderr=None):
        self.lock = threading.Lock()
        self.file = open(path, 'a', encoding='utf-8') if path else None
        self.debug = debug and self.file is not None
        self.stderr = stderr if stderr is not None else sys.stderr
        self.t0 = time.monotonic()

    def _write(self, text: str) -> None:
        if self.file:
            self.file.write(f'{time.monotonic() - self.t0:10.3f} {text}\n')
            self.file.flush()

    def warn(self, text: str) -> None:
        """Something the user should see: an illegal move, a crash, a restart."""
        with self.lock:
            try:
                self.stderr.write(f'warning: {text}\n')
                self.stderr.flush()
            except (OSError, ValueError):
                pass
            self._write(f'warning: {text}')

    def note(self, text: str) -> None:
        """Details for the log file only."""
        with self.lock:
            self._write(text)

    def io(self, text: str) -> None:
        if self.debug:
            with self.lock:
                self._write(text)

    @property
    def io_hook(self):
        return self.io if self.debug else None

    def close(self) -> None:
        if self.file:
            self.file.close()
            self.file = None
