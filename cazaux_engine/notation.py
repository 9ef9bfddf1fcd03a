"""Move text: pure coordinate notation (``e2e4``, ``a11a12q``, ``j10j12g``).

``rank_base`` is the number of the first rank: 1 everywhere except XBoard's
10-rank boards, which it numbers 0-9 (see docs/xboard.md and the protocol layer).

>>> from cazaux_engine.variants import get_variant
>>> from cazaux_engine.fen import start_position
>>> pos = start_position(get_variant('pemba'))
>>> move_text(pos, parse_move(pos, 'e3e5'))
'e3e5'
>>> move_text(pos, parse_move(pos, 'e2e4', rank_base=0), rank_base=0)
'e2e4'
"""
from __future__ import annotations

import re

from .movegen import legal_moves
from .moves import move_from, move_promo, move_to
from .position import Position

_MOVE = re.compile(r'^([a-p])(\d{1,2})([a-p])(\d{1,2})([a-zA-Z]?)$')


class IllegalMoveError(ValueError):
    """Move text that is not a legal move in the position."""


def move_text(pos: Position, m: int, rank_base: int = 1) -> str:
    """Coordinate text of move ``m`` (promotion letter in lower case)."""
    R = pos.rules
    s = R.square_name(move_from(m), rank_base) + R.square_name(move_to(m), rank_base)
    if move_promo(m):
        s += R.letter_of[move_promo(m)].lower()
    return s


def parse_move(pos: Position, text: str, rank_base: int = 1, legal: list | None = None) -> int:
    """The legal move written ``text``; raise IllegalMoveError otherwise.

    A promotion must name its piece unless the variant offers only one
    choice (Oblong 44's Ferz, zanzibar-s-promo's compulsory promotions).
    """
    m = _MOVE.match(text.strip())
    if not m:
        raise IllegalMoveError(f'{text}: not a move in coordinate notation')
    R = pos.rules
    ff, fr, tf, tr, promo = m.groups()
    try:
        frm = R.parse_square(f'{ff}{int(fr) - rank_base + 1}')
        to = R.parse_square(f'{tf}{int(tr) - rank_base + 1}')
    except ValueError:
        raise IllegalMoveError(f'{text}: square off the board') from None
    moves = legal if legal is not None else legal_moves(pos)
    cands = [x for x in moves if move_from(x) == frm and move_to(x) == to]
    if not cands:
        raise IllegalMoveError(f'{text}: not legal in this position')
    if promo:
        code = R.letters.get(promo.upper())
        for x in cands:
            if move_promo(x) and move_promo(x) == code:
                return x
        if all(not move_promo(x) for x in cands):
            raise IllegalMoveError(f'{text}: this move does not promote')
        raise IllegalMoveError(f'{text}: cannot promote to {promo!r} here')
    if len(cands) == 1:
        return cands[0]
    raise IllegalMoveError(f'{text}: promotion needs a piece letter')
