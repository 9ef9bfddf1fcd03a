# C declarations of position.py (the implementation and its documentation are there).
cimport cython
from cazaux_engine.movetables cimport MoveTables


@cython.final
cdef class Position:
    cdef readonly object rules
    cdef readonly MoveTables mt
    cdef public int turn, rights, ep, halfmove, ply
    cdef public unsigned long long hash
    cdef readonly int[::1] board
    cdef int[::1] king, plist, pcount, pindex
    # undo records, one per push: the game's history
    cdef readonly int sp, cap
    cdef int[::1] u_move, u_piece, u_cap, u_ep, u_rights, u_half, u_mg, u_eg, u_npm_w, u_npm_b
    cdef unsigned long long[::1] u_hash, u_pkey
    # incremental piece-square sums (set_pst)
    cdef readonly object pst
    cdef bint has_pst
    cdef int[::1] pst_mg, pst_eg, pst_npm
    cdef unsigned long long[::1] pst_key
    cdef readonly int mg, eg, npm_w, npm_b
    cdef readonly unsigned long long pkey
    # move lists (generation appends here) and legality scratch
    cdef readonly int[::1] moves
    cdef public int move_cap
    cdef public bint overflow
    cdef int[::1] ev_mark, sus_mark, forb_mark, scr_mark, checker_sq
    cdef int stamp, ev_stamp, set_stamp, n_checkers
    cdef bint any_suspect, any_forbidden, any_screen
    cdef int[::1] promo_tmp

    cdef void reserve_undo(self, int n)
    cdef inline void add_piece(self, int sq, int code) noexcept nogil
    cdef inline void remove_piece(self, int sq) noexcept nogil
    cdef inline void relocate(self, int frm, int to) noexcept nogil
    cdef inline void psq_add(self, int code, int sq) noexcept nogil
    cdef inline void psq_sub(self, int code, int sq) noexcept nogil
    cdef inline int count(self, int colour) noexcept nogil
    cdef inline int piece_at(self, int colour, int k) noexcept nogil
    cdef inline int king_of(self, int colour) noexcept nogil
    cdef int castle_entry(self, int side, int frm, int to) noexcept nogil
    cdef void make(self, int m) noexcept nogil
    cdef void unmake(self) noexcept nogil
    cdef void make_null(self) noexcept nogil
    cdef void unmake_null(self) noexcept nogil
    cpdef bint attacked(self, int sq, int by) noexcept nogil
    cpdef bint in_check(self) noexcept nogil
    cdef bint safe_after(self, int m) noexcept nogil
    cpdef bint attacked_after(self, int m) noexcept nogil
