"""Wall time of ``go nodes N`` as a GUI sees it, this engine beside a reference.

    python benchmarks/speed/go_nodes.py [--reference CMD] [--nodes N,N,...] [--rounds R]

Starts each engine as a UCI child process (this one as ``cazaux-engine``,
the reference by default as ``glaurung``, a Debian package in /usr/games),
and for each node count sends the positions of a Ruy Lopez, one after
another (``position startpos moves ...`` with its first 0, 1, ..., 21
half-moves), each followed by ``go nodes N``, timing each from ``go`` to
``bestmove``.  The engines take turns, one node count at a time, ``--rounds``
times; it prints the median over the rounds of each engine's mean
milliseconds a move, side by side.  It is what a fixed-node match spends;
the difference between two node counts over the nodes is the cost of a
node, what is left at the smallest count the fixed cost of a move.  Engines
count their nodes differently, so equal counts are equal work only within
one engine.  Run it on a quiet machine: the figures are wall-clock.
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from tournament.process import EngineProcess, EngineProcessError  # noqa: E402

RUY_LOPEZ = ('e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 '
             'e8g8 h2h3 c6a5 b3c2 c7c5 d2d4 d8c7').split()


class Engine:
    """A UCI engine in a child process (the match runner's
    :class:`tournament.process.EngineProcess`, which stamps each line with
    the time it arrived)."""

    def __init__(self, cmd: list[str]):
        self.name = cmd[0]
        try:
            self.p = EngineProcess(cmd, label=self.name)
        except EngineProcessError as e:
            raise SystemExit(f'go_nodes.py: {e}') from None
        self.send('uci')
        self.until('uciok')
        self.send('isready')
        self.until('readyok')

    def send(self, line: str) -> float:
        try:
            return self.p.send(line)
        except EngineProcessError as e:
            raise SystemExit(f'go_nodes.py: {e}') from None

    def until(self, prefix: str) -> float:
        """Read up to the line that starts with ``prefix``; the time it arrived."""
        while True:
            arrived, line = self.p.read(None)
            if line is None:
                raise SystemExit(f'go_nodes.py: {self.name} ended before "{prefix}"')
            if line.startswith(prefix):
                return arrived

    def ms_a_move(self, nodes: int) -> float:
        """The mean milliseconds from ``go nodes`` to ``bestmove`` over the positions."""
        total = 0.0
        for k in range(len(RUY_LOPEZ)):
            self.send('position startpos' + (' moves ' + ' '.join(RUY_LOPEZ[:k]) if k else ''))
            self.send('isready')
            self.until('readyok')
            sent = self.send(f'go nodes {nodes}')
            total += self.until('bestmove') - sent
        return 1000 * total / len(RUY_LOPEZ)

    def quit(self) -> None:
        try:
            self.p.send('quit')
        except EngineProcessError:
            pass
        self.p.close(5)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description='wall time of "go nodes N", this engine beside a '
                                             'reference engine')
    ap.add_argument('--engine', default='cazaux-engine',
                    help='this engine\'s command (default: cazaux-engine)')
    ap.add_argument('--reference', default='glaurung',
                    help='the reference engine\'s command, UCI (default: glaurung)')
    ap.add_argument('--nodes', default='1000,30000,100000',
                    help='node counts, comma-separated (default: 1000,30000,100000)')
    ap.add_argument('--rounds', type=int, default=3, help='rounds per engine (default: 3)')
    args = ap.parse_args(argv)
    try:
        counts = [int(x) for x in args.nodes.split(',')]
    except ValueError:
        ap.error(f'--nodes: not a list of numbers: {args.nodes!r}')
    if any(n < 1 for n in counts) or args.rounds < 1:
        ap.error('node counts and rounds must be at least 1')
    cmds = [shlex.split(args.engine), shlex.split(args.reference)]
    for cmd in cmds:
        if not cmd or shutil.which(cmd[0]) is None:
            raise SystemExit(f'go_nodes.py: command not found: {cmd[0] if cmd else "(empty)"}'
                             ' (the reference glaurung: apt-get install glaurung; its path'
                             ' /usr/games must be on PATH)')
    engines = [Engine(cmd) for cmd in cmds]
    try:
        print(f'{"nodes":>8}  {"this engine":>12}  {"reference":>12}  (ms a move, median of '
              f'{args.rounds} rounds; {len(RUY_LOPEZ)} positions each)')
        for n in counts:
            runs = [[], []]
            for _ in range(args.rounds):
                for i, e in enumerate(engines):
                    runs[i].append(e.ms_a_move(n))
            mine, ref = (statistics.median(r) for r in runs)
            print(f'{n:>8}  {mine:>12.1f}  {ref:>12.1f}', flush=True)
    finally:
        for e in engines:
            e.quit()
    print(f'this engine: {shlex.join(cmds[0])}; reference: {shlex.join(cmds[1])}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
