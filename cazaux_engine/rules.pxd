# C declarations of rules.py (the implementation and its documentation are there;
# the layout of the tables is in compiler.py, their accessors in layout.pxd).

cdef class Rules:
    cdef readonly object variant, squares, types, index, letters, letter_of, KING
    cdef readonly object promoters, promo_choices, piece_promo, ep_victims, ep_capturers
    cdef readonly object pawn_like, jump_zone, castle_letters
    cdef readonly int n, size, stride, files, ranks, nsquares, king_code, rook
    cdef readonly int[::1] value, resets, ep_capturer
    cdef readonly int[::1] gen_start, gen_data, promo_at, promo_count, promo_choices_at
    cdef readonly int[::1] last_rank_at, ep_data
    cdef readonly int[::1] att_leap_start, att_leap_data, att_ray_start, att_ray_data, wing_data
    cdef readonly int[::1] ray_kinds, reach_leap, reach_ray
    cdef readonly bint quick_checks
    cdef readonly int[::1] king_steps, jump_start, jump_data, castle_start, castle_data
    cdef readonly int[::1] rights_bits, rights_mask
    cdef readonly unsigned long long[::1] z_piece, z_rights, z_ep
    cdef readonly unsigned long long z_side
