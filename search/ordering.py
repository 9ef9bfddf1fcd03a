"""Move ordering: the hash move, captures, killers, history.

:class:`MoveOrder` gives every move of a list in the search's move buffer a
sort key ``score << 27 | move`` (:meth:`score_moves`, :meth:`score_captures`)
and hands the moves out best first (:meth:`pick`, one selection step at a
time, so that a cut-off after the first moves saves sorting the rest).
Keys are unique, so the order is the same as a full sort.  Scores, best
first:

* the hash move (the best move stored for this position);
* captures that do not lose material and promotions, by victim value
  (most valuable victim first) then attacker value (least valuable first);
  a promotion adds the new piece's value; with ``CAPTURE_HISTORY`` (not 0)
  plus their capture history divided by it (the same bonus and gravity as
  the history, per moving piece, square and victim kind), in the main
  search and quiescence;
* the two killer moves of this ply (quiet moves that refuted a sibling);
* the countermove: the quiet move that last refuted the opponent's last move;
* captures that lose material by static exchange evaluation ("bad"
  captures, :func:`cazaux_engine.exchange.see_ge`, asked only when the victim is
  worth less than the capturer);
* quiet moves by their history score (how often moving this piece to this
  square caused a cut-off, a bonus growing with depth (``HISTORY_BONUS_LINEAR``), with a
  penalty for quiet moves tried before a cut-off; gravity keeps every entry
  within +-16384) plus their continuation history, in the same units: the same statistics for this move right after the opponent's
  last move and after our own previous one (piece type and square of each,
  colours left out to keep the table small).  A move is named there by its
  *slot* ``type * squares + square index``.

Once a few moves have been picked without a cut-off, the rest are sorted
at once (:meth:`sort`, Shell's sort) and read in turn (:meth:`at`).

The history belongs to the searcher and lives across searches (halved at
the start of each); killers start afresh with each search.
"""
from __future__ import annotations

from array import array

import cython

from .weights import search_settings

if cython.compiled:
    from cython.cimports.cazaux_engine.exchange import see_ge
    from cython.cimports.cazaux_engine.movegen import MoveGen
    from cython.cimports.cazaux_engine.moves import EP, move_flag, move_from, move_promo, move_to
    from cython.cimports.cazaux_engine.position import Position
else:
    from cazaux_engine.exchange import see_ge
    from cazaux_engine.movegen import MoveGen
    from cazaux_engine.moves import EP, move_flag, move_from, move_promo, move_to
    from cazaux_engine.position import Position

MOVE_BITS = cython.declare(cython.int, 27)
MOVE_MASK = cython.declare(cython.longlong, (1 << 27) - 1)
HASH = cython.declare(cython.longlong, 1 << 30)
GOOD = cython.declare(cython.longlong, 1 << 28)
KILLER1 = cython.declare(cython.longlong, (1 << 27) + 1)
KILLER2 = cython.declare(cython.longlong, 1 << 27)
BAD = cython.declare(cython.longlong, 1 << 26)
BAD_LAST = cython.declare(cython.longlong, 1 << 20)     # (BAD_CAPTURES_LAST) below every quiet key
BAD_SPAN = cython.declare(cython.longlong, 1 << 19)     # a losing capture's key: its base + the victim's value, below this
COUNTER = cython.declare(cython.longlong, (1 << 27) - 1)
HIST_BIAS = cython.declare(cython.longlong, 1 << 25)
HIST_MAX = cython.declare(cython.longlong, 1 << 14)     # every history entry stays within +-this
CORR_SIZE = cython.declare(cython.int, 1 << 14)          # correction history entries per side
CONT_LIMIT = 1 << 25                                    # cells of the table, at most
SHELL_GAPS = cython.declare(cython.int[8], [701, 301, 132, 57, 23, 10, 4, 1])     # Ciura's gaps


@cython.cclass
class MoveOrder:
    """Ordering state of one search thread for one variant (see the module docstring)."""

    def __init__(self, pos: Position, plies: int, values, moves: int):
        """``values``: the piece values (int array indexed by signed code + n)
        by which captures are ordered and exchanges evaluated; ``moves``: the
        size of the move buffer whose moves are ordered."""
        R = pos.rules
        self.pos = pos
        self.n, self.size = R.n, R.size
        self.value = values
        self.history = array('i', [0]) * ((2 * R.n + 1) * R.size)
        self.killers = array('i', [0]) * (2 * plies)
        self.keys = array('q', [0]) * moves
        self.sq_index = array('i', [0]) * R.size
        for k, sq in enumerate(R.squares):
            self.sq_index[sq] = k
        self.slots = R.n * R.nsquares
        if self.slots * self.slots > CONT_LIMIT:
            self.slots = 0                  # a board too big for the table: none
        self.cont = array('h', [0]) * (self.slots * self.slots)
        self.counter = array('i', [0]) * self.slots
        self.corr = array('i', [0]) * (2 * CORR_SIZE)
        S = search_settings(R.variant.name)         # the switches, per variant
        self.corr_max = S.CORRECTION_MAX
        self.corr_nonpawn = bool(S.CORRECTION_NONPAWN)
        self.corr_w = array('i', [0]) * (2 * CORR_SIZE if self.corr_nonpawn else 1)
        self.corr_b = array('i', [0]) * (2 * CORR_SIZE if self.corr_nonpawn else 1)
        self.capt_div = S.CAPTURE_HISTORY
        self.bad_base = BAD_LAST if S.BAD_CAPTURES_LAST else BAD
        self.capt = array('i', [0]) * ((2 * R.n + 1) * R.size * (R.n + 1) if self.capt_div else 1)

    def attach(self, pos: Position, g: MoveGen) -> None:
        """Order the moves of ``pos`` (a position of the same variant) in the
        move buffer of ``g``."""
        self.pos = pos
        self.g = g
        if len(self.keys) < len(g.moves):
            self.keys = array('q', [0]) * len(g.moves)

    def new_search(self) -> None:
        """Halve the histories and forget the killers."""
        i: cython.Py_ssize_t
        for i in range(len(self.history)):
            self.history[i] = self.history[i] // 2
        if self.capt_div:
            for i in range(len(self.capt)):
                self.capt[i] = self.capt[i] // 2
        for i in range(len(self.killers)):
            self.killers[i] = 0

    def slot(self, code: cython.int, to: cython.int) -> cython.int:
        """Continuation slot of piece ``code`` arriving on ``to`` (-1 if no table)."""
        if not self.slots:
            return -1
        return ((code if code > 0 else -code) - 1) * self.pos.rules.nsquares + self.sq_index[to]

    def val(self, code: cython.int) -> cython.longlong:
        """Value of a piece (signed code; 0 for an empty square)."""
        return self.value[code + self.n]

    def score_moves(self, start: cython.int, end: cython.int, hmove: cython.int,
                    ply: cython.int, prev1: cython.int, prev2: cython.int) -> cython.void:
        """Keys of the moves in [start, end) for the main search; ``prev1``
        and ``prev2`` are the slots of the last two moves (-1: none)."""
        k1: cython.int = self.killers[2 * ply]
        k2: cython.int = self.killers[2 * ply + 1]
        cm: cython.int = self.counter[prev1] if prev1 >= 0 else 0
        i: cython.int
        m: cython.int
        to: cython.int
        cap: cython.int
        p: cython.int
        s: cython.longlong
        vv: cython.longlong
        va: cython.longlong
        for i in range(start, end):
            m = self.g.moves[i]
            to = move_to(m)
            cap = self.pos.board[to]
            p = self.pos.board[move_from(m)]
            if m == hmove:
                s = HASH
            elif cap:
                vv = self.val(cap)
                va = self.val(p)
                if vv < va and not move_promo(m) and not see_ge(self.pos, m, self.value, 0):
                    s = self.bad_base + vv
                else:
                    s = GOOD + (vv << 6) - (va >> 4)
                    if move_promo(m):
                        s += self.val(move_promo(m)) << 6
                    if self.capt_div:
                        s += self.capt[self.capt_index(p, to, cap)] // self.capt_div
            elif move_promo(m):
                s = GOOD + (self.val(move_promo(m)) << 6)
            elif move_flag(m) == EP:
                s = GOOD + (self.val(p) << 6)
            elif m == k1:
                s = KILLER1
            elif m == k2:
                s = KILLER2
            elif m == cm:
                s = COUNTER
            else:
                s = self.quiet_score(p, to, prev1, prev2)
            self.keys[i] = s << MOVE_BITS | m

    def quiet_score(self, code: cython.int, to: cython.int, prev1: cython.int,
                    prev2: cython.int) -> cython.longlong:
        """History plus continuation history of a quiet move, as a key score."""
        h: cython.longlong = self.history[(code + self.n) * self.size + to]
        cur: cython.int = self.slot(code, to)
        if prev1 >= 0:
            h += self.cont[prev1 * self.slots + cur]
        if prev2 >= 0:
            h += self.cont[prev2 * self.slots + cur]
        return HIST_BIAS + h

    def history_of(self, code: cython.int, to: cython.int, prev1: cython.int,
                   prev2: cython.int) -> cython.longlong:
        """History plus continuation history of a quiet move (0: nothing known)."""
        return self.quiet_score(code, to, prev1, prev2) - HIST_BIAS

    def correction(self, pawns: cython.ulonglong, white: cython.ulonglong,
                   black: cython.ulonglong, us: cython.int) -> cython.int:
        """Centipawns to add to the static eval of the side ``us`` to move
        with the pawn structure ``pawns`` (correction history) and, with
        ``CORRECTION_NONPAWN``, White's and Black's other pieces ``white``
        and ``black`` (each a table of its own, the three entries summed)."""
        side: cython.Py_ssize_t = us < 0
        c: cython.int = self.corr[(pawns & (CORR_SIZE - 1)) * 2 + side]
        if self.corr_nonpawn:
            c += (self.corr_w[(white & (CORR_SIZE - 1)) * 2 + side]
                  + self.corr_b[(black & (CORR_SIZE - 1)) * 2 + side])
        return c // 16

    def correct(self, pawns: cython.ulonglong, white: cython.ulonglong, black: cython.ulonglong,
                us: cython.int, diff: cython.int, depth: cython.int) -> cython.void:
        """A search to ``depth`` found the static eval of ``us`` to move
        ``diff`` centipawns too low: move each entry of :meth:`correction`
        toward it (weighted by depth, decaying toward its bound)."""
        side: cython.Py_ssize_t = us < 0
        lim: cython.int = self.corr_max // 4
        bonus: cython.int = diff * 16 * depth // 8
        if bonus > lim:
            bonus = lim
        elif bonus < -lim:
            bonus = -lim
        self.nudge(self.corr, (pawns & (CORR_SIZE - 1)) * 2 + side, bonus)
        if self.corr_nonpawn:
            self.nudge(self.corr_w, (white & (CORR_SIZE - 1)) * 2 + side, bonus)
            self.nudge(self.corr_b, (black & (CORR_SIZE - 1)) * 2 + side, bonus)

    def nudge(self, table: cython.int[::1], i: cython.Py_ssize_t, bonus: cython.int) -> cython.void:
        """One correction entry moved by ``bonus``, decaying toward its bound."""
        table[i] += bonus - table[i] * (bonus if bonus > 0 else -bonus) // self.corr_max

    def score_captures(self, start: cython.int, end: cython.int) -> cython.void:
        """Quiescence keys: most valuable victim, then least valuable attacker."""
        i: cython.int
        m: cython.int
        p: cython.int
        s: cython.longlong
        for i in range(start, end):
            m = self.g.moves[i]
            p = self.pos.board[move_from(m)]
            s = (self.val(self.pos.board[move_to(m)]) << 6) - (self.val(p) >> 4) + 4096
            if move_promo(m):
                s += self.val(move_promo(m)) << 6
            elif move_flag(m) == EP:
                s += self.val(p) << 6
            if self.capt_div:
                s += self.capt[self.capt_index(p, move_to(m), self.pos.board[move_to(m)])] // self.capt_div
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
        """Sort the keys of [i, end) best first (then read them with :meth:`at`).

        Shell's sort with Ciura's gaps (insertion sort once the gap is 1):
        every key holds its move, so no two are equal and the order is the
        same as any other sort's."""
        j: cython.int
        h: cython.int
        g: cython.int
        gi: cython.int
        k: cython.longlong
        for gi in range(8):
            g = SHELL_GAPS[gi]
            if g >= end - i:
                continue
            for j in range(i + g, end):
                k = self.keys[j]
                h = j
                while h - g >= i and self.keys[h - g] < k:
                    self.keys[h] = self.keys[h - g]
                    h -= g
                self.keys[h] = k

    def at(self, i: cython.int) -> cython.int:
        """The move of key i."""
        return self.keys[i] & MOVE_MASK

    def refutation_at(self, i: cython.int) -> cython.bint:
        """Did :meth:`score_moves` rank the move of key i as a killer or as
        the countermove?"""
        k: cython.longlong = self.keys[i] >> MOVE_BITS
        return k == KILLER1 or k == KILLER2 or k == COUNTER

    def bad_capture_at(self, i: cython.int) -> cython.bint:
        """Did :meth:`score_moves` rank the move of key i as a capture that
        loses in the exchange (SEE < 0)?"""
        k: cython.longlong = self.keys[i] >> MOVE_BITS
        return 0 <= k - self.bad_base < BAD_SPAN

    def reward(self, code: cython.int, to: cython.int, bonus: cython.int) -> cython.void:
        """Add ``bonus`` (negative: a penalty) to a history entry, with gravity toward zero."""
        i: cython.int = (code + self.n) * self.size + to
        h: cython.longlong = self.history[i]
        self.history[i] = h + bonus - h * abs(bonus) // HIST_MAX

    def capt_index(self, code: cython.int, to: cython.int, victim: cython.int) -> cython.int:
        """Capture-history entry of piece ``code`` taking ``victim`` (signed
        code; 0 for en passant) on ``to``."""
        return ((code + self.n) * self.size + to) * (self.n + 1) + (victim if victim > 0 else -victim)

    def reward_capture(self, code: cython.int, to: cython.int, victim: cython.int,
                       bonus: cython.int) -> cython.void:
        """Add ``bonus`` (negative: a penalty) to a capture-history entry, with gravity toward zero."""
        i: cython.int
        h: cython.longlong
        if not self.capt_div:
            return
        i = self.capt_index(code, to, victim)
        h = self.capt[i]
        self.capt[i] = h + bonus - h * abs(bonus) // HIST_MAX

    def reward_cont(self, prev: cython.int, code: cython.int, to: cython.int,
                    bonus: cython.int) -> cython.void:
        """Continuation-history bonus (negative: penalty) for the move after ``prev``."""
        i: cython.int
        h: cython.longlong
        if prev < 0:
            return
        i = prev * self.slots + self.slot(code, to)
        h = self.cont[i]
        self.cont[i] = h + bonus - h * abs(bonus) // HIST_MAX

    def refuted(self, prev: cython.int, m: cython.int) -> cython.void:
        """The quiet move ``m`` refuted the opponent's last move (slot ``prev``)."""
        if prev >= 0:
            self.counter[prev] = m

    def killer(self, ply: cython.int, m: cython.int) -> cython.void:
        """``m`` refuted a sibling at ``ply``: it becomes the first killer."""
        if self.killers[2 * ply] != m:
            self.killers[2 * ply + 1] = self.killers[2 * ply]
            self.killers[2 * ply] = m

    def capture_history(self) -> list:
        """The capture-history entries (for tests): a single 0 without ``CAPTURE_HISTORY``."""
        return list(self.capt)

    def ordered(self, start: int, end: int, hmove: int = 0, ply: int = 0,
                quiescence: bool = False) -> list:
        """The moves of [start, end) in order (for the root and for tests);
        with ``quiescence`` in quiescence's order (captures only)."""
        if quiescence:
            self.score_captures(start, end)
        else:
            self.score_moves(start, end, hmove, ply, -1, -1)
        return [self.pick(i, end) for i in range(start, end)]
