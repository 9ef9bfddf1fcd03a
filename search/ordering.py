"""Move ordering: the hash move, captures, killers, history.

:class:`MoveOrder` gives every move of a list in the position's move buffer a
sort key ``score << 27 | move`` (:meth:`score_moves`, :meth:`score_captures`)
and hands the moves out best first (:meth:`pick`, one selection step at a
time, so that a cut-off after the first moves saves sorting the rest).
Keys are unique, so the order is the same as a full sort.  Scores, best
first:

* the hash move (the best move stored for this position);
* captures that do not lose material and promotions, by victim value
  (most valuable victim first) then attacker value (least valuable first);
  a promotion adds the new piece's value;
* the two killer moves of this ply (quiet moves that refuted a sibling);
* captures of a cheaper piece on a square the opponent then attacks
  ("bad" captures, a cheap stand-in for a static exchange evaluation that
  works for every fairy piece: see ``Position.attacked_after``);
* quiet moves by their history score (how often moving this piece to this
  square caused a cut-off, weighted by depth squared, with a decaying
  penalty for quiet moves tried before a cut-off).

Once a few moves have been picked without a cut-off, the rest are sorted
at once (:meth:`sort`, an insertion sort) and read in turn (:meth:`at`).

The history belongs to the searcher and lives across searches (halved at
the start of each); killers start afresh with each search.
"""
from __future__ import annotations

from array import array

import cython

if cython.compiled:
    from cython.cimports.cazaux_engine.moves import EP, move_flag, move_from, move_promo, move_to
    from cython.cimports.cazaux_engine.position import Position
else:
    from cazaux_engine.moves import EP, move_flag, move_from, move_promo, move_to
    from cazaux_engine.position import Position

MOVE_BITS = cython.declare(cython.int, 27)
MOVE_MASK = cython.declare(cython.longlong, (1 << 27) - 1)
HASH = cython.declare(cython.longlong, 1 << 30)
GOOD = cython.declare(cython.longlong, 1 << 28)
KILLER1 = cython.declare(cython.longlong, (1 << 27) + 1)
KILLER2 = cython.declare(cython.longlong, 1 << 27)
BAD = cython.declare(cython.longlong, 1 << 26)
HIST_BIAS = cython.declare(cython.longlong, 1 << 25)
HIST_MAX = cython.declare(cython.longlong, 1 << 24)


@cython.cclass
class MoveOrder:
    """Ordering state of one search thread for one variant (see the module docstring)."""

    def __init__(self, pos: Position, plies: int):
        mt = pos.mt
        self.pos = pos
        self.n, self.size = mt.n, mt.size
        self.value = mt.value
        self.history = array('i', [0]) * ((2 * mt.n + 1) * mt.size)
        self.killers = array('i', [0]) * (2 * plies)
        self.keys = array('q', [0]) * len(pos.moves)

    def attach(self, pos: Position) -> None:
        """Order the moves of ``pos`` (a position of the same variant)."""
        self.pos = pos
        if len(self.keys) < len(pos.moves):
            self.keys = array('q', [0]) * len(pos.moves)

    def new_search(self) -> None:
        """Halve the history and forget the killers."""
        i: cython.Py_ssize_t
        for i in range(len(self.history)):
            self.history[i] = self.history[i] // 2
        for i in range(len(self.killers)):
            self.killers[i] = 0

    def val(self, code: cython.int) -> cython.longlong:
        """Value of a piece (signed code; 0 for an empty square)."""
        return self.value[code + self.n]

    def score_moves(self, start: cython.int, end: cython.int, hmove: cython.int,
                    ply: cython.int) -> cython.void:
        """Keys of the moves in [start, end) for the main search."""
        k1: cython.int = self.killers[2 * ply]
        k2: cython.int = self.killers[2 * ply + 1]
        i: cython.int
        m: cython.int
        to: cython.int
        cap: cython.int
        s: cython.longlong
        vv: cython.longlong
        va: cython.longlong
        board = self.pos.board
        for i in range(start, end):
            m = self.pos.moves[i]
            to = move_to(m)
            cap = board[to]
            if m == hmove:
                s = HASH
            elif cap:
                vv = self.val(cap)
                va = self.val(board[move_from(m)])
                if vv < va and not move_promo(m) and self.pos.attacked_after(m):
                    s = BAD + vv
                else:
                    s = GOOD + (vv << 6) - (va >> 4)
                    if move_promo(m):
                        s += self.val(move_promo(m)) << 6
            elif move_promo(m):
                s = GOOD + (self.val(move_promo(m)) << 6)
            elif move_flag(m) == EP:
                s = GOOD + (self.val(board[move_from(m)]) << 6)
            elif m == k1:
                s = KILLER1
            elif m == k2:
                s = KILLER2
            else:
                s = HIST_BIAS + self.history[(board[move_from(m)] + self.n) * self.size + to]
            self.keys[i] = s << MOVE_BITS | m

    def score_captures(self, start: cython.int, end: cython.int) -> cython.void:
        """Quiescence keys: most valuable victim, then least valuable attacker."""
        i: cython.int
        m: cython.int
        p: cython.int
        s: cython.longlong
        board = self.pos.board
        for i in range(start, end):
            m = self.pos.moves[i]
            p = board[move_from(m)]
            s = (self.val(board[move_to(m)]) << 6) - (self.val(p) >> 4) + 4096
            if move_promo(m):
                s += self.val(move_promo(m)) << 6
            elif move_flag(m) == EP:
                s += self.val(p) << 6
            self.keys[i] = s << MOVE_BITS | m

    def pick(self, i: cython.int, end: cython.int) -> cython.int:
        """Bring the best key of [i, end) to index i and return its move."""
        best: cython.int = i
        j: cython.int
        k: cython.longlong
        for j in range(i + 1, end):
            if self.keys[j] > self.keys[best]:
                best = j
        k = self.keys[best]
        self.keys[best] = self.keys[i]
        self.keys[i] = k
        return k & MOVE_MASK

    def sort(self, i: cython.int, end: cython.int) -> cython.void:
        """Sort the keys of [i, end) best first (then read them with :meth:`at`)."""
        j: cython.int
        h: cython.int
        k: cython.longlong
        for j in range(i + 1, end):
            k = self.keys[j]
            h = j
            while h > i and self.keys[h - 1] < k:
                self.keys[h] = self.keys[h - 1]
                h -= 1
            self.keys[h] = k

    def at(self, i: cython.int) -> cython.int:
        """The move of key i."""
        return self.keys[i] & MOVE_MASK

    def reward(self, code: cython.int, to: cython.int, bonus: cython.int) -> cython.void:
        """Add ``bonus`` (negative: a penalty) to a history entry, with gravity toward zero."""
        i: cython.int = (code + self.n) * self.size + to
        h: cython.longlong = self.history[i]
        self.history[i] = h + bonus - h * abs(bonus) // HIST_MAX

    def killer(self, ply: cython.int, m: cython.int) -> cython.void:
        """``m`` refuted a sibling at ``ply``: it becomes the first killer."""
        if self.killers[2 * ply] != m:
            self.killers[2 * ply + 1] = self.killers[2 * ply]
            self.killers[2 * ply] = m

    def ordered(self, start: int, end: int, hmove: int = 0, ply: int = 0) -> list:
        """The moves of [start, end) in order (for the root and for tests)."""
        self.score_moves(start, end, hmove, ply)
        return [self.pick(i, end) for i in range(start, end)]
