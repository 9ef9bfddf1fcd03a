"""The searcher: iterative deepening with aspiration windows and MultiPV.

Every search is a :class:`~search.job.SearchJob` (its position, limits,
root moves, pondering and result); the searcher keeps what outlives a
search (the hash table, the histories, the options) and thinks about one job
at a time:

    s = Searcher(hash_mb=64)
    result = s.search(pos, Limits(depth=4), on_info=callback)   # blocking
    job = s.start(s.job(pos, limits, on_info, on_done))         # background
    job.ponderhit(limits)    # a pondering job now plays on its clock
    job.stop()               # return the best move so far (< 50 ms)
    s.clear()       # forget everything learned (new game)
    s.prepare(pos)  # optional: build the variant's tables before the clock runs
    s.set_hash(mb)
    s.set_threads(n) # search threads (Lazy SMP over the shared hash table)
    s.material_only = True   # evaluation reduced to material (engine option Evaluation)
    s.move_overhead = 0.05   # seconds reserved per move (engine option Move Overhead)

``search`` never changes ``pos``: the job works on its copy.  The tree
search is in :mod:`search.alphabeta`, the evaluation in :mod:`search.eval`,
the time plan in :mod:`search.timeman`, applied by the job.

Threads: the main thread runs the iterative deepening below on the job's
position; each helper thread searches a copy of its own with its own move
ordering, deepening on its own (helpers start one ply apart) and sharing
only the hash table, through which they speed up the main thread ("Lazy
SMP").  The main thread's result is played; the helpers stop when it is
done.  With one thread the search is exactly the single-threaded one.  A
node limit counts the main thread's nodes.

>>> from cazaux_engine import start_position, move_text
>>> pos = start_position('chess', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1')
>>> r = Searcher(hash_mb=1).search(pos, Limits(depth=3))
>>> move_text(pos, r.best), r.info.mate
('a1a8', 1)
"""
from __future__ import annotations

import gc
import random
import threading
import time

from cazaux_engine.movegen import legal_moves
from cazaux_engine.position import Position

from . import params as P
from .alphabeta import MOVE_BUFFER, Control, Tree, lmr_table
from .checks import filter_for
from .eval import Evaluator, tables
from .ordering import MoveOrder
from .job import ANALYZE, SearchJob
from .level import RANDOM_LINES, Level, random_pick
from .tt import TranspositionTable
from .timeman import drop, stretch
from .types import Limits, SearchInfo, SearchResult

MATE = P.MATE
MAX_DEPTH = 64


def mate_in(score: int) -> int | None:
    """Moves to mate for a mate score (negative: being mated), else None."""
    if score > P.MATE_BOUND:
        return (MATE - score + 1) // 2
    if score < -P.MATE_BOUND:
        return -((MATE + score + 1) // 2)
    return None




class Searcher:
    """What outlives a search: the hash table, the move-ordering histories
    per thread, and the engine options that shape every search.  It thinks
    about one :class:`~search.job.SearchJob` at a time (:meth:`think`); every
    search starts as a job (:meth:`start`, :meth:`search`)."""

    def __init__(self, hash_mb: int = 64, material_only: bool = False, threads: int = 1,
                 seed: int | None = None):
        self.hash_mb = hash_mb
        self.tt = TranspositionTable(hash_mb)
        self.material_only = material_only     # evaluation: material only
        self.move_overhead = 0.05              # seconds a move costs beyond thinking, at least
        self.threads = max(1, threads)
        self.nodes = 0                         # nodes of the last search
        self.overrun = 0.0                     # seconds past the hard limit, last search
        self.current: SearchJob | None = None  # the last job started
        self._kept: list = []                  # per thread: (MoveOrder, Evaluator, their tables)
        self.level = Level(20)                 # playing strength (search/level.py): full
        self.randomness = False                # XBoard's 'random': a small random choice
        self.rng = random.Random(seed)         # draws the level's and the random choice
        self.last_lines: list[SearchInfo] = [] # the lines of the last finished iteration
        self.book = None                       # a search.book.Books (OwnBook), or None
        self.contempt = 0                      # cp a draw costs the engine (not in analysis)
        self.last_score: tuple | None = None   # (side to move, score) of the last search on a clock

    # -- options (between searches) -----------------------------------------------
    def set_hash(self, mb: int) -> None:
        self.tt.resize(mb)
        self.hash_mb = mb       # only once the table has its new size

    def set_seed(self, seed: int | None) -> None:
        """Draw the level's and the random choices from ``seed`` on (None:
        from the system's entropy)."""
        self.rng = random.Random(seed)

    def set_threads(self, n: int) -> None:
        """Search with ``n`` threads from the next search on."""
        self.threads = max(1, n)

    def clear(self) -> None:
        self.tt.clear()
        self._kept = []
        self.forget_game()

    def forget_game(self) -> None:
        """A new game or position: the last move's score is no longer the
        time management's reference (see :func:`search.timeman.stretch`)."""
        self.last_score = None

    def touch_table(self) -> None:
        """Take the hash table's pages now if it is fresh (see
        :meth:`TranspositionTable.touch`): where the GUI waits and no clock
        runs, never during a search."""
        self.tt.touch()

    def prepare(self, pos: Position) -> None:
        """Build the variant's evaluation and check tables, and the main
        thread's history and caches of evaluations, now (they are otherwise
        built by the first search of the variant, on its clock: tens of
        milliseconds on 12x12 boards), and read its opening book (a few
        tenths of a second).  For a new game or variant, after :meth:`clear`
        (which drops the history)."""
        self._kept_for(pos, 0)                 # the tables, the main thread's history and caches
        filter_for(pos.rules)
        lmr_table(P.MAX_PLY, P.LMR_DIVISOR)    # made once per process: 11 ms
        if self.book is not None:
            self.book.book_for(pos.rules.variant.name)     # read the variant's book now too

    # -- jobs ------------------------------------------------------------------------
    def job(self, pos: Position, limits: Limits, on_info=None, on_done=None, on_late=None,
            started: float | None = None, costs=None) -> SearchJob:
        """A job on a copy of ``pos`` (not started; see :class:`SearchJob`)."""
        return SearchJob(self, pos, limits, on_info, on_done, on_late, started, costs)

    def start(self, job: SearchJob) -> SearchJob:
        """Start ``job`` on its own thread, once the running job (if any)
        has ended: it is stopped first.  From the running job's own
        ``on_done`` (its thinking is over) the new job starts at once."""
        old = self.current
        if old is not None and old is not job and not old.is_current_thread():
            old.stop()
            old.wait()
        self.current = job
        return job.start()

    @property
    def busy(self) -> bool:
        """Is a job's thread running?"""
        return self.current is not None and self.current.running

    def search(self, pos: Position, limits: Limits, on_info=None) -> SearchResult:
        """Search ``pos`` (not modified) within ``limits`` in this thread."""
        job = self.current = self.job(pos, limits, on_info)
        return job.run()

    def stop(self) -> None:
        """Stop the running job, if any (its result is reported)."""
        if self.current is not None:
            self.current.stop()

    # -- thinking ------------------------------------------------------------------------
    def think(self, job: SearchJob) -> SearchResult:
        """Iterative deepening on ``job``'s position within its limits; the
        job's helper threads (``threads`` - 1) search copies beside it."""
        gc_was_on = gc.isenabled()
        gc.disable()           # the tree makes no cycles; collections only cost time
        try:
            if job.mode == ANALYZE or job.limits.mate:
                return self._deepen(job)
            if self.book is not None and self._on_clock(job):
                found = self.book.pick(job.pos, self.rng, job.moves)
                if found is not None:
                    m, score = found
                    info = SearchInfo(0, 0, score, None, 0, job.elapsed(), [m])
                    job.report_info(info)
                    return SearchResult(m, None, info)
            if self.level.active:
                return self._weakened(job)
            if self.randomness:
                return self._chosen(job, self._deepen(job, lines=RANDOM_LINES), random_pick)
            return self._deepen(job)
        finally:
            if gc_was_on:
                gc.enable()

    @staticmethod
    def _on_clock(job: SearchJob) -> bool:
        """Does ``job`` play a game (a clock or a time per move), where the
        book answers?  A fixed depth or node search, a mate search or one
        narrowed by searchmoves asks about the position itself."""
        lim = job.limits
        left = lim.wtime if job.pos.turn > 0 else lim.btime
        return (lim.movetime is not None or left is not None) and not lim.searchmoves

    def _weakened(self, job: SearchJob) -> SearchResult:
        """A search at the level's depth and breadth, a move drawn among the
        best candidates, played at the pace of a full search (level.py)."""
        lv = self.level
        result = self._chosen(job, self._deepen(job, depth_cap=lv.depth, lines=lv.lines), lv.pick)
        target = None
        if job.soft is not None:
            target = P.STABLE_FACTOR * job.soft
        elif job.ctl.deadline >= 0:
            target = job.ctl.deadline - job.started
        if target is not None and not job.held and target > job.elapsed():
            job.stopping.wait(target - job.elapsed())     # stop, quit or the safety net end it
        return result

    def _chosen(self, job: SearchJob, result: SearchResult, pick) -> SearchResult:
        """``result`` with its move replaced by ``pick(scored, rng)``'s choice
        among the lines of the last finished iteration."""
        lines = [i for i in self.last_lines if i is not None and i.pv]
        if len(lines) < 2:
            return result
        m = pick([(i.score, i.pv[0]) for i in lines], self.rng)   # raw scores: mates are large
        line = next((i for i in lines if i.pv[0] == m), None)
        if line is None or m == result.best:
            return result
        info = SearchInfo(line.depth, line.seldepth, line.score, line.mate, self.nodes,
                          job.elapsed(), list(line.pv), hashfull=line.hashfull)
        return SearchResult(m, line.pv[1] if len(line.pv) > 1 else None, info)

    def tree(self, pos: Position, index: int, ctl: Control, contempt: int = 0) -> Tree:
        """A search tree for thread ``index`` that plays on ``pos``, where a
        draw costs the side to move ``contempt`` centipawns."""
        order, evaluator = self._kept_for(pos, index)
        order.new_search()
        tree = Tree(pos, self.tt, evaluator, order, filter_for(pos.rules), ctl, index == 0)
        tree.contempt = contempt
        return tree

    def _kept_for(self, pos: Position, index: int) -> tuple:
        """Thread ``index``'s move order (its history) and evaluator (its
        caches) for ``pos``'s variant and values: kept from search to search,
        made anew when the variant or the values change."""
        T = tables(pos.rules, self.material_only)
        while len(self._kept) <= index:
            self._kept.append((None, None, None))
        order, evaluator, made_for = self._kept[index]
        if order is None or made_for is not T:
            order = MoveOrder(pos, P.MAX_PLY + 2, T.piece_value, MOVE_BUFFER)
            evaluator = Evaluator(T)
            self._kept[index] = (order, evaluator, T)
        return order, evaluator

    def _deepen(self, job: SearchJob, depth_cap: int | None = None, lines: int = 1) -> SearchResult:
        """Iterative deepening; ``depth_cap`` and ``lines`` (MultiPV at
        least) are a level's: the job reports only the lines it asked for."""
        limits = job.limits
        self.nodes = 0
        self.last_lines = []
        tt = self.tt
        tt.new_search()
        moves = list(job.moves)
        if not moves:
            return SearchResult(None)
        contempt = 0 if limits.infinite else self.contempt     # analysis: the true score
        tree = self.tree(job.pos, 0, job.ctl, contempt)
        pos = job.pos
        e = tt.probe(pos.hash)
        tree.set_root(moves)
        moves = tree.order.ordered(0, len(moves), e[0] if e else 0, 0)
        multipv = max(1, min(max(limits.multipv or 1, lines), len(moves)))
        max_depth = min(limits.depth or MAX_DEPTH, depth_cap or MAX_DEPTH, MAX_DEPTH)
        mate_goal = MATE - (2 * limits.mate - 1) if limits.mate else None
        helpers = [Helper(self.tree(pos.copy(), k, job.ctl, contempt), moves, max_depth, k)
                   for k in range(1, self.threads)]
        for h in helpers:
            h.start()

        best = moves[0]
        lines: list[SearchInfo | None] = [None] * multipv
        scores = [0] * multipv
        instability = 1.0
        found = []           # new best moves of line 1 in the running iteration
        iter_scores = []     # line 1's score after each iteration
        effort = None        # the share of line 1's last root call that its best move took
        last = self.last_score[1] if self.last_score and self.last_score[0] == pos.turn else None

        def on_best(m):
            found.append(m)
            moves.remove(m)
            moves.insert(start_index, m)

        start_index = 0
        try:
            for depth in range(1, max_depth + 1):
                prev_best = best
                for i in range(multipv):
                    start_index = i
                    found.clear()
                    score, pv = self._aspiration(job, tree, moves, i, depth, scores[i],
                                                 on_best, helpers)
                    scores[i] = score
                    info = SearchInfo(depth, max(depth, tree.seldepth), score, mate_in(score),
                                      self._nodes(tree, helpers), job.elapsed(),
                                      pv, multipv=i + 1, hashfull=tt.hashfull())
                    lines[i] = info
                    if i == 0:
                        best = pv[0] if pv else moves[0]
                        effort = tree.best_nodes / tree.root_nodes if tree.root_nodes else None
                    if multipv == 1:
                        job.report_info(info)
                found.clear()
                # MultiPV: the lines of this depth in score order, numbered so
                if multipv > 1:
                    order_lines = sorted(range(multipv), key=lambda j: -scores[j])
                    lines = [lines[j] for j in order_lines]
                    for j, line in enumerate(lines):
                        line.multipv = j + 1
                        job.report_info(line)
                    head = [lines[j].pv[0] for j in range(multipv)]
                    scores = [scores[j] for j in order_lines]
                    rest = [m for m in moves if m not in head]
                    moves[:] = head + rest
                    best = moves[0]
                self.last_lines = list(lines)
                changed = best != prev_best
                if changed:
                    instability = 1.0 + P.UNSTABLE_BONUS
                iter_scores.append(scores[0])
                job.stretch = stretch(effort, drop(scores[0], last, iter_scores))
                if self._done(job, depth, scores[0], len(moves), mate_goal, instability):
                    break
                if not changed:
                    instability = max(1.0, instability * 0.7)
        except Stop:
            if found and start_index == 0:
                best = found[-1]
        job.ctl.stop = True                 # the helpers' work is done
        if job.soft is not None and iter_scores:
            self.last_score = (pos.turn, iter_scores[-1])
        for h in helpers:
            h.join()
        self.nodes = self._nodes(tree, helpers)
        if job.ctl.deadline >= 0:           # diagnostics: lateness past the hard limit
            self.overrun = max(0.0, time.perf_counter() - job.ctl.deadline)
        info = lines[0]
        if info is None:
            info = SearchInfo(0, tree.seldepth, 0, None, self.nodes, job.elapsed(), [best])
        elif info.pv and info.pv[0] != best:
            info = SearchInfo(info.depth, info.seldepth, info.score, info.mate, self.nodes,
                              job.elapsed(), [best], hashfull=info.hashfull)
        return SearchResult(best, self._ponder_move(pos, best, info.pv), info)

    @staticmethod
    def _nodes(tree: Tree, helpers: list) -> int:
        return tree.nodes + sum(h.tree.nodes for h in helpers)

    def _aspiration(self, job, tree, moves, i, depth, prev, on_best, helpers):
        """Search root moves ``moves[i:]`` to ``depth`` -> (score, pv), exact.

        A score outside the window is reported (after the first second) as a
        bound to the job and searched again with a wider window.
        """
        INF = P.INF
        if depth >= P.ASPIRATION_MIN_DEPTH and abs(prev) < P.MATE_BOUND:
            delta = P.ASPIRATION
            alpha, beta = prev - delta, prev + delta
        else:
            delta = 0
            alpha, beta = -INF, INF
        while True:
            tree.set_root(moves[i:])
            score = tree.root(depth, alpha, beta)
            for m in tree.found():
                on_best(m)
            if tree.stopped:
                raise Stop
            if alpha < score < beta or delta == 0:
                return score, tree.pv() or [moves[i]]
            elapsed = job.elapsed()
            if score <= alpha:
                beta = (alpha + beta) // 2
                alpha = max(score - delta, -INF)
                bound = 'upper'
            else:
                beta = min(score + delta, INF)
                bound = 'lower'
            delta += delta // 2 + 1
            if delta > 1500:
                alpha, beta, delta = -INF, INF, 0
            if elapsed > 1.0:
                pv = tree.pv() if bound == 'lower' and tree.pv() else [moves[i]]
                job.report_info(SearchInfo(depth, max(depth, tree.seldepth), score,
                                           mate_in(score), self._nodes(tree, helpers), elapsed,
                                           pv, multipv=i + 1, hashfull=self.tt.hashfull(),
                                           bound=bound))

    def _done(self, job, depth, score, n_moves, mate_goal, instability) -> bool:
        """Stop iterative deepening after this iteration?  ``instability``
        stretches the soft limit (1 + UNSTABLE_BONUS after a best-move change)."""
        if job.ctl.stop:
            return True
        if mate_goal is not None and score >= mate_goal:
            return True
        if job.held:
            return False
        if n_moves == 1 and job.soft is not None:
            return True
        if abs(score) > P.MATE_BOUND and depth >= 2 * (MATE - abs(score)) + 4:
            return True
        if job.soft is not None and (job.elapsed()
                                     > P.STABLE_FACTOR * job.soft * instability * job.stretch):
            return True
        return False

    def _ponder_move(self, root: Position, best: int, pv: list) -> int | None:
        if len(pv) > 1 and pv[0] == best:
            return pv[1]
        p = root.copy()
        p.push(best)
        e = self.tt.probe(p.hash)
        if e and e[0] and e[0] in legal_moves(p):
            return e[0]
        return None


class Stop(Exception):
    """The search was stopped inside an iteration."""


class Helper(threading.Thread):
    """A helper search thread (Lazy SMP): iterative deepening of its own,
    helper k starting at depth 1 + k % 2, until the main thread is done."""

    def __init__(self, tree: Tree, moves: list, max_depth: int, k: int):
        super().__init__(daemon=True)
        self.tree = tree
        self.moves = list(moves)
        self.max_depth = max_depth
        self.first = 1 + k % 2

    def run(self) -> None:
        tree = self.tree
        for depth in range(self.first, self.max_depth + 1):
            tree.set_root(self.moves)
            tree.root(depth, -P.INF, P.INF)
            if tree.stopped:
                return
            pv = tree.pv()
            if pv:
                self.moves.remove(pv[0])
                self.moves.insert(0, pv[0])
