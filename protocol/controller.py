"""The search controller: what both protocols do with searches.

A protocol session (:mod:`protocol.uci`, :mod:`protocol.xboard`) parses
commands and formats answers; the searches themselves are jobs
(:class:`search.SearchJob`: the position, the limits, the root moves,
pondering and its hold-back, the clock safety net, the result).  The
controller keeps what is the session's, not the job's:

* one search at a time, off the reader thread, so that the reader answers
  ``isready``, ``ping``, ``stop`` or ``?`` at once: :meth:`job` makes a job
  (the session may still narrow its root moves), :meth:`start` starts it
  after ending the running one;
* a job's reports reach the session as ``on_info(job, info)`` and
  ``on_done(job, result)``, on the job's thread (a session may start its
  next search from ``on_done``: XBoard starts pondering there);
* option changes that need an idle searcher (Hash, Clear Hash, Threads,
  Evaluation, Move Overhead) wait for the search to end;
* ``perft`` counts on a thread of its own; ``stop`` ends it early;
* what this game's moves cost beyond thinking (:class:`search.MoveCosts`):
  the session reports each move it played on the clock (:meth:`moved`,
  as it writes it) and each clock the GUI reports
  (:meth:`clock_report`); every job plans with what was measured.
"""
from __future__ import annotations

import threading
import time
from typing import Callable

from cazaux_engine.movegen import legal_moves
from cazaux_engine.perft import perft
from cazaux_engine.position import Position
from search import ANALYZE, PONDER, THINK, Limits, MoveCosts, Searcher, SearchJob, SearchResult

from .options import Options

PERFT_CHUNK = 3          # plies counted at once (the compiled count holds the GIL)


class Controller:
    def __init__(self, options: Options, warn: Callable[[str], None]):
        """``warn(text)`` tells the user something went wrong (each protocol
        has its own form for that)."""
        self.options = options
        self.warn = warn
        self.lock = threading.RLock()          # guards job, and the searcher's options
        self.job: SearchJob | None = None      # the last job started
        self.clear_pending = False
        self.perft_job: tuple[threading.Thread, threading.Event] | None = None
        self.costs = MoveCosts(floor=0.0)      # option Move Overhead is the job's floor
        self.use_searcher(Searcher(hash_mb=options['Hash']))

    def use_searcher(self, searcher) -> None:
        """Search with ``searcher`` (tests give stand-ins that misbehave)."""
        self.searcher = searcher
        self.options.configure(searcher)

    # -- state -------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Is a job's thread running (even one whose result was dropped)?"""
        return self.job is not None and self.job.running

    def get_ready(self) -> None:
        """Before answering the GUI's wait (UCI's ``isready``, XBoard's
        ``ping``): when no search runs, the hash table takes its pages now,
        not on the first move's clock."""
        with self.lock:
            if not self.busy:
                self.searcher.touch_table()

    # -- searches -------------------------------------------------------------------
    def new_job(self, pos: Position, limits: Limits, started: float | None = None) -> SearchJob:
        """A job on a copy of ``pos`` whose clock started at ``started``
        (default now); not started, so that the session may still narrow
        its root moves (:meth:`SearchJob.restrict`, :meth:`SearchJob.avoid`)."""
        return self.searcher.job(pos, limits, on_late=self.warn, started=started,
                                 costs=self.costs)

    def start(self, job: SearchJob, on_info: Callable | None = None,
              on_done: Callable | None = None) -> SearchJob:
        """Start ``job``; the running search, if any, is dropped first (and a
        running perft counted to its end).  ``on_info(job, info)`` and
        ``on_done(job, result)`` report."""
        self.finish_perft()
        self.drop()
        if on_info is not None:
            job.on_info = lambda info: on_info(job, info)
        if on_done is not None:
            job.on_done = lambda result: on_done(job, result or SearchResult(None))
        job.on_end = lambda: self._ended(job)
        with self.lock:
            self.job = job
            self._sync_searcher()
        self.searcher.start(job)
        return job

    def stop(self) -> None:
        """Ask the search to end now; its ``on_done`` still runs (with the
        best move found so far).  A running perft stops too."""
        if self.perft_job is not None:
            self.perft_job[1].set()
        if self.job is not None:
            self.job.stop()

    def drop(self, timeout: float | None = None) -> None:
        """Stop the search and wait for its thread; its result is not
        reported (a session that moved on: a new position, ``force``...).
        From the job's own thread (in ``on_done``) it does not wait."""
        job = self.job
        if job is None:
            return
        job.cancel()
        if not job.is_current_thread():
            job.wait(timeout)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the search thread to end."""
        if self.job is not None:
            self.job.wait(timeout)

    def ponderhit(self, limits: Limits | None = None,
                  started: float | None = None) -> SearchJob | None:
        """The opponent played the expected move: the ponder job thinks on
        the clock of ``limits`` when given (the GUI's fresh clock), else on
        the limits it was started with; the time counts from ``started``
        (the moment the news was read; default now).  None when there is
        no ponder job."""
        job = self.job
        if job is None or not job.ponderhit(limits, started):
            return None
        return job

    # -- what moves cost ------------------------------------------------------------
    def moved(self, job: SearchJob) -> None:
        """The session is writing ``job``'s move: if it was played on the
        clock, remember the clock it started from and the think time (and
        the soft limit as the searcher stretched it, for the spend ratio)."""
        clock = job.clock()
        if clock is not None and job.mode == THINK:
            self.costs.moved(job.pos.turn, clock[0], clock[1], time.perf_counter() - job.started,
                             job.hard, None if job.emergency or job.soft is None
                             else job.soft * job.stretch)

    def clock_report(self, left: float, colour: int | None = None) -> float | None:
        """The GUI reports ``left`` seconds on the engine's clock (of
        ``colour``): the overhead of the engine's last move, if measured."""
        return self.costs.clock(left, colour)

    def new_game(self) -> None:
        """A new game or position: what moves cost is measured afresh, and
        the time management forgets the last move's score."""
        self.costs.new_game()
        self.searcher.forget_game()

    # -- reports from the job's thread ----------------------------------------------
    def _ended(self, job: SearchJob) -> None:
        """(the job's thread, at its end) Options set meanwhile take effect
        now, unless a search started since (on_done may start one)."""
        with self.lock:
            if self.job is job:
                self._sync_searcher()

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


__all__ = ['ANALYZE', 'PONDER', 'THINK', 'Controller']
