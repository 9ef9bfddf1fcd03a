"""Fit square tables: a correction per piece, square and phase (needs numpy and scipy).

The evaluation's piece-square tables (:mod:`search.evaltables`) are derived
from a few weights; a square table adds a fitted number to them, per piece
kind and square, for the middle and the end game (White's view; Black's
piece the same on the mirrored square: the form of :mod:`search.tuned`).
These numbers enter the evaluation linearly: the evaluation of a sample
(side to move) is

    q_i(s) = q0_i + sum over its pieces (colour x turn) x
             (phase_i s_mg[kind, square] + (1 - phase_i) s_eg[kind, square])

(``phase`` = the non-pawn material on the board, capped, over its total:
the evaluator's blend), so the fit needs no finite differences: one sparse
matrix ``X`` of these coefficients and one pass of the engine for ``q0``
(the evaluation with the current tables).  The loss of :mod:`tuning.texel`
at the fixed K, plus ``ridge * sum((s / SCALE)^2)``, is minimised by scipy's
L-BFGS-B over all entries at once (a few hundred to a few thousand: every
kind of the army, both phases); the result is rounded to whole centipawns
and measured again through the engine (:func:`search.static.evaluate` with
the tables in place), which is what is reported.

With ``mirror`` a square and its mirror across the middle file share one
number (a King's side and a Queen's side alike): half the free numbers, for
armies large against the games there are to learn from.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import minimize

from cazaux_engine import parse_fen
from cazaux_engine.rules import compile_rules
from cazaux_engine.variants import Variant

from search.eval import tables
from search.static import evaluate, with_weights
from search.weights import squares_for
from .extract import Sample
from .texel import loss, loss_and_gradient

SCALE = 10.0            # the ridge counts the entries in units of 10 cp
BOUND = 300             # no entry is fitted beyond +-BOUND cp


@dataclass
class SquareFit:
    squares: dict               # piece name -> {'mg': [...], 'eg': [...]}: old tables + the fit
    start_loss: float           # through the engine, at K, with the old tables ...
    final_loss: float           # ... and with the new ones
    model_loss: float           # the linear model's at its (unrounded) minimiser, ridge included
    held_out: tuple | None      # (before, after) on the held-out samples
    entries: int                # free numbers fitted (kinds x squares x 2, or half with mirror)
    seconds: float


def kinds(variant: Variant) -> list[str]:
    """The army's piece names, in the variant's order (the columns' order)."""
    return [p.name for p in variant.pieces]


def features(variant: Variant, samples: list[Sample]):
    """The sparse matrix of the coefficients of every square-table entry in
    every sample's evaluation (side to move).  Columns: kind k, phase h (0
    mg, 1 eg), cell j (rank x files + file, White's view) at
    ``(k * 2 + h) * cells + j``."""
    names = kinds(variant)
    cells = variant.files * variant.ranks
    R = compile_rules(variant)                          # every sample's rules
    t = tables(R, False)
    col_of = {R.index[name]: k for k, name in enumerate(names)}
    rows, cols, vals = [], [], []
    for i, s in enumerate(samples):
        pos = parse_fen(variant, s.fen)
        npm = 0
        entries = []
        for sq in R.squares:
            code = pos.board[sq]
            if not code:
                continue
            npm += t.npm[code + t.n]
            r = R.rank_of(sq) if code > 0 else R.ranks - 1 - R.rank_of(sq)
            sign = (1 if code > 0 else -1) * pos.turn
            entries.append((col_of[abs(code)], r * R.files + R.file_of(sq), sign))
        ph = min(npm, t.phase_total) / t.phase_total
        for k, j, sign in entries:
            rows += (i, i)
            cols += ((2 * k) * cells + j, (2 * k + 1) * cells + j)
            vals += (sign * ph, sign * (1 - ph))
    return sparse.csr_matrix((vals, (rows, cols)), shape=(len(samples), 2 * len(names) * cells))


def mirrored(variant: Variant):
    """The sparse matrix ``M`` (columns of :func:`features` x free numbers)
    that ties each cell to its mirror across the middle file: ``X @ M`` are
    the features of the tied numbers, ``M @ free`` the full columns.  A
    rank's cells ``f`` and ``files - 1 - f`` share the free number of the
    smaller file (a middle file of an odd width has its own)."""
    files, ranks = variant.files, variant.ranks
    half = (files + 1) // 2
    per_table = ranks * half
    tables = 2 * len(kinds(variant))
    rows, cols = [], []
    for t in range(tables):
        for r in range(ranks):
            for f in range(files):
                rows.append(t * files * ranks + r * files + f)
                cols.append(t * per_table + r * half + min(f, files - 1 - f))
    return sparse.csr_matrix((np.ones(len(rows)), (rows, cols)),
                             shape=(tables * files * ranks, tables * per_table))


def unpack(variant: Variant, theta: np.ndarray) -> dict:
    """theta (columns of :func:`features`) as square tables, whole centipawns."""
    cells = variant.files * variant.ranks
    out = {}
    for k, name in enumerate(kinds(variant)):
        mg = np.rint(theta[2 * k * cells:(2 * k + 1) * cells]).astype(int)
        eg = np.rint(theta[(2 * k + 1) * cells:(2 * k + 2) * cells]).astype(int)
        if mg.any() or eg.any():
            out[name] = {'mg': [int(x) for x in mg], 'eg': [int(x) for x in eg]}
    return out


def added(old: dict, new: dict) -> dict:
    """The tables ``old`` (in the form of :func:`search.weights.squares_for`)
    plus ``new`` (that of :func:`unpack`), in the tuned data's form."""
    out = {p: {'mg': list(mg), 'eg': list(eg)} for p, (mg, eg) in old.items()}
    for p, t in new.items():
        if p in out:
            out[p] = {h: [a + b for a, b in zip(out[p][h], t[h])] for h in ('mg', 'eg')}
        else:
            out[p] = {'mg': list(t['mg']), 'eg': list(t['eg'])}
    return out


def engine_q(variant: Variant, samples: list[Sample], squares: dict | None = None) -> np.ndarray:
    """The engine's evaluation of every sample (side to move), with
    ``squares`` (the tuned data's form) in place of the current tables."""
    fens = [s.fen for s in samples]
    with with_weights(variant, {}, {}, squares or None):
        return np.fromiter((evaluate(parse_fen(variant, f)) for f in fens),
                           dtype=float, count=len(fens))


def fit_squares(variant: Variant, samples: list[Sample], y: np.ndarray, K: float,
                kind: str = 'mse', ridge: float = 1e-5, held: list[Sample] | None = None,
                y_held: np.ndarray | None = None, log=None,
                q0: np.ndarray | None = None, mirror: bool = False) -> SquareFit:
    """Fit the square tables of every kind of ``variant``'s army (see the
    module docstring) at the scaling constant K; ``q0``, the engine's
    evaluation of the samples with the tables in use (:func:`engine_q`),
    if the caller has it already (it took one pass to find K)."""
    t0 = time.perf_counter()
    if q0 is None:
        q0 = engine_q(variant, samples)
    X = features(variant, samples)
    M = mirrored(variant) if mirror else None
    if M is not None:
        X = (X @ M).tocsr()
    if log:
        log(f'{X.shape[0]} positions x {X.shape[1]} '
            f'{"free numbers (mirrored files)" if mirror else "entries"} '
            f'({X.nnz} coefficients), {time.perf_counter() - t0:.1f} s')
    y = np.asarray(y, dtype=float)

    def model(theta):
        value, dq = loss_and_gradient(q0 + X @ theta, y, K, kind)
        z = theta / SCALE
        return value + ridge * float(z @ z), X.T @ dq + 2 * ridge * z / SCALE

    r = minimize(model, np.zeros(X.shape[1]), jac=True, method='L-BFGS-B',
                 bounds=[(-BOUND, BOUND)] * X.shape[1],
                 options={'maxiter': 2000, 'ftol': 1e-15, 'gtol': 1e-10})
    new = unpack(variant, r.x if M is None else M @ r.x)
    old = squares_for(variant)
    squares = added(old, new)
    start = loss(q0, y, K, kind)
    final = loss(engine_q(variant, samples, squares), y, K, kind)
    held_out = None
    if held:
        held_out = (loss(engine_q(variant, held), y_held, K, kind),
                    loss(engine_q(variant, held, squares), y_held, K, kind))
    return SquareFit(squares, start, final, float(r.fun), held_out, X.shape[1],
                     time.perf_counter() - t0)
