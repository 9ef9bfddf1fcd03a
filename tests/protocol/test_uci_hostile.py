"""Hostile input never crashes the UCI engine nor changes what it should not:
garbage lines, bytes that are not UTF-8, huge numbers, options out of range,
commands out of order.  The subprocess test checks that the engine is still
well after all of it (and that nothing reached standard error); the
in-process tests check exact messages and that option values stay put."""
from __future__ import annotations

import io
import os
import time

import pytest

from cazaux_engine import move_text, parse_move, start_position
from protocol.options import Options
from protocol.uci import UciSession, run
from tests.protocol.test_uci_client import UciClient
from tests.lines import Lines

HUGE = '9' * 5000           # more digits than int() accepts by default

GARBAGE = [
    '', '   ', '\t', 'hello', 'xyzzy 1 2 3', '!!!', 'go go go go',
    'position', 'position fen', 'position somewhere', 'position startpos moves',
    'position startpos moves ' + 'e2e4 ' * 300,
    'position fen ' + 'x' * 20000,
    'position fen 8/8/8/8/8/8/8/8 w - - 0 1',
    'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ' + HUGE + ' 1',
    'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1 extra fields here',
    'position startpos moves a1a99 e2e4',
    'position startpos moves e7e5', 'position startpos moves 0000',
    'setoption', 'setoption name', 'setoption value 3', 'setoption name value',
    'setoption name Hash value ' + HUGE, 'setoption name Hash value -5',
    'setoption name Hash value 1e9', 'setoption name Hash value 0x10',
    'setoption name Hash', 'setoption name MultiPV value 65',
    'setoption name Setup value 10081', 'setoption name Setup value -2',
    'setoption name Move Overhead value 999999',
    'setoption name Ponder value maybe', 'setoption name UCI_Variant value shogi',
    'setoption name UCI_Variant value', 'setoption name Nope value 3',
    'setoption name Evaluation value none',
    'stop', 'ponderhit', 'stop', 'debug', 'debug maybe',
    'ucinewgame', 'register later', 'xboard', 'protover 2',
    'go perft -3', 'go depth', 'go nodes x', 'go searchmoves',
]


def test_garbage_never_crashes_the_engine():
    with UciClient() as c:
        c.handshake()
        for line in GARBAGE:
            c.send(line)
            out = c.sync()         # answered at once, whatever came before
            if line.startswith('go') and 'perft' not in line \
                    and not any(x.startswith('bestmove') for x in out):
                c.send('stop')     # a go with unreadable limits searches until stopped
                c.until_prefix('bestmove')   # (without a position: bestmove 0000 at once)
        c.send(b'\xff\xfe\x00\x80 go \xc3')
        c.send('stop')
        c.until_prefix('bestmove')
        c.send(b'position startpos moves e2e4 \xe9\xe9')
        c.send('x' * 200000)
        c.sync()
        c.send('position startpos')
        # garbage numbers in go: clamped, ignored or searched, a legal bestmove each time
        for go in ('go depth ' + HUGE + ' nodes 50', 'go nodes ' + HUGE + ' depth 1',
                   'go wtime ' + HUGE + ' btime 1 depth 2', 'go wtime -' + HUGE + ' btime 0',
                   'go movetime 0', 'go depth 0', 'go nodes 0', 'go mate 0 depth 2',
                   'go movestogo -4 wtime 100 btime 100', 'go depth 1 banana 7',
                   'go searchmoves zz99 depth 1', 'go depth -5'):
            c.send(go)
            best = c.until_prefix('bestmove')[-1].split()
            pos = start_position('chess')
            assert len(best) in (2, 4)
            assert move_text(pos, parse_move(pos, best[1])) == best[1]
        # "go" with no limit at all searches until stopped
        c.send('go')
        c.until_prefix('info depth 1 ')
        c.send('stop')
        c.until_prefix('bestmove')
        assert c.sync() == []
        assert c.close() == 0
    assert c.stderr == [b'']


@pytest.fixture
def session():
    out = Lines()
    s = UciSession(out, Options())
    yield s, out
    s.handle('quit')


@pytest.mark.parametrize('line, message', [
    ('setoption name Hash value 0', 'Hash: 0 is out of range 1..4096'),
    ('setoption name Hash value ' + HUGE, f"Hash: {HUGE[:20]}... is out of range 1..4096"),
    ('setoption name Hash value lots', "Hash: 'lots' is not a whole number"),
    ('setoption name MultiPV value 65', 'MultiPV: 65 is out of range 1..64'),
    ('setoption name Threads value 0', 'Threads: 0 is out of range 1..64'),
    ('setoption name Setup value -2', 'Setup: -2 is out of range -1..10080'),
    ('setoption name Move Overhead value 5001', 'Move Overhead: 5001 is out of range 0..5000'),
    ('setoption name Ponder value maybe', "Ponder: 'maybe' is not true or false"),
    ('setoption name Evaluation value none', "Evaluation: 'none' is not one of full, material"),
    ('setoption name UCI_Variant value', 'UCI_Variant: a value is needed'),
    ('setoption name Nope value 3', "no option named 'Nope'"),
])
def test_bad_option_values_leave_options_unchanged(session, line, message):
    s, out = session
    before = dict(s.options.values)
    s.handle(line)
    got = out.take()
    assert len(got) == 1 and got[0].startswith('info string error: ' + message)
    assert s.options.values == before


def test_good_option_values_are_taken(session):
    s, out = session
    s.handle('setoption name hash value 8')
    s.handle('setoption name MULTIPV value 3')
    s.handle('setoption name Move Overhead value 120')
    s.handle('setoption name Ponder value true')
    s.handle('setoption name UCI_AnalyseMode value true')
    s.handle('setoption name Evaluation value material')
    s.handle('setoption name Clear Hash')
    assert out.take() == []
    assert {k: s.options[k] for k in ('Hash', 'MultiPV', 'Move Overhead', 'Ponder',
                                      'UCI_AnalyseMode', 'Evaluation')} == \
        {'Hash': 8, 'MultiPV': 3, 'Move Overhead': 120, 'Ponder': True,
         'UCI_AnalyseMode': True, 'Evaluation': 'material'}
    assert s.searcher.hash_mb == 8
    s.handle('position startpos')
    s.handle('go depth 1')
    s.control.wait()
    assert s.searcher.material_only is True and s.searcher.move_overhead == 0.12


def test_unknown_leading_words_are_skipped(session):
    s, out = session
    s.handle('joho debug on')
    assert s.debug is True
    s.handle('please isready now')
    assert out.take() == ['readyok']
    s.handle('blah blah')
    assert out.take() == ['info string unknown command: blah blah']


def test_run_survives_an_internal_error(monkeypatch):
    out = Lines()

    def broken(self, args):
        raise RuntimeError('boom')

    monkeypatch.setattr(UciSession, 'cmd_d', broken)
    rc = run('uci', io.StringIO('d\nisready\nquit\n'), out)
    assert rc == 0
    assert out.lines[-2:] == ["info string internal error on 'd': boom", 'readyok']


def test_hash_that_does_not_fit_in_memory_keeps_the_old_size(session, monkeypatch):
    s, out = session
    real = s.searcher.set_hash

    def set_hash(mb):
        if mb > 1000:
            raise MemoryError
        real(mb)

    monkeypatch.setattr(s.searcher, 'set_hash', set_hash)
    tt = s.searcher.tt
    tt.store(0x1234, 77, 5, 3, 42)
    table = tt.table
    s.handle('setoption name Hash value 4000')
    assert out.take() == ['info string error: Hash: not enough memory for 4000 MB; '
                          'keeping 64 MB']
    assert s.options["Hash"] == 64 and s.searcher.hash_mb == 64
    # the very table it had, with what it had learnt
    assert s.searcher.tt is tt and tt.table is table and tt.probe(0x1234)[0] == 77
    s.handle('setoption name Hash value 32')
    assert out.take() == [] and s.searcher.hash_mb == 32


def test_hash_larger_than_the_free_memory_is_refused(session, monkeypatch):
    # the machine says how much it can give: a table beyond that (and the
    # table's own memory) is refused with a message, and the engine plays on
    import search.tt
    s, out = session
    monkeypatch.setattr(search.tt, 'available_memory', lambda: 500 << 20)
    s.handle('setoption name Hash value 4096')
    assert out.take() == ['info string error: Hash: not enough memory for 4096 MB; '
                          'keeping 64 MB']
    s.handle('setoption name Hash value 512')       # 500 MB free + the 64 MB it has
    assert out.take() == [] and s.searcher.hash_mb == 512
    s.handle('position startpos')
    s.handle('go depth 2')
    s.control.wait()
    assert out.take()[-1].startswith('bestmove ')


def _resident_mb() -> float:
    with open('/proc/self/status') as f:
        return next(int(l.split()[1]) for l in f if l.startswith('VmRSS:')) / 1024


@pytest.mark.skipif(not os.path.exists('/proc/self/status'), reason='reads Linux /proc')
def test_the_largest_hash_takes_no_memory_until_used(session):
    # (why setoption Hash 4096 is answered at once: the table's pages come
    # zeroed from the system when first written, not filled now)
    s, out = session
    before = _resident_mb()
    s.handle('setoption name Hash value 4096')
    s.handle('isready')
    assert out.take() == ['readyok'] and s.searcher.hash_mb == 4096
    assert _resident_mb() - before < 64
    s.handle('ucinewgame')                           # clearing it is as cheap
    assert _resident_mb() - before < 64
    s.handle('position startpos')
    s.handle('go depth 3')
    s.control.wait()
    assert out.take()[-1].startswith('bestmove ')


def test_threads_option_reaches_the_searcher(session):
    # applied between searches, as Hash is: the next go searches with two threads
    s, out = session
    s.handle('setoption name Threads value 2')
    s.handle('position startpos')
    s.handle('go depth 3')
    s.control.wait()
    assert s.options['Threads'] == 2 and s.searcher.threads == 2
    assert [line.split()[0] for line in out.take() if line.startswith('bestmove')] == ['bestmove']


def wait_until(cond, timeout=30.0):
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, 'timed out'
        time.sleep(0.005)


def test_go_perft_counts_on_its_own_thread(session):
    s, out = session
    s.handle('go perft 3')
    wait_until(lambda: 'Nodes searched: 8902' in out.lines)
    lines = out.take()
    assert len(lines) == 22 and lines[-2:] == ['', 'Nodes searched: 8902']
    assert {'e2e4: 600', 'a2a3: 380', 'g1f3: 440'} <= set(lines)
    assert sum(int(x.split(': ')[1]) for x in lines[:20]) == 8902


def test_isready_and_stop_are_answered_during_go_perft(session):
    s, out = session
    s.handle('go perft 9')                 # 2.4e12 leaves: hours
    s.handle('isready')                    # answered by the reader, not after the count
    assert out.lines[-1] == 'readyok'
    s.handle('stop')
    wait_until(lambda: any(x.startswith('info string perft stopped') for x in out.lines), 5.0)
    assert not any(x.startswith('Nodes searched') for x in out.lines)
    s.handle('isready')
    # the engine goes on as before: a search after the stopped count
    s.handle('go depth 1')
    wait_until(lambda: any(x.startswith('bestmove') for x in out.lines))
    assert 'readyok' in out.lines


def test_quit_and_other_commands_wait_for_the_perft_total(session):
    # a script sends `go perft N` and what follows at once, as to an engine
    # that reads nothing while it counts: every total is printed
    s, out = session
    s.handle('go perft 3')
    s.handle('position startpos moves e2e4')
    s.handle('go perft 2')
    s.handle('quit')
    totals = [x for x in out.lines if x.startswith('Nodes searched')]
    assert totals == ['Nodes searched: 8902', 'Nodes searched: 600']
