# C declarations of exchange.py (the implementation and its documentation are there).
from cazaux_engine.position cimport Position

cpdef int least_attacker(Position pos, int sq, int by, int[::1] values) noexcept nogil
cdef int rank_of(Position pos, int q, int[::1] values) noexcept nogil
cdef int line_floor(Position pos, int by, int[::1] values) noexcept nogil
cdef int capturer(Position pos, int to, int side, int[::1] values) noexcept nogil
cpdef int see(Position pos, int m, int[::1] values) noexcept nogil
cpdef bint see_ge(Position pos, int m, int[::1] values, int threshold) noexcept nogil
