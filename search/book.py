"""The engine's own opening books: the format, reading, probing.

Polyglot books key positions with 64-bit Zobrist keys from a fixed table of
random numbers for 12 piece types on 64 squares: they cannot hold a 12x12,
10x10 or 4x11 board, nor the Cazaux pieces.  Extending Polyglot would mean a
new random table per variant, binary files nobody else reads, and keys that
change whenever a variant's definition does.  These books are small (a few
hundred positions per variant), so they key a position by its FEN instead:
readable, unique for every board size and piece set, independent of the
engine's internal hashing, and checked against the rules when read.

A book file is UTF-8 text::

    cazaux-engine book 1
    # comments start with '#'
    variant pemba
    <placement> <side> <castling> <ep><TAB><move> <weight> <score><TAB><move> <weight> <score>...

The first line names the format; ``variant NAME`` starts the positions of
one variant (a file may hold several).  A position line is the first four
fields of its FEN (as ``to_fen`` writes them: the e.p. square only when an
e.p. capture is legal), then for each book move, after a tab: the move in
coordinate notation (as the engines speak UCI, ranks from 1), its weight
(a whole number > 0: the move is played with probability weight / sum of the
position's weights) and its score (centipawns for the side to move, from the
book's analysis; for information).

:meth:`Book.load` checks every line and every move against the rules and
raises :class:`BookError` naming the first bad one, so a corrupt book is
refused whole rather than half played.  The books shipped with the engine
(``search/books/VARIANT.book``, one per built-in variant) are built by
``cazaux-engine book build`` (:mod:`tuning.book`; docs/book.md).

>>> from cazaux_engine import start_position, move_text
>>> pos = start_position('chess')
>>> b = Book.parse('cazaux-engine book 1\\nvariant chess\\n' + key(pos) + '\\te2e4 3 20\\td2d4 1 15\\n')
>>> [(move_text(pos, m), w) for m, w, s in b.moves(pos)]
[('e2e4', 3), ('d2d4', 1)]
"""
from __future__ import annotations

import os

from cazaux_engine.fen import FenError, parse_fen, to_fen
from cazaux_engine.movegen import legal_moves
from cazaux_engine.notation import IllegalMoveError, move_text, parse_move
from cazaux_engine.position import Position
from cazaux_engine.variants import VARIANT_NAMES, VariantError, get_variant

HEADER = 'cazaux-engine book 1'
BOOKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'books')
MAX_BYTES = 64 << 20          # a book file larger than this is refused


class BookError(ValueError):
    """A book file that cannot be used; the message names the file and line."""


def key(pos: Position) -> str:
    """The book key of ``pos``: the first four fields of its FEN."""
    return ' '.join(to_fen(pos).split()[:4])


def builtin_path(variant: str) -> str:
    """Where the shipped book of a built-in variant is."""
    return os.path.join(BOOKS, f'{variant}.book')


class Book:
    """Book positions of one or more variants: ``{variant: {key: [(move
    text, weight, score), ...]}}``, as read (moves checked when loaded)."""

    def __init__(self, entries: dict | None = None, source: str = ''):
        self.entries: dict[str, dict[str, list[tuple[str, int, int]]]] = entries or {}
        self.source = source

    # -- reading ---------------------------------------------------------------------
    @classmethod
    def load(cls, path: str, registry=None) -> 'Book':
        """The book of file ``path``; BookError when it is missing or bad.
        ``registry`` (a Registry) knows the variants of variant files."""
        try:
            if os.path.getsize(path) > MAX_BYTES:
                raise BookError(f'{path}: larger than {MAX_BYTES >> 20} MB')
            with open(path, encoding='utf-8') as f:
                text = f.read()
        except (OSError, ValueError) as e:
            if isinstance(e, BookError):
                raise
            raise BookError(f'cannot read {path}: {getattr(e, "strerror", None) or e}') from None
        return cls.parse(text, path, registry)

    @classmethod
    def parse(cls, text: str, source: str = '<book>', registry=None) -> 'Book':
        """The book of ``text`` (see the module docstring); BookError if bad."""
        lines = text.splitlines()
        first = next((i for i, s in enumerate(lines) if s.strip() and not s.startswith('#')), None)
        if first is None or lines[first].strip() != HEADER:
            raise BookError(f'{source}: not a cazaux-engine book (the first line must be '
                            f'{HEADER!r})')
        entries: dict = {}
        variant = None
        for n, line in enumerate(lines[first + 1:], start=first + 2):
            if not line.strip() or line.startswith('#'):
                continue
            where = f'{source}, line {n}'
            if line.startswith('variant '):
                name = line.split(None, 1)[1].strip()
                try:
                    variant = registry.get(name) if registry is not None else get_variant(name)
                except (KeyError, VariantError):
                    raise BookError(f'{where}: unknown variant {name!r}') from None
                entries.setdefault(variant.name, {})
                continue
            if variant is None:
                raise BookError(f'{where}: a position before any "variant NAME" line')
            fields = line.rstrip('\n').split('\t')
            if len(fields) < 2:
                raise BookError(f'{where}: expected a FEN key, a tab and book moves')
            k = ' '.join(fields[0].split())
            try:
                pos = parse_fen(variant, k + ' 0 1')
            except FenError as e:
                raise BookError(f'{where}: bad position: {e}') from None
            if key(pos) != k:
                raise BookError(f'{where}: the key {k!r} is not in the form to_fen writes '
                                f'({key(pos)!r})')
            legal = legal_moves(pos)
            moves = []
            for item in fields[1:]:
                parts = item.split()
                if len(parts) != 3:
                    raise BookError(f'{where}: book move {item!r} is not "MOVE WEIGHT SCORE"')
                text_, weight, score = parts
                try:
                    m = parse_move(pos, text_, 1, legal)
                    w, s = int(weight), int(score)
                except IllegalMoveError as e:
                    raise BookError(f'{where}: {e}') from None
                except ValueError:
                    raise BookError(f'{where}: weight and score of {text_} must be whole '
                                    'numbers') from None
                if w <= 0:
                    raise BookError(f'{where}: the weight of {text_} must be above 0')
                moves.append((move_text(pos, m), w, s))
            entries[variant.name][k] = moves
        return cls(entries, source)

    # -- writing ---------------------------------------------------------------------
    def text(self) -> str:
        """The book in its file format (positions sorted, so a rebuild diffs cleanly)."""
        out = [HEADER]
        for v in sorted(self.entries):
            out.append(f'variant {v}')
            for k in sorted(self.entries[v]):
                out.append('\t'.join([k] + [f'{m} {w} {s}' for m, w, s in self.entries[v][k]]))
        return '\n'.join(out) + '\n'

    # -- probing ---------------------------------------------------------------------
    def positions(self, variant: str | None = None) -> int:
        """How many positions the book holds (of ``variant``, or in all)."""
        if variant is not None:
            return len(self.entries.get(variant, {}))
        return sum(len(e) for e in self.entries.values())

    def moves(self, pos: Position) -> list[tuple[int, int, int]]:
        """The book moves of ``pos`` as (move, weight, score); [] if none."""
        found = self.entries.get(pos.rules.variant.name, {}).get(key(pos))
        if not found:
            return []
        legal = legal_moves(pos)
        out = []
        for text, w, s in found:
            try:
                out.append((parse_move(pos, text, 1, legal), w, s))
            except IllegalMoveError:
                pass
        return out

    def pick(self, pos: Position, rng, allowed=None) -> tuple[int, int] | None:
        """A book move of ``pos`` drawn by weight with ``rng`` -> (move,
        score), among ``allowed`` moves only when given; None if none."""
        cands = [(m, w, s) for m, w, s in self.moves(pos) if allowed is None or m in allowed]
        if not cands:
            return None
        m, _, s = rng.choices(cands, [w for _, w, _ in cands])[0]
        return m, s


_SHIPPED: dict[str, tuple[tuple[int, int], Book]] = {}      # path -> (its stat, its book)


def shipped_book(path: str) -> Book:
    """The shipped book at ``path``, read once per process while the file
    stays the same (its size and time): every session of a process (the
    tests make hundreds) shares it, as nothing changes a Book once read.
    BookError as :meth:`Book.load`."""
    try:
        st = os.stat(path)
    except OSError:
        return Book.load(path)              # its error: cannot read
    stamp = (st.st_mtime_ns, st.st_size)
    known = _SHIPPED.get(path)
    if known is None or known[0] != stamp:
        known = _SHIPPED[path] = (stamp, Book.load(path))
    return known[1]


class Books:
    """The book a session plays from: the file of option ``Book File``, or
    the shipped books (read when a variant first asks; a variant without a
    shipped book, as those of variant files, has none)."""

    def __init__(self, path: str = '', registry=None):
        """``path`` '': the shipped books; else that file (BookError if bad)."""
        self.path = path
        self.registry = registry
        self.file = Book.load(path, registry) if path else None
        self.shipped: dict[str, Book | None] = {}
        self.errors: list[str] = []          # shipped books that could not be read

    def book_for(self, variant: str) -> Book | None:
        if self.file is not None:
            return self.file
        if variant not in self.shipped:
            self.shipped[variant] = None
            p = builtin_path(variant)
            if variant in VARIANT_NAMES and os.path.exists(p):
                try:
                    self.shipped[variant] = shipped_book(p)
                except BookError as e:
                    self.errors.append(str(e))
        return self.shipped[variant]

    def pick(self, pos: Position, rng, allowed=None):
        b = self.book_for(pos.rules.variant.name)
        return b.pick(pos, rng, allowed) if b is not None else None

    def moves(self, pos: Position):
        b = self.book_for(pos.rules.variant.name)
        return b.moves(pos) if b is not None else []


__all__ = ['BOOKS', 'Book', 'BookError', 'Books', 'HEADER', 'builtin_path', 'key', 'shipped_book']
