# cython: wraparound=True
# (the builder indexes the rules' Python tables with negative piece codes)
"""The move generator's tables as flat C arrays (one :class:`MoveTables` per variant).

:class:`cazaux_engine.rules.Rules` describes what every piece can do on every
square as nested Python tuples, built once from the Betza atoms.  This module
flattens those tuples into int arrays that the compiled position code walks
with C loops (and the interpreted code with the same loops over
``array.array``).  The tuples stay the one source: every number here is read
from them.

Indexing: a signed piece code ``c`` (``-n..n``) becomes ``c + n``; a table
with one entry per piece and square is indexed ``(c + n) * size + sq``; a
table per colour ``side * size + sq`` with ``side`` 0 for White, 1 for Black
(:func:`side_of`).

Streams: ``gen_data`` holds, for each piece and square, the number of move
components and then each component as ``kind``, the length of its payload,
and the payload (``gen_start`` gives the offset):

``LEAP``, ``LEAP_M``, ``LEAP_C``: ``count, target...``
``RIDE``, ``RIDE_M``, ``RIDE_C``, ``HOP``: ``rays, (length, target...)...``
``LAME_M``: ``count, (target, crossed square, move flag)...``
``BENT``: ``count, (step square, rays, (length, target...)...)...``
``PAWN``: ``step, captures, target..., double-step target or -1, its flag``

The reverse (attack) tables per colour of the attacker and square:
``att_leap_data``: ``count, (source, piece mask)...``, and ``att_ray_data``:
``rays, (length, square..., slider mask, hopper mask, wings)...`` where
``wings`` is 0 or an offset into ``wing_data``, which holds for each ray
square ``count, (square, piece mask)...`` (Eagles and Rhinoceroses that step
onto that square and slide in).  A piece mask has bit ``i`` set for army index
``i`` of the attacker's colour.
"""
from __future__ import annotations

from array import array

import cython

from .moves import (BENT, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN, PROMO, RIDE, RIDE_C,
                    RIDE_M, move_flag, side_of)
from .rules import Rules


def ints(values) -> array:
    return array('i', values)


def _mask(codes, colour: int) -> int:
    m = 0
    for c in codes:
        m |= 1 << (c * colour)
    return m


@cython.cclass
class MoveTables:
    """See the module docstring; built by :func:`tables_for`."""

    def __init__(self, R: Rules):
        n, size = R.n, R.size
        self.rules = R
        self.n, self.size, self.stride = n, size, R.stride
        self.files, self.ranks = R.files, R.ranks
        self.squares = ints(R.squares)
        self.nsquares = len(R.squares)
        self.value = ints(R.value[c] for c in range(-n, n + 1))
        self.resets = ints(R.resets[c] for c in range(-n, n + 1))
        self.ep_capturer = ints(R.is_ep_capturer[c] for c in range(-n, n + 1))
        self.king_code = R.KING
        self.rook = R.index.get('rook', 0)
        self._flatten_gen(R)
        self._flatten_attacks(R)
        self._flatten_king(R)
        self._flatten_hash(R)

    # -- move generation ---------------------------------------------------------
    def _flatten_gen(self, R: Rules):
        n, size = R.n, R.size
        data = [0]                    # offset 0: "no components" (King, empty squares)
        start = [0] * ((2 * n + 1) * size)
        promo_at = [0] * ((2 * n + 1) * size)
        for code in range(-n, n + 1):
            if not code:
                continue
            for sq in R.squares:
                comps = R.gen_raw[code][sq]
                if R.gen[code][sq] == ((PROMO, None),):
                    promo_at[(code + n) * size + sq] = 1
                if comps:
                    start[(code + n) * size + sq] = len(data)
                    data.append(len(comps))
                    for kind, payload in comps:
                        flat = _component(kind, payload)
                        data += [kind, len(flat)]
                        data.extend(flat)
        self.gen_start = ints(start)
        self.gen_data = ints(data)
        self.promo_at = ints(promo_at)
        choices = [0] * ((2 * n + 1) * 32)
        count = [0] * (2 * n + 1)
        for code in range(-n, n + 1):
            if code:
                cs = R.promotions(code)
                if len(cs) > 32:
                    raise ValueError('at most 32 promotion choices are supported')
                count[code + n] = len(cs)
                for k, c in enumerate(cs):
                    choices[(code + n) * 32 + k] = c
        self.promo_count = ints(count)
        self.promo_choices = ints(choices)
        last = [0] * (2 * size)
        for colour in (1, -1):
            for sq in R.squares:
                last[side_of(colour) * size + sq] = int(R.is_last_rank[colour][sq])
        self.last_rank = ints(last)
        ep = [0] * (2 * size * 5)      # per side and square: count, (source, move)...
        for colour in (1, -1):
            for sq in R.squares:
                srcs = R.ep_sources[colour][sq]
                base = (side_of(colour) * size + sq) * 5
                ep[base] = len(srcs)
                for k, (s, m) in enumerate(srcs):
                    ep[base + 1 + 2 * k] = s
                    ep[base + 2 + 2 * k] = m
        self.ep_data = ints(ep)

    # -- attacks --------------------------------------------------------------------
    def _flatten_attacks(self, R: Rules):
        size = R.size
        leap = [0]
        ray = [0]
        wing = [0]
        leap_start = [0] * (2 * size)
        ray_start = [0] * (2 * size)
        for colour in (1, -1):
            for sq in R.squares:
                i = side_of(colour) * size + sq
                entries = R.att_leap[colour][sq]
                leap_start[i] = len(leap)
                leap.append(len(entries))
                for src, codes in entries:
                    leap += [src, _mask(codes, colour)]
                rays = R.att_ray[colour][sq]
                ray_start[i] = len(ray)
                ray.append(len(rays))
                for squares, sliders, hoppers, wings in rays:
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
        self.att_leap_start = ints(leap_start)
        self.att_leap_data = ints(leap)
        self.att_ray_start = ints(ray_start)
        self.att_ray_data = ints(ray)
        self.wing_data = ints(wing)

    # -- the King -------------------------------------------------------------------------
    def _flatten_king(self, R: Rules):
        size = R.size
        steps = [0] * (2 * size * 9)       # count, target... (at most 8)
        jumps = [0]
        jump_start = [0] * (2 * size)
        for colour in (1, -1):
            s = side_of(colour)
            for sq in R.squares:
                ts = R.king_steps[colour][sq]
                if len(ts) > 8:
                    raise ValueError('a King has at most 8 steps')
                base = (s * size + sq) * 9
                steps[base] = len(ts)
                for k, (t, _) in enumerate(ts):
                    steps[base + 1 + k] = t
                js = R.king_jumps[colour][sq]
                if js:
                    jump_start[s * size + sq] = len(jumps)
                    jumps.append(len(js))
                    for t, conds, straight, _ in js:
                        jumps += [t, conds[0], conds[1] if len(conds) > 1 else -1, int(straight)]
        self.king_steps = ints(steps)
        self.jump_start = ints(jump_start)
        self.jump_data = ints(jumps)
        # castling: per side, count, then (bit, king, king_to, rook, rook_to, move,
        # empties, square..., passed, square...)
        castle = []
        castle_start = [0, 0]
        for colour in (1, -1):
            castle_start[side_of(colour)] = len(castle)
            cs = R.castles[colour]
            castle.append(len(cs))
            for c in cs:
                castle += [c.bit, c.king, c.king_to, c.rook, c.rook_to, c.move, len(c.empty)]
                castle.extend(c.empty)
                castle.append(len(c.passed))
                castle.extend(c.passed)
        self.castle_start = ints(castle_start)
        self.castle_data = ints(castle)
        self.rights_bits = ints(R.rights_bits[c] for c in (1, -1))
        self.rights_mask = ints(R.rights_mask)

    # -- hashing ------------------------------------------------------------------------
    def _flatten_hash(self, R: Rules):
        n, size = R.n, R.size
        z = [0] * ((2 * n + 1) * size)
        for code in range(-n, n + 1):
            if code:
                for sq in range(size):
                    z[(code + n) * size + sq] = R.z_piece[code][sq]
        self.z_piece = array('Q', z)
        self.z_side = R.z_side
        self.z_rights = array('Q', R.z_rights)
        self.z_ep = array('Q', R.z_ep)


def _component(kind: int, payload) -> list:
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


_cache: dict = {}


def tables_for(R: Rules) -> MoveTables:
    """The (cached) flat tables of a variant's compiled rules."""
    t = _cache.get(R)
    if t is None:
        t = _cache[R] = MoveTables(R)
    return t
