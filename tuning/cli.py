"""``cazaux-engine tune``: the evaluation tuning pipeline (docs/strength.md).

The command line only: the work is done by :mod:`tuning`.  Games come
from ``cazaux-engine match`` (its PGN files are read here, with
:mod:`tournament.pgn`); ``fit`` needs numpy and scipy (the optional
``tune`` extra), the other subcommands do not.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from cazaux_engine.registry import Registry
from cazaux_engine.variants import Variant
from search import tuned
from search.tuned import TunedDataError

from tournament.pgn import PgnGame, format_game, read_pgn_file

DESCRIPTION = """\
Tune the evaluation by Texel's method: generate games with "cazaux-engine
match" (random openings from "tune openings"; "match --cluster" spreads the
games over the machines of a Dask cluster), extract quiet positions with
their game results ("tune extract"), fit piece values and evaluation weights
to them ("tune fit", needs numpy and scipy: the "tune" extra),
verify the fitted data by games (CAZAUX_ENGINE_TUNED=FILE against
CAZAUX_ENGINE_TUNED=off), keep the games without the engines' comments
("tune strip") and look at the numbers in use ("tune show").
docs/strength.md gives the full commands."""

EPILOG = """\
tuned data: search/tuned.json, {variant: {"values": {piece: cp},
"weights": {PARAM: number}, "squares": {piece: {"mg": [cp per square],
"eg": [...]}}}} ("squares" optional: written by "tune fit --squares").  The environment variable CAZAUX_ENGINE_TUNED
selects the data every cazaux-engine command uses: unset, that file; "off",
none (the untuned engine); else the path of another file (a fit to try).

examples:
  cazaux-engine tune openings --variant pemba --count 200 --out pemba-openings.txt
  cazaux-engine tune extract --variant pemba --out pemba.tsv games/*.pgn
  cazaux-engine tune fit --variant pemba --out candidate.json pemba.tsv
  cazaux-engine tune show --variant pemba
  cazaux-engine tune strip --out pemba-games.pgn.gz games/*.pgn
  cazaux-engine --variants shako.json tune openings --variant shako --out shako-openings.txt

A variant of a file (--variants FILE, before or after "tune") is tuned the same way:
its fitted entry goes into the --out file under its name, and the engine uses
it with CAZAUX_ENGINE_TUNED=FILE (docs/strength.md has the recipe)."""


SQUARES_RIDGE = 1e-5        # "tune fit --squares": the default --ridge


def build_parser(registry: Registry) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog='cazaux-engine tune', description=DESCRIPTION,
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='command', metavar='COMMAND', required=True)

    def variant_arg(p):
        p.add_argument('--variant', required=True, choices=registry.names(), metavar='V',
                       help=f'the variant: {", ".join(registry.names())} (or one of a '
                            f'file given with --variants FILE)')

    p = sub.add_parser('openings', help='random balanced openings for self-play',
                       description='Openings for "cazaux-engine match --openings FILE": '
                       'random moves, each within --margin of the best by quiescence, '
                       'from the default start or a random Black-choice placement; a line '
                       'after which the side to move could end the game at once (a mate '
                       'in one) is drawn again.')
    variant_arg(p)
    p.add_argument('--count', type=int, default=100, metavar='N', help='openings (default 100)')
    p.add_argument('--plies', type=int, default=8, metavar='N',
                   help='random plies per opening (default 8)')
    p.add_argument('--margin', type=int, default=50, metavar='CP',
                   help='a random move is at most CP worse than the best (default 50)')
    p.add_argument('--seed', type=int, default=0, help='random seed (default 0)')
    p.add_argument('--default-start', action='store_true',
                   help='always start from the default position (no random placement)')
    p.add_argument('--out', required=True, metavar='FILE', help='write the openings here')

    p = sub.add_parser('extract', help='quiet positions with game results from PGN files',
                       description='Quiet positions with the results of their games, '
                       'from the PGN files of "cazaux-engine match", as lines '
                       '"variant<TAB>FEN<TAB>result" (result 1-0, 0-1 or 1/2-1/2).')
    variant_arg(p)
    p.add_argument('pgn', nargs='+', metavar='PGN', help='PGN files of finished games')
    p.add_argument('--skip-plies', type=int, default=8, metavar='N',
                   help='leave out the first N plies of each game, and opening-book '
                        'moves (default 8)')
    p.add_argument('--quiet-margin', type=int, default=0, metavar='CP',
                   help='keep positions whose quiescence score is within CP of the static '
                        'evaluation (default 0: equal)')
    p.add_argument('--terminations', default='normal,adjudication', metavar='LIST',
                   help='use games with these PGN Termination values (default '
                        '"normal,adjudication")')
    p.add_argument('--out', required=True, metavar='FILE',
                   help='write the positions here (appended to an existing file)')
    p.add_argument('--jobs', type=int, default=1, metavar='N',
                   help='read the games in N processes at once (default 1; 0: one per '
                        'core): the same positions in the same order, sooner; one process '
                        'where none can be forked (Windows)')

    p = sub.add_parser('fit', help='fit piece values and weights (Texel\'s method)',
                       description='Fit K, then the parameters, by Texel\'s method on the '
                       'positions of --variant in the files given; start from the numbers '
                       'in use (CAZAUX_ENGINE_TUNED).  Needs numpy and scipy.')
    variant_arg(p)
    p.add_argument('positions', nargs='+', metavar='FILE', help='files from "tune extract"')
    p.add_argument('--params', metavar='LIST',
                   help='comma-separated pieces and weights to fit (default: every piece '
                        'value but King and Pawn, and the mobility, advance, passed, Pawn '
                        'centre, King and tempo weights)')
    p.add_argument('--iterations', type=int, default=3, metavar='N',
                   help='refreshes of the linearised model (default 3; 0: only K and the '
                        'loss)')
    p.add_argument('--loss', choices=('mse', 'log'), default='mse',
                   help='mse: Texel\'s mean squared error (default); log: cross-entropy')
    p.add_argument('--squares', action='store_true',
                   help='fit square tables instead (a correction per piece kind, square '
                        'and phase, added to the tables in use; --params and --iterations '
                        'do not apply)')
    p.add_argument('--mirror', action='store_true',
                   help='with --squares: a square and its mirror across the middle file share '
                        'one number (half the free numbers)')
    p.add_argument('--ridge', type=float, default=None, metavar='X',
                   help='pull toward the starting numbers: X times the squared distance '
                        'in finite-difference steps (default 0); with --squares, X times '
                        f'the sum of the squared entries in units of 10 cp (default '
                        f'{SQUARES_RIDGE:g})')
    p.add_argument('--holdout', type=float, default=0.0, metavar='F',
                   help='hold out about this fraction of the openings (every game played '
                        'from one, whole; by games where the positions file names no '
                        'openings) and report the loss on them before and after the fit '
                        '(default 0: none)')
    p.add_argument('--max-positions', type=int, default=0, metavar='N',
                   help='use a random sample of N positions (default: all)')
    p.add_argument('--seed', type=int, default=0, help='seed of --max-positions (default 0)')
    p.add_argument('--jobs', type=int, default=1, metavar='N',
                   help='measure the finite differences in N processes at once (default 1; '
                        '0: one per core): the same numbers sooner, N times the memory of '
                        'the positions; one process where none can be forked (Windows)')
    p.add_argument('--out', metavar='FILE',
                   help='write the fitted numbers, with the square tables the fit ran '
                        'with, as the variant\'s entry of this tuned-data file (kept: its '
                        'other variants, and the variant\'s search settings, else those '
                        'in use; created: from the tuned data in use)')

    p = sub.add_parser('strip', help='games to store: the engines\' comments left out',
                       description='Copy the games of PGN files of "cazaux-engine match" into '
                       'one file as the games of tuning/games/ are stored: tags and moves '
                       'kept, the openings\' {book} marks kept (so "tune extract" still '
                       'skips the opening moves and gives the same positions) and the '
                       'comment that says why a game ended, the engines\' comments (score, '
                       'depth and time of each move) left out.  An unfinished last game (an interrupted '
                       'match) is left out.  FILE ending in .gz is written gzip-compressed, '
                       'byte for byte the same on every run.')
    p.add_argument('pgn', nargs='+', metavar='PGN', help='PGN files of "cazaux-engine match"')
    p.add_argument('--out', required=True, metavar='FILE',
                   help='write the games here (must not exist yet)')

    p = sub.add_parser('show', help='the piece values and weights in use',
                       description='The piece values and evaluation weights each variant uses '
                       '(with CAZAUX_ENGINE_TUNED as set), beside the untuned ones.')
    p.add_argument('--variant', choices=registry.names(), metavar='V',
                   help='only this variant (default: all)')
    return ap


def cmd_openings(args, ap, registry: Registry) -> int:
    from tuning.openings import random_openings
    if args.count < 1 or args.plies < 0 or args.margin < 0:
        ap.error('--count must be at least 1, --plies and --margin not negative')
    variant = registry.get(args.variant)
    t = time.perf_counter()
    try:
        lines = random_openings(variant, args.count, args.plies, args.margin, args.seed,
                                not args.default_start)
    except ValueError as e:
        print(f'error: {e}', file=sys.stderr)
        return 1
    with open(args.out, 'w', encoding='utf-8') as f:
        f.write(f'# cazaux-engine tune openings --variant {variant.name} --count {args.count} '
                f'--plies {args.plies} --margin {args.margin} --seed {args.seed}'
                f'{" --default-start" if args.default_start else ""}\n')
        for line in lines:
            f.write(line + '\n')
    print(f'{len(lines)} openings in {args.out} ({time.perf_counter() - t:.1f} s)')
    return 0


def game_records(path: str, variant: Variant, counts, games: list | None = None):
    """The games of ``variant`` in a PGN file, as extraction records
    (``games``: the file's games, if already read)."""
    from tuning.extract import GameRecord
    for i, g in enumerate(read_pgn_file(path).games if games is None else games, 1):
        v = g.tags.get('Variant', 'chess').lower()
        if v == 'standard':
            v = 'chess'
        if v != variant.name:
            counts.games += 1
            counts.skip('other variant')
            continue
        book = 0
        for c in g.comments:
            if c != 'book':
                break
            book += 1
        yield GameRecord(g.tags.get('FEN', variant.start), tuple(g.moves),
                         g.result, g.tags.get('Termination', 'normal'), book, f'{path}#{i}')


def cmd_extract(args, ap, registry: Registry) -> int:
    from tuning.extract import Counts, Settings, format_sample, game_samples
    from tuning.workers import ordered_map
    if args.skip_plies < 0 or args.quiet_margin < 0 or args.jobs < 0:
        ap.error('--skip-plies, --quiet-margin and --jobs must not be negative')
    for path in args.pgn:
        if not os.path.isfile(path):
            ap.error(f'no such PGN file: {path}')
    settings = Settings(args.skip_plies, args.quiet_margin,
                        tuple(x.strip() for x in args.terminations.split(',') if x.strip()))
    variant = registry.get(args.variant)
    counts = Counts()

    def one_game(g):
        """One game's lines and counts (in a worker where --jobs forks)."""
        c = Counts()
        samples = game_samples(variant, g, settings, c)
        return ''.join(format_sample(variant.name, s) for s in samples), c

    t = time.perf_counter()
    with open(args.out, 'a', encoding='utf-8') as out:
        for path in args.pgn:
            for text, c in ordered_map(one_game, game_records(path, variant, counts), args.jobs):
                out.write(text)
                counts.add(c)
    skipped = ', '.join(f'{n} {r}' for r, n in sorted(counts.skipped.items())) or 'none'
    print(f'{counts.games} games read, {counts.used} used (skipped: {skipped})')
    print(f'{counts.positions} positions after the first {settings.skip_plies} plies: '
          f'{counts.in_check} in check, {counts.no_move} without a move, '
          f'{counts.not_quiet} not quiet, {counts.kept} kept -> {args.out} '
          f'({time.perf_counter() - t:.1f} s)')
    return 0


def cmd_fit(args, ap, registry: Registry) -> int:
    try:
        from tuning.fit import split_holdout, tune
    except ImportError as e:
        print(f'error: "tune fit" needs numpy and scipy ({e}): pip install numpy scipy, '
              f'or in the repository pip install -e ".[tune]"', file=sys.stderr)
        return 2
    from tuning.extract import PositionsError, read_samples
    from tuning.parameters import parameters
    if args.ridge is None:
        args.ridge = SQUARES_RIDGE if args.squares else 0.0
    if args.mirror and not args.squares:
        ap.error('--mirror applies to --squares only')
    if args.squares and args.params:
        ap.error('--squares fits the square tables: --params does not apply')
    if args.iterations < 0 or args.max_positions < 0 or args.ridge < 0 or args.jobs < 0:
        ap.error('--iterations, --max-positions, --ridge and --jobs must not be negative')
    if args.jobs != 1 and args.squares:
        ap.error('--jobs applies to the fit of --params, not to --squares')
    if not 0 <= args.holdout < 1:
        ap.error('--holdout must be at least 0 and below 1')
    variant = registry.get(args.variant)
    names = [x.strip() for x in args.params.split(',') if x.strip()] if args.params else None
    try:
        params = parameters(variant, names)
    except TunedDataError as e:
        ap.error(str(e))
    if args.out and os.path.exists(args.out):
        try:
            tuned.load_tuned(args.out)
        except TunedDataError as e:
            ap.error(f'--out: {e}')
    t = time.perf_counter()
    try:
        samples = [s for path in args.positions for s in read_samples(path, variant)]
    except PositionsError as e:
        print(f'error: {e}', file=sys.stderr)
        return 2
    if args.max_positions and len(samples) > args.max_positions:
        import random
        samples = random.Random(args.seed).sample(samples, args.max_positions)
    if not samples:
        print(f'error: no {variant.name} positions in {", ".join(args.positions)}',
              file=sys.stderr)
        return 2
    samples, held = split_holdout(samples, args.holdout)
    if not samples:
        print('error: --holdout leaves no position to fit', file=sys.stderr)
        return 2
    if args.squares:
        return fit_squares(args, variant, samples, held, time.perf_counter() - t)
    print(f'{len(samples)} {variant.name} positions'
          f'{f" ({len(held)} more held out)" if args.holdout else ""} '
          f'({time.perf_counter() - t:.1f} s to read); {len(params)} parameters; '
          f'tuned data: {tuned.source() or "off"}', flush=True)
    r = tune(variant, samples, params, args.iterations, args.loss, args.ridge,
             log=lambda s: print(s, flush=True), held=held, jobs=args.jobs)
    print(f'loss {r.start_loss:.6f} -> {r.result.final_loss:.6f} (K = {r.K:.4f}, '
          f'{r.result.evaluations} passes, {r.seconds_k + r.seconds_fit:.1f} s)')
    if r.held_out:
        print(f'held-out loss {r.held_out[0]:.6f} -> {r.held_out[1]:.6f} '
              f'({len(held)} positions)')
    if r.result.no_effect:
        print(f'no measurable effect on these positions (left as they were): '
              f'{", ".join(r.result.no_effect)}')
    print(f'{"parameter":<16} {"untuned":>9} {"start":>9} {"fitted":>9}')
    from tuning.parameters import untuned_values
    from search.weights import default_weights
    base_v, base_w = untuned_values(variant), default_weights()
    for p in params:
        new = (r.values if p.is_value else r.weights)[p.name]
        base = base_v[p.name] if p.is_value else base_w[p.name]
        print(f'{p.name:<16} {base:>9g} {p.start:>9g} {new:>9g}')
    if args.out:
        values = {**tuned.values_of(variant.name), **r.values}
        weights = {**tuned.weights_of(variant.name), **r.weights}
        # the square tables the fit ran with go along: without them the
        # entry would not be the evaluation that was fitted; and the
        # search settings in use, where the file has none for the variant
        tuned.write_entry(args.out, variant.name, values, weights,
                          tuned.squares_of(variant.name), base=tuned.active(),
                          search=tuned.search_of(variant.name))
        print(f'written: {variant.name} in {args.out}')
    return 0


def fit_squares(args, variant: Variant, samples: list, held: list, seconds_read: float) -> int:
    """``tune fit --squares``: :mod:`tuning.squares`, reported and written."""
    from tuning.fit import side_to_move_labels
    from tuning.squares import engine_q, fit_squares as fit
    from tuning.texel import fit_k
    print(f'{len(samples)} {variant.name} positions'
          f'{f" ({len(held)} more held out)" if held else ""} '
          f'({seconds_read:.1f} s to read); square tables of {len(variant.pieces)} kinds; '
          f'tuned data: {tuned.source() or "off"}', flush=True)
    y = side_to_move_labels(samples)
    t = time.perf_counter()
    q0 = engine_q(variant, samples)
    K, e = fit_k(q0, y, args.loss)
    print(f'K = {K:.4f}: loss {e:.6f} with the tables in use ({time.perf_counter() - t:.1f} s)',
          flush=True)
    r = fit(variant, samples, y, K, args.loss, args.ridge, held,
            side_to_move_labels(held) if held else None, log=lambda s: print(s, flush=True),
            q0=q0, mirror=args.mirror)
    print(f'loss {r.start_loss:.6f} -> {r.final_loss:.6f} (K = {K:.4f}, ridge {args.ridge:g}, '
          f'{r.entries} {"free numbers, files mirrored" if args.mirror else "entries"}, '
          f'{r.seconds:.1f} s)')
    if r.held_out:
        print(f'held-out loss {r.held_out[0]:.6f} -> {r.held_out[1]:.6f} ({len(held)} positions)')
    for p, table in r.squares.items():
        mg, eg = table['mg'], table['eg']
        print(f'{p:<12} mg {min(mg):>5}..{max(mg):<5} eg {min(eg):>5}..{max(eg):<5}')
    if args.out:
        tuned.write_entry(args.out, variant.name, tuned.values_of(variant.name),
                          tuned.weights_of(variant.name), r.squares, base=tuned.active(),
                          search=tuned.search_of(variant.name))
        print(f'written: {variant.name} in {args.out}')
    return 0


def strip_comments(game):
    """``game`` (a :class:`tournament.pgn.PgnGame`) with only its {book}
    marks and its last comment (why the game ended) left of its comments."""
    return PgnGame(tags=dict(game.tags), moves=list(game.moves),
                   comments=[c if c == 'book' else None for c in game.comments],
                   final_comment=game.final_comment, result=game.result)


def cmd_strip(args, ap, registry: Registry) -> int:
    import gzip
    for path in args.pgn:
        if not os.path.isfile(path):
            ap.error(f'no such PGN file: {path}')
    if os.path.exists(args.out):
        ap.error(f'--out: {args.out} exists (choose a new name; nothing was written)')
    texts, unfinished = [], 0
    for path in args.pgn:
        f = read_pgn_file(path)
        unfinished += f.incomplete_at is not None
        texts.extend(format_game(strip_comments(g)) for g in f.games)
    if not texts:
        print(f'error: no finished games in {", ".join(args.pgn)}', file=sys.stderr)
        return 2
    data = ''.join(texts)[:-1].encode('utf-8')     # no blank line at the end
    tmp = args.out + '.part'
    with open(tmp, 'wb') as raw:
        if args.out.endswith('.gz'):
            # no file name and no time in the header: the same bytes every run
            with gzip.GzipFile(filename='', mode='wb', fileobj=raw, mtime=0) as z:
                z.write(data)
        else:
            raw.write(data)
    os.replace(tmp, args.out)
    note = f'; {unfinished} unfinished last game(s) left out' if unfinished else ''
    print(f'{len(texts)} games -> {args.out} ({os.path.getsize(args.out):,} bytes{note})')
    return 0


def cmd_show(args, ap, registry: Registry) -> int:
    from tuning.parameters import untuned_values
    from search.weights import (default_search_settings, default_weights, search_settings,
                                squares_for, values_for, weights_for)
    print(f'tuned data: {tuned.source() or "off (CAZAUX_ENGINE_TUNED=off)"}')
    base_w = default_weights()
    base_s = default_search_settings()
    for name in [args.variant] if args.variant else registry.names():
        variant = registry.get(name)
        base_v = untuned_values(variant)
        vals, ws = values_for(variant), weights_for(name)
        ss = vars(search_settings(name))
        squares = squares_for(variant)
        changed = ([f'{p} {base_v[p]}->{vals[p]}' for p in vals if vals[p] != base_v[p]]
                   + [f'{w} {base_w[w]:g}->{ws[w]:g}' for w in ws if ws[w] != base_w[w]]
                   + ([f'square tables of {", ".join(squares)}'] if squares else [])
                   + [f'search {n} {base_s[n]:g}->{ss[n]:g}' for n in ss if ss[n] != base_s[n]])
        print(f'{name}: ' + ('; '.join(changed) if changed else 'untuned'))
        outside = sorted(set(tuned.values_of(name)) - set(base_v))
        if outside:
            print(f'  warning: not in its army, left out: {", ".join(outside)}')
        unfit = sorted(set(tuned.squares_of(name)) - set(squares))
        if unfit:
            print(f'  warning: square tables not of its army or board, left out: '
                  f'{", ".join(unfit)}')
        if args.variant:
            print('  values:  ' + ', '.join(f'{p} {v}' for p, v in vals.items() if p != 'king'))
            print('  weights: ' + ', '.join(f'{w} {x:g}' for w, x in ws.items()))
    return 0


def main(argv: list[str], registry: Registry | None = None) -> int:
    """Command line: ``cazaux-engine tune``; ``registry`` knows the variants
    (the built-in ones, with those of ``--variants FILE``)."""
    registry = registry or Registry()
    ap = build_parser(registry)
    args = ap.parse_args(argv)
    return {'openings': cmd_openings, 'extract': cmd_extract, 'fit': cmd_fit,
            'strip': cmd_strip, 'show': cmd_show}[args.command](args, ap, registry)
