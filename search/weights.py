"""The evaluation's and the search's numbers per variant: piece values,
weights and search settings, tuned or not.

The evaluation reads every number it uses through :func:`eval_data` (one
call, when it builds a variant's tables):

* ``weights``: every evaluation weight of :mod:`search.params` (the names of
  :data:`EVAL_WEIGHTS`), with the variant's tuned overrides from
  ``search/tuned.json`` (see :mod:`search.tuned`);
* ``values``: the piece values of the variant table, with the variant's
  tuned values (the rules know only the table's);
* ``squares``: the variant's fitted square tables, if its tuned data has
  any (piece name -> (mg tuple, eg tuple), White's view, rank by rank).

The search reads its per-variant numbers (switches and margins, tuned data's
``search`` entries) through :func:`search_settings` when a search thread
starts.

:func:`overriding` replaces some of them for a while (the tuner's
:func:`search.static.with_weights`).  Without tuned data and without an
override the numbers are exactly those of ``search/params.py`` and the
variant table.

>>> weights_for('oblong44')['BARE_KING'] == params.BARE_KING     # not in its tuned data
True
>>> values_for('oblong44')['knight']      # its tuned value; the variant table says 300
333
>>> with overriding('oblong44', {'knight': 320}, {'TEMPO': 5}):
...     values_for('oblong44')['knight'], weights_for('oblong44')['TEMPO']
(320, 5)
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from itertools import count
from types import SimpleNamespace

from . import tuned
from .tuned import TunedDataError, check_board_squares, check_squares, check_value, check_weight
from cazaux_engine.variants import Variant, get_variant

from . import params

EVAL_WEIGHTS: tuple[str, ...] = tuple(tuned.WEIGHTS)

_overlay: dict[str, list] = {}      # variant name -> stack of (values, weights, squares)
_overlay_change = 0                 # counts the overrides started and ended


def default_weights() -> dict:
    """The evaluation weights of :mod:`search.params` (untuned)."""
    return {n: getattr(params, n) for n in EVAL_WEIGHTS}


def default_search_settings() -> dict:
    """The search settings of :mod:`search.params` (untuned): every name of
    :data:`search.tuned.SEARCH`."""
    return {n: getattr(params, n) for n in tuned.SEARCH}


def as_variant(variant: str | Variant) -> Variant:
    """``variant`` as a Variant: a built-in variant's name is looked up; a
    Variant (one of a file comes from the registry that loaded it) is kept."""
    return get_variant(variant) if isinstance(variant, str) else variant


def weights_for(variant_name: str) -> dict:
    """Every evaluation weight for ``variant_name``: params, tuned data, override."""
    w = default_weights()
    w.update(tuned.weights_of(variant_name))
    for _, ow, _ in _overlay.get(variant_name, ()):
        w.update(ow)
    return w


def search_settings(variant_name: str) -> SimpleNamespace:
    """The numbers of the search for ``variant_name``: every name of
    :data:`search.tuned.SEARCH`, from :mod:`search.params`, with the
    variant's tuned ``search`` entries (what a search thread reads when it
    starts).  As for the weights, tuned data wins over params (and so over
    ``CAZAUX_ENGINE_PARAMS``).

    >>> search_settings('pemba').CORRECTION == params.CORRECTION
    True
    >>> search_settings('chess').CORRECTION      # chess's tuned data switches it on
    1
    """
    s = default_search_settings()
    s.update(tuned.search_of(variant_name))
    return SimpleNamespace(**s)


def values_for(variant: str | Variant) -> dict:
    """The piece values (centipawns, by piece name) of ``variant`` (a Variant,
    or a built-in variant's name), tuned data and override included.  Tuned
    values of pieces outside the army are left out (the built-in variants'
    data is checked when read; a variant of a file is known only later:
    ``cazaux-engine tune show`` names them)."""
    v = as_variant(variant)
    out = {p.name: p.value for p in v.pieces}
    out.update((p, x) for p, x in tuned.values_of(v.name).items() if p in out)
    for ov, _, _ in _overlay.get(v.name, ()):
        out.update(ov)
    return out


def squares_for(variant: str | Variant) -> dict:
    """The square tables of ``variant``: piece name -> (mg tuple, eg tuple),
    tuned data and override included (an override replaces a piece's
    tables).  Tables of pieces outside the army, or not of the board's size,
    are left out (the built-in variants' data is checked when read; a
    variant of a file is known only later: ``cazaux-engine tune show``
    names them)."""
    v = as_variant(variant)
    army = {p.name for p in v.pieces}
    cells = v.files * v.ranks
    out = {p: (tuple(t['mg']), tuple(t['eg'])) for p, t in tuned.squares_of(v.name).items()
           if p in army and len(t['mg']) == cells}
    for _, _, osq in _overlay.get(v.name, ()):
        out.update(osq)
    return out


@dataclass(frozen=True)
class EvalData:
    """What the evaluation of one variant is built from."""
    values: dict        # piece name -> centipawns
    weights: dict       # EVAL_WEIGHTS name -> number
    squares: dict = field(default_factory=dict)     # piece name -> (mg tuple, eg tuple)

    def key(self) -> tuple:
        """A hashable summary: equal for equal data."""
        return (tuple(sorted(self.values.items())), tuple(sorted(self.weights.items())),
                tuple(sorted(self.squares.items())))

    @cached_property
    def number(self) -> int:
        """A number for :meth:`key`, the same for equal data (the evaluation
        tables' cache key: hashing the key itself, square tables included,
        on every lookup would cost more than the tools' evaluation)."""
        k = self.key()
        n = _numbers.get(k)
        if n is None:
            if len(_numbers) >= 256:
                _numbers.clear()        # a forgotten key only gets a new number
            n = _numbers[k] = next(_fresh_numbers)
        return n


_numbers: dict = {}                 # EvalData.key() -> its number
_fresh_numbers = count()
_data: dict = {}                    # id(variant) -> (variant, tuned data, override, weights, EvalData)


def eval_data(variant: Variant) -> EvalData:
    """The one lookup of the evaluation: values, weights and square tables for
    ``variant``.  Kept while the tuned data (:func:`search.tuned.reload`), the
    overrides and the weights of :mod:`search.params` stay as they were."""
    active = tuned.active()
    ws = tuple(getattr(params, n) for n in EVAL_WEIGHTS)
    e = _data.get(id(variant))
    if e is not None and e[0] is variant and e[1] is active and e[2] == _overlay_change \
            and e[3] == ws:
        return e[4]
    data = EvalData(values_for(variant), weights_for(variant.name), squares_for(variant))
    if len(_data) >= 64:
        _data.clear()
    _data[id(variant)] = (variant, active, _overlay_change, ws, data)
    return data


def _overlay_changed() -> None:
    global _overlay_change
    _overlay_change += 1


@contextmanager
def overriding(variant: str | Variant, values: dict | None = None, weights: dict | None = None,
               squares: dict | None = None):
    """While active, ``values`` (piece name -> cp), ``weights`` (params
    name -> number) and ``squares`` (piece name -> {'mg': [...], 'eg':
    [...]}, see :mod:`search.tuned`) replace the own of ``variant`` (a
    Variant, or a built-in variant's name).  Nested overrides stack.
    ValueError (TunedDataError) for an unknown piece or weight, a number of
    the wrong kind or a table of the wrong size."""
    v = as_variant(variant)
    variant_name = v.name
    army = {p.name for p in v.pieces}
    vals = {}
    for p, x in (values or {}).items():
        if p not in army:
            raise TunedDataError(f'{variant_name}: {p!r} is not in its army')
        vals[p] = check_value(p, x, variant_name)
    ws = {n: check_weight(n, x, variant_name) for n, x in (weights or {}).items()}
    sq = {p: check_squares(p, t, variant_name) for p, t in (squares or {}).items()}
    check_board_squares(v, sq, 'override')
    sq = {p: (tuple(t['mg']), tuple(t['eg'])) for p, t in sq.items()}
    stack = _overlay.setdefault(variant_name, [])
    stack.append((vals, ws, sq))
    _overlay_changed()
    try:
        yield
    finally:
        stack.pop()
        if not stack:
            del _overlay[variant_name]
        _overlay_changed()
