"""FEN in and out: round trips, strict errors, the leniencies of docs/rules.md."""
import pytest

from cazaux_engine import FenError, get_variant, parse_fen, to_fen
from cazaux_engine.variants import VARIANT_NAMES


@pytest.mark.parametrize('name', VARIANT_NAMES)
def test_start_fen_round_trip(name):
    v = get_variant(name)
    assert to_fen(parse_fen(v, v.start)) == v.start


def test_two_digit_ranks_and_runs():
    v = get_variant('zanzibar-s')
    fen = '11k/12/12/12/12/12/12/4G7/12/12/12/11K w - - 0 1'
    pos = parse_fen(v, fen)
    assert to_fen(pos) == fen
    assert pos.rules.square_name(next(iter(pos.pieces[1] - {pos.kings[1]}))) == 'e5'


@pytest.mark.parametrize('name, fen, message', [
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1', 'rank 1 has 7 squares, expected 8'),
    ('chess', 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rank 6 has 9 squares, expected 8'),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '7 ranks in FEN, expected 8'),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQGBNR w KQkq - 0 1', "rank 1: letter 'G' is not a piece of chess"),
    ('oblong44', 'ekqe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE w - - 0 1', "rank 11: letter 'q' is not a piece of oblong44"),
    ('chess', 'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', 'Black has no King'),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBKR w KQkq - 0 1', 'White has 2 Kings'),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', "side to move must be w or b, not 'x'"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ1q - 0 1', "castling field 'KQ1q': only letters or -"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KZkq - 0 1', "castling field 'KZkq': 'Z' names no castling of chess"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1', "castling field 'KKkq': 'K' given twice"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1', 'en passant square e9 is off the board'),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1', 'en passant square e6: no double step of Black crossed it'),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq x3 0 1', "en passant field 'x3' is not a square or -"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - z 1', "halfmove clock must be a number (up to 9 digits), not 'z'"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0', "fullmove number must be a positive number (up to 9 digits), not '0'"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ' + '9' * 5000 + ' 1', "halfmove clock must be a number (up to 9 digits), not '99999999999999999999'"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ²', "fullmove number must be a positive number (up to 9 digits), not '²'"),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/' + '9' * 5000 + ' w - - 0 1', 'rank 1: empty-square count 99999999999999999999 too large'),
    ('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN² w KQkq - 0 1', "rank 1: letter '²' is not a piece of chess"),
    ('chess', '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1', 'the side not to move is in check'),
    ('chess', 'P3k3/8/8/8/8/8/8/4K3 w - - 0 1', 'P on its last rank a8'),
    ('chess', '', 'empty FEN'),
    ('chess', '8/8/8/8/8/8/8/8 w - - 0 1 extra', 'too many fields (7) in FEN'),
    ('zanzibar-s', '11k/12/12/12/12/12/12/4G0/12/12/12/11K w - - 0 1', 'rank 5: empty-square count 0'),
])
def test_fen_errors(name, fen, message):
    v = get_variant(name)
    with pytest.raises(FenError) as e:
        parse_fen(v, fen)
    assert str(e.value) == message


def test_xboard_shatranj_fen_without_castling_and_ep():
    v = get_variant('oblong44')
    pos = parse_fen(v, 'ekfe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE w 0 1')
    assert to_fen(pos) == v.start
    pos = parse_fen(v, 'ekfe/1nn1/d2d/pppp/4/4/4/PPPP/D2D/1NN1/EFKE b 3 7')
    assert to_fen(pos).split()[1:] == ['b', '-', '-', '3', '7']


def test_missing_trailing_fields_default():
    v = get_variant('chess')
    assert to_fen(parse_fen(v, '4k3/8/8/8/8/8/8/4K3')) == '4k3/8/8/8/8/8/8/4K3 w - - 0 1'


def test_chess_castling_x_fen_and_inconsistent_rights_dropped():
    v = get_variant('chess')
    pos = parse_fen(v, 'r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1')
    assert to_fen(pos).split()[2] == 'KQkq'
    pos = parse_fen(v, 'r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1')   # no h8 Rook
    assert to_fen(pos).split()[2] == 'KQq'


def test_king_file_castling_field_from_xboard():
    v = get_variant('zanzibar-s')
    fen = v.start.replace(' Kk ', ' Gg ')
    assert to_fen(parse_fen(v, fen)) == v.start
    assert to_fen(parse_fen(v, v.start.replace(' Kk ', ' - '))).split()[2] == '-'


def test_oblong_castling_letters_ignored():
    v = get_variant('oblong44')
    assert to_fen(parse_fen(v, v.start.replace(' - - ', ' KQkq - '))) == v.start


def test_pemba_ep_and_castling_fields():
    v = get_variant('pemba')
    fen = 'cmvzwwzvmc/ernbqkbnre/ppp1pppppp/10/3pP5/10/10/PPPP1PPPPP/ERNBQKBNRE/CMVZWWZVMC w KQkq d7 0 3'
    pos = parse_fen(v, fen)
    assert to_fen(pos) == fen
