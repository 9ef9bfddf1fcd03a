"""One search job: the only way a search runs.

A :class:`SearchJob` owns everything of one search: its own copy of the
position, its limits, the root moves (generated once, here), the stop
control its trees read, the time plan and the clock safety net, pondering
(a ponder hit only flips the job's state and plans its clock afresh), the
hold-back of a result found while pondering or analysing, and the result.
The searcher (:class:`search.searcher.Searcher`) only thinks about a job it
is given; UCI, XBoard, ``bench``, the match runner's in-process uses and the
helper threads all reach a search through a job:

    job = searcher.start(pos, limits, on_info=..., on_done=...)   # background
    job.ponderhit(limits)    # the expected move came: play on this clock, from now
    job.stop()               # finish now: on_done gets the best move so far
    job.cancel()             # finish now, report nothing (the session moved on)
    result = searcher.search(pos, limits)                          # blocking

The life of a job: created (position copied, root moves generated) ->
thinking (on its own thread, or in the caller's with :meth:`run`) -> held
(a pondering or analysing search that ends by itself waits for
``ponderhit`` or ``stop``, as both protocols require) -> reported: exactly
one call of ``on_done``, unless the job was cancelled.

The clock: a job on the clock (not pondering, not analysing) plans its time
with :func:`search.timeman.plan` from the moment its clock started
(``started``: by default when the job was made; a protocol passes the moment
it read the command, and for a ponder hit the moment it read that) and arms
the safety net of :func:`search.timeman.safety_net`: should the searcher
overrun its own plan, the job tells it to stop, and later plays the best
move reported so far.  The overhead it plans with is the option Move
Overhead, or more when the session's :class:`search.timeman.MoveCosts`
(``costs``) measured more in this game.

>>> from cazaux_engine import start_position, move_text
>>> from search import Limits, Searcher
>>> pos = start_position('chess', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1')
>>> job = Searcher(hash_mb=1).job(pos, Limits(depth=3))
>>> len(job.moves), job.mode
(17, 'think')
>>> move_text(pos, job.run().best)
'a1a8'
"""
from __future__ import annotations

import threading
import time
import traceback
from typing import Callable

from cazaux_engine.movegen import legal_moves
from cazaux_engine.position import Position

from .alphabeta import Control
from .timeman import MoveCosts, plan, safety_net
from .types import Limits, SearchInfo, SearchResult

THINK, PONDER, ANALYZE = 'think', 'ponder', 'analyze'


class SearchJob:
    """One search; see the module docstring."""

    def __init__(self, searcher, pos: Position, limits: Limits,
                 on_info: Callable[[SearchInfo], None] | None = None,
                 on_done: Callable[[SearchResult], None] | None = None,
                 on_late: Callable[[str], None] | None = None,
                 started: float | None = None, costs: MoveCosts | None = None):
        """A job for ``searcher`` on a copy of ``pos``.  ``on_info(info)``
        gets every progress report, ``on_done(result)`` the result once;
        ``on_late(text)`` hears when the safety net had to step in.
        ``started``: the ``time.perf_counter()`` moment the clock started;
        ``costs``: what moves of this game cost beyond thinking (measured).
        The root moves are the legal moves, or those of ``limits.searchmoves``
        among them (all when none of those is legal)."""
        self.searcher = searcher
        self.pos = pos.copy()                  # the job's own: its main tree plays on it
        self.limits = limits
        self.legal = legal_moves(self.pos)     # generated once per job
        self.moves = self.legal                # the root moves searched
        if limits.searchmoves:
            self.restrict(limits.searchmoves)
        self.on_info, self.on_done, self.on_late = on_info, on_done, on_late
        self.on_end: Callable[[], None] | None = None    # last, reported or not
        self.ctl = Control()                   # read by the trees every few thousand nodes
        self.ctl.node_limit = -1 if limits.nodes is None else limits.nodes
        self.started = time.perf_counter() if started is None else started
        self.costs = costs
        self.pondering = limits.ponder
        self.infinite = limits.infinite
        self.soft: float | None = None         # planned seconds (None: no planned stop)
        self.hard: float | None = None         # the trees' deadline, seconds after started
        self.emergency = False                 # planned in the time plan's emergency mode
        self.stretch = 1.0                     # the searcher's last factor on soft (timeman.stretch)
        self.best_so_far: int | None = None    # first move of the last reported line
        self.result: SearchResult | None = None
        self._lock = threading.Lock()
        self._released = threading.Event()     # a held result may be reported
        self._finished = threading.Event()     # the job's thinking is over
        self.stopping = threading.Event()      # stop() was called (the trees' flag is ctl.stop)
        self._closed = False                   # reported, or cancelled: no more reports
        self._thread: threading.Thread | None = None
        self.timers: list[threading.Timer] = []
        self.net: tuple[float, float] | None = None   # the safety net armed: (stop, move) after started
        if not self.held:
            self._released.set()
        self._plan()

    # -- state ---------------------------------------------------------------------
    @property
    def held(self) -> bool:
        """Must the result wait for ``ponderhit`` or ``stop``?"""
        return self.pondering or self.infinite

    @property
    def mode(self) -> str:
        """THINK (play on the clock), PONDER or ANALYZE."""
        return PONDER if self.pondering else ANALYZE if self.infinite else THINK

    @property
    def closed(self) -> bool:
        """Was the result reported, or the job cancelled?"""
        return self._closed

    @property
    def running(self) -> bool:
        """Is the job's thread still alive (its thinking or its report)?"""
        return self._thread is not None and self._thread.is_alive()

    def is_current_thread(self) -> bool:
        """Is the caller the job's own thread (in ``on_done``)?"""
        return self._thread is threading.current_thread()

    @property
    def overhead(self) -> float:
        """Seconds a move costs beyond thinking: option Move Overhead, or
        what ``costs`` measured in this game if that is more."""
        floor = self.searcher.move_overhead
        return floor if self.costs is None else max(floor, self.costs.overhead())

    def clock(self) -> tuple[float, float] | None:
        """(seconds on the mover's clock, increment) of a job on a clock, else None."""
        lim, white = self.limits, self.pos.turn > 0
        left = lim.wtime if white else lim.btime
        if left is None or lim.movetime is not None:
            return None
        return left, (lim.winc if white else lim.binc) or 0.0

    def elapsed(self) -> float:
        """Seconds since the job's clock started."""
        return time.perf_counter() - self.started

    def restrict(self, moves) -> None:
        """Search only ``moves`` of the legal moves (all, if none of them is
        legal).  Before the job starts."""
        self.moves = [m for m in self.legal if m in moves] or self.legal

    def avoid(self, moves) -> None:
        """Leave ``moves`` out of the root moves, unless nothing else is
        left.  Before the job starts."""
        self.moves = [m for m in self.moves if m not in moves] or self.moves

    # -- running -------------------------------------------------------------------
    def start(self) -> 'SearchJob':
        """Think on a thread of the job's own; return at once."""
        self._thread = threading.Thread(target=self.run, name='search', daemon=True)
        self._thread.start()
        return self

    def run(self) -> SearchResult:
        """Think in the caller's thread, hold the result while pondering or
        analysing, report it (unless cancelled) and return it."""
        with self._lock:
            self._plan()                       # with the options the searcher has now
        self._arm_safety_net()
        try:
            result = self.searcher.think(self)
        except Exception:                      # never let a search bug kill the engine
            traceback.print_exc()
            result = SearchResult(self.moves[0] if self.moves else None)
        self.result = result
        self._finished.set()
        self._released.wait()
        self._report(result)
        if self.on_end is not None:
            self.on_end()
        return result

    def report_info(self, info: SearchInfo) -> None:
        """(the searcher) A progress report."""
        if info.multipv == 1 and info.pv:
            self.best_so_far = info.pv[0]
        if info.multipv > max(1, self.limits.multipv or 1):
            return                             # a level's candidates, behind the scenes
        if not self._closed and self.on_info is not None:
            self.on_info(info)

    def _report(self, result: SearchResult) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._cancel_timers()
        if self.on_done is not None:
            self.on_done(result)

    # -- control (from any thread) ------------------------------------------------------
    def stop(self) -> None:
        """Finish now: the result (the best move so far) is reported."""
        self.ctl.stop = True
        self.stopping.set()
        self._released.set()

    def cancel(self) -> None:
        """Finish now and report nothing."""
        with self._lock:
            self._closed = True
            self._cancel_timers()
        self.stop()

    def ponderhit(self, limits: Limits | None = None, started: float | None = None) -> bool:
        """The expected move was played: from ``started`` (default now: the
        moment the protocol read the news) the job thinks on the clock of
        ``limits`` (the GUI's fresh clock) or on the limits it began with.
        False when the job was not pondering."""
        with self._lock:
            if not self.pondering or self._closed:
                return False
            if limits is not None:
                limits.ponder = False
                self.limits = limits
            else:
                self.limits.ponder = False
            self.started = time.perf_counter() if started is None else started
            self.pondering = False
            self._plan()
        self._arm_safety_net()
        if not self.held:
            self._released.set()               # a search already over plays at once
        return True

    def wait(self, timeout: float | None = None) -> SearchResult | None:
        """Wait for the job's thread to end; the result (None if not yet there)."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.result

    # -- the clock --------------------------------------------------------------------
    def _plan(self) -> None:
        """Set the planned time and the trees' deadline from the limits."""
        if self.held:
            self.soft = self.hard = None
            self.ctl.deadline = -1.0
            return
        p = plan(self.limits, self.pos.turn, self.overhead,
                 None if self.costs is None else self.costs.spend_ratio())
        self.soft, self.hard, self.emergency = p.soft, p.hard, p.emergency
        self.ctl.deadline = -1.0 if p.hard is None else self.started + p.hard

    def _arm_safety_net(self) -> None:
        """On the clock: stop the searcher should it overrun its plan, and
        play the best move so far should it not stop either."""
        if self.held or self.timers:
            return
        net = safety_net(self.limits, self.pos.turn, self.overhead)
        if net is None:
            return
        stop_at, move_at = net
        self.net = net

        def move():
            if self._closed:
                return
            if self.on_late is not None:
                self.on_late('search did not stop in time; playing its best move so far')
            self._report(SearchResult(self.best_so_far))

        with self._lock:
            if self._closed:
                return
            for at, fn in ((stop_at, self.stop), (move_at, move)):
                t = threading.Timer(max(0.0, at - self.elapsed()), fn)
                t.daemon = True
                self.timers.append(t)
                t.start()

    def _cancel_timers(self) -> None:
        for t in self.timers:
            t.cancel()


__all__ = ['ANALYZE', 'PONDER', 'THINK', 'SearchJob']
