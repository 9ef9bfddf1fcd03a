"""Time management: how long to think about one move.

Two limits come out of the limits of a ``go``:

``soft``
    the planned time (None with a fixed time per move: use all of it).  Iterative deepening starts no new iteration once
    ``STABLE_FACTOR * soft`` has passed (an iteration that starts then
    would most likely not finish), stretched by up to ``1 + UNSTABLE_BONUS``
    while the best move keeps changing between iterations.
``hard``
    the deadline inside the tree: the search raises Stop once it has
    passed (checked every ``CHECK_EVERY`` nodes, a few milliseconds even
    on 12x12 boards).

Clock play plans ``time_left / moves_to_go + INC_USE * increment`` after
setting aside the move overhead and a safety margin (with less than
``INC_RESERVE`` increments left, the increment's share shrinks in proportion,
so that a low clock grows back), and never lets the hard limit exceed a share
of what is left, so the clock cannot run out even at 1 second + 0.1 s per
move:

>>> from search.types import Limits
>>> p = plan(Limits(wtime=1.0, winc=0.1), 1, overhead=0.05)
>>> round(p.soft, 3), round(p.hard, 3)
(0.102, 0.409)
>>> p = plan(Limits(wtime=0.2, winc=0.1), 1, overhead=0.05)
>>> round(p.soft, 3), round(p.hard, 3)
(0.018, 0.05)

The protocol layer's safety net (:mod:`protocol.controller`) steps in only
when a search overruns this plan: a quarter of the way from the hard limit
to the end of the clock it stops the search, half-way it plays the best
move reported so far:

>>> [round(t, 4) for t in safety_net(Limits(wtime=1.0, winc=0.1), 1, overhead=0.05)]
[0.5564, 0.7043]
>>> [round(t, 4) for t in safety_net(Limits(movetime=0.1), 1, overhead=0.05)]
[0.0625, 0.075]
>>> safety_net(Limits(depth=5), 1, overhead=0.05) is None
True
"""
from __future__ import annotations

from dataclasses import dataclass

from . import params as P
from .types import Limits


@dataclass
class TimePlan:
    soft: float | None      # seconds; None = no time limit
    hard: float | None


def safety_net(limits: Limits, turn: int, overhead: float) -> tuple[float, float] | None:
    """(stop, move): seconds after the start at which the protocol stops a
    search that overran its plan, and at which it plays the best move so
    far if the search has still not answered.  None without a clock."""
    hard = plan(limits, turn, overhead).hard
    if hard is None:
        return None
    if limits.movetime is not None:
        end = limits.movetime
    else:
        end = max(0.0, limits.wtime if turn > 0 else limits.btime)
    spare = max(0.0, end - hard)
    return hard + spare / 4, hard + spare / 2


def plan(limits: Limits, turn: int, overhead: float) -> TimePlan:
    """The time plan for the side ``turn`` (1 White, -1 Black)."""
    if limits.movetime is not None:          # use it all: no planned stop
        return TimePlan(None, max(0.001, limits.movetime - overhead))
    left = limits.wtime if turn > 0 else limits.btime
    if left is None:
        return TimePlan(None, None)
    inc = (limits.winc if turn > 0 else limits.binc) or 0.0
    mtg = P.MOVES_TO_GO
    if limits.movestogo:
        mtg = max(1, min(mtg, limits.movestogo))
    avail = max(0.0, left - overhead - P.SAFETY)
    # below INC_RESERVE increments on the clock, spend less of the increment
    # than it brings, so that a low clock builds a cushion again
    inc_use = P.INC_USE
    if inc > 0 and left < P.INC_RESERVE * inc:
        inc_use *= max(0.0, left) / (P.INC_RESERVE * inc)
    target = avail / mtg + inc_use * inc
    share = P.HARD_SHARE if inc <= 0 else 0.5
    if limits.movestogo == 1:
        share = 0.8                 # the last move before the time control
    hard = max(0.001, min(P.HARD_FACTOR * target, share * avail))
    soft = max(0.001, min(target, 0.5 * avail, hard))
    return TimePlan(soft, hard)
