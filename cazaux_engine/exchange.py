"""Static exchange evaluation (SEE): what a capture wins if both sides keep
recapturing on its square with their least valuable piece.

Fairy pieces make exchanges unusual, so nothing here is precomputed per
piece type: each step asks the attack tables (the same ones that decide
check) for every attacker of the square on the board as it stands *now*,
with the pieces that already captured lifted off.  So a Cannon whose screen
took part in the exchange stops attacking, a Cannon that gains a screen
starts to, a Crocodile or Sorceress may join over a recapturing piece, and an
Eagle's or Rhinoceros's path opens when a piece on its step square leaves.
Pins are ignored (as usual); a King recaptures only when nothing of the
other side attacks the square any more.  The exchange is played to its end
before the sides' choices to stop are weighed, so the value is exact, not
only its sign (a losing recapture that the other side could answer is
answered).

Values are the variant's piece values (``MoveTables.value``).

>>> from cazaux_engine import start_position, parse_move
>>> pos = start_position('chess', '4k3/8/3p4/4p3/8/8/8/4R1K1 w - - 0 1')
>>> see(pos, parse_move(pos, 'e1e5'))        # Rook takes a Pawn guarded by a Pawn
-400
"""
from __future__ import annotations

import cython

if cython.compiled:
    from cython.cimports.cazaux_engine.moves import EP, move_flag, move_from, move_promo, move_to
    from cython.cimports.cazaux_engine.position import Position
else:
    from cazaux_engine.moves import EP, move_flag, move_from, move_promo, move_to
    from cazaux_engine.position import Position

MAX_SWAPS = cython.declare(cython.int, 64)
KING_RANK = cython.declare(cython.int, 1 << 20)      # the King recaptures last


def rank_of_attacker(pos: Position, s: cython.int) -> cython.int:
    """How dear the piece on ``s`` is to put on the square (King last)."""
    q: cython.int = pos.board[s]
    if q == 1 or q == -1:
        return KING_RANK
    return pos.mt.value[q + pos.mt.n]


def least_attacker(pos: Position, sq: cython.int, by: cython.int) -> cython.int:
    """Square of the least valuable piece of colour ``by`` attacking ``sq``
    on the board as it stands, or -1 if none."""
    best: cython.int = -1
    i: cython.int = (by < 0) * pos.mt.size + sq
    off: cython.int = pos.mt.att_leap_start[i]
    cnt: cython.int = pos.mt.att_leap_data[off]
    k: cython.int
    j: cython.int
    q: cython.int
    s: cython.int
    w: cython.int
    length: cython.int
    first: cython.int
    sliders: cython.int
    hoppers: cython.int
    wp: cython.int
    off += 1
    for k in range(cnt):
        s = pos.mt.att_leap_data[off]
        q = pos.board[s] * by
        if q > 0 and pos.mt.att_leap_data[off + 1] >> q & 1:
            best = cheaper(pos, s, best)
        off += 2
    off = pos.mt.att_ray_start[i]
    cnt = pos.mt.att_ray_data[off]
    off += 1
    for k in range(cnt):
        length = pos.mt.att_ray_data[off]
        first = off + 1
        off = first + length + 3
        sliders = pos.mt.att_ray_data[off - 3]
        hoppers = pos.mt.att_ray_data[off - 2]
        wp = pos.mt.att_ray_data[off - 1]
        j = 0
        q = 0
        while j < length:                           # up to the first piece
            q = pos.board[pos.mt.att_ray_data[first + j]]
            if q:
                break
            if wp:                                  # an Eagle/Rhinoceros stepping in
                for w in range(pos.mt.wing_data[wp]):
                    s = pos.mt.wing_data[wp + 1 + 2 * w]
                    q = pos.board[s] * by
                    if q > 0 and pos.mt.wing_data[wp + 2 + 2 * w] >> q & 1:
                        best = cheaper(pos, s, best)
                wp += 1 + 2 * pos.mt.wing_data[wp]
                q = 0
            j += 1
        if j == length:
            continue
        if q * by > 0 and sliders >> (q * by) & 1:
            best = cheaper(pos, pos.mt.att_ray_data[first + j], best)
        if hoppers:                                 # past the screen
            j += 1
            while j < length:
                s = pos.mt.att_ray_data[first + j]
                q = pos.board[s]
                if q:
                    if q * by > 0 and hoppers >> (q * by) & 1:
                        best = cheaper(pos, s, best)
                    break
                j += 1
    return best


def cheaper(pos: Position, s: cython.int, best: cython.int) -> cython.int:
    """The square of the cheaper attacker: the piece on ``s`` or on ``best`` (-1: none)."""
    if best < 0 or rank_of_attacker(pos, s) < rank_of_attacker(pos, best):
        return s
    return best


def see(pos: Position, m: cython.int) -> cython.int:
    """Material the side to move wins with ``m`` when every capture on its
    square is answered by the least valuable attacker (centipawns)."""
    gain = cython.declare(cython.int[64])
    lifted = cython.declare(cython.int[66])         # squares emptied: the mover, an e.p.
    codes = cython.declare(cython.int[66])          # victim, a capturer per swap; what stood there
    n_lifted: cython.int = 0
    frm: cython.int = move_from(m)
    to: cython.int = move_to(m)
    n: cython.int = pos.mt.n
    us: cython.int = pos.turn
    side: cython.int = -us
    victim: cython.int = to
    d: cython.int = 0
    s: cython.int
    q: cython.int
    on_square: cython.int = pos.mt.value[pos.board[frm] + n]
    if move_flag(m) == EP:
        victim = to - us * pos.mt.stride
    gain[0] = pos.mt.value[pos.board[victim] + n]
    if move_promo(m):
        on_square = pos.mt.value[move_promo(m) + n]
        gain[0] += on_square - pos.mt.value[pos.board[frm] + n]
    lifted[0], codes[0] = frm, pos.board[frm]
    pos.board[frm] = 0
    n_lifted = 1
    if victim != to:
        lifted[1], codes[1] = victim, pos.board[victim]
        pos.board[victim] = 0
        n_lifted = 2
    while d < MAX_SWAPS - 1:
        s = least_attacker(pos, to, side)
        if s < 0:
            break
        q = pos.board[s]
        if q == side:                               # a King may not take a guarded piece
            pos.board[s] = 0
            q = least_attacker(pos, to, -side)
            pos.board[s] = side
            if q >= 0:
                break
        d += 1
        gain[d] = on_square - gain[d - 1]
        on_square = pos.mt.value[pos.board[s] + n]
        lifted[n_lifted], codes[n_lifted] = s, pos.board[s]
        n_lifted += 1
        pos.board[s] = 0
        side = -side
    for s in range(n_lifted):
        pos.board[lifted[s]] = codes[s]
    while d:
        gain[d - 1] = -max(-gain[d - 1], gain[d])
        d -= 1
    return gain[0]
