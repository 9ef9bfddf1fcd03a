"""Fit one variant's evaluation to labelled positions (needs numpy and scipy).

Connects :mod:`tuning.texel` (the method) to the engine, which it
sees only through :mod:`search.static`: ``evaluate`` under ``with_weights``.
Positions are kept as FEN text and parsed on each pass over the samples
(a parsed 12x12 position takes about 30 KB; a pass costs one parse and one
evaluation per sample).
"""
from __future__ import annotations

import time
import zlib
from dataclasses import dataclass

import numpy as np

from cazaux_engine import parse_fen
from cazaux_engine.variants import Variant

from search.static import evaluate, with_weights
from .extract import Sample
from .parameters import Param, split
from .texel import FitResult, fit, fit_k, loss


def split_holdout(samples: list[Sample], fraction: float) -> tuple[list, list]:
    """(fitted, held out): about ``fraction`` of the openings are held out
    whole, with every game played from them, since the positions of one
    game share its result and the games of one opening (a pair, colours
    reversed) share their first positions.  The key is a hash of the
    sample's opening, or of its game's label where it has no opening, or
    of its FEN where it has neither."""
    if fraction <= 0:
        return list(samples), []
    cut = int(fraction * 1000)
    fitted, held = [], []
    for s in samples:
        h = zlib.crc32((s.opening or s.game or s.fen).encode()) % 1000
        (held if h < cut else fitted).append(s)
    return fitted, held


def side_to_move_labels(samples: list[Sample]) -> np.ndarray:
    """Each sample's result from the side to move's point of view."""
    return np.array([s.result if s.fen.split()[1] == 'w' else 1.0 - s.result
                     for s in samples], dtype=float)


def evaluator(variant: Variant, samples: list[Sample], params: list[Param]):
    """``evaluate_all(theta) -> q``: the engine's static evaluation of every
    sample (side to move) with the numbers ``theta`` for ``params``."""
    fens = [s.fen for s in samples]

    def evaluate_all(theta):
        values, weights = split(params, theta)
        with with_weights(variant, values, weights):
            return np.fromiter((evaluate(parse_fen(variant, f)) for f in fens),
                               dtype=float, count=len(fens))
    return evaluate_all


@dataclass
class Tuning:
    K: float
    start_loss: float            # at K, with the starting numbers
    result: FitResult
    values: dict                 # fitted piece values
    weights: dict                # fitted weights
    seconds_k: float
    seconds_fit: float
    held_out: tuple | None = None    # (loss before, loss after) on the held-out samples


def tune(variant: Variant, samples: list[Sample], params: list[Param], iterations: int = 3,
         kind: str = 'mse', ridge: float = 0.0, log=None,
         held: list[Sample] | None = None, jobs: int = 1) -> Tuning:
    """K first (with the starting numbers), then the parameters (their
    finite differences in ``jobs`` processes, :func:`tuning.texel.fit`); the
    loss on the ``held`` samples (not fitted) before and after, at the same K."""
    y = side_to_move_labels(samples)
    evaluate_all = evaluator(variant, samples, params)
    t = time.perf_counter()
    q = evaluate_all(np.array([p.start for p in params], dtype=float))
    K, e = fit_k(q, y, kind)
    seconds_k = time.perf_counter() - t
    if log:
        log(f'K = {K:.4f}: loss {e:.6f} with the starting numbers '
            f'({len(samples)} positions, {seconds_k:.1f} s)')
    t = time.perf_counter()
    r = fit(evaluate_all, y, params, K, iterations, kind, ridge, log, jobs)
    values, weights = split(params, r.theta)
    held_out = None
    if held:
        yh = side_to_move_labels(held)
        ev = evaluator(variant, held, params)
        held_out = (loss(ev(np.array([p.start for p in params], dtype=float)), yh, K, kind),
                    loss(ev(r.theta), yh, K, kind))
    return Tuning(K, loss(q, y, K, kind), r, values, weights, seconds_k,
                  time.perf_counter() - t, held_out)
