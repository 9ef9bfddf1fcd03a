"""How each variant is described to XBoard 4.9.1: ``setup`` and ``piece``.

XBoard knows none of the Cazaux games.  On ``variant NAME`` the engine tells
it the board size, a parent variant whose general rules apply, which XBoard
piece type ("slot") each FEN letter stands for, the start position, and each
piece's moves in Betza notation.  XBoard then tests move legality, writes
SAN, detects mates and draws its pictures from that.

The slot of a piece decides its picture and some rules XBoard wires to the
slot (see docs/xboard.md, how the engine describes a variant):

* slot 0 (Pawn) and slot 18 (Lance) are the only ones that may promote
  while XBoard tests legality, and the only ones whose double step can be
  taken en passant.  The Maasai takes slot 18; where there is no Maasai,
  the Prince does, so that its promotion and its e.p. capture work with
  legality testing on.
* slot 21 (Lion) carries Chu Shogi's Lion-trading rules, so the Lion uses
  slot 52, which is drawn with a Lion picture too.

>>> from cazaux_engine import get_variant
>>> lines = xboard_variant_lines(get_variant('oblong44'), 'ekfe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE w - - 0 1')
>>> lines[0]
'setup (PN...FE..................DKpn...fe..................dk) 4x11+0_shatranj ekfe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE w - - 0 1'
>>> lines[1:]
['piece K& K', 'piece F& F', 'piece E& A', 'piece N& N', 'piece D& D', 'piece P& fmWfcF']
"""
from __future__ import annotations

from cazaux_engine.pieces import PIECES
from cazaux_engine.registry import Registry
from cazaux_engine.variants import PieceType, Variant

KING_SLOT = 65          # the last character of each half of the table

# piece name -> XBoard slot (image in the default theme)
SLOTS: dict[str, int] = {
    'pawn': 0, 'knight': 1, 'bishop': 2, 'rook': 3, 'queen': 4,
    'ferz': 5,                       # Advisor picture
    'elephant': 6, 'alfil': 6,       # Elephant picture
    'prince': 10,                    # Commoner picture (or 18, see prince_slot)
    'cannon': 11,                    # Cannon picture
    'eagle': 17,                     # Hawk picture
    'maasai': 18,                    # Lance (spear) picture
    'rhinoceros': 20,                # Unicorn picture
    'giraffe': 23,                   # Zebra picture
    'camel': 24,                     # Camel picture
    'machine': 25, 'dabbaba': 25,    # Tower picture
    'crocodile': 30,                 # Dragon picture
    'buffalo': 31,                   # Gnu picture
    'sorceress': 35,                 # Wizard picture
    'lion': 52,                      # Lion picture, without slot 21's Chu rules
    'duchess': 64,                   # Princess picture
}
LANCE_SLOT = 18
# the slots XBoard handles as Pawns: they promote, their double step sets an
# e.p. square, and their moves reset XBoard's 50-move count
PAWN_SLOTS = (SLOTS['pawn'], LANCE_SLOT)
# slots free of special rules, for pieces of user-defined variants (see _slot_by_role)
SPARE_SLOTS = (7, 8, 9, 12, 13, 14, 16, 22, 26, 27, 28, 32, 33, 34, 36, 37, 38, 39,
               40, 41, 42, 43, 45, 46, 47, 48, 53, 56, 57, 58, 59, 60, 61, 62, 63)

# variants XBoard knows itself: no setup or piece commands
BUILT_IN = {'chess': 'normal'}


def xboard_name(variant: Variant) -> str:
    """The name XBoard uses for ``variant`` (``normal`` for chess)."""
    return BUILT_IN.get(variant.name, variant.name)


def engine_variant(name: str) -> str:
    """The engine's variant name for XBoard's ``name`` (inverse of xboard_name)."""
    for ours, theirs in BUILT_IN.items():
        if name == theirs:
            return ours
    return name


def parent_variant(variant: Variant) -> str:
    """XBoard parent: shatranj where its bare-King and stalemate rules apply."""
    if variant.bare_king == 'shatranj' and variant.stalemate == 'loss':
        return 'shatranj'
    return 'fairy'


def slots(variant: Variant) -> dict[str, int]:
    """Piece letter -> XBoard slot for every piece of ``variant``."""
    names = {p.name for p in variant.pieces}
    out: dict[str, int] = {}
    used: set[int] = set()
    spare = iter(s for s in SPARE_SLOTS)
    for p in variant.pieces:
        if p.name == 'king':
            s = KING_SLOT
        elif p.name == 'prince' and 'maasai' not in names:
            s = LANCE_SLOT          # promotes and can be taken e.p. under legality testing
        else:
            s = SLOTS.get(p.name)
            if s is None:
                s = _slot_by_role(variant, p, used)
        if s is None or s in used:
            s = next(x for x in spare if x not in used)
        used.add(s)
        out[p.letter] = s
    return out


def _slot_by_role(variant: Variant, piece, used: set) -> int | None:
    """A slot for a piece of a variant file that is none of the library's:
    a promoting piece gets a free Pawn-like slot (the only ones XBoard lets
    promote under legality testing), a piece that moves like a library piece
    that piece's picture; None: a spare slot."""
    if piece.name in variant.promoters:
        for s in PAWN_SLOTS:
            if s not in used:
                return s
    for name, s in SLOTS.items():
        if PIECES.get(name, {}).get('betza') == piece.betza and s not in used:
            return s
    return None


def tests_legality(variant: Variant) -> bool:
    """Whether XBoard plays ``variant`` with its legality testing on: only
    where every piece that promotes has a Pawn-like slot (XBoard lets no
    other promote while it tests legality).  maasai (the Prince) and
    zanzibar-s-promo (the piece promotions) need ``-testLegality false``.

    >>> from cazaux_engine import get_variant
    >>> [tests_legality(get_variant(n)) for n in ('zanzibar-s', 'maasai', 'zanzibar-s-promo')]
    [True, False, False]
    """
    sl = slots(variant)
    letter = {p.name: p.letter for p in variant.pieces}
    promoting = set(variant.promoters) | set(variant.piece_promotions)
    return all(sl[letter[name]] in PAWN_SLOTS for name in promoting)


def piece_table(variant: Variant) -> str:
    """The ``setup`` piece-to-char table: White's half, then Black's."""
    sl = slots(variant)
    last = max(s for s in sl.values() if s != KING_SLOT)
    half = ['.'] * (last + 1)
    king = 'K'
    for letter, s in sl.items():
        if s == KING_SLOT:
            king = letter
        else:
            half[s] = letter
    white = ''.join(half) + king
    table = white + white.lower()
    # XBoard wants an even length of 12..132 characters
    if len(table) < 12:
        pad = (12 - len(table) + 1) // 2
        white = ''.join(half) + '.' * pad + king
        table = white + white.lower()
    return table


def xboard_variant_lines(variant: Variant, fen: str) -> list[str]:
    """The reply to ``variant NAME``: ``setup`` then one ``piece`` line per piece."""
    if variant.name in BUILT_IN:
        return []
    size = f'{variant.files}x{variant.ranks}+0_{parent_variant(variant)}'
    lines = [f'setup ({piece_table(variant)}) {size} {xboard_fen(variant, fen)}']
    lines += [f'piece {p.letter}& {xboard_betza(variant, p)}' for p in variant.pieces]
    return lines


def xboard_betza(variant: Variant, piece: PieceType) -> str:
    """The piece's full Betza string for an XBoard ``piece`` command.

    The base moves plus the variant's double step, e.p. capture, King's
    jump or castling, in the forms XBoard 4.9.1 understands
    (docs/xboard.md, how the engine describes a variant).
    """
    s = piece.betza
    ds = variant.double_step.get(piece.name)
    if ds is not None:
        s += 'fmnD' if ds == 'any' else 'ifmnD'
    if piece.name in variant.ep_capturers:
        s += 'feF'
    if piece.name == 'king':
        if variant.king_jump:
            s += 'imAimDimN'
        elif variant.castling:
            # Shako castling (Rook one square in from the edge) needs j
            rook_files = {c['rook'][0] for c in variant.castling}
            edge = {'a', chr(ord('a') + variant.files - 1)}
            s += 'isO2' if rook_files <= edge else 'isjO2'
    return s


def xboard_fen(variant: Variant, fen: str) -> str:
    """``fen`` as XBoard reads it: ranks of 10-rank boards are 0-based only in
    moves and squares, so only the e.p. square needs converting."""
    fields = fen.split()
    if rank_base(variant) == 0 and len(fields) > 3 and fields[3] != '-':
        f, r = fields[3][0], int(fields[3][1:])
        fields[3] = f'{f}{r - 1}'
    return ' '.join(fields)


def rank_base(variant: Variant) -> int:
    """XBoard numbers the ranks of a 10-rank board 0-9, all others from 1."""
    return 0 if variant.ranks == 10 else 1


def variants_feature(registry: Registry) -> str:
    """The ``variants`` feature: every variant of ``registry`` under XBoard's name for it."""
    return ','.join(xboard_name(v) for v in registry.variants())
