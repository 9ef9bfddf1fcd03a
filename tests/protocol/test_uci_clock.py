"""The clock of the UCI layer, with stand-in searchers that misbehave: one
that would think forever unless told to stop, and one that does not even
listen to ``stop``.  Either way a legal bestmove comes out, set off by the
safety net at the moments it plans (:func:`search.timeman.safety_net`, one
policy for both protocols: a quarter of the way from the time plan's hard
limit to the end of the clock the search is told to stop, half-way the
best move so far is played).  No test here asserts a timing: they check
the moments planned, counted from when the command was read, and what
came out; and that the overhead a move cost is measured from the clocks
the GUI sends."""
from __future__ import annotations

import threading
import time

import pytest

from cazaux_engine import parse_move
from protocol.options import Options
from protocol.uci import UciSession
from search import SearchInfo, SearchResult, Searcher
from search.params import SPEND_RATIO_MAX
from search.timeman import plan
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


LATE = 'info string error: search did not stop in time; playing its best move so far'


def answer(s, out):
    """(the one bestmove, whether the net had to play it).  Once the net
    has told the stand-in to stop, two threads race: the stand-in's
    answer (b1c3) and the net's own move (g1f3, the best move reported)
    a few milliseconds later at the tightest clocks.  On a busy machine
    either may win; both are correct, and the pair says which it was."""
    first = out.wait_for('bestmove')
    s.control.wait(TIMEOUT)
    assert [x for x in out.lines if x.startswith('bestmove')] == [first]
    return first, LATE in out.lines


def session_with(searcher):
    out = Lines()
    s = UciSession(out, Options())
    s.control.use_searcher(searcher)
    return s, out


# (go, the plan's hard limit, the safety net's (stop, move) moments): Move
# Overhead 50 ms, a reserve of 100 ms.  wtime 200: 50 ms beyond the reserve
# and the overhead, an emergency: the least hard limit, 5 ms; the net runs
# to the clock less the overhead (150 ms): stop a quarter of the way
# (41.25 ms), move half-way (77.5 ms).  movetime 100: hard 50 ms, stop
# 62.5 ms, move 75 ms.  wtime 500 movestogo 1: hard 0.8 x 350 ms = 280 ms,
# net to 450 ms: stop 322.5 ms, move 365 ms.
CLOCKS = [('go wtime 200 btime 200', 0.005, (0.04125, 0.0775)),
          ('go movetime 100', 0.05, (0.0625, 0.075)),
          ('go wtime 500 btime 10 winc 0 movestogo 1', 0.28, (0.3225, 0.365))]


@pytest.mark.parametrize('go,hard,net', CLOCKS)
def test_a_searcher_that_ignores_its_clock_is_stopped(go, hard, net):
    # the moments are the job's plan (no clock is read here: the timers do
    # their work, and the test only checks what they were set to and that
    # a legal bestmove came once the stand-in was stopped)
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('position startpos')
    s.handle(go)
    job = s.control.job
    assert job.hard == pytest.approx(hard) and job.net == pytest.approx(net)
    assert searcher.stopped.wait(TIMEOUT)
    assert answer(s, out) in {('bestmove b1c3', False), ('bestmove g1f3', True)}


def test_a_searcher_deaf_to_stop_still_moves():
    searcher = Stubborn(deaf=True)
    s, out = session_with(searcher)
    s.handle('position startpos')
    s.handle('go wtime 300 btime 300')
    # hard limit 5 ms: stop at 66.25 ms, move at 127.5 ms (half-way to the end)
    assert s.control.job.net == pytest.approx((0.06625, 0.1275))
    assert out.wait_for('bestmove') == 'bestmove g1f3'      # the best move reported so far
    assert LATE in out.lines
    searcher.release.set()
    assert answer(s, out) == ('bestmove g1f3', True)


def test_the_clock_starts_when_go_was_read():
    # a go read 0.4 s before it is obeyed (waiting for a core, for the last
    # search to end): the plan counts from the reading
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('position startpos')
    read_at = time.perf_counter() - 0.4
    s.handle('go wtime 5000 btime 5000 winc 100 binc 100', read_at)
    job = s.control.job
    assert job.started == read_at and job.ctl.deadline == read_at + job.hard
    s.handle('stop')
    assert out.wait_for('bestmove') == 'bestmove b1c3'


def test_the_overhead_is_measured_from_the_clocks():
    # the engine moved on 5 s (+0.1 s); the next go says 4.6 s: the move was
    # charged 0.5 s, of which the engine's stopwatch saw only its think time
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('ucinewgame')
    s.handle('position startpos')
    s.handle('go wtime 5000 btime 5000 winc 100 binc 100', time.perf_counter() - 0.3)
    s.handle('stop')
    out.wait_for('bestmove')
    s.control.wait(TIMEOUT)
    think = s.control.costs.pending.think
    assert 0.3 <= think
    s.handle('position startpos moves b1c3 e7e5')
    s.handle('go wtime 4600 btime 5000 winc 100 binc 100')
    assert s.control.costs.overhead() == pytest.approx(0.5 - think)
    assert s.control.job.overhead == pytest.approx(max(0.05, 0.5 - think))
    s.handle('stop')
    out.wait_for('bestmove')
    s.handle('ucinewgame')                           # a new game measures afresh
    assert s.control.costs.overhead() == 0.0


def test_the_spend_ratio_is_measured_from_the_moves():
    # each move on the clock tells the game's costs its think time over its
    # soft limit; the fourth move's plan divides by their median
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('ucinewgame')
    ratios = []
    for moves in ('', ' moves g2g3 e7e5', ' moves g2g3 e7e5 h2h3 d7d6'):
        s.handle('position startpos' + moves)
        s.handle('go wtime 5000 btime 5000 winc 100 binc 100', time.perf_counter() - 0.3)
        job = s.control.job
        s.handle('stop')
        assert out.wait_for('bestmove') == 'bestmove b1c3'
        s.control.wait(TIMEOUT)
        assert job.soft < 0.3          # thought longer: the ratio counts
        ratios.append(s.control.costs.pending.think / job.soft)
        assert list(s.control.costs.ratios) == pytest.approx(ratios)
    s.handle('position startpos moves g2g3 e7e5 h2h3 d7d6 a2a3 c7c6')
    s.handle('go wtime 5000 btime 5000 winc 100 binc 100')
    job = s.control.job
    assert job.soft == pytest.approx(plan(job.limits, 1, job.overhead,
                                          min(SPEND_RATIO_MAX, sorted(ratios)[1])).soft)
    assert job.soft < plan(job.limits, 1, job.overhead).soft
    s.handle('stop')
    out.wait_for('bestmove')


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
    # no net while pondering; from the ponderhit's reading, the net of a
    # 2 s clock (hard limit 55.5 ms, net to 1.95 s): stop at 529.125 ms,
    # move at 1002.75 ms, so the stopped stand-in answers long before
    searcher = Stubborn(deaf=False)
    s, out = session_with(searcher)
    s.handle('position startpos')
    s.handle('go ponder wtime 2000 btime 2000')
    job = s.control.job
    assert job.timers == [] and job.net is None
    assert not searcher.stopped.wait(0.1)
    hit = time.perf_counter()
    s.handle('ponderhit', hit)
    assert job.started == hit and job.ctl.deadline == hit + job.hard
    assert job.net == pytest.approx((0.529125, 1.00275)) and len(job.timers) == 2
    assert searcher.stopped.wait(TIMEOUT)
    assert answer(s, out) == ('bestmove b1c3', False)
