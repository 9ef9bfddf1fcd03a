"""Elo difference, its 95% error margin and the likelihood of superiority.

Two models.  Games are played in pairs (one opening, each engine once with
White), and the results of a pair are not independent: the **pentanomial**
model (:class:`Pentanomial`, as fishtest and fastchess compute it) counts
the pairs by their score, 0, 1/2, 1, 3/2 or 2 points, and takes the
spread of the pair scores, which gives honest error bars.  Games that are
not in a finished pair use the **trinomial** model (:class:`Elo`).

Trinomial, from W wins, L losses and D draws of one side (n = W + L + D games):

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


PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)    # a pair's points per game: 0, 1/2, ..., 2 points
NELO_PER_T = 800.0 / math.log(10.0)         # normalized Elo per unit of t = (mu - 1/2) / sigma


@dataclass(frozen=True)
class Pentanomial:
    """Game pairs by their points: ``counts[k]`` pairs scored k/2 points
    (LL, LD, DD or WL, WD, WW), as fastchess's ``Ptnml(0-2)``.

    With ``p_k`` the share of pairs scoring ``a_k = k/4`` points per game:

    * score ``mu = sum p_k a_k``, Elo ``-400 log10(1/mu - 1)``;
    * variance of a pair's score ``v = sum p_k (a_k - mu)^2``; the 95%
      interval of ``mu`` is ``mu -/+ 1.959964 sqrt(v / pairs)``, turned into
      Elo, the margin being half its width;
    * normalized Elo ``(mu - 1/2) / sqrt(2 v) * 800 / ln 10`` (the per-game
      standard deviation of a pair is ``sqrt(2 v)``), its margin likewise;
    * LOS ``1/2 (1 + erf((mu - 1/2) / sqrt(2 v / pairs)))``.

    >>> e = Pentanomial((34, 54, 63, 64, 75))     # fastchess's "EloPentanomial 1" test
    >>> round(e.diff, 2), round(e.margin, 2), round(e.nelo, 2), round(e.nelo_margin, 2)
    (55.58, 27.65, 57.94, 28.28)
    """
    counts: tuple

    @classmethod
    def from_pairs(cls, ll: int, ld: int, wl: int, dd: int, wd: int, ww: int) -> 'Pentanomial':
        """From the six kinds of pair (a lost and a won game, WL, counts as DD)."""
        return cls((ll, ld, wl + dd, wd, ww))

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def score(self) -> float:
        n = self.pairs
        return sum(c * a for c, a in zip(self.counts, PAIR_SCORES)) / n if n else math.nan

    @property
    def variance(self) -> float:
        """Variance of a pair's score (points per game)."""
        n, mu = self.pairs, self.score
        if not n:
            return math.nan
        return sum(c * (a - mu) ** 2 for c, a in zip(self.counts, PAIR_SCORES)) / n

    @property
    def diff(self) -> float:
        return elo_from_score(self.score) if self.pairs else math.nan

    def _bounds(self) -> tuple[float, float]:
        se = math.sqrt(self.variance / self.pairs)
        return self.score - Z95 * se, self.score + Z95 * se

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval in Elo (±inf where it reaches a score of 0 or 1)."""
        if not self.pairs:
            return math.nan, math.nan
        lo, hi = self._bounds()
        return elo_from_score(lo), elo_from_score(hi)

    @property
    def margin(self) -> float:
        lo, hi = self.interval
        if math.isnan(lo) or math.isinf(lo) or math.isinf(hi):
            return math.nan
        return (hi - lo) / 2

    def _nelo(self, score: float) -> float:
        v = self.variance
        if not v > 0:
            return math.nan if score == 0.5 else math.copysign(math.inf, score - 0.5)
        return (score - 0.5) / math.sqrt(2 * v) * NELO_PER_T

    @property
    def nelo(self) -> float:
        """Normalized Elo (nan without pairs or spread)."""
        return self._nelo(self.score) if self.pairs else math.nan

    @property
    def nelo_margin(self) -> float:
        if not self.pairs or not self.variance > 0:
            return math.nan
        lo, hi = self._bounds()
        return (self._nelo(hi) - self._nelo(lo)) / 2

    @property
    def los(self) -> float:
        """Likelihood of superiority, 0..1 (0.5 without pairs or spread)."""
        n, v = self.pairs, self.variance
        if not n or not v > 0:
            return 0.5 if not n or self.score == 0.5 else float(self.score > 0.5)
        return 0.5 * (1.0 + math.erf((self.score - 0.5) / math.sqrt(2.0 * v / n)))


def fmt_elo(x: float) -> str:
    """``+34.9``, ``-12.0``, ``+inf``, ``-`` (unknown)."""
    if math.isnan(x):
        return '-'
    if math.isinf(x):
        return '+inf' if x > 0 else '-inf'
    return f'{x + 0.0:+.1f}'


def fmt_margin(x: float) -> str:
    return '-' if math.isnan(x) or math.isinf(x) else f'{x:.1f}'
