"""Time management: how long to think about one move, and what a move costs.

Two limits come out of the limits of a ``go``:

``soft``
    the planned time (None with a fixed time per move: use all of it).
    Iterative deepening starts no new iteration once ``STABLE_FACTOR * soft``
    has passed, stretched by up to ``1 + UNSTABLE_BONUS`` while the best move
    keeps changing, and by :func:`stretch` (how the search is going: the
    effort of its best move, the score's drop; off while TM_EFFORT and
    TM_FALLING are 0).  An iteration started just before that point runs on, so
    a move spends some multiple of its soft limit, the *spend ratio*: the
    plan sets the soft limit to the time a move should spend divided by it.
    The ratio depends on the variant (how much more each iteration costs)
    and the machine, so :class:`MoveCosts` measures it in the game, move by
    move; until it has ``SPEND_SAMPLES`` moves (and in the emergency mode,
    with ``TM_LINE`` only where the overheads eat the increment) the plan
    takes ``SPEND_RATIO``.
``hard``
    the deadline inside the tree: the search raises Stop once it has passed
    (checked every ``CHECK_EVERY`` nodes).  It is what the plan promises:
    the move is on its way by then.

Every move costs more than its thinking: the pipes, the GUI (XBoard
animates the move before it stops the clock), a busy machine.  That cost
is the *overhead*: the engine option ``Move Overhead`` at least, more when
:class:`MoveCosts` measured more in this game.  The plan keeps a *reserve*
on the clock that it never plans into, pays the overhead once per move for
every move it plans for, and never lets the hard limit take more than a
share of what the clock holds beyond the reserve and this move's overhead:

>>> from search.types import Limits
>>> p = plan(Limits(wtime=5.0, winc=0.1), 1, overhead=0.05)
>>> round(p.soft, 3), round(p.hard, 3), p.emergency
(0.111, 0.664, False)

When the clock is low (less than ``LOW_CLOCK_MOVES`` moves' worth of
increment and overhead beyond the reserve, the *line*) the plan goes into
its emergency mode: a move then spends at most half of what the increment
brings beyond the overhead, so the clock grows back, and without an
increment (or with an overhead that eats it) a small share of what is left:

>>> p = plan(Limits(wtime=0.3, winc=0.1), 1, overhead=0.05)
>>> round(p.soft, 4), round(p.hard, 4), p.emergency
(0.0125, 0.0375, True)
>>> p = plan(Limits(wtime=0.3, winc=0.1), 1, overhead=0.15)
>>> round(p.soft, 4), round(p.hard, 4), p.emergency
(0.0025, 0.005, True)

With ``TM_LINE`` (off in this release: its test at the clock showed no
gain, docs/strength.md, forty-eighth round) the plan has no cliff at the
line.  Without it, a long game's clock sits at the line: a move just above
it may run to ``HARD_FACTOR`` times its spend and take the clock below it,
and the moves after it think next to nothing while the clock grows back
(half the increment beyond the overhead, planned with the fixed
``SPEND_RATIO``: 0.01 s in chess at 10 s + 0.1 s).  With it, above the
line a move with an increment gets a hard limit of at most ``max(spend,
room - line + inc - overhead)``, so it lands at most just below the line;
below the line a move spends ``max(EMERGENCY_INC_USE, room / line)`` of
what the increment brings beyond the overhead, with the measured spend
ratio where that increment is positive (tests/search/test_search_time.py).

The job's safety net (:mod:`search.job`) steps in only when a search
overruns this plan: a quarter of the way from the hard limit to the end of
what the clock allows it stops the search, half-way it plays the best move
reported so far:

>>> [round(t, 4) for t in safety_net(Limits(wtime=1.0, winc=0.1), 1, overhead=0.05)]
[0.275, 0.5]
>>> [round(t, 4) for t in safety_net(Limits(movetime=0.1), 1, overhead=0.05)]
[0.0625, 0.075]
>>> safety_net(Limits(depth=5), 1, overhead=0.05) is None
True
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from statistics import median

from . import params as P
from .types import Limits


@dataclass
class TimePlan:
    soft: float | None      # seconds; None = no time limit
    hard: float | None
    emergency: bool = False  # the clock is low: spend less than the increment brings


def reserve(left: float) -> float:
    """Seconds of a clock showing ``left`` that no plan spends."""
    return max(P.RESERVE, min(P.RESERVE_MAX, P.RESERVE_SHARE * left))


def safety_net(limits: Limits, turn: int, overhead: float) -> tuple[float, float] | None:
    """(stop, move): seconds after the start at which the job stops a
    search that overran its plan, and at which it plays the best move so
    far if the search has still not answered.  None without a clock."""
    hard = plan(limits, turn, overhead).hard
    if hard is None:
        return None
    if limits.movetime is not None:
        end = limits.movetime
    else:
        end = (limits.wtime if turn > 0 else limits.btime) - overhead
    spare = max(0.0, end - hard)
    return hard + spare / 4, hard + spare / 2


def plan(limits: Limits, turn: int, overhead: float, ratio: float | None = None) -> TimePlan:
    """The time plan for the side ``turn`` (1 White, -1 Black); ``overhead``:
    the seconds each move costs beyond the engine's thinking; ``ratio``: the
    spend ratio measured in this game (None: ``SPEND_RATIO``).

    >>> p = plan(Limits(wtime=5.0, winc=0.1), 1, overhead=0.05, ratio=0.8)
    >>> round(p.soft, 3), round(p.hard, 3)
    (0.277, 0.664)
    """
    if limits.movetime is not None:          # use it all: no planned stop
        return TimePlan(None, max(P.MIN_THINK, limits.movetime - overhead))
    left = limits.wtime if turn > 0 else limits.btime
    if left is None:
        return TimePlan(None, None)
    inc = max(0.0, (limits.winc if turn > 0 else limits.binc) or 0.0)
    # the moves to plan for: those to the time control, else MOVES_TO_GO
    # (more without an increment: every one of them pays its overhead)
    mtg = P.MOVES_TO_GO if inc > 0 else P.MOVES_TO_GO_SUDDEN
    if limits.movestogo:
        mtg = max(1, min(P.MOVES_TO_GO_SUDDEN, limits.movestogo))
    keep = reserve(left)
    spare = left - keep - overhead          # the most this move may spend
    if spare <= 2 * P.MIN_THINK:
        return TimePlan(P.MIN_THINK / 2, P.MIN_THINK, True)
    # the clock and the increments of the next mtg moves, each move's
    # overhead paid, shared out evenly (an increment comes after its move)
    pool = left - keep + (mtg - 1) * inc - mtg * overhead
    # (at least a small share of what is left: where the overheads would
    # eat the whole clock, a move still thinks a little, less and less)
    spend = max(pool / mtg, spare / (2 * mtg))
    share = 0.8 if limits.movestogo == 1 else P.HARD_SHARE if inc <= 0 else 0.5
    room = left - keep                      # the clock beyond the reserve
    line = P.LOW_CLOCK_MOVES * (inc + overhead)
    emergency = room < line and limits.movestogo != 1
    if emergency and inc > overhead:
        # spend a share of the increment beyond the overhead: half of it,
        # or (TM_LINE) half far below the line and nearly all of it just
        # below (no cliff there); the hard limit what the increment brings
        use = max(P.EMERGENCY_INC_USE, room / line) if P.TM_LINE else P.EMERGENCY_INC_USE
        spend = min(spend, use * (inc - overhead))
        if P.TM_LINE:
            hard = min(max(spend, 2 * P.EMERGENCY_INC_USE * (inc - overhead)), spare / 4)
        else:
            hard = min(2 * spend, spare / 4)
    elif emergency:
        spend = min(spend, spare / (2 * mtg))
        hard = min(2 * spend, spare / 4)
    else:
        hard = min(P.HARD_FACTOR * spend, share * spare)
        if P.TM_LINE and inc > overhead and limits.movestogo is None:
            # a move that runs to its hard limit lands at most just below
            # the line (the clock, its increment and overhead counted)
            hard = min(hard, max(spend, room - line + inc - overhead))
    hard = max(P.MIN_THINK, hard)
    if ratio is None or (emergency and (not P.TM_LINE or inc <= overhead)):
        # (the emergency mode; with TM_LINE only where the overheads drain
        # the clock: there as little as the plan can think)
        ratio = P.SPEND_RATIO
    soft = max(P.MIN_THINK / 2, min(spend / ratio, hard))
    return TimePlan(soft, hard, emergency)


def stretch(effort: float | None, fall: int | None) -> float:
    """The factor on the soft limit from how the search is going: more time
    when the score falls, less when the best move took most of the nodes.

    ``effort``: the share of the last iteration's nodes spent on its best
    move (None: unknown); ``fall``: centipawns the score fell (negative: it
    rose) from the last move's score and from ``TM_DROP_BACK`` iterations
    back (their mean, :func:`drop`; None: unknown, or a mate score).  With
    TM_EFFORT and TM_FALLING 0 (off) the factor is 1; else within
    TM_STRETCH_MIN .. TM_STRETCH_MAX.

    With TM_EFFORT 100 and TM_FALLING 200 (tests/search/test_search_time.py)
    an effort of 0.95 gives 0.75, one of 0.45 gives 1.25, a drop of 100 cp
    1.5 and a rise of 300 cp the floor, 0.5.
    """
    f = 1.0
    if P.TM_EFFORT and effort is not None:
        f *= 1.0 + (P.TM_EFFORT_MID - effort) * P.TM_EFFORT / 100
    if P.TM_FALLING and fall is not None:
        f *= 1.0 + fall / P.TM_FALLING
    if f == 1.0:
        return f
    return round(min(P.TM_STRETCH_MAX, max(P.TM_STRETCH_MIN, f)), 6)


def drop(score: int, last: int | None, iter_scores: list) -> int | None:
    """How far ``score`` (the last iteration's) fell, in centipawns
    (negative: it rose), from ``last`` (the side's score at its last move)
    and from the score ``TM_DROP_BACK`` iterations back in ``iter_scores``
    (the scores of this search's iterations, ``score`` last): the mean of
    those there are, rounded down.  None without either, or when one of
    them is a mate score.

    >>> drop(20, 50, [0, 60, 0, 0, 0, 20])   # 50 and 60 (four back): 35
    35
    """
    back = P.TM_DROP_BACK
    refs = [r for r in (last, iter_scores[-1 - back] if len(iter_scores) > back else None)
            if r is not None]
    if not refs or any(abs(r) > P.MATE_BOUND for r in refs + [score]):
        return None
    return sum(r - score for r in refs) // len(refs)


@dataclass
class _Move:
    colour: int
    clock: float          # the clock before the move
    inc: float
    think: float          # seconds from reading the command to writing the move


class MoveCosts:
    """What this game's moves cost beyond the engine's own thinking.

    After each move played on the clock the session tells :meth:`moved`
    the clock the move started from, the increment and the think time on
    its own stopwatch (from reading the command to writing the move).  When
    the GUI next reports that side's clock (XBoard's ``time``, UCI's
    ``wtime``/``btime``), :meth:`clock` compares: the GUI charged
    ``before + increment - now``, and what it charged beyond the think time
    is the move's overhead.  A move written later than the hard limit it
    was given was late by the difference (the search stops at the next
    check, the thread waits for a core).  :meth:`overhead` is the largest
    overhead of the last ``WINDOW`` moves, never below ``floor`` (option Move
    Overhead), plus the largest lateness of those moves.

    :meth:`spend_ratio` is the median of think time over soft limit of the
    last ``WINDOW`` moves that had a soft limit outside the emergency mode
    and thought at least ``STABLE_FACTOR`` times it (a move that ended
    sooner did not stop on the plan: one legal move, a mate found, a ponder
    hit on a finished search), capped at ``SPEND_RATIO_MAX``; None until
    ``SPEND_SAMPLES`` such moves were played.

    A clock that grew by more than the move's increment (a new session of
    a moves-per-session control, a GUI that counts otherwise) is no
    measurement, nor is an overhead beyond ``MAX_SEEN`` seconds.

    >>> c = MoveCosts(floor=0.05)
    >>> c.moved(1, clock=5.0, inc=0.1, think=0.30, hard=0.28)    # 20 ms late
    >>> round(c.clock(4.68, colour=1), 3)          # charged 0.42 s: 0.12 s beyond the think time
    0.12
    >>> round(c.overhead(), 3)
    0.14
    >>> c.new_game(); c.overhead()
    0.05
    >>> for think in (0.13, 0.30, 0.16, 0.02):     # soft limits of 0.2 s; the last one ended early
    ...     c.moved(1, clock=5.0, inc=0.1, think=think, soft=0.2)
    >>> round(c.spend_ratio(), 3)
    0.8
    """
    WINDOW = 12
    MAX_SEEN = 5.0
    TOLERANCE = 0.03        # a clock read to the centisecond may show a little more

    def __init__(self, floor: float = 0.05):
        self.floor = floor
        self.seen: deque = deque(maxlen=self.WINDOW)
        self.late: deque = deque(maxlen=self.WINDOW)
        self.pending: _Move | None = None
        self.ratios: deque = deque(maxlen=self.WINDOW)

    def new_game(self) -> None:
        """A new game (or a position not reached by play): nothing learned is kept."""
        self.seen.clear()
        self.late.clear()
        self.ratios.clear()
        self.pending = None

    def moved(self, colour: int, clock: float, inc: float, think: float,
              hard: float | None = None, soft: float | None = None) -> None:
        """The engine played a move for ``colour`` on a clock that showed
        ``clock`` seconds when the move was asked for, with increment
        ``inc``, after ``think`` seconds on its own stopwatch; ``hard``: the
        hard limit it was given, ``soft`` its soft limit (None: none, or
        planned in the emergency mode)."""
        self.pending = _Move(colour, clock, inc, think)
        self.late.append(0.0 if hard is None else min(self.MAX_SEEN, max(0.0, think - hard)))
        if soft and think >= P.STABLE_FACTOR * soft:
            self.ratios.append(think / soft)

    def spend_ratio(self) -> float | None:
        """Think time over soft limit, as this game's moves measured it (None: too few)."""
        if len(self.ratios) < P.SPEND_SAMPLES:
            return None
        return min(P.SPEND_RATIO_MAX, median(self.ratios))

    def clock(self, left: float, colour: int | None = None) -> float | None:
        """The GUI reports ``left`` seconds on the clock of ``colour`` (None:
        the engine's own): the overhead of the last move measured, or None."""
        p, self.pending = self.pending, None
        if p is None or (colour is not None and colour != p.colour):
            return None
        over = p.clock + p.inc - left - p.think
        if over < -self.TOLERANCE or over > self.MAX_SEEN:
            return None
        over = max(0.0, over)
        self.seen.append(over)
        return over

    def overhead(self) -> float:
        """Seconds to allow per move beyond the thinking."""
        return max([self.floor, *self.seen]) + max(self.late, default=0.0)


__all__ = ['MoveCosts', 'TimePlan', 'drop', 'plan', 'reserve', 'safety_net', 'stretch']
