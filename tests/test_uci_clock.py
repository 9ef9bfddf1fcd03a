"""The clock safety net of the UCI layer, with stand-in searchers that
misbehave: one that would think forever unless told to stop, and one that
does not even listen to ``stop``.  Either way a legal bestmove comes out on
a clock, at the moments the safety net plans (``UciSession._time_limits``:
Move Overhead 50 ms; at ``hard`` the search is told to stop, at ``last`` the
best move so far is played) and before the clock runs out."""
from __future__ import annotations

import threading
import time

import pytest

from cazaux_engine import parse_move
from protocol.options import Options
from protocol.uci import UciSession
from search import SearchInfo, SearchResult, SearchThread

TIMEOUT = 30.0


class Lines:
    """An ``out`` that lets a test wait for a line."""

    def __init__(self):
        self.lines: list[str] = []
        self.cond = threading.Condition()

    def send(self, line: str) -> None:
        with self.cond:
            self.lines.append(line)
            self.cond.notify_all()

    def wait_for(self, prefix: str) -> str:
        with self.cond:
            ok = self.cond.wait_for(lambda: any(s.startswith(prefix) for s in self.lines),
                                    TIMEOUT)
        assert ok, self.lines
        return next(s for s in self.lines if s.startswith(prefix))


class Stubborn:
    """Reports one line, then thinks until stop() (or, if deaf, until released)."""

    def __init__(self, deaf: bool):
        self.deaf = deaf
        self.stopped = threading.Event()
        self.release = threading.Event()
        self.material_only, self.move_overhead, self.hash_mb, self.threads = False, 0.05, 64, 1
        self._stop = False

    def set_threads(self, n):
        self.threads = n

    def search(self, pos, limits, on_info=None, reset_stop=True):
        m = parse_move(pos, 'g1f3')
        on_info(SearchInfo(1, 1, 20, None, 10, 0.001, [m]))
        (self.release if self.deaf else self.stopped).wait(TIMEOUT)
        return SearchResult(parse_move(pos, 'b1c3'))

    def stop(self):
        self._stop = True
        self.stopped.set()

    def ponderhit(self):
        pass

    def clear(self):
        pass

    def set_hash(self, mb):
        self.hash_mb = mb


def session_with(searcher):
    out = Lines()
    s = UciSession(out, Options())
    s.searcher = searcher
    s.thread = SearchThread(searcher)
    return s, out


# (go, the safety net's stop time, the clock): wtime 200 leaves 150 ms after
# the overhead, of which half is spent; movetime 100 less the overhead;
# wtime 500 minus the overhead, halved (the safety net does not trust
# movestogo 1)
CLOCKS = [('go wtime 200 btime 200', 0.075, 0.2), ('go movetime 100', 0.05, 0.1),
          ('go wtime 500 btime 10 winc 0 movestogo 1', 0.225, 0.5)]


@pytest.mark.parametrize('go,hard,clock', CLOCKS)
def test_a_searcher_that_ignores_its_clock_is_stopped(go, hard, clock):
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('position startpos')
    t0 = time.monotonic()
    s.handle(go)
    assert searcher.stopped.wait(TIMEOUT)
    stopped = time.monotonic() - t0
    assert out.wait_for('bestmove') == 'bestmove b1c3'
    answered = time.monotonic() - t0
    assert hard <= stopped < clock and answered < clock, (stopped, answered)


def test_a_searcher_deaf_to_stop_still_moves_in_time():
    searcher = Stubborn(deaf=True)
    s, out = session_with(searcher)
    s.handle('position startpos')
    t0 = time.monotonic()
    s.handle('go wtime 300 btime 300')
    assert out.wait_for('bestmove') == 'bestmove g1f3'      # the best move reported so far
    # stop at 0.125 s (half of 300 - 50 ms), move at 0.2125 s (half-way to the end)
    assert 0.2125 <= time.monotonic() - t0 < 0.3
    assert 'info string search did not stop in time; playing its best move so far' in out.lines
    searcher.release.set()
    s.thread.wait(TIMEOUT)
    assert [x for x in out.lines if x.startswith('bestmove')] == ['bestmove g1f3']


def test_no_safety_net_without_a_clock():
    """Depth, nodes and infinite searches are left to run until they end or are stopped."""
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('position startpos')
    s.handle('go infinite')
    s.handle('isready')
    assert out.wait_for('readyok') == 'readyok'
    assert not searcher.stopped.is_set() and s.current.timer is None
    s.handle('stop')
    assert out.wait_for('bestmove') == 'bestmove b1c3'


def test_ponderhit_starts_the_clock():
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('position startpos')
    s.handle('go ponder wtime 100 btime 100')
    assert s.current.timer is None
    s.handle('ponderhit')
    assert out.wait_for('bestmove') == 'bestmove b1c3'
