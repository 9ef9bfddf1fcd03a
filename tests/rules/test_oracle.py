"""The generator against tests/reference.py, an independent slow reading of
docs/rules.md: equal legal-move sets along seeded random games (both sides play
their own bookkeeping) and in random sparse positions."""
import random

import pytest

import reference
from cazaux_engine import FenError, get_variant, move_text, parse_fen, start_position, to_fen
from cazaux_engine.fen import castling_field
from cazaux_engine.variants import VARIANT_NAMES
from cazaux_engine.movegen import legal_moves


def play_and_compare(pos, ref, rng, plies, capture_bias=0.6):
    for _ in range(plies):
        ours = {move_text(pos, m): m for m in legal_moves(pos)}
        assert set(ours) == ref.legal(), to_fen(pos)
        if not ours:
            return
        caps = [t for t, m in ours.items() if pos.is_capture(m)]
        text = rng.choice(sorted(caps) if caps and rng.random() < capture_bias else sorted(ours))
        pos.push(ours[text])
        reference.push(ref, text)


@pytest.mark.parametrize('name', VARIANT_NAMES)
def test_random_games_match_oracle(name):
    rng = random.Random(name)
    for _ in range(2):
        pos = start_position(name)
        play_and_compare(pos, reference.from_fen(name, pos.rules.variant.start), rng, 50)


def random_fen(v, rng):
    board = {}

    def free():
        while True:
            s = (rng.randrange(v.files), rng.randrange(v.ranks))
            if s not in board:
                return s
    for k in 'Kk':
        s = free()
        if v.king_jump and rng.random() < 0.6:
            r = rng.choice((0, 1)) if k == 'K' else rng.choice((v.ranks - 1, v.ranks - 2))
            s = (rng.randrange(4, 8), r) if (rng.randrange(4, 8), r) not in board else free()
        board[s] = k
    letters = [p.letter for p in v.pieces[1:]]
    for _ in range(rng.randrange(2, 14)):
        letter, s = rng.choice(letters), free()
        if letter in 'PA' and s[1] in (0, v.ranks - 1):
            continue
        board[s] = letter if rng.random() < 0.5 else letter.lower()
    rows = []
    for r in range(v.ranks - 1, -1, -1):
        row, e = '', 0
        for f in range(v.files):
            p = board.get((f, r))
            if p:
                row, e = row + (str(e) if e else '') + p, 0
            else:
                e += 1
        rows.append(row + (str(e) if e else ''))
    cast = rng.choice(['Kk', 'K', 'k', '-']) if v.king_jump else (
        ''.join(c for c in 'KQkq' if rng.random() < 0.7) or '-') if v.castling else '-'
    return f'{"/".join(rows)} {rng.choice("wb")} {cast} - 0 1'


@pytest.mark.parametrize('name', VARIANT_NAMES)
def test_random_sparse_positions_match_oracle(name):
    v = get_variant(name)
    rng = random.Random(f'sparse-{name}')
    done = 0
    while done < 60:
        fen = random_fen(v, rng)
        try:
            pos = parse_fen(v, fen)
        except FenError:
            continue
        done += 1
        ref = reference.from_fen(name, fen)
        if v.castling:
            ref.castle = castling_field(pos).replace('-', '')
        play_and_compare(pos, ref, rng, 4, capture_bias=0.3)
