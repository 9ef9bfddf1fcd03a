"""The game a protocol session plays: variant, start position, moves.

Every change is all-or-nothing: a bad FEN or an illegal move raises with a
message and leaves the game exactly as it was.
"""
from __future__ import annotations

import random

from cazaux_engine import FenError, IllegalMoveError, Position, parse_fen, parse_move
from cazaux_engine.registry import Registry
from cazaux_engine.setups import setup_count, setup_fen
from cazaux_engine.variants import Variant
from cazaux_engine.movegen import legal_moves


def setup_start_fen(variant: Variant, setup: int, rng: random.Random | None = None) -> str:
    """The start FEN for engine option ``Setup`` (0 default, -1 random, 1..N).

    An index beyond the variant's placements raises ValueError.
    """
    n = setup_count(variant)
    if setup == 0 or (setup == -1 and n == 0):
        return variant.start
    if setup == -1:
        return setup_fen(variant, (rng or random).randint(1, n))
    if setup > n:
        raise ValueError(f'Setup {setup}: {variant.name} has '
                         + (f'{n} placements (1..{n})' if n else 'no placements to choose'))
    return setup_fen(variant, setup)


def legal_line(pos: Position, moves: list[int]) -> list[int]:
    """The longest prefix of ``moves`` that is a legal line from ``pos``
    (a reported principal variation is shown only that far)."""
    p = pos.copy()
    line = []
    for m in moves:
        if m not in legal_moves(p):
            break
        p.push(m)
        line.append(m)
    return line


class Game:
    """A game of one of the variants of ``registry``."""
    variant: Variant
    start_fen: str
    pos: Position
    moves: list[int]

    def __init__(self, registry: Registry, variant: str = 'chess'):
        self.registry = registry
        self.new(variant)

    def new(self, variant: str | None = None, fen: str | None = None) -> None:
        """Start a new game of ``variant`` (default: the current one)."""
        v = self.registry.get(variant) if variant else self.variant
        pos = parse_fen(v, fen or v.start)
        self.variant, self.start_fen, self.pos, self.moves = v, fen or v.start, pos, []

    def set_fen(self, fen: str) -> None:
        """Set up ``fen`` of the current variant (FenError: nothing changes)."""
        pos = parse_fen(self.variant, fen)
        self.start_fen, self.pos, self.moves = fen, pos, []

    def play(self, text: str, rank_base: int = 1) -> int:
        """Play the move written ``text`` (IllegalMoveError: nothing changes)."""
        m = parse_move(self.pos, text, rank_base)
        self.push(m)
        return m

    def push(self, m: int) -> None:
        """Play a move known to be legal (the engine's own)."""
        self.pos.push(m)
        self.moves.append(m)

    def undo(self, n: int = 1) -> int:
        """Take back up to n moves; return how many were taken back."""
        k = 0
        while k < n and self.moves:
            self.pos.pop()
            self.moves.pop()
            k += 1
        return k


__all__ = ['FenError', 'Game', 'IllegalMoveError', 'legal_line', 'setup_start_fen']
