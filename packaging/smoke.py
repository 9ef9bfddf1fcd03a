"""Smoke test of a built engine binary, as a GUI would use it, on any platform.

    python packaging/smoke.py [BINARY]       (default: what packaging/build.py builds here)

The binary runs from an empty temporary folder, with a temporary folder of
its own (TMPDIR, TEMP and TMP point there), and every answer has a
deadline.  Checks, in order:

* ``--version`` says ``cazaux-engine VERSION (compiled core)``, VERSION the
  source's;
* a UCI session: ``uci`` -> ``uciok``, the zanzibar-s variant, ``isready``
  -> ``readyok``, ``go depth 3`` -> a ``bestmove`` the rules core accepts as
  legal, ``quit`` -> exit code 0;
* an XBoard session: ``xboard`` and ``protover 2`` sent at launch, as
  XBoard and WinBoard do, answered by ``feature ... done=1`` within
  FEATURE_SECONDS (each feature, ``done=0`` too, acknowledged with
  ``accepted``, as the GUIs do; they wait two seconds for the first
  feature), ``variant pemba``
  answered by ``setup`` and ``piece`` lines before the ``pong`` of a
  ``ping``, ``go`` at depth 3 answered by a ``move`` the rules core accepts
  in XBoard's notation, ``quit`` -> exit code 0;
* ``perft`` of each variant's start position and ``bench --depth 4`` print
  the pinned numbers (the same on every machine; the test suite pins them
  too);
* a session ended from outside, as a GUI or a runner ends a hung engine
  (``Popen.terminate``: TerminateProcess on Windows, SIGTERM elsewhere),
  ends within the deadline;
* nothing named ``_MEI*`` is left in the binary's temporary folder
  (PyInstaller's one-file runtime, unpacked at each start: on Windows a
  killed one-file binary leaves it behind; the one-folder build released
  for Windows has none).

Prints one line per check and exits 0 when all pass, 1 otherwise.  The
release workflow runs it on every platform (.github/workflows/release.yml).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from cazaux_engine import __version__, get_variant, parse_move, start_position  # noqa: E402
from protocol import xboard_moves  # noqa: E402
from protocol.xboard_variants import rank_base, xboard_name  # noqa: E402

TIMEOUT = 60.0          # seconds for any one answer: a guard against hangs
FEATURE_SECONDS = 1.0   # protover 2 (sent at launch) to feature done=1
PERFT = {'chess': 8902, 'pemba': 42444, 'zanzibar-s': 163758, 'zanzibar-xl': 114352,
         'maasai': 28453, 'oblong44': 1872}      # start positions, depth 3
PERFT_DEPTH = 3
BENCH_DEPTH, BENCH_NODES = 4, 42016


class Failed(Exception):
    """A check failed; the message says what was expected and what came."""


class Engine:
    """The binary as a child process, its output read line by line by a thread."""

    def __init__(self, argv: list[str], cwd: str, env: dict):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd, env=env, text=True,
                                     bufsize=1, encoding='utf-8', errors='replace')
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip('\r\n'))
        self.lines.put(None)

    def send(self, *lines: str) -> float:
        for line in lines:
            self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()
        return time.monotonic()

    def until(self, done, seconds: float = TIMEOUT, what: str = '', on_line=None) -> list[str]:
        """Lines up to and including the first for which ``done(line)`` holds."""
        got, deadline = [], time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise Failed(f'no {what} within {seconds:g} s; last lines {got[-3:]}') from None
            if line is None:
                raise Failed(f'the engine exited waiting for {what}; last lines {got[-3:]}; '
                             f'stderr {self.proc.stderr.read()[-500:]!r}')
            got.append(line)
            self.seen.append(line)
            if on_line:
                on_line(line)
            if done(line):
                return got

    def quit(self) -> int:
        self.send('quit')
        try:
            code = self.proc.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise Failed(f'no exit within {TIMEOUT:g} s of quit') from None
        return code

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(TIMEOUT)
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass


class Smoke:
    def __init__(self, binary: str, work: str):
        self.binary = binary
        self.cwd = os.path.join(work, 'cwd')            # empty: nothing comes from the sources
        self.tmp = os.path.join(work, 'tmp')            # the binary's own temporary folder
        os.makedirs(self.cwd)
        os.makedirs(self.tmp)
        # the environment a GUI gives: nothing that steers Python (a CI job's
        # PYTHONUTF8, say, would reach the frozen interpreter too)
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ('PYTHONPATH', 'CAZAUX_ENGINE_PURE', 'PYTHONUTF8',
                                 'PYTHONIOENCODING', 'PYTHONHOME')}
        self.env.update(TMPDIR=self.tmp, TEMP=self.tmp, TMP=self.tmp)

    def run(self, args: list[str]) -> subprocess.CompletedProcess:
        try:
            return subprocess.run([self.binary] + args, cwd=self.cwd, env=self.env, text=True,
                                  capture_output=True, stdin=subprocess.DEVNULL, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise Failed(f'{args} did not finish within {TIMEOUT:g} s') from None

    def engine(self) -> Engine:
        return Engine([self.binary], self.cwd, self.env)

    # -- the checks ---------------------------------------------------------------

    def version(self) -> str:
        p = self.run(['--version'])
        want = f'cazaux-engine {__version__} (compiled core)'
        if (p.returncode, p.stdout.strip()) != (0, want):
            raise Failed(f'expected {want!r} (exit 0), got {p.stdout.strip()!r} '
                         f'(exit {p.returncode}) {p.stderr.strip()[-300:]!r}')
        return want

    def uci(self) -> str:
        e = self.engine()
        try:
            e.send('uci')
            e.until(lambda s: s == 'uciok', what='uciok')
            e.send('setoption name UCI_Variant value zanzibar-s', 'isready')
            e.until(lambda s: s == 'readyok', what='readyok')
            e.send('position startpos', 'go depth 3')
            best = e.until(lambda s: s.startswith('bestmove '), what='bestmove')[-1].split()[1]
            try:
                parse_move(start_position('zanzibar-s'), best)
            except ValueError as err:
                raise Failed(f'bestmove {best} is not legal: {err}') from None
            code = e.quit()
            if code != 0:
                raise Failed(f'exit code {code} after quit')
        finally:
            e.close()
        return f'zanzibar-s, go depth 3: bestmove {best} (legal); quit: exit 0'

    def xboard(self) -> str:
        e = self.engine()
        try:
            sent = e.send('xboard', 'protover 2')

            def accept(line: str) -> None:
                if line.startswith('feature ') and line != 'feature done=1':
                    for name in xboard_feature_names(line):
                        e.send(f'accepted {name}')
            e.until(lambda s: s == 'feature done=1', seconds=FEATURE_SECONDS,
                    what='feature done=1', on_line=accept)
            features = time.monotonic() - sent
            v = get_variant('pemba')
            e.send('new', f'variant {xboard_name(v)}', 'force', 'sd 3', 'ping 1')
            lines = e.until(lambda s: s == 'pong 1', what='pong 1')
            setup = [s for s in lines if s.startswith('setup ')]
            pieces = [s for s in lines if s.startswith('piece ')]
            if len(setup) != 1 or len(pieces) != len(v.pieces):
                raise Failed(f'variant pemba: expected 1 setup and {len(v.pieces)} piece lines '
                             f'before pong, got {len(setup)} and {len(pieces)}')
            e.send('go')
            last = e.until(lambda s: s.startswith(('move ', 'resign', 'Error', 'Illegal')),
                           what='move')[-1]
            if not last.startswith('move '):
                raise Failed(f'expected a move, got {last!r}')
            text = last.split()[1]
            try:
                xboard_moves.parse(start_position('pemba'), text, rank_base(v))
            except ValueError as err:
                raise Failed(f'move {text} is not legal: {err}') from None
            code = e.quit()
            if code != 0:
                raise Failed(f'exit code {code} after quit')
        finally:
            e.close()
        return (f'features in {features * 1000:.0f} ms (limit {FEATURE_SECONDS * 1000:.0f}); '
                f'pemba: setup + {len(pieces)} pieces before pong; move {text} (legal); '
                f'quit: exit 0')

    def perft(self) -> str:
        for variant, leaves in PERFT.items():
            p = self.run(['perft', variant, 'startpos', str(PERFT_DEPTH)])
            if (p.returncode, p.stdout) != (0, f'Nodes searched: {leaves}\n'):
                raise Failed(f'perft {variant} {PERFT_DEPTH}: expected {leaves}, got '
                             f'{p.stdout.strip()!r} (exit {p.returncode})')
        return f'{len(PERFT)} variants at depth {PERFT_DEPTH}: pinned counts'

    def bench(self) -> str:
        p = self.run(['bench', '--depth', str(BENCH_DEPTH)])
        totals = [s for s in p.stdout.splitlines() if s.startswith('Total nodes: ')]
        if p.returncode != 0 or totals != [f'Total nodes: {BENCH_NODES}']:
            raise Failed(f'bench --depth {BENCH_DEPTH}: expected Total nodes: {BENCH_NODES}, '
                         f'got {totals} (exit {p.returncode})')
        return f'depth {BENCH_DEPTH}: {BENCH_NODES} nodes'

    def terminate(self) -> str:
        e = self.engine()
        try:
            e.send('uci')
            e.until(lambda s: s == 'uciok', what='uciok')
            e.send('go infinite')
            e.until(lambda s: s.startswith('info '), what='info of the search')
            e.proc.terminate()
            try:
                code = e.proc.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                raise Failed(f'still running {TIMEOUT:g} s after terminate()') from None
        finally:
            e.close()
        return f'ended during go infinite (exit code {code})'

    def no_runtime_left(self) -> str:
        time.sleep(0.5)         # a one-file bootloader removes its folder as it exits
        left = sorted(n for n in os.listdir(self.tmp) if n.startswith('_MEI'))
        if left:
            raise Failed(f'left in the temporary folder: {left}')
        return 'no _MEI* folder left in the temporary folder'


def xboard_feature_names(line: str) -> list[str]:
    """Names of the features of one ``feature`` line.

    >>> xboard_feature_names('feature ping=1 myname="a b=c" option="Hash -spin 64 1 4096"')
    ['ping', 'myname', 'option']
    """
    names, rest = [], line[len('feature '):]
    while rest.strip():
        name, _, rest = rest.strip().partition('=')
        if rest.startswith('"'):
            _, _, rest = rest[1:].partition('"')
        else:
            _, _, rest = rest.partition(' ')
        names.append(name)
    return names


CHECKS = ('version', 'uci', 'xboard', 'perft', 'bench', 'terminate', 'no_runtime_left')


def default_binary() -> str:
    """Where packaging/build.py puts the binary of this platform's release kind."""
    spec = importlib.util.spec_from_file_location('_cazaux_build', os.path.join(HERE, 'build.py'))
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build.binary_path(os.path.join(ROOT, 'dist'), build.DEFAULT_KIND)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binary', nargs='?', help='the engine binary (default: the one '
                    'packaging/build.py builds here, in dist/)')
    args = ap.parse_args(argv)
    binary = os.path.abspath(args.binary or default_binary())
    if not os.path.isfile(binary):
        print(f'error: no binary at {binary} (python packaging/build.py builds it)',
              file=sys.stderr)
        return 2
    print(f'smoke test of {binary}')
    failed = 0
    work = tempfile.mkdtemp(prefix='cazaux-smoke-')
    try:
        smoke = Smoke(binary, work)
        for name in CHECKS:
            t = time.monotonic()
            try:
                said = getattr(smoke, name)()
                print(f'ok    {name:16s} {said} ({time.monotonic() - t:.1f} s)', flush=True)
            except (Failed, OSError) as e:
                failed += 1
                print(f'FAIL  {name:16s} {e}', flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f'{len(CHECKS) - failed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
