"""Move ordering: the hash move, captures, killers, history.

:func:`make_order` returns ``order(moves, hash_move, ply)``, a list of sort
keys ``score << 27 | move`` in the order to try them (``key & MOVE_MASK`` is
the move).  Scores, best first:

* the hash move (the best move stored for this position);
* captures that do not lose material and promotions, by victim value
  (most valuable victim first) then attacker value (least valuable first);
  a promotion adds the new piece's value;
* the two killer moves of this ply (quiet moves that refuted a sibling);
* captures of a cheaper piece on a square the opponent then attacks
  ("bad" captures, a cheap stand-in for a static exchange evaluation that
  works for every fairy piece: see ``Position.attacked_after``);
* quiet moves by their history score (how often moving this piece to this
  square caused a cut-off, weighted by depth squared, with a decaying
  penalty for quiet moves tried before a cut-off).
"""
from __future__ import annotations

from cazaux_engine.rules import EP

MOVE_BITS = 27
MOVE_MASK = (1 << MOVE_BITS) - 1
HASH = 1 << 30
GOOD = 1 << 28
KILLER1 = (1 << 27) + 1
KILLER2 = 1 << 27
BAD = 1 << 26
HIST_BIAS = 1 << 25
HIST_MAX = 1 << 24


def new_history(rules) -> list:
    """history[signed piece code][to square]"""
    return [[0] * rules.size for _ in range(2 * rules.n + 1)]


def new_killers(plies: int) -> list:
    return [[0, 0] for _ in range(plies)]


def reward(history: list, code: int, to: int, bonus: int) -> None:
    """Add ``bonus`` (negative: a penalty) with gravity toward zero."""
    row = history[code]
    h = row[to]
    row[to] = h + bonus - h * abs(bonus) // HIST_MAX


def make_order(pos, killers: list, history: list):
    """``order(moves, hash_move, ply)``: see the module docstring."""
    board = pos.board
    value = pos.rules.value
    attacked_after = pos.attacked_after
    B = MOVE_BITS

    def order(moves, hmove, ply):
        k1, k2 = killers[ply]
        out = []
        append = out.append
        for m in moves:
            if m == hmove:
                append(HASH << B | m)
                continue
            to = m >> 9 & 511
            cap = board[to]
            if cap:
                p = board[m & 511]
                vv = value[cap]
                va = value[p]
                promo = m >> 18 & 63
                if vv < va and not promo and attacked_after(m):
                    append((BAD + vv) << B | m)
                else:
                    append((GOOD + (vv << 6) - (va >> 4) + (value[promo] << 6 if promo else 0)) << B | m)
            elif m >> 18 & 63:
                append((GOOD + (value[m >> 18 & 63] << 6)) << B | m)
            elif m >> 24 == EP:
                append((GOOD + (value[board[m & 511]] << 6)) << B | m)
            elif m == k1:
                append(KILLER1 << B | m)
            elif m == k2:
                append(KILLER2 << B | m)
            else:
                append((HIST_BIAS + history[board[m & 511]][to]) << B | m)
        out.sort(reverse=True)
        return out

    def order_captures(moves):
        """Quiescence order: most valuable victim, then least valuable attacker."""
        out = []
        append = out.append
        for m in moves:
            to = m >> 9 & 511
            cap = board[to]
            p = board[m & 511]
            s = (value[cap] << 6) - (value[p] >> 4) + 4096
            if m >> 18 & 63:
                s += value[m >> 18 & 63] << 6
            elif m >> 24 == EP:
                s += value[p] << 6
            append(s << B | m)
        out.sort(reverse=True)
        return out

    return order, order_captures
