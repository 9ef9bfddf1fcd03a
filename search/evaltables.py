"""The evaluation's tables, derived from the variant's data (built once per variant).

Almost all of the evaluation lives in piece-square tables, built here once
and summed incrementally by the search's evaluator (:class:`search.eval.Evaluator`,
move by move from the board changes the position records): for every
signed piece code and square a middle-game
and an end-game score (``mg``, ``eg``: White minus Black, Black's entries
negated), the piece's non-pawn material (``npm``, which gives the game phase
and the null-move material test) and, for pawn-like pieces, a random 40-bit
``key`` whose sum identifies the pawn structure (additive hashing), so that
the pawn evaluation is computed once per structure (``nkey``: the same for
the other pieces, which the correction history's non-pawn tables go by).  For White's piece of
type ``i`` on square ``sq`` the scores are:

* material: the variant's value of the piece;
* centralisation: ``MOBILITY_x * (targets - average targets)`` where
  targets counts the squares the piece reaches from ``sq`` on an empty
  board (so a Knight or Lion loves the centre, a Rook does not care);
* for pieces that promote: ``gain * ADVANCE_x / (d + 1)**2`` where ``d`` is
  the least number of moves to the last rank on an empty board, found by
  a breadth-first search over the piece's own move tables (a rapid Pawn or
  a Prince with its double step is twice as close as an orthodox Pawn), and
  ``gain`` the value of its best promotion minus its own;
* for the King: stay home in the middle game, centralise in the end game;
* the variant's fitted square tables, where its tuned data has them
  (:mod:`search.tuned`; fitted by ``cazaux-engine tune fit --squares``).

Black's tables are White's mirrored across the middle rank.  What the tables
cannot hold is added by :mod:`search.eval` per call: passed pawn-like pieces
(no enemy pawn-like piece ahead on the same or a neighbouring file:
``gain * PASSED_x / (d + 1)**1.5``, from ``passed_mg``/``passed_eg``; in
the end game, with ``PASSER_KING_EG``, ``passer_step`` per step the enemy
King stands further than the own King from the square in front; with
``PASSER_BLOCKED_x``, ``blocked_mg``/``blocked_eg`` less while a piece
stands there), the
tapered blend of mg and eg by the phase, King shelter, the King attack
(from ``zone_hits``, :func:`king_zone_hits`, when ``KING_ATTACK`` is not 0),
the King attack now (the same count with the slides walked on the board,
from ``zone_fixed`` and ``rider``, when ``KING_ATTACK_NOW`` is not 0),
the mobility now (from ``reach`` and ``rider``, :func:`slide_tables`, when
``MOBILITY_NOW_MG`` or ``_EG`` is not 0), the threats (pieces that a less valuable
leaper or pawn-like piece could capture, from ``leap_start`` and
``leap_to``, :func:`leap_capture_tables`, when ``THREAT_MG`` or ``_EG`` is
not 0), the colour pairs (kinds of colour-bound pieces a side has on both
colours of squares, :func:`pair_tables`, when ``PAIR_MG`` or ``_EG`` is not
0), the open files (file riders, Rooks and the like, on files without own
pawn-like pieces, :func:`file_riders`, when ``OPEN_FILE_MG`` or ``_EG`` is not 0) and the
bare-King bonus.  With
``material_only`` the tables hold material alone and nothing is added.

>>> from cazaux_engine import start_position
>>> pos = start_position('zanzibar-s')
>>> R = pos.rules
>>> t = tables(R, False)
>>> t.entry(R.index['lion'], R.parse_square('f6')) > t.entry(R.index['lion'], R.parse_square('a1'))
True
"""
from __future__ import annotations

import random
from array import array
from collections import deque
from types import SimpleNamespace

from cazaux_engine.fen import parse_fen
from cazaux_engine.moves import LAME_M, LEAP, LEAP_C, LEAP_M, PAWN, RIDE, RIDE_C, RIDE_M
from cazaux_engine.rules import Rules

from . import params
from .weights import EvalData, eval_data


_targets: dict = {}


def targets(rules: Rules, code: int, sq: int, moving_only: bool = False,
            capturing_only: bool = False, slides: bool = True) -> frozenset:
    """Squares piece ``code`` reaches from ``sq`` on an empty board (cached).

    ``moving_only`` leaves out capture-only moves (for the promotion
    distance), ``capturing_only`` the moves that cannot capture (for the
    King attack), ``slides=False`` the slides (for the King attack now,
    which walks them on the board).  The King's steps are not in the
    generator tables.
    """
    key = (rules, code, sq, moving_only, capturing_only, slides)
    t = _targets.get(key)
    if t is None:
        t = _targets[key] = frozenset(rules.empty_board_targets(code, sq, moving_only,
                                                                capturing_only, slides))
    return t


def king_zone_hits(rules: Rules, slides: bool = True) -> array:
    """For every signed piece code, square of that piece and square of the
    enemy King (squares numbered in board order, ``B`` of them), at
    ``((code + n) * B + i) * B + k``: how many squares of the King's zone
    (its square and those next to it) the piece reaches on an empty board
    (:func:`targets` with ``capturing_only``; with ``slides=False`` by its
    moves other than slides, those no piece in between can stop but for
    hops and bent moves).  0 for Kings and pawn-like pieces."""
    R = rules
    sqs = list(R.squares)
    b = len(sqs)
    index = {sq: j for j, sq in enumerate(sqs)}
    near = {t: [index[k] for k in sqs
                if abs(R.file_of(k) - R.file_of(t)) <= 1 and abs(R.rank_of(k) - R.rank_of(t)) <= 1]
            for t in sqs}
    hits = array('B', bytes((2 * R.n + 1) * b * b))
    for code in range(-R.n, R.n + 1):
        if code == 0 or abs(code) == R.KING or abs(code) in R.pawn_like:
            continue
        for sq in sqs:
            row = ((code + R.n) * b + index[sq]) * b
            for t in targets(R, code, sq, capturing_only=True, slides=slides):
                for k in near[t]:
                    hits[row + k] += 1
    return hits


def slide_tables(rules: Rules) -> tuple[array, array]:
    """The tables of the mobility now (:meth:`search.eval.Evaluator.mobility`):
    ``reach``, for every signed piece code and square at ``(code + n) * size
    + sq``, how many moves the piece's slides (RIDE and RIDE_M components)
    have from ``sq`` on an empty board; and ``rider``, per code at ``code +
    n``, 1 for a piece with slides of any kind (RIDE_C too) on some square.
    Both 0 for Kings and pawn-like pieces."""
    R = rules
    reach = array('i', [0]) * ((2 * R.n + 1) * R.size)
    rider = array('i', [0]) * (2 * R.n + 1)
    data = R.gen_data
    for code in range(-R.n, R.n + 1):
        if code == 0 or abs(code) == R.KING or abs(code) in R.pawn_like:
            continue
        for sq in R.squares:
            rec = R.gen_start[(code + R.n) * R.size + sq]
            c = rec + 1
            total = 0
            for _ in range(data[rec]):
                kind, off = data[c], c + 2
                if kind in (RIDE, RIDE_M, RIDE_C):
                    rider[code + R.n] = 1
                if kind in (RIDE, RIDE_M):
                    off += 1
                    for _ray in range(data[off - 1]):
                        total += data[off]
                        off += 1 + data[off]
                c = c + 2 + data[c + 1]
            reach[(code + R.n) * R.size + sq] = total
    return reach, rider


def leap_capture_tables(rules: Rules) -> tuple[array, array]:
    """The tables of the threats (:meth:`search.eval.Evaluator.threats`):
    for every signed piece code and square, at ``i = (code + n) * size +
    sq``, the squares the piece could capture on, ``to[start[i]:start[i +
    1]]``, for pieces that capture by leaps only (their captures do not
    depend on the other pieces: leaps and pawn-like captures; moves that
    cannot capture, lame ones included, do not matter).  Empty for the King
    and for pieces that slide, hop or bend."""
    R = rules
    exact = (LEAP, LEAP_M, LEAP_C, LAME_M, PAWN)
    start = array('i', [0]) * ((2 * R.n + 1) * R.size + 1)
    to = array('i')
    on_board = set(R.squares)
    for code in range(-R.n, R.n + 1):
        leaper = code != 0 and abs(code) != R.KING and all(
            kind in exact for sq in R.squares for kind, _ in R.components(code, sq))
        for sq in range(R.size):
            i = (code + R.n) * R.size + sq
            start[i] = len(to)
            if leaper and sq in on_board:
                to.extend(sorted(targets(R, code, sq, capturing_only=True)))
    start[len(start) - 1] = len(to)
    return start, to


_bound: dict = {}


def colour_bound(rules: Rules, code: int) -> bool:
    """Whether piece ``code`` has moves and none of them, from any square of
    an empty board, changes the colour of its square (Bishop, Ferz,
    Elephant, ...).  Cached."""
    key = (rules, code)
    if key not in _bound:
        R = rules
        colour = {sq: (R.file_of(sq) + R.rank_of(sq)) & 1 for sq in R.squares}
        reached = [(colour[sq], colour[t]) for sq in R.squares for t in targets(R, code, sq)]
        _bound[key] = bool(reached) and all(a == b for a, b in reached)
    return _bound[key]


def pair_tables(rules: Rules) -> tuple[array, array]:
    """The tables of the colour pairs (:meth:`search.eval.Evaluator.colour_pairs`):
    ``slot``, per signed piece code at ``code + n``, the number of the
    colour-bound kind (:func:`colour_bound`; 0, 1, ... in the order of the
    piece codes, at most 32 of them) or -1; ``colour``, per square, the
    colour of the square (0 or 1)."""
    R = rules
    slot = array('i', [-1]) * (2 * R.n + 1)
    kinds = [i for i in range(1, R.n + 1)
             if i != R.KING and i not in R.pawn_like and colour_bound(R, i)][:32]
    for j, i in enumerate(kinds):
        slot[i + R.n] = slot[-i + R.n] = j
    colour = array('i', [0]) * R.size
    for sq in R.squares:
        colour[sq] = (R.file_of(sq) + R.rank_of(sq)) & 1
    return slot, colour


PAIR_KEY_KINDS = 2          # 2 sides x 2 kinds x 2 colours of square x 8 bits: one 64-bit word


def pair_field(black: bool, slot: int, colour: int, kinds: int) -> int:
    """The lowest bit of the 8-bit count of ``pair_key`` for the pieces of
    kind ``slot`` (of ``kinds``) of a side (``black``) on squares of ``colour``."""
    return 8 * ((int(black) * kinds + slot) * 2 + colour)


def file_riders(rules: Rules) -> array:
    """Per signed piece code at ``code + n``: 1 for a file rider, a piece
    that reaches every square of a middle file from its own end of it on an
    empty board and no diagonal square (Rook, Cannon, ...: not the Queen,
    which open lines draw out too early), else 0 (never the King nor a
    pawn-like piece)."""
    R = rules
    rider = array('i', [0]) * (2 * R.n + 1)
    f = R.files // 2
    for code in range(-R.n, R.n + 1):
        if code == 0 or abs(code) == R.KING or abs(code) in R.pawn_like:
            continue
        home = 0 if code > 0 else R.ranks - 1
        line = {R.sq(f, r) for r in range(R.ranks) if r != home}
        start = R.sq(f, home)
        reach = targets(R, code, start)
        diagonal = any(abs(R.file_of(t) - f) == abs(R.rank_of(t) - home) for t in reach)
        rider[code + R.n] = int(line <= reach and not diagonal)
    return rider


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
    value = rules.by_code(rules.value_of) if value is None else value
    choices = rules.promotions(code)
    return max(value[c] for c in choices) - value[code] if choices else 0


def centre_distance(rules: Rules, sq: int) -> int:
    """Chebyshev distance (in whole steps) from ``sq`` to the central squares."""
    f, r = rules.file_of(sq), rules.rank_of(sq)
    return max(abs(2 * f - rules.files + 1) // 2, abs(2 * r - rules.ranks + 1) // 2)




class Tables:
    """The evaluation tables of one variant (see the module docstring), built
    from ``data`` (piece values and weights, :func:`search.weights.eval_data`);
    ``P`` holds the weights."""

    def __init__(self, rules: Rules, material_only: bool, data: EvalData | None = None):
        data = data or eval_data(rules.variant)
        self.P = P = SimpleNamespace(**data.weights)
        self.rules = R = rules
        self.material_only = material_only
        n, size = R.n, R.size
        self.n, self.size = n, size
        self.value = value = R.by_code(lambda i: data.values[R.types[i - 1].name])
        # the same, as the int array the search's move ordering and exchanges read
        self.piece_value = array('i', (value[c] for c in range(-n, n + 1)))
        npm = R.by_code(lambda i: 0 if i in R.pawn_like or i == R.KING else value[i])
        mid_file = (R.files - 1) / 2
        self.centre = array('i', [0]) * size
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
                fitted = data.squares.get(R.types[i - 1].name)
                if fitted:                  # tuned square tables, rank by rank from White's side
                    for sq in R.squares:
                        j = R.rank_of(sq) * R.files + R.file_of(sq)
                        mg[sq] += fitted[0][j]
                        eg[sq] += fitted[1][j]
            mg_of[i], eg_of[i] = mg, eg
        rnd = random.Random(0x9A3D)
        cells = (2 * n + 1) * size
        self.mg = array('i', [0]) * cells
        self.eg = array('i', [0]) * cells
        self.key = array('Q', [0]) * cells
        self.nkey = array('Q', [0]) * cells     # the same for the other pieces (the King's included)
        rnd_n = random.Random(0x5E1F)           # (a stream of its own: the pawn keys stay as they were)
        self.npm = array('i', (npm[c] for c in range(-n, n + 1)))
        for i in range(1, n + 1):
            pawn = i in R.pawn_like and not material_only
            for sq in R.squares:
                msq = R.sq(R.file_of(sq), R.ranks - 1 - R.rank_of(sq))
                w, b = (i + n) * size + sq, (n - i) * size + msq
                self.mg[w], self.eg[w] = mg_of[i][sq], eg_of[i][sq]
                self.key[w] = rnd.getrandbits(40) if pawn else 0
                self.mg[b], self.eg[b] = -mg_of[i][sq], -eg_of[i][sq]
                self.key[b] = rnd.getrandbits(40) if pawn else 0
                if i not in R.pawn_like:
                    self.nkey[w] = rnd_n.getrandbits(40)
                    self.nkey[b] = rnd_n.getrandbits(40)
        # passed pawn-like pieces: bonus per colour (0 White, 1 Black) and square
        self.is_pawn = array('i', (int(abs(c) in R.pawn_like) for c in range(-n, n + 1)))
        self.passed_mg = array('i', [0]) * (2 * size)
        self.passed_eg = array('i', [0]) * (2 * size)
        for i in R.pawn_like:
            gain = promotion_gain(R, i, value)
            if gain <= 0 or material_only:
                continue
            for sq, d in moves_to_promotion(R, i).items():
                k = gain / (d + 1) ** 1.5
                msq = R.sq(R.file_of(sq), R.ranks - 1 - R.rank_of(sq))
                self.passed_mg[sq] = self.passed_mg[size + msq] = round(P.PASSED_MG * k)
                self.passed_eg[sq] = self.passed_eg[size + msq] = round(P.PASSED_EG * k)
        # passed pawn-like pieces and the Kings: per step of King distance, a
        # share of the end-game passed bonus (built only when the term is on)
        self.passer_king = 0 if material_only else int(P.PASSER_KING_EG)
        self.passer_steps = max(1, int(P.PASSER_KING_STEPS))
        self.passer_step = array('i', [0]) * (2 * size if self.passer_king else 1)
        if self.passer_king:
            for k in range(2 * size):
                self.passer_step[k] = round(self.passed_eg[k] * self.passer_king / 100)
        # ... and the share of it lost while blocked (built only when the term is on)
        self.passer_blocked = not material_only and bool(P.PASSER_BLOCKED_MG or P.PASSER_BLOCKED_EG)
        self.blocked_mg = array('i', [0]) * (2 * size if self.passer_blocked else 1)
        self.blocked_eg = array('i', [0]) * (2 * size if self.passer_blocked else 1)
        if self.passer_blocked:
            for k in range(2 * size):
                self.blocked_mg[k] = round(self.passed_mg[k] * P.PASSER_BLOCKED_MG / 100)
                self.blocked_eg[k] = round(self.passed_eg[k] * P.PASSER_BLOCKED_EG / 100)
        self.file_of = array('i', [0]) * size
        self.rank_of = array('i', [0]) * size
        for sq in R.squares:
            self.file_of[sq] = R.file_of(sq)
            self.rank_of[sq] = R.rank_of(sq)
        # King attack: the zone hits (built only when the term is on)
        self.king_attack = 0 if material_only else int(P.KING_ATTACK)
        self.zone_squares = len(R.squares)
        self.sq_index = array('i', [0]) * size
        for j, sq in enumerate(R.squares):
            self.sq_index[sq] = j
        self.zone_hits = king_zone_hits(R) if self.king_attack else array('B', [0])
        # King attack now: the zone hits of the moves other than slides (the
        # slides are walked on the board), built only when the term is on
        self.king_attack_now = 0 if material_only else int(P.KING_ATTACK_NOW)
        self.zone_fixed = king_zone_hits(R, slides=False) if self.king_attack_now \
            else array('B', [0])
        # Mobility now: the empty-board reach of the sliding pieces (built
        # only when the term or the King attack now is on: the latter needs ``rider``)
        self.mobility_now_mg = 0 if material_only else int(P.MOBILITY_NOW_MG)
        self.mobility_now_eg = 0 if material_only else int(P.MOBILITY_NOW_EG)
        if self.mobility_now_mg or self.mobility_now_eg or self.king_attack_now:
            self.reach, self.rider = slide_tables(R)
        else:
            self.reach, self.rider = array('i', [0]), array('i', [0]) * (2 * n + 1)
        # Threats: the leapers' captures (built only when the term is on)
        self.threat_mg = 0 if material_only else int(P.THREAT_MG)
        self.threat_eg = 0 if material_only else int(P.THREAT_EG)
        if self.threat_mg or self.threat_eg:
            self.leap_start, self.leap_to = leap_capture_tables(R)
        else:
            self.leap_start, self.leap_to = array('i', [0]) * ((2 * n + 1) * size + 1), array('i', [0])
        # Colour pairs and open files (tables built only when their term is on)
        self.pair_mg = 0 if material_only else int(P.PAIR_MG)
        self.pair_eg = 0 if material_only else int(P.PAIR_EG)
        if self.pair_mg or self.pair_eg:
            self.pair_slot, self.sq_colour = pair_tables(R)
        else:
            self.pair_slot, self.sq_colour = array('i', [-1]) * (2 * n + 1), array('i', [0]) * size
        # with at most PAIR_KEY_KINDS kinds, the counts of each side's pieces of
        # each kind on each colour of square, 8 bits each, summed move by move
        # (the evaluation's ``pairs``): a piece adds 1 to its field
        self.pair_kinds = max(self.pair_slot) + 1
        self.pair_keyed = 0 < self.pair_kinds <= PAIR_KEY_KINDS
        self.pair_key = array('Q', [0]) * cells
        if self.pair_keyed:
            for c in range(-n, n + 1):
                j = self.pair_slot[c + n]
                if c and j >= 0:
                    for sq in R.squares:
                        self.pair_key[(c + n) * size + sq] = 1 << pair_field(
                            c < 0, j, self.sq_colour[sq], self.pair_kinds)
        self.open_file_mg = 0 if material_only else int(P.OPEN_FILE_MG)
        self.open_file_eg = 0 if material_only else int(P.OPEN_FILE_EG)
        if self.open_file_mg or self.open_file_eg:
            self.file_rider = file_riders(R)
        else:
            self.file_rider = array('i', [0]) * (2 * n + 1)
        # on a board of at most 16 files of at most 15 squares, the number of
        # a side's file riders on each file, 4 bits per file, summed move by
        # move (the evaluation's ``riders``): a file rider adds 1 to its file's
        self.riders_keyed = any(self.file_rider) and R.files <= 16 and R.ranks <= 15
        self.rider_key = array('Q', [0]) * cells
        if self.riders_keyed:
            for c in range(-n, n + 1):
                if c and self.file_rider[c + n]:
                    for sq in R.squares:
                        self.rider_key[(c + n) * size + sq] = 1 << (4 * R.file_of(sq))
        self.attackers_percent = array('i', params.ATTACKERS_PERCENT)
        start = parse_fen(R.variant, R.variant.start)
        self.phase_total = max(1, sum(npm[start.board[sq]] for c in (1, -1)
                                      for sq in start.pieces[c]))

    def entry(self, code: int, sq: int) -> tuple[int, int]:
        """(mg, eg) of piece ``code`` (signed) on ``sq``."""
        i = (code + self.n) * self.size + sq
        return self.mg[i], self.eg[i]

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
    key = (rules, material_only, data.number)
    t = _cache.get(key)
    if t is None:
        t = _cache[key] = Tables(rules, material_only, data)
    return t


def clear_cache() -> None:
    """Forget built tables (after changing :mod:`search.params`)."""
    _cache.clear()
