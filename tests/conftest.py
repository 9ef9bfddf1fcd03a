"""Shared fixtures.

``binary``: the one-file engine binary, built once per test session with
packaging/build.py into a temporary folder (CAZAUX_ENGINE_BINARY=/path/to/it
tests a binary built elsewhere instead).  Skipped, with the reason, only when
PyInstaller cannot run here.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope='session')
def binary(tmp_path_factory) -> str:
    """Path of the one-file binary, built once per session."""
    given = os.environ.get('CAZAUX_ENGINE_BINARY')
    if given:
        return os.path.abspath(given)
    try:
        import PyInstaller  # noqa: F401
    except ImportError as e:
        pytest.skip(f'PyInstaller cannot run: it is not installed ({e}); '
                    f'pip install -e ".[build]"')
    dist = tmp_path_factory.mktemp('dist')
    work = tmp_path_factory.mktemp('pyinstaller')
    p = subprocess.run([sys.executable, os.path.join(ROOT, 'packaging', 'build.py'),
                        '--dist', str(dist), '--work', str(work)],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=900)
    if p.returncode != 0 and 'Python library not found' in p.stderr:
        pytest.skip('PyInstaller cannot run: this Python has no shared libpython '
                    '(rebuild it with --enable-shared)')
    assert p.returncode == 0, f'packaging/build.py failed:\n{p.stdout}\n{p.stderr}'
    exe = os.path.join(dist, 'cazaux-engine')
    assert os.path.isfile(exe)
    return exe
