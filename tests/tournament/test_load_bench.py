"""benchmarks/soak/load.py: the warning when XBoard's animation costs more than the increment."""
import pytest

from tests.conftest import script_module


@pytest.fixture(scope='module')
def load():
    return script_module('benchmarks', 'soak', 'load.py')


def test_warns_below_the_animation(load):
    assert load.animation_warning(0.05, '') == (
        "XBoard's move animation (on by default) costs about 100 ms a move, more than the "
        "50 ms increment: expect XBoard's games to be lost on time whatever the engine does; "
        'give --xboard-args "-animateMoving false" (docs/match.md#load)')
    assert load.animation_warning(0.0, '-ponderNextMove true') is not None
    assert load.animation_warning(0.05, '-animateMoving true') is not None


def test_silent_with_the_animation_off_or_a_large_increment(load):
    assert load.animation_warning(0.05, '-animateMoving false') is None
    assert load.animation_warning(0.05, '-animate False') is None
    assert load.animation_warning(0.05, '-xanimate') is None
    assert load.animation_warning(0.1, '') is None
    assert load.animation_warning(0.5, '') is None


def test_parse_tc_and_shares(load):
    assert load.parse_tc('2+0.05') == (2.0, 0.05)
    assert load.parse_tc('40') == (40.0, 0.0)
    assert load.shares(10, 3) == [4, 3, 3]
    assert load.shares(2, 4) == [1, 1, 0, 0]
