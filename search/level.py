"""Playing strength below the full one: levels, and XBoard's small randomness.

A :class:`Level` weakens the engine the way a weaker player is weak, never
by random blunders of a strong search:

* a **shallower** search: the depth is capped (``depth``);
* a **choice among the best candidates**: the search keeps the ``lines``
  best root moves (MultiPV, behind the scenes; more at the lowest levels) and the move played is drawn
  among those no more than ``margin`` centipawns behind the best, with
  odds ``exp(-loss / spread)``; ``spread`` and ``margin`` grow as the level
  falls, so a strong level nearly always plays the best move and a weak one
  often plays the second or third best, and only the weakest levels ever
  choose a move a Pawn or more worse;
* the **natural pace**: a level that finishes its shallow search early
  waits, stoppably and without using the processor, until the time its
  full-strength search would have taken on the same clock (never past
  that plan, so it never loses on time).

Levels are numbered like Stockfish's ``Skill Level``: 0 (a beginner) to 20
(full strength, no weakening).  ``UCI_Elo`` (with ``UCI_LimitStrength``)
names a point of the same scale by its chess rating: :func:`skill_of_elo`
and :func:`elo_of_skill` convert along :data:`ELO_AT_SKILL`, which the
calibration against Stockfish's own ``UCI_Elo`` fixed (docs/levels.md).
Every variant uses the same settings; the scale is calibrated in chess.

The choice is drawn with the searcher's random generator, so a level plays
the same moves again from the same seed (``Searcher(seed=...)``):

>>> lv = Level(5)
>>> lv.depth, lv.lines, lv.spread, lv.margin
(3, 7, 79, 237)
>>> Level(20).active
False
>>> import random
>>> Level(0).pick([(10, 'a'), (0, 'b'), (-500, 'c')], random.Random(1)) in ('a', 'b')
True
>>> skill_of_elo(ELO_AT_SKILL[10]) == 10
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass

MAX_SKILL = 20

# The chess rating (on Stockfish's UCI_Elo scale, chess at 10 s + 0.1 s) of
# each Skill Level 0..20; 20 is full strength.  Calibrated against Stockfish
# where it reaches (1350 and up, docs/levels.md); below that, extrapolated.
ELO_AT_SKILL = (650, 730, 810, 885, 960, 1035, 1110, 1185, 1260, 1335, 1443,
                1551, 1660, 1685, 1710, 1735, 1760, 1785, 1810, 1835, 1860)
MIN_ELO, MAX_ELO = ELO_AT_SKILL[0], ELO_AT_SKILL[-1]

RANDOM_MARGIN = 10        # XBoard's 'random': choose among moves this close to the best (cp)
RANDOM_LINES = 3


def skill_of_elo(elo: float) -> float:
    """The (fractional) Skill Level of a UCI_Elo, along ELO_AT_SKILL."""
    if elo <= MIN_ELO:
        return 0.0
    if elo >= MAX_ELO:
        return float(MAX_SKILL)
    for s in range(MAX_SKILL):
        lo, hi = ELO_AT_SKILL[s], ELO_AT_SKILL[s + 1]
        if elo <= hi:
            return s + (elo - lo) / (hi - lo)
    return float(MAX_SKILL)


def elo_of_skill(skill: float) -> int:
    """The UCI_Elo a (fractional) Skill Level stands for."""
    skill = max(0.0, min(float(MAX_SKILL), skill))
    s = min(int(skill), MAX_SKILL - 1)
    lo, hi = ELO_AT_SKILL[s], ELO_AT_SKILL[s + 1]
    return round(lo + (skill - s) * (hi - lo))


@dataclass(frozen=True)
class Level:
    """The weakening of one (fractional) Skill Level, 0..20; see the module
    docstring.  ``depth`` is None when the search is not capped."""
    skill: float

    @property
    def active(self) -> bool:
        return self.skill < MAX_SKILL

    @property
    def depth(self) -> int | None:
        """The depth cap: 1 at level 0, one more every two levels."""
        return 1 + int(self.skill / 2) if self.active else None

    @property
    def lines(self) -> int:
        """Candidate moves searched (MultiPV): 4, more below level 8 (12 at 0)."""
        return max(4, 12 - int(self.skill))

    @property
    def spread(self) -> int:
        """Centipawns of loss that make a candidate e times less likely."""
        return round(200 * 0.83 ** self.skill)

    @property
    def margin(self) -> int:
        """A candidate more than this behind the best is never chosen."""
        return 3 * self.spread

    def pick(self, scored, rng):
        """A move of ``scored`` ((score, move) pairs, best first, scores
        from the mover's side) drawn with the level's odds from ``rng``."""
        return weighted_pick(scored, self.spread, self.margin, rng)


def weighted_pick(scored, spread: float, margin: float, rng):
    """Draw a move of ``scored`` ((score, move), best first) among those at
    most ``margin`` behind the first, with odds exp(-loss / spread)."""
    if not scored:
        return None
    top = scored[0][0]
    cands = [(max(0, top - s), m) for s, m in scored if top - s <= margin]
    weights = [math.exp(-loss / max(1.0, spread)) for loss, _ in cands]
    x = rng.random() * sum(weights)
    for w, (_, m) in zip(weights, cands):
        x -= w
        if x < 0:
            return m
    return cands[-1][1]


def random_pick(scored, rng):
    """XBoard's ``random``: a move of ``scored`` at most RANDOM_MARGIN
    centipawns behind the best, the best twice as likely as the others."""
    if not scored:
        return None
    top = scored[0][0]
    cands = [m for s, m in scored if top - s <= RANDOM_MARGIN]
    weights = [2.0] + [1.0] * (len(cands) - 1)
    return rng.choices(cands, weights)[0]


__all__ = ['ELO_AT_SKILL', 'Level', 'MAX_ELO', 'MAX_SKILL', 'MIN_ELO', 'RANDOM_LINES',
           'RANDOM_MARGIN', 'elo_of_skill', 'random_pick', 'skill_of_elo', 'weighted_pick']
