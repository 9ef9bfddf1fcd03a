"""XBoard time controls (``level``, ``st``, ``sd``, ``nps``, ``time``/``otim``)
turned into search limits.

>>> c = Clock()
>>> c.set_level('40', '0:30', '0')
>>> c.mps, c.base, c.inc
(40, 30.0, 0.0)
>>> c.engine_left = 20.0
>>> lim = c.limits(turn=1, moves_made=39)
>>> lim.movestogo, lim.wtime
(1, 20.0)

The limits carry the clock as XBoard gives it: the searcher's time
management sets the Move Overhead aside, once (``search.timeman``).
"""
from __future__ import annotations

from dataclasses import dataclass

from protocol.uci_text import spin_value     # whole numbers of any length, clamped
from search import Limits


class ClockError(ValueError):
    """Bad parameters of a time-control command."""


def _number(text: str, what: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise ClockError(f'{what} {text!r} is not a number') from None
    if v != v or v < 0 or v > 1e7:
        raise ClockError(f'{what} {text!r} is out of range')
    return v


def _leading(text: str) -> str:
    """The leading number of ``text`` ('5+3' -> '5'): the spec says to ignore
    anything after MIN or MIN:SEC."""
    out = ''
    for ch in text:
        if ch.isdigit() or ch == '.':
            out += ch
        else:
            break
    return out


@dataclass
class Clock:
    mps: int = 0                 # moves per session (0: whole game)
    base: float = 0.0            # seconds per session
    inc: float = 0.0             # seconds added per move
    st: float | None = None      # exact seconds per move
    depth: int | None = None     # sd
    nps: int | None = None       # nps: node budget = seconds * nps
    engine_left: float | None = None   # time: the engine's clock, seconds
    opp_left: float | None = None      # otim

    def reset(self) -> None:
        """``new``: depth limit and nps go; the time control stays."""
        self.depth = None
        self.nps = None
        self.engine_left = self.opp_left = None

    def set_level(self, mps: str, base: str, inc: str) -> None:
        moves = spin_value(mps, 0, 1_000_000) if mps.isdigit() else None
        if moves is None:
            raise ClockError(f'moves per session {mps!r} is not a whole number')
        if ':' in base:
            m, _, s = base.partition(':')
            seconds = _number(m or '0', 'minutes') * 60 + _number(_leading(s) or '0', 'seconds')
        else:
            seconds = _number(_leading(base) or 'x', 'minutes') * 60
        self.mps, self.base, self.inc = moves, seconds, _number(inc, 'increment')
        self.st = None
        self.engine_left = self.opp_left = None

    def set_st(self, text: str) -> None:
        v = _number(text, 'seconds per move')
        if v <= 0:
            raise ClockError('seconds per move must be positive')
        self.st = v

    def set_depth(self, text: str) -> None:
        depth = spin_value(text, 0, 201) if text.isdigit() else None
        if depth is None or not 1 <= depth <= 200:
            raise ClockError(f'depth {text!r} is not a number 1..200')
        self.depth = depth

    def set_nps(self, text: str) -> None:
        rate = spin_value(text, 0, 10**12) if text.isdigit() else None
        if rate is None:
            raise ClockError(f'node rate {text!r} is not a whole number')
        self.nps = rate or None

    def set_time(self, text: str, engine: bool) -> None:
        cs = spin_value(text, -10**9, 10**9)      # numbers of any length, clamped
        if cs is None:
            raise ClockError(f'clock {text!r} is not a whole number of centiseconds')
        if engine:
            self.engine_left = cs / 100
        else:
            self.opp_left = cs / 100

    def limits(self, turn: int, moves_made: int) -> Limits:
        """Limits for the engine thinking with ``turn`` to move, having made
        ``moves_made`` moves of this game with that colour."""
        lim = Limits(depth=self.depth)
        if self.st is not None:
            lim.movetime = self.st
            budget = lim.movetime
        else:
            mine = self.engine_left if self.engine_left is not None else self.base
            theirs = self.opp_left if self.opp_left is not None else self.base
            if mine <= 0 and self.base <= 0 and self.inc <= 0:
                # no time control known: a fixed, modest time per move
                lim.movetime = 5.0
                budget = 5.0
            else:
                mine = max(0.01, mine)
                if turn > 0:
                    lim.wtime, lim.btime = mine, theirs
                else:
                    lim.btime, lim.wtime = mine, theirs
                lim.winc = lim.binc = self.inc
                if self.mps:
                    lim.movestogo = self.mps - moves_made % self.mps
                budget = min(mine / (lim.movestogo or 30) + self.inc, mine / 2)
        if self.nps:
            lim.nodes = max(1, int(budget * self.nps))
        return lim
