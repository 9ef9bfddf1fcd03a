"""Sweep: does XBoard 4.9.1 keep the board our rules keep, move after move?

Two scripted engines (``scripted_engine.py``) play a random legal game of a
variant under the real XBoard, headless: the first announces the variant
with this engine's own ``setup`` and ``piece`` lines and plays White's
moves, the second plays Black's; both write moves as this engine does
(``protocol.xboard_moves.move_text``: two-leg e.p., 0-based ranks of
10-rank boards, promotion suffixes).  XBoard tests legality (not in maasai
and zanzibar-s-promo, which need it off) and saves the final position
(``-savePositionFile``).  A game is clean when XBoard accepted every move
and its final board is ours; otherwise the game is cut in halves until the
first move XBoard refuses or carries out differently is found, and that
move is reported with the position before it and both boards after it.

The random games favour the moves XBoard handles specially (e.p.
captures, promotions, King moves of two squares or more, moves of its
Pawn-slot pieces, and with ``--with-phantoms`` the phantom steps).
Moves the engine already keeps away from XBoard
(:func:`protocol.xboard_moves.phantom_victim`) are left out of the random
games, so that what is found is something else; ``--with-phantoms``
leaves them in (the sweep then finds those, as a check of the sweep).

    python -m tests.xboard_support.sweep [--games 20] [--plies 80]
        [--variants all|V1,V2] [--seed 1] [--jobs 2] [--out DIR]

It prints one line per variant and one per finding; exit status 1 when
anything was found.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from cazaux_engine import get_variant, parse_fen, to_fen  # noqa: E402
from cazaux_engine.movegen import legal_moves  # noqa: E402
from cazaux_engine.outcome import outcome  # noqa: E402
from protocol import xboard_moves as xm  # noqa: E402
from cazaux_engine.moves import EP, move_flag, move_from, move_to  # noqa: E402
from protocol.xboard_variants import (PAWN_SLOTS, rank_base, xboard_name,  # noqa: E402
                                      xboard_variant_lines)
from tests.xboard_support.xbmatch import SETTINGS, find_xboard, find_xvfb_run  # noqa: E402
from tournament.process import run_group  # noqa: E402

VARIANTS = ('zanzibar-s', 'zanzibar-xl', 'maasai', 'zanzibar-s-promo', 'pemba', 'oblong44',
            'chess')
NO_LEGALITY = ('maasai', 'zanzibar-s-promo')


def random_game(variant: str, plies: int, rng: random.Random, phantoms: bool) -> list[int]:
    """A random legal game (moves as ints) that no rule ends: no move is
    chosen after which the game is over (XBoard, ending a game by mate
    itself, saves the position before the mating move)."""
    v = get_variant(variant)
    pos = parse_fen(v, v.start)
    moves = []
    for _ in range(plies):
        legal = legal_moves(pos)
        if not phantoms:
            legal = [m for m in legal if xm.phantom_victim(pos, m) is None]
        # the moves XBoard handles specially come first more often: e.p.,
        # promotions, King moves of two squares or more, Pawn-slot moves
        legal.sort(key=lambda m: rng.random() / weight(pos, m))
        for m in legal:
            pos.push(m)
            over = outcome(pos, legal_moves(pos)) is not None
            pos.pop()
            if not over:
                break
        else:
            break
        moves.append(m)
        pos.push(m)
    return moves


def weight(pos, m: int) -> float:
    """How much more often than others a random game picks ``m``."""
    R = pos.rules
    frm, to = move_from(m), move_to(m)
    if move_flag(m) == EP or xm.phantom_victim(pos, m) is not None:
        return 50.0
    letter = R.letter_of[abs(pos.board[frm])]
    pos.push(m)
    promoted = R.letter_of[abs(pos.board[to])] != letter
    pos.pop()
    if promoted:
        return 50.0
    far = max(abs(R.file_of(frm) - R.file_of(to)), abs(R.rank_of(frm) - R.rank_of(to)))
    if letter.upper() == 'K' and far >= 2:
        return 20.0
    if xm.slot_of(pos, frm) in PAWN_SLOTS:
        return 4.0
    return 1.0


def texts_and_fens(variant: str, moves: list[int]) -> tuple[list[str], list[str]]:
    """XBoard's text of each move, and the placement after each ply (0: the start)."""
    v = get_variant(variant)
    pos = parse_fen(v, v.start)
    rb = rank_base(v)
    texts, boards = [], [to_fen(pos).split()[0]]
    for m in moves:
        texts.append(xm.move_text(pos, m, rb))
        pos.push(m)
        boards.append(to_fen(pos).split()[0])
    return texts, boards


def play(work: Path, variant: str, texts: list[str], legality: str = 'auto',
         fen: str | None = None) -> tuple[int, str, str]:
    """Play ``texts`` under XBoard from the variant's start or ``fen`` (White
    to move): (plies XBoard played, its final placement ('' if none saved),
    the reason the game ended)."""
    work.mkdir(parents=True, exist_ok=True)
    v = get_variant(variant)
    lines = xboard_variant_lines(v, fen or v.start)
    engines = []
    for side, own in (('white', texts[0::2]), ('black', texts[1::2])):
        conf = {'variant': xboard_name(v), 'moves': own, 'then': 'resign', 'lines': lines}
        (work / f'{side}.json').write_text(json.dumps(conf))
        sh = work / f'{side}.sh'
        sh.write_text(f'#!/bin/sh\nexec "{sys.executable}" '
                      f'"{Path(__file__).with_name("scripted_engine.py")}" "{work / (side + ".json")}"\n')
        sh.chmod(0o755)
        engines.append(sh)
    home = work / 'home'
    home.mkdir(exist_ok=True)
    settings = work / 'xboard.settings'
    shutil.copyfile(SETTINGS, settings)
    pgn, saved = work / 'out.pgn', work / 'pos.fen'
    for f in (pgn, saved):
        if f.exists():
            f.unlink()
    if legality == 'auto':
        legality = 'false' if variant in NO_LEGALITY else 'true'
    else:
        legality = 'true' if legality == 'on' else 'false'
    args = [find_xvfb_run(), '-a', '-s', '-screen 0 1280x1024x24', find_xboard(),
            '-settingsFile', str(settings), '-saveSettingsOnExit', 'false',
            '-fcp', str(engines[0]), '-fd', str(work), '-scp', str(engines[1]), '-sd', str(work),
            '-variant', xboard_name(v), '-mm', '-mg', '1', '-tc', '5', '-inc', '1',
            '-matchPause', '100', '-popupExitMessage', 'false', '-popupMoveErrors', 'false',
            '-testLegality', legality, '-testClaims', 'false', '-checkMates', 'true',
            '-materialDraws', 'false', '-trivialDraws', 'false', '-ruleMoves', '0',
            '-repeatsToDraw', '0', '-animateMoving', 'false',
            '-sgf', str(pgn), '-spf', str(saved)]
    env = dict(os.environ, HOME=str(home))
    env.pop('DISPLAY', None)
    run_group(args, work, env, timeout=120)
    text = pgn.read_text(errors='replace') if pgn.exists() else ''
    body = '\n'.join(l for l in text.splitlines() if not l.startswith('['))
    body = re.sub(r'\{[^}]*\}', ' ', body)
    tokens = [t for t in body.split() if not re.fullmatch(r'\d+\.+|1-0|0-1|1/2-1/2|\*', t)]
    comments = re.findall(r'\{([^{}]*)\}', text)
    why = comments[-1].strip() if comments else ''
    board = saved.read_text().split()[0] if saved.exists() and saved.read_text().strip() else ''
    return len(tokens), board, why


def check(work: Path, variant: str, moves: list[int], legality: str = 'auto') -> dict | None:
    """None when XBoard keeps our board through ``moves``, else the finding."""
    texts, boards = texts_and_fens(variant, moves)
    n, board, why = play(work, variant, texts, legality)
    if n == len(texts) and board == boards[n]:
        return None
    # the first ply where XBoard and the rules part: cut in halves
    lo, hi = 0, len(texts)          # the game agrees through lo plies; not through hi
    if n < len(texts) and (board == boards[n] or not board):
        hi = n + 1                  # agreed through n, then refused ply n+1
        lo = n
    while hi - lo > 1:
        mid = (lo + hi) // 2
        k, b, _ = play(work, variant, texts[:mid], legality)
        if k == mid and b == boards[mid]:
            lo = mid
        else:
            hi = mid
    k, b, w = play(work, variant, texts[:hi], legality)
    v = get_variant(variant)
    pos = parse_fen(v, v.start)
    for m in moves[:hi - 1]:
        pos.push(m)
    return {'variant': variant, 'ply': hi, 'move': texts[hi - 1], 'before': to_fen(pos),
            'refused': k < hi, 'why': w, 'ours': boards[hi], 'xboard': b}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--games', type=int, default=20, help='random games per variant (default 20)')
    ap.add_argument('--plies', type=int, default=80, help='plies per game at most (default 80)')
    ap.add_argument('--variants', default='all')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--jobs', type=int, default=2, help='XBoards at once (default 2)')
    ap.add_argument('--with-phantoms', action='store_true',
                    help='leave the moves the engine keeps away from XBoard in the games')
    ap.add_argument('--legality', choices=('auto', 'on', 'off'), default='auto',
                    help="XBoard's legality testing: as in play (auto: off for maasai and "
                         "zanzibar-s-promo), or on or off for all")
    ap.add_argument('--out', help='work folder (default: a temporary one)')
    args = ap.parse_args(argv)
    if not (find_xboard() and find_xvfb_run()):
        print('xboard and xvfb-run are needed', file=sys.stderr)
        return 2
    variants = list(VARIANTS) if args.variants == 'all' else args.variants.split(',')
    root = Path(args.out or tempfile.mkdtemp(prefix='xboard-sweep-'))
    rng = random.Random(args.seed)
    jobs = []
    for v in variants:
        for g in range(args.games):
            jobs.append((v, g, random_game(v, args.plies, rng, args.with_phantoms)))
    found: list[dict] = []
    plies: dict[str, int] = {}

    def one(job):
        v, g, moves = job
        return v, len(moves), check(root / f'{v}-{g}', v, moves, args.legality)

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for v, n, f in pool.map(one, jobs):
            plies[v] = plies.get(v, 0) + n
            if f is not None:
                found.append(f)
                print(json.dumps(f), flush=True)
    for v in variants:
        bad = sum(1 for f in found if f['variant'] == v)
        print(f'{v}: {args.games} games, {plies.get(v, 0)} plies, {bad} findings', flush=True)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
