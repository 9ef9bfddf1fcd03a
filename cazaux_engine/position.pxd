# C declarations of position.py (the implementation and its documentation are there).
cimport cython
from cazaux_engine.rules cimport Rules


@cython.final
cdef class Position:
    cdef readonly Rules rules
    cdef public int turn, rights, ep, halfmove, ply
    cdef public unsigned long long hash
    cdef readonly int[::1] board
    cdef int[::1] king, plist, pcount, pindex
    # undo records, one per push: the game's history
    cdef readonly int sp, cap
    cdef readonly int[::1] u_move, u_piece, u_cap, u_ep, u_rights, u_half
    cdef readonly unsigned long long[::1] u_hash
    # the board changes of the last make() (for incremental evaluations)
    cdef readonly int n_changes
    cdef readonly int[::1] ch_code, ch_from, ch_to

    cdef void reserve_undo(self, int n)
    cdef inline void add_piece(self, int sq, int code) noexcept nogil
    cdef inline void remove_piece(self, int sq) noexcept nogil
    cdef inline void relocate(self, int frm, int to) noexcept nogil
    cdef inline void changed(self, int code, int frm, int to) noexcept nogil
    cdef inline int count(self, int colour) noexcept nogil
    cdef inline int piece_at(self, int colour, int k) noexcept nogil
    cdef inline int king_of(self, int colour) noexcept nogil
    cdef int castling_of(self, int colour, int frm, int to) noexcept nogil
    cdef void make(self, int m) noexcept nogil
    cdef inline void save_undo(self, int k, int m, int p) noexcept nogil
    cdef inline unsigned long long move_castling_rook(self, int us, int frm, int to) noexcept nogil
    cdef inline unsigned long long rights_after(self, int p, int us, int frm, int to) noexcept nogil
    cdef inline unsigned long long ep_square_after(self, int frm, int us) noexcept nogil
    cdef void unmake(self) noexcept nogil
    cdef void make_null(self) noexcept nogil
    cdef void unmake_null(self) noexcept nogil
    cdef inline bint is_of(self, int sq, int mask, int colour) noexcept nogil
    cdef inline int attackers(self, int sq, int by, int* out, int limit) noexcept nogil
    cdef inline int leap_attackers(self, int sq, int by, int* out, int limit) noexcept nogil
    cdef inline int line_attackers(self, int sq, int by, int* out, int n, int limit) noexcept nogil
    cpdef bint attacked(self, int sq, int by) noexcept nogil
    cpdef bint in_check(self) noexcept nogil
    cpdef bint check_by_last_move(self) noexcept nogil
    cdef inline bint ray_attacker(self, int r, int by) noexcept nogil
    cpdef bint attacked_by_list(self, int sq, int by) noexcept nogil
    cdef bint safe_after(self, int m) noexcept nogil
    cpdef bint attacked_after(self, int m) noexcept nogil
