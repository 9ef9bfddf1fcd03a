# C declarations of movegen.py (the implementation and its documentation are there).
cimport cython
from cazaux_engine.position cimport Position


@cython.final
cdef class MoveGen:
    cdef readonly int[::1] moves
    cdef public int move_cap
    cdef public bint overflow
    cdef int[::1] ev_mark, sus_mark, forb_mark, scr_mark, promo_tmp
    cdef readonly int[::1] checker_sq
    cdef int stamp, ev_stamp, set_stamp
    cdef readonly int n_checkers
    cdef bint any_suspect, any_forbidden, any_screen


cdef int next_stamp(MoveGen g) noexcept nogil
cdef void scan_king_lines(MoveGen g, Position pos, int ksq, int us) noexcept nogil
cdef inline int fresh_stamp(MoveGen g, Position pos) noexcept nogil
cdef inline void scan_line(MoveGen g, Position pos, int r, int us, int st) noexcept nogil
cdef inline void after_enemy_piece(MoveGen g, Position pos, int r, int j, int q, int us,
                                   int st) noexcept nogil
cdef inline void after_own_piece(MoveGen g, Position pos, int r, int j, int us, int st) noexcept nogil
cdef inline void scan_leapers(MoveGen g, Position pos, int ksq, int them) noexcept nogil
cdef inline bint holds(Position pos, int sq, int mask, int colour) noexcept nogil
cdef inline void add_checker(MoveGen g, int sq) noexcept nogil
cdef void mark_evasions(MoveGen g, Position pos, int r, int length, int extra, int skip) noexcept nogil
cdef int keep_safe(MoveGen g, Position pos, int start, int end) noexcept nogil
cdef inline int emit(MoveGen g, int n, int m) noexcept nogil
cdef int gen_piece(MoveGen g, Position pos, int n, int frm, bint captures) noexcept nogil
cdef int gen_components(MoveGen g, Position pos, int n, int frm, bint captures) noexcept nogil
cdef int gen_pawn(MoveGen g, Position pos, int n, int frm, bint captures, int off) noexcept nogil
cdef int gen_leaps(MoveGen g, Position pos, int n, int frm, int off, int modes) noexcept nogil
cdef int gen_rides(MoveGen g, Position pos, int n, int frm, int off, int modes) noexcept nogil
cdef int gen_hops(MoveGen g, Position pos, int n, int frm, int off) noexcept nogil
cdef int gen_lame(MoveGen g, Position pos, int n, int frm, int off) noexcept nogil
cdef int gen_bent(MoveGen g, Position pos, int n, int frm, bint captures, int off) noexcept nogil
cdef int gen_promotions(MoveGen g, Position pos, int n, int frm, bint captures) noexcept nogil
cdef int gen_legal(MoveGen g, Position pos, int n, bint captures) noexcept nogil
cdef int gen_king_specials(MoveGen g, Position pos, int n, int ksq, int us) noexcept nogil
cdef bint is_legal_move(MoveGen g, Position pos, int m, int n) noexcept nogil
cdef long long perft_at(MoveGen g, Position pos, int depth, int n) noexcept nogil
