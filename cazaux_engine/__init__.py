"""cazaux_engine: the rules of the variants (pieces, boards, legal moves, FEN,
setups, game end, perft).  It imports nothing from ``search`` or ``protocol``.

>>> from cazaux_engine import start_position, perft
>>> perft(start_position('zanzibar-s'), 2)
2809
"""
from __future__ import annotations

from . import compiled as _compiled

_compiled.install()      # first: CAZAUX_ENGINE_PURE must hold before a hot module loads

__version__ = '0.2.0'

from .compiled import core_kind, core_label  # noqa: E402
from .fen import FenError, parse_fen, to_fen
from .movegen import legal_moves
from .notation import IllegalMoveError, move_text, parse_move
from .outcome import Outcome, outcome
from .perft import divide, perft
from .position import Position
from .registry import Registry
from .variants import VARIANT_NAMES, Variant, VariantError, get_variant


def start_position(variant: str | Variant, fen: str | None = None) -> Position:
    """A position of ``variant`` (a built-in variant's name, or a Variant): its
    start or ``fen``."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    return parse_fen(v, fen or v.start)


def engine_name() -> str:
    """The engine's name for ``--version`` and the protocols, with its core:
    ``cazaux-engine 0.2.0 (compiled core)`` or ``(interpreted core)``."""
    return f'cazaux-engine {__version__} ({core_label()})'


__all__ = ['FenError', 'IllegalMoveError', 'Outcome', 'Position', 'Registry', 'VARIANT_NAMES',
           'Variant', 'VariantError', '__version__', 'core_kind', 'divide', 'engine_name', 'get_variant', 'legal_moves',
           'move_text', 'outcome', 'parse_fen', 'parse_move', 'perft', 'start_position',
           'to_fen']
