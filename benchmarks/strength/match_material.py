"""Strength of the full evaluation against the material-only one.

Plays, for each variant, a match between ``cazaux-engine`` and
``cazaux-engine --option Evaluation=material`` with the tournament runner
and prints its closing table (Elo difference with 95% error, LOS).  The
PGN files go to ``--out``; rerunning resumes them.

    python benchmarks/strength/match_material.py [--variants zanzibar-s,pemba] [--games 40]
        [--tc 10+0.1] [--concurrency 2] [--out DIR] [--engine CMD]

``--engine`` is the command of the engine to test (default: this Python's
``-m cazaux_engine``), e.g. a frozen build.
"""
from __future__ import annotations

import argparse
import os
import shlex
import sys


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--variants', default='zanzibar-s,pemba')
    ap.add_argument('--games', type=int, default=40)
    ap.add_argument('--tc', default='10+0.1')
    ap.add_argument('--concurrency', type=int, default=2)
    ap.add_argument('--openings', default='random')
    ap.add_argument('--out', default='.')
    ap.add_argument('--engine', default=f'{shlex.quote(sys.executable)} -m cazaux_engine')
    args = ap.parse_args()
    from tournament.cli import main as match_main
    status = 0
    for v in args.variants.split(','):
        print(f'== {v}: {args.games} games at {args.tc}', flush=True)
        pgn = os.path.join(args.out, f'match-material-{v}.pgn')
        status |= match_main([
            '--variant', v,
            '--engine', f'cmd={shlex.quote(args.engine)} name=full',
            '--engine', f'cmd={shlex.quote(args.engine + " --option Evaluation=material")} '
                        'name=material',
            '--games', str(args.games), '--tc', args.tc, '--openings', args.openings,
            '--concurrency', str(args.concurrency), '--pgn', pgn])
    return status


if __name__ == '__main__':
    sys.exit(main())
