"""Position: the board, make/unmake, attacks and legal move generation.

This is the engine's hottest code.  It is written once, in Python, and
compiled with Cython in pure-Python mode (types in ``position.pxd`` and in
annotations of local variables); the same file runs interpreted when
``CAZAUX_ENGINE_PURE=1`` or where no compiler was found, with the same
results.  All state lives in int arrays (``array.array``, typed
memoryviews when compiled): the board as a padded mailbox, the piece list of
each colour, an undo record per move played, and a move buffer that the
generator appends to (the search keeps one list per ply in it, one after the
other).

Legality is decided without playing every move (see :meth:`gen_legal`):
the lines through the own King are walked once per call to find checks,
pinned pieces (``suspects``: a slider's pin, a Cannon/Crocodile/Sorceress
line with two screens whose removal would leave one, an Eagle/Rhinoceros
path through the piece) and squares where a new piece would become the only
screen of an enemy hopper (``forbidden``).  Only moves of suspects, King
moves, en-passant captures and check evasions are tried on the board.  The
square sets are marks in per-square arrays, stamped with a number that
changes at each use, so that nothing is cleared or allocated per call.
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
        d = self.mt.castle_data
        off: cython.int = self.mt.castle_start[side]
        n: cython.int = d[off]
        k: cython.int
        off += 1
        for k in range(n):
            if d[off + 1] == frm and d[off + 2] == to:
                return off
            off += 7 + d[off + 6]
            off += 1 + d[off]
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

    def checkers(self) -> list:
        """Squares of the enemy pieces giving check."""
        self.scan_king_lines(self.king[side_of(self.turn)], self.turn)
        return [self.checker_sq[k] for k in range(min(self.n_checkers, 16))]

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

    # -- legality helpers ----------------------------------------------------------------

    def next_stamp(self) -> cython.int:
        """A mark value not yet used in the scratch arrays."""
        self.stamp += 1
        return self.stamp

    def scan_king_lines(self, ksq: cython.int, us: cython.int) -> cython.void:
        """Walk the lines to the King of ``us`` (and its leap squares).

        Sets ``checker_sq``/``n_checkers`` (every checker), the evasion
        squares of the last check found (``ev_mark == ev_stamp``: the squares
        a non-King move must reach), ``suspects`` (own pieces whose move may
        expose the King), ``forbidden`` (empty squares where an own piece
        would become a hopper's only screen) and ``screens`` (own pieces that
        are the screen of a checking hopper); the last three are marked with
        ``set_stamp``.
        """
        them: cython.int = -us
        st: cython.int = self.next_stamp()
        i: cython.int = side_of(them) * self.mt.size + ksq
        off: cython.int
        cnt: cython.int
        r: cython.int
        length: cython.int
        first: cython.int
        sliders: cython.int
        hoppers: cython.int
        wings: cython.int
        wp: cython.int
        j: cython.int
        jj: cython.int
        kk: cython.int
        w: cython.int
        cw: cython.int
        q: cython.int
        q2: cython.int
        own: cython.int
        x: cython.int
        if st >= 0x3FFF0000:                  # start the marks afresh
            for j in range(self.mt.size):
                self.ev_mark[j] = self.sus_mark[j] = self.forb_mark[j] = self.scr_mark[j] = 0
            self.stamp = 0
            st = self.next_stamp()
        self.set_stamp = st
        self.n_checkers = 0
        self.any_suspect = self.any_forbidden = self.any_screen = False
        off = self.mt.att_ray_start[i]
        cnt = self.mt.att_ray_data[off]
        off += 1
        for r in range(cnt):
            length = self.mt.att_ray_data[off]
            first = off + 1
            off = first + length + 3
            sliders = self.mt.att_ray_data[off - 3]
            hoppers = self.mt.att_ray_data[off - 2]
            wings = self.mt.att_ray_data[off - 1]
            wp = wings
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
                        x = self.board[self.mt.wing_data[wp]] * them
                        if x > 0 and self.mt.wing_data[wp + 1] >> x & 1:
                            self.add_checker(self.mt.wing_data[wp])
                            self.mark_evasions(first, j + 1, self.mt.wing_data[wp], -1)
                        wp += 2
                j += 1
            if j == length:
                continue
            if q * us < 0:                          # an enemy piece first
                if (sliders >> (q * them)) & 1:
                    self.add_checker(self.mt.att_ray_data[first + j])
                    self.mark_evasions(first, j + 1, -1, -1)
                    continue
                if not hoppers:
                    continue
                if (hoppers >> (q * them)) & 1 and j:
                    for kk in range(j):
                        self.forb_mark[self.mt.att_ray_data[first + kk]] = st
                    self.any_forbidden = True
                jj = self.next_occupied(first, j + 1, length)
                if jj == length:
                    continue
                q2 = self.board[self.mt.att_ray_data[first + jj]]
                if q2 * them > 0 and (hoppers >> (q2 * them)) & 1:
                    self.add_checker(self.mt.att_ray_data[first + jj])
                    self.mark_evasions(first, jj + 1, -1, self.mt.att_ray_data[first + j])
                    continue
                if q2 * us > 0:
                    kk = self.next_occupied(first, jj + 1, length)
                    if kk < length and self.is_in(self.mt.att_ray_data[first + kk], hoppers, them):
                        self.sus_mark[self.mt.att_ray_data[first + jj]] = st
                        self.any_suspect = True
                continue
            # an own piece first
            own = self.mt.att_ray_data[first + j]
            jj = self.next_occupied(first, j + 1, length)
            if wings:
                # wings of the squares between own and the next piece
                wp = wings
                for kk in range(jj):
                    cw = self.mt.wing_data[wp]
                    wp += 1
                    for w in range(cw):
                        if kk >= j and self.is_in(self.mt.wing_data[wp], self.mt.wing_data[wp + 1], them):
                            self.sus_mark[own] = st
                            self.any_suspect = True
                        wp += 2
            if jj == length:
                continue
            q2 = self.board[self.mt.att_ray_data[first + jj]]
            if q2 * them > 0 and (sliders >> (q2 * them)) & 1:
                self.sus_mark[own] = st
                self.any_suspect = True
            if hoppers:
                if q2 * them > 0 and (hoppers >> (q2 * them)) & 1:
                    self.add_checker(self.mt.att_ray_data[first + jj])
                    self.mark_evasions(first, jj + 1, -1, own)
                    self.scr_mark[own] = st
                    self.any_screen = True
                    continue
                kk = self.next_occupied(first, jj + 1, length)
                if kk < length and self.is_in(self.mt.att_ray_data[first + kk], hoppers, them):
                    self.sus_mark[own] = st
                    self.any_suspect = True
                    if q2 * us > 0:
                        self.sus_mark[self.mt.att_ray_data[first + jj]] = st
        # leapers
        off = self.mt.att_leap_start[i]
        cnt = self.mt.att_leap_data[off]
        off += 1
        for r in range(cnt):
            if self.is_in(self.mt.att_leap_data[off], self.mt.att_leap_data[off + 1], them):
                self.add_checker(self.mt.att_leap_data[off])
                self.ev_stamp = self.next_stamp()
                self.ev_mark[self.mt.att_leap_data[off]] = self.ev_stamp
            off += 2

    def is_in(self, sq: cython.int, mask: cython.int, colour: cython.int) -> cython.bint:
        """Is the piece on ``sq`` of ``colour`` and of a type in ``mask``?"""
        x: cython.int = self.board[sq] * colour
        return x > 0 and (mask >> x) & 1

    def next_occupied(self, first: cython.int, j: cython.int, length: cython.int) -> cython.int:
        """Index of the first occupied square of the ray at ``first``, from index j on."""
        while j < length and not self.board[self.mt.att_ray_data[first + j]]:
            j += 1
        return j

    def add_checker(self, sq: cython.int) -> cython.void:
        if self.n_checkers < 16:
            self.checker_sq[self.n_checkers] = sq
        self.n_checkers += 1

    def mark_evasions(self, first: cython.int, length: cython.int, extra: cython.int,
                      skip: cython.int) -> cython.void:
        """The evasion squares become the ray's first ``length`` squares, plus
        ``extra`` (unless -1), less ``skip`` (unless -1)."""
        k: cython.int
        e: cython.int = self.next_stamp()
        self.ev_stamp = e
        for k in range(length):
            self.ev_mark[self.mt.att_ray_data[first + k]] = e
        if extra >= 0:
            self.ev_mark[extra] = e
        if skip >= 0:
            self.ev_mark[skip] = 0

    # -- move generation -----------------------------------------------------------------

    def emit(self, n: cython.int, m: cython.int) -> cython.int:
        """Append ``m`` at index ``n`` of the move buffer; the new length."""
        if n < self.move_cap:
            self.moves[n] = m
            return n + 1
        self.overflow = True
        return n

    def gen_piece(self, n: cython.int, frm: cython.int, us: cython.int,
                  captures: cython.bint) -> cython.int:
        """Append the pseudo-legal moves of the piece on ``frm``."""
        if self.mt.promo_at[(self.board[frm] + self.mt.n) * self.mt.size + frm]:
            return self.gen_promotions(n, frm, us, captures)
        return self.gen_components(n, frm, us, captures)

    def gen_components(self, n: cython.int, frm: cython.int, us: cython.int,
                       captures: cython.bint) -> cython.int:
        """Append the moves of the piece on ``frm`` from its table (no promotions)."""
        d = self.mt.gen_data
        off: cython.int = self.mt.gen_start[(self.board[frm] + self.mt.n) * self.mt.size + frm]
        ncomp: cython.int = d[off]
        c: cython.int
        kind: cython.int
        cnt: cython.int
        k: cython.int
        r: cython.int
        length: cython.int
        j: cython.int
        t: cython.int
        q: cython.int
        s: cython.int
        nrays: cython.int
        off += 1
        for c in range(ncomp):
            kind = d[off]
            off += 1
            if kind == PAWN:
                t = d[off]
                cnt = d[off + 1]
                off += 2
                if not captures and not self.board[t]:
                    n = self.emit(n, make_move(frm, t, 0, 0))
                    if d[off + cnt] >= 0 and not self.board[d[off + cnt]]:
                        n = self.emit(n, make_move(frm, d[off + cnt], 0, d[off + cnt + 1]))
                for k in range(cnt):
                    t = d[off + k]
                    if self.board[t] * us < 0:
                        n = self.emit(n, make_move(frm, t, 0, 0))
                off += cnt + 2
            elif kind == LEAP or kind == LEAP_C or kind == LEAP_M:
                cnt = d[off]
                off += 1
                if not captures or kind != LEAP_M:
                    for k in range(cnt):
                        t = d[off + k]
                        q = self.board[t] * us
                        if q < 0:
                            if kind != LEAP_M:
                                n = self.emit(n, make_move(frm, t, 0, 0))
                        elif q == 0 and not captures and kind != LEAP_C:
                            n = self.emit(n, make_move(frm, t, 0, 0))
                off += cnt
            elif kind == RIDE or kind == RIDE_C or kind == RIDE_M:
                nrays = d[off]
                off += 1
                for r in range(nrays):
                    length = d[off]
                    off += 1
                    if not captures or kind != RIDE_M:
                        for j in range(length):
                            t = d[off + j]
                            q = self.board[t]
                            if q:
                                if q * us < 0 and kind != RIDE_M:
                                    n = self.emit(n, make_move(frm, t, 0, 0))
                                break
                            if not captures and kind != RIDE_C:
                                n = self.emit(n, make_move(frm, t, 0, 0))
                    off += length
            elif kind == HOP:
                nrays = d[off]
                off += 1
                for r in range(nrays):
                    length = d[off]
                    off += 1
                    j = 0
                    while j < length and not self.board[d[off + j]]:
                        j += 1
                    j += 1
                    while j < length:
                        t = d[off + j]
                        q = self.board[t]
                        if q:
                            if q * us < 0:
                                n = self.emit(n, make_move(frm, t, 0, 0))
                            break
                        j += 1
                    off += length
            elif kind == LAME_M:
                cnt = d[off]
                off += 1
                if not captures:
                    for k in range(cnt):
                        t = d[off + 3 * k]
                        if not self.board[d[off + 3 * k + 1]] and not self.board[t]:
                            n = self.emit(n, make_move(frm, t, 0, d[off + 3 * k + 2]))
                off += 3 * cnt
            else:                                   # BENT
                cnt = d[off]
                off += 1
                for k in range(cnt):
                    s = d[off]
                    nrays = d[off + 1]
                    off += 2
                    for r in range(nrays):
                        length = d[off]
                        off += 1
                        if not self.board[s]:
                            for j in range(length):
                                t = d[off + j]
                                q = self.board[t]
                                if q:
                                    if q * us < 0:
                                        n = self.emit(n, make_move(frm, t, 0, 0))
                                    break
                                if not captures:
                                    n = self.emit(n, make_move(frm, t, 0, 0))
                        off += length
        return n

    def gen_promotions(self, n: cython.int, frm: cython.int, us: cython.int,
                       captures: cython.bint) -> cython.int:
        """The moves of a piece that may promote from ``frm``: every move to
        the last rank once per promotion choice."""
        start: cython.int = n
        end: cython.int = self.gen_components(n, frm, us, False)
        k: cython.int
        c: cython.int
        m: cython.int
        ci: cython.int = self.board[frm] + self.mt.n
        cnt: cython.int = self.mt.promo_count[ci]
        nraw: cython.int = end - start
        if nraw > 256:
            nraw = 256
            self.overflow = True
        for k in range(nraw):
            self.promo_tmp[k] = self.moves[start + k]
        n = start
        for k in range(nraw):
            m = self.promo_tmp[k]
            if self.mt.last_rank[side_of(us) * self.mt.size + move_to(m)]:
                for c in range(cnt):
                    n = self.emit(n, with_promotion(m, self.mt.promo_choices[ci * 32 + c]))
            elif not captures or self.board[move_to(m)]:
                n = self.emit(n, m)
        return n

    def gen_legal(self, n: cython.int, captures: cython.bint) -> cython.int:
        """Append the legal moves (with ``captures``: only captures and
        promotions) at index ``n`` of the move buffer; return the new end."""
        us: cython.int = self.turn
        them: cython.int = -us
        s: cython.int = side_of(us)
        ksq: cython.int = self.king[s]
        start: cython.int = n
        k: cython.int
        i: cython.int
        sq: cython.int
        m: cython.int
        t: cython.int
        q: cython.int
        off: cython.int
        mid: cython.int
        st: cython.int
        e: cython.int
        self.scan_king_lines(ksq, us)
        st = self.set_stamp
        if self.n_checkers == 0:
            if not self.any_suspect:
                for k in range(self.pcount[s]):
                    n = self.gen_piece(n, self.plist[s * self.mt.size + k], us, captures)
            else:
                for k in range(self.pcount[s]):
                    sq = self.plist[s * self.mt.size + k]
                    if self.sus_mark[sq] != st:
                        n = self.gen_piece(n, sq, us, captures)
                mid = n
                for k in range(self.pcount[s]):
                    sq = self.plist[s * self.mt.size + k]
                    if self.sus_mark[sq] == st:
                        n = self.gen_piece(n, sq, us, captures)
                n = self.keep_safe(mid, n)
            if self.any_forbidden:
                e = start
                for i in range(start, n):
                    m = self.moves[i]
                    if self.forb_mark[move_to(m)] != st:
                        self.moves[e] = m
                        e += 1
                n = e
        else:
            for k in range(self.pcount[s]):
                n = self.gen_piece(n, self.plist[s * self.mt.size + k], us, captures)
            e = start
            for i in range(start, n):
                m = self.moves[i]
                if self.n_checkers == 1 and self.ev_mark[move_to(m)] != self.ev_stamp and not (
                        self.any_screen and self.scr_mark[move_from(m)] == st):
                    continue
                if self.safe_after(m):
                    self.moves[e] = m
                    e += 1
            n = e
        if self.ep:
            off = (s * self.mt.size + self.ep) * 5
            for i in range(self.mt.ep_data[off]):
                sq = self.mt.ep_data[off + 1 + 2 * i]
                q = self.board[sq]
                if q * us > 0 and self.mt.ep_capturer[q + self.mt.n] and self.safe_after(
                        self.mt.ep_data[off + 2 + 2 * i]):
                    n = self.emit(n, self.mt.ep_data[off + 2 + 2 * i])
        # the King
        self.board[ksq] = 0
        off = (s * self.mt.size + ksq) * 9
        for i in range(self.mt.king_steps[off]):
            t = self.mt.king_steps[off + 1 + i]
            q = self.board[t]
            if (q * us < 0 or (not q and not captures)) and not self.attacked(t, them):
                n = self.emit(n, make_move(ksq, t, 0, 0))
        self.board[ksq] = us
        if self.rights & self.mt.rights_bits[s] and not self.n_checkers and not captures:
            n = self.gen_king_specials(n, ksq, us)
        return n

    def keep_safe(self, start: cython.int, end: cython.int) -> cython.int:
        """Keep the moves in [start, end) that leave the King safe; the new end."""
        i: cython.int
        m: cython.int
        e: cython.int = start
        for i in range(start, end):
            m = self.moves[i]
            if self.safe_after(m):
                self.moves[e] = m
                e += 1
        return e

    def gen_king_specials(self, n: cython.int, ksq: cython.int, us: cython.int) -> cython.int:
        """The King's jump and castling (the King is not in check)."""
        them: cython.int = -us
        s: cython.int = side_of(us)
        off: cython.int = self.mt.jump_start[s * self.mt.size + ksq]
        cnt: cython.int
        k: cython.int
        j: cython.int
        t: cython.int
        ok: cython.bint
        bad: cython.bint
        rook: cython.int = self.mt.rook * us
        rs: cython.int
        rt: cython.int
        if off:
            cnt = self.mt.jump_data[off]
            off += 1
            for k in range(cnt):
                t = self.mt.jump_data[off]
                if not self.board[t]:
                    if self.mt.jump_data[off + 3]:          # straight: the midpoint is safe
                        ok = not self.attacked(self.mt.jump_data[off + 1], them)
                    else:                              # (2,1): one of two squares is safe
                        ok = not (self.attacked(self.mt.jump_data[off + 1], them)
                                  and self.attacked(self.mt.jump_data[off + 2], them))
                    if ok:
                        self.board[ksq] = 0
                        ok = not self.attacked(t, them)
                        self.board[ksq] = us
                        if ok:
                            n = self.emit(n, make_move(ksq, t, 0, 0))
                off += 4
        # castling: (bit, king, king_to, rook, rook_to, move, empties..., passed...)
        d = self.mt.castle_data
        off = self.mt.castle_start[s]
        cnt = d[off]
        off += 1
        for k in range(cnt):
            rs = d[off + 3]
            rt = d[off + 4]
            bad = not self.rights & d[off] or d[off + 1] != ksq or self.board[rs] != rook
            j = off + 7
            for j in range(off + 7, off + 7 + d[off + 6]):
                if self.board[d[j]]:
                    bad = True
            j = off + 7 + d[off + 6]
            if not bad:
                for t in range(j + 1, j + 1 + d[j]):
                    if self.attacked(d[t], them):
                        bad = True
                        break
            if not bad:
                self.board[ksq] = 0
                self.board[rs] = 0
                self.board[rt] = rook
                ok = not self.attacked(d[off + 2], them)
                self.board[rt] = 0
                self.board[rs] = rook
                self.board[ksq] = us
                if ok:
                    n = self.emit(n, d[off + 5])
            off = j + 1 + d[j]
        return n

    def is_legal_move(self, m: cython.int, n: cython.int) -> cython.bint:
        """Is the move int ``m`` (say, from a hash table) legal here?  Uses the
        move buffer from index ``n`` on.

        Ordinary moves of pieces other than the King (promotions and double
        steps included) are checked by generating that one piece's moves and
        trying ``m`` on the board; King moves, en passant and castling by
        generating all legal moves.
        """
        us: cython.int = self.turn
        frm: cython.int = move_from(m)
        p: cython.int = self.board[frm] if frm < self.mt.size else 0
        end: cython.int
        i: cython.int
        if p * us <= 0:
            return False
        if p == us or move_flag(m) > DOUBLE:
            end = self.gen_legal(n, False)
        else:
            end = self.gen_piece(n, frm, us, False)
        for i in range(n, end):
            if self.moves[i] == m:
                return p == us or move_flag(m) > DOUBLE or self.safe_after(m)
        return False

    def perft_at(self, depth: cython.int, n: cython.int) -> cython.longlong:
        """Leaves of the legal move tree ``depth`` plies deep; the moves of each
        ply are generated at index ``n`` of the move buffer and after."""
        end: cython.int = self.gen_legal(n, False)
        total: cython.longlong = 0
        i: cython.int
        if depth <= 1:
            return end - n
        for i in range(n, end):
            self.make(self.moves[i])
            total += self.perft_at(depth - 1, end)
            self.unmake()
        return total

    # -- the Python interface ---------------------------------------------------------------

    def legal_moves(self, captures: bool = False) -> list:
        """All legal moves; with ``captures`` only captures and promotions."""
        self.overflow = False
        n = self.gen_legal(0, captures)
        if self.overflow:
            raise RuntimeError('more legal moves than the move buffer holds')
        return list(self.moves[:n])

    def move_is_legal(self, m: int) -> bool:
        """Is the move int ``m`` legal here?"""
        if not 0 <= m < 1 << 26:
            return False
        return self.is_legal_move(m, 0)

    def is_capture(self, m: int) -> bool:
        return bool(self.board[move_to(m)]) or move_flag(m) == EP

    def perft(self, depth: int) -> int:
        """Leaf count at ``depth`` plies; the last ply is counted, not played."""
        if depth <= 0:
            return 1
        self.reserve_undo(self.sp + depth + 1)
        self.overflow = False
        n = self.perft_at(depth, 0)
        if self.overflow:
            raise RuntimeError('more legal moves than the move buffer holds')
        return n
