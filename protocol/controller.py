"""The search controller: what both protocols do with searches.

A protocol session (:mod:`protocol.uci`, :mod:`protocol.xboard`) parses
commands and formats answers; everything that happens in time is here:

* one search at a time on a :class:`~search.SearchThread`, so that the
  reader thread answers ``isready``, ``ping``, ``stop`` or ``?`` at once;
* every search is a :class:`Job` of one of three modes: ``think`` (play a
  move on the clock), ``ponder`` (think on the opponent's time) or
  ``analyze`` (until told to stop).  A job's ``on_done`` runs once with the
  result, unless the job was dropped;
* a ponder hit turns the ponder job into a think job, with the clock the
  GUI gave last (XBoard's ``time`` before the move, UCI's ``go ponder``);
* the clock safety net: the searcher keeps its own time plan
  (:func:`search.timeman.plan`); should it overrun, the controller stops it
  at :func:`search.timeman.safety_net`'s first moment and at its second
  plays the best move reported so far.  One time policy for both protocols,
  and the Move Overhead set aside once, by that plan;
* option changes that need an idle searcher (Hash, Clear Hash, Threads,
  Evaluation, Move Overhead) wait for the search to end;
* ``perft`` counts on a thread of its own; ``stop`` ends it early.

Callbacks (``on_info``, ``on_done``) run on the search thread, or for the
safety net's move on a timer thread; a session may start its next search
from ``on_done`` (XBoard starts pondering there).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from typing import Callable

from cazaux_engine.perft import perft
from cazaux_engine.position import Position
from search import Limits, Searcher, SearchResult, SearchThread
from search.timeman import safety_net

from .options import Options
from cazaux_engine.movegen import legal_moves

THINK, PONDER, ANALYZE = 'think', 'ponder', 'analyze'
PERFT_CHUNK = 3          # plies counted at once (the compiled count holds the GIL)


@dataclass(eq=False)
class Job:
    """One search: what is searched, how, and what became of it."""
    pos: Position
    limits: Limits
    mode: str
    on_info: Callable | None = None
    on_done: Callable | None = None
    done: bool = False          # on_done ran, or the job was dropped (no report wanted)
    best_so_far: int | None = None      # first move of the last principal variation
    timers: list = field(default_factory=list)

    def cancel_timers(self) -> None:
        for t in self.timers:
            t.cancel()
        self.timers.clear()


class Controller:
    def __init__(self, options: Options, warn: Callable[[str], None]):
        """``warn(text)`` tells the user something went wrong (each protocol
        has its own form for that)."""
        self.options = options
        self.warn = warn
        self.lock = threading.RLock()          # guards job, and the searcher's options
        self.job: Job | None = None
        self.clear_pending = False
        self.perft_job: tuple[threading.Thread, threading.Event] | None = None
        self.use_searcher(Searcher(hash_mb=options['Hash']))

    def use_searcher(self, searcher) -> None:
        """Search with ``searcher`` (tests give stand-ins that misbehave)."""
        self.searcher = searcher
        self.thread = SearchThread(searcher)
        self.options.configure(searcher)

    # -- state -------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Is a search thread running (even one whose result was dropped)?"""
        return self.thread.busy

    # -- searches -------------------------------------------------------------------
    def start(self, pos: Position, limits: Limits, mode: str,
              on_info: Callable | None = None, on_done: Callable | None = None) -> Job:
        """Search a copy of ``pos``; the running search, if any, is dropped
        first (and a running perft counted to its end).  ``on_info(job,
        info)`` and ``on_done(job, result)`` report."""
        self.finish_perft()
        self.drop()
        job = Job(pos.copy(), limits, mode, on_info, on_done)
        with self.lock:
            self.job = job
            self._sync_searcher()
            self.thread.start(job.pos, limits, on_info=lambda info: self._info(job, info),
                              on_done=lambda result: self._finished(job, result))
            if mode == THINK:
                self._arm_safety_net(job)
        return job

    def stop(self) -> None:
        """Ask the search to end now; its ``on_done`` still runs (with the
        best move found so far).  A running perft stops too."""
        if self.perft_job is not None:
            self.perft_job[1].set()
        self.thread.stop()

    def drop(self, timeout: float | None = None) -> None:
        """Stop the search and wait for its thread; its result is not
        reported (a session that moved on: a new position, ``force``...).
        From the search thread itself (in ``on_done``) it does not wait."""
        with self.lock:
            job = self.job
            if job is not None and not job.done:
                job.done = True
                job.cancel_timers()
        self.thread.stop()
        if not self.thread.is_current():
            self.thread.wait(timeout)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the search thread to end."""
        self.thread.wait(timeout)

    def ponderhit(self, limits: Limits | None = None) -> Job | None:
        """The opponent played the expected move: the ponder job becomes a
        think job, on the clock of ``limits`` when given (the GUI's fresh
        clock), else on the limits it was started with; the time counts
        from now.  None when there is no ponder job."""
        with self.lock:
            job = self.job
            if job is None or job.done or job.mode != PONDER:
                return None
            job.mode = THINK
            if limits is not None:
                limits.ponder = False
            job.limits = limits or replace(job.limits, ponder=False)
            self.searcher.ponderhit(limits)
            self._arm_safety_net(job)
            return job

    # -- reports from the search thread ----------------------------------------------
    def _info(self, job: Job, info) -> None:
        if job.done:
            return
        if info.multipv == 1 and info.pv:
            job.best_so_far = info.pv[0]
        if job.on_info is not None:
            job.on_info(job, info)

    def _finished(self, job: Job, result: SearchResult | None) -> None:
        with self.lock:
            job.cancel_timers()
            report = not job.done
            job.done = True
        if report:
            self._report(job, result or SearchResult(None))
        with self.lock:
            if self.job is job:        # no search started since (on_done may start one)
                self._sync_searcher()  # options set meanwhile take effect now

    def _report(self, job: Job, result: SearchResult) -> None:
        if job.on_done is not None:
            job.on_done(job, result)

    # -- the clock safety net ----------------------------------------------------------
    def _arm_safety_net(self, job: Job) -> None:
        """(lock held) Stop ``job`` if it overruns its clock, and move for it
        if it does not stop either."""
        if job.limits.infinite or job.limits.ponder:
            return
        net = safety_net(job.limits, job.pos.turn, self.searcher.move_overhead)
        if net is None:
            return
        stop_at, move_at = net

        def stop():
            with self.lock:
                if self.job is job and not job.done:
                    self.searcher.stop()

        def move():
            with self.lock:
                if self.job is not job or job.done:
                    return
                job.done = True
            self.warn('search did not stop in time; playing its best move so far')
            self._report(job, SearchResult(job.best_so_far))

        for delay, fn in ((stop_at, stop), (move_at, move)):
            t = threading.Timer(delay, fn)
            t.daemon = True
            job.timers.append(t)
            t.start()

    # -- options that need an idle searcher ----------------------------------------------
    def options_changed(self) -> None:
        """Options were set: the searcher takes them now if it is idle,
        else when its search ends (or at the next start)."""
        with self.lock:
            if not self.busy:
                self._sync_searcher()

    def clear_hash(self) -> None:
        """Empty the hash table (and the history), now or once the search ends."""
        with self.lock:
            self.clear_pending = True
            if not self.busy:
                self._sync_searcher()

    def _sync_searcher(self) -> None:
        """(lock held, no search running) Give the searcher the options' values."""
        error = self.options.resize_hash(self.searcher)
        if error:
            self.warn(error)
        if self.clear_pending:
            self.clear_pending = False
            self.searcher.clear()
        self.options.configure(self.searcher)

    # -- perft --------------------------------------------------------------------------
    def perft(self, pos: Position, depth: int, on_move: Callable, on_end: Callable) -> None:
        """Count the leaves ``depth`` plies below ``pos`` on a thread of its
        own: ``on_move(move, leaves)`` per root move, then ``on_end(total,
        complete)`` (complete is False when ``stop`` ended the count)."""
        self.finish_perft()
        self.drop()
        stop = threading.Event()
        job = threading.Thread(target=_count, args=(pos.copy(), depth, stop, on_move, on_end),
                               name='perft', daemon=True)
        self.perft_job = (job, stop)
        job.start()

    def finish_perft(self) -> None:
        """Wait for a running perft to count to its end (as an engine that
        reads no command meanwhile would: a script's ``go perft 6`` then
        ``quit`` prints the total).  Only ``stop`` ends it early."""
        if self.perft_job is not None:
            self.perft_job[0].join()
            self.perft_job = None


def _count(pos: Position, depth: int, stop: threading.Event, on_move, on_end) -> None:
    total = 0
    for m in legal_moves(pos):
        pos.push(m)
        n = _leaves(pos, depth - 1, stop)
        pos.pop()
        if n is None:
            on_end(total, False)
            return
        on_move(m, n)
        total += n
    on_end(total, True)


def _leaves(pos: Position, depth: int, stop: threading.Event) -> int | None:
    """perft(pos, depth), in pieces of PERFT_CHUNK plies; None once ``stop`` is set."""
    if stop.is_set():
        return None
    if depth <= PERFT_CHUNK:
        return perft(pos, depth)
    total = 0
    for m in legal_moves(pos):
        pos.push(m)
        n = _leaves(pos, depth - 1, stop)
        pos.pop()
        if n is None:
            return None
        total += n
    return total


__all__ = ['ANALYZE', 'PONDER', 'THINK', 'Controller', 'Job']
