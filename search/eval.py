"""Static evaluation: the incremental piece-square sums plus what they cannot hold.

The tables themselves are built from the variant's data by
:mod:`search.evaltables` (re-exported here) and summed incrementally by the
position (``Position.set_pst``).  :class:`Evaluator` adds, per call, the
passed pawn-like pieces (cached per pawn structure), the tapered blend of
middle- and end-game scores by the game phase, King shelter and the
bare-King bonus, and returns the score for the side to move.  One evaluator
per search thread (its pawn cache is its own).

>>> from cazaux_engine import start_position
>>> pos = start_position('chess')
>>> t = tables(pos.rules, False)
>>> pos.set_pst(t.pst)
>>> make_evaluate(t)(pos) == t.P.TEMPO
True
"""
from __future__ import annotations

from array import array

import cython

from .evaltables import (Tables, centre_distance, clear_cache, moves_to_promotion,  # noqa: F401
                         promotion_gain, tables, targets)

if cython.compiled:
    from cython.cimports.cazaux_engine.moves import side_of
    from cython.cimports.cazaux_engine.position import Position
else:
    from cazaux_engine.moves import side_of
    from cazaux_engine.position import Position

PAWN_CACHE = cython.declare(cython.int, 1 << 14)    # pawn-structure cache entries (a power of 2)


@cython.cclass
class Evaluator:
    """``evaluate(pos)``: the score of ``pos`` for the side to move.

    ``pos`` must carry ``t.pst`` (``pos.set_pst(t.pst)``).
    """

    def __init__(self, t: Tables):
        P = t.P
        self.t = t
        self.material_only = t.material_only
        self.n, self.size, self.stride = t.n, t.size, t.rules.stride
        self.files, self.ranks = t.rules.files, t.rules.ranks
        self.phase_total = t.phase_total
        self.tempo, self.shelter_bonus = P.TEMPO, P.KING_SHELTER
        self.bare, self.bare_edge, self.bare_close = P.BARE_KING, P.BARE_EDGE, P.BARE_CLOSE
        self.is_pawn, self.passed_mg, self.passed_eg = t.is_pawn, t.passed_mg, t.passed_eg
        self.file_of, self.rank_of, self.centre = t.file_of, t.rank_of, t.centre
        self.cache_key = array('Q', [0]) * PAWN_CACHE
        self.cache_mg = array('i', [0]) * PAWN_CACHE
        self.cache_eg = array('i', [0]) * PAWN_CACHE
        self.front = array('i', [0]) * (2 * (self.files + 2))

    def __call__(self, pos: Position) -> int:
        return self.evaluate(pos)

    def evaluate(self, pos: Position) -> cython.int:
        mg: cython.longlong = pos.mg
        eg: cython.longlong = pos.eg
        ph: cython.longlong = pos.npm_w + pos.npm_b
        pt: cython.longlong = self.phase_total
        key: cython.ulonglong = pos.pkey
        i: cython.int
        shelter: cython.int = 0
        score: cython.longlong
        if self.material_only:
            return pos.mg * pos.turn
        if key:
            i = key & (PAWN_CACHE - 1)
            if self.cache_key[i] != key:
                self.pawns(pos, i)
                self.cache_key[i] = key
            mg += self.cache_mg[i]
            eg += self.cache_eg[i]
        if ph > pt:
            ph = pt
        shelter = self.shelter(pos, 1) - self.shelter(pos, -1)
        score = mg * ph + eg * (pt - ph) + self.shelter_bonus * shelter * ph
        if score >= 0:                                  # symmetric rounding
            score = score // pt
        else:
            score = -(-score // pt)
        if pos.count(1) == 1 and pos.count(-1) == 1:
            return 0
        score += self.bare_king(pos)
        return score * pos.turn + self.tempo

    def shelter(self, pos: Position, colour: cython.int) -> cython.int:
        """Own pieces next to the King of ``colour``."""
        off: cython.int = (side_of(colour) * self.size + pos.king_of(colour)) * 9
        k: cython.int
        cnt: cython.int = 0
        for k in range(pos.mt.king_steps[off]):
            if pos.board[pos.mt.king_steps[off + 1 + k]] * colour > 0:
                cnt += 1
        return cnt

    def bare_king(self, pos: Position) -> cython.int:
        """Bonus (White's view) for the side whose opponent has a bare King."""
        nw: cython.int = pos.count(1)
        nb: cython.int = pos.count(-1)
        bare: cython.int
        strong: cython.int
        sign: cython.int
        fd: cython.int
        rd: cython.int
        if nb == 1 and nw > 1:
            bare, strong, sign = pos.king_of(-1), pos.king_of(1), 1
        elif nw == 1 and nb > 1:
            bare, strong, sign = pos.king_of(1), pos.king_of(-1), -1
        else:
            return 0
        fd = abs(bare % self.stride - strong % self.stride)
        rd = abs(bare // self.stride - strong // self.stride)
        return sign * (self.bare + self.bare_edge * self.centre[bare]
                       - self.bare_close * (fd if fd > rd else rd))

    def pawns(self, pos: Position, slot: cython.int) -> cython.void:
        """Cache (mg, eg) of the passed pawn-like pieces, White minus Black, in ``slot``."""
        f: cython.int
        k: cython.int
        s: cython.int
        r: cython.int
        w: cython.int = self.files + 2        # front[f]: Black's lowest pawn rank on f - 1 ...
        mg: cython.int = 0
        eg: cython.int = 0
        for f in range(w):
            self.front[f] = -1                # ... (-1: none); front[w + f]: White's highest
            self.front[w + f] = self.ranks
        for k in range(pos.count(-1)):
            s = pos.piece_at(-1, k)
            if self.is_pawn[pos.board[s] + self.n]:
                f = self.file_of[s] + 1
                if self.rank_of[s] > self.front[f]:
                    self.front[f] = self.rank_of[s]
        for k in range(pos.count(1)):
            s = pos.piece_at(1, k)
            if self.is_pawn[pos.board[s] + self.n]:
                f = self.file_of[s] + 1
                if self.rank_of[s] < self.front[w + f]:
                    self.front[w + f] = self.rank_of[s]
        for k in range(pos.count(1)):
            s = pos.piece_at(1, k)
            if self.is_pawn[pos.board[s] + self.n]:
                f = self.file_of[s] + 1
                r = self.rank_of[s]
                if self.front[f - 1] <= r and self.front[f] <= r and self.front[f + 1] <= r:
                    mg += self.passed_mg[s]
                    eg += self.passed_eg[s]
        for k in range(pos.count(-1)):
            s = pos.piece_at(-1, k)
            if self.is_pawn[pos.board[s] + self.n]:
                f = self.file_of[s] + 1
                r = self.rank_of[s]
                if (self.front[w + f - 1] >= r and self.front[w + f] >= r
                        and self.front[w + f + 1] >= r):
                    mg -= self.passed_mg[self.size + s]
                    eg -= self.passed_eg[self.size + s]
        self.cache_mg[slot] = mg
        self.cache_eg[slot] = eg


def make_evaluate(t: Tables) -> Evaluator:
    """``evaluate(pos) -> int``: the score for the side to move (an :class:`Evaluator`).

    ``pos`` must carry ``t.pst`` (``pos.set_pst(t.pst)``).
    """
    return Evaluator(t)
