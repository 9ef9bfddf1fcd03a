"""A variant compiled into the move generator's tables.

The board is a padded mailbox: a one-dimensional list with ``PAD`` rows of
sentinels above and below and ``PAD`` sentinel columns shared between the
right edge of one rank and the left edge of the next, so that any leap of up
to three squares from a board square lands either on the board or on a
sentinel.  Square index: ``(rank + PAD) * stride + file`` with 0-based file
and rank, ``stride = files + PAD``.

Pieces are small signed ints: White's piece of army index i (1-based, the
King is 1) is ``+i``, Black's ``-i``, an empty square 0, a sentinel
``OFFBOARD``.  Tables indexed by piece code are lists of length ``2n+1`` read
with Python's negative indexing (``table[-i]`` is Black's).

Everything a piece can do on every square is computed here once, from its
Betza atoms and the variant's rules (see :func:`compile_rules`):

``gen[code][sq]``
    tuple of ``(kind, data)`` components (kinds below), each entry carrying
    the finished move integers; the King's is empty (its moves need
    legality tests, see ``king_steps``), and where a move may promote the
    entry is ``((PROMO, None),)`` and ``gen_raw`` holds the components,
    whose last-rank moves the generator expands into promotions.
``att_leap[colour][sq]``
    ``(source, codes)`` pairs: a piece of ``codes`` on ``source`` attacks sq.
``att_ray[colour][sq]``
    ``(ray, sliders, hoppers, wings)`` per direction: squares outward from
    sq and the codes that attack sq along it by sliding, by hopping one
    screen, or (Eagle/Rhinoceros) by stepping onto a ray square from a
    ``wings`` square and sliding in.

Moves are ints (see :mod:`cazaux_engine.moves`, re-exported here).  The
move generator itself reads these tables flattened into C arrays
(:mod:`cazaux_engine.movetables`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .betza import bent_slides, crossed
from .moves import (BENT, CASTLE, DOUBLE, EP, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN,  # noqa: F401
                    PROMO, RIDE, RIDE_C, RIDE_M, SQ_MASK, make_move, move_flag, move_from,
                    move_promo, move_to)
from .variants import Variant, square_index

PAD = 3
OFFBOARD = 99


@dataclass
class Castle:
    colour: int
    bit: int
    king: int
    king_to: int
    rook: int
    rook_to: int
    empty: tuple        # squares that must be empty (besides king and rook)
    passed: tuple       # squares the King passes over (must not be attacked)
    move: int


class Rules:
    """The compiled form of one :class:`Variant` (shared by its positions)."""

    def __init__(self, variant: Variant):
        self.variant = v = variant
        self.files, self.ranks = v.files, v.ranks
        self.stride = S = v.files + PAD
        self.size = (v.ranks + 2 * PAD) * S
        self.squares = tuple(self.sq(f, r) for r in range(v.ranks) for f in range(v.files))
        self.n = n = len(v.pieces)
        self.types = v.pieces                      # army index i-1 -> PieceType
        self.index = {p.name: i + 1 for i, p in enumerate(v.pieces)}
        self.letters = {p.letter: i + 1 for i, p in enumerate(v.pieces)}
        self.KING = 1
        names = self.index

        def codes(piece_names):
            return frozenset(names[x] for x in piece_names)

        self.promoters = codes(v.promoters)
        self.promo_choices = tuple(names[x] for x in v.promotion_choices)
        self.piece_promo = {names[a]: names[b] for a, b in v.piece_promotions.items()}
        self.ep_victims = codes(v.ep_victims)
        self.ep_capturers = codes(v.ep_capturers)
        self.pawn_like = codes(v.pawn_like)
        # per signed code: 1 if its moves reset the 50-move counter
        self.resets = self.by_code(lambda i: i in self.pawn_like)
        self.value = self.by_code(lambda i: v.pieces[i - 1].value)
        self._build_gen()
        self._build_attacks()
        self._build_king_moves()
        self._build_ep()
        self._build_zobrist()
        self.letter_of = [''] * (2 * n + 1)
        for i, p in enumerate(v.pieces, 1):
            self.letter_of[i] = p.letter
            self.letter_of[-i] = p.letter.lower()

    # -- geometry -----------------------------------------------------------
    def sq(self, f: int, r: int) -> int:
        return (r + PAD) * self.stride + f

    def file_of(self, sq: int) -> int:
        return sq % self.stride

    def rank_of(self, sq: int) -> int:
        return sq // self.stride - PAD

    def on_board(self, f: int, r: int) -> bool:
        return 0 <= f < self.files and 0 <= r < self.ranks

    def square_name(self, sq: int, rank_base: int = 1) -> str:
        return 'abcdefghijklmnop'[self.file_of(sq)] + str(self.rank_of(sq) + rank_base)

    def parse_square(self, name: str) -> int:
        f, r = square_index(name, self.files, self.ranks)
        return self.sq(f, r)

    def white_square(self, name: str, colour: int) -> int:
        """A square given from White's side, mirrored across the middle for Black."""
        f, r = square_index(name, self.files, self.ranks)
        return self.sq(f, r if colour > 0 else self.ranks - 1 - r)

    def by_code(self, fn) -> list:
        """A list indexed by signed piece code, fn(army index) for both colours."""
        t = [0] * (2 * self.n + 1)
        for i in range(1, self.n + 1):
            t[i] = t[-i] = fn(i)
        return t

    def last_rank(self, colour: int) -> int:
        return self.ranks - 1 if colour > 0 else 0

    # -- move tables ----------------------------------------------------------
    def _targets(self, sq, vectors, colour):
        f, r = self.file_of(sq), self.rank_of(sq)
        for dx, dy in vectors:
            dy *= colour
            if self.on_board(f + dx, r + dy):
                yield (dx, dy), self.sq(f + dx, r + dy)

    def _ray(self, sq, d):
        f, r = self.file_of(sq), self.rank_of(sq)
        out = []
        dx, dy = d
        f, r = f + dx, r + dy
        while self.on_board(f, r):
            out.append(self.sq(f, r))
            f, r = f + dx, r + dy
        return out

    def _build_gen(self):
        v = self.variant
        n = self.n
        self.gen = [None] * (2 * n + 1)
        self.gen_raw = [None] * (2 * n + 1)
        for i in range(1, n + 1):
            pt = v.pieces[i - 1]
            promotes = i in self.promoters or i in self.piece_promo
            for colour in (1, -1):
                table = [()] * self.size
                raw = [()] * self.size
                for sq in self.squares:
                    comps = () if i == self.KING else self._components(i, pt, colour, sq)
                    raw[sq] = table[sq] = comps
                    if promotes and self._reaches_last_rank(comps, colour):
                        table[sq] = ((PROMO, None),)
                self.gen[i * colour] = table
                self.gen_raw[i * colour] = raw
        self.is_last_rank = [None, [False] * self.size, [False] * self.size]
        for colour in (1, -1):
            for sq in self.squares:
                self.is_last_rank[colour][sq] = self.rank_of(sq) == self.last_rank(colour)

    def _components(self, i, pt, colour, sq):
        comps = []
        leap = {LEAP: [], LEAP_M: [], LEAP_C: []}
        rides = {RIDE: [], RIDE_M: [], RIDE_C: []}
        hops = []
        M = lambda t, flag=0: make_move(sq, t, 0, flag)
        # a target (leaps) or direction (rides) named by several atoms, as in
        # 'WmW' or 'QB', is one move: its modes are merged (first-named order)
        leap_modes: dict = {}
        ride_modes: dict = {}
        for atom in pt.atoms:
            if atom.kind == 'leap':
                for vec, t in self._targets(sq, atom.vectors, colour):
                    if atom.lame:
                        (a, b), = crossed(vec)
                        mid = self.sq(self.file_of(sq) + a, self.rank_of(sq) + b)
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
                    ray = self._ray(sq, (dx, dy * colour))
                    if len(ray) >= 2:
                        hops.append(tuple((t, M(t)) for t in ray))
            elif atom.kind == 'bent':
                entries = []
                for (dx, dy), s in self._targets(sq, atom.vectors, colour):
                    rays = tuple(tuple((t, M(t)) for t in self._ray(s, d))
                                 for d in bent_slides((dx, dy)))
                    rays = tuple(r for r in rays if r)
                    if rays:
                        entries.append((s, rays))
                if entries:
                    comps.append((BENT, tuple(entries)))
        for t, (m, c) in leap_modes.items():
            leap[LEAP if m and c else LEAP_M if m else LEAP_C].append((t, M(t)))
        for (dx, dy), (m, c) in ride_modes.items():
            ray = self._ray(sq, (dx, dy * colour))
            if ray:
                rides[RIDE if m and c else RIDE_M if m else RIDE_C].append(
                    tuple((t, M(t)) for t in ray))
        # variant pawn rules: the non-capturing double step straight forward
        ds = self.variant.double_step.get(pt.name)
        if ds is not None:
            r = self.rank_of(sq)
            white_rank = r + 1 if colour > 0 else self.ranks - r
            if ds == 'any' or ds == white_rank:
                mid_r, to_r = r + colour, r + 2 * colour
                if 0 <= to_r < self.ranks:
                    f = self.file_of(sq)
                    mid, t = self.sq(f, mid_r), self.sq(f, to_r)
                    flag = DOUBLE if i in self.ep_victims else 0
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
        return _pawn_shape(tuple(comps))

    def _reaches_last_rank(self, comps, colour):
        last = self.last_rank(colour)
        for kind, data in comps:
            for t in _all_targets(kind, data):
                if self.rank_of(t) == last:
                    return True
        return False

    def promotions(self, code: int) -> tuple:
        """Army indices a piece (signed code) may promote to, () if none."""
        i = abs(code)
        if i in self.promoters:
            return self.promo_choices
        if i in self.piece_promo:
            return (self.piece_promo[i],)
        return ()

    # -- attacks ----------------------------------------------------------------
    def _build_attacks(self):
        """Reverse tables: who attacks a square from where."""
        n = self.n
        self.att_leap = [None, [()] * self.size, [()] * self.size]
        self.att_ray = [None, [()] * self.size, [()] * self.size]
        dirs8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
        for colour in (1, -1):
            # capture vectors by kind, from the attacker's side (absolute)
            leap_by_vec: dict = {}
            slide_by_dir: dict = {}
            hop_by_dir: dict = {}
            bent_pieces: dict = {}   # (step, slide dir) -> codes
            for i in range(1, n + 1):
                code = i * colour
                for atom in self.types[i - 1].atoms:
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
            att_leap = self.att_leap[colour]
            att_ray = self.att_ray[colour]
            for sq in self.squares:
                f, r = self.file_of(sq), self.rank_of(sq)
                lst = []
                for (dx, dy), cs in leap_sets.items():
                    if self.on_board(f - dx, r - dy):
                        lst.append((self.sq(f - dx, r - dy), cs))
                att_leap[sq] = tuple(lst)
                rays = []
                for d in dirs8 + long_lines:
                    back = (-d[0], -d[1])     # the attacker moves along -d to reach sq
                    ray = self._ray(sq, d)
                    if not ray:
                        continue
                    sliders = frozenset(slide_by_dir.get(back, ()))
                    hoppers = frozenset(hop_by_dir.get(back, ())) if len(ray) >= 2 else frozenset()
                    wings = None
                    wing_list = []
                    for s in ray:
                        sf, sr = self.file_of(s), self.rank_of(s)
                        ws = []
                        for (e, dd), cs in bent_pieces.items():
                            if dd != back:
                                continue
                            wf, wr = sf - e[0], sr - e[1]
                            if self.on_board(wf, wr):
                                ws.append((self.sq(wf, wr), frozenset(cs)))
                        wing_list.append(tuple(ws))
                    if any(wing_list):
                        wings = tuple(wing_list)
                    if sliders or hoppers or wings:
                        rays.append((tuple(ray), sliders, hoppers, wings))
                att_ray[sq] = tuple(rays)

    # -- King ---------------------------------------------------------------------
    def _build_king_moves(self):
        """King steps, the Zanzibar jump and castling."""
        v = self.variant
        king = self.types[0]
        self.king_steps = [None, [()] * self.size, [()] * self.size]
        self.king_jumps = [None, [()] * self.size, [()] * self.size]
        for colour in (1, -1):
            for sq in self.squares:
                tgts = []
                for atom in king.atoms:
                    if atom.kind != 'leap':
                        raise ValueError('the King must be a leaper')
                    for _, t in self._targets(sq, atom.vectors, colour):
                        if t not in tgts:
                            tgts.append(t)
                self.king_steps[colour][sq] = tuple((t, make_move(sq, t)) for t in tgts)
        # rights bits: jump: White 1, Black 2; castling rule k: White 1<<k, Black 1<<(k+m)
        self.castles = {1: [], -1: []}
        self.castle_rook = {}
        self.rights_bits = {1: 0, -1: 0}
        self.jump_zone = {1: frozenset(), -1: frozenset()}
        if v.king_jump:
            self.rights_bits = {1: 1, -1: 2}
            for colour in (1, -1):
                zone = set()
                for fl in 'efgh':
                    for rk in (1, 2):
                        if ord(fl) - 97 < self.files:
                            zone.add(self.white_square(f'{fl}{rk}', colour))
                self.jump_zone[colour] = frozenset(zone)
                for sq in zone:
                    f, r = self.file_of(sq), self.rank_of(sq)
                    jumps = []
                    for dx in range(-2, 3):
                        for dy in range(-2, 3):
                            if max(abs(dx), abs(dy)) != 2 or not self.on_board(f + dx, r + dy):
                                continue
                            t = self.sq(f + dx, r + dy)
                            if abs(dx) == 1 or abs(dy) == 1:
                                # (2,1): the two squares adjacent to both ends
                                sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
                                if abs(dx) == 2:
                                    c = (self.sq(f + sx, r), self.sq(f + sx, r + dy))
                                else:
                                    c = (self.sq(f, r + sy), self.sq(f + dx, r + sy))
                                jumps.append((t, c, False, make_move(sq, t)))
                            else:
                                mid = self.sq(f + dx // 2, r + dy // 2)
                                jumps.append((t, (mid,), True, make_move(sq, t)))
                    self.king_jumps[colour][sq] = tuple(jumps)
        m = len(v.castling)
        for k, c in enumerate(v.castling):
            for colour in (1, -1):
                bit = 1 << k if colour > 0 else 1 << (k + m)
                self.rights_bits[colour] |= bit
                ks, kt = self.white_square(c['king'], colour), self.white_square(c['king_to'], colour)
                rs, rt = self.white_square(c['rook'], colour), self.white_square(c['rook_to'], colour)
                lo, hi = sorted((self.file_of(ks), self.file_of(rs)))
                r = self.rank_of(ks)
                between = {self.sq(f, r) for f in range(lo + 1, hi)}
                between |= {kt, rt}
                between -= {ks, rs}
                step = 1 if self.file_of(kt) > self.file_of(ks) else -1
                passed = tuple(self.sq(f, r) for f in range(self.file_of(ks) + step, self.file_of(kt), step))
                mv = make_move(ks, kt, 0, CASTLE)
                self.castles[colour].append(Castle(colour, bit, ks, kt, rs, rt,
                                                   tuple(sorted(between)), passed, mv))
                self.castle_rook[(ks, kt)] = (rs, rt)
        self.castle_letters = {}
        for k, c in enumerate(v.castling):
            self.castle_letters[c['right'].upper()] = 1 << k
            self.castle_letters[c['right'].lower()] = 1 << (k + m)
        # rights lost when a square is moved from or captured on (rooks)
        full = (1 << (2 * m)) - 1 if m else 3
        self.rights_mask = [full] * self.size
        for colour in (1, -1):
            for c in self.castles[colour]:
                self.rights_mask[c.rook] &= ~c.bit

    # -- en passant -----------------------------------------------------------
    def _build_ep(self):
        """Squares from which a capturer of each colour takes on an e.p. square."""
        self.ep_sources = [None, [()] * self.size, [()] * self.size]
        for colour in (1, -1):
            for sq in self.squares:
                f, r = self.file_of(sq), self.rank_of(sq)
                srcs = []
                for dx in (-1, 1):
                    if self.on_board(f + dx, r - colour):
                        s = self.sq(f + dx, r - colour)
                        srcs.append((s, make_move(s, sq, 0, EP)))
                self.ep_sources[colour][sq] = tuple(srcs)
        self.is_ep_capturer = self.by_code(lambda i: i in self.ep_capturers)

    # -- hashing ----------------------------------------------------------------
    def _build_zobrist(self):
        rnd = random.Random(0x5EED_CA2A)
        bits = lambda: rnd.getrandbits(64)
        self.z_piece = [None] * (2 * self.n + 1)
        for code in list(range(1, self.n + 1)) + list(range(-self.n, 0)):
            self.z_piece[code] = [bits() for _ in range(self.size)]
        self.z_side = bits()
        self.z_rights = [bits() for _ in range(1 << max(2, 2 * len(self.variant.castling)))]
        self.z_rights[0] = 0
        self.z_ep = [bits() for _ in range(self.size)]


def _pawn_shape(comps):
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


def _all_targets(kind, data):
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


_cache: dict[str, Rules] = {}


def compile_rules(variant: Variant) -> Rules:
    """The (cached) compiled tables of a variant."""
    r = _cache.get(variant.name)
    if r is None or r.variant is not variant:
        r = _cache[variant.name] = Rules(variant)
    return r
