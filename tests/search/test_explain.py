"""eval (search/explain.py): the terms add up to the evaluation the search uses."""
import random
from fractions import Fraction

import pytest

from cazaux_engine import start_position
from cazaux_engine.movegen import legal_moves
from cazaux_engine.variants import VARIANT_NAMES
from search.explain import explain, explain_text
from search.static import evaluate


def random_game(variant, rng, plies, fen=None):
    """The positions of a game of random legal moves from the start (or
    ``fen``), at most ``plies`` of them (fewer if it ends)."""
    pos = start_position(variant, fen) if fen else start_position(variant)
    for _ in range(plies):
        legal = legal_moves(pos)
        if not legal:
            return
        yield pos
        pos.push(rng.choice(legal))


def counted_along_random_games(variant, seed, plies, weights, counts, games=1, fen=None):
    """With ``weights`` set, along ``games`` random games of ``variant`` (at
    most ``plies`` positions each, drawn from ``random.Random(seed)``), every
    explanation sums to the search's evaluation; the number of them for
    which ``counts(explanation)`` is true."""
    from search.weights import overriding
    rng = random.Random(seed)
    seen = 0
    with overriding(variant, weights=weights):
        for _ in range(games):
            for pos in random_game(variant, rng, plies, fen):
                e = explain(pos)
                assert e.total == e.search_value == evaluate(pos)
                seen += bool(counts(e))
    return seen


def term(e, name):
    """The term of ``e`` called ``name`` (by name, so that a new row shifts nothing)."""
    return next(t for t in e.terms if t.name == name)


def table_rows(lines):
    """The rows of ``eval``'s table: name -> [White, Black, White-Black] (strings)."""
    return {ln.split('|')[0].strip(): ln.split('|')[1:] for ln in lines if ln.count('|') == 3}


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_the_terms_sum_to_the_search_s_evaluation_along_random_games(variant):
    rng = random.Random(7)
    checked = 0
    for _ in range(3):
        for pos in random_game(variant, rng, 150):
            e = explain(pos)
            blended = sum((t.net for t in e.terms
                           if t.name not in ('trading down', 'hunting', 'bare King', 'tempo')),
                          Fraction(0))
            white = 0 if e.bare_kings else int(blended) + int(term(e, 'trading down').net) \
                + int(term(e, 'hunting').net) + int(term(e, 'bare King').net)
            assert e.white_view == white
            assert e.total == e.search_value == evaluate(pos)
            checked += 1
    assert checked > 100


def test_the_text_shows_every_term_for_both_sides(chess_arithmetic):
    lines = explain_text(start_position('chess', '4k3/8/8/8/8/8/4P3/3QK3 b - - 0 1'))
    rows = table_rows(lines)
    assert list(rows)[1:] == ['material', 'placement', 'passed pawns', 'pawn structure', 'King shelter',
                              'King attack', 'mobility', 'threats', 'colour pairs', 'open files',
                              'trading down', 'hunting', 'bare King']
    # Qd1: d2..d8, c1 b1 a1, c2 b3 a4 (13; the King on e1 and the Pawn on e2
    # stop the rest) of its 21 on the empty board: -8 x (3 x 900 + 4 x 5400) / 6300
    assert [float(x) for x in rows['mobility']] == [-30.86, 0.0, -30.86]
    assert float(rows['material'][0]) > 0 and float(rows['material'][1]) == 0   # Black has a bare King
    assert float(rows['bare King'][0]) > 0
    assert lines[-1] == f'Final evaluation: {evaluate(start_position("chess", "4k3/8/8/8/8/8/4P3/3QK3 b - - 0 1"))} (side to move, as the search uses it)'


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_the_threats_pairs_and_files_rows_sum_with_the_rest_when_the_terms_are_on(variant):
    from search.weights import overriding
    rng = random.Random(11)
    seen = [0, 0, 0]
    with overriding(variant, weights=dict(THREAT_MG=30, THREAT_EG=20, PAIR_MG=30, PAIR_EG=50,
                                          OPEN_FILE_MG=10, OPEN_FILE_EG=5)):
        for pos in random_game(variant, rng, 120):
            e = explain(pos)
            assert e.total == e.search_value == evaluate(pos)
            for k, name in enumerate(('threats', 'colour pairs', 'open files')):
                seen[k] += term(e, name).white != 0 or term(e, name).black != 0
    assert seen[0] >= 5 and seen[1] >= 5                # the random games run into threats
    # and colour pairs; Rooks or Cannons on files without own pawn-like
    # pieces only in the 12x12 games and Pemba (Oblong 44 has no file rider;
    # chess's is checked on a position below)
    assert (seen[2] >= 5) == (variant not in ('chess', 'maasai', 'oblong44'))


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_the_trading_down_row_sums_with_the_rest_when_the_term_is_on(variant):
    seen = counted_along_random_games(variant, 23, 200, dict(TRADE_DOWN=70),
                                      lambda e: term(e, 'trading down').net != 0, games=2)
    assert seen >= 20                   # random captures leave the sides with unequal counts


def test_the_trading_down_row_of_a_position():
    from search.weights import overriding
    fen = '4/4/4/4/2k1/1n2/1E1D/4/1FK1/4/4 w - - 0 1'    # White: 3 units, Black: 1
    with overriding('oblong44', weights=dict(TRADE_DOWN=70)):
        rows = table_rows(explain_text(start_position('oblong44', fen)))
        on = evaluate(start_position('oblong44', fen))
    with overriding('oblong44', weights=dict(TRADE_DOWN=0)):
        off = evaluate(start_position('oblong44', fen))
        assert float(table_rows(explain_text(start_position('oblong44', fen)))['trading down'][2]) == 0
    # 70 x (3 - 1) / (1 + 1), for White; not a term of Black's
    assert [float(x) for x in rows['trading down']] == [70.0, 0.0, 70.0]
    assert on - off == 70
    # Oblong 44's tuned data: 100
    assert [float(x) for x in table_rows(explain_text(start_position('oblong44', fen)))['trading down']] \
        == [100.0, 0.0, 100.0]


@pytest.mark.parametrize('variant, fen', [
    ('oblong44', '4/4/4/4/4/4/4/2nk/4/2K1/ED1E w - - 0 1'),
    ('chess', '8/8/8/3k4/2n5/8/2K5/1RB1B3 w - - 0 1'),
    ('chess', '1rb1b3/8/2k5/8/2N5/3K4/8/8 b - - 0 1'),
])
def test_the_hunting_row_sums_with_the_rest_when_the_term_is_on(variant, fen):
    # random games from a side's last unit against three: the row is on
    # until a capture changes the counts
    seen = counted_along_random_games(variant, 31, 60, dict(HUNT_KING=10, HUNT_GUARD=5),
                                      lambda e: term(e, 'hunting').net != 0, games=3, fen=fen)
    assert seen >= 20


HUNT_FEN = '4/4/4/4/4/4/4/2nk/4/2K1/ED1E b - - 0 1'     # White: 3 units, Black: a Knight


def test_the_hunting_row_of_a_position():
    from search.weights import overriding
    with overriding('oblong44', weights=dict(HUNT_KING=10, HUNT_GUARD=5)):
        rows = table_rows(explain_text(start_position('oblong44', HUNT_FEN)))
        on = evaluate(start_position('oblong44', HUNT_FEN))
    with overriding('oblong44', weights=dict(HUNT_KING=0, HUNT_GUARD=0)):
        off = evaluate(start_position('oblong44', HUNT_FEN))
        assert float(table_rows(explain_text(start_position('oblong44', HUNT_FEN)))['hunting'][2]) == 0
    # White's King on c2 is 2 steps from the Knight on c4 (10 - 2 = 8 x 10),
    # Black's on d4 1 step (1 x 5); Black to move, so the search sees -85
    assert [float(x) for x in rows['hunting']] == [85.0, 0.0, 85.0]
    assert on - off == -85
    # Oblong 44's tuned data: 20 x 8 + 10 x 1
    assert [float(x) for x in table_rows(explain_text(start_position('oblong44', HUNT_FEN)))['hunting']] \
        == [170.0, 0.0, 170.0]


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_the_total_scaled_by_the_fifty_move_count_is_the_search_s(variant):
    scaled = counted_along_random_games(variant, 29, 150, dict(FIFTY_SCALE=150),
                                        lambda e: e.total != e.unscaled and e.halfmove > 0)
    assert scaled >= 20


def test_the_fifty_move_line_of_a_position():
    from search.weights import overriding
    fen = '4/4/4/4/2k1/1n2/1E1D/4/1FK1/4/4 w - - 40 60'
    with overriding('oblong44', weights=dict(FIFTY_SCALE=200)):
        lines = explain_text(start_position('oblong44', fen))
        e = explain(start_position('oblong44', fen))
    assert (e.halfmove, e.total) == (40, e.unscaled * 160 // 200)
    assert lines[-2] == f'   the 50-move count, 40 plies: {e.unscaled} x (200 - 40) / 200, rounded toward zero'
    assert lines[-1] == f'Final evaluation: {e.total} (side to move, as the search uses it)'
    with overriding('oblong44', weights=dict(FIFTY_SCALE=0)):      # off: no such line
        plain = explain_text(start_position('oblong44', fen))
        assert explain(start_position('oblong44', fen)).halfmove == 0
    assert not any('50-move' in line for line in plain)


def test_the_threats_row_of_a_position(chess_arithmetic):
    from search.weights import overriding
    with overriding('chess', weights=dict(THREAT_MG=63, THREAT_EG=0)):
        lines = explain_text(start_position('chess', 'k7/8/8/3n1r2/4PK2/2Q5/1b6/7R w - - 0 1'))
    rows = table_rows(lines)
    # the Knight attacks the Queen (1 against White), the Pawn the Knight and
    # the Rook (2 against Black): -63 x 2,525 / 6,300 a threat
    assert [float(x) for x in rows['threats']] == [-25.25, -50.5, 25.25]



def test_the_pairs_and_files_rows_of_a_position(chess_arithmetic):
    from search.weights import overriding
    with overriding('chess', weights=dict(PAIR_MG=63, PAIR_EG=0, OPEN_FILE_MG=0, OPEN_FILE_EG=63)):
        lines = explain_text(start_position('chess', 'r3k3/pp6/8/8/8/8/PP6/2B1KB1R w - - 0 1'))
    rows = table_rows(lines)
    # White's Bishop pair: 63 x 1,650 / 6,300; Rh1 on an open file (2 units),
    # Black's Ra8 behind its Pawn: 2 x 63 x 4,650 / 6,300
    assert [float(x) for x in rows['colour pairs']] == [16.5, 0.0, 16.5]
    assert [float(x) for x in rows['open files']] == [93.0, 0.0, 93.0]
    with overriding('chess', weights=dict(PAIR_MG=30, PAIR_EG=50, OPEN_FILE_MG=10, OPEN_FILE_EG=5)):
        for fen in ('r3k3/pp6/8/8/8/8/PP6/2B1KB1R w - - 0 1',
                    '2r1r1k1/4p3/8/8/8/8/2P5/3RR1K1 b - - 0 1'):
            e = explain(start_position('chess', fen))
            assert e.total == e.search_value == evaluate(start_position('chess', fen))


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_the_king_attack_row_sums_with_the_rest_when_the_term_is_on(variant):
    seen = counted_along_random_games(
        variant, 13, 120, dict(KING_ATTACK_NOW=10),
        lambda e: term(e, 'King attack').white != 0 or term(e, 'King attack').black != 0)
    assert seen >= 20                   # the random games' pieces come near the Kings


def test_the_king_attack_row_of_a_position(chess_arithmetic):
    from search.weights import overriding
    with overriding('chess', weights=dict(KING_ATTACK_NOW=63)):
        lines = explain_text(start_position('chess', '6k1/5ppp/8/8/8/1B6/8/5RK1 w - - 0 1'))
    rows = table_rows(lines)
    # Rf1 and Bb3 reach f7 (2 squares by 2 pieces: 2 x 50 = 100 hundredths)
    # against Black's King: -63 x 100 x 825 / (100 x 6,300) = -8.25 for Black
    assert [float(x) for x in rows['King attack']] == [0.0, -8.25, 8.25]


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_the_passed_row_sums_with_the_rest_with_the_kings_term_on(variant):
    from search.weights import overriding
    rng = random.Random(17)
    changed = 0
    for _ in range(3):
        for pos in random_game(variant, rng, 300):
            with overriding(variant, weights=dict(PASSER_KING_EG=57)):
                e = explain(pos)
                assert e.total == e.search_value == evaluate(pos)
            with overriding(variant, weights=dict(PASSER_KING_EG=0)):
                changed += term(e, 'passed pawns').net != term(explain(pos), 'passed pawns').net
    assert changed >= 50                # passed pieces with the Kings at different distances


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_the_pawn_structure_row_sums_with_the_rest_when_the_terms_are_on(variant):
    seen = counted_along_random_games(
        variant, 19, 120, dict(DOUBLED_MG=10, DOUBLED_EG=20, ISOLATED_MG=10,
                               ISOLATED_EG=10, PHALANX_MG=12, PHALANX_EG=2),
        lambda e: term(e, 'pawn structure').white != 0 or term(e, 'pawn structure').black != 0)
    assert seen >= 20


def test_the_pawn_structure_row_of_a_position():
    from search.weights import overriding
    # White: a2 b2 (a phalanx), d2 d3 (doubled; isolated too); Black: h7 alone
    fen = 'k7/7p/8/8/8/3P4/PP1P4/K7 w - - 0 1'
    with overriding('chess', weights=dict(DOUBLED_MG=10, DOUBLED_EG=20, ISOLATED_MG=10,
                                          ISOLATED_EG=10, PHALANX_MG=12, PHALANX_EG=3)):
        lines = explain_text(start_position('chess', fen))
    rows = table_rows(lines)
    # end game (no piece but Kings and pawns): White 2 x 3 - 20 - 2 x 10 = -34, Black -10
    assert [float(x) for x in rows['pawn structure']] == [-34.0, -10.0, -24.0]


def test_the_passed_row_of_a_position_with_the_kings_term(chess_arithmetic):
    from search.weights import overriding
    with overriding('chess', weights=dict(PASSER_KING_EG=50)):
        lines = explain_text(start_position('chess', 'k7/8/8/8/8/4P3/8/4K3 w - - 0 1'))
    rows = table_rows(lines)
    # e3's end-game bonus 16 cp and one step nearer for White's King: 8 cp
    assert [float(x) for x in rows['passed pawns']] == [24.0, 0.0, 24.0]


def test_the_passed_row_of_a_position_with_a_blocked_passer(chess_arithmetic):
    from search.weights import overriding
    with overriding('chess', weights=dict(PASSER_BLOCKED_MG=100, PASSER_BLOCKED_EG=70,
                                          PASSER_KING_EG=0)):
        lines = explain_text(start_position('chess', '4n2k/4P3/8/8/8/8/8/K7 w - - 0 1'))
    rows = table_rows(lines)
    # e7: passed bonus 34 (middle game) and 85 (end game); Ne8 blocks it:
    # 34 - 34 and 85 - 60 (70% of 85, 59.5, rounded to even), blended at
    # phase 300 of 6,300: 25 x 6,000 / 6,300
    assert [float(x) for x in rows['passed pawns']] == [23.81, 0.0, 23.81]
