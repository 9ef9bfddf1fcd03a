"""The UCI protocol (Universal Chess Interface), with Fairy-Stockfish's
variant conventions: option ``UCI_Variant`` selects the game and the engine
answers ``info string variant NAME files F ranks R pocket 0 template T
startpos FEN``; ``position startpos`` then means that start.

This module parses commands and formats answers; the searches, the clock
safety net, pondering, option changes during a search and ``go perft`` are
the protocol-neutral :class:`~protocol.controller.Controller`'s, so
``isready``, ``stop`` and ``ponderhit`` are answered at once while the
engine thinks.  Every search ends with exactly one ``bestmove`` line;
during ``go ponder`` and ``go infinite`` it is held back until
``ponderhit`` or ``stop``, even when the search itself is over.

Anything malformed gets an ``info string`` message and leaves the engine as
it was, but for ``position``: a refused ``position`` (a bad FEN, an illegal
move in its list) leaves the engine without a position, and until a valid
one arrives ``go`` is answered ``info string error: no position: ...`` and
``bestmove 0000`` (never a move for a board the GUI does not have).  Non-standard commands, for people at a terminal: ``d`` (the
board, its FEN, its hash key and the checking pieces, as Stockfish shows
them), ``eval`` (the static evaluation term by term) and ``go perft N``
(counted on a thread of its own, so that
``isready`` is answered and ``stop`` ends it while it counts).
"""
from __future__ import annotations

import random
import re
import threading
import time

from cazaux_engine import engine_name, move_text, outcome, parse_move, to_fen
from search import Limits, SearchResult

from search.explain import explain_text

from .controller import Controller
from .game import Game, setup_start_fen
from .options import OptionError, Options
from .uci_text import bestmove_line, clean, info_line, option_line, spin_value, variant_line
from cazaux_engine.movegen import legal_moves

ENGINE_AUTHOR = 'the cazaux-engine authors'

MAX_MS = 10 ** 12            # clock values are clamped to this many milliseconds
MAX_DEPTH = 64
GO_NUMBERS = ('wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes',
              'movetime', 'mate', 'perft')
GO_FLAGS = ('infinite', 'ponder')


class UciSession:
    def __init__(self, out, options: Options):
        self.out = out
        self.options = options
        self.control = Controller(options, lambda text: self.tell(f'error: {text}'))
        self.lock = threading.Lock()          # one bestmove line at a time
        self.debug = False
        self.rng = random.Random()
        self.game = Game(options.registry, options['UCI_Variant'])
        self.start_fen = self._draw_start()
        self.read_at: float | None = None     # when the command being obeyed was read
        self.no_position: str | None = None   # why there is no position (a refused one)
        self._reset_position()

    @property
    def searcher(self):
        return self.control.searcher

    # -- output ---------------------------------------------------------------
    def send(self, line: str) -> None:
        self.options.log.write('>', line)
        self.out.send(line)

    def tell(self, text: str) -> None:
        """A message for the user, as UCI allows: ``info string ...``."""
        self.send(f'info string {text}')

    # -- start position ---------------------------------------------------------
    def _draw_start(self) -> str:
        """The start FEN for the current variant and Setup (drawn now if random)."""
        v, setup = self.game.variant, self.options['Setup']
        try:
            return setup_start_fen(v, setup, self.rng)
        except ValueError as e:
            self.tell(f'{e}; using the default start of {v.name}')
            return v.start

    def _reset_position(self) -> None:
        self.game.new(None, self.start_fen)
        self.searcher.prepare(self.game.pos)   # variant tables built off the clock
        self.pos_key = self.start_fen         # the FEN the current position starts from
        self.pos_moves: list[str] = []        # the move texts applied to it

    def _announce_variant(self) -> None:
        self.send(variant_line(self.game.variant, self.start_fen))

    # -- commands -----------------------------------------------------------------
    def handle(self, line: str, read_at: float | None = None) -> bool:
        """Obey one command line, read at ``read_at`` (``time.perf_counter()``,
        default now: a ``go``'s clock starts then); False after ``quit``."""
        self.read_at = time.perf_counter() if read_at is None else read_at
        self.options.log.write('<', line)
        tokens = line.split()
        # UCI: skip unknown leading tokens ("joho debug on" is "debug on")
        for i, word in enumerate(tokens):
            method = getattr(self, 'cmd_' + word, None) if word.isidentifier() else None
            if method is not None:
                return method(tokens[i + 1:]) is not False
        if tokens:
            self.tell(f'unknown command: {clean(line.strip())}')
        return True

    def cmd_uci(self, args) -> None:
        self.send(f'id name {engine_name()}')
        self.send(f'id author {ENGINE_AUTHOR}')
        for o in self.options.offered('uci'):
            self.send(option_line(o))
        self.control.get_ready()       # the GUI waits for uciok: the table's pages now
        self.send('uciok')

    def cmd_isready(self, args) -> None:
        self.control.get_ready()
        self.send('readyok')

    def cmd_debug(self, args) -> None:
        if args and args[0] in ('on', 'off'):
            self.debug = args[0] == 'on'
        else:
            self.tell('debug: expected "debug on" or "debug off"')

    def cmd_register(self, args) -> None:
        pass                                  # no registration needed

    def cmd_quit(self, args) -> bool:
        self._end_search(timeout=2.0)
        return False

    def cmd_stop(self, args) -> None:
        self.control.stop()          # the job reports: its bestmove is written

    def cmd_ponderhit(self, args) -> None:
        # on the clock of the go ponder, counted from the moment this was read
        self.control.ponderhit(started=self.read_at)

    def cmd_ucinewgame(self, args) -> None:
        self._end_search()
        self.control.clear_hash()
        self.control.new_game()
        if self.options['Setup'] == -1:
            self.start_fen = self._draw_start()
            self._announce_variant()
        self._reset_position()

    def cmd_setoption(self, args) -> None:
        low = [a.lower() for a in args]
        if 'name' not in low:
            self.tell('setoption: expected "setoption name NAME [value VALUE]"')
            return
        i = low.index('name')
        j = low.index('value', i + 1) if 'value' in low[i + 1:] else len(args)
        name = ' '.join(args[i + 1:j])
        value = ' '.join(args[j + 1:]) or None     # None: no value given
        try:
            o = self.options.option(name, 'uci')
            old = self.options.values.get(o.name)
            self.options.set(o.name, value)
        except OptionError as e:
            self.tell(f'error: {clean(str(e), 200)}')
            if self.options.books is None:
                self.control.options_changed()     # a bad Book File: no book now
            return
        new = self.options.values.get(o.name)
        if self.debug:
            self.tell(f'option {o.name} = {new}')
        if o.name == 'UCI_Variant':
            if new != self.game.variant.name:
                self.game.new(new)
                self.start_fen = self._draw_start()
                self._reset_position()
            self._announce_variant()
        elif o.name == 'Setup':
            if new != old:
                self.start_fen = self._draw_start()
                self._reset_position()
                self._announce_variant()
        elif o.name == 'VariantPath':
            self._variants_loaded()
        elif o.name == 'Clear Hash':
            self.control.clear_hash()
        else:
            self.control.options_changed()      # Hash, Threads...: now, or after the search

    def _variants_loaded(self) -> None:
        """After VariantPath loaded a file: announce UCI_Variant's choices
        again (as Fairy-Stockfish does), and play a reloaded current variant
        by its new rules."""
        self.send(option_line(self.options.option('UCI_Variant')))
        name = self.game.variant.name
        if self.options.registry.get(name) is not self.game.variant:
            self._end_search()
            self.game.new(name)
            self.start_fen = self._draw_start()
            self._reset_position()
            self._announce_variant()

    def _refuse_position(self, why: str) -> None:
        """A ``position`` was refused: the old position is forgotten too (the
        GUI does not have it), until a valid ``position`` arrives."""
        self.tell(f'error: {why}; no position until a valid one arrives')
        self.no_position = why
        self.pos_key, self.pos_moves = None, []
        self.control.new_game()

    def cmd_position(self, args) -> None:
        if not args or args[0] not in ('startpos', 'fen'):
            self._refuse_position('position: expected "position startpos|fen FEN [moves ...]"')
            return
        end = args.index('moves') if 'moves' in args else len(args)
        if args[0] == 'startpos':
            key = self.start_fen
            if end > 1:
                self.tell(f'position: ignoring {clean(" ".join(args[1:end]))!r}')
        else:
            key = ' '.join(args[1:end])
            if not key:
                self._refuse_position('position: "fen" needs a FEN')
                return
        moves = args[end + 1:]
        if key != self.pos_key:
            try:
                self.game.new(None, key)
            except Exception as e:          # FenError, or anything a hostile FEN provokes
                self._refuse_position(f'bad FEN {clean(key)!r}: {clean(str(e), 200)}')
                return
            self.pos_key, self.pos_moves = key, []
        # keep the moves already played that the new list repeats
        k = 0
        while k < min(len(moves), len(self.pos_moves)) and moves[k] == self.pos_moves[k]:
            k += 1
        self.game.undo(len(self.pos_moves) - k)
        del self.pos_moves[k:]
        for n, text in enumerate(moves[k:], start=k + 1):
            try:
                self.game.play(text)
            except Exception as e:
                self._refuse_position(f'position: move {n} {clean(str(e), 200)}')
                return
            self.pos_moves.append(text)
        self.no_position = None

    def cmd_d(self, args) -> None:
        if self.no_position is not None:
            self.tell(f'no position: {self.no_position}')
            return
        fen = to_fen(self.game.pos)
        rows = fen.split()[0].split('/')
        for r, row in zip(range(len(rows), 0, -1), rows):
            cells = re.sub(r'\d+', lambda m: '.' * int(m.group()), row)
            self.send(f'{r:>3}  ' + ' '.join(cells))
        self.send('     ' + ' '.join(chr(97 + f) for f in range(self.game.variant.files)))
        self.send(f'Variant: {self.game.variant.name}')
        pos = self.game.pos
        checkers = [pos.rules.square_name(s) for s in pos.attackers_of(pos.kings[pos.turn], -pos.turn)]
        self.send(f'Checkers: {" ".join(checkers)}')
        self.send(f'Key: {pos.hash:016X}')
        self.send(f'Fen: {fen}')             # last: scripts read up to it

    def cmd_eval(self, args) -> None:
        """The static evaluation of the position, term by term (search/explain.py)."""
        if self.no_position is not None:
            self.tell(f'no position: {self.no_position}')
            return
        for line in explain_text(self.game.pos):
            self.send(line)

    def cmd_go(self, args) -> None:
        started = self.read_at                 # the clock runs from reading the command
        values: dict[str, int] = {}
        flags: set[str] = set()
        searchmoves: list[str] | None = None
        i = 0
        while i < len(args):
            word = args[i]
            if word in GO_NUMBERS and i + 1 < len(args):
                v = spin_value(args[i + 1], -MAX_MS, MAX_MS)
                if v is None:
                    self.tell(f'go: {word} needs a number, not {clean(args[i + 1])!r}')
                else:
                    values[word] = v
                i += 2
            elif word in GO_FLAGS:
                flags.add(word)
                i += 1
            elif word == 'searchmoves':
                searchmoves = []
                i += 1
                while i < len(args) and args[i] not in GO_NUMBERS + GO_FLAGS:
                    searchmoves.append(args[i])
                    i += 1
            else:
                self.tell(f'go: ignoring {clean(word)!r}')
                i += 1
        if self.no_position is not None:
            self._end_search()
            self.tell(f'error: no position: {self.no_position}; send a valid "position"')
            if 'perft' not in values:
                self.send('bestmove 0000')
            return
        if 'perft' in values:
            self._perft(values['perft'])
            return
        self._end_search()
        limits = self._limits(values, flags)
        turn = self.game.pos.turn
        left = limits.wtime if turn > 0 else limits.btime
        if left is not None:
            self.control.clock_report(left, turn)    # what the engine's last move cost
        job = self.control.new_job(self.game.pos, limits, started=started)
        if searchmoves:
            self._restrict(job, searchmoves)
        if self.debug:
            self.tell(f'go {limits} on {to_fen(job.pos)}')
        if not job.legal:
            lost = outcome(job.pos, job.legal).winner is not None    # mated, or stalemated where that loses
            self.send(f'info depth 0 score {"mate 0" if lost else "cp 0"}')
            self._on_done(job, SearchResult(None))
            return
        self.control.start(job, on_info=self._on_info, on_done=self._on_done)

    def cmd_xboard(self, args) -> None:
        self.tell('this session speaks UCI; restart the engine to use XBoard')

    # -- searching ------------------------------------------------------------------
    def _limits(self, values: dict, flags: set) -> Limits:
        def seconds(key):
            return max(0, values[key]) / 1000 if key in values else None

        lim = Limits(multipv=self.options['MultiPV'])
        lim.wtime, lim.btime = seconds('wtime'), seconds('btime')
        lim.winc, lim.binc = seconds('winc') or 0.0, seconds('binc') or 0.0
        lim.movetime = seconds('movetime')
        if values.get('movestogo', 0) > 0:
            lim.movestogo = min(values['movestogo'], 10 ** 6)
        if 'depth' in values:
            lim.depth = max(1, min(MAX_DEPTH, values['depth']))
        if 'nodes' in values:
            lim.nodes = max(1, values['nodes'])
        if 'mate' in values:
            lim.mate = max(1, min(1000, values['mate']))
        lim.infinite = 'infinite' in flags
        lim.ponder = 'ponder' in flags
        return lim

    def _restrict(self, job, searchmoves: list[str]) -> None:
        """``go searchmoves``: only these of the job's root moves."""
        chosen = []
        for text in searchmoves:
            try:
                chosen.append(parse_move(job.pos, text, 1, job.legal))
            except Exception as e:
                self.tell(f'go searchmoves: ignoring {clean(str(e), 200)}')
        if chosen:
            job.limits.searchmoves = chosen
            job.restrict(chosen)

    def _on_info(self, job, info) -> None:
        try:
            self.send(info_line(job.pos, info))
        except Exception as e:               # a bad report must not end the search
            if self.debug:
                self.tell(f'cannot report search info: {clean(str(e), 200)}')

    def _on_done(self, job, result: SearchResult) -> None:
        """Write the bestmove of ``job``: always a legal move (or (none))."""
        with self.lock:
            pos, r = job.pos, result or SearchResult(None)
            legal = job.legal
            try:
                best = r.best
                if best not in legal:
                    if best is not None or legal:
                        self.tell('search gave no legal move; playing the first legal one')
                    pv = r.info.pv if r.info else []
                    best = pv[0] if pv and pv[0] in legal else (legal[0] if legal else None)
                ponder = r.ponder
                if ponder is None and r.info and len(r.info.pv) > 1 and r.info.pv[0] == best:
                    ponder = r.info.pv[1]
                if best is not None and ponder is not None:
                    p = pos.copy()
                    p.push(best)
                    if ponder not in legal_moves(p):
                        ponder = None
                line = bestmove_line(pos, best, ponder)
            except Exception as e:               # never leave the GUI without a move
                self.tell(f'internal error: {clean(str(e), 200)}')
                line = bestmove_line(pos, legal[0] if legal else None, None)
            # the clock it started from and the think time, noted before the
            # line goes out (the next go may come at once)
            self.control.moved(job)
            self.send(line)

    def _end_search(self, timeout: float | None = None) -> None:
        """Finish the running search or perft, if any: a search is stopped
        (its bestmove is written); a perft counts to its end first, as in an
        engine that reads no command meanwhile, so that ``go perft N`` then
        ``quit`` (or another command) in a script still prints the total.
        Only ``stop`` ends a perft early."""
        self.control.finish_perft()
        if self.control.busy:
            self.control.stop()
            self.control.wait(timeout)

    def _perft(self, depth: int) -> None:
        """``go perft N``: leaf counts per root move, then the total, counted
        off the reader thread; ``stop`` ends it early (then no total)."""
        self._end_search()
        pos = self.game.pos.copy()

        def on_move(m, n):
            self.send(f'{move_text(pos, m)}: {n}')

        def on_end(total, complete):
            if complete:
                self.send('')
                self.send(f'Nodes searched: {total}')
            else:
                self.tell(f'perft stopped: {total} leaves counted under the moves above')

        self.control.perft(pos, max(1, min(depth, 20)), on_move, on_end)


def run(first_line: str, stdin, out, options: Options | None = None) -> int:
    """Serve a UCI session whose first command ``first_line`` was already read."""
    session = UciSession(out, options or Options())
    if not session.handle(first_line):
        return 0
    while True:
        try:
            line = stdin.readline()
        except UnicodeDecodeError:
            session.tell('error: input line is not valid text; ignored')
            continue
        if not line:
            break
        read_at = time.perf_counter()        # a go's clock starts when it is read
        try:
            if not session.handle(line, read_at):
                return 0
        except Exception as e:               # a bug must not end the session
            session.tell(f'internal error on {clean(line.strip())!r}: {clean(str(e), 200)}')
    session._end_search(timeout=2.0)
    return 0


__all__ = ['UciSession', 'run']
