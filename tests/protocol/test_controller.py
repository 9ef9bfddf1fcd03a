"""The search controller both protocols share (protocol/controller.py),
driven through the XBoard and UCI sessions with a stand-in searcher that
thinks until it is told to stop (and records what it was told), so that
every step happens when the test says.

What is checked: a ponder hit turns the ponder search into the think on
the clock the GUI sent last (XBoard's ``time``/``otim`` before the move);
pondering starts from the search thread as the engine moves, and a ponder
that loses the race to the opponent's move never holds commands up; the
clock safety net is one policy (``search.timeman.safety_net``) for both
protocols; options that change the searcher wait for the search to end;
``go perft`` counts off the reader thread.
"""
from __future__ import annotations

import threading
import time

import pytest

from cazaux_engine.fen import to_fen
from protocol import xboard_moves as xm
from protocol.controller import PONDER, THINK
from protocol.options import Options
from protocol.uci import UciSession
from protocol.xboard import XBoard
from search import SearchInfo, SearchResult, Searcher
from search.timeman import safety_net
from search.types import Limits
from tests.lines import Lines
from cazaux_engine.movegen import legal_moves

TIMEOUT = 30.0


class Stand_in(Searcher):
    """A searcher that reports its first root move (with the first reply)
    and then thinks until its job is stopped; records every search's limits
    and job, and what it was told between searches."""

    def __init__(self):
        super().__init__(hash_mb=1)
        self.hash_mb = 64
        self.searches: list[Limits] = []
        self.jobs: list = []
        self.cleared = 0
        self.told_to_stop: list[bool] = []      # per search: stopped (not timed out)

    def set_hash(self, mb):
        self.hash_mb = mb

    def clear(self):
        self.cleared += 1

    def prepare(self, pos):
        pass

    def think(self, job):
        self.searches.append(job.limits)
        self.jobs.append(job)
        best = job.moves[0]
        p = job.pos.copy()
        p.push(best)
        reply = legal_moves(p)[0] if legal_moves(p) else None
        job.report_info(SearchInfo(1, 1, 20, None, 10, 0.001, [best] + ([reply] if reply else [])))
        waited = 0.0
        while not job.ctl.stop and waited < TIMEOUT:
            time.sleep(0.001)
            waited += 0.001
        self.told_to_stop.append(job.ctl.stop)
        return SearchResult(best, reply)


def session(protocol=XBoard):
    """A session of ``protocol`` (XBoard or UciSession) searching with a
    Stand_in: the session, its output lines and the stand-in."""
    out = Lines()
    x = protocol(out, Options())
    stub = Stand_in()
    x.control.use_searcher(stub)
    return x, out, stub


def xboard_session():
    return session(XBoard)


def uci_session():
    return session(UciSession)


def wait_until(ready, what):
    """Wait until ``ready()`` holds; ``what()`` says what held instead."""
    for _ in range(int(TIMEOUT * 100)):
        if ready():
            return
        threading.Event().wait(0.01)
    raise AssertionError(what())


def wait_mode(x, mode):
    """Wait until the XBoard session's search is in ``mode``."""
    wait_until(lambda: x.mode == mode and x.control.busy, lambda: f'mode is {x.mode}, not {mode}')


def test_xboard_ponder_hit_thinks_on_the_clock_just_sent():
    x, out, stub = xboard_session()
    for cmd in ('new', 'hard', 'level 0 1 0', 'time 6000', 'otim 6000', 'usermove e2e4'):
        x.handle(cmd)
    wait_mode(x, THINK)
    x.handle('?')                                   # the stand-in thinks until stopped
    assert out.wait_for('move ') == 'move a7a6'    # its first legal move
    # it ponders at once on the reply it expects (started by the search
    # thread as it moved, no other thread waiting for it)
    wait_mode(x, PONDER)
    assert stub.searches[-1].ponder is True
    assert xm.move_text(x.game.pos, x.ponder_guess, x.rb) == 'b1c3'
    # XBoard sends the clock, then the move the engine expected
    x.handle('time 4321')
    x.handle('otim 5000')
    x.handle('usermove b1c3')
    job = x.control.job
    assert x.mode == THINK and job is stub.jobs[-1] and not job.pondering
    hit = job.limits                                 # the clock it now plans on
    # Black to move again: its clock is the one XBoard has just sent
    assert (hit.btime, hit.wtime, hit.ponder) == (43.21, 50.0, False)
    assert job.timers                                # the safety net is armed on it
    x.handle('?')
    assert out.wait_all('move ', 2) == ['move a7a6', 'move a6a5']
    x.handle('force')
    x.handle('quit')


def test_xboard_ponder_miss_never_holds_commands_up():
    x, out, stub = xboard_session()
    for cmd in ('new', 'hard', 'st 100', 'usermove e2e4'):
        x.handle(cmd)
    wait_mode(x, THINK)
    x.handle('?')
    out.wait_for('move ')
    wait_mode(x, PONDER)
    # the opponent plays another move than the one expected
    other = next(m for m in legal_moves(x.game.pos) if m != x.ponder_guess)
    done = threading.Event()

    def commands():
        x.handle(f'usermove {xm.move_text(x.game.pos, other, x.rb)}')
        x.handle('ping 5')
        x.handle('?')
        x.handle('force')
        x.handle('result 1/2-1/2 {test}')
        done.set()

    t = threading.Thread(target=commands, daemon=True)
    t.start()
    assert done.wait(TIMEOUT), 'a command was held up'
    assert out.wait_for('pong 5') == 'pong 5'
    # the pong comes after the engine's move (it was thinking)
    assert out.lines.index('pong 5') > [i for i, s in enumerate(out.lines)
                                        if s.startswith('move ')][-1]
    # think, ponder (a miss: it never became a think), think; then, unless
    # 'force' came first, the ponder on the second move's reply
    assert [j.pondering for j in stub.jobs][:3] == [False, True, False]
    assert [lim.ponder for lim in stub.searches][:3] == [False, True, False]
    assert [j.pondering for j in stub.jobs][3:] in ([], [True])
    x.handle('quit')


def test_one_safety_net_for_both_protocols():
    # st 1 (XBoard) and movetime 1000 (UCI) are the same clock: the stand-in
    # is stopped by the safety net at the same planned moment
    lim = Limits(movetime=1.0)
    stop_at, move_at = safety_net(lim, 1, 0.05)
    assert (round(stop_at, 6), round(move_at, 6)) == (0.9625, 0.975)
    x, out, stub = xboard_session()
    x.handle('new')
    x.handle('st 1')
    x.handle('force')
    x.handle('go')                                  # White to move
    assert out.wait_for('move ') == 'move b1c3'  # the stand-in's first legal move
    x.control.wait(TIMEOUT)                         # (the net may move first: b1c3 too)
    assert stub.searches[0].movetime == 1.0 and stub.told_to_stop == [True]
    s, s_out, s_stub = uci_session()
    s.handle('position startpos')
    s.handle('go movetime 1000')
    assert s_out.wait_for('bestmove').split()[1] == 'b1c3'
    s.control.wait(TIMEOUT)
    assert s_stub.searches[0].movetime == 1.0 and s_stub.told_to_stop == [True]
    x.handle('quit')
    s.handle('quit')


def test_hash_set_during_a_search_waits_for_its_end():
    x, out, stub = xboard_session()
    x.handle('new')                                 # (a new game clears the table)
    assert stub.cleared == 1
    x.handle('analyze')
    assert stub.hash_mb == 64
    x.handle('option Hash=16')
    x.handle('option Clear Hash')
    assert x.options['Hash'] == 16 and stub.hash_mb == 64 and stub.cleared == 1
    x.handle('exit')                                # the search ends: now
    assert stub.hash_mb == 16 and stub.cleared == 2
    x.handle('option Hash=8')                       # idle: at once
    assert stub.hash_mb == 8
    x.handle('quit')


def test_uci_go_perft_counts_off_the_reader_thread():
    # perft 7 of chess is 3,195,901,860 leaves: minutes; meanwhile the reader
    # answers isready, and stop ends the count with a message instead of a total
    out = Lines()
    s = UciSession(out, Options())
    s.handle('position startpos')
    s.handle('go perft 7')
    s.handle('isready')
    assert out.wait_for('readyok') == 'readyok'
    s.handle('stop')
    s.control.finish_perft()
    assert out.lines[-1].startswith('info string perft stopped: ')
    assert 'Nodes searched' not in ' '.join(out.lines)
    s.handle('quit')


def test_the_guis_wait_takes_the_tables_pages_but_never_during_a_search():
    # UCI's isready and XBoard's ping are where the GUI waits and no clock
    # runs: a fresh hash table takes its pages there (search/tt.py), so the
    # first move of a game does not pay for them; while a search runs
    # (the stand-in thinks until stopped) the table is left alone
    s, out, stub = uci_session()
    s.handle('position startpos')
    s.handle('go infinite')
    out.wait_for('info ')
    s.handle('isready')
    assert out.wait_for('readyok') == 'readyok' and s.control.busy
    assert not stub.tt.touched
    s.handle('stop')
    out.wait_for('bestmove ')
    wait_until(lambda: not s.control.busy, lambda: 'the search did not end')
    s.handle('isready')
    assert out.lines[-1] == 'readyok' and stub.tt.touched
    s.handle('quit')
    x, out, stub = xboard_session()
    x.handle('new')
    assert not stub.tt.touched
    x.handle('ping 7')
    assert out.lines[-1] == 'pong 7' and stub.tt.touched
    x.handle('quit')


def test_the_handshake_takes_the_tables_pages_too():
    # a GUI that sends no isready or ping before its first go still waits
    # for uciok, or XBoard's feature done=1, once at the start of a session
    s, out, stub = uci_session()
    assert not stub.tt.touched
    s.handle('uci')
    assert out.lines[-1] == 'uciok' and stub.tt.touched
    s.handle('quit')
    x, out, stub = xboard_session()
    x.handle('xboard')
    assert not stub.tt.touched
    x.handle('protover 2')
    assert out.lines[-1].startswith('feature ') and stub.tt.touched
    x.handle('quit')


# -- moves XBoard would mangle (protocol.xboard_moves.phantom_victim) ----------------
class Phantom(Searcher):
    """Thinks of nothing but the move ``best`` (e.g. one that makes XBoard
    delete a piece), and records the root moves it was given."""

    def __init__(self, best: str):
        super().__init__(hash_mb=1)
        self.best = best
        self.roots: list[list[int]] = []

    def think(self, job):
        self.roots.append(list(job.moves))
        return SearchResult(xm.parse(job.pos, self.best, 1))


def test_the_engine_never_plays_a_move_xboard_would_mangle():
    # White's Prince e8 (far half): e8f8 makes XBoard delete the f7 Rook.
    # The search is not given it; a result naming it anyway (a stand-in, a
    # fallback) is replaced by a move XBoard keeps
    out = Lines()
    x = XBoard(out, Options())
    stub = Phantom('e8f8')
    x.control.use_searcher(stub)
    for cmd in ('new', 'variant zanzibar-xl', 'force',
                'setboard 6k5/12/12/12/4I7/5r6/12/12/12/12/12/6K5 w - - 0 1', 'sd 1', 'go'):
        x.handle(cmd)
    move = out.wait_for('move ')
    x.control.wait(TIMEOUT)
    pos = x.game.pos.copy()
    pos.pop()
    bad = xm.parse(pos, 'e8f8', 1)
    assert bad in legal_moves(pos) and bad not in stub.roots[0]
    assert move != 'move e8f8' and xm.phantom_victim(pos, xm.parse(pos, move[5:], 1)) is None
    x.handle('quit')



# zanzibar-s-promo, which XBoard plays with legality testing off: Black's
# Prince f6 (Black's far half), a black Bishop on g8.  After White's g3-g5
# (a double step onto the g-file) XBoard would take f6-g7 for an e.p.
# capture and delete the Bishop; a move later it would not.
PROMO = '6k5/12/12/12/6b5/12/5i6/9p2/12/6P5/12/5K6 w - - 0 1'


def test_without_legality_testing_the_step_after_a_double_step_is_left_out():
    out = Lines()
    x = XBoard(out, Options())
    stub = Phantom('f6g7')
    x.control.use_searcher(stub)
    for cmd in ('new', 'variant zanzibar-s-promo', 'force', f'setboard {PROMO}', 'sd 1',
                'usermove g3g5', 'go'):
        x.handle(cmd)
    move = out.wait_for('move ')
    x.control.wait(TIMEOUT)
    pos = x.game.pos.copy()
    pos.pop()
    bad = xm.parse(pos, 'f6g7', 1)
    assert bad in legal_moves(pos) and bad not in stub.roots[0]
    assert len(stub.roots[0]) == len(legal_moves(pos)) - 1
    assert move != 'move f6g7' and xm.phantom_victim(pos, xm.parse(pos, move[5:], 1)) is None
    assert move == 'move j5j4'                 # the first of the others
    # a move pair later XBoard carries the step out right: it is played
    out.take()
    for cmd in ('force', f'setboard {PROMO}', 'usermove g3g5', 'usermove g12h12',
                'usermove f1e1', 'go'):
        x.handle(cmd)
    assert out.wait_for('move ') == 'move f6g7'
    assert len(stub.roots[1]) == len(legal_moves(pos))
    x.handle('quit')


def test_with_xboard_quirks_off_the_engine_plays_and_accepts_such_steps():
    # a GUI that is not XBoard (the match runner) turns the option off: the
    # search is given e8f8, plays it, and the Rook stays; the opponent's
    # such step is accepted too
    out = Lines()
    x = XBoard(out, Options())
    stub = Phantom('e8f8')
    x.control.use_searcher(stub)
    for cmd in ('new', 'variant zanzibar-xl', 'option XBoard Quirks=0', 'force',
                'setboard 6k5/12/12/12/4I7/5r6/12/12/12/12/12/6K5 w - - 0 1', 'sd 1', 'go'):
        x.handle(cmd)
    assert out.wait_for('move ') == 'move e8f8'
    x.control.wait(TIMEOUT)
    pos = x.game.pos.copy()
    pos.pop()
    assert xm.parse(pos, 'e8f8', 1) in stub.roots[0] and len(stub.roots[0]) == len(legal_moves(pos))
    assert to_fen(x.game.pos).split()[0] == '6k5/12/12/12/5I6/5r6/12/12/12/12/12/6K5'
    # Black's Prince on f5 (its far half): f5e5 would make XBoard delete the e6 Rook
    for cmd in ('force', 'setboard 6k5/12/12/12/12/12/4R7/5i6/12/12/12/6K5 b - - 0 1',
                'usermove f5e5'):
        x.handle(cmd)
    assert not [line for line in out.lines if line.startswith('Illegal move')]
    assert to_fen(x.game.pos).split()[0] == '6k5/12/12/12/12/12/4R7/4i7/12/12/12/6K5'
    x.handle('option XBoard Quirks=1')
    x.handle('setboard 6k5/12/12/12/12/12/4R7/5i6/12/12/12/6K5 b - - 0 1')
    x.handle('usermove f5e5')
    assert out.wait_for('Illegal move') == ('Illegal move (XBoard would take this step for an '
                                            'en-passant capture and remove the piece on e6): f5e5')
    x.handle('quit')


class Expects(Searcher):
    """Plays ``best`` expecting ``reply``; ponders (recording its root
    moves) until stopped."""

    def __init__(self, best: str, reply: str):
        super().__init__(hash_mb=1)
        self.best, self.reply = best, reply
        self.roots: list[list[int]] = []

    def think(self, job):
        self.roots.append(list(job.moves))
        if job.pondering:
            while not job.ctl.stop:
                time.sleep(0.001)
            return SearchResult(job.moves[0])
        best = xm.parse(job.pos, self.best, 1)
        p = job.pos.copy()
        p.push(best)
        return SearchResult(best, xm.parse(p, self.reply, 1))


PONDER_PHANTOMS = [
    # after g1h1 the engine ponders on g12h12; in that position its Prince's
    # e8f8 would make XBoard delete the f7 Rook
    ('zanzibar-xl', '6k5/12/12/12/4I7/5r6/12/12/12/12/12/6K5 w - - 0 1', 'g12h12', 'e8f8'),
    # zanzibar-s-promo (legality testing off): it ponders on Black's e10-e8;
    # after that double step XBoard would take the Prince's d10-e9 for an
    # e.p. capture and delete the e8 pawn
    ('zanzibar-s-promo', '6k5/12/3Ip7/12/12/12/12/12/12/12/12/6K5 w - - 0 1', 'e10e8', 'd10e9'),
]


@pytest.mark.parametrize('variant,fen,guess,phantom', PONDER_PHANTOMS,
                         ids=[p[0] for p in PONDER_PHANTOMS])
def test_a_ponder_search_leaves_them_out_too(variant, fen, guess, phantom):
    # the ponder search (which a ponder hit turns into the think) is not
    # given the step XBoard would mangle in the guessed position
    out = Lines()
    x = XBoard(out, Options())
    stub = Expects('g1h1', guess)
    x.control.use_searcher(stub)
    for cmd in ('new', f'variant {variant}', 'hard', 'force', f'setboard {fen}', 'go'):
        x.handle(cmd)
    assert out.wait_for('move ') == 'move g1h1'
    wait_mode(x, PONDER)
    job = x.control.job
    bad = [m for m in job.legal if xm.phantom_victim(job.pos, m) is not None]
    assert [xm.move_text(job.pos, m, 1) for m in bad] == [phantom]
    assert not set(bad) & set(job.moves) and len(job.moves) == len(job.legal) - 1
    x.handle('quit')


@pytest.mark.parametrize('protocol, command', [(UciSession, 'ucinewgame'), (XBoard, 'new'),
                                               (XBoard, 'setboard 8/8/8/4k3/8/8/8/4K2R w - - 0 1')])
def test_a_new_game_forgets_the_last_moves_score(protocol, command):
    # the time management compares the score with the last move's (same
    # side): a new game or a set position has none
    x = protocol(Lines(), Options())
    x.control.searcher.last_score = (1, 50)
    x.handle(command)
    assert x.control.searcher.last_score is None
