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
"""
from __future__ import annotations

import re

from cazaux_engine import Position, parse_fen, to_fen
from cazaux_engine.moves import move_promo

from .client import Client, EngineError, EngineSetupError, Reply, clock_ms
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

    def start(self, variant) -> None:
        self._spawn()
        self.send('uci')
        self._read_options('uciok')
        # the user's options first: one may change the variant list (Fairy-Stockfish's
        # VariantPath); its own reply may list the new variants, else "uci" is asked again
        sent = False
        for name, value in self.spec.options.items():
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
        self._base = (-1, start_fen)      # (index of the last promotion, FEN after it)
        self.thinking = False
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
        if self._base[0] != last:
            if last < 0:
                self._base = (-1, self.start_fen)
            else:
                p = parse_fen(pos.rules.variant, self.start_fen)
                for m in moves[:last + 1]:
                    p.push(m)
                self._base = (last, to_fen(p))
        cmd = f'position fen {self._base[1]}'
        rest = moves[last + 1:]
        if rest:
            # the texts need the positions the moves were played in only for their
            # rules, which every position of the game shares
            cmd += ' moves ' + ' '.join(self.text(pos, m) for m in rest)
        return cmd

    def think(self, pos: Position, moves: list[int], clocks: dict, limit: float) -> Reply:
        self.send(self.position_command(pos, moves))
        t0 = self.send(self.go_command(clocks, pos.turn))
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
                return Reply('move', text, elapsed=t - t0, score=score, mate=mate, depth=depth)
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
