"""Texel's method: fit the evaluation to game results (needs numpy and scipy).

Each sample is a quiet position ``i`` with the result ``y_i`` of its game
(1, 0.5, 0 for the side to move) and the evaluation ``q_i(theta)`` (side to
move, centipawns) under parameters ``theta``.  The evaluation predicts the
expected score ``sigmoid(K q) = 1 / (1 + 10^(-K q / 400))``; the loss is
Texel's mean squared error

    E(theta) = mean_i (y_i - sigmoid(K q_i(theta)))^2

(``loss='log'``: the cross-entropy ``-mean(y log p + (1-y) log(1-p))``).

1. :func:`fit_k`: the scaling constant K that minimises E for the current
   evaluation (scipy's bounded scalar minimiser); K is then fixed.
2. :func:`fit`: theta.  The evaluation is a black box (the engine's own,
   through :mod:`search.static`), so the fit is by a linearised model,
   refreshed a few times: at the current theta the gradient of every q_i
   is measured by forward finite differences (one pass over the samples per
   parameter, with the parameter's ``step``), ``q(theta') ~ q0 + J (theta'
   - theta)``; the model loss is minimised within the parameters' bounds by
   scipy's L-BFGS-B (analytic gradient); the true loss is then measured at
   the rounded minimiser, and at half and a quarter of the way if that is
   not better.  An iteration that does not lower the true loss ends the
   fit.  ``ridge`` adds ``ridge * sum(((theta - start) / step)^2)`` to both
   losses (a pull toward the starting numbers for small data sets).
   With ``jobs`` above 1 the finite differences (one pass per parameter,
   most of a fit's time) run in that many forked processes at once: the
   same passes, so the same numbers, in about 1/jobs of the time.  Where
   processes cannot be forked (Windows; macOS forks, but Python's default
   there is to spawn) the passes run one after another.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
from scipy.optimize import minimize, minimize_scalar

from .parameters import Param
from .workers import ordered_map

C = math.log(10) / 400          # sigmoid(K q) = 1 / (1 + exp(-C K q))
K_BOUNDS = (0.05, 5.0)


def sigmoid(q, K: float):
    return 1.0 / (1.0 + np.exp(-C * K * np.asarray(q, dtype=float)))


def loss(q, y, K: float, kind: str = 'mse') -> float:
    """Texel's mean squared error (``'mse'``) or the cross-entropy (``'log'``)."""
    p = sigmoid(q, K)
    y = np.asarray(y, dtype=float)
    if kind == 'mse':
        return float(np.mean((y - p) ** 2))
    if kind == 'log':
        p = np.clip(p, 1e-12, 1 - 1e-12)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    raise ValueError(f'unknown loss {kind!r} (mse or log)')


def loss_and_gradient(q, y, K: float, kind: str = 'mse'):
    """(loss, d loss / d q_i) for the predictions of ``q``."""
    p = sigmoid(q, K)
    n = len(y)
    if kind == 'mse':
        r = p - y
        return float(np.mean(r * r)), 2 * r * p * (1 - p) * C * K / n
    p = np.clip(p, 1e-12, 1 - 1e-12)
    value = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return value, (p - y) * C * K / n


def fit_k(q, y, kind: str = 'mse', bounds: tuple = K_BOUNDS) -> tuple[float, float]:
    """(K, loss at K): the scaling constant that best fits ``q`` to ``y``."""
    q = np.asarray(q, dtype=float)
    y = np.asarray(y, dtype=float)
    r = minimize_scalar(lambda k: loss(q, y, k, kind), bounds=bounds, method='bounded',
                        options={'xatol': 1e-6})
    return float(r.x), float(r.fun)


@dataclass
class Step:
    """One refresh of the linearised model."""
    iteration: int
    model_loss: float            # the model's loss at its minimiser (ridge term included)
    true_loss: float             # measured at the accepted theta (or the old one), the same
    fraction: float              # of the model's step taken (0: none, the fit ends)
    seconds: float = 0.0


@dataclass
class FitResult:
    theta: np.ndarray
    start_loss: float            # the loss (without the ridge term) at the start ...
    final_loss: float            # ... and at theta
    steps: list = field(default_factory=list)
    evaluations: int = 0         # passes over the samples
    no_effect: list = field(default_factory=list)   # params that never moved any q


def evaluate_many(evaluate_all: Callable, thetas: list, jobs: int) -> list:
    """``[evaluate_all(t) for t in thetas]``, in up to ``jobs`` forked
    processes at once (0: one per core) where that is possible
    (:mod:`tuning.workers`)."""
    return list(ordered_map(evaluate_all, thetas, jobs))


def fit(evaluate_all: Callable, y, params: list[Param], K: float, iterations: int = 3,
        kind: str = 'mse', ridge: float = 0.0, log: Callable | None = None,
        jobs: int = 1) -> FitResult:
    """Fit ``params`` (see the module docstring).

    ``evaluate_all(theta) -> q`` evaluates every sample under the numbers
    ``theta`` (one per param, in order; it rounds them as the evaluation
    needs, see :func:`tuning.parameters.split`).  Returns the best
    theta found (rounded like the stored numbers).
    """
    y = np.asarray(y, dtype=float)
    start = np.array([p.start for p in params], dtype=float)
    step = np.array([p.step for p in params], dtype=float)
    lo = np.array([p.lo for p in params], dtype=float)
    hi = np.array([p.hi for p in params], dtype=float)
    integer = np.array([p.integer for p in params])

    def rounded(x):
        x = np.clip(x, lo, hi)
        return np.where(integer, np.round(x), np.round(x, 3))

    def penalty(x):
        z = (x - start) / step
        return ridge * float(z @ z), 2 * ridge * z / step

    evaluations = 0

    def measure(x):
        return measure_many([x])[0]

    def measure_many(xs):
        nonlocal evaluations
        evaluations += len(xs)
        return [np.asarray(q, dtype=float) for q in evaluate_many(evaluate_all, xs, jobs)]

    theta = rounded(start)
    q0 = measure(theta)
    e0 = loss(q0, y, K, kind) + penalty(theta)[0]      # what the fit lowers
    result = FitResult(theta.copy(), loss(q0, y, K, kind), 0.0)
    moved = np.zeros(len(params), dtype=bool)       # params whose q ever changed
    for it in range(1, iterations + 1):
        t_start = time.perf_counter()
        J = np.empty((len(y), len(params)))
        hs, xs = [], []
        for j in range(len(params)):
            h = step[j] if theta[j] + step[j] <= hi[j] else -step[j]
            x = theta.copy()
            x[j] += h
            hs.append(h)
            xs.append(x)
        for j, q in enumerate(measure_many(xs)):
            J[:, j] = (q - q0) / hs[j]
        moved = moved | np.any(J != 0, axis=0)
        result.no_effect = [p.name for j, p in enumerate(params) if not moved[j]]

        # the model in units of each parameter's step: z = (x - theta) / step
        def model(z):
            x = theta + z * step
            value, dq = loss_and_gradient(q0 + J @ (z * step), y, K, kind)
            pv, pg = penalty(x)
            return value + pv, (J.T @ dq) * step + pg * step

        bounds = list(zip((lo - theta) / step, (hi - theta) / step))
        r = minimize(model, np.zeros(len(params)), jac=True, method='L-BFGS-B', bounds=bounds,
                     options={'ftol': 1e-15, 'gtol': 1e-12, 'maxiter': 1000})
        target = theta + r.x * step
        accepted = 0.0
        for fraction in (1.0, 0.5, 0.25):
            x = rounded(theta + fraction * (target - theta))
            if np.array_equal(x, theta):
                break
            q = measure(x)
            e = loss(q, y, K, kind) + penalty(x)[0]
            if e < e0:
                theta, q0, e0, accepted = x, q, e, fraction
                break
        s = Step(it, float(r.fun), e0, accepted, time.perf_counter() - t_start)
        result.steps.append(s)
        if log:
            log(f'iteration {it}: model loss {s.model_loss:.6f}, true loss {e0:.6f}, '
                f'step taken {accepted:g} ({s.seconds:.1f} s)')
        if not accepted:
            break
    result.theta = theta
    result.final_loss = loss(q0, y, K, kind)
    result.evaluations = evaluations
    return result
