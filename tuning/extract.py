"""Quiet positions with game results, from finished games.

Input: :class:`GameRecord` (start FEN, moves in coordinate notation, result,
termination, book plies), as read from the match runner's PGN files by
``cazaux-engine tune extract`` (:mod:`tuning.cli`).  Output: one
:class:`Sample` per kept position: its FEN and the game's result from
White's point of view (1, 0.5, 0).

A game is used when its result is decisive or a draw (not ``*``) and its
termination is one of ``terminations`` (default: ``normal`` and
``adjudication``; a loss on time, an illegal move, a crash or a stalled
engine says nothing about the position).  In a used game a position is
kept when

* at least ``skip_plies`` plies were played before it and it is past the
  opening book (the first moves come from the opening, not from play);
* the side to move is not in check;
* it is not the final position when that has no legal move;
* it is quiet: its quiescence score (:func:`search.static.quiescence`)
  differs from its static evaluation (:func:`search.static.evaluate`) by
  at most ``quiet_margin`` centipawns (default 0: equal), so that the
  evaluation alone, without tactics, explains it.

Evaluation and quiescence are those of the engine's current numbers
(tuned data included); they decide quietness only, not the label.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass, field, fields

from cazaux_engine import IllegalMoveError, parse_fen, parse_move, to_fen
from cazaux_engine.fen import FenError
from cazaux_engine.variants import Variant

from search.static import evaluate, quiescence
from cazaux_engine.movegen import legal_moves

RESULT_SCORE = {'1-0': 1.0, '0-1': 0.0, '1/2-1/2': 0.5}
DEFAULT_TERMINATIONS = ('normal', 'adjudication')


@dataclass(frozen=True)
class GameRecord:
    fen: str
    moves: tuple                # coordinate moves, ranks from 1
    result: str                 # '1-0', '0-1', '1/2-1/2' or '*'
    termination: str = 'normal'
    book_plies: int = 0
    label: str = ''             # where it came from, for messages

    def opening(self, start: str) -> str:
        """The game's opening as 8 hex digits (a CRC-32 of its first
        position and its book moves), so that the games played from one
        opening (a pair, colours reversed) can be told apart from others;
        '' for a game from ``start`` (the variant's start position) without
        book moves, which says nothing about its opening."""
        book = self.moves[:self.book_plies]
        if self.fen == start and not book:
            return ''
        return f'{zlib.crc32(" ".join((self.fen,) + book).encode()):08x}'


@dataclass(frozen=True)
class Sample:
    fen: str
    result: float               # White's score: 1, 0.5 or 0
    game: str = ''              # which game it comes from (for held-out sets)
    opening: str = ''           # its game's opening (GameRecord.opening), if any


@dataclass
class Settings:
    skip_plies: int = 8
    quiet_margin: int = 0
    terminations: tuple = DEFAULT_TERMINATIONS


@dataclass
class Counts:
    """What the extraction saw (printed by the command)."""
    games: int = 0
    used: int = 0
    skipped: dict = field(default_factory=dict)       # reason -> games
    positions: int = 0                                # in used games, past the skip
    in_check: int = 0
    no_move: int = 0
    not_quiet: int = 0
    kept: int = 0

    def skip(self, reason: str, games: int = 1) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + games

    def add(self, other: 'Counts') -> None:
        """Count what ``other`` saw too (the games of another worker)."""
        for f in fields(self):
            if f.name != 'skipped':
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        for reason, games in other.skipped.items():
            self.skip(reason, games)


def game_samples(variant: Variant, game: GameRecord, settings: Settings,
                 counts: Counts | None = None) -> list[Sample]:
    """The kept positions of one game (see the module docstring)."""
    counts = counts if counts is not None else Counts()
    counts.games += 1
    score = RESULT_SCORE.get(game.result)
    if score is None:
        counts.skip('unfinished')
        return []
    if game.termination not in settings.terminations:
        counts.skip(game.termination or 'no termination')
        return []
    try:
        pos = parse_fen(variant, game.fen)
        played = []
        for text in game.moves:
            played.append(parse_move(pos, text))
            pos.push(played[-1])
    except (FenError, IllegalMoveError):
        counts.skip('unreadable')
        return []
    counts.used += 1
    for _ in played:
        pos.pop()
    first = max(settings.skip_plies, game.book_plies)
    opening = game.opening(variant.start)
    out = []
    for ply in range(len(played) + 1):
        if ply >= first:
            counts.positions += 1
            if pos.in_check():
                counts.in_check += 1
            elif ply == len(played) and not legal_moves(pos):
                counts.no_move += 1
            elif abs(quiescence(pos) - evaluate(pos)) > settings.quiet_margin:
                counts.not_quiet += 1
            else:
                counts.kept += 1
                out.append(Sample(to_fen(pos), score, game.label, opening))
        if ply < len(played):
            pos.push(played[ply])
    return out


def format_sample(variant: str, s: Sample) -> str:
    """One line of a positions file:
    ``variant<TAB>FEN<TAB>result[<TAB>game[<TAB>opening]]`` (the game's
    label, e.g. ``games.pgn#12``, and its opening, e.g. ``3f2a1b4c``, may be
    absent)."""
    result = {1.0: '1-0', 0.0: '0-1', 0.5: '1/2-1/2'}[s.result]
    line = f'{variant}\t{s.fen}\t{result}'
    if s.game or s.opening:
        line += f'\t{s.game}'
    if s.opening:
        line += f'\t{s.opening}'
    return line + '\n'


class PositionsError(ValueError):
    """A positions file that cannot be read; the message names the line."""


def read_samples(path: str, variant: Variant) -> list[Sample]:
    """The samples of ``variant`` in a positions file (other variants' lines
    are passed over); PositionsError for a malformed line."""
    out = []
    try:
        f = open(path, encoding='utf-8')
    except OSError as e:
        raise PositionsError(f'cannot read {path}: {e.strerror or e}') from None
    with f:
        for n, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line.strip() or line.startswith('#'):
                continue
            parts = line.split('\t')
            if len(parts) not in (3, 4, 5) or parts[2] not in RESULT_SCORE:
                raise PositionsError(f'{path}:{n}: expected "variant<TAB>FEN<TAB>result'
                                     f'[<TAB>game[<TAB>opening]]" with result 1-0, 0-1 '
                                     f'or 1/2-1/2')
            if parts[0] == variant.name:
                try:
                    parse_fen(variant, parts[1])
                except FenError as e:
                    raise PositionsError(f'{path}:{n}: bad FEN: {e}') from None
                out.append(Sample(parts[1], RESULT_SCORE[parts[2]], *parts[3:]))
    return out
