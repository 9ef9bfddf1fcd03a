"""Iterative-deepening alpha-beta search (first version: material only).

API (stable; the protocol layer relies on it):

    s = Searcher(hash_mb=64)
    result = s.search(pos, Limits(depth=4), on_info=callback)   # blocking
    s.stop()        # from another thread: return the best move so far soon
    s.ponderhit()   # a pondering search now plays on its clock limits
    s.clear()       # forget everything learned (new game)
    s.set_hash(mb)
    s.material_only = True   # evaluation reduced to material (engine option Evaluation)
    s.move_overhead = 0.05   # seconds reserved per move (engine option Move Overhead)

``search`` never changes ``pos``: it works on a copy.
"""
from __future__ import annotations

import time

from cazaux_engine.outcome import repetitions
from cazaux_engine.position import Position

from .types import Limits, SearchInfo, SearchResult

MATE = 1_000_000
INF = 10_000_000


class Stop(Exception):
    pass


class Searcher:
    def __init__(self, hash_mb: int = 64, material_only: bool = False):
        self.hash_mb = hash_mb
        self.material_only = material_only     # evaluation: material only
        self.move_overhead = 0.05              # seconds kept in reserve per move
        self._stop = False
        self._pondering = False
        self.nodes = 0

    def set_hash(self, mb: int) -> None:
        self.hash_mb = mb

    def clear(self) -> None:
        pass

    def stop(self) -> None:
        self._stop = True

    def ponderhit(self) -> None:
        self._start = time.perf_counter()
        self._pondering = False

    # -- time -----------------------------------------------------------------
    def _budget(self, pos: Position, lim: Limits) -> float | None:
        if lim.movetime is not None:
            return max(0.01, lim.movetime - 0.05)
        left = lim.wtime if pos.turn > 0 else lim.btime
        if left is None:
            return None
        inc = lim.winc if pos.turn > 0 else lim.binc
        mtg = lim.movestogo or 30
        return max(0.01, min(left / mtg + inc * 0.8, left * 0.5 - 0.05))

    def _out_of_time(self) -> bool:
        if self._stop:
            return True
        if self._pondering or self._infinite:
            return False
        if self._max_nodes is not None and self.nodes >= self._max_nodes:
            return True
        return self._budget_s is not None and time.perf_counter() - self._start > self._budget_s

    # -- search ---------------------------------------------------------------
    def search(self, pos: Position, limits: Limits, on_info=None,
               reset_stop: bool = True) -> SearchResult:
        """Search ``pos`` (not modified) within ``limits``.

        ``reset_stop=False`` keeps a stop() that arrived before the search
        began (SearchThread clears the flag itself before starting).
        """
        pos = pos.copy()
        values = pos.rules.value
        pst = [[values[c]] * pos.rules.size if c else None for c in range(len(values))]
        for c in range(1, pos.rules.n + 1):
            pst[-c] = [-values[c]] * pos.rules.size
        pos.set_pst(pst)
        if reset_stop:
            self._stop = False
        self._pondering = limits.ponder
        self._infinite = limits.infinite
        self._start = time.perf_counter()
        self._budget_s = self._budget(pos, limits)
        self._max_nodes = limits.nodes
        self.nodes = 0
        moves = pos.legal_moves()
        if limits.searchmoves:
            moves = [m for m in moves if m in limits.searchmoves] or moves
        if not moves:
            return SearchResult(None)
        best, info = moves[0], None
        max_depth = limits.depth or 64
        for depth in range(1, max_depth + 1):
            try:
                score, pv = self._root(pos, moves, depth)
            except Stop:
                break
            best = pv[0]
            moves.remove(best)
            moves.insert(0, best)
            mate = None
            if abs(score) > MATE - 1000:
                plies = MATE - abs(score)
                mate = (plies + 1) // 2 if score > 0 else -((plies + 1) // 2)
            info = SearchInfo(depth, depth, score, mate, self.nodes,
                              time.perf_counter() - self._start, pv)
            if on_info:
                on_info(info)
            if len(moves) == 1 and not (self._infinite or self._pondering):
                break
            if self._budget_s is not None and not self._infinite and \
                    time.perf_counter() - self._start > self._budget_s * 0.5:
                break
        while (self._infinite or self._pondering) and not self._stop:
            time.sleep(0.005)
        ponder = info.pv[1] if info and len(info.pv) > 1 else None
        return SearchResult(best, ponder, info)

    def _root(self, pos, moves, depth):
        alpha, best_pv = -INF, None
        for m in moves:
            pos.push(m)
            score, pv = self._negamax(pos, depth - 1, -INF, -alpha, 1)
            pos.pop()
            score = -score
            if best_pv is None or score > alpha:
                alpha, best_pv = score, [m] + pv
        return alpha, best_pv

    def _eval(self, pos):
        return pos.psq * pos.turn

    def _negamax(self, pos, depth, alpha, beta, ply):
        self.nodes += 1
        if self.nodes & 1023 == 0 and self._out_of_time():
            raise Stop
        moves = pos.legal_moves()
        if not moves:
            if pos.in_check():
                return -MATE + ply, []
            return (-MATE + ply if pos.rules.variant.stalemate == 'loss' else 0), []
        if pos.halfmove >= 100 or repetitions(pos) >= 2:
            return 0, []
        if depth <= 0:
            return self._quiesce(pos, alpha, beta, ply), []
        best_pv = []
        for m in moves:
            pos.push(m)
            score, pv = self._negamax(pos, depth - 1, -beta, -alpha, ply + 1)
            pos.pop()
            score = -score
            if score > alpha:
                alpha, best_pv = score, [m] + pv
                if alpha >= beta:
                    break
        return alpha, best_pv

    def _quiesce(self, pos, alpha, beta, ply):
        stand = self._eval(pos)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        for m in pos.legal_moves(captures=True):
            self.nodes += 1
            pos.push(m)
            score = -self._quiesce(pos, -beta, -alpha, ply + 1)
            pos.pop()
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
        return alpha
