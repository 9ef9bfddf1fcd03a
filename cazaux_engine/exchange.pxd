# C declarations of exchange.py (the implementation and its documentation are there).
from cazaux_engine.position cimport Position

cdef int rank_of_attacker(Position pos, int s) noexcept nogil
cpdef int least_attacker(Position pos, int sq, int by) noexcept nogil
cdef int cheaper(Position pos, int s, int best) noexcept nogil
cpdef int see(Position pos, int m) noexcept nogil
