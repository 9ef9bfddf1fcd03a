"""Ending hopeless or dead games early, by the engines' own scores.

Optional, off by default.  Scores are those of each engine's last thinking
output, in centipawns from the mover's side (a mate score counts as beyond
any threshold).  A move without a score breaks every run.

Resign rule (``--resign movecount=N,score=S``): the game is lost for a side
whose engine scored at most -S on each of its last N moves while its
opponent's engine scored at least +S on each of its own last N moves.

Draw rule (``--draw movenumber=M,movecount=N,score=S``): from move M on,
the game is drawn when both engines scored within ±S on each of their last
N moves.

>>> a = Adjudicator(Resign(2, 500), None)
>>> [a.after_move(c, s) for c, s in ((1, 600), (-1, -700), (1, 550), (-1, -800))]
[None, None, None, (1, 'White wins by adjudication: both engines agree')]
>>> d = Adjudicator(None, Draw(3, 1, 10))
>>> [d.after_move(*x) for x in ((1, 5, 1), (-1, 0, 1), (1, 0, 2), (-1, -19, 2), (1, 3, 3), (-1, 4, 3))]
[None, None, None, None, None, (None, 'Draw by adjudication: both engines see a draw')]
"""
from __future__ import annotations

from dataclasses import dataclass

MATE = 10 ** 6      # a mate score, in centipawns


class AdjudicationError(ValueError):
    """A bad --resign or --draw argument."""


@dataclass(frozen=True)
class Resign:
    movecount: int
    score: int


@dataclass(frozen=True)
class Draw:
    movenumber: int
    movecount: int
    score: int


def _fields(text: str, keys: tuple, option: str) -> dict:
    out = {}
    for part in text.split(','):
        key, eq, value = part.strip().partition('=')
        if not eq or key not in keys:
            raise AdjudicationError(f'{option} {text!r}: expected '
                                    + ','.join(f'{k}=N' for k in keys))
        try:
            out[key] = int(value)
        except ValueError:
            raise AdjudicationError(f'{option} {text!r}: {value!r} is not a whole number') from None
        if out[key] < (0 if key == 'score' else 1):
            raise AdjudicationError(f'{option} {text!r}: {key} is too small')
    if set(out) != set(keys):
        raise AdjudicationError(f'{option} {text!r}: give ' + ', '.join(keys))
    return out


def parse_resign(text: str) -> Resign:
    """``movecount=N,score=S``."""
    return Resign(**_fields(text, ('movecount', 'score'), '--resign'))


def parse_draw(text: str) -> Draw:
    """``movenumber=M,movecount=N,score=S``."""
    return Draw(**_fields(text, ('movenumber', 'movecount', 'score'), '--draw'))


def reply_score(score: int | None, mate: int | None) -> int | None:
    """One number for a reply's score: centipawns, or ±MATE."""
    if mate is not None:
        return MATE if mate > 0 else -MATE
    return score


class Adjudicator:
    """Watches one game's scores; :meth:`after_move` says when to stop it."""

    def __init__(self, resign: Resign | None, draw: Draw | None):
        self.resign = resign
        self.draw = draw
        self.scores = {1: [], -1: []}      # per side, its engine's scores (None: none given)

    def after_move(self, colour: int, score: int | None,
                   move_number: int = 0) -> tuple[int | None, str] | None:
        """Record ``colour``'s move (of full move ``move_number``) and its score;
        (winner or None for a draw, reason) if the game is to be adjudicated now."""
        self.scores[colour].append(score)
        if self.resign:
            n, s = self.resign.movecount, self.resign.score
            for side in (1, -1):
                mine, theirs = self.scores[side][-n:], self.scores[-side][-n:]
                if (len(mine) == n and len(theirs) == n
                        and all(x is not None and x <= -s for x in mine)
                        and all(x is not None and x >= s for x in theirs)):
                    name = 'White' if side < 0 else 'Black'
                    return -side, f'{name} wins by adjudication: both engines agree'
        if self.draw:
            n, s = self.draw.movecount, self.draw.score
            if move_number >= self.draw.movenumber:
                last = self.scores[1][-n:] + self.scores[-1][-n:]
                if len(last) == 2 * n and all(x is not None and abs(x) <= s for x in last):
                    return None, 'Draw by adjudication: both engines see a draw'
        return None
