"""Moves as ints, and the small names the generator shares.

A move is ``from | to << 9 | promotion << 18 | flag << 24`` where promotion
is the army index of the new piece (0: none) and flag one of ``DOUBLE`` (a
double step that may leave an e.p. square), ``EP`` or ``CASTLE``.  Squares
are mailbox indices (see :mod:`cazaux_engine.rules`), below 512 on every
board up to 16x16.

The compiled modules read these through ``moves.pxd``, which defines the same
accessors and constants as inline C (this module is never compiled itself:
keep the two files equal).

>>> m = make_move(40, 57, 3, EP)
>>> move_from(m), move_to(m), move_promo(m), move_flag(m)
(40, 57, 3, 2)
"""
from __future__ import annotations

SQ_MASK = 511

# move flags
DOUBLE, EP, CASTLE = 1, 2, 3

# kinds of the move components of a piece on a square (see rules.py)
LEAP, LEAP_M, LEAP_C, RIDE, RIDE_M, RIDE_C, HOP, LAME_M, BENT, PROMO, PAWN = range(11)


def make_move(frm: int, to: int, promo: int = 0, flag: int = 0) -> int:
    return frm | to << 9 | promo << 18 | flag << 24


def with_promotion(m: int, promo: int) -> int:
    """Move ``m`` promoting to army index ``promo``."""
    return m | promo << 18


def move_from(m: int) -> int:
    return m & SQ_MASK


def move_to(m: int) -> int:
    return m >> 9 & SQ_MASK


def move_promo(m: int) -> int:
    return m >> 18 & 63


def move_flag(m: int) -> int:
    return m >> 24


def side_of(colour: int) -> int:
    """Index of a colour in per-colour tables: 0 for White (1), 1 for Black (-1)."""
    return int(colour < 0)
