"""Scores and how they are shown: the progress line and the final table.

>>> t = Standings(['A', 'B'])
>>> for r in ('1-0', '1/2-1/2', '1-0', '0-1'):
...     t.add(0, 1, r)
>>> t.record(0)
(2, 1, 1)
>>> print(pairing_lines(t, 0, 1))
Score of A vs B: 2 - 1 - 1  [0.625] 4
Elo difference: +88.7 +/- - (95% interval -221.2 to +inf), LOS: 71.8 %, draw ratio: 25.0 %
"""
from __future__ import annotations

import math

from .elo import Elo, fmt_elo, fmt_margin
from .sprt import Sprt


class Standings:
    """Wins, losses and draws per engine and per pair of engines."""

    def __init__(self, names: list[str]):
        self.names = names
        self.pair: dict = {}        # (i, j) -> [wins of i, losses of i, draws]
        self.games = 0

    def add(self, white: int, black: int, result: str) -> None:
        self.games += 1
        for a, b, pts in ((white, black, {'1-0': 1, '0-1': 0}.get(result)),
                          (black, white, {'1-0': 0, '0-1': 1}.get(result))):
            rec = self.pair.setdefault((a, b), [0, 0, 0])
            rec[0 if pts == 1 else 1 if pts == 0 else 2] += 1

    def between(self, i: int, j: int) -> tuple[int, int, int]:
        return tuple(self.pair.get((i, j), (0, 0, 0)))

    def record(self, i: int) -> tuple[int, int, int]:
        w = l = d = 0
        for (a, _), (x, y, z) in self.pair.items():
            if a == i:
                w, l, d = w + x, l + y, d + z
        return w, l, d


def pairing_lines(t: Standings, i: int, j: int) -> str:
    w, l, d = t.between(i, j)
    e = Elo(w, l, d)
    n = w + l + d
    score = f'{e.score:.3f}' if n else '-'
    lo, hi = e.interval
    extra = ''
    if n and math.isnan(e.margin) and not (math.isnan(lo) or math.isinf(lo) and math.isinf(hi)):
        extra = f' (95% interval {fmt_elo(lo)} to {fmt_elo(hi)})'
    return (f'Score of {t.names[i]} vs {t.names[j]}: {w} - {l} - {d}  [{score}] {n}\n'
            f'Elo difference: {fmt_elo(e.diff)} +/- {fmt_margin(e.margin)}{extra}, '
            f'LOS: {100 * e.los:.1f} %, draw ratio: {100 * e.draw_ratio if n else 0:.1f} %')


def sprt_line(sprt: Sprt, w: int, l: int, d: int) -> str:
    llr = sprt.llr(w, l, d)
    decision = sprt.decision(w, l, d)
    verdict = {'H1': 'H1 accepted', 'H0': 'H0 accepted', None: 'no decision yet'}[decision]
    return (f'SPRT (elo0={sprt.elo0:g}, elo1={sprt.elo1:g}, alpha={sprt.alpha:g}, '
            f'beta={sprt.beta:g}): LLR {llr:.2f} ({sprt.lower:.2f}, {sprt.upper:.2f}), {verdict}')


def progress_line(t: Standings, done: int, total: int, round_no: int, white: str, black: str,
                  result: str, reason: str, sprt: Sprt | None = None) -> str:
    """One line per finished game: the game, then the first engine's running score."""
    w, l, d = t.between(0, 1) if len(t.names) == 2 else t.record(0)
    e = Elo(w, l, d)
    who = f'{t.names[0]} vs {t.names[1]}' if len(t.names) == 2 else f'{t.names[0]} vs field'
    width = len(str(total))
    line = (f'[{done:>{width}}/{total}] game {round_no}: {white} - {black} {result} {{{reason}}} | '
            f'{who}: +{w} -{l} ={d} Elo {fmt_elo(e.diff)} +/- {fmt_margin(e.margin)}')
    if sprt:
        line += f' LLR {sprt.llr(w, l, d):.2f}'
    return line


def final_table(t: Standings, pairs: list[tuple[int, int]], sprt: Sprt | None = None) -> str:
    """The ranking (score against the field, Elo with 95% margin, draws) and
    every pairing's score, Elo and LOS."""
    rows = []
    for i, name in enumerate(t.names):
        w, l, d = t.record(i)
        e = Elo(w, l, d)
        rows.append((e.score if e.games else -1, i, name, e))
    rows.sort(key=lambda r: (-r[0], r[1]))
    width = max(4, max(len(n) for n in t.names))
    out = [f'{"Rank":>4}  {"Name":<{width}}  {"Elo":>7}  {"+/-":>6}  {"Games":>5}  '
           f'{"Score":>6}  {"Draws":>6}  {"W-L-D":>9}']
    for rank, (_, i, name, e) in enumerate(rows, 1):
        score = f'{100 * e.score:.1f}%' if e.games else '-'
        draws = f'{100 * e.draw_ratio:.1f}%' if e.games else '-'
        out.append(f'{rank:>4}  {name:<{width}}  {fmt_elo(e.diff):>7}  {fmt_margin(e.margin):>6}  '
                   f'{e.games:>5}  {score:>6}  {draws:>6}  '
                   f'{f"{e.wins}-{e.losses}-{e.draws}":>9}')
    out.append('')
    for i, j in pairs:
        out.append(pairing_lines(t, i, j))
    if sprt and len(t.names) == 2:
        out.append(sprt_line(sprt, *t.between(0, 1)))
    return '\n'.join(out)
