"""Static evaluation: the incremental piece-square sums plus what they cannot hold.

The tables themselves are built from the variant's data by
:mod:`search.evaltables` (re-exported here).  An :class:`Evaluator` keeps
their sums over the pieces on the board incrementally, one entry per ply of
the search (:meth:`Evaluator.reset` at the root, :meth:`Evaluator.push`
after each move from the board changes the position records, ``pop`` after
each take-back), and adds, per call, the pawn structure (passed, doubled
and isolated pawn-like pieces, cached per structure), the tapered blend of
middle- and end-game scores by the game phase, King shelter, the King
attack (when its weight is not 0), the mobility now, the threats, the
colour pairs and the open files (each when its weights are not 0), for
the bare-King rule the trading down and the hunting of the last unit
(each when its weight is not 0) and the bare-King bonus, and returns the
score for the side to move.  One evaluator per search thread (its sums,
its pawn cache and its cache of evaluations are its own; the searcher keeps
it from one search to the next).  The evaluation depends on the position
alone, so :meth:`Evaluator.evaluate` first looks the position's hash up in
a cache of evaluations: a search meets the same positions again and again
(iterative deepening, re-searches, transpositions): in a chess search to
depth 8 about one call in four finds its position there.  The loops over a
side's pieces read the position's piece lists (``pcount``, ``plist``)
directly, as the move generator does: compiled, a call of
``Position.piece_at`` from another module goes through the class's method
table, 7% of a chess search's instructions.

>>> from cazaux_engine import start_position
>>> pos = start_position('chess')
>>> t = tables(pos.rules, False)
>>> make_evaluate(t)(pos) == t.P.TEMPO
True
"""
from __future__ import annotations

from array import array

import cython

from .evaltables import (Tables, centre_distance, clear_cache, moves_to_promotion,  # noqa: F401
                         promotion_gain, tables, targets)

if cython.compiled:
    from cython.cimports.cazaux_engine.layout import (comp_kind, comp_next, comp_payload,
                                                      first_component, gen_at, gen_count,
                                                      gen_record, king_record, king_step,
                                                      king_step_count)
    from cython.cimports.cazaux_engine.moves import RIDE, RIDE_C, RIDE_M, side_of
    from cython.cimports.cazaux_engine.position import Position
else:
    from cazaux_engine.layout import (comp_kind, comp_next, comp_payload, first_component, gen_at,
                                      gen_count, gen_record, king_record, king_step,
                                      king_step_count)
    from cazaux_engine.moves import RIDE, RIDE_C, RIDE_M, side_of
    from cazaux_engine.position import Position

PAWN_CACHE = cython.declare(cython.int, 1 << 14)    # pawn-structure cache entries (a power of 2)
EVAL_CACHE = cython.declare(cython.int, 1 << 15)    # evaluations cached by position key (a power of 2)
SCORE_BIAS = cython.declare(cython.longlong, 1 << 31)   # added to a cached score: not negative
PASSERS = cython.declare(cython.int, 16)    # files at most: the King term's passed pieces, one per file
STACK = 256                  # plies of incremental sums (the search's plies, quiescence included)


@cython.cclass
class Evaluator:
    """``evaluate(pos)``: the score of ``pos`` for the side to move.

    Called as a function (``evaluator(pos)``), it first computes the sums of
    ``pos`` afresh; the search instead keeps them up to date move by move
    (reset, push, pop) and calls :meth:`evaluate`.
    """

    def __init__(self, t: Tables):
        P = t.P
        self.t = t
        self.material_only = t.material_only
        self.n, self.size, self.stride = t.n, t.size, t.rules.stride
        self.files, self.ranks = t.rules.files, t.rules.ranks
        self.phase_total = t.phase_total
        self.tempo, self.shelter_bonus = P.TEMPO, P.KING_SHELTER
        self.bare, self.bare_edge, self.bare_close = P.BARE_KING, P.BARE_EDGE, P.BARE_CLOSE
        self.trade_down = 0 if t.material_only else P.TRADE_DOWN
        self.fifty_scale = 0 if t.material_only else P.FIFTY_SCALE
        self.hunt_king = 0 if t.material_only else P.HUNT_KING
        self.hunt_guard = 0 if t.material_only else P.HUNT_GUARD
        self.far = max(self.files, self.ranks) - 1
        self.is_pawn, self.passed_mg, self.passed_eg = t.is_pawn, t.passed_mg, t.passed_eg
        self.doubled_mg, self.doubled_eg = P.DOUBLED_MG, P.DOUBLED_EG
        self.isolated_mg, self.isolated_eg = P.ISOLATED_MG, P.ISOLATED_EG
        self.phalanx_mg, self.phalanx_eg = P.PHALANX_MG, P.PHALANX_EG
        self.phalanx = P.PHALANX_MG != 0 or P.PHALANX_EG != 0
        self.file_of, self.rank_of, self.centre = t.file_of, t.rank_of, t.centre
        self.king_attack, self.zone_squares = t.king_attack, t.zone_squares
        self.sq_index, self.zone_hits = t.sq_index, t.zone_hits
        self.king_attack_now, self.zone_fixed = t.king_attack_now, t.zone_fixed
        self.attackers_percent = t.attackers_percent
        self.mobility_now_mg, self.mobility_now_eg = t.mobility_now_mg, t.mobility_now_eg
        self.reach, self.rider = t.reach, t.rider
        self.threat_mg, self.threat_eg = t.threat_mg, t.threat_eg
        self.piece_value, self.leap_start, self.leap_to = t.piece_value, t.leap_start, t.leap_to
        self.pair_mg, self.pair_eg = t.pair_mg, t.pair_eg
        self.pair_slot, self.sq_colour = t.pair_slot, t.sq_colour
        self.pair_kinds, self.pair_keyed, self.pst_pair = t.pair_kinds, t.pair_keyed, t.pair_key
        self.riders_keyed, self.pst_rider = t.riders_keyed, t.rider_key
        self.open_file_mg, self.open_file_eg, self.file_rider = (t.open_file_mg, t.open_file_eg,
                                                                 t.file_rider)
        self.most_attackers = len(t.attackers_percent) - 1
        self.cache_key = array('Q', [0]) * PAWN_CACHE
        self.cache_mg = array('i', [0]) * PAWN_CACHE
        self.cache_eg = array('i', [0]) * PAWN_CACHE
        self.cache_files = array('q', [0]) * PAWN_CACHE
        self.passer_king, self.passer_steps, self.passer_step = (t.passer_king, t.passer_steps,
                                                                 t.passer_step)
        self.passer_blocked, self.blocked_mg, self.blocked_eg = (t.passer_blocked, t.blocked_mg,
                                                                 t.blocked_eg)
        self.leads = self.passer_king or self.passer_blocked
        on = PAWN_CACHE if self.leads else 1
        self.cache_passers = array('i', [0]) * (2 * PASSERS * on)
        self.cache_npass = array('i', [0]) * (2 * on)
        self.front = array('i', [0]) * (2 * (self.files + 2))
        self.on_file = array('i', [0]) * (2 * (self.files + 2))
        self.lead = array('i', [0]) * (2 * (self.files + 2))
        self.pst_mg, self.pst_eg, self.pst_npm, self.pst_key = t.mg, t.eg, t.npm, t.key
        self.pst_nkey = t.nkey
        self.mg = array('q', [0]) * STACK
        self.eg = array('q', [0]) * STACK
        self.npm_w = array('q', [0]) * STACK
        self.npm_b = array('q', [0]) * STACK
        self.pkey = array('Q', [0]) * STACK
        self.nkey_w = array('Q', [0]) * STACK
        self.nkey_b = array('Q', [0]) * STACK
        self.pairs = array('Q', [0]) * STACK
        self.riders_w = array('Q', [0]) * STACK
        self.riders_b = array('Q', [0]) * STACK
        self.top = 0
        self.eval_cache = array('Q', [0]) * (2 * EVAL_CACHE)     # key | 1, then the score

    def __call__(self, pos: Position) -> int:
        self.reset(pos)
        return self.evaluate(pos)

    # -- the incremental sums -------------------------------------------------------
    def reset(self, pos: Position) -> None:
        """The sums of ``pos`` computed afresh, as the only entry."""
        self.top = 0
        self.mg[0] = self.eg[0] = self.npm_w[0] = self.npm_b[0] = 0
        self.pkey[0] = self.pairs[0] = self.riders_w[0] = self.riders_b[0] = 0
        self.nkey_w[0] = self.nkey_b[0] = 0
        for sq in pos.rules.squares:
            if pos.board[sq]:
                self.add(pos.board[sq], sq)

    def add(self, code: cython.int, sq: cython.int) -> cython.void:
        """A piece ``code`` now stands on ``sq``."""
        i: cython.int = (code + self.n) * self.size + sq
        t: cython.int = self.top
        self.mg[t] += self.pst_mg[i]
        self.eg[t] += self.pst_eg[i]
        self.pkey[t] += self.pst_key[i]
        self.pairs[t] += self.pst_pair[i]
        if code > 0:
            self.npm_w[t] += self.pst_npm[code + self.n]
            self.riders_w[t] += self.pst_rider[i]
            self.nkey_w[t] += self.pst_nkey[i]
        else:
            self.npm_b[t] += self.pst_npm[code + self.n]
            self.riders_b[t] += self.pst_rider[i]
            self.nkey_b[t] += self.pst_nkey[i]

    def sub(self, code: cython.int, sq: cython.int) -> cython.void:
        """The piece ``code`` left ``sq``."""
        i: cython.int = (code + self.n) * self.size + sq
        t: cython.int = self.top
        self.mg[t] -= self.pst_mg[i]
        self.eg[t] -= self.pst_eg[i]
        self.pkey[t] -= self.pst_key[i]
        self.pairs[t] -= self.pst_pair[i]
        if code > 0:
            self.npm_w[t] -= self.pst_npm[code + self.n]
            self.riders_w[t] -= self.pst_rider[i]
            self.nkey_w[t] -= self.pst_nkey[i]
        else:
            self.npm_b[t] -= self.pst_npm[code + self.n]
            self.riders_b[t] -= self.pst_rider[i]
            self.nkey_b[t] -= self.pst_nkey[i]

    def push(self, pos: Position) -> cython.void:
        """A new entry: the last one changed by the move ``pos`` just made
        (its :attr:`Position.changes`); a null move changes nothing."""
        t: cython.int = self.top
        k: cython.int
        code: cython.int
        sq: cython.int
        i: cython.int
        v: cython.int
        mg: cython.longlong = self.mg[t]
        eg: cython.longlong = self.eg[t]
        npm_w: cython.longlong = self.npm_w[t]
        npm_b: cython.longlong = self.npm_b[t]
        key: cython.ulonglong = self.pkey[t]
        pairs: cython.ulonglong = self.pairs[t]
        riders_w: cython.ulonglong = self.riders_w[t]
        riders_b: cython.ulonglong = self.riders_b[t]
        nkey_w: cython.ulonglong = self.nkey_w[t]
        nkey_b: cython.ulonglong = self.nkey_b[t]
        for k in range(pos.n_changes):      # (add and sub, on locals)
            code = pos.ch_code[k]
            v = self.pst_npm[code + self.n]
            sq = pos.ch_from[k]
            if sq >= 0:
                i = (code + self.n) * self.size + sq
                mg -= self.pst_mg[i]
                eg -= self.pst_eg[i]
                key -= self.pst_key[i]
                pairs -= self.pst_pair[i]
                if code > 0:
                    npm_w -= v
                    riders_w -= self.pst_rider[i]
                    nkey_w -= self.pst_nkey[i]
                else:
                    npm_b -= v
                    riders_b -= self.pst_rider[i]
                    nkey_b -= self.pst_nkey[i]
            sq = pos.ch_to[k]
            if sq >= 0:
                i = (code + self.n) * self.size + sq
                mg += self.pst_mg[i]
                eg += self.pst_eg[i]
                key += self.pst_key[i]
                pairs += self.pst_pair[i]
                if code > 0:
                    npm_w += v
                    riders_w += self.pst_rider[i]
                    nkey_w += self.pst_nkey[i]
                else:
                    npm_b += v
                    riders_b += self.pst_rider[i]
                    nkey_b += self.pst_nkey[i]
        t += 1
        self.mg[t] = mg
        self.eg[t] = eg
        self.npm_w[t] = npm_w
        self.npm_b[t] = npm_b
        self.pkey[t] = key
        self.pairs[t] = pairs
        self.riders_w[t] = riders_w
        self.riders_b[t] = riders_b
        self.nkey_w[t] = nkey_w
        self.nkey_b[t] = nkey_b
        self.top = t

    def pop(self) -> cython.void:
        """Back to the entry before the last push."""
        self.top -= 1

    def played(self, pos: Position) -> None:
        """:meth:`push` for Python callers (tests and tools): ``pos`` has just made a move."""
        self.push(pos)

    def taken_back(self) -> None:
        """:meth:`pop` for Python callers: the last move was taken back."""
        self.pop()

    def sums(self) -> tuple:
        """The current entry: (middle game, end game, White's and Black's
        non-pawn material, pawn-structure key, colour-pair counts, White's
        and Black's file riders per file, White's and Black's keys of their
        other pieces)."""
        t: cython.int = self.top
        return (self.mg[t], self.eg[t], self.npm_w[t], self.npm_b[t], self.pkey[t], self.pairs[t],
                self.riders_w[t], self.riders_b[t], self.nkey_w[t], self.nkey_b[t])

    def npm(self, colour: cython.int) -> cython.int:
        """The non-pawn material of ``colour`` on the board."""
        return self.npm_w[self.top] if colour > 0 else self.npm_b[self.top]

    # -- the evaluation ----------------------------------------------------------------
    def evaluate(self, pos: Position) -> cython.int:
        """The score of ``pos`` for the side to move, from the cache of
        evaluations when its key is there: a search meets the same position
        again and again (iterative deepening, re-searches, transpositions).
        The score depends on the position alone, so a hit returns what
        :meth:`score` would; the slot holds the key with its lowest bit set,
        which no empty slot (0) equals and which tells apart the keys of one
        slot (they share their low bits), and beside it the score (one
        cache line for both)."""
        key: cython.ulonglong = pos.hash
        i: cython.int = 2 * (key & (EVAL_CACHE - 1))
        score: cython.int
        if self.eval_cache[i] == (key | 1):
            score = cython.cast(cython.longlong, self.eval_cache[i + 1]) - SCORE_BIAS
        else:
            score = self.score(pos)
            self.eval_cache[i] = key | 1
            self.eval_cache[i + 1] = score + SCORE_BIAS
        if self.fifty_scale and pos.halfmove:
            score = self.fifty_scaled(score, pos.halfmove)
        return score

    def fifty_scaled(self, score: cython.int, halfmove: cython.int) -> cython.int:
        """``score`` x (FIFTY_SCALE - ``halfmove``) / FIFTY_SCALE, rounded
        toward 0 (0 once ``halfmove`` reaches FIFTY_SCALE): the 50-move rule's
        count, which the cached score leaves out, brings it toward the draw."""
        left: cython.int = self.fifty_scale - halfmove
        if left <= 0:
            return 0
        if score >= 0:
            return score * left // self.fifty_scale
        return -(-score * left // self.fifty_scale)

    def score(self, pos: Position) -> cython.int:
        """The evaluation of ``pos`` computed afresh."""
        t: cython.int = self.top
        mg: cython.longlong = self.mg[t]
        eg: cython.longlong = self.eg[t]
        ph: cython.longlong = self.npm_w[t] + self.npm_b[t]
        pt: cython.longlong = self.phase_total
        key: cython.ulonglong = self.pkey[t]
        i: cython.int
        shelter: cython.int = 0
        score: cython.longlong
        attack: cython.longlong
        mob: cython.int
        pairs: cython.int
        units: cython.int
        files: cython.longlong = 0
        if self.material_only:
            return mg * pos.turn
        if key:
            i = key & (PAWN_CACHE - 1)
            if self.cache_key[i] != key:
                self.pawns(pos, i)
                self.cache_key[i] = key
            mg += self.cache_mg[i]
            eg += self.cache_eg[i]
            files = self.cache_files[i]
            if self.leads:
                self.leading_passers(pos, i)
                mg += self.lead_mg
                eg += self.lead_eg
        if self.mobility_now_mg or self.mobility_now_eg:
            mob = self.mobility(pos, 1) - self.mobility(pos, -1)
            mg += self.mobility_now_mg * mob
            eg += self.mobility_now_eg * mob
        if self.threat_mg or self.threat_eg:
            pairs = self.threats(pos, -1) - self.threats(pos, 1)
            mg += self.threat_mg * pairs
            eg += self.threat_eg * pairs
        if self.pair_mg or self.pair_eg:
            pairs = self.colour_pairs(pos, 1) - self.colour_pairs(pos, -1)
            mg += self.pair_mg * pairs
            eg += self.pair_eg * pairs
        if self.open_file_mg or self.open_file_eg:
            units = self.open_files(pos, 1, files) - self.open_files(pos, -1, files)
            mg += self.open_file_mg * units
            eg += self.open_file_eg * units
        if ph > pt:
            ph = pt
        shelter = self.shelter(pos, 1) - self.shelter(pos, -1)
        score = mg * ph + eg * (pt - ph) + self.shelter_bonus * shelter * ph
        if self.king_attack and ph:                     # in 1/100 cp x phase
            attack = self.king_attack * ph * (self.king_danger(pos, -1, False)
                                              - self.king_danger(pos, 1, False))
            if attack >= 0:
                score += attack // 100
            else:
                score -= -attack // 100
        if self.king_attack_now and ph:                 # in 1/100 cp x phase, rounded once below
            attack = self.king_attack_now * ph * (self.king_danger(pos, -1, True)
                                                  - self.king_danger(pos, 1, True))
            score = score * 100 + attack
            pt *= 100
        if score >= 0:                                  # symmetric rounding
            score = score // pt
        else:
            score = -(-score // pt)
        if pos.pcount[side_of(1)] == 1 and pos.pcount[side_of(-1)] == 1:
            return 0
        if self.trade_down:
            score += self.trading_down(pos)
        if self.hunt_king or self.hunt_guard:
            score += self.hunting(pos)
        score += self.bare_king(pos)
        return score * pos.turn + self.tempo

    def leading_passers(self, pos: Position, slot: cython.int) -> cython.void:
        """For each file's most advanced passed pawn-like piece of each side
        (kept with the structure in ``slot``), White minus Black, into
        ``lead_mg`` and ``lead_eg``: in the end game ``passer_step`` x (the
        enemy King's distance to the square in front of it minus the own
        King's, each capped at PASSER_KING_STEPS); and ``blocked_mg`` and
        ``blocked_eg`` less while a piece stands on that square."""
        j: cython.int
        s: cython.int
        f: cython.int
        r: cython.int
        front: cython.int
        near: cython.int
        far: cython.int
        mg: cython.int = 0
        eg: cython.int = 0
        wk: cython.int = pos.king_of(1)
        bk: cython.int = pos.king_of(-1)
        for j in range(self.cache_npass[2 * slot]):
            s = self.cache_passers[2 * PASSERS * slot + j]
            f = self.file_of[s]
            r = self.rank_of[s]
            front = s
            if r + 1 < self.ranks:
                r += 1
                front = s + self.stride
            if self.passer_king:
                near = self.steps(wk, f, r)
                far = self.steps(bk, f, r)
                eg += self.passer_step[s] * (far - near)
            if self.passer_blocked and front != s and pos.board[front]:
                mg -= self.blocked_mg[s]
                eg -= self.blocked_eg[s]
        for j in range(self.cache_npass[2 * slot + 1]):
            s = self.cache_passers[2 * PASSERS * slot + PASSERS + j]
            f = self.file_of[s]
            r = self.rank_of[s]
            front = s
            if r > 0:
                r -= 1
                front = s - self.stride
            if self.passer_king:
                near = self.steps(bk, f, r)
                far = self.steps(wk, f, r)
                eg -= self.passer_step[self.size + s] * (far - near)
            if self.passer_blocked and front != s and pos.board[front]:
                mg += self.blocked_mg[self.size + s]
                eg += self.blocked_eg[self.size + s]
        self.lead_mg = mg
        self.lead_eg = eg

    def steps(self, k: cython.int, f: cython.int, r: cython.int) -> cython.int:
        """King steps from square ``k`` to file ``f``, rank ``r`` on an empty
        board (Chebyshev), capped at PASSER_KING_STEPS."""
        df: cython.int = self.file_of[k] - f
        dr: cython.int = self.rank_of[k] - r
        if df < 0:
            df = -df
        if dr < 0:
            dr = -dr
        if dr > df:
            df = dr
        return df if df < self.passer_steps else self.passer_steps

    def shelter(self, pos: Position, colour: cython.int) -> cython.int:
        """Own pieces next to the King of ``colour``."""
        rec: cython.int = king_record(pos.rules, colour, pos.king_of(colour))
        k: cython.int
        cnt: cython.int = 0
        for k in range(king_step_count(pos.rules, rec)):
            if pos.board[king_step(pos.rules, rec, k)] * colour > 0:
                cnt += 1
        return cnt

    def king_danger(self, pos: Position, colour: cython.int, now: cython.bint) -> cython.int:
        """The attack on the King of ``colour``, in hundredths: the squares
        of its zone the enemy pieces reach, summed, times
        ``ATTACKERS_PERCENT`` of the number of pieces that reach one.  The
        reach is that on an empty board (``zone_hits``, KING_ATTACK); with
        ``now`` (KING_ATTACK_NOW) the slides are walked on this board
        (:meth:`zone_slides`) and the other moves read from ``zone_fixed``."""
        b: cython.int = self.zone_squares
        ksq: cython.int = pos.king_of(colour)
        ki: cython.int = self.sq_index[ksq]
        k: cython.int
        s: cython.int
        h: cython.int
        code: cython.int
        cell: cython.int
        units: cython.int = 0
        attackers: cython.int = 0
        for k in range(pos.pcount[side_of(-colour)]):
            s = pos.plist[side_of(-colour) * self.size + k]
            code = pos.board[s]
            cell = ((code + self.n) * b + self.sq_index[s]) * b + ki
            if now:
                h = self.zone_fixed[cell]
                if self.rider[code + self.n]:
                    h += self.zone_slides(pos, s, ksq)
            else:
                h = self.zone_hits[cell]
            if h:
                units += h
                attackers += 1
        if attackers > self.most_attackers:
            attackers = self.most_attackers
        return units * self.attackers_percent[attackers]

    def zone_slides(self, pos: Position, s: cython.int, ksq: cython.int) -> cython.int:
        """The squares of the zone of the King on ``ksq`` (its square and
        those next to it) that the slides which may capture of the piece on
        ``s`` reach on this board (up to the first piece in the way, its
        square included)."""
        kf: cython.int = self.file_of[ksq]
        kr: cython.int = self.rank_of[ksq]
        code: cython.int = pos.board[s]
        rec: cython.int = gen_record(pos.rules, code, s)
        c: cython.int = first_component(pos.rules, rec)
        j: cython.int
        r: cython.int
        i: cython.int
        t: cython.int
        kind: cython.int
        off: cython.int
        length: cython.int
        h: cython.int = 0
        for j in range(gen_count(pos.rules, rec)):
            kind = comp_kind(pos.rules, c)
            if kind == RIDE or kind == RIDE_C:
                off = comp_payload(pos.rules, c) + 1
                for r in range(gen_at(pos.rules, off - 1)):
                    length = gen_at(pos.rules, off)
                    off += 1
                    for i in range(length):
                        t = gen_at(pos.rules, off + i)
                        if -1 <= self.file_of[t] - kf <= 1 and -1 <= self.rank_of[t] - kr <= 1:
                            h += 1
                        if pos.board[t]:
                            break
                    off += length
            c = comp_next(pos.rules, c)
        return h

    def mobility(self, pos: Position, colour: cython.int) -> cython.int:
        """The moves of the slides of ``colour``'s pieces (not the King, not
        pawn-like pieces: ``rider`` is 0 for them) to empty squares and,
        where they may capture, onto enemy pieces, minus what they have on
        an empty board."""
        k: cython.int
        j: cython.int
        r: cython.int
        i: cython.int
        s: cython.int
        code: cython.int
        rec: cython.int
        c: cython.int
        kind: cython.int
        off: cython.int
        length: cython.int
        q: cython.int
        moves: cython.int
        takes: cython.int
        total: cython.int = 0
        for k in range(pos.pcount[side_of(colour)]):
            s = pos.plist[side_of(colour) * self.size + k]
            code = pos.board[s]
            if not self.rider[code + self.n]:
                continue
            total -= self.reach[(code + self.n) * self.size + s]
            rec = gen_record(pos.rules, code, s)
            c = first_component(pos.rules, rec)
            for j in range(gen_count(pos.rules, rec)):
                kind = comp_kind(pos.rules, c)
                off = comp_payload(pos.rules, c)
                if kind == RIDE or kind == RIDE_M or kind == RIDE_C:
                    moves = kind != RIDE_C      # what an empty square adds ...
                    takes = kind != RIDE_M      # ... and an enemy piece ending the ray
                    off += 1
                    for r in range(gen_at(pos.rules, off - 1)):
                        length = gen_at(pos.rules, off)
                        off += 1
                        for i in range(length):
                            q = pos.board[gen_at(pos.rules, off + i)]
                            if q:
                                if q * colour < 0:
                                    total += takes
                                break
                            total += moves
                        off += length
                c = comp_next(pos.rules, c)
        return total

    def threats(self, pos: Position, colour: cython.int) -> cython.int:
        """The threats against ``colour``: pairs of an enemy piece that
        captures by leaps only (pawn-like pieces, Knights, Camels, ...: not
        the King, not a piece that slides, hops or bends) and a piece of
        ``colour`` (not its King) worth more than it (by the evaluation's
        values) on a square it could capture on."""
        k: cython.int
        i: cython.int
        j: cython.int
        s: cython.int
        a: cython.int
        q: cython.int
        v: cython.int
        total: cython.int = 0
        for k in range(pos.pcount[side_of(-colour)]):
            s = pos.plist[side_of(-colour) * self.size + k]
            a = pos.board[s] + self.n
            i = a * self.size + s
            v = self.piece_value[a]
            for j in range(self.leap_start[i], self.leap_start[i + 1]):
                q = pos.board[self.leap_to[j]] * colour
                if q > 1 and self.piece_value[q * colour + self.n] > v:    # q == 1: the King
                    total += 1
        return total

    def colour_pairs(self, pos: Position, colour: cython.int) -> cython.int:
        """The kinds of colour-bound pieces (``pair_slot`` not -1) that
        ``colour`` has on squares of both colours: read from the counts the
        sums keep (``pairs``) when there are few kinds, else
        :meth:`colour_pairs_walked`."""
        j: cython.int
        f: cython.int
        pk: cython.ulonglong = self.pairs[self.top]
        total: cython.int = 0
        if not self.pair_keyed:
            return self.colour_pairs_walked(pos, colour)
        for j in range(self.pair_kinds):
            f = 8 * (((colour < 0) * self.pair_kinds + j) * 2)    # evaltables.pair_field's layout
            if (pk >> f) & 255 and (pk >> (f + 8)) & 255:
                total += 1
        return total

    def colour_pairs_walked(self, pos: Position, colour: cython.int) -> cython.int:
        """:meth:`colour_pairs` found by walking ``colour``'s pieces."""
        k: cython.int
        s: cython.int
        j: cython.int
        one: cython.ulonglong = 1
        light: cython.ulonglong = 0         # bit j: a piece of kind j on a square ...
        dark: cython.ulonglong = 0          # ... of colour 0 (light), of colour 1 (dark)
        both: cython.ulonglong
        total: cython.int = 0
        for k in range(pos.pcount[side_of(colour)]):
            s = pos.plist[side_of(colour) * self.size + k]
            j = self.pair_slot[pos.board[s] + self.n]
            if j >= 0:
                if self.sq_colour[s]:
                    dark |= one << j
                else:
                    light |= one << j
        both = light & dark
        while both:
            both &= both - 1
            total += 1
        return total

    def open_files(self, pos: Position, colour: cython.int, files: cython.longlong) -> cython.int:
        """``colour``'s file riders on files without its own pawn-like
        pieces, counting 2 where the enemy has none there either, else 1.
        ``files``: the files with White's pawn-like pieces (bits 0-15) and
        Black's (bits 16-31), as :meth:`pawns` caches them.  The riders of
        each file are read from the counts the sums keep (``riders_w``,
        ``riders_b``: 4 bits per file) where the board allows, else
        :meth:`open_files_walked` walks the pieces."""
        f: cython.int = 0
        c: cython.int
        own: cython.longlong = files & 0xFFFF if colour > 0 else (files >> 16) & 0xFFFF
        enemy: cython.longlong = (files >> 16) & 0xFFFF if colour > 0 else files & 0xFFFF
        rk: cython.ulonglong = self.riders_w[self.top] if colour > 0 else self.riders_b[self.top]
        total: cython.int = 0
        if not self.riders_keyed:
            return self.open_files_walked(pos, colour, files)
        while rk:
            c = rk & 15
            if c and not (own >> f) & 1:
                total += c if (enemy >> f) & 1 else 2 * c
            rk >>= 4
            f += 1
        return total

    def open_files_walked(self, pos: Position, colour: cython.int, files: cython.longlong) -> cython.int:
        """:meth:`open_files` found by walking ``colour``'s pieces."""
        k: cython.int
        s: cython.int
        f: cython.int
        own: cython.longlong = files & 0xFFFF if colour > 0 else (files >> 16) & 0xFFFF
        enemy: cython.longlong = (files >> 16) & 0xFFFF if colour > 0 else files & 0xFFFF
        total: cython.int = 0
        for k in range(pos.pcount[side_of(colour)]):
            s = pos.plist[side_of(colour) * self.size + k]
            if self.file_rider[pos.board[s] + self.n]:
                f = self.file_of[s]
                if not (own >> f) & 1:
                    total += 1 if (enemy >> f) & 1 else 2
        return total

    def pawn_files(self, pos: Position) -> int:
        """The ``files`` argument of :meth:`open_files` for ``pos``, whose
        sums are the current entry (for tests and tools)."""
        key: cython.ulonglong = self.pkey[self.top]
        i: cython.int
        if not key:
            return 0
        i = key & (PAWN_CACHE - 1)
        if self.cache_key[i] != key:
            self.pawns(pos, i)
            self.cache_key[i] = key
        return self.cache_files[i]

    def trading_down(self, pos: Position) -> cython.int:
        """Bonus (White's view) for the side with more units (pieces other
        than the King): TRADE_DOWN x (its units - the other's) / (the other's
        units + 1), rounded toward 0."""
        uw: cython.int = pos.pcount[side_of(1)] - 1
        ub: cython.int = pos.pcount[side_of(-1)] - 1
        if uw > ub:
            return self.trade_down * (uw - ub) // (ub + 1)
        if ub > uw:
            return -(self.trade_down * (ub - uw) // (uw + 1))
        return 0

    def distance(self, a: cython.int, b: cython.int) -> cython.int:
        """King steps between squares ``a`` and ``b``."""
        fd: cython.int = abs(a % self.stride - b % self.stride)
        rd: cython.int = abs(a // self.stride - b // self.stride)
        return fd if fd > rd else rd

    def hunting(self, pos: Position) -> cython.int:
        """Bonus (White's view) for the side with two or more units when
        the other has one left: HUNT_KING x (the board's longest distance -
        its King's distance to that unit) + HUNT_GUARD x the other King's
        distance to it, in King steps."""
        nw: cython.int = pos.pcount[side_of(1)]
        nb: cython.int = pos.pcount[side_of(-1)]
        weak: cython.int
        sign: cython.int
        k: cython.int
        unit: cython.int = -1
        s: cython.int
        if nb == 2 and nw > 2:
            weak, sign = -1, 1
        elif nw == 2 and nb > 2:
            weak, sign = 1, -1
        else:
            return 0
        for k in range(2):
            s = pos.plist[side_of(weak) * self.size + k]
            if s != pos.king_of(weak):
                unit = s
        return sign * (self.hunt_king * (self.far - self.distance(pos.king_of(-weak), unit))
                       + self.hunt_guard * self.distance(pos.king_of(weak), unit))

    def bare_king(self, pos: Position) -> cython.int:
        """Bonus (White's view) for the side whose opponent has a bare King."""
        nw: cython.int = pos.pcount[side_of(1)]
        nb: cython.int = pos.pcount[side_of(-1)]
        bare: cython.int
        strong: cython.int
        sign: cython.int
        fd: cython.int
        rd: cython.int
        if nb == 1 and nw > 1:
            bare, strong, sign = pos.king_of(-1), pos.king_of(1), 1
        elif nw == 1 and nb > 1:
            bare, strong, sign = pos.king_of(1), pos.king_of(-1), -1
        else:
            return 0
        fd = abs(bare % self.stride - strong % self.stride)
        rd = abs(bare // self.stride - strong // self.stride)
        return sign * (self.bare + self.bare_edge * self.centre[bare]
                       - self.bare_close * (fd if fd > rd else rd))

    def beside(self, pos: Position, s: cython.int, colour: cython.int) -> cython.bint:
        """Whether a pawn-like piece of ``colour`` stands next to ``s`` on its
        rank (the phalanx term)."""
        f: cython.int = self.file_of[s]
        code: cython.int
        if f > 0:
            code = pos.board[s - 1]
            if code * colour > 0 and self.is_pawn[code + self.n]:
                return True
        if f < self.files - 1:
            code = pos.board[s + 1]
            if code * colour > 0 and self.is_pawn[code + self.n]:
                return True
        return False

    def pawns(self, pos: Position, slot: cython.int) -> cython.void:
        """Cache (mg, eg) of the pawn structure, White minus Black, in
        ``slot``: passed, doubled, isolated and phalanx pawn-like pieces (the
        last three add 0 while their weights are 0); and the files with White's
        pawn-like pieces (bits 0-15) and Black's (bits 16-31)."""
        f: cython.int
        k: cython.int
        s: cython.int
        r: cython.int
        n: cython.int
        w: cython.int = self.files + 2        # front[f]: Black's lowest pawn rank on f - 1 ...
        mg: cython.int = 0
        eg: cython.int = 0
        one: cython.longlong = 1
        files: cython.longlong = 0
        white: cython.int = 0                 # passed pieces kept for the King term
        black: cython.int = 0
        for f in range(w):
            self.front[f] = -1                # ... (-1: none); front[w + f]: White's highest
            self.front[w + f] = self.ranks
            self.on_file[f] = 0               # on_file[f]: Black's pawns on f - 1, ...
            self.on_file[w + f] = 0           # ... on_file[w + f]: White's
            self.lead[f] = -1                 # lead[f]: White's most advanced passed piece
            self.lead[w + f] = -1             # on f - 1 (-1: none), lead[w + f]: Black's
        for k in range(pos.pcount[side_of(-1)]):
            s = pos.plist[side_of(-1) * self.size + k]
            if self.is_pawn[pos.board[s] + self.n]:
                f = self.file_of[s] + 1
                self.on_file[f] += 1
                if self.rank_of[s] > self.front[f]:
                    self.front[f] = self.rank_of[s]
        for k in range(pos.pcount[side_of(1)]):
            s = pos.plist[side_of(1) * self.size + k]
            if self.is_pawn[pos.board[s] + self.n]:
                f = self.file_of[s] + 1
                self.on_file[w + f] += 1
                if self.rank_of[s] < self.front[w + f]:
                    self.front[w + f] = self.rank_of[s]
        for f in range(1, w - 1):             # White minus Black, per file
            if self.on_file[w + f]:
                files |= one << (f - 1)
            if self.on_file[f]:
                files |= one << (f + 15)
            n = self.on_file[w + f]
            if n > 1:
                mg -= self.doubled_mg * (n - 1)
                eg -= self.doubled_eg * (n - 1)
            if n and not self.on_file[w + f - 1] and not self.on_file[w + f + 1]:
                mg -= self.isolated_mg * n
                eg -= self.isolated_eg * n
            n = self.on_file[f]
            if n > 1:
                mg += self.doubled_mg * (n - 1)
                eg += self.doubled_eg * (n - 1)
            if n and not self.on_file[f - 1] and not self.on_file[f + 1]:
                mg += self.isolated_mg * n
                eg += self.isolated_eg * n
        for k in range(pos.pcount[side_of(1)]):
            s = pos.plist[side_of(1) * self.size + k]
            if self.is_pawn[pos.board[s] + self.n]:
                f = self.file_of[s] + 1
                r = self.rank_of[s]
                if self.phalanx and self.beside(pos, s, 1):
                    mg += self.phalanx_mg
                    eg += self.phalanx_eg
                if self.front[f - 1] <= r and self.front[f] <= r and self.front[f + 1] <= r:
                    mg += self.passed_mg[s]
                    eg += self.passed_eg[s]
                    if self.leads and (self.lead[f] < 0 or r > self.rank_of[self.lead[f]]):
                        self.lead[f] = s      # the most advanced passed piece of the file
        for k in range(pos.pcount[side_of(-1)]):
            s = pos.plist[side_of(-1) * self.size + k]
            if self.is_pawn[pos.board[s] + self.n]:
                f = self.file_of[s] + 1
                r = self.rank_of[s]
                if self.phalanx and self.beside(pos, s, -1):
                    mg -= self.phalanx_mg
                    eg -= self.phalanx_eg
                if (self.front[w + f - 1] >= r and self.front[w + f] >= r
                        and self.front[w + f + 1] >= r):
                    mg -= self.passed_mg[self.size + s]
                    eg -= self.passed_eg[self.size + s]
                    if self.leads and (self.lead[w + f] < 0
                                             or r < self.rank_of[self.lead[w + f]]):
                        self.lead[w + f] = s
        if self.leads:
            for f in range(1, w - 1):
                if self.lead[f] >= 0:
                    self.cache_passers[2 * PASSERS * slot + white] = self.lead[f]
                    white += 1
                if self.lead[w + f] >= 0:
                    self.cache_passers[2 * PASSERS * slot + PASSERS + black] = self.lead[w + f]
                    black += 1
            self.cache_npass[2 * slot] = white
            self.cache_npass[2 * slot + 1] = black
        self.cache_mg[slot] = mg
        self.cache_eg[slot] = eg
        self.cache_files[slot] = files


def make_evaluate(t: Tables) -> Evaluator:
    """``evaluate(pos) -> int``: the score for the side to move (an :class:`Evaluator`)."""
    return Evaluator(t)
