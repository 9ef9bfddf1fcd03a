"""The compiled core: which modules Cython compiles, how, and which runs.

The hot modules below are ordinary Python files.  ``setup.py`` (``pip
install .``, ``pip install -e .``) and ``packaging/build.py`` compile them
with Cython, in its pure-Python mode, into extension modules beside them;
Python then imports the extension instead of the ``.py`` file.  Both are the
same program: ``cazaux-engine bench`` and ``perft`` give the same numbers
either way, and the tests check it.

The compiled core is never left for the interpreted one in silence (that
costs a factor of about a hundred):

* an extension older than its source (an edit, a checkout), or some hot
  modules compiled and others not, is an error when the package is
  imported (:class:`CompiledCoreError`, its message one line with the
  remedy: rebuild, or ask for the interpreted core);
* with no compiled core at all (installed where no C compiler ran), the
  package imports and runs interpreted, but the ``cazaux-engine`` command
  refuses to start (:func:`refusal`), ``--version`` and ``--help`` aside;
* ``CAZAUX_ENGINE_PURE=1`` in the environment runs the ``.py`` files on
  purpose, even where the extensions exist (to compare, or to debug with
  Python tools), whatever state they are in.

A frozen binary carries its extensions and no sources: it is never out of
date.

>>> from cazaux_engine import core_kind
>>> core_kind() in ('compiled', 'interpreted')
True

This file is also read by ``setup.py`` and the PyInstaller spec before the
package can be imported, so it imports nothing but the standard library and
nothing of the package.  Run as a script (``python
cazaux_engine/compiled.py``, what ``packaging/venv.sh`` and
``packaging/build.py`` do) it prints what is wrong with the compiled core
built here, or ``compiled``, without importing the package.
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


REBUILD = 'python setup.py build_ext --inplace'
WANT_PURE = f'or set {PURE_ENV}=1 to run the interpreted core'


class CompiledCoreError(ImportError):
    """The compiled core is out of date or incomplete (the message: one line,
    with the remedy)."""


def _extension_beside(source: str) -> str | None:
    """The compiled module for this Python beside ``source`` (a .py path), if any."""
    stem = source[:-len('.py')]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.isfile(stem + suffix):
            return stem + suffix
    return None


def _stale(extension: str, source: str) -> bool:
    """True when ``source`` (or the ``.pxd`` beside it) was changed after
    ``extension`` was built from it.  (Two seconds of slack: installers
    write both files at about one time.)"""
    try:
        built = os.path.getmtime(extension) + 2.0
        header = source[:-len('.py')] + '.pxd'
        return os.path.getmtime(source) > built or (
            os.path.isfile(header) and os.path.getmtime(header) > built)
    except OSError:
        return False


def _survey() -> tuple[list[str], list[str]]:
    """(out of date, not compiled): the hot modules of each kind here."""
    stale, missing = [], []
    if getattr(sys, 'frozen', False):
        return stale, missing
    for name in HOT_MODULES:
        source = os.path.join(ROOT, name.replace('.', '/') + '.py')
        extension = _extension_beside(source)
        if extension is None:
            missing.append(name)
        elif _stale(extension, source):
            stale.append(name)
    return stale, missing


def _are(names: list[str]) -> str:
    return f'{", ".join(names)} {"is" if len(names) == 1 else "are"}'


def core_problem() -> str | None:
    """Why the compiled core built here cannot be used (an error at import):
    an extension out of date, or some hot modules compiled and some not;
    None when it is complete, or not built at all."""
    stale, missing = _survey()
    remedy = f'rebuild with "{REBUILD}" (or pip install -e .), {WANT_PURE}'
    if stale:
        its = 'its source' if len(stale) == 1 else 'their sources'
        return f'the compiled {_are(stale)} older than {its}: {remedy}'
    if missing and len(missing) < len(HOT_MODULES):
        return f'{_are(missing)} not compiled but the other hot modules are: {remedy}'
    return None


def build_problem() -> str | None:
    """What is wrong with the compiled core built here, in one line; None
    when every hot module is compiled and up to date."""
    if core_problem():
        return core_problem()
    if _survey()[1]:
        return ('the compiled core is not built for this Python, and the interpreted one is '
                'about a hundred times slower: build it with a C compiler (pip install -e . ; '
                f'see the README), {WANT_PURE}')
    return None


def refusal() -> str | None:
    """Why the ``cazaux-engine`` command must not start: the compiled core
    is not built and ``CAZAUX_ENGINE_PURE`` does not ask for the interpreted
    one.  None otherwise."""
    if pure_forced() or getattr(sys, 'frozen', False):
        return None
    return build_problem()


class SourceFirstFinder(importlib.abc.MetaPathFinder):
    """Load modules of the packages from their ``.py`` source when the
    interpreted core is wanted (``CAZAUX_ENGINE_PURE``); otherwise leave the
    import to Python, which prefers the extension.
    """

    def find_spec(self, fullname, path=None, target=None):
        if path is None or not pure_forced() or fullname.partition('.')[0] not in PACKAGES:
            return None
        leaf = fullname.rpartition('.')[2]
        for folder in path:
            source = os.path.join(folder, leaf + '.py')
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
            init = os.path.join(folder, leaf, '__init__.py')
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(
                    fullname, init, submodule_search_locations=[os.path.dirname(init)])
        return None


def install() -> None:
    """Check the compiled core (:class:`CompiledCoreError` when it is out of
    date or incomplete, unless ``CAZAUX_ENGINE_PURE`` asks for the
    interpreted one) and put the finder first on ``sys.meta_path`` (once);
    the packages call this before they import anything else."""
    if not pure_forced():
        problem = core_problem()
        if problem:
            raise CompiledCoreError(problem)
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
    if not interpreted_modules():
        return None
    if pure_forced():
        return f'{PURE_ENV}={os.environ[PURE_ENV]} is set'
    return build_problem() or f'{_are(interpreted_modules())} not loaded compiled'


# -- profile-guided builds (setup.py) -------------------------------------------------

def profile_tool(cc: str) -> tuple[str | None, str | None]:
    """How the C compiler ``cc`` (the command setup.py compiles with) builds
    the core profile-guided: ``('gcc', None)`` for GCC, ``(path, None)``
    for Clang (Apple's too) with ``path`` its llvm-profdata, which merges
    the training run's counts; ``(None, why not)`` otherwise."""
    import subprocess
    try:
        version = subprocess.run([cc, '--version'], capture_output=True, text=True,
                                 stdin=subprocess.DEVNULL, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as e:
        return None, f'the compiler did not tell its version ({e})'
    if 'Free Software Foundation' in version and is_gcc(cc):     # GCC's banner, then its -v
        return 'gcc', None
    first = version.strip().splitlines()[0] if version.strip() else '?'
    if 'clang' not in first.lower():
        return None, f'profile-guided builds need GCC or Clang, not {first}'
    found = llvm_profdata(cc, version)
    if found is None:
        return None, f'profile-guided builds with {first} need its llvm-profdata, which was not found'
    return found, None


def is_gcc(cc: str) -> bool:
    """Does ``cc -v`` say it is GCC (a line "gcc version N...", MinGW's
    too)?  Its ``--version`` banner alone cannot tell: other GNU programs
    print the same copyright line, and Apple's ``gcc`` is Clang."""
    import re
    import subprocess
    try:
        p = subprocess.run([cc, '-v'], capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return re.search(r'^gcc version \d', p.stderr + p.stdout, re.MULTILINE) is not None


def llvm_profdata(cc: str, version: str) -> str | None:
    """The llvm-profdata of the Clang ``cc`` (whose ``--version`` said
    ``version``): the one beside the compiler's own binary, Xcode's (macOS),
    then one of its major version or any on PATH; None if none is found."""
    import re
    import shutil
    import subprocess
    found = shutil.which(cc)
    candidates = [os.path.join(os.path.dirname(os.path.realpath(found)), 'llvm-profdata')
                  if found else None]
    if sys.platform == 'darwin':
        try:
            candidates.append(subprocess.run(['xcrun', '-f', 'llvm-profdata'], capture_output=True,
                                             text=True, stdin=subprocess.DEVNULL,
                                             timeout=60).stdout.strip() or None)
        except (OSError, subprocess.SubprocessError):
            pass
    major = re.search(r'clang version (\d+)', version)
    if major:
        candidates.append(shutil.which(f'llvm-profdata-{major.group(1)}'))
    candidates.append(shutil.which('llvm-profdata'))
    return next((c for c in candidates if c and os.path.isfile(c) and os.access(c, os.X_OK)), None)


if __name__ == '__main__':
    problem = build_problem()
    print(problem or 'compiled')
    sys.exit(1 if problem else 0)
