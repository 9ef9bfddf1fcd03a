# C declarations of ordering.py (the implementation and its documentation are there).
cimport cython
from cazaux_engine.movegen cimport MoveGen
from cazaux_engine.position cimport Position


@cython.final
cdef class MoveOrder:
    cdef readonly Position pos
    cdef readonly MoveGen g
    cdef int n, size, slots
    cdef readonly int[::1] value
    cdef int[::1] sq_index, counter
    cdef readonly int[::1] history, killers
    cdef short[::1] cont
    cdef int[::1] corr, corr_w, corr_b
    cdef int corr_max, capt_div
    cdef bint corr_nonpawn
    cdef long long bad_base
    cdef int[::1] capt
    cdef int capt_index(self, int code, int to, int victim) noexcept nogil
    cpdef void reward_capture(self, int code, int to, int victim, int bonus) noexcept nogil
    cdef long long[::1] keys
    cdef int slot(self, int code, int to) noexcept nogil
    cdef long long val(self, int code) noexcept nogil
    cdef void score_moves(self, int start, int end, int hmove, int ply, int prev1,
                          int prev2) noexcept nogil
    cdef long long quiet_score(self, int code, int to, int prev1, int prev2) noexcept nogil
    cdef long long history_of(self, int code, int to, int prev1, int prev2) noexcept nogil
    cdef void reward_cont(self, int prev, int code, int to, int bonus) noexcept nogil
    cdef void refuted(self, int prev, int m) noexcept nogil
    cdef void score_captures(self, int start, int end) noexcept nogil
    cdef int pick(self, int i, int end) noexcept nogil
    cdef void sort(self, int i, int end) noexcept nogil
    cdef int at(self, int i) noexcept nogil
    cdef bint refutation_at(self, int i) noexcept nogil
    cdef bint bad_capture_at(self, int i) noexcept nogil
    cdef void reward(self, int code, int to, int bonus) noexcept nogil
    cdef void killer(self, int ply, int m) noexcept nogil
    cdef int correction(self, unsigned long long pawns, unsigned long long white,
                        unsigned long long black, int us) noexcept nogil
    cdef void correct(self, unsigned long long pawns, unsigned long long white,
                      unsigned long long black, int us, int diff, int depth) noexcept nogil
    cdef inline void nudge(self, int[::1] table, Py_ssize_t i, int bonus) noexcept nogil
