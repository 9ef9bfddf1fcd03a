"""Make the shipped sets of balanced short openings (``--openings balanced``).

For each variant: from the default start and, where the variant has them,
from random Black-choice setups (``cazaux_engine.setups``), a few random
plies are played; the position reached is kept when a short search of this
engine (a node limit: cheap now, and the same on every machine) scores it
within ``--margin`` centipawns, and when no kept opening reaches the same
position.  The lines are written to ``tournament/books/VARIANT.txt``
in the openings-file format (moves from the default start, or ``FEN moves
...`` from a setup), so that every game of an engine match starts
somewhere else and every opening is still a game from a start position
(engines that cannot set up a position, or that read a FEN's castling
field their own way, get the start and the moves)::

    python -m tournament.balanced                      # every variant
    python -m tournament.balanced --variants pemba --count 60 --nodes 20000

The output depends only on the arguments and the engine's search: rerun it
when the search changes (a faster engine can afford more nodes).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

from cazaux_engine import VARIANT_NAMES, get_variant, move_text, parse_fen, to_fen
from cazaux_engine.setups import random_setup_index, setup_count, setup_fen
from search import Limits, Searcher
from cazaux_engine.movegen import legal_moves

DEFAULTS = {'count': 50, 'plies': 4, 'nodes': 10000, 'margin': 50, 'seed': 1}
BOOKS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'books')


def _key(pos) -> str:
    """The position without its move counters."""
    return ' '.join(to_fen(pos).split()[:4])


def candidates(variant, plies: int, rng: random.Random):
    """Endless (start FEN, moves, position) of random openings ``plies`` deep;
    half of them from a random setup where the variant has setups."""
    n_setups = setup_count(variant)
    while True:
        if n_setups and rng.random() < 0.5:
            start = setup_fen(variant, random_setup_index(variant, rng))
        else:
            start = variant.start
        pos = parse_fen(variant, start)
        moves = []
        for _ in range(plies):
            legal = sorted(legal_moves(pos))
            if not legal:
                break
            m = rng.choice(legal)
            moves.append(move_text(pos, m))
            pos.push(m)
        else:
            yield start, moves, pos


def generate(variant, count: int, plies: int, nodes: int, margin: int, seed: int,
             progress=None) -> list[tuple[str, list, int]]:
    """``count`` balanced openings of ``variant``: (start FEN, moves, score)."""
    rng = random.Random(f'{seed}:{variant.name}')
    searcher = Searcher(hash_mb=16)
    kept, seen, tried = [], set(), 0
    for start, moves, pos in candidates(variant, plies, rng):
        tried += 1
        if tried > 50 * count:
            break
        key = _key(pos)
        if key in seen or not legal_moves(pos):
            continue
        seen.add(key)
        searcher.clear()
        info = searcher.search(pos, Limits(nodes=nodes)).info
        if info is None or info.mate is not None or abs(info.score) > margin:
            continue
        kept.append((start, moves, info.score * pos.turn))      # White's view
        if progress:
            progress(len(kept), tried)
        if len(kept) == count:
            break
    return kept


def book_text(variant, openings, args) -> str:
    head = [f'# Balanced openings for {variant.name}: {len(openings)} positions {args.plies} plies '
            f'deep from the default start'
            + (' and from random Black-choice setups' if setup_count(variant) else '') + ',',
            f'# kept when a search of {args.nodes} nodes scores them within +-{args.margin} '
            f'centipawns (White\'s view at the end of each line).',
            f'# Made by: python -m tournament.balanced --variants {variant.name} '
            f'--count {args.count} --plies {args.plies} --nodes {args.nodes} '
            f'--margin {args.margin} --seed {args.seed}']
    lines = []
    for start, moves, score in openings:
        text = ' '.join(moves) if start == variant.start else f'{start} moves {" ".join(moves)}'
        lines.append(f'{text}  # {score:+d}')
    return '\n'.join(head + lines) + '\n'


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog='python -m tournament.balanced',
                                 description=__doc__.split('\n\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--variants', default=','.join(VARIANT_NAMES),
                    help='comma-separated variants (default: all)')
    ap.add_argument('--count', type=int, default=DEFAULTS['count'], help='openings per variant')
    ap.add_argument('--plies', type=int, default=DEFAULTS['plies'], help='random plies each')
    ap.add_argument('--nodes', type=int, default=DEFAULTS['nodes'], help='nodes of the search')
    ap.add_argument('--margin', type=int, default=DEFAULTS['margin'],
                    help='largest score kept, centipawns')
    ap.add_argument('--seed', type=int, default=DEFAULTS['seed'])
    ap.add_argument('--out', default=BOOKS_DIR, help='folder of the VARIANT.txt files '
                    '(default: the package\'s, what --openings balanced reads)')
    args = ap.parse_args(argv)
    if min(args.count, args.plies, args.nodes) < 1 or args.margin < 0:
        ap.error('--count, --plies and --nodes must be at least 1, --margin at least 0')
    try:
        variants = [get_variant(v) for v in args.variants.split(',')]
    except Exception as e:
        ap.error(str(e))
    os.makedirs(args.out, exist_ok=True)
    for v in variants:
        t = time.perf_counter()
        found = generate(v, args.count, args.plies, args.nodes, args.margin, args.seed)
        path = os.path.join(args.out, f'{v.name}.txt')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(book_text(v, found, args))
        print(f'{v.name}: {len(found)} openings in {time.perf_counter() - t:.0f} s -> {path}',
              flush=True)
        if len(found) < args.count:
            print(f'warning: only {len(found)} of {args.count} found for {v.name}; '
                  'raise --margin or --plies', file=sys.stderr)
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
