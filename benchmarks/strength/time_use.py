"""How each engine of ``cazaux-engine match`` PGN files used its clock.

    python benchmarks/strength/time_use.py FILE.pgn [FILE.pgn ...]

Per engine, over the games played on a clock (tag ``TimeControl``
``BASE[+INC]``, as ``match --tc`` takes it, or ``WhiteTimeControl`` and
``BlackTimeControl`` for engines with clocks of their own; not moves per
session): the mean seconds a move spent, from the move comments
the runner writes (``{score/depth time}``; book moves left out), the moves a
game, and the clock left at the end of a game, ``BASE + INC x moves - time
spent``: its mean and its least.  The clock figure ignores what the runner
charged beyond the engine's report (pipes, a busy machine), so it is a
little high; it shows whether an engine leaves its clock unused.
"""
from __future__ import annotations

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tournament.pgn import read_pgn_file                            # noqa: E402
from tournament.timecontrol import TimeControlError, parse_tc       # noqa: E402

SECONDS = re.compile(r'(\d+(?:\.\d+)?)s\b')


def clock_of(tag: str) -> tuple[float, float] | None:
    """(base, increment) of a TimeControl tag the runner writes; None for
    none, or a moves-per-session control (its clock refills)."""
    try:
        tc = parse_tc(tag)
    except TimeControlError:
        return None
    return None if tc.moves else (tc.base, tc.inc)


def time_use(paths: list[str]) -> dict[str, dict]:
    """{engine: {'spent', 'moves', 'games', 'left' (a list, one per game)}}."""
    engines: dict[str, dict] = {}
    for path in paths:
        for g in read_pgn_file(path).games:
            for side, colour in enumerate(('White', 'Black')):
                # the side's own clock where the engines had different ones
                clock = clock_of(g.tags.get(f'{colour}TimeControl', g.tags.get('TimeControl', '')))
                if clock is None:
                    continue
                base, inc = clock
                name = g.tags.get(colour, '?')
                spent, moves = 0.0, 0
                for k in range(side, len(g.moves), 2):
                    text = g.comments[k] if k < len(g.comments) else None
                    t = SECONDS.search(text or '')
                    if t and 'book' not in text:
                        spent += float(t.group(1))
                        moves += 1
                e = engines.setdefault(name, {'spent': 0.0, 'moves': 0, 'games': 0, 'left': []})
                e['spent'] += spent
                e['moves'] += moves
                e['games'] += 1
                e['left'].append(base + inc * moves - spent)
    return engines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('pgn', nargs='+', help='PGN files of cazaux-engine match')
    args = ap.parse_args(argv)
    missing = [p for p in args.pgn if not os.path.exists(p)]
    if missing:
        print(f'time_use: no such file: {missing[0]}', file=sys.stderr)
        return 2
    engines = time_use(args.pgn)
    if not engines:
        print('time_use: no game on a clock (TimeControl BASE[+INC]) in these files', file=sys.stderr)
        return 1
    print(f'{"engine":<20} {"games":>5} {"s a move":>9} {"moves a game":>13} '
          f'{"left: mean":>11} {"least":>6}')
    for name, e in engines.items():
        left = e['left']
        print(f'{name:<20} {e["games"]:>5} {e["spent"] / max(1, e["moves"]):>9.3f} '
              f'{e["moves"] / e["games"]:>13.1f} {sum(left) / len(left):>10.1f}s '
              f'{min(left):>5.1f}s')
    return 0


if __name__ == '__main__':
    sys.exit(main())
