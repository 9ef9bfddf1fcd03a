"""Betza notation: the single source of a piece's moves.

A piece is defined by a Betza string (H.G. Muller's XBetza dialect, the subset
these games need).  :func:`parse` turns it into :class:`Atom` records, from
which :mod:`cazaux_engine.rules` builds the move generator's per-square tables;
the same string (plus the variant's pawn, jump and castling rules, see
:func:`protocol.xboard_variants.xboard_betza`) is what an XBoard
``piece`` command carries.

Supported:

* leaper atoms ``W F D A H G N C Z`` and the compounds ``K`` (WF),
  ``Q`` (RB), ``R`` (WW), ``B`` (FF); a doubled leaper letter is a rider
  (``NN`` nightrider);
* mode prefixes ``m`` (move only), ``c`` (capture only), ``p`` (hop: a rider
  that must jump exactly one piece), ``n`` (lame leap: the squares the leap
  passes must be empty);
* direction prefixes ``f b l r s v`` (relative to White; Black's moves are
  mirrored);
* the bent rider ``XyafsX`` (X = F or W): one X step that must land on an
  empty square, then a slide at 45 degrees on either side of that step
  (the Eagle ``FyafsF`` and the Rhinoceros ``WyafsW``).

>>> [a.kind for a in parse('mRcpR')]
['ride', 'hop']
>>> sorted(parse('fmW')[0].vectors)
[(0, 1)]
"""
from __future__ import annotations

from dataclasses import dataclass

# Leaper atoms as one representative (dx, dy); all 8 symmetries are implied.
LEAPERS = {
    'W': (1, 0), 'F': (1, 1), 'D': (2, 0), 'A': (2, 2), 'H': (3, 0),
    'G': (3, 3), 'N': (2, 1), 'C': (3, 1), 'Z': (3, 2),
}
COMPOUNDS = {'K': 'WF', 'Q': 'WWFF', 'R': 'WW', 'B': 'FF'}
MODES = set('mcpn')
DIRECTIONS = set('fblrsv')


class BetzaError(ValueError):
    """A Betza string this engine cannot interpret."""


@dataclass(frozen=True)
class Atom:
    """One kind of move of a piece.

    kind: ``leap`` (jump to ``vectors``), ``ride`` (slide along ``vectors``),
    ``hop`` (slide along ``vectors`` over exactly one screen; only the
    square after the screen is reached), ``bent`` (step along ``vectors``,
    then slide on at 45 degrees on either side).
    """
    kind: str
    vectors: tuple[tuple[int, int], ...]
    move: bool = True      # may go to an empty square
    capture: bool = True   # may capture
    lame: bool = False     # squares crossed by a leap must be empty


def symmetries(v: tuple[int, int]) -> list[tuple[int, int]]:
    """All distinct images of a vector under the 8 board symmetries."""
    x, y = v
    out = []
    for a, b in ((x, y), (y, x)):
        for sx in (1, -1):
            for sy in (1, -1):
                w = (a * sx, b * sy)
                if w not in out:
                    out.append(w)
    return out


def _select(vectors: list[tuple[int, int]], dirs: str) -> list[tuple[int, int]]:
    """Restrict vectors to the Betza direction letters in ``dirs``."""
    if not dirs:
        return vectors

    def fwd(v): return v[1] > 0
    def back(v): return v[1] < 0
    def left(v): return v[0] < 0
    def right(v): return v[0] > 0
    def side(v): return abs(v[0]) > abs(v[1]) if v[0] and v[1] else v[1] == 0
    def vert(v): return abs(v[1]) > abs(v[0]) if v[0] and v[1] else v[0] == 0
    test = {'f': fwd, 'b': back, 'l': left, 'r': right, 's': side, 'v': vert}
    diagonal = all(abs(v[0]) == abs(v[1]) for v in vectors)
    if diagonal and len(dirs) == 2 and dirs[0] in 'fb' and dirs[1] in 'lr':
        # fl, fr, bl, br on diagonal atoms: one diagonal each
        return [v for v in vectors if test[dirs[0]](v) and test[dirs[1]](v)]
    if len(dirs) == 2 and not diagonal and dirs[0] in 'fb' and dirs[1] in 'sv' \
            and all(v[0] and v[1] for v in vectors):
        # oblique atoms: fs = forward and flat, fv = forward and narrow
        return [v for v in vectors if test[dirs[0]](v) and test[dirs[1]](v)]
    if diagonal and any(d in 'sv' for d in dirs):
        raise BetzaError(f'direction {dirs!r} is ambiguous on a diagonal atom')
    return [v for v in vectors if any(test[d](v) for d in dirs)]


def parse(text: str) -> list[Atom]:
    """Parse a Betza string into atoms (see the module docstring).

    >>> parse('N')[0].kind, len(parse('N')[0].vectors)
    ('leap', 8)
    >>> parse('FyafsF')[1].kind
    'bent'
    """
    atoms: list[Atom] = []
    i = 0
    n = len(text)
    while i < n:
        start = i
        prefix = ''
        while i < n and text[i].islower():
            prefix += text[i]
            i += 1
        if i >= n:
            raise BetzaError(f'{text!r}: modifiers {prefix!r} without a piece letter')
        letter = text[i]
        i += 1
        rider = False
        if i < n and text[i] == letter and letter in LEAPERS:
            rider = True
            i += 1
        if i < n and text[i].isdigit():
            raise BetzaError(f'{text!r}: range limits are not supported')
        atoms.extend(_atoms(text, start, prefix, letter, rider))
    if not atoms:
        raise BetzaError('empty Betza string')
    return atoms


def _atoms(text, start, prefix, letter, rider):
    if letter in COMPOUNDS:
        parts = COMPOUNDS[letter]
        out = []
        j = 0
        while j < len(parts):
            sub = parts[j]
            is_rider = j + 1 < len(parts) and parts[j + 1] == sub
            out.extend(_atoms(text, start, prefix, sub, is_rider))
            j += 2 if is_rider else 1
        return out
    if letter not in LEAPERS:
        raise BetzaError(f'{text!r}: unknown piece letter {letter!r}')
    vectors = symmetries(LEAPERS[letter])
    if 'y' in prefix or 'a' in prefix:
        if prefix != 'yafs' or letter not in 'FW' or rider:
            raise BetzaError(f'{text!r}: only the bent form XyafsX (X = F or W) is supported')
        return [Atom('bent', tuple(vectors))]
    bad = set(prefix) - MODES - DIRECTIONS
    if bad:
        raise BetzaError(f'{text!r}: unsupported modifier(s) {"".join(sorted(bad))!r}')
    dirs = ''.join(c for c in prefix if c in DIRECTIONS)
    modes = set(prefix) & MODES
    vectors = _select(vectors, dirs)
    if not vectors:
        raise BetzaError(f'{text!r}: directions {dirs!r} select no move')
    move = 'c' not in modes or 'm' in modes
    capture = 'm' not in modes or 'c' in modes
    if 'p' in modes:
        if not rider:
            raise BetzaError(f'{text!r}: hop (p) needs a rider')
        if move:
            raise BetzaError(f'{text!r}: only capturing hops (cp) are supported')
        return [Atom('hop', tuple(vectors), move=False, capture=True)]
    lame = 'n' in modes
    if lame and rider:
        raise BetzaError(f'{text!r}: lame riders are not supported')
    if lame and (LEAPERS[letter] not in ((2, 0), (2, 2)) or capture):
        raise BetzaError(f'{text!r}: only non-capturing lame D and A leaps (mnD, mnA) are supported')
    return [Atom('ride' if rider else 'leap', tuple(vectors), move, capture, lame)]


def crossed(v: tuple[int, int]) -> list[tuple[int, int]]:
    """Squares (relative) passed over by a straight leap, e.g. D (2,0) -> [(1,0)]."""
    x, y = v
    k = max(abs(x), abs(y))
    sx, sy = (x > 0) - (x < 0), (y > 0) - (y < 0)
    return [(sx * j, sy * j) for j in range(1, k)]


def bent_slides(step: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two slide directions 45 degrees either side of a unit step.

    >>> bent_slides((1, 1))
    ((1, 0), (0, 1))
    >>> bent_slides((0, 1))
    ((-1, 1), (1, 1))
    """
    x, y = step
    if x and y:
        return (x, 0), (0, y)
    if x:
        return (x, -1), (x, 1)
    return (-1, y), (1, y)
