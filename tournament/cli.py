"""``cazaux-engine match``: engine-vs-engine tournaments in every variant.

The command line only: the work is done by :mod:`tournament`.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

from cazaux_engine import VARIANT_NAMES, Registry

from .adjudication import AdjudicationError, parse_draw, parse_resign
from .arbiter import ArbiterSettings
from .client import EngineError
from .detect import probe
from .engine_spec import (EngineSpec, EngineSpecError, assign_names, limit_fields,
                          parse_engine_spec, parse_fields, ponder_field)
from .eventlog import EventLog
from .openings import OpeningError, arrange, load_openings
from .resume import ResumeError, earlier_games, played_games
from .runner import Player, Tournament, TournamentAborted
from .schedule import make_schedule, pairs
from .sprt import SprtError, parse_sprt
from .timecontrol import TimeControl, TimeControlError, parse_tc, with_limits

DESCRIPTION = """\
Play a tournament between engines that speak XBoard (CECP v2) or UCI, in any
variant of this engine (docs/rules.md).  The runner is the arbiter: it keeps every
game with its own rules, so an illegal move, a false claim, a loss on time, a
crash or a hang each lose the game (the engine is restarted and the tournament
goes on).  Games are appended to the PGN file as they finish; running the same
command again with the same --pgn file continues where it stopped, and
--earlier FILE counts the games of an earlier run too (an SPRT that goes on
with new openings in a new file)."""

EPILOG = """\
engines (--engine SPEC, once per engine, at least two):
  CMD                      a command line; the protocol is detected (up to ten
                           seconds for XBoard engines that ignore "uci")
  uci:CMD, xboard:CMD      the same, protocol stated
  cmd=CMD [proto=uci|xboard|auto] [name=NAME] [dir=DIR] [tc=TC|st=S] [nodes=N]
      [depth=D] [ponder] [option.NAME=VALUE ...]
                           key=value fields, shell-quoted, e.g.
                           "cmd='cazaux-engine --option Evaluation=material' name=material";
                           an unknown or misspelt field is refused before anything
                           starts
  Names default to the engine's own (UCI "id name", XBoard "myname"); engines
  that would share a name are told apart by their arguments.  Options are sent
  as "setoption name N value V" (UCI) or "option N=V" (XBoard) before the
  variant is checked, and the engine's variant list is read again after them
  (Fairy-Stockfish's option.VariantPath=FILE, Sjaak II's variant file).
  tc=, st=, nodes=, depth= are that engine's own limits, in place of --tc,
  --st, --nodes, --depth: a time-odds match is
  --engine "cmd=a tc=10+0.1" --engine "cmd=b tc=1+0.01".
  ponder (or ponder=on|off; --each ponder for all) lets the engine think on its
  opponent's time: UCI "go ponder" on the move it expects, then "ponderhit"
  (its time counts from there) or "stop" (from there); XBoard "hard".

time control (at least one of --tc, --st, --nodes, --depth, or each engine's own):
  --tc [MOVES/]BASE[+INC]  BASE seconds (or MIN:SEC) per game, INC seconds added
                           after each move, BASE added again every MOVES moves:
                           10+0.1, 40/60, 1:30+1
  --st SECONDS             fixed time per move
  --nodes N, --depth D     search limits, alone or on top of a clock (XBoard
                           engines get "nps N" with "st 1" for a node limit,
                           unless they declare nps=0; next to a clock XBoard
                           has no node limit)
  What each engine is sent is printed at the start.  The arbiter measures each
  move from the command that starts the search to the arrival of the move, and
  a move that overruns the clock by more than --margin loses on time.  Without
  a clock an engine that stays silent for --timeout seconds loses ("stalled
  connection").

openings (--openings):
  default                  the variant's default start position
  balanced                 the variant's shipped balanced short openings (a few
                           plies from the start or a Black-choice setup, each
                           scored within +-50 cp by a short search)
  all                      every Black-choice placement (24 in zanzibar-s, 288 in
                           zanzibar-xl, 10080 in maasai), in index order
  random                   a random placement per pair of games (--seed)
  FILE                     one opening per line: a FEN or EPD line, optionally
                           followed by "moves M1 M2 ...", or moves from the
                           default start; FILE.pgn: the FEN and moves of each
                           game (--opening-plies caps the moves); coordinates or
                           SAN
  A list of openings is played in its order, or shuffled (--shuffle, with
  --seed), from the --opening-start'th on.  Each opening is played twice,
  colours reversed (a game pair), --repeat N times in a row.  Without --games,
  one pass over the openings is played (2 x N games per pairing for default
  and random).  EPD (.epd) and PGN (.pgn) suites work for every variant,
  those of a --variants file included.

moves: engines may write coordinates (with or without a forced promotion's
  letter), O-O/O-O-O (0-0), XBoard's two-leg e.p. capture, or SAN; an XBoard
  engine with feature san=1 is sent SAN.  Anything else loses the game, with
  the move and the FEN in the log and the PGN.

output:
  PGN with tags Variant, SetUp, FEN, TimeControl (White/BlackTimeControl with
  time odds), Result, Termination (PGN standard values: normal, time forfeit,
  rules infraction, adjudication, abandoned, stalled connection), PlyCount,
  Opening; moves in coordinate notation, ranks from 1 in every variant;
  comments {score/depth time}.  After each game a progress line on standard
  error (none with --quiet): games done/total, every pairing's score and Elo
  +/- 95% margin (with --sprt its LLR and bounds) and the time the rest should
  take at the pace so far.  At the end, on standard output, a table (Elo
  against the field with 95% error margin, score, draws), for each pairing
  its score, the game pairs by points (Ptnml), Elo difference +/- 95% margin,
  normalized Elo and likelihood of superiority (LOS) of the pentanomial model
  (trinomial with one game per pairing), the games lost by an illegal move
  with the score of the games decided on the board, and a crosstable (points
  of each engine against each other one); the same text is in
  FILE.standings.txt beside the --pgn FILE.pgn, rewritten after every game.

examples:
  cazaux-engine match --variant zanzibar-s --engine cazaux-engine \\
      --engine "cazaux-engine --option Evaluation=material" \\
      --games 40 --tc 10+0.1 --openings random --pgn zs.pgn
  cazaux-engine match --variant pemba --engine uci:./new --engine uci:./old \\
      --tc 5+0.05 --games 2000 --sprt elo0=0,elo1=10 --pgn sprt.pgn
  cazaux-engine match --variant pemba --engine cazaux-engine \\
      --engine "cmd='sjaakii sjaak_variants.txt' proto=xboard" \\
      --tc 10+0.1 --openings balanced --games 20 --pgn sjaak.pgn
  cazaux-engine match --variant maasai --engine a --engine b --engine c \\
      --nodes 2000 --games 4 --pgn rr.pgn
  cazaux-engine match --variant chess --engine "cmd=cazaux-engine ponder" \\
      --engine "cmd=stockfish ponder option.UCI_LimitStrength=true" \\
      --tc 10+0.1 --openings suite.epd --shuffle --seed 7 --concurrency 1 --pgn s.pgn
  cazaux-engine match --variant pemba --engine uci:./new --engine uci:./old \\
      --tc 5+0.05 --games 20000 --sprt elo0=0,elo1=5 --pgn sprt.pgn \\
      --cluster tcp://scheduler-host:8786

cluster (--cluster, the "cluster" extra: pip install "cazaux-engine[cluster]"):
  local:N starts N worker processes here; tcp://HOST:PORT is the scheduler of
  "dask scheduler", with "dask worker tcp://HOST:PORT --nthreads K" on each
  machine (K games at once; the package and the engines at the same paths
  there).  A worker that dies costs the game it played only: it is played
  again on another worker and written once (docs/match.md).

exit status: 0 done (or SPRT decided), 1 an engine cannot play (or a game
ended every cluster worker that played it), 2 bad arguments, 130 interrupted
(Ctrl-C, or SIGTERM: kill PID; the finished games stay in the PGN file)."""


def cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def build_parser(registry: Registry) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog='cazaux-engine match', description=DESCRIPTION,
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--variant', required=True, choices=registry.names(), metavar='V',
                    help=f'the variant: {", ".join(VARIANT_NAMES)}, or one of a file given '
                         f'with --variants FILE (before or after "match"; the engines '
                         f'need the file too, e.g. option.VariantPath=FILE)')
    ap.add_argument('--engine', action='append', default=[], metavar='SPEC',
                    help='an engine (see "engines" below); give two or more')
    ap.add_argument('--each', action='append', default=[], metavar='FIELDS',
                    help='key=value fields for every engine, e.g. "option.Hash=16 proto=uci"')
    ap.add_argument('--games', type=int, metavar='N',
                    help='games per pairing (default: one pass over the openings, each once '
                         'with each colour, --repeat times)')
    ap.add_argument('--gauntlet', action='store_true',
                    help='the first engine plays each of the others (default: round robin)')
    tc = ap.add_mutually_exclusive_group()
    tc.add_argument('--tc', metavar='TC', help='clock: [MOVES/]BASE[+INC], e.g. 10+0.1')
    tc.add_argument('--st', type=float, metavar='SECONDS', help='fixed time per move')
    ap.add_argument('--nodes', type=int, default=0, metavar='N', help='nodes per move')
    ap.add_argument('--depth', type=int, default=0, metavar='D', help='depth (plies) per move')
    ap.add_argument('--margin', type=float, default=100, metavar='MS',
                    help='milliseconds a move may overrun the clock (default 100)')
    ap.add_argument('--timeout', type=float, default=30, metavar='SECONDS',
                    help='longest wait for a handshake, a sync, a move without clock, or '
                         'the --cluster scheduler (default 30)')
    ap.add_argument('--maxmoves', type=int, default=0, metavar='N',
                    help='adjudicate a draw after N moves by each side (default: never)')
    ap.add_argument('--resign', metavar='movecount=N,score=CP',
                    help='adjudicate a win when for N moves the loser\'s engine scores at '
                         'most -CP and the winner\'s at least +CP (default: never)')
    ap.add_argument('--draw', metavar='movenumber=M,movecount=N,score=CP',
                    help='adjudicate a draw from move M on when both engines scored within '
                         '+/-CP for their last N moves (default: never)')
    ap.add_argument('--pgn', required=True, metavar='FILE',
                    help='games are appended here; an existing file is resumed')
    ap.add_argument('--openings', default='default', metavar='default|balanced|all|random|FILE',
                    help='start positions (default: default)')
    ap.add_argument('--opening-plies', type=int, metavar='N',
                    help='use at most N moves of each opening of a FILE')
    ap.add_argument('--shuffle', action='store_true',
                    help='play the openings in a random order drawn from --seed (the same '
                         'order for the same seed) instead of their order')
    ap.add_argument('--opening-start', type=int, default=1, metavar='N',
                    help='begin with the Nth opening of the order of play (1-based; after '
                         'the last comes the first)')
    ap.add_argument('--repeat', type=int, default=1, metavar='N',
                    help='play each opening as N game pairs in a row (default 1: once with '
                         'each colour)')
    ap.add_argument('--seed', type=int, default=0,
                    help='seed of --openings random and of --shuffle (default 0)')
    ap.add_argument('--concurrency', type=int, metavar='K',
                    help=f'games played at once (default: the number of cores, here {cores()})')
    ap.add_argument('--cluster', metavar='tcp://HOST:PORT|local:N',
                    help='play the games on the workers of a Dask cluster (a scheduler\'s '
                         'address) or of N local worker processes; needs the "cluster" '
                         'extra (Dask distributed), and the engines on every worker')
    ap.add_argument('--sprt', metavar='elo0=X,elo1=Y[,alpha=A,beta=B,model=M]',
                    help='sequential test (GSPRT, pentanomial on game pairs) of the first '
                         'engine against the second; stops when decided (alpha and beta '
                         'default to 0.05; model logistic, the default, or normalized Elo)')
    ap.add_argument('--earlier', action='append', default=[], metavar='FILE',
                    help='the PGN file of an earlier run of the same engines (by name) in '
                         'this variant, e.g. an SPRT that goes on with new openings in a new '
                         '--pgn file: its games count first in the scores, Elo and SPRT, '
                         'and are not written again (may be given more than once)')
    ap.add_argument('--event', default='cazaux-engine match', help='the PGN Event tag')
    ap.add_argument('--quiet', action='store_true',
                    help='no progress line per game on standard error (warnings stay)')
    ap.add_argument('--log', metavar='FILE', help='append warnings and results to FILE')
    ap.add_argument('--debug', action='store_true',
                    help='also log every line to and from the engines (needs --log)')
    return ap


def time_control(args) -> TimeControl:
    """The tournament's limits (``--tc``/``--st``, ``--nodes``, ``--depth``);
    they may be empty when every engine has its own."""
    if args.nodes < 0 or args.depth < 0:
        raise TimeControlError('--nodes and --depth must not be negative')
    if args.tc:
        t = parse_tc(args.tc)
        return TimeControl(t.moves, t.base, t.inc, 0.0, args.depth, args.nodes)
    if args.st is not None:
        if args.st <= 0:
            raise TimeControlError('--st must be above 0')
        return TimeControl(movetime=args.st, depth=args.depth, nodes=args.nodes)
    return TimeControl(depth=args.depth, nodes=args.nodes)


def engine_tcs(tc: TimeControl, specs: list[EngineSpec]) -> list[TimeControl]:
    """Each engine's limits: the tournament's, with its own tc=, st=, nodes=,
    depth= in their place (TimeControlError if an engine is left with none)."""
    out = []
    for k, s in enumerate(specs, 1):
        own = with_limits(tc, s.limits)
        if own == TimeControl():
            raise TimeControlError(
                'give a time control: --tc, --st, --nodes or --depth'
                if not any(x.limits for x in specs) else
                f'engine {k} ({s.text}) has no limit: give --tc, --st, --nodes or --depth, '
                'or tc=, st=, nodes=, depth= in its --engine')
        out.append(own)
    return out


def engine_specs(args) -> list[EngineSpec]:
    each: dict = {}
    for text in args.each:
        fields = parse_fields(text)
        if 'cmd' in fields or 'name' in fields:
            raise EngineSpecError(f'--each {text!r}: cmd= and name= belong to one --engine')
        if ('tc' in fields or 'st' in fields) and ('tc' in each or 'st' in each):
            each.pop('tc', None)
            each.pop('st', None)
        each.update(fields)
    specs = []
    for text in args.engine:
        s = parse_engine_spec(text)
        s = s.with_options({k[len('option.'):]: v for k, v in each.items()
                            if k.startswith('option.')}, limit_fields(each), ponder_field(each))
        if 'proto' in each and s.proto == 'auto':
            s.proto = each['proto']
        if 'dir' in each and s.dir is None:
            s.dir = each['dir']
        specs.append(s)
    return specs


def repeats_warning(tcs: list[TimeControl], openings, games: int) -> str:
    """A warning when the games will repeat ('' if not): an engine limited
    by nodes or depth alone (no clock, no time per move) plays the same
    game from the same opening and colours every time, so with a finite
    list of openings only the first 2 x (openings) games of a pairing are
    distinct, and an Elo or SPRT that counts the repeats is wrong."""
    if openings.count is None or games <= 2 * openings.count:
        return ''
    if not all((tc.nodes or tc.depth) and not tc.clocked and not tc.movetime for tc in tcs):
        return ''
    n = openings.count
    return (f'{games} games per pairing from {n} opening{"s" if n != 1 else ""}, limited by nodes '
            f'or depth alone: a deterministic engine repeats its games after the first {2 * n}, '
            f'and the repeats add no evidence (the Elo and SPRT would count them); give more '
            f'openings (cazaux-engine tune openings) or a clock')


def progress_out(line: str) -> None:
    """A progress line, on standard error (the results are on standard output)."""
    print(line, file=sys.stderr, flush=True)


def standings_file(pgn: str) -> str:
    """The standings beside the PGN: ``rr.pgn`` -> ``rr.standings.txt``.

    >>> standings_file('games/rr.pgn'), standings_file('rr')
    ('games/rr.standings.txt', 'rr.standings.txt')
    """
    base = pgn[:-4] if pgn.lower().endswith('.pgn') else pgn
    return base + '.standings.txt'


def _terminated(signum, frame):
    """SIGTERM: stop as Ctrl-C does."""
    raise KeyboardInterrupt


def main(argv: list[str], registry: Registry | None = None) -> int:
    """Command line: ``cazaux-engine match``; ``registry`` knows the variants
    (the command line's, with those of ``--variants FILE``)."""
    registry = registry or Registry()
    ap = build_parser(registry)
    args = ap.parse_args(argv)
    try:
        tc = time_control(args)
        specs = engine_specs(args)
        tcs = engine_tcs(tc, specs)
        sprt = parse_sprt(args.sprt) if args.sprt else None
        resign = parse_resign(args.resign) if args.resign else None
        draw = parse_draw(args.draw) if args.draw else None
    except (TimeControlError, EngineSpecError, SprtError, AdjudicationError) as e:
        ap.error(str(e))
    if len(specs) < 2:
        ap.error('give at least two engines (--engine SPEC --engine SPEC)')
    if sprt and len(specs) != 2:
        ap.error('--sprt needs exactly two engines')
    if args.debug and not args.log:
        ap.error('--debug needs --log FILE')
    for path in args.earlier:
        if not os.path.isfile(path):
            ap.error(f'--earlier {path}: no such file')
        if os.path.abspath(path) == os.path.abspath(args.pgn):
            ap.error(f'--earlier {path} is the --pgn file, which is resumed anyway')
    if args.cluster and args.concurrency is not None:
        ap.error('--concurrency is for games on this machine; with --cluster each worker '
                 'thread plays one game at a time (dask worker --nthreads K)')
    if args.concurrency is None:
        args.concurrency = cores()
    if args.concurrency < 1 or (args.games is not None and args.games < 1):
        ap.error('--concurrency and --games must be at least 1')
    variant = registry.get(args.variant)
    try:
        openings = arrange(load_openings(args.openings, variant, args.seed, args.opening_plies),
                           args.shuffle, args.seed, args.opening_start, args.repeat)
    except OpeningError as e:
        ap.error(str(e))
    games = args.games if args.games is not None else 2 * openings.pass_pairs
    repeats = repeats_warning(tcs, openings, games)
    try:
        with open(args.pgn, 'a', encoding='utf-8'):
            pass
    except OSError as e:
        ap.error(f'cannot write --pgn {args.pgn}: {e.strerror or e}')

    cluster = None
    if args.cluster:
        from .cluster import Cluster, ClusterError
        try:
            cluster = Cluster(args.cluster, args.timeout)
        except ClusterError as e:
            print(f'error: {e}', file=sys.stderr)
            return 2
    log = EventLog(args.log, args.debug)
    try:
        reported, sent = [], []
        for k, (s, own) in enumerate(zip(specs, tcs), 1):
            try:
                if cluster:
                    name, limits = cluster.probe(s, variant, own, args.timeout)
                else:
                    name, limits = probe(s, variant, own, args.timeout, log)
            except EngineError as e:
                print(f'error: engine {k} ({s.text}) cannot play {variant.name}: {e}',
                      file=sys.stderr)
                return 1
            reported.append(name)
            sent.append(limits)
        names = assign_names(specs, reported)
        players = [Player(s, n, own) for s, n, own in zip(specs, names, tcs)]
        schedule = make_schedule(len(players), games, openings, args.gauntlet)
        try:
            done, warning = played_games(args.pgn, schedule, names, variant.name)
            earlier = earlier_games(args.earlier, names, variant.name)
        except ResumeError as e:
            print(f'error: {e}', file=sys.stderr)
            return 2
        if warning:
            log.warn(warning)
        if repeats:
            log.warn(repeats)
        settings = ArbiterSettings(tc, args.margin / 1000.0, args.timeout, args.maxmoves,
                                   resign, draw)
        same = all(own == tcs[0] for own in tcs)
        head = [f'{variant.name}: {", ".join(names)}; {len(schedule)} games '
                f'({"gauntlet" if args.gauntlet else "round robin"}, {games} per pairing'
                f'{f", {len(done)} already in {args.pgn}" if done else ""}'
                f'{f", {len(earlier)} counted from --earlier" if earlier else ""}); '
                f'{tcs[0].describe() if same else "limits per engine"}; '
                f'{cluster.describe() if cluster else f"concurrency {args.concurrency}"}']
        for name, s, own, limits in zip(names, specs, tcs, sent):
            head.append(f'  {name} ({s.proto}): {own.describe()}; sent: {limits}'
                        f'{"; ponder" if s.ponder else ""}')
        standings = standings_file(args.pgn)
        t = Tournament(players, variant, schedule, settings, args.pgn, args.concurrency, sprt,
                       args.event, log, out=None if args.quiet else progress_out, done=done,
                       pairs=pairs(len(players), args.gauntlet), standings_path=standings,
                       header=f'{args.event}, {args.pgn}\n' + '\n'.join(head) + '\n',
                       cluster=cluster, earlier=earlier)
        print('\n'.join(head), flush=True)
        status = 0
        # SIGTERM (`kill`, a service manager) ends the run as Ctrl-C does: a
        # run started with `&` or nohup ignores SIGINT, so this is how it is stopped
        term = signal.signal(signal.SIGTERM, _terminated)
        try:
            t.run()
        except KeyboardInterrupt:
            print('\ninterrupted: finished games are in the PGN file; rerun to continue',
                  file=sys.stderr)
            status = 130
        except TournamentAborted as e:
            print(f'error: {e}', file=sys.stderr)
            status = 1
        finally:
            signal.signal(signal.SIGTERM, term)
        print()
        print(t.standings_text(), flush=True)
        try:
            t.write_standings()
            print(f'(standings and crosstable also in {standings})', flush=True)
        except OSError as e:
            print(f'error: cannot write {standings}: {e.strerror or e}', file=sys.stderr)
            status = status or 1
        return status
    finally:
        if cluster:
            cluster.close()
        log.close()
