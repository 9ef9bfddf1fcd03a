"""The engine plays from every Black-choice placement, not only the default.

White's placement mirrors Black's, so every setup is a symmetric position:
the evaluation must give exactly the side to move's tempo, whatever the
placement (no term may be tied to the default squares), and a short search
must find no advantage for either side.  Every placement of Zanzibar-S and
a seeded sample of those of Zanzibar-XL and Maasai; the games themselves are
measured in matches (``--openings balanced`` starts half of its openings
from random placements, docs/strength.md).
"""
import random

import pytest

from cazaux_engine import get_variant, move_text, start_position
from cazaux_engine.setups import setup_count, setup_fen
from search import Limits, Searcher
from search.static import evaluate
from search.weights import overriding, weights_for
from cazaux_engine.movegen import legal_moves


def _placements(name: str, sample: int) -> list[int]:
    n = setup_count(get_variant(name))
    if n <= sample:
        return list(range(1, n + 1))
    return sorted(random.Random(1).sample(range(1, n + 1), sample))


CASES = [(name, i) for name, sample in (('zanzibar-s', 24), ('zanzibar-xl', 12),
                                        ('maasai', 12), ('zanzibar-s-promo', 4))
         for i in _placements(name, sample)]


def test_the_sample_is_every_zanzibar_s_placement_and_a_fixed_draw_of_the_rest():
    assert len(CASES) == 24 + 12 + 12 + 4
    assert [i for name, i in CASES if name == 'zanzibar-xl'][:3] == _placements('zanzibar-xl', 12)[:3]
    assert len({i for name, i in CASES if name == 'maasai'}) == 12


@pytest.mark.parametrize('name', ['zanzibar-s', 'zanzibar-xl', 'maasai', 'zanzibar-s-promo'])
def test_every_placement_evaluates_to_the_tempo_alone(name):
    # each variant's own tempo, and 12 where its fit set it to 0 (Zanzibar-S,
    # sixty-fifth round; Zanzibar-XL, sixty-sixth), so that an evaluation of 0
    # cannot pass for it
    tempo = weights_for(name)['TEMPO'] or 12
    assert tempo > 0
    with overriding(name, weights=dict(TEMPO=tempo)):
        for i in (i for n, i in CASES if n == name):
            pos = start_position(name, setup_fen(get_variant(name), i))
            assert evaluate(pos) == tempo, (name, i)
    assert [weights_for(n)['TEMPO'] for n in ('zanzibar-s', 'zanzibar-xl', 'maasai',
                                              'zanzibar-s-promo')] == [0, 0, 9, 10]


@pytest.mark.parametrize('name,index', CASES)
def test_a_short_search_finds_each_placement_balanced(name, index):
    pos = start_position(name, setup_fen(get_variant(name), index))
    s = Searcher(hash_mb=4)
    r = s.search(pos, Limits(depth=4))
    assert r.best is not None and r.best in legal_moves(pos)
    # within a third of a pawn of the tempo: no placement hands either side
    # anything, and no search blunder from an unfamiliar set-up
    assert -20 <= r.info.score <= 45, (name, index, r.info.score, move_text(pos, r.best))
