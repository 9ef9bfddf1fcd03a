# C declarations of eval.py (the implementation and its documentation are there).
cimport cython
from cazaux_engine.position cimport Position


@cython.final
cdef class Evaluator:
    cdef readonly object t
    cdef bint material_only
    cdef int n, size, stride, files, ranks, phase_total
    cdef int tempo, shelter_bonus, bare, bare_edge, bare_close, trade_down, fifty_scale
    cdef int hunt_king, hunt_guard, far
    cdef int doubled_mg, doubled_eg, isolated_mg, isolated_eg, phalanx_mg, phalanx_eg
    cdef bint phalanx
    cdef int king_attack, king_attack_now, zone_squares, most_attackers, mobility_now_mg, mobility_now_eg
    cdef int threat_mg, threat_eg, pair_mg, pair_eg, open_file_mg, open_file_eg
    cdef int[::1] pair_slot, sq_colour, file_rider
    cdef int pair_kinds
    cdef readonly bint pair_keyed
    cdef unsigned long long[::1] pst_pair, pairs
    cdef readonly bint riders_keyed
    cdef unsigned long long[::1] pst_rider, riders_w, riders_b
    cdef int[::1] reach, rider, piece_value, leap_start, leap_to
    cdef int[::1] sq_index, attackers_percent
    cdef unsigned char[::1] zone_hits, zone_fixed
    cdef int[::1] is_pawn, passed_mg, passed_eg, file_of, rank_of, centre, front, on_file, lead
    cdef unsigned long long[::1] cache_key
    cdef int[::1] cache_mg, cache_eg
    cdef long long[::1] cache_files
    cdef int passer_king, passer_steps, lead_mg, lead_eg
    cdef bint passer_blocked, leads
    cdef int[::1] passer_step, blocked_mg, blocked_eg, cache_passers, cache_npass
    # the piece-square tables and their sums, one entry per ply
    cdef int[::1] pst_mg, pst_eg, pst_npm
    cdef unsigned long long[::1] pst_key, pst_nkey
    cdef long long[::1] mg, eg, npm_w, npm_b
    cdef unsigned long long[::1] pkey, nkey_w, nkey_b
    cdef readonly int top
    cdef unsigned long long[::1] eval_cache
    cdef inline void add(self, int code, int sq) noexcept nogil
    cdef inline void sub(self, int code, int sq) noexcept nogil
    cdef void push(self, Position pos) noexcept nogil
    cdef void pop(self) noexcept nogil
    cdef int npm(self, int colour) noexcept nogil
    cpdef int evaluate(self, Position pos) noexcept nogil
    cpdef int score(self, Position pos) noexcept nogil
    cpdef int fifty_scaled(self, int score, int halfmove) noexcept nogil
    cdef int shelter(self, Position pos, int colour) noexcept nogil
    cpdef int king_danger(self, Position pos, int colour, bint now) noexcept nogil
    cdef int zone_slides(self, Position pos, int s, int ksq) noexcept nogil
    cdef int bare_king(self, Position pos) noexcept nogil
    cpdef int trading_down(self, Position pos) noexcept nogil
    cpdef int hunting(self, Position pos) noexcept nogil
    cdef inline int distance(self, int a, int b) noexcept nogil
    cdef void leading_passers(self, Position pos, int slot) noexcept nogil
    cdef inline int steps(self, int k, int f, int r) noexcept nogil
    cpdef int mobility(self, Position pos, int colour) noexcept nogil
    cpdef int threats(self, Position pos, int colour) noexcept nogil
    cpdef int colour_pairs(self, Position pos, int colour) noexcept nogil
    cpdef int colour_pairs_walked(self, Position pos, int colour) noexcept nogil
    cpdef int open_files(self, Position pos, int colour, long long files) noexcept nogil
    cpdef int open_files_walked(self, Position pos, int colour, long long files) noexcept nogil
    cdef inline bint beside(self, Position pos, int s, int colour) noexcept nogil
    cdef void pawns(self, Position pos, int slot) noexcept nogil
