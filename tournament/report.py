"""Scores and how they are shown: the progress line and the final table.

Games of a pair (one opening, colours swapped) are counted as a pair once
both are finished: the pentanomial statistics (:class:`~.elo.Pentanomial`)
and the SPRT use the pairs; a schedule without pairs (one game per
pairing) uses the trinomial model.  Games lost by an illegal move are also
counted apart, per engine, so that the games decided on the board can be
reported alone (an engine that plays by other rules, such as
Fairy-Stockfish's King's jump, loses such games).

>>> t = Standings(['A', 'B'])
>>> for k, r in enumerate(('1-0', '1/2-1/2', '0-1', '0-1')):
...     t.add(k % 2, 1 - k % 2, r, pair=(0, 1, k // 2))
>>> t.record(0), t.pentanomial(0, 1).counts
((2, 1, 1), (0, 0, 1, 1, 0))
>>> print(pairing_lines(t, 0, 1))
Score of A vs B: 2 - 1 - 1  [0.625] 4
Ptnml(0-2): 0, 0, 1, 1, 0 (2 pairs)
Elo difference: +88.7 +/- 136.3, nElo: +245.7 +/- 340.5, LOS: 92.1 %, draw ratio: 25.0 %
"""
from __future__ import annotations

import math

from .elo import Elo, Pentanomial, fmt_elo, fmt_margin
from .sprt import Decision, Sprt

_POINTS = {'1-0': (2, 0), '0-1': (0, 2), '1/2-1/2': (1, 1)}      # half-points of white, black


class Standings:
    """Wins, losses, draws and game pairs per engine and per pair of engines."""

    def __init__(self, names: list[str], paired: bool = True):
        self.names = names
        self.paired = paired            # games come in pairs: the pentanomial model
        self.pair: dict = {}            # (i, j) -> [wins of i, losses of i, draws]
        self.penta: dict = {}           # (i, j) -> pairs of i against j by i's points 0..4
        self.half: dict = {}            # a pair's id -> (engine, its half-points) of its first game
        self.illegal: dict = {}         # (i, j) -> games i lost to j by an illegal move
        self.games = 0

    def add(self, white: int, black: int, result: str, pair=None, illegal: int = 0) -> None:
        """A finished game; ``pair`` identifies its game pair, ``illegal`` is the
        colour that lost it by an illegal move (0: none)."""
        self.games += 1
        for a, b, pts in ((white, black, {'1-0': 1, '0-1': 0}.get(result)),
                          (black, white, {'1-0': 0, '0-1': 1}.get(result))):
            rec = self.pair.setdefault((a, b), [0, 0, 0])
            rec[0 if pts == 1 else 1 if pts == 0 else 2] += 1
        if illegal:
            loser, winner = (white, black) if illegal > 0 else (black, white)
            self.illegal[(loser, winner)] = self.illegal.get((loser, winner), 0) + 1
        if pair is None or result not in _POINTS:
            return
        w_half = _POINTS[result][0]
        if pair not in self.half:
            self.half[pair] = (white, w_half)
            return
        first, half = self.half.pop(pair)
        mine = half + (w_half if first == white else 2 - w_half)        # first's points x2
        other = black if first == white else white
        for a, b, k in ((first, other, mine), (other, first, 4 - mine)):
            self.penta.setdefault((a, b), [0] * 5)[k] += 1

    def between(self, i: int, j: int) -> tuple[int, int, int]:
        return tuple(self.pair.get((i, j), (0, 0, 0)))

    def record(self, i: int) -> tuple[int, int, int]:
        w = l = d = 0
        for (a, _), (x, y, z) in self.pair.items():
            if a == i:
                w, l, d = w + x, l + y, d + z
        return w, l, d

    def pentanomial(self, i: int, j: int | None = None) -> Pentanomial:
        """The finished pairs of ``i`` against ``j`` (None: against the field)."""
        counts = [0] * 5
        for (a, b), c in self.penta.items():
            if a == i and (j is None or b == j):
                counts = [x + y for x, y in zip(counts, c)]
        return Pentanomial(tuple(counts))

    def model(self, i: int, j: int | None = None):
        """The statistics of ``i`` against ``j`` (None: the field): pentanomial for
        a paired schedule, trinomial otherwise."""
        if self.paired:
            return self.pentanomial(i, j)
        return Elo(*(self.between(i, j) if j is not None else self.record(i)))

    def sprt_results(self, i: int, j: int) -> tuple:
        """The counts an SPRT of ``i`` against ``j`` takes: pairs by points, or
        (losses, draws, wins)."""
        if self.paired:
            return self.pentanomial(i, j).counts
        w, l, d = self.between(i, j)
        return (l, d, w)

    def lost_by_illegal_move(self, i: int, j: int | None = None) -> int:
        return sum(n for (a, b), n in self.illegal.items() if a == i and (j is None or b == j))


def _elo_text(e) -> str:
    """``+88.7 +/- 60.2``, with the interval where the margin is unbounded."""
    lo, hi = e.interval
    text = f'{fmt_elo(e.diff)} +/- {fmt_margin(e.margin)}'
    if math.isnan(e.margin) and not math.isnan(lo) and not (math.isinf(lo) and math.isinf(hi)):
        text += f' (95% interval {fmt_elo(lo)} to {fmt_elo(hi)})'
    return text


def pairing_lines(t: Standings, i: int, j: int) -> str:
    w, l, d = t.between(i, j)
    n = w + l + d
    score = f'{(w + d / 2) / n:.3f}' if n else '-'
    draws = f'{100 * d / n if n else 0:.1f} %'
    lines = [f'Score of {t.names[i]} vs {t.names[j]}: {w} - {l} - {d}  [{score}] {n}']
    if t.paired:
        p = t.pentanomial(i, j)
        lines.append(f'Ptnml(0-2): {", ".join(map(str, p.counts))} '
                     f'({p.pairs} pair{"" if p.pairs == 1 else "s"})')
        lines.append(f'Elo difference: {_elo_text(p)}, nElo: {fmt_elo(p.nelo)} +/- '
                     f'{fmt_margin(p.nelo_margin)}, LOS: {100 * p.los:.1f} %, draw ratio: {draws}')
    else:
        e = Elo(w, l, d)
        lines.append(f'Elo difference: {_elo_text(e)}, LOS: {100 * e.los:.1f} %, '
                     f'draw ratio: {draws}')
    li, lj = t.lost_by_illegal_move(i, j), t.lost_by_illegal_move(j, i)
    if li or lj:
        b = Elo(w - lj, l - li, d)
        lines.append(f'Lost by an illegal move: {t.names[i]} {li}, {t.names[j]} {lj}; '
                     f'decided on the board: {b.wins} - {b.losses} - {d}, '
                     f'Elo {_elo_text(b)} (trinomial)')
    return '\n'.join(lines)


def sprt_line(sprt: Sprt, results, decided: Decision | None = None, games: int = 0) -> str:
    """The test's LLR now and its verdict: the recorded ``decided`` one when the
    test has decided (``games`` is the count now, to tell the games finished
    since), else the one the results give now."""
    llr = sprt.llr(results)
    if decided is None:
        verdict = {'H1': 'H1 accepted', 'H0': 'H0 accepted',
                   None: 'no decision yet'}[sprt.decision(results)]
    elif games <= decided.games:
        verdict = f'{decided.verdict} accepted'
    else:
        later = games - decided.games
        verdict = (f'{decided.verdict} accepted at {decided.games} games (LLR {decided.llr:.2f}); '
                   f'{later} game{"s" if later > 1 else ""} in play then ended since')
    model = 'pentanomial' if len(results) == 5 else 'trinomial'
    return (f'SPRT ({sprt.describe()}, {model}): LLR {llr:.2f} '
            f'({sprt.lower:.2f}, {sprt.upper:.2f}), {verdict}')


def fmt_duration(seconds: float) -> str:
    """``45s``, ``3m20s``, ``1h05m``, ``2d03h``.

    >>> [fmt_duration(x) for x in (0.4, 45, 200, 3900, 183600)]
    ['0s', '45s', '3m20s', '1h05m', '2d03h']
    """
    s = int(round(seconds))
    if s < 60:
        return f'{s}s'
    if s < 3600:
        return f'{s // 60}m{s % 60:02d}s'
    if s < 86400:
        return f'{s // 3600}h{s % 3600 // 60:02d}m'
    return f'{s // 86400}d{s % 86400 // 3600:02d}h'


def time_left(elapsed: float, finished: int, remaining: int) -> float | None:
    """Seconds the ``remaining`` games should take at the pace of the
    ``finished`` games of this run (``elapsed`` seconds; None before any).

    >>> time_left(120.0, 4, 36)
    1080.0
    """
    if finished <= 0:
        return None
    return elapsed / finished * remaining


def pairing_progress(t: Standings, i: int, j: int, sprt: Sprt | None = None) -> str:
    """``A vs B: +3 -1 =2 Elo +120.4 +/- 210.0`` (and the SPRT's LLR and bounds)."""
    w, l, d = t.between(i, j)
    e = t.model(i, j)
    text = (f'{t.names[i]} vs {t.names[j]}: +{w} -{l} ={d} '
            f'Elo {fmt_elo(e.diff)} +/- {fmt_margin(e.margin)}')
    if sprt:
        text += f' LLR {sprt.llr(t.sprt_results(i, j)):.2f} ({sprt.lower:.2f}, {sprt.upper:.2f})'
    return text


def progress_line(t: Standings, done: int, total: int, round_no: int, white: str, black: str,
                  result: str, reason: str, pairs: list[tuple[int, int]],
                  sprt: Sprt | None = None, left: float | None = None) -> str:
    """One line per finished game: the game, every pairing's running score and
    Elo (with an SPRT: its LLR and bounds), the time the rest should take.

    >>> t = Standings(['A', 'B', 'C'])
    >>> t.add(0, 1, '1-0', (0, 1, 0)); t.add(2, 0, '1/2-1/2', (0, 2, 0))
    >>> print(progress_line(t, 2, 12, 2, 'C', 'A', '1/2-1/2', 'Draw by repetition',
    ...                     [(0, 1), (0, 2), (1, 2)], left=250))
    [ 2/12] game 2: C - A 1/2-1/2 {Draw by repetition} | A vs B: +1 -0 =0 Elo - +/- -; A vs C: +0 -0 =1 Elo - +/- -; B vs C: +0 -0 =0 Elo - +/- - | 4m10s left
    """
    width = len(str(total))
    line = (f'[{done:>{width}}/{total}] game {round_no}: {white} - {black} {result} {{{reason}}} | '
            + '; '.join(pairing_progress(t, i, j, sprt if (i, j) == (0, 1) else None)
                        for i, j in pairs))
    if left is not None and done < total:
        line += f' | {fmt_duration(left)} left{" at most (SPRT)" if sprt else ""}'
    return line


def ranking(t: Standings) -> list[int]:
    """Engines by score against the field (best first; ties in the given order)."""
    def key(i):
        w, l, d = t.record(i)
        n = w + l + d
        return (-((w + d / 2) / n) if n else 1, i)
    return sorted(range(len(t.names)), key=key)


def _points(x: float) -> str:
    return f'{x:.1f}'


def crosstable(t: Standings, pairs: list[tuple[int, int]]) -> str:
    """Each engine's points against each other one (rows and columns in rank order;
    ``-`` on the diagonal, blank where the two do not meet).

    >>> t = Standings(['A', 'B', 'C'], paired=False)
    >>> for w, b, r in ((0, 1, '1-0'), (1, 0, '1/2-1/2'), (2, 0, '0-1'), (1, 2, '1-0')):
    ...     t.add(w, b, r)
    >>> print(crosstable(t, [(0, 1), (0, 2), (1, 2)]))
    Crosstable (points of the row's engine against the column's, of the games played)
    Rank  Name      1      2      3  Points
       1  A         -  1.5/2  1.0/1   2.5/3
       2  B     0.5/2      -  1.0/1   1.5/3
       3  C     0.0/1  0.0/1      -   0.0/2
    """
    order = ranking(t)
    met = {(i, j) for i, j in pairs} | {(j, i) for i, j in pairs}
    width = max(4, max(len(n) for n in t.names))
    cells = {}
    for i in order:
        for j in order:
            if i == j:
                cells[i, j] = '-'
            elif (i, j) in met:
                w, l, d = t.between(i, j)
                cells[i, j] = f'{_points(w + d / 2)}/{w + l + d}'
            else:
                cells[i, j] = ''
    col = max(5, max(len(c) for c in cells.values()))
    totals = {}
    for i in order:
        w, l, d = t.record(i)
        totals[i] = f'{_points(w + d / 2)}/{w + l + d}'
    tot = max(6, max(len(x) for x in totals.values()))
    out = ["Crosstable (points of the row's engine against the column's, of the games played)",
           f'{"Rank":>4}  {"Name":<{width}}  '
           + '  '.join(f'{k:>{col}}' for k in range(1, len(order) + 1)) + f'  {"Points":>{tot}}']
    for rank, i in enumerate(order, 1):
        out.append(f'{rank:>4}  {t.names[i]:<{width}}  '
                   + '  '.join(f'{cells[i, j]:>{col}}' for j in order) + f'  {totals[i]:>{tot}}')
    return '\n'.join(out)


def final_table(t: Standings, pairs: list[tuple[int, int]], sprt: Sprt | None = None,
                decided: Decision | None = None, games: int = 0) -> str:
    """The ranking (score against the field, Elo with 95% margin, draws) and
    every pairing's score, Elo and LOS; the games lost by an illegal move; the
    SPRT's line (``decided`` and ``games`` as :func:`sprt_line` takes them)."""
    rows = []
    for i in ranking(t):
        w, l, d = t.record(i)
        n = w + l + d
        rows.append(((w + d / 2) / n if n else -1, i, t.names[i], (w, l, d), t.model(i)))
    width = max(4, max(len(n) for n in t.names))
    out = [f'{"Rank":>4}  {"Name":<{width}}  {"Elo":>7}  {"+/-":>6}  {"Games":>5}  '
           f'{"Score":>6}  {"Draws":>6}  {"W-L-D":>9}']
    for rank, (score, i, name, (w, l, d), e) in enumerate(rows, 1):
        n = w + l + d
        out.append(f'{rank:>4}  {name:<{width}}  {fmt_elo(e.diff):>7}  {fmt_margin(e.margin):>6}  '
                   f'{n:>5}  {f"{100 * score:.1f}%" if n else "-":>6}  '
                   f'{f"{100 * d / n:.1f}%" if n else "-":>6}  {f"{w}-{l}-{d}":>9}')
    out.append(f'(Elo: {"pentanomial, from the finished game pairs" if t.paired else "trinomial"})')
    out.append('')
    for i, j in pairs:
        out.append(pairing_lines(t, i, j))
    if any(t.illegal.values()):
        out.append('Games lost by an illegal move: ' + ', '.join(
            f'{name} {t.lost_by_illegal_move(i)}' for i, name in enumerate(t.names)))
    if sprt and len(t.names) == 2:
        out.append(sprt_line(sprt, t.sprt_results(0, 1), decided, games))
    out.append('')
    out.append(crosstable(t, pairs))
    return '\n'.join(out)
