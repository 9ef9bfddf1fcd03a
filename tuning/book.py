"""``cazaux-engine book``: build the engine's opening books from its own analysis.

The book of a variant is grown best-first from the start position.  Each
position taken from the frontier is analysed afresh (empty hash table and
histories, one thread, so a rebuild gives the same book) by a MultiPV search
of ``lines`` lines to a fixed ``depth``.  Its book moves are the lines no
more than ``margin`` centipawns behind the best one; each gets the odds
``exp(-loss / spread)``, and the positions they lead to join the frontier
with the probability of being reached by the book's own play, until
``positions`` positions are analysed or every line reaches ``plies``
half-moves.  The most likely lines are so the deepest ones.

Then the scores are backed up: a book move that leads to an analysed
position scores minus the best backed-up score there (negamax over the
book tree, from the leaves' fixed-depth scores), else its own fixed-depth
score.  A move stays in the book only if both its own score and its
backed-up score are within ``margin`` of the position's best; its weight is
``round(100 * exp(-loss / spread))`` of its backed-up loss.  So no book move
loses more than ``margin`` by the engine's analysis at ``depth``, and
better moves are played more often.

Games then add their results (``book learn``): each book move met in the
games (played in a position of the book, by either side, in a game that
ended normally or by adjudication) gets its score in them for the side
that played it, ``points / games``; its weight is multiplied by
``2 * (points + 1) / (games + 2)``, which is 1 for a move no game played,
up to 2 for one that always won and toward 0 for one that always lost (at
least 1 stays: results never take a move out of the book, nor put one in,
so the margin still holds).  The analysis decides which moves are in the
book; analysis and results together how often each is played.

    cazaux-engine book build [--variant V ...] [--depth D] [--plies P]
                             [--positions N] [--margin CP] [--spread CP] [--out DIR]
    cazaux-engine book learn BOOK PGN [PGN ...] [--out FILE]
    cazaux-engine book show VARIANT FEN|startpos [--book FILE]
    cazaux-engine book check FILE
"""
from __future__ import annotations

import argparse
import heapq
import math
import os
import sys
import time

from cazaux_engine import move_text, outcome, start_position
from cazaux_engine.movegen import legal_moves
from cazaux_engine.notation import parse_move
from search import Limits, Searcher
from search import params as P
from search.book import BOOKS, Book, BookError, Books, builtin_path, key
from tuning.extract import DEFAULT_TERMINATIONS, RESULT_SCORE, Counts

DEFAULTS = dict(depth=8, plies=12, positions=400, margin=25, spread=12, lines=4, hash_mb=16)
BUILT_IN = ('chess', 'zanzibar-s', 'zanzibar-s-promo', 'zanzibar-xl', 'maasai', 'pemba',
            'oblong44')


def build(variant, depth: int, plies: int, positions: int, margin: int, spread: float,
          lines: int = 4, hash_mb: int = 16, progress=None) -> dict:
    """The book positions of ``variant`` (a Variant): {key: [(move text,
    weight, score)]}; see the module docstring.  ``progress(text)`` hears
    each analysed position."""
    searcher = Searcher(hash_mb=hash_mb)
    start = start_position(variant)
    frontier = [(-1.0, 0, ())]          # (-probability, order, path of move texts)
    order = 1
    analysed: dict[str, list[tuple[str, int]]] = {}   # key -> [(move text, depth score)]
    child: dict[tuple[str, str], str] = {}            # (key, move) -> the key it leads to
    t0 = time.perf_counter()
    while frontier and len(analysed) < positions:
        prob, _, path = heapq.heappop(frontier)
        pos = start.copy()
        for text in path:
            pos.push(parse_move(pos, text))
        k = key(pos)
        if k in analysed:
            continue
        legal = legal_moves(pos)
        if not legal or outcome(pos, legal) is not None:
            continue
        searcher.clear()
        searcher.search(pos, Limits(depth=depth, multipv=min(lines, len(legal))))
        found = [(i.pv[0], i.score) for i in searcher.last_lines if i is not None and i.pv]
        best = found[0][1]
        cands = [(move_text(pos, m), s) for m, s in found
                 if best - s <= margin and abs(s) < P.MATE_BOUND]
        if not cands:
            cands = [(move_text(pos, found[0][0]), best)]
        analysed[k] = cands
        odds = [math.exp(-(best - s) / spread) for _, s in cands]
        total = sum(odds)
        for (text, s), w in zip(cands, odds):
            pos.push(parse_move(pos, text))
            child[(k, text)] = key(pos)
            pos.pop()
            if len(path) + 1 < plies:
                heapq.heappush(frontier, (prob * w / total, order, path + (text,)))
                order += 1
        if progress is not None:
            progress(f'[{variant.name}] {len(analysed)}/{positions} positions, ply {len(path)}, '
                     f'p={-prob:.4f}, {len(cands)} book move{"s" * (len(cands) > 1)}, '
                     f'{time.perf_counter() - t0:.0f} s')
    return _weighted(analysed, child, margin, spread)


def _weighted(analysed: dict, child: dict, margin: int, spread: float) -> dict:
    """Back the scores up the book tree and weigh the moves (module docstring)."""
    value: dict[str, int] = {}
    busy: set[str] = set()

    def backed(k: str) -> int:
        if k in value:
            return value[k]
        busy.add(k)
        scores = [s for _, s in move_scores(k)]
        busy.discard(k)
        value[k] = max(scores)
        return value[k]

    def move_scores(k: str) -> list[tuple[str, int]]:
        out = []
        for text, s in analysed[k]:
            c = child.get((k, text))
            if c in analysed and c not in busy:
                s = -backed(c)
            out.append((text, s))
        return out

    book = {}
    for k in analysed:
        own = dict(analysed[k])
        top_own = max(own.values())
        scored = move_scores(k)
        top = max(s for _, s in scored)
        kept = [(t, s) for t, s in scored if top - s <= margin and top_own - own[t] <= margin]
        book[k] = sorted(((t, max(1, round(100 * math.exp(-(top - s) / spread))), s)
                          for t, s in kept), key=lambda x: (-x[1], x[0]))
    return book


def results(book: Book, variant, games) -> dict:
    """What the games did with the book moves of ``variant`` (a Variant):
    {(key, move text): [points, games]} for the side that played the move.
    ``games``: (start FEN, coordinate moves, result) of finished games;
    a game's moves are followed while they are legal."""
    entries = book.entries.get(variant.name, {})
    met: dict[tuple[str, str], list] = {}
    for fen, moves, result in games:
        white = RESULT_SCORE.get(result)
        if white is None:
            continue
        try:
            pos = start_position(variant, fen)
        except Exception:
            continue
        for text in moves:
            k = key(pos)
            try:
                m = parse_move(pos, text)
            except Exception:
                break
            canon = move_text(pos, m)
            if k in entries and any(t == canon for t, _, _ in entries[k]):
                tally = met.setdefault((k, canon), [0.0, 0])
                tally[0] += white if pos.turn > 0 else 1 - white
                tally[1] += 1
            pos.push(m)
    return met


def learned_weight(weight: int, points: float, games: int) -> int:
    """A book move's weight after its results (module docstring).

    >>> learned_weight(50, 0, 0), learned_weight(50, 10, 10), learned_weight(50, 0, 10)
    (50, 92, 8)
    """
    return max(1, round(weight * 2 * (points + 1) / (games + 2)))


def learn(book: Book, variant, games) -> tuple[Book, dict]:
    """``book`` with the weights of ``variant``'s moves changed by their
    results in ``games`` (see :func:`results`), and those results."""
    met = results(book, variant, games)
    entries = {v: dict(e) for v, e in book.entries.items()}
    for k, moves in entries.get(variant.name, {}).items():
        changed = []
        for t, w, s in moves:
            points, n = met.get((k, t), (0.0, 0))
            changed.append((t, learned_weight(w, points, n), s))
        entries[variant.name][k] = sorted(changed, key=lambda x: (-x[1], x[0]))
    return Book(entries, book.source), met


def _header(args, variant: str) -> list[str]:
    return [f'# {variant}: built by cazaux-engine book build --variant {variant} '
            f'--depth {args.depth} --plies {args.plies} --positions {args.positions} '
            f'--margin {args.margin} --spread {args.spread}']


def cmd_build(args, registry) -> int:
    names = args.variant or list(BUILT_IN)
    os.makedirs(args.out, exist_ok=True)
    for name in names:
        try:
            v = registry.get(name) if registry is not None else None
        except Exception as e:
            print(f'error: {e}', file=sys.stderr)
            return 2
        t0 = time.perf_counter()
        entries = build(v, args.depth, args.plies, args.positions, args.margin, args.spread,
                        hash_mb=args.hash, progress=lambda text: print(text, flush=True))
        book = Book({name: entries})
        path = os.path.join(args.out, f'{name}.book')
        with open(path, 'w', encoding='utf-8') as f:
            f.write('\n'.join(_header(args, name)) + '\n' + book.text())
        Book.load(path, registry)           # what was written reads back
        moves = sum(len(m) for m in entries.values())
        print(f'{path}: {len(entries)} positions, {moves} moves '
              f'({time.perf_counter() - t0:.0f} s)', flush=True)
    return 0


def cmd_learn(args, registry) -> int:
    from tuning.cli import game_records, read_pgn_file
    try:
        book = Book.load(args.book, registry)
        with open(args.book, encoding='utf-8') as f:
            header = [line.rstrip('\n') for line in f if line.startswith('#')]
    except (BookError, OSError) as e:
        print(f'error: {e}', file=sys.stderr)
        return 2
    parsed = {}                              # each file read once, for every variant
    for path in args.pgn:
        if not os.path.isfile(path):
            print(f'error: no such PGN file: {path}', file=sys.stderr)
            return 2
        try:
            parsed[path] = read_pgn_file(path).games
        except Exception as e:               # a PGN file that cannot be read
            print(f'error: {path}: {e}', file=sys.stderr)
            return 2
    for name in sorted(book.entries):
        variant = registry.get(name)
        counts = Counts()
        games = []
        for path in args.pgn:
            try:
                for g in game_records(path, variant, counts, parsed[path]):
                    if g.termination in DEFAULT_TERMINATIONS:
                        games.append((g.fen, g.moves, g.result))
            except Exception as e:           # a game that cannot be read
                print(f'error: {path}: {e}', file=sys.stderr)
                return 2
        book, met = learn(book, variant, games)
        played = sum(n for _, n in met.values())
        print(f'{name}: {len(games)} games used, {len(met)} book moves met '
              f'{played} times', flush=True)
        files = ' '.join(os.path.basename(p) for p in args.pgn)
        header.append(f'# {name}: weights times their results in {len(games)} games of '
                      f'{files} (cazaux-engine book learn; {len(met)} book moves met)')
    out = args.out or args.book
    tmp = out + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write('\n'.join(header) + ('\n' if header else '') + book.text())
    try:
        Book.load(tmp, registry)             # what was written reads back
    except BookError as e:
        os.remove(tmp)
        print(f'error: {e}', file=sys.stderr)
        return 2
    os.replace(tmp, out)
    print(f'{out}: {book.positions()} positions', flush=True)
    return 0


def cmd_show(args, registry) -> int:
    try:
        v = registry.get(args.variant)
        fen = None if args.fen == 'startpos' else args.fen
        pos = start_position(v, fen) if fen else start_position(v)
        books = Books(args.book or '', registry)
    except (BookError, Exception) as e:
        print(f'error: {e}', file=sys.stderr)
        return 2
    found = books.moves(pos)
    if not found:
        print('no book moves')
        return 0
    total = sum(w for _, w, _ in found)
    for m, w, s in found:
        print(f'{move_text(pos, m):8} weight {w:4} ({100 * w / total:3.0f}%)  score {s:+d}')
    return 0


def cmd_check(args, registry) -> int:
    try:
        b = Book.load(args.file, registry)
    except BookError as e:
        print(f'error: {e}', file=sys.stderr)
        return 2
    for v in sorted(b.entries):
        moves = sum(len(m) for m in b.entries[v].values())
        print(f'{v}: {b.positions(v)} positions, {moves} moves')
    return 0


def main(argv: list[str], registry=None) -> int:
    from cazaux_engine.registry import Registry
    registry = registry or Registry()
    ap = argparse.ArgumentParser(
        prog='cazaux-engine book', description='Build, learn, show and check opening books '
        '(docs/book.md).')
    sub = ap.add_subparsers(dest='cmd', required=True)
    b = sub.add_parser('build', help='build books from the engine\'s own analysis')
    b.add_argument('--variant', action='append',
                   help='a variant to build (repeatable; default: every built-in variant)')
    b.add_argument('--depth', type=int, default=DEFAULTS['depth'], help='analysis depth (%(default)s)')
    b.add_argument('--plies', type=int, default=DEFAULTS['plies'],
                   help='longest book line in half-moves (%(default)s)')
    b.add_argument('--positions', type=int, default=DEFAULTS['positions'],
                   help='positions analysed per variant (%(default)s)')
    b.add_argument('--margin', type=int, default=DEFAULTS['margin'],
                   help='centipawns a book move may lose against the best (%(default)s)')
    b.add_argument('--spread', type=float, default=DEFAULTS['spread'],
                   help='centipawns of loss that make a move e times rarer (%(default)s)')
    b.add_argument('--hash', type=int, default=DEFAULTS['hash_mb'], help='MB (%(default)s)')
    b.add_argument('--out', default=BOOKS, help='folder for VARIANT.book (the shipped books\' '
                   'folder, search/books)')
    le = sub.add_parser('learn', help='weigh a book\'s moves by their results in games')
    le.add_argument('book', help='the book file to reweigh')
    le.add_argument('pgn', nargs='+', metavar='PGN',
                    help='PGN files of finished games (cazaux-engine match writes them)')
    le.add_argument('--out', help='where to write the book (default: in place of BOOK)')
    s = sub.add_parser('show', help='the book moves of a position')
    s.add_argument('variant')
    s.add_argument('fen', help='a FEN (quoted) or startpos')
    s.add_argument('--book', help='a book file (default: the shipped books)')
    c = sub.add_parser('check', help='read a book file and count its positions')
    c.add_argument('file')
    args = ap.parse_args(argv)
    return {'build': cmd_build, 'learn': cmd_learn, 'show': cmd_show,
            'check': cmd_check}[args.cmd](args, registry)


__all__ = ['build', 'builtin_path', 'learn', 'main']
