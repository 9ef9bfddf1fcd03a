"""A cheap filter for "might this move give check?".

Testing every move for check with ``Position.in_check`` after making it is
one of the dearest things the search does.  Most moves cannot give check,
and that is decided from two bit tables built once per variant from the move
generator's own per-square tables (a row of ``words`` 64-bit words per entry):

``reach[code][sq]``
    the squares piece ``code`` attacks from ``sq`` on an empty board (a
    superset of what it attacks on any board);
``lines[sq]``
    the squares on the eight lines through ``sq`` (any distance).

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

from array import array

import cython

from cazaux_engine.rules import Rules

from .evaltables import targets

if cython.compiled:
    from cython.cimports.cazaux_engine.moves import move_flag, move_from, move_promo, move_to
    from cython.cimports.cazaux_engine.position import Position
else:
    from cazaux_engine.moves import move_flag, move_from, move_promo, move_to
    from cazaux_engine.position import Position


def _set(bits: array, row: int, sq: int) -> None:
    bits[row + (sq >> 6)] |= 1 << (sq & 63)


@cython.cclass
class CheckFilter:
    def __init__(self, rules: Rules):
        R = rules
        self.n, self.size = R.n, R.size
        self.words = w = (R.size + 63) >> 6
        reach = array('Q', [0]) * ((2 * R.n + 1) * R.size * w)
        for i in range(1, R.n + 1):
            for code in (i, -i):
                for sq in R.squares:
                    row = ((code + R.n) * R.size + sq) * w
                    for t in targets(R, code, sq):
                        _set(reach, row, t)
        lines = array('Q', [0]) * (R.size * w)
        for sq in R.squares:
            f0, r0 = R.file_of(sq), R.rank_of(sq)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if dx or dy:
                        f, r = f0 + dx, r0 + dy
                        while R.on_board(f, r):
                            _set(lines, sq * w, R.sq(f, r))
                            f, r = f + dx, r + dy
        self.reach, self.lines = reach, lines
        self.hoppers = R.has_hoppers()

    def reaches(self, code: cython.int, frm: cython.int, sq: cython.int) -> cython.bint:
        """Does piece ``code`` on ``frm`` reach ``sq`` on an empty board?"""
        return self.reach[((code + self.n) * self.size + frm) * self.words + (sq >> 6)] >> (sq & 63) & 1

    def on_line(self, centre: cython.int, sq: cython.int) -> cython.bint:
        """Is ``sq`` on one of the eight lines through ``centre``?"""
        return self.lines[centre * self.words + (sq >> 6)] >> (sq & 63) & 1

    def may_check(self, code: cython.int, m: cython.int, ksq: cython.int) -> cython.bint:
        """False when ``m``, played by a piece that is ``code`` once on its
        destination, certainly gives no check to the King on ``ksq``."""
        return (move_flag(m) > 1 or self.reaches(code, move_to(m), ksq)
                or self.on_line(ksq, move_from(m))
                or (self.hoppers and self.on_line(ksq, move_to(m))))

    def maybe_check(self, pos: Position, m: int) -> bool:
        """False when ``m`` (legal, not yet played) certainly gives no check."""
        promo = move_promo(m)
        code = promo * pos.turn if promo else pos.board[move_from(m)]
        return self.may_check(code, m, pos.king_of(-pos.turn))


_cache: dict = {}


def filter_for(rules: Rules) -> CheckFilter:
    """The (cached) filter of a variant's compiled rules."""
    f = _cache.get(rules)
    if f is None:
        f = _cache[rules] = CheckFilter(rules)
    return f
