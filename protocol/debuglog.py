"""Option ``Debug Log File``: every line in and out, with the time.

As Stockfish's option of that name does, the log appends each line the
engine reads (``<``) and writes (``>``) to a file, with a timestamp to the
millisecond, so that a session with a GUI can be replayed and read::

    2026-11-25 14:03:07.412 < uci
    2026-11-25 14:03:07.413 > id name cazaux-engine 0.2.0 (compiled core)

The file is opened when the option is set (an empty value closes it); a
path that cannot be opened for appending is a :class:`DebugLogError` and
leaves the log as it was.  Writing errors later (a full disk) close the log
quietly: the engine's play never depends on it.
"""
from __future__ import annotations

import threading
from datetime import datetime


class DebugLogError(ValueError):
    """A log file that cannot be written; the message says why."""


class DebugLog:
    def __init__(self):
        self.file = None
        self.path = ''
        self.lock = threading.Lock()

    def open(self, path: str) -> None:
        """Log to ``path`` from now on ('' stops logging)."""
        new = None
        if path:
            if '\0' in path:
                raise DebugLogError(f'{path!r}: a path cannot hold a NUL byte')
            try:
                new = open(path, 'a', encoding='utf-8', errors='replace')
            except OSError as e:
                raise DebugLogError(f'cannot write {path}: {e.strerror or e}') from None
        with self.lock:
            old, self.file, self.path = self.file, new, path
        if old is not None:
            old.close()

    def write(self, direction: str, line: str) -> None:
        """Log ``line`` going ``direction`` ('<' in, '>' out)."""
        if self.file is None:
            return
        stamp = datetime.now().strftime('%Y-%m-%d %H:%M:%S.%f')[:-3]
        with self.lock:
            if self.file is None:
                return
            try:
                self.file.write(f'{stamp} {direction} {line.rstrip(chr(10))}\n')
                self.file.flush()
            except (OSError, ValueError):
                self.file = None

    def close(self) -> None:
        self.open('')
