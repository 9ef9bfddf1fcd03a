# The C twin of layout.py (read its docstring): the same accessors as inline
# C for the compiled modules.  Keep the two files equal.
from cazaux_engine.moves cimport side_of
from cazaux_engine.rules cimport Rules

cdef inline int pcell(Rules R, int code, int sq) noexcept nogil:
    return (code + R.n) * R.size + sq

cdef inline int scell(Rules R, int colour, int sq) noexcept nogil:
    return side_of(colour) * R.size + sq

cdef inline int piece_value(Rules R, int code) noexcept nogil:
    return R.value[code + R.n]

cdef inline int resets_clock(Rules R, int code) noexcept nogil:
    return R.resets[code + R.n]

cdef inline int is_ep_capturer(Rules R, int code) noexcept nogil:
    return R.ep_capturer[code + R.n]

cdef inline int gen_record(Rules R, int code, int sq) noexcept nogil:
    return R.gen_start[(code + R.n) * R.size + sq]

cdef inline int gen_count(Rules R, int rec) noexcept nogil:
    return R.gen_data[rec]

cdef inline int first_component(Rules R, int rec) noexcept nogil:
    return rec + 1

cdef inline int comp_kind(Rules R, int c) noexcept nogil:
    return R.gen_data[c]

cdef inline int comp_payload(Rules R, int c) noexcept nogil:
    return c + 2

cdef inline int comp_next(Rules R, int c) noexcept nogil:
    return c + 2 + R.gen_data[c + 1]

cdef inline int gen_at(Rules R, int i) noexcept nogil:
    return R.gen_data[i]

cdef inline int promotes_from(Rules R, int code, int sq) noexcept nogil:
    return R.promo_at[(code + R.n) * R.size + sq]

cdef inline int promo_count(Rules R, int code) noexcept nogil:
    return R.promo_count[code + R.n]

cdef inline int promo_choice(Rules R, int code, int k) noexcept nogil:
    return R.promo_choices_at[(code + R.n) * 32 + k]

cdef inline int is_last_rank(Rules R, int colour, int sq) noexcept nogil:
    return R.last_rank_at[side_of(colour) * R.size + sq]

cdef inline int ep_record(Rules R, int colour, int sq) noexcept nogil:
    return (side_of(colour) * R.size + sq) * 5

cdef inline int ep_count(Rules R, int rec) noexcept nogil:
    return R.ep_data[rec]

cdef inline int ep_source(Rules R, int rec, int k) noexcept nogil:
    return R.ep_data[rec + 1 + 2 * k]

cdef inline int ep_move(Rules R, int rec, int k) noexcept nogil:
    return R.ep_data[rec + 2 + 2 * k]

cdef inline int leap_record(Rules R, int colour, int sq) noexcept nogil:
    return R.att_leap_start[side_of(colour) * R.size + sq]

cdef inline int leap_count(Rules R, int rec) noexcept nogil:
    return R.att_leap_data[rec]

cdef inline int leap_source(Rules R, int rec, int k) noexcept nogil:
    return R.att_leap_data[rec + 1 + 2 * k]

cdef inline int leap_mask(Rules R, int rec, int k) noexcept nogil:
    return R.att_leap_data[rec + 2 + 2 * k]

cdef inline int ray_record(Rules R, int colour, int sq) noexcept nogil:
    return R.att_ray_start[side_of(colour) * R.size + sq]

cdef inline int ray_count(Rules R, int rec) noexcept nogil:
    return R.att_ray_data[rec]

cdef inline int rays_first(Rules R, int rec) noexcept nogil:
    return rec + 1

cdef inline int ray_length(Rules R, int r) noexcept nogil:
    return R.att_ray_data[r]

cdef inline int ray_square(Rules R, int r, int j) noexcept nogil:
    return R.att_ray_data[r + 1 + j]

cdef inline int ray_sliders(Rules R, int r) noexcept nogil:
    return R.att_ray_data[r + 1 + R.att_ray_data[r]]

cdef inline int ray_hoppers(Rules R, int r) noexcept nogil:
    return R.att_ray_data[r + 2 + R.att_ray_data[r]]

cdef inline int ray_wings(Rules R, int r) noexcept nogil:
    return R.att_ray_data[r + 3 + R.att_ray_data[r]]

cdef inline int ray_next(Rules R, int r) noexcept nogil:
    return r + 4 + R.att_ray_data[r]

cdef inline int first_occupied(Rules R, const int[::1] board, int r, int j) noexcept nogil:
    cdef int length = R.att_ray_data[r]
    while j < length and not board[R.att_ray_data[r + 1 + j]]:
        j += 1
    return j

cdef inline int reach_base(Rules R, int colour, int sq) noexcept nogil:
    return (side_of(colour) * R.size + sq) * R.size

cdef inline int reach_leap_at(Rules R, int base, int x) noexcept nogil:
    return R.reach_leap[base + x]

cdef inline int reach_ray_at(Rules R, int base, int x) noexcept nogil:
    return R.reach_ray[base + x]

cdef inline int wing_count(Rules R, int w) noexcept nogil:
    return R.wing_data[w]

cdef inline int wing_square(Rules R, int w, int k) noexcept nogil:
    return R.wing_data[w + 1 + 2 * k]

cdef inline int wing_mask(Rules R, int w, int k) noexcept nogil:
    return R.wing_data[w + 2 + 2 * k]

cdef inline int wing_next(Rules R, int w) noexcept nogil:
    return w + 1 + 2 * R.wing_data[w]

cdef inline int king_record(Rules R, int colour, int sq) noexcept nogil:
    return (side_of(colour) * R.size + sq) * 9

cdef inline int king_step_count(Rules R, int rec) noexcept nogil:
    return R.king_steps[rec]

cdef inline int king_step(Rules R, int rec, int k) noexcept nogil:
    return R.king_steps[rec + 1 + k]

cdef inline int jump_record(Rules R, int colour, int sq) noexcept nogil:
    return R.jump_start[side_of(colour) * R.size + sq]

cdef inline int jump_count(Rules R, int rec) noexcept nogil:
    return R.jump_data[rec]

cdef inline int jump_target(Rules R, int rec, int k) noexcept nogil:
    return R.jump_data[rec + 1 + 4 * k]

cdef inline int jump_cond1(Rules R, int rec, int k) noexcept nogil:
    return R.jump_data[rec + 2 + 4 * k]

cdef inline int jump_cond2(Rules R, int rec, int k) noexcept nogil:
    return R.jump_data[rec + 3 + 4 * k]

cdef inline int jump_straight(Rules R, int rec, int k) noexcept nogil:
    return R.jump_data[rec + 4 + 4 * k]

cdef inline int castle_count(Rules R, int colour) noexcept nogil:
    return R.castle_data[R.castle_start[side_of(colour)]]

cdef inline int castle_first(Rules R, int colour) noexcept nogil:
    return R.castle_start[side_of(colour)] + 1

cdef inline int castle_bit(Rules R, int c) noexcept nogil:
    return R.castle_data[c]

cdef inline int castle_king(Rules R, int c) noexcept nogil:
    return R.castle_data[c + 1]

cdef inline int castle_king_to(Rules R, int c) noexcept nogil:
    return R.castle_data[c + 2]

cdef inline int castle_rook(Rules R, int c) noexcept nogil:
    return R.castle_data[c + 3]

cdef inline int castle_rook_to(Rules R, int c) noexcept nogil:
    return R.castle_data[c + 4]

cdef inline int castle_move(Rules R, int c) noexcept nogil:
    return R.castle_data[c + 5]

cdef inline int castle_empty_count(Rules R, int c) noexcept nogil:
    return R.castle_data[c + 6]

cdef inline int castle_empty(Rules R, int c, int k) noexcept nogil:
    return R.castle_data[c + 7 + k]

cdef inline int castle_passed_count(Rules R, int c) noexcept nogil:
    return R.castle_data[c + 7 + R.castle_data[c + 6]]

cdef inline int castle_passed(Rules R, int c, int k) noexcept nogil:
    return R.castle_data[c + 8 + R.castle_data[c + 6] + k]

cdef inline int castle_next(Rules R, int c) noexcept nogil:
    return c + 8 + R.castle_data[c + 6] + R.castle_data[c + 7 + R.castle_data[c + 6]]

cdef inline int colour_rights(Rules R, int colour) noexcept nogil:
    return R.rights_bits[side_of(colour)]

cdef inline int rights_kept(Rules R, int sq) noexcept nogil:
    return R.rights_mask[sq]

cdef inline unsigned long long z_piece_at(Rules R, int code, int sq) noexcept nogil:
    return R.z_piece[(code + R.n) * R.size + sq]

cdef inline unsigned long long z_rights_of(Rules R, int rights) noexcept nogil:
    return R.z_rights[rights]

cdef inline unsigned long long z_ep_at(Rules R, int sq) noexcept nogil:
    return R.z_ep[sq]
