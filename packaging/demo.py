"""Watch the engine binary play itself: a short game over UCI, shown move by move.

    python packaging/demo.py [--variant zanzibar-s] [--plies 24] [--movetime 1000]
                             [--engine COMMAND] [--setup N]

The demo talks UCI to the engine like a GUI would (``uci``, ``setoption name
UCI_Variant``, ``position startpos moves ...``, ``go movetime``), checks every
move it gets back with the rules core and prints the board as the game goes.
``--engine`` takes any command line, e.g. ``--engine "python -m cazaux_engine"``,
split as the platform's shell would: POSIX quoting, or on Windows the rules of
its C runtime (backslashes are path separators, double quotes group), so
``--engine "C:\\engines\\x.exe --option Hash=16"`` names ``C:\\engines\\x.exe``;
the path of an existing file is taken whole.  The default is the binary
packaging/build.py builds here (``dist/cazaux-engine``; on Windows the
one-folder build ``dist\\cazaux-engine-onedir\\cazaux-engine.exe``).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import queue
import re
import shlex
import subprocess
import sys
import textwrap
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from cazaux_engine import (IllegalMoveError, VARIANT_NAMES, get_variant,  # noqa: E402
                           outcome, parse_move, start_position, to_fen)
from cazaux_engine.setups import setup_fen  # noqa: E402



def released_binary() -> str:
    """Where packaging/build.py puts the binary of this platform's release kind
    (dist/cazaux-engine; on Windows dist\\cazaux-engine-onedir\\cazaux-engine.exe)."""
    spec = importlib.util.spec_from_file_location(
        '_cazaux_build', os.path.join(ROOT, 'packaging', 'build.py'))
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build.binary_path(os.path.join(ROOT, 'dist'), build.DEFAULT_KIND)


DEFAULT_ENGINE = released_binary()


def split_windows(text: str) -> list[str]:
    """A command line split as Windows programs split theirs (the C runtime's
    rules, those of CommandLineToArgvW): blanks separate arguments outside
    double quotes; a backslash is literal unless backslashes precede a double
    quote, where 2n of them give n and the quote groups, 2n+1 give n and a
    literal quote.

    >>> split_windows(r'C:\\engines\\x.exe --option Hash=16')
    ['C:\\\\engines\\\\x.exe', '--option', 'Hash=16']
    >>> split_windows(r'"C:\\Program Files\\cazaux\\cazaux-engine.exe" --variants "my games.json"')
    ['C:\\\\Program Files\\\\cazaux\\\\cazaux-engine.exe', '--variants', 'my games.json']
    >>> split_windows(r'a\\\\"b c" d\\"e')
    ['a\\\\b c', 'd"e']
    """
    args: list[str] = []
    arg, quoted, started, i = [], False, False, 0
    while i < len(text):
        c = text[i]
        if c == '\\':
            n = len(text[i:]) - len(text[i:].lstrip('\\'))
            if i + n < len(text) and text[i + n] == '"':
                arg.append('\\' * (n // 2))
                if n % 2:
                    arg.append('"')
                    i += n + 1
                else:
                    i += n
                started = True
                continue
            arg.append('\\' * n)
            i += n
            started = True
            continue
        if c == '"':
            quoted = not quoted
            started = True
        elif c in ' \t' and not quoted:
            if started:
                args.append(''.join(arg))
                arg, started = [], False
        else:
            arg.append(c)
            started = True
        i += 1
    if started:
        args.append(''.join(arg))
    return args


def split_command(text: str) -> list[str]:
    """``text`` split into arguments as this platform's shell would."""
    return split_windows(text) if os.name == 'nt' else shlex.split(text)


class UciEngine:
    """An engine process spoken to in UCI; lines are read by a thread."""

    def __init__(self, argv: list[str]):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip('\n'))
        self.lines.put(None)

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def until(self, prefix: str, timeout: float = 60.0) -> list[str]:
        """Lines up to and including the first one starting with ``prefix``."""
        got, deadline = [], time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise SystemExit(f'error: the engine sent no {prefix!r} within {timeout:g} s')
            if line is None:
                raise SystemExit(f'error: the engine exited (waiting for {prefix!r})')
            got.append(line)
            if line.startswith(prefix):
                return got

    def close(self) -> None:
        try:
            self.send('quit')
            self.proc.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def board_lines(pos) -> list[str]:
    """The position as text: White in upper case, ranks from the top."""
    rows = to_fen(pos).split()[0].split('/')
    files = len(re.sub(r'\d+', lambda m: '.' * int(m.group()), rows[0]))
    out = []
    for rank, row in zip(range(len(rows), 0, -1), rows):
        cells = re.sub(r'\d+', lambda m: '.' * int(m.group()), row)
        out.append(f'{rank:>3} ' + ' '.join(cells))
    out.append('    ' + ' '.join(chr(97 + f) for f in range(files)))
    return out


def last_info(lines: list[str]) -> str:
    """Depth, score and nodes from the last ``info ... score`` line."""
    for line in reversed(lines):
        w = line.split()
        if w[:1] == ['info'] and 'score' in w:
            get = {k: w[w.index(k) + 1] for k in ('depth', 'nodes') if k in w}
            i = w.index('score')
            score = (f'{int(w[i + 2]) / 100:+.2f}' if w[i + 1] == 'cp'
                     else f'mate {w[i + 2]}')
            return f'depth {get.get("depth", "?"):>2}  score {score:>7}  nodes {get.get("nodes", "?")}'
    return ''


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--variant', default='zanzibar-s', choices=VARIANT_NAMES)
    ap.add_argument('--plies', type=int, default=24, help='half-moves to play (default 24)')
    ap.add_argument('--movetime', type=int, default=1000, help='milliseconds per move')
    ap.add_argument('--setup', type=int, default=0,
                    help='start placement of the Cazaux games (engine option Setup)')
    ap.add_argument('--engine', default=DEFAULT_ENGINE,
                    help='engine command line, or the path of the binary (default: %(default)s)')
    args = ap.parse_args(argv)

    # an existing file is the program itself (its path may have blanks), else a command line
    cmd = [args.engine] if os.path.isfile(args.engine) else split_command(args.engine)
    if not cmd or (len(cmd) == 1 and not os.path.isfile(cmd[0])):
        print(f'error: no engine at {args.engine}; build it with python packaging/build.py',
              file=sys.stderr)
        return 2
    fen = setup_fen(get_variant(args.variant), args.setup) if args.setup else None
    pos = start_position(args.variant, fen)
    engine = UciEngine(cmd)
    t0 = time.monotonic()
    try:
        engine.send('uci')
        name = next((ln[8:] for ln in engine.until('uciok') if ln.startswith('id name ')), '?')
        engine.send(f'setoption name UCI_Variant value {args.variant}')
        engine.send('ucinewgame')
        engine.send('isready')
        engine.until('readyok')
        print(f'{name} ({" ".join(cmd)}) plays {args.variant} against itself, '
              f'{args.movetime} ms a move\n')
        print('\n'.join(board_lines(pos)))
        legend = ', '.join(f'{p.letter} {p.name}' for p in pos.rules.variant.pieces)
        print(textwrap.fill(legend, 78, initial_indent='    ', subsequent_indent='    '))
        print()
        moves: list[str] = []
        start = f'fen {to_fen(pos)}' if fen else 'startpos'
        for ply in range(args.plies):
            over = outcome(pos)
            if over:
                break
            engine.send(f'position {start}' + (' moves ' + ' '.join(moves) if moves else ''))
            engine.send(f'go movetime {args.movetime}')
            lines = engine.until('bestmove', timeout=args.movetime / 1000 + 60)
            best = lines[-1].split()[1]
            try:
                m = parse_move(pos, best)
            except IllegalMoveError as e:
                print(f'error: the engine played an illegal move: {e}', file=sys.stderr)
                return 1
            pos.push(m)
            moves.append(best)
            number = f'{ply // 2 + 1}.' if ply % 2 == 0 else f'{ply // 2 + 1}...'
            print(f'{number:>6} {best:<9} {last_info(lines)}')
            if ply % 2 == 1 or ply == args.plies - 1:
                print()
                print('\n'.join(board_lines(pos)))
                print()
        over = outcome(pos)
        result = f'{over.result} ({over.comment})' if over else 'unfinished'
        print(f'{len(moves)} half-moves in {time.monotonic() - t0:.0f} s; game {result}.')
        print(f'moves: {" ".join(moves)}')
    finally:
        engine.close()
    return 0


if __name__ == '__main__':
    sys.exit(main())
