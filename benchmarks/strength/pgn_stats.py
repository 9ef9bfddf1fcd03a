"""Statistics of the games of a ``cazaux-engine match`` PGN file, for runs
that were stopped before their end (an SPRT left running, a match cut
short), computed as the runner computes them.

    python benchmarks/strength/pgn_stats.py FILE.pgn [FILE.pgn ...] [--sprt elo0=0,elo1=10] [--first NAME]

Games are paired as the runner plays them: rounds 2k-1 and 2k (one opening,
colours swapped).  An unfinished last pair counts in W-L-D only.  Prints, per
pair of engines: W-L-D, the pentanomial counts, Elo with its 95% margin,
normalized Elo, LOS, and with ``--sprt`` the log-likelihood ratio and its
bounds.  Each pairing is seen from the engine met first in the games, or
from ``--first NAME`` (the engine under test: its score, Elo and LLR).
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tournament.elo import fmt_elo, fmt_margin          # noqa: E402
from tournament.pgn import read_pgn_file                # noqa: E402
from tournament.report import Standings, pairing_lines  # noqa: E402
from tournament.sprt import parse_sprt                  # noqa: E402


def standings(paths: list[str], first: str | None = None) -> tuple[Standings, list[str]]:
    """The standings of the games in ``paths``; ``first`` (a name) leads
    (ValueError if no game has it)."""
    games = [g for p in paths for g in read_pgn_file(p).games]
    names: list[str] = []
    for g in games:
        for side in ('White', 'Black'):
            if g.tags.get(side) not in names:
                names.append(g.tags.get(side))
    if first is not None:
        if first not in names:
            raise ValueError(f'no engine named {first!r} in the games '
                             f'(engines: {", ".join(map(str, names))})')
        names.remove(first)
        names.insert(0, first)
    t = Standings(names, paired=True)
    for g in games:
        rnd = int(g.tags.get('Round', '0') or 0)
        if g.result not in ('1-0', '0-1', '1/2-1/2'):
            continue
        t.add(names.index(g.tags['White']), names.index(g.tags['Black']), g.result,
              pair=(g.tags.get('Event'), (rnd + 1) // 2))
    return t, names


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description='statistics of a match PGN file')
    ap.add_argument('pgn', nargs='+')
    ap.add_argument('--sprt', help='elo0=X,elo1=Y (as match --sprt)')
    ap.add_argument('--first', metavar='NAME',
                    help='see each pairing from this engine (default: the first in the games)')
    args = ap.parse_args(argv)
    try:
        t, names = standings(args.pgn, args.first)
    except ValueError as e:
        ap.error(str(e))
    sprt = parse_sprt(args.sprt) if args.sprt else None
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            if (i, j) in t.pair or (j, i) in t.pair:
                print(pairing_lines(t, i, j))
                if sprt:
                    counts = t.pentanomial(i, j).counts
                    print(f'SPRT ({sprt.describe()}): LLR {sprt.llr(counts):.2f} '
                          f'({sprt.lower:.2f}, {sprt.upper:.2f})')
    return 0


if __name__ == '__main__':
    sys.exit(main())
