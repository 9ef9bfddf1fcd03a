# C declarations of tt.py (the implementation and its documentation are there).
cimport cython

cpdef enum:
    UPPER = 1
    LOWER = 2
    EXACT = 3

cpdef enum:
    MOVE_MASK = (1 << 27) - 1
    SCORE_BIAS = 1 << 20

cdef int MATE_BOUND

cpdef int score_to_tt(int score, int ply) noexcept nogil
cpdef int score_from_tt(int score, int ply) noexcept nogil
cpdef int entry_move(unsigned long long e) noexcept nogil
cpdef int entry_depth(unsigned long long e) noexcept nogil
cpdef int entry_bound(unsigned long long e) noexcept nogil
cpdef int entry_score(unsigned long long e) noexcept nogil
cpdef int entry_age(unsigned long long e) noexcept nogil


@cython.final
cdef class TranspositionTable:
    cdef unsigned long long[::1] words      # slot k: words 2k (data) and 2k + 1 (key ^ data)
    cdef readonly object table
    cdef readonly long long size, mask
    cdef public int age
    cdef readonly bint touched              # its pages were written since it was mapped
    cpdef unsigned long long lookup(self, unsigned long long key) noexcept nogil
    cpdef void store(self, unsigned long long key, int move, int depth, int bound, int score) noexcept nogil
