"""Elo difference, its 95% error margin and the likelihood of superiority.

From W wins, L losses and D draws of one side (n = W + L + D games):

* score ``p = (W + D/2) / n``;
* Elo difference ``-400 log10(1/p - 1)`` (logistic model);
* per-game variance ``s2 = (W (1-p)^2 + L p^2 + D (1/2-p)^2) / n`` and standard
  error of the score ``sqrt(s2 / n)``; the 95% interval of the score,
  ``p -/+ 1.959964 * error``, is turned into Elo and the margin reported is
  half its width;
* likelihood of superiority ``LOS = 1/2 (1 + erf((W - L) / sqrt(2 (W + L))))``
  (draws carry no information on which side is stronger).

>>> e = Elo(30, 20, 50)
>>> round(e.diff, 1), round(e.margin, 1), round(e.los, 4)
(34.9, 48.5, 0.9214)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054     # the 97.5% quantile of the standard normal distribution


def elo_from_score(p: float) -> float:
    """The Elo difference of an expected score ``p`` (±inf at 1 and 0)."""
    if p >= 1.0:
        return math.inf
    if p <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / p - 1.0)


def score_from_elo(elo: float) -> float:
    """The expected score of an Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True)
class Elo:
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        """Points per game (nan with no games)."""
        n = self.games
        return (self.wins + self.draws / 2) / n if n else math.nan

    @property
    def draw_ratio(self) -> float:
        return self.draws / self.games if self.games else math.nan

    @property
    def variance(self) -> float:
        """Per-game variance of the score."""
        n, p = self.games, self.score
        if not n:
            return math.nan
        return (self.wins * (1 - p) ** 2 + self.losses * p ** 2
                + self.draws * (0.5 - p) ** 2) / n

    @property
    def diff(self) -> float:
        n = self.games
        return elo_from_score(self.score) if n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval in Elo (an end is ±inf where the score's
        interval reaches 0 or 1; nan without games)."""
        n = self.games
        if not n:
            return math.nan, math.nan
        se = math.sqrt(self.variance / n)
        return (elo_from_score(self.score - Z95 * se), elo_from_score(self.score + Z95 * se))

    @property
    def margin(self) -> float:
        """Half the width of the 95% confidence interval, in Elo (nan if unknown
        or unbounded)."""
        lo, hi = self.interval
        if math.isnan(lo) or math.isinf(lo) or math.isinf(hi):
            return math.nan
        return (hi - lo) / 2

    @property
    def los(self) -> float:
        """Likelihood of superiority, 0..1 (0.5 without decisive games)."""
        w, l = self.wins, self.losses
        if w + l == 0:
            return 0.5
        return 0.5 * (1.0 + math.erf((w - l) / math.sqrt(2.0 * (w + l))))


def fmt_elo(x: float) -> str:
    """``+34.9``, ``-12.0``, ``+inf``, ``-`` (unknown)."""
    if math.isnan(x):
        return '-'
    if math.isinf(x):
        return '+inf' if x > 0 else '-inf'
    return f'{x + 0.0:+.1f}'


def fmt_margin(x: float) -> str:
    return '-' if math.isnan(x) or math.isinf(x) else f'{x:.1f}'
