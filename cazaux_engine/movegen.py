"""Legal move generation: the moves of a :class:`~cazaux_engine.position.Position`.

Moves are appended to the position's move buffer (``pos.moves``) from a
given index; each function returns the new end, so the search keeps the
moves of every ply one list after the other in the same buffer.

Legality is decided without playing every move (see :func:`gen_legal`):
the lines through the own King are walked once per call
(:func:`scan_king_lines`) to find checks, pinned pieces (``suspects``: a
slider's pin, a Cannon/Crocodile/Sorceress line with two screens whose
removal would leave one, an Eagle/Rhinoceros path through the piece) and
squares where a new piece would become the only screen of an enemy hopper
(``forbidden``).  Only moves of suspects, King moves, en-passant captures and
check evasions are tried on the board.  The square sets are marks in
per-square arrays of the position, stamped with a number that changes at
each use, so that nothing is cleared or allocated per call.

A piece's pseudo-legal moves come from its flat table (see
:mod:`cazaux_engine.movetables`), one function per kind of component.
"""
from __future__ import annotations

import cython

if cython.compiled:
    from cython.cimports.cazaux_engine.moves import (BENT, DOUBLE, EP, HOP, LAME_M, LEAP, LEAP_C,
                                                     LEAP_M, PAWN, RIDE, RIDE_C, RIDE_M,
                                                     make_move, move_flag, move_from, move_to,
                                                     side_of, with_promotion)
    from cython.cimports.cazaux_engine.position import Position
else:
    from .moves import (BENT, DOUBLE, EP, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN, RIDE, RIDE_C,
                        RIDE_M, make_move, move_flag, move_from, move_to, side_of, with_promotion)
    from .position import Position


def gen_entry(pos: Position, i: cython.int) -> cython.int:
    """Entry ``i`` of the position's move tables (``MoveTables.gen_data``)."""
    return pos.mt.gen_data[i]


# -- the Python interface ----------------------------------------------------------------

def legal_moves(pos: Position, captures: bool = False) -> list:
    """All legal moves of ``pos``; with ``captures`` only captures and promotions."""
    pos.overflow = False
    n = gen_legal(pos, 0, captures)
    if pos.overflow:
        raise RuntimeError('more legal moves than the move buffer holds')
    return list(pos.moves[:n])


def move_is_legal(pos: Position, m: int) -> bool:
    """Is the move int ``m`` legal in ``pos``?"""
    if not 0 <= m < 1 << 26:
        return False
    return is_legal_move(pos, m, 0)


def checkers(pos: Position) -> list:
    """Squares of the enemy pieces giving check."""
    scan_king_lines(pos, pos.king_of(pos.turn), pos.turn)
    return [pos.checker_sq[k] for k in range(min(pos.n_checkers, 16))]


def perft(pos: Position, depth: int) -> int:
    """Leaf count at ``depth`` plies; the last ply is counted, not played."""
    if depth <= 0:
        return 1
    pos.reserve_undo(pos.sp + depth + 1)
    pos.overflow = False
    n = perft_at(pos, depth, 0)
    if pos.overflow:
        raise RuntimeError('more legal moves than the move buffer holds')
    return n


# -- legality: checks, pins and hopper screens -------------------------------------------

def next_stamp(pos: Position) -> cython.int:
    """A mark value not yet used in the scratch arrays."""
    pos.stamp += 1
    return pos.stamp

def scan_king_lines(pos: Position, ksq: cython.int, us: cython.int) -> cython.void:
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
    st: cython.int = next_stamp(pos)
    i: cython.int = side_of(them) * pos.mt.size + ksq
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
        for j in range(pos.mt.size):
            pos.ev_mark[j] = pos.sus_mark[j] = pos.forb_mark[j] = pos.scr_mark[j] = 0
        pos.stamp = 0
        st = next_stamp(pos)
    pos.set_stamp = st
    pos.n_checkers = 0
    pos.any_suspect = pos.any_forbidden = pos.any_screen = False
    off = pos.mt.att_ray_start[i]
    cnt = pos.mt.att_ray_data[off]
    off += 1
    for r in range(cnt):
        length = pos.mt.att_ray_data[off]
        first = off + 1
        off = first + length + 3
        sliders = pos.mt.att_ray_data[off - 3]
        hoppers = pos.mt.att_ray_data[off - 2]
        wings = pos.mt.att_ray_data[off - 1]
        wp = wings
        j = 0
        q = 0
        while j < length:
            q = pos.board[pos.mt.att_ray_data[first + j]]
            if q:
                break
            if wp:
                cw = pos.mt.wing_data[wp]
                wp += 1
                for w in range(cw):
                    x = pos.board[pos.mt.wing_data[wp]] * them
                    if x > 0 and pos.mt.wing_data[wp + 1] >> x & 1:
                        add_checker(pos, pos.mt.wing_data[wp])
                        mark_evasions(pos, first, j + 1, pos.mt.wing_data[wp], -1)
                    wp += 2
            j += 1
        if j == length:
            continue
        if q * us < 0:                          # an enemy piece first
            if (sliders >> (q * them)) & 1:
                add_checker(pos, pos.mt.att_ray_data[first + j])
                mark_evasions(pos, first, j + 1, -1, -1)
                continue
            if not hoppers:
                continue
            if (hoppers >> (q * them)) & 1 and j:
                for kk in range(j):
                    pos.forb_mark[pos.mt.att_ray_data[first + kk]] = st
                pos.any_forbidden = True
            jj = next_occupied(pos, first, j + 1, length)
            if jj == length:
                continue
            q2 = pos.board[pos.mt.att_ray_data[first + jj]]
            if q2 * them > 0 and (hoppers >> (q2 * them)) & 1:
                add_checker(pos, pos.mt.att_ray_data[first + jj])
                mark_evasions(pos, first, jj + 1, -1, pos.mt.att_ray_data[first + j])
                continue
            if q2 * us > 0:
                kk = next_occupied(pos, first, jj + 1, length)
                if kk < length and is_in(pos, pos.mt.att_ray_data[first + kk], hoppers, them):
                    pos.sus_mark[pos.mt.att_ray_data[first + jj]] = st
                    pos.any_suspect = True
            continue
        # an own piece first
        own = pos.mt.att_ray_data[first + j]
        jj = next_occupied(pos, first, j + 1, length)
        if wings:
            # wings of the squares between own and the next piece
            wp = wings
            for kk in range(jj):
                cw = pos.mt.wing_data[wp]
                wp += 1
                for w in range(cw):
                    if kk >= j and is_in(pos, pos.mt.wing_data[wp], pos.mt.wing_data[wp + 1], them):
                        pos.sus_mark[own] = st
                        pos.any_suspect = True
                    wp += 2
        if jj == length:
            continue
        q2 = pos.board[pos.mt.att_ray_data[first + jj]]
        if q2 * them > 0 and (sliders >> (q2 * them)) & 1:
            pos.sus_mark[own] = st
            pos.any_suspect = True
        if hoppers:
            if q2 * them > 0 and (hoppers >> (q2 * them)) & 1:
                add_checker(pos, pos.mt.att_ray_data[first + jj])
                mark_evasions(pos, first, jj + 1, -1, own)
                pos.scr_mark[own] = st
                pos.any_screen = True
                continue
            kk = next_occupied(pos, first, jj + 1, length)
            if kk < length and is_in(pos, pos.mt.att_ray_data[first + kk], hoppers, them):
                pos.sus_mark[own] = st
                pos.any_suspect = True
                if q2 * us > 0:
                    pos.sus_mark[pos.mt.att_ray_data[first + jj]] = st
    # leapers
    off = pos.mt.att_leap_start[i]
    cnt = pos.mt.att_leap_data[off]
    off += 1
    for r in range(cnt):
        if is_in(pos, pos.mt.att_leap_data[off], pos.mt.att_leap_data[off + 1], them):
            add_checker(pos, pos.mt.att_leap_data[off])
            pos.ev_stamp = next_stamp(pos)
            pos.ev_mark[pos.mt.att_leap_data[off]] = pos.ev_stamp
        off += 2

def is_in(pos: Position, sq: cython.int, mask: cython.int, colour: cython.int) -> cython.bint:
    """Is the piece on ``sq`` of ``colour`` and of a type in ``mask``?"""
    x: cython.int = pos.board[sq] * colour
    return x > 0 and (mask >> x) & 1

def next_occupied(pos: Position, first: cython.int, j: cython.int, length: cython.int) -> cython.int:
    """Index of the first occupied square of the ray at ``first``, from index j on."""
    while j < length and not pos.board[pos.mt.att_ray_data[first + j]]:
        j += 1
    return j

def add_checker(pos: Position, sq: cython.int) -> cython.void:
    if pos.n_checkers < 16:
        pos.checker_sq[pos.n_checkers] = sq
    pos.n_checkers += 1

def mark_evasions(pos: Position, first: cython.int, length: cython.int, extra: cython.int,
                  skip: cython.int) -> cython.void:
    """The evasion squares become the ray's first ``length`` squares, plus
    ``extra`` (unless -1), less ``skip`` (unless -1)."""
    k: cython.int
    e: cython.int = next_stamp(pos)
    pos.ev_stamp = e
    for k in range(length):
        pos.ev_mark[pos.mt.att_ray_data[first + k]] = e
    if extra >= 0:
        pos.ev_mark[extra] = e
    if skip >= 0:
        pos.ev_mark[skip] = 0

# -- generation ---------------------------------------------------------------------------

def emit(pos: Position, n: cython.int, m: cython.int) -> cython.int:
    """Append ``m`` at index ``n`` of the move buffer; the new length."""
    if n < pos.move_cap:
        pos.moves[n] = m
        return n + 1
    pos.overflow = True
    return n

def gen_piece(pos: Position, n: cython.int, frm: cython.int, us: cython.int,
              captures: cython.bint) -> cython.int:
    """Append the pseudo-legal moves of the piece on ``frm``."""
    if pos.mt.promo_at[(pos.board[frm] + pos.mt.n) * pos.mt.size + frm]:
        return gen_promotions(pos, n, frm, us, captures)
    return gen_components(pos, n, frm, us, captures)

def gen_components(pos: Position, n: cython.int, frm: cython.int, us: cython.int,
                   captures: cython.bint) -> cython.int:
    """Append the moves of the piece on ``frm`` from its table (no promotions)."""
    off: cython.int = pos.mt.gen_start[(pos.board[frm] + pos.mt.n) * pos.mt.size + frm]
    ncomp: cython.int = gen_entry(pos, off)
    c: cython.int
    kind: cython.int
    off += 1
    for c in range(ncomp):
        kind = gen_entry(pos, off)
        if kind == PAWN:
            n = gen_pawn(pos, n, frm, us, captures, off + 2)
        elif kind == LEAP or kind == LEAP_C or kind == LEAP_M:
            if not captures or kind != LEAP_M:
                n = gen_leaps(pos, n, frm, us, captures, off + 2, kind)
        elif kind == RIDE or kind == RIDE_C or kind == RIDE_M:
            if not captures or kind != RIDE_M:
                n = gen_rides(pos, n, frm, us, captures, off + 2, kind)
        elif kind == HOP:
            n = gen_hops(pos, n, frm, us, off + 2)
        elif kind == LAME_M:
            if not captures:
                n = gen_lame(pos, n, frm, off + 2)
        else:
            n = gen_bent(pos, n, frm, us, captures, off + 2)
        off += 2 + gen_entry(pos, off + 1)         # kind, length, payload
    return n


def gen_pawn(pos: Position, n: cython.int, frm: cython.int, us: cython.int,
             captures: cython.bint, off: cython.int) -> cython.int:
    """A pawn's step, double step and captures: ``step, captures, target..., double, flag``."""
    t: cython.int = gen_entry(pos, off)
    cnt: cython.int = gen_entry(pos, off + 1)
    k: cython.int
    off += 2
    if not captures and not pos.board[t]:
        n = emit(pos, n, make_move(frm, t, 0, 0))
        if gen_entry(pos, off + cnt) >= 0 and not pos.board[gen_entry(pos, off + cnt)]:
            n = emit(pos, n, make_move(frm, gen_entry(pos, off + cnt), 0, gen_entry(pos, off + cnt + 1)))
    for k in range(cnt):
        t = gen_entry(pos, off + k)
        if pos.board[t] * us < 0:
            n = emit(pos, n, make_move(frm, t, 0, 0))
    return n


def gen_leaps(pos: Position, n: cython.int, frm: cython.int, us: cython.int,
              captures: cython.bint, off: cython.int, kind: cython.int) -> cython.int:
    """Leaps (``count, target...``): to empty squares unless LEAP_C, onto
    enemy pieces unless LEAP_M."""
    cnt: cython.int = gen_entry(pos, off)
    k: cython.int
    t: cython.int
    q: cython.int
    off += 1
    for k in range(cnt):
        t = gen_entry(pos, off + k)
        q = pos.board[t] * us
        if q < 0:
            if kind != LEAP_M:
                n = emit(pos, n, make_move(frm, t, 0, 0))
        elif q == 0 and not captures and kind != LEAP_C:
            n = emit(pos, n, make_move(frm, t, 0, 0))
    return n


def gen_rides(pos: Position, n: cython.int, frm: cython.int, us: cython.int,
              captures: cython.bint, off: cython.int, kind: cython.int) -> cython.int:
    """Slides along rays (``rays, (length, target...)...``) up to the first
    piece, which is taken unless RIDE_M; the empty squares unless RIDE_C."""
    nrays: cython.int = gen_entry(pos, off)
    r: cython.int
    j: cython.int
    length: cython.int
    t: cython.int
    q: cython.int
    off += 1
    for r in range(nrays):
        length = gen_entry(pos, off)
        off += 1
        for j in range(length):
            t = gen_entry(pos, off + j)
            q = pos.board[t]
            if q:
                if q * us < 0 and kind != RIDE_M:
                    n = emit(pos, n, make_move(frm, t, 0, 0))
                break
            if not captures and kind != RIDE_C:
                n = emit(pos, n, make_move(frm, t, 0, 0))
        off += length
    return n


def gen_hops(pos: Position, n: cython.int, frm: cython.int, us: cython.int,
             off: cython.int) -> cython.int:
    """Hopper captures (``rays, (length, target...)...``): the first piece
    past exactly one screen, if it is an enemy."""
    nrays: cython.int = gen_entry(pos, off)
    r: cython.int
    j: cython.int
    length: cython.int
    t: cython.int
    q: cython.int
    off += 1
    for r in range(nrays):
        length = gen_entry(pos, off)
        off += 1
        j = 0
        while j < length and not pos.board[gen_entry(pos, off + j)]:
            j += 1
        j += 1
        while j < length:
            t = gen_entry(pos, off + j)
            q = pos.board[t]
            if q:
                if q * us < 0:
                    n = emit(pos, n, make_move(frm, t, 0, 0))
                break
            j += 1
        off += length
    return n


def gen_lame(pos: Position, n: cython.int, frm: cython.int, off: cython.int) -> cython.int:
    """Lame leaps and double steps (``count, (target, crossed, flag)...``): to
    an empty square over an empty one."""
    cnt: cython.int = gen_entry(pos, off)
    k: cython.int
    t: cython.int
    off += 1
    for k in range(cnt):
        t = gen_entry(pos, off + 3 * k)
        if not pos.board[gen_entry(pos, off + 3 * k + 1)] and not pos.board[t]:
            n = emit(pos, n, make_move(frm, t, 0, gen_entry(pos, off + 3 * k + 2)))
    return n


def gen_bent(pos: Position, n: cython.int, frm: cython.int, us: cython.int,
             captures: cython.bint, off: cython.int) -> cython.int:
    """Eagle/Rhinoceros paths (``count, (step, rays, (length, target...)...)...``):
    through an empty step square, then slides as :func:`gen_rides`."""
    cnt: cython.int = gen_entry(pos, off)
    k: cython.int
    r: cython.int
    s: cython.int
    off += 1
    for k in range(cnt):
        s = gen_entry(pos, off)
        if not pos.board[s]:
            n = gen_rides(pos, n, frm, us, captures, off + 1, RIDE)
        off += 2
        for r in range(gen_entry(pos, off - 1)):             # past its rays
            off += 1 + gen_entry(pos, off)
    return n


def gen_promotions(pos: Position, n: cython.int, frm: cython.int, us: cython.int,
                   captures: cython.bint) -> cython.int:
    """The moves of a piece that may promote from ``frm``: every move to
    the last rank once per promotion choice."""
    start: cython.int = n
    end: cython.int = gen_components(pos, n, frm, us, False)
    k: cython.int
    c: cython.int
    m: cython.int
    ci: cython.int = pos.board[frm] + pos.mt.n
    cnt: cython.int = pos.mt.promo_count[ci]
    nraw: cython.int = end - start
    if nraw > 256:
        nraw = 256
        pos.overflow = True
    for k in range(nraw):
        pos.promo_tmp[k] = pos.moves[start + k]
    n = start
    for k in range(nraw):
        m = pos.promo_tmp[k]
        if pos.mt.last_rank[side_of(us) * pos.mt.size + move_to(m)]:
            for c in range(cnt):
                n = emit(pos, n, with_promotion(m, pos.mt.promo_choices[ci * 32 + c]))
        elif not captures or pos.board[move_to(m)]:
            n = emit(pos, n, m)
    return n

def gen_legal(pos: Position, n: cython.int, captures: cython.bint) -> cython.int:
    """Append the legal moves (with ``captures``: only captures and
    promotions) at index ``n`` of the move buffer; return the new end."""
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
    off: cython.int
    mid: cython.int
    st: cython.int
    e: cython.int
    scan_king_lines(pos, ksq, us)
    st = pos.set_stamp
    if pos.n_checkers == 0:
        if not pos.any_suspect:
            for k in range(pos.pcount[s]):
                n = gen_piece(pos, n, pos.plist[s * pos.mt.size + k], us, captures)
        else:
            for k in range(pos.pcount[s]):
                sq = pos.plist[s * pos.mt.size + k]
                if pos.sus_mark[sq] != st:
                    n = gen_piece(pos, n, sq, us, captures)
            mid = n
            for k in range(pos.pcount[s]):
                sq = pos.plist[s * pos.mt.size + k]
                if pos.sus_mark[sq] == st:
                    n = gen_piece(pos, n, sq, us, captures)
            n = keep_safe(pos, mid, n)
        if pos.any_forbidden:
            e = start
            for i in range(start, n):
                m = pos.moves[i]
                if pos.forb_mark[move_to(m)] != st:
                    pos.moves[e] = m
                    e += 1
            n = e
    else:
        for k in range(pos.pcount[s]):
            n = gen_piece(pos, n, pos.plist[s * pos.mt.size + k], us, captures)
        e = start
        for i in range(start, n):
            m = pos.moves[i]
            if pos.n_checkers == 1 and pos.ev_mark[move_to(m)] != pos.ev_stamp and not (
                    pos.any_screen and pos.scr_mark[move_from(m)] == st):
                continue
            if pos.safe_after(m):
                pos.moves[e] = m
                e += 1
        n = e
    if pos.ep:
        off = (s * pos.mt.size + pos.ep) * 5
        for i in range(pos.mt.ep_data[off]):
            sq = pos.mt.ep_data[off + 1 + 2 * i]
            q = pos.board[sq]
            if q * us > 0 and pos.mt.ep_capturer[q + pos.mt.n] and pos.safe_after(
                    pos.mt.ep_data[off + 2 + 2 * i]):
                n = emit(pos, n, pos.mt.ep_data[off + 2 + 2 * i])
    # the King
    pos.board[ksq] = 0
    off = (s * pos.mt.size + ksq) * 9
    for i in range(pos.mt.king_steps[off]):
        t = pos.mt.king_steps[off + 1 + i]
        q = pos.board[t]
        if (q * us < 0 or (not q and not captures)) and not pos.attacked(t, them):
            n = emit(pos, n, make_move(ksq, t, 0, 0))
    pos.board[ksq] = us
    if pos.rights & pos.mt.rights_bits[s] and not pos.n_checkers and not captures:
        n = gen_king_specials(pos, n, ksq, us)
    return n

def keep_safe(pos: Position, start: cython.int, end: cython.int) -> cython.int:
    """Keep the moves in [start, end) that leave the King safe; the new end."""
    i: cython.int
    m: cython.int
    e: cython.int = start
    for i in range(start, end):
        m = pos.moves[i]
        if pos.safe_after(m):
            pos.moves[e] = m
            e += 1
    return e

def gen_king_specials(pos: Position, n: cython.int, ksq: cython.int, us: cython.int) -> cython.int:
    """The King's jump and castling (the King is not in check)."""
    them: cython.int = -us
    s: cython.int = side_of(us)
    off: cython.int = pos.mt.jump_start[s * pos.mt.size + ksq]
    cnt: cython.int
    k: cython.int
    j: cython.int
    t: cython.int
    ok: cython.bint
    bad: cython.bint
    rook: cython.int = pos.mt.rook * us
    rs: cython.int
    rt: cython.int
    if off:
        cnt = pos.mt.jump_data[off]
        off += 1
        for k in range(cnt):
            t = pos.mt.jump_data[off]
            if not pos.board[t]:
                if pos.mt.jump_data[off + 3]:          # straight: the midpoint is safe
                    ok = not pos.attacked(pos.mt.jump_data[off + 1], them)
                else:                              # (2,1): one of two squares is safe
                    ok = not (pos.attacked(pos.mt.jump_data[off + 1], them)
                              and pos.attacked(pos.mt.jump_data[off + 2], them))
                if ok:
                    pos.board[ksq] = 0
                    ok = not pos.attacked(t, them)
                    pos.board[ksq] = us
                    if ok:
                        n = emit(pos, n, make_move(ksq, t, 0, 0))
            off += 4
    # castling: (bit, king, king_to, rook, rook_to, move, empties..., passed...)
    off = pos.mt.castle_start[s]
    cnt = pos.mt.castle_data[off]
    off += 1
    for k in range(cnt):
        rs = pos.mt.castle_data[off + 3]
        rt = pos.mt.castle_data[off + 4]
        bad = not pos.rights & pos.mt.castle_data[off] or pos.mt.castle_data[off + 1] != ksq or pos.board[rs] != rook
        j = off + 7
        for j in range(off + 7, off + 7 + pos.mt.castle_data[off + 6]):
            if pos.board[pos.mt.castle_data[j]]:
                bad = True
        j = off + 7 + pos.mt.castle_data[off + 6]
        if not bad:
            for t in range(j + 1, j + 1 + pos.mt.castle_data[j]):
                if pos.attacked(pos.mt.castle_data[t], them):
                    bad = True
                    break
        if not bad:
            pos.board[ksq] = 0
            pos.board[rs] = 0
            pos.board[rt] = rook
            ok = not pos.attacked(pos.mt.castle_data[off + 2], them)
            pos.board[rt] = 0
            pos.board[rs] = rook
            pos.board[ksq] = us
            if ok:
                n = emit(pos, n, pos.mt.castle_data[off + 5])
        off = j + 1 + pos.mt.castle_data[j]
    return n

def is_legal_move(pos: Position, m: cython.int, n: cython.int) -> cython.bint:
    """Is the move int ``m`` (say, from a hash table) legal here?  Uses the
    move buffer from index ``n`` on.

    Ordinary moves of pieces other than the King (promotions and double
    steps included) are checked by generating that one piece's moves and
    trying ``m`` on the board; King moves, en passant and castling by
    generating all legal moves.
    """
    us: cython.int = pos.turn
    frm: cython.int = move_from(m)
    p: cython.int = pos.board[frm] if frm < pos.mt.size else 0
    end: cython.int
    i: cython.int
    if p * us <= 0:
        return False
    if p == us or move_flag(m) > DOUBLE:
        end = gen_legal(pos, n, False)
    else:
        end = gen_piece(pos, n, frm, us, False)
    for i in range(n, end):
        if pos.moves[i] == m:
            return p == us or move_flag(m) > DOUBLE or pos.safe_after(m)
    return False

def perft_at(pos: Position, depth: cython.int, n: cython.int) -> cython.longlong:
    """Leaves of the legal move tree ``depth`` plies deep; the moves of each
    ply are generated at index ``n`` of the move buffer and after."""
    end: cython.int = gen_legal(pos, n, False)
    total: cython.longlong = 0
    i: cython.int
    if depth <= 1:
        return end - n
    for i in range(n, end):
        pos.make(pos.moves[i])
        total += perft_at(pos, depth - 1, end)
        pos.unmake()
    return total
