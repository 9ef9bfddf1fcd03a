"""Game end: the one implementation of the rules that end a game, in their order.

The search (compiled, at every node, without the GIL) and
:func:`cazaux_engine.outcome.outcome` (the protocols and the match arbiter)
both ask a :class:`GameEnd` of the variant, so they cannot disagree.  The
rules are those of ``docs/rules.md`` ("Game end"); when several apply at
once, the first in this order decides:

1. **Bare Kings** (decided by the moves before): two bare Kings draw.  In
   bare-King variants (Oblong 44) a side to move whose opponent has a bare
   King wins: the opponent was bared and its move, its one chance, did not
   bare the winner back; so it wins even if it now has no legal move.
2. **No legal move**: checkmate loses; stalemate draws or, where the
   variant says so, loses.  So a bare side to move that is mated or
   stalemated loses by that rule, and a mate or stalemate on the 100th
   half-move without capture or Pawn move is a mate or a stalemate.
   Otherwise a bare side to move loses (the bare-King rule) unless it can
   take the opponent's last piece other than the King at once, which draws
   (``TAKES_BACK``: play goes on, the result is a draw).
3. **50 moves**: 100 half-moves without a capture or a pawn-like move draw.
4. **Repetition**: the third occurrence of the position (same side to move,
   same rights) draws.  Inside the search a position that occurred after the
   root once before is already scored a draw (Stockfish's rule): the side
   that could avoid the repetition at the earlier occurrence could also
   avoid it now.  A null move of the search is a barrier: a position before
   it is never the same game.  Only the last ``halfmove`` plies can repeat.

Rule 2 is checked by whoever generates the moves (the search finds "no
legal move" at the end of its move loop): :meth:`GameEnd.at_node` generates
the moves itself only for a bare side to move and where rule 3 would
otherwise apply.  No legal move
and a repetition cannot come together (a position that repeats had moves).

>>> from cazaux_engine.fen import parse_fen
>>> from cazaux_engine.movegen import legal_moves
>>> from cazaux_engine.variants import get_variant
>>> v = get_variant('oblong44')
>>> pos = parse_fen(v, 'K3/P1k1/4/4/4/4/4/4/4/4/4 w - - 0 1')
>>> legal_moves(pos), REASONS[GameEnd(v).of(pos)]
([], 'bare-king')
"""
from __future__ import annotations

import cython

if cython.compiled:
    from cython.cimports.cazaux_engine.movegen import MoveGen, gen_legal
    from cython.cimports.cazaux_engine.moves import move_to
    from cython.cimports.cazaux_engine.position import Position
else:
    from .movegen import MoveGen, gen_legal
    from .moves import move_to
    from .position import Position

# What ends the game, for the side to move (value_of() says who wins).
if not cython.compiled:                   # compiled: the enums of gameend.pxd
    NOT_OVER = 0
    TAKES_BACK = 1          # bare, takes the last piece at once: play on, a draw
    CHECKMATE = 2
    STALEMATE_LOSS = 3
    STALEMATE_DRAW = 4
    BARE_KINGS = 5
    BARE_KING_WIN = 6       # the opponent has a bare King
    BARE_KING_LOSS = 7      # the side to move has a bare King
    FIFTY_MOVES = 8
    REPETITION = 9

# the outcome's reason for each code (None: the game goes on)
REASONS = (None, None, 'checkmate', 'stalemate', 'stalemate', 'bare-kings', 'bare-king',
           'bare-king', 'fifty-move', 'repetition')


@cython.ccall
@cython.exceptval(check=False)
@cython.nogil
def value_of(code: cython.int) -> cython.int:
    """+1 when ``code`` is a win of the side to move, -1 a loss, 0 a draw (or not over)."""
    if code == BARE_KING_WIN:
        return 1
    if code == CHECKMATE or code == STALEMATE_LOSS or code == BARE_KING_LOSS:
        return -1
    return 0


@cython.cclass
class GameEnd:
    """The game-end rules of one variant; see the module docstring."""

    def __init__(self, variant):
        self.shatranj = variant.bare_king == 'shatranj'
        self.stalemate_loss = variant.stalemate == 'loss'

    def of(self, pos: Position, legal_count: int = -1, root: int = -1) -> int:
        """The code of the rule that ends the game in ``pos`` (NOT_OVER or
        TAKES_BACK when it goes on); ``legal_count``: the number of legal moves
        when known; ``root``: positions of history indexes above it count once
        for repetitions (-1: none do, the rule of the game)."""
        code: cython.int
        g: MoveGen = MoveGen(pos.rules)
        if root < 0:
            root = pos.sp
        code = self.at_node(g, pos, 0, root)
        if code == NOT_OVER or code == TAKES_BACK:
            if legal_count < 0:
                legal_count = gen_legal(g, pos, 0, False)
            if legal_count == 0:
                return self.no_move(pos)
        return code

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.nogil
    def bare(self, g: MoveGen, pos: Position, n: cython.int) -> cython.int:
        """Rule 1 (``n``: where free room in the move buffer of ``g`` starts)."""
        us: cython.int = pos.turn
        nus: cython.int = pos.count(us)
        nthem: cython.int = pos.count(-us)
        last: cython.int = -1
        k: cython.int
        end: cython.int
        if nus == 1 and nthem == 1:
            return BARE_KINGS
        if not self.shatranj:
            return NOT_OVER
        if nthem == 1:
            return BARE_KING_WIN
        if nus == 1:
            end = gen_legal(g, pos, n, False)
            if end == n:
                return self.no_move(pos)         # mated or stalemated before the bare King's move
            if nthem == 2:
                for k in range(2):
                    if pos.piece_at(-us, k) != pos.king_of(-us):
                        last = pos.piece_at(-us, k)
                for k in range(n, end):
                    if move_to(g.moves[k]) == last:
                        return TAKES_BACK
            return BARE_KING_LOSS
        return NOT_OVER

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.nogil
    def no_move(self, pos: Position) -> cython.int:
        """Rule 2, for a side to move that has no legal move."""
        if pos.in_check():
            return CHECKMATE
        return STALEMATE_LOSS if self.stalemate_loss else STALEMATE_DRAW

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.nogil
    def repeated(self, pos: Position, root: cython.int) -> cython.bint:
        """Rule 4: a draw by repetition (see the module docstring); the
        positions of history indexes above ``root`` count once."""
        h: cython.ulonglong = pos.hash
        sp: cython.int = pos.sp
        lo: cython.int = sp - pos.halfmove
        j: cython.int = sp - 1
        seen: cython.bint = False
        if lo < 0:
            lo = 0
        while j >= lo:
            if pos.u_move[j] == 0:          # a null move: a barrier
                return False
            if sp - j >= 4 and not (sp - j) & 1 and pos.u_hash[j] == h:
                if j > root or seen:
                    return True
                seen = True
            j -= 1
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.nogil
    def at_node(self, g: MoveGen, pos: Position, n: cython.int, root: cython.int) -> cython.int:
        """Rules 1, 3 and 4, and rule 2 where rule 3 would apply; the search's
        check at the head of a node (``n``: free room in the move buffer of ``g``)."""
        code: cython.int = NOT_OVER
        us: cython.int = pos.turn
        hm: cython.int = pos.halfmove
        if pos.count(us) == 1 or pos.count(-us) == 1:
            code = self.bare(g, pos, n)
            if code != NOT_OVER and code != TAKES_BACK:
                return code
        if hm >= 4:
            if hm >= 100:
                if gen_legal(g, pos, n, False) == n:
                    return self.no_move(pos)
                return FIFTY_MOVES
            if self.repeated(pos, root):
                return REPETITION
        return code
