"""Each piece of docs/rules.md: what it may and may not do (exact destination sets)."""
from rules_util import legal, moves_from

# Kings tucked away in the corners; the piece under test stands on e5.
K = {'a1': 'K', 'l12': 'k'}


def on_e5(letter, extra=None, variant='zanzibar-xl'):
    pieces = dict(K, e5=letter)
    pieces.update(extra or {})
    return moves_from(variant, 'e5', pieces)


def test_eagle_step_then_outward_slide():
    got = on_e5('G')
    # first steps
    assert {'f6', 'd6', 'f4', 'd4'} <= got
    # outward slides: via f6 up the f-file and right along rank 6
    assert {'f7', 'f12', 'g6', 'l6'} <= got
    # via d4 down the d-file (d2) and left along rank 4
    assert {'d2', 'd1', 'c4', 'a4'} <= got
    # never an orthogonal step, never back toward e5's lines, never a second diagonal step
    assert not {'e6', 'e8', 'g7', 'c2', 'f5', 'e4'} & got


def test_eagle_exact_count():
    # from e5 on an otherwise empty 12x12: 4 steps + slides: f7..f12 (6), g6..l6 (6),
    # d7..d12 (6), c6..a6 (3), f3..f1 (3), g4..l4 (6), d3..d1 (3), c4..a4 (3)
    got = moves_from('zanzibar-xl', 'e5', {'a12': 'K', 'l12': 'k', 'e5': 'G'})
    assert len(got) == 4 + 6 + 6 + 6 + 3 + 3 + 6 + 3 + 3


def test_eagle_blocked_first_step_cannot_slide():
    got = on_e5('G', {'f6': 'P'})
    assert not {'f6', 'f7', 'f9', 'g6', 'j6'} & got
    got = on_e5('G', {'f6': 'p'})
    assert 'f6' in got                     # captures on the first step
    assert not {'f7', 'f9', 'g6', 'j6'} & got


def test_eagle_slide_blocked_and_captures_at_end():
    got = on_e5('G', {'f8': 'p'})
    assert {'f7', 'f8'} <= got and not {'f9', 'f10'} & got
    got = on_e5('G', {'f8': 'P'})
    assert 'f7' in got and 'f8' not in got


def test_rhinoceros_step_then_diagonal_outward():
    got = on_e5('U')
    assert {'e6', 'd5', 'f5', 'e4'} <= got
    # via e6: d7 c8 b9 a10 and f7 g8 h9 ...
    assert {'d7', 'c8', 'b9', 'a10', 'f7', 'g8', 'h9', 'i10'} <= got
    # via f5: g6 ... and g4 h3 i2 j1
    assert {'g6', 'g4', 'h3', 'i2', 'j1'} <= got
    assert not {'f6', 'e7', 'b8', 'd6', 'e3'} & got


def test_rhinoceros_blocked_first_step():
    got = on_e5('U', {'e6': 'N'})
    assert not {'e6', 'd7', 'f7', 'h9'} & got
    assert 'g4' in got


def test_lion_all_squares_within_two_jumping():
    # surrounded by own pieces: still leaps to every distance-2 square
    ring = {sq: 'P' for sq in ('d4', 'e4', 'f4', 'd5', 'f5', 'd6', 'e6', 'f6')}
    got = on_e5('L', ring)
    expect = {f'{chr(ord("e") + dx)}{5 + dy}' for dx in range(-2, 3) for dy in range(-2, 3)
              if max(abs(dx), abs(dy)) == 2}
    assert got == expect
    got = on_e5('L')
    assert len(got) == 24
    assert not {'e8', 'h5', 'h7'} & got          # (3,0), (3,2)


def test_buffalo_n_c_z_leaps_only():
    got = on_e5('F')
    assert len(got) == 24
    assert {'f7', 'g6', 'f8', 'h6', 'g8', 'h7', 'b4', 'c2'} <= got
    assert not {'e7', 'g7', 'e6', 'f6', 'h8'} & got


def test_duchess_one_to_three_leaping():
    ring = {sq: 'P' for sq in ('d4', 'e4', 'f4', 'd5', 'f5', 'd6', 'e6', 'f6')}
    got = on_e5('D', ring)
    assert {'e7', 'e8', 'h8', 'b2', 'h5', 'e2'} <= got
    assert not {'f7', 'e9', 'i9', 'e6'} & got


def test_sorceress_quiet_as_queen_captures_over_one_screen():
    # quiet queen moves; a screen blocks quiet moves
    got = on_e5('S', {'e7': 'P', 'e9': 'p', 'g7': 'n', 'h8': 'r', 'b5': 'p'})
    assert {'e6', 'f6', 'd4', 'c5', 'c3'} <= got
    assert 'e7' not in got and 'e8' not in got     # no capture of the screen, no quiet hop
    assert 'e9' in got                             # hop over own P on e7
    assert 'h8' in got                             # diagonal hop over the enemy knight on g7
    assert 'g7' not in got                         # adjacent-by-line capture without screen
    assert 'b5' not in got                         # c5, d5 empty: no screen


def test_sorceress_two_screens_no_capture():
    got = on_e5('S', {'e6': 'P', 'e7': 'p', 'e8': 'p'})
    assert 'e7' in got and 'e8' not in got


def test_cannon_needs_exactly_one_screen():
    assert 'e9' in on_e5('C', {'e7': 'P', 'e9': 'p'})
    assert 'e9' not in on_e5('C', {'e9': 'p'})                    # no screen
    assert 'e9' not in on_e5('C', {'e6': 'P', 'e7': 'p', 'e9': 'p'})  # two screens
    got = on_e5('C', {'e7': 'P', 'e9': 'p'})
    assert 'e6' in got and 'e8' not in got and 'e7' not in got
    assert 'h8' not in on_e5('C', {'g7': 'P', 'h8': 'p'})         # not diagonally


def test_crocodile_hops_diagonally_only():
    got = on_e5('V', {'g7': 'P', 'h8': 'p', 'e7': 'P', 'e9': 'p'})
    assert 'h8' in got and 'e9' not in got and 'f6' in got and 'g7' not in got


def test_prince_king_steps_and_double_step():
    got = on_e5('I', variant='zanzibar-s')
    assert got == {'d4', 'e4', 'f4', 'd5', 'f5', 'd6', 'e6', 'f6', 'e7'}
    assert 'e7' not in on_e5('I', {'e6': 'p'}, variant='zanzibar-s')     # crossed square occupied
    assert 'e7' not in on_e5('I', {'e7': 'p'}, variant='zanzibar-s')     # never captures
    assert 'e3' not in on_e5('I', variant='zanzibar-s')                  # not backward


def test_prince_is_not_royal():
    # the Prince may stand attacked and move into attack
    got = legal('zanzibar-s', {'a1': 'K', 'l12': 'k', 'e5': 'I', 'e8': 'r'})
    assert 'e5e6' in got and 'e5e7' in got


def test_camel_giraffe_elephant_machine():
    assert on_e5('M') == {'f8', 'd8', 'h6', 'b6', 'h4', 'b4', 'f2', 'd2'}
    assert on_e5('Z') == {'g8', 'c8', 'h7', 'b7', 'h3', 'b3', 'g2', 'c2'}
    ring = {sq: 'P' for sq in ('d4', 'f4', 'd6', 'f6', 'e4', 'e6', 'd5', 'f5')}
    assert on_e5('E', ring) == {'c3', 'g3', 'c7', 'g7'}
    assert on_e5('W', ring) == {'c5', 'g5', 'e3', 'e7'}
    assert on_e5('E') == {'d4', 'f4', 'd6', 'f6', 'c3', 'g3', 'c7', 'g7'}


def test_oblong_shatranj_pieces():
    k = {'a1': 'K', 'd11': 'k'}
    assert moves_from('oblong44', 'b5', dict(k, b5='F')) == {'a4', 'c4', 'a6', 'c6'}
    assert moves_from('oblong44', 'b5', dict(k, b5='E', a4='P', c6='p')) == {'d3', 'd7'}
    assert moves_from('oblong44', 'b5', dict(k, b5='D', b6='P')) == {'b3', 'b7', 'd5'}
    assert moves_from('oblong44', 'b5', dict(k, b5='N')) == {'a3', 'c3', 'd4', 'd6', 'a7', 'c7'}
