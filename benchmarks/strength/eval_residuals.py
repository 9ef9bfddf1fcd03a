"""What the chess evaluation misses: candidate terms measured against game
results and, optionally, a reference engine's scores.

    python benchmarks/strength/eval_residuals.py POSITIONS.tsv [--count N] [--seed S]
        [--reference "stockfish" --depth 4] [--save FILE.npz]

POSITIONS.tsv comes from ``cazaux-engine tune extract --variant chess`` (quiet
positions with their game results).  For a random ``--count`` of them the
script computes this engine's static evaluation (White's view, the tuned data
in use) and, with python-chess, a set of classical chess features that the
evaluation has no term for, each White's count minus Black's (see
:func:`features`).  Then, per feature, on a fifth of the positions held out:

* results: the mean squared error of ``1 / (1 + 10 ** (-e / 400))`` against
  the game results, where ``e`` is the evaluation, scaled and shifted, plus
  the feature times a middle-game and an end-game weight (blended by the
  phase); the table gives the change of that error from adding the feature
  (negative: the feature predicts the results better) and its two weights in
  the evaluation's centipawns;
* with ``--reference CMD`` (a UCI engine, e.g. Stockfish at ``--depth 4``):
  the same for the reference's scores by least squares (root mean square
  difference in centipawns).

A feature that lowers both errors is a candidate term; a term then has to win
games by SPRT (docs/strength.md).  numpy and scipy (the "tune" extra) are
needed.  Chess only: the features are chess's.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import chess          # noqa: E402
import chess.engine   # noqa: E402

MINOR_WEIGHTS = {chess.KNIGHT: 2, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 5}
PHASE_WEIGHTS = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}
RESULTS = {'1-0': 1.0, '0-1': 0.0, '1/2-1/2': 0.5}


def phase(board: chess.Board) -> float:
    """1 at the full middle game (24 phase units: N, B 1, R 2, Q 4) to 0."""
    units = sum(PHASE_WEIGHTS.get(p.piece_type, 0) for p in board.piece_map().values())
    return min(24, units) / 24


def side_features(board: chess.Board, colour: chess.Color) -> dict[str, int]:
    """The features of one side (counts; larger is meant as better for it)."""
    enemy = not colour
    forward = 1 if colour == chess.WHITE else -1
    pawns = board.pieces(chess.PAWN, colour)
    enemy_pawns = board.pieces(chess.PAWN, enemy)
    enemy_pawn_attacks = chess.SquareSet()
    for sq in enemy_pawns:
        enemy_pawn_attacks |= board.attacks(sq)
    f: dict[str, int] = {}

    king = board.king(colour)
    kfile, krank = chess.square_file(king), chess.square_rank(king)
    zone = chess.SquareSet(chess.BB_KING_ATTACKS[king]) | chess.SquareSet.from_square(king)
    units = attackers = 0
    for sq, piece in board.piece_map().items():
        if piece.color == enemy and piece.piece_type in MINOR_WEIGHTS:
            hits = len(board.attacks(sq) & zone)
            if hits:
                attackers += 1
                units += MINOR_WEIGHTS[piece.piece_type] * hits
    f['king_zone_attack'] = -units
    f['king_zone_attackers'] = -attackers
    f['king_centre_files'] = -int(2 <= kfile <= 5 and bool(board.pieces(chess.QUEEN, enemy)))
    shield = 0
    for df in (-1, 0, 1):
        for dr in (1, 2):
            fl, rk = kfile + df, krank + forward * dr
            if 0 <= fl < 8 and 0 <= rk < 8 and chess.square(fl, rk) in pawns:
                shield += 3 - dr
    f['pawn_shield'] = shield

    own = board.occupied_co[colour]
    for pt, name in ((chess.KNIGHT, 'knight'), (chess.BISHOP, 'bishop'),
                     (chess.ROOK, 'rook'), (chess.QUEEN, 'queen')):
        f[f'safe_mobility_{name}'] = sum(
            len(chess.SquareSet(board.attacks_mask(sq) & ~own) - enemy_pawn_attacks)
            for sq in board.pieces(pt, colour))
    f['hanging'] = -sum(1 for sq, p in board.piece_map().items()
                        if p.color == colour and p.piece_type != chess.KING
                        and board.is_attacked_by(enemy, sq) and not board.is_attacked_by(colour, sq))
    seventh = 6 if colour == chess.WHITE else 1
    f['rook_seventh'] = sum(1 for sq in board.pieces(chess.ROOK, colour) if chess.square_rank(sq) == seventh)

    files = [0] * 8
    for sq in pawns:
        files[chess.square_file(sq)] += 1
    f['doubled'] = -sum(max(0, n - 1) for n in files)
    f['isolated'] = -sum(n for i, n in enumerate(files)
                         if n and not ((i > 0 and files[i - 1]) or (i < 7 and files[i + 1])))
    backward = 0
    for sq in pawns:
        fl, rk = chess.square_file(sq), chess.square_rank(sq)
        supported = any(abs(chess.square_file(s) - fl) == 1
                        and (chess.square_rank(s) - rk) * forward <= 0 for s in pawns)
        stop = rk + forward
        if not supported and 0 <= stop < 8 and chess.square(fl, stop) in enemy_pawn_attacks:
            backward += 1
    f['backward'] = -backward
    outposts = 0
    for sq in board.pieces(chess.KNIGHT, colour) | board.pieces(chess.BISHOP, colour):
        fl, rk = chess.square_file(sq), chess.square_rank(sq)
        in_enemy_half = rk >= 4 if colour == chess.WHITE else rk <= 3
        if in_enemy_half and board.attackers(colour, sq) & pawns and not any(
                abs(chess.square_file(e) - fl) == 1 and (chess.square_rank(e) - rk) * forward > 0
                for e in enemy_pawns):
            outposts += 1
    f['outpost'] = outposts
    f['phalanx'] = sum(1 for sq in pawns
                       if any(chess.square_rank(s) == chess.square_rank(sq)
                              and abs(chess.square_file(s) - chess.square_file(sq)) == 1 for s in pawns))
    f['defended_pawns'] = sum(1 for sq in pawns if board.attackers(colour, sq) & pawns)
    space = 0
    for fl in range(2, 6):
        for rk in ((1, 2, 3) if colour == chess.WHITE else (6, 5, 4)):
            sq = chess.square(fl, rk)
            if sq not in enemy_pawn_attacks and sq not in pawns and sq not in enemy_pawns:
                space += 1
    f['space'] = space
    f['bishop_pair'] = int(len(board.pieces(chess.BISHOP, colour)) >= 2)
    home = 0 if colour == chess.WHITE else 7
    f['undeveloped_minors'] = -sum(1 for sq in board.pieces(chess.KNIGHT, colour) | board.pieces(chess.BISHOP, colour)
                                   if chess.square_rank(sq) == home)
    return f


def features(board: chess.Board) -> dict[str, int]:
    """Each feature as White's count minus Black's."""
    w, b = side_features(board, chess.WHITE), side_features(board, chess.BLACK)
    return {name: w[name] - b[name] for name in w}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('positions', help='a file of "cazaux-engine tune extract --variant chess"')
    ap.add_argument('--count', type=int, default=20000, help='positions sampled (default 20000)')
    ap.add_argument('--seed', type=int, default=1, help='random seed of the sample (default 1)')
    ap.add_argument('--reference', metavar='CMD', help='a UCI engine whose scores are also fitted')
    ap.add_argument('--depth', type=int, default=4, help="the reference's search depth (default 4)")
    ap.add_argument('--save', metavar='FILE', help='keep the features and scores (numpy .npz)')
    args = ap.parse_args(argv)
    try:
        import numpy as np
        from scipy.optimize import minimize
    except ImportError:
        sys.exit('eval_residuals.py needs numpy and scipy (pip install ".[tune]")')
    from cazaux_engine.fen import parse_fen
    from cazaux_engine.variants import get_variant
    from search.static import evaluate

    try:
        with open(args.positions, encoding='utf-8') as fh:
            rows = [line.rstrip('\n').split('\t') for line in fh if line.startswith('chess\t')]
    except OSError as e:
        sys.exit(f'{args.positions}: {e.strerror}')
    if not rows:
        sys.exit(f'{args.positions}: no chess positions (a file of "tune extract --variant chess")')
    random.seed(args.seed)
    rows = random.sample(rows, min(args.count, len(rows)))
    variant = get_variant('chess')
    engine = None
    if args.reference:
        import shlex
        engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.reference))
    table, ours, refs, results, phases = [], [], [], [], []
    names: list[str] = []
    for i, row in enumerate(rows):
        board = chess.Board(row[1])
        e = evaluate(parse_fen(variant, row[1]))
        ours.append(e if board.turn == chess.WHITE else -e)
        if engine is not None:
            info = engine.analyse(board, chess.engine.Limit(depth=args.depth))
            refs.append(info['score'].white().score(mate_score=3000))
        f = features(board)
        names = list(f)
        table.append([f[n] for n in names])
        results.append(RESULTS[row[2]])
        phases.append(phase(board))
        if (i + 1) % 5000 == 0:
            print(f'{i + 1} of {len(rows)} positions', file=sys.stderr)
    if engine is not None:
        engine.quit()
    X, ours_a, res, ph = (np.array(v, float) for v in (table, ours, results, phases))
    ref = np.array(refs, float) if refs else None
    if args.save:
        np.savez(args.save, X=X, ours=ours_a, results=res, phase=ph, names=np.array(names),
                 **({'reference': ref} if ref is not None else {}))
    order = np.random.default_rng(args.seed).permutation(len(res))
    fit_rows, held = order[: len(res) * 4 // 5], order[len(res) * 4 // 5:]

    def columns(j):
        cols = [ours_a[:, None], np.ones((len(res), 1))]
        if j is not None:
            cols += [(X[:, j] * ph)[:, None], (X[:, j] * (1 - ph))[:, None]]
        return np.hstack(cols)

    def result_loss(w, A, ids):
        p = 1 / (1 + 10 ** (-(A[ids] @ w) / 400))
        return ((p - res[ids]) ** 2).mean()

    def fit_results(j):
        A = columns(j)
        w0 = np.zeros(A.shape[1])
        w0[0] = 1
        w = minimize(result_loss, w0, args=(A, fit_rows), method='L-BFGS-B').x
        return w, result_loss(w, A, held)

    def fit_reference(j):
        A = columns(j)
        w, *_ = np.linalg.lstsq(A[fit_rows], ref[fit_rows], rcond=None)
        return w, float(np.sqrt(((A[held] @ w - ref[held]) ** 2).mean()))

    _, base = fit_results(None)
    print(f'{len(res)} positions ({len(held)} held out); results: held-out error {base:.6f}', end='')
    if ref is not None:
        _, rbase = fit_reference(None)
        print(f'; reference: held-out rms difference {rbase:.1f} cp', end='')
    print()
    print(f'{"feature":22s} {"mean |x|":>8s} {"results":>10s} {"mg":>7s} {"eg":>7s}'
          + ('' if ref is None else f' {"reference":>9s} {"mg":>7s} {"eg":>7s}'))
    for j, name in enumerate(names):
        if X[:, j].std() == 0:
            continue
        w, loss = fit_results(j)
        line = (f'{name:22s} {np.abs(X[:, j]).mean():8.2f} {(loss - base) * 1e6:+8.1f}e-6'
                f' {w[2] / w[0]:7.1f} {w[3] / w[0]:7.1f}')
        if ref is not None:
            rw, rms = fit_reference(j)
            line += f' {rms - rbase:+9.2f} {rw[2] / rw[0]:7.1f} {rw[3] / rw[0]:7.1f}'
        print(line)
    return 0


if __name__ == '__main__':
    sys.exit(main())
