"""Sequential probability ratio test: stop as soon as the result is clear.

H0: the first engine is ``elo0`` Elo stronger than the second; H1: it is
``elo1`` stronger.  The test is the generalized SPRT of fishtest and
fastchess: after each game (trinomial model: the counts of losses, draws
and wins) or each finished game pair (pentanomial model: the counts of
pairs scoring 0, 1/2, 1, 3/2, 2 points), the log-likelihood ratio is

    LLR = N * sum_i phat_i * log(p1_i / p0_i)

where ``phat`` is the observed distribution of the N results and ``p0``,
``p1`` are the distributions closest to it (maximum likelihood) whose
expected score is that of ``elo0`` and ``elo1`` (``model=logistic``: Elo
of the logistic curve, the default), or whose ``t = (mu - 1/2) / sigma``
is that of normalized Elo ``elo0`` and ``elo1`` (``model=normalized``, for
pairs ``sigma`` per game is ``sqrt(2)`` times a pair's), as in M. Van den
Bergh's "Comments on Normalized Elo".  A result never seen counts as 0.001
of one.  The test accepts H1 at ``LLR >= log((1-beta)/alpha)`` and H0 at
``LLR <= log(beta/(1-alpha))``.

>>> s = Sprt(0.5, 2.5)              # fastchess's test "logistic pentanomial 1"
>>> round(s.llr((223, 9863, 20279 + 1000, 10037, 246)), 2)
-3.07
>>> round(s.lower, 4), round(s.upper, 4)
(-2.9444, 2.9444)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .elo import NELO_PER_T, score_from_elo

MODELS = ('logistic', 'normalized')
REGULARIZE = 1e-3       # a count of 0 is taken as this much of one result


class SprtError(ValueError):
    """A bad ``--sprt`` argument."""


def _distribution(results) -> tuple[float, list]:
    """(N, [(score, share), ...]) of trinomial (L, D, W) or pentanomial counts."""
    counts = [c if c else REGULARIZE for c in results]
    n = sum(counts)
    k = len(counts) - 1
    return n, [(i / k, c / n) for i, c in enumerate(counts)]


def _mean_var(pdf) -> tuple[float, float]:
    mu = sum(a * p for a, p in pdf)
    return mu, sum(p * (a - mu) ** 2 for a, p in pdf)


def _secular(pdf) -> float:
    """The root x of sum p_i a_i / (1 + x a_i) = 0 between -1/max(a) and -1/min(a)
    (the a_i take both signs; the sum falls from +inf to -inf there)."""
    lo = -1.0 / max(a for a, _ in pdf)
    hi = -1.0 / min(a for a, _ in pdf)
    width = hi - lo
    lo, hi = lo + 1e-12 * width, hi - 1e-12 * width

    def f(x):
        return sum(p * a / (1.0 + x * a) for a, p in pdf)

    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-15 * max(1.0, abs(mid)):
            break
    return (lo + hi) / 2


def _mle_score(pdf, s: float) -> list:
    """The distribution on the same scores, with expectation ``s``, most likely
    to give the observed ``pdf`` (Van den Bergh, proposition 1.1)."""
    x = _secular([(a - s, p) for a, p in pdf])
    return [(a, p / (1.0 + x * (a - s))) for a, p in pdf]


def _mle_t(pdf, t: float, ref: float = 0.5) -> list:
    """The distribution with ``(mu - ref) / sigma = t`` most likely to give the
    observed ``pdf`` (Van den Bergh, "Comments on Normalized Elo", 4.1)."""
    q = [(a, 1.0 / len(pdf)) for a, _ in pdf]
    for _ in range(100):
        mu, var = _mean_var(q)
        sigma = math.sqrt(var)
        phi = [(a - ref - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2, p) for a, p in pdf]
        x = _secular(phi)
        new = [(a, p / (1.0 + x * f)) for (a, p), (f, _) in zip(pdf, phi)]
        done = max(abs(b - c) for (_, b), (_, c) in zip(q, new)) < 1e-12
        q = new
        if done:
            break
    return q


@dataclass(frozen=True)
class Decision:
    """The moment a test decided: ``verdict`` ('H1' or 'H0'), the LLR that
    crossed the bound and the games counted then.  Games still in play at
    that moment are finished and counted afterwards, and may pull the LLR
    back inside the bounds; the decision stands (the bound was crossed)."""
    verdict: str
    llr: float
    games: int


@dataclass(frozen=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: str = 'logistic'

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, results) -> float:
        """The log-likelihood ratio of H1 against H0 for trinomial counts
        (losses, draws, wins) or pentanomial counts (pairs scoring 0 .. 2
        points); 0 before any result."""
        if not sum(results):
            return 0.0
        n, pdf = _distribution(results)
        if self.model == 'normalized':
            scale = math.sqrt(2.0) if len(results) == 5 else 1.0
            p0, p1 = (_mle_t(pdf, scale * e / NELO_PER_T) for e in (self.elo0, self.elo1))
        else:
            p0, p1 = (_mle_score(pdf, score_from_elo(e)) for e in (self.elo0, self.elo1))
        return n * sum(p * (math.log(b) - math.log(a))
                       for (_, p), (_, a), (_, b) in zip(pdf, p0, p1))

    def decision(self, results) -> str | None:
        """``H1`` (accept elo1), ``H0`` (accept elo0) or None (go on)."""
        x = self.llr(results)
        if x >= self.upper:
            return 'H1'
        if x <= self.lower:
            return 'H0'
        return None

    def describe(self) -> str:
        return (f'elo0={self.elo0:g}, elo1={self.elo1:g}, alpha={self.alpha:g}, '
                f'beta={self.beta:g}{", normalized Elo" if self.model == "normalized" else ""}')


def parse_sprt(text: str) -> Sprt:
    """``elo0=0,elo1=5[,alpha=0.05][,beta=0.05][,model=logistic|normalized]``."""
    values: dict = {}
    for part in text.split(','):
        key, eq, value = part.strip().partition('=')
        if not eq or key not in ('elo0', 'elo1', 'alpha', 'beta', 'model'):
            raise SprtError(f'--sprt {text!r}: expected elo0=X,elo1=Y[,alpha=A][,beta=B]'
                            '[,model=logistic|normalized]')
        if key == 'model':
            if value.strip() not in MODELS:
                raise SprtError(f'--sprt {text!r}: model must be logistic or normalized')
            values[key] = value.strip()
            continue
        try:
            values[key] = float(value)
        except ValueError:
            raise SprtError(f'--sprt {text!r}: {value!r} is not a number') from None
        if not math.isfinite(values[key]):
            raise SprtError(f'--sprt {text!r}: {value!r} is not a finite number')
    if 'elo0' not in values or 'elo1' not in values:
        raise SprtError(f'--sprt {text!r}: elo0 and elo1 are both needed')
    if values['elo1'] <= values['elo0']:
        raise SprtError(f'--sprt {text!r}: elo1 must be above elo0')
    for k in ('alpha', 'beta'):
        if not 0 < values.get(k, 0.05) < 0.5:
            raise SprtError(f'--sprt {text!r}: {k} must be between 0 and 0.5')
    return Sprt(**values)
