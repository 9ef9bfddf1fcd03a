"""Game end: which rule of RULES.md ends the game, for protocols to announce.

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
from .rules import move_to


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


def repetitions(pos: Position) -> int:
    """How many times the current position has occurred (this one included)."""
    h = pos.hash
    hist = pos.history
    n = 1
    lo = max(0, len(hist) - pos.halfmove)
    for i in range(len(hist) - 2, lo - 1, -2):
        if hist[i] == h:
            n += 1
    return n


def outcome(pos: Position, legal: list | None = None) -> Outcome | None:
    """The outcome if the game is over in ``pos`` (side to move to play), else None."""
    if legal is None:
        legal = pos.legal_moves()
    us = pos.turn
    v = pos.rules.variant
    if not legal:
        if pos.in_check():
            return _won(-us, 'checkmate')
        if v.stalemate == 'loss':
            return _won(-us, 'stalemate')
        return _draw('stalemate')
    mine, theirs = len(pos.pieces[us]), len(pos.pieces[-us])
    if mine == 1 and theirs == 1:
        return _draw('bare-kings')
    if v.bare_king == 'shatranj':
        if theirs == 1:
            # the opponent was bared and did not bare us back
            return _won(us, 'bare-king')
        if mine == 1:
            last = [sq for sq in pos.pieces[-us] if sq != pos.kings[-us]]
            if not (len(last) == 1 and any(move_to(m) == last[0] for m in legal)):
                return _won(-us, 'bare-king')
    if pos.halfmove >= 100:
        return _draw('fifty-move')
    if repetitions(pos) >= 3:
        return _draw('repetition')
    return None
