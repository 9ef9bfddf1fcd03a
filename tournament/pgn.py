"""PGN: the games of a tournament, written as they finish and read back.

Moves are written in the pure coordinate notation of docs/rules.md with ranks
counted from 1 in every variant (``e3e5``, ``a11a12q``), which is also what
the reader accepts.  Each game carries the tags Event, Site, Date, Round,
White, Black, Result, Variant, SetUp, FEN, TimeControl, Termination and
PlyCount; opening moves get the comment ``{book}``, engine moves
``{+0.35/12 0.52s}`` (score in pawns from the mover's side, depth, time);
the last comment says why the game ended.

The reader is tolerant: comments, ``;`` comments, variations, NAGs and
move numbers are skipped, and an unfinished last game (an interrupted
write) is reported by its offset so that the runner can cut it off before
appending.
"""
from __future__ import annotations

import gzip
import os
import re
from dataclasses import dataclass, field

RESULTS = ('1-0', '0-1', '1/2-1/2', '*')
TAG_ORDER = ('Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'Variant',
             'SetUp', 'FEN', 'TimeControl', 'Termination', 'PlyCount')


@dataclass
class PgnGame:
    tags: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)          # move texts
    comments: list = field(default_factory=list)       # per move: text or None
    final_comment: str = ''                            # the comment before the result
    result: str = '*'
    start: int = 0                                     # offsets in the text read
    end: int = 0


@dataclass
class PgnFile:
    games: list
    incomplete_at: int | None = None    # offset of an unfinished last game


def _escape(value: str) -> str:
    return str(value).replace('\\', '\\\\').replace('"', '\\"')


def _comment(text: str) -> str:
    return '{' + text.replace('}', ')').replace('{', '(') + '}'


def format_game(game: PgnGame) -> str:
    """The PGN text of ``game`` (tags in the standard order, then the others)."""
    tags = dict(game.tags)
    tags['Result'] = game.result
    lines = []
    for k in TAG_ORDER:
        if k in tags:
            lines.append(f'[{k} "{_escape(tags.pop(k))}"]')
    for k, v in tags.items():
        lines.append(f'[{k} "{_escape(v)}"]')
    fen = game.tags.get('FEN', '')
    fields = fen.split()
    black_first = len(fields) > 1 and fields[1] == 'b'
    number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    tokens = []
    for i, mv in enumerate(game.moves):
        white_move = (i % 2 == 0) != black_first
        if white_move:
            tokens.append(f'{number}.')
        elif i == 0:
            tokens.append(f'{number}...')
        tokens.append(mv)
        c = game.comments[i] if i < len(game.comments) else None
        if c:
            tokens.append(_comment(c))
        if not white_move:
            number += 1
    if game.final_comment:
        tokens.append(_comment(game.final_comment))
    tokens.append(game.result)
    body, line = [], ''
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            body.append(line)
            line = t
        else:
            line = f'{line} {t}' if line else t
    body.append(line)
    return '\n'.join(lines) + '\n\n' + '\n'.join(body) + '\n\n'


_TOKEN = re.compile(r'''
    (?P<tag>\[\s*(?P<tname>\w+)\s+"(?P<tvalue>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<comment>\{[^}]*\}?)
  | (?P<line>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$\d+)
  | (?P<result>1-0|0-1|1/2-1/2|\*)
  | (?P<number>\d+\.+)
  | (?P<word>[^\s\[\](){};]+)
  | (?P<junk>\S)
''', re.VERBOSE)


def read_pgn(text: str) -> PgnFile:
    """All complete games of ``text`` (a game is complete at its result token)."""
    games = []
    game = None
    depth = 0
    pending: list[str] = []     # comments since the last move
    for m in _TOKEN.finditer(text):
        kind = 'tag' if m.group('tag') else m.lastgroup
        if kind == 'tag':
            if game is None or game.moves or pending:
                # a new game starts (an unfinished one before it is dropped)
                game = PgnGame(start=m.start())
                depth, pending = 0, []
            game.tags[m.group('tname')] = re.sub(r'\\(.)', r'\1', m.group('tvalue'))
            continue
        if kind in ('line', 'nag', 'number', 'junk'):
            continue
        if game is None:
            game = PgnGame(start=m.start())
            depth, pending = 0, []
        if kind == 'open':
            depth += 1
        elif kind == 'close':
            depth = max(0, depth - 1)
        elif depth:
            continue
        elif kind == 'comment':
            pending.append(m.group('comment')[1:].rstrip('}').strip())
        elif kind == 'word':
            _attach(game, pending, final=False)
            game.moves.append(m.group('word'))
            game.comments.append(None)
            pending = []
        elif kind == 'result':
            _attach(game, pending, final=True)
            game.result = m.group('result')
            game.end = m.end()
            games.append(game)
            game, pending = None, []
    incomplete = game.start if game is not None and (game.tags or game.moves) else None
    return PgnFile(games, incomplete)


def _attach(game: PgnGame, comments: list[str], final: bool) -> None:
    """Give the comments after a move to that move and (at the end) to the result."""
    if not comments:
        return
    if final:
        if len(comments) > 1 or _is_end_comment(comments[0]) or not game.moves:
            game.final_comment = comments[-1]
            comments = comments[:-1]
    if comments and game.moves:
        game.comments[-1] = ' '.join(comments)


def _is_end_comment(text: str) -> bool:
    """A game-end reason rather than a move comment (which is 'book' or starts
    with a score or a time)."""
    return not re.match(r'^(book$|[+-]?M?\d)', text)


def read_pgn_file(path: str) -> PgnFile:
    """The games of file ``path`` (gzip-compressed when it ends in ``.gz``;
    none when it does not exist)."""
    if not os.path.exists(path):
        return PgnFile([])
    if path.endswith('.gz'):
        with gzip.open(path, 'rt', encoding='utf-8', errors='replace') as f:
            return read_pgn(f.read())
    with open(path, encoding='utf-8', errors='replace') as f:
        return read_pgn(f.read())


def append_game(path: str, text: str) -> None:
    """Append one game's text and force it to disk."""
    with open(path, 'a', encoding='utf-8') as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def cut_incomplete(path: str, offset: int) -> None:
    """Remove an unfinished last game that starts at character ``offset``."""
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text[:offset])
        f.flush()
        os.fsync(f.fileno())
