"""Position.check_by_last_move: the check a move gives, found from the
squares it changed alone, is the full attack test's (Position.in_check)."""
import random

import pytest

from cazaux_engine import parse_move, start_position
from cazaux_engine.movegen import legal_moves
from cazaux_engine.variants import VARIANT_NAMES

from tests.rules_util import position

# Eagle-like pieces (they step onto a line from a square beside it) leave
# the quick test off: there it is in_check itself
QUICK = {'chess': True, 'pemba': True, 'oblong44': True, 'zanzibar-s': False,
         'zanzibar-s-promo': False, 'zanzibar-xl': False, 'maasai': False}


def test_which_variants_have_the_quick_test():
    assert {v: start_position(v).rules.quick_checks for v in VARIANT_NAMES} == QUICK


def checks_seen(name, games, plies, seed):
    """Every legal move of random games: the two tests agree; how many
    moves gave check, and how many of those by the move's special part
    (castling, e.p., promotion) or by uncovering a line."""
    rng = random.Random(seed)
    moves_tried = checks = 0
    for _ in range(games):
        pos = start_position(name)
        for _ in range(plies):
            moves = legal_moves(pos)
            if not moves:
                break
            for m in moves:
                pos.push(m)
                quick, full = pos.check_by_last_move(), pos.in_check()
                assert quick == full, (name, pos.fen() if hasattr(pos, 'fen') else '', m)
                moves_tried += 1
                checks += full
                pos.pop()
            pos.push(rng.choice(moves))
    return moves_tried, checks


@pytest.mark.parametrize('name', [v for v in VARIANT_NAMES if QUICK[v]])
def test_random_games_every_move_agrees(name):
    tried, checks = checks_seen(name, games=4, plies=100, seed=name)
    assert tried > 5000 and checks > 50


@pytest.mark.parametrize('variant, pieces, extra, move, check', [
    # castling: the Rook's new square checks
    ('chess', {'e1': 'K', 'h1': 'R', 'f8': 'k'}, {'castling': 'K'}, 'e1g1', True),
    ('chess', {'e1': 'K', 'h1': 'R', 'g8': 'k'}, {'castling': 'K'}, 'e1g1', False),
    # en passant: the victim's square and the mover's uncover a Rook's rank
    ('chess', {'a1': 'K', 'a5': 'R', 'e5': 'P', 'd5': 'p', 'h5': 'k'}, {'ep': 'd6'}, 'e5d6', True),
    ('chess', {'a1': 'K', 'a5': 'R', 'e5': 'P', 'd5': 'p', 'f5': 'n', 'h5': 'k'}, {'ep': 'd6'},
     'e5d6', False),
    # promotion: the new piece checks, the pawn it was would not
    ('chess', {'a1': 'K', 'b7': 'P', 'h8': 'k'}, {}, 'b7b8q', True),
    ('chess', {'a1': 'K', 'b7': 'P', 'h8': 'k'}, {}, 'b7b8n', False),
    # a discovered check by a King's step, and a Knight's own check
    ('chess', {'a1': 'R', 'a4': 'K', 'a8': 'k'}, {}, 'a4b4', True),
    ('chess', {'a1': 'K', 'c3': 'N', 'f6': 'k'}, {}, 'c3b5', False),
    ('chess', {'a1': 'K', 'c3': 'N', 'f6': 'k'}, {}, 'c3e4', True),
])
def test_special_moves(variant, pieces, extra, move, check):
    pos = position(variant, pieces, **extra)
    pos.push(parse_move(pos, move))
    assert pos.in_check() == check
    assert pos.check_by_last_move() == check


@pytest.mark.parametrize('name', VARIANT_NAMES)
def test_attacked_by_list_is_attacked(name):
    """The attack test through the attacker's piece list against the one
    looking out from the square: every square, both colours, positions of
    random games."""
    rng = random.Random(name)
    squares = start_position(name).rules.squares
    asked = attacked = 0
    for _ in range(2):
        pos = start_position(name)
        for _ in range(60):
            moves = legal_moves(pos)
            if not moves:
                break
            for by in (1, -1):
                for sq in squares:
                    full = pos.attacked(sq, by)
                    assert pos.attacked_by_list(sq, by) == full, (name, sq, by)
                    asked += 1
                    attacked += full
            pos.push(rng.choice(moves))
    assert asked > 10000 and 0.1 < attacked / asked < 0.9


def test_the_reach_tables_of_a_square():
    """Chess, White attacking e4: the pieces that leap onto it from a
    square, and its lines through squares (one offset per line)."""
    R = start_position('chess').rules
    sq = {name: R.sq(ord(name[0]) - 97, int(name[1]) - 1) for name in
          ('e4', 'd3', 'f3', 'f2', 'e3', 'e5', 'e7', 'e8', 'd5', 'a8', 'h1', 'f6')}
    bit = {name: 1 << i for name, i in R.index.items()}
    base = (0 * R.size + sq['e4']) * R.size                 # White: side 0
    leap = {s: R.reach_leap[base + sq[s]] for s in sq}
    assert leap == {'e4': 0, 'd3': bit['pawn'] | bit['king'], 'f3': bit['pawn'] | bit['king'],
                    'f2': bit['knight'], 'e3': bit['king'], 'e5': bit['king'], 'e7': 0,
                    'e8': 0, 'd5': bit['king'], 'a8': 0, 'h1': 0, 'f6': bit['knight']}
    ray = {s: R.reach_ray[base + sq[s]] for s in sq}
    assert ray['e4'] == ray['f2'] == ray['f6'] == 0
    assert ray['e5'] == ray['e7'] == ray['e8'] > 0                  # one line up the file
    assert ray['d5'] == ray['a8'] > 0 and ray['f3'] == ray['h1'] > 0
    assert len({ray['e5'], ray['d5'], ray['e3'], ray['d3'], ray['f3']}) == 5
    r = ray['e8']                                                   # its squares, outward
    assert list(R.att_ray_data[r + 1:r + 1 + R.att_ray_data[r]]) == [sq['e5'], R.sq(4, 5), sq['e7'],
                                                                      sq['e8']]
