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

With GCC, and with Clang (Apple's too) where its ``llvm-profdata`` is
found, the core is built profile-guided: compiled once with counters, run
on the bench (``search.bench.run``, every variant, to ``PGO_DEPTH``) from a
copy of the two packages, then compiled again from what the counters saw
(Clang's counts merged by ``llvm-profdata`` first).  The searches are the
same node for node (the same C, the same flags but for the profile); the
core runs about a tenth fewer instructions.  Other compilers (MSVC),
``CAZAUX_ENGINE_PGO=0``, a training run that fails, or a compile from the
profile that fails give the plain build.  Which one was made is written to
build/cython/core-build.json.
"""
from __future__ import annotations

import filecmp
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
C_DIR = os.path.join('build', 'cython')
DIRECTIVES_STAMP = os.path.join(HERE, C_DIR, 'directives.json')
BUILD_STAMP = os.path.join(HERE, C_DIR, 'core-build.json')
PGO_ENV = 'CAZAUX_ENGINE_PGO'      # 0: the plain build even with GCC or Clang
PGO_DEPTH = 7                      # the training run: the bench to this depth
PGO_PACKAGES = ('cazaux_engine', 'search')      # what the training run imports
MERGED_PROFILE = 'merged.profdata'             # Clang: the training run's counts, merged


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
            why, hint = self.cythonize(), FIX_THE_SOURCE
        if why is None:
            how = None                      # None: every extension is up to date
            if self.any_stale():
                plain = self.why_not_pgo()
                how = self.profile_guided() if plain is None else f'plain: {plain}'
            why = self.compile_all()
            if why is not None and how is not None and how.startswith('profile-guided'):
                failed = ', '.join(f.split(' ', 1)[0] for f in self.failures)
                say(f'cazaux-engine: the compile from the profile failed ({why}); '
                    'compiling the plain build instead')
                self.set_flags(self.plain_flags)
                how = f'plain: the compile from the profile failed on {failed}'
                why = self.compile_all()
        if why is None:
            if how is not None:
                record_build(how)
            print(f'cazaux-engine: compiled core built ({len(self.extensions)} modules'
                  f'{"; " + how if how else ""})', file=sys.stderr, flush=True)
            return
        self.extensions = []        # nothing to copy, install or link
        say(f'cazaux-engine: the compiled core was NOT built: {why}.\n'
            f'The package is installed without it: the engine command starts only with\n'
            f'CAZAUX_ENGINE_PURE=1, interpreted (the same moves, about a hundred times '
            f'slower).\n{hint}')

    def any_stale(self) -> bool:
        """Is an extension to be (re)built (forced, or older than its C file)?"""
        from setuptools.modified import newer_group
        return any(self.force or newer_group(ext.sources + list(ext.depends),
                                             self.get_ext_fullpath(ext.name), 'newer')
                   for ext in self.extensions)

    def why_not_pgo(self) -> str | None:
        """Why the core is not built profile-guided here, or None: only with
        GCC or with Clang and its llvm-profdata (``self.profdata``, None for
        GCC; see ``profile_tool`` in cazaux_engine/compiled.py), and not with
        CAZAUX_ENGINE_PGO=0."""
        self.profdata = None
        if os.environ.get(PGO_ENV, '').strip() == '0':
            return f'{PGO_ENV}=0'
        if self.compiler.compiler_type != 'unix':
            return f'profile-guided builds need GCC or Clang, not {self.compiler.compiler_type}'
        if not self.compiler.compiler_so:
            return 'the compiler has no command'
        tool, why = CORE.profile_tool(self.compiler.compiler_so[0])
        if tool != 'gcc':
            self.profdata = tool
        return why

    def set_flags(self, flags: dict) -> None:
        """Give each extension the compile and link arguments of ``flags``."""
        for ext in self.extensions:
            ext.extra_compile_args, ext.extra_link_args = (list(a) for a in flags[ext.name])

    def profile_guided(self) -> str:
        """Compile with counters, train, and leave the extensions set to be
        compiled from the profile by :meth:`compile_all`; what was done, in
        words (the plain build's flags again if a step failed)."""
        self.plain_flags = {ext.name: (list(ext.extra_compile_args), list(ext.extra_link_args))
                            for ext in self.extensions}
        profile = tempfile.mkdtemp(prefix='cazaux-pgo-')
        clang = self.profdata is not None
        env = {'LLVM_PROFILE_FILE': os.path.join(profile, '%m-%p.profraw')} if clang else {}
        try:
            self.force = True
            for ext in self.extensions:         # (Clang: LLVM_PROFILE_FILE says where)
                ext.extra_compile_args += ['-fprofile-generate'] + (
                    [] if clang else [f'-fprofile-dir={profile}'])
                ext.extra_link_args += ['-fprofile-generate']
            if self.compile_all() is not None:
                return 'plain: the build with profile counters failed'
            why = self.train(env)
            if why is not None:
                return f'plain: the training run failed ({why})'
            missing = self.profiled(profile)
            if missing is not None:
                return f'plain: the training run left no profile of {missing}'
            self.set_flags(self.plain_flags)
            for ext in self.extensions:
                if clang:
                    ext.extra_compile_args += [
                        f'-fprofile-use={os.path.join(profile, MERGED_PROFILE)}',
                        '-Wno-profile-instr-unprofiled', '-Wno-profile-instr-out-of-date']
                else:
                    ext.extra_compile_args += ['-fprofile-use', f'-fprofile-dir={profile}',
                                               '-fprofile-correction', '-Wno-missing-profile']
            self.pgo_profile = profile      # removed once compile_all has read it
            return f'profile-guided: trained on the bench to depth {PGO_DEPTH}'
        finally:
            if getattr(self, 'pgo_profile', None) is None:
                self.set_flags(self.plain_flags)
                shutil.rmtree(profile, ignore_errors=True)

    def train(self, more_env: dict) -> str | None:
        """Run the bench on the extensions just built with counters, from a
        copy of the packages (the source tree's own extensions stay as they
        are), with ``more_env`` in its environment; why it failed, or None."""
        with tempfile.TemporaryDirectory(prefix='cazaux-train-') as tmp:
            for package in PGO_PACKAGES:
                shutil.copytree(os.path.join(HERE, package), os.path.join(tmp, package),
                                ignore=shutil.ignore_patterns('*.so', '*.pyd', '__pycache__'))
            for ext in self.extensions:
                built = self.get_ext_fullpath(ext.name)
                shutil.copyfile(built, os.path.join(tmp, *ext.name.split('.')[:-1],
                                                    os.path.basename(built)))
            env = {k: v for k, v in os.environ.items() if k not in ('CAZAUX_ENGINE_PURE',
                                                                     'CAZAUX_ENGINE_PARAMS')}
            env['PYTHONPATH'] = os.pathsep.join(p for p in (tmp, env.get('PYTHONPATH')) if p)
            env.update(more_env)
            code = ('import os, sys, cazaux_engine\n'
                    'if not cazaux_engine.__file__.startswith(os.getcwd()):\n'
                    '    sys.exit(f"it imported {cazaux_engine.__file__}, not the copy")\n'
                    f'from search.bench import run\nrun({PGO_DEPTH}, out=None)')
            try:
                done = subprocess.run([sys.executable, '-c', code], cwd=tmp, env=env,
                                      stdin=subprocess.DEVNULL, capture_output=True,
                                      text=True, timeout=1800)
            except (OSError, subprocess.SubprocessError) as e:
                return str(e)
            if done.returncode != 0:
                lines = (done.stderr or done.stdout).strip().splitlines()
                return lines[-1] if lines else f'exit status {done.returncode}'
        return None

    def profiled(self, profile: str) -> str | None:
        """Did the training run leave counts for every extension in ``profile``
        (GCC: a .gcda file per module; Clang: its raw counts are merged here
        into MERGED_PROFILE, which the compile from the profile reads, and
        that must count each module's init function)?  Which did not, or None."""
        if self.profdata is None:
            counted = {name[:-len('.gcda')] for _, _, files in os.walk(profile)
                       for name in files if name.endswith('.gcda')}
        else:
            raw = [os.path.join(profile, name) for name in os.listdir(profile)
                   if name.endswith('.profraw')]
            merged = os.path.join(profile, MERGED_PROFILE)
            try:
                subprocess.run([self.profdata, 'merge', '-o', merged, *raw], check=True,
                               capture_output=True, timeout=600)
                shown = subprocess.run([self.profdata, 'show', '--all-functions', merged],
                                       check=True, capture_output=True, text=True,
                                       timeout=600).stdout
            except (OSError, subprocess.SubprocessError):
                shown = ''
            counted = set(re.findall(r'\bPyInit_(\w+)', shown))
        missing = [ext.name for ext in self.extensions
                   if ext.name.split('.')[-1] not in counted]
        return ', '.join(missing) or None

    def compile_all(self) -> str | None:
        """Compile every extension; why not all of them, or None."""
        self.failures: list[str] = []
        try:
            super().build_extensions()
        finally:
            profile = getattr(self, 'pgo_profile', None)
            if profile is not None:
                shutil.rmtree(profile, ignore_errors=True)
                self.pgo_profile = None
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


def record_build(how: str) -> None:
    """Write how the core was built (plain or profile-guided) to BUILD_STAMP."""
    os.makedirs(os.path.dirname(BUILD_STAMP), exist_ok=True)
    with open(BUILD_STAMP, 'w') as f:
        f.write(json.dumps({'build': how}, sort_keys=True) + '\n')


def hot_extensions() -> list[Extension]:
    return [Extension(name, [source]) for name, source in zip(CORE.HOT_MODULES, CORE.hot_sources())]


setup(ext_modules=hot_extensions(), cmdclass={'build_ext': BuildCore})
