"""Load benchmark: fast games with pondering on a busy machine.

It starts its own CPU load (``--busy`` processes spinning, two by default:
with the engines that is about four runnable processes on two cores, what
a user with a GUI, a browser and a second engine has), plays fast games,
stops the load, and prints per harness and clock:

* games played, games lost on time, games forfeited (an illegal move, a
  move XBoard refused, a crash, a stall);
* the lowest clock an engine had left after any move;
* the latency of a move, the time charged for it by the GUI (median and
  99th percentile), against the increment.

The harnesses:

``xboard``
    the real XBoard (headless under ``xvfb-run``), engine against itself,
    both pondering (``-ponderNextMove true``), legality testing on (off for
    maasai and zanzibar-s-promo, which need it off), the variants in turn.
    The charge of a move is read from the clock XBoard sends (``time``):
    what the engine had, plus the increment, less what it has after its move.
``cutechess``
    cutechess-cli, orthodox chess over UCI, engine against itself, both
    pondering; the charge is the time cutechess-cli writes per move.
``runner``
    the project's own tournament runner (``cazaux-engine match``), one
    side UCI and the other XBoard, the variants in turn; it does not ponder.
    The charge is the runner's own measure of each move.

    python benchmarks/soak/load.py [--games 200] [--tc 5+0.1,2+0.05]
        [--harness xboard,cutechess,runner] [--busy 2] [--engine CMD] [--out DIR]
        [--xboard-args "-animateMoving false"]

``--games`` is per harness and clock.  It is a benchmark, not a test: the
figures depend on the machine and on what else runs on it.  Run it alone
(and with nothing else CPU-heavy; the project's scripts take turns with
``flock /tmp/cazaux-cpu.lock``).  The exit status is 1 when any game was
lost on time or forfeited.
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tournament.process import run_group            # noqa: E402

VARIANTS = ('zanzibar-s', 'zanzibar-xl', 'pemba', 'oblong44', 'maasai', 'zanzibar-s-promo',
            'chess')
NO_LEGALITY = ('maasai', 'zanzibar-s-promo')        # need -testLegality false (docs/xboard.md)
XB_NAME = {'chess': 'normal'}


@dataclass
class Tally:
    games: int = 0
    time_losses: int = 0
    forfeits: int = 0
    lowest: float | None = None                      # seconds left after a move, lowest
    charges: list = field(default_factory=list)      # seconds charged per move
    notes: list = field(default_factory=list)        # why each bad game ended

    def clock(self, left: float) -> None:
        self.lowest = left if self.lowest is None else min(self.lowest, left)

    def add(self, other: 'Tally') -> None:
        self.games += other.games
        self.time_losses += other.time_losses
        self.forfeits += other.forfeits
        if other.lowest is not None:
            self.clock(other.lowest)
        self.charges += other.charges
        self.notes += other.notes


def parse_tc(text: str) -> tuple[float, float]:
    base, _, inc = text.partition('+')
    return float(base), float(inc or 0)


def percentile(values: list, q: float) -> float:
    s = sorted(values)
    if not s:
        return float('nan')
    k = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[k]


TIME_LOSS = re.compile(r'time|flag', re.I)
FORFEIT = re.compile(r'forfeit|illegal|invalid|false|crash|disconnect|stall|abandon|'
                     r'infraction|exit|connection', re.I)


def classify(t: Tally, why: str) -> None:
    """Count a game whose last comment (the reason it ended) is ``why``."""
    t.games += 1
    if TIME_LOSS.search(why) and 'adjudication' not in why.lower():
        t.time_losses += 1
        t.notes.append(why)
    elif FORFEIT.search(why):
        t.forfeits += 1
        t.notes.append(why)


# -- load ---------------------------------------------------------------------------
def start_load(n: int) -> list[subprocess.Popen]:
    code = 'while True:\n    pass\n'
    return [subprocess.Popen([sys.executable, '-c', code], stdin=subprocess.DEVNULL,
                             start_new_session=True) for _ in range(n)]


def end_on_sigterm() -> None:
    """A SIGTERM (``kill``, a job's time limit) ends the run as Ctrl-C
    does, through the ``finally`` blocks: the busy processes and a
    harness still playing are stopped, not left spinning (they run in
    sessions of their own, which a signal to this process never reaches)."""
    def end(signum, frame):
        raise SystemExit(128 + signum)
    signal.signal(signal.SIGTERM, end)


def stop_load(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
    for p in procs:
        p.wait()


def launcher(work: Path, engine: str) -> Path:
    """A script that starts the engine (XBoard splits a command at spaces)."""
    script = work / 'engine.sh'
    script.write_text(f'#!/bin/sh\nexec {engine} "$@"\n')
    script.chmod(0o755)
    return script


# -- XBoard -------------------------------------------------------------------------
def xboard_clocks(debug: str, inc: float, t: Tally) -> None:
    """Charges and clocks from the ``time`` XBoard sends each engine: it is
    sent before each of the engine's moves, so two in a row (with only the
    engine's move between them) give that move's charge."""
    last: dict[str, float] = {}
    for line in debug.splitlines():
        m = re.search(r'>(first|second)\s*: time (-?\d+)', line)
        if m:
            who, left = m.group(1), int(m.group(2)) / 100
            if who in last:
                t.charges.append(last[who] + inc - left)
            t.clock(left)
            last[who] = left
            continue
        if re.search(r'>(first|second)\s*: (new|variant|setboard|force)\b', line):
            last.clear()                   # a new game: the clocks start again


def play_xboard(work: Path, engine: str, variant: str, games: int, base: float,
                inc: float, max_moves: int, extra: tuple[str, ...] = ()) -> Tally:
    xboard = shutil.which('xboard') or '/usr/games/xboard'
    work.mkdir(parents=True, exist_ok=True)
    home = work / 'home'
    home.mkdir(exist_ok=True)
    settings = work / 'xboard.settings'
    shutil.copyfile(ROOT / 'tests' / 'xboard_support' / 'xboard-test.settings', settings)
    eng = launcher(work, engine)
    pgn, debug = work / 'out.pgn', work / 'xboard.debug'
    minutes = f'{int(base // 60)}:{base % 60:02g}'
    legality = 'false' if variant in NO_LEGALITY else 'true'
    args = ['xvfb-run', '-a', '-s', '-screen 0 1280x1024x24', xboard,
            '-settingsFile', str(settings), '-saveSettingsOnExit', 'false',
            '-debug', '-nameOfDebugFile', str(debug),
            '-fcp', str(eng), '-fd', str(work), '-scp', str(eng), '-sd', str(work),
            '-variant', XB_NAME.get(variant, variant), '-mm', '-mg', str(games),
            '-tc', minutes, '-inc', str(inc), '-matchPause', '100',
            '-popupExitMessage', 'false', '-popupMoveErrors', 'false',
            '-testLegality', legality, '-testClaims', 'true', '-checkMates', 'true',
            '-materialDraws', 'true', '-trivialDraws', 'false',
            '-adjudicateDrawMoves', str(max_moves), '-sgf', str(pgn),
            '-ponderNextMove', 'true', '-autoCallFlag', 'true', *extra]
    env = dict(os.environ, HOME=str(home))
    env.pop('DISPLAY', None)
    per_game = 2 * (base + max_moves * inc) + 60
    rc, out = run_group(args, work, env, timeout=games * per_game + 60)
    t = Tally()
    text = pgn.read_text(errors='replace') if pgn.exists() else ''
    played = 0
    for chunk in re.split(r'\n(?=\[Event )', text.strip()):
        if not chunk.strip():
            continue
        comments = re.findall(r'\{([^{}]*)\}', chunk)
        classify(t, comments[-1].strip() if comments else '')
        played += 1
    if played < games:               # XBoard died or hung: the missing games count as forfeits
        t.games += games - played
        t.forfeits += games - played
        t.notes.append(f'xboard {variant}: {games - played} games not played (exit {rc})')
    xboard_clocks(debug.read_text(errors='replace') if debug.exists() else '', inc, t)
    return t


# -- cutechess-cli ------------------------------------------------------------------
def find_cutechess() -> str | None:
    peers = os.environ.get('PEERS_DIR', os.path.expanduser('~/.cache/peers'))
    for p in (shutil.which('cutechess-cli'), os.path.join(peers, 'cutechess-cli')):
        if p and os.path.exists(p):
            return p
    return None


def pgn_charges(text: str, base: float, inc: float, t: Tally) -> None:
    """Charges from move comments ``{score/depth 0.123s}`` (cutechess-cli
    and the runner), and each side's clock replayed from them."""
    for chunk in re.split(r'\n(?=\[Event )', text.strip()):
        body = '\n'.join(l for l in chunk.splitlines() if not l.startswith('['))
        clocks = [base, base]
        side = 0
        for c in re.findall(r'\{([^{}]*)\}', body):
            m = re.search(r'(\d+(?:\.\d+)?)s\b', c)
            if not m:
                continue
            spent = float(m.group(1))
            t.charges.append(spent)
            clocks[side] -= spent
            t.clock(clocks[side])
            clocks[side] += inc
            side ^= 1


def play_cutechess(work: Path, engine: str, games: int, base: float, inc: float,
                   max_moves: int) -> Tally:
    cli = find_cutechess()
    t = Tally()
    if cli is None:
        t.notes.append('cutechess-cli not found: skipped')
        return t
    work.mkdir(parents=True, exist_ok=True)
    pgn = work / 'games.pgn'
    args = [cli, '-engine', f'cmd={launcher(work, engine)}', 'proto=uci', 'name=A',
            '-engine', f'cmd={work / "engine.sh"}', 'proto=uci', 'name=B',
            '-each', f'tc={base:g}+{inc:g}', 'ponder', 'option.Hash=16',
            '-games', str(games), '-repeat', '-maxmoves', str(max_moves),
            '-pgnout', str(pgn)]
    rc, out = run_group(args, work, dict(os.environ),
                        timeout=games * (2 * (base + max_moves * inc) + 30) + 60)
    text = pgn.read_text(errors='replace') if pgn.exists() else ''
    played = 0
    for chunk in re.split(r'\n(?=\[Event )', text.strip()):
        if not chunk.strip():
            continue
        body = '\n'.join(l for l in chunk.splitlines() if not l.startswith('['))
        comments = re.findall(r'\{([^{}]*)\}', body)
        last = comments[-1] if comments else ''
        term = re.search(r'\[Termination "([^"]*)"\]', chunk)
        why = last.split(', ', 1)[-1] if ', ' in last else last
        if term and term.group(1) in ('time forfeit',):
            why = 'time forfeit: ' + why
        classify(t, why)
        played += 1
    if played < games:
        t.games += games - played
        t.forfeits += games - played
        t.notes.append(f'cutechess: {games - played} games not played (exit {rc})')
    pgn_charges(text, base, inc, t)
    return t


# -- the runner ---------------------------------------------------------------------
def play_runner(work: Path, engine: str, variant: str, games: int, base: float, inc: float,
                max_moves: int) -> Tally:
    work.mkdir(parents=True, exist_ok=True)
    pgn, log = work / 'games.pgn', work / 'games.log'
    args = [sys.executable, '-m', 'cazaux_engine', 'match', '--variant', variant,
            '--engine', f'cmd={shlex.quote(engine)} proto=uci name=A-uci',
            '--engine', f'cmd={shlex.quote(engine)} proto=xboard name=B-xboard',
            '--games', str(games), '--tc', f'{base:g}+{inc:g}', '--openings', 'balanced',
            '--maxmoves', str(max_moves), '--concurrency', '1',
            '--pgn', str(pgn), '--log', str(log)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep) if p]))
    rc, out = run_group(args, work, env, timeout=games * (2 * (base + max_moves * inc) + 30) + 60)
    t = Tally()
    text = pgn.read_text(errors='replace') if pgn.exists() else ''
    played = 0
    for chunk in re.split(r'\n(?=\[Event )', text.strip()):
        if not chunk.strip():
            continue
        term = re.search(r'\[Termination "([^"]*)"\]', chunk)
        comments = re.findall(r'\{([^{}]*)\}', chunk)
        why = comments[-1] if comments else ''
        if term and term.group(1) != 'normal' and term.group(1) != 'adjudication':
            why = f'{term.group(1)}: {why}'
        classify(t, why)
        played += 1
    if played < games:
        t.games += games - played
        t.forfeits += games - played
        t.notes.append(f'runner {variant}: {games - played} games not played (exit {rc})')
    pgn_charges(text, base, inc, t)
    return t


# -- main ---------------------------------------------------------------------------
# What XBoard took between a move and the next "go" with its move animation
# on, its defaults (its debug files, docs/match.md#load): 95 to 110 ms.
XBOARD_ANIMATION = 0.1


def animation_warning(inc: float, xboard_args: str) -> str | None:
    """A warning when XBoard's move animation will cost more than the increment.

    XBoard charges the animation to the engine's clock; at an increment
    below it no time plan keeps the clock, so the losses on time of such a
    run are XBoard's. None when the animation is off or the increment
    covers it."""
    words = [w.lower() for w in shlex.split(xboard_args)]
    if '-xanimate' in words:                    # XBoard's short form of "off"
        return None
    for k, w in enumerate(words[:-1]):
        if w in ('-animatemoving', '-animate') and words[k + 1] in ('false', 'f'):
            return None
    if inc >= XBOARD_ANIMATION:
        return None
    return (f"XBoard's move animation (on by default) costs about "
            f"{XBOARD_ANIMATION * 1000:.0f} ms a move, more than the {inc * 1000:.0f} ms "
            f"increment: expect XBoard's games to be lost on time whatever the engine does; "
            f'give --xboard-args "-animateMoving false" (docs/match.md#load)')


def shares(total: int, n: int) -> list[int]:
    return [total // n + (1 if k < total % n else 0) for k in range(n)]


def report(name: str, tc: str, t: Tally, inc: float, seconds: float) -> str:
    med = statistics.median(t.charges) if t.charges else float('nan')
    p99 = percentile(t.charges, 0.99)
    low = 'n/a' if t.lowest is None else f'{t.lowest:.2f}s'
    return (f'{name:<10} {tc:>8} {t.games:>6} {t.time_losses:>6} {t.forfeits:>8} '
            f'{low:>8} {med * 1000:>7.0f} {p99 * 1000:>7.0f} {inc * 1000:>6.0f} '
            f'{len(t.charges):>6} {seconds / 60:>5.1f}')


HEAD = (f'{"harness":<10} {"clock":>8} {"games":>6} {"time":>6} {"forfeit":>8} '
        f'{"lowest":>8} {"med ms":>7} {"p99 ms":>7} {"inc ms":>6} {"moves":>6} {"min":>5}')


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--games', type=int, default=200,
                    help='games per harness and clock (default 200)')
    ap.add_argument('--tc', default='5+0.1,2+0.05', help='clocks (default 5+0.1,2+0.05)')
    ap.add_argument('--harness', default='xboard,cutechess,runner',
                    help='any of xboard, cutechess, runner (default all three)')
    ap.add_argument('--variants', default='all', help='comma-separated, or all')
    ap.add_argument('--busy', type=int, default=2, help='busy processes started (default 2)')
    ap.add_argument('--max-moves', type=int, default=60,
                    help='moves per side before a draw is adjudicated (default 60)')
    ap.add_argument('--engine', help="the engine's command (default: this Python's "
                                     "-m cazaux_engine on this checkout)")
    ap.add_argument('--out', default='load', help='folder of the PGN and log files')
    ap.add_argument('--xboard-args', default='',
                    help="more XBoard options, e.g. '-animateMoving false' (default none: "
                         "XBoard's own defaults, as a user has them)")
    args = ap.parse_args(argv)
    engine = args.engine
    if engine is None:
        engine = (f'env PYTHONPATH={shlex.quote(str(ROOT))} '
                  f'{shlex.quote(sys.executable)} -m cazaux_engine')
    variants = list(VARIANTS) if args.variants == 'all' else args.variants.split(',')
    harnesses = args.harness.split(',')
    out = Path(args.out).resolve()
    end_on_sigterm()
    load = start_load(args.busy)
    rows = []
    total = Tally()
    try:
        for tc in args.tc.split(','):
            base, inc = parse_tc(tc)
            for h in harnesses:
                t0 = time.monotonic()
                t = Tally()
                if h == 'cutechess':
                    t.add(play_cutechess(out / f'cutechess-{tc}', engine, args.games, base, inc,
                                         args.max_moves))
                else:
                    vs = [v for v in variants if h == 'runner' or v != 'chess']   # XBoard: the variants
                    if not vs:
                        total.notes.append(f'{h} {tc}: no games (it plays the variants, not chess; '
                                           'cutechess and the runner play chess)')
                        continue
                    warning = animation_warning(inc, args.xboard_args) if h == 'xboard' else None
                    if warning:
                        print(f'warning: {warning}', flush=True)
                        total.notes.append(f'{h} {tc}: {warning}')
                    for v, n in zip(vs, shares(args.games, len(vs))):
                        if n == 0:
                            continue
                        work = out / f'{h}-{tc}-{v}'
                        if h == 'xboard':
                            t.add(play_xboard(work, engine, v, n, base, inc, args.max_moves,
                                              tuple(shlex.split(args.xboard_args))))
                        else:
                            t.add(play_runner(work, engine, v, n, base, inc, args.max_moves))
                        print(f'  {h} {tc} {v}: {n} games', flush=True)
                rows.append(report(h, tc, t, inc, time.monotonic() - t0))
                print(rows[-1], flush=True)
                total.add(t)
    finally:
        stop_load(load)
    print()
    print(f'Load benchmark: {args.busy} busy processes, {os.cpu_count()} cores, engine {engine}')
    print(HEAD)
    for r in rows:
        print(r)
    for n in total.notes:
        print(f'  {n}')
    return 1 if total.time_losses or total.forfeits else 0


if __name__ == '__main__':
    sys.exit(main())
