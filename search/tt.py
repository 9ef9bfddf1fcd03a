"""Transposition table: two 64-bit words per slot, shared by the search threads.

Each slot holds a data word and, beside it, a key word (both 0 when empty)::

    data = move | depth << 27 | bound << 35 | (score + SCORE_BIAS) << 37 | age << 58
    key word = Zobrist key ^ data

Storing the key XOR the data lets several threads read and write the table
without locks: an entry torn by two simultaneous writes fails the key test
and is treated as a miss (the "lockless hashing" of Hyatt and Mann).  The
table has the largest power-of-two number of slots that fits the size in
megabytes.

Replacement: two slots per position (``index`` and ``index ^ 1``), side
by side in memory: the four words of a probe share one cache line (with
data and keys in two arrays, a probe of a large table cost two misses).  A store
overwrites the slot that already holds the same position (unless that result
is more than two plies deeper and the new one is only a bound), else an empty one,
else the slot with the lower "worth" (depth, minus 4 for each search since
it was written).  Mate scores are stored relative to the node (see
:func:`score_to_tt`), so they stay true wherever the position recurs.

Memory: the table's words come zeroed from the operating system (an
anonymous memory map), taken page by page as the search first writes them,
so that making or resizing even the largest table answers at once
(writing 4 GB of zeros took seven seconds).  Those first writes cost
time, though: a fresh 64 MB table made the first move of every game spend
about a tenth of a second in the system's page faults (large pages of 2 MB
zeroed one by one), on the clock.  So a table of up to ``CLEAR_IN_PLACE_MB``
whose pages were written (by a search, or by :meth:`touch`) is cleared (a
new game) by writing zeros over its words, 14 ms for 64 MB once its pages
are in memory, which keeps them there; a larger one, or one not written
since it was mapped, gets a new map, as when it was made.
:meth:`touch` takes a fresh table's pages at once (about 0.1 s for 64 MB),
for the protocol to call where the GUI waits and no clock runs (UCI's
``isready``, XBoard's ``ping``, and the handshakes before ``uciok`` and
XBoard's ``feature done=1``).  A size larger than the
memory the machine has free (and the table's own) raises MemoryError and
leaves the table as it was.

>>> tt = TranspositionTable(1)
>>> tt.store(0x1234, 77, 5, EXACT, 42)
>>> tt.probe(0x1234)
(77, 5, 3, 42)
"""
from __future__ import annotations

import ctypes
import mmap
import os

import cython

from . import params

if not cython.compiled:                   # compiled: the enums of tt.pxd
    UPPER, LOWER, EXACT = 1, 2, 3
    MOVE_MASK = (1 << 27) - 1
    SCORE_BIAS = 1 << 20
MATE_BOUND = cython.declare(cython.int, params.MATE_BOUND)
BYTES_PER_SLOT = 16
CLEAR_IN_PLACE_MB = 256          # clear a table up to this size by zeroing it where it is


def available_memory() -> int | None:
    """Bytes of memory the machine can still give (Linux's MemAvailable, or
    the free physical pages elsewhere); None where it cannot be told."""
    try:
        with open('/proc/meminfo') as f:
            for line in f:
                if line.startswith('MemAvailable:'):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    if hasattr(os, 'sysconf'):             # not on Windows: there the size goes unchecked
        try:
            return os.sysconf('SC_AVPHYS_PAGES') * os.sysconf('SC_PAGE_SIZE')
        except (ValueError, OSError):
            pass
    return None


def zeroed_words(n: int):
    """``n`` 64-bit words, all 0, as a memoryview: pages of zeros mapped
    from the operating system, given memory only when first written."""
    if hasattr(mmap, 'MAP_PRIVATE'):
        mem = mmap.mmap(-1, n * 8, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        if hasattr(mmap, 'MADV_HUGEPAGE'):  # Linux: large pages where the system allows
            try:
                mem.madvise(mmap.MADV_HUGEPAGE)
            except OSError:
                pass
    else:                                   # Windows: an anonymous map is zeroed too
        mem = mmap.mmap(-1, n * 8)
    return memoryview(mem).cast('Q')


def zero_in_place(words) -> None:
    """Write zeros over the words of ``words`` (a view of :func:`zeroed_words`):
    the pages stay in memory, so no search pays for them again."""
    first = ctypes.c_char.from_buffer(words.obj)     # the map itself, writable
    try:
        ctypes.memset(ctypes.addressof(first), 0, words.nbytes)
    finally:
        del first               # release the map's buffer


def score_to_tt(score: cython.int, ply: cython.int) -> cython.int:
    """A mate score counted from the node instead of from the root."""
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


def score_from_tt(score: cython.int, ply: cython.int) -> cython.int:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


def entry_move(e: cython.ulonglong) -> cython.int:
    return e & MOVE_MASK


def entry_depth(e: cython.ulonglong) -> cython.int:
    return e >> 27 & 255


def entry_bound(e: cython.ulonglong) -> cython.int:
    return e >> 35 & 3


def entry_score(e: cython.ulonglong) -> cython.int:
    return cython.cast(cython.int, e >> 37 & 0x1FFFFF) - SCORE_BIAS


def entry_age(e: cython.ulonglong) -> cython.int:
    return e >> 58 & 63


@cython.cclass
class TranspositionTable:
    """See the module docstring."""

    def __init__(self, mb: float = 64):
        self.size = 0
        self.resize(mb)

    def resize(self, mb: float) -> None:
        """A new, empty table of ``mb`` megabytes (MemoryError: more than the
        machine can give; the table stays as it was)."""
        slots = max(1024, int(mb * (1 << 20)) // BYTES_PER_SLOT)
        size = 1 << (slots.bit_length() - 1)
        free = available_memory()
        if free is not None and size * BYTES_PER_SLOT > free + self.size * BYTES_PER_SLOT:
            raise MemoryError(f'{size * BYTES_PER_SLOT >> 20} MB asked, '
                              f'{free >> 20} MB free')
        try:
            words = zeroed_words(2 * size)  # first: a failure leaves the table as it was
        except (OSError, OverflowError, ValueError) as e:
            raise MemoryError(str(e)) from None
        self.words = self.table = words
        self.size = size
        self.mask = size - 2           # even index; its pair is index ^ 1
        self.age = 0
        self.touched = False

    def clear(self) -> None:
        """Empty the table (a new game): in place if its pages were written
        and it is no larger than ``CLEAR_IN_PLACE_MB`` (they stay in
        memory), else with a new map (see the module docstring)."""
        if self.touched and self.small_enough_to_zero():
            zero_in_place(self.table)
        else:
            self.words = self.table = zeroed_words(2 * self.size)
            self.touched = False
        self.age = 0

    def touch(self) -> None:
        """Take the pages of a fresh table of up to ``CLEAR_IN_PLACE_MB``
        now, so that no search pays for them (not while a search runs)."""
        if not self.touched and self.small_enough_to_zero():
            zero_in_place(self.table)
            self.touched = True

    def small_enough_to_zero(self) -> bool:
        """Is the table small enough (``CLEAR_IN_PLACE_MB``) to write zeros over?"""
        return self.size * BYTES_PER_SLOT <= CLEAR_IN_PLACE_MB << 20

    def new_search(self) -> None:
        """A search begins: older entries are worth less from now on."""
        self.age = (self.age + 1) & 63
        self.touched = True

    def lookup(self, key: cython.ulonglong) -> cython.ulonglong:
        """The data word stored for ``key``, 0 if none."""
        i: cython.Py_ssize_t = 2 * (key & self.mask)       # slot k: words 2k (data), 2k + 1 (key)
        e: cython.ulonglong = self.words[i]
        if self.words[i + 1] ^ e == key:
            return e
        e = self.words[i + 2]
        if self.words[i + 3] ^ e == key:
            return e
        return 0

    def probe(self, key: int):
        """(move, depth, bound, score) stored for ``key``, or None."""
        e = self.lookup(key)
        if not e:
            return None
        return entry_move(e), entry_depth(e), entry_bound(e), entry_score(e)

    def store(self, key: cython.ulonglong, move: cython.int, depth: cython.int,
              bound: cython.int, score: cython.int) -> None:
        """Record a result; ``depth`` is clamped to 0..255."""
        i: cython.Py_ssize_t = 2 * (key & self.mask)       # the data word of the first slot
        age: cython.int = self.age
        e: cython.ulonglong = self.words[i]
        e1: cython.ulonglong
        same: cython.bint = self.words[i + 1] ^ e == key
        if not same:
            e1 = self.words[i + 2]
            if self.words[i + 3] ^ e1 == key:
                i += 2
                e = e1
                same = True
            elif e and (not e1 or entry_depth(e1) - 4 * ((age - entry_age(e1)) & 63)
                        < entry_depth(e) - 4 * ((age - entry_age(e)) & 63)):
                i += 2
                e = e1
                same = self.words[i + 1] ^ e == key
        if same:
            if depth + 2 < entry_depth(e) and bound != EXACT:
                return                  # keep the deeper result of this position
            if not move:
                move = entry_move(e)    # keep the old best move of this position
        if depth < 0:
            depth = 0
        elif depth > 255:
            depth = 255
        e = (cython.cast(cython.ulonglong, move) | cython.cast(cython.ulonglong, depth) << 27
             | cython.cast(cython.ulonglong, bound) << 35
             | cython.cast(cython.ulonglong, score + SCORE_BIAS) << 37
             | cython.cast(cython.ulonglong, age) << 58)
        self.words[i] = e
        self.words[i + 1] = key ^ e

    def hashfull(self) -> int:
        """Permille of the first 1000 slots written during this search."""
        n = min(1000, self.size)
        used = 0
        for i in range(n):
            e = self.words[2 * i]
            if e and entry_age(e) == self.age:
                used += 1
        return used * 1000 // n
