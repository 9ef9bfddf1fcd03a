"""The King's jump (Zanzibar, Maasai) and castling (chess, Pemba Shako-style)."""
import pytest

from cazaux_engine import FenError, move_text, parse_fen, parse_move, get_variant, to_fen
from rules_util import fen_of, legal, moves_from, position
from cazaux_engine.movegen import legal_moves

JUMPS_FROM_F2 = {'d1', 'h1', 'd2', 'h2', 'd3', 'e4', 'f4', 'g4', 'h3', 'h4', 'd4'}


def king_moves(pieces, castling='K', variant='zanzibar-s', side='w'):
    sq = next(s for s, p in pieces.items() if p == ('K' if side == 'w' else 'k'))
    return moves_from(variant, sq, pieces, castling=castling, side=side)


def test_all_sixteen_jumps_from_the_middle():
    # King on f2 (its zone): every empty square at distance 2 on the board
    got = king_moves({'f2': 'K', 'l12': 'k'})
    steps = {'e1', 'f1', 'g1', 'e2', 'g2', 'e3', 'f3', 'g3'}
    assert got - steps == JUMPS_FROM_F2
    assert steps <= got
    # rank 0 does not exist: 16 - 5 = 11 jumps from f2


def test_jump_right_lost_or_absent():
    assert king_moves({'f2': 'K', 'l12': 'k'}, castling='-') == {
        'e1', 'f1', 'g1', 'e2', 'g2', 'e3', 'f3', 'g3'}
    # lost once the King has moved, even back to its square
    pos = position('zanzibar-s', {'f2': 'K', 'l12': 'k'}, castling='Kk')
    for mv in ('f2f3', 'l12l11', 'f3f2', 'l11l12'):
        pos.push(parse_move(pos, mv))
    assert not {move_text(pos, m) for m in legal_moves(pos)} & {'f2' + s for s in JUMPS_FROM_F2}
    assert to_fen(pos).split()[2] == '-'


def test_jump_is_never_a_capture():
    got = king_moves({'f2': 'K', 'l12': 'k', 'h4': 'p', 'f4': 'N'})
    assert 'h4' not in got and 'f4' not in got


def test_no_jump_out_of_check():
    got = king_moves({'f2': 'K', 'l12': 'k', 'f9': 'r'})
    assert not got & JUMPS_FROM_F2
    assert 'e3' in got


def test_no_jump_to_an_attacked_square():
    got = king_moves({'f2': 'K', 'l12': 'k', 'a4': 'r'})
    assert not {'d4', 'e4', 'f4', 'g4', 'h4'} & got
    assert {'d3', 'h3', 'd2', 'h2'} <= got


def test_straight_jump_over_attacked_midpoint_is_illegal():
    # f2-f4 passes f3; a Rook on a3 attacks f3 (and d3, h3 lie on that rank too)
    got = king_moves({'f2': 'K', 'l12': 'k', 'a3': 'r'})
    assert 'f4' not in got            # midpoint f3 attacked
    assert 'd4' not in got and 'h4' not in got   # diagonal jumps over e3 / g3
    assert 'd2' in got and 'h2' in got


def test_midpoint_may_be_occupied():
    # own Pawn on f3, enemy Camel on g3 (attacking neither f3, g3, f4 nor h4)
    got = king_moves({'f2': 'K', 'l12': 'k', 'f3': 'P', 'g3': 'm'})
    assert 'f4' in got and 'h4' in got
    assert 'd4' not in got            # the Camel attacks d4


def test_knight_jump_needs_one_safe_square_between():
    # f2 -> h3: the squares adjacent to both are g2 and g3.
    # Both attacked (Rooks on the g-file): illegal
    both = king_moves({'f2': 'K', 'l12': 'k', 'g12': 'r'})
    assert 'h3' not in both
    # only g2 attacked (Knight on h4): legal
    one = king_moves({'f2': 'K', 'l12': 'k', 'h4': 'n'})
    assert 'h3' in one
    # only g3 attacked (Bishop on i1 hits h2 and g3, not h3): legal
    other = king_moves({'f2': 'K', 'l12': 'k', 'i1': 'b'})
    assert 'h3' in other


def test_knight_jump_both_between_attacked_by_cannon_screens():
    # g2 and g3 attacked through screens; h3 itself safe
    pieces = {'f2': 'K', 'l12': 'k', 'g5': 'P', 'g8': 'c', 'a1': 'N', 'i2': 'P', 'k2': 'c'}
    got = king_moves(pieces)
    assert 'h3' not in got


def test_jump_attack_judged_with_the_king_on_its_square():
    # A Cannon on a1 and the King on f1: with the King as its screen the Cannon attacks
    # g1, so the jump f1-h1 over g1 is illegal although h1 is safe after the move.
    got = king_moves({'f1': 'K', 'l12': 'k', 'a1': 'c'})
    assert 'h1' not in got
    # f1-h2: of g1 and g2 only g1 is attacked: legal
    assert 'h2' in got
    # f1-d1 over e1: no screen between a1 and e1, so e1 is not attacked: legal
    assert 'd1' in got


def test_jump_rights_from_fen_are_lenient():
    v = get_variant('zanzibar-s')
    base = fen_of('zanzibar-s', {'f2': 'K', 'g11': 'k'})
    for field, white, black in (('Kk', True, True), ('Gg', True, True), ('FA', True, False),
                                ('q', False, True), ('-', False, False)):
        pos = parse_fen(v, base.replace(' - - ', f' {field} - '))
        assert to_fen(pos).split()[2] == (('K' if white else '') + ('k' if black else '') or '-')
    # a King outside its start zone never has the right
    pos = parse_fen(v, fen_of('zanzibar-s', {'c2': 'K', 'g11': 'k'}, castling='Kk'))
    assert to_fen(pos).split()[2] == 'k'
    with pytest.raises(FenError):
        parse_fen(v, base.replace(' - - ', ' K1 - '))


def test_start_position_jumps():
    # zanzibar-s start: King g1, all squares at distance 2 occupied but e3/h3... none empty
    assert not {m for m in legal('zanzibar-s') if m.startswith('g1')}


# -- castling ---------------------------------------------------------------------

PEMBA = {'f2': 'K', 'b2': 'R', 'i2': 'R', 'f9': 'k'}


def test_pemba_shako_castling_both_ways():
    got = king_moves(dict(PEMBA), castling='KQ', variant='pemba')
    assert {'h2', 'd2'} <= got
    pos = position('pemba', dict(PEMBA), castling='KQ')
    pos.push(parse_move(pos, 'f2h2'))
    board = {pos.rules.square_name(s): pos.rules.letter_of[pos.board[s]] for s in pos.pieces[1]}
    assert board == {'b2': 'R', 'g2': 'R', 'h2': 'K'}
    pos.pop()
    pos.push(parse_move(pos, 'f2d2'))
    board = {pos.rules.square_name(s): pos.rules.letter_of[pos.board[s]] for s in pos.pieces[1]}
    assert board == {'d2': 'K', 'e2': 'R', 'i2': 'R'}


@pytest.mark.parametrize('extra, castling, allowed', [
    ({}, 'KQ', {'h2', 'd2'}),
    ({}, 'Q', {'d2'}),                      # no right
    ({'g2': 'N'}, 'KQ', {'d2'}),            # path not empty
    ({'h2': 'N'}, 'KQ', {'d2'}),
    ({'c2': 'N'}, 'KQ', {'h2'}),            # between King and Rook (c2) not empty
    ({'g7': 'r'}, 'KQ', {'d2'}),            # passes over attacked g2
    ({'h8': 'r'}, 'KQ', {'d2'}),            # lands on attacked h2
    ({'f7': 'r'}, 'KQ', set()),             # in check
    ({'e8': 'c', 'e5': 'p'}, 'KQ', {'h2'}),  # passes over e2, attacked by a Cannon
])
def test_pemba_castling_conditions(extra, castling, allowed):
    got = king_moves(dict(PEMBA, **extra), castling=castling, variant='pemba')
    assert got & {'h2', 'd2'} == allowed


def test_pemba_castling_right_lost_when_rook_moves():
    pos = position('pemba', dict(PEMBA), castling='KQ')
    for mv in ('i2i3', 'f9f8', 'i3i2', 'f8f9'):
        pos.push(parse_move(pos, mv))
    got = {move_text(pos, m) for m in legal_moves(pos)}
    assert 'f2h2' not in got and 'f2d2' in got
    assert to_fen(pos).split()[2] == 'Q'


def test_pemba_start_castling_field_and_xboard_ranks():
    pos = position('pemba')
    assert to_fen(pos).split()[2] == 'KQkq'


def test_chess_castling_through_check_illegal():
    got = king_moves({'e1': 'K', 'h1': 'R', 'a1': 'R', 'e8': 'k', 'f8': 'r'}, castling='KQ',
                     variant='chess')
    assert 'g1' not in got and 'c1' in got
