"""How deep each engine of ``cazaux-engine match`` PGN files searched.

    python benchmarks/strength/depths.py FILE.pgn [FILE.pgn ...]

Per engine, over every move whose comment the runner wrote with a depth
(``{+0.35/12 0.52s}``, ``{+M3/9 ...}``; book moves and moves without a
depth left out): the moves counted, the mean and the median depth in
plies.  Games of any limit count (nodes, depth or a clock), so two engines
searching the same nodes can be compared by the depth they reach.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tournament.pgn import read_pgn_file                            # noqa: E402

DEPTH = re.compile(r'^[+-](?:\d+\.\d+|M\d+)/(\d+)\b')


def depths(paths: list[str]) -> dict[str, list[int]]:
    """{engine: the depth of each of its moves that has one}."""
    engines: dict[str, list[int]] = {}
    for path in paths:
        for g in read_pgn_file(path).games:
            for side, colour in enumerate(('White', 'Black')):
                found = engines.setdefault(g.tags.get(colour, '?'), [])
                for text in g.comments[side::2]:       # one per move, None where none
                    d = DEPTH.match(text or '')
                    if d:
                        found.append(int(d.group(1)))
    return {name: found for name, found in engines.items() if found}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('pgn', nargs='+', help='PGN files of cazaux-engine match')
    args = ap.parse_args(argv)
    missing = [p for p in args.pgn if not os.path.exists(p)]
    if missing:
        print(f'depths: no such file: {missing[0]}', file=sys.stderr)
        return 2
    engines = depths(args.pgn)
    if not engines:
        print('depths: no move with a depth in these files', file=sys.stderr)
        return 1
    print(f'{"engine":<20} {"moves":>7} {"mean depth":>11} {"median":>7}')
    for name, found in engines.items():
        print(f'{name:<20} {len(found):>7} {statistics.fmean(found):>11.2f} '
              f'{statistics.median(found):>7g}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
