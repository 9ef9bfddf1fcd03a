"""Helpers for the rules tests: build positions from a few pieces."""
from __future__ import annotations

from cazaux_engine import get_variant, move_text, parse_fen
from cazaux_engine.movegen import legal_moves
from cazaux_engine.setups import placement_of_rows


def fen_of(variant: str, pieces: dict[str, str], side: str = 'w', castling: str = '-',
           ep: str = '-') -> str:
    """A FEN with ``pieces`` ({'e5': 'G', 'a1': 'K', ...}) on an empty board."""
    v = get_variant(variant)
    grid = [[''] * v.files for _ in range(v.ranks)]
    for sq, letter in pieces.items():
        grid[int(sq[1:]) - 1][ord(sq[0]) - 97] = letter
    return f'{placement_of_rows(grid)} {side} {castling} {ep} 0 1'


def position(variant: str, pieces: dict[str, str] | None = None, **kw):
    """A Position from pieces (see fen_of) or, with no pieces, the start."""
    v = get_variant(variant)
    return parse_fen(v, fen_of(variant, pieces, **kw) if pieces is not None else v.start)


def legal(variant: str, pieces: dict[str, str] | None = None, **kw) -> set[str]:
    """The legal moves as text."""
    pos = position(variant, pieces, **kw)
    return {move_text(pos, m) for m in legal_moves(pos)}


def moves_from(variant: str, square: str, pieces: dict[str, str], **kw) -> set[str]:
    """Destinations (with promotion letter) of the legal moves from ``square``."""
    return {t[len(square):] for t in legal(variant, pieces, **kw) if t.startswith(square)
            and not t[len(square)].isdigit()}
