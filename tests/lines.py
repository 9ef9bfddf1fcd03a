"""An ``out`` for in-process protocol sessions (UciSession, XBoard): it
collects the lines the session writes, from any thread, and lets a test
take them or wait for them."""
from __future__ import annotations

import threading

TIMEOUT = 30.0          # seconds; a failure guard, never a timing assertion


class Lines:
    def __init__(self):
        self.lines: list[str] = []
        self.cond = threading.Condition()

    def send(self, line: str) -> None:
        with self.cond:
            self.lines.append(line)
            self.cond.notify_all()

    def take(self) -> list[str]:
        """The lines written since the last take."""
        with self.cond:
            got, self.lines = self.lines, []
        return got

    def wait_all(self, prefix: str, count: int) -> list[str]:
        """The first ``count`` lines that start with ``prefix`` (waits for them)."""
        def found():
            return [s for s in self.lines if s.startswith(prefix)]
        with self.cond:
            ok = self.cond.wait_for(lambda: len(found()) >= count, TIMEOUT)
        assert ok, self.lines
        return found()[:count]

    def wait_for(self, prefix: str) -> str:
        """The first line that starts with ``prefix`` (waits for it)."""
        return self.wait_all(prefix, 1)[0]
