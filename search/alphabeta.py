"""The tree search: principal-variation alpha-beta and quiescence.

A :class:`Tree` searches one private copy of the position for one search
thread; several trees (Lazy SMP) share the transposition table and the
:class:`Control` that stops them.  Compiled, the whole tree runs without
the GIL.

``quiescence()`` is the quiescence search of the position (for tools).
``root(depth, alpha, beta)`` searches the root moves, kept (already ordered)
at the front of the tree's move buffer by :meth:`Tree.set_root`, to
``depth``; fail-soft, so a score outside (alpha, beta) is a bound.  The
principal variation is :meth:`Tree.pv` when a move scored inside the window;
:meth:`Tree.found` lists the moves that became best during the call;
``root_nodes`` counts the nodes of the call and ``best_nodes`` those spent
on the move that last raised alpha (the time management's *effort*).

A search stops when :class:`Control` says so: its stop flag, the node limit
and the hard deadline are read every ``CHECK_EVERY`` nodes.  The tree then
returns at once through every level (``stopped``); its scores are void.

Per node, in order: quiescence at depth 0; the stop check; the game-end
rules of :mod:`cazaux_engine.gameend`, the same that ``outcome()`` and the
match arbiter apply (bare Kings, the 50-move rule, repetition; quiescence
applies the bare-King rules only); mate-distance
pruning; the transposition table; reverse futility and null-move pruning at
non-PV nodes; then a legal hash move, and only if it does not cut off, the
other moves in :mod:`search.ordering` order, with late-move pruning,
futility pruning and late-move reductions for quiet moves, SEE pruning
of moves that lose in the exchange, a one-ply
extension for moves that give check, and PVS re-searches (the switches of
search/params.py add ProbCut after the null move, a singular extension
of the hash move, history pruning, deeper late-move pruning, reductions
that spare killers or also take losing captures; docs/search.md); no legal move at
all is mate, or stalemate scored by the variant's rule (``gameend`` again).
"""
from __future__ import annotations

import math
from array import array
from time import perf_counter

import cython

from . import params as P
from .weights import search_settings

if cython.compiled:
    from cython.cimports.cazaux_engine.exchange import see_ge
    from cython.cimports.cazaux_engine.gameend import NOT_OVER, GameEnd, value_of
    from cython.cimports.cazaux_engine.movegen import MoveGen, gen_legal, is_legal_move
    from cython.cimports.cazaux_engine.moves import EP, move_flag, move_from, move_promo, move_to
    from cython.cimports.cazaux_engine.position import Position
    from cython.cimports.search.checks import CheckFilter
    from cython.cimports.search.eval import Evaluator
    from cython.cimports.search.ordering import MoveOrder
    from cython.cimports.search.tt import (EXACT, LOWER, UPPER, TranspositionTable, entry_bound,
                                           entry_depth, entry_move, entry_score, score_from_tt,
                                           score_to_tt)
else:
    from cazaux_engine.exchange import see_ge
    from cazaux_engine.gameend import NOT_OVER, GameEnd, value_of
    from cazaux_engine.movegen import MoveGen, gen_legal, is_legal_move
    from cazaux_engine.moves import EP, move_flag, move_from, move_promo, move_to
    from cazaux_engine.position import Position

    from .checks import CheckFilter
    from .eval import Evaluator
    from .ordering import MoveOrder
    from .tt import (EXACT, LOWER, UPPER, TranspositionTable, entry_bound, entry_depth, entry_move,
                     entry_score, score_from_tt, score_to_tt)

LMR_MOVES = cython.declare(cython.int, 256)
MOVE_BUFFER = 1 << 16          # moves of every ply of one search thread
PICKED = cython.declare(cython.int, 3)      # moves picked one by one before sorting the rest
NO_SCORE = cython.declare(cython.int, -(1 << 30))   # no score (below every score there is)
EXTEND = cython.declare(cython.int, NO_SCORE + 1)    # Tree.singular: search the move deeper


_lmr: dict = {}


def lmr_table(max_ply: int, divisor: float) -> array:
    """lmr[depth * LMR_MOVES + move number] = plies to reduce a late quiet move (cached)."""
    key = (max_ply, divisor)
    if key not in _lmr:
        _lmr[key] = array('i', [int(math.log(d) * math.log(n) / divisor) if d and n else 0
                                for d in range(max_ply + 2) for n in range(LMR_MOVES)])
    return _lmr[key]


@cython.cclass
class Control:
    """What stops the trees of one search (shared by its threads)."""

    def __init__(self):
        self.stop = False
        self.node_limit = -1          # main thread's nodes; -1: none
        self.deadline = -1.0          # perf_counter() seconds; < 0: none


@cython.cclass
class Tree:
    """The search of one thread; see the module docstring."""

    def __init__(self, pos: Position, tt: TranspositionTable, evaluator: Evaluator,
                 order: MoveOrder, checks: CheckFilter, ctl: Control, main: bool = True,
                 moves: int = MOVE_BUFFER):
        """A tree over ``pos`` (its own copy, which it plays moves on), with
        a move buffer of ``moves`` moves for the lists of every ply."""
        V = pos.rules.variant
        S = search_settings(V.name)         # the switches and margins, per variant
        self.pos, self.tt, self.ev, self.order, self.cf, self.ctl = pos, tt, evaluator, order, checks, ctl
        self.g = MoveGen(pos.rules, moves)
        order.attach(pos, self.g)
        evaluator.reset(pos)
        self.main = main
        self.max_ply = P.MAX_PLY
        self.mate, self.mate_bound, self.inf = P.MATE, P.MATE_BOUND, P.INF
        self.check_mask = P.CHECK_EVERY - 1
        self.rfp_depth, self.rfp_margin = S.RFP_DEPTH, S.RFP_MARGIN
        self.razor_depth, self.razor_margin = S.RAZOR_DEPTH, S.RAZOR_MARGIN
        self.fut_depth, self.lmp_depth = S.FUTILITY_DEPTH, min(S.LMP_DEPTH, len(P.LMP_COUNT) - 1)
        self.hp_depth, self.hp_margin = S.HISTORY_PRUNE_DEPTH, S.HISTORY_PRUNE
        self.fut_margin = array('i', P.FUTILITY_MARGIN)
        self.lmp_count = array('i', P.LMP_COUNT)
        self.lmr_min_depth, self.lmr_min_moves = S.LMR_MIN_DEPTH, S.LMR_MIN_MOVES
        self.null_min_depth, self.null_r, self.null_mat = (S.NULL_MIN_DEPTH, S.NULL_REDUCTION,
                                                           S.NULL_MIN_MATERIAL)
        self.delta = S.DELTA_MARGIN
        self.use_improving, self.use_pairs = bool(S.IMPROVING), bool(S.HISTORY_OF_MOVE_PAIRS)
        self.use_corr = bool(S.CORRECTION)
        self.use_capt = bool(S.CAPTURE_HISTORY)
        self.lmr = lmr_table(P.MAX_PLY, S.LMR_DIVISOR)
        self.lmr_history = S.LMR_HISTORY
        self.lmr_refutations, self.lmr_bad_captures = bool(S.LMR_REFUTATIONS), bool(S.LMR_BAD_CAPTURES)
        self.lmr_tt_capture = bool(S.LMR_TT_CAPTURE)
        self.lmr_cut_node = S.LMR_CUT_NODE
        self.hist_linear = S.HISTORY_BONUS_LINEAR
        self.iir_depth, self.iir_non_pv_depth = S.IIR_DEPTH, S.IIR_NON_PV_DEPTH
        self.se_depth, self.se_margin = S.SINGULAR_DEPTH, S.SINGULAR_MARGIN
        self.pc_depth, self.pc_margin = S.PROBCUT_DEPTH, S.PROBCUT_MARGIN
        self.see_depth, self.see_quiet, self.see_capture = (S.SEE_PRUNE_DEPTH, S.SEE_QUIET_MARGIN,
                                                            S.SEE_CAPTURE_MARGIN)
        self.check_see = bool(S.CHECK_EXTENSION_SEE)
        self.tt_eval = bool(S.TT_EVAL)
        self.null_eval_div, self.lmr_not_improving = S.NULL_EVAL_DIVISOR, S.LMR_NOT_IMPROVING
        self.contempt = 0       # centipawns a draw costs the side to move at the root
        # zugzwang is the point of a game where having no move loses: no null
        # move there, and no reverse futility (the static eval of a side that
        # cannot move says nothing)
        self.null_variant = V.stalemate != 'loss' and V.bare_king != 'shatranj'
        # (RFP_ZUGZWANG: reverse futility there all the same; NULL_ZUGZWANG:
        # the null move there all the same, each of its cutoffs verified)
        self.rfp_variant = self.null_variant or bool(S.RFP_ZUGZWANG)
        self.null_allowed = self.null_variant or bool(S.NULL_ZUGZWANG)
        self.ends = GameEnd(V)
        plies = P.MAX_PLY + 2
        pos.reserve_undo(pos.sp + plies + 1)        # make() itself never grows the records
        self.pv_moves = array('i', [0]) * (plies * plies)
        self.pv_len = array('i', [0]) * plies
        self.evals = array('i', [0]) * plies
        self.mslot = array('i', [0]) * plies
        self.excluded = array('i', [0]) * plies     # the move a singular search leaves out
        self.quiets = array('i', [0]) * moves         # the moves tried at each node (see reward_cutoff)
        self.found_moves = array('i', [0]) * 256
        self.nodes = self.seldepth = 0
        self.best_nodes = self.root_nodes = 0
        self.n_root = self.n_found = self.qtop = 0
        self.max_ext_ply = 0
        self.stopped = False

    # -- the Python interface ---------------------------------------------------------------
    def set_root(self, moves: list) -> None:
        """The root moves, in the order to search them."""
        for k, m in enumerate(moves):
            self.g.moves[k] = m
        self.n_root = len(moves)

    def root(self, depth: cython.int, alpha: cython.int, beta: cython.int) -> int:
        """Search the root moves to ``depth``; see the module docstring."""
        score: cython.int
        with cython.nogil:
            score = self.root_search(depth, alpha, beta)
        return score

    def quiescence(self) -> int:
        """The quiescence-search score of the position (side to move's view)."""
        score: cython.int
        in_check: cython.bint = self.pos.in_check()
        with cython.nogil:
            score = self.qsearch(-self.inf, self.inf, 0, in_check, 0)
        return score

    def pv(self) -> list:
        """The principal variation of the last root call ([] if none)."""
        return [self.pv_moves[k] for k in range(self.pv_len[0])]

    def found(self) -> list:
        """The moves that became best, in turn, during the last root call."""
        return [self.found_moves[k] for k in range(min(self.n_found, 256))]

    def reset_counters(self) -> None:
        self.nodes = self.seldepth = 0
        self.stopped = False

    # -- stopping ---------------------------------------------------------------------------------
    def now(self) -> cython.double:
        t: cython.double
        with cython.gil:
            t = perf_counter()
        return t

    def check(self) -> cython.bint:
        """Read the Control every CHECK_EVERY nodes; True (and ``stopped``) to stop."""
        if self.ctl.stop:
            self.stopped = True
        elif self.main:
            if 0 <= self.ctl.node_limit <= self.nodes:
                self.stopped = True
            elif self.ctl.deadline >= 0 and self.now() >= self.ctl.deadline:
                self.stopped = True
        return self.stopped

    # -- moves on the tree's position, and the evaluation's sums with them -----------------------
    def play(self, m: cython.int) -> cython.void:
        self.pos.make(m)
        self.ev.push(self.pos)

    def take_back(self) -> cython.void:
        self.pos.unmake()
        self.ev.pop()

    def play_null(self) -> cython.void:
        self.pos.make_null()
        self.ev.push(self.pos)

    def take_back_null(self) -> cython.void:
        self.pos.unmake_null()
        self.ev.pop()

    def play_capture(self, m: cython.int, ksq: cython.int) -> cython.bint:
        """Play the capture or promotion ``m`` (quiescence, ProbCut): does
        it check the King on ``ksq``?  (Asked of the position only when the
        cheap filter cannot rule it out.)"""
        self.play(m)
        return (self.cf.may_check(self.pos.board[move_to(m)], m, ksq)
                and self.pos.check_by_last_move())

    # -- the tree -----------------------------------------------------------------------------------
    def end_score(self, code: cython.int, ply: cython.int) -> cython.int:
        """The score of a game ended by rule ``code`` (cazaux_engine.gameend) at
        ``ply``: a draw is worth -contempt to the side to move at the root
        (even plies) and +contempt to the other."""
        v: cython.int = value_of(code)
        if v > 0:
            return self.mate - ply
        if v < 0:
            return -self.mate + ply
        return self.contempt if ply & 1 else -self.contempt

    def prev_slot(self, ply: cython.int, back: cython.int) -> cython.int:
        """Continuation slot of the move made ``back`` plies before this node (-1: none)."""
        return self.mslot[ply - back] if ply >= back and self.use_pairs else -1

    def is_quiet(self, m: cython.int) -> cython.bint:
        """Is ``m`` neither a capture (en passant included) nor a promotion?"""
        return not self.pos.board[move_to(m)] and not move_promo(m) and move_flag(m) != EP

    def reward_cutoff(self, m: cython.int, quiet: cython.bint, depth: cython.int,
                      ply: cython.int, qbase: cython.int, nq: cython.int) -> cython.void:
        """``m`` cut off after the moves ``quiets[qbase:qbase + nq]`` (quiet
        ones, and with CAPTURE_HISTORY the captures and promotions too).  A
        quiet ``m`` becomes killer and countermove, its histories gain and
        those of the quiet moves tried before it lose; any other ``m`` gains
        capture history.  Either way the captures tried before it lose
        capture history."""
        bonus: cython.int = self.hist_linear * depth if self.hist_linear else 32 * depth * depth
        prev1: cython.int = self.prev_slot(ply, 1)
        prev2: cython.int = self.prev_slot(ply, 2)
        i: cython.int
        q: cython.int
        code: cython.int
        if bonus > 4096:
            bonus = 4096
        code = self.pos.board[move_from(m)]
        if quiet:
            self.order.killer(ply, m)
            self.order.refuted(prev1, m)
            self.order.reward(code, move_to(m), bonus)
            self.order.reward_cont(prev1, code, move_to(m), bonus)
            self.order.reward_cont(prev2, code, move_to(m), bonus)
        else:
            self.order.reward_capture(code, move_to(m), self.pos.board[move_to(m)], bonus)
        for i in range(nq):
            q = self.quiets[qbase + i]
            code = self.pos.board[move_from(q)]
            if not self.is_quiet(q):
                self.order.reward_capture(code, move_to(q), self.pos.board[move_to(q)], -bonus)
            elif quiet:
                self.order.reward(code, move_to(q), -bonus)
                self.order.reward_cont(prev1, code, move_to(q), -bonus)
                self.order.reward_cont(prev2, code, move_to(q), -bonus)

    def update_pv(self, ply: cython.int, m: cython.int) -> cython.void:
        """pv[ply] = [m] + pv[ply + 1]"""
        width: cython.int = self.max_ply + 2
        k: cython.int
        n: cython.int = self.pv_len[ply + 1]
        self.pv_moves[ply * width] = m
        for k in range(n):
            self.pv_moves[ply * width + 1 + k] = self.pv_moves[(ply + 1) * width + k]
        self.pv_len[ply] = n + 1

    def tt_decides(self, e: cython.ulonglong, ply: cython.int, alpha: cython.int,
                   beta: cython.int) -> cython.bint:
        """Does the table's entry ``e`` settle the node: an exact score, or a
        bound outside the window (alpha, beta)?"""
        bound: cython.int = entry_bound(e)
        tscore: cython.int = score_from_tt(entry_score(e), ply)
        return bound == EXACT or (tscore >= beta if bound == LOWER else tscore <= alpha)

    def qsearch(self, alpha: cython.int, beta: cython.int, ply: cython.int,
                in_check: cython.bint, n: cython.int) -> cython.int:
        """The quiescence score: captures and promotions only (all moves in check)."""
        us: cython.int
        code: cython.int
        key: cython.ulonglong
        e: cython.ulonglong
        alpha0: cython.int = alpha
        best: cython.int
        stand: cython.int
        end: cython.int
        i: cython.int
        m: cython.int
        ksq: cython.int
        score: cython.int
        gives: cython.bint
        # -- 1. the node: stop, bare Kings, the depth limit, the table
        self.nodes += 1
        if not self.nodes & self.check_mask and self.check():
            return 0
        if ply > self.seldepth:
            self.seldepth = ply
        us = self.pos.turn
        if self.pos.count(us) == 1 or self.pos.count(-us) == 1:
            code = self.ends.bare(self.g, self.pos, n)
            if code != NOT_OVER:
                return self.end_score(code, ply)
        if ply >= self.max_ply:
            return self.ev.evaluate(self.pos)
        key = self.pos.hash
        e = self.tt.lookup(key)
        if e and self.tt_decides(e, ply, alpha, beta):
            return score_from_tt(entry_score(e), ply)
        # -- 2. in check every evasion; else the static eval stands pat
        if in_check:
            end = gen_legal(self.g, self.pos, n, False)
            if end == n:
                return -self.mate + ply
            best = stand = -self.inf
        else:
            best = stand = self.static_eval(us)
            if stand >= beta:
                return stand
            if stand > alpha:
                alpha = stand
            end = gen_legal(self.g, self.pos, n, True)
            if end == n:
                return stand
        # -- 3. the moves, best capture first
        ksq = self.pos.king_of(-us)
        self.order.score_captures(n, end)
        for i in range(n, end):
            m = self.order.pick(i, end)
            if not in_check and self.futile(m, stand, alpha):
                continue
            gives = self.play_capture(m, ksq)
            score = -self.qsearch(-beta, -alpha, ply + 1, gives, end)
            self.take_back()
            if self.stopped:
                return 0
            if score > best:
                best = score
                if score > alpha:
                    if score >= beta:
                        self.tt.store(key, m, 0, LOWER, score_to_tt(score, ply))
                        return score
                    alpha = score
        # -- 4. the table
        self.tt.store(key, 0, 0, EXACT if best > alpha0 else UPPER, score_to_tt(best, ply))
        return best

    def static_eval(self, us: cython.int) -> cython.int:
        """The evaluation of the position for ``us``, the side to move, with
        the correction history's entry for its pawn structure added
        (``CORRECTION``; with ``CORRECTION_NONPAWN`` also those for each
        side's other pieces): what the main search and the quiescence
        search stand on."""
        ev: cython.int = self.ev.evaluate(self.pos)
        if self.use_corr:
            t: cython.int = self.ev.top
            ev += self.order.correction(self.ev.pkey[t], self.ev.nkey_w[t], self.ev.nkey_b[t], us)
        return ev

    def futile(self, m: cython.int, stand: cython.int, alpha: cython.int) -> cython.bint:
        """Quiescence's pruning of ``m`` (not in check): a capture that loses
        material in the exchange, or one whose gain cannot lift the static
        eval ``stand`` to ``alpha`` (delta pruning)."""
        frm: cython.int = move_from(m)
        promo: cython.int = move_promo(m)
        cap: cython.int = self.pos.board[move_to(m)]
        gain: cython.int
        if cap:
            gain = self.order.val(cap)
            if promo:
                gain += self.order.val(promo)
            elif gain < self.order.val(self.pos.board[frm]) and not see_ge(self.pos, m, self.order.value, 0):
                return True
        elif promo:
            gain = self.order.val(promo)
        else:
            gain = self.order.val(self.pos.board[frm])          # en passant
        return stand + gain + self.delta <= alpha

    def search(self, depth: cython.int, alpha: cython.int, beta: cython.int, ply: cython.int,
               in_check: cython.bint, null_ok: cython.bint, cut: cython.bint,
               n: cython.int) -> cython.int:
        """The score of the position to ``depth``; its moves go to the buffer at ``n``.
        ``cut``: a non-PV node expected to fail high (the null-window child of
        a node expected to fail low, or a reduced late move's)."""
        pv_node: cython.bint = beta - alpha > 1
        us: cython.int
        code: cython.int
        key: cython.ulonglong
        e: cython.ulonglong
        hmove: cython.int = 0
        ev: cython.int
        score: cython.int
        best: cython.int
        best_move: cython.int = 0
        count: cython.int = 0
        qbase: cython.int
        nq: cython.int = 0
        ext_ok: cython.bint
        prune: cython.bint
        ksq: cython.int
        end: cython.int
        nxt: cython.int
        generated: cython.bint
        tried_hash: cython.bint
        tt_capture: cython.bint
        improving: cython.bint
        mate_safe: cython.bint
        m: cython.int
        frm: cython.int
        to: cython.int
        promo: cython.int
        quiet: cython.bint
        gives: cython.bint
        pushed: cython.bint
        drop: cython.bint
        limit: cython.int
        extend: cython.bint
        pe: cython.int
        new_depth: cython.int
        r: cython.int
        pawns: cython.ulonglong = 0
        white: cython.ulonglong = 0
        black: cython.ulonglong = 0
        best_quiet: cython.bint = False
        excl: cython.int = self.excluded[ply]
        piece: cython.int
        ext: cython.int
        ki: cython.int
        # -- 1. the node: quiescence at depth 0, stop, the game's end, mate distance
        if pv_node:
            self.pv_len[ply] = 0
        if depth <= 0:
            return self.qsearch(alpha, beta, ply, in_check, n)
        self.nodes += 1
        if not self.nodes & self.check_mask and self.check():
            return 0
        us = self.pos.turn
        code = self.ends.at_node(self.g, self.pos, n, self.pos.sp - ply)
        if code != NOT_OVER:
            return self.end_score(code, ply)
        if ply >= self.max_ply:
            return self.ev.evaluate(self.pos)
        if alpha < -self.mate + ply:
            alpha = -self.mate + ply
        if beta > self.mate - ply - 1:
            beta = self.mate - ply - 1
        if alpha >= beta:
            return alpha
        # -- 2. the table: its move, and its score at non-PV nodes
        # (a singular search, which leaves out the move ``excl``, neither
        # takes nor stores the table's score: it is not the node's)
        key = self.pos.hash
        e = self.tt.lookup(key)
        if e:
            hmove = entry_move(e)
            if (not pv_node and not excl and entry_depth(e) >= depth
                    and self.tt_decides(e, ply, alpha, beta)):
                return score_from_tt(entry_score(e), ply)
        # -- 3. the static eval; reverse futility and null move
        if in_check:
            ev = -self.inf
        else:
            ev = self.static_eval(us)
            if self.use_corr:           # the entry this node's result will correct
                pawns = self.ev.pkey[self.ev.top]
                white, black = self.ev.nkey_w[self.ev.top], self.ev.nkey_b[self.ev.top]
        self.evals[ply] = ev
        # improving: the static eval rose since our last move (then prune less)
        improving = self.use_improving and not in_check and ply >= 2 and ev > self.evals[ply - 2]
        # the eval the pruning goes by: with TT_EVAL, the table's score where
        # its bound says the static eval is too low or too high
        pe = ev
        if self.tt_eval and e and not in_check and not excl:
            score = score_from_tt(entry_score(e), ply)
            if -self.mate_bound < score < self.mate_bound and (
                    entry_bound(e) == EXACT or (score > ev if entry_bound(e) == LOWER else score < ev)):
                pe = score
        if not in_check and not pv_node and not excl:
            score = self.cut_before_moves(depth, beta, ply, null_ok, cut, n, pe, improving)
            if score == NO_SCORE and self.pc_depth and depth >= self.pc_depth:
                score = self.probcut(e, depth, beta, ply, cut, n, pe)
            if score != NO_SCORE:           # (0 when stopped)
                return score
        if not hmove and (depth >= self.iir_depth if pv_node
                          else 0 < self.iir_non_pv_depth <= depth):
            depth -= 1          # no hash move: cheaper than internal deepening
        # -- 4. the moves: the hash move first, the others generated only if it does not cut off
        best = -self.inf
        qbase = self.qtop
        ext_ok = ply < self.max_ext_ply
        prune = not pv_node and not in_check
        mate_safe = beta < self.mate_bound          # not while proving a mate
        ksq = self.pos.king_of(-us)
        if hmove and not is_legal_move(self.g, self.pos, hmove, n):
            hmove = 0
        if excl:
            hmove = excl
        tried_hash = not hmove or excl != 0
        tt_capture = (self.lmr_tt_capture and hmove != 0
                      and (self.pos.board[move_to(hmove)] != 0 or move_flag(hmove) == EP))
        generated = False
        end = n
        nxt = n
        while True:
            if not tried_hash:
                m = hmove
                tried_hash = True
                ki = -1         # the hash move has no key
            else:
                if not generated:
                    end = gen_legal(self.g, self.pos, n, False)
                    self.order.score_moves(n, end, hmove, ply, self.prev_slot(ply, 1),
                                           self.prev_slot(ply, 2))
                    generated = True
                if nxt >= end:
                    break
                if nxt - n < PICKED:
                    m = self.order.pick(nxt, end)
                else:
                    if nxt - n == PICKED:
                        self.order.sort(nxt, end)
                    m = self.order.at(nxt)
                ki = nxt
                nxt += 1
                if m == hmove:
                    continue
            frm = move_from(m)
            to = move_to(m)
            promo = move_promo(m)
            quiet = self.is_quiet(m)
            count += 1
            piece = promo * us if promo else self.pos.board[frm]
            # late-move pruning, futility, history pruning and SEE pruning
            # (SEE_PRUNE_DEPTH) leave out a move that gives no check; decided
            # before the move is played, SEE last and only where it could
            # fall below the limit (a quiet move loses at most its mover, a
            # capture at most the mover less the victim)
            drop = (quiet and prune and best > -self.mate_bound and mate_safe
                    and (self.late_or_futile(depth, count, pe, alpha, improving)
                         or self.bad_history(depth, ply, piece, to)))
            if (not drop and depth <= self.see_depth and prune and not promo
                    and best > -self.mate_bound and mate_safe):
                if quiet:
                    limit = self.see_quiet * depth * depth
                    drop = (self.order.val(piece) > limit
                            and not see_ge(self.pos, m, self.order.value, -limit))
                else:
                    limit = self.see_capture * depth
                    drop = ((move_flag(m) == EP
                             or self.order.val(piece) - self.order.val(self.pos.board[to]) > limit)
                            and not see_ge(self.pos, m, self.order.value, -limit))
            # gives check? asked of the position only when the cheap filter cannot rule it out
            if self.cf.may_check(piece, m, ksq):
                self.play(m)
                gives = self.pos.check_by_last_move()
                pushed = True
            else:
                gives = pushed = False
            if drop and not gives:
                if pushed:
                    self.take_back()
                continue
            # singular extension: the hash move, when no other move comes near
            # its score, one ply deeper (or a cutoff when the others also beat beta)
            ext = 0
            if (count == 1 and m == hmove and self.se_depth and depth >= self.se_depth
                    and ext_ok and not excl and ply):
                if pushed:
                    self.take_back()
                    pushed = False
                score = self.singular(e, m, depth, beta, ply, in_check, cut, n)
                if self.stopped:
                    return 0
                if score == EXTEND:
                    ext = 1
                elif score != NO_SCORE:
                    return score
            # the check extension; with CHECK_EXTENSION_SEE only for a check
            # that does not lose material in the exchange on its square
            extend = gives
            if gives and self.check_see and ext_ok:
                if pushed:
                    self.take_back()
                    pushed = False
                extend = see_ge(self.pos, m, self.order.value, 0)
            if not pushed:
                self.play(m)
            self.mslot[ply] = self.order.slot(self.pos.board[to], to)
            if pv_node:
                self.pv_len[ply + 1] = 0
            new_depth = depth if (extend or ext > 0) and ext_ok else depth - 1
            self.qtop = qbase + nq
            r = 0
            if (count > 1 and depth >= self.lmr_min_depth
                    and count > self.lmr_min_moves and not in_check and not gives):
                if quiet:
                    r = self.reduction(depth, count, new_depth, pv_node, ply, to, improving, cut)
                    if r and self.lmr_refutations and ki >= 0 and self.order.refutation_at(ki):
                        r -= 1
                    if tt_capture and r + 1 < new_depth:
                        r += 1
                elif self.lmr_bad_captures and ki >= 0 and self.order.bad_capture_at(ki):
                    r = self.reduction(depth, count, new_depth, pv_node, ply, to, improving, cut)
            score = self.search_move(new_depth, r, alpha, beta, ply, gives, count, pv_node, cut, end)
            self.take_back()
            if self.stopped:
                return 0
            if score > best:
                best = score
                if score > alpha:
                    best_move = m
                    best_quiet = quiet
                    if pv_node:
                        self.update_pv(ply, m)
                    if score >= beta:
                        if quiet or self.use_capt:
                            self.reward_cutoff(m, quiet, depth, ply, qbase, nq)
                        if quiet and self.use_corr and not in_check and ev < score < self.mate_bound:
                            self.order.correct(pawns, white, black, us, score - ev, depth)
                        self.tt.store(key, m, depth, LOWER, score_to_tt(score, ply))
                        return score
                    alpha = score
            if quiet or self.use_capt:
                self.quiets[qbase + nq] = m
                nq += 1
        # -- 5. no move at all: mate or stalemate; else the table
        if not count:
            if excl:
                return alpha        # the left-out move was the only one
            return self.end_score(self.ends.no_move(self.pos), ply)
        if excl:
            return best
        if best_move:
            self.tt.store(key, best_move, depth, EXACT, score_to_tt(best, ply))
        else:
            self.tt.store(key, hmove, depth, UPPER, score_to_tt(best, ply))
        if (self.use_corr and not in_check and -self.mate_bound < best < self.mate_bound
                and (best_quiet if best_move else best < ev)):
            self.order.correct(pawns, white, black, us, best - ev, depth)
        return best

    def cut_before_moves(self, depth: cython.int, beta: cython.int, ply: cython.int,
                         null_ok: cython.bint, cut: cython.bint, n: cython.int, ev: cython.int,
                         improving: cython.bint) -> cython.int:
        """At a non-PV node not in check whose static eval is ``ev``: the
        score of a reverse-futility, razoring or null-move cutoff, or NO_SCORE."""
        score: cython.int
        r: cython.int
        if not (-self.mate_bound < beta < self.mate_bound
                and (self.rfp_variant or self.null_allowed)):
            return NO_SCORE
        if self.rfp_variant:
            if depth <= self.rfp_depth and ev - self.rfp_margin * (depth - improving) >= beta:
                return ev
            if depth <= self.razor_depth and ev + self.razor_margin * depth < beta:
                # razoring: so far below beta that only a capture could help;
                # quiescence says whether one does
                score = self.qsearch(beta - 1, beta, ply, False, n)
                if score < beta:
                    return score
        if (null_ok and depth >= self.null_min_depth and ev >= beta
                and self.null_allowed and self.ev.npm(self.pos.turn) >= self.null_mat):
            self.play_null()
            self.mslot[ply] = -1
            r = self.null_r + depth // 6
            if self.null_eval_div:          # more the further the eval stands above beta
                r += min((ev - beta) // self.null_eval_div, 3)
            score = -self.search(depth - 1 - r, -beta, 1 - beta,
                                 ply + 1, False, False, not cut, n)
            self.take_back_null()
            if self.stopped:
                return 0
            if score >= beta and not self.null_variant:
                # where passing is not a move the opponent may have been
                # in zugzwang: the same depth without the pass must agree
                score = self.search(depth - 1 - r, beta - 1, beta, ply, False, False, cut, n)
                if self.stopped:
                    return 0
            if score >= beta:
                return beta if score >= self.mate_bound else score
        return NO_SCORE

    def probcut(self, e: cython.ulonglong, depth: cython.int, beta: cython.int,
                ply: cython.int, cut: cython.bint, n: cython.int, ev: cython.int) -> cython.int:
        """ProbCut at a non-PV node not in check (static eval ``ev``, table
        entry ``e``): a capture or promotion that wins at least pbeta - ev
        by SEE, where pbeta = beta + PROBCUT_MARGIN, and whose score beats
        pbeta in quiescence and then in a search 4 plies shallower, ends
        the node with that score (stored as a lower bound of depth - 3);
        else NO_SCORE.  Not tried when the table already says a search of
        depth - 3 or more stayed below pbeta."""
        pbeta: cython.int = beta + self.pc_margin
        end: cython.int
        i: cython.int
        m: cython.int
        ksq: cython.int
        score: cython.int
        gives: cython.bint
        if not (-self.mate_bound < beta and pbeta < self.mate_bound):
            return NO_SCORE
        if (e and entry_depth(e) >= depth - 3 and entry_bound(e) != LOWER
                and score_from_tt(entry_score(e), ply) < pbeta):
            return NO_SCORE
        end = gen_legal(self.g, self.pos, n, True)
        self.order.score_captures(n, end)
        ksq = self.pos.king_of(-self.pos.turn)
        for i in range(n, end):
            m = self.order.pick(i, end)
            if not see_ge(self.pos, m, self.order.value, pbeta - ev):
                continue
            gives = self.play_capture(m, ksq)
            self.mslot[ply] = self.order.slot(self.pos.board[move_to(m)], move_to(m))
            score = -self.qsearch(-pbeta, 1 - pbeta, ply + 1, gives, end)
            if score >= pbeta and not self.stopped:
                score = -self.search(depth - 4, -pbeta, 1 - pbeta, ply + 1, gives, True, not cut, end)
            self.take_back()
            if self.stopped:
                return 0
            if score >= pbeta:
                self.tt.store(self.pos.hash, m, depth - 3, LOWER, score_to_tt(score, ply))
                return score
        return NO_SCORE

    def singular(self, e: cython.ulonglong, hmove: cython.int, depth: cython.int,
                 beta: cython.int, ply: cython.int, in_check: cython.bint, cut: cython.bint,
                 n: cython.int) -> cython.int:
        """Is the hash move ``hmove`` (not played) singular: its table
        entry ``e`` a lower bound (or exact) from at least depth - 3 whose
        score the other moves, searched at half the depth, all stay
        SINGULAR_MARGIN x depth below?  EXTEND: search it a ply deeper;
        NO_SCORE: as usual; else the score of a cutoff without it, when the
        others also reach beta (multi-cut)."""
        tscore: cython.int
        sbeta: cython.int
        score: cython.int
        if not e or entry_bound(e) == UPPER or entry_depth(e) < depth - 3:
            return NO_SCORE
        tscore = score_from_tt(entry_score(e), ply)
        if tscore >= self.mate_bound or tscore <= -self.mate_bound:
            return NO_SCORE
        sbeta = tscore - self.se_margin * depth
        self.excluded[ply] = hmove
        score = self.search((depth - 1) // 2, sbeta - 1, sbeta, ply, in_check, False, cut, n)
        self.excluded[ply] = 0
        if self.stopped:
            return 0
        if score < sbeta:
            return EXTEND
        if sbeta >= beta:
            return sbeta
        return NO_SCORE

    def late_or_futile(self, depth: cython.int, count: cython.int, ev: cython.int,
                       alpha: cython.int, improving: cython.bint) -> cython.bint:
        """May the quiet move number ``count`` be left out: late-move pruning,
        or futility (the static eval ``ev`` far below alpha)?"""
        return ((depth <= self.lmp_depth
                 and count > self.lmp_count[depth] + improving * self.lmp_count[depth] // 2)
                or (depth <= self.fut_depth and ev + self.fut_margin[depth] <= alpha))

    def bad_history(self, depth: cython.int, ply: cython.int, piece: cython.int,
                    to: cython.int) -> cython.bint:
        """May the quiet move of ``piece`` to ``to`` be left out for its bad
        history (with continuations) at this depth (HISTORY_PRUNE_DEPTH)?"""
        return (depth <= self.hp_depth
                and self.order.history_of(piece, to, self.prev_slot(ply, 1), self.prev_slot(ply, 2))
                < -self.hp_margin * depth)

    def reduction(self, depth: cython.int, count: cython.int, new_depth: cython.int,
                  pv_node: cython.bint, ply: cython.int, to: cython.int,
                  improving: cython.bint, cut: cython.bint) -> cython.int:
        """Plies by which the late quiet move number ``count``, just played
        to ``to``, is searched shallower (late-move reduction; one less at PV
        nodes; with LMR_NOT_IMPROVING, that many more at a non-PV node whose
        static eval did not rise since our last move; with LMR_HISTORY, less
        for a move with a good history and more for one with a bad one)."""
        r: cython.int = self.lmr[depth * LMR_MOVES + (count if count < LMR_MOVES else LMR_MOVES - 1)]
        if pv_node and r:
            r -= 1
        if self.lmr_not_improving and not pv_node and not improving and ply >= 2:
            r += self.lmr_not_improving
        if cut:
            r += self.lmr_cut_node
        if self.lmr_history:
            r -= self.order.history_of(self.pos.board[to], to, self.prev_slot(ply, 1),
                                       self.prev_slot(ply, 2)) // self.lmr_history
            if r < 0:
                r = 0
        if r >= new_depth:
            r = new_depth - 1
        return r

    def search_move(self, new_depth: cython.int, r: cython.int, alpha: cython.int,
                    beta: cython.int, ply: cython.int, gives: cython.bint, count: cython.int,
                    pv_node: cython.bint, cut: cython.bint, end: cython.int) -> cython.int:
        """The score of the move just played at ``ply`` (principal variation
        search): the first move with the full window; a later one with a
        null window, ``r`` plies shallower, then again at full depth if it
        beats alpha, and at a PV node with the full window if it falls
        inside it."""
        score: cython.int
        if count == 1:
            return -self.search(new_depth, -beta, -alpha, ply + 1, gives, True,
                                not pv_node and not cut, end)
        score = -self.search(new_depth - r, -alpha - 1, -alpha, ply + 1, gives, True,
                             r > 0 or not cut, end)
        if score > alpha and r and not self.stopped:
            score = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, gives, True, not cut, end)
        if pv_node and alpha < score < beta and not self.stopped:
            score = -self.search(new_depth, -beta, -alpha, ply + 1, gives, True, False, end)
        return score

    def root_search(self, depth: cython.int, alpha: cython.int, beta: cython.int) -> cython.int:
        best: cython.int = -self.inf
        count: cython.int = 0
        k: cython.int
        m: cython.int
        gives: cython.bint
        new_depth: cython.int
        score: cython.int
        n: cython.int = self.n_root
        start: cython.longlong = self.nodes
        before: cython.longlong
        self.best_nodes = 0
        self.max_ext_ply = 2 * depth + 4
        self.evals[0] = -self.inf if self.pos.in_check() else self.ev.evaluate(self.pos)
        self.pv_len[0] = 0
        self.n_found = 0
        self.qtop = 0
        for k in range(n):
            m = self.g.moves[k]
            self.qtop = 0
            count += 1
            self.play(m)
            self.mslot[0] = self.order.slot(self.pos.board[move_to(m)], move_to(m))
            gives = self.pos.in_check()
            self.pv_len[1] = 0
            new_depth = depth if gives else depth - 1
            before = self.nodes
            score = self.search_move(new_depth, 0, alpha, beta, 0, gives, count, True, False, n)
            self.take_back()
            if self.stopped:
                break
            if score > best:
                best = score
                if score > alpha:
                    self.best_nodes = self.nodes - before
                    self.update_pv(0, m)
                    if self.n_found < 256:
                        self.found_moves[self.n_found] = m
                    self.n_found += 1
                    if score >= beta:
                        break
                    alpha = score
        self.root_nodes = self.nodes - start
        return best
