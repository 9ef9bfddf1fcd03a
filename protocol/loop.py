"""Standard input/output: pick the protocol from the first command.

``xboard`` or ``protover`` starts the XBoard (CECP v2) layer, ``uci`` the UCI
layer.  Anything before that gets an error line and is otherwise ignored.
"""
from __future__ import annotations

import sys
import threading


class Output:
    """Line output shared by the protocol thread and the search thread."""

    def __init__(self, stream):
        self.stream = stream
        self.lock = threading.Lock()

    def send(self, line: str) -> None:
        with self.lock:
            try:
                self.stream.write(line + '\n')
                self.stream.flush()
            except (BrokenPipeError, ValueError, OSError):
                pass    # the GUI is gone; reading stdin will end the loop


def run(stdin=None, stdout=None, options=None) -> int:
    """Serve one protocol session; ``options`` (protocol.options.Options)
    holds values preset on the command line (``--option NAME=VALUE``)."""
    from protocol.options import Options
    options = options or Options()
    stdin = stdin or sys.stdin
    out = Output(stdout or sys.stdout)
    for line in stdin:
        cmd = line.strip()
        if not cmd:
            continue
        word = cmd.split()[0]
        if word == 'uci':
            from protocol.uci import run as uci_run
            return uci_run(cmd, stdin, out, options)
        if word in ('xboard', 'protover'):
            from protocol.xboard import run as xboard_run
            return xboard_run(cmd, stdin, out, options)
        if word == 'quit':
            return 0
        out.send(f'Error (unknown command): {cmd}')
        out.send('# start with "uci" (UCI) or "xboard" (XBoard/WinBoard); cazaux-engine --help')
    return 0
