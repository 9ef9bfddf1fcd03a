"""Position: the board, make/unmake, attacks and legal move generation.

Legality is decided without playing every move (see :meth:`Position.legal_moves`):
the lines through the own King are walked once per call to find checks,
pinned pieces (``suspects``: a slider's pin, a Cannon/Crocodile/Sorceress
line with two screens whose removal would leave one, an Eagle/Rhinoceros
path through the piece) and squares where a new piece would become the only
screen of an enemy hopper (``forbidden``).  Only moves of suspects, King
moves, en-passant captures and check evasions are tried on the board.
"""
from __future__ import annotations

from .rules import (BENT, CASTLE, DOUBLE, EP, HOP, LAME_M, LEAP, LEAP_C, LEAP_M, PAWN,
                    PROMO, RIDE, RIDE_C, RIDE_M, Rules)

WHITE, BLACK = 1, -1


class Position:
    """A game position of one variant, with the history needed for draws.

    Squares and moves are the ints of :mod:`cazaux_engine.rules`; use
    :mod:`cazaux_engine.fen` and :mod:`cazaux_engine.notation` to convert.
    ``turn`` is 1 (White) or -1 (Black).
    """

    __slots__ = ('rules', 'board', 'turn', 'pieces', 'kings', 'rights', 'ep',
                 'halfmove', 'ply', 'hash', 'stack', 'history', 'pst', 'psq')

    def __init__(self, rules: Rules, board: list, turn: int, rights: int, ep: int,
                 halfmove: int = 0, fullmove: int = 1):
        self.rules = rules
        self.board = board
        self.turn = turn
        self.pieces = [None, set(), set()]
        self.kings = [None, 0, 0]
        for sq in rules.squares:
            p = board[sq]
            if p:
                self.pieces[1 if p > 0 else -1].add(sq)
                if p == 1 or p == -1:
                    self.kings[p] = sq
        self.rights = rights
        self.ep = ep
        self.halfmove = halfmove
        self.ply = 2 * (fullmove - 1) + (turn < 0)
        self.stack = []
        self.history = []
        self.hash = self._compute_hash()
        self.pst = None
        self.psq = 0

    # -- copying and hashing -------------------------------------------------
    def copy(self) -> 'Position':
        """An independent copy (history included)."""
        p = Position.__new__(Position)
        p.rules = self.rules
        p.board = self.board[:]
        p.turn = self.turn
        p.pieces = [None, set(self.pieces[1]), set(self.pieces[-1])]
        p.kings = self.kings[:]
        p.rights, p.ep, p.halfmove, p.ply = self.rights, self.ep, self.halfmove, self.ply
        p.hash = self.hash
        p.stack = self.stack[:]
        p.history = self.history[:]
        p.pst, p.psq = self.pst, self.psq
        return p

    def _compute_hash(self) -> int:
        R = self.rules
        h = 0
        for sq in R.squares:
            p = self.board[sq]
            if p:
                h ^= R.z_piece[p][sq]
        if self.turn < 0:
            h ^= R.z_side
        h ^= R.z_rights[self.rights]
        if self.ep:
            h ^= R.z_ep[self.ep]
        return h

    def set_pst(self, pst: list | None) -> None:
        """Install per-piece-code, per-square values kept up to date by push/pop.

        ``psq`` is then the sum over White's pieces minus Black's (the
        search packs middle- and end-game scores into one int).
        """
        self.pst = pst
        self.psq = 0
        if pst is not None:
            for c in (1, -1):
                for sq in self.pieces[c]:
                    self.psq += pst[self.board[sq]][sq]

    # -- make / unmake ---------------------------------------------------------
    def push(self, m: int) -> None:
        """Play move ``m`` (which must be legal here)."""
        R = self.rules
        board = self.board
        us = self.turn
        frm = m & 511
        to = m >> 9 & 511
        p = board[frm]
        cap = board[to]
        old_hash = h = self.hash
        h ^= R.z_side
        pst = self.pst
        old = (self.ep, self.rights, self.halfmove, old_hash, self.psq)
        self.history.append(old_hash)
        if self.ep:
            h ^= R.z_ep[self.ep]
            self.ep = 0
        zp = R.z_piece
        mine = self.pieces[us]
        mine.remove(frm)
        mine.add(to)
        h ^= zp[p][frm] ^ zp[p][to]
        if pst is not None:
            self.psq += pst[p][to] - pst[p][frm]
        if cap:
            self.pieces[-us].remove(to)
            h ^= zp[cap][to]
            if pst is not None:
                self.psq -= pst[cap][to]
            self.halfmove = 0
        elif R.resets[p]:
            self.halfmove = 0
        else:
            self.halfmove += 1
        board[to] = p
        board[frm] = 0
        ep_moves = None
        if m >> 18:
            promo = m >> 18 & 63
            flag = m >> 24
            if promo:
                np = promo * us
                board[to] = np
                h ^= zp[p][to] ^ zp[np][to]
                if pst is not None:
                    self.psq += pst[np][to] - pst[p][to]
            if flag == DOUBLE:
                cap_ok = R.is_ep_capturer
                ep_moves = [x for s, x in R.ep_sources[-us][frm + us * R.stride]
                            if board[s] * us < 0 and cap_ok[board[s]]]
            elif flag == EP:
                vs = to - us * R.stride
                cap = board[vs]          # the undo record keeps the victim
                board[vs] = 0
                self.pieces[-us].remove(vs)
                h ^= zp[cap][vs]
                if pst is not None:
                    self.psq -= pst[cap][vs]
            elif flag == CASTLE:
                rs, rt = R.castle_rook[(frm, to)]
                rook = board[rs]
                board[rs] = 0
                board[rt] = rook
                mine.remove(rs)
                mine.add(rt)
                h ^= zp[rook][rs] ^ zp[rook][rt]
                if pst is not None:
                    self.psq += pst[rook][rt] - pst[rook][rs]
        self.stack.append((m, p, cap) + old)
        rights = self.rights
        if rights:
            if p == us:
                rights &= ~R.rights_bits[us]
            rights &= R.rights_mask[frm] & R.rights_mask[to]
            if rights != self.rights:
                h ^= R.z_rights[self.rights] ^ R.z_rights[rights]
                self.rights = rights
        if p == us:
            self.kings[us] = to
        self.turn = -us
        self.ply += 1
        if ep_moves and any(self._safe_after(x) for x in ep_moves):
            # the e.p. square is kept (and hashed) only when the capture is legal,
            # so that repetitions compare positions as the rules do
            self.ep = frm + us * R.stride
            h ^= R.z_ep[self.ep]
        self.hash = h

    def pop(self) -> int:
        """Take back the last move and return it."""
        m, p, cap, self.ep, self.rights, self.halfmove, self.hash, self.psq = self.stack.pop()
        self.history.pop()
        board = self.board
        us = -self.turn
        self.turn = us
        self.ply -= 1
        frm = m & 511
        to = m >> 9 & 511
        mine = self.pieces[us]
        mine.remove(to)
        mine.add(frm)
        board[frm] = p
        if m >> 24:
            flag = m >> 24
            R = self.rules
            if flag == EP:
                vs = to - us * R.stride
                board[to] = 0
                board[vs] = cap
                self.pieces[-us].add(vs)
            else:
                board[to] = cap
                if cap:
                    self.pieces[-us].add(to)
                if flag == CASTLE:
                    rs, rt = R.castle_rook[(frm, to)]
                    board[rs] = board[rt]
                    board[rt] = 0
                    mine.remove(rt)
                    mine.add(rs)
        else:
            board[to] = cap
            if cap:
                self.pieces[-us].add(to)
        if p == us:
            self.kings[us] = frm
        return m

    def push_null(self) -> None:
        """Pass (for null-move search): only the side to move changes."""
        R = self.rules
        self.stack.append((0, 0, 0, self.ep, self.rights, self.halfmove, self.hash, self.psq))
        self.history.append(self.hash)
        h = self.hash ^ R.z_side
        if self.ep:
            h ^= R.z_ep[self.ep]
            self.ep = 0
        self.hash = h
        self.halfmove += 1
        self.turn = -self.turn
        self.ply += 1

    def pop_null(self) -> None:
        _, _, _, self.ep, self.rights, self.halfmove, self.hash, self.psq = self.stack.pop()
        self.history.pop()
        self.turn = -self.turn
        self.ply -= 1

    # -- attacks ----------------------------------------------------------------
    def attacked(self, sq: int, by: int) -> bool:
        """Could a piece of colour ``by`` capture a piece standing on ``sq``?"""
        board = self.board
        for src, codes in self.rules.att_leap[by][sq]:
            q = board[src]
            if q and q in codes:
                return True
        for ray, sliders, hoppers, wings in self.rules.att_ray[by][sq]:
            i = 0
            n = len(ray)
            if wings is None:
                while i < n:
                    q = board[ray[i]]
                    if q:
                        break
                    i += 1
                else:
                    continue
            else:
                while i < n:
                    q = board[ray[i]]
                    if q:
                        break
                    for w, cs in wings[i]:
                        if board[w] in cs:
                            return True
                    i += 1
                else:
                    continue
            if q in sliders:
                return True
            if hoppers:
                i += 1
                while i < n:
                    q = board[ray[i]]
                    if q:
                        if q in hoppers:
                            return True
                        break
                    i += 1
        return False

    def in_check(self) -> bool:
        """Is the side to move in check?"""
        return self.attacked(self.kings[self.turn], -self.turn)

    def checkers(self) -> list[int]:
        """Squares of the enemy pieces giving check."""
        us = self.turn
        ksq = self.kings[us]
        board = self.board
        out = [src for src, codes in self.rules.att_leap[-us][ksq] if board[src] in codes]
        return out + self._king_lines(ksq, us)[1]

    # -- legality helpers ---------------------------------------------------------
    def _king_lines(self, ksq: int, us: int):
        """Walk the lines to the King of ``us``.

        Returns (evasions, checkers, suspects, forbidden, screens) where
        checkers lists the squares of line checkers (not leapers), evasions
        the squares a non-King move must reach to answer the last line check,
        suspects own pieces whose move may expose the King, forbidden empty
        squares where any own piece would become a hopper's only screen, and
        screens own pieces that are the screen of a checking hopper.
        """
        board = self.board
        evasions = None
        checkers = []
        suspects = None
        forbidden = None
        screens = None
        for ray, sliders, hoppers, wings in self.rules.att_ray[-us][ksq]:
            n = len(ray)
            i = 0
            while i < n:
                q = board[ray[i]]
                if q:
                    break
                if wings is not None:
                    for w, cs in wings[i]:
                        if board[w] in cs:
                            checkers.append(w)
                            evasions = set(ray[:i + 1])
                            evasions.add(w)
                i += 1
            else:
                continue
            if q * us < 0:
                if q in sliders:
                    checkers.append(ray[i])
                    evasions = set(ray[:i + 1])
                    continue
                if not hoppers:
                    continue
                if q in hoppers and i:
                    if forbidden is None:
                        forbidden = set()
                    forbidden.update(ray[:i])
                j = i + 1
                while j < n and not board[ray[j]]:
                    j += 1
                if j == n:
                    continue
                q2 = board[ray[j]]
                if q2 in hoppers:
                    checkers.append(ray[j])
                    evasions = set(ray[:j + 1])
                    evasions.discard(ray[i])
                    continue
                if q2 * us > 0:
                    k = j + 1
                    while k < n and not board[ray[k]]:
                        k += 1
                    if k < n and board[ray[k]] in hoppers:
                        if suspects is None:
                            suspects = set()
                        suspects.add(ray[j])
                continue
            # own piece first
            own = ray[i]
            j = i + 1
            while j < n:
                q2 = board[ray[j]]
                if q2:
                    break
                j += 1
            if wings is not None:
                for k in range(i, j):
                    for w, cs in wings[k]:
                        if board[w] in cs:
                            if suspects is None:
                                suspects = set()
                            suspects.add(own)
            if j == n:
                continue
            if q2 in sliders:
                if suspects is None:
                    suspects = set()
                suspects.add(own)
            if hoppers:
                if q2 in hoppers:
                    checkers.append(ray[j])
                    evasions = set(ray[:j + 1])
                    evasions.discard(own)
                    if screens is None:
                        screens = set()
                    screens.add(own)
                    continue
                k = j + 1
                while k < n and not board[ray[k]]:
                    k += 1
                if k < n and board[ray[k]] in hoppers:
                    if suspects is None:
                        suspects = set()
                    suspects.add(own)
                    if q2 * us > 0:
                        suspects.add(ray[j])
        return evasions, checkers, suspects, forbidden, screens

    def _safe_after(self, m: int) -> bool:
        """Is the own King safe after the non-King move m? (tried on the board)"""
        board = self.board
        us = self.turn
        frm = m & 511
        to = m >> 9 & 511
        p = board[frm]
        q = board[to]
        board[to] = p
        board[frm] = 0
        if m >> 24 == EP:
            vs = to - us * self.rules.stride
            v = board[vs]
            board[vs] = 0
            ok = not self.attacked(self.kings[us], -us)
            board[vs] = v
        else:
            ok = not self.attacked(self.kings[us], -us)
        board[frm] = p
        board[to] = q
        return ok

    # -- move generation ------------------------------------------------------------
    def _gen(self, moves: list, squares, us: int, table, captures: bool) -> None:
        """Append the pseudo-legal moves of the pieces on ``squares``."""
        board = self.board
        append = moves.append
        for frm in squares:
            for kind, data in table[board[frm]][frm]:
                if kind == PAWN:
                    t, m, caps, double = data
                    if not captures and not board[t]:
                        append(m)
                        if double is not None and not board[double[0]]:
                            append(double[1])
                    for t, m in caps:
                        if board[t] * us < 0:
                            append(m)
                elif kind == LEAP:
                    if captures:
                        for t, m in data:
                            if board[t] * us < 0:
                                append(m)
                    else:
                        for t, m in data:
                            if board[t] * us <= 0:
                                append(m)
                elif kind == RIDE:
                    for ray in data:
                        for t, m in ray:
                            q = board[t]
                            if q:
                                if q * us < 0:
                                    append(m)
                                break
                            if not captures:
                                append(m)
                elif kind == LEAP_C:
                    for t, m in data:
                        if board[t] * us < 0:
                            append(m)
                elif kind == LEAP_M:
                    if not captures:
                        for t, m in data:
                            if not board[t]:
                                append(m)
                elif kind == LAME_M:
                    if not captures:
                        for t, mid, m in data:
                            if not board[mid] and not board[t]:
                                append(m)
                elif kind == RIDE_M:
                    if not captures:
                        for ray in data:
                            for t, m in ray:
                                if board[t]:
                                    break
                                append(m)
                elif kind == HOP:
                    for ray in data:
                        it = iter(ray)
                        for t, m in it:
                            if board[t]:
                                break
                        else:
                            continue
                        for t, m in it:
                            q = board[t]
                            if q:
                                if q * us < 0:
                                    append(m)
                                break
                elif kind == BENT:
                    for s, rays in data:
                        if board[s]:
                            continue
                        for ray in rays:
                            for t, m in ray:
                                q = board[t]
                                if q:
                                    if q * us < 0:
                                        append(m)
                                    break
                                if not captures:
                                    append(m)
                elif kind == RIDE_C:
                    for ray in data:
                        for t, m in ray:
                            q = board[t]
                            if q:
                                if q * us < 0:
                                    append(m)
                                break
                elif kind == PROMO:
                    self._gen_promotions(moves, frm, us, captures)

    def _gen_promotions(self, moves: list, frm: int, us: int, captures: bool) -> None:
        R = self.rules
        tmp = []
        self._gen(tmp, (frm,), us, R.gen_raw, False)
        last = R.is_last_rank[us]
        board = self.board
        choices = R.promotions(board[frm])
        for m in tmp:
            if last[m >> 9 & 511]:
                for c in choices:
                    moves.append(m | c << 18)
            elif not captures or board[m >> 9 & 511]:
                moves.append(m)

    def legal_moves(self, captures: bool = False) -> list[int]:
        """All legal moves; with ``captures`` only captures and promotions."""
        R = self.rules
        board = self.board
        us = self.turn
        them = -us
        ksq = self.kings[us]
        evasions, checkers, suspects, forbidden, screens = self._king_lines(ksq, us)
        for src, codes in R.att_leap[them][ksq]:
            if board[src] in codes:
                checkers.append(src)
                evasions = {src}
        moves = []
        mine = self.pieces[us]
        if not checkers:
            if suspects is None:
                self._gen(moves, mine, us, R.gen, captures)
            else:
                self._gen(moves, [s for s in mine if s not in suspects], us, R.gen, captures)
                tmp = []
                self._gen(tmp, suspects, us, R.gen, captures)
                safe = self._safe_after
                moves.extend([m for m in tmp if safe(m)])
            if forbidden is not None:
                moves = [m for m in moves if (m >> 9 & 511) not in forbidden]
        else:
            tmp = []
            self._gen(tmp, mine, us, R.gen, captures)
            safe = self._safe_after
            if len(checkers) == 1:
                if screens is None:
                    moves = [m for m in tmp if (m >> 9 & 511) in evasions and safe(m)]
                else:
                    moves = [m for m in tmp if ((m >> 9 & 511) in evasions or (m & 511) in screens)
                             and safe(m)]
            else:
                moves = [m for m in tmp if safe(m)]
        if self.ep:
            is_cap = R.is_ep_capturer
            for s, m in R.ep_sources[us][self.ep]:
                q = board[s]
                if q * us > 0 and is_cap[q] and self._safe_after(m):
                    moves.append(m)
        # King
        board[ksq] = 0
        attacked = self.attacked
        for t, m in R.king_steps[us][ksq]:
            q = board[t]
            if (q * us < 0 or (not q and not captures)) and not attacked(t, them):
                moves.append(m)
        board[ksq] = us
        if self.rights & R.rights_bits[us] and not checkers and not captures:
            self._gen_king_specials(moves, ksq, us)
        return moves

    def _gen_king_specials(self, moves: list, ksq: int, us: int) -> None:
        """The King's jump and castling (the King is not in check)."""
        R = self.rules
        board = self.board
        them = -us
        attacked = self.attacked
        jumps = R.king_jumps[us][ksq]
        if jumps:
            for t, conds, straight, m in jumps:
                if board[t]:
                    continue
                if straight:
                    if attacked(conds[0], them):
                        continue
                elif attacked(conds[0], them) and attacked(conds[1], them):
                    continue
                board[ksq] = 0
                ok = not attacked(t, them)
                board[ksq] = us
                if ok:
                    moves.append(m)
        rook = R.index.get('rook', 0) * us
        for c in R.castles[us]:
            if not self.rights & c.bit or c.king != ksq or board[c.rook] != rook:
                continue
            if any(board[s] for s in c.empty):
                continue
            if any(attacked(s, them) for s in c.passed):
                continue
            board[ksq] = 0
            board[c.rook] = 0
            board[c.rook_to] = rook
            ok = not attacked(c.king_to, them)
            board[c.rook_to] = 0
            board[c.rook] = rook
            board[ksq] = us
            if ok:
                moves.append(c.move)

    def is_capture(self, m: int) -> bool:
        return bool(self.board[m >> 9 & 511]) or m >> 24 == EP

    # -- search support ------------------------------------------------------------
    def attacked_after(self, m: int) -> bool:
        """Could the opponent capture on the destination of ``m`` once it is played?

        A cheap exchange test for move ordering and pruning: only the moving
        piece is moved on the board (no e.p. victim, castling Rook or
        promotion), then the square is tested with :meth:`attacked`.
        """
        board = self.board
        frm = m & 511
        to = m >> 9 & 511
        p = board[frm]
        q = board[to]
        board[to] = p
        board[frm] = 0
        hit = self.attacked(to, -self.turn)
        board[frm] = p
        board[to] = q
        return hit

    def move_is_legal(self, m: int) -> bool:
        """Is the move int ``m`` (say, from a hash table) legal here?

        Ordinary moves of pieces other than the King (promotions and double
        steps included) are checked by generating that one piece's moves and
        trying ``m`` on the board; King moves, en passant and castling ask
        :meth:`legal_moves`.
        """
        board = self.board
        us = self.turn
        frm = m & 511
        p = board[frm] if frm < len(board) else 0
        if p * us <= 0 or p == us or m >> 24 > DOUBLE:
            return p * us > 0 and m in self.legal_moves()
        tmp = []
        self._gen(tmp, (frm,), us, self.rules.gen, False)
        return m in tmp and self._safe_after(m)
