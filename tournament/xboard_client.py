"""The GUI side of the XBoard (CECP version 2) protocol.

Handshake: ``xboard``, ``protover 2``, then ``feature`` lines answered
``accepted``/``rejected`` until ``done=1``, or two seconds after the first
feature line (``done=0``: up to the runner's timeout); an engine that sends
no feature within ten seconds is taken for a version 1 engine.  Then the
user's options (``option NAME=VALUE``) and ``ping``: an option may load
variants (Sjaak II's variant file), and the features the engine sends
again before its ``pong`` are answered and read; only then is the variant
checked against ``feature variants``.  An engine with ``san=1`` is sent
its opponent's moves in SAN.  An engine that declares the check option
``XBoard Quirks`` (cazaux-engine: it keeps away from, and refuses, the steps
XBoard 4.9 would mangle) is told ``option XBoard Quirks=0`` unless the
user's spec sets it: the runner is not XBoard and plays those steps right.

A game: ``new``, ``variant NAME`` (its ``setup``/``piece`` replies are
read and ignored: the arbiter's rules are the rules), ``level``/``st``,
``sd``, ``nps`` (this engine's own limits), ``post``, ``easy``,
``computer``, ``force``, ``setboard FEN``, the opening moves, then
``ping``/``pong`` to be sure the engine is ready; ``hard`` instead of
``easy`` for an engine that ponders (``ponder`` in its spec: it thinks on
its opponent's time by itself, and its time counts from the opponent's
move it is sent).  The engine's first turn is ``time``/``otim``/``go``; later turns
are ``time``/``otim`` and the opponent's ``usermove``, which starts its
search.  On boards of exactly 10 ranks moves are written with ranks
0-9, as XBoard does (pemba ``e2e4`` is e3-e5).  An en-passant capture may
come back as the two-leg move ``e5d5,d5d6`` (one line, or two ``move``
lines with a trailing comma); it is passed on as written, and read with
every other form XBoard accepts by :mod:`.movetext`.
"""
from __future__ import annotations

import re
import time

from cazaux_engine import Position, parse_fen
from cazaux_engine.san import san

from protocol.xboard_variants import rank_base, xboard_name
from .client import (Client, EngineError, EngineRefused, EngineSetupError, EngineTimeout,
                     Reply)
from .timecontrol import TimeControl, seconds_text

# the option of cazaux-engine's that guards against XBoard's mangling (docs/xboard.md)
QUIRKS = 'XBoard Quirks'

_FEATURE = re.compile(r'(\w+)=("([^"]*)"|\S+)')
_RESULT = re.compile(r'^(1-0|0-1|1/2-1/2)(?:\s*\{([^}]*)\}?)?\s*$')
_THINKING = re.compile(r'^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\b')

# features this GUI side understands; anything else is rejected
KNOWN = {'ping', 'setboard', 'playother', 'san', 'usermove', 'time', 'draw', 'sigint', 'sigterm',
         'reuse', 'analyze', 'myname', 'variants', 'colors', 'ics', 'name', 'pause', 'nps',
         'debug', 'memory', 'smp', 'egt', 'option', 'done', 'exclude', 'setscore',
         'highlight', 'protover'}

XBOARD_MATE = 100000    # thinking output scores from this on mean mate
FIRST_WAIT = 10.0       # seconds to wait for an engine's first feature line


def level_command(tc: TimeControl) -> str:
    """``level MPS BASE INC`` with BASE in minutes or MIN:SEC."""
    secs = max(1, int(tc.base))
    base = str(secs // 60) if secs % 60 == 0 else f'{secs // 60}:{secs % 60:02d}'
    return f'level {tc.moves} {base} {seconds_text(tc.inc)}'


class XBoardClient(Client):
    proto = 'xboard'

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.features: dict = {}
        self.options: list[str] = []
        self.ping_id = 0
        self.sent = 0           # moves of the current game the engine knows
        self.playing = False    # out of force mode (after our 'go')
        self.thinking = False
        self.board = None       # with san=1: the game as sent, for SAN
        self.board_moves = 0    # moves played on self.board

    def rank_base(self, variant) -> int:
        return rank_base(variant)

    def feature(self, name: str, default=None):
        return self.features.get(name, default)

    # -- handshake -------------------------------------------------------------
    def start(self, variant) -> None:
        self._spawn()
        self.send('xboard')
        self.send('protover 2')
        # the protocol's two seconds are counted from the first feature line, so
        # that a slow start (a loaded machine, a frozen build) is not taken for a
        # version 1 engine; an engine that never says anything costs FIRST_WAIT
        deadline = self.deadline(min(self.timeout, FIRST_WAIT))
        waiting_done = False
        while True:
            try:
                _, line = self.read(deadline, 'feature done=1')
            except EngineTimeout:
                break       # no done=1 in time: take the features seen so far
            if line.startswith('feature'):
                if not waiting_done:
                    deadline = self.deadline(2.0)
                if self._features(line) == '0':
                    deadline = self.deadline()      # the engine asked for more time
                    waiting_done = True
                if self.features.get('done') == '1':
                    break
        self.reported_name = self.features.get('myname')
        # the user's options first: one may load variants (Sjaak II's variant file),
        # and the engine then sends its features again, read while syncing
        declared = {o.split(' -')[0].strip() for o in self.options}
        options = dict(self.spec.options)
        if QUIRKS in declared and QUIRKS not in options:
            options[QUIRKS] = '0'          # no XBoard here: no XBoard mangling to avoid
        for name, value in options.items():
            if name not in declared:
                self._note(f'option {name} is not among the options the engine declared')
            self.send(f'option {name}={value}')
        self.sync()
        names = self.variants()
        want = xboard_name(variant)
        if want not in names:
            raise EngineSetupError(f'engine does not play {variant.name} '
                                   f'(its variants: {", ".join(names)})')

    def variants(self) -> list[str]:
        """The variants the engine declared last (``normal`` if none)."""
        return [v.strip() for v in self.features.get('variants', 'normal').split(',')]

    def _features(self, line: str) -> str | None:
        """Answer the features of a ``feature`` line; the value of its ``done``."""
        done = None
        for m in _FEATURE.finditer(line[len('feature'):]):
            key, value = m.group(1), m.group(3) if m.group(3) is not None else m.group(2)
            if key in KNOWN:
                self.send(f'accepted {key}')
                if key == 'option':
                    name = value.split(' -')[0].strip()
                    self.options = [o for o in self.options if o.split(' -')[0].strip() != name]
                    self.options.append(value)
                else:
                    self.features[key] = value
                if key == 'done':
                    done = value
            else:
                self.send(f'rejected {key}')
        return done

    def _note(self, text: str) -> None:
        if self.log:
            self.log(f'{self.name}: {text}')

    def sync(self, timeout: float | None = None) -> None:
        """``ping``/``pong`` (if the engine has ping); features sent before the pong
        are answered and kept, everything else is dropped."""
        if self.feature('ping') != '1':
            self.process.drain()        # the best an engine without ping allows
            return
        self.ping_id += 1
        self.send(f'ping {self.ping_id}')
        deadline = self.deadline(timeout)
        while True:
            _, line = self.read(deadline, f'pong {self.ping_id}')
            if line.strip() == f'pong {self.ping_id}':
                return
            if line.startswith('feature'):
                self._features(line)

    # -- a game -----------------------------------------------------------------
    def new_game(self, pos: Position, start_fen: str, moves: list[int], tc: TimeControl,
                 colour: int) -> None:
        v = pos.rules.variant
        self.tc = tc
        self.send('new')
        if v.name != 'chess':
            self.send(f'variant {xboard_name(v)}')
        for line in self.limit_commands(tc):
            self.send(line)
        self.send('post')
        self.send('hard' if self.spec.ponder else 'easy')
        if self.feature('name') == '1':
            # only to an engine that asked about its opponent (as cutechess does):
            # Fairy-Max 5.0b takes an unknown command for a move, and reading
            # 'computer' as one crashes it about one time in two
            self.send('computer')
        self.send('force')
        if self.feature('setboard') == '1':
            self.send(f'setboard {start_fen}')
        elif start_fen != v.start:
            raise EngineSetupError('engine cannot set up positions (no feature setboard=1)')
        self.sent = 0
        self.playing = False
        self.thinking = False
        # the game as the engine knows it, for SAN (which needs each move's position)
        self.board = parse_fen(v, start_fen) if self.feature('san') == '1' else None
        self.board_moves = 0
        if moves:
            self._send_moves(pos, moves)
        self.sync()

    def limit_commands(self, tc: TimeControl) -> list[str]:
        """What this engine is told of its limits (``tc``).

        A clock is ``level``, a time per move ``st``, a depth ``sd``.  XBoard
        has no node limit: ``nps N`` with ``st 1`` makes one second of N nodes
        (``nps N/S`` with ``st S``), for an engine that has not declared
        ``feature nps=0``; next to a clock a node limit would turn the clock
        into nodes, so it is not sent (see :meth:`limits_text`).  Without any
        time limit, ``st`` is the runner's timeout.
        """
        out = []
        nps = tc.nodes and not tc.clocked and self.feature('nps') != '0'
        if tc.clocked:
            out.append(level_command(tc))
        elif tc.movetime:
            out.append(f'st {seconds_text(tc.movetime)}')
        elif nps:
            out.append('st 1')
        else:
            out.append(f'st {max(1, int(self.timeout))}')
        if tc.depth:
            out.append(f'sd {tc.depth}')
        if nps:
            out.append(f'nps {tc.nodes}' if tc.movetime == 0 else
                       f'nps {max(1, int(tc.nodes / tc.movetime))}')
        return out

    def limits_text(self, tc: TimeControl) -> str:
        """What the engine gets of ``tc``, for the report."""
        sent = self.limit_commands(tc)
        text = ', '.join(sent)
        if tc.nodes and not any(c.startswith('nps') for c in sent):
            why = ('XBoard has no node limit beside a clock' if tc.clocked
                   else 'the engine declared nps=0')
            text += f' (nodes {tc.nodes} not sent: {why})'
        return text

    def check_limits(self, tc: TimeControl) -> None:
        """EngineSetupError if the engine would play with no limit it understands."""
        if tc.nodes and not (tc.clocked or tc.movetime or tc.depth) \
                and self.feature('nps') == '0':
            raise EngineSetupError('a node limit reaches an XBoard engine only through nps, '
                                   'and this engine declared nps=0: give it tc=, st= or depth=')

    def _send_moves(self, pos: Position, moves: list[int]) -> float:
        """Send the moves the engine has not seen; return the time of the last.
        With ``san=1`` they are written in SAN, from the positions of ``self.board``
        (which first catches up with the engine's own moves)."""
        t = time.monotonic()
        prefix = 'usermove ' if self.feature('usermove') == '1' else ''
        b = self.board
        if b is not None:
            rb = self.rank_base(b.rules.variant)
            for m in moves[self.board_moves:self.sent]:
                b.push(m)
            self.board_moves = max(self.board_moves, self.sent)
        for m in moves[self.sent:]:
            if b is None:
                text = self.text(pos, m)
            else:
                text = san(b, m, rb)
                b.push(m)
                self.board_moves += 1
            t = self.send(prefix + text)
        self.sent = len(moves)
        return t

    def think(self, pos: Position, moves: list[int], clocks: dict, limit: float) -> Reply:
        us = pos.turn
        new = len(moves) - self.sent
        if self.playing and new != 1:
            self.send('force')
            self.playing = False
        if self.playing:
            self._send_clocks(clocks, us)
            t0 = self._send_moves(pos, moves)
        else:
            self._send_moves(pos, moves)
            self._send_clocks(clocks, us)
            t0 = self.send('go')
            self.playing = True
        self.thinking = True
        deadline = t0 + limit
        score = mate = depth = None
        legs = ''
        while True:
            t, line = self.read(deadline, 'move')
            s = line.strip()
            if s.startswith('move '):
                text = s[5:].strip()
                if text.endswith(','):
                    legs += text
                    continue
                self.thinking = False
                self.sent += 1
                return Reply('move', legs + text, elapsed=t - t0, score=score, mate=mate,
                             depth=depth)
            if s == 'resign':
                self.thinking = False
                return Reply('resign', elapsed=t - t0)
            r = _RESULT.match(s)
            if r:
                self.thinking = False
                return Reply('claim', r.group(1), (r.group(2) or '').strip(), elapsed=t - t0)
            if s.startswith('Illegal move'):
                self.thinking = False
                self.healthy = False
                raise EngineRefused(f'it rejected a legal move: {s}')
            m = _THINKING.match(s)
            if m:
                depth, cp = int(m.group(1)), int(m.group(2))
                if abs(cp) >= XBOARD_MATE:
                    # the protocol's 100000 + N means mate in N moves (not plies)
                    mate, score = (abs(cp) - XBOARD_MATE) * (1 if cp > 0 else -1), None
                else:
                    score, mate = cp, None

    def _send_clocks(self, clocks: dict, us: int) -> None:
        if not self.tc.clocked or self.feature('time', '1') != '1':
            return
        them = clocks[-us] if clocks[-us].tc.clocked else clocks[us]
        self.send(f'time {max(0, int(clocks[us].left * 100))}')
        self.send(f'otim {max(0, int(them.left * 100))}')

    def end_game(self, result: str, comment: str) -> None:
        was_thinking = self.thinking
        try:
            if was_thinking:
                self.send('?')
            self.send(f'result {result} {{{comment}}}')
            self.send('force')
            self.playing = self.thinking = False
            if was_thinking or self.spec.ponder:     # a pondering engine stops with force
                self.sync()
        except EngineError:
            self.healthy = False
