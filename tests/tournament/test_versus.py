"""benchmarks/speed/versus.py: the bench's search in one tree, with the
settings it is given and with none other."""
from __future__ import annotations

import types

import pytest

from tests.conftest import ROOT, script_module


def versus():
    return script_module('benchmarks', 'speed', 'versus.py')


@pytest.mark.parametrize('settings, nodes', [
    ('', 42016),                        # tests/search/test_search.py's bench pin at depth 4
    ('SEE_PRUNE_DEPTH=0', 43880),       # its switched pin
    ('SEE_PRUNE_DEPTH=0,CAPTURE_HISTORY=0', 43734),     # the bench before both
])
def test_the_worker_counts_the_bench_with_the_settings_given(settings, nodes):
    figures, _ = versus().measure(ROOT, 4, (), settings)
    assert figures['nodes'] == nodes
    assert figures['seconds'] > 0 and figures['cpu'] > 0


def test_a_setting_in_the_environment_does_not_leak_into_a_tree(monkeypatch):
    monkeypatch.setenv('CAZAUX_ENGINE_PARAMS', 'SEE_PRUNE_DEPTH=0')
    figures, _ = versus().measure(ROOT, 4)
    assert figures['nodes'] == 42016


def test_unequal_nodes_are_an_error_only_under_equal_settings():
    v = versus()
    a, b = {'nodes': 42016}, {'nodes': 43880}
    same = types.SimpleNamespace(params='', ref_params='')
    switched = types.SimpleNamespace(params='', ref_params='SEE_PRUNE_DEPTH=0')
    assert v.nodes_word(a, dict(a), same) == 'equal'
    assert v.nodes_word(a, b, same) == 'DIFFER'
    assert v.nodes_word(a, b, switched) == 'differ'
    assert v.nodes_word(a, dict(a), switched) == 'equal'


def test_a_bad_setting_stops_the_worker_with_its_message():
    with pytest.raises(SystemExit) as e:
        versus().measure(ROOT, 1, (), 'NO_SUCH_NUMBER=3')
    assert "CAZAUX_ENGINE_PARAMS: 'NO_SUCH_NUMBER' is not a number of search/params.py" in str(e.value.code)


@pytest.mark.parametrize('variants, nodes', [
    (('chess',), 930 + 1747 + 4343 + 1196),         # the chess positions' pins at depth 4
    (('chess', 'oblong44'), None),
])
def test_the_worker_searches_only_the_variants_asked_for(variants, nodes):
    v = versus()
    figures, _ = v.measure(ROOT, 4, (), '', variants)
    if nodes is None:       # the two variants' nodes add up
        nodes = sum(v.measure(ROOT, 4, (), '', (name,))[0]['nodes'] for name in variants)
        assert nodes < 42016
    assert figures['nodes'] == nodes


def test_a_variant_without_bench_positions_is_refused_before_any_build(capsys):
    with pytest.raises(SystemExit) as e:
        versus().main(['--ref', 'HEAD', '--variant', 'chess', '--variant', 'nochess'])
    assert e.value.code == 2
    assert 'error: no bench position of nochess (the bench has: chess, maasai, oblong44, pemba,' in (
        capsys.readouterr().err)
