"""Variants as data: Betza parsing, XBoard Betza strings, user variant files."""
import json

import pytest

from cazaux_engine import Registry, get_variant, parse_fen, perft, start_position
from cazaux_engine.betza import BetzaError, parse
from cazaux_engine.variants import VariantError
from protocol.xboard_variants import xboard_betza


def test_betza_atoms():
    assert [(a.kind, a.move, a.capture) for a in parse('mRcpR')] == [('ride', True, False), ('hop', False, True)]
    assert [(a.kind, len(a.vectors)) for a in parse('KNAD')] == [('leap', 4), ('leap', 4), ('leap', 8), ('leap', 4), ('leap', 4)]
    assert sorted(parse('fmW')[0].vectors) == [(0, 1)]
    assert sorted(parse('fcF')[0].vectors) == [(-1, 1), (1, 1)]
    assert [a.kind for a in parse('FyafsF')] == ['leap', 'bent']
    assert parse('fmnD')[0].lame


@pytest.mark.parametrize('bad', ['', 'X', 'fm', 'R4', 'pR', 'mpR', 'nN', 'cnD', 'FyafF', 'sF', 'q'])
def test_betza_errors(bad):
    with pytest.raises(BetzaError):
        parse(bad)


@pytest.mark.parametrize('name, expect', [
    ('zanzibar-s', {'K': 'KimAimDimN', 'P': 'fmWfcFfmnDfeF', 'I': 'KfmnD', 'G': 'FyafsF',
                    'U': 'WyafsW', 'L': 'KNAD', 'F': 'NCZ', 'C': 'mRcpR', 'V': 'mBcpB',
                    'E': 'FA', 'W': 'WD', 'M': 'C', 'Z': 'Z'}),
    ('zanzibar-xl', {'S': 'mQcpQ', 'D': 'KADGH'}),
    ('maasai', {'P': 'fmWfcFifmnDfeF', 'A': 'fmWfcFfmnDfeF', 'I': 'KifmnD'}),
    ('pemba', {'K': 'KisjO2', 'P': 'fmWfcFifmnDfeF'}),
    ('oblong44', {'K': 'K', 'P': 'fmWfcF', 'F': 'F', 'E': 'A', 'D': 'D'}),
])
def test_xboard_betza_from_the_single_definition(name, expect):
    v = get_variant(name)
    got = {p.letter: xboard_betza(v, p) for p in v.pieces}
    assert {k: got[k] for k in expect} == expect


def test_user_variant_file(tmp_path):
    f = tmp_path / 'mine.json'
    f.write_text(json.dumps({
        'pieces': {'wazir': {'letter': 'X', 'betza': 'W', 'value': 150}},
        'variants': {
            'tiny': {'files': 5, 'ranks': 5, 'pieces': ['king', 'rook', 'wazir', 'pawn'],
                     'start': 'rxk2/p4/5/4P/2KXR w - - 0 1',
                     'promotion': {'pieces': ['pawn'], 'choices': ['rook', 'wazir']}},
            'zanzibar-s-nojump': {'parent': 'zanzibar-s', 'king_jump': False},
        }}))
    got = Registry().load_file(str(f))
    assert set(got) == {'tiny', 'zanzibar-s-nojump'}
    pos = start_position(got['tiny'])
    assert perft(pos, 1) == 6   # Kc1: b1 b2 c2 d2; Wazir d2; Pawn e3
    assert [perft(start_position(got['zanzibar-s-nojump']), d) for d in (1, 2)] == [53, 2809]
    v = got['zanzibar-s-nojump']
    assert xboard_betza(v, v.piece('king')) == 'K'


@pytest.mark.parametrize('record, message', [
    ({'files': 5}, "variant 'bad': missing 'ranks'"),
    ({'files': 5, 'ranks': 5, 'pieces': ['rook'], 'start': '5/5/5/5/5'}, "variant 'bad': the first piece must be king"),
    ({'files': 5, 'ranks': 5, 'pieces': ['king', 'dragon'], 'start': 'k4/5/5/5/4K'}, "variant 'bad': unknown piece 'dragon'"),
    ({'files': 5, 'ranks': 5, 'pieces': ['king', 'ferz', 'buffalo'], 'start': 'k4/5/5/5/4K'}, "variant 'bad': letter F used twice"),
    ({'files': 40, 'ranks': 5, 'pieces': ['king'], 'start': 'k4/5/5/5/4K'}, "variant 'bad': board 40x5 not supported (files 1-16, ranks 3-16)"),
    ({'parent': 'nowhere'}, "variant 'bad': unknown parent 'nowhere'"),
])
def test_bad_user_variants(tmp_path, record, message):
    f = tmp_path / 'bad.json'
    f.write_text(json.dumps({'variants': {'bad': record}}))
    with pytest.raises(VariantError) as e:
        Registry().load_file(str(f))
    assert str(e.value) == f'{f}: {message}'


def test_unknown_variant_message():
    with pytest.raises(VariantError) as e:
        get_variant('zanzibar')
    assert str(e.value).startswith("unknown variant 'zanzibar' (known: chess, pemba")
