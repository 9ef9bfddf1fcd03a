"""The time plan: exact arithmetic on the limits, no clocks read."""
from __future__ import annotations

import pytest

from search import Limits
from search.params import SAFETY
from search.timeman import plan


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
def test_never_plans_past_the_clock(left, inc, overhead):
    p = plan(Limits(wtime=left, btime=left, winc=inc, binc=inc), 1, overhead)
    assert 0 < p.soft <= p.hard
    # the hard limit leaves the overhead and the safety margin on the clock
    # (a clock already below them gets the minimum of one millisecond)
    assert p.hard <= max(0.001, left - overhead - SAFETY)


def test_a_low_clock_grows_back_with_the_increment():
    # at 1 s + 0.1 s the planned time is at most the increment, and well
    # below it once the clock is low
    assert plan(Limits(wtime=1.0, winc=0.1), 1, 0.05).soft <= 0.105
    assert plan(Limits(wtime=0.3, winc=0.1), 1, 0.05).soft < 0.05


def test_moves_to_go():
    many = plan(Limits(wtime=60.0, movestogo=40), 1, 0.05)
    last = plan(Limits(wtime=60.0, movestogo=1), 1, 0.05)
    assert last.soft > 10 * many.soft
    assert last.hard < 60.0 - 0.05 - SAFETY
