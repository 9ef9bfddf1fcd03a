"""Game end as protocols announce it: the result, the rule and XBoard's comment.

>>> from cazaux_engine.variants import get_variant
>>> from cazaux_engine.fen import parse_fen
>>> pos = parse_fen(get_variant('chess'), '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1')
>>> o = outcome(pos)
>>> o.result, o.reason, o.comment
('1-0', 'checkmate', 'White mates')
"""
from __future__ import annotations

from dataclasses import dataclass

from .position import Position
from .gameend import REASONS, GameEnd, value_of


@dataclass(frozen=True)
class Outcome:
    result: str          # '1-0', '0-1' or '1/2-1/2'
    reason: str          # checkmate, stalemate, repetition, fifty-move, bare-kings, bare-king
    winner: int | None   # 1 White, -1 Black, None draw

    @property
    def comment(self) -> str:
        """The text XBoard shows in braces after the result."""
        side = {1: 'White', -1: 'Black'}
        if self.reason == 'checkmate':
            return f'{side[self.winner]} mates'
        if self.reason == 'stalemate':
            return 'Stalemate' if self.winner is None else f'{side[-self.winner]} is stalemated'
        if self.reason == 'bare-king':
            return f'{side[-self.winner]} has a bare King' if self.winner else 'Both Kings bare'
        return {'repetition': 'Draw by repetition', 'fifty-move': 'Draw by 50-move rule',
                'bare-kings': 'Insufficient material: bare Kings'}[self.reason]


def _won(winner: int, reason: str) -> Outcome:
    return Outcome('1-0' if winner > 0 else '0-1', reason, winner)


def _draw(reason: str) -> Outcome:
    return Outcome('1/2-1/2', reason, None)


def outcome(pos: Position, legal: list | None = None) -> Outcome | None:
    """The outcome if the game is over in ``pos`` (side to move to play), else None.

    The rules and their order are :mod:`cazaux_engine.gameend`'s, the same
    the search scores; ``legal``: the legal moves when the caller has them.
    """
    code = GameEnd(pos.rules.variant).of(pos, -1 if legal is None else len(legal))
    reason = REASONS[code]
    if reason is None:
        return None
    value = value_of(code)
    if value == 0:
        return _draw(reason)
    return _won(pos.turn * value, reason)
