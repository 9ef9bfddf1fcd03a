"""The compiled core: which modules Cython compiles, how, and which runs.

The hot modules below are ordinary Python files.  ``setup.py`` (``pip
install .``, ``pip install -e .``) and ``packaging/build.py`` compile them
with Cython, in its pure-Python mode, into extension modules beside them;
Python then imports the extension instead of the ``.py`` file.  Both are the
same program: ``cazaux-engine bench`` and ``perft`` give the same numbers
either way, and the tests check it.

``CAZAUX_ENGINE_PURE=1`` in the environment runs the ``.py`` files even where
the extensions exist (to compare, or to debug with Python tools).

>>> from cazaux_engine import core_kind
>>> core_kind() in ('compiled', 'interpreted')
True

This file is also read by ``setup.py`` and the PyInstaller spec before the
package can be imported, so it imports nothing but the standard library and
nothing of the package.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys

# The modules compiled with Cython: the search's hot path.  Edit here only;
# setup.py, packaging/build.py, the PyInstaller spec and the tests read this.
HOT_MODULES = (
    'cazaux_engine.rules',
    'cazaux_engine.position',
    'cazaux_engine.movegen',
    'cazaux_engine.gameend',
    'cazaux_engine.exchange',
    'search.alphabeta',
    'search.eval',
    'search.ordering',
    'search.tt',
    'search.checks',
)

# Cython compiler directives of every hot module.  Speed where it changes
# nothing a correct program can observe; Python semantics where it would
# (cdivision False: / and % round as in Python, division by zero raises).
DIRECTIVES = {
    'language_level': 3,
    'boundscheck': False,        # no index checks on C arrays and memoryviews
    # no negative indices: the typed code indexes its arrays from 0 (a module
    # that reads Python lists by signed piece code, rules.py,
    # turns it back on in its first line)
    'wraparound': False,
    'initializedcheck': False,   # memoryviews are always initialised before use
    'cdivision': False,          # Python's floor division and modulo, ZeroDivisionError
    'cpow': False,               # ** keeps Python's semantics (the default, said here)
    'nonecheck': False,          # typed objects are never None where used (the default)
    'overflowcheck': False,      # C integer types are sized so they never overflow
    'embedsignature': True,      # help() shows the signatures of compiled functions
}

PURE_ENV = 'CAZAUX_ENGINE_PURE'
PACKAGES = ('cazaux_engine', 'search', 'protocol', 'tournament', 'tuning')
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def hot_sources() -> list[str]:
    """The hot modules' source files, relative to the repository root."""
    return [name.replace('.', '/') + '.py' for name in HOT_MODULES]


def pure_forced() -> bool:
    """True when ``CAZAUX_ENGINE_PURE`` asks for the interpreted modules."""
    return os.environ.get(PURE_ENV, '').strip() not in ('', '0')


def _extension_beside(source: str) -> str | None:
    """The compiled module for this Python beside ``source`` (a .py path), if any."""
    stem = source[:-len('.py')]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.isfile(stem + suffix):
            return stem + suffix
    return None


def _stale(extension: str, source: str) -> bool:
    """True when ``source`` was changed after ``extension`` was built from it.

    A checkout or an edit of a hot module makes its extension out of date
    until the next build; running the old compiled code then would test a
    program that is not the source.  Frozen binaries carry no such history.
    (Two seconds of slack: installers write both files at about one time.)
    """
    if getattr(sys, 'frozen', False):
        return False
    try:
        return os.path.getmtime(source) > os.path.getmtime(extension) + 2.0
    except OSError:
        return False


_stale_seen: list[str] = []
_usable: list[bool] = []


def core_usable() -> bool:
    """True when every hot module has an up-to-date extension.

    The compiled modules call each other in C (``cimport``), so the core runs
    compiled as a whole or interpreted as a whole: one missing or stale
    extension makes all of them load from source.
    """
    if not _usable:
        ok = True
        if not getattr(sys, 'frozen', False):
            for name in HOT_MODULES:
                source = os.path.join(ROOT, name.replace('.', '/') + '.py')
                extension = _extension_beside(source)
                if extension is None:
                    ok = False
                elif _stale(extension, source):
                    _stale_seen.append(name)
                    ok = False
        _usable.append(ok)
    return _usable[0]


class SourceFirstFinder(importlib.abc.MetaPathFinder):
    """Load modules of the three packages from their ``.py`` source when the
    interpreted core is wanted (``CAZAUX_ENGINE_PURE``), and the hot modules
    when the compiled core is not usable as a whole (:func:`core_usable`);
    otherwise leave the import to Python, which prefers the extension.
    """

    def find_spec(self, fullname, path=None, target=None):
        if path is None or fullname.partition('.')[0] not in PACKAGES:
            return None
        leaf = fullname.rpartition('.')[2]
        for folder in path:
            source = os.path.join(folder, leaf + '.py')
            if os.path.isfile(source):
                if pure_forced() or (fullname in HOT_MODULES and not core_usable()):
                    return importlib.util.spec_from_file_location(fullname, source)
                return None
            init = os.path.join(folder, leaf, '__init__.py')
            if os.path.isfile(init) and pure_forced():
                return importlib.util.spec_from_file_location(
                    fullname, init, submodule_search_locations=[os.path.dirname(init)])
        return None


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once); the packages call this
    before they import anything else."""
    if not any(isinstance(f, SourceFirstFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirstFinder())


def _module_file(name: str) -> str | None:
    """The file ``name`` is (or would be) imported from, without importing it
    or its package: ``cazaux_engine`` never imports ``search``."""
    mod = sys.modules.get(name)
    if mod is not None:
        return getattr(mod, '__file__', None)
    package, _, leaf = name.rpartition('.')
    pkg = sys.modules.get(package)
    if pkg is not None:
        folders = list(getattr(pkg, '__path__', []))
    else:
        spec = importlib.util.find_spec(package)
        folders = list(spec.submodule_search_locations or []) if spec else []
    for finder in sys.meta_path:
        if isinstance(finder, SourceFirstFinder):
            spec = finder.find_spec(name, folders)
            if spec is not None:
                return spec.origin
    spec = importlib.machinery.PathFinder.find_spec(name, folders)
    return spec.origin if spec else None


def _is_extension(filename: str | None) -> bool:
    return bool(filename) and filename.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def interpreted_modules() -> list[str]:
    """The hot modules that run (or would run) as Python source, not compiled."""
    return [name for name in HOT_MODULES if not _is_extension(_module_file(name))]


def core_kind() -> str:
    """'compiled' when every hot module runs compiled, else 'interpreted'."""
    return 'interpreted' if interpreted_modules() else 'compiled'


def core_label() -> str:
    """How ``--version`` and the protocols' engine name describe the core."""
    return f'{core_kind()} core'


def why_interpreted() -> str | None:
    """Why the core is interpreted (one phrase), or None when it is compiled."""
    missing = interpreted_modules()
    if not missing:
        return None
    if pure_forced():
        return f'{PURE_ENV}={os.environ[PURE_ENV]} is set'
    stale = [m for m in missing if m in _stale_seen]
    if stale:
        return (f'the compiled {", ".join(stale)} is older than its source: rebuild it '
                f'(pip install -e . or python setup.py build_ext --inplace)')
    absent = [name for name in HOT_MODULES
              if _extension_beside(os.path.join(ROOT, name.replace('.', '/') + '.py')) is None]
    what = ('the compiled core is not built' if len(absent) in (0, len(HOT_MODULES))
            else f'{", ".join(absent)} {"is" if len(absent) == 1 else "are"} not compiled')
    return f'{what} for this Python (build with a C compiler: pip install -e . ; see the README)'


_notice_given = False


def notice_if_interpreted(stream=None) -> None:
    """Say once per process, on stderr, that the core runs interpreted (slowly),
    unless ``CAZAUX_ENGINE_PURE`` asked for exactly that."""
    global _notice_given
    if _notice_given or pure_forced():
        return
    _notice_given = True
    why = why_interpreted()
    if why:
        print(f'cazaux-engine: running the interpreted core, several times slower: {why}',
              file=stream or sys.stderr, flush=True)
