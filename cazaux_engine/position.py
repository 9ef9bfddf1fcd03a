"""Position: the board, its pieces, make/unmake and attacks.

This is the engine's hottest code, with :mod:`cazaux_engine.movegen` (the
legal moves of a position).  It is written once, in Python, and compiled
with Cython in pure-Python mode (types in ``position.pxd`` and in annotations
of local variables); the same file runs interpreted when
``CAZAUX_ENGINE_PURE=1`` or where no compiler was found, with the same
results.  All state lives in int arrays (``array.array``, typed memoryviews
when compiled): the board as a padded mailbox, the piece list of each
colour, an undo record per move played (which is also the game's history of
hashes), the piece-square sums of the evaluation, a move buffer that the
generator appends to (the search keeps one list per ply in it, one after the
other) and the generator's scratch marks.

Attacks are read from the reverse tables of :mod:`cazaux_engine.movetables`:
who can capture on a square, by leaping from a square, by sliding or hopping
along a line, or (Eagle, Rhinoceros) by stepping onto a line and sliding in.
"""
from __future__ import annotations

from array import array

import cython

from .movetables import tables_for
from .rules import Rules

if cython.compiled:
    from cython.cimports.cazaux_engine.moves import (BENT, CASTLE, DOUBLE, EP, HOP, LAME_M, LEAP,
                                                     LEAP_C, LEAP_M, PAWN, RIDE, RIDE_C, RIDE_M,
                                                     make_move, move_flag, move_from, move_promo,
                                                     move_to, side_of, with_promotion)
else:
    from .moves import (BENT, CASTLE, DOUBLE, EP, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN, RIDE,
                        RIDE_C, RIDE_M, make_move, move_flag, move_from, move_promo, move_to,
                        side_of, with_promotion)

WHITE, BLACK = 1, -1
MOVE_CAPACITY = 8192          # default size of the move buffer (reserve_moves grows it)


def _ints(n: int, fill: int = 0) -> array:
    return array('i', [fill]) * n


def _words(n: int) -> array:
    return array('Q', [0]) * n


def _grown(values, used: int, n: int, typecode: str) -> array:
    """A new array of ``n`` zeros starting with the first ``used`` of ``values``."""
    a = array(typecode, [0]) * n
    for k in range(used):
        a[k] = values[k]
    return a


@cython.cclass
class Position:
    """A game position of one variant, with the history needed for draws.

    Squares and moves are the ints of :mod:`cazaux_engine.moves`; use
    :mod:`cazaux_engine.fen` and :mod:`cazaux_engine.notation` to convert.
    ``turn`` is 1 (White) or -1 (Black).
    """

    def __init__(self, rules: Rules, board, turn: int, rights: int, ep: int,
                 halfmove: int = 0, fullmove: int = 1):
        mt = tables_for(rules)
        self.rules = rules
        self.mt = mt
        size = mt.size
        self.board = array('i', board)
        self.turn = turn
        self.king = _ints(2)
        self.plist = _ints(2 * size)
        self.pcount = _ints(2)
        self.pindex = _ints(size)
        for sq in rules.squares:
            p = board[sq]
            if p:
                self.add_piece(sq, p)
                if p == 1 or p == -1:
                    self.king[side_of(p)] = sq
        self.rights = rights
        self.ep = ep
        self.halfmove = halfmove
        self.ply = 2 * (fullmove - 1) + (turn < 0)
        self.sp = 0
        self.cap = 0
        self.u_move = self.u_piece = self.u_cap = self.u_ep = self.u_rights = _ints(0)
        self.u_half = self.u_mg = self.u_eg = self.u_npm_w = self.u_npm_b = _ints(0)
        self.u_hash = self.u_pkey = _words(0)
        self.reserve_undo(64)
        self.hash = self._compute_hash()
        self.pst = None
        self.has_pst = False
        self.mg = self.eg = self.npm_w = self.npm_b = 0
        self.pkey = 0
        self.moves = _ints(MOVE_CAPACITY)
        self.move_cap = MOVE_CAPACITY
        self.overflow = False
        self.ev_mark = _ints(size)
        self.sus_mark = _ints(size)
        self.forb_mark = _ints(size)
        self.scr_mark = _ints(size)
        self.checker_sq = _ints(16)
        self.stamp = self.ev_stamp = self.n_checkers = 0
        self.promo_tmp = _ints(256)

    # -- copying, history and Python views ----------------------------------------

    def copy(self) -> Position:
        """An independent copy (history included)."""
        p = Position(self.rules, self.board, self.turn, self.rights, self.ep, self.halfmove, 1)
        p.ply = self.ply
        p.reserve_undo(self.sp + 64)
        k: cython.int
        for k in range(self.sp):
            p.u_move[k] = self.u_move[k]
            p.u_piece[k] = self.u_piece[k]
            p.u_cap[k] = self.u_cap[k]
            p.u_ep[k] = self.u_ep[k]
            p.u_rights[k] = self.u_rights[k]
            p.u_half[k] = self.u_half[k]
            p.u_hash[k] = self.u_hash[k]
            p.u_mg[k] = self.u_mg[k]
            p.u_eg[k] = self.u_eg[k]
            p.u_npm_w[k] = self.u_npm_w[k]
            p.u_npm_b[k] = self.u_npm_b[k]
            p.u_pkey[k] = self.u_pkey[k]
        p.sp = self.sp
        p.hash = self.hash
        if self.pst is not None:
            p.set_pst(self.pst)
        return p

    def reserve_undo(self, n: cython.int):
        """Make room for ``n`` undo records (moves played since the start)."""
        if n <= self.cap:
            return
        n = max(n, 2 * self.cap)
        old = self.cap
        self.u_move = _grown(self.u_move, old, n, 'i')
        self.u_piece = _grown(self.u_piece, old, n, 'i')
        self.u_cap = _grown(self.u_cap, old, n, 'i')
        self.u_ep = _grown(self.u_ep, old, n, 'i')
        self.u_rights = _grown(self.u_rights, old, n, 'i')
        self.u_half = _grown(self.u_half, old, n, 'i')
        self.u_mg = _grown(self.u_mg, old, n, 'i')
        self.u_eg = _grown(self.u_eg, old, n, 'i')
        self.u_npm_w = _grown(self.u_npm_w, old, n, 'i')
        self.u_npm_b = _grown(self.u_npm_b, old, n, 'i')
        self.u_hash = _grown(self.u_hash, old, n, 'Q')
        self.u_pkey = _grown(self.u_pkey, old, n, 'Q')
        self.cap = n

    def reserve_moves(self, n: int) -> None:
        """Make the move buffer hold ``n`` moves (the search's lists of every ply)."""
        if n > self.move_cap:
            self.moves = _ints(n)
            self.move_cap = n

    def _compute_hash(self) -> int:
        mt = self.mt
        h = 0
        for sq in self.rules.squares:
            p = self.board[sq]
            if p:
                h ^= mt.z_piece[(p + mt.n) * mt.size + sq]
        if self.turn < 0:
            h ^= mt.z_side
        h ^= mt.z_rights[self.rights]
        if self.ep:
            h ^= mt.z_ep[self.ep]
        return h

    @property

    def history(self) -> list:
        """Hashes of the positions before each move played (oldest first)."""
        return [self.u_hash[k] for k in range(self.sp)]

    @property

    def kings(self) -> list:
        """``kings[colour]``: the King's square of White (1) and Black (-1)."""
        return [None, self.king[0], self.king[1]]

    @property

    def pieces(self) -> list:
        """``pieces[colour]``: the set of squares of that colour's pieces."""
        size = self.mt.size
        return [None] + [{self.plist[s * size + k] for k in range(self.pcount[s])} for s in (0, 1)]

    @property

    def psq(self) -> int:
        """The piece-square sums in one int (mg, eg, npm White, npm Black, pawn key),
        as :func:`search.eval.pack` packs a table entry."""
        parts = [self.mg, self.eg, self.npm_w, self.npm_b, self.pkey]    # Python ints
        return sum(x << 22 * k for k, x in enumerate(parts))

    def set_pst(self, pst) -> None:
        """Install piece-square tables kept up to date by push/pop (None removes them).

        ``pst`` has int arrays ``mg``, ``eg`` and ``key`` (unsigned 64-bit)
        indexed ``(code + n) * size + sq`` and ``npm`` indexed ``code + n``;
        ``mg``/``eg`` then hold the sums over the pieces on the board,
        ``npm_w``/``npm_b`` the sums of ``npm`` over each colour's pieces and
        ``pkey`` the sum of the keys (the search's evaluation reads them).
        """
        self.pst = pst
        self.has_pst = pst is not None
        self.mg = self.eg = self.npm_w = self.npm_b = 0
        self.pkey = 0
        if pst is not None:
            self.pst_mg, self.pst_eg, self.pst_npm, self.pst_key = pst.mg, pst.eg, pst.npm, pst.key
            for sq in self.rules.squares:
                p = self.board[sq]
                if p:
                    self.psq_add(p, sq)

    # -- piece lists and piece-square sums ----------------------------------------------

    def add_piece(self, sq: cython.int, code: cython.int) -> cython.void:
        s: cython.int = side_of(code)
        k: cython.int = self.pcount[s]
        self.plist[s * self.mt.size + k] = sq
        self.pindex[sq] = k
        self.pcount[s] = k + 1

    def remove_piece(self, sq: cython.int) -> cython.void:
        """Take the piece on ``sq`` off its colour's list (the board is not touched)."""
        s: cython.int = side_of(self.board[sq])
        base: cython.int = s * self.mt.size
        k: cython.int = self.pindex[sq]
        last: cython.int = self.plist[base + self.pcount[s] - 1]
        self.plist[base + k] = last
        self.pindex[last] = k
        self.pcount[s] -= 1

    def relocate(self, frm: cython.int, to: cython.int) -> cython.void:
        """The piece on ``frm`` (list entry) now stands on ``to``."""
        k: cython.int = self.pindex[frm]
        self.plist[side_of(self.board[frm]) * self.mt.size + k] = to
        self.pindex[to] = k

    def psq_add(self, code: cython.int, sq: cython.int) -> cython.void:
        i: cython.int = (code + self.mt.n) * self.mt.size + sq
        self.mg += self.pst_mg[i]
        self.eg += self.pst_eg[i]
        self.pkey += self.pst_key[i]
        if code > 0:
            self.npm_w += self.pst_npm[code + self.mt.n]
        else:
            self.npm_b += self.pst_npm[code + self.mt.n]

    def psq_sub(self, code: cython.int, sq: cython.int) -> cython.void:
        i: cython.int = (code + self.mt.n) * self.mt.size + sq
        self.mg -= self.pst_mg[i]
        self.eg -= self.pst_eg[i]
        self.pkey -= self.pst_key[i]
        if code > 0:
            self.npm_w -= self.pst_npm[code + self.mt.n]
        else:
            self.npm_b -= self.pst_npm[code + self.mt.n]

    def count(self, colour: cython.int) -> cython.int:
        """Number of pieces of ``colour`` (King included)."""
        return self.pcount[side_of(colour)]

    def piece_at(self, colour: cython.int, k: cython.int) -> cython.int:
        """Square of the k-th piece in the list of ``colour``."""
        return self.plist[side_of(colour) * self.mt.size + k]

    def king_of(self, colour: cython.int) -> cython.int:
        return self.king[side_of(colour)]

    def castle_entry(self, side: cython.int, frm: cython.int, to: cython.int) -> cython.int:
        """Offset in ``castle_data`` of the castling that moves the King frm -> to."""
        off: cython.int = self.mt.castle_start[side]
        n: cython.int = self.mt.castle_data[off]
        k: cython.int
        off += 1
        for k in range(n):
            if self.mt.castle_data[off + 1] == frm and self.mt.castle_data[off + 2] == to:
                return off
            off += 7 + self.mt.castle_data[off + 6]
            off += 1 + self.mt.castle_data[off]
        return -1

    # -- make / unmake -----------------------------------------------------------------

    def push(self, m: int) -> None:
        """Play move ``m`` (which must be legal here)."""
        if self.sp + 1 >= self.cap:
            self.reserve_undo(self.sp + 64)
        self.make(m)

    def pop(self) -> int:
        """Take back the last move and return it."""
        if self.sp == 0:
            raise IndexError('pop from a position without moves')
        m = self.u_move[self.sp - 1]
        self.unmake()
        return m

    def push_null(self) -> None:
        """Pass (for null-move search): only the side to move changes."""
        if self.sp + 1 >= self.cap:
            self.reserve_undo(self.sp + 64)
        self.make_null()

    def pop_null(self) -> None:
        self.unmake_null()

    def make(self, m: cython.int) -> cython.void:
        """Play ``m``; the caller has made room for its undo record."""
        n: cython.int = self.mt.n
        size: cython.int = self.mt.size
        us: cython.int = self.turn
        frm: cython.int = move_from(m)
        to: cython.int = move_to(m)
        p: cython.int = self.board[frm]
        cap: cython.int = self.board[to]
        h: cython.ulonglong = self.hash ^ self.mt.z_side
        k: cython.int = self.sp
        ep_moves = cython.declare(cython.int[2])
        n_ep: cython.int = 0
        i: cython.int
        s: cython.int
        x: cython.int
        np: cython.int
        vs: cython.int
        off: cython.int
        rs: cython.int
        rt: cython.int
        rook: cython.int
        rights: cython.int
        self.u_move[k] = m
        self.u_piece[k] = p
        self.u_ep[k] = self.ep
        self.u_rights[k] = self.rights
        self.u_half[k] = self.halfmove
        self.u_hash[k] = self.hash
        self.u_mg[k] = self.mg
        self.u_eg[k] = self.eg
        self.u_npm_w[k] = self.npm_w
        self.u_npm_b[k] = self.npm_b
        self.u_pkey[k] = self.pkey
        if self.ep:
            h ^= self.mt.z_ep[self.ep]
            self.ep = 0
        if cap:
            self.remove_piece(to)            # before relocate: both index by square
        self.relocate(frm, to)
        h ^= self.mt.z_piece[(p + n) * size + frm] ^ self.mt.z_piece[(p + n) * size + to]
        if self.has_pst:
            self.psq_sub(p, frm)
            self.psq_add(p, to)
        if cap:
            h ^= self.mt.z_piece[(cap + n) * size + to]
            if self.has_pst:
                self.psq_sub(cap, to)
            self.halfmove = 0
        elif self.mt.resets[p + n]:
            self.halfmove = 0
        else:
            self.halfmove += 1
        self.board[to] = p
        self.board[frm] = 0
        if move_promo(m) or move_flag(m):
            if move_promo(m):
                np = move_promo(m) * us
                self.board[to] = np
                h ^= self.mt.z_piece[(p + n) * size + to] ^ self.mt.z_piece[(np + n) * size + to]
                if self.has_pst:
                    self.psq_sub(p, to)
                    self.psq_add(np, to)
            if move_flag(m) == DOUBLE:
                # the opponent's e.p. captures of the crossed square
                off = ((1 - side_of(us)) * size + frm + us * self.mt.stride) * 5
                for i in range(self.mt.ep_data[off]):
                    s = self.mt.ep_data[off + 1 + 2 * i]
                    x = self.board[s]
                    if x * us < 0 and self.mt.ep_capturer[x + n]:
                        ep_moves[n_ep] = self.mt.ep_data[off + 2 + 2 * i]
                        n_ep += 1
            elif move_flag(m) == EP:
                vs = to - us * self.mt.stride
                cap = self.board[vs]          # the undo record keeps the victim
                self.remove_piece(vs)
                self.board[vs] = 0
                h ^= self.mt.z_piece[(cap + n) * size + vs]
                if self.has_pst:
                    self.psq_sub(cap, vs)
            elif move_flag(m) == CASTLE:
                off = self.castle_entry(side_of(us), frm, to)
                rs = self.mt.castle_data[off + 3]
                rt = self.mt.castle_data[off + 4]
                rook = self.board[rs]
                self.relocate(rs, rt)
                self.board[rs] = 0
                self.board[rt] = rook
                h ^= self.mt.z_piece[(rook + n) * size + rs] ^ self.mt.z_piece[(rook + n) * size + rt]
                if self.has_pst:
                    self.psq_sub(rook, rs)
                    self.psq_add(rook, rt)
        self.u_cap[k] = cap
        rights = self.rights
        if rights:
            if p == us:
                rights &= ~self.mt.rights_bits[side_of(us)]
            rights &= self.mt.rights_mask[frm] & self.mt.rights_mask[to]
            if rights != self.rights:
                h ^= self.mt.z_rights[self.rights] ^ self.mt.z_rights[rights]
                self.rights = rights
        if p == us:
            self.king[side_of(us)] = to
        self.turn = -us
        self.ply += 1
        self.sp = k + 1
        for i in range(n_ep):
            if self.safe_after(ep_moves[i]):
                # the e.p. square is kept (and hashed) only when the capture is legal,
                # so that repetitions compare positions as the rules do
                self.ep = frm + us * self.mt.stride
                h ^= self.mt.z_ep[self.ep]
                break
        self.hash = h

    def unmake(self) -> cython.void:
        """Take back the last move."""
        k: cython.int = self.sp - 1
        m: cython.int = self.u_move[k]
        p: cython.int = self.u_piece[k]
        cap: cython.int = self.u_cap[k]
        us: cython.int = -self.turn
        frm: cython.int = move_from(m)
        to: cython.int = move_to(m)
        vs: cython.int
        off: cython.int
        rs: cython.int
        rt: cython.int
        self.ep = self.u_ep[k]
        self.rights = self.u_rights[k]
        self.halfmove = self.u_half[k]
        self.hash = self.u_hash[k]
        self.mg = self.u_mg[k]
        self.eg = self.u_eg[k]
        self.npm_w = self.u_npm_w[k]
        self.npm_b = self.u_npm_b[k]
        self.pkey = self.u_pkey[k]
        self.sp = k
        self.turn = us
        self.ply -= 1
        self.board[frm] = p
        self.relocate(to, frm)
        if move_flag(m) == EP:
            vs = to - us * self.mt.stride
            self.board[to] = 0
            self.board[vs] = cap
            self.add_piece(vs, cap)
        else:
            self.board[to] = cap
            if cap:
                self.add_piece(to, cap)
            if move_flag(m) == CASTLE:
                off = self.castle_entry(side_of(us), frm, to)
                rs = self.mt.castle_data[off + 3]
                rt = self.mt.castle_data[off + 4]
                self.relocate(rt, rs)
                self.board[rs] = self.board[rt]
                self.board[rt] = 0
        if p == us:
            self.king[side_of(us)] = frm

    def make_null(self) -> cython.void:
        k: cython.int = self.sp
        self.u_move[k] = 0
        self.u_piece[k] = 0
        self.u_cap[k] = 0
        self.u_ep[k] = self.ep
        self.u_rights[k] = self.rights
        self.u_half[k] = self.halfmove
        self.u_hash[k] = self.hash
        self.u_mg[k] = self.mg
        self.u_eg[k] = self.eg
        self.u_npm_w[k] = self.npm_w
        self.u_npm_b[k] = self.npm_b
        self.u_pkey[k] = self.pkey
        self.hash ^= self.mt.z_side
        if self.ep:
            self.hash ^= self.mt.z_ep[self.ep]
            self.ep = 0
        self.halfmove += 1
        self.turn = -self.turn
        self.ply += 1
        self.sp = k + 1

    def unmake_null(self) -> cython.void:
        k: cython.int = self.sp - 1
        self.ep = self.u_ep[k]
        self.rights = self.u_rights[k]
        self.halfmove = self.u_half[k]
        self.hash = self.u_hash[k]
        self.sp = k
        self.turn = -self.turn
        self.ply -= 1

    # -- attacks ---------------------------------------------------------------------------

    def attacked(self, sq: cython.int, by: cython.int) -> cython.bint:
        """Could a piece of colour ``by`` capture a piece standing on ``sq``?"""
        i: cython.int = side_of(by) * self.mt.size + sq
        off: cython.int = self.mt.att_leap_start[i]
        cnt: cython.int = self.mt.att_leap_data[off]
        k: cython.int
        q: cython.int
        length: cython.int
        first: cython.int
        sliders: cython.int
        hoppers: cython.int
        wp: cython.int
        w: cython.int
        j: cython.int
        cw: cython.int
        off += 1
        for k in range(cnt):
            q = self.board[self.mt.att_leap_data[off]] * by
            if q > 0 and self.mt.att_leap_data[off + 1] >> q & 1:
                return True
            off += 2
        off = self.mt.att_ray_start[i]
        cnt = self.mt.att_ray_data[off]
        off += 1
        for k in range(cnt):
            length = self.mt.att_ray_data[off]
            first = off + 1
            off = first + length + 3
            sliders = self.mt.att_ray_data[off - 3]
            hoppers = self.mt.att_ray_data[off - 2]
            wp = self.mt.att_ray_data[off - 1]
            j = 0
            q = 0
            while j < length:
                q = self.board[self.mt.att_ray_data[first + j]]
                if q:
                    break
                if wp:
                    cw = self.mt.wing_data[wp]
                    wp += 1
                    for w in range(cw):
                        x: cython.int = self.board[self.mt.wing_data[wp]] * by
                        if x > 0 and self.mt.wing_data[wp + 1] >> x & 1:
                            return True
                        wp += 2
                j += 1
            if j == length:
                continue
            q *= by
            if q > 0 and sliders >> q & 1:
                return True
            if hoppers:
                j += 1
                while j < length:
                    q = self.board[self.mt.att_ray_data[first + j]]
                    if q:
                        q *= by
                        if q > 0 and hoppers >> q & 1:
                            return True
                        break
                    j += 1
        return False

    def in_check(self) -> cython.bint:
        """Is the side to move in check?"""
        return self.attacked(self.king[side_of(self.turn)], -self.turn)

    def safe_after(self, m: cython.int) -> cython.bint:
        """Is the own King safe after the non-King move m? (tried on the board)"""
        us: cython.int = self.turn
        frm: cython.int = move_from(m)
        to: cython.int = move_to(m)
        p: cython.int = self.board[frm]
        q: cython.int = self.board[to]
        vs: cython.int
        v: cython.int
        ok: cython.bint
        self.board[to] = p
        self.board[frm] = 0
        if move_flag(m) == EP:
            vs = to - us * self.mt.stride
            v = self.board[vs]
            self.board[vs] = 0
            ok = not self.attacked(self.king[side_of(us)], -us)
            self.board[vs] = v
        else:
            ok = not self.attacked(self.king[side_of(us)], -us)
        self.board[frm] = p
        self.board[to] = q
        return ok

    def attacked_after(self, m: cython.int) -> cython.bint:
        """Could the opponent capture on the destination of ``m`` once it is played?

        A cheap exchange test for move ordering and pruning: only the moving
        piece is moved on the board (no e.p. victim, castling Rook or
        promotion), then the square is tested with :meth:`attacked`.
        """
        frm: cython.int = move_from(m)
        to: cython.int = move_to(m)
        p: cython.int = self.board[frm]
        q: cython.int = self.board[to]
        hit: cython.bint
        self.board[to] = p
        self.board[frm] = 0
        hit = self.attacked(to, -self.turn)
        self.board[frm] = p
        self.board[to] = q
        return hit

    # -- the Python interface (move generation is in movegen.py) ------------------------------
    def legal_moves(self, captures: bool = False) -> list:
        """All legal moves; with ``captures`` only captures and promotions."""
        from .movegen import legal_moves
        return legal_moves(self, captures)

    def move_is_legal(self, m: int) -> bool:
        """Is the move int ``m`` (say, from a hash table) legal here?"""
        from .movegen import move_is_legal
        return move_is_legal(self, m)

    def checkers(self) -> list:
        """Squares of the enemy pieces giving check."""
        from .movegen import checkers
        return checkers(self)

    def perft(self, depth: int) -> int:
        """Leaf count at ``depth`` plies; the last ply is counted, not played."""
        from .movegen import perft
        return perft(self, depth)

    def is_capture(self, m: int) -> bool:
        return bool(self.board[move_to(m)]) or move_flag(m) == EP
