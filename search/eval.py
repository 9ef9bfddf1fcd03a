"""Static evaluation, derived from the variant's data.

Almost all of the evaluation lives in one piece-square table per variant,
built here once and kept up to date incrementally by ``Position.push``/
``pop`` (``pos.psq``).  Each table entry packs five numbers into one int::

    mg + eg << 22 + white_npm << 44 + black_npm << 66 + pawn_key << 88

``mg``/``eg`` are the middle-/end-game scores (White minus Black: Black's
entries are negated); the two non-pawn-material fields are always counted
positively and give the game phase (and the null-move material test);
``pawn_key`` is a random 40-bit number for each pawn-like piece on each
square, so their sum identifies the pawn structure (additive hashing) and
the pawn evaluation below is computed once per structure.  An entry is, for
White's piece of type ``i`` on square ``sq``:

* material: the variant's value of the piece;
* centralisation: ``MOBILITY_x * (targets - average targets)`` where
  targets counts the squares the piece reaches from ``sq`` on an empty
  board (so a Knight or Lion loves the centre, a Rook does not care);
* for pieces that promote: ``gain * ADVANCE_x / (d + 1)**2`` where ``d`` is
  the least number of moves to the last rank on an empty board, found by
  a breadth-first search over the piece's own move tables (a rapid Pawn or
  a Prince with its double step is twice as close as an orthodox Pawn), and
  ``gain`` the value of its best promotion minus its own;
* for the King: stay home in the middle game, centralise in the end game.

Black's tables are White's mirrored across the middle rank.  What the table
cannot hold is added by :func:`make_evaluate` per call: passed pawn-like
pieces (no enemy pawn-like piece ahead on the same or a neighbouring file:
``gain * PASSED_x / (d + 1)**1.5``, cached per pawn structure), the tapered
blend of mg and eg by the phase, King shelter and the bare-King bonus.  With
``material_only`` the table holds material alone and nothing is added.

>>> from cazaux_engine import start_position
>>> pos = start_position('chess')
>>> t = tables(pos.rules, False)
>>> pos.set_pst(t.pst)
>>> make_evaluate(t)(pos) == t.P.TEMPO
True
"""
from __future__ import annotations

import random
from collections import deque
from types import SimpleNamespace

from cazaux_engine.fen import parse_fen
from cazaux_engine.rules import (BENT, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN, RIDE, RIDE_C,
                                 RIDE_M, Rules)

from .weights import EvalData, eval_data

SHIFT = 22
HALF = 1 << (SHIFT - 1)
MASK = (1 << SHIFT) - 1


def pack(mg: int, eg: int, npm_white: int = 0, npm_black: int = 0, pawn_key: int = 0) -> int:
    """One table entry (see the module docstring)."""
    return (mg + (eg << SHIFT) + (npm_white << 2 * SHIFT) + (npm_black << 3 * SHIFT)
            + (pawn_key << 4 * SHIFT))


def unpack(v: int) -> tuple[int, int, int, int]:
    """(mg, eg, white non-pawn material, black non-pawn material) of a packed sum."""
    mg = ((v + HALF) & MASK) - HALF
    v = (v - mg) >> SHIFT
    eg = ((v + HALF) & MASK) - HALF
    v = (v - eg) >> SHIFT
    return mg, eg, v & MASK, v >> SHIFT & MASK


_targets: dict = {}


def targets(rules: Rules, code: int, sq: int, moving_only: bool = False) -> frozenset:
    """Squares piece ``code`` reaches from ``sq`` on an empty board (cached).

    ``moving_only`` leaves out capture-only moves (for the promotion
    distance).  The King's steps are not in the generator tables.
    """
    key = (rules, code, sq, moving_only)
    t = _targets.get(key)
    if t is None:
        t = _targets[key] = frozenset(_empty_board_targets(rules, code, sq, moving_only))
    return t


def _empty_board_targets(rules, code, sq, moving_only):
    out = set()
    if abs(code) == rules.KING:
        return {t for t, _ in rules.king_steps[1 if code > 0 else -1][sq]}
    for kind, data in rules.gen_raw[code][sq]:
        if moving_only and kind in (LEAP_C, RIDE_C, HOP):
            continue
        if kind in (LEAP, LEAP_M, LEAP_C):
            out.update(t for t, _ in data)
        elif kind in (RIDE, RIDE_M, RIDE_C):
            for ray in data:
                out.update(t for t, _ in ray)
        elif kind == HOP:
            for ray in data:
                out.update(t for t, _ in ray[1:])
        elif kind == LAME_M:
            out.update(t for t, _, _ in data)
        elif kind == BENT:
            for s, rays in data:
                out.add(s)
                for ray in rays:
                    out.update(t for t, _ in ray)
        elif kind == PAWN:                  # (step, move, captures, double step)
            t, _, caps, double = data
            out.add(t)
            if double is not None:
                out.add(double[0])
            if not moving_only:
                out.update(x for x, _ in caps)
        else:
            raise ValueError(f'unknown move-table component kind {kind}')
    return out


def moves_to_promotion(rules: Rules, code: int) -> dict:
    """Per square, the least number of moves White's ``code`` needs to reach
    its last rank on an empty board (squares it never leaves are absent).

    One breadth-first search backwards from the last rank.
    """
    last = rules.ranks - 1
    back: dict = {}
    for s in rules.squares:
        if rules.rank_of(s) != last:
            for t in targets(rules, code, s, moving_only=True):
                back.setdefault(t, []).append(s)
    dist = {}
    todo = deque()
    for s in rules.squares:
        if rules.rank_of(s) == last:
            todo.append((s, 0))
    seen = set(s for s, _ in todo)
    while todo:
        s, d = todo.popleft()
        for p in back.get(s, ()):
            if p not in seen:
                seen.add(p)
                dist[p] = d + 1
                todo.append((p, d + 1))
    return dist


def promotion_gain(rules: Rules, code: int, value: list | None = None) -> int:
    """The value of ``code``'s best promotion minus its own (0 if it does not
    promote); ``value`` per piece code, by default the variant's."""
    value = rules.value if value is None else value
    choices = rules.promotions(code)
    return max(value[c] for c in choices) - value[code] if choices else 0


def centre_distance(rules: Rules, sq: int) -> int:
    """Chebyshev distance (in whole steps) from ``sq`` to the central squares."""
    f, r = rules.file_of(sq), rules.rank_of(sq)
    return max(abs(2 * f - rules.files + 1) // 2, abs(2 * r - rules.ranks + 1) // 2)


class Tables:
    """The evaluation tables of one variant (see the module docstring), built
    from ``data`` (piece values and weights, :func:`search.weights.eval_data`)."""

    def __init__(self, rules: Rules, material_only: bool, data: EvalData | None = None):
        data = data or eval_data(rules.variant)
        self.P = P = SimpleNamespace(**data.weights)
        self.rules = R = rules
        self.material_only = material_only
        n = R.n
        self.value = value = R.by_code(lambda i: data.values[R.types[i - 1].name])
        npm = R.by_code(lambda i: 0 if i in R.pawn_like or i == R.KING else value[i])
        self.npm = npm
        mid_file = (R.files - 1) / 2
        self.centre = [0] * R.size
        for sq in R.squares:
            self.centre[sq] = centre_distance(R, sq)
        mg_of = {}
        eg_of = {}
        for i in range(1, n + 1):
            mg = {sq: value[i] for sq in R.squares}
            eg = dict(mg)
            if not material_only:
                if i == R.KING:
                    for sq in R.squares:
                        r, f = R.rank_of(sq), R.file_of(sq)
                        mg[sq] += (-P.KING_RANK_MG * min(r, P.KING_RANK_CAP)
                                   + int(P.KING_FILE_MG * abs(f - mid_file)))
                        eg[sq] -= P.KING_CENTRE_EG * self.centre[sq]
                else:
                    self._centralise(i, mg, eg)
                    self._advance(i, mg, eg)
            mg_of[i], eg_of[i] = mg, eg
        rnd = random.Random(0x9A3D)
        pst = [None] * (2 * n + 1)
        for i in range(1, n + 1):
            w = [0] * R.size
            b = [0] * R.size
            pawn = i in R.pawn_like and not material_only
            for sq in R.squares:
                msq = R.sq(R.file_of(sq), R.ranks - 1 - R.rank_of(sq))
                w[sq] = pack(mg_of[i][sq], eg_of[i][sq], npm[i], 0,
                             rnd.getrandbits(40) if pawn else 0)
                b[msq] = pack(-mg_of[i][sq], -eg_of[i][sq], 0, npm[i],
                              rnd.getrandbits(40) if pawn else 0)
            pst[i], pst[-i] = w, b
        self.pst = pst
        # passed pawn-like pieces: bonus per colour and square
        self.is_pawn = R.by_code(lambda i: i in R.pawn_like)
        self.passed = [None, [(0, 0)] * R.size, [(0, 0)] * R.size]
        for i in R.pawn_like:
            gain = promotion_gain(R, i, value)
            if gain <= 0 or material_only:
                continue
            for sq, d in moves_to_promotion(R, i).items():
                k = gain / (d + 1) ** 1.5
                bonus = (round(P.PASSED_MG * k), round(P.PASSED_EG * k))
                msq = R.sq(R.file_of(sq), R.ranks - 1 - R.rank_of(sq))
                self.passed[1][sq] = bonus
                self.passed[-1][msq] = bonus
        self.file_of = [0] * R.size
        self.rank_of = [0] * R.size
        for sq in R.squares:
            self.file_of[sq] = R.file_of(sq)
            self.rank_of[sq] = R.rank_of(sq)
        start = parse_fen(R.variant, R.variant.start)
        self.phase_total = max(1, sum(npm[start.board[sq]] for c in (1, -1)
                                      for sq in start.pieces[c]))
        self.steps = [None, [()] * R.size, [()] * R.size]
        for c in (1, -1):
            for sq in R.squares:
                self.steps[c][sq] = tuple(t for t, _ in R.king_steps[c][sq])

    def _centralise(self, i, mg, eg):
        P = self.P
        R = self.rules
        mob = {sq: len(targets(R, i, sq)) for sq in R.squares}
        if i in R.pawn_like:
            mid_file = (R.files - 1) / 2
            for sq in R.squares:
                mg[sq] -= int(P.PAWN_CENTRE_MG * abs(R.file_of(sq) - mid_file))
            return
        avg = sum(mob.values()) / len(mob)
        cap = P.MOBILITY_CAP
        for sq in R.squares:
            d = mob[sq] - avg
            mg[sq] += max(-cap, min(cap, round(P.MOBILITY_MG * d)))
            eg[sq] += max(-cap, min(cap, round(P.MOBILITY_EG * d)))

    def _advance(self, i, mg, eg):
        P = self.P
        R = self.rules
        gain = promotion_gain(R, i, self.value)
        if gain <= 0:
            return
        cap = gain * P.ADVANCE_CAP
        for sq, d in moves_to_promotion(R, i).items():
            k = 1.0 / (d + 1) ** 2
            mg[sq] += round(min(cap, gain * P.ADVANCE_MG * k))
            eg[sq] += round(min(cap, gain * P.ADVANCE_EG * k))


_cache: dict = {}


def tables(rules: Rules, material_only: bool) -> Tables:
    """The (cached) evaluation tables of a variant, for its current values
    and weights (:mod:`search.weights`: params, tuned data, overrides)."""
    data = eval_data(rules.variant)
    key = (rules, material_only, data.key())
    t = _cache.get(key)
    if t is None:
        t = _cache[key] = Tables(rules, material_only, data)
    return t


def clear_cache() -> None:
    """Forget built tables (after changing :mod:`search.params`)."""
    _cache.clear()


def make_evaluate(t: Tables):
    """``evaluate(pos) -> int``: the score for the side to move.

    ``pos`` must carry ``t.pst`` (``pos.set_pst(t.pst)``).
    """
    PT = t.phase_total
    H, MK, S = HALF, MASK, SHIFT
    if t.material_only:
        def evaluate(pos):
            v = pos.psq
            mg = ((v + H) & MK) - H
            return mg * pos.turn
        return evaluate

    P = t.P
    TEMPO = P.TEMPO
    SHELTER = P.KING_SHELTER
    BARE, EDGE, CLOSE = P.BARE_KING, P.BARE_EDGE, P.BARE_CLOSE
    steps_w, steps_b = t.steps[1], t.steps[-1]
    centre = t.centre
    R = t.rules
    stride = R.stride

    is_pawn = t.is_pawn
    passed_w, passed_b = t.passed[1], t.passed[-1]
    file_of, rank_of = t.file_of, t.rank_of
    files, ranks = R.files, R.ranks
    pawn_cache = {}

    def pawns(pos):
        """(mg, eg) of the passed pawn-like pieces, White minus Black."""
        board = pos.board
        pieces = pos.pieces
        wp = [s for s in pieces[1] if is_pawn[board[s]]]
        bp = [s for s in pieces[-1] if is_pawn[board[s]]]
        bmax = [-1] * (files + 2)        # most advanced (for Black: lowest) per file
        wmin = [ranks] * (files + 2)
        for s in bp:
            f = file_of[s] + 1
            if rank_of[s] > bmax[f]:
                bmax[f] = rank_of[s]
        for s in wp:
            f = file_of[s] + 1
            if rank_of[s] < wmin[f]:
                wmin[f] = rank_of[s]
        mg = eg = 0
        for s in wp:
            f = file_of[s] + 1
            r = rank_of[s]
            if bmax[f - 1] <= r and bmax[f] <= r and bmax[f + 1] <= r:
                a, b = passed_w[s]
                mg += a
                eg += b
        for s in bp:
            f = file_of[s] + 1
            r = rank_of[s]
            if wmin[f - 1] >= r and wmin[f] >= r and wmin[f + 1] >= r:
                a, b = passed_b[s]
                mg -= a
                eg -= b
        return mg, eg

    def evaluate(pos):
        v = pos.psq
        mg = ((v + H) & MK) - H
        v = (v - mg) >> S
        eg = ((v + H) & MK) - H
        v = (v - eg) >> S
        ph = v & MK
        v >>= S
        ph += v & MK
        key = v >> S
        if key:
            pe = pawn_cache.get(key)
            if pe is None:
                if len(pawn_cache) > 50000:
                    pawn_cache.clear()
                pe = pawn_cache[key] = pawns(pos)
            mg += pe[0]
            eg += pe[1]
        if ph > PT:
            ph = PT
        board = pos.board
        kings = pos.kings
        shelter = 0
        for s in steps_w[kings[1]]:
            if board[s] > 0:
                shelter += 1
        for s in steps_b[kings[-1]]:
            if board[s] < 0:
                shelter -= 1
        score = mg * ph + eg * (PT - ph) + SHELTER * shelter * ph
        score = score // PT if score >= 0 else -(-score // PT)     # symmetric rounding
        pieces = pos.pieces
        nw, nb = len(pieces[1]), len(pieces[-1])
        if nw == 1 or nb == 1:
            if nb == 1 and nw > 1:
                bare, strong = kings[-1], kings[1]
                sign = 1
            elif nw == 1 and nb > 1:
                bare, strong = kings[1], kings[-1]
                sign = -1
            else:
                return 0
            fd = abs(bare % stride - strong % stride)
            rd = abs(bare // stride - strong // stride)
            score += sign * (BARE + EDGE * centre[bare] - CLOSE * (fd if fd > rd else rd))
        return score * pos.turn + TEMPO

    return evaluate
