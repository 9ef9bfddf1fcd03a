# The C twin of moves.py (read its docstring): the same constants and
# accessors as inline C for the compiled modules.  Keep the two files equal.

cdef enum:
    SQ_MASK = 511
    DOUBLE = 1
    EP = 2
    CASTLE = 3

cdef enum:
    LEAP = 0
    LEAP_M = 1
    LEAP_C = 2
    RIDE = 3
    RIDE_M = 4
    RIDE_C = 5
    HOP = 6
    LAME_M = 7
    BENT = 8
    PROMO = 9
    PAWN = 10

cdef inline int make_move(int frm, int to, int promo, int flag) noexcept nogil:
    return frm | to << 9 | promo << 18 | flag << 24

cdef inline int with_promotion(int m, int promo) noexcept nogil:
    return m | promo << 18

cdef inline int move_from(int m) noexcept nogil:
    return m & SQ_MASK

cdef inline int move_to(int m) noexcept nogil:
    return m >> 9 & SQ_MASK

cdef inline int move_promo(int m) noexcept nogil:
    return m >> 18 & 63

cdef inline int move_flag(int m) noexcept nogil:
    return m >> 24

cdef inline int side_of(int colour) noexcept nogil:
    return colour < 0
