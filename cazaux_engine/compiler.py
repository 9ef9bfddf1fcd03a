"""A variant compiled into flat move tables: what every piece can do on every square.

:class:`cazaux_engine.rules.Rules` calls :func:`compile_tables` once per
variant, with its geometry and piece names already set, and keeps only what
comes back: int arrays (``array.array``) that the compiled core reads as C
arrays.  The per-square components computed on the way (tuples of moves,
rays and attack lists) exist only while this runs.  :mod:`cazaux_engine.layout`
names every field of the arrays; the layout is:

Indexing: a signed piece code ``c`` (``-n..n``) becomes ``c + n``; a table
with one entry per piece and square is indexed ``(c + n) * size + sq``; a
table per colour ``side * size + sq`` with ``side`` 0 for White, 1 for Black.

``gen_data`` holds, for each piece and square, the number of move
components and then each component as ``kind``, the length of its payload,
and the payload (``gen_start`` gives the offset; 0 for none, the King's
included: its moves need legality tests, see ``king_steps``):

``LEAP``, ``LEAP_M``, ``LEAP_C``: ``count, target...``
``RIDE``, ``RIDE_M``, ``RIDE_C``, ``HOP``: ``rays, (length, target...)...``
``LAME_M``: ``count, (target, crossed square, move flag)...``
``BENT``: ``count, (step square, rays, (length, target...)...)...``
``PAWN``: ``step, captures, target..., double-step target or -1, its flag``

``promo_at`` marks the squares from which a piece may promote (its moves
to the last rank are expanded into ``promo_choices``).

The reverse (attack) tables per colour of the attacker and square:
``att_leap_data``: ``count, (source, piece mask)...``, and ``att_ray_data``:
``rays, (length, square..., slider mask, hopper mask, wings)...``: squares
outward from the target and the pieces that attack it along that line by
sliding, by hopping one screen, or (Eagle/Rhinoceros) by stepping onto a
line square from a wing square and sliding in; ``wings`` is 0 or an offset
into ``wing_data``, which holds for each ray square ``count, (square, piece
mask)...``.  A piece mask has bit ``i`` set for army index ``i`` of the
attacker's colour; ``ray_kinds`` holds, per side, the mask of the pieces
that may attack along a line (every piece of a ray's masks is one): an
exchange looking for its cheapest attacker scans the lines only when a
leaper found is dearer than one of them.  ``reach_leap`` and ``reach_ray``
read them the other way round, per side, target and square: the pieces
that leap from the square onto the target, and the target's ray through
the square (see :func:`flat_reach`).

The King: ``king_steps`` (per side and square: count, then up to 8 targets),
the Zanzibar jump (``jump_start``/``jump_data``: count, then per jump
``target, condition square, second condition square or -1, straight``), and
castling (``castle_start`` per side into ``castle_data``: count, then per
castling ``bit, king, king_to, rook, rook_to, move, empties, square...,
passed, square...``).  En passant: ``ep_data`` per side and square:
``count, (source, move)...`` (at most 2).  Hashing: Zobrist keys per piece
and square, side, rights and e.p. square.
"""
from __future__ import annotations

import random
from array import array

from .betza import bent_slides, crossed
from .moves import (BENT, CASTLE, DOUBLE, EP, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN, PROMO,
                    RIDE, RIDE_C, RIDE_M, make_move, move_flag)

DIRS8 = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
MAX_PROMOTION_CHOICES = 32
KING_STEP_SLOTS = 9                   # count + at most 8 steps
EP_SLOTS = 5                          # count + at most 2 (source, move) pairs


def ints(values) -> array:
    return array('i', values)


def compile_tables(R) -> dict:
    """The flat tables of the variant of ``R`` (a Rules whose geometry and
    piece names are set), by field name (see the module docstring)."""
    gen, raw = piece_moves(R)
    out = flat_moves(R, gen, raw)
    out.update(flat_attacks(R))
    out.update(flat_king(R))
    out.update(flat_ep(R))
    out.update(zobrist(R))
    return out


# -- what a piece does on a square (transient per-square components) ------------------------

def targets_from(R, sq, vectors, colour):
    """(vector, square) for each vector that stays on the board from ``sq``."""
    f, r = R.file_of(sq), R.rank_of(sq)
    for dx, dy in vectors:
        dy *= colour
        if R.on_board(f + dx, r + dy):
            yield (dx, dy), R.sq(f + dx, r + dy)


def ray_from(R, sq, d) -> list:
    """The squares from ``sq`` (excluded) in direction ``d`` to the edge."""
    f, r = R.file_of(sq), R.rank_of(sq)
    out = []
    dx, dy = d
    f, r = f + dx, r + dy
    while R.on_board(f, r):
        out.append(R.sq(f, r))
        f, r = f + dx, r + dy
    return out


def piece_moves(R) -> tuple[list, list]:
    """Per signed code, per square: the move components with promotions
    folded to ``((PROMO, None),)``, and the raw components."""
    n = R.n
    gen = [None] * (2 * n + 1)
    raw_all = [None] * (2 * n + 1)
    for i in range(1, n + 1):
        pt = R.types[i - 1]
        promotes = i in R.promoters or i in R.piece_promo
        for colour in (1, -1):
            table = [()] * R.size
            raw = [()] * R.size
            for sq in R.squares:
                comps = () if i == R.KING else components(R, i, pt, colour, sq)
                raw[sq] = table[sq] = comps
                if promotes and reaches_last_rank(R, comps, colour):
                    table[sq] = ((PROMO, None),)
            gen[i * colour] = table
            raw_all[i * colour] = raw
    return gen, raw_all


def components(R, i, pt, colour, sq) -> tuple:
    """The move components of piece ``i`` (army index) of ``colour`` on ``sq``."""
    comps = []
    leap = {LEAP: [], LEAP_M: [], LEAP_C: []}
    rides = {RIDE: [], RIDE_M: [], RIDE_C: []}
    hops = []

    def M(t, flag=0):
        return make_move(sq, t, 0, flag)

    # a target (leaps) or direction (rides) named by several atoms, as in
    # 'WmW' or 'QB', is one move: its modes are merged (first-named order)
    leap_modes: dict = {}
    ride_modes: dict = {}
    for atom in pt.atoms:
        if atom.kind == 'leap':
            for vec, t in targets_from(R, sq, atom.vectors, colour):
                if atom.lame:
                    (a, b), = crossed(vec)
                    mid = R.sq(R.file_of(sq) + a, R.rank_of(sq) + b)
                    comps.append((LAME_M, ((t, mid, M(t)),)))
                else:
                    m, c = leap_modes.get(t, (False, False))
                    leap_modes[t] = (m or atom.move, c or atom.capture)
        elif atom.kind == 'ride':
            for dx, dy in atom.vectors:
                m, c = ride_modes.get((dx, dy), (False, False))
                ride_modes[(dx, dy)] = (m or atom.move, c or atom.capture)
        elif atom.kind == 'hop':
            for dx, dy in atom.vectors:
                ray = ray_from(R, sq, (dx, dy * colour))
                if len(ray) >= 2:
                    hops.append(tuple((t, M(t)) for t in ray))
        elif atom.kind == 'bent':
            entries = []
            for (dx, dy), s in targets_from(R, sq, atom.vectors, colour):
                rays = tuple(tuple((t, M(t)) for t in ray_from(R, s, d))
                             for d in bent_slides((dx, dy)))
                rays = tuple(r for r in rays if r)
                if rays:
                    entries.append((s, rays))
            if entries:
                comps.append((BENT, tuple(entries)))
    for t, (m, c) in leap_modes.items():
        leap[LEAP if m and c else LEAP_M if m else LEAP_C].append((t, M(t)))
    for (dx, dy), (m, c) in ride_modes.items():
        ray = ray_from(R, sq, (dx, dy * colour))
        if ray:
            rides[RIDE if m and c else RIDE_M if m else RIDE_C].append(
                tuple((t, M(t)) for t in ray))
    # variant pawn rules: the non-capturing double step straight forward
    ds = R.variant.double_step.get(pt.name)
    if ds is not None:
        r = R.rank_of(sq)
        white_rank = r + 1 if colour > 0 else R.ranks - r
        if ds == 'any' or ds == white_rank:
            mid_r, to_r = r + colour, r + 2 * colour
            if 0 <= to_r < R.ranks:
                f = R.file_of(sq)
                mid, t = R.sq(f, mid_r), R.sq(f, to_r)
                flag = DOUBLE if i in R.ep_victims else 0
                comps.append((LAME_M, ((t, mid, M(t, flag)),)))
    for kind in (LEAP, LEAP_M, LEAP_C):
        if leap[kind]:
            comps.insert(0, (kind, tuple(leap[kind])))
    for kind in (RIDE, RIDE_M, RIDE_C):
        if rides[kind]:
            comps.append((kind, tuple(rides[kind])))
    if hops:
        comps.append((HOP, tuple(hops)))
    # merge the lame single entries
    lame = [e for k, d in comps if k == LAME_M for e in d]
    comps = [c for c in comps if c[0] != LAME_M]
    if lame:
        comps.append((LAME_M, tuple(lame)))
    return pawn_shape(tuple(comps))


def pawn_shape(comps):
    """The usual pawn (one quiet step, capture leaps, at most a double step
    through that step) as one PAWN component ``(step, move, captures, double)``
    with ``double = (target, move) | None``: one dispatch instead of three for
    the most numerous pieces."""
    kinds = dict(comps)
    if len(kinds) != len(comps) or set(kinds) - {LEAP_M, LEAP_C, LAME_M} \
            or len(kinds.get(LEAP_M, ())) != 1:
        return comps
    (t, m), = kinds[LEAP_M]
    double = kinds.get(LAME_M)
    if double is not None:
        if len(double) != 1 or double[0][1] != t:
            return comps
        double = (double[0][0], double[0][2])
    return ((PAWN, (t, m, kinds.get(LEAP_C, ()), double)),)


def all_targets(kind, data) -> list:
    """Every target square of one move component."""
    if kind == PAWN:
        t, _, caps, double = data
        return [t] + [x for x, _ in caps] + ([double[0]] if double else [])
    if kind in (LEAP, LEAP_M, LEAP_C):
        return [t for t, _ in data]
    if kind in (RIDE, RIDE_M, RIDE_C, HOP):
        return [t for ray in data for t, _ in ray]
    if kind == LAME_M:
        return [t for t, _, _ in data]
    if kind == BENT:
        return [t for _, rays in data for ray in rays for t, _ in ray]
    return []


def reaches_last_rank(R, comps, colour) -> bool:
    last = R.last_rank(colour)
    return any(R.rank_of(t) == last for kind, data in comps for t in all_targets(kind, data))


def flat_component(kind: int, payload) -> list:
    """The flat payload of one move component (see the module docstring)."""
    out = []
    if kind in (LEAP, LEAP_M, LEAP_C):
        out.append(len(payload))
        out += [t for t, _ in payload]
    elif kind in (RIDE, RIDE_M, RIDE_C, HOP):
        out.append(len(payload))
        for ray in payload:
            out.append(len(ray))
            out += [t for t, _ in ray]
    elif kind == LAME_M:
        out.append(len(payload))
        for t, mid, m in payload:
            out += [t, mid, move_flag(m)]
    elif kind == BENT:
        out.append(len(payload))
        for s, rays in payload:
            out += [s, len(rays)]
            for ray in rays:
                out.append(len(ray))
                out += [t for t, _ in ray]
    elif kind == PAWN:
        t, _, caps, double = payload
        out += [t, len(caps)]
        out += [c for c, _ in caps]
        out += [double[0], move_flag(double[1])] if double else [-1, 0]
    else:
        raise ValueError(f'unknown move component kind {kind}')
    return out


def flat_moves(R, gen, raw) -> dict:
    """``gen_start``, ``gen_data``, ``promo_at``, ``promo_count``,
    ``promo_choices`` and ``last_rank``."""
    n, size = R.n, R.size
    data = [0]                    # offset 0: "no components" (King, empty squares)
    start = [0] * ((2 * n + 1) * size)
    promo_at = [0] * ((2 * n + 1) * size)
    for code in range(-n, n + 1):
        if not code:
            continue
        for sq in R.squares:
            comps = raw[code][sq]
            if gen[code][sq] == ((PROMO, None),):
                promo_at[(code + n) * size + sq] = 1
            if comps:
                start[(code + n) * size + sq] = len(data)
                data.append(len(comps))
                for kind, payload in comps:
                    f = flat_component(kind, payload)
                    data += [kind, len(f)]
                    data.extend(f)
    choices = [0] * ((2 * n + 1) * MAX_PROMOTION_CHOICES)
    count = [0] * (2 * n + 1)
    for code in range(-n, n + 1):
        if code:
            i = abs(code)
            cs = (R.promo_choices if i in R.promoters
                  else (R.piece_promo[i],) if i in R.piece_promo else ())
            if len(cs) > MAX_PROMOTION_CHOICES:
                raise ValueError(f'at most {MAX_PROMOTION_CHOICES} promotion choices are supported')
            count[code + n] = len(cs)
            for k, c in enumerate(cs):
                choices[(code + n) * MAX_PROMOTION_CHOICES + k] = c
    last = [0] * (2 * size)
    for colour in (1, -1):
        for sq in R.squares:
            last[(colour < 0) * size + sq] = int(R.rank_of(sq) == R.last_rank(colour))
    return {'gen_start': ints(start), 'gen_data': ints(data), 'promo_at': ints(promo_at),
            'promo_count': ints(count), 'promo_choices': ints(choices), 'last_rank': ints(last)}


# -- who attacks a square from where ---------------------------------------------------------

def _mask(codes, colour: int) -> int:
    m = 0
    for c in codes:
        m |= 1 << (c * colour)
    return m


def attack_lists(R, colour) -> tuple[list, list, frozenset]:
    """Per square: the leap attackers ``(source, codes)`` and the rays
    ``(squares, sliders, hoppers, wings)`` of the pieces of ``colour``; and
    the codes of the pieces that may attack along a line (every piece of
    the rays' masks is one)."""
    n = R.n
    # capture vectors by kind, from the attacker's side (absolute)
    leap_by_vec: dict = {}
    slide_by_dir: dict = {}
    hop_by_dir: dict = {}
    bent_pieces: dict = {}   # (step, slide dir) -> codes
    for i in range(1, n + 1):
        code = i * colour
        for atom in R.types[i - 1].atoms:
            vecs = [(dx, dy * colour) for dx, dy in atom.vectors]
            if atom.kind == 'leap' and atom.capture and not atom.lame:
                for vv in vecs:
                    leap_by_vec.setdefault(vv, set()).add(code)
            elif atom.kind == 'ride' and atom.capture:
                for vv in vecs:
                    slide_by_dir.setdefault(vv, set()).add(code)
            elif atom.kind == 'hop':
                for vv in vecs:
                    hop_by_dir.setdefault(vv, set()).add(code)
            elif atom.kind == 'bent':
                for e in vecs:
                    for d in bent_slides(e):
                        bent_pieces.setdefault((e, d), set()).add(code)
    leap_sets = {vv: frozenset(c) for vv, c in leap_by_vec.items()}
    # riders of longer leaps (NN, DD, ...) attack along lines of their own
    long_lines = sorted({(-dx, -dy) for dx, dy in list(slide_by_dir) + list(hop_by_dir)
                         if max(abs(dx), abs(dy)) > 1})
    att_leap = [()] * R.size
    att_ray = [()] * R.size
    for sq in R.squares:
        f, r = R.file_of(sq), R.rank_of(sq)
        att_leap[sq] = tuple((R.sq(f - dx, r - dy), cs) for (dx, dy), cs in leap_sets.items()
                             if R.on_board(f - dx, r - dy))
        rays = []
        for d in list(DIRS8) + long_lines:
            back = (-d[0], -d[1])     # the attacker moves along -d to reach sq
            ray = ray_from(R, sq, d)
            if not ray:
                continue
            sliders = frozenset(slide_by_dir.get(back, ()))
            hoppers = frozenset(hop_by_dir.get(back, ())) if len(ray) >= 2 else frozenset()
            wing_list = []
            for s in ray:
                sf, sr = R.file_of(s), R.rank_of(s)
                ws = []
                for (e, dd), cs in bent_pieces.items():
                    if dd != back:
                        continue
                    wf, wr = sf - e[0], sr - e[1]
                    if R.on_board(wf, wr):
                        ws.append((R.sq(wf, wr), frozenset(cs)))
                wing_list.append(tuple(ws))
            wings = tuple(wing_list) if any(wing_list) else None
            if sliders or hoppers or wings:
                rays.append((tuple(ray), sliders, hoppers, wings))
        att_ray[sq] = tuple(rays)
    line_codes = frozenset().union(*slide_by_dir.values(), *hop_by_dir.values(), *bent_pieces.values())
    return att_leap, att_ray, line_codes


def flat_attacks(R) -> dict:
    """``att_leap_start``/``att_leap_data``, ``att_ray_start``/``att_ray_data`` and ``wing_data``."""
    size = R.size
    leap, ray, wing = [0], [0], [0]
    leap_start = [0] * (2 * size)
    ray_start = [0] * (2 * size)
    ray_kinds = [0, 0]
    for colour in (1, -1):
        att_leap, att_ray, line_codes = attack_lists(R, colour)
        ray_kinds[colour < 0] = _mask(line_codes, colour)
        for sq in R.squares:
            i = (colour < 0) * size + sq
            leap_start[i] = len(leap)
            leap.append(len(att_leap[sq]))
            for src, codes in att_leap[sq]:
                leap += [src, _mask(codes, colour)]
            ray_start[i] = len(ray)
            ray.append(len(att_ray[sq]))
            for squares, sliders, hoppers, wings in att_ray[sq]:
                ray.append(len(squares))
                ray.extend(squares)
                ray += [_mask(sliders, colour), _mask(hoppers, colour)]
                if wings is None:
                    ray.append(0)
                else:
                    ray.append(len(wing))
                    for ws in wings:
                        wing.append(len(ws))
                        for w, codes in ws:
                            wing += [w, _mask(codes, colour)]
    out = {'att_leap_start': ints(leap_start), 'att_leap_data': ints(leap),
           'att_ray_start': ints(ray_start), 'att_ray_data': ints(ray), 'wing_data': ints(wing),
           'ray_kinds': ints(ray_kinds)}
    out.update(flat_reach(R, leap_start, leap, ray_start, ray, len(wing) > 1))
    return out


def flat_reach(R, leap_start, leap, ray_start, ray, wings: bool) -> dict:
    """``reach_leap`` and ``reach_ray``, per side of the attacker, target
    square and square ``x`` (index ``(side * size + target) * size + x``):
    the mask of the pieces that leap from ``x`` onto the target, and the
    offset in ``att_ray_data`` of the target's ray through ``x`` (0: none).
    With them a move's checks are found from the squares it changed alone
    (``Position.check_by_last_move``).  Empty (one 0) where that would not
    hold: a variant with Eagle-like pieces, which reach a line from a wing
    square, or with a square on two rays of one target."""
    none = {'reach_leap': ints([0]), 'reach_ray': ints([0])}
    if wings:
        return none
    size = R.size
    on_board = set(R.squares)
    reach_leap = ints([0]) * (2 * size * size)
    reach_ray = ints([0]) * (2 * size * size)
    for i in range(2 * size):
        if i % size not in on_board:
            continue
        base = i * size
        at = leap_start[i]
        for k in range(leap[at]):
            reach_leap[base + leap[at + 1 + 2 * k]] |= leap[at + 2 + 2 * k]
        r = ray_start[i] + 1
        for _ in range(ray[ray_start[i]]):
            for x in ray[r + 1:r + 1 + ray[r]]:
                if reach_ray[base + x]:
                    return none
                reach_ray[base + x] = r
            r += 4 + ray[r]
    return {'reach_leap': reach_leap, 'reach_ray': reach_ray}


# -- the King ----------------------------------------------------------------------------------

def king_jumps(R, sq) -> list:
    """The Zanzibar King's jumps from ``sq``: (target, condition squares, straight)."""
    f, r = R.file_of(sq), R.rank_of(sq)
    jumps = []
    for dx in range(-2, 3):
        for dy in range(-2, 3):
            if max(abs(dx), abs(dy)) != 2 or not R.on_board(f + dx, r + dy):
                continue
            t = R.sq(f + dx, r + dy)
            if abs(dx) == 1 or abs(dy) == 1:
                # (2,1): the two squares adjacent to both ends
                sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
                if abs(dx) == 2:
                    c = (R.sq(f + sx, r), R.sq(f + sx, r + dy))
                else:
                    c = (R.sq(f, r + sy), R.sq(f + dx, r + sy))
                jumps.append((t, c, False))
            else:
                jumps.append((t, (R.sq(f + dx // 2, r + dy // 2),), True))
    return jumps


def castling_records(R, colour) -> list:
    """Per castling rule of the variant, for ``colour``: (bit, king, king_to,
    rook, rook_to, move, squares that must be empty, squares passed)."""
    v = R.variant
    m = len(v.castling)
    out = []
    for k, c in enumerate(v.castling):
        bit = 1 << k if colour > 0 else 1 << (k + m)
        ks, kt = R.white_square(c['king'], colour), R.white_square(c['king_to'], colour)
        rs, rt = R.white_square(c['rook'], colour), R.white_square(c['rook_to'], colour)
        lo, hi = sorted((R.file_of(ks), R.file_of(rs)))
        r = R.rank_of(ks)
        between = {R.sq(f, r) for f in range(lo + 1, hi)}
        between |= {kt, rt}
        between -= {ks, rs}
        step = 1 if R.file_of(kt) > R.file_of(ks) else -1
        passed = tuple(R.sq(f, r) for f in range(R.file_of(ks) + step, R.file_of(kt), step))
        out.append((bit, ks, kt, rs, rt, make_move(ks, kt, 0, CASTLE), tuple(sorted(between)), passed))
    return out


def flat_king(R) -> dict:
    """``king_steps``, ``jump_start``/``jump_data``, ``castle_start``/``castle_data``,
    ``rights_bits`` and ``rights_mask`` (see the module docstring).

    Rights bits: the jump is White 1, Black 2; castling rule k is White
    1<<k, Black 1<<(k + number of rules)."""
    size = R.size
    king = R.types[0]
    steps = [0] * (2 * size * KING_STEP_SLOTS)
    jumps = [0]
    jump_start = [0] * (2 * size)
    for colour in (1, -1):
        s = int(colour < 0)
        for sq in R.squares:
            tgts = []
            for atom in king.atoms:
                if atom.kind != 'leap':
                    raise ValueError('the King must be a leaper')
                for _, t in targets_from(R, sq, atom.vectors, colour):
                    if t not in tgts:
                        tgts.append(t)
            if len(tgts) > KING_STEP_SLOTS - 1:
                raise ValueError('a King has at most 8 steps')
            base = (s * size + sq) * KING_STEP_SLOTS
            steps[base] = len(tgts)
            steps[base + 1:base + 1 + len(tgts)] = tgts
        if R.variant.king_jump:
            for sq in sorted(R.jump_zone[colour]):
                js = king_jumps(R, sq)
                jump_start[s * size + sq] = len(jumps)
                jumps.append(len(js))
                for t, conds, straight in js:
                    jumps += [t, conds[0], conds[1] if len(conds) > 1 else -1, int(straight)]
    rights_bits = {1: 1, -1: 2} if R.variant.king_jump else {1: 0, -1: 0}
    castle = []
    castle_start = [0, 0]
    for colour in (1, -1):
        castle_start[int(colour < 0)] = len(castle)
        records = castling_records(R, colour)
        castle.append(len(records))
        for bit, ks, kt, rs, rt, mv, empty, passed in records:
            rights_bits[colour] |= bit
            castle += [bit, ks, kt, rs, rt, mv, len(empty), *empty, len(passed), *passed]
    m = len(R.variant.castling)
    full = (1 << (2 * m)) - 1 if m else 3
    rights_mask = [full] * size
    for colour in (1, -1):
        for bit, ks, kt, rs, *_ in castling_records(R, colour):
            rights_mask[rs] &= ~bit
    return {'king_steps': ints(steps), 'jump_start': ints(jump_start), 'jump_data': ints(jumps),
            'castle_start': ints(castle_start), 'castle_data': ints(castle),
            'rights_bits': ints((rights_bits[1], rights_bits[-1])), 'rights_mask': ints(rights_mask)}


# -- en passant and hashing ----------------------------------------------------------------------

def flat_ep(R) -> dict:
    """``ep_data``: squares from which a capturer of each colour takes on an
    e.p. square (per side and square: count, (source, move)...)."""
    size = R.size
    ep = [0] * (2 * size * EP_SLOTS)
    for colour in (1, -1):
        for sq in R.squares:
            f, r = R.file_of(sq), R.rank_of(sq)
            base = ((colour < 0) * size + sq) * EP_SLOTS
            k = 0
            for dx in (-1, 1):
                if R.on_board(f + dx, r - colour):
                    s = R.sq(f + dx, r - colour)
                    ep[base + 1 + 2 * k] = s
                    ep[base + 2 + 2 * k] = make_move(s, sq, 0, EP)
                    k += 1
            ep[base] = k
    return {'ep_data': ints(ep)}


def zobrist(R) -> dict:
    """Zobrist keys: ``z_piece`` per code and square, ``z_side``, ``z_rights``, ``z_ep``."""
    rnd = random.Random(0x5EED_CA2A)
    n, size = R.n, R.size
    z = [0] * ((2 * n + 1) * size)
    for code in list(range(1, n + 1)) + list(range(-n, 0)):
        row = [rnd.getrandbits(64) for _ in range(size)]
        z[(code + n) * size:(code + n + 1) * size] = row
    z_side = rnd.getrandbits(64)
    rights = [rnd.getrandbits(64) for _ in range(1 << max(2, 2 * len(R.variant.castling)))]
    rights[0] = 0
    ep = [rnd.getrandbits(64) for _ in range(size)]
    return {'z_piece': array('Q', z), 'z_side': z_side, 'z_rights': array('Q', rights),
            'z_ep': array('Q', ep)}
