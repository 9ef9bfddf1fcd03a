"""FEN in and out for every board size (two-digit ranks and empty runs).

>>> from cazaux_engine.variants import get_variant
>>> pos = parse_fen(get_variant('oblong44'), 'ekfe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE w - - 0 1')
>>> to_fen(pos)
'ekfe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE w - - 0 1'

Input is checked strictly (row lengths, letters of the variant, one King per
side, side to move, castling and e.p. fields, counters), except where
the rules (docs/rules.md) ask for leniency: the castling and e.p. fields may be omitted (as
XBoard does with the shatranj parent), and in the Zanzibar games any
upper-case castling letter grants White's King's jump and any lower-case
one Black's (GUIs write the Kings' files there).  A right whose King (or, for
castling, Rook) is not on its square is dropped.
"""
from __future__ import annotations

import re

from .moves import EP, move_flag
from .position import Position
from .rules import OFFBOARD, Rules, compile_rules
from .variants import Variant
from .movegen import legal_moves


class FenError(ValueError):
    """An invalid FEN; the message says which field and why."""


_SQUARE = re.compile(r'^([a-p])([0-9]{1,2})$')
DIGITS = '0123456789'


def _number(text: str) -> int | None:
    """A FEN counter: ASCII digits, at most 9 of them; None otherwise."""
    if text and len(text) <= 9 and all(c in DIGITS for c in text):
        return int(text)
    return None


def parse_fen(variant: Variant, fen: str) -> Position:
    """Build a :class:`Position` of ``variant`` from ``fen``; raise FenError."""
    R = compile_rules(variant)
    fields = fen.split()
    if not fields:
        raise FenError('empty FEN')
    if len(fields) > 6:
        raise FenError(f'too many fields ({len(fields)}) in FEN')
    board = _parse_placement(R, fields[0])
    side = fields[1] if len(fields) > 1 else 'w'
    if side not in ('w', 'b'):
        raise FenError(f'side to move must be w or b, not {side!r}')
    turn = 1 if side == 'w' else -1
    rest = fields[2:]
    # XBoard (shatranj parent) omits castling and e.p.: "... w 0 1"
    if rest and _number(rest[0]) is not None and (len(rest) == 1 or _number(rest[1]) is not None) \
            and len(rest) <= 2:
        castling, ep_text, counters = '-', '-', rest
    else:
        castling = rest[0] if rest else '-'
        ep_text = rest[1] if len(rest) > 1 else '-'
        counters = rest[2:]
    kings = {c: [sq for sq in R.squares if board[sq] == c] for c in (1, -1)}
    for c, name in ((1, 'White'), (-1, 'Black')):
        if not kings[c]:
            raise FenError(f'{name} has no King')
        if len(kings[c]) > 1:
            raise FenError(f'{name} has {len(kings[c])} Kings')
    for sq in R.squares:
        p = board[sq]
        if p and abs(p) in R.pawn_like and R.rank_of(sq) == R.last_rank(1 if p > 0 else -1) \
                and abs(p) in R.promoters:
            raise FenError(f'{R.letter_of[p]} on its last rank {R.square_name(sq)}')
    rights = _parse_castling(R, board, castling, kings)
    halfmove, fullmove = 0, 1
    if counters:
        halfmove = _number(counters[0])
        if halfmove is None:
            raise FenError(f'halfmove clock must be a number (up to 9 digits), not {counters[0][:20]!r}')
    if len(counters) > 1:
        fullmove = _number(counters[1])
        if not fullmove:
            raise FenError(f'fullmove number must be a positive number (up to 9 digits), '
                           f'not {counters[1][:20]!r}')
    ep = _parse_ep(R, board, ep_text, turn)
    pos = Position(R, board, turn, rights, ep, halfmove, fullmove)
    if pos.attacked(pos.kings[-turn], turn):
        raise FenError('the side not to move is in check')
    if ep and not any(move_flag(m) == EP for m in legal_moves(pos)):
        pos.ep = 0                 # kept only when the capture is legal (as Position.push)
        pos.hash = pos.compute_hash()
    return pos


def _parse_placement(R: Rules, text: str) -> list:
    rows = text.split('/')
    if len(rows) != R.ranks:
        raise FenError(f'{len(rows)} ranks in FEN, expected {R.ranks}')
    board = [OFFBOARD] * R.size
    for sq in R.squares:
        board[sq] = 0
    for i, row in enumerate(rows):
        rank = R.ranks - 1 - i
        f = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch in DIGITS:
                k = j
                while k < len(row) and row[k] in DIGITS:
                    k += 1
                if k - j > 2:
                    raise FenError(f'rank {rank + 1}: empty-square count {row[j:k][:20]} too large')
                n = int(row[j:k])
                if n == 0:
                    raise FenError(f'rank {rank + 1}: empty-square count 0')
                f += n
                j = k
                continue
            code = R.letters.get(ch.upper())
            if code is None:
                raise FenError(f'rank {rank + 1}: letter {ch!r} is not a piece of {R.variant.name}')
            if f < R.files:
                board[R.sq(f, rank)] = code if ch.isupper() else -code
            f += 1
            j += 1
        if f != R.files:
            raise FenError(f'rank {rank + 1} has {f} squares, expected {R.files}')
    return board


def _parse_castling(R: Rules, board: list, text: str, kings: dict) -> int:
    if text == '-':
        return 0
    if not text.isalpha():
        raise FenError(f'castling field {text!r}: only letters or -')
    rights = 0
    v = R.variant
    if v.king_jump:
        for c, present in ((1, any(ch.isupper() for ch in text)), (-1, any(ch.islower() for ch in text))):
            if present and kings[c][0] in R.jump_zone[c]:
                rights |= R.rights_of(c)
        return rights
    if not v.castling:
        return 0        # letters a GUI wrote for a game without castling
    rook = R.index.get('rook')
    for ch in text:
        c = 1 if ch.isupper() else -1
        bit = R.castle_letters.get(ch)
        if bit is None:
            # X-FEN / Shredder-FEN: the file of the castling Rook
            for castle in R.castlings(c):
                if 'abcdefghijklmnop'[R.file_of(castle.rook)] == ch.lower():
                    bit = castle.bit
            if bit is None:
                raise FenError(f'castling field {text!r}: {ch!r} names no castling of {v.name}')
        if rights & bit:
            raise FenError(f'castling field {text!r}: {ch!r} given twice')
        castle = next(x for x in R.castlings(c) if x.bit == bit)
        if board[castle.king] == c and rook and board[castle.rook] == rook * c:
            rights |= bit
    return rights


def _parse_ep(R: Rules, board: list, text: str, turn: int) -> int:
    if text == '-':
        return 0
    m = _SQUARE.match(text)
    if not m:
        raise FenError(f'en passant field {text!r} is not a square or -')
    try:
        sq = R.parse_square(text)
    except ValueError:
        raise FenError(f'en passant square {text} is off the board') from None
    # the opponent (-turn) just double-stepped over sq
    them = -turn
    victim, origin = sq + them * R.stride, sq - them * R.stride
    f, r = R.file_of(sq), R.rank_of(sq)
    if not (0 <= r + them < R.ranks and 0 <= r - them < R.ranks) or board[sq] \
            or board[origin] or board[victim] * them <= 0 or abs(board[victim]) not in R.ep_victims:
        raise FenError(f'en passant square {text}: no double step of {"Black" if turn > 0 else "White"} crossed it')
    # kept only when a capturer stands ready (and, checked by the caller, may legally take)
    for s, _ in R.ep_sources_of(turn, sq):
        q = board[s]
        if q * turn > 0 and abs(q) in R.ep_capturers:
            return sq
    return 0


def placement(pos: Position) -> str:
    R = pos.rules
    rows = []
    for rank in range(R.ranks - 1, -1, -1):
        row = ''
        empty = 0
        for f in range(R.files):
            p = pos.board[R.sq(f, rank)]
            if p:
                if empty:
                    row += str(empty)
                    empty = 0
                row += R.letter_of[p]
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return '/'.join(rows)


def castling_field(pos: Position) -> str:
    R = pos.rules
    if R.variant.king_jump:
        s = ('K' if pos.rights & R.rights_of(1) else '') + ('k' if pos.rights & R.rights_of(-1) else '')
    else:
        s = ''.join(ch for ch, bit in sorted(R.castle_letters.items(), key=lambda x: x[1])
                    if pos.rights & bit)
    return s or '-'


def to_fen(pos: Position) -> str:
    """The FEN of ``pos``; the e.p. square only when an e.p. capture is legal."""
    R = pos.rules
    ep = R.square_name(pos.ep) if pos.ep else '-'
    return (f'{placement(pos)} {"w" if pos.turn > 0 else "b"} {castling_field(pos)} {ep} '
            f'{pos.halfmove} {pos.ply // 2 + 1}')


def start_position(variant: Variant) -> Position:
    return parse_fen(variant, variant.start)
