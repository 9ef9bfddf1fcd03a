"""Sequential probability ratio test: stop as soon as the result is clear.

H0: the first engine is ``elo0`` Elo stronger than the second; H1: it is
``elo1`` stronger (logistic Elo).  After each game the log-likelihood ratio
is estimated with the usual normal approximation of the generalised SPRT on
game scores (wins 1, draws 1/2, losses 0):

    LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v)

where ``s0``, ``s1`` are the expected scores of ``elo0``, ``elo1``, and
``m``, ``v`` are the sample mean and per-game variance of the scores.  A
result never seen (no draws, say) is counted as half a game, since a run
of equal results would otherwise show no spread at all.  The
test accepts H1 at ``LLR >= log((1-beta)/alpha)`` and H0 at
``LLR <= log(beta/(1-alpha))``.

>>> s = Sprt(0, 5)
>>> round(s.llr(30, 20, 50), 4)
0.2725
>>> round(s.lower, 4), round(s.upper, 4)
(-2.9444, 2.9444)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .elo import Elo, score_from_elo


class SprtError(ValueError):
    """A bad ``--sprt`` argument."""


@dataclass(frozen=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, losses: int, draws: int) -> float:
        """The log-likelihood ratio of H1 against H0 (0 before any game)."""
        if wins + losses + draws == 0:
            return 0.0
        e = Elo(*(max(x, 0.5) for x in (wins, losses, draws)))    # mean and variance per game
        s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
        return e.games * (s1 - s0) * (2 * e.score - s0 - s1) / (2 * e.variance)

    def decision(self, wins: int, losses: int, draws: int) -> str | None:
        """``H1`` (accept elo1), ``H0`` (accept elo0) or None (go on)."""
        x = self.llr(wins, losses, draws)
        if x >= self.upper:
            return 'H1'
        if x <= self.lower:
            return 'H0'
        return None


def parse_sprt(text: str) -> Sprt:
    """``elo0=0,elo1=5[,alpha=0.05][,beta=0.05]``."""
    values = {}
    for part in text.split(','):
        key, eq, value = part.strip().partition('=')
        if not eq or key not in ('elo0', 'elo1', 'alpha', 'beta'):
            raise SprtError(f'--sprt {text!r}: expected elo0=X,elo1=Y[,alpha=A][,beta=B]')
        try:
            values[key] = float(value)
        except ValueError:
            raise SprtError(f'--sprt {text!r}: {value!r} is not a number') from None
    if 'elo0' not in values or 'elo1' not in values:
        raise SprtError(f'--sprt {text!r}: elo0 and elo1 are both needed')
    if values['elo1'] <= values['elo0']:
        raise SprtError(f'--sprt {text!r}: elo1 must be above elo0')
    for k in ('alpha', 'beta'):
        if not 0 < values.get(k, 0.05) < 0.5:
            raise SprtError(f'--sprt {text!r}: {k} must be between 0 and 0.5')
    return Sprt(**values)
