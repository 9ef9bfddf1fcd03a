"""Transposition table: a fixed-size list of packed ints.

Each slot holds one int (0 = empty)::

    move | depth << 27 | bound << 35 | (score + SCORE_BIAS) << 37 | age << 58 | key << 64

``key`` is the full 64-bit Zobrist hash, so a probe is verified exactly.
Plain ints are not tracked by Python's garbage collector and cost about
60 bytes each, which is how the size in megabytes is honoured: the table
has the largest power-of-two number of slots that fits.

Replacement: two slots per position (``index`` and ``index ^ 1``).  A store
overwrites the slot that already holds the same position (unless that result
is more than two plies deeper and the new one is only a bound), else an empty one,
else the slot with the lower "worth" (depth, minus 4 for each search since
it was written).  Mate scores are stored relative to the node (see
:func:`score_to_tt`), so they stay true wherever the position recurs.

>>> tt = TranspositionTable(1)
>>> tt.store(0x1234, 77, 5, EXACT, 42)
>>> tt.probe(0x1234)
(77, 5, 3, 42)
"""
from __future__ import annotations

from .params import MATE_BOUND

UPPER, LOWER, EXACT = 1, 2, 3

MOVE_MASK = (1 << 27) - 1
SCORE_BIAS = 1 << 20
BYTES_PER_SLOT = 64


def score_to_tt(score: int, ply: int) -> int:
    """A mate score counted from the node instead of from the root."""
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


def score_from_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


class TranspositionTable:
    """See the module docstring."""

    def __init__(self, mb: float = 64):
        self.resize(mb)

    def resize(self, mb: float) -> None:
        slots = max(1024, int(mb * (1 << 20)) // BYTES_PER_SLOT)
        size = 1 << (slots.bit_length() - 1)
        self.table = [0] * size         # first: a MemoryError leaves the table as it was
        self.size = size
        self.mask = size - 2           # even index; its pair is index ^ 1
        self.age = 0

    def clear(self) -> None:
        self.table = [0] * self.size
        self.age = 0

    def new_search(self) -> None:
        self.age = (self.age + 1) & 63

    def probe(self, key: int):
        """(move, depth, bound, score) stored for ``key``, or None."""
        t = self.table
        i = key & self.mask
        e = t[i]
        if e >> 64 != key:
            e = t[i + 1]
            if e >> 64 != key:
                return None
        return (e & MOVE_MASK, e >> 27 & 255, e >> 35 & 3,
                (e >> 37 & 0x1FFFFF) - SCORE_BIAS)

    def store(self, key: int, move: int, depth: int, bound: int, score: int) -> None:
        """Record a result; ``depth`` is clamped to 0..255."""
        t = self.table
        i = key & self.mask
        age = self.age
        e = t[i]
        if e >> 64 != key:
            e1 = t[i + 1]
            if e1 >> 64 == key:
                i += 1
                e = e1
            elif e and (not e1 or (e1 >> 27 & 255) - 4 * ((age - (e1 >> 58 & 63)) & 63)
                        < (e >> 27 & 255) - 4 * ((age - (e >> 58 & 63)) & 63)):
                i += 1
                e = e1
        if e >> 64 == key:
            if depth + 2 < (e >> 27 & 255) and bound != EXACT:
                return                  # keep the deeper result of this position
            if not move:
                move = e & MOVE_MASK    # keep the old best move of this position
        if depth < 0:
            depth = 0
        elif depth > 255:
            depth = 255
        t[i] = (move | depth << 27 | bound << 35 | (score + SCORE_BIAS) << 37
                | age << 58 | key << 64)

    def hashfull(self) -> int:
        """Permille of the first 1000 slots written during this search."""
        t = self.table
        age = self.age
        n = min(1000, self.size)
        used = sum(1 for e in t[:n] if e and (e >> 58 & 63) == age)
        return used * 1000 // n
