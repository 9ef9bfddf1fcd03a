"""The compiled core and the interpreted one are the same program.

Every hot module (cazaux_engine/compiled.py) runs compiled in this test
session (conftest.py stops a run without it, unless CAZAUX_ENGINE_PURE=1
asks for the interpreted core on purpose).  Here ``cazaux-engine perft`` and
``bench`` run as commands in both modes, compiled and with
CAZAUX_ENGINE_PURE=1, and must print the same pinned numbers; the switch
itself, the errors for out-of-date or missing extensions, the command's
refusal to run slowly without being asked and the install without a C
compiler are checked on copies of the package.
"""
from __future__ import annotations

import concurrent.futures
import importlib
import importlib.machinery
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig
import time

import pytest

from cazaux_engine import __version__, compiled
from tests.rules.test_perft import SPECIAL, STANDARD
from tests.search.test_search import BENCH_DEPTH, BENCH_NODES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIMEOUT = 600                     # a guard against hangs, not a measurement
MODES = {'compiled': '0', 'interpreted': '1'}
EXTENSION = importlib.machinery.EXTENSION_SUFFIXES[0]

pytestmark = pytest.mark.skipif(compiled.pure_forced(),
                                reason='compares the compiled core with the interpreted one')


def engine(args: list[str], mode: str = 'compiled', cwd: str = ROOT, pythonpath: str | None = None,
           timeout: float = TIMEOUT, params: str = '') -> subprocess.CompletedProcess:
    """``python -m cazaux_engine ARGS`` with the core of ``mode`` (and
    CAZAUX_ENGINE_PARAMS=``params``)."""
    env = dict(os.environ, CAZAUX_ENGINE_PURE=MODES[mode], CAZAUX_ENGINE_PARAMS=params)
    env.pop('PYTHONPATH', None)
    if pythonpath:
        env['PYTHONPATH'] = pythonpath
    return subprocess.run([sys.executable, '-m', 'cazaux_engine'] + args, cwd=cwd, env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=timeout)


def loaded_from(mode: str, cwd: str = ROOT, pythonpath: str | None = None) -> dict[str, str]:
    """Where each hot module is imported from, in a fresh interpreter of ``mode``."""
    code = ('import importlib, cazaux_engine, search\n'
            'from cazaux_engine.compiled import HOT_MODULES\n'
            'for m in HOT_MODULES: print(m, importlib.import_module(m).__file__)\n')
    env = dict(os.environ, CAZAUX_ENGINE_PURE=MODES[mode])
    env.pop('PYTHONPATH', None)
    if pythonpath:
        env['PYTHONPATH'] = pythonpath
    p = subprocess.run([sys.executable, '-c', code], cwd=cwd, env=env, capture_output=True,
                       text=True, stdin=subprocess.DEVNULL, timeout=TIMEOUT)
    assert p.returncode == 0, p.stderr
    return dict(line.split(' ', 1) for line in p.stdout.splitlines())


# -- which modules run ----------------------------------------------------------

def test_this_session_runs_every_hot_module_compiled():
    for name in compiled.HOT_MODULES:
        assert importlib.import_module(name).__file__.endswith(EXTENSION), name
    assert compiled.core_kind() == 'compiled'
    assert compiled.why_interpreted() is None


def test_hot_list_names_real_modules_of_the_three_packages():
    assert len(set(compiled.HOT_MODULES)) == len(compiled.HOT_MODULES)
    for name, source in zip(compiled.HOT_MODULES, compiled.hot_sources()):
        assert name.partition('.')[0] in compiled.PACKAGES
        assert os.path.isfile(os.path.join(ROOT, source)), source


def test_pure_mode_imports_every_hot_module_from_its_source():
    files = loaded_from('interpreted')
    assert sorted(files) == sorted(compiled.HOT_MODULES)
    for name, path in files.items():
        assert path == os.path.join(ROOT, *name.split('.')) + '.py'


def test_compiled_mode_imports_the_extensions():
    files = loaded_from('compiled')
    assert sorted(files) == sorted(compiled.HOT_MODULES)
    for name, path in files.items():
        assert path == os.path.join(ROOT, *name.split('.')) + EXTENSION


@pytest.mark.parametrize('mode', MODES)
def test_version_names_the_core(mode):
    p = engine(['--version'], mode)
    assert (p.returncode, p.stdout, p.stderr) == (0, f'cazaux-engine {__version__} ({mode} core)\n', '')


@pytest.mark.parametrize('mode', MODES)
def test_protocols_name_the_core(mode):
    env = dict(os.environ, CAZAUX_ENGINE_PURE=MODES[mode])
    for first, expected in (('uci\nquit\n', f'id name cazaux-engine {__version__} ({mode} core)'),
                            ('xboard\nprotover 2\nquit\n',
                             f'feature myname="cazaux-engine {__version__} ({mode} core)"')):
        q = subprocess.run([sys.executable, '-m', 'cazaux_engine'], input=first, cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60)
        assert q.returncode == 0 and q.stderr == '', q.stderr
        assert any(line.startswith(expected) for line in q.stdout.splitlines()), q.stdout


# -- the same numbers in both modes ---------------------------------------------

PERFT = [('chess', STANDARD['kiwipete'][0], 3, 97862),
         ('chess', STANDARD['position4'][0], 3, 9467)] + [(v, fen, 3, n) for v, fen, n in SPECIAL]


@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('variant, fen, depth, leaves', PERFT,
                         ids=[f'{v}-{i}' for i, (v, *_) in enumerate(PERFT)])
def test_perft_command_pinned_in_both_modes(mode, variant, fen, depth, leaves):
    p = engine(['perft', variant, *fen.split(), str(depth)], mode)
    assert p.returncode == 0
    assert p.stderr.startswith('# ') and p.stderr.count('\n') == 1     # the timing only
    assert p.stdout == f'Nodes searched: {leaves}\n'


START_PERFT_3 = {'chess': 8902, 'pemba': 42444, 'zanzibar-s': 163758, 'zanzibar-xl': 114352,
                 'maasai': 28453, 'oblong44': 1872}        # start positions, depth 3


def test_perft_start_positions_pinned_in_both_modes():
    for mode in MODES:
        for variant, leaves in START_PERFT_3.items():
            p = engine(['perft', variant, 'startpos', '3'], mode)
            assert (p.returncode, p.stdout) == (0, f'Nodes searched: {leaves}\n'), (mode, variant)


def untimed(text: str) -> list[str]:
    """Bench lines without their timings."""
    return [re.sub(r'\s+[0-9.]+ s\b', '', line) for line in text.splitlines()
            if not line.startswith(('Time:', 'Nodes/second:'))]


@pytest.fixture(scope='module')
def benches():
    """The two benches below, each run by both cores: all four started at
    once on first use (the interpreted ones take about half a minute each,
    one core each), so that the two tests wait for the slower of them
    only.  A dict (bench, mode) -> future of the CompletedProcess."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        yield {(name, mode): pool.submit(engine, ['bench', '--depth', str(depth)], mode,
                                         params=params)
               for name, depth, params in (('plain', BENCH_DEPTH, ''),
                                           ('switches', SWITCHES_DEPTH, SWITCHES))
               for mode in MODES}


def test_bench_same_nodes_moves_and_scores_in_both_modes(benches):
    runs = {mode: benches['plain', mode].result() for mode in MODES}
    for mode, p in runs.items():
        assert (p.returncode, p.stderr) == (0, ''), mode
        assert untimed(p.stdout)[-1] == f'Total nodes: {BENCH_NODES}', mode
    assert untimed(runs['compiled'].stdout) == untimed(runs['interpreted'].stdout)
    assert len(untimed(runs['compiled'].stdout)) == 16


# The switches of tests/search/test_search.py's SWITCHED_BENCH, all set, at
# depth 4, with the non-PV internal iterative reduction and ProbCut from
# depth 3 and larger late-move reductions (LMR_DIVISOR 1.0) so that they and
# the reductions' switches act at this depth too: both cores count the same
# nodes.  (Depth 5 with them from depth 4 took three times as long
# interpreted, the slowest test of the suite.)  Tuned data wins over the
# environment: chess searches with its SINGULAR_DEPTH 6, not the 3 here.
SWITCHES = ('CORRECTION=1,CORRECTION_NONPAWN=1,LMR_HISTORY=8192,IIR_NON_PV_DEPTH=3,'
            'DOUBLED_MG=10,DOUBLED_EG=20,ISOLATED_MG=10,ISOLATED_EG=10,KING_ATTACK=9,'
            'SINGULAR_DEPTH=3,HISTORY_PRUNE_DEPTH=3,HISTORY_PRUNE=250,LMP_DEPTH=5,PROBCUT_DEPTH=3,'
            'MOBILITY_NOW_MG=3,MOBILITY_NOW_EG=4,THREAT_MG=30,THREAT_EG=20,'
            'PAIR_MG=30,PAIR_EG=50,OPEN_FILE_MG=10,OPEN_FILE_EG=5,KING_ATTACK_NOW=10,'
            'NULL_EVAL_DIVISOR=200,LMR_NOT_IMPROVING=1,PASSER_KING_EG=57,'
            'PASSER_BLOCKED_MG=100,PASSER_BLOCKED_EG=70,PHALANX_MG=8,PHALANX_EG=1,CAPTURE_HISTORY=2,'
            'SEE_PRUNE_DEPTH=8,CHECK_EXTENSION_SEE=1,TT_EVAL=1,'
            'LMR_REFUTATIONS=1,LMR_BAD_CAPTURES=1,LMR_DIVISOR=1.0,LMR_TT_CAPTURE=1,TRADE_DOWN=100,'
            'FIFTY_SCALE=200,BAD_CAPTURES_LAST=1,LMR_CUT_NODE=2,HISTORY_BONUS_LINEAR=400,RAZOR_DEPTH=3,'
            'RFP_ZUGZWANG=1,NULL_ZUGZWANG=1')
SWITCHES_DEPTH, SWITCHES_NODES = 4, 28163


def test_bench_with_the_switches_set_same_in_both_modes(benches):
    runs = {mode: benches['switches', mode].result() for mode in MODES}
    for mode, p in runs.items():
        assert (p.returncode, p.stderr) == (0, ''), mode
        assert untimed(p.stdout)[-1] == f'Total nodes: {SWITCHES_NODES}', mode
    assert untimed(runs['compiled'].stdout) == untimed(runs['interpreted'].stdout)


# -- copies of the package: out of date, missing, no compiler ------------------------

@pytest.fixture
def package_copy(tmp_path):
    """The three packages as built here (extensions included), in tmp_path/site."""
    site = tmp_path / 'site'
    for pkg in compiled.PACKAGES:
        shutil.copytree(os.path.join(ROOT, pkg), site / pkg,
                        ignore=shutil.ignore_patterns('__pycache__'))
    return site


def test_copy_runs_compiled(package_copy):
    files = loaded_from('compiled', cwd=str(package_copy.parent), pythonpath=str(package_copy))
    assert all(path.startswith(str(package_copy)) and path.endswith(EXTENSION)
               for path in files.values()), files


REMEDY = ('rebuild with "python setup.py build_ext --inplace" (or pip install -e .), '
          'or set CAZAUX_ENGINE_PURE=1 to run the interpreted core')
NOT_BUILT = ('the compiled core is not built for this Python, and the interpreted one is about a '
             'hundred times slower: build it with a C compiler (pip install -e . ; see the '
             'README), or set CAZAUX_ENGINE_PURE=1 to run the interpreted core')


def import_error(p: subprocess.CompletedProcess) -> str:
    """The one-line message of the CompiledCoreError that stopped ``p``."""
    assert (p.returncode, p.stdout) == (1, ''), p.stderr
    last = p.stderr.splitlines()[-1]
    assert last.startswith('cazaux_engine.compiled.CompiledCoreError: '), p.stderr
    return last.partition(': ')[2]


def build_state(site) -> tuple[int, str]:
    """What ``python cazaux_engine/compiled.py`` (venv.sh, build.py) says of a copy."""
    p = subprocess.run([sys.executable, str(site / 'cazaux_engine' / 'compiled.py')],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert p.stderr == ''
    return p.returncode, p.stdout


def remove_extensions(site, names) -> None:
    for name in names:
        folder, _, leaf = (site / name.replace('.', '/')).as_posix().rpartition('/')
        for f in os.listdir(folder):
            if f.startswith(leaf + '.') and f.endswith(EXTENSION):
                os.unlink(os.path.join(folder, f))


def test_build_state_of_this_tree():
    assert build_state(pathlib.Path(ROOT)) == (0, 'compiled\n')


def test_out_of_date_extension_is_an_error_at_import(package_copy):
    future = time.time() + 60
    os.utime(package_copy / 'search' / 'eval.py', (future, future))      # edited after the build
    where = dict(cwd=str(package_copy.parent), pythonpath=str(package_copy))
    message = f'the compiled search.eval is older than its source: {REMEDY}'
    assert import_error(engine(['perft', 'chess', 'startpos', '2'], **where)) == message
    assert import_error(engine(['--version'], **where)) == message
    assert build_state(package_copy) == (1, message + '\n')
    # asked for on purpose: the sources run, without a word
    p = engine(['perft', 'chess', 'startpos', '2'], 'interpreted', **where)
    assert (p.returncode, p.stdout) == (0, 'Nodes searched: 400\n')
    assert p.stderr.startswith('# ') and p.stderr.count('\n') == 1     # the timing only
    # a .pxd is a source too; several modules are named in HOT_MODULES order
    os.utime(package_copy / 'cazaux_engine' / 'position.pxd', (future, future))
    assert import_error(engine(['--version'], **where)) == (
        f'the compiled cazaux_engine.position, search.eval are older than their sources: {REMEDY}')


def test_some_hot_modules_not_compiled_is_an_error_at_import(package_copy):
    remove_extensions(package_copy, ['search.tt'])
    lines = 'uci\nisready\nquit\n'
    env = dict(os.environ, PYTHONPATH=str(package_copy))
    env.pop('CAZAUX_ENGINE_PURE', None)
    p = subprocess.run([sys.executable, '-m', 'cazaux_engine'], input=lines, env=env,
                       cwd=str(package_copy.parent), capture_output=True, text=True, timeout=60)
    message = f'search.tt is not compiled but the other hot modules are: {REMEDY}'
    assert import_error(p) == message
    remove_extensions(package_copy, ['cazaux_engine.rules'])
    assert build_state(package_copy) == (
        1, f'cazaux_engine.rules, search.tt are not compiled but the other hot modules are: '
           f'{REMEDY}\n')
    # asked for on purpose: no word
    env['CAZAUX_ENGINE_PURE'] = '1'
    q = subprocess.run([sys.executable, '-m', 'cazaux_engine'], input=lines, env=env,
                       cwd=str(package_copy.parent), capture_output=True, text=True, timeout=60)
    assert (q.returncode, q.stderr) == (0, '')
    assert q.stdout.splitlines()[0] == f'id name cazaux-engine {__version__} (interpreted core)'


def test_without_a_compiled_core_the_command_starts_only_when_asked(package_copy):
    remove_extensions(package_copy, compiled.HOT_MODULES)
    where = dict(cwd=str(package_copy.parent), pythonpath=str(package_copy))
    v = engine(['--version'], **where)
    assert (v.returncode, v.stdout, v.stderr) == (
        0, f'cazaux-engine {__version__} (interpreted core)\n', '')
    assert engine(['--help'], **where).returncode == 0
    for args in (['perft', 'chess', 'startpos', '2'], ['bench', '--depth', '1'], []):
        p = engine(args, **where)
        assert (p.returncode, p.stdout, p.stderr) == (2, '', f'error: {NOT_BUILT}\n'), args
    assert build_state(package_copy) == (1, NOT_BUILT + '\n')
    p = engine(['perft', 'chess', 'startpos', '2'], 'interpreted', **where)
    assert (p.returncode, p.stdout) == (0, 'Nodes searched: 400\n')
    # as a library the package still imports, interpreted
    files = loaded_from('compiled', **where)
    assert all(path.endswith('.py') for path in files.values()), files


def test_a_frozen_binary_is_never_out_of_date(package_copy):
    future = time.time() + 60
    os.utime(package_copy / 'search' / 'eval.py', (future, future))
    code = ('import sys; sys.frozen = True\n'
            'import cazaux_engine\n'
            'from cazaux_engine import compiled\n'
            'print(compiled.core_problem(), compiled.build_problem(), compiled.refusal(), '
            'cazaux_engine.core_kind())\n')
    env = dict(os.environ, PYTHONPATH=str(package_copy))
    env.pop('CAZAUX_ENGINE_PURE', None)
    p = subprocess.run([sys.executable, '-c', code], env=env, cwd=str(package_copy.parent),
                       capture_output=True, text=True, timeout=60)
    assert (p.returncode, p.stdout, p.stderr) == (0, 'None None None compiled\n', '')


def test_install_without_a_c_compiler_succeeds_without_the_core(tmp_path):
    """``pip install .`` where no C compiler runs: the package installs, the
    build log says why in one block, and the engine runs only interpreted on
    purpose."""
    src = tmp_path / 'src'
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        '.git', '.venv', 'build', 'dist', '__pycache__', '*.so', '*.pyd', '*.egg-info',
        '.pytest_cache', 'out'))
    target = tmp_path / 'site'
    env = dict(os.environ, CC=str(tmp_path / 'no-such-cc'), PIP_DISABLE_PIP_VERSION_CHECK='1')
    p = subprocess.run([sys.executable, '-m', 'pip', 'install', '-v', '--no-build-isolation',
                        '--no-deps', '--target', str(target), str(src)],
                       env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                       timeout=TIMEOUT)
    log = p.stdout + p.stderr
    assert p.returncode == 0, log[-3000:]
    assert log.count('the compiled core was NOT built') == 1, log[-3000:]
    assert 'no working C compiler with the Python headers' in log
    assert not [f for d, _, fs in os.walk(target) for f in fs if f.endswith(EXTENSION)]
    v = engine(['--version'], cwd=str(tmp_path), pythonpath=str(target))
    assert v.stdout == f'cazaux-engine {__version__} (interpreted core)\n'
    p = engine(['perft', 'pemba', 'startpos', '2'], cwd=str(tmp_path), pythonpath=str(target))
    assert (p.returncode, p.stdout, p.stderr) == (2, '', f'error: {NOT_BUILT}\n')
    p = engine(['perft', 'pemba', 'startpos', '2'], 'interpreted', cwd=str(tmp_path),
               pythonpath=str(target))
    assert (p.returncode, p.stdout) == (0, 'Nodes searched: 1156\n')


PGO_STAMP = {'build': 'profile-guided: trained on the bench to depth 7'}


def expected_stamp(cc: str | None = None) -> dict:
    """build/cython/core-build.json as setup.py writes it for the C compiler
    ``cc`` (default: the one it compiles with here, $CC or Python's)."""
    if os.environ.get('CAZAUX_ENGINE_PGO', '').strip() == '0':
        return {'build': 'plain: CAZAUX_ENGINE_PGO=0'}
    if os.name == 'nt':                         # setuptools' MSVC compiler
        return {'build': 'plain: profile-guided builds need GCC or Clang, not msvc'}
    cc = cc or os.environ.get('CC') or (sysconfig.get_config_var('CC') or 'cc')
    tool, why = compiled.profile_tool(cc.split()[0])
    return PGO_STAMP if tool else {'build': f'plain: {why}'}


def test_the_core_here_was_built_profile_guided():
    # setup.py: with GCC (CI) or Clang (macOS) the core is compiled with
    # counters, trained on the bench and compiled again from the profile
    # (the same nodes, fewer cycles); it says which build it made in
    # build/cython/core-build.json
    with open(os.path.join(ROOT, 'build', 'cython', 'core-build.json')) as f:
        stamp = json.load(f)
    assert stamp == expected_stamp()
    if sys.platform.startswith('linux') and not os.environ.get('CAZAUX_ENGINE_PGO'):
        assert stamp == PGO_STAMP                # GCC: CI, the README's commands


def test_what_builds_profile_guided():
    # GCC by its banner, Clang with the llvm-profdata beside it (Debian:
    # /usr/lib/llvm-N/bin, reached through /usr/bin/clang's links); a
    # compiler that does not run, or another one, gives the reason
    tool, why = compiled.profile_tool('no-such-cc')
    assert tool is None and why.startswith('the compiler did not tell its version (')
    assert compiled.profile_tool(sys.executable) == (
        None, f'profile-guided builds need GCC or Clang, not Python {sys.version.split()[0]}')
    if sys.platform.startswith('linux'):                    # (macOS's gcc is Clang)
        assert why == "the compiler did not tell its version ([Errno 2] No such file or directory: 'no-such-cc')"
        assert compiled.profile_tool('gcc') == ('gcc', None)
        # a GNU program that is no compiler prints GCC's copyright line too
        true = shutil.which('true')
        assert compiled.profile_tool(true) == (
            None, 'profile-guided builds need GCC or Clang, not '
            + subprocess.run([true, '--version'], capture_output=True, text=True).stdout.splitlines()[0])
        assert not compiled.is_gcc(true) and not compiled.is_gcc('clang') and compiled.is_gcc('gcc')
        tool, why = compiled.profile_tool('clang')          # CI installs clang and llvm
        assert why is None and os.path.basename(tool) == 'llvm-profdata'
        assert os.path.realpath(tool) == os.path.join(
            os.path.dirname(os.path.realpath(shutil.which('clang'))), 'llvm-profdata')


@pytest.mark.skipif(not sys.platform.startswith('linux'),
                    reason='Clang beside GCC: on Linux (CI); on macOS the core itself is built with Clang')
def test_clang_builds_the_core_profile_guided_with_the_same_nodes(tmp_path):
    """setup.py with CC=clang: compiled with Clang's counters, trained,
    counts merged by llvm-profdata, compiled from them; the stamp says so
    and the bench counts the pinned nodes.  Clang at -O0 (its last -O
    wins): the steps are what this tests, and the optimised builds took
    twice as long; an optimised Clang core is the macOS release's, tested
    there."""
    cc = tmp_path / 'clang'
    cc.write_text(f'#!/bin/sh\nexec {shutil.which("clang")} "$@" -O0\n')
    cc.chmod(0o755)
    tool = compiled.profile_tool(str(cc))[0]
    assert tool and os.path.realpath(tool) == os.path.realpath(compiled.profile_tool('clang')[0])
    src, log = built_copy(tmp_path, str(cc))
    assert ('cazaux-engine: compiled core built (10 modules; profile-guided: '
            'trained on the bench to depth 7)') in log
    with open(src / 'build' / 'cython' / 'core-build.json') as f:
        assert json.load(f) == PGO_STAMP == expected_stamp('clang') == expected_stamp(str(cc))
    assert_the_copy_runs_the_pinned_bench(src)


@pytest.mark.skipif(not sys.platform.startswith('linux'),
                    reason='a shell script standing in for GCC: Linux (CI)')
def test_a_compile_from_the_profile_that_fails_gives_the_plain_build(tmp_path):
    """setup.py with a C compiler that builds the counters and the training
    run but fails to compile one module from the profile: the core is
    compiled again without the profile, and the stamp says why, naming
    the module (the release workflow's compilers may fail there)."""
    # GCC, but no compile of tt.c from a profile; and GCC at -O0 (its last
    # -O wins): this test is about setup.py's steps, which three full
    # optimised builds made the slowest test of the suite; the optimised
    # GCC build is the one this session runs, Clang's the test above
    cc = tmp_path / 'cc'
    cc.write_text('#!/bin/sh\n'
                  'case "$*" in *-fprofile-use*tt.c*|*tt.c*-fprofile-use*)\n'
                  '    echo "stand-in: no profile for tt.c" >&2; exit 1;;\n'
                  'esac\n'
                  f'exec {shutil.which("gcc")} "$@" -O0\n')
    cc.chmod(0o755)
    assert compiled.profile_tool(str(cc)) == ('gcc', None)
    src, log = built_copy(tmp_path, str(cc))
    assert 'cazaux-engine: the compile from the profile failed (' in log
    assert ('cazaux-engine: compiled core built (10 modules; plain: '
            'the compile from the profile failed on search.tt)') in log
    with open(src / 'build' / 'cython' / 'core-build.json') as f:
        assert json.load(f) == {'build': 'plain: the compile from the profile failed on search.tt'}
    assert_the_copy_runs_the_pinned_bench(src)


def built_copy(tmp_path, cc: str):
    """The engine's packages and setup.py copied to ``tmp_path``/src and
    built in place there with ``CC=cc`` (profile-guided where it can be);
    the copy's path and the build's log.  Cython's C files come along
    (build/cython, with their times and the directives' stamp): Cython
    finds them up to date and translates nothing, so only the C compiler's
    steps, which these tests are about, run again."""
    src = tmp_path / 'src'
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        '.git', '.venv', 'build', 'dist', '__pycache__', '*.so', '*.pyd', '*.egg-info',
        '.pytest_cache', 'out', 'tests', 'docs', 'benchmarks'))
    shutil.copytree(os.path.join(ROOT, 'build', 'cython'), src / 'build' / 'cython',
                    ignore=shutil.ignore_patterns('core-build.json'))  # (the build writes its own)
    translated = c_files_and_times(src)
    assert len(translated) == len(compiled.HOT_MODULES)
    env = dict(os.environ, CC=cc)
    env.pop('CAZAUX_ENGINE_PGO', None)
    p = subprocess.run([sys.executable, 'setup.py', '-q', 'build_ext', '--inplace', '-j2'],
                       cwd=src, env=env, capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=TIMEOUT)
    assert p.returncode == 0, p.stderr[-3000:]
    assert c_files_and_times(src) == translated         # Cython wrote none again
    return src, p.stderr


def c_files_and_times(src) -> dict:
    """Every C file under ``src``/build/cython with its modification time."""
    return {str(f.relative_to(src)): f.stat().st_mtime_ns
            for f in (src / 'build' / 'cython').rglob('*.c')}


def assert_the_copy_runs_the_pinned_bench(src) -> None:
    """The copy at ``src`` loads its own compiled module for every hot
    module and counts the pinned bench nodes."""
    b = engine(['bench', '--depth', str(BENCH_DEPTH)], cwd=str(src))
    assert (b.returncode, b.stderr) == (0, '')
    assert b.stdout.splitlines()[-3] == f'Total nodes: {BENCH_NODES}'
    where = loaded_from('compiled', cwd=str(src))
    assert sorted(where) == sorted(compiled.HOT_MODULES)
    assert all(f.startswith(str(src)) and f.endswith(EXTENSION) for f in where.values())


def test_directives_keep_python_division():
    assert compiled.DIRECTIVES['cdivision'] is False
    assert compiled.DIRECTIVES['language_level'] == 3
