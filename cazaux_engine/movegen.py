"""Legal move generation: the moves of a :class:`~cazaux_engine.position.Position`.

Moves are appended to the move buffer of a :class:`MoveGen` (its working
memory: one per search thread, owned by whoever generates) from a given
index; each function returns the new end, so the search keeps the moves of
every ply one list after the other in the same buffer.  :func:`legal_moves`
is the Python interface: a list of the legal moves.

>>> from cazaux_engine import start_position
>>> len(legal_moves(start_position('chess'))), perft(start_position('pemba'), 2)
(20, 1156)

Legality is decided without playing every move (see :func:`gen_legal`):
the lines through the own King are walked once per call
(:func:`scan_king_lines`, line by line, with the position's ray walk
:func:`cazaux_engine.layout.first_occupied`) to find checks, pinned pieces (``suspects``:
a slider's pin, a Cannon/Crocodile/Sorceress line with two screens whose
removal would leave one, an Eagle/Rhinoceros path through the piece) and
squares where a new piece would become the only screen of an enemy hopper
(``forbidden``).  Only moves of suspects, King moves, en-passant captures and
check evasions are tried on the board.  The square sets are marks in
per-square arrays of the MoveGen, stamped with a number that changes at
each use, so that nothing is cleared or allocated per call.

A piece's pseudo-legal moves come from its move table (the accessors of
:mod:`cazaux_engine.layout`), one function per kind of component.
"""
from __future__ import annotations

from array import array

import cython

if cython.compiled:
    from cython.cimports.cazaux_engine.layout import (
        castle_bit, castle_count, castle_empty, castle_empty_count, castle_first, castle_king,
        castle_king_to, castle_move, castle_next, castle_passed, castle_passed_count,
        castle_rook, castle_rook_to, colour_rights, first_occupied, comp_kind, comp_next, comp_payload, ep_count,
        ep_move, ep_record, ep_source, first_component, gen_at, gen_count, gen_record, is_ep_capturer,
        is_last_rank, jump_cond1, jump_cond2, jump_count, jump_record, jump_straight,
        jump_target, king_record, king_step, king_step_count, leap_count, leap_mask, leap_record,
        leap_source, promo_choice, promo_count, promotes_from, ray_count, ray_hoppers,
        ray_length, ray_next, ray_record, ray_sliders, ray_square, ray_wings, rays_first,
        wing_count, wing_mask, wing_next, wing_square)
    from cython.cimports.cazaux_engine.moves import (BENT, DOUBLE, EP, HOP, LAME_M, LEAP, LEAP_C,
                                                     LEAP_M, PAWN, RIDE, RIDE_C, RIDE_M,
                                                     make_move, move_flag, move_from, move_to,
                                                     side_of, with_promotion)
    from cython.cimports.cazaux_engine.position import Position
    from cython.cimports.cazaux_engine.rules import Rules
else:
    from .layout import (castle_bit, castle_count, castle_empty, castle_empty_count,
                         castle_first, castle_king, castle_king_to, castle_move, castle_next,
                         castle_passed, castle_passed_count, castle_rook, castle_rook_to,
                         colour_rights, comp_kind, first_occupied, comp_next, comp_payload, ep_count, ep_move, ep_record,
                         ep_source, first_component, gen_at, gen_count, gen_record,
                         is_ep_capturer, is_last_rank, jump_cond1, jump_cond2, jump_count,
                         jump_record, jump_straight, jump_target, king_record, king_step, king_step_count,
                         leap_count, leap_mask, leap_record, leap_source, promo_choice,
                         promo_count, promotes_from, ray_count, ray_hoppers, ray_length,
                         ray_next, ray_record, ray_sliders, ray_square, ray_wings, rays_first,
                         wing_count, wing_mask, wing_next, wing_square)
    from .moves import (BENT, DOUBLE, EP, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN, RIDE, RIDE_C,
                        RIDE_M, make_move, move_flag, move_from, move_to, side_of, with_promotion)
    from .position import Position
    from .rules import Rules

MOVE_CAPACITY = 8192          # default size of the move buffer
QUIETS = cython.declare(cython.int, 1)      # which moves a rider or leaper component emits
CAPTURES = cython.declare(cython.int, 2)
MAX_CHECKERS = cython.declare(cython.int, 16)
PROMO_SCRATCH = cython.declare(cython.int, 256)   # moves of one promoting piece, unexpanded


def _ints(n: int) -> array:
    return array('i', [0]) * n


@cython.cclass
class MoveGen:
    """The move generator's working memory for one variant: the move buffer
    (``moves``, which the generation functions append to) and the legality
    marks.  One per thread that generates moves."""

    def __init__(self, rules: Rules, capacity: int = MOVE_CAPACITY):
        size = rules.size
        self.moves = _ints(capacity)
        self.move_cap = capacity
        self.overflow = False
        self.ev_mark = _ints(size)
        self.sus_mark = _ints(size)
        self.forb_mark = _ints(size)
        self.scr_mark = _ints(size)
        self.checker_sq = _ints(MAX_CHECKERS)
        self.stamp = self.ev_stamp = self.set_stamp = self.n_checkers = 0
        self.any_suspect = self.any_forbidden = self.any_screen = False
        self.promo_tmp = _ints(PROMO_SCRATCH)

    def legal(self, pos: Position, captures: bool = False) -> list:
        """The legal moves of ``pos`` (with ``captures`` only captures and promotions)."""
        self.overflow = False
        n = gen_legal(self, pos, 0, captures)
        if self.overflow:
            raise RuntimeError('more legal moves than the move buffer holds')
        return [self.moves[k] for k in range(n)]


# -- the Python interface ----------------------------------------------------------------

def legal_moves(pos: Position, captures: bool = False) -> list:
    """All legal moves of ``pos``; with ``captures`` only captures and promotions."""
    return MoveGen(pos.rules).legal(pos, captures)


def move_is_legal(pos: Position, m: int) -> bool:
    """Is the move int ``m`` (say, from a hash table) legal in ``pos``?"""
    if not 0 <= m < 1 << 26:
        return False
    return is_legal_move(MoveGen(pos.rules), pos, m, 0)


def checkers(pos: Position) -> list:
    """Squares of the enemy pieces giving check."""
    g = MoveGen(pos.rules)
    scan_king_lines(g, pos, pos.king_of(pos.turn), pos.turn)
    return [g.checker_sq[k] for k in range(min(g.n_checkers, MAX_CHECKERS))]


def perft(pos: Position, depth: int) -> int:
    """Leaf count at ``depth`` plies; the last ply is counted, not played."""
    if depth <= 0:
        return 1
    g = MoveGen(pos.rules, 1 << 16)
    pos.reserve_undo(pos.sp + depth + 1)
    n = perft_at(g, pos, depth, 0)
    if g.overflow:
        raise RuntimeError('more legal moves than the move buffer holds')
    return n


# -- legality: checks, pins and hopper screens -------------------------------------------

def next_stamp(g: MoveGen) -> cython.int:
    """A mark value not yet used in the scratch arrays."""
    g.stamp += 1
    return g.stamp


def scan_king_lines(g: MoveGen, pos: Position, ksq: cython.int, us: cython.int) -> cython.void:
    """Walk the lines to the King of ``us`` (and its leap squares).

    Sets ``checker_sq``/``n_checkers`` (every checker), the evasion
    squares of the last check found (``ev_mark == ev_stamp``: the squares
    a non-King move must reach), ``suspects`` (own pieces whose move may
    expose the King), ``forbidden`` (empty squares where an own piece
    would become a hopper's only screen) and ``screens`` (own pieces that
    are the screen of a checking hopper); the last three are marked with
    ``set_stamp``.  Each line in turn (:func:`scan_line`), then the
    leapers (:func:`scan_leapers`).
    """
    rec: cython.int
    r: cython.int
    nxt: cython.int
    k: cython.int
    st: cython.int = fresh_stamp(g, pos)
    g.set_stamp = st
    g.n_checkers = 0
    g.any_suspect = g.any_forbidden = g.any_screen = False
    rec = ray_record(pos.rules, -us, ksq)
    nxt = rays_first(pos.rules, rec)
    for k in range(ray_count(pos.rules, rec)):
        r = nxt
        nxt = ray_next(pos.rules, r)
        scan_line(g, pos, r, us, st)
    scan_leapers(g, pos, ksq, -us)


def fresh_stamp(g: MoveGen, pos: Position) -> cython.int:
    """A mark value not yet used (the marks start afresh when they run out)."""
    j: cython.int
    st: cython.int = next_stamp(g)
    if st >= 0x3FFF0000:
        for j in range(pos.rules.size):
            g.ev_mark[j] = g.sus_mark[j] = g.forb_mark[j] = g.scr_mark[j] = 0
        g.stamp = 0
        st = next_stamp(g)
    return st


def scan_line(g: MoveGen, pos: Position, r: cython.int, us: cython.int,
              st: cython.int) -> cython.void:
    """One line of the King of ``us`` (the ray at ``r``), in three steps:
    1, walk to the first piece, noting the Eagles and Rhinoceroses that
    step in on the way (checks); 2, an enemy piece first
    (:func:`after_enemy_piece`); 3, an own piece first
    (:func:`after_own_piece`)."""
    them: cython.int = -us
    length: cython.int = ray_length(pos.rules, r)
    w: cython.int = ray_wings(pos.rules, r)
    j: cython.int = 0
    q: cython.int = 0
    i: cython.int
    while j < length:
        q = pos.board[ray_square(pos.rules, r, j)]
        if q:
            break
        if w:
            for i in range(wing_count(pos.rules, w)):
                if holds(pos, wing_square(pos.rules, w, i), wing_mask(pos.rules, w, i), them):
                    add_checker(g, wing_square(pos.rules, w, i))
                    mark_evasions(g, pos, r, j + 1, wing_square(pos.rules, w, i), -1)
            w = wing_next(pos.rules, w)
        j += 1
    if j == length:
        return
    if q * us < 0:
        after_enemy_piece(g, pos, r, j, q, us, st)
    else:
        after_own_piece(g, pos, r, j, us, st)


def after_enemy_piece(g: MoveGen, pos: Position, r: cython.int, j: cython.int, q: cython.int,
                      us: cython.int, st: cython.int) -> cython.void:
    """The first piece on the line, ``q`` at index ``j``, is an enemy: a
    slider's check, or a hopper's screen (a hopper behind it checks; an own
    piece behind it is pinned by a hopper further on; the empty squares
    before it are forbidden to a hopper's other screen)."""
    them: cython.int = -us
    length: cython.int = ray_length(pos.rules, r)
    hoppers: cython.int = ray_hoppers(pos.rules, r)
    jj: cython.int
    kk: cython.int
    q2: cython.int
    if (ray_sliders(pos.rules, r) >> (q * them)) & 1:
        add_checker(g, ray_square(pos.rules, r, j))
        mark_evasions(g, pos, r, j + 1, -1, -1)
        return
    if not hoppers:
        return
    if (hoppers >> (q * them)) & 1 and j:
        for kk in range(j):
            g.forb_mark[ray_square(pos.rules, r, kk)] = st
        g.any_forbidden = True
    jj = first_occupied(pos.rules, pos.board, r, j + 1)
    if jj == length:
        return
    q2 = pos.board[ray_square(pos.rules, r, jj)]
    if q2 * them > 0 and (hoppers >> (q2 * them)) & 1:
        add_checker(g, ray_square(pos.rules, r, jj))
        mark_evasions(g, pos, r, jj + 1, -1, ray_square(pos.rules, r, j))
        return
    if q2 * us > 0:
        kk = first_occupied(pos.rules, pos.board, r, jj + 1)
        if kk < length and holds(pos, ray_square(pos.rules, r, kk), hoppers, them):
            g.sus_mark[ray_square(pos.rules, r, jj)] = st
            g.any_suspect = True


def after_own_piece(g: MoveGen, pos: Position, r: cython.int, j: cython.int, us: cython.int,
                    st: cython.int) -> cython.void:
    """The first piece on the line, at index ``j``, is our own: it may be
    pinned (by a slider behind it, a hopper two pieces away, or an Eagle's
    path through it) or be a checking hopper's screen."""
    them: cython.int = -us
    length: cython.int = ray_length(pos.rules, r)
    sliders: cython.int = ray_sliders(pos.rules, r)
    hoppers: cython.int = ray_hoppers(pos.rules, r)
    wings: cython.int = ray_wings(pos.rules, r)
    own: cython.int = ray_square(pos.rules, r, j)
    jj: cython.int = first_occupied(pos.rules, pos.board, r, j + 1)
    w: cython.int
    i: cython.int
    kk: cython.int
    q2: cython.int
    if wings:
        # wings of the squares between own and the next piece
        w = wings
        for kk in range(jj):
            for i in range(wing_count(pos.rules, w)):
                if kk >= j and holds(pos, wing_square(pos.rules, w, i), wing_mask(pos.rules, w, i), them):
                    g.sus_mark[own] = st
                    g.any_suspect = True
            w = wing_next(pos.rules, w)
    if jj == length:
        return
    q2 = pos.board[ray_square(pos.rules, r, jj)]
    if q2 * them > 0 and (sliders >> (q2 * them)) & 1:
        g.sus_mark[own] = st
        g.any_suspect = True
    if hoppers:
        if q2 * them > 0 and (hoppers >> (q2 * them)) & 1:
            add_checker(g, ray_square(pos.rules, r, jj))
            mark_evasions(g, pos, r, jj + 1, -1, own)
            g.scr_mark[own] = st
            g.any_screen = True
            return
        kk = first_occupied(pos.rules, pos.board, r, jj + 1)
        if kk < length and holds(pos, ray_square(pos.rules, r, kk), hoppers, them):
            g.sus_mark[own] = st
            g.any_suspect = True
            if q2 * us > 0:
                g.sus_mark[ray_square(pos.rules, r, jj)] = st


def scan_leapers(g: MoveGen, pos: Position, ksq: cython.int, them: cython.int) -> cython.void:
    """The leapers of ``them`` that check the King on ``ksq``."""
    rec: cython.int = leap_record(pos.rules, them, ksq)
    k: cython.int
    for k in range(leap_count(pos.rules, rec)):
        if holds(pos, leap_source(pos.rules, rec, k), leap_mask(pos.rules, rec, k), them):
            add_checker(g, leap_source(pos.rules, rec, k))
            g.ev_stamp = next_stamp(g)
            g.ev_mark[leap_source(pos.rules, rec, k)] = g.ev_stamp


def holds(pos: Position, sq: cython.int, mask: cython.int, colour: cython.int) -> cython.bint:
    """Is the piece on ``sq`` of ``colour`` and of a type in ``mask``?"""
    x: cython.int = pos.board[sq] * colour
    return x > 0 and (mask >> x) & 1


def add_checker(g: MoveGen, sq: cython.int) -> cython.void:
    if g.n_checkers < MAX_CHECKERS:
        g.checker_sq[g.n_checkers] = sq
    g.n_checkers += 1


def mark_evasions(g: MoveGen, pos: Position, r: cython.int, length: cython.int,
                  extra: cython.int, skip: cython.int) -> cython.void:
    """The evasion squares become the first ``length`` squares of the ray at
    ``r``, plus ``extra`` (unless -1), less ``skip`` (unless -1)."""
    k: cython.int
    e: cython.int = next_stamp(g)
    g.ev_stamp = e
    for k in range(length):
        g.ev_mark[ray_square(pos.rules, r, k)] = e
    if extra >= 0:
        g.ev_mark[extra] = e
    if skip >= 0:
        g.ev_mark[skip] = 0

# -- generation ---------------------------------------------------------------------------

def emit(g: MoveGen, n: cython.int, m: cython.int) -> cython.int:
    """Append ``m`` at index ``n`` of the move buffer; the new length."""
    if n < g.move_cap:
        g.moves[n] = m
        return n + 1
    g.overflow = True
    return n


def gen_piece(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
              captures: cython.bint) -> cython.int:
    """Append the pseudo-legal moves of the piece on ``frm``."""
    if promotes_from(pos.rules, pos.board[frm], frm):
        return gen_promotions(g, pos, n, frm, captures)
    return gen_components(g, pos, n, frm, captures)


def gen_components(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
                   captures: cython.bint) -> cython.int:
    """Append the moves of the piece on ``frm`` from its table (no promotions)."""
    rec: cython.int = gen_record(pos.rules, pos.board[frm], frm)
    c: cython.int = first_component(pos.rules, rec)
    k: cython.int
    kind: cython.int
    for k in range(gen_count(pos.rules, rec)):
        kind = comp_kind(pos.rules, c)
        if kind == PAWN:
            n = gen_pawn(g, pos, n, frm, captures, comp_payload(pos.rules, c))
        elif kind == LEAP or kind == LEAP_C or kind == LEAP_M:
            if not captures or kind != LEAP_M:
                n = gen_leaps(g, pos, n, frm, comp_payload(pos.rules, c),
                              QUIETS * (not captures and kind != LEAP_C) | CAPTURES * (kind != LEAP_M))
        elif kind == RIDE or kind == RIDE_C or kind == RIDE_M:
            if not captures or kind != RIDE_M:
                n = gen_rides(g, pos, n, frm, comp_payload(pos.rules, c),
                              QUIETS * (not captures and kind != RIDE_C) | CAPTURES * (kind != RIDE_M))
        elif kind == HOP:
            n = gen_hops(g, pos, n, frm, comp_payload(pos.rules, c))
        elif kind == LAME_M:
            if not captures:
                n = gen_lame(g, pos, n, frm, comp_payload(pos.rules, c))
        else:
            n = gen_bent(g, pos, n, frm, captures, comp_payload(pos.rules, c))
        c = comp_next(pos.rules, c)
    return n


def gen_pawn(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
             captures: cython.bint, off: cython.int) -> cython.int:
    """A pawn's step, double step and captures: ``step, captures, target..., double, flag``."""
    us: cython.int = pos.turn
    t: cython.int = gen_at(pos.rules, off)
    cnt: cython.int = gen_at(pos.rules, off + 1)
    double: cython.int = gen_at(pos.rules, off + 2 + cnt)
    k: cython.int
    if not captures and not pos.board[t]:
        n = emit(g, n, make_move(frm, t, 0, 0))
        if double >= 0 and not pos.board[double]:
            n = emit(g, n, make_move(frm, double, 0, gen_at(pos.rules, off + 3 + cnt)))
    for k in range(cnt):
        t = gen_at(pos.rules, off + 2 + k)
        if pos.board[t] * us < 0:
            n = emit(g, n, make_move(frm, t, 0, 0))
    return n


def gen_leaps(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
              off: cython.int, modes: cython.int) -> cython.int:
    """Leaps (``count, target...``): to empty squares if ``modes`` has
    QUIETS, onto enemy pieces if it has CAPTURES."""
    us: cython.int = pos.turn
    k: cython.int
    t: cython.int
    q: cython.int
    for k in range(gen_at(pos.rules, off)):
        t = gen_at(pos.rules, off + 1 + k)
        q = pos.board[t] * us
        if q < 0:
            if modes & CAPTURES:
                n = emit(g, n, make_move(frm, t, 0, 0))
        elif q == 0 and modes & QUIETS:
            n = emit(g, n, make_move(frm, t, 0, 0))
    return n


def gen_rides(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
              off: cython.int, modes: cython.int) -> cython.int:
    """Slides along rays (``rays, (length, target...)...``) up to the first
    piece, which is taken if ``modes`` has CAPTURES; the empty squares if it
    has QUIETS."""
    us: cython.int = pos.turn
    r: cython.int
    j: cython.int
    length: cython.int
    t: cython.int
    q: cython.int
    nrays: cython.int = gen_at(pos.rules, off)
    off += 1
    for r in range(nrays):
        length = gen_at(pos.rules, off)
        off += 1
        for j in range(length):
            t = gen_at(pos.rules, off + j)
            q = pos.board[t]
            if q:
                if q * us < 0 and modes & CAPTURES:
                    n = emit(g, n, make_move(frm, t, 0, 0))
                break
            if modes & QUIETS:
                n = emit(g, n, make_move(frm, t, 0, 0))
        off += length
    return n


def gen_hops(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
             off: cython.int) -> cython.int:
    """Hopper captures (``rays, (length, target...)...``): the first piece
    past exactly one screen, if it is an enemy."""
    us: cython.int = pos.turn
    r: cython.int
    j: cython.int
    length: cython.int
    t: cython.int
    q: cython.int
    nrays: cython.int = gen_at(pos.rules, off)
    off += 1
    for r in range(nrays):
        length = gen_at(pos.rules, off)
        off += 1
        j = 0
        while j < length and not pos.board[gen_at(pos.rules, off + j)]:
            j += 1
        j += 1
        while j < length:
            t = gen_at(pos.rules, off + j)
            q = pos.board[t]
            if q:
                if q * us < 0:
                    n = emit(g, n, make_move(frm, t, 0, 0))
                break
            j += 1
        off += length
    return n


def gen_lame(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
             off: cython.int) -> cython.int:
    """Lame leaps and double steps (``count, (target, crossed, flag)...``): to
    an empty square over an empty one."""
    k: cython.int
    t: cython.int
    for k in range(gen_at(pos.rules, off)):
        t = gen_at(pos.rules, off + 1 + 3 * k)
        if not pos.board[gen_at(pos.rules, off + 2 + 3 * k)] and not pos.board[t]:
            n = emit(g, n, make_move(frm, t, 0, gen_at(pos.rules, off + 3 + 3 * k)))
    return n


def gen_bent(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
             captures: cython.bint, off: cython.int) -> cython.int:
    """Eagle/Rhinoceros paths (``count, (step, rays, (length, target...)...)...``):
    through an empty step square, then slides as :func:`gen_rides`."""
    k: cython.int
    r: cython.int
    cnt: cython.int = gen_at(pos.rules, off)
    off += 1
    for k in range(cnt):
        if not pos.board[gen_at(pos.rules, off)]:
            n = gen_rides(g, pos, n, frm, off + 1, QUIETS * (not captures) | CAPTURES)
        off += 2
        for r in range(gen_at(pos.rules, off - 1)):             # past its rays
            off += 1 + gen_at(pos.rules, off)
    return n


def gen_promotions(g: MoveGen, pos: Position, n: cython.int, frm: cython.int,
                   captures: cython.bint) -> cython.int:
    """The moves of a piece that may promote from ``frm``: every move to
    the last rank once per promotion choice."""
    us: cython.int = pos.turn
    start: cython.int = n
    end: cython.int = gen_components(g, pos, n, frm, False)
    k: cython.int
    c: cython.int
    m: cython.int
    p: cython.int = pos.board[frm]
    nraw: cython.int = end - start
    if nraw > PROMO_SCRATCH:
        nraw = PROMO_SCRATCH
        g.overflow = True
    for k in range(nraw):
        g.promo_tmp[k] = g.moves[start + k]
    n = start
    for k in range(nraw):
        m = g.promo_tmp[k]
        if is_last_rank(pos.rules, us, move_to(m)):
            for c in range(promo_count(pos.rules, p)):
                n = emit(g, n, with_promotion(m, promo_choice(pos.rules, p, c)))
        elif not captures or pos.board[move_to(m)]:
            n = emit(g, n, m)
    return n


def gen_legal(g: MoveGen, pos: Position, n: cython.int, captures: cython.bint) -> cython.int:
    """Append the legal moves (with ``captures``: only captures and
    promotions) at index ``n`` of the move buffer; return the new end.

    Steps: the King's lines; the other pieces' moves (those of suspects,
    and all of them in check, tried on the board); en passant; the King's
    steps, then its jump and castling."""
    us: cython.int = pos.turn
    them: cython.int = -us
    s: cython.int = side_of(us)
    ksq: cython.int = pos.king[s]
    start: cython.int = n
    k: cython.int
    i: cython.int
    sq: cython.int
    m: cython.int
    t: cython.int
    q: cython.int
    mid: cython.int
    st: cython.int
    e: cython.int
    rec: cython.int
    scan_king_lines(g, pos, ksq, us)
    st = g.set_stamp
    if g.n_checkers == 0:
        if not g.any_suspect:
            for k in range(pos.pcount[s]):
                n = gen_piece(g, pos, n, pos.plist[s * pos.rules.size + k], captures)
        else:
            for k in range(pos.pcount[s]):
                sq = pos.plist[s * pos.rules.size + k]
                if g.sus_mark[sq] != st:
                    n = gen_piece(g, pos, n, sq, captures)
            mid = n
            for k in range(pos.pcount[s]):
                sq = pos.plist[s * pos.rules.size + k]
                if g.sus_mark[sq] == st:
                    n = gen_piece(g, pos, n, sq, captures)
            n = keep_safe(g, pos, mid, n)
        if g.any_forbidden:
            e = start
            for i in range(start, n):
                m = g.moves[i]
                if g.forb_mark[move_to(m)] != st:
                    g.moves[e] = m
                    e += 1
            n = e
    else:
        for k in range(pos.pcount[s]):
            n = gen_piece(g, pos, n, pos.plist[s * pos.rules.size + k], captures)
        e = start
        for i in range(start, n):
            m = g.moves[i]
            if g.n_checkers == 1 and g.ev_mark[move_to(m)] != g.ev_stamp and not (
                    g.any_screen and g.scr_mark[move_from(m)] == st):
                continue
            if pos.safe_after(m):
                g.moves[e] = m
                e += 1
        n = e
    if pos.ep:
        rec = ep_record(pos.rules, us, pos.ep)
        for i in range(ep_count(pos.rules, rec)):
            q = pos.board[ep_source(pos.rules, rec, i)]
            if q * us > 0 and is_ep_capturer(pos.rules, q) and pos.safe_after(ep_move(pos.rules, rec, i)):
                n = emit(g, n, ep_move(pos.rules, rec, i))
    # the King
    pos.board[ksq] = 0
    rec = king_record(pos.rules, us, ksq)
    for i in range(king_step_count(pos.rules, rec)):
        t = king_step(pos.rules, rec, i)
        q = pos.board[t]
        if (q * us < 0 or (not q and not captures)) and not pos.attacked_by_list(t, them):
            n = emit(g, n, make_move(ksq, t, 0, 0))
    pos.board[ksq] = us
    if pos.rights & colour_rights(pos.rules, us) and not g.n_checkers and not captures:
        n = gen_king_specials(g, pos, n, ksq, us)
    return n


def keep_safe(g: MoveGen, pos: Position, start: cython.int, end: cython.int) -> cython.int:
    """Keep the moves in [start, end) that leave the King safe; the new end."""
    i: cython.int
    m: cython.int
    e: cython.int = start
    for i in range(start, end):
        m = g.moves[i]
        if pos.safe_after(m):
            g.moves[e] = m
            e += 1
    return e


def gen_king_specials(g: MoveGen, pos: Position, n: cython.int, ksq: cython.int,
                      us: cython.int) -> cython.int:
    """The King's jump and castling (the King is not in check)."""
    them: cython.int = -us
    rec: cython.int = jump_record(pos.rules, us, ksq)
    k: cython.int
    j: cython.int
    t: cython.int
    c: cython.int
    ok: cython.bint
    bad: cython.bint
    rook: cython.int = pos.rules.rook * us
    rs: cython.int
    rt: cython.int
    if rec:
        for k in range(jump_count(pos.rules, rec)):
            t = jump_target(pos.rules, rec, k)
            if not pos.board[t]:
                if jump_straight(pos.rules, rec, k):       # the midpoint is safe
                    ok = not pos.attacked(jump_cond1(pos.rules, rec, k), them)
                else:                              # (2,1): one of two squares is safe
                    ok = not (pos.attacked(jump_cond1(pos.rules, rec, k), them)
                              and pos.attacked(jump_cond2(pos.rules, rec, k), them))
                if ok:
                    pos.board[ksq] = 0
                    ok = not pos.attacked(t, them)
                    pos.board[ksq] = us
                    if ok:
                        n = emit(g, n, make_move(ksq, t, 0, 0))
    c = castle_first(pos.rules, us)
    for k in range(castle_count(pos.rules, us)):
        rs = castle_rook(pos.rules, c)
        rt = castle_rook_to(pos.rules, c)
        bad = not pos.rights & castle_bit(pos.rules, c) or castle_king(pos.rules, c) != ksq or pos.board[rs] != rook
        for j in range(castle_empty_count(pos.rules, c)):
            if pos.board[castle_empty(pos.rules, c, j)]:
                bad = True
        if not bad:
            for j in range(castle_passed_count(pos.rules, c)):
                if pos.attacked(castle_passed(pos.rules, c, j), them):
                    bad = True
                    break
        if not bad:
            pos.board[ksq] = 0
            pos.board[rs] = 0
            pos.board[rt] = rook
            ok = not pos.attacked(castle_king_to(pos.rules, c), them)
            pos.board[rt] = 0
            pos.board[rs] = rook
            pos.board[ksq] = us
            if ok:
                n = emit(g, n, castle_move(pos.rules, c))
        c = castle_next(pos.rules, c)
    return n


def is_legal_move(g: MoveGen, pos: Position, m: cython.int, n: cython.int) -> cython.bint:
    """Is the move int ``m`` (say, from a hash table) legal here?  Uses the
    move buffer from index ``n`` on.

    Ordinary moves of pieces other than the King (promotions and double
    steps included) are checked by generating that one piece's moves and
    trying ``m`` on the board; King moves, en passant and castling by
    generating all legal moves.
    """
    us: cython.int = pos.turn
    frm: cython.int = move_from(m)
    p: cython.int = pos.board[frm] if frm < pos.rules.size else 0
    end: cython.int
    i: cython.int
    if p * us <= 0:
        return False
    if p == us or move_flag(m) > DOUBLE:
        end = gen_legal(g, pos, n, False)
    else:
        end = gen_piece(g, pos, n, frm, False)
    for i in range(n, end):
        if g.moves[i] == m:
            return p == us or move_flag(m) > DOUBLE or pos.safe_after(m)
    return False


def perft_at(g: MoveGen, pos: Position, depth: cython.int, n: cython.int) -> cython.longlong:
    """Leaves of the legal move tree ``depth`` plies deep; the moves of each
    ply are generated at index ``n`` of the move buffer and after."""
    end: cython.int = gen_legal(g, pos, n, False)
    total: cython.longlong = 0
    i: cython.int
    if depth <= 1:
        return end - n
    for i in range(n, end):
        pos.make(g.moves[i])
        total += perft_at(g, pos, depth - 1, end)
        pos.unmake()
    return total
