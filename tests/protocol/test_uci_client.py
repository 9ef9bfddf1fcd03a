"""A raw UCI client for the tests (UciClient), and the handshake tests.

The engine runs as ``python -m cazaux_engine`` in a subprocess; a reader
thread queues its output lines, so the tests wait for an expected line (with
a generous timeout that only guards against a hung engine) instead of
sleeping.  Standard error is collected and must stay empty: no traceback,
whatever the input.
"""
from __future__ import annotations

import queue
import subprocess
import sys
import threading

from cazaux_engine import VARIANT_NAMES, __version__, core_kind

ENGINE = [sys.executable, '-m', 'cazaux_engine']
TIMEOUT = 60.0          # seconds; a failure guard, never a timing assertion


class UciClient:
    def __init__(self, *args: str):
        self.proc = subprocess.Popen(ENGINE + list(args), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue = queue.Queue()
        self.stderr: list[bytes] = []
        self.seen: list[str] = []          # every line read so far
        threading.Thread(target=self._read, daemon=True).start()
        self._err = threading.Thread(target=lambda: self.stderr.append(self.proc.stderr.read()),
                                     daemon=True)
        self._err.start()

    def _read(self):
        for raw in self.proc.stdout:
            self.lines.put(raw.decode('utf-8', 'replace').rstrip('\r\n'))
        self.lines.put(None)

    def send(self, line: str | bytes) -> None:
        data = line if isinstance(line, bytes) else line.encode()
        self.proc.stdin.write(data + b'\n')
        self.proc.stdin.flush()

    def read_line(self) -> str:
        try:
            line = self.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError(f'no answer in {TIMEOUT}s; last lines: {self.seen[-5:]}')
        if line is None:
            raise AssertionError(f'engine exited; last lines: {self.seen[-5:]}')
        self.seen.append(line)
        return line

    def until(self, pred) -> list[str]:
        """Lines up to and including the first one for which ``pred`` holds."""
        got = []
        while True:
            line = self.read_line()
            got.append(line)
            if pred(line):
                return got

    def until_prefix(self, prefix: str) -> list[str]:
        return self.until(lambda s: s.startswith(prefix))

    def handshake(self) -> list[str]:
        self.send('uci')
        return self.until(lambda s: s == 'uciok')

    def sync(self) -> list[str]:
        """Lines written before the answer to a fresh ``isready``."""
        self.send('isready')
        return self.until(lambda s: s == 'readyok')[:-1]

    def go(self, args: str) -> tuple[list[str], str]:
        """(info lines, bestmove line) of ``go args``."""
        self.send(f'go {args}')
        lines = self.until_prefix('bestmove')
        return lines[:-1], lines[-1]

    def fen(self) -> str:
        """The engine's current position (non-standard command ``d``)."""
        self.send('d')
        return self.until_prefix('Fen: ')[-1][len('Fen: '):]

    def close(self) -> int:
        try:
            self.send('quit')
        except (BrokenPipeError, OSError):
            pass
        rc = self.proc.wait(TIMEOUT)
        self._err.join(TIMEOUT)            # stderr read to its end: self.stderr is complete
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        return rc

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(TIMEOUT)


def test_handshake_names_engine_and_declares_every_option():
    with UciClient() as c:
        lines = c.handshake()
        assert lines == [
            f'id name cazaux-engine {__version__} ({core_kind()} core)',
            'id author the cazaux-engine authors',
            'option name UCI_Variant type combo default chess '
            + ' '.join(f'var {v}' for v in VARIANT_NAMES),
            'option name VariantPath type string default <empty>',
            'option name Hash type spin default 64 min 1 max 4096',
            'option name Clear Hash type button',
            'option name Threads type spin default 1 min 1 max 64',
            'option name Ponder type check default false',
            'option name MultiPV type spin default 1 min 1 max 64',
            'option name Move Overhead type spin default 50 min 0 max 5000',
            'option name Setup type spin default 0 min -1 max 10080',
            'option name UCI_AnalyseMode type check default false',
            'option name Evaluation type combo default full var full var material',
            'option name Contempt type spin default 0 min -200 max 200',
            'option name Skill Level type spin default 20 min 0 max 20',
            'option name UCI_LimitStrength type check default false',
            'option name UCI_Elo type spin default 1500 min 650 max 1860',
            'option name OwnBook type check default true',
            'option name Book File type string default <empty>',
            'option name Debug Log File type string default <empty>',
            'uciok',
        ]
        assert c.sync() == []
        assert c.close() == 0
        assert c.stderr == [b'']


def test_quit_and_end_of_input_end_the_process_cleanly():
    r = subprocess.run(ENGINE, input=b'uci\nisready\n', capture_output=True, timeout=TIMEOUT)
    assert r.returncode == 0 and r.stderr == b''
    assert r.stdout.decode().splitlines()[-2:] == ['uciok', 'readyok']


def test_option_preset_on_the_command_line_selects_the_variant():
    with UciClient('--option', 'UCI_Variant=pemba') as c:
        c.handshake()
        c.send('position startpos moves e3e5 e8e6')
        assert c.fen() == ('cmvzwwzvmc/ernbqkbnre/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/'
                           'ERNBQKBNRE/CMVZWWZVMC w KQkq - 0 2')
        assert c.close() == 0
