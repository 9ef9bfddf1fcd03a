"""The XBoard/WinBoard engine protocol (CECP v2).

This layer only translates: text commands become calls to the game
(:class:`protocol.game.Game`) and to the protocol-neutral search
controller (:class:`protocol.controller.Controller`: searches off the
reader thread, pondering, the clock safety net, option changes during a
search), results become text.  So ``?``, ``ping``, ``force``, ``new``,
``result`` and ``quit`` are answered while the engine thinks.

XBoard conventions handled here (docs/xboard.md):

* ranks of a 10-rank board are numbered 0-9 in moves and squares;
* an e.p. capture is sent as a two-leg move (``e5d5,d5d6``), so that XBoard
  removes the victim wherever the capture happens, and read in that form;
* every variant except chess is described with ``setup`` and ``piece``
  (see :mod:`protocol.xboard_variants`); the engine option ``Setup`` picks
  the start placement announced there.

Every rule is checked by the engine itself: a move XBoard lets through but
the rules forbid (a King's jump out of check, an e.p. capture by a Prince)
is answered ``Illegal move`` and changes nothing.
"""
from __future__ import annotations

import threading
import time
import traceback

from cazaux_engine import FenError, IllegalMoveError, engine_name
from cazaux_engine.outcome import Outcome, outcome
from cazaux_engine.moves import move_from
from protocol.controller import Controller
from protocol.game import Game, setup_start_fen
from protocol.options import OptionError, Options
from protocol.uci_text import spin_value
from protocol.xboard_clock import Clock, ClockError
from protocol import xboard_moves as xm
from protocol.xboard_variants import (PAWN_SLOTS, engine_variant, rank_base, variants_feature,
                                      xboard_variant_lines)
from search import ANALYZE, PONDER, THINK, Limits, Searcher
from cazaux_engine.movegen import legal_moves

MATE_BASE = 100000
FEATURE_ANSWER_WAIT = 1.0      # seconds after protover before done=1 without the GUI's answers


def option_feature(o) -> str | None:
    """The ``feature option="..."`` text of an engine option (None if UCI-only)."""
    if 'xboard' not in o.protocols:
        return None
    if o.kind == 'spin':
        return f'{o.name} -spin {o.default} {o.min} {o.max}'
    if o.kind == 'check':
        return f'{o.name} -check {int(bool(o.default))}'
    if o.kind == 'combo':
        return f'{o.name} -combo ' + ' /// '.join(('*' if c == o.default else '') + c
                                                  for c in o.choices)
    if o.kind == 'button':
        return f'{o.name} -button'
    if o.kind == 'file':
        return f'{o.name} -file {o.default or ""}'
    return f'{o.name} -string {o.default or ""}'


class XBoard:
    """One XBoard session; :meth:`handle` takes one command line."""

    def __init__(self, out, options: Options | None = None):
        self.out = out
        self.options = options or Options()
        self.control = Controller(self.options, lambda text: self.send(f'tellusererror {text}'))
        self.lock = threading.RLock()          # guards pongs, last_info
        self.game = Game(self.options.registry, 'chess')
        # per game move, what XBoard makes of it: (resets its 50-move count,
        # the square it then takes for an e.p. square or None)
        self.xb_moves: list[tuple[bool, int | None]] = []
        self.clock = Clock()
        self.force = False
        self.engine_side = -1          # the colour the engine plays (when not in force mode)
        self.ponder = False            # hard / easy
        self.post = False
        self.analyzing = False
        self.pending_pongs: list[str] = []
        self.features_unanswered = 0    # after protover: GUI answers still to come
        self.done_sent = True
        self.done_timer = None
        self.excluded: set[int] = set()
        self.last_info = None
        self.ponder_guess = None
        self.hint = None               # (position hash, move) predicted for the user
        self.done = False
        self.start_halfmove = 0
        # Setup=-1: the random placement drawn for the coming game.  XBoard
        # sends 'variant' twice before a match and uses the first answer, so
        # the draw is kept until a game has been played.
        self.random_fens: dict[str, str] = {}
        self.ctl = threading.Lock()    # held while a command runs
        self.read_at: float | None = None     # when the command being obeyed was read
        # why there is no position to play from (a refused setboard or
        # variant), or None: searches and moves wait for a valid one
        self.no_position: str | None = None

    # -- output helpers -------------------------------------------------------
    def send(self, line: str) -> None:
        self.options.log.write('>', line)
        self.out.send(line)

    @property
    def searcher(self):
        return self.control.searcher

    @property
    def mode(self) -> str | None:
        """What the engine is doing: THINK, PONDER, ANALYZE (its search
        job's mode), or None (no search whose result is wanted)."""
        job = self.control.job
        return None if job is None or job.closed else job.mode

    @property
    def rb(self) -> int:
        return rank_base(self.game.variant)

    # -- the command loop ------------------------------------------------------
    def handle(self, line: str, read_at: float | None = None) -> None:
        """Execute one command line, read at ``read_at`` (``time.perf_counter()``,
        default now: the clock of a move asked for starts then); never raises."""
        self.read_at = time.perf_counter() if read_at is None else read_at
        self.options.log.write('<', line)
        cmd = line.strip()
        if not cmd:
            return
        word, _, arg = cmd.partition(' ')
        arg = arg.strip()
        if self.features_unanswered:
            if word in ('accepted', 'rejected'):
                self.features_unanswered -= 1
                if not self.features_unanswered:
                    self._features_done()
                return
            if word != 'option':
                self._features_done()
        try:
            fn = getattr(self, 'cmd_' + COMMANDS.get(word, ''), None)
            with self.ctl:
                if fn is not None:
                    fn(arg, cmd)
                elif xm.looks_like_move(word) and not arg:
                    self.cmd_usermove(word, cmd)
                else:
                    self.send(f'Error (unknown command): {cmd}')
        except Exception as e:       # never let a bad command kill the engine
            self.send(f'Error (internal error: {type(e).__name__}): {cmd}')
            for tb in traceback.format_exc().splitlines():
                self.send('# ' + tb)

    # -- search control -----------------------------------------------------
    def stop_search(self) -> None:
        """Stop any search and forget its result; answers deferred pings."""
        self.control.drop()
        self._after_search()

    def _after_search(self) -> None:
        """Answer the pings that waited for the engine's move."""
        with self.lock:
            if self.mode != THINK:
                for p in self.pending_pongs:
                    self.send(p)
                self.pending_pongs.clear()

    def _start(self, pos, limits, avoid=(), started: float | None = None) -> None:
        """Search ``pos`` within ``limits`` (its mode: think, ponder with
        ``limits.ponder``, analyze with ``limits.infinite``), leaving out
        the moves of ``avoid`` and the excluded ones (not when pondering),
        on a clock that started at ``started`` (default now)."""
        limits.multipv = self.options['MultiPV'] if limits.infinite else 1
        job = self.control.new_job(pos, limits, started=started)
        skip = set(avoid) | (self.excluded if not limits.ponder else set())
        if skip:
            job.avoid(skip)
        with self.lock:
            self.last_info = None
        # (not under the lock: start waits for an ending search, whose
        # on_done takes the lock)
        self.control.start(job, on_info=self._on_info, on_done=self._on_done)

    def _on_info(self, job, info) -> None:
        with self.lock:
            if job is not self.control.job or job.closed:
                return
            self.last_info = info
            if not self.post or not info.pv and info.depth == 0:
                return
            if info.mate is not None:
                score = MATE_BASE + info.mate if info.mate > 0 else -MATE_BASE + info.mate
            else:
                score = info.score
            pv = xm.pv_text(job.pos, info.pv, self.rb)
            mark = {'upper': '?', 'lower': '!'}.get(info.bound, '')
            self.send(f'{info.depth} {score} {int(info.time * 100)} {info.nodes} {pv}{mark}'.rstrip())

    def _on_done(self, job, result) -> None:
        """The search ended (on the search thread): a think plays its move,
        and may start pondering at once."""
        with self.lock:
            if job is not self.control.job:
                return
            if job.mode == THINK:
                self._play_engine_move(result, job)
        self._after_search()

    # -- the engine's own moves -------------------------------------------------
    def _xb_fifty(self) -> int:
        """XBoard's 50-move count (plies) in the current game."""
        n = 0
        for irr, _ in reversed(self.xb_moves):
            if irr:
                return n
            n += 1
        return n + self.start_halfmove

    def _reset_game_state(self) -> None:
        """After a new position: per-game records start afresh."""
        self.searcher.prepare(self.game.pos)   # variant tables built off the clock
        self.xb_moves = []
        self.start_halfmove = self.game.pos.halfmove
        self.excluded.clear()
        self.hint = None
        self.no_position = None
        self.control.new_game()

    def _xb_repetition(self) -> bool:
        """Whether XBoard sees the current position for the third time.  It
        looks back only to its last irreversible move, and a move of its
        Lance-slot piece (the Zanzibar Prince, the Maasai's Lance) is one for
        it, though not for the rules: a repetition across one is a draw by
        the rules that XBoard would call a false claim."""
        pos = self.game.pos
        seen = pos.history
        since = min(self._xb_fifty(), len(seen))
        return sum(1 for h in seen[len(seen) - since:] if h == pos.hash) >= 2

    def _claimable(self, o: Outcome) -> bool:
        """Whether XBoard (testing claims) would accept this result claim."""
        if o.reason == 'fifty-move':
            return self._xb_fifty() >= 100
        if o.reason == 'repetition':
            return self._xb_repetition()
        return True

    def _claim(self, o: Outcome) -> None:
        self.send(f'{o.result} {{{o.comment}}}')

    def _push(self, m: int) -> None:
        pos = self.game.pos
        slot = xm.slot_of(pos, move_from(m))
        self.xb_moves.append((pos.is_capture(m) or slot in PAWN_SLOTS,
                              xm.xboard_ep_square(pos, m)))
        self.game.push(m)
        self.excluded.clear()

    def _play_engine_move(self, result, job=None) -> None:
        pos = self.game.pos
        legal = legal_moves(pos)
        m = result.best if result is not None else None
        if m not in legal:
            m = legal[0] if legal else None
        if m is not None and self._phantom_victim(pos, m) is not None:
            # never a move that makes XBoard delete a piece (the search was
            # told to leave them out; a fallback move was not)
            m = next((x for x in legal if self._phantom_victim(pos, x) is None), m)
        if m is None:
            o = outcome(pos, legal)
            if o is not None:
                self._claim(o)
            else:
                self.send('resign')
            self.force = True
            return
        text = xm.move_text(pos, m, self.rb)
        self._push(m)
        try:
            o = outcome(self.game.pos)
            offer = o is not None and o.reason in ('repetition', 'fifty-move') and self._claimable(o)
        except Exception as e:          # a failed claim must not cost the move (and the game)
            self.send(f'# internal error while checking the game end: {type(e).__name__}: {e}')
            o, offer = None, False
        if offer:
            self.send('offer draw')      # claims a draw that our move brings about
        if job is not None:
            # the clock it started from and the think time, noted before the
            # move goes out (XBoard's next 'time' may come at once)
            self.control.moved(job)
        self.send(f'move {text}')
        if o is not None and o.reason not in ('repetition', 'fifty-move'):
            if o.reason in ('checkmate', 'stalemate') and xm.jump_escape(self.game.pos) is not None:
                # XBoard sees a reply the rules forbid (a King's jump out of
                # check) and would call our claim false: no claim; the loser,
                # asked to move, claims or resigns (XBoard takes a loser's claim)
                return
            self._claim(o)
            self.force = True
            return
        if result is not None and result.ponder is not None:
            self.hint = (self.game.pos.hash, result.ponder)
        if self.ponder and not self.force and result is not None and result.ponder is not None:
            self._ponder_on(result.ponder)      # (lock held, on the search thread)

    def _ponder_on(self, guess: int) -> None:
        pos = self.game.pos.copy()
        if guess is None or guess not in legal_moves(pos):
            return
        pos.push(guess)
        if not legal_moves(pos):
            return
        self.ponder_guess = guess
        limits = self._clock_limits(pos)
        limits.ponder = True
        # (a ponder hit turns this search into the think: the same moves are left out)
        self._start(pos, limits, avoid=self._phantom_moves(pos))

    def _clock_limits(self, pos):
        moves_made = len(self.game.moves) // 2
        if pos is not self.game.pos:
            moves_made = (len(self.game.moves) + 1) // 2
        return self.clock.limits(pos.turn, moves_made)

    def _phantom_victim(self, pos, m: int) -> int | None:
        """The square of the piece XBoard would delete on ``m`` though ``m``
        captures nothing there (:func:`protocol.xboard_moves.phantom_victim`),
        or None; always None with the option XBoard Quirks off (a GUI that is
        not XBoard carries such a step out right)."""
        if not self.options['XBoard Quirks']:
            return None
        return xm.phantom_victim(pos, m)

    def _phantom_moves(self, pos) -> list[int]:
        """The legal moves of ``pos`` that would make XBoard delete a piece
        they do not capture."""
        return [m for m in legal_moves(pos) if self._phantom_victim(pos, m) is not None]

    def _think(self) -> None:
        """The engine is on move: claim a finished game or start thinking,
        on the clock that started when the command was read."""
        pos = self.game.pos
        if self.no_position is not None:
            self.send(f'Error (no position: {self.no_position}): go')
            self.force = True
            return
        legal = legal_moves(pos)
        o = outcome(pos, legal)
        if o is not None and self._claimable(o):
            self._claim(o)
            self.force = True
            return
        limits = self._clock_limits(pos)
        self._start(pos, limits, self._phantom_moves(pos), started=self.read_at)

    def _maybe_think(self) -> None:
        if not self.force and not self.analyzing and self.game.pos.turn == self.engine_side:
            self._think()

    def _restart_analysis(self) -> None:
        if self.analyzing:
            self.stop_search()
            if self.no_position is None and legal_moves(self.game.pos):
                self._start(self.game.pos, Limits(infinite=True))

    # -- commands: session ------------------------------------------------------
    def cmd_xboard(self, arg, cmd):
        pass

    def cmd_protover(self, arg, cmd):
        flags = ('ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 '
                 'sigterm=0 reuse=1 analyze=1 colors=0 ics=0 name=0 pause=0 nps=1 debug=1 '
                 'memory=1 smp=1 exclude=1 setscore=0 highlight=0')
        options = [t for t in map(option_feature, self.options.offered('xboard')) if t]
        lines = ['done=0', f'myname="{engine_name()}" variants="{variants_feature(self.options.registry)}"', flags]
        lines += [f'option="{t}"' for t in options]
        # done=1 waits for the GUI's answer to every feature: XBoard sends
        # an option of -firstOptions as soon as it reads that option's
        # feature, and a VariantPath loaded then must announce its variants
        # before done=1, when XBoard checks the variant it is to play
        with self.lock:
            self.features_unanswered = 3 + len(flags.split()) + len(options)
            self.done_sent = False
            self.done_timer = threading.Timer(FEATURE_ANSWER_WAIT, self._features_done)
            self.done_timer.daemon = True
        self.control.get_ready()       # XBoard waits for done=1: the table's pages now
        for line in lines:
            self.send(f'feature {line}')
        self.done_timer.start()

    def _features_done(self) -> None:
        """Send ``feature done=1`` (once): when every feature was answered,
        at the first other command, or after FEATURE_ANSWER_WAIT seconds
        for a GUI that answers none."""
        with self.lock:
            if self.done_sent:
                return
            self.done_sent = True
            self.features_unanswered = 0
            self.done_timer.cancel()
            self.send('feature done=1')

    def cmd_ignore(self, arg, cmd):
        pass

    def cmd_quit(self, arg, cmd):
        self.stop_search()
        self.done = True

    def cmd_ping(self, arg, cmd):
        pong = f'pong {arg}'.rstrip()
        with self.lock:
            if self.mode == THINK:        # answered after the move (spec: ping)
                self.pending_pongs.append(pong)
                return
        self.control.get_ready()
        self.send(pong)

    def cmd_new(self, arg, cmd):
        self.stop_search()
        self.searcher.randomness = False     # 'new' ends random mode (CECP)
        if self.game.moves:
            self.random_fens.clear()      # a game was played: the next one draws anew
        self.game.new('chess')
        self.control.clear_hash()     # before the tables and history are made anew
        self._reset_game_state()
        self.force = False
        self.engine_side = -1
        self.clock.reset()
        self._restart_analysis()      # 'new' keeps analyze mode on

    def cmd_variant(self, arg, cmd):
        name = engine_variant(arg.split()[0] if arg else '')
        if name not in self.options.registry:
            self.send(f'Error (unsupported variant): {cmd}')
            self._forget_position(f'variant {arg[:40]!r} is not supported')
            return
        v = self.options.registry.get(name)
        try:
            if self.options['Setup'] == -1:
                fen = self.random_fens.get(name) or setup_start_fen(v, -1)
                self.random_fens[name] = fen
            else:
                fen = setup_start_fen(v, self.options['Setup'])
        except ValueError as e:
            self.send(f'tellusererror {e}; playing the default position')
            fen = v.start
        self.stop_search()
        self.game.new(name, fen)
        self._reset_game_state()
        for line in xboard_variant_lines(v, fen):
            self.send(line)
        self._restart_analysis()

    def cmd_force(self, arg, cmd):
        self.stop_search()
        self.force = True

    def cmd_go(self, arg, cmd):
        self.stop_search()
        self.force = False
        self.analyzing = False
        self.engine_side = self.game.pos.turn
        self._think()

    def cmd_playother(self, arg, cmd):
        self.stop_search()
        self.force = False
        self.engine_side = -self.game.pos.turn

    def cmd_movenow(self, arg, cmd):
        with self.lock:
            thinking = self.mode == THINK
        if thinking:
            self.control.stop()       # the search thread plays its move at once

    def cmd_result(self, arg, cmd):
        self.stop_search()
        self.force = True
        self.random_fens.clear()

    def cmd_draw(self, arg, cmd):
        pass          # offers are declined by ignoring them

    # -- commands: moves and positions -----------------------------------------
    def cmd_usermove(self, arg, cmd):
        text = arg.split()[0] if arg else ''
        if self.no_position is not None:
            self.send(f'Illegal move (no position: {self.no_position}): {text}')
            return
        with self.lock:
            pondering = self.mode == PONDER
            guess = self.ponder_guess
        if not pondering:
            self.stop_search()
        pos = self.game.pos
        try:
            m = xm.parse(pos, text, self.rb)
        except IllegalMoveError as e:
            reason = str(e).split(': ', 1)[-1]
            self.send(f'Illegal move ({reason}): {text}')
            return
        victim = self._phantom_victim(pos, m)
        if victim is not None:
            # legal, but XBoard would also delete the piece behind the target
            where = pos.rules.square_name(victim, self.rb)
            self.send(f'Illegal move (XBoard would take this step for an en-passant capture '
                      f'and remove the piece on {where}): {text}')
            return
        if pondering and m == guess and not self.analyzing:
            with self.lock:
                if self.mode == PONDER:            # still searching: it becomes our think,
                    self._push(m)                  # on the clock XBoard just sent, from now
                    self.control.ponderhit(self._clock_limits(self.game.pos),
                                           started=self.read_at)
                    return
        self.stop_search()
        self._push(m)
        if self.analyzing:
            self._restart_analysis()
        else:
            self._maybe_think()

    def cmd_setboard(self, arg, cmd):
        self.stop_search()
        try:
            self.game.set_fen(xm.fen_from_xboard(self.game.variant, arg))
        except FenError as e:
            self.send(f'tellusererror Illegal position: {e}')
            self._forget_position(f'the last setboard was refused ({str(e)[:80]})')
            return
        self._reset_game_state()
        self._restart_analysis()

    def _forget_position(self, why: str) -> None:
        """A position was refused: the old one is forgotten too (XBoard's
        board is not it), and until a valid ``setboard``, ``variant`` or
        ``new`` nothing is searched or played."""
        self.stop_search()
        self.no_position = why
        self.excluded.clear()
        self.hint = None
        self.control.new_game()

    def cmd_undo(self, arg, cmd):
        self._take_back(1, cmd)

    def cmd_remove(self, arg, cmd):
        self._take_back(2, cmd)

    def _take_back(self, n: int, cmd: str) -> None:
        if self.no_position is not None or len(self.game.moves) < n:
            self.send(f'Error (command not legal now): {cmd}')
            return
        self.stop_search()
        self.game.undo(n)
        del self.xb_moves[len(self.game.moves):]
        self.excluded.clear()
        self._restart_analysis()

    def cmd_hint(self, arg, cmd):
        if self.no_position is not None:
            return
        pos = self.game.pos
        m = None
        with self.lock:
            if self.mode == ANALYZE and self.last_info and self.last_info.pv:
                m = self.last_info.pv[0]
        if m is None and self.hint and self.hint[0] == pos.hash:
            m = self.hint[1]
        if m is None and self.mode is None and legal_moves(pos):
            m = Searcher(hash_mb=1).search(pos, Limits(depth=1)).best
        if m is not None and m in legal_moves(pos):
            self.send(f'Hint: {xm.move_text(pos, m, self.rb)}')

    def cmd_random(self, arg, cmd):
        """Toggle random mode: a small random choice among the moves the
        search finds within a few centipawns of the best (search/level.py)."""
        self.searcher.randomness = not self.searcher.randomness

    def cmd_bk(self, arg, cmd):
        """The book moves of the position, with their share and score."""
        if self.no_position is not None:
            self.send(f'Error (no position: {self.no_position}): {cmd}')
            return
        pos = self.game.pos
        books = self.options.books if self.options['OwnBook'] else None
        found = books.moves(pos) if books is not None else []
        if not found:
            self.send(' no book moves in this position' if books is not None
                      else ' no opening book (OwnBook is off, or Book File could not be read)')
        total = sum(w for _, w, _ in found)
        for m, w, s in sorted(found, key=lambda x: -x[1]):
            self.send(f' {xm.move_text(pos, m, self.rb)} {100 * w / total:.0f}% (score {s})')
        self.send('')

    def cmd_exclude(self, arg, cmd):
        self._exclude(arg, cmd, True)

    def cmd_include(self, arg, cmd):
        self._exclude(arg, cmd, False)

    def _exclude(self, arg: str, cmd: str, exclude: bool) -> None:
        if self.no_position is not None:
            self.send(f'Error (no position: {self.no_position}): {cmd}')
            return
        pos = self.game.pos
        if arg == 'all':
            moves = set(legal_moves(pos))
        else:
            try:
                moves = {xm.parse(pos, arg, self.rb)}
            except IllegalMoveError:
                self.send(f'Illegal move: {arg}')
                return
        if exclude:
            self.excluded |= moves
        else:
            self.excluded -= moves
        self._restart_analysis()

    # -- commands: analysis -------------------------------------------------------
    def cmd_analyze(self, arg, cmd):
        self.stop_search()
        self.analyzing = True
        self._restart_analysis()

    def cmd_exit(self, arg, cmd):
        if self.analyzing:
            self.analyzing = False
            self.stop_search()

    def cmd_status(self, arg, cmd):
        with self.lock:
            info = self.last_info if self.mode == ANALYZE else None
            job = self.control.job
        if info is not None:
            total = len(legal_moves(self.game.pos))
            move = xm.move_text(job.pos, info.pv[0], self.rb) if info.pv else ''
            self.send(f'stat01: {int(info.time * 100)} {info.nodes} {info.depth} 0 {total} {move}'.rstrip())

    # -- commands: time and settings --------------------------------------------
    def cmd_level(self, arg, cmd):
        parts = arg.split()
        if len(parts) != 3:
            self.send(f'Error (wrong number of parameters): {cmd}')
            return
        try:
            self.clock.set_level(*parts)
        except ClockError as e:
            self.send(f'Error (bad parameter: {e}): {cmd}')

    def _clock_cmd(self, fn, arg, cmd):
        try:
            fn(arg)
        except ClockError as e:
            self.send(f'Error (bad parameter: {e}): {cmd}')

    def cmd_st(self, arg, cmd):
        self._clock_cmd(self.clock.set_st, arg, cmd)

    def cmd_sd(self, arg, cmd):
        self._clock_cmd(self.clock.set_depth, arg, cmd)

    def cmd_nps(self, arg, cmd):
        self._clock_cmd(self.clock.set_nps, arg, cmd)

    def cmd_time(self, arg, cmd):
        self._clock_cmd(lambda a: self.clock.set_time(a, True), arg, cmd)
        if self.clock.engine_left is not None:
            # the engine's clock after its last move: what that move cost
            self.control.clock_report(self.clock.engine_left)

    def cmd_otim(self, arg, cmd):
        self._clock_cmd(lambda a: self.clock.set_time(a, False), arg, cmd)

    def cmd_post(self, arg, cmd):
        self.post = True

    def cmd_nopost(self, arg, cmd):
        self.post = False

    def cmd_hard(self, arg, cmd):
        self.ponder = True

    def cmd_easy(self, arg, cmd):
        self.ponder = False
        with self.lock:
            pondering = self.mode == PONDER
        if pondering:
            self.stop_search()

    def cmd_memory(self, arg, cmd):
        o = Options.find('Hash')
        mb = spin_value(arg, o.min, o.max) if arg.isdigit() else None
        if mb is None:
            self.send(f'Error (bad parameter): {cmd}')
            return
        self._set_option('Hash', str(mb), cmd)

    def cmd_cores(self, arg, cmd):
        """``cores N``: search with N threads (option Threads, kept in range)."""
        o = Options.find('Threads')
        n = spin_value(arg, o.min, o.max) if arg.isdigit() else None
        if n is None:
            self.send(f'Error (bad parameter): {cmd}')
            return
        self._apply_option('Threads', str(n))

    def cmd_option(self, arg, cmd):
        name, eq, value = arg.partition('=')
        self._set_option(name, value if eq else None, cmd)

    def _set_option(self, name: str, value: str | None, cmd: str) -> None:
        try:
            o = Options.find(name, 'xboard')
            if o.kind != 'button':
                o.parse(value if value is not None else '')
                if value is None:
                    raise OptionError(f'{o.name}: a value is needed')
        except OptionError as e:
            self.send(f'tellusererror {e}')
            return
        self._apply_option(o.name, value)

    def _apply_option(self, name: str, value: str | None) -> None:
        try:
            self.options.set(name, value)
        except OptionError as e:          # a bad variant file, log or book file
            self.send(f'tellusererror {e}')
            if name == 'Book File':
                self.control.options_changed()      # no book now
            return
        if name == 'VariantPath':
            # XBoard takes a feature at any time: its New Variant dialog and
            # the variant names it accepts now include the file's variants
            self.send(f'feature variants="{variants_feature(self.options.registry)}"')
        elif name == 'Clear Hash':
            self.control.clear_hash()           # now, or once the search ends
        else:
            self.control.options_changed()      # Hash, Threads...: now or after the search


COMMANDS = {
    'xboard': 'xboard', 'protover': 'protover', 'accepted': 'ignore', 'rejected': 'ignore',
    'new': 'new', 'variant': 'variant', 'quit': 'quit', 'random': 'random', 'force': 'force',
    'go': 'go', 'playother': 'playother', 'level': 'level', 'st': 'st', 'sd': 'sd',
    'nps': 'nps', 'time': 'time', 'otim': 'otim', 'usermove': 'usermove', '?': 'movenow',
    'ping': 'ping', 'draw': 'draw', 'result': 'result', 'setboard': 'setboard',
    'hint': 'hint', 'bk': 'bk', 'undo': 'undo', 'remove': 'remove', 'hard': 'hard',
    'easy': 'easy', 'post': 'post', 'nopost': 'nopost', 'analyze': 'analyze', 'exit': 'exit',
    '.': 'status', 'name': 'ignore', 'rating': 'ignore', 'ics': 'ignore',
    'computer': 'ignore', 'memory': 'memory', 'cores': 'cores', 'egtpath': 'ignore',
    'option': 'option', 'exclude': 'exclude', 'include': 'include',
}


def run(first_line: str, stdin, out, options: Options | None = None) -> int:
    """Serve an XBoard session whose first command was ``first_line``."""
    try:
        stdin.reconfigure(errors='replace')     # a stray byte must not end the session
    except (AttributeError, ValueError, OSError):
        pass
    engine = XBoard(out, options)
    engine.handle(first_line)
    while not engine.done:
        try:
            line = stdin.readline()
        except (UnicodeDecodeError, ValueError, OSError):
            continue
        if not line:
            break
        engine.handle(line, time.perf_counter())     # a move's clock starts when it is read
    engine.stop_search()
    return 0
