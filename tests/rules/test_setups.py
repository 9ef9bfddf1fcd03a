"""Black's choice of placement: counts, documented order, mirroring, legality."""
import random

import pytest

from cazaux_engine import get_variant, parse_fen, perft
from cazaux_engine.setups import (all_setup_fens, random_setup_index, setup_count, setup_fen)
from cazaux_engine.movegen import legal_moves


@pytest.mark.parametrize('name, count', [
    ('zanzibar-s', 24), ('zanzibar-s-promo', 24), ('zanzibar-xl', 288), ('maasai', 10080),
    ('pemba', 0), ('oblong44', 0), ('chess', 0)])
def test_counts(name, count):
    assert setup_count(get_variant(name)) == count


def back_ranks(fen):
    rows = fen.split()[0].split('/')
    return rows[-1], rows[-2], rows[0], rows[1]


def test_index_one_is_the_default_mirrored_left_right():
    for name in ('zanzibar-s', 'zanzibar-xl', 'maasai'):
        v = get_variant(name)
        r1, r2, r12, r11 = back_ranks(setup_fen(v, 1))
        d1, d2, d12, d11 = back_ranks(v.start)
        assert (r1, r2) == (d1[::-1], d2[::-1])
        assert (r12, r11) == (d12[::-1], d11[::-1])
        assert setup_fen(v, 0) == v.start


def test_documented_order_zanzibar_s():
    v = get_variant('zanzibar-s')
    firsts = [back_ranks(setup_fen(v, i))[:2] for i in (1, 2, 3, 24)]
    assert firsts == [('CMZVUKQFVZMC', 'ERNBWGLWBNRE'),   # K f1 Q g1 G f2 L g2, U e1 F h1
                      ('CMZVFKQUVZMC', 'ERNBWGLWBNRE'),   # same, Rhinoceros/Buffalo swapped
                      ('CMZVUKQFVZMC', 'ERNBWLGWBNRE'),   # Eagle/Lion swapped
                      ('CMZVFLGUVZMC', 'ERNBWKQWBNRE')]   # K f2 Q g2 L f1 G g1


def test_all_distinct_mirrored_king_on_f_and_legal():
    for name in ('zanzibar-s', 'zanzibar-xl', 'maasai'):
        v = get_variant(name)
        fens = all_setup_fens(v)
        assert len(set(fens)) == setup_count(v)
        step = 1 if len(fens) < 300 else 97       # every maasai placement is parsed below too
        for fen in fens[::step]:
            r1, r2, r12, r11 = back_ranks(fen)
            assert r12 == r1.lower() and r11 == r2.lower()
            assert 'K' in (r1[5], r2[5])
            pos = parse_fen(v, fen)
            assert legal_moves(pos)
            assert fen.split()[2] == 'Kk'


def test_every_maasai_placement_parses():
    v = get_variant('maasai')
    for fen in all_setup_fens(v):
        parse_fen(v, fen)


def test_same_piece_counts_as_default():
    for name in ('zanzibar-s', 'zanzibar-xl', 'maasai'):
        v = get_variant(name)
        default = sorted(v.start.split()[0])
        for fen in all_setup_fens(v)[:50]:
            assert sorted(fen.split()[0]) == default


def test_random_and_bad_index():
    v = get_variant('zanzibar-xl')
    rng = random.Random(7)
    picks = {random_setup_index(v, rng) for _ in range(200)}
    assert picks <= set(range(1, 289)) and len(picks) > 100
    with pytest.raises(ValueError):
        setup_fen(v, 289)
    with pytest.raises(ValueError):
        setup_fen(v, -1)
    assert random_setup_index(get_variant('pemba')) == 0


def test_setup_perft_pinned():
    v = get_variant('zanzibar-s')
    assert [perft(parse_fen(v, setup_fen(v, i)), 2) for i in (1, 24)] == [2809, 2809]
