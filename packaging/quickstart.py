"""Set up, compile, build and try the engine on Windows, macOS or Linux.

    python packaging/quickstart.py [DEMO ARGUMENTS]      set up, build, watch a game
    python packaging/quickstart.py --test [PYTEST ARGUMENTS]
                                   set up with the test packages, build, run the tests
                                   that need no Linux-only client

Run it with Python 3.11 or newer (``py -3.11 packaging\\quickstart.py`` on
Windows; ``./packaging/quickstart.sh`` on Linux and macOS picks the
interpreter and runs this).  In order:

1. ``.venv``, a virtual environment in the repository, made with this
   Python (``$PYTHON`` names another) unless it is there already, with every
   package at the version pinned in packaging/constraints.txt;
2. a C compiler and this Python's headers for the compiled core: on
   Debian/Ubuntu the missing ones (``gcc``, ``python3.X-dev``) are installed
   with ``apt-get`` (packaging/apt.sh: as root or with password-less sudo);
   elsewhere this script says exactly what is missing and how to get it
   (Windows: the Microsoft C++ Build Tools; macOS: Xcode's command line
   tools);
3. the package in editable mode with its extras (``--extras``, default
   ``build``; ``test,build,tune`` with ``--test``), its hot modules compiled
   to C extensions (without a compiler it installs interpreted and says so;
   ``--strict`` makes that an error);
4. the binary, with packaging/build.py (which refuses an interpreted core):
   ``dist/cazaux-engine``, on Windows the one-folder build
   ``dist\\cazaux-engine-onedir\\cazaux-engine.exe``;
5. packaging/demo.py: the binary plays a short game against itself, the
   arguments going to the demo (``--variant pemba --plies 40``); or, with
   ``--test``, pytest on the binary just built, less the tests that need the
   real XBoard, cutechess-cli or Debian's peer engines (Linux's full suite
   with those is ``./packaging/test.sh``), the arguments going to pytest.

Everything is reused when it is there already (``.venv``, the compiled
modules that are up to date), so running it again is quick.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VENV = os.path.join(ROOT, '.venv')
CONSTRAINTS = os.path.join(HERE, 'constraints.txt')
LINUX_CLIENTS = 'not xboard and not cutechess and not peers'     # pytest markers
MIN_PYTHON = (3, 11)


class SetupError(Exception):
    """A step cannot be done here; the message says what is missing."""


def say(text: str) -> None:
    print(f'== {text}', flush=True)


def venv_python(venv: str = VENV, windows: bool | None = None) -> str:
    """The interpreter of a virtual environment: Scripts\\python.exe on Windows,
    bin/python elsewhere."""
    windows = os.name == 'nt' if windows is None else windows
    if windows:
        return os.path.join(venv, 'Scripts', 'python.exe')
    return os.path.join(venv, 'bin', 'python')


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, **kw)


def python_version(python: str) -> tuple[int, int] | None:
    """(major, minor) of an interpreter that runs and has pip, or None."""
    try:
        p = run([python, '-c', 'import sys, pip; print(*sys.version_info[:2])'],
                capture_output=True, text=True, timeout=120)
    except OSError:
        return None
    if p.returncode != 0:
        return None
    major, minor = p.stdout.split()
    return int(major), int(minor)


def on_debian() -> bool:
    """Debian or Ubuntu, where packaging/apt.sh can install what is missing."""
    return sys.platform.startswith('linux') and bool(shutil.which('apt-get')) \
        and bool(shutil.which('dpkg-query'))


def apt_install(packages: list[str], strict: bool) -> None:
    """packaging/apt.sh: apt-get install of the packages that are missing (it
    warns, or with --strict fails, where it cannot)."""
    p = run(['sh', os.path.join(HERE, 'apt.sh')] + (['--strict'] if strict else []) + packages)
    if p.returncode != 0:
        raise SetupError(f'apt-get could not install {" ".join(packages)}')


def make_venv(base_python: str, strict: bool) -> str:
    """Make .venv with ``base_python`` unless a good one is there; its interpreter."""
    py = venv_python()
    version = python_version(py) if os.path.exists(py) else None
    if version and version >= MIN_PYTHON:
        return py
    shutil.rmtree(VENV, ignore_errors=True)
    if run([base_python, '-m', 'venv', VENV], capture_output=True).returncode != 0:
        shutil.rmtree(VENV, ignore_errors=True)
        ver = '%d.%d' % sys.version_info[:2]
        if not on_debian():
            raise SetupError(f"'{base_python} -m venv' failed: install your Python's venv "
                             f"module (it comes with the installers of python.org)")
        # Debian/Ubuntu ship the venv module (ensurepip) separately
        say(f'installing the Python venv module (python{ver}-venv)')
        for package in (f'python{ver}-venv', 'python3-venv'):
            apt_install([package], strict=False)
            if run([base_python, '-m', 'venv', VENV], capture_output=True).returncode == 0:
                return py
            shutil.rmtree(VENV, ignore_errors=True)
        if run([base_python, '-m', 'venv', VENV]).returncode != 0:
            raise SetupError(f"'{base_python} -m venv' failed: apt-get install python{ver}-venv "
                             f"(as root)")
    return py


def pip_install(py: str, args: list[str]) -> None:
    """pip install with the pinned versions, also in pip's isolated build
    environment of the compiled core (PIP_CONSTRAINT)."""
    env = dict(os.environ, PIP_CONSTRAINT=CONSTRAINTS, PIP_DISABLE_PIP_VERSION_CHECK='1')
    p = run([py, '-m', 'pip', 'install', '-q'] + args, env=env)
    if p.returncode != 0:
        raise SetupError(f'pip install {" ".join(args)} failed (its messages are above)')


def include_dir(py: str) -> str:
    """Where the interpreter ``py`` looks for Python.h."""
    return run([py, '-c', 'import sysconfig; print(sysconfig.get_paths()["include"])'],
               capture_output=True, text=True).stdout.strip()


def missing_for_the_core(py: str, system: str | None = None) -> list[str]:
    """What the compiled core needs and this machine lacks, in words a user
    can act on (empty when a C compiler and the headers are there)."""
    system = system or sys.platform
    include = include_dir(py)
    missing = []
    if system == 'win32':
        if probe_compiler(py) is not None:
            missing.append('a C compiler: the Microsoft C++ Build Tools, workload "Desktop '
                           'development with C++" (free, from Microsoft)')
    elif system == 'darwin':
        tools = shutil.which('xcode-select')
        if not tools or run([tools, '-p'], capture_output=True).returncode != 0:
            missing.append("a C compiler: Xcode's command line tools (xcode-select --install)")
    elif not (shutil.which('cc') or shutil.which('gcc')):
        missing.append('a C compiler (gcc; Debian/Ubuntu: apt-get install gcc; '
                       'Fedora: dnf install gcc)')
    if not os.path.isfile(os.path.join(include, 'Python.h')):
        name = os.path.basename(include)
        missing.append(f"this Python's headers (no Python.h in {include}; Debian/Ubuntu: "
                       f"apt-get install {name}-dev; Fedora: dnf install {name}-devel)")
    return missing


PROBE = r'''
import os, sysconfig, tempfile
import setuptools  # noqa: F401  (its distutils, which knows today's compilers)
from distutils.ccompiler import new_compiler
from distutils.sysconfig import customize_compiler
cc = new_compiler()
customize_compiler(cc)
with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, 'probe.c')
    with open(src, 'w') as f:
        f.write('#include <Python.h>\nint probe(void) { return Py_IsInitialized(); }\n')
    cc.compile([src], output_dir=tmp, include_dirs=[sysconfig.get_paths()['include']])
'''


def probe_compiler(py: str) -> str | None:
    """Why the C compiler setuptools finds cannot compile against Python.h,
    or None when it can (the check setup.py makes before compiling)."""
    p = run([py, '-c', PROBE], capture_output=True, text=True, timeout=300)
    if p.returncode == 0:
        return None
    lines = (p.stderr or p.stdout).strip().splitlines()
    return lines[-1] if lines else f'exit {p.returncode}'


def debian_packages(missing: list[str], include: str) -> list[str]:
    """The Debian packages that supply what ``missing`` names, for a Python
    whose headers belong in ``include``.

    >>> debian_packages(['a C compiler (gcc)', "this Python's headers"], '/usr/include/python3.11')
    ['gcc', 'python3.11-dev']
    >>> debian_packages(["this Python's headers"], '/opt/python/include/python3.12')
    []
    """
    packages = []
    for m in missing:
        if m.startswith('a C compiler'):
            packages.append('gcc')
        elif include.startswith('/usr/include/'):          # Debian's own Python
            packages.append(os.path.basename(include) + '-dev')
    return packages


def set_up(extras: str, strict: bool) -> str:
    """Steps 1-3; the interpreter of .venv."""
    if sys.version_info < MIN_PYTHON:
        raise SetupError(f'Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer is needed, this is '
                         f'{sys.version.split()[0]} (set PYTHON, or run the script with another '
                         f'python)')
    say('setting up .venv (the package with its compiled core)')
    py = make_venv(os.environ.get('PYTHON') or sys.executable, strict)
    pip_install(py, ['--upgrade', 'pip', 'setuptools'])
    missing = missing_for_the_core(py)
    if missing and on_debian():
        packages = debian_packages(missing, include_dir(py))
        if packages:
            apt_install(packages, strict)
        missing = missing_for_the_core(py)
    if missing:
        print('The compiled core cannot be built here; missing:\n  ' + '\n  '.join(missing),
              file=sys.stderr)
        if strict:
            raise SetupError('the compiled core is required (--strict)')
    pip_install(py, ['-e', f'.[{extras}]'])
    # compiled.py run as a script reads the build without importing the
    # package (which refuses an out-of-date core)
    env = {k: v for k, v in os.environ.items() if k != 'CAZAUX_ENGINE_PURE'}
    p = run([py, os.path.join(ROOT, 'cazaux_engine', 'compiled.py')],
            capture_output=True, text=True, env=env)
    why = p.stdout.strip() if p.returncode else ''
    if why:
        print(f'== compiled core NOT built: {why}\n   The engine starts only with '
              f'CAZAUX_ENGINE_PURE=1 (interpreted: the same moves, far slower).', file=sys.stderr)
        if strict:
            raise SetupError('the compiled core is required (--strict)')
    else:
        shown = os.path.relpath(py, ROOT)
        print(f'== compiled core: built (C extensions via Cython; {shown} -m cazaux_engine '
              f'--version says so)', flush=True)
    return py


def build_binary(py: str) -> str:
    """Step 4: the binary of this platform's release kind; its path."""
    say('building the standalone binary')
    if run([py, os.path.join(HERE, 'build.py')]).returncode != 0:
        raise SetupError('packaging/build.py failed (its message is above)')
    return released_binary()


def released_binary() -> str:
    """Where packaging/build.py puts the binary of this platform's release kind."""
    spec = importlib.util.spec_from_file_location('_cazaux_build', os.path.join(HERE, 'build.py'))
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build.binary_path(os.path.join(ROOT, 'dist'), build.DEFAULT_KIND)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split('\n\n')[0], allow_abbrev=False,
        epilog='Other arguments go to the demo (packaging/demo.py --help), or with --test to '
               'pytest.')
    ap.add_argument('--extras', help='extras of the package to install (default: build; '
                    'with --test: test,build,tune)')
    ap.add_argument('--strict', action='store_true',
                    help='fail where the compiled core cannot be built (CI)')
    ap.add_argument('--venv-only', action='store_true',
                    help='only set up .venv (packaging/venv.sh)')
    ap.add_argument('--no-demo', action='store_true', help='stop after building the binary')
    ap.add_argument('--test', action='store_true',
                    help='after the build, run the tests that need no Linux-only client')
    args, rest = ap.parse_known_args(argv)
    extras = args.extras or ('test,build,tune' if args.test else 'build')
    try:
        py = set_up(extras, args.strict)
        if args.venv_only:
            return 0
        binary = build_binary(py)
    except SetupError as e:
        print(f'error: {e}', file=sys.stderr)
        return 1
    if args.test:
        say(f'pytest -m "{LINUX_CLIENTS}" on {os.path.relpath(binary, ROOT)}')
        env = dict(os.environ, CAZAUX_ENGINE_BINARY=binary)
        env.pop('CAZAUX_ENGINE_PURE', None)
        return run([py, '-m', 'pytest', '-q', '-m', LINUX_CLIENTS] + rest, env=env).returncode
    if args.no_demo:
        return 0
    say('the binary plays itself')
    return run([py, os.path.join(HERE, 'demo.py')] + rest).returncode      # plays `binary`


if __name__ == '__main__':
    sys.exit(main())
