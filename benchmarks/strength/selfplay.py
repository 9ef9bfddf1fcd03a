"""Self-play between two configurations of the searcher, with real clocks.

    python benchmarks/strength/selfplay.py --variant pemba --games 20 --tc 5+0.1
    python benchmarks/strength/selfplay.py --variant maasai --games 4 --tc 1+0.1 --players full,full

Players: ``full`` (the normal evaluation) and ``material`` (evaluation
reduced to material, the engine option Evaluation=material), each optionally
followed by changes of :mod:`search.params` for that player only, e.g.
``full,full:PASSED_EG=0:TEMPO=20`` (tuples as ``A/B/C``).  Games come in
pairs: the same opening (a random start placement where the variant has a
setup choice, then two random moves a side) is played twice with colours
swapped (openings that leave a win in one move are drawn again), and the
first player of ``--players`` has White in the first game of each pair.  Each side's clock loses the wall time its search took and
gains the increment; a side whose clock goes below zero loses on time (the
script reports it: it must never happen).  Games end by the rules
(``cazaux_engine.outcome``), or are adjudicated when both sides agree for 4
moves in a row that one side is ahead by ``--resign`` centipawns, or drawn
after ``--max-plies``.
"""
from __future__ import annotations

import argparse
import random
import time

from cazaux_engine import get_variant, move_text, outcome, start_position
from cazaux_engine.setups import random_setup_index, setup_count, setup_fen
from search import Limits, Searcher, params
from cazaux_engine.movegen import legal_moves


def opening(variant: str, rng: random.Random):
    """A random start placement and four random moves, leaving no win in one."""
    v = get_variant(variant)
    while True:
        fen = setup_fen(v, random_setup_index(v, rng)) if v.setup and setup_count(v) > 1 else None
        pos = start_position(variant, fen)
        moves = []
        for _ in range(4):
            m = rng.choice(legal_moves(pos))
            moves.append(m)
            pos.push(m)
        if outcome(pos) is None and not any(wins_at_once(pos, m) for m in legal_moves(pos)):
            return fen, moves


def wins_at_once(pos, m) -> bool:
    me = pos.turn
    pos.push(m)
    o = outcome(pos)
    pos.pop()
    return o is not None and o.winner == me


def play(variant, fen, moves, white, black, base, inc, max_plies, resign, log=None):
    """Play one game; return (result for White 1/0.5/0, reason, stats)."""
    pos = start_position(variant, fen)
    for m in moves:
        pos.push(m)
    clock = {1: base, -1: base}
    players = {1: white, -1: black}
    for p in (white, black):
        p.clear()
    stats = {'max_move': 0.0, 'overrun': 0.0, 'min_left': base, 'plies': 0, 'depth': 0, 'moves': 0}
    agree = 0
    last_score = {1: 0, -1: 0}
    while True:
        o = outcome(pos)
        if o is not None:
            res = 0.5 if o.winner is None else (1.0 if o.winner > 0 else 0.0)
            return res, o.reason, stats
        if stats['plies'] >= max_plies:
            return 0.5, 'max plies', stats
        us = pos.turn
        lim = Limits(wtime=clock[1], btime=clock[-1], winc=inc, binc=inc)
        t = time.perf_counter()
        r = players[us].search(pos, lim)
        used = time.perf_counter() - t
        clock[us] -= used
        stats['max_move'] = max(stats['max_move'], used)
        stats['overrun'] = max(stats['overrun'], players[us].overrun)
        stats['min_left'] = min(stats['min_left'], clock[us])
        stats['depth'] += r.info.depth if r.info else 0
        stats['moves'] += 1
        if clock[us] < 0:
            return (0.0 if us > 0 else 1.0), 'time forfeit', stats
        clock[us] += inc
        if r.best is None or r.best not in legal_moves(pos):
            return (0.0 if us > 0 else 1.0), 'illegal move', stats
        if log:
            log(f'{move_text(pos, r.best)}({r.info.score if r.info else 0},d{r.info.depth if r.info else 0})')
        score = r.info.score if r.info else 0
        last_score[us] = score
        if resign and score <= -resign and last_score[-us] >= resign:
            agree += 1
            if agree >= 8:
                return (0.0 if us > 0 else 1.0), 'adjudicated', stats
        elif resign and score >= resign and last_score[-us] <= -resign:
            agree += 1
            if agree >= 8:
                return (1.0 if us > 0 else 0.0), 'adjudicated', stats
        else:
            agree = 0
        pos.push(r.best)
        stats['plies'] += 1


class Player:
    """A searcher, optionally with some of search.params changed while it thinks."""

    def __init__(self, spec: str, hash_mb: int):
        kind, *changes = spec.split(':')
        if kind not in ('full', 'material'):
            raise SystemExit(f'unknown player {kind!r} (full or material)')
        self.searcher = Searcher(hash_mb=hash_mb, material_only=kind == 'material')
        self.searcher.move_overhead = 0.02
        self.changes = {}
        for c in changes:
            name, _, value = c.partition('=')
            if not hasattr(params, name):
                raise SystemExit(f'no parameter {name!r} in search/params.py')
            old = getattr(params, name)
            self.changes[name] = type(old)(value) if not isinstance(old, tuple) else \
                tuple(int(x) for x in value.split('/'))

    @property
    def overrun(self):
        return self.searcher.overrun

    def clear(self):
        self.searcher.clear()

    def search(self, pos, limits):
        saved = {k: getattr(params, k) for k in self.changes}
        try:
            for k, v in self.changes.items():
                setattr(params, k, v)
            return self.searcher.search(pos, limits)
        finally:
            for k, v in saved.items():
                setattr(params, k, v)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--variant', default='zanzibar-s')
    ap.add_argument('--games', type=int, default=20, help='number of games (rounded up to pairs)')
    ap.add_argument('--tc', default='5+0.1', help='seconds per game + increment per move')
    ap.add_argument('--players', default='full,material')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--hash', type=int, default=16, help='MB per player')
    ap.add_argument('--max-plies', type=int, default=400)
    ap.add_argument('--resign', type=int, default=1500, help='adjudication threshold (0: off)')
    ap.add_argument('--verbose', action='store_true', help='print the moves with score and depth')
    args = ap.parse_args(argv)
    base, _, inc = args.tc.partition('+')
    base, inc = float(base), float(inc or 0)
    kinds = args.players.split(',')
    a, b = Player(kinds[0], args.hash), Player(kinds[1], args.hash)
    rng = random.Random(args.seed)
    points = {0: 0.0, 1: 0.0}
    wdl = [0, 0, 0]
    forfeits = 0
    worst_left = base
    longest = 0.0
    overrun = 0.0
    pairs = (args.games + 1) // 2
    print(f'{args.variant}: {kinds[0]} vs {kinds[1]}, {2 * pairs} games, {base:g}+{inc:g} s')
    for g in range(2 * pairs):
        if g % 2 == 0:
            fen, moves = opening(args.variant, rng)
        first_white = g % 2 == 0
        white, black = (a, b) if first_white else (b, a)
        t = time.perf_counter()
        res, reason, st = play(args.variant, fen, moves, white, black, base, inc,
                               args.max_plies, args.resign,
                               (lambda t: print(t, end=' ', flush=True)) if args.verbose else None)
        if args.verbose:
            print()
        mine = res if first_white else 1.0 - res       # result of the first player
        points[0] += mine
        points[1] += 1.0 - mine
        wdl[0 if mine == 1 else 1 if mine == 0.5 else 2] += 1
        forfeits += reason == 'time forfeit'
        worst_left = min(worst_left, st['min_left'])
        longest = max(longest, st['max_move'])
        overrun = max(overrun, st['overrun'])
        avg_depth = st['depth'] / max(1, st['moves'])
        print(f'game {g + 1:2d}: {kinds[0]} {"white" if first_white else "black"}  '
              f'{ {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[res]:8s} {reason:13s} '
              f'{st["plies"]:3d} plies  avg depth {avg_depth:4.1f}  '
              f'longest move {st["max_move"]:.2f} s  least left {st["min_left"]:.2f} s  '
              f'overrun {st["overrun"] * 1000:.0f} ms  '
              f'({time.perf_counter() - t:.0f} s)', flush=True)
    n = 2 * pairs
    print(f'{kinds[0]}: +{wdl[0]} ={wdl[1]} -{wdl[2]}  {points[0]:.1f}/{n} '
          f'({100 * points[0] / n:.0f}%)')
    print(f'time forfeits: {forfeits}; least time left on any clock: {worst_left:.3f} s; '
          f'longest move: {longest:.2f} s; latest return after the hard limit: {overrun * 1000:.0f} ms')
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
