"""Who plays whom, with which colour, from which opening.

Round robin: every pair of engines plays ``games`` games; gauntlet: the
first engine plays ``games`` games against each of the others.  Games
2k and 2k+1 of a pairing use opening k with colours swapped, and the
pairings take turns, so that a partial tournament is balanced.  Game
numbers (PGN ``Round``) are 1-based and do not depend on how many games
are asked for: a tournament extended with a larger ``games`` keeps the
games already played.  The two games of an opening form a game pair
(``Pairing.pair``, the same for both), the unit of the pentanomial
statistics; a last game without its partner (an odd ``games``) has none.

>>> from tournament.openings import Opening, Openings
>>> s = make_schedule(3, 2, Openings([Opening('fen0'), Opening('fen1')]))
>>> [(p.round, p.white, p.black, p.opening.fen) for p in s]
[(1, 0, 1, 'fen0'), (2, 0, 2, 'fen0'), (3, 1, 2, 'fen0'), (4, 1, 0, 'fen0'), (5, 2, 0, 'fen0'), (6, 2, 1, 'fen0')]
"""
from __future__ import annotations

from dataclasses import dataclass

from .openings import Opening, Openings


@dataclass(frozen=True)
class Pairing:
    round: int
    white: int
    black: int
    opening: Opening
    pair: tuple | None = None       # (engine i, engine j, opening number) of a game pair


def pairs(n_engines: int, gauntlet: bool = False) -> list[tuple[int, int]]:
    if gauntlet:
        return [(0, j) for j in range(1, n_engines)]
    return [(i, j) for i in range(n_engines) for j in range(i + 1, n_engines)]


def make_schedule(n_engines: int, games: int, openings: Openings,
                  gauntlet: bool = False) -> list[Pairing]:
    out = []
    for g in range(games):
        op = openings.get(g // 2)
        for i, j in pairs(n_engines, gauntlet):
            w, b = (i, j) if g % 2 == 0 else (j, i)
            pair = (i, j, g // 2) if (g ^ 1) < games else None
            out.append(Pairing(len(out) + 1, w, b, op, pair))
    return out
