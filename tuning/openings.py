"""Random but balanced openings, for self-play games that differ.

A deterministic engine playing itself from one start position plays one
game; the tuner needs many different ones.  Each opening here starts from
the variant's default position, or from a random Black-choice placement in
the Cazaux games, and plays ``plies`` random moves, each drawn uniformly
from the moves whose quiescence score (:func:`search.static.quiescence`
after the move) is within ``margin`` centipawns of the best move's: random,
but no side gives away material for nothing.  Quiescence does not see a
mate, so a walk can end where the side to move mates at once (about one
Pemba opening in seventy did); such an opening is drawn again, since both
games of its pair would be the same one move: an opening leaves a game to
play (:func:`ends_at_once`).  Openings are distinct and reproducible from
``seed``.

The lines are in the match runner's openings-file format (``FEN moves M1
M2 ...``), for ``cazaux-engine match --openings FILE``.
"""
from __future__ import annotations

import random

from cazaux_engine import move_text, parse_fen, to_fen
from cazaux_engine.outcome import outcome
from cazaux_engine.setups import random_setup_index, setup_count, setup_fen
from cazaux_engine.variants import Variant

from search.static import quiescence
from cazaux_engine.movegen import legal_moves


def ends_at_once(pos) -> bool:
    """Whether a legal move of the side to move ends the game (a mate in
    one, a stalemate, a capture that bares the last King, ...)."""
    for m in legal_moves(pos):
        pos.push(m)
        over = outcome(pos) is not None
        pos.pop()
        if over:
            return True
    return False


def random_opening(variant: Variant, plies: int, margin: int, rng: random.Random,
                   setups: bool = True) -> tuple[str, list[str]] | None:
    """(start FEN, moves) of one random balanced opening, or None when the
    random walk ended the game or left a move that ends it (the caller
    draws again)."""
    if setups and setup_count(variant):
        fen = setup_fen(variant, random_setup_index(variant, rng))
    else:
        fen = variant.start
    pos = parse_fen(variant, fen)
    moves = []
    for _ in range(plies):
        legal = legal_moves(pos)
        if not legal:
            return None
        scored = []
        for m in legal:
            pos.push(m)
            scored.append((-quiescence(pos), m))
            pos.pop()
        best = max(s for s, _ in scored)
        choice = rng.choice([m for s, m in scored if s >= best - margin])
        moves.append(move_text(pos, choice))
        pos.push(choice)
        if outcome(pos) is not None:
            return None
    if ends_at_once(pos):
        return None
    return to_fen(parse_fen(variant, fen)), moves


def random_openings(variant: Variant, count: int, plies: int = 8, margin: int = 50,
                    seed: int = 0, setups: bool = True) -> list[str]:
    """``count`` distinct opening lines (see the module docstring)."""
    rng = random.Random(f'{variant.name}:{seed}')
    seen = set()
    out = []
    tries = 0
    while len(out) < count:
        tries += 1
        if tries > 20 * count + 100:
            raise ValueError(f'{variant.name}: only {len(out)} distinct openings of {plies} '
                             f'plies found (asked for {count})')
        r = random_opening(variant, plies, margin, rng, setups)
        if r is None:
            continue
        fen, moves = r
        key = (fen, tuple(moves))
        if key in seen:
            continue
        seen.add(key)
        out.append(f'{fen} moves {" ".join(moves)}' if moves else fen)
    return out
