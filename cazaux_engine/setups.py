"""Black's choice of placement in the Cazaux games, mirrored for White.

The order is documented in :mod:`cazaux_engine.variants` (``setup``): each
group's pieces are permuted over its squares in ``itertools.permutations``
order of the listed pieces, only placements with the King on the f-file are
counted (the inventor's count: a King on the g-file is the mirror image), and
groups combine with the first group varying slowest.  Indices are 1-based.

Index 1 is *not* the variant's default FEN: the default has the King on
g1/g12, which the inventor's count leaves out as a mirror image.  The lists of
pieces are ordered so that index 1 is the default reflected left to right
(King on f1/f12, the same pieces around it), and index 0 means the default
FEN itself everywhere an index is taken (engine option ``Setup``).

>>> from cazaux_engine.variants import get_variant
>>> v = get_variant('zanzibar-s')
>>> setup_count(v)
24
>>> setup_fen(v, 1).split()[0].split('/')[-1]
'CMZVUKQFVZMC'
"""
from __future__ import annotations

import itertools
import random

from .variants import Variant, square_index


_cache: dict = {}


def _group_placements(v: Variant, group: dict) -> list[tuple]:
    key = (id(v), id(group))
    if key in _cache:
        return _cache[key][1]
    king_file = ord(v.setup['king_file']) - ord('a')
    out = []
    for perm in itertools.permutations(group['pieces']):
        ok = True
        for piece, sq in zip(perm, group['squares']):
            if piece == 'king' and square_index(sq, v.files, v.ranks)[0] != king_file:
                ok = False
        if ok:
            out.append(perm)
    _cache[key] = (v, out)      # v kept alive so its id is not reused
    return out


def setup_count(v: Variant) -> int:
    """Number of counted placements (0 for a variant without a choice)."""
    if not v.setup:
        return 0
    n = 1
    for g in v.setup['groups']:
        n *= len(_group_placements(v, g))
    return n


def setup_fen(v: Variant, index: int) -> str:
    """The start FEN of placement ``index`` (1..count; 0 = the default FEN)."""
    if index == 0:
        return v.start
    count = setup_count(v)
    if not 1 <= index <= count:
        raise ValueError(f'{v.name}: setup index must be 0..{count}, not {index}')
    k = index - 1
    groups = v.setup['groups']
    choices = []
    for g in reversed(groups):
        places = _group_placements(v, g)
        choices.append((g, places[k % len(places)]))
        k //= len(places)
    rows = _rows(v)
    for g, perm in choices:
        for piece, sq in zip(perm, g['squares']):
            f, r = square_index(sq, v.files, v.ranks)
            letter = v.letter(piece)
            rows[r][f] = letter
            rows[v.ranks - 1 - r][f] = letter.lower()
    fields = v.start.split()
    return ' '.join([placement_of_rows(rows)] + fields[1:])


def all_setup_fens(v: Variant) -> list[str]:
    return [setup_fen(v, i) for i in range(1, setup_count(v) + 1)]


def random_setup_index(v: Variant, rng: random.Random | None = None) -> int:
    """A random placement index (1..count), or 0 if the variant has no choice."""
    n = setup_count(v)
    return (rng or random).randint(1, n) if n else 0


def _rows(v: Variant) -> list[list[str]]:
    """The default placement as rows[rank][file] of letters ('' empty), rank 0 first."""
    rows = []
    for text in reversed(v.start.split()[0].split('/')):
        row = []
        i = 0
        while i < len(text):
            if text[i].isdigit():
                j = i
                while j < len(text) and text[j].isdigit():
                    j += 1
                row.extend([''] * int(text[i:j]))
                i = j
            else:
                row.append(text[i])
                i += 1
        rows.append(row)
    return rows


def placement_of_rows(rows: list[list[str]]) -> str:
    """The FEN placement field of rows[rank][file] of letters ('' empty),
    rank 0 first (the layout of :func:`_rows`)."""
    out = []
    for row in reversed(rows):
        s, empty = '', 0
        for ch in row:
            if ch:
                s += (str(empty) if empty else '') + ch
                empty = 0
            else:
                empty += 1
        out.append(s + (str(empty) if empty else ''))
    return '/'.join(out)
