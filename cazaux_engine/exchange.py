"""Static exchange evaluation (SEE): what a capture wins if both sides keep
recapturing on its square with their least valuable piece.

Fairy pieces make exchanges unusual, so nothing here is precomputed per
piece type: each step asks the position's attack test (the one that decides
check, :meth:`Position.attackers`) for the attackers of the square on the
board as it stands *now*, with the pieces that already captured lifted off
(the lines are scanned only when no leaper found is as cheap as every piece
that attacks along lines).  So a Cannon whose screen
took part in the exchange stops attacking, a Cannon that gains a screen
starts to, a Crocodile or Sorceress may join over a recapturing piece, and an
Eagle's or Rhinoceros's path opens when a piece on its step square leaves.
Pins are ignored (as usual); a King recaptures only when nothing of the
other side attacks the square any more.  The exchange is played to its end
before the sides' choices to stop are weighed, so the value is exact, not
only its sign (a losing recapture that the other side could answer is
answered).

Values are given per call, indexed by signed piece code + n: the search
passes its own (the evaluation's, fitted values included); the variant's are
``pos.rules.value``.

>>> from cazaux_engine import start_position, parse_move
>>> pos = start_position('chess', '4k3/8/3p4/4p3/8/8/8/4R1K1 w - - 0 1')
>>> see(pos, parse_move(pos, 'e1e5'), pos.rules.value)   # Rook takes a Pawn guarded by a Pawn
-400
>>> see_ge(pos, parse_move(pos, 'e1e5'), pos.rules.value, -400), see_ge(pos, parse_move(pos, 'e1e5'), pos.rules.value, -399)
(True, False)
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


def least_attacker(pos: Position, sq: cython.int, by: cython.int, values: cython.int[::1]) -> cython.int:
    """Square of the least valuable piece of colour ``by`` attacking ``sq``
    on the board as it stands, or -1 if none (the first found of equals, in
    the order of :meth:`Position.attackers`; the King counts as dearest)."""
    found = cython.declare(cython.int[64])
    n: cython.int = pos.leap_attackers(sq, by, found, 64)
    best: cython.int = -1
    best_rank: cython.int = 0
    k: cython.int
    rank: cython.int
    for k in range(n):
        rank = rank_of(pos, pos.board[found[k]], values)
        if best < 0 or rank < best_rank:
            best, best_rank = found[k], rank
    # no piece found along a line could be preferred to a leaper ranked no
    # higher than every kind that attacks along lines: then they are not scanned
    if best >= 0 and best_rank <= line_floor(pos, by, values):
        return best
    m: cython.int = pos.line_attackers(sq, by, found, n, 64)
    for k in range(n, m):
        rank = rank_of(pos, pos.board[found[k]], values)
        if best < 0 or rank < best_rank:
            best, best_rank = found[k], rank
    return best


def rank_of(pos: Position, q: cython.int, values: cython.int[::1]) -> cython.int:
    """The order in which the piece ``q`` (signed code) recaptures: its
    value, the King last."""
    return KING_RANK if q == 1 or q == -1 else values[q + pos.rules.n]


def line_floor(pos: Position, by: cython.int, values: cython.int[::1]) -> cython.int:
    """The lowest rank (:func:`rank_of`) of the pieces of ``by`` that may
    attack along a line (``Rules.ray_kinds``), or KING_RANK + 1 if none."""
    kinds: cython.int = pos.rules.ray_kinds[0 if by > 0 else 1]
    floor: cython.int = KING_RANK + 1
    q: cython.int = 1
    rank: cython.int
    while kinds >> q:
        if kinds >> q & 1:
            rank = rank_of(pos, q * by, values)
            if rank < floor:
                floor = rank
        q += 1
    return floor


def capturer(pos: Position, to: cython.int, side: cython.int, values: cython.int[::1]) -> cython.int:
    """Square of the piece of ``side`` that takes next on ``to`` in an
    exchange: its least valuable attacker, or -1 if it has none, or if that
    is the King and the other side still guards ``to``."""
    s: cython.int = least_attacker(pos, to, side, values)
    guarded: cython.bint
    if s >= 0 and pos.board[s] == side:             # a King may not take a guarded piece
        pos.board[s] = 0
        guarded = pos.attacked(to, -side)
        pos.board[s] = side
        if guarded:
            return -1
    return s


def see(pos: Position, m: cython.int, values: cython.int[::1]) -> cython.int:
    """Material the side to move wins with ``m`` when every capture on its
    square is answered by the least valuable attacker (centipawns of
    ``values``, indexed by signed piece code + n)."""
    gain = cython.declare(cython.int[64])
    lifted = cython.declare(cython.int[66])         # squares emptied: the mover, an e.p.
    codes = cython.declare(cython.int[66])          # victim, a capturer per swap; what stood there
    n_lifted: cython.int = 0
    frm: cython.int = move_from(m)
    to: cython.int = move_to(m)
    n: cython.int = pos.rules.n
    us: cython.int = pos.turn
    side: cython.int = -us
    victim: cython.int = to
    d: cython.int = 0
    s: cython.int
    on_square: cython.int = values[pos.board[frm] + n]
    if move_flag(m) == EP:
        victim = to - us * pos.rules.stride
    gain[0] = values[pos.board[victim] + n]
    if move_promo(m):
        on_square = values[move_promo(m) + n]
        gain[0] += on_square - values[pos.board[frm] + n]
    lifted[0], codes[0] = frm, pos.board[frm]
    pos.board[frm] = 0
    n_lifted = 1
    if victim != to:
        lifted[1], codes[1] = victim, pos.board[victim]
        pos.board[victim] = 0
        n_lifted = 2
    while d < MAX_SWAPS - 1:
        s = capturer(pos, to, side, values)
        if s < 0:
            break
        d += 1
        gain[d] = on_square - gain[d - 1]
        on_square = values[pos.board[s] + n]
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


def see_ge(pos: Position, m: cython.int, values: cython.int[::1], threshold: cython.int) -> cython.bint:
    """Is ``see(pos, m, values) >= threshold``?  The same answer, usually
    found with fewer scans for attackers: what the search asks (does a
    capture lose, does a move lose more than a margin) is decided as soon as
    the exchange's outcome can no longer cross ``threshold``.

    After each capture the side to move next may stop, or capture and then
    lose its capturer: so the exchange from there on is worth, to the side
    that just captured, between its material now less the piece on the
    square and its material now.  Those bounds are carried back through the
    earlier choices (each side takes the better of stopping and going on)
    to the first move; when both lie on one side of ``threshold`` the
    exchange stops, and no attacker of the rest is looked for.  Otherwise
    the exchange goes on exactly as in :func:`see`.
    """
    net = cython.declare(cython.int[64])            # our material if the exchange stopped after capture d
    lifted = cython.declare(cython.int[66])
    codes = cython.declare(cython.int[66])
    n_lifted: cython.int = 0
    frm: cython.int = move_from(m)
    to: cython.int = move_to(m)
    n: cython.int = pos.rules.n
    us: cython.int = pos.turn
    side: cython.int = -us
    victim: cython.int = to
    d: cython.int = 0
    j: cython.int
    s: cython.int
    lo: cython.int
    hi: cython.int
    exact: cython.bint = False
    on_square: cython.int = values[pos.board[frm] + n]
    if move_flag(m) == EP:
        victim = to - us * pos.rules.stride
    net[0] = values[pos.board[victim] + n]
    if move_promo(m):
        on_square = values[move_promo(m) + n]
        net[0] += on_square - values[pos.board[frm] + n]
    lifted[0], codes[0] = frm, pos.board[frm]
    pos.board[frm] = 0
    n_lifted = 1
    if victim != to:
        lifted[1], codes[1] = victim, pos.board[victim]
        pos.board[victim] = 0
        n_lifted = 2
    while True:
        # the value of the exchange after capture d (ours when d is even) ...
        if exact:
            lo = hi = net[d]
        elif d % 2 == 0:
            lo, hi = net[d] - max(on_square, 0), net[d]
        else:
            lo, hi = net[d], net[d] + max(on_square, 0)
        # ... through the earlier choices: after capture j the other side
        # (ours when j is odd) takes the better of stopping and going on
        for j in range(d - 1, -1, -1):
            if j % 2 == 0:
                lo, hi = min(net[j], lo), min(net[j], hi)
            else:
                lo, hi = max(net[j], lo), max(net[j], hi)
        if lo >= threshold or hi < threshold:
            break
        if d >= MAX_SWAPS - 1:
            exact = True
            continue
        s = capturer(pos, to, side, values)
        if s < 0:
            exact = True
            continue
        d += 1
        net[d] = net[d - 1] + on_square if d % 2 == 0 else net[d - 1] - on_square
        on_square = values[pos.board[s] + n]
        lifted[n_lifted], codes[n_lifted] = s, pos.board[s]
        n_lifted += 1
        pos.board[s] = 0
        side = -side
    for s in range(n_lifted):
        pos.board[lifted[s]] = codes[s]
    return lo >= threshold
