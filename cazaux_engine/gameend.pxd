# C declarations of gameend.py (the implementation and its documentation are there).
cimport cython
from cazaux_engine.movegen cimport MoveGen
from cazaux_engine.position cimport Position

cpdef enum:
    NOT_OVER = 0
    TAKES_BACK = 1
    CHECKMATE = 2
    STALEMATE_LOSS = 3
    STALEMATE_DRAW = 4
    BARE_KINGS = 5
    BARE_KING_WIN = 6
    BARE_KING_LOSS = 7
    FIFTY_MOVES = 8
    REPETITION = 9

cpdef int value_of(int code) noexcept nogil


@cython.final
cdef class GameEnd:
    cdef readonly bint shatranj, stalemate_loss
    cdef int bare(self, MoveGen g, Position pos, int n) noexcept nogil
    cdef int no_move(self, Position pos) noexcept nogil
    cdef bint repeated(self, Position pos, int root) noexcept nogil
    cdef int at_node(self, MoveGen g, Position pos, int n, int root) noexcept nogil
