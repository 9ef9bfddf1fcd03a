"""Standard algebraic notation (SAN) in every variant, as XBoard writes it.

The piece is its FEN letter in upper case, the Pawn has none; castling is
``O-O`` (the King moves towards the higher files) or ``O-O-O``; a
promotion is ``=`` and the new piece's letter (also for the compulsory
one-choice promotions of zanzibar-s-promo); ``+`` marks a check, ``#`` a
mate.  Squares are named with ranks from ``rank_base`` (XBoard numbers a
10-rank board 0-9).

:func:`parse_san` is lenient where XBoard is: ``x``, ``-``, ``=``, check
and annotation marks may be left out or added, the piece letter may be
followed by a full origin square (``Ng1f3``, ``Ng1-f3``), the Pawn may be
written ``P``, castling also as ``0-0``/``o-o`` or as the King's move
(``Kg1``).  Text that matches no
legal move, or more than one, raises :class:`IllegalMoveError`.

>>> from cazaux_engine import start_position
>>> pos = start_position('pemba')
>>> m = parse_san(pos, 'Ng4')
>>> san(pos, m), move_text(pos, m)
('Ng4', 'h2g4')
>>> san(pos, parse_san(pos, 'e5'))
'e5'
"""
from __future__ import annotations

import re

from .notation import IllegalMoveError, move_text
from .position import Position
from .moves import CASTLE, move_flag, move_from, move_promo, move_to
from .movegen import legal_moves

__all__ = ['san', 'parse_san', 'castle_side', 'IllegalMoveError']

_SAN = re.compile(r'^(?P<piece>[A-Z])?(?P<ff>[a-p])?(?P<fr>\d{1,2})?'
                  r'(?P<tf>[a-p])(?P<tr>\d{1,2})(?P<promo>[A-Za-z])?$')
_CASTLE = {'O-O': 'short', '0-0': 'short', 'o-o': 'short',
           'O-O-O': 'long', '0-0-0': 'long', 'o-o-o': 'long'}
_MARKS = '+#!?'


def castle_side(pos: Position, m: int) -> str | None:
    """``short`` (the King moves towards the higher files), ``long``, or None."""
    if move_flag(m) != CASTLE:
        return None
    R = pos.rules
    return 'short' if R.file_of(move_to(m)) > R.file_of(move_from(m)) else 'long'


def _piece_letter(pos: Position, sq: int) -> str:
    """The SAN letter of the piece on ``sq``: '' for the Pawn."""
    R = pos.rules
    code = abs(pos.board[sq])
    return '' if R.types[code - 1].name == 'pawn' else R.letter_of[code]


def san(pos: Position, m: int, rank_base: int = 1, legal: list | None = None) -> str:
    """Move ``m`` (legal in ``pos``) in SAN, with its check or mate mark."""
    R = pos.rules
    legal = legal if legal is not None else legal_moves(pos)
    side = castle_side(pos, m)
    if side:
        text = 'O-O' if side == 'short' else 'O-O-O'
    else:
        frm, to = move_from(m), move_to(m)
        letter = _piece_letter(pos, frm)
        capture = pos.is_capture(m)
        dest = R.square_name(to, rank_base)
        if letter:
            rivals = {move_from(x) for x in legal
                      if move_to(x) == to and move_from(x) != frm and not castle_side(pos, x)
                      and pos.board[move_from(x)] == pos.board[frm]}
            origin = ''
            if rivals:
                here = R.square_name(frm, rank_base)
                if all(R.file_of(s) != R.file_of(frm) for s in rivals):
                    origin = here[0]
                elif all(R.rank_of(s) != R.rank_of(frm) for s in rivals):
                    origin = here[1:]
                else:
                    origin = here
            text = letter + origin + ('x' if capture else '') + dest
        else:
            text = (R.square_name(frm, rank_base)[0] + 'x' if capture else '') + dest
        if move_promo(m):
            text += '=' + R.letter_of[move_promo(m)]
    pos.push(m)
    try:
        if pos.in_check():
            text += '#' if not legal_moves(pos) else '+'
    finally:
        pos.pop()
    return text


def parse_san(pos: Position, text: str, rank_base: int = 1, legal: list | None = None) -> int:
    """The legal move written ``text`` in SAN (see the module docstring)."""
    word = text.strip().rstrip(_MARKS)
    legal = legal if legal is not None else legal_moves(pos)
    side = _CASTLE.get(word)
    if side:
        found = [m for m in legal if castle_side(pos, m) == side]
        if not found:
            raise IllegalMoveError(f'{text}: no such castling here')
        return found[0]
    core = word.replace('x', '').replace('-', '').replace(':', '').replace('=', '')
    core = re.sub(r'\(([A-Za-z])\)$', r'\1', core)          # e8(Q)
    g = _SAN.match(core)
    if not g:
        raise IllegalMoveError(f'{text}: not a move in coordinate notation or SAN')
    R = pos.rules
    try:
        to = R.parse_square(f'{g["tf"]}{int(g["tr"]) - rank_base + 1}')
    except ValueError:
        raise IllegalMoveError(f'{text}: square off the board') from None
    piece = g['piece']
    if piece and piece not in R.letters:
        raise IllegalMoveError(f'{text}: no piece {piece!r} in {R.variant.name}')
    promo = R.letters.get(g['promo'].upper()) if g['promo'] else None
    if g['promo'] and promo is None:
        raise IllegalMoveError(f'{text}: no piece {g["promo"]!r} in {R.variant.name}')
    fr = int(g['fr']) - rank_base if g['fr'] else None
    cands = []
    for m in legal:
        frm = move_from(m)
        if move_to(m) != to:
            continue
        letter = _piece_letter(pos, frm) or 'P'
        if letter != (piece or 'P'):
            continue
        if g['ff'] and 'abcdefghijklmnop'[R.file_of(frm)] != g['ff']:
            continue
        if fr is not None and R.rank_of(frm) != fr:
            continue
        if promo is not None and move_promo(m) != promo:
            continue
        cands.append(m)
    if not cands:
        raise IllegalMoveError(f'{text}: not legal in this position')
    if len(cands) > 1:
        if all(move_from(m) == move_from(cands[0]) for m in cands):
            raise IllegalMoveError(f'{text}: promotion needs a piece letter')
        shown = ', '.join(move_text(pos, m, rank_base) for m in cands)
        raise IllegalMoveError(f'{text}: ambiguous ({shown})')
    return cands[0]
