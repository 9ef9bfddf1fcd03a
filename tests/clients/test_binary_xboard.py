"""The binary in the real XBoard: what a tournament player does with it.

XBoard (under xvfb-run) is pointed at the one-file binary for both sides
(``-fcp dist/cazaux-engine -scp dist/cazaux-engine -variant zanzibar-s``) and
plays a game at depth 1 with its own legality testing on; the game must end
with a result and neither XBoard nor the engine may reject a move.  Fails
when xboard or xvfb-run is missing (packaging/test.sh installs them).
"""
from __future__ import annotations

import pytest

from tests.xboard_support.xbmatch import run_match

pytestmark = pytest.mark.usefixtures('real_xboard')


@pytest.mark.parametrize('variant', ['zanzibar-s'])
def test_binary_plays_a_game_in_xboard(binary, tmp_path, variant):
    m = run_match(tmp_path, variant, games=1, depth=1,
                          extra=['-fcp', binary, '-scp', binary])
    assert m.returncode == 0, m.output[-2000:]
    assert f'StartChildProcess (dir="{tmp_path}") {binary}' in m.debug
    assert len(m.games) == 1, m.pgn
    game = m.games[0]
    assert game.headers['Variant'] == variant
    assert game.headers['White'].startswith('cazaux-engine')
    assert game.result in ('1-0', '0-1', '1/2-1/2'), m.pgn
    assert m.engine_errors() == []
    assert m.xboard_complaints() == []
