"""The static evaluation, term by term: what ``eval`` prints.

:func:`explain` takes the evaluation of :mod:`search.eval` apart into its
terms for each side, each tapered by the game phase exactly as the
evaluator blends them, so that the terms add up to the number the search
uses (the tests check it for every variant):

* **material**: the pieces' values;
* **placement**: the piece-square tables less material (centralisation by
  reach, advance of promoting pieces, the King's home and, in the end
  game, its centre);
* **passed pawns**: pawn-like pieces with no enemy pawn-like piece ahead
  on their own or a neighbouring file (and, with ``PASSER_KING_EG``, in
  the end game, the Kings' distances to the square in front of the most
  advanced one of each file; with ``PASSER_BLOCKED_MG/EG``, less while a
  piece stands on that square);
* **pawn structure**: doubled, isolated and phalanx pawn-like pieces
  (``DOUBLED_MG/EG``, ``ISOLATED_MG/EG``, ``PHALANX_MG/EG``; 0 when off);
* **King shelter**: own pieces next to the King (middle game);
* **King attack**: a penalty for the squares of a King's zone (its square
  and those next to it) the enemy's pieces reach, their slides as far as
  the first piece in the way, scaled by how many pieces take part
  (``KING_ATTACK_NOW``, middle game; 0 when off);
* **mobility**: the moves of the sliding pieces where they stand less those
  they would have on an empty board (``MOBILITY_NOW_MG/EG``; 0 when off);
* **threats**: per pair of an enemy piece that captures by leaps only
  (pawn-like pieces, Knights, Camels, ...) and an own piece (not the King)
  worth more than it that it could capture, a penalty (``THREAT_MG/EG``; 0
  when off);
* **colour pairs**: per kind of colour-bound piece (Bishop, Ferz, ...) a
  side has on squares of both colours, a bonus (``PAIR_MG/EG``; 0 when off);
* **open files**: per file rider (Rook, Cannon, ...) on a file without own
  pawn-like pieces, a bonus, twice that when the enemy has none there
  either (``OPEN_FILE_MG/EG``; 0 when off);
* **trading down**: for the side with more units (pieces other than the
  King), ``TRADE_DOWN`` x the difference / (the other's units + 1): the
  bare-King rule's pull toward even trades (0 when off);
* **hunting**: when one side has a single unit left and the other two or
  more, for the side ahead ``HUNT_KING`` x (the board's longest distance -
  its King's distance to that unit) + ``HUNT_GUARD`` x the other King's
  distance to it, in King steps: taking that unit bares the King (0 when
  off);
* **bare King**: the bonus for the side whose opponent has only its King;
* **tempo**: for the side to move.

With ``FIFTY_SCALE`` (0: off) the total for the side to move is then
scaled by (``FIFTY_SCALE`` - the plies since the last capture or
pawn-like move) / ``FIFTY_SCALE``, rounded toward zero.

The middle- and end-game scores are blended as ``(mg * phase + eg * (total
- phase)) / total``; the sum of the blended terms is rounded toward zero
once, as the evaluator does.  Scores are centipawns, White's view in the
table, the side to move's in the final line (as the search sees it).

>>> from cazaux_engine import start_position
>>> e = explain(start_position('chess'))
>>> e.total == e.search_value
True
>>> [t.name for t in e.terms]
['material', 'placement', 'passed pawns', 'pawn structure', 'King shelter', 'King attack', 'mobility', 'threats', 'colour pairs', 'open files', 'trading down', 'hunting', 'bare King', 'tempo']
>>> e.terms[0].white == e.terms[0].black > 3000      # the armies' values, equal at the start
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from cazaux_engine.fen import to_fen
from cazaux_engine.layout import king_record, king_step, king_step_count
from cazaux_engine.moves import BENT, HOP, RIDE, RIDE_C, RIDE_M

from .static import evaluate
from .eval import tables
from .evaltables import colour_bound, file_riders, targets


@dataclass
class Term:
    name: str
    white: Fraction          # White's pieces' share, blended (centipawns)
    black: Fraction          # Black's, as a positive number when it is good for Black

    @property
    def net(self) -> Fraction:
        return self.white - self.black


@dataclass
class Explanation:
    fen: str
    phase: int               # non-pawn material on the board, capped at phase_total
    phase_total: int
    terms: list[Term] = field(default_factory=list)
    white_view: int = 0      # the evaluation, White's view, before the tempo
    total: int = 0           # the evaluation for the side to move (tempo included)
    search_value: int = 0    # what the search's evaluator returns for the position
    bare_kings: bool = False
    fifty_scale: int = 0     # FIFTY_SCALE, when it scaled ...
    halfmove: int = 0        # ... by this 50-move count ...
    unscaled: int = 0        # ... this total (for the side to move) into ``total``


def _round(x: Fraction) -> int:
    """Rounded toward zero, as the evaluator divides."""
    return int(x) if x >= 0 else -int(-x)


def explain(pos) -> Explanation:
    """The terms of the full evaluation of ``pos``; see the module docstring."""
    t = tables(pos.rules, False)
    R, P = pos.rules, t.P
    n, size = t.n, t.size
    pt = t.phase_total
    mat = {1: [0, 0], -1: [0, 0]}
    pst = {1: [0, 0], -1: [0, 0]}
    npm = {1: 0, -1: 0}
    for sq in R.squares:
        code = pos.board[sq]
        if not code:
            continue
        c = 1 if code > 0 else -1
        i = (code + n) * size + sq
        v = t.value[code] if code > 0 else -t.value[-code]
        mg, eg = t.mg[i], t.eg[i]
        mat[c][0] += c * v
        mat[c][1] += c * v
        pst[c][0] += c * (mg - v)
        pst[c][1] += c * (eg - v)
        npm[c] += t.npm[code + n]
    ph = min(npm[1] + npm[-1], pt)

    def blend(mg, eg) -> Fraction:
        return Fraction(mg * ph + eg * (pt - ph), pt)

    passed = _passed(pos, t)
    shelter = {c: _shelter(pos, c) for c in (1, -1)}
    terms = [
        Term('material', blend(*mat[1]), blend(*mat[-1])),
        Term('placement', blend(*pst[1]), blend(*pst[-1])),
        Term('passed pawns', blend(*passed[1]), blend(*passed[-1])),
        Term('pawn structure', *(blend(*_structure(pos, t, P, c)) for c in (1, -1))),
        Term('King shelter', Fraction(P.KING_SHELTER * shelter[1] * ph, pt),
             Fraction(P.KING_SHELTER * shelter[-1] * ph, pt)),
        Term('King attack', *(Fraction(-t.king_attack_now * _king_danger_now(pos, t, c) * ph, 100 * pt)
                              for c in (1, -1))),
        Term('mobility', *(blend(t.mobility_now_mg * m, t.mobility_now_eg * m)
                           for m in (_mobility(pos, t, 1), _mobility(pos, t, -1)))),
        Term('threats', *(blend(-t.threat_mg * m, -t.threat_eg * m)
                          for m in (_threats(pos, t, 1), _threats(pos, t, -1)))),
        Term('colour pairs', *(blend(t.pair_mg * m, t.pair_eg * m)
                               for m in (_colour_pairs(pos, t, 1), _colour_pairs(pos, t, -1)))),
        Term('open files', *(blend(t.open_file_mg * m, t.open_file_eg * m)
                             for m in (_open_files(pos, t, 1), _open_files(pos, t, -1)))),
    ]
    blended = _round(sum((x.net for x in terms), Fraction(0)))
    trade = _trading_down(pos, t)
    terms.append(Term('trading down', Fraction(max(trade, 0)), Fraction(max(-trade, 0))))
    hunt = _hunting(pos, t)
    terms.append(Term('hunting', Fraction(max(hunt, 0)), Fraction(max(-hunt, 0))))
    bare = _bare_king(pos, t)
    terms.append(Term('bare King', Fraction(max(bare, 0)), Fraction(max(-bare, 0))))
    e = Explanation(to_fen(pos), ph, pt, terms)
    e.bare_kings = _count(pos, 1) == 1 and _count(pos, -1) == 1
    e.white_view = 0 if e.bare_kings else blended + trade + hunt + bare
    tempo = 0 if e.bare_kings else P.TEMPO
    e.terms.append(Term('tempo', Fraction(tempo if pos.turn > 0 else 0),
                        Fraction(tempo if pos.turn < 0 else 0)))
    e.total = e.white_view * pos.turn + tempo
    if P.FIFTY_SCALE and pos.halfmove:
        e.fifty_scale, e.halfmove, e.unscaled = P.FIFTY_SCALE, pos.halfmove, e.total
        left = max(P.FIFTY_SCALE - pos.halfmove, 0)
        e.total = (1 if e.total >= 0 else -1) * (abs(e.total) * left // P.FIFTY_SCALE)
    e.search_value = evaluate(pos)
    return e


def _passed(pos, t) -> dict:
    """(mg, eg) of each side's passed pawn-like pieces, as the evaluator counts them."""
    R = pos.rules
    ahead = {1: {}, -1: {}}       # per colour and file: the ranks of its pawn-like pieces
    for sq in R.squares:
        code = pos.board[sq]
        if code and t.is_pawn[code + t.n]:
            c = 1 if code > 0 else -1
            ahead[c].setdefault(t.file_of[sq], []).append(t.rank_of[sq])
    out = {1: [0, 0], -1: [0, 0]}
    for c in (1, -1):
        for f, ranks in ahead[c].items():
            lead = None             # the most advanced passed piece of the file
            for r in ranks:
                enemy = [x for g in (f - 1, f, f + 1) for x in ahead[-c].get(g, [])]
                if all((x <= r) if c > 0 else (x >= r) for x in enemy):
                    sq = R.sq(f, r)
                    k = sq if c > 0 else t.size + sq
                    out[c][0] += t.passed_mg[k]
                    out[c][1] += t.passed_eg[k]
                    if lead is None or (r > lead if c > 0 else r < lead):
                        lead = r
            if lead is None:
                continue
            front = min(max(lead + c, 0), R.ranks - 1)     # the square in front of it
            k = R.sq(f, lead) if c > 0 else t.size + R.sq(f, lead)
            if t.passer_king:
                # the Kings' steps to that square, capped
                own, enemy_king = (pos.kings[c], pos.kings[-c])

                def steps(k):
                    return min(max(abs(R.file_of(k) - f), abs(R.rank_of(k) - front)),
                               t.passer_steps)
                out[c][1] += t.passer_step[k] * (steps(enemy_king) - steps(own))
            if t.passer_blocked and front != lead and pos.board[R.sq(f, front)]:
                out[c][0] -= t.blocked_mg[k]
                out[c][1] -= t.blocked_eg[k]
    return out


def _structure(pos, t, P, colour: int) -> tuple[int, int]:
    """(mg, eg) of ``colour``'s doubled, isolated and phalanx pawn-like
    pieces, counted here from the board's files and ranks."""
    R = pos.rules
    own = {(t.file_of[sq], t.rank_of[sq]) for sq in R.squares
           if pos.board[sq] * colour > 0 and t.is_pawn[pos.board[sq] + t.n]}
    files: dict[int, int] = {}
    for f, _ in own:
        files[f] = files.get(f, 0) + 1
    doubled = sum(n - 1 for n in files.values())
    isolated = sum(n for f, n in files.items() if f - 1 not in files and f + 1 not in files)
    phalanx = sum(1 for f, r in own if (f - 1, r) in own or (f + 1, r) in own)
    return (-P.DOUBLED_MG * doubled - P.ISOLATED_MG * isolated + P.PHALANX_MG * phalanx,
            -P.DOUBLED_EG * doubled - P.ISOLATED_EG * isolated + P.PHALANX_EG * phalanx)


def _mobility(pos, t, colour: int) -> int:
    """The moves of ``colour``'s sliding pieces (not the King, not pawn-like
    pieces) less their moves on an empty board, read from the move tables
    here (not from the evaluator's, so that the tests compare two counts)."""
    R = pos.rules
    data = R.gen_data
    total = 0
    if not (t.mobility_now_mg or t.mobility_now_eg):
        return 0
    for sq in pos.pieces[colour]:
        code = pos.board[sq]
        if sq == pos.kings[colour] or abs(code) in R.pawn_like:
            continue
        rec = R.gen_start[(code + R.n) * R.size + sq]
        c = rec + 1
        for _ in range(data[rec]):
            kind, off = data[c], c + 2
            if kind in (RIDE, RIDE_M, RIDE_C):
                off += 1
                for _ray in range(data[off - 1]):
                    ray = data[off + 1:off + 1 + data[off]]
                    off += 1 + len(ray)
                    if kind != RIDE_C:
                        total -= len(ray)             # the empty board's moves
                    for target in ray:
                        q = pos.board[target] * colour
                        if q == 0 and kind != RIDE_C:
                            total += 1
                        elif q:
                            total += q < 0 and kind != RIDE_M
                            break
            c = c + 2 + data[c + 1]
    return total


def _king_danger_now(pos, t, colour: int) -> int:
    """The attack on the King of ``colour`` in hundredths: the squares of
    its zone the enemy's pieces (not the King, not pawn-like pieces) could
    capture on, their slides walked on the board to the first piece in the
    way (its square included) and their other moves from their empty-board
    targets, summed, times ``ATTACKERS_PERCENT`` of the number of pieces
    that reach one; read from the move tables here (not from the
    evaluator's ``zone_fixed``)."""
    R = pos.rules
    if not t.king_attack_now:
        return 0
    data = R.gen_data
    king = pos.kings[colour]
    kf, kr = R.file_of(king), R.rank_of(king)

    def near(sq):
        return abs(R.file_of(sq) - kf) <= 1 and abs(R.rank_of(sq) - kr) <= 1

    units = attackers = 0
    for sq in pos.pieces[-colour]:
        code = pos.board[sq]
        if sq == pos.kings[-colour] or abs(code) in R.pawn_like:
            continue
        hits = sum(1 for target in targets(R, code, sq, capturing_only=True, slides=False)
                   if near(target))
        rec = R.gen_start[(code + R.n) * R.size + sq]
        c = rec + 1
        for _ in range(data[rec]):
            kind, off = data[c], c + 2
            if kind in (RIDE, RIDE_C):
                off += 1
                for _ray in range(data[off - 1]):
                    ray = data[off + 1:off + 1 + data[off]]
                    off += 1 + len(ray)
                    for target in ray:
                        hits += near(target)
                        if pos.board[target]:
                            break
            c = c + 2 + data[c + 1]
        if hits:
            units += hits
            attackers += 1
    return units * _percent(t, attackers)


def _percent(t, attackers: int) -> int:
    """``ATTACKERS_PERCENT`` of ``attackers`` pieces (the last entry for more)."""
    table = list(t.attackers_percent)
    return table[min(attackers, len(table) - 1)]


@lru_cache(maxsize=1024)
def _leaps_only(R, code: int) -> bool:
    """Whether the piece ``code`` has no slide, hop or bent move from any square."""
    return not any(kind in (RIDE, RIDE_M, RIDE_C, HOP, BENT)
                   for s in R.squares for kind, _ in R.components(code, s))


def _threats(pos, t, colour: int) -> int:
    """The pairs (enemy piece that captures by leaps only, piece of
    ``colour`` worth more than it on a square it could capture on), found
    from the squares each piece could capture on an empty board, for pieces
    with no slide, hop or bent move (not from the evaluator's tables)."""
    R = pos.rules
    if not (t.threat_mg or t.threat_eg):
        return 0
    total = 0
    for sq in pos.pieces[-colour]:
        code = pos.board[sq]
        if sq == pos.kings[-colour] or not _leaps_only(R, code):
            continue
        for target in targets(R, code, sq, capturing_only=True):
            victim = pos.board[target]
            if victim * colour > 0 and target != pos.kings[colour] \
                    and t.value[victim] > t.value[code]:
                total += 1
    return total


def _colour_pairs(pos, t, colour: int) -> int:
    """The kinds of colour-bound pieces (:func:`search.evaltables.colour_bound`,
    asked here afresh) of which ``colour`` has one on a light and one on a
    dark square."""
    R = pos.rules
    if not (t.pair_mg or t.pair_eg):
        return 0
    colours: dict = {}
    for sq in pos.pieces[colour]:
        kind = abs(pos.board[sq])
        if kind != R.KING and kind not in R.pawn_like and colour_bound(R, kind):
            colours.setdefault(kind, set()).add((R.file_of(sq) + R.rank_of(sq)) % 2)
    return sum(1 for seen in colours.values() if len(seen) == 2)


def _open_files(pos, t, colour: int) -> int:
    """``colour``'s file riders (:func:`search.evaltables.file_riders`) on
    files without its own pawn-like pieces: 2 each where the enemy has none
    there either, else 1; the pawns found on the board here."""
    R = pos.rules
    if not (t.open_file_mg or t.open_file_eg):
        return 0
    riders = file_riders(R)
    pawn_files = {1: set(), -1: set()}
    for c in (1, -1):
        for sq in pos.pieces[c]:
            if abs(pos.board[sq]) in R.pawn_like:
                pawn_files[c].add(R.file_of(sq))
    total = 0
    for sq in pos.pieces[colour]:
        f = R.file_of(sq)
        if riders[pos.board[sq] + R.n] and f not in pawn_files[colour]:
            total += 1 if f in pawn_files[-colour] else 2
    return total


def _shelter(pos, colour: int) -> int:
    rec = king_record(pos.rules, colour, pos.kings[colour])
    return sum(1 for k in range(king_step_count(pos.rules, rec))
               if pos.board[king_step(pos.rules, rec, k)] * colour > 0)


def _count(pos, colour: int) -> int:
    return len(pos.pieces[colour])


def _trading_down(pos, t) -> int:
    """White's bonus (negative: Black's) for having more units than the other side."""
    white, black = _count(pos, 1) - 1, _count(pos, -1) - 1
    if white == black:
        return 0
    sign = 1 if white > black else -1
    return sign * (t.P.TRADE_DOWN * abs(white - black) // (min(white, black) + 1))


def _steps(R, a: int, b: int) -> int:
    """King steps between squares ``a`` and ``b``."""
    return max(abs(R.file_of(a) - R.file_of(b)), abs(R.rank_of(a) - R.rank_of(b)))


def _hunting(pos, t) -> int:
    """White's bonus (negative: Black's) for closing in on the other
    side's last unit while keeping its King away."""
    R, P = pos.rules, t.P
    nw, nb = _count(pos, 1), _count(pos, -1)
    if nb == 2 and nw > 2:
        weak, sign = -1, 1
    elif nw == 2 and nb > 2:
        weak, sign = 1, -1
    else:
        return 0
    unit = next(sq for sq in pos.pieces[weak] if sq != pos.kings[weak])
    far = max(R.files, R.ranks) - 1
    return sign * (P.HUNT_KING * (far - _steps(R, pos.kings[-weak], unit))
                   + P.HUNT_GUARD * _steps(R, pos.kings[weak], unit))


def _bare_king(pos, t) -> int:
    nw, nb = _count(pos, 1), _count(pos, -1)
    if nb == 1 and nw > 1:
        bare, strong, sign = pos.kings[-1], pos.kings[1], 1
    elif nw == 1 and nb > 1:
        bare, strong, sign = pos.kings[1], pos.kings[-1], -1
    else:
        return 0
    stride = pos.rules.stride
    fd = abs(bare % stride - strong % stride)
    rd = abs(bare // stride - strong // stride)
    P = t.P
    return sign * (P.BARE_KING + P.BARE_EDGE * t.centre[bare] - P.BARE_CLOSE * max(fd, rd))


def explain_text(pos) -> list[str]:
    """The lines ``eval`` prints for ``pos``."""
    e = explain(pos)

    def cp(x) -> str:
        return f'{float(x):9.2f}'

    rule = '   -------------+-----------+-----------+----------'
    out = [f'Static evaluation of {e.fen}',
           f'centipawns; middle game and end game blended by the phase, {e.phase} of '
           f'{e.phase_total}',
           '',
           '           term |     White |     Black | White-Black',
           rule]
    for term in e.terms[:-1]:
        out.append(f'   {term.name:>12} | {cp(term.white)} | {cp(term.black)} | {cp(term.net)}')
    out.append(rule)
    if e.bare_kings:
        out.append('   two bare Kings: a draw, 0')
    out.append(f'   White\'s view (the sum, rounded toward zero): {e.white_view}')
    out.append(f'   tempo for the side to move ({"White" if pos.turn > 0 else "Black"}): '
               f'{int(e.terms[-1].white + e.terms[-1].black)}')
    if e.halfmove:
        out.append(f'   the 50-move count, {e.halfmove} plies: {e.unscaled} x ({e.fifty_scale} - '
                   f'{e.halfmove}) / {e.fifty_scale}, rounded toward zero')
    out.append(f'Final evaluation: {e.total} (side to move, as the search uses it)')
    return out


__all__ = ['Explanation', 'Term', 'explain', 'explain_text']
