# C declarations of movegen.py (the implementation and its documentation are there).
from cazaux_engine.position cimport Position

cdef int next_stamp(Position pos) noexcept nogil
cdef void scan_king_lines(Position pos, int ksq, int us) noexcept nogil
cdef bint is_in(Position pos, int sq, int mask, int colour) noexcept nogil
cdef int next_occupied(Position pos, int first, int j, int length) noexcept nogil
cdef void add_checker(Position pos, int sq) noexcept nogil
cdef void mark_evasions(Position pos, int first, int length, int extra, int skip) noexcept nogil
cdef int keep_safe(Position pos, int start, int end) noexcept nogil
cdef int emit(Position pos, int n, int m) noexcept nogil
cdef int gen_piece(Position pos, int n, int frm, int us, bint captures) noexcept nogil
cdef int gen_entry(Position pos, int i) noexcept nogil
cdef int gen_components(Position pos, int n, int frm, int us, bint captures) noexcept nogil
cdef int gen_pawn(Position pos, int n, int frm, int us, bint captures, int off) noexcept nogil
cdef int gen_leaps(Position pos, int n, int frm, int us, bint captures, int off, int kind) noexcept nogil
cdef int gen_rides(Position pos, int n, int frm, int us, bint captures, int off, int kind) noexcept nogil
cdef int gen_hops(Position pos, int n, int frm, int us, int off) noexcept nogil
cdef int gen_lame(Position pos, int n, int frm, int off) noexcept nogil
cdef int gen_bent(Position pos, int n, int frm, int us, bint captures, int off) noexcept nogil
cdef int gen_promotions(Position pos, int n, int frm, int us, bint captures) noexcept nogil
cdef int gen_legal(Position pos, int n, bint captures) noexcept nogil
cdef int gen_king_specials(Position pos, int n, int ksq, int us) noexcept nogil
cdef bint is_legal_move(Position pos, int m, int n) noexcept nogil
cdef long long perft_at(Position pos, int depth, int n) noexcept nogil
