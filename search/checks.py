"""A cheap filter for "might this move give check?".

Testing every move for check with ``Position.in_check`` after making it is
one of the dearest things the search does.  Most moves cannot give check,
and that is decided from two tables built once per variant from the move
generator's own per-square tables:

``reach[code][sq]``
    bitmask of the squares piece ``code`` attacks from ``sq`` on an empty
    board (a superset of what it attacks on any board);
``lines[sq]``
    bitmask of the squares on the eight lines through ``sq`` (any distance).

A move may give check only if the moved (or promoted) piece reaches the
enemy King's square from its destination, or its origin is on a line of
the enemy King (a discovered check, also through the step square of an
Eagle or Rhinoceros), or its destination is on such a line and the variant
has hoppers (the moved piece may become a Cannon's screen), or it is en
passant or castling.  Everything else is certainly not check.

>>> from cazaux_engine import start_position, parse_move
>>> pos = start_position('chess')
>>> f = filter_for(pos.rules)
>>> f.maybe_check(pos, parse_move(pos, 'g1f3'))
False
"""
from __future__ import annotations

from cazaux_engine.rules import HOP, Rules

from .eval import targets

_cache: dict = {}


class CheckFilter:
    def __init__(self, rules: Rules):
        R = rules
        self.rules = R
        n = R.n
        self.reach = [None] * (2 * n + 1)
        for i in range(1, n + 1):
            for code in (i, -i):
                row = [0] * R.size
                for sq in R.squares:
                    row[sq] = sum(1 << t for t in targets(R, code, sq))
                self.reach[code] = row
        self.lines = [0] * R.size
        for sq in R.squares:
            f0, r0 = R.file_of(sq), R.rank_of(sq)
            bits = 0
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if dx or dy:
                        f, r = f0 + dx, r0 + dy
                        while R.on_board(f, r):
                            bits |= 1 << R.sq(f, r)
                            f, r = f + dx, r + dy
            self.lines[sq] = bits
        self.hoppers = any(kind == HOP for code in range(1, n + 1)
                           for sq in R.squares for kind, _ in R.gen_raw[code][sq])

    def maybe_check(self, pos, m: int) -> bool:
        """False when ``m`` (legal, not yet played) certainly gives no check."""
        ksq = pos.kings[-pos.turn]
        frm = m & 511
        to = m >> 9 & 511
        if m >> 24 > 1:                 # en passant or castling
            return True
        promo = m >> 18 & 63
        code = promo * pos.turn if promo else pos.board[frm]
        if self.reach[code][to] >> ksq & 1:
            return True
        line = self.lines[ksq]
        if line >> frm & 1:
            return True
        return bool(self.hoppers and line >> to & 1)


def filter_for(rules: Rules) -> CheckFilter:
    """The (cached) filter of a variant's compiled rules."""
    f = _cache.get(rules)
    if f is None:
        f = _cache[rules] = CheckFilter(rules)
    return f
