"""Build of cazaux-engine: the Python package, plus its compiled core.

The metadata is in pyproject.toml; this file adds the extension modules.
``pip install .`` and ``pip install -e .`` run it: the hot modules listed in
cazaux_engine/compiled.py (ordinary ``.py`` files, Cython's pure-Python
mode) are translated to C by Cython and compiled by the system's C compiler
into extension modules, which Python imports instead of the ``.py`` files.
``python setup.py build_ext --inplace`` builds them beside the sources (what
packaging/build.py does before PyInstaller).

Where the compiled core cannot be built (no C compiler, no Python headers,
no Cython) the install still succeeds, with no extension at all, and says
why in one block of text; the ``cazaux-engine`` command then starts only
when ``CAZAUX_ENGINE_PURE=1`` asks for the interpreted core.  The generated C files go to
build/cython/, never into the source tree.
"""
from __future__ import annotations

import filecmp
import importlib.util
import json
import os
import shutil
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
C_DIR = os.path.join('build', 'cython')
DIRECTIVES_STAMP = os.path.join(HERE, C_DIR, 'directives.json')


def compiled_core_table():
    """cazaux_engine/compiled.py, loaded by path: the package itself cannot be
    imported while it is being built."""
    path = os.path.join(HERE, 'cazaux_engine', 'compiled.py')
    spec = importlib.util.spec_from_file_location('_cazaux_engine_compiled', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CORE = compiled_core_table()

HOW_TO_COMPILE = (
    'To compile it, install a C compiler and reinstall (pip install -e . or pip install .):\n'
    '  Debian/Ubuntu: apt-get install gcc python3-dev\n'
    '  macOS: xcode-select --install (Xcode command line tools)\n'
    '  Windows: Microsoft C++ Build Tools ("Desktop development with C++")')
FIX_THE_SOURCE = ('The error is in the hot modules or the directives (messages above): '
                  'fix it and reinstall.')


def say(text: str) -> None:
    print(f'\n{"=" * 72}\n{text}\n{"=" * 72}\n', file=sys.stderr, flush=True)


class BuildCore(build_ext):
    """build_ext that cythonizes the hot modules, and falls back to the
    interpreted core (no extension at all, never half of one) on failure."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:        # two C files at a time unless told (-j N)
            self.parallel = min(2, os.cpu_count() or 1)
        if self.inplace:             # pip -e, build_ext --inplace: one build kept between
            self.build_lib = os.path.join(HERE, 'build', 'inplace', 'lib')      # runs (pip's
            self.build_temp = os.path.join(HERE, 'build', 'inplace', 'temp')    # are temporary)

    def build_extensions(self) -> None:
        why, hint = self.compiler_problem(), HOW_TO_COMPILE
        if why is None:
            why, hint = self.cythonize() or self.compile_all(), FIX_THE_SOURCE
        if why is None:
            print(f'cazaux-engine: compiled core built ({len(self.extensions)} modules)',
                  file=sys.stderr, flush=True)
            return
        self.extensions = []        # nothing to copy, install or link
        say(f'cazaux-engine: the compiled core was NOT built: {why}.\n'
            f'The package is installed without it: the engine command starts only with\n'
            f'CAZAUX_ENGINE_PURE=1, interpreted (the same moves, about a hundred times '
            f'slower).\n{hint}')

    def compile_all(self) -> str | None:
        """Compile every extension; why not all of them, or None."""
        self.failures: list[str] = []
        super().build_extensions()
        if not self.failures:
            return None
        self.remove_outputs()
        return 'the C compiler failed on ' + '; '.join(self.failures)

    def compiler_problem(self) -> str | None:
        """Why this C compiler cannot build a Python extension, or None."""
        with tempfile.TemporaryDirectory() as tmp:
            probe = os.path.join(tmp, 'probe.c')
            with open(probe, 'w') as f:
                f.write('#include <Python.h>\nint cazaux_probe(void) { return Py_IsInitialized(); }\n')
            try:
                self.compiler.compile([probe], output_dir=tmp, include_dirs=self.include_dirs)
            except Exception as e:   # CompileError, DistutilsExecError, OSError: no compiler
                first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
                return f'no working C compiler with the Python headers ({first})'
        return None

    def cythonize(self) -> str | None:
        """Translate the hot modules to C; why not, or None."""
        try:
            from Cython.Build import cythonize
        except ImportError as e:
            return f'Cython is not installed ({e}): pip install "Cython>=3.0" and reinstall'
        try:
            translated = cythonize(
                self.extensions, compiler_directives=CORE.DIRECTIVES, build_dir=C_DIR,
                include_path=[HERE], quiet=True, force=self.force or self.directives_changed(),
                nthreads=self.parallel if sys.platform == 'linux' else 0)   # fork only
        except Exception as e:       # Cython.Compiler.Errors.CompileError and kin
            return f'Cython could not translate the hot modules ({e}; its errors are above)'
        self.record_directives()
        c_sources = {ext.name: ext.sources for ext in translated}
        for ext in self.extensions:  # keep setuptools' own Extension objects
            ext.sources = c_sources[ext.name]
        return None

    def directives_changed(self) -> bool:
        """True when the C files in build/cython were made with other directives
        (Cython itself only compares the .py with the .c)."""
        try:
            with open(DIRECTIVES_STAMP) as f:
                return f.read() != json.dumps(CORE.DIRECTIVES, sort_keys=True)
        except OSError:
            return True

    def record_directives(self) -> None:
        os.makedirs(os.path.dirname(DIRECTIVES_STAMP), exist_ok=True)
        with open(DIRECTIVES_STAMP, 'w') as f:
            f.write(json.dumps(CORE.DIRECTIVES, sort_keys=True))

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as e:
            self.failures.append(f'{ext.name} ({str(e).strip() or type(e).__name__})')

    def copy_file(self, infile, outfile, *args, **kwargs):
        """Put a built extension beside its source (--inplace, editable installs)
        without writing into the old file, which a running engine or test
        session may have mapped: a changed one replaces it by renaming, an
        unchanged one is only stamped as new (it is up to date with its .py)."""
        if os.path.exists(outfile) and filecmp.cmp(infile, outfile, shallow=False):
            os.utime(outfile)
            return outfile, False
        temporary = outfile + '.new'
        shutil.copyfile(infile, temporary)
        shutil.copymode(infile, temporary)
        os.replace(temporary, outfile)
        return outfile, True

    def remove_outputs(self) -> None:
        for ext in self.extensions:
            built = self.get_ext_fullpath(ext.name)
            if os.path.exists(built):
                os.remove(built)


def hot_extensions() -> list[Extension]:
    return [Extension(name, [source]) for name, source in zip(CORE.HOT_MODULES, CORE.hot_sources())]


setup(ext_modules=hot_extensions(), cmdclass={'build_ext': BuildCore})
