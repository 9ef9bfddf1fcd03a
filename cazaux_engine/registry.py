"""Which variants a program knows: the built-in ones and those of the files it loaded.

A :class:`Registry` is an ordinary object that its owner passes on: the
command line makes one and loads ``--variants FILE`` into it, a protocol
session keeps one in its options (``VariantPath`` loads into it), the match
runner and bench take one.  Loading a file changes that registry and no
other: nothing is registered behind anyone's back, and the built-in
variants (:func:`cazaux_engine.variants.get_variant`) never change.

>>> r = Registry()
>>> r.get('pemba').files, 'shako' in r
(10, False)
>>> r.names()[:3]
['chess', 'pemba', 'zanzibar-s']

A file is checked whole before anything of it is kept: every record as
:func:`cazaux_engine.variants.build_variant` checks records, its rules
compiled and its start position read.  A bad file raises VariantError
(prefixed with its path) and leaves the registry as it was.
"""
from __future__ import annotations

from .fen import FenError, parse_fen
from .pieces import PIECES
from .rules import compile_rules
from .variant_file import read
from .variants import VARIANT_DATA, VARIANT_NAMES, Variant, VariantError, build_variant, \
    get_variant, resolve


class Registry:
    """The built-in variants and those loaded from files into this registry."""

    def __init__(self) -> None:
        self._records: dict[str, dict] = {}      # raw records of the files' variants (parents)
        self._pieces: dict[str, dict] = {}       # pieces the files added to the library
        self._variants: dict[str, Variant] = {}  # the files' variants, in loading order

    def __contains__(self, name: str) -> bool:
        return name in VARIANT_DATA or name in self._variants

    def get(self, name: str) -> Variant:
        """The variant called ``name`` (VariantError if this registry does not know it)."""
        v = self._variants.get(name)
        if v is not None:
            return v
        if name in VARIANT_DATA:
            return get_variant(name)
        raise VariantError(f'unknown variant {name!r} (known: {", ".join(self.names())})')

    def names(self) -> list[str]:
        """Every variant name: the built-in ones, then those of files in loading order."""
        return list(VARIANT_NAMES) + self.user_names()

    def user_names(self) -> list[str]:
        """The names of the variants loaded from files, in loading order."""
        return list(self._variants)

    def variants(self) -> list[Variant]:
        """Every variant (see :meth:`names`)."""
        return [self.get(n) for n in self.names()]

    def load_file(self, path: str) -> dict[str, Variant]:
        """Load the variants of the file at ``path`` (docs/variants.md) and
        return them by name.  Their ``parent`` may be a built-in variant, a
        variant of a file loaded before, or one of the same file; loading a
        file again replaces its variants.  VariantError: nothing changes."""
        f = read(path)
        try:
            for n, rec in f.variants.items():
                if n in VARIANT_DATA:
                    raise VariantError(f'variant {n!r} is built in; derive from it with '
                                       f'"parent" under another name')
                if not n or any(c.isspace() for c in n) or not n.isprintable():
                    raise VariantError(f'variant name {n!r}: no spaces or control characters')
            library = {**PIECES, **self._pieces, **f.pieces}
            table = {**VARIANT_DATA, **self._records, **f.variants}
            new = {n: prove(build_variant(n, resolve(n, table), library)) for n in f.variants}
        except VariantError as e:
            raise VariantError(f'{path}: {e}') from None
        self._pieces.update(f.pieces)
        self._records.update(f.variants)
        self._variants.update(new)
        return new


def prove(v: Variant) -> Variant:
    """``v`` once its rules compile and its start position reads (VariantError)."""
    try:
        compile_rules(v)
    except ValueError as e:
        raise VariantError(f'variant {v.name!r}: {e}') from None
    try:
        parse_fen(v, v.start)
    except FenError as e:
        raise VariantError(f"variant {v.name!r}: field 'start': {e}") from None
    return v
