# C declarations of movetables.py (the implementation and its documentation are there).

cdef class MoveTables:
    cdef readonly object rules
    cdef readonly int n, size, stride, files, ranks, nsquares, king_code, rook
    cdef readonly int[::1] squares, value, resets, ep_capturer
    cdef readonly int[::1] gen_start, gen_data, promo_at, promo_count, promo_choices
    cdef readonly int[::1] last_rank, ep_data
    cdef readonly int[::1] att_leap_start, att_leap_data, att_ray_start, att_ray_data, wing_data
    cdef readonly int[::1] king_steps, jump_start, jump_data, castle_start, castle_data
    cdef readonly int[::1] rights_bits, rights_mask
    cdef readonly unsigned long long[::1] z_piece, z_rights, z_ep
    cdef readonly unsigned long long z_side
