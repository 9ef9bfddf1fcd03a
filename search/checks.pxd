# C declarations of checks.py (the implementation and its documentation are there).
cimport cython


@cython.final
cdef class CheckFilter:
    cdef readonly int n, size, words
    cdef readonly bint hoppers
    cdef unsigned long long[::1] reach, lines
    cdef bint reaches(self, int code, int frm, int sq) noexcept nogil
    cdef bint on_line(self, int centre, int sq) noexcept nogil
    cdef bint may_check(self, int code, int m, int ksq) noexcept nogil
