"""Game end: checkmate, stalemate, repetition, 50 moves, bare Kings, Oblong's bare King."""
from cazaux_engine import get_variant, outcome, parse_fen, parse_move
from cazaux_engine.gameend import NOT_OVER, REPETITION, GameEnd
from search import Limits, Searcher

from rules_util import position
from cazaux_engine.movegen import legal_moves


def result(pos):
    o = outcome(pos)
    return None if o is None else (o.result, o.reason, o.comment)


def test_checkmate_both_colours():
    assert result(position('chess', {'h8': 'k', 'g7': 'Q', 'g6': 'K'}, side='b')) == \
        ('1-0', 'checkmate', 'White mates')
    assert result(position('chess', {'a1': 'K', 'b2': 'q', 'b3': 'k'})) == \
        ('0-1', 'checkmate', 'Black mates')


def test_mate_although_a_jump_would_escape():
    # The King on f1 may still jump, but not out of check: the Rook on f8 mates.
    walls = {'f1': 'K', 'e1': 'P', 'g1': 'P', 'e2': 'P', 'g2': 'P', 'l12': 'k'}
    pos = position('zanzibar-s', dict(walls, f8='r'), castling='K')
    assert result(pos) == ('0-1', 'checkmate', 'Black mates')
    # without the check the same King has its jumps
    pos = position('zanzibar-s', dict(walls, a8='r'), castling='K')
    king = {pos.rules.square_name(m >> 9 & 511) for m in legal_moves(pos)
            if m & 511 == pos.kings[1]}
    assert king == {'f2', 'd1', 'h1', 'd2', 'h2', 'd3', 'e3', 'f3', 'g3', 'h3'}


def test_stalemate_draw():
    assert result(position('chess', {'h8': 'k', 'f7': 'Q', 'g6': 'K'}, side='b')) == \
        ('1/2-1/2', 'stalemate', 'Stalemate')


def test_oblong_stalemate_loses_exactly():
    # Black: King a11 and a blocked Pawn a10; White King c10 covers b11, b10, b9? (b9 not
    # adjacent to a11); White Ferz on b9 covers a10? a Ferz on b9 attacks a10, c10, a8, c8.
    pos = position('oblong44', {'a11': 'k', 'a10': 'p', 'c10': 'K', 'a9': 'P'}, side='b')
    assert legal_moves(pos) == [] and not pos.in_check()
    assert result(pos) == ('1-0', 'stalemate', 'Black is stalemated')
    pos = position('chess', {'a8': 'k', 'a7': 'p', 'c7': 'K', 'a6': 'P'}, side='b')
    assert legal_moves(pos) == [] and result(pos)[0] == '1/2-1/2'


def test_bare_kings_draw():
    assert result(position('zanzibar-s', {'a1': 'K', 'l12': 'k'})) == \
        ('1/2-1/2', 'bare-kings', 'Insufficient material: bare Kings')
    assert result(position('zanzibar-s', {'a1': 'K', 'l12': 'k', 'c3': 'P'})) is None


def test_oblong_bare_king_loses_unless_it_bares_back():
    # Black to move with a bare King and no way to take White's last piece: loses
    pos = position('oblong44', {'a11': 'k', 'a1': 'K', 'd4': 'N'}, side='b')
    assert result(pos) == ('1-0', 'bare-king', 'Black has a bare King')
    # Black can capture White's last piece (the Ferz on b10): the game goes on
    pos = position('oblong44', {'a11': 'k', 'a1': 'K', 'b10': 'F'}, side='b')
    assert result(pos) is None
    pos.push(parse_move(pos, 'a11b10'))
    assert result(pos) == ('1/2-1/2', 'bare-kings', 'Insufficient material: bare Kings')
    # ... but if it plays something else it has lost
    pos = position('oblong44', {'a11': 'k', 'a1': 'K', 'b10': 'F'}, side='b')
    pos.push(parse_move(pos, 'a11a10'))
    assert result(pos) == ('1-0', 'bare-king', 'Black has a bare King')
    # two White pieces left: capturing one does not save Black
    pos = position('oblong44', {'a11': 'k', 'a1': 'K', 'b10': 'F', 'd4': 'N'}, side='b')
    assert result(pos) == ('1-0', 'bare-king', 'Black has a bare King')


def test_bare_king_rule_is_oblong_only():
    pos = position('chess', {'a8': 'k', 'a1': 'K', 'd4': 'N'}, side='b')
    assert result(pos) is None


def test_fifty_move_rule():
    pos = position('chess', {'a1': 'K', 'h8': 'k', 'd4': 'N'})
    pos.halfmove = 99
    assert result(pos) is None
    pos.push(parse_move(pos, 'd4e6'))
    assert result(pos) == ('1/2-1/2', 'fifty-move', 'Draw by 50-move rule')


def test_fifty_move_counter_reset_by_pawn_like_only():
    pos = position('maasai', {'a1': 'K', 'l12': 'k', 'e3': 'I', 'f3': 'A', 'g4': 'P'})
    pos.push(parse_move(pos, 'e3e4'))          # Prince: not pawn-like
    assert pos.halfmove == 1
    pos.push(parse_move(pos, 'l12l11'))
    pos.push(parse_move(pos, 'f3f4'))          # Maasai soldier resets
    assert pos.halfmove == 0
    pos.push(parse_move(pos, 'l11l12'))
    pos.push(parse_move(pos, 'g4g5'))
    assert pos.halfmove == 0


def test_threefold_repetition():
    pos = position('chess', {'a1': 'K', 'h8': 'k', 'd4': 'N'})
    shuffle = ['d4f5', 'h8g8', 'f5d4', 'g8h8']
    for mv in shuffle:
        pos.push(parse_move(pos, mv))
    assert result(pos) is None                 # second occurrence
    for mv in shuffle:
        pos.push(parse_move(pos, mv))
    assert result(pos) == ('1/2-1/2', 'repetition', 'Draw by repetition')


def test_repetition_needs_same_rights():
    pos = position('zanzibar-s', {'f1': 'K', 'f12': 'k', 'd4': 'N'}, castling='Kk')
    for mv in ('d4e6', 'f12f11', 'e6d4', 'f11f12', 'd4e6', 'f12f11', 'e6d4', 'f11f12'):
        pos.push(parse_move(pos, mv))
    # the start position had Black's jump right; now it is gone: only 2 equal positions
    assert result(pos) is None


# -- when several rules apply at once (cazaux_engine/gameend.py has the order) ---------

def fen_result(variant, fen):
    return result(parse_fen(get_variant(variant), fen))


def test_no_move_against_a_bare_king_wins_in_oblong():
    # White (King a11, Pawn a10 under it) has no legal move, but Black's King
    # is bare: Black's last move did not bare White back, so Black has lost
    pos = parse_fen(get_variant('oblong44'), 'K3/P1k1/4/4/4/4/4/4/4/4/4 w - - 0 1')
    assert legal_moves(pos) == [] and not pos.in_check()
    assert result(pos) == ('1-0', 'bare-king', 'Black has a bare King')
    # the same placement with the search's rules: Black's every move loses
    before = parse_fen(get_variant('oblong44'), 'K3/P3/2k1/4/4/4/4/4/4/4/4 b - - 0 1')
    pos = before.copy()
    pos.push(parse_move(pos, 'c9c10'))
    assert result(pos) == ('1-0', 'bare-king', 'Black has a bare King')
    r = Searcher(hash_mb=1).search(before, Limits(depth=2))
    assert r.info.mate == -1


def test_mate_of_a_bare_king_is_checkmate():
    # Black is bare and mated at once: the mate decides, before Black's move
    assert fen_result('oblong44', 'k3/2F1/KN2/4/4/4/4/4/4/4/4 b - - 0 1') == \
        ('1-0', 'checkmate', 'White mates')


def test_stalemate_of_a_bare_king_loses_in_oblong():
    assert fen_result('oblong44', 'k3/2F1/K3/4/4/4/4/4/4/4/4 b - - 0 1') == \
        ('1-0', 'stalemate', 'Black is stalemated')


def test_stalemate_on_the_hundredth_half_move_is_a_stalemate():
    assert fen_result('oblong44', 'k3/p1F1/P3/4/4/4/4/4/4/4/2K1 b - - 100 1') == \
        ('1-0', 'stalemate', 'Black is stalemated')
    assert fen_result('chess', 'k7/2Q5/1K6/8/8/8/8/8 b - - 100 80') == \
        ('1/2-1/2', 'stalemate', 'Stalemate')


def test_mate_on_the_hundredth_half_move_is_a_mate():
    assert fen_result('chess', 'k1Q5/8/1K6/8/8/8/8/8 b - - 100 80') == \
        ('1-0', 'checkmate', 'White mates')
    assert fen_result('chess', 'k7/8/1K6/8/8/8/8/1Q6 b - - 100 80') == \
        ('1/2-1/2', 'fifty-move', 'Draw by 50-move rule')


def test_bare_kings_before_fifty_moves():
    assert fen_result('oblong44', 'k3/4/4/4/4/4/4/4/4/4/3K w - - 100 80') == \
        ('1/2-1/2', 'bare-kings', 'Insufficient material: bare Kings')


CYCLE = ['d4f5', 'h8g8', 'f5d4', 'g8h8']


def test_repetition_after_the_root_counts_once_before_it_twice():
    ends = GameEnd(get_variant('chess'))
    pos = position('chess', {'a1': 'K', 'h8': 'k', 'd4': 'N'})
    for mv in CYCLE + ['d4f5']:
        pos.push(parse_move(pos, mv))
    # the position after d4f5 (history index 1) occurs the second time: the
    # game goes on, ...
    assert ends.of(pos) == NOT_OVER and result(pos) is None
    # ... a search from the start position sees a draw (once after its root), ...
    assert ends.of(pos, root=0) == REPETITION
    # ... a search from that position itself does not (its root is before the tree)
    assert ends.of(pos, root=1) == NOT_OVER
    for mv in CYCLE[1:] + CYCLE[:1]:
        pos.push(parse_move(pos, mv))
    assert ends.of(pos) == REPETITION           # the third occurrence
    assert result(pos) == ('1/2-1/2', 'repetition', 'Draw by repetition')


def test_a_null_move_is_a_barrier_for_repetition():
    ends = GameEnd(get_variant('chess'))
    pos = position('chess', {'a1': 'K', 'h8': 'k', 'd4': 'N'})
    for mv in ('d4f5', 'h8g8', 'f5d4', None, 'd4f5', None):
        pos.push(parse_move(pos, mv)) if mv else pos.push_null()
    # Black passed twice: White to move with the pieces of history index 2
    assert pos.hash == pos.history[2] and pos.halfmove == 6
    assert ends.of(pos, root=0) == NOT_OVER
    # the same with Black's King moving back and forth instead is a repetition
    pos = position('chess', {'a1': 'K', 'h8': 'k', 'd4': 'N'})
    for mv in ('d4f5', 'h8g8', 'f5d4', 'g8h8', 'd4f5', 'h8g8'):
        pos.push(parse_move(pos, mv))
    assert pos.hash == pos.history[2] and ends.of(pos, root=0) == REPETITION
