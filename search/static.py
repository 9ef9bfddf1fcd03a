"""The engine's static evaluation and quiescence search, for tools.

The tuner (:mod:`tuning`) talks to the engine only through these
three functions, so that it keeps working whatever the evaluation's insides
become:

``evaluate(pos, material_only=False) -> int``
    the static evaluation, centipawns from the side to move's point of view
    (exactly what the search uses at a leaf);
``quiescence(pos) -> int``
    the quiescence search's score of ``pos`` (captures and promotions; all
    evasions in check), side to move's point of view, from a fresh
    transposition table (so the same position always gets the same score);
``with_weights(variant, values, weights, squares=None)``
    a context manager: while it is active, the evaluation of that variant uses
    these piece values (centipawns, by piece name), these
    :mod:`search.params` evaluation weights (names of
    :data:`search.weights.EVAL_WEIGHTS`) and these square tables instead of
    its own; pieces and weights not given keep their current (tuned or
    default) numbers.

Neither function changes the position.

>>> from cazaux_engine import start_position
>>> pos = start_position('chess', '4k3/8/8/8/8/8/8/3QK3 w - - 0 1')
>>> evaluate(pos, material_only=True)     # chess's fitted Queen
1041
>>> with with_weights('chess', {'queen': 950}, {}):
...     evaluate(pos, material_only=True)
950
"""
from __future__ import annotations

from contextlib import contextmanager

from cazaux_engine.variants import Variant

from . import params
from .alphabeta import Control, Tree
from .checks import filter_for
from .eval import clear_cache, make_evaluate, tables
from .ordering import MoveOrder
from .tt import TranspositionTable
from .weights import overriding

_evaluators: dict = {}      # id(tables) -> (tables, evaluate function)
QUIESCENCE_MOVES = 1 << 14  # move buffer of a quiescence search


def _evaluator(rules, material_only: bool):
    t = tables(rules, material_only)
    e = _evaluators.get(id(t))
    if e is None or e[0] is not t:
        if len(_evaluators) > 64:
            _evaluators.clear()
        e = _evaluators[id(t)] = (t, make_evaluate(t))
    return t, e[1]


def evaluate(pos, material_only: bool = False) -> int:
    """The static evaluation of ``pos`` for the side to move (centipawns)."""
    _, ev = _evaluator(pos.rules, material_only)
    return ev(pos)


def quiescence(pos) -> int:
    """The quiescence-search score of ``pos`` for the side to move (centipawns)."""
    t = tables(pos.rules, False)
    p = pos.copy()
    order = MoveOrder(p, params.MAX_PLY + 2, t.piece_value, QUIESCENCE_MOVES)
    tree = Tree(p, TranspositionTable(0), make_evaluate(t), order, filter_for(p.rules), Control(),
                moves=QUIESCENCE_MOVES)
    return tree.quiescence()


@contextmanager
def with_weights(variant: str | Variant, values: dict, weights: dict, squares: dict | None = None):
    """Evaluate ``variant`` (a Variant, or a built-in variant's name) with these
    piece values and weights while active.

    ``squares`` (piece name -> ``{'mg': [...], 'eg': [...]}``, the form of
    :mod:`search.tuned`) replaces those pieces' square tables.

    ValueError for a piece not in the variant's army, an unknown weight or a
    number of the wrong kind (whole numbers for values and 'int' weights),
    or a square table of the wrong size.
    """
    with overriding(variant, values, weights, squares):
        try:
            yield
        finally:
            _evaluators.clear()
            clear_cache()
