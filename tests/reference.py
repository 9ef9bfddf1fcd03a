"""A slow, independent reading of docs/rules.md, used only as a test oracle.

It shares no code or tables with the engine: the board is a dict, pieces are
letters, every move is tried on a copy of the board and kept when no enemy
piece could then capture the King.  Written for clarity, not speed.
"""
from __future__ import annotations

FILES = 'abcdefghijklmnop'

# variant rules, transcribed from docs/rules.md
VARIANTS = {
    'chess': dict(size=(8, 8), double={'P': 2}, ep_victims='P', ep_capturers='P',
                  promoters='P', choices='QRBN', jump=False, castling='chess'),
    'pemba': dict(size=(10, 10), double={'P': 3}, ep_victims='P', ep_capturers='P',
                  promoters='P', choices='QRBNECMZVW', jump=False, castling='pemba'),
    'zanzibar-s': dict(size=(12, 12), double={'P': 'any', 'I': 'any'}, ep_victims='PI',
                       ep_capturers='P', promoters='PI', choices='QGLUF', jump=True),
    'zanzibar-s-promo': dict(size=(12, 12), double={'P': 'any', 'I': 'any'}, ep_victims='PI',
                             ep_capturers='P', promoters='PI', choices='QGLUF', jump=True,
                             piece_promo={'N': 'F', 'M': 'F', 'Z': 'F', 'E': 'L', 'W': 'L'}),
    'zanzibar-xl': dict(size=(12, 12), double={'P': 'any', 'I': 'any'}, ep_victims='PI',
                        ep_capturers='P', promoters='PI', choices='QGLDSUF', jump=True),
    'maasai': dict(size=(12, 12), double={'P': 4, 'A': 'any', 'I': 3}, ep_victims='PAI',
                   ep_capturers='PA', promoters='PAI', choices='QGLSDUF', jump=True),
    'oblong44': dict(size=(4, 11), double={}, ep_victims='', ep_capturers='', promoters='P',
                     choices='F', jump=False, oblong=True),
}

KING8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = KING8[:4]
DIAG = KING8[4:]


def sym(x, y):
    return {(a * sx, b * sy) for a, b in ((x, y), (y, x)) for sx in (1, -1) for sy in (1, -1)}


class Ref:
    """board: {(file, rank): letter} (upper case White), 0-based squares."""

    def __init__(self, variant, board, white, jump=(False, False), castle='', ep=None):
        self.v = VARIANTS[variant]
        self.name = variant
        self.W, self.H = self.v['size']
        self.board = dict(board)
        self.white = white
        self.jump = jump        # (White may jump, Black may jump)
        self.castle = castle    # subset of 'KQkq'
        self.ep = ep            # (file, rank) or None

    # -- helpers ---------------------------------------------------------------
    def on(self, f, r):
        return 0 <= f < self.W and 0 <= r < self.H

    @staticmethod
    def colour(p):
        return 'w' if p.isupper() else 'b'

    def name_of(self, sq):
        return FILES[sq[0]] + str(sq[1] + 1)

    def piece_moves(self, board, sq, captures_of=None):
        """Pseudo moves (to, is_capture) of the piece on sq, ignoring King
        jumps, castling and e.p."""
        f, r = sq
        p = board[sq]
        me = self.colour(p)
        fwd = 1 if me == 'w' else -1
        L = p.upper()
        out = []

        def free(t):
            return t not in board

        def enemy(t):
            return t in board and self.colour(board[t]) != me

        def leap(vecs, mode='mc'):
            for dx, dy in vecs:
                t = (f + dx, r + dy)
                if not self.on(*t):
                    continue
                if free(t) and 'm' in mode:
                    out.append((t, False))
                elif enemy(t) and 'c' in mode:
                    out.append((t, True))

        def slide(dirs, start=None, mode='mc'):
            sf, sr = start or (f, r)
            for dx, dy in dirs:
                t = (sf + dx, sr + dy)
                while self.on(*t):
                    if free(t):
                        if 'm' in mode:
                            out.append((t, False))
                    else:
                        if enemy(t) and 'c' in mode:
                            out.append((t, True))
                        break
                    t = (t[0] + dx, t[1] + dy)

        def hop(dirs):
            for dx, dy in dirs:
                t = (f + dx, r + dy)
                screens = 0
                while self.on(*t):
                    if not free(t):
                        if screens == 1:
                            if enemy(t):
                                out.append((t, True))
                            break
                        screens += 1
                    t = (t[0] + dx, t[1] + dy)

        oblong = self.v.get('oblong')
        if L == 'K':
            leap(KING8)
        elif L == 'Q':
            slide(KING8)
        elif L == 'R':
            slide(ORTH)
        elif L == 'B':
            slide(DIAG)
        elif L == 'N':
            leap(sym(2, 1))
        elif L in 'PA':
            leap([(0, fwd)], 'm')
            leap([(1, fwd), (-1, fwd)], 'c')
            self._double(board, sq, out)
        elif L == 'I':
            leap(KING8)
            self._double(board, sq, out)
        elif oblong and L == 'F':
            leap(DIAG)
        elif oblong and L == 'E':
            leap(sym(2, 2))
        elif oblong and L == 'D':
            leap(sym(2, 0))
        elif L == 'G':
            leap(DIAG)
            for dx, dy in DIAG:
                s = (f + dx, r + dy)
                if self.on(*s) and free(s):
                    slide([(dx, 0), (0, dy)], start=s)
        elif L == 'U':
            leap(ORTH)
            for dx, dy in ORTH:
                s = (f + dx, r + dy)
                if self.on(*s) and free(s):
                    dirs = [(dx, 1), (dx, -1)] if dx else [(1, dy), (-1, dy)]
                    slide(dirs, start=s)
        elif L == 'L':
            leap([(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)])
        elif L == 'F':
            leap(sym(2, 1) | sym(3, 1) | sym(3, 2))
        elif L == 'S':
            slide(KING8, mode='m')
            hop(KING8)
        elif L == 'D':
            leap([(dx * k, dy * k) for dx, dy in KING8 for k in (1, 2, 3)])
        elif L == 'M':
            leap(sym(3, 1))
        elif L == 'Z':
            leap(sym(3, 2))
        elif L == 'C':
            slide(ORTH, mode='m')
            hop(ORTH)
        elif L == 'V':
            slide(DIAG, mode='m')
            hop(DIAG)
        elif L == 'E':
            leap(sym(1, 1) | sym(2, 2))
        elif L == 'W':
            leap(sym(1, 0) | sym(2, 0))
        else:
            raise ValueError(p)
        return out

    def _double(self, board, sq, out):
        f, r = sq
        p = board[sq]
        rule = self.v['double'].get(p.upper())
        if rule is None:
            return
        fwd = 1 if p.isupper() else -1
        own_rank = r + 1 if p.isupper() else self.H - r
        if rule != 'any' and rule != own_rank:
            return
        mid, t = (f, r + fwd), (f, r + 2 * fwd)
        if self.on(*t) and mid not in board and t not in board:
            out.append((t, False))

    def attacked(self, board, sq, by):
        """Could a piece of colour ``by`` capture a piece standing on sq?"""
        b = dict(board)
        b[sq] = 'k' if by == 'w' else 'K'     # a victim of the other colour
        for s, p in b.items():
            if self.colour(p) == by and s != sq:
                if any(t == sq for t, _ in self.piece_moves(b, s)):
                    return True
        return False

    def king(self, board, me):
        return next(s for s, p in board.items() if p == ('K' if me == 'w' else 'k'))

    # -- legal moves -------------------------------------------------------------
    def legal(self):
        """Legal moves as coordinate strings."""
        me = 'w' if self.white else 'b'
        them = 'b' if self.white else 'w'
        fwd = 1 if self.white else -1
        last = self.H - 1 if self.white else 0
        board = self.board
        res = set()
        ksq = self.king(board, me)
        in_check = self.attacked(board, ksq, them)

        def safe_after(b2):
            return not self.attacked(b2, self.king(b2, me), them)

        for sq, p in list(board.items()):
            if self.colour(p) != me:
                continue
            for t, cap in self.piece_moves(board, sq):
                b2 = dict(board)
                del b2[sq]
                b2[t] = p
                if not safe_after(b2):
                    continue
                text = self.name_of(sq) + self.name_of(t)
                if t[1] == last and p.upper() in self.v['promoters']:
                    for c in self.v['choices']:
                        res.add(text + c.lower())
                elif t[1] == last and p.upper() in self.v.get('piece_promo', {}):
                    res.add(text + self.v['piece_promo'][p.upper()].lower())
                else:
                    res.add(text)
            # e.p.
            if self.ep and p.upper() in self.v['ep_capturers']:
                ef, er = self.ep
                if er == sq[1] + fwd and abs(ef - sq[0]) == 1:
                    b2 = dict(board)
                    del b2[sq]
                    b2[self.ep] = p
                    del b2[(ef, er - fwd)]
                    if safe_after(b2):
                        res.add(self.name_of(sq) + self.name_of(self.ep))
        # King's jump
        if self.v['jump'] and self.jump[0 if self.white else 1] and not in_check:
            f, r = ksq
            for dx in range(-2, 3):
                for dy in range(-2, 3):
                    if max(abs(dx), abs(dy)) != 2:
                        continue
                    t = (f + dx, r + dy)
                    if not self.on(*t) or t in board:
                        continue
                    if abs(dx) == 1 or abs(dy) == 1:
                        # squares adjacent to both ends
                        adj = [s for s in ((f + a, r + b) for a in (-1, 0, 1) for b in (-1, 0, 1))
                               if max(abs(s[0] - t[0]), abs(s[1] - t[1])) == 1 and s != ksq]
                        assert len(adj) == 2, adj
                        if all(self.attacked(board, s, them) for s in adj):
                            continue
                    else:
                        if self.attacked(board, (f + dx // 2, r + dy // 2), them):
                            continue
                    b2 = dict(board)
                    del b2[ksq]
                    b2[t] = board[ksq]
                    if safe_after(b2):
                        res.add(self.name_of(ksq) + self.name_of(t))
        # castling
        kind = self.v.get('castling')
        if kind and not in_check:
            rank = (0 if self.white else 7) if kind == 'chess' else (1 if self.white else 8)
            kfile = 4 if kind == 'chess' else 5
            rules = {'K': (kfile + 2, 7 if kind == 'chess' else 8, kfile + 1),
                     'Q': (kfile - 2, 0 if kind == 'chess' else 1, kfile - 1)}
            for side, (kto, rfile, rto) in rules.items():
                right = side if self.white else side.lower()
                if right not in self.castle:
                    continue
                if ksq != (kfile, rank) or board.get((rfile, rank)) != ('R' if self.white else 'r'):
                    continue
                lo, hi = sorted((kfile, rfile))
                if any((x, rank) in board for x in range(lo + 1, hi)):
                    continue
                step = 1 if kto > kfile else -1
                if any(self.attacked(board, (x, rank), them) for x in range(kfile + step, kto, step)):
                    continue
                b2 = dict(board)
                del b2[ksq]
                del b2[(rfile, rank)]
                b2[(kto, rank)] = board[ksq]
                b2[(rto, rank)] = board[(rfile, rank)]
                if safe_after(b2):
                    res.add(self.name_of(ksq) + self.name_of((kto, rank)))
        return res


def from_fen(variant, fen):
    """A Ref from a FEN (castling letters read as docs/rules.md says)."""
    v = VARIANTS[variant]
    W, H = v['size']
    fields = fen.split()
    rows = fields[0].split('/')
    board = {}
    for i, row in enumerate(rows):
        r = H - 1 - i
        f = 0
        j = 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
            else:
                board[(f, r)] = row[j]
                f += 1
                j += 1
    white = fields[1] == 'w'
    cast = fields[2] if len(fields) > 2 else '-'
    ep = None
    if len(fields) > 3 and fields[3] != '-':
        ep = (FILES.index(fields[3][0]), int(fields[3][1:]) - 1)
    jump = (False, False)
    if v['jump']:
        def zone(sq, white_):
            rr = sq[1] if white_ else H - 1 - sq[1]
            return 4 <= sq[0] <= 7 and rr in (0, 1)
        wk = next(s for s, p in board.items() if p == 'K')
        bk = next(s for s, p in board.items() if p == 'k')
        jump = (any(c.isupper() for c in cast) and zone(wk, True),
                any(c.islower() for c in cast) and zone(bk, False))
    return Ref(variant, board, white, jump, cast if cast != '-' else '', ep)


def push(ref: Ref, text: str) -> None:
    """Play a move given as text on the reference board (its own bookkeeping)."""
    import re
    m = re.match(r'^([a-p])(\d+)([a-p])(\d+)([a-z]?)$', text)
    frm = (FILES.index(m.group(1)), int(m.group(2)) - 1)
    to = (FILES.index(m.group(3)), int(m.group(4)) - 1)
    promo = m.group(5)
    b = ref.board
    p = b.pop(frm)
    white = p.isupper()
    fwd = 1 if white else -1
    L = p.upper()
    if L in ref.v['ep_capturers'] and to == ref.ep and frm[0] != to[0]:
        del b[(to[0], to[1] - fwd)]
    if L == 'K' and ref.v.get('castling') and abs(to[0] - frm[0]) == 2 and to[1] == frm[1]:
        kind = ref.v['castling']
        if to[0] > frm[0]:
            rf, rt = (7, 5) if kind == 'chess' else (8, 6)
        else:
            rf, rt = (0, 3) if kind == 'chess' else (1, 4)
        b[(rt, frm[1])] = b.pop((rf, frm[1]))
    if promo:
        p = promo.upper() if white else promo
    b[to] = p
    ref.ep = (frm[0], frm[1] + fwd) if (L in ref.v['ep_victims'] and frm[0] == to[0]
                                         and abs(to[1] - frm[1]) == 2) else None
    if L == 'K':
        j = list(ref.jump)
        j[0 if white else 1] = False
        ref.jump = tuple(j)
        ref.castle = ''.join(c for c in ref.castle if c.isupper() != white)
    kind = ref.v.get('castling')
    if kind:
        corners = ({'K': (7, 0), 'Q': (0, 0), 'k': (7, 7), 'q': (0, 7)} if kind == 'chess' else
                   {'K': (8, 1), 'Q': (1, 1), 'k': (8, 8), 'q': (1, 8)})
        ref.castle = ''.join(c for c in ref.castle if corners[c] not in (frm, to))
    ref.white = not ref.white
