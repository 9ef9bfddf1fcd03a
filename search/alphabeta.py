"""The tree search: principal-variation alpha-beta and quiescence.

:class:`AlphaBeta` is built once per ``Searcher.search`` call around one
private copy of the position.  Its hot functions are closures over local
variables (the fastest name lookups Python offers); they are exposed as
attributes:

``root(moves, depth, alpha, beta) -> (score, move)``
    search the root moves (already ordered) to ``depth``; fail-soft, so a
    score outside (alpha, beta) is a bound.  ``pv[0]`` holds the principal
    variation when a move scored inside the window.
``qsearch(alpha, beta, ply, in_check) -> score``
    the quiescence search of the current position (for
    :func:`search.static.quiescence`).
``nodes()``, ``seldepth()``
    counters for the progress reports.

A search is interrupted by raising :class:`Stop` from the node counter
check (every ``CHECK_EVERY`` nodes): the stop flag, the node limit and the
hard deadline of ``ctl`` (the Searcher) are read there.  The position is
left mid-tree afterwards and must be thrown away.

Per node, in order: quiescence at depth 0; the stop check; game-end rules
(two bare Kings draw; in bare-King variants a bare King loses unless it can
take the last enemy piece at once, which draws; the 50-move rule;
repetition of a position since the last irreversible move); mate-distance
pruning; the transposition table; reverse futility and null-move pruning at
non-PV nodes; then a legal hash move, and only if it does not cut off, the
other moves in :mod:`search.ordering` order, with late-move pruning,
futility pruning and late-move reductions for quiet moves, a one-ply
extension for moves that give check, and PVS re-searches; no legal move at
all is mate, or stalemate scored by the variant's rule.
"""
from __future__ import annotations

import math
from time import perf_counter

from cazaux_engine.rules import EP

from . import params as P
from .checks import filter_for
from .eval import unpack
from .ordering import MOVE_MASK, make_order, reward
from .tt import EXACT, LOWER, UPPER, score_from_tt, score_to_tt


class Stop(Exception):
    """Raised inside the tree to abandon the search."""


_lmr: dict = {}


def lmr_table() -> list:
    """lmr[depth][move number] = plies to reduce a late quiet move (cached)."""
    key = (P.LMR_DIVISOR, P.MAX_PLY)
    t = _lmr.get(key)
    if t is None:
        t = _lmr[key] = [[int(math.log(d) * math.log(n) / P.LMR_DIVISOR) if d and n else 0
                          for n in range(256)] for d in range(P.MAX_PLY + 2)]
    return t


class AlphaBeta:
    def __init__(self, pos, tt, evaluate, ctl, killers, history):
        self.pv = pv = [[] for _ in range(P.MAX_PLY + 2)]
        R = pos.rules
        V = R.variant
        board = pos.board
        pieces = pos.pieces
        kings = pos.kings
        value = R.value
        legal_moves = pos.legal_moves
        push, pop = pos.push, pos.pop
        push_null, pop_null = pos.push_null, pos.pop_null
        in_check_of = pos.in_check
        attacked_after = pos.attacked_after
        move_is_legal = pos.move_is_legal
        game = pos.history
        order, order_captures = make_order(pos, killers, history)
        cf = filter_for(R)
        reach, lines, hoppers = cf.reach, cf.lines, cf.hoppers
        probe, store = tt.probe, tt.store
        MATE, MATE_BOUND, INF, MAX_PLY = P.MATE, P.MATE_BOUND, P.INF, P.MAX_PLY
        CHECK_MASK = P.CHECK_EVERY - 1
        RFP_DEPTH, RFP_MARGIN = P.RFP_DEPTH, P.RFP_MARGIN
        FUT_DEPTH, FUT_MARGIN = P.FUTILITY_DEPTH, P.FUTILITY_MARGIN
        LMP_DEPTH, LMP_COUNT = P.LMP_DEPTH, P.LMP_COUNT
        LMR_MIN_DEPTH, LMR_MIN_MOVES = P.LMR_MIN_DEPTH, P.LMR_MIN_MOVES
        NULL_MIN_DEPTH, NULL_R, NULL_MAT = P.NULL_MIN_DEPTH, P.NULL_REDUCTION, P.NULL_MIN_MATERIAL
        DELTA = P.DELTA_MARGIN
        # zugzwang is the point of a game where having no move loses
        null_variant = V.stalemate != 'loss' and V.bare_king != 'shatranj'
        shatranj = V.bare_king == 'shatranj'
        stalemate_score = -MATE if V.stalemate == 'loss' else None
        lmr = lmr_table()
        EMPTY = []
        nodes = 0
        seldepth = 0
        max_ext_ply = 0

        def check():
            if ctl._stop:
                raise Stop
            lim = ctl._node_limit
            if lim is not None and nodes >= lim:
                raise Stop
            dl = ctl._deadline
            if dl is not None and perf_counter() >= dl:
                raise Stop

        def bare_rule(us, ply):
            """Score when a side has a bare King, None when play goes on."""
            nus, nthem = len(pieces[us]), len(pieces[-us])
            if nus == 1 and nthem == 1:
                return 0
            if not shatranj:
                return None
            if nthem == 1:
                return MATE - ply            # the opponent stayed bare: we win
            if nus == 1:
                if nthem == 2:
                    last = [s for s in pieces[-us] if s != kings[-us]][0]
                    for m in legal_moves():
                        if m >> 9 & 511 == last:
                            return 0         # we take it: two bare Kings
                return -MATE + ply
            return None

        def qsearch(alpha, beta, ply, in_check):
            nonlocal nodes, seldepth
            nodes += 1
            if not nodes & CHECK_MASK:
                check()
            if ply > seldepth:
                seldepth = ply
            us = pos.turn
            if len(pieces[us]) == 1 or len(pieces[-us]) == 1:
                s = bare_rule(us, ply)
                if s is not None:
                    return s
            if ply >= MAX_PLY:
                return evaluate(pos)
            key = pos.hash
            e = probe(key)
            if e is not None:
                bound = e[2]
                tscore = score_from_tt(e[3], ply)
                if bound == EXACT or (tscore >= beta if bound == LOWER else tscore <= alpha):
                    return tscore
            alpha0 = alpha
            if in_check:
                moves = legal_moves()
                if not moves:
                    return -MATE + ply
                best = -INF
                stand = -INF
            else:
                best = stand = evaluate(pos)
                if stand >= beta:
                    return stand
                if stand > alpha:
                    alpha = stand
                moves = legal_moves(True)
                if not moves:
                    return stand
            ksq = kings[-us]
            kline = lines[ksq]
            for k in order_captures(moves):
                m = k & MOVE_MASK
                frm = m & 511
                to = m >> 9 & 511
                promo = m >> 18 & 63
                if not in_check:
                    cap = board[to]
                    if cap:
                        gain = value[cap]
                        if promo:
                            gain += value[promo]
                        elif gain < value[board[frm]] and attacked_after(m):
                            continue
                    elif promo:
                        gain = value[promo]
                    else:
                        gain = value[board[frm]]          # en passant
                    if stand + gain + DELTA <= alpha:
                        continue
                push(m)
                if (m >> 24 > 1 or reach[board[to]][to] >> ksq & 1 or kline >> frm & 1
                        or (hoppers and kline >> to & 1)):
                    score = -qsearch(-beta, -alpha, ply + 1, in_check_of())
                else:
                    score = -qsearch(-beta, -alpha, ply + 1, False)
                pop()
                if score > best:
                    best = score
                    if score > alpha:
                        if score >= beta:
                            store(key, m, 0, LOWER, score_to_tt(score, ply))
                            return score
                        alpha = score
            store(key, 0, 0, EXACT if best > alpha0 else UPPER, score_to_tt(best, ply))
            return best

        def ordered(hmove, ply):
            """The moves to try: a legal hash move before generating the rest."""
            if hmove:
                yield hmove
            for k in order(legal_moves(), hmove, ply):
                m = k & MOVE_MASK
                if m != hmove:
                    yield m

        def search(depth, alpha, beta, ply, in_check, null_ok):
            nonlocal nodes, seldepth
            pv_node = beta - alpha > 1
            if pv_node:
                pv[ply] = EMPTY
            if depth <= 0:
                return qsearch(alpha, beta, ply, in_check)
            nodes += 1
            if not nodes & CHECK_MASK:
                check()
            us = pos.turn
            if len(pieces[us]) == 1 or len(pieces[-us]) == 1:
                s = bare_rule(us, ply)
                if s is not None:
                    return s
            hm = pos.halfmove
            if hm >= 4:
                if hm >= 100:
                    return -MATE + ply if in_check and not legal_moves() else 0
                h = pos.hash
                i = len(game) - 4
                lo = i + 4 - hm
                if lo < 0:
                    lo = 0
                while i >= lo:
                    if game[i] == h:
                        return 0
                    i -= 2
            if ply >= MAX_PLY:
                return evaluate(pos)
            # mate distance pruning
            if alpha < -MATE + ply:
                alpha = -MATE + ply
            if beta > MATE - ply - 1:
                beta = MATE - ply - 1
            if alpha >= beta:
                return alpha
            key = pos.hash
            hmove = 0
            e = probe(key)
            if e is not None:
                hmove, tdepth, bound, tscore = e
                if not pv_node and tdepth >= depth:
                    tscore = score_from_tt(tscore, ply)
                    if bound == EXACT or (tscore >= beta if bound == LOWER else tscore <= alpha):
                        return tscore
            if in_check:
                ev = -INF
            else:
                ev = evaluate(pos)
                if not pv_node and -MATE_BOUND < beta < MATE_BOUND:
                    if depth <= RFP_DEPTH and ev - RFP_MARGIN * depth >= beta:
                        return ev
                    if (null_ok and depth >= NULL_MIN_DEPTH and ev >= beta and null_variant
                            and unpack(pos.psq)[2 if us > 0 else 3] >= NULL_MAT):
                        push_null()
                        score = -search(depth - 1 - NULL_R - depth // 6, -beta, 1 - beta,
                                        ply + 1, False, False)
                        pop_null()
                        if score >= beta:
                            return beta if score >= MATE_BOUND else score
            if not hmove and depth >= 5 and pv_node:
                depth -= 1          # no hash move: cheaper than internal deepening
            best = -INF
            best_move = 0
            count = 0
            quiets = []
            ext_ok = ply < max_ext_ply
            lmr_d = lmr[depth]
            prune = not pv_node and not in_check
            ksq = kings[-us]
            kline = lines[ksq]
            for m in ordered(hmove if hmove and move_is_legal(hmove) else 0, ply):
                frm = m & 511
                to = m >> 9 & 511
                promo = m >> 18 & 63
                quiet = not board[to] and not promo and m >> 24 != EP
                count += 1
                # gives check? in_check only when the cheap filter cannot rule it out
                if (m >> 24 > 1 or reach[promo * us if promo else board[frm]][to] >> ksq & 1
                        or kline >> frm & 1 or (hoppers and kline >> to & 1)):
                    push(m)
                    gives = in_check_of()
                    pushed = True
                else:
                    gives = pushed = False
                if quiet and prune and not gives and best > -MATE_BOUND and (
                        (depth <= LMP_DEPTH and count > LMP_COUNT[depth])
                        or (depth <= FUT_DEPTH and ev + FUT_MARGIN[depth] <= alpha)):
                    if pushed:
                        pop()
                    continue
                if not pushed:
                    push(m)
                if pv_node:
                    pv[ply + 1] = EMPTY
                new_depth = depth if gives and ext_ok else depth - 1
                if count == 1:
                    score = -search(new_depth, -beta, -alpha, ply + 1, gives, True)
                else:
                    r = 0
                    if (quiet and depth >= LMR_MIN_DEPTH and count > LMR_MIN_MOVES
                            and not in_check and not gives):
                        r = lmr_d[count if count < 256 else 255]
                        if pv_node and r:
                            r -= 1
                        if r >= new_depth:
                            r = new_depth - 1
                    score = -search(new_depth - r, -alpha - 1, -alpha, ply + 1, gives, True)
                    if score > alpha and r:
                        score = -search(new_depth, -alpha - 1, -alpha, ply + 1, gives, True)
                    if pv_node and alpha < score < beta:
                        score = -search(new_depth, -beta, -alpha, ply + 1, gives, True)
                pop()
                if score > best:
                    best = score
                    if score > alpha:
                        best_move = m
                        if pv_node:
                            pv[ply] = [m] + pv[ply + 1]
                        if score >= beta:
                            if quiet:
                                kl = killers[ply]
                                if kl[0] != m:
                                    kl[1] = kl[0]
                                    kl[0] = m
                                bonus = depth * depth
                                reward(history, board[m & 511], to, bonus)
                                for q in quiets:
                                    reward(history, board[q & 511], q >> 9 & 511, -bonus)
                            store(key, m, depth, LOWER, score_to_tt(score, ply))
                            return score
                        alpha = score
                if quiet:
                    quiets.append(m)
            if not count:
                if in_check:
                    return -MATE + ply
                return 0 if stalemate_score is None else stalemate_score + ply
            if best_move:
                store(key, best_move, depth, EXACT, score_to_tt(best, ply))
            else:
                store(key, hmove, depth, UPPER, score_to_tt(best, ply))
            return best

        def root(moves, depth, alpha, beta, on_best=None):
            """Search the ordered root moves; see the module docstring."""
            nonlocal max_ext_ply
            max_ext_ply = 2 * depth + 4
            pv[0] = EMPTY
            best = -INF
            best_move = 0
            count = 0
            for m in moves:
                count += 1
                push(m)
                gives = in_check_of()
                pv[1] = EMPTY
                new_depth = depth if gives else depth - 1
                if count == 1:
                    score = -search(new_depth, -beta, -alpha, 1, gives, True)
                else:
                    score = -search(new_depth, -alpha - 1, -alpha, 1, gives, True)
                    if alpha < score < beta:
                        score = -search(new_depth, -beta, -alpha, 1, gives, True)
                pop()
                if score > best:
                    best = score
                    if score > alpha:
                        best_move = m
                        pv[0] = [m] + pv[1]
                        if on_best is not None:
                            on_best(m, score)
                        if score >= beta:
                            break
                        alpha = score
            return best, best_move

        def get_nodes():
            return nodes

        def get_seldepth():
            return seldepth

        self.root = root
        self.qsearch = qsearch
        self.nodes = get_nodes
        self.seldepth = get_seldepth
