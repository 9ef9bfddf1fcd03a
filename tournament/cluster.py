"""Games spread over machines by Dask distributed (``match --cluster``).

An optional extra (``pip install "cazaux-engine[cluster]"``): one machine
needs none of it.  The runner stays where it is and stays the only writer
of the PGN file; each game is a Dask task that a worker thread plays with
an :class:`~.runner.EnginePool` of its own (engines kept between games on
that worker, as the runner's threads keep theirs) and returns to the
runner, which records it as it arrives.

A worker that dies during a game (killed, out of memory, its machine
gone) costs that game only: Dask gives the task to another worker, which
plays the game again from the start; the runner records the one result
that arrives and logs that the game was played again.  A game whose task
has ended ``distributed.scheduler.allowed-failures`` + 1 workers (Dask's
setting, 3 by default) is not played again: the tournament stops (exit
status 1) with what was written; rerunning the command plays the rest.

Why Dask and not Ray (``benchmarks/cluster/engine_choice.py``, docs/match.md):
a local cluster of two workers starts in 0.6 s against Ray's 5.5 s, it
installs in 44 MB against 259 MB, and both play a killed worker's task
again on another worker.

``--cluster local:N`` starts N worker processes on this machine (one game
each at a time); ``--cluster tcp://HOST:8786`` uses the scheduler of a
cluster started with ``dask scheduler`` and ``dask worker``, whose
machines must have the engines at the same paths and this package.
"""
from __future__ import annotations

import io
import logging
import threading
import uuid
from dataclasses import dataclass

from .arbiter import ArbiterSettings
from .client import EngineError
from .eventlog import EventLog
from .runner import EnginePool, PlayedGame, Player
from .schedule import Pairing

INSTALL = 'pip install "cazaux-engine[cluster]" (Dask distributed), on every machine'


class ClusterError(RuntimeError):
    """No cluster to play on; the message is for the user."""


def _distributed():
    try:
        import distributed
    except ImportError as e:
        raise ClusterError(f'--cluster needs Dask distributed ({e}): {INSTALL}') from None
    return distributed


@dataclass
class Job:
    """What every game of a tournament needs on a worker."""
    key: str                    # the tournament run: a worker's pools belong to one
    players: list
    variant: object
    settings: ArbiterSettings
    debug: bool = False


class _Sink:
    """Collects a pool's warnings or engine lines for the game under way."""

    def __init__(self):
        self.lines: list = []

    def __call__(self, text: str) -> None:
        self.lines.append(text)

    def take(self) -> list:
        lines, self.lines = self.lines, []
        return lines


_POOLS: dict = {}       # (run key, thread) -> (pool, warnings sink, io sink), on a worker
_POOLS_LOCK = threading.Lock()


def play_remote(job: Job, p: Pairing) -> PlayedGame:
    """A Dask task: play the game of ``p`` on this worker thread's pool."""
    ident = (job.key, threading.get_ident())
    with _POOLS_LOCK:
        entry = _POOLS.get(ident)
    if entry is None:
        from distributed import get_worker
        warn, lines = _Sink(), _Sink()
        with _POOLS_LOCK:
            label = f'{get_worker().name}/{sum(1 for k in _POOLS if k[0] == job.key)}'
        pool = EnginePool(job.players, job.variant, job.settings, warn,
                          lines if job.debug else None, label)
        entry = (pool, warn, lines)
        with _POOLS_LOCK:
            _POOLS[ident] = entry
    pool, warn, lines = entry
    warn.take()
    lines.take()
    played = pool.play(p)
    played.warnings = warn.take()
    played.io = lines.take()
    return played


def close_pools(key: str) -> int:
    """Quit the engines of the run ``key`` on this worker; how many pools."""
    with _POOLS_LOCK:
        mine = [k for k in _POOLS if k[0] == key]
        entries = [_POOLS.pop(k) for k in mine]
    for pool, _, _ in entries:
        pool.close()
    return len(entries)


def probe_remote(spec, variant, tc, timeout: float):
    """:func:`tournament.cli.probe` on a worker: (protocol, name, limits sent), or
    the EngineError (returned, not raised: not a failure of the task for Dask to log)."""
    from .detect import probe
    try:
        name, limits = probe(spec, variant, tc, timeout, EventLog(stderr=io.StringIO()))
    except EngineError as e:
        return e
    return spec.proto, name, limits


def _replays(dask_scheduler, key: str) -> int:
    """How many workers died while running task ``key`` (on the scheduler)."""
    ts = dask_scheduler.tasks.get(key)
    return ts.suspicious if ts is not None else 0


class Cluster:
    """A connection to a Dask cluster (``tcp://HOST:PORT``), or a local one
    of N worker processes (``local:N``), that plays a tournament's games."""

    def __init__(self, address: str, timeout: float = 30.0):
        d = _distributed()
        self.address = address
        self.local = None
        if address.startswith('local:'):
            n = address[len('local:'):]
            if not n.isdigit() or int(n) < 1:
                raise ClusterError(f'--cluster {address!r}: local:N needs a number of workers '
                                   'of 1 or more')
            self.local = d.LocalCluster(n_workers=int(n), threads_per_worker=1, processes=True,
                                        host='127.0.0.1', dashboard_address=None,
                                        silence_logs=logging.ERROR)
            self.client = d.Client(self.local)
        else:
            try:
                self.client = d.Client(address, timeout=timeout)
            except (OSError, ValueError, TimeoutError) as e:
                raise ClusterError(f'--cluster {address!r}: no scheduler answers ({e})') from None
        self.key = uuid.uuid4().hex

    def describe(self) -> str:
        n = self.client.nthreads()
        where = 'local cluster' if self.local else f'cluster {self.address}'
        return f'{where}: {len(n)} workers, {sum(n.values())} games at once'

    def threads(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def probe(self, spec, variant, tc, timeout: float) -> tuple[str | None, str]:
        """:func:`tournament.cli.probe`, run on a worker (where the games will be)."""
        answer = self.client.submit(probe_remote, spec, variant, tc, timeout, pure=False).result()
        if isinstance(answer, EngineError):
            raise answer
        spec.proto, name, limits = answer
        return name, limits

    def play(self, t) -> None:
        """Play ``t``'s pending games (a :class:`~.runner.Tournament`), as many at
        once as the workers have threads (so that no game waits on a worker that
        may die: a task lost with a worker was being played), recording each
        as it comes."""
        d = _distributed()
        job = Job(self.key, [Player(p.spec, p.name, p.tc) for p in t.players], t.variant,
                  t.settings, t.log.debug)
        done = d.as_completed()
        flying: dict = {}

        def fill():
            while len(flying) < self.threads():
                p = t.next_pairing()
                if p is None:
                    return
                f = self.client.submit(play_remote, job, p, pure=False,
                                       key=f'cazaux-game-{self.key}-{p.round}')
                flying[f.key] = p
                done.add(f)

        fill()
        try:
            for f in done:
                p = flying.pop(f.key)
                try:
                    played = f.result()
                except d.KilledWorker:
                    t.fail_with(f'game {p.round} ended every worker that played it; '
                                'tournament stopped (rerun the command to play the rest)')
                    continue
                except Exception as e:      # a bug on a worker: stop, keep what was written
                    t.fail(e)
                    continue
                replays = self.client.run_on_scheduler(_replays, key=f.key)
                f.release()
                if replays:
                    played.warnings.insert(0, f'game {p.round}: its worker died '
                                              f'({replays} time{"s" if replays > 1 else ""}); '
                                              f'played again from the start on worker '
                                              f'{played.where.rsplit("/", 1)[0]}')
                t.record(p, played)
                fill()
        except KeyboardInterrupt:
            t.aborted = t.stop = True
            for f in list(done.futures):
                f.cancel()
            raise

    def close(self) -> None:
        """Quit this run's engines on every worker; disconnect (a local cluster ends)."""
        try:
            self.client.run(close_pools, self.key)
        except Exception:       # workers already gone: nothing to quit
            pass
        self.client.close()
        if self.local is not None:
            self.local.close()
