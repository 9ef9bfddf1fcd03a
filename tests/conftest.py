"""Shared fixtures, and the check that the suite runs on the compiled core.

The run stops at once when a hot module (cazaux_engine/compiled.py) is not
compiled, or its extension is older than its source (then the package does
not even import), unless CAZAUX_ENGINE_PURE=1 asks for the interpreted core
on purpose: tests of the compiled build must not pass on the interpreted
one by accident.

``binary``: the engine binary of this platform's release kind (one file;
one folder on Windows), built once per test session with packaging/build.py
into a temporary folder (CAZAUX_ENGINE_BINARY=/path/to/it tests a binary
built elsewhere instead).  A binary that cannot be built (no PyInstaller, no
C compiler) fails the tests that need it.

``real_xboard``, ``cutechess_cli``, ``fairymax``: the real programs the
client tests play with; a missing one fails those tests.  cutechess-cli is
built once per machine from the peers' source (``$CAZAUX_ENGINE_PEERS``,
default ``../shared/peers`` beside the repository) into ``$PEERS_DIR``
(default ``~/.cache/peers``); packaging/test.sh does that before pytest.

Markers, given by the fixtures a test uses, so that a machine without
these Linux clients can deselect exactly those tests (``-m "not xboard and not cutechess and not peers"``,
what the release workflow runs on Windows and macOS): ``xboard`` (the real
XBoard under Xvfb), ``cutechess`` (cutechess-cli built from the peers'
source), ``peers`` (Debian's Fairy-Max and Sjaak II; the peer matches
of tests/tournament are marked by their module).
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# fixture -> the marker of the Linux-only client it needs
CLIENT_MARKERS = {'real_xboard': 'xboard', 'cutechess_cli': 'cutechess', 'fairymax': 'peers'}
# test module -> the marker of the clients it needs without a fixture
MODULE_MARKERS = {'tests/tournament/test_match_peers.py': 'peers'}   # Fairy-Max, Sjaak II
PEERS_SRC = os.environ.get('CAZAUX_ENGINE_PEERS') or os.path.join(ROOT, '..', 'shared', 'peers')
PEERS_DIR = os.environ.get('PEERS_DIR') or os.path.join(os.path.expanduser('~'), '.cache', 'peers')


def pytest_configure(config):
    try:
        from cazaux_engine import compiled
    except ImportError as e:        # compiled.CompiledCoreError: out of date or incomplete
        raise pytest.UsageError(f'the compiled core is not in use: {e}') from None
    why = compiled.why_interpreted()
    if why and not compiled.pure_forced():
        raise pytest.UsageError(
            f'the compiled core is not in use: {why}.\n'
            f'The suite tests the compiled build: pip install -e . (with a C compiler; '
            f'packaging/test.sh does it),\nor run it on the interpreted core on purpose '
            f'with CAZAUX_ENGINE_PURE=1.')


def pytest_collection_modifyitems(config, items):
    for item in items:
        for fixture, marker in CLIENT_MARKERS.items():
            if fixture in item.fixturenames:
                item.add_marker(marker)
        module = os.path.relpath(str(item.path), ROOT).replace(os.sep, '/')
        if module in MODULE_MARKERS:
            item.add_marker(MODULE_MARKERS[module])


def engine_cli(*argv, tuned=None) -> subprocess.CompletedProcess:
    """``cazaux-engine ARGV`` in a fresh interpreter from the repository, no
    standard input, with CAZAUX_ENGINE_TUNED=tuned (unset when None)."""
    env = dict(os.environ)
    env.pop('CAZAUX_ENGINE_TUNED', None)
    if tuned is not None:
        env['CAZAUX_ENGINE_TUNED'] = str(tuned)
    return subprocess.run([sys.executable, '-m', 'protocol.cli', *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)


def without_repeats(err: str) -> str:
    """``match``'s standard error without its warning that fixed-node games
    repeat (tests/tournament/test_repeats_warning.py), for runs that play
    more games than openings on purpose."""
    return ''.join(line for line in err.splitlines(True)
                   if 'repeats its games after the first' not in line)


def script_module(*path: str):
    """The script at ROOT/PATH... (a .py file of a folder that is no
    package: packaging/, benchmarks/, tests/tools/) as a module."""
    name = os.path.splitext(path[-1])[0]
    spec = importlib.util.spec_from_file_location(f'_cazaux_{name}', os.path.join(ROOT, *path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module     # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def packaging_module(name: str):
    """packaging/NAME.py as a module (packaging/ is no package: see STYLE.md)."""
    return script_module('packaging', f'{name}.py')


def packaging_build():
    """packaging/build.py as a module."""
    return packaging_module('build')


@pytest.fixture(scope='session')
def real_xboard() -> None:
    """The real XBoard and xvfb-run, or the test fails (never skips)."""
    from tests.xboard_support.xbmatch import available
    if not available():
        pytest.fail('xboard and xvfb-run are needed (Debian: apt-get install xboard xvfb; '
                    'packaging/test.sh installs them)')


@pytest.fixture(scope='session')
def cutechess_cli() -> str:
    """Path of cutechess-cli, built from the peers' source when not there yet."""
    exe = os.path.join(PEERS_DIR, 'cutechess-cli')
    build = os.path.join(PEERS_SRC, 'build.sh')
    if not os.access(exe, os.X_OK) and os.path.isfile(build):
        subprocess.run(['sh', build, 'cutechess'], env=dict(os.environ, PEERS_DIR=PEERS_DIR),
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=1800)
    if not os.access(exe, os.X_OK):
        pytest.fail(f'cutechess-cli is needed: not at {exe}, and {build} could not build it '
                    f'(set CAZAUX_ENGINE_PEERS to the peers folder and PEERS_DIR to where the '
                    f'programs go; packaging/test.sh does it)')
    return exe


@pytest.fixture(scope='session')
def fairymax() -> str:
    """Path of Fairy-Max (Debian's fairymax), or the test fails."""
    exe = shutil.which('fairymax') or '/usr/games/fairymax'
    if not os.access(exe, os.X_OK):
        pytest.fail('Fairy-Max is needed (Debian: apt-get install fairymax; packaging/test.sh '
                    'installs it)')
    return exe


@pytest.fixture(scope='session')
def binary(tmp_path_factory) -> str:
    """Path of the binary (one file; one folder on Windows), built once per session."""
    given = os.environ.get('CAZAUX_ENGINE_BINARY')
    if given:
        return os.path.abspath(given)
    try:
        import PyInstaller  # noqa: F401
    except ImportError as e:
        pytest.fail(f'PyInstaller cannot run: it is not installed ({e}); '
                    f'pip install -e ".[build]"')
    dist = tmp_path_factory.mktemp('dist')
    work = tmp_path_factory.mktemp('pyinstaller')
    p = subprocess.run([sys.executable, os.path.join(ROOT, 'packaging', 'build.py'),
                        '--dist', str(dist), '--work', str(work)],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=900)
    if p.returncode != 0 and 'Python library not found' in p.stderr:
        pytest.fail('PyInstaller cannot run: this Python has no shared libpython '
                    '(rebuild it with --enable-shared)')
    assert p.returncode == 0, f'packaging/build.py failed:\n{p.stdout}\n{p.stderr}'
    build = packaging_build()
    exe = build.binary_path(str(dist), build.DEFAULT_KIND)
    assert os.path.isfile(exe)
    return exe


# The numbers the chess evaluation tests compute with (their comments'
# arithmetic: tests/search/test_search_eval.py, test_explain.py):
# chess's tuned data before its sixty-second round, when its piece values
# were the untuned ones, so that a refit of chess changes its tuned-data
# tests, not the arithmetic of every term.  (Given weights replace them.)
CHESS_ARITHMETIC_VALUES = dict(queen=900, rook=500, bishop=325, knight=300)
CHESS_ARITHMETIC_WEIGHTS = dict(
    MOBILITY_MG=3.282, MOBILITY_EG=4.146, ADVANCE_MG=0.25, ADVANCE_EG=0.6, PASSED_MG=0.12,
    PASSED_EG=0.3, PAWN_CENTRE_MG=4, KING_RANK_MG=20, KING_FILE_MG=4, KING_CENTRE_EG=10,
    KING_SHELTER=7, TEMPO=12, DOUBLED_MG=0, DOUBLED_EG=26, ISOLATED_MG=6, ISOLATED_EG=6,
    PHALANX_MG=1, PHALANX_EG=2, THREAT_MG=35, THREAT_EG=39, PAIR_MG=17, PAIR_EG=53)


def chess_arithmetic_numbers():
    """A context manager: while active, chess evaluates with
    CHESS_ARITHMETIC_* (overrides inside it stack on them)."""
    from search.weights import overriding
    return overriding('chess', values=CHESS_ARITHMETIC_VALUES, weights=CHESS_ARITHMETIC_WEIGHTS)


@pytest.fixture
def chess_arithmetic():
    """While the test runs, chess evaluates with CHESS_ARITHMETIC_*."""
    with chess_arithmetic_numbers():
        yield
