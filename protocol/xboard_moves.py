"""Moves and FENs as XBoard 4.9.1 writes and reads them.

* Ranks of a 10-rank board are 0-based (``rank_base`` 0).
* An e.p. capture goes out as a two-leg move ``from-victim,victim-to``
  (``e5d5,d5d6``): XBoard then always removes the victim; it comes back in
  that form too, and the plain form (``e5d6``) is read as well.
* A FEN from XBoard may carry an e.p. square with a 0-based rank (10-rank
  boards) or one this engine would not write; it is read leniently.

>>> from cazaux_engine import start_position
>>> pos = start_position('pemba')
>>> move_text(pos, parse(pos, 'e2e4', 0), 0)
'e2e4'
"""
from __future__ import annotations

import re
from cazaux_engine import FenError, IllegalMoveError, parse_fen, parse_move
from cazaux_engine import layout as L
from cazaux_engine.notation import move_text as plain_text
from cazaux_engine.moves import EP, move_flag, move_from, move_to
from protocol.game import legal_line
from protocol.xboard_variants import PAWN_SLOTS, rank_base, slots, tests_legality
from cazaux_engine.movegen import legal_moves

_MOVE = re.compile(r'^[a-p]\d{1,2}[a-p]\d{1,2}[a-zA-Z]?(,[a-p]\d{1,2}[a-p]\d{1,2}[a-zA-Z]?)?$')
_LEG = re.compile(r'^([a-p])(\d{1,2})([a-p])(\d{1,2})$')


def looks_like_move(word: str) -> bool:
    """Whether a bare command word is a move in coordinate notation."""
    return bool(_MOVE.match(word))


def ep_victim(pos, m: int) -> int:
    """The square of the piece an e.p. capture ``m`` removes."""
    return move_to(m) - pos.turn * pos.rules.stride


def move_text(pos, m: int, rank_base: int) -> str:
    """``m`` as sent to XBoard (two legs for an e.p. capture outside chess)."""
    if move_flag(m) == EP and pos.rules.variant.name != 'chess':
        R = pos.rules
        a = R.square_name(move_from(m), rank_base)
        k = R.square_name(ep_victim(pos, m), rank_base)
        b = R.square_name(move_to(m), rank_base)
        return f'{a}{k},{k}{b}'
    return plain_text(pos, m, rank_base)


def _square(R, f: str, r: str, rank_base: int) -> int:
    try:
        return R.parse_square(f'{f}{int(r) - rank_base + 1}')
    except ValueError:
        raise IllegalMoveError('square off the board') from None


def parse(pos, text: str, rank_base: int) -> int:
    """The legal move XBoard means by ``text``; IllegalMoveError otherwise."""
    text = text.strip()
    if len(text) > 16 or not looks_like_move(text):
        raise IllegalMoveError(f'{text}: not a move in coordinate notation')
    if ',' not in text:
        return parse_move(pos, text, rank_base)
    first, second = text.split(',')
    a, b = _LEG.match(first), _LEG.match(second[:len(second) - (second[-1].isalpha())])
    if not a or not b:
        raise IllegalMoveError(f'{text}: a two-leg move is written like e5d5,d5d6')
    R = pos.rules
    frm = _square(R, a.group(1), a.group(2), rank_base)
    kill = _square(R, a.group(3), a.group(4), rank_base)
    kill2 = _square(R, b.group(1), b.group(2), rank_base)
    to = _square(R, b.group(3), b.group(4), rank_base)
    if kill != kill2:
        raise IllegalMoveError(f'{text}: the second leg must start where the first ends')
    for m in legal_moves(pos):
        if move_from(m) == frm and move_to(m) == to and move_flag(m) == EP \
                and ep_victim(pos, m) == kill:
            return m
    raise IllegalMoveError(f'{text}: no such en-passant capture here')


def pv_text(pos, pv: list, rank_base: int) -> str:
    """A principal variation as coordinate moves (stops at the first bad move)."""
    return ' '.join(plain_text(pos, m, rank_base) for m in legal_line(pos, pv))


_SLOT_CACHE: dict = {}      # compiled rules (hashed by identity) -> slots()
_LEGALITY_CACHE: dict = {}  # compiled rules -> tests_legality()


def _tests_legality(R) -> bool:
    known = _LEGALITY_CACHE.get(R)
    if known is None:
        known = _LEGALITY_CACHE[R] = tests_legality(R.variant)
    return known


def slot_of(pos, sq: int) -> int:
    """XBoard's slot of the piece on ``sq``."""
    return _slot_of_code(pos.rules, pos.board[sq])


def _slot_of_code(R, code: int) -> int:
    table = _SLOT_CACHE.get(R)
    if table is None:
        table = _SLOT_CACHE[R] = slots(R.variant)
    return table.get(R.letter_of[abs(code)], -1)


def _rank2_jump_rights(variant, fields: list) -> list:
    """XBoard writes a King's jump right only for a King on its first rank
    (as the King's file, e.g. ``Gg``); for a King on its second rank, which
    XBoard lets jump while it stands on its start square, the field says
    nothing.  Such a King is given the right here."""
    if not variant.king_jump or len(fields) < 3 or not re.fullmatch(r'[A-Za-z]+|-', fields[2]):
        return fields
    try:
        pos = parse_fen(variant, ' '.join(fields[:2] + ['Kk'] + fields[3:]))
    except Exception:
        return fields
    R = pos.rules
    field = '' if fields[2] == '-' else fields[2]
    for colour, letter, rank in ((1, 'K', 1), (-1, 'k', R.ranks - 2)):
        if pos.rights & R.rights_of(colour) and R.rank_of(pos.kings[colour]) == rank \
                and letter not in field:
            field += letter
    return fields[:2] + [field or '-'] + fields[3:]


def fen_from_xboard(variant, fen: str):
    """Check a FEN sent by XBoard, return the form the rules core reads.

    Tries the FEN as written; on 10-rank boards first with the e.p. rank
    made 1-based; then without the e.p. square (XBoard may name one that no
    capture can use).  The first error is raised if none works.
    """
    fields = _rank2_jump_rights(variant, fen.split())
    fen = ' '.join(fields)
    tries = []
    if len(fields) >= 4 and re.match(r'^[a-p]\d{1,2}$', fields[3]):
        if rank_base(variant) == 0:
            shifted = fields[:3] + [fields[3][0] + str(int(fields[3][1:]) + 1)] + fields[4:]
            tries.append(' '.join(shifted))
        tries.append(fen)
        tries.append(' '.join(fields[:3] + ['-'] + fields[4:]))
    else:
        tries.append(fen)
    error = None
    for t in tries:
        try:
            parse_fen(variant, t)
            return t
        except FenError as e:
            error = error or e
        except Exception as e:        # a malformed FEN must not crash the engine
            error = error or FenError(str(e))
    raise error


def xboard_ep_square(pos, m: int) -> int | None:
    """The square XBoard marks for e.p. after ``m`` (played in ``pos``): the
    one crossed by a double step of a Pawn- or Lance-slot piece, whoever
    could capture there."""
    return _crossed(pos.rules, slot_of(pos, move_from(m)), move_from(m), move_to(m))


def _crossed(R, slot: int, frm: int, to: int) -> int | None:
    """The square a move from ``frm`` to ``to`` of a piece in XBoard's
    ``slot`` crosses if it is a Pawn- or Lance-slot double step, else None."""
    if slot in PAWN_SLOTS and R.file_of(frm) == R.file_of(to) \
            and abs(R.rank_of(to) - R.rank_of(frm)) == 2:
        return (frm + to) // 2
    return None


def xboard_ep_now(pos) -> int | None:
    """The square XBoard takes for an e.p. square in ``pos``: the one the
    last move of its history crossed if that was a double step of a Pawn-
    or Lance-slot piece (:func:`xboard_ep_square`), whoever could capture
    there; None after any other move.  A position without history (a game
    set up from a FEN) has its own e.p. square, if the rules kept one.

    >>> from cazaux_engine import start_position
    >>> pos = start_position('zanzibar-s-promo', '6k5/12/12/12/6b5/12/5i6/9p2/12/6P5/12/5K6 w - - 0 1')
    >>> xboard_ep_now(pos) is None
    True
    >>> pos.push(parse(pos, 'g3g5', 1))
    >>> pos.rules.square_name(xboard_ep_now(pos), 1), pos.ep     # no Pawn could take e.p.
    ('g4', 0)
    """
    if pos.sp == 0:
        return pos.ep or None
    m = pos.u_move[pos.sp - 1]
    if m == 0:                                  # a null move (search only)
        return None
    R = pos.rules
    return _crossed(R, _slot_of_code(R, pos.u_piece[pos.sp - 1]), move_from(m), move_to(m))


def far_half(R, sq: int, colour: int) -> bool:
    """Whether ``sq`` is in the half of the board away from ``colour``'s
    side, as XBoard 4.9.1 decides it for e.p.: White from rank 7 of 12 up,
    Black from rank 6 down (the middle rank of an odd board counts for both)."""
    y = R.rank_of(sq)
    return y >= R.ranks // 2 if colour > 0 else y <= (R.ranks - 1) // 2


def phantom_victim(pos, m: int) -> int | None:
    """The square of a piece XBoard would remove on ``m`` though ``m``
    captures nothing there, or None (the move is safe in XBoard).

    XBoard 4.9.1 with legality testing on handles its Pawn and Lance slots
    alike (the Prince has the Lance slot in the Zanzibar games): a step of
    such a piece that changes file onto an EMPTY square, from the mover's
    far half, is taken for an e.p. capture, whether or not there is an e.p.
    square, and the piece just behind the target (one rank back toward the
    mover) is deleted from XBoard's board, the mover's own included.  The
    PGN shows a plain move, and a later move of the deleted piece is
    forfeited.  A real e.p. capture (sent in two legs) is not affected, nor
    is a step whose square behind is empty.  In a variant that XBoard plays
    with legality testing off (``tests_legality``) the same holds only for
    a step onto the file of XBoard's e.p. square (:func:`xboard_ep_now`:
    the previous move was a Pawn- or Lance-slot double step onto that file,
    whether or not anything could take it e.p.); any other such step XBoard
    carries out right (docs/xboard.md, "Known XBoard limitations").

    >>> from cazaux_engine import start_position
    >>> from protocol.xboard_variants import rank_base
    >>> pos = start_position('zanzibar-xl', '6k5/12/12/12/4I7/5r6/12/12/12/12/12/6K5 w - - 0 1')
    >>> m = parse(pos, 'e8f8', 1)
    >>> pos.rules.square_name(phantom_victim(pos, m), 1)
    'f7'
    >>> phantom_victim(pos, parse(pos, 'e8e9', 1)) is None
    True
    """
    if move_flag(m) == EP:
        return None
    R = pos.rules
    frm, to = move_from(m), move_to(m)
    if pos.board[to] or R.file_of(frm) == R.file_of(to) or slot_of(pos, frm) not in PAWN_SLOTS:
        return None
    if not far_half(R, frm, pos.turn):
        return None
    if not _tests_legality(R):
        ep = xboard_ep_now(pos)
        if ep is None or R.file_of(ep) != R.file_of(to):
            return None
    behind = to - pos.turn * R.stride
    if not R.on_board(R.file_of(behind), R.rank_of(behind)):
        return None
    return behind if pos.board[behind] else None


def jump_escape(pos) -> int | None:
    """The target of a King's jump XBoard 4.9.1 would let the side to move
    make where the rules allow none, or None.

    XBoard knows the jump as its King's Betza ``i`` moves (``KimAimDimN``)
    and checks only that the King is safe where it lands, not that it is out
    of check, nor the squares it passes (docs/xboard.md).  Where the rules
    see a mate or a stalemate, XBoard may so see a legal jump, and it takes
    a claim of that result for a false claim.

    >>> from cazaux_engine import start_position
    >>> pos = start_position('zanzibar-xl', 'cm1v1qkuv1mc/ernbslgib1r1/ppppiww3pn/5p2Ze2/'
    ...     '7p1p2/7pp3/4P7/7P4/2E1I4P2/PPPPSWW1PPEP/1RNB1LGIBNR1/CMZV1QKU4 b Kk - 1 26')
    >>> legal_moves(pos), pos.rules.square_name(jump_escape(pos))
    ([], 'e12')
    """
    R, us = pos.rules, pos.turn
    ksq = pos.kings[us]
    rec = L.jump_record(R, us, ksq)
    if not rec:
        return None
    bare = pos.copy()
    bare.board[ksq] = 0                    # the King has left its square
    for k in range(L.jump_count(R, rec)):
        t = L.jump_target(R, rec, k)
        if not pos.board[t] and not bare.attacked(t, -us):
            return t
    return None
