"""The clock safety net of the UCI layer, with stand-in searchers that
misbehave: one that would think forever unless told to stop, and one that
does not even listen to ``stop``.  Either way a legal bestmove comes out on
a clock, at the moments the safety net plans (:func:`search.timeman.safety_net`,
used by :class:`protocol.controller.Controller` for both protocols: Move
Overhead 50 ms; a quarter of the way from the time plan's hard limit to the
end of the clock the search is told to stop, half-way the best move so far
is played) and before the clock runs out."""
from __future__ import annotations

import threading
import time

import pytest

from cazaux_engine import parse_move
from protocol.options import Options
from protocol.uci import UciSession
from search import SearchInfo, SearchResult, Searcher
from tests.lines import Lines

TIMEOUT = 30.0


class Stubborn(Searcher):
    """Reports one line, then thinks until stopped (or, if deaf, until released)."""

    def __init__(self, deaf: bool):
        super().__init__(hash_mb=1)
        self.deaf = deaf
        self.stopped = threading.Event()
        self.release = threading.Event()

    def think(self, job):
        pos = job.pos
        job.report_info(SearchInfo(1, 1, 20, None, 10, 0.001, [parse_move(pos, 'g1f3')]))
        waited = 0.0
        while waited < TIMEOUT:
            if job.ctl.stop:
                self.stopped.set()
                if not self.deaf:
                    break
            if self.deaf and self.release.is_set():
                break
            time.sleep(0.001)
            waited += 0.001
        return SearchResult(parse_move(pos, 'b1c3'))


def session_with(searcher):
    out = Lines()
    s = UciSession(out, Options())
    s.control.use_searcher(searcher)
    return s, out


# (go, the safety net's stop time, the clock).  wtime 200: the plan's hard
# limit is 4 x (200 - 50 overhead - 50 safety) / 28 moves = 14.3 ms, the
# stop a quarter of the way on to 200 ms; movetime 100: hard 50 ms, stop
# 62.5 ms; wtime 500 movestogo 1: hard 0.8 x 400 ms = 320 ms, stop 365 ms
CLOCKS = [('go wtime 200 btime 200', 0.0607, 0.2), ('go movetime 100', 0.0625, 0.1),
          ('go wtime 500 btime 10 winc 0 movestogo 1', 0.365, 0.5)]


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
    # hard limit 28.6 ms: stop at 96.4 ms, move at 164.3 ms (half-way to the end)
    assert 0.1643 <= time.monotonic() - t0 < 0.3
    assert 'info string error: search did not stop in time; playing its best move so far' in out.lines
    searcher.release.set()
    s.control.wait(TIMEOUT)
    assert [x for x in out.lines if x.startswith('bestmove')] == ['bestmove g1f3']


def test_no_safety_net_without_a_clock():
    """Depth, nodes and infinite searches are left to run until they end or are stopped."""
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('position startpos')
    s.handle('go infinite')
    s.handle('isready')
    assert out.wait_for('readyok') == 'readyok'
    assert not searcher.stopped.is_set() and s.control.job.timers == []
    s.handle('stop')
    assert out.wait_for('bestmove') == 'bestmove b1c3'


def test_ponderhit_starts_the_clock():
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('position startpos')
    s.handle('go ponder wtime 100 btime 100')
    assert s.control.job.timers == []
    s.handle('ponderhit')
    assert out.wait_for('bestmove') == 'bestmove b1c3'
