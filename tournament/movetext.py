"""Engine moves, in every form XBoard accepts from an engine: the one reader
of what an engine writes as its move (both protocols).

* coordinates, with or without the promotion letter where the choice is
  forced (``e7e8q``, ``e10d12``; ranks from ``rank_base``), also with
  ``-``/``x`` between the squares or an upper-case letter (``e7-e8Q``);
* castling as ``O-O``/``O-O-O`` (also ``0-0``, ``o-o``): the King moves
  towards the higher or the lower files (Pemba: ``O-O`` is f2-h2 with the
  i2 Rook to g2);
* XBoard's two-leg form of an en-passant capture (``e5d5,d5d6``), read by
  :func:`protocol.xboard_moves.parse`;
* SAN (:mod:`cazaux_engine.san`), sent or not with ``feature san=1``.

A trailing check or annotation mark is ignored (Fairy-Stockfish writes the
compulsory piece promotions of zanzibar-s-promo as ``e10d12+``, which is
the only legal move from e10 to d12).  Anything that is not exactly one
legal move raises :class:`IllegalMoveError` naming the text and why.

>>> from cazaux_engine import start_position, move_text
>>> pos = start_position('chess')
>>> [move_text(pos, parse_engine_move(pos, t, 1)) for t in ('e2e4', 'Nf3', 'g1-f3', 'd4+')]
['e2e4', 'g1f3', 'g1f3', 'd2d4']
"""
from __future__ import annotations

import re

from cazaux_engine import IllegalMoveError
from cazaux_engine.san import parse_san
from protocol.xboard_moves import looks_like_move
from protocol.xboard_moves import parse as parse_coordinates

_MARKS = '+#!?'
_SEPARATED = re.compile(r'^([a-p]\d{1,2})[-x:]([a-p]\d{1,2}[a-zA-Z]?)$')


def parse_engine_move(pos, text: str, rank_base: int) -> int:
    """The legal move an engine means by ``text``; IllegalMoveError otherwise."""
    word = text.strip()
    if not word or len(word) > 24 or not word.isprintable() or ' ' in word:
        raise IllegalMoveError(f'{text}: not a move')
    word = word.rstrip(_MARKS) or word
    sep = _SEPARATED.match(word)
    if sep:
        word = sep.group(1) + sep.group(2)
    if looks_like_move(word):
        return parse_coordinates(pos, word, rank_base)
    return parse_san(pos, word, rank_base)
