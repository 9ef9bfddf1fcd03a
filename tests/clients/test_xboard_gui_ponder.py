"""The engine against itself under the real XBoard at a real clock, both
sides pondering (XBoard's ``-ponderNextMove true``: it sends ``hard``).

Each engine thinks on its opponent's time while the other searches, so
ponder hits, ponder misses (``usermove`` of another move while pondering)
and the clock's ``time``/``otim`` arrive while a search runs.  One game per
variant at 5 s + 0.1 s per move, adjudicated a draw after 40 moves: the
game must end by the rules or by that adjudication, with no forfeit, no
loss on time, no false claim, and no move or command refused by either
side (XBoard's PGN and debug log).
"""
from __future__ import annotations

import re

import pytest

from tests.clients.test_xboard_gui import NO_LEGALITY, assert_clean
from tests.xboard_support.xbmatch import run_match

pytestmark = pytest.mark.usefixtures('real_xboard')

PONDER = ['-ponderNextMove', 'true', '-autoCallFlag', 'true']


@pytest.mark.parametrize('variant', ['chess', 'pemba', 'zanzibar-s', 'zanzibar-s-promo',
                                     'zanzibar-xl', 'maasai', 'oblong44'])
def test_pondering_at_a_real_clock(tmp_path, variant):
    xb_name = 'normal' if variant == 'chess' else variant     # XBoard's name of chess
    # maasai and zanzibar-s-promo are played with legality testing off, as
    # docs/xboard.md asks (XBoard would refuse their pieces' promotions)
    extra = PONDER + (NO_LEGALITY if variant in ('maasai', 'zanzibar-s-promo') else [])
    m = run_match(tmp_path, xb_name, games=1, tc='0:05', inc='0.1', depth=None,
                  extra=extra, max_moves=40, timeout=120)
    assert_clean(m, 1)
    # both engines were told to ponder, and both moved
    for engine in ('first', 'second'):
        assert re.search(rf'>{engine}\s*: hard', m.debug), engine
        assert re.search(rf'<{engine}\s*: move ', m.debug), engine
    assert m.games[0].headers.get('Variant', 'normal') == xb_name
