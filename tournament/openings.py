"""Start positions of a tournament's games.

``default``  the variant's default start position;
``all``      every Black-choice placement in index order (``cazaux_engine.setups``),
             the default alone for a variant without a choice;
``random``   a random placement per game pair, reproducible from ``--seed``;
``balanced`` the variant's shipped set of balanced short openings
             (``books/VARIANT.txt``, made by :mod:`.balanced`);
``FILE``     one opening per line: a FEN (4 to 6 fields) or an EPD line (4
             fields and operations; ``hmvc`` and ``fmvn`` are read),
             optionally followed by ``moves M1 M2 ...``, or just moves from
             the default start (``e3e5 e10e8``, move numbers allowed); ``#``
             starts a comment.  A file ending in ``.pgn`` gives one opening
             per game: its FEN tag (or the default start) and its moves
             (``--opening-plies`` caps how many).  Moves may be in
             coordinates or SAN, ranks counted from 1.

A list of openings (all but ``random``) is played in its order, or
shuffled with ``--seed`` (``--shuffle``), from its ``--opening-start``-th
opening (1-based, in that order of play; after the last comes the first);
each opening is a game pair (both colours), ``--repeat N`` times in a row
(:func:`arrange`).  Opening ``k`` (0-based game pair) is the same in every
run with the same options, so a resumed tournament plays the same games.
Every opening is checked with the rules core when loaded: a bad one stops
the tournament before it starts.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

from importlib import resources

from cazaux_engine import FenError, IllegalMoveError, move_text, parse_fen
from cazaux_engine.setups import random_setup_index, setup_count, setup_fen

from .movetext import parse_engine_move

_MOVE_NUMBER = re.compile(r'^\d+\.+$')


class OpeningError(ValueError):
    """A bad opening file or line; the message is for the user."""


@dataclass(frozen=True)
class Opening:
    fen: str
    moves: tuple = ()       # coordinate moves, ranks from 1
    label: str = ''


class Openings:
    """Opening ``k`` for game pair ``k``, cycling through a list (or random);
    each opening serves ``repeat`` game pairs in a row."""

    def __init__(self, items: list[Opening] | None = None, variant=None, seed: int = 0,
                 repeat: int = 1):
        self.items = items
        self.variant = variant
        self.seed = seed
        self.repeat = repeat

    @property
    def count(self) -> int | None:
        """How many distinct openings (None: random, unbounded)."""
        return len(self.items) if self.items is not None else None

    @property
    def pass_pairs(self) -> int:
        """Game pairs of one pass: each opening ``repeat`` times (1 opening if random)."""
        return (self.count or 1) * self.repeat

    def get(self, k: int) -> Opening:
        k //= self.repeat
        if self.items is not None:
            return self.items[k % len(self.items)]
        i = random_setup_index(self.variant, random.Random(f'{self.seed}:{k}'))
        return Opening(setup_fen(self.variant, i), (), f'setup {i}')


def arrange(openings: Openings, shuffle: bool = False, seed: int = 0, start: int = 1,
            repeat: int = 1) -> Openings:
    """The openings in their order of play: shuffled with ``seed`` (the same
    order for the same seed), from the ``start``-th (1-based) on, each for
    ``repeat`` game pairs in a row (OpeningError for a start or repeat out of range).

    >>> ops = Openings([Opening(f'fen{k}', (), f'o{k}') for k in range(1, 6)])
    >>> [o.label for o in arrange(ops, shuffle=True, seed=1).items]
    ['o2', 'o1', 'o3', 'o5', 'o4']
    >>> a = arrange(ops, start=4, repeat=2)
    >>> [a.get(k).label for k in range(7)]
    ['o4', 'o4', 'o5', 'o5', 'o1', 'o1', 'o2']
    """
    if repeat < 1:
        raise OpeningError(f'--repeat {repeat}: give 1 or more')
    if openings.items is None:
        if shuffle or start != 1:
            raise OpeningError('--shuffle and --opening-start order a list of openings; '
                               '--openings random draws a new placement for every game pair')
        return Openings(None, openings.variant, openings.seed, repeat)
    items = list(openings.items)
    if not 1 <= start <= len(items):
        raise OpeningError(f'--opening-start {start}: the openings are numbered 1 to '
                           f'{len(items)}')
    if shuffle:
        random.Random(f'shuffle:{seed}').shuffle(items)
    items = items[start - 1:] + items[:start - 1]
    return Openings(items, openings.variant, openings.seed, repeat)


BOOKS = 'books'         # the shipped balanced openings: tournament/books/VARIANT.txt


def shipped_book(variant) -> str:
    """The text of the shipped balanced openings of ``variant`` (OpeningError if none)."""
    try:
        return (resources.files(__package__) / BOOKS / f'{variant.name}.txt').read_text('utf-8')
    except OSError:
        raise OpeningError(f'no balanced openings are shipped for {variant.name}') from None


def load_openings(kind: str, variant, seed: int = 0, plies: int | None = None) -> Openings:
    if kind == 'balanced':
        items = read_opening_lines(shipped_book(variant), variant, 'balanced', plies)
        return Openings([Opening(o.fen, o.moves, f'balanced {k}')
                         for k, o in enumerate(items, 1)])
    if kind == 'default':
        return Openings([Opening(variant.start, (), 'default')])
    if kind == 'all':
        n = setup_count(variant)
        if not n:
            return Openings([Opening(variant.start, (), 'default')])
        return Openings([Opening(setup_fen(variant, i), (), f'setup {i}') for i in range(1, n + 1)])
    if kind == 'random':
        if not setup_count(variant):
            return Openings([Opening(variant.start, (), 'default')])
        return Openings(None, variant, seed)
    return Openings(read_opening_file(kind, variant, plies))


def check_opening(variant, fen: str, moves: list[str], where: str) -> Opening:
    """The opening, checked with the rules core (OpeningError if bad); its moves
    (coordinates or SAN, ranks from 1) in coordinates."""
    try:
        pos = parse_fen(variant, fen)
    except FenError as e:
        raise OpeningError(f'{where}: bad FEN: {e}') from None
    out = []
    for text in moves:
        try:
            m = parse_engine_move(pos, text, 1)
        except IllegalMoveError as e:
            raise OpeningError(f'{where}: {e}') from None
        out.append(move_text(pos, m))
        pos.push(m)
    return Opening(fen, tuple(out), where)


def _fen_and_epd(tokens: list[str]) -> str:
    """A FEN from the fields of a FEN or EPD line: placement, side, castling,
    e.p., then the two counters, or EPD operations (``hmvc``, ``fmvn`` kept)."""
    head, rest = tokens[:4], tokens[4:]
    if len(rest) <= 2 and all(t.isdigit() for t in rest):
        return ' '.join(head + rest + ['0', '1'][len(rest):])
    ops = {}
    for op in ' '.join(rest).split(';'):
        words = op.split()
        if len(words) == 2 and words[0] in ('hmvc', 'fmvn') and words[1].isdigit():
            ops[words[0]] = words[1]
    return ' '.join(head + [ops.get('hmvc', '0'), ops.get('fmvn', '1')])


def parse_opening_line(variant, line: str, where: str) -> Opening | None:
    """One line of an opening file (None for a blank or comment line)."""
    line = line.split('#', 1)[0].strip()
    if not line:
        return None
    tokens = line.split()
    if '/' in tokens[0]:
        if 'moves' in tokens:
            i = tokens.index('moves')
            fen_tokens, moves = tokens[:i], tokens[i + 1:]
        else:
            fen_tokens, moves = tokens, []
        fen = _fen_and_epd(fen_tokens)
    else:
        fen, moves = variant.start, tokens
    moves = [m for m in moves if not _MOVE_NUMBER.match(m)]
    return check_opening(variant, fen, moves, where)


def read_opening_lines(text: str, variant, where: str, plies: int | None = None) -> list[Opening]:
    """The openings of the lines of ``text`` (labelled ``where:LINE``)."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        op = parse_opening_line(variant, line, f'{where}:{n}')
        if op:
            if plies is not None:
                op = Opening(op.fen, op.moves[:plies], op.label)
            out.append(op)
    return out


def read_opening_file(path: str, variant, plies: int | None = None) -> list[Opening]:
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except OSError as e:
        raise OpeningError(f'cannot read openings file {path!r}: {e.strerror or e}') from None
    out = []
    if path.lower().endswith('.pgn'):
        from .pgn import read_pgn
        for i, g in enumerate(read_pgn(text).games, 1):
            tag = g.tags.get('Variant', variant.name).lower()
            if tag != variant.name and not (variant.name == 'chess'
                                            and tag in ('standard', 'normal')):
                continue
            fen = g.tags.get('FEN', variant.start)
            moves = g.moves if plies is None else g.moves[:plies]
            out.append(check_opening(variant, fen, list(moves), f'{path} game {i}'))
    else:
        out = read_opening_lines(text, variant, path, plies)
    if not out:
        raise OpeningError(f'openings file {path!r} holds no opening for {variant.name}')
    return out
