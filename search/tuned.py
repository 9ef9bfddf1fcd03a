"""Tuned evaluation data: fitted piece values and evaluation weights, per variant.

The data lives beside the evaluation, in ``search/tuned.json``::

    {"pemba": {"values": {"camel": 231, "elephant": 262},
               "weights": {"MOBILITY_MG": 3.4, "KING_SHELTER": 11}},
     "oblong44": {...}}

``values`` override, for the search (evaluation, move ordering, exchange
evaluation), the piece values of the variant table (centipawns, whole
numbers); ``weights`` override the evaluation weights of
:mod:`search.params` (their names and kinds are :data:`WEIGHTS`, the schema
of this file).  ``squares`` (optional) adds fitted square tables to the
evaluation's piece-square tables: per piece, ``{"mg": [...], "eg": [...]}``,
whole centipawns for White's piece on each square, rank by rank from
White's first rank, file by file from the a-file (``files x ranks``
numbers each; Black's piece gets the same on the square mirrored across the
middle rank).  ``search`` (optional) sets, for this variant only, numbers
of the search in :mod:`search.params` (the names of :data:`SEARCH`: its
switches and margins), e.g. ``{"CORRECTION": 1}``.  A variant, a piece, a
weight or a setting that is not listed keeps its untuned value, so an
empty file (``{}``) is the untuned engine.  The file is
written by ``cazaux-engine tune fit`` (docs/strength.md).

Which data is used is decided when it is first needed (:func:`active`), by
the environment variable ``CAZAUX_ENGINE_TUNED``: unset or empty, the
packaged file; ``off``, none (the untuned engine); any other value, the path
of a file in the same format (to try a fit before installing it).  A bad
file never stops the engine by itself: it plays untuned and :func:`error`
holds the message, which the command line reports (``cazaux-engine``
refuses to play with data it cannot read).  The rules know nothing of it:
:mod:`search.weights` reads it for the evaluation.

>>> parse_tuned({'chess': {'values': {'knight': 310}}}, 'example')
{'chess': {'values': {'knight': 310}, 'weights': {}}}
"""
from __future__ import annotations

import json
import math
import os
import re

from cazaux_engine.pieces import PIECES
from cazaux_engine.variants import VARIANT_NAMES, get_variant

ENV = 'CAZAUX_ENGINE_TUNED'
OFF = 'off'
PACKAGED = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tuned.json')

# The evaluation weights of search.params that tuned data may set, with their
# kind: 'int' weights enter integer table entries and must stay whole numbers.
WEIGHTS: dict[str, str] = {
    'MOBILITY_MG': 'float', 'MOBILITY_EG': 'float', 'MOBILITY_CAP': 'int',
    'ADVANCE_MG': 'float', 'ADVANCE_EG': 'float', 'ADVANCE_CAP': 'float',
    'PASSED_MG': 'float', 'PASSED_EG': 'float', 'PAWN_CENTRE_MG': 'float',
    'PASSER_KING_EG': 'int', 'PASSER_KING_STEPS': 'int',
    'PASSER_BLOCKED_MG': 'int', 'PASSER_BLOCKED_EG': 'int',
    'DOUBLED_MG': 'int', 'DOUBLED_EG': 'int', 'ISOLATED_MG': 'int', 'ISOLATED_EG': 'int',
    'PHALANX_MG': 'int', 'PHALANX_EG': 'int',
    'KING_RANK_MG': 'int', 'KING_RANK_CAP': 'int', 'KING_FILE_MG': 'float',
    'KING_CENTRE_EG': 'int', 'KING_SHELTER': 'int', 'KING_ATTACK': 'int',
    'KING_ATTACK_NOW': 'int',
    'MOBILITY_NOW_MG': 'int', 'MOBILITY_NOW_EG': 'int', 'THREAT_MG': 'int', 'THREAT_EG': 'int',
    'PAIR_MG': 'int', 'PAIR_EG': 'int', 'OPEN_FILE_MG': 'int', 'OPEN_FILE_EG': 'int',
    'TRADE_DOWN': 'int', 'FIFTY_SCALE': 'int', 'HUNT_KING': 'int', 'HUNT_GUARD': 'int',
    'TEMPO': 'int',
    'BARE_KING': 'int', 'BARE_EDGE': 'int', 'BARE_CLOSE': 'int',
}

# The search's numbers of search.params that tuned data may set per variant
# (its "search" object), with their kind: the switches and margins a search
# thread reads when it starts (the Tree of search/alphabeta.py and the
# MoveOrder of search/ordering.py).  Numbers read elsewhere (the time, the
# aspiration window, the table) are one for every variant.
SEARCH: dict[str, str] = {
    **{name: 'int' for name in (
        'RFP_DEPTH', 'RFP_MARGIN', 'RFP_ZUGZWANG', 'RAZOR_DEPTH', 'RAZOR_MARGIN', 'FUTILITY_DEPTH', 'LMP_DEPTH',
        'HISTORY_PRUNE_DEPTH', 'HISTORY_PRUNE', 'LMR_MIN_DEPTH', 'LMR_MIN_MOVES',
        'NULL_MIN_DEPTH', 'NULL_REDUCTION', 'NULL_MIN_MATERIAL', 'NULL_EVAL_DIVISOR', 'NULL_ZUGZWANG',
        'DELTA_MARGIN', 'IMPROVING', 'HISTORY_OF_MOVE_PAIRS', 'CORRECTION', 'CORRECTION_MAX',
        'CORRECTION_NONPAWN', 'CAPTURE_HISTORY', 'BAD_CAPTURES_LAST', 'LMR_HISTORY',
        'LMR_REFUTATIONS', 'LMR_BAD_CAPTURES', 'LMR_TT_CAPTURE', 'LMR_CUT_NODE', 'LMR_NOT_IMPROVING',
        'HISTORY_BONUS_LINEAR', 'IIR_DEPTH', 'IIR_NON_PV_DEPTH', 'SINGULAR_DEPTH',
        'SINGULAR_MARGIN', 'PROBCUT_DEPTH', 'PROBCUT_MARGIN', 'SEE_PRUNE_DEPTH',
        'SEE_QUIET_MARGIN', 'SEE_CAPTURE_MARGIN', 'CHECK_EXTENSION_SEE', 'TT_EVAL')},
    'LMR_DIVISOR': 'float',
}

MAX_VALUE = 100_000     # a piece value above this could reach the mate scores
MAX_SQUARE = 1_000      # the most a square table entry may add or take away


class TunedDataError(ValueError):
    """Tuned data that is not in the format above; the message names the culprit."""


def check_weight(name: str, value, where: str = 'weights') -> int | float:
    """``value`` as the number weight ``name`` takes (TunedDataError if it cannot)."""
    return _check_number(WEIGHTS, 'weight', name, value, where)


def check_search(name: str, value, where: str = 'search') -> int | float:
    """``value`` as the number the search setting ``name`` takes
    (TunedDataError if it cannot)."""
    return _check_number(SEARCH, 'search setting', name, value, where)


def _check_number(schema: dict, what: str, name: str, value, where: str) -> int | float:
    kind = schema.get(name)
    if kind is None:
        raise TunedDataError(f'{where}: unknown {what} {name!r} '
                             f'(known: {", ".join(schema)})')
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TunedDataError(f'{where}: {what} {name} must be a number, not {value!r}')
    if kind == 'int':
        if isinstance(value, float):
            if not value.is_integer():
                raise TunedDataError(f'{where}: {what} {name} must be a whole number, not {value!r}')
            value = int(value)
        return value
    return value


def check_value(piece: str, value, where: str = 'values') -> int:
    """``value`` as a piece value in centipawns (TunedDataError if it is not one)."""
    if piece not in PIECES:
        raise TunedDataError(f'{where}: unknown piece {piece!r}')
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VALUE:
        raise TunedDataError(f'{where}: value of {piece} must be a whole number of '
                             f'centipawns 0..{MAX_VALUE}, not {value!r}')
    return value


def check_squares(piece: str, table, where: str = 'squares') -> dict:
    """``table`` as a piece's square tables ``{'mg': [...], 'eg': [...]}``
    (two lists of the same length of whole centipawns within
    +-MAX_SQUARE; TunedDataError if it is not)."""
    if piece not in PIECES:
        raise TunedDataError(f'{where}: unknown piece {piece!r}')
    if not isinstance(table, dict) or set(table) != {'mg', 'eg'}:
        raise TunedDataError(f'{where}: squares of {piece} must be an object with "mg" and "eg"')
    out = {}
    for phase in ('mg', 'eg'):
        row = table[phase]
        if not isinstance(row, list) or not row:
            raise TunedDataError(f'{where}: squares of {piece}: "{phase}" must be a list of numbers')
        checked = []
        for j, x in enumerate(row):
            if isinstance(x, float) and x.is_integer():
                x = int(x)
            if isinstance(x, bool) or not isinstance(x, int) or abs(x) > MAX_SQUARE:
                raise TunedDataError(f'{where}: squares of {piece}: "{phase}"[{j}] must be a whole '
                                     f'number of centipawns -{MAX_SQUARE}..{MAX_SQUARE}, not {x!r}')
            checked.append(x)
        out[phase] = checked
    if len(out['mg']) != len(out['eg']):
        raise TunedDataError(f'{where}: squares of {piece}: "mg" has {len(out["mg"])} numbers, '
                             f'"eg" {len(out["eg"])}')
    return out


def check_board_squares(variant, squares: dict, where: str) -> None:
    """TunedDataError unless every square table of ``squares`` is for a
    piece of ``variant``'s army and has one number per square of its board."""
    army = {p.name for p in variant.pieces}
    cells = variant.files * variant.ranks
    for p, table in squares.items():
        if p not in army:
            raise TunedDataError(f'{where}: {variant.name}: squares of {p}: not in its army')
        if len(table['mg']) != cells:
            raise TunedDataError(f'{where}: {variant.name}: squares of {p}: {len(table["mg"])} '
                                 f'numbers, the board has {cells} squares')


def parse_tuned(data, where: str) -> dict:
    """The checked, normalised form of decoded tuned data (see the module docstring)."""
    if not isinstance(data, dict):
        raise TunedDataError(f'{where}: expected an object {{variant: {{"values": ..., '
                             f'"weights": ...}}}}')
    out = {}
    for variant, entry in data.items():
        if not isinstance(entry, dict):
            raise TunedDataError(f'{where}: {variant}: expected an object with "values" '
                                 f'and "weights"')
        extra = set(entry) - {'values', 'weights', 'squares', 'search'}
        if extra:
            raise TunedDataError(f'{where}: {variant}: unknown key {sorted(extra)[0]!r} '
                                 f'(expected "values", "weights", "squares" and "search")')
        values = entry.get('values', {})
        weights = entry.get('weights', {})
        squares = entry.get('squares', {})
        search = entry.get('search', {})
        for key, d in (('values', values), ('weights', weights), ('squares', squares),
                       ('search', search)):
            if not isinstance(d, dict):
                raise TunedDataError(f'{where}: {variant}: "{key}" must be an object')
        out[variant] = {
            'values': {p: check_value(p, v, f'{where}: {variant}') for p, v in values.items()},
            'weights': {n: check_weight(n, v, f'{where}: {variant}') for n, v in weights.items()},
        }
        if squares:
            out[variant]['squares'] = {p: check_squares(p, v, f'{where}: {variant}')
                                       for p, v in squares.items()}
        if search:
            out[variant]['search'] = {n: check_search(n, v, f'{where}: {variant}')
                                      for n, v in search.items()}
    return out


def load_tuned(path: str) -> dict:
    """Read and check a tuned-data file (TunedDataError with the reason)."""
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except OSError as e:
        raise TunedDataError(f'cannot read tuned data {path}: {e.strerror or e}') from None
    try:
        data = json.loads(text)
    except ValueError as e:
        raise TunedDataError(f'{path}: not valid JSON: {e}') from None
    return parse_tuned(data, path)


def format_tuned(data: dict) -> str:
    """The JSON text of tuned data (variants, pieces and weights sorted, a
    square table's numbers on one line; stable)."""
    data = parse_tuned(data, 'tuned data')
    text = json.dumps(data, indent=2, sort_keys=True) + '\n'
    # a square table's numbers on one line each, not one line per number
    return re.sub(r'\[\s*(-?\d+(?:,\s*-?\d+)*)\s*\]',
                  lambda m: '[' + ', '.join(x.strip() for x in m.group(1).split(',')) + ']', text)


def write_entry(path: str, variant: str, values: dict, weights: dict,
                squares: dict | None = None, base: dict | None = None,
                search: dict | None = None) -> dict:
    """Replace ``variant``'s entry of the file ``path`` (created if absent,
    from the other variants' entries of ``base``), keeping the other
    variants, the entry's search settings (``search`` where the file has
    none for ``variant``), and its square tables unless ``squares`` is
    given; return the whole new data."""
    data = load_tuned(path) if os.path.exists(path) else dict(base or {})
    old = data.get(variant, {}).get('squares', {})
    search = data.get(variant, {}).get('search') or search or {}
    data[variant] = {'values': dict(values), 'weights': dict(weights)}
    squares = old if squares is None else squares
    if squares:
        data[variant]['squares'] = {p: {'mg': list(t['mg']), 'eg': list(t['eg'])}
                                    for p, t in squares.items()}
    if search:
        data[variant]['search'] = dict(search)
    text = format_tuned(data)
    tmp = path + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(text)
    os.replace(tmp, path)
    return parse_tuned(data, path)


def source() -> str | None:
    """The file the environment selects (None: ``CAZAUX_ENGINE_TUNED=off``)."""
    v = os.environ.get(ENV, '').strip()
    if not v:
        return PACKAGED
    if v.lower() == OFF:
        return None
    return v


_loaded: list = []          # [(data, error)] once loaded: the active data by variant, and
                            # why the selected file could not be used (None: it could)


def _load() -> tuple[dict, str | None]:
    """Read the data :func:`source` selects, checking each built-in
    variant's values against its army."""
    path = source()
    if path is None:
        return {}, None
    try:
        d = load_tuned(path)
        for variant, entry in d.items():
            if variant in VARIANT_NAMES:
                v = get_variant(variant)
                army = {p.name for p in v.pieces}
                for p in entry['values']:
                    if p not in army:
                        raise TunedDataError(f'{path}: {variant}: {p} is not in its army')
                check_board_squares(v, entry.get('squares', {}), path)
        return d, None
    except TunedDataError as e:
        return {}, (f'{ENV}={os.environ.get(ENV, "")!s}: {e}' if os.environ.get(ENV) else str(e))


def active() -> dict:
    """The tuned data in use, by variant (read on first use)."""
    if not _loaded:
        _loaded.append(_load())
    return _loaded[0][0]


def error() -> str | None:
    """Why the selected tuned data cannot be used, or None."""
    active()
    return _loaded[0][1]


def reload() -> None:
    """Read the data again at its next use (after CAZAUX_ENGINE_TUNED changed)."""
    _loaded.clear()


def values_of(variant: str) -> dict:
    """The tuned piece values of ``variant`` (only those the data sets)."""
    e = active().get(variant)
    return dict(e['values']) if e else {}


def squares_of(variant: str) -> dict:
    """The tuned square tables of ``variant``: piece name -> {'mg': [...], 'eg': [...]}."""
    e = active().get(variant)
    return dict(e.get('squares', {})) if e else {}


def weights_of(variant: str) -> dict:
    """The tuned evaluation weights of ``variant`` (only those the data sets)."""
    e = active().get(variant)
    return dict(e['weights']) if e else {}


def search_of(variant: str) -> dict:
    """The search settings of ``variant`` (only those the data sets)."""
    e = active().get(variant)
    return dict(e.get('search', {})) if e else {}
