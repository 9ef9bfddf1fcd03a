"""Pawn-like pieces: double steps per variant, en passant tables, promotion by double step."""
import pytest

from cazaux_engine import move_text, parse_move, to_fen
from cazaux_engine.moves import EP, move_flag
from rules_util import legal, moves_from, position
from cazaux_engine.movegen import legal_moves

K12 = {'a1': 'K', 'l12': 'k'}


@pytest.mark.parametrize('variant, square, letter, allowed', [
    # chess, Pemba, Maasai Pawns: own starting rank only
    ('chess', 'e2', 'P', True), ('chess', 'e3', 'P', False),
    ('pemba', 'e3', 'P', True), ('pemba', 'e4', 'P', False), ('pemba', 'e2', 'P', False),
    ('maasai', 'e4', 'P', True), ('maasai', 'e5', 'P', False), ('maasai', 'e3', 'P', False),
    # rapid Pawns and Princes in Zanzibar; Maasai soldiers everywhere
    ('zanzibar-s', 'e3', 'P', True), ('zanzibar-s', 'e7', 'P', True), ('zanzibar-xl', 'e9', 'P', True),
    ('zanzibar-s', 'e6', 'I', True), ('zanzibar-xl', 'e3', 'I', True),
    ('maasai', 'e3', 'A', True), ('maasai', 'e8', 'A', True),
    # Maasai Prince: its starting rank (3) only
    ('maasai', 'e3', 'I', True), ('maasai', 'e4', 'I', False), ('maasai', 'e2', 'I', False),
    # Oblong: never
    ('oblong44', 'b4', 'P', False),
])
def test_double_step_ranks(variant, square, letter, allowed):
    kings = {'chess': {'a1': 'K', 'h8': 'k'}, 'pemba': {'a1': 'K', 'j10': 'k'},
             'oblong44': {'a1': 'K', 'd11': 'k'}}.get(variant, K12)
    f, r = square[0], int(square[1:])
    target = f'{f}{r + 2}'
    got = moves_from(variant, square, dict(kings, **{square: letter}))
    assert (target in got) == allowed
    # black mirrored
    ranks = {'chess': 8, 'pemba': 10, 'oblong44': 11}.get(variant, 12)
    bsq = f'{f}{ranks + 1 - r}'
    btarget = f'{f}{ranks + 1 - r - 2}'
    got = moves_from(variant, bsq, dict(kings, **{bsq: letter.lower()}), side='b')
    assert (btarget in got) == allowed


def test_double_step_needs_both_squares_empty_and_never_captures():
    base = dict(K12, e3='P')
    assert 'e5' in moves_from('zanzibar-s', 'e3', base)
    assert 'e5' not in moves_from('zanzibar-s', 'e3', dict(base, e4='n'))
    assert 'e5' not in moves_from('zanzibar-s', 'e3', dict(base, e5='n'))
    assert 'e4' in moves_from('zanzibar-s', 'e3', dict(base, e5='n'))


def test_pawn_captures_diagonally_forward_only():
    got = moves_from('chess', 'e4', {'a1': 'K', 'h8': 'k', 'e4': 'P', 'd5': 'p', 'f5': 'p',
                                     'e5': 'p', 'd3': 'p'})
    assert got == {'d5', 'f5'}


def test_double_step_to_last_rank_promotes():
    got = moves_from('zanzibar-s', 'e10', dict(K12, e10='P'))
    assert got == {'e11'} | {'e12' + c for c in 'qglfu'}
    got = moves_from('zanzibar-s', 'e10', dict(K12, e10='I'))
    assert {'e12' + c for c in 'qglfu'} <= got and 'e12' not in got


def ep_captures(variant, pieces, double_step):
    """Black double-steps; White's e.p. captures in reply, as text."""
    pos = position(variant, pieces, side='b')
    pos.push(parse_move(pos, double_step))
    return pos, {move_text(pos, m) for m in legal_moves(pos) if move_flag(m) == EP}


@pytest.mark.parametrize('variant, victim, captor, ok', [
    ('chess', 'p', 'P', True),
    ('pemba', 'p', 'P', True),
    ('zanzibar-s', 'p', 'P', True), ('zanzibar-s', 'i', 'P', True),
    ('zanzibar-s', 'p', 'I', False), ('zanzibar-s', 'i', 'I', False),
    ('zanzibar-xl', 'i', 'P', True), ('zanzibar-xl', 'p', 'I', False),
    ('maasai', 'p', 'P', True), ('maasai', 'a', 'A', True), ('maasai', 'i', 'A', True),
    ('maasai', 'a', 'P', True), ('maasai', 'p', 'I', False),
])
def test_en_passant_tables(variant, victim, captor, ok):
    # Black's piece double-steps from d7 (chess) / d9 and lands beside White's captor
    if variant == 'chess':
        pieces = {'a1': 'K', 'h8': 'k', 'd7': victim, 'e5': captor}
        step, ep = 'd7d5', 'e5d6'
    elif variant == 'pemba':
        pieces = {'a1': 'K', 'j10': 'k', 'd8': victim, 'e6': captor}
        step, ep = 'd8d6', 'e6d7'
    elif variant == 'maasai':
        # Maasai Pawns double-step from rank 9 (Black's 4th), Princes from rank 10 (Black's 3rd)
        start = {'p': 'd9', 'a': 'd9', 'i': 'd10'}[victim]
        land = f'd{int(start[1:]) - 2}'
        pieces = {'a1': 'K', 'l12': 'k', start: victim, f'e{land[1:]}': captor}
        step, ep = f'{start}{land}', f'e{land[1:]}d{int(land[1:]) + 1}'
    else:
        pieces = {'a1': 'K', 'l12': 'k', 'd9': victim, 'e7': captor}
        step, ep = 'd9d7', 'e7d8'
    pos, captures = ep_captures(variant, pieces, step)
    assert captures == ({ep} if ok else set())
    # playing the diagonal move removes the double-stepper exactly when it is e.p.
    pos.push(parse_move(pos, ep))
    assert (step[2:] in {pos.rules.square_name(s) for s in pos.pieces[-1]}) != ok


def test_en_passant_only_on_the_next_move():
    pos = position('zanzibar-s', {'a1': 'K', 'l12': 'k', 'd9': 'p', 'e7': 'P', 'a6': 'p', 'h2': 'P'},
                   side='b')
    pos.push(parse_move(pos, 'd9d7'))
    assert 'e7d8' in {move_text(pos, m) for m in legal_moves(pos)}
    pos.push(parse_move(pos, 'h2h3'))
    pos.push(parse_move(pos, 'a6a5'))
    assert 'e7d8' not in {move_text(pos, m) for m in legal_moves(pos)}


def test_en_passant_fen_field_in_and_out():
    pos = position('chess', {'a1': 'K', 'h8': 'k', 'd7': 'p', 'e5': 'P'}, side='b')
    pos.push(parse_move(pos, 'd7d5'))
    assert to_fen(pos).split()[3] == 'd6'
    pos2 = position('chess', {'a1': 'K', 'h8': 'k', 'd7': 'p', 'a5': 'P'}, side='b')
    pos2.push(parse_move(pos2, 'd7d5'))
    assert to_fen(pos2).split()[3] == '-'        # written only when a capture is legal
    got = legal('chess', {'a1': 'K', 'h8': 'k', 'd5': 'p', 'e5': 'P'}, ep='d6')
    assert 'e5d6' in got
    # the field may name a square no capturer can use: accepted, nothing to take
    got = legal('chess', {'a1': 'K', 'h8': 'k', 'd5': 'p', 'a5': 'P'}, ep='d6')
    assert not {m for m in got if m.endswith('d6')}


def test_rapid_pawn_double_step_sets_ep_anywhere():
    pos = position('zanzibar-s', {'a1': 'K', 'l12': 'k', 'd6': 'p', 'e4': 'P'}, side='b')
    pos.push(parse_move(pos, 'd6d4'))
    assert 'e4d5' in {move_text(pos, m) for m in legal_moves(pos)}


def test_illegal_en_passant_leaves_no_ep_square():
    # after c7c5 the capture b5xc6 e.p. would open the 5th rank to the Rook on h5
    pos = position('chess', {'a5': 'K', 'b5': 'P', 'c7': 'p', 'h5': 'r', 'e8': 'k'}, side='b')
    pos.push(parse_move(pos, 'c7c5'))
    assert not [m for m in legal_moves(pos) if move_flag(m) == EP]
    assert to_fen(pos).split()[3] == '-' and pos.ep == 0
    # so the position equals the same placement reached without a double step
    other = position('chess', {'a5': 'K', 'b5': 'P', 'c5': 'p', 'h5': 'r', 'e8': 'k'})
    assert pos.hash == other.hash
    # a FEN naming that square is read the same way
    same = position('chess', {'a5': 'K', 'b5': 'P', 'c5': 'p', 'h5': 'r', 'e8': 'k'}, ep='c6')
    assert same.hash == other.hash and to_fen(same).split()[3] == '-'
