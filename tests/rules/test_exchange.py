"""Static exchange evaluation (cazaux_engine/exchange.py): hand-made exchanges
with values worked out by hand, and a randomized comparison with a slow
oracle that plays the exchange with real moves.

The expected values are written in the variant's piece values (``v['R']``:
the Rook's value in centipawns, as the engine has them, tuned or not), with
the numbers of the untuned tables in the comments.  Where the value depends
on which capturer is the cheapest, the test first checks that order of
values, so that a new fit of the values fails here with a clear message
instead of a wrong number.
"""
from __future__ import annotations

import functools
import random

import pytest

from cazaux_engine import get_variant, move_text, parse_move, start_position, to_fen
from cazaux_engine.compiler import piece_moves
from cazaux_engine.exchange import least_attacker, see, see_ge
from cazaux_engine.moves import (BENT, EP, HOP, LEAP, LEAP_C, PAWN, RIDE, RIDE_C, make_move,
                                 move_flag, move_from, move_promo, move_to)
from cazaux_engine.setups import random_setup_index, setup_count, setup_fen
from cazaux_engine.variants import VARIANT_NAMES
from cazaux_engine.movegen import legal_moves


def values(variant: str) -> dict:
    return {p.letter: p.value for p in get_variant(variant).pieces}


# -- the oracle: the exchange played with real moves ----------------------------------------

class Skip(Exception):
    """The oracle cannot stand for SEE here (see :func:`exchange`)."""


def _first_occupied(board, ray, to: int, j: int = 0) -> int:
    """Index of the first square of ``ray`` from ``j`` that holds a piece or is ``to``."""
    while j < len(ray) and not board[ray[j][0]] and ray[j][0] != to:
        j += 1
    return j


def can_capture(pos, frm: int, to: int) -> bool:
    """Could the piece on ``frm`` capture a piece on ``to`` (whatever stands
    there now), pins and checks ignored?  Read from the per-square move
    components the rules compiler derives from the Betza definitions
    (:func:`raw_moves`), not from the attack tables that SEE uses."""
    R = pos.rules
    b = pos.board
    code = b[frm]
    if abs(code) == R.KING:              # the King's capture is its one step
        return max(abs(R.file_of(frm) - R.file_of(to)), abs(R.rank_of(frm) - R.rank_of(to))) == 1
    for kind, data in raw_moves(R)[code][frm]:
        if kind == PAWN:
            if any(t == to for t, _ in data[2]):
                return True
        elif kind in (LEAP, LEAP_C):
            if any(t == to for t, _ in data):
                return True
        elif kind in (RIDE, RIDE_C):     # the first piece on the ray
            for ray in data:
                j = _first_occupied(b, ray, to)
                if j < len(ray) and ray[j][0] == to:
                    return True
        elif kind == HOP:                # the first piece past the first piece
            for ray in data:
                j = _first_occupied(b, ray, to, _first_occupied(b, ray, to) + 1)
                if j < len(ray) and ray[j][0] == to:
                    return True
        elif kind == BENT:               # an empty step square, then a slide
            for step, rays in data:
                if b[step]:
                    continue
                for ray in rays:
                    j = _first_occupied(b, ray, to)
                    if j < len(ray) and ray[j][0] == to:
                        return True
    return False


@functools.lru_cache(maxsize=None)
def raw_moves(R) -> list:
    """Per signed code and square, the move components as tuples: the
    compiler's intermediate form, before it flattens them."""
    return piece_moves(R)[1]


def capturers(pos, to: int, side: int) -> list:
    """Squares of the pieces of ``side`` that could capture on ``to``."""
    return [s for s in pos.rules.squares if pos.board[s] * side > 0 and can_capture(pos, s, to)]


def exchange(pos, to: int) -> int:
    """What the side to move gains by capturing on ``to`` with its least
    valuable piece and going on in the same way (0 if it had better stop).
    The King captures last and only onto a square the other side cannot
    capture on then.  Raises Skip when two capturers of the least value
    exist (SEE's choice between them is arbitrary) or when the capture would
    promote (SEE counts promotions on the first move only)."""
    side = pos.turn
    R = pos.rules
    found = capturers(pos, to, side)
    if not found:
        return 0
    others = [s for s in found if abs(pos.board[s]) != R.KING]
    if others:
        low = min(R.value_of(pos.board[s]) for s in others)
        cheapest = [s for s in others if R.value_of(pos.board[s]) == low]
        if len(cheapest) > 1:
            raise Skip('two capturers of the least value')
        frm = cheapest[0]
        if R.promotions(pos.board[frm]) and R.rank_of(to) == R.last_rank(side):
            raise Skip('a promotion during the exchange')
    else:
        frm = found[0]
    taken = R.value_of(pos.board[to])
    pos.push(make_move(frm, to))
    try:
        if abs(pos.board[to]) == R.KING and capturers(pos, to, pos.turn):
            return 0                         # the King may not take a guarded piece
        return max(0, taken - exchange(pos, to))
    finally:
        pos.pop()


def oracle(pos, m: int) -> int:
    """SEE of the capture ``m`` by playing the exchange."""
    R = pos.rules
    to = move_to(m)
    victim = to - pos.turn * R.stride if move_flag(m) == EP else to
    gain = R.value_of(pos.board[victim])
    if move_promo(m):
        gain += R.value_of(move_promo(m)) - R.value_of(pos.board[move_from(m)])
    pos.push(m)
    try:
        return gain - exchange(pos, to)
    finally:
        pos.pop()


# -- hand-made exchanges --------------------------------------------------------------------

# (variant, FEN, move, expected value as a function of the piece values, why)
HAND_MADE = [
    # chess, x-ray: Rxe5 Rxe5 Qxe5 and Black has nothing left: +P (100);
    # without the Queen behind the Rook it would be P - R
    ('chess', '4r1k1/8/8/4p3/8/8/4R3/4Q1K1 w - - 0 1', 'e2e5', lambda v: v['P']),
    # chess, x-ray on both sides: Rxe5 Rxe5, and Qxe5? Qxe5 would lose the Queen:
    # White stops, P - R = 100 - 500 = -400
    ('chess', '4q1k1/4r3/8/4p3/8/8/4R3/4Q1K1 w - - 0 1', 'e2e5', lambda v: v['P'] - v['R']),
    # pemba, the Cannon's screen takes part: Rxe6 (the Rook was the e1 Cannon's
    # screen) dxe6, and the Cannon, with no screen left, cannot take back:
    # N - R = 300 - 500 = -200
    ('pemba', '9k/10/10/3p6/4n5/10/10/4R5/10/K3C5 w - - 0 1', 'e3e6', lambda v: v['N'] - v['R']),
    # pemba, the Cannon takes first over the Rook, dxe6, then the Rook (now
    # with a free file) takes back: N - C + P = 300 - 400 + 100 = 0
    ('pemba', '9k/10/10/3p6/4n5/10/10/4R5/10/K3C5 w - - 0 1', 'e1e6',
     lambda v: v['N'] - v['C'] + v['P']),
    # pemba, a Cannon that starts attacking: with two screens (Ne2, Re3) it
    # cannot take on e6; Rxe6 dxe6 leaves it one screen, Cxe6:
    # N - R + P = 300 - 500 + 100 = -100 (-200 if the Cannon were ignored)
    ('pemba', '9k/10/10/3p6/4n5/10/10/4R5/4N5/K3C5 w - - 0 1', 'e3e6',
     lambda v: v['N'] - v['R'] + v['P']),
    # pemba, a Crocodile recaptures over a screen: Rxe6, the h9 Crocodile
    # jumps its g8 screen (Vxe6), dxe6: N - R + V = 300 - 500 + 300 = 100
    ('pemba', '9k/7v2/6p3/10/4n5/3P6/10/10/10/K3R5 w - - 0 1', 'e1e6',
     lambda v: v['N'] - v['R'] + v['V']),
    # zanzibar-xl, a Sorceress recaptures like a Cannon on a file: Rxe5 and
    # the e9 Sorceress jumps the e7 pawn: N - R = 250 - 500 = -250
    ('zanzibar-xl', '11k/12/12/4s7/12/4p7/12/R3n7/12/12/12/K11 w - - 0 1', 'a5e5',
     lambda v: v['N'] - v['R']),
    # zanzibar-xl, ... and like a Crocodile on a diagonal (h8 over g7): N - R
    ('zanzibar-xl', '11k/12/12/12/7s4/6p5/12/R3n7/12/12/12/K11 w - - 0 1', 'a5e5',
     lambda v: v['N'] - v['R']),
    # zanzibar-xl, the e6 Rook was the e9 Sorceress's only screen: Rxe4 and
    # nothing can take back: +N = 250
    ('zanzibar-xl', '11k/12/12/4s7/12/12/4R7/12/4n7/12/12/K11 w - - 0 1', 'e6e4',
     lambda v: v['N']),
    # zanzibar-s, an Eagle whose step square empties: the d3 Eagle steps to e4
    # and slides up the e-file only once the e4 Rook has left: Rxe6 fxe6 Gxe6:
    # R - R + P = 100 (0 if the Eagle stayed blocked)
    ('zanzibar-s', '11k/12/12/12/12/5p6/4r7/12/4R7/3G8/12/K11 w - - 0 1', 'e4e6',
     lambda v: v['P']),
    # zanzibar-s, a Rhinoceros whose step square empties: e3 steps to e4 and
    # slides f5-g6 once the e4 Bishop has left: Bxg6 hxg6 Uxg6:
    # N - B + P = 250 - 350 + 100 = 0 (-100 without the Rhinoceros)
    ('zanzibar-s', '11k/12/12/12/12/7p4/6n5/12/4B7/4U7/12/K11 w - - 0 1', 'e4g6',
     lambda v: v['N'] - v['B'] + v['P']),
    # chess, a King may take back only an unguarded piece: Rxe5 Kxe5: P - R = -400
    ('chess', '8/8/3k4/4p3/8/8/8/4R1K1 w - - 0 1', 'e1e5', lambda v: v['P'] - v['R']),
    # ... with the b2 Bishop guarding e5 the King cannot take back: +P = 100
    ('chess', '8/8/3k4/4p3/8/8/1B6/4R1K1 w - - 0 1', 'e1e5', lambda v: v['P']),
    # chess, en passant: exd6 e.p. takes the d5 pawn, which opens the d-file
    # for the d1 Rook: Rxd6, P - P = 0 (+100 if the victim stayed on d5)
    ('chess', '4k3/8/8/3pP3/8/8/7K/3r4 w - d6 0 1', 'e5d6', lambda v: v['P'] - v['P']),
    # chess, a promotion that captures: gxh8=Q wins the Rook and turns a Pawn
    # into a Queen, Nxh8 takes the Queen: R + Q - P - Q = R - P = 400
    ('chess', '7r/5nP1/8/8/8/8/8/k5K1 w - - 0 1', 'g7h8q', lambda v: v['R'] - v['P']),
    # ... and undefended: R + Q - P = 500 + 900 - 100 = 1300
    ('chess', '7r/6P1/8/8/8/8/8/k5K1 w - - 0 1', 'g7h8q', lambda v: v['R'] + v['Q'] - v['P']),
    # oblong44, shatranj pieces: Dabbaba c4 leaps to c6 (Dxf), the a8 Alfil
    # leaps back (Exd), the d5 Ferz takes the Alfil, the d8 Knight the Ferz;
    # White had better stop after Exd: F - D = 150 - 150 = 0
    ('oblong44', '3k/4/4/e2n/4/2f1/3F/2D1/4/4/K3 w - - 0 1', 'c4c6', lambda v: v['F'] - v['D']),
]


def test_piece_order_the_hand_made_values_assume():
    # the hand-made values above pick the least valuable capturer by these orders
    for variant in ('chess', 'pemba', 'zanzibar-s', 'zanzibar-xl'):
        v = values(variant)
        assert v['P'] < v['N'] < v['R'] < v['Q'], variant
        assert v['P'] < v['B'] < v['R'], variant
    v = values('pemba')
    assert v['P'] < v['C'] and v['V'] < v['R']     # Black takes the Cannon, the Rook
    v = values('oblong44')
    assert v['E'] < v['F'] < v['N']                # White stops after Exd


@pytest.mark.parametrize('variant,fen,move,expected', HAND_MADE,
                         ids=[f'{h[0]}-{h[2]}-{i}' for i, h in enumerate(HAND_MADE)])
def test_hand_made(variant, fen, move, expected):
    pos = start_position(variant, fen)
    m = parse_move(pos, move)
    before = to_fen(pos)
    want = expected(values(variant))
    assert see(pos, m, pos.rules.value) == want
    assert to_fen(pos) == before                    # the board is put back
    assert oracle(pos, m) == want                   # the oracle agrees by hand too
    assert see_ge(pos, m, pos.rules.value, want) and not see_ge(pos, m, pos.rules.value, want + 1)
    assert to_fen(pos) == before


def test_exact_when_a_losing_recapture_is_answered():
    # Qxf4 gxf4: Black is 800 down.  Nxf4 would win back a Pawn but lose the
    # Knight to Bxf4, so Black stops: P - Q = 100 - 900 = -800.  (An early
    # stop of the swap loop at Nxf4, "neither side gains", scores the Knight's
    # capture as the end of the exchange: -700.)
    pos = start_position('chess', '4k3/2q5/8/3n4/5P2/4B1P1/8/4K3 b - - 0 1')
    v = values('chess')
    assert see(pos, parse_move(pos, 'c7f4'), pos.rules.value) == v['P'] - v['Q']


def test_least_attacker_leaper_or_line():
    """A leaper ranked no higher than every piece that attacks along lines
    (``Rules.ray_kinds``) is the cheapest without the lines being scanned;
    a dearer one gives way to a cheaper slider; of equals the leaper, found
    first, is taken."""
    from array import array
    pos = start_position('chess', '4k3/8/8/3q4/8/2N5/8/3RK3 w - - 0 1')
    R, sq = pos.rules, pos.rules.parse_square
    kinds = [R.types[i - 1].name for i in range(1, R.n + 1) if R.ray_kinds[0] >> i & 1]
    assert sorted(kinds) == ['bishop', 'queen', 'rook']
    assert R.ray_kinds[1] == R.ray_kinds[0]
    assert least_attacker(pos, sq('d5'), 1, R.value) == sq('c3')        # N 300 < R 500
    vals = array('i', R.value)
    for dear in (R.n + R.index['knight'], R.n - R.index['knight']):
        vals[dear] = 900
    assert least_attacker(pos, sq('d5'), 1, vals) == sq('d1')           # now the Rook is cheaper
    for dear in (R.n + R.index['knight'], R.n - R.index['knight']):
        vals[dear] = vals[R.n + R.index['rook']]
    assert least_attacker(pos, sq('d5'), 1, vals) == sq('c3')           # equals: the leaper
    pos = start_position('chess', '4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1')
    assert least_attacker(pos, sq('d5'), 1, R.value) == sq('d1')        # no leaper: the lines


def test_least_attacker():
    pos = start_position('pemba', '9k/10/10/3p6/4n5/10/10/4R5/4N5/K3C5 w - - 0 1')
    sq = pos.rules.parse_square
    assert least_attacker(pos, sq('e6'), 1, pos.rules.value) == sq('e3')    # the e1 Cannon has two screens
    assert least_attacker(pos, sq('e6'), -1, pos.rules.value) == sq('d7')   # a Pawn guards its own piece
    assert least_attacker(pos, sq('e3'), -1, pos.rules.value) == -1
    pos = start_position('zanzibar-s', '11k/12/12/12/12/5p6/4r7/12/4R7/3G8/12/K11 w - - 0 1')
    sq = pos.rules.parse_square
    assert least_attacker(pos, sq('e6'), 1, pos.rules.value) == sq('e4')    # the Eagle's path is blocked
    assert least_attacker(pos, sq('c7'), 1, pos.rules.value) == sq('d3')    # Eagle: c4, then up the c-file
    assert least_attacker(pos, sq('b4'), 1, pos.rules.value) == sq('e4')    # the Rook before the Eagle (c4-b4)
    assert least_attacker(pos, sq('b2'), 1, pos.rules.value) == sq('d3')    # Eagle (via c2) before the King
    assert least_attacker(pos, sq('b1'), 1, pos.rules.value) == sq('a1')    # the King alone
    assert least_attacker(pos, sq('e6'), -1, pos.rules.value) == sq('f7')


# -- random positions -----------------------------------------------------------------------

def random_positions(variant: str, rng: random.Random, games: int):
    """Positions from random games (from a random Black-choice setup where there are any)."""
    v = get_variant(variant)
    for _ in range(games):
        fen = setup_fen(v, random_setup_index(v, rng)) if setup_count(v) > 1 else None
        pos = start_position(variant, fen)
        for _ in range(rng.randrange(4, 160)):
            moves = legal_moves(pos)
            if not moves:
                break
            pos.push(rng.choice(moves))
            if rng.random() < 0.3:
                yield pos


GAMES = {'oblong44': 24}         # few captures on its 4 files; 6 games elsewhere


@functools.lru_cache(maxsize=None)
def compare(variant: str, seed: int, games: int):
    """(compared, skipped, [(fen, move, see, oracle) where they differ])."""
    rng = random.Random(seed)
    compared = skipped = 0
    differ = []
    for pos in random_positions(variant, rng, games):
        for m in legal_moves(pos, captures=True):
            if not pos.is_capture(m):
                continue
            try:
                want = oracle(pos, m)
            except Skip:
                skipped += 1
                continue
            got = see(pos, m, pos.rules.value)
            compared += 1
            if got != want:
                differ.append((to_fen(pos), move_text(pos, m), got, want))
    return compared, skipped, differ


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_random_exchanges_match_the_oracle(variant):
    compared, skipped, differ = compare(variant, 14, GAMES.get(variant, 6))
    assert compared >= 300, (compared, skipped)
    assert not differ, f'{len(differ)} of {compared} differ, e.g. ' + '; '.join(
        f'{fen} {move}: see {got}, oracle {want}' for fen, move, got, want in differ[:3])


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_random_exchanges_sign_matches_the_oracle(variant):
    # whether a capture wins, loses or breaks even (what pruning by SEE uses)
    compared, skipped, differ = compare(variant, 14, GAMES.get(variant, 6))
    assert compared >= 300, (compared, skipped)
    wrong = [d for d in differ if _sign(d[2]) != _sign(d[3])]
    assert not wrong, wrong[:3]


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_least_attacker_matches_the_oracle(variant):
    rng = random.Random(41)
    checked = 0
    for pos in random_positions(variant, rng, 3):
        R = pos.rules
        for sq in rng.sample(R.squares, 12):
            for side in (1, -1):
                found = capturers(pos, sq, side)
                s = least_attacker(pos, sq, side, pos.rules.value)
                if not found:
                    assert s == -1, (to_fen(pos), R.square_name(sq), side)
                    continue
                checked += 1

                def rank(x):
                    return 1 << 20 if abs(pos.board[x]) == R.KING else R.value_of(pos.board[x])
                assert s in found and rank(s) == min(rank(x) for x in found), \
                    (to_fen(pos), R.square_name(sq), side, R.square_name(s))
    assert checked >= 100


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_least_attacker_is_the_first_cheapest_of_all_attackers_whatever_the_values(variant):
    # the lines are scanned only when no leaper found is as cheap as every
    # piece that attacks along lines: with values drawn at random (leapers
    # dearer than sliders, ties), still the first cheapest of the whole
    # attack test's list (Position.attackers_of), as before that shortcut
    from array import array
    rng = random.Random(43)
    checked = shortcut = 0
    for pos in random_positions(variant, rng, 3):
        R = pos.rules
        kinds = [rng.choice((100, 300, 300, 500, 900)) for _ in range(R.n + 1)]
        vals = array('i', [kinds[abs(c)] for c in range(-R.n, R.n + 1)])

        def rank(x):
            return 1 << 20 if abs(pos.board[x]) == R.KING else vals[pos.board[x] + R.n]
        for sq in rng.sample(R.squares, 12):
            for side in (1, -1):
                found = pos.attackers_of(sq, side)
                want = min(found, key=rank) if found else -1     # min: the first of equals
                assert least_attacker(pos, sq, side, vals) == want, \
                    (to_fen(pos), R.square_name(sq), side, vals.tolist())
                checked += bool(found)
                shortcut += bool(found) and want == found[0] and rank(want) < (1 << 20)
    assert checked >= 50 and shortcut >= 10, (checked, shortcut)


# -- see_ge: the threshold test the search asks ---------------------------------------------

def test_see_ge_stops_where_the_threshold_is_decided():
    # Rxe5 Rxe5 Qxe5 is worth +P to White; the threshold test gives the same
    # answers, however early it stops
    pos = start_position('chess', '4r1k1/8/8/4p3/8/8/4R3/4Q1K1 w - - 0 1')
    m = parse_move(pos, 'e2e5')
    v = values('chess')
    assert [see_ge(pos, m, pos.rules.value, t) for t in (v['P'] - v['R'] - 1, 0, v['P'], v['P'] + 1)] \
        == [True, True, True, False]
    # a quiet move onto a square guarded by a pawn: it loses the mover
    pos = start_position('chess', '4k3/8/3p4/8/8/2B5/8/4K3 w - - 0 1')
    m = parse_move(pos, 'c3e5')
    assert see(pos, m, pos.rules.value) == -v['B']
    assert see_ge(pos, m, pos.rules.value, -v['B'])
    assert not see_ge(pos, m, pos.rules.value, -v['B'] + 1)
    assert not see_ge(pos, m, pos.rules.value, 0)


@functools.lru_cache(maxsize=None)
def compare_thresholds(variant: str, seed: int, games: int):
    """(moves compared, [(fen, move, threshold, see, see_ge)] where see_ge
    disagrees with see >= threshold, or where it left the board changed)."""
    rng = random.Random(seed)
    compared = 0
    differ = []
    for pos in random_positions(variant, rng, games):
        before = to_fen(pos)
        for m in legal_moves(pos):
            value = see(pos, m, pos.rules.value)
            for t in (value - 1, value, value + 1, 0, -rng.randrange(1, 1000), rng.randrange(1, 1000)):
                got = see_ge(pos, m, pos.rules.value, t)
                compared += 1
                if got != (value >= t) or to_fen(pos) != before:
                    differ.append((before, move_text(pos, m), t, value, got))
    return compared, differ


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_see_ge_agrees_with_see_on_random_moves(variant):
    # every legal move (quiet ones too, as SEE pruning asks), thresholds at,
    # just above and just below the exchange's value, at zero and at random
    compared, differ = compare_thresholds(variant, 15, 2)
    assert compared >= 2000, compared
    assert not differ, f'{len(differ)} of {compared} differ, e.g. {differ[:3]}'
