"""What the tuner fits: piece values and evaluation weights, with steps and bounds.

A parameter is a piece value (``knight``, ``camel``, ...: any piece of the
variant's army but the King) or an evaluation weight of :mod:`search.params`
(``MOBILITY_MG``, ...).  Each has

* ``step``: the finite-difference step of the linearised model (big enough
  that the evaluation's rounding to whole centipawns is small beside it);
* ``lo``, ``hi``: the bounds of the fit, set from the *untuned* number so
  that refits cannot drift without limit;
* ``integer``: whether the evaluation needs a whole number (piece values and
  the 'int' weights of :data:`search.tuned.WEIGHTS`).

:func:`default_names` is the set fitted unless ``--params`` says otherwise:
every piece value but the King's and the Pawn's (the Pawn anchors the
centipawn: the search's margins are in Pawns), and the weights of
mobility/centralisation, advance to promotion, passed pawn-like pieces,
the Pawn's centralisation, the King's placement and shelter, and the tempo.
Not by default: the caps (kinks, not slopes) and the bare-King terms (which
drive mating play, not judged by quiet positions).

>>> [p.name for p in parameters('oblong44', ['knight', 'TEMPO'])]
['knight', 'TEMPO']
>>> p = parameters('oblong44', ['TEMPO'])[0]       # starts at Oblong 44's tuned tempo
>>> p.start, p.step, p.lo, p.hi, p.integer
(1, 4, 0, 50, True)
"""
from __future__ import annotations

from dataclasses import dataclass

from cazaux_engine.variants import Variant
from search.tuned import WEIGHTS, TunedDataError

from search.weights import as_variant, default_weights, values_for, weights_for

# weight: (step, lo, hi)
WEIGHT_RANGES: dict[str, tuple] = {
    'MOBILITY_MG': (0.5, 0.0, 12.0),
    'MOBILITY_EG': (0.5, 0.0, 12.0),
    'MOBILITY_CAP': (5, 0, 150),
    'ADVANCE_MG': (0.05, 0.0, 2.0),
    'ADVANCE_EG': (0.05, 0.0, 2.0),
    'ADVANCE_CAP': (0.05, 0.0, 1.0),
    'PASSED_MG': (0.05, 0.0, 2.0),
    'PASSED_EG': (0.05, 0.0, 2.0),
    'PAWN_CENTRE_MG': (1.0, 0.0, 20.0),
    'PASSER_KING_EG': (2, 0, 200),
    'PASSER_KING_STEPS': (1, 1, 12),
    'PASSER_BLOCKED_MG': (5, 0, 100),
    'PASSER_BLOCKED_EG': (5, 0, 100),
    'DOUBLED_MG': (2, 0, 60),
    'DOUBLED_EG': (2, 0, 60),
    'ISOLATED_MG': (2, 0, 60),
    'ISOLATED_EG': (2, 0, 60),
    'PHALANX_MG': (2, 0, 60),
    'PHALANX_EG': (2, 0, 60),
    'KING_RANK_MG': (2, 0, 80),
    'KING_RANK_CAP': (1, 0, 15),
    'KING_FILE_MG': (1.0, 0.0, 60.0),
    'KING_CENTRE_EG': (2, 0, 50),
    'KING_SHELTER': (2, 0, 50),
    'KING_ATTACK': (1, 0, 30),
    'KING_ATTACK_NOW': (1, 0, 40),
    'MOBILITY_NOW_MG': (1, 0, 20),
    'MOBILITY_NOW_EG': (1, 0, 20),
    'THREAT_MG': (2, 0, 100),
    'THREAT_EG': (2, 0, 100),
    'PAIR_MG': (4, 0, 150),
    'PAIR_EG': (4, 0, 150),
    'OPEN_FILE_MG': (2, 0, 80),
    'OPEN_FILE_EG': (2, 0, 80),
    'TRADE_DOWN': (10, 0, 400),
    'FIFTY_SCALE': (20, 0, 1000),
    'HUNT_KING': (2, 0, 100),
    'HUNT_GUARD': (2, 0, 100),
    'TEMPO': (4, 0, 50),
    'BARE_KING': (20, 0, 1500),
    'BARE_EDGE': (5, 0, 100),
    'BARE_CLOSE': (5, 0, 100),
}

DEFAULT_WEIGHTS = ('MOBILITY_MG', 'MOBILITY_EG', 'ADVANCE_MG', 'ADVANCE_EG', 'PASSED_MG',
                   'PASSED_EG', 'PAWN_CENTRE_MG', 'KING_RANK_MG', 'KING_FILE_MG',
                   'KING_CENTRE_EG', 'KING_SHELTER', 'TEMPO')

VALUE_STEP = 10         # centipawns
ANCHOR = 'pawn'


@dataclass(frozen=True)
class Param:
    name: str           # piece name or weight name
    is_value: bool      # a piece value (else a weight)
    start: float        # the current (tuned or default) number
    step: float
    lo: float
    hi: float
    integer: bool


def untuned_values(variant: str | Variant) -> dict:
    """The piece values of the variant table (or of its file) without tuned data."""
    return {p.name: int(p.value) for p in as_variant(variant).pieces}


def default_names(variant: str | Variant) -> list[str]:
    """The parameters fitted by default (see the module docstring)."""
    v = as_variant(variant)
    pieces = [p.name for p in v.pieces if p.name not in ('king', ANCHOR)]
    return pieces + list(DEFAULT_WEIGHTS)


def parameters(variant: str | Variant, names: list[str] | None = None) -> list[Param]:
    """The :class:`Param` list of ``names`` (default :func:`default_names`),
    starting from the variant's current numbers (tuned data included).
    TunedDataError for a name that is neither a piece of the army nor a weight."""
    v = as_variant(variant)
    army = [p.name for p in v.pieces]
    names = default_names(v) if names is None else list(names)
    current_v = values_for(v)
    current_w = weights_for(v.name)
    base_v = untuned_values(v)
    base_w = default_weights()
    out = []
    seen = set()
    for n in names:
        if n in seen:
            continue
        seen.add(n)
        if n in army:
            if n == 'king':
                raise TunedDataError('the King has no value to fit')
            b = base_v[n]
            lo, hi = max(10, b // 3), min(3 * b + 100, 10_000)
            out.append(Param(n, True, current_v[n], VALUE_STEP, lo, hi, True))
        elif n in WEIGHTS:
            step, lo, hi = WEIGHT_RANGES[n]
            hi = max(hi, 2 * base_w[n])
            out.append(Param(n, False, current_w[n], step, lo, hi, WEIGHTS[n] == 'int'))
        else:
            raise TunedDataError(f'{v.name}: {n!r} is neither a piece of its army '
                                 f'({", ".join(army[1:])}) nor an evaluation weight '
                                 f'({", ".join(WEIGHTS)})')
    return out


def split(params: list[Param], theta) -> tuple[dict, dict]:
    """(values, weights) dictionaries of the numbers ``theta`` (one per param),
    rounded as they are stored: whole numbers where the evaluation needs them,
    else to 1/1000."""
    values, weights = {}, {}
    for p, x in zip(params, theta):
        x = int(round(float(x))) if p.integer else round(float(x), 3)
        (values if p.is_value else weights)[p.name] = x
    return values, weights
