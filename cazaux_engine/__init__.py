"""cazaux_engine: the rules of the variants (pieces, boards, legal moves, FEN,
setups, game end, perft).  It imports nothing from ``search`` or ``protocol``.

>>> from cazaux_engine import start_position, perft
>>> perft(start_position('zanzibar-s'), 2)
2809
"""
from __future__ import annotations

__version__ = '0.1.0'

from .fen import FenError, parse_fen, to_fen
from .notation import IllegalMoveError, move_text, parse_move
from .outcome import Outcome, outcome
from .perft import divide, perft
from .position import Position
from .variants import VARIANT_NAMES, Variant, VariantError, get_variant


def start_position(variant: str | Variant, fen: str | None = None) -> Position:
    """A position of ``variant`` (a name or a Variant): its start or ``fen``."""
    v = get_variant(variant) if isinstance(variant, str) else variant
    return parse_fen(v, fen or v.start)


__all__ = ['FenError', 'IllegalMoveError', 'Outcome', 'Position', 'VARIANT_NAMES',
           'Variant', 'VariantError', '__version__', 'divide', 'get_variant', 'move_text',
           'outcome', 'parse_fen', 'parse_move', 'perft', 'start_position', 'to_fen']
