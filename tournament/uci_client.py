"""The GUI side of the UCI protocol.

Handshake: ``uci`` until ``uciok`` (collecting ``id name`` and the
options), the user's options and ``isready`` (an option may change the
variant list, as Fairy-Stockfish's ``VariantPath`` does: if the variant is
still missing, ``uci`` is sent again and the list read anew), then
``setoption name UCI_Variant value NAME`` (an engine without that option
plays only chess; one whose list lacks the variant is refused) and
``isready``/``readyok``.  A game:
``ucinewgame`` and ``isready``; each turn ``position fen FEN moves ...``
(the game's start FEN, or the FEN after the last promotion: a variant
engine's ``startpos`` is not trusted) and ``go`` with ``wtime``/``btime``/
``winc``/``binc``/``movestogo``, or ``movetime``, plus ``depth``/``nodes``.
Ranks are always counted from 1.

Pondering (``ponder`` in the spec): ``setoption name Ponder value true``
if the engine declares it; after a ``bestmove X ponder Y`` that the game
goes on from, ``position ... X Y`` and ``go ponder`` with the clocks as
they are.  When the opponent plays Y: ``ponderhit``, and the engine's time
counts from it; otherwise ``stop`` (its move is dropped), the real position
and ``go``, the time counted from the ``stop``.
"""
from __future__ import annotations

import re

from cazaux_engine import IllegalMoveError, Position, parse_fen, to_fen
from cazaux_engine.moves import move_promo

from .client import Client, EngineError, EngineSetupError, Reply, clock_ms
from .movetext import parse_engine_move
from .timecontrol import TimeControl

_OPTION = re.compile(r'^option\s+name\s+(.*?)\s+type\s+(\S+)(.*)$')


def _option_vars(rest: str) -> list[str]:
    """The ``var`` values of a combo option's description."""
    return [v.strip() for v in re.split(r'\s+var\s+', ' ' + rest)[1:]] if ' var ' in ' ' + rest else []


class UCIClient(Client):
    proto = 'uci'

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.options: dict = {}     # name -> (type, rest of the line)
        self.thinking = False
        self.ponder_text = ''       # the move the engine expects, from its last bestmove
        self.pondering: tuple | None = None     # (moves pondered on, the move expected)

    def start(self, variant) -> None:
        self._spawn()
        self.send('uci')
        self._read_options('uciok')
        # the user's options first: one may change the variant list (Fairy-Stockfish's
        # VariantPath); its own reply may list the new variants, else "uci" is asked again
        sent = False
        options = dict(self.spec.options)
        if 'Ponder' in self.options and 'Ponder' not in options:
            options['Ponder'] = 'true' if self.spec.ponder else 'false'
        for name, value in options.items():
            if name == 'UCI_Variant':
                continue
            if name not in self.options and self.log:
                self.log(f'{self.name}: option {name} is not among the options the engine declared')
            self.send(f'setoption name {name} value {value}')
            sent = True
        if sent:
            self.send('isready')
            self._read_options('readyok')
            if not self.plays(variant):
                self.send('uci')
                self._read_options('uciok')
        vopt = self.options.get('UCI_Variant')
        if vopt is None:
            if variant.name != 'chess':
                raise EngineSetupError(f'engine does not play {variant.name} (no UCI_Variant option)')
        else:
            names = _option_vars(vopt[1])
            if not self.plays(variant):
                raise EngineSetupError(f'engine does not play {variant.name} '
                                       f'(its UCI_Variant values: {", ".join(names)})')
            self.send(f'setoption name UCI_Variant value {variant.name}')
        self.ready()

    def _read_options(self, until: str) -> None:
        """Read up to the line ``until``, keeping the name and options declared."""
        deadline = self.deadline()
        while True:
            _, line = self.read(deadline, until)
            s = line.strip()
            if s == until:
                return
            if s.startswith('id name '):
                self.reported_name = s[len('id name '):].strip()
            m = _OPTION.match(s)
            if m:
                self.options[m.group(1)] = (m.group(2), m.group(3))

    def plays(self, variant) -> bool:
        """Whether the variant list declared so far has ``variant``."""
        vopt = self.options.get('UCI_Variant')
        if vopt is None:
            return variant.name == 'chess'
        names = _option_vars(vopt[1])
        return not names or variant.name in names

    def ready(self) -> None:
        self.send('isready')
        deadline = self.deadline()
        while True:
            _, line = self.read(deadline, 'readyok')
            if line.strip() == 'readyok':
                return

    def new_game(self, pos: Position, start_fen: str, moves: list[int], tc: TimeControl,
                 colour: int) -> None:
        self.tc = tc
        self.start_fen = start_fen
        self._base = (-1, None, start_fen)  # (index of the last promotion, it, FEN after it)
        self.thinking = False
        self.ponder_text = ''
        self.pondering = None
        self.send('ucinewgame')
        self.ready()

    def go_command(self, clocks: dict, us: int) -> str:
        """``go`` with this engine's limits; the clocks of both sides, each with its
        own increment (time odds), an unclocked opponent shown with our clock."""
        tc = self.tc
        parts = ['go']
        if tc.clocked:
            w, b = (c if c.tc.clocked else clocks[us] for c in (clocks[1], clocks[-1]))
            parts += ['wtime', str(clock_ms(w)), 'btime', str(clock_ms(b)),
                      'winc', str(int(round(w.tc.inc * 1000))),
                      'binc', str(int(round(b.tc.inc * 1000)))]
            if tc.moves:
                parts += ['movestogo', str(clocks[us].moves_to_go())]
        elif tc.movetime:
            parts += ['movetime', str(int(tc.movetime * 1000))]
        if tc.depth:
            parts += ['depth', str(tc.depth)]
        if tc.nodes:
            parts += ['nodes', str(tc.nodes)]
        if len(parts) == 1:
            parts.append('infinite')
        return ' '.join(parts)

    def position_command(self, pos: Position, moves: list[int]) -> str:
        """``position fen F moves ...``: F is the game's start, or the position
        after the last promotion, which no earlier position can repeat (so
        nothing is lost), and which spares the engine the promotion's text
        (Fairy-Stockfish misreads its own FEN after a Pawn's promotion).  Never
        another mid-game FEN: Fairy-Stockfish ignores the FEN's castling field
        for the King's jump."""
        last = max((i for i, m in enumerate(moves) if move_promo(m)), default=-1)
        key = (last, moves[last] if last >= 0 else None)    # a pondered promotion may differ
        if self._base[:2] != key:
            if last < 0:
                self._base = (-1, None, self.start_fen)
            else:
                p = parse_fen(pos.rules.variant, self.start_fen)
                for m in moves[:last + 1]:
                    p.push(m)
                self._base = key + (to_fen(p),)
        cmd = f'position fen {self._base[2]}'
        rest = moves[last + 1:]
        if rest:
            # the texts need the positions the moves were played in only for their
            # rules, which every position of the game shares
            cmd += ' moves ' + ' '.join(self.text(pos, m) for m in rest)
        return cmd

    def ponder(self, pos: Position, moves: list[int], clocks: dict) -> None:
        """``go ponder`` on the move the engine expects (see the module's docstring)."""
        text, self.ponder_text = self.ponder_text, ''
        if not self.spec.ponder or not text:
            return
        try:
            expected = parse_engine_move(pos, text, 1)
        except IllegalMoveError:
            if self.log:
                self.log(f'{self.name}: no pondering on {text!r}: not a legal move')
            return
        line = moves + [expected]
        self.send(self.position_command(pos, line))
        self.send(self.go_command(clocks, -pos.turn).replace('go', 'go ponder', 1))
        self.pondering = (len(moves), expected)
        self.thinking = True

    def _ponder_end(self, moves: list[int]) -> tuple[float | None, float | None]:
        """End the ponder search at the engine's turn: ``ponderhit`` when the
        expected move came, the search going on (its time returned first); else
        ``stop``, its move dropped (the stop's time returned second)."""
        n, expected = self.pondering
        self.pondering = None
        if len(moves) == n + 1 and moves[-1] == expected:
            return self.send('ponderhit'), None
        stopped = self.send('stop')
        deadline = stopped + self.timeout
        while True:
            _, line = self.read(deadline, 'bestmove after stop')
            if line.split()[:1] == ['bestmove']:
                self.thinking = False
                return None, stopped

    def think(self, pos: Position, moves: list[int], clocks: dict, limit: float) -> Reply:
        hit = missed = None
        if self.pondering:
            hit, missed = self._ponder_end(moves)
        if hit is None:
            self.send(self.position_command(pos, moves))
            t0 = self.send(self.go_command(clocks, pos.turn))
            if missed is not None:      # a missed ponder: its time counts from the stop
                t0 = missed
        else:
            t0 = hit
        self.thinking = True
        deadline = t0 + limit
        score = mate = depth = None
        while True:
            t, line = self.read(deadline, 'move')
            words = line.split()
            if not words:
                continue
            if words[0] == 'bestmove':
                self.thinking = False
                text = words[1] if len(words) > 1 else ''
                self.ponder_text = words[3] if len(words) > 3 and words[2] == 'ponder' else ''
                # a bestmove sent while still pondering (before ponderhit) took no time
                return Reply('move', text, elapsed=max(0.0, t - t0), score=score, mate=mate,
                             depth=depth)
            if words[0] == 'info':
                if 'depth' in words:
                    i = words.index('depth')
                    if i + 1 < len(words) and words[i + 1].lstrip('-').isdigit():
                        depth = int(words[i + 1])
                if 'score' in words:
                    i = words.index('score')
                    if i + 2 < len(words) and words[i + 2].lstrip('-').isdigit():
                        if words[i + 1] == 'cp':
                            score, mate = int(words[i + 2]), None
                        elif words[i + 1] == 'mate':
                            mate, score = int(words[i + 2]), None

    def end_game(self, result: str, comment: str) -> None:
        self.pondering = None
        self.ponder_text = ''
        if not self.thinking:
            return
        try:
            self.send('stop')
            deadline = self.deadline()
            while True:
                _, line = self.read(deadline, 'bestmove after stop')
                if line.split()[:1] == ['bestmove']:
                    break
            self.thinking = False
        except EngineError:
            self.healthy = False
