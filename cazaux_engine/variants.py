"""Variants as data.

:data:`VARIANT_DATA` is the one table of every rule that differs between the
games of docs/rules.md.  It is plain JSON-compatible data: a user file in the same
format (see :mod:`cazaux_engine.variant_file`) can add variants or derive new ones
from these with ``"parent"``.  :class:`Variant` is the checked, typed form the
rest of the engine uses; nothing outside this module branches on a variant's
name.  :func:`build_variant` is the one place where a record is checked,
whether it is built in or comes from a file; which variants a program knows
is a :class:`cazaux_engine.registry.Registry`.

Fields of a variant record (squares and ranks are from White's side; Black's
are mirrored across the middle rank):

``files``, ``ranks``
    board size.
``pieces``
    names from :data:`cazaux_engine.pieces.PIECES` (or the file's own
    ``pieces``); the first must be ``king``.
``values``
    per-piece value overrides in centipawns (the evaluation's fitted values,
    :mod:`search.tuned`, override these in turn for the search).
``start``
    the default start FEN.
``double_step``
    ``{piece: "any" | RANK}``: which pawn-like pieces may make a
    non-capturing double step straight forward, from any rank or only from
    rank RANK (1-based).
``en_passant``
    ``{"victims": [...], "capturers": [...]}``.
``promotion``
    ``{"pieces": [...], "choices": [...]}``: who promotes on the last rank
    and to what.
``piece_promotions``
    ``{piece: piece}`` compulsory one-choice promotions on the last rank.
``pawn_like``
    pieces whose moves reset the 50-move counter.
``king_jump``
    the Zanzibar King's jump (docs/rules.md, "King's jump").
``castling``
    list of ``{"right": "K", "king": "e1", "king_to": "g1", "rook": "h1",
    "rook_to": "f1"}`` for White (Black mirrored, right in lower case).
``stalemate``
    ``"draw"`` or ``"loss"`` (for the stalemated side).
``bare_king``
    ``"draw"`` (two bare Kings draw) or ``"shatranj"`` (a bare King loses
    unless it bares the other King at once, which draws).
``setup``
    Black's choice of placement, mirrored for White:
    ``{"groups": [{"squares": [...], "pieces": [...]}, ...], "king_file": "f"}``.
    Each group's pieces are permuted over its squares in
    ``itertools.permutations`` order of the listed pieces, keeping the King
    on ``king_file``; groups combine with the first varying slowest.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import betza as betza_mod
from .pieces import PIECES

ZANZIBAR_ARMY = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn', 'eagle',
                 'rhinoceros', 'lion', 'buffalo', 'prince', 'camel', 'giraffe',
                 'cannon', 'crocodile', 'elephant', 'machine']

VARIANT_DATA: dict[str, dict[str, Any]] = {
    'chess': {
        'files': 8, 'ranks': 8,
        'pieces': ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'],
        'values': {'queen': 900, 'bishop': 325, 'knight': 300},
        'start': 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
        'double_step': {'pawn': 2},
        'en_passant': {'victims': ['pawn'], 'capturers': ['pawn']},
        'promotion': {'pieces': ['pawn'], 'choices': ['queen', 'rook', 'bishop', 'knight']},
        'castling': [
            {'right': 'K', 'king': 'e1', 'king_to': 'g1', 'rook': 'h1', 'rook_to': 'f1'},
            {'right': 'Q', 'king': 'e1', 'king_to': 'c1', 'rook': 'a1', 'rook_to': 'd1'},
        ],
    },
    'pemba': {
        'files': 10, 'ranks': 10,
        'pieces': ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn', 'elephant',
                   'cannon', 'camel', 'giraffe', 'crocodile', 'machine'],
        'values': {'queen': 900, 'camel': 250, 'elephant': 275, 'knight': 300, 'machine': 325},
        'start': 'cmvzwwzvmc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CMVZWWZVMC w KQkq - 0 1',
        'double_step': {'pawn': 3},
        'en_passant': {'victims': ['pawn'], 'capturers': ['pawn']},
        'promotion': {'pieces': ['pawn'],
                      'choices': ['queen', 'rook', 'bishop', 'knight', 'elephant', 'cannon',
                                  'camel', 'giraffe', 'crocodile', 'machine']},
        'castling': [
            {'right': 'K', 'king': 'f2', 'king_to': 'h2', 'rook': 'i2', 'rook_to': 'g2'},
            {'right': 'Q', 'king': 'f2', 'king_to': 'd2', 'rook': 'b2', 'rook_to': 'e2'},
        ],
    },
    'zanzibar-s': {
        'files': 12, 'ranks': 12,
        'pieces': ZANZIBAR_ARMY,
        'values': {'queen': 900},
        'start': 'cmzvfqkuvzmc/ernbwlgwbnre/ppppippipppp/12/12/12/12/12/12/'
                 'PPPPIPPIPPPP/ERNBWLGWBNRE/CMZVFQKUVZMC w Kk - 0 1',
        'double_step': {'pawn': 'any', 'prince': 'any'},
        'en_passant': {'victims': ['pawn', 'prince'], 'capturers': ['pawn']},
        'promotion': {'pieces': ['pawn', 'prince'],
                      'choices': ['queen', 'eagle', 'lion', 'rhinoceros', 'buffalo']},
        'king_jump': True,
        'setup': {'king_file': 'f', 'groups': [
            {'squares': ['f1', 'g1', 'f2', 'g2'], 'pieces': ['king', 'queen', 'eagle', 'lion']},
            {'squares': ['e1', 'h1'], 'pieces': ['rhinoceros', 'buffalo']},
        ]},
    },
    'zanzibar-s-promo': {
        'parent': 'zanzibar-s',
        'piece_promotions': {'knight': 'buffalo', 'camel': 'buffalo', 'giraffe': 'buffalo',
                             'elephant': 'lion', 'machine': 'lion'},
    },
    'zanzibar-xl': {
        'files': 12, 'ranks': 12,
        'pieces': ZANZIBAR_ARMY + ['duchess', 'sorceress'],
        'start': 'cmzvfqkuvzmc/ernbslgdbnre/ppppiwwipppp/4pppp4/12/12/12/12/'
                 '4PPPP4/PPPPIWWIPPPP/ERNBSLGDBNRE/CMZVFQKUVZMC w Kk - 0 1',
        'double_step': {'pawn': 'any', 'prince': 'any'},
        'en_passant': {'victims': ['pawn', 'prince'], 'capturers': ['pawn']},
        'promotion': {'pieces': ['pawn', 'prince'],
                      'choices': ['queen', 'eagle', 'lion', 'duchess', 'sorceress',
                                  'rhinoceros', 'buffalo']},
        'king_jump': True,
        'setup': {'king_file': 'f', 'groups': [
            {'squares': ['f1', 'g1', 'f2', 'g2'], 'pieces': ['king', 'queen', 'eagle', 'lion']},
            {'squares': ['e1', 'h1', 'e2', 'h2'],
             'pieces': ['rhinoceros', 'buffalo', 'duchess', 'sorceress']},
        ]},
    },
    'maasai': {
        'files': 12, 'ranks': 12,
        'pieces': ZANZIBAR_ARMY + ['duchess', 'sorceress', 'maasai'],
        'start': 'cmzvfqkuvzmc/ernbslgdbnre/aaaaiwwiaaaa/pppppppppppp/12/12/12/12/'
                 'PPPPPPPPPPPP/AAAAIWWIAAAA/ERNBSLGDBNRE/CMZVFQKUVZMC w Kk - 0 1',
        'double_step': {'pawn': 4, 'maasai': 'any', 'prince': 3},
        'en_passant': {'victims': ['pawn', 'maasai', 'prince'], 'capturers': ['pawn', 'maasai']},
        'promotion': {'pieces': ['pawn', 'maasai', 'prince'],
                      'choices': ['queen', 'eagle', 'lion', 'sorceress', 'duchess',
                                  'rhinoceros', 'buffalo']},
        'pawn_like': ['pawn', 'maasai'],
        'king_jump': True,
        'setup': {'king_file': 'f', 'groups': [
            {'squares': ['e1', 'f1', 'g1', 'h1', 'e2', 'f2', 'g2', 'h2'],
             'pieces': ['rhinoceros', 'king', 'queen', 'buffalo', 'duchess', 'eagle',
                        'lion', 'sorceress']},
        ]},
    },
    'oblong44': {
        'files': 4, 'ranks': 11,
        'pieces': ['king', 'ferz', 'alfil', 'knight', 'dabbaba', 'pawn'],
        'values': {'knight': 300},
        'start': 'ekfe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE w - - 0 1',
        'promotion': {'pieces': ['pawn'], 'choices': ['ferz']},
        'stalemate': 'loss',
        'bare_king': 'shatranj',
    },
}

DEFAULTS: dict[str, Any] = {
    'values': {}, 'double_step': {}, 'en_passant': {'victims': [], 'capturers': []},
    'promotion': {'pieces': [], 'choices': []}, 'piece_promotions': {},
    'king_jump': False, 'castling': [], 'stalemate': 'draw',
    'bare_king': 'draw', 'setup': None,
}

# the fields a record may have ('parent' only before it is resolved)
FIELDS = ('parent', 'files', 'ranks', 'pieces', 'values', 'start', 'double_step',
          'en_passant', 'promotion', 'piece_promotions', 'pawn_like', 'king_jump',
          'castling', 'stalemate', 'bare_king', 'setup')


class VariantError(ValueError):
    """A variant record that is inconsistent or unknown."""


@dataclass(frozen=True)
class PieceType:
    """One piece of a variant's army."""
    name: str
    letter: str          # upper-case FEN letter
    betza: str           # moves shared by all variants (see pieces.py)
    value: int           # centipawns
    atoms: tuple = field(repr=False, compare=False, default=())


def square_index(name: str, files: int, ranks: int) -> tuple[int, int]:
    """'e1' -> (4, 0) (file, rank), checked against the board size."""
    if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
        raise VariantError(f'bad square name {name!r}')
    f = ord(name[0].lower()) - ord('a')
    r = int(name[1:]) - 1
    if not (0 <= f < files and 0 <= r < ranks):
        raise VariantError(f'square {name!r} is off a {files}x{ranks} board')
    return f, r


@dataclass(frozen=True)
class Variant:
    """A checked variant record; see the module docstring for the fields."""
    name: str
    files: int
    ranks: int
    pieces: tuple[PieceType, ...]
    start: str
    double_step: dict
    ep_victims: frozenset
    ep_capturers: frozenset
    promoters: frozenset
    promotion_choices: tuple
    piece_promotions: dict
    pawn_like: frozenset
    king_jump: bool
    castling: tuple
    stalemate: str
    bare_king: str
    setup: dict | None

    def piece(self, name: str) -> PieceType:
        for p in self.pieces:
            if p.name == name:
                return p
        raise KeyError(name)

    def letter(self, name: str) -> str:
        return self.piece(name).letter


def resolve(name: str, table: dict, seen: tuple = ()) -> dict:
    """The record ``table[name]`` with its ``parent`` chain merged in (the
    child's fields win); VariantError for an unknown parent or a cycle."""
    rec = table[name]
    check_record(name, rec)
    if 'parent' not in rec:
        return rec
    par = rec['parent']
    if par in seen or par == name:
        chain = ' -> '.join(seen + (name, par))
        raise VariantError(f'variant {(seen or (name,))[0]!r}: parent cycle {chain}')
    if par not in table:
        raise VariantError(f'variant {name!r}: unknown parent {par!r}')
    out = dict(resolve(par, table, seen + (name,)))
    out.update({k: v for k, v in rec.items() if k != 'parent'})
    return out


# -- checking a record ------------------------------------------------------------------

def describe(x) -> str:
    """How a JSON value is called in messages."""
    if isinstance(x, bool):
        return 'true' if x else 'false'
    if x is None:
        return 'null'
    if isinstance(x, (int, float)):
        return repr(x)
    if isinstance(x, str):
        return repr(x) if len(x) <= 40 else repr(x[:40] + '...')
    return 'an array' if isinstance(x, list) else 'an object'


def names_list(x, what: str) -> list[str]:
    """``x`` checked to be an array of names."""
    if not isinstance(x, list) or not all(isinstance(s, str) for s in x):
        raise VariantError(f'{what} must be an array of piece names, not {describe(x)}')
    return x


def an_object(x, what: str) -> dict:
    """``x`` checked to be an object."""
    if not isinstance(x, dict):
        raise VariantError(f'{what} must be an object, not {describe(x)}')
    return x


def check_record(name: str, rec) -> None:
    """The shape of a record as written: an object of known fields."""
    if not isinstance(rec, dict):
        raise VariantError(f'variant {name!r} must be an object, not {describe(rec)}')
    for k in rec:
        if k not in FIELDS:
            raise VariantError(f'variant {name!r}: unknown field {k!r} (known: {", ".join(FIELDS)})')
    if 'parent' in rec and not isinstance(rec['parent'], str):
        raise VariantError(f"variant {name!r}: field 'parent' must be a variant name, "
                           f"not {describe(rec['parent'])}")


def check_types(name: str, rec: dict) -> None:
    """The JSON types of the fields of a resolved record."""
    where = f'variant {name!r}'

    def fld(key):
        return f"{where}: field '{key}'"

    for key in ('files', 'ranks'):
        x = rec.get(key)
        if key in rec and (isinstance(x, bool) or not isinstance(x, int)):
            raise VariantError(f'{fld(key)} must be a whole number, not {describe(x)}')
    if 'pieces' in rec:
        names_list(rec['pieces'], fld('pieces'))
    if 'start' in rec and not isinstance(rec['start'], str):
        raise VariantError(f'{fld("start")} must be a FEN string, not {describe(rec["start"])}')
    values = an_object(rec.get('values', {}), fld('values'))
    for pn, x in values.items():
        if isinstance(x, bool) or not isinstance(x, int):
            raise VariantError(f'{fld("values")}: {pn!r} must be centipawns, not {describe(x)}')
    an_object(rec.get('double_step', {}), fld('double_step'))
    an_object(rec.get('piece_promotions', {}), fld('piece_promotions'))
    for key, parts in (('en_passant', ('victims', 'capturers')), ('promotion', ('pieces', 'choices'))):
        x = an_object(rec.get(key, DEFAULTS[key]), fld(key))
        for k in x:
            if k not in parts:
                raise VariantError(f'{fld(key)}: unknown key {k!r} (known: {", ".join(parts)})')
        for k in parts:
            names_list(x.get(k, []), f'{fld(key)}: {k!r}')
    if 'pawn_like' in rec:
        names_list(rec['pawn_like'], fld('pawn_like'))
    if not isinstance(rec.get('king_jump', False), bool):
        raise VariantError(f'{fld("king_jump")} must be true or false, not {describe(rec["king_jump"])}')
    castling = rec.get('castling', [])
    if not isinstance(castling, list):
        raise VariantError(f'{fld("castling")} must be an array, not {describe(castling)}')
    for k, c in enumerate(castling, 1):
        an_object(c, f'{fld("castling")}: entry {k}')
        for key in ('right', 'king', 'king_to', 'rook', 'rook_to'):
            if not isinstance(c.get(key), str):
                raise VariantError(f'{fld("castling")}: entry {k} needs {key!r} '
                                   f'(a square name; right: one letter)')
        if len(c['right']) != 1 or not c['right'].isalpha():
            raise VariantError(f'{fld("castling")}: entry {k}: right must be one letter')
    setup = rec.get('setup')
    if setup is not None:
        an_object(setup, fld('setup'))
        if not isinstance(setup.get('king_file'), str) or not isinstance(setup.get('groups'), list):
            raise VariantError(f'{fld("setup")} needs "king_file" (a letter) and "groups" (an array)')
        for k, g in enumerate(setup['groups'], 1):
            an_object(g, f'{fld("setup")}: group {k}')
            names_list(g.get('pieces'), f'{fld("setup")}: group {k}: "pieces"')
            names_list(g.get('squares'), f'{fld("setup")}: group {k}: "squares"')


def build_army(name: str, names: list, values: dict, library: dict) -> tuple[PieceType, ...]:
    """The army of a variant: its pieces from the library, values overridden."""
    if not names or names[0] != 'king':
        raise VariantError(f'variant {name!r}: the first piece must be king')
    army = []
    letters = set()
    for pn in names:
        if pn not in library:
            raise VariantError(f'variant {name!r}: unknown piece {pn!r}')
        d = library[pn]
        letter = d['letter'].upper()
        if len(letter) != 1 or not letter.isalpha():
            raise VariantError(f'piece {pn!r}: letter must be one letter')
        if letter in letters:
            raise VariantError(f'variant {name!r}: letter {letter} used twice')
        letters.add(letter)
        try:
            atoms = tuple(betza_mod.parse(d['betza']))
        except betza_mod.BetzaError as e:
            raise VariantError(f'piece {pn!r}: {e}') from None
        army.append(PieceType(pn, letter, d['betza'], int(values.get(pn, d['value'])), atoms))
    return tuple(army)


def build_variant(name: str, rec: dict, library: dict | None = None) -> Variant:
    """Check a resolved variant record and return a :class:`Variant`.

    This is the one check of a record, built-in or from a file: the JSON
    types of its fields (:func:`check_types`), then what they name, field by
    field (the board, the army, the moves and promotions, castling, the
    game's end, the setup).  ``library`` is the piece library (default:
    :data:`PIECES`).
    """
    library = library or PIECES
    check_types(name, rec)
    r = dict(DEFAULTS)
    r.update(rec)
    files, ranks = board_size(name, r)
    promo, pp = r['promotion'], dict(r['piece_promotions'])
    if 'king' in [*promo.get('pieces', []), *promo.get('choices', []), *pp, *pp.values()]:
        raise VariantError(f"variant {name!r}: the King neither promotes nor is promoted to")
    army = build_army(name, list(r['pieces']), r['values'], library)
    known = {p.name for p in army}
    pawn_like = r.get('pawn_like', [p for p in ('pawn',) if p in known])
    ds = double_steps(name, r['double_step'], known, ranks)
    ep = r['en_passant']
    in_army(name, known, promo['choices'], 'promotion')
    in_army(name, known, pp, 'piece_promotions')
    in_army(name, known, pp.values(), 'piece_promotions')
    castling = castlings(r['castling'], files, ranks)
    check_game_end(name, r)
    check_setup(name, r['setup'], known, files, ranks)
    return Variant(
        name=name, files=files, ranks=ranks, pieces=army, start=r['start'],
        double_step=ds, ep_victims=in_army(name, known, ep.get('victims', []), 'en_passant'),
        ep_capturers=in_army(name, known, ep.get('capturers', []), 'en_passant'),
        promoters=in_army(name, known, promo.get('pieces', []), 'promotion'),
        promotion_choices=tuple(promo.get('choices', [])),
        piece_promotions=pp, pawn_like=in_army(name, known, pawn_like, 'pawn_like'),
        king_jump=bool(r['king_jump']), castling=castling,
        stalemate=r['stalemate'], bare_king=r['bare_king'], setup=r['setup'])


def board_size(name: str, r: dict) -> tuple[int, int]:
    """(files, ranks) of a record, which must have the fields every variant needs."""
    for key in ('files', 'ranks', 'pieces', 'start'):
        if key not in r:
            raise VariantError(f'variant {name!r}: missing {key!r}')
    files, ranks = r['files'], r['ranks']
    if not (1 <= files <= 16 and 3 <= ranks <= 16):
        raise VariantError(f'variant {name!r}: board {files}x{ranks} not supported (files 1-16, ranks 3-16)')
    return files, ranks


def in_army(name: str, known: set, names_, what: str) -> frozenset:
    """``names_`` (pieces named by the field ``what``), checked to be in the army."""
    for x in names_:
        if x not in known:
            raise VariantError(f'variant {name!r}: {what} names {x!r}, not in its army')
    return frozenset(names_)


def double_steps(name: str, field_: dict, known: set, ranks: int) -> dict:
    """The ``double_step`` field checked: pieces of the army, ``"any"`` or a rank each."""
    ds = dict(field_)
    in_army(name, known, ds, 'double_step')
    for pn, rule in ds.items():
        if rule != 'any' and not (isinstance(rule, int) and 1 <= rule <= ranks):
            raise VariantError(f'variant {name!r}: double_step of {pn} must be "any" or a rank')
    return ds


def castlings(entries: list, files: int, ranks: int) -> tuple[dict, ...]:
    """The ``castling`` entries, their squares checked to be on the board."""
    out = []
    for c in entries:
        for k in ('king', 'king_to', 'rook', 'rook_to'):
            square_index(c[k], files, ranks)
        out.append(dict(c))
    return tuple(out)


def check_game_end(name: str, r: dict) -> None:
    """The ``stalemate`` and ``bare_king`` rules are among those the engine knows."""
    if r['stalemate'] not in ('draw', 'loss'):
        raise VariantError(f'variant {name!r}: stalemate must be "draw" or "loss"')
    if r['bare_king'] not in ('draw', 'shatranj'):
        raise VariantError(f'variant {name!r}: bare_king must be "draw" or "shatranj"')


def check_setup(name: str, setup: dict | None, known: set, files: int, ranks: int) -> None:
    """Each setup group places pieces of the army, one per square of the board."""
    if not setup:
        return
    for g in setup['groups']:
        in_army(name, known, g['pieces'], 'setup')
        if len(g['pieces']) != len(g['squares']):
            raise VariantError(f'variant {name!r}: a setup group needs one square per piece')
        for s in g['squares']:
            square_index(s, files, ranks)


VARIANT_NAMES: tuple[str, ...] = tuple(VARIANT_DATA)

_builtin: dict[str, Variant] = {}


def get_variant(name: str) -> Variant:
    """The built-in variant called ``name`` (built on first use).  Variants
    of files are known to a :class:`cazaux_engine.registry.Registry`."""
    v = _builtin.get(name)
    if v is None:
        if name not in VARIANT_DATA:
            raise VariantError(f'unknown variant {name!r} (known: {", ".join(VARIANT_NAMES)})')
        v = _builtin[name] = build_variant(name, resolve(name, VARIANT_DATA))
    return v
