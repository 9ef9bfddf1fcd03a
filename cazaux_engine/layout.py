"""Named accessors of the compiled rules' flat tables (their layout:
:mod:`cazaux_engine.compiler`).

Every reader of the tables (move generation, make/unmake, the attack test,
the exchange evaluation, the evaluation's King shelter) goes through these
names instead of bare offsets.  The compiled modules read ``layout.pxd``,
which defines the same functions as inline C with the same bodies: this
module is never compiled itself (keep the two files equal; a test compares
them).  Written by hand from one list; change both together.

>>> from cazaux_engine import start_position
>>> R = start_position('chess').rules
>>> sq = R.parse_square('e1')
>>> rec = king_record(R, 1, sq)
>>> [R.square_name(king_step(R, rec, k)) for k in range(king_step_count(R, rec))]
['f1', 'd1', 'e2', 'f2', 'd2']
"""
from __future__ import annotations

from .moves import side_of

def pcell(R, code, sq) -> int:
    """Index of a per-piece-and-square table entry."""
    return (code + R.n) * R.size + sq


def scell(R, colour, sq) -> int:
    """Index of a per-colour-and-square table entry."""
    return side_of(colour) * R.size + sq


def piece_value(R, code) -> int:
    """The variant's value of a piece (signed code; 0: empty)."""
    return R.value[code + R.n]


def resets_clock(R, code) -> int:
    """1 when the piece's moves reset the 50-move count."""
    return R.resets[code + R.n]


def is_ep_capturer(R, code) -> int:
    """1 when the piece may capture en passant."""
    return R.ep_capturer[code + R.n]


def gen_record(R, code, sq) -> int:
    """Offset of the move record of a piece on a square (0: no moves)."""
    return R.gen_start[(code + R.n) * R.size + sq]


def gen_count(R, rec) -> int:
    """Number of move components of a move record."""
    return R.gen_data[rec]


def first_component(R, rec) -> int:
    """Offset of the first component of a move record."""
    return rec + 1


def comp_kind(R, c) -> int:
    """Kind of the move component at offset c (LEAP, RIDE, ...)."""
    return R.gen_data[c]


def comp_payload(R, c) -> int:
    """Offset of the payload of the move component at c."""
    return c + 2


def comp_next(R, c) -> int:
    """Offset of the component after the one at c."""
    return c + 2 + R.gen_data[c + 1]


def gen_at(R, i) -> int:
    """Entry i of a component payload."""
    return R.gen_data[i]


def promotes_from(R, code, sq) -> int:
    """1 when the piece may promote by a move from sq."""
    return R.promo_at[(code + R.n) * R.size + sq]


def promo_count(R, code) -> int:
    """Number of promotion choices of a piece."""
    return R.promo_count[code + R.n]


def promo_choice(R, code, k) -> int:
    """Army index of promotion choice k of a piece."""
    return R.promo_choices_at[(code + R.n) * 32 + k]


def is_last_rank(R, colour, sq) -> int:
    """1 when sq is the last rank of colour."""
    return R.last_rank_at[side_of(colour) * R.size + sq]


def ep_record(R, colour, sq) -> int:
    """Offset of the e.p. captures of colour onto sq."""
    return (side_of(colour) * R.size + sq) * 5


def ep_count(R, rec) -> int:
    """Number of e.p. captures of an e.p. record."""
    return R.ep_data[rec]


def ep_source(R, rec, k) -> int:
    """Square of e.p. capture k."""
    return R.ep_data[rec + 1 + 2 * k]


def ep_move(R, rec, k) -> int:
    """Move of e.p. capture k."""
    return R.ep_data[rec + 2 + 2 * k]


def leap_record(R, colour, sq) -> int:
    """Offset of the leap attackers of sq by colour."""
    return R.att_leap_start[side_of(colour) * R.size + sq]


def leap_count(R, rec) -> int:
    """Number of (source, mask) entries of a leap record."""
    return R.att_leap_data[rec]


def leap_source(R, rec, k) -> int:
    """Source square of leap entry k."""
    return R.att_leap_data[rec + 1 + 2 * k]


def leap_mask(R, rec, k) -> int:
    """Piece mask of leap entry k."""
    return R.att_leap_data[rec + 2 + 2 * k]


def ray_record(R, colour, sq) -> int:
    """Offset of the rays through which colour attacks sq."""
    return R.att_ray_start[side_of(colour) * R.size + sq]


def ray_count(R, rec) -> int:
    """Number of rays of a ray record."""
    return R.att_ray_data[rec]


def rays_first(R, rec) -> int:
    """Offset of the first ray of a ray record."""
    return rec + 1


def ray_length(R, r) -> int:
    """Number of squares of the ray at r."""
    return R.att_ray_data[r]


def ray_square(R, r, j) -> int:
    """Square j of the ray at r, outward from its target."""
    return R.att_ray_data[r + 1 + j]


def ray_sliders(R, r) -> int:
    """Mask of the pieces sliding in along the ray at r."""
    return R.att_ray_data[r + 1 + R.att_ray_data[r]]


def ray_hoppers(R, r) -> int:
    """Mask of the pieces hopping in along the ray at r."""
    return R.att_ray_data[r + 2 + R.att_ray_data[r]]


def ray_wings(R, r) -> int:
    """Offset in wing_data of the wings of the ray at r (0: none)."""
    return R.att_ray_data[r + 3 + R.att_ray_data[r]]


def ray_next(R, r) -> int:
    """Offset of the ray after the one at r."""
    return r + 4 + R.att_ray_data[r]


def first_occupied(R, board, r, j) -> int:
    """Index of the first square of the ray at r, from index j on, that
    holds a piece on ``board`` (the ray's length if none): the step of every
    walk along a line (the attack test, the King's lines of move generation)."""
    length = R.att_ray_data[r]
    while j < length and not board[R.att_ray_data[r + 1 + j]]:
        j += 1
    return j


def wing_count(R, w) -> int:
    """Number of (square, mask) entries of the wing record at w."""
    return R.wing_data[w]


def reach_base(R, colour, sq) -> int:
    """Offset of the rows of ``reach_leap``/``reach_ray`` for ``colour`` attacking ``sq``."""
    return (side_of(colour) * R.size + sq) * R.size


def reach_leap_at(R, base, x) -> int:
    """Mask of the pieces that leap from ``x`` onto the square of ``base``."""
    return R.reach_leap[base + x]


def reach_ray_at(R, base, x) -> int:
    """Offset of the ray of the square of ``base`` through ``x`` (0: none)."""
    return R.reach_ray[base + x]


def wing_square(R, w, k) -> int:
    """Square of wing entry k."""
    return R.wing_data[w + 1 + 2 * k]


def wing_mask(R, w, k) -> int:
    """Piece mask of wing entry k."""
    return R.wing_data[w + 2 + 2 * k]


def wing_next(R, w) -> int:
    """Offset of the next ray square's wing record."""
    return w + 1 + 2 * R.wing_data[w]


def king_record(R, colour, sq) -> int:
    """Offset of the King's steps from sq."""
    return (side_of(colour) * R.size + sq) * 9


def king_step_count(R, rec) -> int:
    """Number of King steps of a King record."""
    return R.king_steps[rec]


def king_step(R, rec, k) -> int:
    """Target of King step k."""
    return R.king_steps[rec + 1 + k]


def jump_record(R, colour, sq) -> int:
    """Offset of the King's jumps from sq (0: none)."""
    return R.jump_start[side_of(colour) * R.size + sq]


def jump_count(R, rec) -> int:
    """Number of jumps of a jump record."""
    return R.jump_data[rec]


def jump_target(R, rec, k) -> int:
    """Target of jump k."""
    return R.jump_data[rec + 1 + 4 * k]


def jump_cond1(R, rec, k) -> int:
    """First condition square of jump k (the midpoint of a straight jump)."""
    return R.jump_data[rec + 2 + 4 * k]


def jump_cond2(R, rec, k) -> int:
    """Second condition square of jump k (-1 for a straight jump)."""
    return R.jump_data[rec + 3 + 4 * k]


def jump_straight(R, rec, k) -> int:
    """1 when jump k is straight (its midpoint must be safe)."""
    return R.jump_data[rec + 4 + 4 * k]


def castle_count(R, colour) -> int:
    """Number of castling rules of colour."""
    return R.castle_data[R.castle_start[side_of(colour)]]


def castle_first(R, colour) -> int:
    """Offset of the first castling of colour."""
    return R.castle_start[side_of(colour)] + 1


def castle_bit(R, c) -> int:
    """Rights bit of the castling at c."""
    return R.castle_data[c]


def castle_king(R, c) -> int:
    """King's square of the castling at c."""
    return R.castle_data[c + 1]


def castle_king_to(R, c) -> int:
    """King's destination of the castling at c."""
    return R.castle_data[c + 2]


def castle_rook(R, c) -> int:
    """Rook's square of the castling at c."""
    return R.castle_data[c + 3]


def castle_rook_to(R, c) -> int:
    """Rook's destination of the castling at c."""
    return R.castle_data[c + 4]


def castle_move(R, c) -> int:
    """The move of the castling at c."""
    return R.castle_data[c + 5]


def castle_empty_count(R, c) -> int:
    """Number of squares that must be empty for the castling at c."""
    return R.castle_data[c + 6]


def castle_empty(R, c, k) -> int:
    """Square k that must be empty."""
    return R.castle_data[c + 7 + k]


def castle_passed_count(R, c) -> int:
    """Number of squares the King passes over."""
    return R.castle_data[c + 7 + R.castle_data[c + 6]]


def castle_passed(R, c, k) -> int:
    """Square k the King passes over (must not be attacked)."""
    return R.castle_data[c + 8 + R.castle_data[c + 6] + k]


def castle_next(R, c) -> int:
    """Offset of the castling after the one at c."""
    return c + 8 + R.castle_data[c + 6] + R.castle_data[c + 7 + R.castle_data[c + 6]]


def colour_rights(R, colour) -> int:
    """Rights bits (jump, castlings) of colour."""
    return R.rights_bits[side_of(colour)]


def rights_kept(R, sq) -> int:
    """Rights kept when a piece moves from or is captured on sq."""
    return R.rights_mask[sq]


def z_piece_at(R, code, sq) -> int:
    """Zobrist key of a piece on a square."""
    return R.z_piece[(code + R.n) * R.size + sq]


def z_rights_of(R, rights) -> int:
    """Zobrist key of a set of rights."""
    return R.z_rights[rights]


def z_ep_at(R, sq) -> int:
    """Zobrist key of an e.p. square."""
    return R.z_ep[sq]
