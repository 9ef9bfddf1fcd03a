# C declarations of alphabeta.py (the implementation and its documentation are there).
cimport cython
from cazaux_engine.gameend cimport GameEnd
from cazaux_engine.movegen cimport MoveGen
from cazaux_engine.position cimport Position
from search.checks cimport CheckFilter
from search.eval cimport Evaluator
from search.ordering cimport MoveOrder
from search.tt cimport TranspositionTable


@cython.final
cdef class Control:
    cdef public bint stop
    cdef public long long node_limit
    cdef public double deadline


@cython.final
cdef class Tree:
    cdef readonly Position pos
    cdef TranspositionTable tt
    cdef Evaluator ev
    cdef readonly MoveOrder order
    cdef readonly MoveGen g
    cdef CheckFilter cf
    cdef Control ctl
    cdef bint main
    cdef int max_ply, mate, mate_bound, inf, check_mask
    cdef int rfp_depth, rfp_margin, razor_depth, razor_margin, fut_depth, lmp_depth
    cdef int[::1] fut_margin, lmp_count, lmr
    cdef int lmr_min_depth, lmr_min_moves, null_min_depth, null_r, null_mat, delta
    cdef int lmr_history, iir_depth, iir_non_pv_depth, se_depth, se_margin, hp_depth, hp_margin
    cdef int pc_depth, pc_margin, null_eval_div, lmr_not_improving, see_depth, see_quiet, see_capture
    cdef public int contempt
    cdef bint null_variant, null_allowed, rfp_variant, use_improving, use_pairs, use_corr, use_capt, check_see, tt_eval
    cdef bint lmr_refutations, lmr_bad_captures, lmr_tt_capture
    cdef int lmr_cut_node, hist_linear
    cdef GameEnd ends
    cdef int[::1] pv_moves, pv_len, quiets, found_moves, evals, mslot, excluded
    cdef readonly long long nodes, best_nodes, root_nodes
    cdef readonly int seldepth
    cdef int n_root, n_found, qtop, max_ext_ply
    cdef readonly bint stopped

    cdef inline void play(self, int m) noexcept nogil
    cdef inline void take_back(self) noexcept nogil
    cdef inline void play_null(self) noexcept nogil
    cdef inline void take_back_null(self) noexcept nogil
    cdef inline bint play_capture(self, int m, int ksq) noexcept nogil
    cdef double now(self) noexcept nogil
    cdef bint check(self) noexcept nogil
    cdef int end_score(self, int code, int ply) noexcept nogil
    cdef int prev_slot(self, int ply, int back) noexcept nogil
    cdef inline bint is_quiet(self, int m) noexcept nogil
    cdef void reward_cutoff(self, int m, bint quiet, int depth, int ply, int qbase,
                            int nq) noexcept nogil
    cdef void update_pv(self, int ply, int m) noexcept nogil
    cdef inline bint tt_decides(self, unsigned long long e, int ply, int alpha,
                                int beta) noexcept nogil
    cdef int qsearch(self, int alpha, int beta, int ply, bint in_check, int n) noexcept nogil
    cdef inline int static_eval(self, int us) noexcept nogil
    cdef inline bint futile(self, int m, int stand, int alpha) noexcept nogil
    cdef int search(self, int depth, int alpha, int beta, int ply, bint in_check, bint null_ok,
                    bint cut, int n) noexcept nogil
    cdef inline int cut_before_moves(self, int depth, int beta, int ply, bint null_ok, bint cut,
                                     int n, int ev, bint improving) noexcept nogil
    cdef inline bint late_or_futile(self, int depth, int count, int ev, int alpha,
                                    bint improving) noexcept nogil
    cdef int probcut(self, unsigned long long e, int depth, int beta, int ply, bint cut, int n,
                     int ev) noexcept nogil
    cdef int singular(self, unsigned long long e, int hmove, int depth, int beta, int ply,
                      bint in_check, bint cut, int n) noexcept nogil
    cdef inline bint bad_history(self, int depth, int ply, int piece, int to) noexcept nogil
    cdef inline int reduction(self, int depth, int count, int new_depth, bint pv_node,
                              int ply, int to, bint improving, bint cut) noexcept nogil
    cdef inline int search_move(self, int new_depth, int r, int alpha, int beta, int ply,
                                bint gives, int count, bint pv_node, bint cut,
                                int end) noexcept nogil
    cdef int root_search(self, int depth, int alpha, int beta) noexcept nogil
