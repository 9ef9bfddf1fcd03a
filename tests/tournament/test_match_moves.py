"""Engine moves in every form XBoard accepts from an engine (the arbiter's one
reader, tournament/movetext.py, over cazaux_engine.san and
protocol.xboard_moves), and SAN written for engines with ``feature san=1``.

Each position states what is legal there, so that a test cannot pass by
accepting too much: every accepted text is compared with the move the
rules core names in coordinates.
"""
import doctest
import random

import pytest

from cazaux_engine import (VARIANT_NAMES, IllegalMoveError, get_variant, move_text, parse_fen,
                           parse_move)
from cazaux_engine import san as san_module
from cazaux_engine.san import castle_side, parse_san, san
from tournament import elo, engine_spec, movetext, report, sprt, timecontrol
from tournament.movetext import parse_engine_move
from cazaux_engine.movegen import legal_moves

PEMBA = get_variant('pemba')
CHESS = get_variant('chess')
# The position in which the runner forfeited Sjaak II's game for "O-O" (issue 13):
# Black's King f9 (ranks 0-9 as XBoard counts them), Rooks b9 and i9, both castlings legal
SJAAK_FEN = ('2v1ww4/1r3k2r1/pp2nb1ppp/1z1p2qp2/3m6/ePv2p4/2P2P1P2/P3PKPB1P/1R2Q2NVE/'
             '2VMWWM1RC b kq - 1 33')


def coords(pos, text, rank_base=1):
    return move_text(pos, parse_engine_move(pos, text, rank_base))


def refused(pos, text, rank_base=1):
    with pytest.raises(IllegalMoveError) as e:
        parse_engine_move(pos, text, rank_base)
    return str(e.value)


# -- castling ---------------------------------------------------------------------------------

def test_pemba_castling_as_sjaak_writes_it():
    pos = parse_fen(PEMBA, SJAAK_FEN)
    # O-O: the King f9 -> h9 (XBoard's f8h8), the i9 Rook to g9; O-O-O: f9 -> d9
    for text in ('O-O', '0-0', 'o-o', 'O-O+', 'f8h8', 'f8-h8', 'Kh8'):
        assert coords(pos, text, 0) == 'f9h9', text
    for text in ('O-O-O', '0-0-0', 'o-o-o', 'f8d8'):
        assert coords(pos, text, 0) == 'f9d9', text
    pos.push(parse_engine_move(pos, 'O-O', 0))
    assert pos.board[pos.rules.parse_square('g9')] == -pos.rules.letters['R']
    assert pos.board[pos.rules.parse_square('i9')] == 0


def test_pemba_white_castles_and_an_impossible_castling_loses():
    fen = 'cmvzwwzvmc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/CMVZWWZVMC w KQkq - 0 1'
    pos = parse_fen(PEMBA, fen)
    assert coords(pos, 'O-O', 0) == 'f2h2' and coords(pos, 'O-O-O', 0) == 'f2d2'
    start = parse_fen(PEMBA, PEMBA.start)
    assert 'no such castling here' in refused(start, 'O-O', 0)
    assert 'no such castling here' in refused(start, '0-0-0', 0)


def test_chess_castling_every_way():
    pos = parse_fen(CHESS, 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1')
    for text in ('O-O', '0-0', 'e1g1', 'Kg1'):
        assert coords(pos, text) == 'e1g1', text
    for text in ('O-O-O', '0-0-0', 'e1c1', 'Kc1'):
        assert coords(pos, text) == 'e1c1', text
    assert san(pos, parse_move(pos, 'e1g1')) == 'O-O'
    assert san(pos, parse_move(pos, 'e1c1')) == 'O-O-O'


def test_king_jump_is_not_castling():
    zs = get_variant('zanzibar-s')
    # the King's jump of two files along its rank is an ordinary King move in SAN
    pos = parse_fen(zs, 'k11/12/12/12/12/12/12/12/12/12/12/6K5 w K - 0 1')
    jump = parse_move(pos, 'g1e1')
    assert castle_side(pos, jump) is None and san(pos, jump) == 'Ke1'
    assert coords(pos, 'Ke1') == 'g1e1' and coords(pos, 'Ki3') == 'g1i3'
    assert 'no such castling here' in refused(pos, 'O-O')


# -- coordinates, promotions, two legs ----------------------------------------------------------

def test_coordinates_with_separators_capitals_and_marks():
    pos = parse_fen(CHESS, '7k/1P6/8/8/8/8/8/4K3 w - - 0 1')
    for text in ('b7b8q', 'b7b8Q', 'b7-b8q', 'b7b8q+', 'b8=Q', 'b8Q', 'b8(Q)', 'b8=Q+'):
        assert coords(pos, text) == 'b7b8q', text
    assert coords(pos, 'b8=N') == 'b7b8n'
    assert 'promotion needs a piece letter' in refused(pos, 'b7b8')
    assert 'promotion needs a piece letter' in refused(pos, 'b8')
    assert 'cannot promote' in refused(pos, 'b7b8k')


def test_forced_promotions_need_no_letter():
    # Oblong 44: the Pawn promotes to a Ferz only
    obl = get_variant('oblong44')
    pos = parse_fen(obl, '3k/1P2/4/4/4/4/4/4/4/4/K3 w - - 0 1')
    for text in ('b10b11', 'b10b11f', 'b11', 'b11=F'):
        assert coords(pos, text) == 'b10b11f', text
    # zanzibar-s-promo: Fairy-Stockfish writes the Knight's compulsory promotion e10d12+
    zp = get_variant('zanzibar-s-promo')
    pos = parse_fen(zp, 'k11/12/4N7/12/12/12/12/12/12/12/12/K11 w - - 0 1')
    assert coords(pos, 'e10d12+') == 'e10d12f' == coords(pos, 'e10d12') == coords(pos, 'Nd12')
    assert san(pos, parse_move(pos, 'e10d12f')) == 'Nd12=F'


def test_two_leg_en_passant_still_read():
    pos = parse_fen(CHESS, 'k7/8/4n3/3pP3/8/6q1/8/7K w - d6 0 1')
    for text in ('e5d5,d5d6', 'e5d6', 'exd6', 'exd6+'):
        assert coords(pos, text) == 'e5d6', text
    assert 'second leg must start' in refused(pos, 'e5d5,d6d7')


# -- SAN ----------------------------------------------------------------------------------------

def test_san_disambiguation_and_ambiguity():
    # Knights b1 and f1 can both go to d2; Rooks a3 and a7 to a5
    pos = parse_fen(CHESS, '4k3/r7/8/8/8/r7/8/1N2KN2 w - - 0 1')
    assert coords(pos, 'Nbd2') == 'b1d2' and coords(pos, 'Nfd2') == 'f1d2'
    assert 'ambiguous (b1d2, f1d2)' in refused(pos, 'Nd2')
    assert 'ambiguous' in refused(pos, 'N1d2')
    assert san(pos, parse_move(pos, 'b1d2')) == 'Nbd2'
    pos = parse_fen(CHESS, '4k3/r7/8/8/8/r7/8/4K3 b - - 0 1')
    assert coords(pos, 'R7a5') == 'a7a5' and coords(pos, 'R3a5') == 'a3a5'
    assert san(pos, parse_move(pos, 'a7a5')) == 'R7a5'
    assert 'ambiguous' in refused(pos, 'Ra5')


def test_san_checks_mates_and_bad_text():
    pos = parse_fen(CHESS, '6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1')
    m = parse_move(pos, 'a1a8')
    assert san(pos, m) == 'Ra8#'
    assert coords(pos, 'Ra8') == coords(pos, 'Ra8#') == coords(pos, 'Ra1-a8') == 'a1a8'
    assert san(pos, parse_move(pos, 'a1a7')) == 'Ra7'
    for bad, why in (('Qa8', 'not legal'), ('Xa8', "no piece 'X'"), ('Ra9', 'off the board'),
                     ('hello', 'not a move'), ('', 'not a move'), ('Ra8 Ra7', 'not a move'),
                     ('e2e4', 'not legal'), ('\x07zz', 'not a move')):
        assert why in refused(pos, bad), bad


def test_pemba_san_with_xboard_ranks():
    pos = parse_fen(PEMBA, PEMBA.start)
    # Pawns start on XBoard's rank 2 (rank 3 from 1) and step to 4 (5)
    assert coords(pos, 'e4', 0) == 'e3e5' and coords(pos, 'Ng3', 0) == 'h2g4'
    assert san(pos, parse_move(pos, 'e3e5'), 0) == 'e4' and san(pos, parse_move(pos, 'e3e5')) == 'e5'
    assert 'not legal' in refused(pos, 'e5', 0)


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_san_round_trip_every_legal_move(variant):
    """In positions of random games, each legal move's SAN (and its coordinates)
    reads back as that move, with both rank numberings."""
    v = get_variant(variant)
    rng = random.Random(f'san:{variant}')
    pos = parse_fen(v, v.start)
    checked = 0
    for _ in range(24):
        legal = legal_moves(pos)
        if not legal:
            break
        for rb in (1, 0):
            texts = {}
            for m in legal:
                t = san(pos, m, rb, legal)
                assert parse_san(pos, t, rb, legal) == m, (t, move_text(pos, m))
                assert parse_engine_move(pos, t, rb) == m
                assert parse_engine_move(pos, move_text(pos, m, rb), rb) == m
                texts[t] = m
                checked += 1
            assert len(texts) == len(legal)         # no two moves share a SAN
        pos.push(rng.choice(legal))
    assert checked > 500


# -- the doctests of the modules of this feature ------------------------------------------------

@pytest.mark.parametrize('module', [san_module, movetext, elo, sprt, report, timecontrol,
                                    engine_spec])
def test_doctests(module):
    failed, tried = doctest.testmod(module)
    assert tried > 0 and failed == 0
