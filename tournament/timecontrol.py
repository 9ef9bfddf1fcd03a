"""Time controls and the arbiter's clocks.

A :class:`TimeControl` is what both engines are told; a :class:`Clock` is
one side's clock, kept by the arbiter from its own measurement of each
move's thinking time.

>>> tc = parse_tc('40/60+0.5')
>>> tc.moves, tc.base, tc.inc, tc.pgn()
(40, 60.0, 0.5, '40/60+0.5')
>>> parse_tc('1:30').base
90.0
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

_TC = re.compile(r'^(?:(\d+)/)?(?:(\d+):)?(\d+(?:\.\d*)?|\.\d+)(?:\+(\d+(?:\.\d*)?|\.\d+))?$')


class TimeControlError(ValueError):
    """A time control that cannot be parsed; the message is for the user."""


@dataclass(frozen=True)
class TimeControl:
    """Limits for every move of a game.

    ``base`` > 0: a clock of ``base`` seconds, ``inc`` seconds added after
    each move, and (``moves`` > 0) ``base`` added again after every
    ``moves`` moves.  ``movetime`` > 0: that many seconds for every move
    (XBoard ``st``, UCI ``movetime``).  Neither: no clock at all.
    ``depth`` and ``nodes`` limit each search on top of (or instead of)
    the time.
    """
    moves: int = 0
    base: float = 0.0
    inc: float = 0.0
    movetime: float = 0.0
    depth: int = 0
    nodes: int = 0

    @property
    def clocked(self) -> bool:
        return self.base > 0

    def pgn(self) -> str:
        """The PGN ``TimeControl`` tag: ``40/60+0.5``, ``10+0.1``, ``60``,
        ``1/5`` (5 seconds per move: one move per period), ``-`` (no clock)."""
        if self.clocked:
            s = seconds_text(self.base)
            if self.moves:
                s = f'{self.moves}/{s}'
            if self.inc:
                s += f'+{seconds_text(self.inc)}'
            return s
        if self.movetime:
            return f'1/{seconds_text(self.movetime)}'
        return '-'

    def describe(self) -> str:
        """Everything the engines are limited by, for humans: ``10+0.1, nodes 500``."""
        parts = []
        if self.clocked:
            parts.append(self.pgn())
        elif self.movetime:
            parts.append(f'{seconds_text(self.movetime)}s/move')
        if self.depth:
            parts.append(f'depth {self.depth}')
        if self.nodes:
            parts.append(f'nodes {self.nodes}')
        return ', '.join(parts) or 'unlimited'


def with_limits(tc: TimeControl, limits: dict) -> TimeControl:
    """``tc`` with an engine's own ``tc=``, ``st=``, ``nodes=``, ``depth=``
    (texts, checked) in place of the tournament's.

    >>> with_limits(parse_tc('10+0.1'), {'tc': '1+0.01'}).pgn()
    '1+0.01'
    >>> with_limits(parse_tc('10+0.1'), {'st': '2', 'nodes': '500'}).describe()
    '2s/move, nodes 500'
    """
    if 'tc' in limits:
        t = parse_tc(limits['tc'])
        tc = replace(tc, moves=t.moves, base=t.base, inc=t.inc, movetime=0.0)
    elif 'st' in limits:
        tc = replace(tc, moves=0, base=0.0, inc=0.0, movetime=float(limits['st']))
    if 'nodes' in limits:
        tc = replace(tc, nodes=int(limits['nodes']))
    if 'depth' in limits:
        tc = replace(tc, depth=int(limits['depth']))
    return tc


def seconds_text(x: float) -> str:
    """``10`` for 10.0, ``0.1`` for 0.1."""
    return f'{x:.3f}'.rstrip('0').rstrip('.')


def parse_tc(text: str) -> TimeControl:
    """``[MOVES/]BASE[+INC]``: BASE in seconds or ``MIN:SEC``, INC in seconds."""
    m = _TC.match(text.strip())
    if not m:
        raise TimeControlError(f'time control {text!r}: expected [MOVES/]SECONDS[+INC] '
                               'or [MOVES/]MIN:SEC[+INC], e.g. 10+0.1, 40/60, 1:30+1')
    moves, minutes, seconds, inc = m.groups()
    base = float(seconds) + 60 * int(minutes or 0)
    if base <= 0:
        raise TimeControlError(f'time control {text!r}: the base time must be above 0')
    return TimeControl(moves=int(moves or 0), base=base, inc=float(inc or 0))


class Clock:
    """One side's clock under ``tc``.

    >>> c = Clock(parse_tc('2/10+1'), margin=0.1)
    >>> c.budget()
    10.0
    >>> c.charge(4.0), c.left       # 10 - 4 + 1
    (True, 7.0)
    >>> c.charge(3.0), c.left       # second move ends the session: +10
    (True, 15.0)
    >>> c.charge(15.05), c.left     # over, but within the margin
    (True, 1.0)
    >>> c.charge(1.2)               # 1.2 > 1.0 + 0.1: the flag falls
    False
    """

    def __init__(self, tc: TimeControl, margin: float = 0.0):
        self.tc = tc
        self.margin = margin
        self.left = tc.base if tc.clocked else 0.0
        self.moves_made = 0

    def budget(self) -> float | None:
        """Seconds this move may take before the flag falls (None: no clock)."""
        if self.tc.clocked:
            return max(self.left, 0.0)
        if self.tc.movetime:
            return self.tc.movetime
        return None

    def moves_to_go(self) -> int:
        """Moves left in this session (0: the rest of the game)."""
        if not self.tc.moves:
            return 0
        return self.tc.moves - self.moves_made % self.tc.moves

    def charge(self, elapsed: float) -> bool:
        """Record a move that took ``elapsed`` seconds; False if the flag fell."""
        budget = self.budget()
        if budget is not None and elapsed > budget + self.margin:
            if self.tc.clocked:
                self.left -= elapsed
            return False
        self.moves_made += 1
        if self.tc.clocked:
            self.left = max(self.left - elapsed, 0.0) + self.tc.inc
            if self.tc.moves and self.moves_made % self.tc.moves == 0:
                self.left += self.tc.base
        return True
