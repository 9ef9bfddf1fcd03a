"""Position: the board of a game, its pieces, make/unmake and the attack test.

This is the engine's hottest code, with :mod:`cazaux_engine.movegen` (the
legal moves of a position).  It is written once, in Python, and compiled
with Cython in pure-Python mode (types in ``position.pxd`` and in annotations
of local variables); the same file runs interpreted when
``CAZAUX_ENGINE_PURE=1``, with the same results.  All state lives in int
arrays (``array.array``, typed memoryviews when compiled): the board as a
padded mailbox, the piece list of each colour and an undo record per move
played (which is also the game's history of hashes).  Nothing of a search
lives here: the move lists and the incremental evaluation are the search's
(:mod:`cazaux_engine.movegen`, :mod:`search.eval`); a move's effect on the
board is recorded for them in :attr:`Position.changes`.

The attack test (:meth:`Position.attackers`, its walks along a line by
:func:`cazaux_engine.layout.first_occupied`, as move generation's) reads the reverse tables of
the compiled rules (:mod:`cazaux_engine.compiler`) through the accessors of
:mod:`cazaux_engine.layout`: who can capture on a square by leaping from a
square, by sliding or hopping along a line, or (Eagle, Rhinoceros) by
stepping onto a line and sliding in.  Check detection, the legality of King
moves and the exchange evaluation all ask it.

>>> from cazaux_engine import start_position, parse_move
>>> pos = start_position('chess', '4k3/8/8/8/8/8/8/R3K3 w - - 0 1')
>>> pos.attacked(pos.rules.parse_square('a8'), 1), pos.in_check()
(True, False)
>>> pos.push(parse_move(pos, 'a1a8')); pos.in_check()
True
"""
from __future__ import annotations

from array import array

import cython

if cython.compiled:
    from cython.cimports.cazaux_engine.layout import (castle_count, castle_first, castle_king,
                                                      castle_king_to, castle_next, castle_rook, castle_rook_to,
                                                      colour_rights, ep_count, ep_move, ep_record, ep_source,
                                                      first_occupied,
                                                      is_ep_capturer, leap_count, leap_mask,
                                                      leap_record, leap_source, ray_count,
                                                      ray_hoppers, ray_length, ray_next,
                                                      ray_record, ray_sliders, ray_square,
                                                      reach_base, reach_leap_at, reach_ray_at,
                                                      ray_wings, rays_first, resets_clock,
                                                      rights_kept, wing_count, wing_mask,
                                                      wing_next, wing_square, z_ep_at, z_piece_at,
                                                      z_rights_of)
    from cython.cimports.cazaux_engine.moves import (CASTLE, DOUBLE, EP, move_flag, move_from,
                                                     move_promo, move_to, side_of)
    from cython.cimports.cazaux_engine.rules import Rules
else:
    from .layout import (castle_count, castle_first, castle_king, castle_king_to, castle_next,
                         castle_rook,
                         castle_rook_to, colour_rights, ep_count, ep_move, ep_record, ep_source,
                         first_occupied,
                         is_ep_capturer, leap_count, leap_mask, leap_record, leap_source,
                         ray_count, ray_hoppers, ray_length, ray_next, ray_record, ray_sliders,
                         reach_base, reach_leap_at, reach_ray_at,
                         ray_square, ray_wings, rays_first, resets_clock, rights_kept, wing_count,
                         wing_mask, wing_next, wing_square, z_ep_at, z_piece_at, z_rights_of)
    from .moves import CASTLE, DOUBLE, EP, move_flag, move_from, move_promo, move_to, side_of
    from .rules import Rules

WHITE, BLACK = 1, -1
MAX_CHANGES = 4               # board changes of one move: mover, victim, promotion, Rook


def _ints(n: int, fill: int = 0) -> array:
    return array('i', [fill]) * n


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
    :mod:`cazaux_engine.fen` and :mod:`cazaux_engine.notation` to convert,
    and :func:`cazaux_engine.movegen.legal_moves` for the legal moves.
    ``turn`` is 1 (White) or -1 (Black).
    """

    def __init__(self, rules: Rules, board, turn: int, rights: int, ep: int,
                 halfmove: int = 0, fullmove: int = 1):
        self.rules = rules
        size = rules.size
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
        self.u_half = _ints(0)
        self.u_hash = array('Q')
        self.reserve_undo(64)
        self.hash = self.compute_hash()
        self.n_changes = 0
        self.ch_code = _ints(MAX_CHANGES)
        self.ch_from = _ints(MAX_CHANGES)
        self.ch_to = _ints(MAX_CHANGES)

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
        p.sp = self.sp
        p.hash = self.hash
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
        self.u_hash = _grown(self.u_hash, old, n, 'Q')
        self.cap = n

    def compute_hash(self) -> int:
        R = self.rules
        h = 0
        for sq in R.squares:
            p = self.board[sq]
            if p:
                h ^= z_piece_at(self.rules, p, sq)
        if self.turn < 0:
            h ^= self.rules.z_side
        h ^= z_rights_of(self.rules, self.rights)
        if self.ep:
            h ^= z_ep_at(self.rules, self.ep)
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
        size = self.rules.size
        return [None] + [{self.plist[s * size + k] for k in range(self.pcount[s])} for s in (0, 1)]

    @property

    def changes(self) -> list:
        """What the last make() changed on the board: (piece, from, to) per
        piece, ``from`` -1 for a piece that appeared (a promotion's new
        piece), ``to`` -1 for one that left (a capture's victim, a promoted
        piece).  For incremental evaluations."""
        return [(self.ch_code[k], self.ch_from[k], self.ch_to[k]) for k in range(self.n_changes)]

    # -- piece lists ---------------------------------------------------------------------

    def add_piece(self, sq: cython.int, code: cython.int) -> cython.void:
        s: cython.int = side_of(code)
        k: cython.int = self.pcount[s]
        self.plist[s * self.rules.size + k] = sq
        self.pindex[sq] = k
        self.pcount[s] = k + 1

    def remove_piece(self, sq: cython.int) -> cython.void:
        """Take the piece on ``sq`` off its colour's list (the board is not touched)."""
        s: cython.int = side_of(self.board[sq])
        base: cython.int = s * self.rules.size
        k: cython.int = self.pindex[sq]
        last: cython.int = self.plist[base + self.pcount[s] - 1]
        self.plist[base + k] = last
        self.pindex[last] = k
        self.pcount[s] -= 1

    def relocate(self, frm: cython.int, to: cython.int) -> cython.void:
        """The piece on ``frm`` (list entry) now stands on ``to``."""
        k: cython.int = self.pindex[frm]
        self.plist[side_of(self.board[frm]) * self.rules.size + k] = to
        self.pindex[to] = k

    def changed(self, code: cython.int, frm: cython.int, to: cython.int) -> cython.void:
        """Record one board change of the move being made (see :attr:`changes`)."""
        k: cython.int = self.n_changes
        self.ch_code[k] = code
        self.ch_from[k] = frm
        self.ch_to[k] = to
        self.n_changes = k + 1

    def count(self, colour: cython.int) -> cython.int:
        """Number of pieces of ``colour`` (King included)."""
        return self.pcount[side_of(colour)]

    def piece_at(self, colour: cython.int, k: cython.int) -> cython.int:
        """Square of the k-th piece in the list of ``colour``."""
        return self.plist[side_of(colour) * self.rules.size + k]

    def king_of(self, colour: cython.int) -> cython.int:
        return self.king[side_of(colour)]

    def castling_of(self, colour: cython.int, frm: cython.int, to: cython.int) -> cython.int:
        """Offset in the castling table of the castling that moves the King frm -> to."""
        c: cython.int = castle_first(self.rules, colour)
        k: cython.int
        for k in range(castle_count(self.rules, colour)):
            if castle_king(self.rules, c) == frm and castle_king_to(self.rules, c) == to:
                return c
            c = castle_next(self.rules, c)
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
        """Play ``m``; the caller has made room for its undo record.

        Steps: the undo record; the mover (and the victim on its square);
        promotion, e.p. victim or castling Rook; the rights; then the e.p.
        square a double step leaves, kept only when a capture on it is
        legal.
        """
        us: cython.int = self.turn
        frm: cython.int = move_from(m)
        to: cython.int = move_to(m)
        p: cython.int = self.board[frm]
        cap: cython.int = self.board[to]
        h: cython.ulonglong = self.hash ^ self.rules.z_side
        k: cython.int = self.sp
        np: cython.int
        vs: cython.int
        # -- 1. the undo record; the last move's e.p. square goes
        self.save_undo(k, m, p)
        self.n_changes = 0
        if self.ep:
            h ^= z_ep_at(self.rules, self.ep)
            self.ep = 0
        # -- 2. the mover, and the victim on its square
        if cap:
            self.remove_piece(to)            # before relocate: both index by square
        self.relocate(frm, to)
        h ^= z_piece_at(self.rules, p, frm) ^ z_piece_at(self.rules, p, to)
        self.changed(p, frm, to)
        if cap:
            h ^= z_piece_at(self.rules, cap, to)
            self.changed(cap, to, -1)
            self.halfmove = 0
        elif resets_clock(self.rules, p):
            self.halfmove = 0
        else:
            self.halfmove += 1
        self.board[to] = p
        self.board[frm] = 0
        # -- 3. promotion, e.p. victim, castling Rook
        if move_promo(m):
            np = move_promo(m) * us
            self.board[to] = np
            h ^= z_piece_at(self.rules, p, to) ^ z_piece_at(self.rules, np, to)
            self.changed(p, to, -1)
            self.changed(np, -1, to)
        if move_flag(m) == EP:
            vs = to - us * self.rules.stride
            cap = self.board[vs]          # the undo record keeps the victim
            self.remove_piece(vs)
            self.board[vs] = 0
            h ^= z_piece_at(self.rules, cap, vs)
            self.changed(cap, vs, -1)
        elif move_flag(m) == CASTLE:
            h ^= self.move_castling_rook(us, frm, to)
        self.u_cap[k] = cap
        # -- 4. the rights, the King, the side to move
        h ^= self.rights_after(p, us, frm, to)
        if p == us:
            self.king[side_of(us)] = to
        self.turn = -us
        self.ply += 1
        self.sp = k + 1
        # -- 5. the e.p. square
        if move_flag(m) == DOUBLE:
            h ^= self.ep_square_after(frm, us)
        self.hash = h

    def save_undo(self, k: cython.int, m: cython.int, p: cython.int) -> cython.void:
        """Undo record ``k``: the move ``m`` of piece ``p`` and what it will change."""
        self.u_move[k] = m
        self.u_piece[k] = p
        self.u_ep[k] = self.ep
        self.u_rights[k] = self.rights
        self.u_half[k] = self.halfmove
        self.u_hash[k] = self.hash

    def move_castling_rook(self, us: cython.int, frm: cython.int,
                           to: cython.int) -> cython.ulonglong:
        """Move the Rook of the castling whose King went ``frm`` -> ``to``;
        the change of the hash."""
        c: cython.int = self.castling_of(us, frm, to)
        rs: cython.int = castle_rook(self.rules, c)
        rt: cython.int = castle_rook_to(self.rules, c)
        rook: cython.int = self.board[rs]
        self.relocate(rs, rt)
        self.board[rs] = 0
        self.board[rt] = rook
        self.changed(rook, rs, rt)
        return z_piece_at(self.rules, rook, rs) ^ z_piece_at(self.rules, rook, rt)

    def rights_after(self, p: cython.int, us: cython.int, frm: cython.int,
                     to: cython.int) -> cython.ulonglong:
        """The castling and jump rights after ``p`` of ``us`` went ``frm`` ->
        ``to`` (a King's move loses its side's; a move from or to a square
        loses the rights tied to it); the change of the hash."""
        rights: cython.int = self.rights
        d: cython.ulonglong
        if not rights:
            return 0
        if p == us:
            rights &= ~colour_rights(self.rules, us)
        rights &= rights_kept(self.rules, frm) & rights_kept(self.rules, to)
        if rights == self.rights:
            return 0
        d = z_rights_of(self.rules, self.rights) ^ z_rights_of(self.rules, rights)
        self.rights = rights
        return d

    def ep_square_after(self, frm: cython.int, us: cython.int) -> cython.ulonglong:
        """The e.p. square a double step of ``us`` from ``frm`` leaves, kept
        (and hashed) only when an e.p. capture on it is legal, so that
        repetitions compare positions as the rules do; the change of the
        hash."""
        sq: cython.int = frm + us * self.rules.stride
        s: cython.int = ep_record(self.rules, -us, sq)
        i: cython.int
        x: cython.int
        for i in range(ep_count(self.rules, s)):
            x = self.board[ep_source(self.rules, s, i)]
            if (x * us < 0 and is_ep_capturer(self.rules, x)
                    and self.safe_after(ep_move(self.rules, s, i))):
                self.ep = sq
                return z_ep_at(self.rules, sq)
        return 0

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
        c: cython.int
        rs: cython.int
        rt: cython.int
        self.ep = self.u_ep[k]
        self.rights = self.u_rights[k]
        self.halfmove = self.u_half[k]
        self.hash = self.u_hash[k]
        self.sp = k
        self.turn = us
        self.ply -= 1
        self.board[frm] = p
        self.relocate(to, frm)
        if move_flag(m) == EP:
            vs = to - us * self.rules.stride
            self.board[to] = 0
            self.board[vs] = cap
            self.add_piece(vs, cap)
        else:
            self.board[to] = cap
            if cap:
                self.add_piece(to, cap)
            if move_flag(m) == CASTLE:
                c = self.castling_of(us, frm, to)
                rs = castle_rook(self.rules, c)
                rt = castle_rook_to(self.rules, c)
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
        self.n_changes = 0
        self.hash ^= self.rules.z_side
        if self.ep:
            self.hash ^= z_ep_at(self.rules, self.ep)
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

    # -- the attack test ----------------------------------------------------------------------

    def is_of(self, sq: cython.int, mask: cython.int, colour: cython.int) -> cython.bint:
        """Is the piece on ``sq`` of ``colour`` and of a type in ``mask``?"""
        x: cython.int = self.board[sq] * colour
        return x > 0 and (mask >> x) & 1

    def attackers(self, sq: cython.int, by: cython.int, out: cython.p_int,
                  limit: cython.int) -> cython.int:
        """Squares of the pieces of colour ``by`` that could capture on ``sq``,
        written to ``out`` (at most ``limit``); their number.

        In order: leapers (:meth:`leap_attackers`); then along each line
        from ``sq`` outward (:meth:`line_attackers`): an Eagle or Rhinoceros
        stepping onto an empty square of the line and sliding in, the first
        piece if it slides in, and the piece behind the first one if it hops
        in over it.
        """
        n: cython.int = self.leap_attackers(sq, by, out, limit)
        if n == limit:
            return n
        return self.line_attackers(sq, by, out, n, limit)

    def leap_attackers(self, sq: cython.int, by: cython.int, out: cython.p_int,
                       limit: cython.int) -> cython.int:
        """The first part of :meth:`attackers`: the pieces of ``by`` that
        leap onto ``sq`` (at most ``limit``, from ``out[0]``); their number."""
        n: cython.int = 0
        rec: cython.int = leap_record(self.rules, by, sq)
        k: cython.int
        s: cython.int
        q: cython.int
        for k in range(leap_count(self.rules, rec)):
            s = leap_source(self.rules, rec, k)
            q = self.board[s] * by
            if q > 0 and leap_mask(self.rules, rec, k) >> q & 1:
                out[n] = s
                n += 1
                if n == limit:
                    return n
        return n

    def line_attackers(self, sq: cython.int, by: cython.int, out: cython.p_int,
                       n: cython.int, limit: cython.int) -> cython.int:
        """The rest of :meth:`attackers`: the pieces of ``by`` that reach
        ``sq`` along a line (the kinds of ``Rules.ray_kinds``), written to
        ``out`` from ``out[n]`` while fewer than ``limit``; ``n`` plus their
        number."""
        rec: cython.int = ray_record(self.rules, by, sq)
        r: cython.int
        k: cython.int
        j: cython.int
        i: cython.int
        w: cython.int
        s: cython.int
        q: cython.int
        length: cython.int
        sliders: cython.int
        hoppers: cython.int
        r = rays_first(self.rules, rec)
        for k in range(ray_count(self.rules, rec)):
            length = ray_length(self.rules, r)
            sliders = ray_sliders(self.rules, r)
            hoppers = ray_hoppers(self.rules, r)
            w = ray_wings(self.rules, r)
            j = 0
            q = 0
            while j < length:                  # to the first piece
                q = self.board[ray_square(self.rules, r, j)]
                if q:
                    break
                if w:                          # Eagles and Rhinoceroses stepping in
                    for i in range(wing_count(self.rules, w)):
                        s = wing_square(self.rules, w, i)
                        q = self.board[s] * by
                        if q > 0 and wing_mask(self.rules, w, i) >> q & 1:
                            out[n] = s
                            n += 1
                            if n == limit:
                                return n
                    w = wing_next(self.rules, w)
                    q = 0
                j += 1
            if j < length:
                q *= by
                if q > 0 and sliders >> q & 1:
                    out[n] = ray_square(self.rules, r, j)
                    n += 1
                    if n == limit:
                        return n
                if hoppers:                    # past the screen
                    j += 1
                    while j < length:
                        s = ray_square(self.rules, r, j)
                        q = self.board[s]
                        if q:
                            q *= by
                            if q > 0 and hoppers >> q & 1:
                                out[n] = s
                                n += 1
                                if n == limit:
                                    return n
                            break
                        j += 1
            r = ray_next(self.rules, r)
        return n

    def attacked(self, sq: cython.int, by: cython.int) -> cython.bint:
        """Could a piece of colour ``by`` capture a piece standing on ``sq``?"""
        found = cython.declare(cython.int[1])
        return self.attackers(sq, by, found, 1) > 0

    def in_check(self) -> cython.bint:
        """Is the side to move in check?"""
        return self.attacked(self.king[side_of(self.turn)], -self.turn)

    def check_by_last_move(self) -> cython.bint:
        """Is the side to move in check, when it was not before the last
        :meth:`make`?  As :meth:`in_check`, from the squares the move
        changed alone (:attr:`changes`): a check it gives comes from a piece
        it put on one of them by a leap, or along a line of the King
        through one of them (a slider or hopper it uncovered, placed, or
        gave a screen).  Where ``Rules.quick_checks`` is off (Eagle-like
        pieces) it is :meth:`in_check`."""
        by: cython.int = -self.turn
        ksq: cython.int = self.king[side_of(self.turn)]
        base: cython.int
        k: cython.int
        i: cython.int
        x: cython.int
        q: cython.int
        r: cython.int
        r1: cython.int = 0
        r2: cython.int = 0
        if not self.rules.quick_checks:
            return self.in_check()
        base = reach_base(self.rules, by, ksq)
        for k in range(self.n_changes):
            for i in range(2):
                x = self.ch_from[k] if i == 0 else self.ch_to[k]
                if x < 0:
                    continue
                q = self.board[x] * by
                if q > 0 and reach_leap_at(self.rules, base, x) >> q & 1:
                    return True
                r = reach_ray_at(self.rules, base, x)
                if r and r != r1 and r != r2:
                    if self.ray_attacker(r, by):
                        return True
                    r2 = r1
                    r1 = r
        return False

    def ray_attacker(self, r: cython.int, by: cython.int) -> cython.bint:
        """Does a piece of ``by`` attack the target of the ray at ``r``
        along it, by sliding or by hopping one screen?  (Not by a wing.)"""
        length: cython.int = ray_length(self.rules, r)
        hoppers: cython.int
        j: cython.int = first_occupied(self.rules, self.board, r, 0)
        q: cython.int
        if j >= length:
            return False
        q = self.board[ray_square(self.rules, r, j)] * by
        if q > 0 and ray_sliders(self.rules, r) >> q & 1:
            return True
        hoppers = ray_hoppers(self.rules, r)
        if not hoppers:
            return False
        j = first_occupied(self.rules, self.board, r, j + 1)
        if j >= length:
            return False
        q = self.board[ray_square(self.rules, r, j)] * by
        return q > 0 and hoppers >> q & 1

    def attacked_by_list(self, sq: cython.int, by: cython.int) -> cython.bint:
        """As :meth:`attacked`, found by going through the pieces of ``by``
        (their list) and asking each whether it leaps onto ``sq`` or stands
        on one of its lines (``Rules.reach_leap``, ``reach_ray``), which is
        then walked (:meth:`ray_attacker`), instead of walking every line
        out from ``sq``: cheaper where few lines end in an attacker (the
        King's steps).  A piece of the list whose
        square the board no longer shows as its own is passed over.  Where
        ``Rules.quick_checks`` is off it is :meth:`attacked`."""
        s: cython.int = side_of(by)
        base: cython.int
        k: cython.int
        x: cython.int
        q: cython.int
        r: cython.int
        if not self.rules.quick_checks:
            return self.attacked(sq, by)
        base = reach_base(self.rules, by, sq)
        for k in range(self.pcount[s]):
            x = self.plist[s * self.rules.size + k]
            q = self.board[x] * by
            if q <= 0:
                continue
            if reach_leap_at(self.rules, base, x) >> q & 1:
                return True
            r = reach_ray_at(self.rules, base, x)
            if r and self.ray_attacker(r, by):      # x or a piece before it on the line
                return True
        return False

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
            vs = to - us * self.rules.stride
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

    def attackers_of(self, sq: int, by: int) -> list:
        """The squares of the pieces of ``by`` that could capture on ``sq``."""
        found = cython.declare(cython.int[64])
        n: cython.int = self.attackers(sq, by, found, 64)
        return [found[k] for k in range(n)]

    def is_capture(self, m: int) -> bool:
        return bool(self.board[move_to(m)]) or move_flag(m) == EP
