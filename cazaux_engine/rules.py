# cython: wraparound=True
# (the Python-level helpers index per-code lists with negative piece codes)
"""The compiled rules of one variant: its board geometry, its pieces' names
and its move tables, one object shared by all positions of the variant.

The board is a padded mailbox: a one-dimensional array with ``PAD`` rows of
sentinels above and below and ``PAD`` sentinel columns shared between the
right edge of one rank and the left edge of the next, so that any leap of up
to three squares from a board square lands either on the board or on a
sentinel.  Square index: ``(rank + PAD) * stride + file`` with 0-based file
and rank, ``stride = files + PAD``.

Pieces are small signed ints: White's piece of army index i (1-based, the
King is 1) is ``+i``, Black's ``-i``, an empty square 0, a sentinel
``OFFBOARD``.

The move tables are flat int arrays built once by
:func:`cazaux_engine.compiler.compile_tables` (their layout is documented
there); the compiled core reads them through the named accessors of
:mod:`cazaux_engine.layout`, and so do the Python helpers below.

>>> R = compile_rules(get_variant('chess'))
>>> R.square_name(R.parse_square('e4')), R.promotions(R.index['pawn'])
('e4', (2, 3, 4, 5))
>>> [R.square_name(t) for t in R.king_steps_of(1, R.parse_square('a1'))]
['b1', 'a2', 'b2']
"""
from __future__ import annotations

from collections import namedtuple

import cython

from . import layout as L
from .compiler import compile_tables, ints
from .moves import BENT, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN, RIDE, RIDE_C, RIDE_M
from .variants import Variant, get_variant, square_index  # noqa: F401 (get_variant: doctest)

PAD = 3
OFFBOARD = 99

Castling = namedtuple('Castling', 'bit king king_to rook rook_to move')


@cython.cclass
class Rules:
    """The compiled form of one :class:`Variant`; see the module docstring."""

    def __init__(self, variant: Variant):
        v = variant
        self.variant = v
        self.files, self.ranks = v.files, v.ranks
        self.stride = v.files + PAD
        self.size = (v.ranks + 2 * PAD) * self.stride
        self.squares = tuple(self.sq(f, r) for r in range(v.ranks) for f in range(v.files))
        self.nsquares = len(self.squares)
        self.n = n = len(v.pieces)
        self.types = v.pieces                      # army index i-1 -> PieceType
        self.index = {p.name: i + 1 for i, p in enumerate(v.pieces)}
        self.letters = {p.letter: i + 1 for i, p in enumerate(v.pieces)}
        self.KING = self.king_code = 1
        self.rook = self.index.get('rook', 0)
        self.promoters = self.codes(v.promoters)
        self.promo_choices = tuple(self.index[x] for x in v.promotion_choices)
        self.piece_promo = {self.index[a]: self.index[b] for a, b in v.piece_promotions.items()}
        self.ep_victims = self.codes(v.ep_victims)
        self.ep_capturers = self.codes(v.ep_capturers)
        self.pawn_like = self.codes(v.pawn_like)
        self.letter_of = [''] * (2 * n + 1)
        for i, p in enumerate(v.pieces, 1):
            self.letter_of[i] = p.letter
            self.letter_of[-i] = p.letter.lower()
        self.jump_zone = {c: frozenset(self.white_square(f'{fl}{rk}', c) for fl in 'efgh'
                                       for rk in (1, 2) if ord(fl) - 97 < v.files) if v.king_jump
                          else frozenset() for c in (1, -1)}
        self.castle_letters = {}
        m = len(v.castling)
        for k, c in enumerate(v.castling):
            self.castle_letters[c['right'].upper()] = 1 << k
            self.castle_letters[c['right'].lower()] = 1 << (k + m)
        self.value = ints(self.by_piece(lambda p: p.value))
        self.resets = ints(self.by_piece(lambda p: int(p.name in v.pawn_like)))
        self.ep_capturer = ints(self.by_piece(lambda p: int(p.name in v.ep_capturers)))
        t = compile_tables(self)
        self.gen_start, self.gen_data, self.promo_at = t['gen_start'], t['gen_data'], t['promo_at']
        self.promo_count, self.promo_choices_at = t['promo_count'], t['promo_choices']
        self.last_rank_at, self.ep_data = t['last_rank'], t['ep_data']
        self.att_leap_start, self.att_leap_data = t['att_leap_start'], t['att_leap_data']
        self.att_ray_start, self.att_ray_data = t['att_ray_start'], t['att_ray_data']
        self.wing_data, self.ray_kinds = t['wing_data'], t['ray_kinds']
        self.reach_leap, self.reach_ray = t['reach_leap'], t['reach_ray']
        self.quick_checks = len(t['reach_ray']) > 1
        self.king_steps, self.jump_start, self.jump_data = (t['king_steps'], t['jump_start'],
                                                            t['jump_data'])
        self.castle_start, self.castle_data = t['castle_start'], t['castle_data']
        self.rights_bits, self.rights_mask = t['rights_bits'], t['rights_mask']
        self.z_piece, self.z_side, self.z_rights, self.z_ep = (t['z_piece'], t['z_side'],
                                                               t['z_rights'], t['z_ep'])

    # -- names and per-code tables ---------------------------------------------------------
    def codes(self, piece_names) -> frozenset:
        """Army indices of the pieces called ``piece_names``."""
        return frozenset(self.index[x] for x in piece_names)

    def by_piece(self, fn) -> list:
        """``fn(piece type)`` for every signed code -n..n (a dummy for 0), in index order."""
        n = self.n
        return [fn(self.types[abs(c) - 1]) if c else fn(_NO_PIECE) for c in range(-n, n + 1)]

    def by_code(self, fn) -> list:
        """A list indexed by signed piece code, fn(army index) for both colours."""
        t = [0] * (2 * self.n + 1)
        for i in range(1, self.n + 1):
            t[i] = t[-i] = fn(i)
        return t

    def value_of(self, code: int) -> int:
        """The variant's value of a piece (signed code), in centipawns."""
        return self.value[code + self.n]

    def promotions(self, code: int) -> tuple:
        """Army indices a piece (signed code) may promote to, () if none."""
        return tuple(L.promo_choice(self, code, k) for k in range(L.promo_count(self, code)))

    def rights_of(self, colour: int) -> int:
        """The castling/jump rights bits of ``colour`` (1 White, -1 Black)."""
        return L.colour_rights(self, colour)

    def castlings(self, colour: int) -> list[Castling]:
        """The castling rules of ``colour``, from its castling table."""
        out = []
        off = L.castle_first(self, colour)
        for _ in range(L.castle_count(self, colour)):
            out.append(Castling(L.castle_bit(self, off), L.castle_king(self, off),
                                L.castle_king_to(self, off), L.castle_rook(self, off),
                                L.castle_rook_to(self, off), L.castle_move(self, off)))
            off = L.castle_next(self, off)
        return out

    def ep_sources_of(self, colour: int, sq: int) -> list[tuple[int, int]]:
        """(square, move) of the e.p. captures onto ``sq`` by ``colour``."""
        rec = L.ep_record(self, colour, sq)
        return [(L.ep_source(self, rec, k), L.ep_move(self, rec, k))
                for k in range(L.ep_count(self, rec))]

    def king_steps_of(self, colour: int, sq: int) -> list[int]:
        """The squares one step of the King of ``colour`` reaches from ``sq``."""
        rec = L.king_record(self, colour, sq)
        return [L.king_step(self, rec, k) for k in range(L.king_step_count(self, rec))]

    def empty_board_targets(self, code: int, sq: int, moving_only: bool = False,
                            capturing_only: bool = False, slides: bool = True) -> set:
        """Squares piece ``code`` reaches from ``sq`` on an empty board, read
        from its move table; ``moving_only`` leaves out capture-only moves,
        ``capturing_only`` the moves that cannot capture, ``slides=False``
        the slides (RIDE, RIDE_M and RIDE_C components: what other pieces
        may block; hops and bent moves stay)."""
        if abs(code) == self.KING:
            return set(self.king_steps_of(1 if code > 0 else -1, sq))
        out: set = set()
        for kind, p in self.components(code, sq):
            if moving_only and kind in (LEAP_C, RIDE_C, HOP):
                continue
            if capturing_only and kind in (LEAP_M, RIDE_M, LAME_M):
                continue
            if not slides and kind in (RIDE, RIDE_M, RIDE_C):
                continue
            at = self.gen_data
            if kind in (LEAP, LEAP_M, LEAP_C):
                out.update(at[p + 1 + k] for k in range(at[p]))
            elif kind in (RIDE, RIDE_M, RIDE_C, HOP):
                for ray in self.rays(p):
                    out.update(ray[1:] if kind == HOP else ray)
            elif kind == LAME_M:
                out.update(at[p + 1 + 3 * k] for k in range(at[p]))
            elif kind == BENT:
                q = p + 1
                for _ in range(at[p]):
                    out.add(at[q])
                    rays = self.rays(q + 1)
                    for ray in rays:
                        out.update(ray)
                    q += 2 + sum(1 + len(ray) for ray in rays)
            elif kind == PAWN:
                caps = at[p + 1]
                if not capturing_only:
                    out.add(at[p])
                    if at[p + 2 + caps] >= 0:
                        out.add(at[p + 2 + caps])      # the double step
                if not moving_only:
                    out.update(at[p + 2 + k] for k in range(caps))
            else:
                raise ValueError(f'unknown move-table component kind {kind}')
        return out

    def components(self, code: int, sq: int) -> list[tuple[int, int]]:
        """(kind, payload offset) of each move component of a piece on a square."""
        rec = L.gen_record(self, code, sq)
        c = L.first_component(self, rec)
        out = []
        for _ in range(L.gen_count(self, rec) if rec else 0):
            out.append((L.comp_kind(self, c), L.comp_payload(self, c)))
            c = L.comp_next(self, c)
        return out

    def rays(self, p: int) -> list[list[int]]:
        """The rays of a payload ``rays, (length, target...)...`` at ``p``."""
        at = self.gen_data
        out = []
        q = p + 1
        for _ in range(at[p]):
            out.append([at[q + 1 + j] for j in range(at[q])])
            q += 1 + at[q]
        return out

    def has_hoppers(self) -> bool:
        """Does any piece capture by hopping (a Cannon's screen matters)?"""
        return any(kind == HOP for code in range(1, self.n + 1) for sq in self.squares
                   for kind, _ in self.components(code, sq))

    # -- geometry -----------------------------------------------------------------------------
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

    def last_rank(self, colour: int) -> int:
        return self.ranks - 1 if colour > 0 else 0


class _NoPiece:
    """What :meth:`Rules.by_piece` passes for code 0 (no piece)."""
    name = ''
    value = 0


_NO_PIECE = _NoPiece()

_cache: dict = {}


def compile_rules(variant: Variant) -> Rules:
    """The (cached) compiled rules of a variant."""
    entry = _cache.get(id(variant))
    if entry is None or entry[0] is not variant:
        entry = _cache[id(variant)] = (variant, Rules(variant))
    return entry[1]
