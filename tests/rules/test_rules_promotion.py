"""Promotion tables of every variant, compulsory piece promotions, move letters."""
import pytest

from cazaux_engine import IllegalMoveError, move_text, parse_move
from rules_util import moves_from, position


@pytest.mark.parametrize('variant, kings, square, letter, to, choices', [
    ('chess', {'a1': 'K', 'h6': 'k'}, 'e7', 'P', 'e8', 'qrbn'),
    ('pemba', {'a1': 'K', 'j6': 'k'}, 'e9', 'P', 'e10', 'qrbnecmzvw'),
    ('zanzibar-s', {'a1': 'K', 'l6': 'k'}, 'e11', 'P', 'e12', 'qglfu'),
    ('zanzibar-s', {'a1': 'K', 'l6': 'k'}, 'e11', 'I', 'e12', 'qglfu'),
    ('zanzibar-xl', {'a1': 'K', 'l6': 'k'}, 'e11', 'P', 'e12', 'qgldsfu'),
    ('zanzibar-xl', {'a1': 'K', 'l6': 'k'}, 'e11', 'I', 'e12', 'qgldsfu'),
    ('maasai', {'a1': 'K', 'l6': 'k'}, 'e11', 'P', 'e12', 'qglsdfu'),
    ('maasai', {'a1': 'K', 'l6': 'k'}, 'e11', 'A', 'e12', 'qglsdfu'),
    ('maasai', {'a1': 'K', 'l6': 'k'}, 'e11', 'I', 'e12', 'qglsdfu'),
    ('oblong44', {'a1': 'K', 'd5': 'k'}, 'b10', 'P', 'b11', 'f'),
])
def test_promotion_choices(variant, kings, square, letter, to, choices):
    got = moves_from(variant, square, dict(kings, **{square: letter}))
    assert {m for m in got if m.startswith(to)} == {to + c for c in choices}


def test_prince_promotes_on_every_move_to_the_last_rank():
    got = moves_from('zanzibar-s', 'e11', {'a1': 'K', 'l6': 'k', 'e11': 'I', 'f12': 'n'})
    assert {'d12q', 'e12q', 'f12q', 'f12u'} <= got
    assert not {'d12', 'e12', 'f12'} & got
    assert {'d11', 'd10', 'f10'} <= got      # other steps do not promote


def test_choice_letter_required_when_several():
    pos = position('zanzibar-s', {'a1': 'K', 'l6': 'k', 'e11': 'P'})
    with pytest.raises(IllegalMoveError):
        parse_move(pos, 'e11e12')
    with pytest.raises(IllegalMoveError):
        parse_move(pos, 'e11e12n')           # a Knight is not a Zanzibar-S choice
    with pytest.raises(IllegalMoveError):
        parse_move(pos, 'e11e12k')
    assert move_text(pos, parse_move(pos, 'e11e12G')) == 'e11e12g'


def test_oblong_ferz_letter_optional():
    pos = position('oblong44', {'a1': 'K', 'd5': 'k', 'b10': 'P'})
    assert move_text(pos, parse_move(pos, 'b10b11')) == 'b10b11f'
    assert move_text(pos, parse_move(pos, 'b10b11f')) == 'b10b11f'
    with pytest.raises(IllegalMoveError):
        parse_move(pos, 'b10b11q')


@pytest.mark.parametrize('piece, frm, to, becomes', [
    ('N', 'e10', 'f12', 'f'), ('M', 'e9', 'f12', 'f'), ('Z', 'e10', 'h12', 'f'),
    ('E', 'e10', 'g12', 'l'), ('W', 'e10', 'e12', 'l'), ('E', 'e11', 'f12', 'l'),
    ('W', 'e11', 'e12', 'l'),
])
def test_zanzibar_s_promo_compulsory(piece, frm, to, becomes):
    pieces = {'a1': 'K', 'l6': 'k', frm: piece}
    got = moves_from('zanzibar-s-promo', frm, pieces)
    assert to + becomes in got and to not in got
    assert not {m for m in got if m.startswith(to) and m != to + becomes}
    pos = position('zanzibar-s-promo', pieces)
    m = parse_move(pos, frm + to)            # the letter may be omitted
    assert move_text(pos, m) == frm + to + becomes
    pos.push(m)
    assert pos.rules.letter_of[pos.board[pos.rules.parse_square(to)]] == becomes.upper()


def test_zanzibar_s_has_no_piece_promotion():
    got = moves_from('zanzibar-s', 'e10', {'a1': 'K', 'l6': 'k', 'e10': 'N'})
    assert 'f12' in got and 'f12f' not in got


def test_promotion_by_capture_and_black():
    got = moves_from('chess', 'e2', {'a8': 'K', 'h3': 'k', 'e2': 'p', 'd1': 'R'}, side='b')
    assert got == {'e1q', 'e1r', 'e1b', 'e1n', 'd1q', 'd1r', 'd1b', 'd1n'}
