"""Start-up latency, size and memory of the engine binary and of ``python -m``.

    python benchmarks/speed/startup.py [--runs 10] [--search-seconds 10]
                                 [--binary dist/cazaux-engine]
                                 [--onedir dist/cazaux-engine-onedir/cazaux-engine]
                                 [--variant zanzibar-s] [--no-memory] [--json]

Figures printed (packaging/build.py --kind both makes both builds):

* size of the one-file binary and of the one-folder build;
* start-up latency: from launching the process to reading the answer of
  ``xboard`` + ``protover 2`` (the line ``feature done=1``; each feature
  is answered ``accepted`` as XBoard does) and of ``uci``
  (``uciok``), median (and min/max) of ``--runs`` launches, for each build
  and for ``python -m cazaux_engine`` (this interpreter), with the CPU time
  of each session (not on Windows, which has no ``resource`` module);
* peak memory: the peak resident set (Linux ``VmHWM``, summed over the
  process and its children: a one-file binary is a small bootloader process
  that runs the engine as its child) during a ``go movetime`` search of
  ``--search-seconds`` with the default Hash, next to that Hash size (read
  from Linux's /proc: 0 elsewhere).

The commands are written to the engine at launch, as a GUI does; the clock
stops when the answer line arrives.  Machine load makes these figures noisy:
compare medians of the same run.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from protocol.options import Options  # noqa: E402

try:
    import resource         # POSIX: the CPU time of finished child processes
except ImportError:         # Windows: start-up times without the CPU figure
    resource = None

DEFAULT_HASH_MB = Options()['Hash']


def tree_pids(pid: int) -> list[int]:
    """``pid`` and all its descendants (Linux /proc), or just ``pid``."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f'/proc/{p}/task'):
                with open(f'/proc/{p}/task/{task}/children') as f:
                    todo += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return out


def status_kb(pid: int, field: str) -> int:
    """A ``/proc/PID/status`` figure in kB (0 if unavailable)."""
    try:
        with open(f'/proc/{pid}/status') as f:
            for line in f:
                if line.startswith(field + ':'):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Engine:
    """A launched engine process read line by line in a background thread."""

    def __init__(self, argv: list[str], first_input: str):
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                     cwd=ROOT)
        self.proc.stdin.write(first_input)
        self.proc.stdin.flush()
        self.lines: list[tuple[float, str]] = []
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            if line.startswith('feature '):
                self._answer_features(line)
            with self.cond:
                self.lines.append((time.perf_counter(), line.rstrip('\n')))
                self.cond.notify_all()
        with self.cond:
            self.lines.append((time.perf_counter(), None))
            self.cond.notify_all()

    def _answer_features(self, line: str) -> None:
        """Answer ``accepted NAME`` to each feature, as XBoard does (the engine
        sends ``feature done=1`` once every feature is answered)."""
        try:
            for name, _ in FEATURE.findall(line[len('feature '):]):
                self.send(f'accepted {name}\n')
        except OSError:
            pass

    def wait_for(self, prefix: str, timeout: float) -> float:
        """Seconds from launch to the first line starting with ``prefix``."""
        deadline = time.perf_counter() + timeout
        seen = 0
        with self.cond:
            while True:
                for t, line in self.lines[seen:]:
                    if line is None:
                        raise RuntimeError(f'engine exited before {prefix!r}')
                    if line.startswith(prefix):
                        return t - self.t0
                seen = len(self.lines)
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise TimeoutError(f'no {prefix!r} within {timeout} s')
                self.cond.wait(left)

    def send(self, text: str) -> None:
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def close(self) -> None:
        try:
            self.send('quit\n')
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


FEATURE = re.compile(r'(\w+)=("[^"]*"|\S+)')

HANDSHAKES = {
    'protover 2': ('xboard\nprotover 2\n', 'feature done=1'),
    'uci': ('uci\n', 'uciok'),
}


def cpu_of_children() -> float:
    """CPU seconds of the finished children so far (NaN where unknown: Windows)."""
    if resource is None:
        return float('nan')
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def startup_times(argv: list[str], protocol: str, runs: int) -> tuple[list[float], list[float]]:
    """Seconds to the answer, and CPU seconds of each whole session, per launch."""
    first, answer = HANDSHAKES[protocol]
    times, cpu = [], []
    for _ in range(runs):
        c0 = cpu_of_children()
        e = Engine(argv, first)
        try:
            times.append(e.wait_for(answer, 60))
        finally:
            e.close()
        cpu.append(cpu_of_children() - c0)
    return times, cpu


def peak_memory(argv: list[str], seconds: float, variant: str) -> dict:
    """Peak RSS (MB) of the engine's process tree during a timed search."""
    e = Engine(argv, 'uci\n')
    try:
        e.wait_for('uciok', 60)
        e.send(f'setoption name UCI_Variant value {variant}\nposition startpos\n'
               f'isready\n')
        e.wait_for('readyok', 60)
        e.send(f'go movetime {int(seconds * 1000)}\n')
        e.wait_for('bestmove', seconds + 60)
        pids = tree_pids(e.proc.pid)
        hwm = sum(status_kb(p, 'VmHWM') for p in pids)
        largest = max(status_kb(p, 'VmHWM') for p in pids)
        nodes = 0
        for _, line in e.lines:
            if line and line.startswith('info') and ' nodes ' in line:
                nodes = int(line.split(' nodes ')[1].split()[0])
    finally:
        e.close()
    return {'peak_rss_mb': round(hwm / 1024, 1), 'largest_process_mb': round(largest / 1024, 1),
            'processes': len(pids), 'nodes': nodes}


def dir_size(path: str) -> int:
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)


def fmt_times(ts: list[float]) -> str:
    return (f'median {statistics.median(ts) * 1000:6.0f} ms  '
            f'(min {min(ts) * 1000:.0f}, max {max(ts) * 1000:.0f}, n={len(ts)})')


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--binary', default=os.path.join(ROOT, 'dist', 'cazaux-engine'))
    ap.add_argument('--onedir', default=os.path.join(ROOT, 'dist', 'cazaux-engine-onedir',
                                                     'cazaux-engine'))
    ap.add_argument('--runs', type=int, default=10)
    ap.add_argument('--search-seconds', type=float, default=10.0)
    ap.add_argument('--variant', default='zanzibar-s', help='variant of the memory search')
    ap.add_argument('--no-memory', action='store_true', help='skip the timed searches')
    ap.add_argument('--json', action='store_true', help='print the figures as JSON too')
    args = ap.parse_args()

    builds = [('python -m cazaux_engine', [sys.executable, '-m', 'cazaux_engine'])]
    report: dict = {'python': sys.version.split()[0], 'runs': args.runs}
    if os.path.isfile(args.binary):
        builds.insert(0, ('one-file binary', [args.binary]))
        report['onefile_size_mb'] = round(os.path.getsize(args.binary) / 2**20, 1)
        print(f'one-file binary   {args.binary}: {report["onefile_size_mb"]} MB')
    else:
        print(f'(no one-file binary at {args.binary}: python packaging/build.py)')
    if os.path.isfile(args.onedir):
        builds.insert(1, ('one-folder build', [args.onedir]))
        folder = os.path.dirname(args.onedir)
        report['onedir_size_mb'] = round(dir_size(folder) / 2**20, 1)
        print(f'one-folder build  {folder}: {report["onedir_size_mb"]} MB')
    else:
        print(f'(no one-folder build at {args.onedir}: python packaging/build.py --kind both)')

    print(f'\nstart-up latency, launch to answer ({args.runs} launches each):')
    report['startup_ms'] = {}
    for name, argv in builds:
        for proto in HANDSHAKES:
            ts, cpu = startup_times(argv, proto, args.runs)
            report['startup_ms'][f'{name} / {proto}'] = {
                'median': round(statistics.median(ts) * 1000), 'min': round(min(ts) * 1000),
                'max': round(max(ts) * 1000)}
            cpu_text = 'CPU unknown here'
            if resource is not None:
                report['startup_ms'][f'{name} / {proto}']['cpu_median'] = round(
                    statistics.median(cpu) * 1000)
                cpu_text = f'CPU {statistics.median(cpu) * 1000:4.0f} ms'
            print(f'  {name:24s} {proto:10s} {fmt_times(ts)}  {cpu_text}')

    if not args.no_memory:
        print(f'\npeak memory during a {args.search_seconds:g} s search of the {args.variant} '
              f'start (Hash {DEFAULT_HASH_MB} MB, the default):')
        report['memory'] = {}
        for name, argv in builds:
            m = peak_memory(argv, args.search_seconds, args.variant)
            report['memory'][name] = m
            print(f'  {name:24s} peak RSS {m["peak_rss_mb"]:6.1f} MB over {m["processes"]} '
                  f'process(es) (largest {m["largest_process_mb"]} MB), {m["nodes"]} nodes; '
                  f'budget Hash + 100 = {DEFAULT_HASH_MB + 100} MB')
    if args.json:
        print(json.dumps(report, indent=1))
    return 0


if __name__ == '__main__':
    sys.exit(main())
