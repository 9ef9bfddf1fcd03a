"""``cazaux-engine perft`` through the installed entry point (python -m)."""
import subprocess
import sys

import pytest

from cazaux_engine import divide, get_variant, parse_fen


def run(*args):
    return subprocess.run([sys.executable, '-m', 'cazaux_engine', 'perft', *args],
                          capture_output=True, text=True, timeout=120)


def test_perft_startpos_total_on_last_line():
    r = run('chess', 'startpos', '3')
    assert r.returncode == 0
    assert r.stdout.splitlines()[-1] == 'Nodes searched: 8902'


def test_perft_fen_unquoted_and_divide():
    fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
    r = run('chess', *fen.split(), '2', '--divide')
    lines = r.stdout.splitlines()
    assert lines[-1] == 'Nodes searched: 2039'
    rows = dict(line.split(': ') for line in lines[:-2])
    expect = dict(divide(parse_fen(get_variant('chess'), fen), 2))
    assert {k: int(v) for k, v in rows.items()} == expect
    assert rows['e1g1'] == '43' and len(rows) == 48


def test_perft_fairy_default_start():
    r = run('maasai', '2')
    assert r.stdout.splitlines()[-1] == 'Nodes searched: 841'


@pytest.mark.parametrize('args, message', [
    (('chess',), 'usage: cazaux-engine perft'),
    (('nochess', '2'), "error: unknown variant 'nochess'"),
    (('chess', 'x'), "error: DEPTH must be a non-negative number, not 'x'"),
    (('chess', '8/8', '2'), 'error: invalid FEN: 2 ranks in FEN, expected 8'),
])
def test_perft_errors(args, message):
    r = run(*args)
    assert r.returncode == 2
    assert r.stderr.startswith(message)


@pytest.mark.parametrize('args', [('--help',), ('perft', 'chess', '2', '--divide')])
def test_closed_pipe_ends_quietly(args):
    """A reader that has gone (``cazaux-engine --help | head``): no
    traceback, status 141 as after SIGPIPE, and nothing else on stderr."""
    import os
    r_end, w_end = os.pipe()
    os.close(r_end)                     # every write to the pipe now fails
    try:
        r = subprocess.run([sys.executable, '-m', 'cazaux_engine', *args], stdout=w_end,
                           stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(w_end)
    assert (r.returncode, r.stderr) == (141, '')
