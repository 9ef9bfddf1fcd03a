"""Soak test: many fast games in every variant, counting what went wrong.

Plays self-play matches of the engine with the tournament runner
(``cazaux-engine match``), one side over UCI and the other over XBoard, at a
fast clock, and prints for each variant the games played and the games
lost by a crash (the engine process died), an illegal move, a loss on time
(a move that came late), a hang (the runner gave up waiting: no move by
the end of the clock, or no answer at all), a false claim, and any other
abandoned game (or a match that stopped with an error), and the engines
the runner restarted; then the totals.  The counts come from the PGN
file's Termination tags and final comments and, to tell a hang from a late
move and to count restarts, from the runner's log.  The exit status is 1
if any count but the games is not zero.

    python benchmarks/soak/soak.py [--games 1000] [--tc 2+0.02] [--variants all|V1,V2]
        [--engine CMD] [--protocols uci,xboard] [--openings balanced]
        [--concurrency 2] [--busy 0] [--out DIR]

``--games`` is the total, shared out over the variants.  The PGN and log
files go to ``--out`` (``soak-VARIANT.pgn``, ``soak-VARIANT.log``); rerunning
with the same folder resumes the matches and counts every game in them.
``--engine`` is the engine's command (default: this Python's ``-m
cazaux_engine`` on this checkout), e.g. a frozen build.  It is a benchmark:
timing is wall-clock, so a machine busy with other work makes engines lose
on time; ``--busy N`` starts N busy processes for the whole run (the
load of ``load.py``) to soak the engine on such a machine on purpose.
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
from dataclasses import dataclass, fields

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

SEVEN = ('chess', 'pemba', 'zanzibar-s', 'zanzibar-s-promo', 'zanzibar-xl', 'maasai',
         'oblong44')


@dataclass
class Tally:
    games: int = 0
    crashes: int = 0
    illegal: int = 0
    time_losses: int = 0
    hangs: int = 0
    false_claims: int = 0
    other: int = 0          # abandoned otherwise: failed to start, refused a legal move
    restarts: int = 0       # engines killed and restarted by the runner

    def add(self, other: 'Tally') -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    @property
    def problems(self) -> int:
        return sum(getattr(self, f.name) for f in fields(self) if f.name != 'games')


COLUMNS = ('games', 'crashes', 'illegal moves', 'time losses', 'hangs', 'false claims',
           'other', 'restarts')


def tally(pgn_path: str, log_path: str) -> Tally:
    """The counts of one variant's PGN file and runner log."""
    from tournament.pgn import read_pgn_file
    t = Tally()
    forfeits = 0
    for g in read_pgn_file(pgn_path).games:
        t.games += 1
        term, why = g.tags.get('Termination', ''), g.final_comment
        if term == 'abandoned':
            if 'engine crashed' in why:
                t.crashes += 1
            else:
                t.other += 1
        elif term == 'rules infraction':
            if 'makes an illegal move' in why:
                t.illegal += 1
            elif why.startswith('False '):
                t.false_claims += 1
            else:
                t.other += 1
        elif term == 'time forfeit':
            forfeits += 1
        elif term == 'stalled connection':
            t.hangs += 1
    silent = 0
    if os.path.exists(log_path):
        with open(log_path, encoding='utf-8', errors='replace') as f:
            for line in f:
                if re.search(r'\) lost on time without moving ', line):
                    silent += 1
                elif re.search(r'warning: game \d+: restarting ', line):
                    t.restarts += 1
    # a forfeit without a move is the runner's wait running out: a hang
    t.hangs += min(silent, forfeits)
    t.time_losses = forfeits - min(silent, forfeits)
    return t


def table(rows: list[tuple[str, Tally]]) -> str:
    width = max(len('variant'), max(len(name) for name, _ in rows))
    head = f'{"variant":<{width}}  ' + '  '.join(f'{c:>{max(5, len(c))}}' for c in COLUMNS)
    lines = [head, '-' * len(head)]
    for name, t in rows:
        values = [getattr(t, f.name) for f in fields(t)]
        lines.append(f'{name:<{width}}  ' + '  '.join(
            f'{v:>{max(5, len(c))}}' for v, c in zip(values, COLUMNS)))
    return '\n'.join(lines)


def shares(total: int, n: int) -> list[int]:
    """``total`` games shared out over ``n`` variants, the first ones taking the rest."""
    return [total // n + (1 if k < total % n else 0) for k in range(n)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--games', type=int, default=1000, help='games in all (default 1000)')
    ap.add_argument('--tc', default='2+0.02', help='clock (default 2+0.02)')
    ap.add_argument('--variants', default='all',
                    help=f'comma-separated, or all (default: {",".join(SEVEN)})')
    ap.add_argument('--engine', help="the engine's command (default: this Python's "
                                     "-m cazaux_engine on this checkout)")
    ap.add_argument('--protocols', default='uci,xboard',
                    help='the protocols of the two sides (default uci,xboard)')
    ap.add_argument('--openings', default='balanced', help='as for match (default balanced)')
    ap.add_argument('--concurrency', type=int, default=2, help='games at once (default 2)')
    ap.add_argument('--busy', type=int, default=0,
                    help='busy processes started for the run (default 0)')
    ap.add_argument('--out', default='soak', help='folder of the PGN and log files')
    args = ap.parse_args(argv)
    variants = list(SEVEN) if args.variants == 'all' else args.variants.split(',')
    protos = args.protocols.split(',')
    if len(protos) != 2 or not set(protos) <= {'uci', 'xboard'}:
        ap.error('--protocols takes two of uci, xboard, e.g. uci,xboard')
    if args.games < len(variants):
        ap.error(f'--games must be at least one per variant ({len(variants)})')
    engine = args.engine
    if engine is None:
        # the engines run this checkout too, wherever the package is installed
        os.environ['PYTHONPATH'] = os.pathsep.join(
            [ROOT] + [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep) if p])
        engine = f'{shlex.quote(sys.executable)} -m cazaux_engine'
    os.makedirs(args.out, exist_ok=True)
    from tournament.cli import main as match_main

    from load import end_on_sigterm, start_load, stop_load
    end_on_sigterm()
    load = start_load(args.busy)
    try:
        rows = soak(args, variants, protos, engine, match_main)
    finally:
        stop_load(load)
    if rows is None:
        return 130
    total = Tally()
    for _, t in rows:
        total.add(t)
    print()
    print(f'Soak: {total.games} games, {args.tc}, {" vs ".join(protos)}, '
          f'concurrency {args.concurrency}, {args.busy} busy processes')
    print(table(rows + [('total', total)]))
    return 1 if total.problems else 0


def soak(args, variants, protos, engine, match_main):
    """Play the matches: the rows of the table (None if interrupted)."""
    rows = []
    for v, n in zip(variants, shares(args.games, len(variants))):
        pgn = os.path.join(args.out, f'soak-{v}.pgn')
        log = os.path.join(args.out, f'soak-{v}.log')
        print(f'== {v}: {n} games at {args.tc}', flush=True)
        status = match_main([
            '--variant', v,
            '--engine', f'cmd={shlex.quote(engine)} proto={protos[0]} name=A-{protos[0]}',
            '--engine', f'cmd={shlex.quote(engine)} proto={protos[1]} name=B-{protos[1]}',
            '--games', str(n), '--tc', args.tc, '--openings', args.openings,
            '--concurrency', str(args.concurrency), '--pgn', pgn, '--log', log])
        if status == 130:
            print('interrupted', file=sys.stderr)
            return None
        t = tally(pgn, log)
        if status:
            t.other += 1        # the run itself failed (an engine that cannot play)
        rows.append((v, t))
    return rows


if __name__ == '__main__':
    sys.exit(main())
