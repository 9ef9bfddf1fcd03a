"""Work spread over forked processes, the results in order.

Used by ``tune fit --jobs`` (one finite-difference pass per task,
:mod:`tuning.texel`) and ``tune extract --jobs`` (one game per task,
:mod:`tuning.cli`).  The workers are forked after the function is set, so
they inherit it, and whatever it reaches (samples, variant, tuned data),
without pickling; only the tasks and their results travel.  Where
processes cannot be forked (Windows; macOS forks, but Python's default
there is to spawn) the tasks run one after another in this process: the
same results, only later.
"""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, Iterator

_FUNCTION: Callable | None = None     # a forked worker's function (set before the fork)


def _call(task):
    return _FUNCTION(task)


def can_fork() -> bool:
    """Whether worker processes can be forked here."""
    return 'fork' in multiprocessing.get_all_start_methods()


def ordered_map(function: Callable, tasks: Iterable, jobs: int, chunksize: int = 1) -> Iterator:
    """``function(t)`` for every task ``t``, in the tasks' order, computed
    in up to ``jobs`` forked processes at once (0: one per core) where that
    is possible."""
    global _FUNCTION
    tasks = list(tasks)
    jobs = min(jobs or os.cpu_count() or 1, len(tasks))
    if jobs <= 1 or not can_fork():
        yield from map(function, tasks)
        return
    _FUNCTION = function
    try:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context('fork')) as pool:
            yield from pool.map(_call, tasks, chunksize=chunksize)
    finally:
        _FUNCTION = None
