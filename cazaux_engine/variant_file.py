"""A user's variant file, read and checked as a file.

The format (documented with a worked example in ``docs/variants.md``) is a
JSON object::

    {"pieces":   {NAME: {"letter": "X", "betza": "...", "value": 300}, ...},
     "variants": {NAME: {...a record as in variants.VARIANT_DATA...}, ...}}

``pieces`` is optional and adds to the piece library; a record may start
from a built-in variant, from a variant of a file loaded before, or from
another variant of the same file with ``"parent"`` and override any field.

This module reads the file and checks what belongs to the file: its size,
its encoding, its JSON, its two keys and its piece entries.  The records
are checked where every record is, by
:func:`cazaux_engine.variants.build_variant`, when a
:class:`cazaux_engine.registry.Registry` loads the file (all or nothing).

>>> import json, tempfile, os
>>> with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
...     json.dump({'pieces': {'wazir': {'letter': 'w', 'betza': 'W'}}, 'variants': {}}, f)
>>> read(f.name).pieces
{'wazir': {'letter': 'W', 'betza': 'W', 'value': 300}}
>>> os.unlink(f.name)
"""
from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass

from .variants import VariantError, an_object, describe

MAX_FILE_BYTES = 1 << 20          # a variant file is a few kilobytes; refuse anything huge

PIECE_FIELDS = ('letter', 'betza', 'value')
DEFAULT_PIECE_VALUE = 300          # centipawns, for a file's piece without "value"


@dataclass(frozen=True)
class VariantFile:
    """What a variant file holds: its checked pieces and its raw records."""
    path: str
    pieces: dict
    variants: dict


def check_piece(name: str, rec) -> dict:
    """A file's piece entry, checked; ``value`` filled in when left out."""
    where = f'piece {name!r}'
    an_object(rec, where)
    for k in rec:
        if k not in PIECE_FIELDS:
            raise VariantError(f'{where}: unknown field {k!r} (known: {", ".join(PIECE_FIELDS)})')
    letter = rec.get('letter')
    if not (isinstance(letter, str) and len(letter) == 1 and letter.isascii() and letter.isalpha()):
        raise VariantError(f'{where}: field \'letter\' must be one letter a-z, not {describe(letter)}')
    betza = rec.get('betza')
    if not isinstance(betza, str) or not betza:
        raise VariantError(f'{where}: field \'betza\' must be a Betza string, not {describe(betza)}')
    value = rec.get('value', DEFAULT_PIECE_VALUE)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100_000:
        raise VariantError(f'{where}: field \'value\' must be centipawns 0..100000, not {describe(value)}')
    return {'letter': letter.upper(), 'betza': betza, 'value': value}


def read_json(path: str) -> dict:
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


def read(path: str) -> VariantFile:
    """The variant file at ``path``, its pieces checked (VariantError,
    prefixed with the path, when it is not a variant file)."""
    data = read_json(path)
    try:
        pieces = an_object(data.get('pieces', {}), '"pieces"')
        return VariantFile(path, {pn: check_piece(pn, rec) for pn, rec in pieces.items()},
                           dict(data['variants']))
    except VariantError as e:
        raise VariantError(f'{path}: {e}') from None
