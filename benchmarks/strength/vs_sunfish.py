"""A match on orthodox chess: this engine's searcher against sunfish (UCI).

    python benchmarks/strength/vs_sunfish.py --games 20 --tc 10+0.1

Sunfish runs as a UCI engine in its own process (``python -m sunfish``)
driven by python-chess; our searcher runs in this process.  Games come in
pairs: each opening of a small book is played with both colours.  Both
clocks are kept here with the wall time each move took (sunfish's includes
the pipe), plus the increment; a clock below zero loses.  With
``--movetime S`` both engines get S seconds per move instead (``go movetime``
for sunfish), which compares the searches without either time manager.  Games end by the
rules or are drawn after ``--max-plies``.
"""
from __future__ import annotations

import argparse
import sys
import time

import chess
import chess.engine

from cazaux_engine import move_text, outcome, parse_move, start_position
from search import Limits, Searcher

BOOK = [
    'e2e4 e7e5', 'd2d4 d7d5', 'c2c4 e7e5', 'g1f3 d7d5', 'e2e4 c7c5',
    'e2e4 e7e6', 'd2d4 g8f6', 'e2e4 c7c6', 'b1c3 d7d5', 'f2f4 d7d5',
]


def play(ours: Searcher, sunfish, book: str, ours_white: bool, base, inc, max_plies,
         movetime=None):
    pos = start_position('chess')
    board = chess.Board()
    for t in book.split():
        pos.push(parse_move(pos, t))
        board.push_uci(t)
    clock = {1: base, -1: base}
    ours.clear()
    plies = 0
    while True:
        o = outcome(pos)
        if o is not None:
            return (0.5 if o.winner is None else 1.0 if o.winner > 0 else 0.0), o.reason
        if plies >= max_plies:
            return 0.5, 'max plies'
        us = pos.turn
        t = time.perf_counter()
        if (us > 0) == ours_white:
            lim = Limits(movetime=movetime) if movetime else \
                Limits(wtime=clock[1], btime=clock[-1], winc=inc, binc=inc)
            text = move_text(pos, ours.search(pos, lim).best)
        else:
            lim = chess.engine.Limit(time=movetime) if movetime else \
                chess.engine.Limit(white_clock=max(0.0, clock[1]), black_clock=max(0.0, clock[-1]),
                                   white_inc=inc, black_inc=inc)
            text = sunfish.play(board, lim).move.uci()
        clock[us] -= time.perf_counter() - t
        if clock[us] < 0 and not movetime:
            return (0.0 if us > 0 else 1.0), 'time forfeit'
        clock[us] += inc
        try:
            m = parse_move(pos, text)
        except ValueError:
            return (0.0 if us > 0 else 1.0), 'illegal move ' + text
        pos.push(m)
        board.push_uci(text)
        plies += 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--games', type=int, default=20)
    ap.add_argument('--tc', default='10+0.1', help='seconds per game + increment per move')
    ap.add_argument('--movetime', type=float, default=None,
                    help='instead of clocks: this many seconds per move for both engines')
    ap.add_argument('--max-plies', type=int, default=300)
    ap.add_argument('--hash', type=int, default=32)
    args = ap.parse_args(argv)
    base, _, inc = args.tc.partition('+')
    base, inc = float(base), float(inc or 0)
    ours = Searcher(hash_mb=args.hash)
    sunfish = chess.engine.SimpleEngine.popen_uci([sys.executable, '-m', 'sunfish'])
    score = 0.0
    wdl = [0, 0, 0]
    tc = f'{args.movetime:g} s per move' if args.movetime else f'{base:g}+{inc:g} s'
    print(f'cazaux-engine vs sunfish, chess, {args.games} games, {tc}')
    try:
        for g in range(args.games):
            book = BOOK[(g // 2) % len(BOOK)]
            ours_white = g % 2 == 0
            t = time.perf_counter()
            res, reason = play(ours, sunfish, book, ours_white, base, inc, args.max_plies,
                               args.movetime)
            mine = res if ours_white else 1.0 - res
            score += mine
            wdl[0 if mine == 1 else 1 if mine == 0.5 else 2] += 1
            print(f'game {g + 1:2d} ({book}, ours {"white" if ours_white else "black"}): '
                  f'{ {1.0: "win", 0.5: "draw", 0.0: "loss"}[mine]:4s} by {reason} '
                  f'({time.perf_counter() - t:.0f} s)', flush=True)
    finally:
        sunfish.quit()
    print(f'cazaux-engine: +{wdl[0]} ={wdl[1]} -{wdl[2]}  {score:.1f}/{args.games}')
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
