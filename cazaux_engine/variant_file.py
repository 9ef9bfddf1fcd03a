"""A user's variant file: checked whole, then registered all at once.

The format (documented with a worked example in ``docs/variants.md``) is a
JSON object::

    {"pieces":   {NAME: {"letter": "X", "betza": "...", "value": 300}, ...},
     "variants": {NAME: {...a record as in variants.VARIANT_DATA...}, ...}}

``pieces`` is optional and adds to the piece library; a record may start
from a built-in variant, from a variant of a file loaded before, or from
another variant of the same file with ``"parent"`` and override any field.

Every error names the file, the variant (or piece) and the field, and
nothing is registered unless the whole file is good: the variants known
before stay as they were.

>>> import json, tempfile, os
>>> with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
...     json.dump({'variants': {'nojump': {'parent': 'zanzibar-s', 'king_jump': 1}}}, f)
>>> try:
...     load(f.name, register=False)
... except VariantError as e:
...     print(str(e).split(': ', 1)[1])
variant 'nojump': field 'king_jump' must be true or false, not 1
>>> os.unlink(f.name)
"""
from __future__ import annotations

import json
import os
import stat
from typing import Any

from .pieces import PIECES
from .variants import (DEFAULTS, VARIANT_DATA, VARIANTS, Variant, VariantError, _resolve,
                       build_variant)

MAX_FILE_BYTES = 1 << 20          # a variant file is a few kilobytes; refuse anything huge

FIELDS = ('parent', 'files', 'ranks', 'pieces', 'values', 'start', 'double_step',
          'en_passant', 'promotion', 'piece_promotions', 'pawn_like', 'king_jump',
          'castling', 'stalemate', 'bare_king', 'setup')
PIECE_FIELDS = ('letter', 'betza', 'value')
DEFAULT_PIECE_VALUE = 300          # centipawns, for a file's piece without "value"

# raw records of the variants loaded from files (parents for later files)
USER_DATA: dict[str, dict[str, Any]] = {}
# pieces added by files (a later file may use them by name)
USER_PIECES: dict[str, dict[str, Any]] = {}


def _kind(x) -> str:
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


def _names(x, what: str) -> list[str]:
    if not isinstance(x, list) or not all(isinstance(s, str) for s in x):
        raise VariantError(f'{what} must be an array of piece names, not {_kind(x)}')
    return x


def _object(x, what: str) -> dict:
    if not isinstance(x, dict):
        raise VariantError(f'{what} must be an object, not {_kind(x)}')
    return x


def check_piece(name: str, rec) -> dict:
    """A file's piece entry, checked; ``value`` filled in when left out."""
    where = f'piece {name!r}'
    _object(rec, where)
    for k in rec:
        if k not in PIECE_FIELDS:
            raise VariantError(f'{where}: unknown field {k!r} (known: {", ".join(PIECE_FIELDS)})')
    letter = rec.get('letter')
    if not (isinstance(letter, str) and len(letter) == 1 and letter.isascii() and letter.isalpha()):
        raise VariantError(f'{where}: field \'letter\' must be one letter a-z, not {_kind(letter)}')
    betza = rec.get('betza')
    if not isinstance(betza, str) or not betza:
        raise VariantError(f'{where}: field \'betza\' must be a Betza string, not {_kind(betza)}')
    value = rec.get('value', DEFAULT_PIECE_VALUE)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100_000:
        raise VariantError(f'{where}: field \'value\' must be centipawns 0..100000, not {_kind(value)}')
    return {'letter': letter.upper(), 'betza': betza, 'value': value}


def check_record(name: str, rec) -> None:
    """The shape of a record as the file gives it: an object of known fields."""
    if not isinstance(rec, dict):
        raise VariantError(f'variant {name!r} must be an object, not {_kind(rec)}')
    for k in rec:
        if k not in FIELDS:
            raise VariantError(f'variant {name!r}: unknown field {k!r} (known: {", ".join(FIELDS)})')
    if 'parent' in rec and not isinstance(rec['parent'], str):
        raise VariantError(f"variant {name!r}: field 'parent' must be a variant name, "
                           f"not {_kind(rec['parent'])}")


def check_fields(name: str, rec: dict) -> None:
    """Types of the fields of a resolved record (values are checked by
    :func:`cazaux_engine.variants.build_variant`)."""
    where = f'variant {name!r}'

    def field(key):
        return f"{where}: field '{key}'"

    for key in ('files', 'ranks'):
        x = rec.get(key)
        if key in rec and (isinstance(x, bool) or not isinstance(x, int)):
            raise VariantError(f'{field(key)} must be a whole number, not {_kind(x)}')
    if 'pieces' in rec:
        _names(rec['pieces'], field('pieces'))
    if 'start' in rec and not isinstance(rec['start'], str):
        raise VariantError(f'{field("start")} must be a FEN string, not {_kind(rec["start"])}')
    values = _object(rec.get('values', {}), field('values'))
    for pn, x in values.items():
        if isinstance(x, bool) or not isinstance(x, int):
            raise VariantError(f'{field("values")}: {pn!r} must be centipawns, not {_kind(x)}')
    _object(rec.get('double_step', {}), field('double_step'))
    _object(rec.get('piece_promotions', {}), field('piece_promotions'))
    for key, parts in (('en_passant', ('victims', 'capturers')), ('promotion', ('pieces', 'choices'))):
        x = _object(rec.get(key, DEFAULTS[key]), field(key))
        for k in x:
            if k not in parts:
                raise VariantError(f'{field(key)}: unknown key {k!r} (known: {", ".join(parts)})')
        for k in parts:
            _names(x.get(k, []), f'{field(key)}: {k!r}')
    if 'pawn_like' in rec:
        _names(rec['pawn_like'], field('pawn_like'))
    if not isinstance(rec.get('king_jump', False), bool):
        raise VariantError(f'{field("king_jump")} must be true or false, not {_kind(rec["king_jump"])}')
    castling = rec.get('castling', [])
    if not isinstance(castling, list):
        raise VariantError(f'{field("castling")} must be an array, not {_kind(castling)}')
    keys = ('right', 'king', 'king_to', 'rook', 'rook_to')
    for k, c in enumerate(castling, 1):
        _object(c, f'{field("castling")}: entry {k}')
        for key in keys:
            if not isinstance(c.get(key), str):
                raise VariantError(f'{field("castling")}: entry {k} needs {key!r} '
                                   f'(a square name; right: one letter)')
        if len(c['right']) != 1 or not c['right'].isalpha():
            raise VariantError(f'{field("castling")}: entry {k}: right must be one letter')
    setup = rec.get('setup')
    if setup is not None:
        _object(setup, field('setup'))
        if not isinstance(setup.get('king_file'), str) or not isinstance(setup.get('groups'), list):
            raise VariantError(f'{field("setup")} needs "king_file" (a letter) and "groups" (an array)')
        for k, g in enumerate(setup['groups'], 1):
            _object(g, f'{field("setup")}: group {k}')
            _names(g.get('pieces'), f'{field("setup")}: group {k}: "pieces"')
            _names(g.get('squares'), f'{field("setup")}: group {k}: "squares"')


def read(path: str) -> dict:
    """The JSON object of a variant file (VariantError when it cannot be read)."""
    if '\0' in path:                     # no file can have that name (os.stat raises ValueError)
        raise VariantError(f'cannot read {path!r}: a file name has no NUL character')
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):     # a pipe or device could block
            raise VariantError(f'{path}: not a regular file')
        with open(path, 'rb') as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise VariantError(f'cannot read {path}: {e.strerror or e}') from None
    if len(raw) > MAX_FILE_BYTES:
        raise VariantError(f'{path}: larger than {MAX_FILE_BYTES} bytes; not a variant file')
    try:
        data = json.loads(raw.decode('utf-8'))
    except UnicodeDecodeError:
        raise VariantError(f'{path}: not UTF-8 text') from None
    except json.JSONDecodeError as e:
        raise VariantError(f'{path}: not valid JSON: {e}') from None
    except RecursionError:
        raise VariantError(f'{path}: not valid JSON: nested too deeply') from None
    if not isinstance(data, dict) or not isinstance(data.get('variants'), dict):
        raise VariantError(f'{path}: expected an object with a "variants" object')
    for k in data:
        if k not in ('pieces', 'variants'):
            raise VariantError(f'{path}: unknown top-level key {k!r} (known: pieces, variants)')
    return data


def build(name: str, table: dict, library: dict) -> Variant:
    """Resolve, check and build one variant; its start FEN must parse and
    its rules compile."""
    from .fen import FenError, parse_fen          # (fen imports this module's users)
    from .rules import compile_rules
    resolved = _resolve(name, table)
    check_fields(name, resolved)
    promo = resolved.get('promotion', {})
    pp = resolved.get('piece_promotions', {})
    if 'king' in [*promo.get('pieces', []), *promo.get('choices', []), *pp, *pp.values()]:
        raise VariantError(f"variant {name!r}: the King neither promotes nor is promoted to")
    v = build_variant(name, resolved, library)
    try:
        compile_rules(v)
    except ValueError as e:
        raise VariantError(f'variant {name!r}: {e}') from None
    try:
        parse_fen(v, v.start)
    except FenError as e:
        raise VariantError(f"variant {name!r}: field 'start': {e}") from None
    return v


def load(path: str, register: bool = True) -> dict[str, Variant]:
    """Check every variant of the file at ``path``; with ``register`` make
    them known to :func:`cazaux_engine.variants.get_variant`.  Raises
    VariantError (prefixed with the path) and then changes nothing."""
    data = read(path)
    try:
        library = dict(PIECES)
        library.update(USER_PIECES)
        pieces = _object(data.get('pieces', {}), '"pieces"')
        new_pieces = {pn: check_piece(pn, rec) for pn, rec in pieces.items()}
        library.update(new_pieces)
        for n in data['variants']:
            if n in VARIANT_DATA:
                raise VariantError(f'variant {n!r} is built in; derive from it with '
                                   f'"parent" under another name')
            if not n or any(c.isspace() for c in n) or not n.isprintable():
                raise VariantError(f'variant name {n!r}: no spaces or control characters')
            check_record(n, data['variants'][n])
        table = dict(VARIANT_DATA)
        table.update(USER_DATA)
        table.update(data['variants'])
        out = {n: build(n, table, library) for n in data['variants']}
    except VariantError as e:
        raise VariantError(f'{path}: {e}') from None
    if register:
        USER_PIECES.update(new_pieces)
        USER_DATA.update(data['variants'])
        VARIANTS.update(out)
    return out


def user_variant_names() -> list[str]:
    """Names of the variants loaded from files, in loading order."""
    return [n for n in VARIANTS if n not in VARIANT_DATA]
