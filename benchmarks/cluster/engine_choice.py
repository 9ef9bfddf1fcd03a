"""Dask distributed or Ray for ``match --cluster``: the measurements behind the choice.

    python benchmarks/cluster/engine_choice.py dask|ray [--runs 3]

Run it with an interpreter that has the package (a fresh virtual
environment each: ``python -m venv /tmp/d && /tmp/d/bin/pip install
distributed``; ``... pip install ray``), and measure each one's
installed size with ``du`` of the environment's site-packages against an
empty one.  It prints:

* import: seconds to import the client library;
* start: seconds from nothing to a local cluster of two worker processes
  that has run one task (median of ``--runs``), and to shut it down;
* worker death: a task that sleeps 4 s is started, the worker process
  running it is killed with SIGKILL after 1 s; the figure says whether the
  task's result still arrives, how many times its body started (counted in
  files, one per start), and the seconds from the kill to the result.

Nothing here uses the tournament: it measures the distributed engines
alone, on loopback, and stops by itself.
"""
from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import tempfile
import time


def task(marker_dir: str, seconds: float) -> int:
    """Record a start (a file named after this process), sleep, return the pid."""
    pid = os.getpid()
    with open(os.path.join(marker_dir, f'{pid}-{time.monotonic_ns()}'), 'w') as f:
        f.write(str(pid))
    time.sleep(seconds)
    return pid


def getpid() -> int:
    return os.getpid()


def started(marker_dir: str) -> list[int]:
    return [int(name.split('-')[0]) for name in sorted(os.listdir(marker_dir))]


def wait_for_start(marker_dir: str, n: int, limit: float = 60.0) -> int:
    t = time.monotonic()
    while len(started(marker_dir)) < n:
        if time.monotonic() - t > limit:
            raise SystemExit('the task never started')
        time.sleep(0.02)
    return started(marker_dir)[n - 1]


def dask_run(runs: int) -> None:
    t = time.perf_counter()
    from distributed import Client, LocalCluster
    print(f'import: {time.perf_counter() - t:.2f} s')
    starts, stops = [], []
    for _ in range(runs):
        t = time.perf_counter()
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
        client.submit(getpid).result()
        starts.append(time.perf_counter() - t)
        t = time.perf_counter()
        client.close()
        cluster.close()
        stops.append(time.perf_counter() - t)
    print(f'start (2 workers, one task): {statistics.median(starts):.2f} s '
          f'(runs {", ".join(f"{x:.2f}" for x in starts)}); shut down '
          f'{statistics.median(stops):.2f} s')
    with tempfile.TemporaryDirectory() as d:
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
        f = client.submit(task, d, 4.0, pure=False)
        pid = wait_for_start(d, 1)
        time.sleep(1.0)
        os.kill(pid, signal.SIGKILL)
        t = time.perf_counter()
        try:
            result = f.result(timeout=120)
            outcome = f'result arrived from pid {result}'
        except Exception as e:       # what the engine reports
            outcome = f'no result: {type(e).__name__}: {e}'
        print(f'worker death: {outcome}; task body started {len(started(d))} times; '
              f'{time.perf_counter() - t:.2f} s from the kill')
        client.close()
        cluster.close()


def ray_run(runs: int) -> None:
    t = time.perf_counter()
    import ray
    print(f'import: {time.perf_counter() - t:.2f} s')
    starts, stops = [], []
    remote_pid = ray.remote(getpid)
    for _ in range(runs):
        t = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        ray.get(remote_pid.remote())
        starts.append(time.perf_counter() - t)
        t = time.perf_counter()
        ray.shutdown()
        stops.append(time.perf_counter() - t)
    print(f'start (2 CPUs, one task): {statistics.median(starts):.2f} s '
          f'(runs {", ".join(f"{x:.2f}" for x in starts)}); shut down '
          f'{statistics.median(stops):.2f} s')
    with tempfile.TemporaryDirectory() as d:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        ref = ray.remote(task).remote(d, 4.0)
        pid = wait_for_start(d, 1)
        time.sleep(1.0)
        os.kill(pid, signal.SIGKILL)
        t = time.perf_counter()
        try:
            result = ray.get(ref, timeout=120)
            outcome = f'result arrived from pid {result}'
        except Exception as e:
            outcome = f'no result: {type(e).__name__}: {str(e)[:200]}'
        print(f'worker death: {outcome}; task body started {len(started(d))} times; '
              f'{time.perf_counter() - t:.2f} s from the kill')
        ray.shutdown()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('engine', choices=('dask', 'ray'))
    ap.add_argument('--runs', type=int, default=3)
    args = ap.parse_args()
    print(f'{args.engine}, Python {sys.version.split()[0]}')
    (dask_run if args.engine == 'dask' else ray_run)(args.runs)


if __name__ == '__main__':
    main()
