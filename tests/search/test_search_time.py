"""The time plan and what moves cost: exact arithmetic on the limits and on
recorded histories, no clock read.

The games below are played on a fake clock: each move thinks for as long
as the plan lets it (its whole hard limit: the worst case, or the time a
move typically spends) plus a lateness, the GUI charges the think time and
a recorded overhead, and adds the increment; the session reports the clock
to :class:`MoveCosts` as a GUI does.  The clock must never run out where
that can be done at all: where the overheads and the lateness of a move
are, on average, more than the increment, every engine's clock runs down
however little it thinks, and the plan can only make it last (the last test).
"""
from __future__ import annotations

import pytest

from search import Limits, MoveCosts
from search import params as P
from search.params import MIN_THINK, SPEND_RATIO
from search.timeman import plan, reserve

# Overheads of a busy machine, in ms: what a GUI charges beyond the engine's
# own think time, move after move.  Made to be worse than the issue's
# XBoard figures (it charged 84-170 ms for moves against a 100 ms
# increment, 120-150 ms for quick ones): 22-70 ms, with a spike to 120-150 ms
# every fifth move, 58 ms on average
BUSY_XBOARD = [22, 35, 68, 41, 30, 150, 27, 55, 44, 120, 38, 61, 25, 70, 33, 140, 29, 48, 36, 65]
# the tournament runner measures from writing go to reading the move: small
BUSY_RUNNER = [4, 6, 11, 5, 30, 7, 9, 5, 18, 6]


def play(base: float, inc: float, overheads_ms: list, moves: int = 80, floor: float = 0.05,
         late: float = 0.0, spend: str = 'hard', mps: int = 0, ratio: float = SPEND_RATIO,
         costs: MoveCosts | None = None, thinks: list | None = None) -> float:
    """The lowest clock after any move of a game on a fake clock (negative:
    the flag fell).  ``spend``: 'hard' (every move runs to its hard limit)
    or 'typical' (``ratio`` x its soft limit).  The plan takes the spend
    ratio that ``costs`` measured, as the engine's jobs do.  ``thinks``, if
    given, gets each move's think time."""
    costs = MoveCosts(floor=0.0) if costs is None else costs
    left = lowest = base
    for k in range(moves):
        costs.clock(left, colour=1)               # the GUI's clock, before the move
        mtg = mps - k % mps if mps else None
        p = plan(Limits(wtime=left, btime=left, winc=inc, binc=inc, movestogo=mtg), 1,
                 max(floor, costs.overhead()), costs.spend_ratio())
        think = (p.hard if spend == 'hard' else min(p.hard, ratio * p.soft)) + late
        if thinks is not None:
            thinks.append(think)
        before = left
        left -= think + overheads_ms[k % len(overheads_ms)] / 1000
        lowest = min(lowest, left)
        if left <= 0:
            return left
        costs.moved(1, before, inc, think, p.hard, None if p.emergency else p.soft)
        left += inc
        if mps and (k + 1) % mps == 0:
            left += base
    return lowest


@pytest.mark.parametrize('base,inc', [(5.0, 0.1), (10.0, 0.1), (60.0, 1.0)])
@pytest.mark.parametrize('spend,ratio', [('hard', SPEND_RATIO), ('typical', SPEND_RATIO),
                                         ('typical', 0.7), ('typical', 3.0)])
def test_a_busy_xboard_never_flags_the_engine(base, inc, spend, ratio):
    # every move charged 20-150 ms beyond its thinking, 10 ms late on top;
    # moves that spend 0.7 x their soft limit (chess, where the plan
    # learns to give them more) to 3 x
    assert play(base, inc, BUSY_XBOARD, late=0.01, spend=spend, ratio=ratio) > 0


@pytest.mark.parametrize('base,inc,spend', [(1.0, 0.01, 'typical'), (2.0, 0.02, 'hard'),
                                            (2.0, 0.05, 'hard'), (2.0, 0.05, 'typical')])
def test_the_runner_at_fast_clocks(base, inc, spend):
    assert play(base, inc, BUSY_RUNNER, late=0.005, spend=spend) > 0


def test_overheads_that_eat_the_increment():
    # 2 s + 0.05 s against 20-150 ms of overhead (58 ms on average) and 10 ms
    # of lateness a move: no plan can keep that clock; the engine thinks
    # the least it can once the clock is low, and lasts 44 moves
    for moves, alive in ((44, True), (46, False)):
        assert (play(2.0, 0.05, BUSY_XBOARD, moves=moves, late=0.01) > 0) is alive


@pytest.mark.parametrize('line', [0, 1])
@pytest.mark.parametrize('ratio,lowest', [(0.8, 0.0154), (0.7, 0.0807)])
def test_overheads_that_eat_the_increment_moves_that_spend_less(monkeypatch, line, ratio, lowest):
    # the same clock and overheads, moves that spend what they typically do
    # in chess: 150 moves and the flag stands, because the emergency mode
    # keeps SPEND_RATIO there, with TM_LINE too (with the measured ratio it
    # fell, -0.072 and -0.062)
    monkeypatch.setattr(P, 'TM_LINE', line)
    assert round(play(2.0, 0.05, BUSY_XBOARD, moves=150, spend='typical', ratio=ratio), 4) == lowest


# Without an increment no move gives time back: a game whose every move
# ran to its hard limit (3 x the planned time) would spend its clock three
# times as fast as planned, so these games spend what moves typically do.
@pytest.mark.parametrize('base', [30.0, 60.0])
@pytest.mark.parametrize('ratio', [SPEND_RATIO, 0.7])
def test_sudden_death(base, ratio):
    # the clock shrinks, but never runs out in 100 moves (whose overheads take 6.8 s)
    assert play(base, 0.0, BUSY_XBOARD, moves=100, late=0.01, spend='typical', ratio=ratio) > 0


@pytest.mark.parametrize('ratio', [SPEND_RATIO, 0.7])
def test_moves_per_session(ratio):
    # 40 moves in 10 s, then 40 more: the last move of a session keeps its reserve
    assert play(10.0, 0.0, BUSY_XBOARD, moves=120, mps=40, late=0.01, spend='typical',
                ratio=ratio) > 0


def test_the_plan_learns_what_a_move_spends():
    # a game whose moves spend 0.8 x their soft limit: after three moves the
    # plan divides by 0.8, not 2, so a move spends what the plan shares out
    costs = MoveCosts(floor=0.0)
    play(10.0, 0.1, BUSY_RUNNER, moves=30, spend='typical', ratio=0.8, costs=costs)
    assert costs.spend_ratio() == pytest.approx(0.8)
    lim = Limits(wtime=8.0, winc=0.1)
    fixed, learned = plan(lim, 1, 0.05), plan(lim, 1, 0.05, costs.spend_ratio())
    assert learned.hard == fixed.hard
    assert 0.8 * learned.soft == pytest.approx(SPEND_RATIO * fixed.soft)
    assert round(0.8 * learned.soft, 4) == 0.3264          # (8 - 0.16 + 2.7 - 1.4) / 28 s


def test_the_spend_ratio_leaves_out_moves_that_did_not_stop_on_the_plan():
    c = MoveCosts(floor=0.05)
    c.moved(1, clock=5.0, inc=0.1, think=0.5, soft=0.2)
    c.moved(1, clock=5.0, inc=0.1, think=0.01, soft=0.2)    # one legal move, a mate, a ponder hit
    c.moved(1, clock=5.0, inc=0.1, think=0.3, soft=None)    # the emergency mode
    c.moved(1, clock=5.0, inc=0.1, think=0.3)               # no soft limit
    assert c.spend_ratio() is None and list(c.ratios) == [2.5]
    c.moved(1, clock=5.0, inc=0.1, think=0.9, soft=0.2)
    c.moved(1, clock=5.0, inc=0.1, think=0.8, soft=0.2)
    assert c.spend_ratio() == 3.0                            # the median 4.0, capped
    assert plan(Limits(wtime=0.3, winc=0.1), 1, 0.05, 0.5).soft == \
        plan(Limits(wtime=0.3, winc=0.1), 1, 0.05).soft     # the emergency mode: SPEND_RATIO
    c.new_game()
    assert c.spend_ratio() is None


def test_with_tm_line_the_emergency_mode_takes_the_measured_ratio(monkeypatch):
    # (TM_LINE) the emergency mode takes the measured ratio too (its moves
    # spend, in chess, 0.8 x the soft limit: with SPEND_RATIO they thought a
    # fifth of the increment), never beyond the hard limit
    monkeypatch.setattr(P, 'TM_LINE', 1)
    low = Limits(wtime=1.0, winc=0.1)
    assert round(plan(low, 1, 0.05).soft, 4) == 0.015                  # 0.6 x 0.05 / 2
    assert round(plan(low, 1, 0.05, 0.8).soft, 4) == 0.0375             # 0.6 x 0.05 / 0.8
    assert round(plan(low, 1, 0.05, 0.8).hard, 4) == round(plan(low, 1, 0.05).hard, 4) == 0.05
    tight = plan(Limits(wtime=0.3, winc=0.1), 1, 0.05, 0.5)
    assert tight.soft == tight.hard and round(tight.hard, 4) == 0.0375
    # where the overheads eat the increment, as little as the plan can think
    eaten = Limits(wtime=1.0, winc=0.05)
    assert plan(eaten, 1, 0.06, 0.5).soft == plan(eaten, 1, 0.06).soft
    assert round(plan(eaten, 1, 0.06).soft, 4) == 0.0075                # (1 - 0.1 - 0.06) / 56 / 2


@pytest.mark.parametrize('line', [0, 1])
def test_the_plan_at_the_emergency_line(monkeypatch, line):
    # 0.1 s below the line (10 x 0.15 s beyond the reserve): half the
    # increment beyond the overhead, or (TM_LINE) 1.4 / 1.5 of it; 0.2 s
    # above it: 3 x the spend, or (TM_LINE) what takes the clock to the line
    monkeypatch.setattr(P, 'TM_LINE', line)
    below = plan(Limits(wtime=1.5, winc=0.1), 1, overhead=0.05)
    above = plan(Limits(wtime=1.8, winc=0.1), 1, overhead=0.05)
    assert below.emergency and not above.emergency
    assert (round(below.soft, 4), round(below.hard, 4)) == [(0.0125, 0.05), (0.0233, 0.05)][line]
    assert (round(above.soft, 4), round(above.hard, 4)) == [(0.0536, 0.3214), (0.0536, 0.25)][line]


def test_the_clock_grows_back_in_the_emergency_mode():
    # low clock, an increment larger than the overhead: no move, even one
    # that runs to its hard limit, costs more than the increment brings,
    # and a move that spends what it typically does costs less
    for left in (0.15, 0.3, 0.6, 1.0):
        p = plan(Limits(wtime=left, winc=0.1), 1, overhead=0.05)
        assert p.emergency and p.hard + 0.05 <= 0.1 + 1e-12, (left, p)
        assert SPEND_RATIO * p.soft + 0.05 < 0.1


@pytest.mark.parametrize('line,ratio,least,mean', [(0, 0.8, 0.01, 0.114), (0, SPEND_RATIO, 0.025, 0.112),
                                                   (1, 0.8, 0.0812, 0.113), (1, SPEND_RATIO, 0.0491, 0.111)])
def test_the_cliff_at_the_emergency_line(monkeypatch, line, ratio, least, mean):
    # late in a 10 s + 0.1 s game the clock sits at the emergency line
    # (about 1.6 s). The plan lets a move just above it run to 3 x its
    # spend, which takes the clock below the line, and the move after it
    # then thinks a fifth of the increment in chess (0.01 s; 0.025 s where
    # moves spend 2 x their soft limit), a few times a game; with TM_LINE a
    # move just above the line stops near it, one just below spends nearly
    # the increment, and the clock is shared out as before (the same mean
    # to a millisecond)
    monkeypatch.setattr(P, 'TM_LINE', line)
    thinks = []
    assert play(10.0, 0.1, BUSY_RUNNER, moves=120, spend='typical', ratio=ratio, thinks=thinks) > 0
    thinks = thinks[40:]                                    # moves 41..
    assert round(min(thinks), 4) == least
    assert round(sum(thinks) / len(thinks), 3) == mean
    assert sum(t < 0.03 for t in thinks) == [{0.8: 3, SPEND_RATIO: 4}, {0.8: 0, SPEND_RATIO: 0}][line][ratio]


def test_the_old_plan_lost_the_issues_game():
    # (the record) at 300 ms left the old plan's hard limit was the whole
    # increment: 100 ms thinking + 70 ms overhead per move drained the clock;
    # the new one thinks 37.5 ms at most there
    p = plan(Limits(wtime=0.3, winc=0.1), 1, overhead=0.05)
    assert round(p.hard, 4) == 0.0375


def test_fixed_time_per_move_uses_it_all():
    p = plan(Limits(movetime=2.0), 1, overhead=0.05)
    assert p.soft is None and p.hard == pytest.approx(1.95)


def test_no_clock_no_limit():
    p = plan(Limits(depth=5), 1, overhead=0.05)
    assert p.soft is None and p.hard is None


def test_own_clock_is_used():
    lim = Limits(wtime=100.0, btime=1.0)
    assert plan(lim, 1, 0.05).soft > 10 * plan(lim, -1, 0.05).soft


@pytest.mark.parametrize('left', [0.0, 0.01, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 10.0, 60.0, 600.0])
@pytest.mark.parametrize('inc', [0.0, 0.01, 0.1, 1.0])
@pytest.mark.parametrize('overhead', [0.0, 0.05, 0.5])
@pytest.mark.parametrize('mtg', [None, 1, 2, 40])
def test_never_plans_into_the_reserve(left, inc, overhead, mtg):
    p = plan(Limits(wtime=left, btime=left, winc=inc, binc=inc, movestogo=mtg), 1, overhead)
    assert 0 < p.soft <= p.hard
    # the hard limit and the move's overhead leave the reserve on the clock
    # (a clock already below them gets the minimum think)
    assert p.hard == MIN_THINK or p.hard + overhead <= left - reserve(left)


def test_moves_to_go():
    many = plan(Limits(wtime=60.0, movestogo=40), 1, 0.05)
    last = plan(Limits(wtime=60.0, movestogo=1), 1, 0.05)
    assert last.soft > 10 * many.soft
    assert last.hard + 0.05 <= 60.0 - reserve(60.0)


def test_the_plan_shrinks_with_the_measured_overhead():
    calm = plan(Limits(wtime=5.0, winc=0.1), 1, 0.05)
    busy = plan(Limits(wtime=5.0, winc=0.1), 1, 0.15)
    assert busy.soft < calm.soft and busy.hard < calm.hard


# -- MoveCosts -----------------------------------------------------------------------
def test_overhead_is_the_worst_of_the_recent_moves():
    c = MoveCosts(floor=0.05)
    left = 5.0
    for k, ms in enumerate(BUSY_XBOARD):
        c.moved(1, left, 0.1, think=0.2, hard=0.5)
        left = left - 0.2 - ms / 1000 + 0.1
        assert c.clock(left, 1) == pytest.approx(ms / 1000)
        window = BUSY_XBOARD[max(0, k + 1 - MoveCosts.WINDOW):k + 1]
        assert c.overhead() == pytest.approx(max(0.05, max(window) / 1000))


def test_lateness_adds_to_the_overhead():
    c = MoveCosts(floor=0.05)
    c.moved(1, 5.0, 0.1, think=0.33, hard=0.30)
    assert c.clock(5.0 + 0.1 - 0.33 - 0.02, 1) == pytest.approx(0.02)
    assert c.overhead() == pytest.approx(0.05 + 0.03)


def test_clocks_that_are_no_measurement():
    c = MoveCosts(floor=0.05)
    c.moved(1, 1.0, 0.0, think=0.2)
    assert c.clock(6.0, 1) is None                 # a new session's time was added
    c.moved(1, 1.0, 0.0, think=0.2)
    assert c.clock(0.7, -1) is None                # the other side's clock
    assert c.clock(0.7, 1) is None                 # nothing pending any more
    c.moved(1, 10.0, 0.0, think=0.2)
    assert c.clock(1.0, 1) is None                 # 8.8 s: not an overhead
    assert c.overhead() == 0.05
    c.moved(1, 1.0, 0.1, think=0.2)
    assert c.clock(0.905, 1) == 0.0                # a centisecond clock showing a little more
    assert c.overhead() == 0.05


def test_a_new_game_forgets():
    c = MoveCosts(floor=0.05)
    c.moved(1, 1.0, 0.0, think=0.1, hard=0.05)
    c.clock(0.5, 1)
    assert c.overhead() > 0.3
    c.new_game()
    assert c.overhead() == 0.05 and c.clock(0.5, 1) is None


def test_the_stretch_of_the_soft_limit(monkeypatch):
    from search.timeman import stretch
    assert stretch(0.95, 100) == stretch(None, None) == 1.0        # both off (the defaults)
    monkeypatch.setattr(P, 'TM_EFFORT', 100)
    monkeypatch.setattr(P, 'TM_EFFORT_MID', 0.70)
    monkeypatch.setattr(P, 'TM_FALLING', 200)
    assert stretch(0.95, 0) == 0.75             # the best move took 95% of the nodes: less time
    assert stretch(0.45, 0) == 1.25             # other moves took most: more
    assert stretch(0.70, 100) == 1.5            # the score fell by 100 cp
    assert stretch(0.70, -300) == 0.5           # it rose by 300 cp: the floor, TM_STRETCH_MIN
    assert stretch(0.20, 200) == 1.6            # 1.5 x 2: the ceiling, TM_STRETCH_MAX
    assert stretch(None, 50) == 1.25 and stretch(0.95, None) == 0.75
    monkeypatch.setattr(P, 'TM_FALLING', 0)
    assert stretch(0.70, 300) == 1.0


def test_the_drop_of_the_score(monkeypatch):
    from search.timeman import drop
    assert P.TM_DROP_BACK == 4
    assert drop(20, None, [10, 20]) is None                 # nothing to compare with
    assert drop(20, 50, [10, 20]) == 30                     # the last move's score only
    assert drop(20, None, [0, 60, 0, 0, 0, 20]) == 40       # four iterations back: 60
    assert drop(20, None, [0, 60, 0, 0, 20]) == -20         # four back is the 0, not the 60 (three back)
    assert drop(20, 50, [0, 60, 0, 0, 0, 20]) == 35         # the mean of the two
    assert drop(-20, 0, [0, 0, 0, 0, 10, -20]) == 20        # four back is 0 (index 1 of 6)
    assert drop(21, 0, [1, 0, 0, 0, 21]) == -21             # -41 / 2 rounded down, not -20
    assert drop(20, 99_500, [20]) is None                   # a mate score compares with nothing
    assert drop(20, 50, [-99_500, 0, 0, 0, 20]) is None
    monkeypatch.setattr(P, 'TM_DROP_BACK', 2)
    assert drop(20, None, [0, 60, 0, 20]) == 40             # two back


def test_the_spend_ratio_is_measured_against_the_stretched_soft_limit():
    from protocol.controller import THINK, Controller

    class Job:
        mode, hard, soft, emergency, stretch = THINK, 2.0, 0.2, False, 0.5
        pos = type('Pos', (), {'turn': 1})()
        started = 0.0

        def clock(self):
            return 5.0, 0.1

    class Self:
        costs = MoveCosts(floor=0.05)

    me = Self()
    import time
    job = Job()
    job.started = time.perf_counter() - 0.3      # thought 0.3 s against a soft limit of 0.1 s
    Controller.moved(me, job)
    assert len(me.costs.ratios) == 1 and round(me.costs.ratios[0]) == 3
    job.emergency = True
    Controller.moved(me, job)                    # the emergency mode: no soft limit, no ratio
    assert len(me.costs.ratios) == 1
