"""The standalone binary (PyInstaller, packaging/build.py) behaves like the
installed command.

The one-file binary is built once per test session (the ``binary`` fixture
of conftest.py).  Each test runs it from an empty folder, so nothing can
come from the source tree, and compares what it says with the rules core or
with ``python -m cazaux_engine`` given the same input.  Searches are limited
by depth, so every game is the same on every run.
"""
from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time

import pytest

from cazaux_engine import (VARIANT_NAMES, __version__, divide, get_variant, outcome,
                           parse_move, perft, start_position)
from protocol import xboard_moves
from protocol.xboard_variants import rank_base, xboard_name

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYTHON_M = [sys.executable, '-m', 'cazaux_engine']
TIMEOUT = 120          # seconds for any one answer: a guard against hangs, not a measurement
PLIES = 10             # half-moves of each self-play game
DEPTH = 2              # search depth of each move


@pytest.fixture(scope='session')
def elsewhere(tmp_path_factory) -> str:
    """An empty working folder, far from the source tree."""
    return str(tmp_path_factory.mktemp('cwd'))


def clean_env() -> dict:
    env = dict(os.environ)
    env.pop('PYTHONPATH', None)
    return env


def run(argv: list[str], cwd: str, stdin: str = '') -> subprocess.CompletedProcess:
    return subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=cwd,
                          env=clean_env(), timeout=TIMEOUT)


def run_python_m(args: list[str], stdin: str = '') -> subprocess.CompletedProcess:
    return subprocess.run(PYTHON_M + args, input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=TIMEOUT)


class Engine:
    """An engine process, spoken to line by line."""

    def __init__(self, argv: list[str], cwd: str):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1, cwd=cwd,
                                     env=clean_env())
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip('\n'))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        for line in lines:
            self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def until(self, done) -> list[str]:
        """Lines up to and including the first for which ``done(line)`` holds."""
        got, deadline = [], time.monotonic() + TIMEOUT
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f'no answer within {TIMEOUT} s; got {got[-5:]}') from None
            assert line is not None, f'engine exited; got {got[-5:]}; stderr ' \
                                     f'{self.proc.stderr.read()[-2000:]}'
            got.append(line)
            if done(line):
                return got

    def quit(self) -> int:
        self.send('quit')
        self.proc.stdin.close()
        code = self.proc.wait(TIMEOUT)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code


def session(argv: list[str], cwd: str, lines: list[str], last) -> list[str]:
    """Send ``lines``, read up to ``last``, quit; the lines read."""
    e = Engine(argv, cwd)
    try:
        e.send(*lines)
        got = e.until(last)
    finally:
        code = e.quit()
    assert code == 0
    return got


# -- the command line ------------------------------------------------------------

def test_version_says_the_core_is_compiled(binary, elsewhere):
    p = run([binary, '--version'], elsewhere)
    assert (p.returncode, p.stdout, p.stderr) == (0, f'cazaux-engine {__version__} (compiled core)\n', '')


def test_binary_is_compiled_even_when_pure_is_asked(binary, elsewhere):
    # the binary carries only the compiled core (no .py of the hot modules)
    env = dict(clean_env(), CAZAUX_ENGINE_PURE='1')
    p = subprocess.run([binary, '--version'], capture_output=True, text=True, cwd=elsewhere,
                       env=env, timeout=TIMEOUT)
    assert (p.returncode, p.stdout) == (0, f'cazaux-engine {__version__} (compiled core)\n')


@pytest.mark.parametrize('args', [['--help'], ['-h'], ['perft', '--help'], ['bench', '--help'],
                                  ['match', '--help'], ['--bogus'], ['perft', 'nochess', '2'],
                                  ['match', '--variant', 'nochess'], ['--option', 'Hash=0'],
                                  ['eval', 'pemba', 'startpos'],
                                  # the shipped books are inside the binary
                                  ['book', 'show', 'maasai', 'startpos'],
                                  ['book', 'show', 'oblong44', 'startpos']])
def test_same_output_as_python_m(binary, elsewhere, args):
    p, q = run([binary] + args, elsewhere), run_python_m(args)
    assert (p.returncode, p.stdout, p.stderr) == (q.returncode, q.stdout, q.stderr)


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_perft_equals_library(binary, elsewhere, variant):
    depth = 3 if variant in ('chess', 'oblong44') else 2
    p = run([binary, 'perft', variant, 'startpos', str(depth)], elsewhere)
    assert p.returncode == 0, p.stderr
    assert p.stdout == f'Nodes searched: {perft(start_position(variant), depth)}\n'


def test_perft_divide_equals_library(binary, elsewhere):
    fen = get_variant('pemba').start
    p = run([binary, 'perft', 'pemba', *fen.split(), '2', '--divide'], elsewhere)
    rows = divide(start_position('pemba'), 2)
    expected = ''.join(f'{text}: {n}\n' for text, n in rows)
    expected += f'\nNodes searched: {sum(n for _, n in rows)}\n'
    assert (p.returncode, p.stdout) == (0, expected)


def untimed(text: str) -> list[str]:
    """Bench output without its timings (seconds, nodes per second)."""
    return [re.sub(r'\s+[0-9.]+ s\b', '', line) for line in text.splitlines()
            if not line.startswith(('Time:', 'Nodes/second:'))]


def test_bench_same_as_python_m(binary, elsewhere):
    args = ['bench', '--depth', '2']
    p, q = run([binary] + args, elsewhere), run_python_m(args)
    assert p.returncode == q.returncode == 0, p.stderr
    assert untimed(p.stdout) == untimed(q.stdout)
    assert untimed(p.stdout)[-1].startswith('Total nodes: ')


# -- protocol detection and handshakes -------------------------------------------

@pytest.mark.parametrize('first', [['xboard', 'protover 2'], ['protover 2']])
def test_xboard_handshake(binary, elsewhere, first):
    done = lambda line: line == 'feature done=1'    # noqa: E731
    got = session([binary], elsewhere, first, done)
    assert got == session(PYTHON_M, ROOT, first, done)
    assert got[0] == 'feature done=0'
    assert f'myname="cazaux-engine {__version__} (compiled core)"' in got[1]
    assert 'variants="normal,' in got[1]


def test_uci_handshake(binary, elsewhere):
    done = lambda line: line == 'uciok'              # noqa: E731
    got = session([binary], elsewhere, ['uci'], done)
    assert got == session(PYTHON_M, ROOT, ['uci'], done)
    assert got[0] == f'id name cazaux-engine {__version__} (compiled core)'


def test_unknown_first_command_then_uci(binary, elsewhere):
    lines = ['hello', 'uci', 'isready']
    done = lambda line: line == 'readyok'            # noqa: E731
    got = session([binary], elsewhere, lines, done)
    assert got[0] == 'Error (unknown command): hello'
    assert got == session(PYTHON_M, ROOT, lines, done)


def test_bytes_that_are_not_text(binary, elsewhere):
    data = b'\xff\xfe\x00bad\nuci\nisready\nquit\n'
    p = subprocess.run([binary], input=data, capture_output=True, cwd=elsewhere,
                       env=clean_env(), timeout=TIMEOUT)
    q = subprocess.run(PYTHON_M, input=data, capture_output=True, cwd=ROOT, timeout=TIMEOUT)
    assert (p.returncode, p.stdout) == (q.returncode, q.stdout)
    assert p.stdout.endswith(b'uciok\nreadyok\n')


def test_option_preset(binary, elsewhere):
    argv = ['--option', 'Hash=8', '--option', 'Evaluation=material']
    done = lambda line: line == 'uciok'              # noqa: E731
    got = session([binary] + argv, elsewhere, ['uci'], done)
    assert got == session(PYTHON_M + argv, ROOT, ['uci'], done)


# -- one short game per variant, in each protocol -----------------------------------

def uci_self_play(argv: list[str], cwd: str, variant: str) -> list[str]:
    """The engine plays itself at fixed depth; every move checked by the rules core."""
    pos = start_position(variant)
    e = Engine(argv, cwd)
    moves: list[str] = []
    try:
        e.send('uci', f'setoption name UCI_Variant value {variant}', 'ucinewgame', 'isready')
        e.until(lambda line: line == 'readyok')
        while len(moves) < PLIES and outcome(pos) is None:
            e.send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''),
                   f'go depth {DEPTH}')
            best = e.until(lambda line: line.startswith('bestmove '))[-1].split()[1]
            pos.push(parse_move(pos, best))        # IllegalMoveError if illegal
            moves.append(best)
    finally:
        assert e.quit() == 0
    return moves


def xboard_self_play(argv: list[str], cwd: str, variant: str) -> list[str]:
    """The same through XBoard: ``go`` again after each move switches sides."""
    v = get_variant(variant)
    pos, rb = start_position(variant), rank_base(v)
    e = Engine(argv, cwd)
    moves: list[str] = []
    try:
        e.send('xboard', 'protover 2')
        e.until(lambda line: line == 'feature done=1')
        # (no book: its moves are drawn at random, and the point is the same search)
        e.send('new', f'variant {xboard_name(v)}', 'force', f'sd {DEPTH}', 'option OwnBook=0',
               'ping 1')
        e.until(lambda line: line == 'pong 1')
        while len(moves) < PLIES and outcome(pos) is None:
            e.send('go')
            last = e.until(lambda line: line.startswith(('move ', 'resign', '1-0', '0-1',
                                                         '1/2-1/2')))[-1]
            assert last.startswith('move '), last
            text = last.split()[1]
            pos.push(xboard_moves.parse(pos, text, rb))   # IllegalMoveError if illegal
            moves.append(text)
    finally:
        assert e.quit() == 0
    return moves


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_uci_game(binary, elsewhere, variant):
    moves = uci_self_play([binary], elsewhere, variant)
    assert len(moves) > 0
    assert moves == uci_self_play(PYTHON_M, ROOT, variant)


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_xboard_game(binary, elsewhere, variant):
    moves = xboard_self_play([binary], elsewhere, variant)
    assert len(moves) > 0
    assert moves == xboard_self_play(PYTHON_M, ROOT, variant)


# -- match: the binary as the arbiter, and as both engines ----------------------------

def test_match_binary_against_itself(binary, elsewhere, tmp_path):
    pgn = tmp_path / 'games.pgn'
    p = run([binary, 'match', '--variant', 'oblong44', '--engine', binary,
             '--engine', f'{binary} --option Evaluation=material', '--depth', '1',
             '--maxmoves', '20', '--concurrency', '1', '--pgn', str(pgn)], elsewhere)
    assert p.returncode == 0, p.stdout + p.stderr
    text = pgn.read_text()
    assert text.count('[Variant "oblong44"]') == 2
    terminations = re.findall(r'^\[Termination "([^"]*)"\]', text, re.M)
    assert len(terminations) == 2
    assert set(terminations) <= {'normal', 'adjudication'}, terminations
