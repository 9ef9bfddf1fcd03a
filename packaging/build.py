"""Build the standalone engine binary with PyInstaller.

    python packaging/build.py                 -> dist/cazaux-engine (one file; Windows:
                                                 the one-folder build, below)
    python packaging/build.py --kind onedir   -> dist/cazaux-engine-onedir/cazaux-engine
                                                 (Windows: ...\\cazaux-engine.exe)
    python packaging/build.py --kind both
    python packaging/build.py --dist DIR [--work DIR]   (elsewhere than dist/, build/)

Each platform's default is the kind that is released for it: one file on
Linux and macOS, one folder on Windows, where a one-file binary runs as two
processes (PyInstaller's bootloader starts the engine as a child): a GUI
that kills the engine kills only the parent, leaving the child running and
its unpacked runtime (``%TEMP%\\_MEI...``) behind, and every start unpacks
and virus-scans the runtime again.

The binary always contains the compiled core: the hot modules
(cazaux_engine/compiled.py) are compiled first, in place (``python setup.py
build_ext --inplace``, which does nothing when they are up to date), and the
build stops with an error when they cannot be (no C compiler, no Cython) or
when the built binary does not report ``(compiled core)``.

Needs PyInstaller, Cython and setuptools (``pip install -e '.[build]'``) and
a C compiler.  The spec is packaging/cazaux-engine.spec; bundled libraries
are stripped of symbols when binutils' ``strip`` is on the PATH (that halves
the one-file binary when the Python was built with debug information, and so
its start-up time).  After building, the binary is run once with
``--version``: it must say ``(compiled core)``.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SPEC = os.path.join(HERE, 'cazaux-engine.spec')
DEFAULT_KIND = 'onedir' if os.name == 'nt' else 'onefile'     # the kind released


class CoreNotCompiled(RuntimeError):
    """The compiled core could not be built, or is not in the binary."""


def build_core() -> None:
    """Compile the hot modules beside their sources; raise CoreNotCompiled
    when they are not all compiled afterwards."""
    p = subprocess.run([sys.executable, 'setup.py', '-q', 'build_ext', '--inplace'], cwd=ROOT,
                       stdin=subprocess.DEVNULL, capture_output=True, text=True)
    env = {k: v for k, v in os.environ.items() if k != 'CAZAUX_ENGINE_PURE'}
    q = subprocess.run([sys.executable, os.path.join('cazaux_engine', 'compiled.py')],
                       cwd=ROOT, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    state = q.stdout.strip() or q.stderr.strip()
    if p.returncode != 0 or state != 'compiled':
        raise CoreNotCompiled(
            'the compiled core is not built, and the binary must contain it.\n'
            f'  {state}\n'
            f'  python setup.py build_ext --inplace said (exit {p.returncode}):\n'
            + '\n'.join('    ' + line for line in (p.stdout + p.stderr).strip().splitlines()[-15:])
            + '\n  Install a C compiler (Debian: apt-get install gcc python3-dev; macOS: '
              'xcode-select --install;\n  Windows: Microsoft C++ Build Tools) and Cython '
              '(pip install -e ".[build]"), then build again.')


def binary_path(dist: str, kind: str) -> str:
    """Where ``kind`` ('onefile' or 'onedir') puts the executable under ``dist``."""
    exe = 'cazaux-engine.exe' if os.name == 'nt' else 'cazaux-engine'
    if kind == 'onedir':
        return os.path.join(dist, 'cazaux-engine-onedir', exe)
    return os.path.join(dist, exe)


def build(kind: str = DEFAULT_KIND, dist: str | None = None, work: str | None = None,
          quiet: bool = True) -> str:
    """Build one kind of binary; return the executable's path.

    Raises RuntimeError with PyInstaller's output when the build fails.
    """
    dist = os.path.abspath(dist or os.path.join(ROOT, 'dist'))
    work = os.path.abspath(work or os.path.join(ROOT, 'build', 'pyinstaller', kind))
    cmd = [sys.executable, '-m', 'PyInstaller', '--noconfirm',
           '--log-level', 'WARN' if quiet else 'INFO',
           '--distpath', dist, '--workpath', work, SPEC, '--']
    if kind == 'onedir':
        cmd.append('--onedir')
    if shutil.which('strip') and os.name != 'nt':
        cmd.append('--strip')
    p = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=quiet, text=True)
    exe = binary_path(dist, kind)
    if p.returncode != 0 or not os.path.isfile(exe):
        out = (p.stdout or '') + (p.stderr or '') if quiet else ''
        raise RuntimeError(f'PyInstaller failed (exit {p.returncode}): {" ".join(cmd)}\n{out}')
    return exe


def pyinstaller_missing() -> str | None:
    """Why PyInstaller cannot run here, or None when it can."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError as e:
        return f'PyInstaller is not installed ({e}); pip install -e ".[build]"'
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--kind', choices=('onefile', 'onedir', 'both'), default=DEFAULT_KIND,
                    help=f'one self-contained file, a folder, or both (default here: '
                         f'{DEFAULT_KIND}; one file on Linux and macOS, one folder on Windows)')
    ap.add_argument('--dist', help='output folder (default: dist/ in the repository)')
    ap.add_argument('--work', help="PyInstaller's work folder (default: build/pyinstaller/KIND)")
    ap.add_argument('--verbose', action='store_true', help="show PyInstaller's log")
    args = ap.parse_args(argv)
    why = pyinstaller_missing()
    if why:
        print(f'error: {why}', file=sys.stderr)
        return 3
    try:
        build_core()
    except CoreNotCompiled as e:
        print(f'error: {e}', file=sys.stderr)
        return 4
    for kind in ('onefile', 'onedir') if args.kind == 'both' else (args.kind,):
        t = time.perf_counter()
        try:
            work = os.path.join(args.work, kind) if args.work else None
            exe = build(kind, args.dist, work, quiet=not args.verbose)
        except RuntimeError as e:
            print(f'error: {e}', file=sys.stderr)
            return 1
        version = subprocess.run([exe, '--version'], capture_output=True, text=True,
                                 stdin=subprocess.DEVNULL, timeout=120).stdout.strip()
        if not version.endswith('(compiled core)'):
            shutil.rmtree(os.path.dirname(exe)) if kind == 'onedir' else os.remove(exe)
            print(f'error: the binary {exe} says {version!r}, not "(compiled core)"; '
                  f'removed it', file=sys.stderr)
            return 4
        if kind == 'onefile':
            size = os.path.getsize(exe)
        else:
            folder = os.path.dirname(exe)
            size = sum(os.path.getsize(os.path.join(d, f))
                       for d, _, fs in os.walk(folder) for f in fs)
        print(f'built {os.path.relpath(exe, os.getcwd())} ({kind}, {size / 2**20:.1f} MB, '
              f'{time.perf_counter() - t:.0f} s): {version}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
