"""CAZAUX_ENGINE_PARAMS: the command line applies it, importing does not.

``search.params.override_from_environment()`` replaces numbers of
search/params.py from the environment; ``cazaux-engine`` calls it when it
starts, before any other module of ``search`` is loaded (importing the
package loads none), so no module can have copied a number before.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from search import params
from tests.search.test_search import BENCH_DEPTH, BENCH_NODES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHANGED = 'RFP_MARGIN=50,LMR_DIVISOR=1.5'


def python(args: list[str], params_env: str | None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop('CAZAUX_ENGINE_PARAMS', None)
    if params_env is not None:
        env['CAZAUX_ENGINE_PARAMS'] = params_env
    return subprocess.run([sys.executable] + args, cwd=ROOT, env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=300)


def total_nodes(stdout: str) -> int:
    return int(next(line for line in stdout.splitlines()
                    if line.startswith('Total nodes:')).split(':')[1])


def test_importing_search_neither_reads_it_nor_loads_a_module_that_copies():
    code = ('import sys, search, search.params\n'
            'print(search.params.TEMPO, search.params.LMR_DIVISOR)\n'
            'print(sorted(m for m in sys.modules if m.split(".")[0] == "search"))\n')
    p = python(['-c', code], 'TEMPO=5,LMR_DIVISOR=1.5')
    assert (p.returncode, p.stderr) == (0, '')
    assert p.stdout == f"{params.TEMPO} {params.LMR_DIVISOR}\n['search', 'search.params']\n"


def test_override_replaces_ints_and_floats(monkeypatch):
    for name in ('TEMPO', 'LMR_DIVISOR', 'HARD_FACTOR'):
        monkeypatch.setattr(params, name, getattr(params, name))     # restored afterwards
    monkeypatch.setenv('CAZAUX_ENGINE_PARAMS', ' TEMPO=5, LMR_DIVISOR=2.5,HARD_FACTOR=3 ')
    params.override_from_environment()
    assert (params.TEMPO, params.LMR_DIVISOR, params.HARD_FACTOR) == (5, 2.5, 3.0)
    assert (type(params.TEMPO), type(params.HARD_FACTOR)) == (int, float)


def test_unset_or_empty_changes_nothing(monkeypatch):
    before = {k: v for k, v in vars(params).items() if k.isupper()}
    monkeypatch.delenv('CAZAUX_ENGINE_PARAMS', raising=False)
    params.override_from_environment()
    monkeypatch.setenv('CAZAUX_ENGINE_PARAMS', '  ')
    params.override_from_environment()
    assert {k: v for k, v in vars(params).items() if k.isupper()} == before


@pytest.mark.parametrize('text, message', [
    ('NOPE=1', "CAZAUX_ENGINE_PARAMS: 'NOPE' is not a number of search/params.py"),
    ('tempo=1', "CAZAUX_ENGINE_PARAMS: 'tempo' is not a number of search/params.py"),
    ('FUTILITY_MARGIN=1', "CAZAUX_ENGINE_PARAMS: 'FUTILITY_MARGIN' is not a number of search/params.py"),
    ('TEMPO=x', "CAZAUX_ENGINE_PARAMS: TEMPO='x' is not a number"),
    ('TEMPO=1.5', "CAZAUX_ENGINE_PARAMS: TEMPO='1.5' is not a number"),
    ('LMR_DIVISOR=', "CAZAUX_ENGINE_PARAMS: LMR_DIVISOR='' is not a number"),
])
def test_a_bad_setting_stops_with_a_message(monkeypatch, text, message):
    monkeypatch.setattr(params, 'TEMPO', params.TEMPO)
    monkeypatch.setenv('CAZAUX_ENGINE_PARAMS', text)
    with pytest.raises(SystemExit) as e:
        params.override_from_environment()
    assert e.value.code == message


def test_the_command_applies_it():
    bench = ['bench', '--depth', str(BENCH_DEPTH)]
    by_environment = python(['-m', 'cazaux_engine'] + bench, CHANGED)
    assert (by_environment.returncode, by_environment.stderr) == (0, '')
    # the same numbers set by hand before the command runs
    code = ('from search import params\n'
            f'for item in {CHANGED!r}.split(","):\n'
            '    name, value = item.split("=")\n'
            '    setattr(params, name, type(getattr(params, name))(float(value)))\n'
            'from protocol.cli import main\n'
            f'raise SystemExit(main({bench!r}))\n')
    by_hand = python(['-c', code], None)
    assert (by_hand.returncode, by_hand.stderr) == (0, '')
    assert total_nodes(by_environment.stdout) == total_nodes(by_hand.stdout) != BENCH_NODES


def test_the_command_stops_on_a_bad_setting_but_still_says_its_version():
    p = python(['-m', 'cazaux_engine', 'bench'], 'NOPE=1')
    assert (p.returncode, p.stdout, p.stderr) == (
        1, '', "CAZAUX_ENGINE_PARAMS: 'NOPE' is not a number of search/params.py\n")
    v = python(['-m', 'cazaux_engine', '--version'], 'NOPE=1')
    assert (v.returncode, v.stderr) == (0, '')
    assert v.stdout.startswith('cazaux-engine ')
