"""Find and verify mates in two whose key move is quiet, for every variant.

A "mate" is any win by the variant's rules (:func:`cazaux_engine.outcome`):
checkmate, and in Oblong 44 also stalemating the opponent and baring its
King.  A position is kept when, with White to move,

* White has no win in one move;
* some White moves (the *keys*) force a win on the next move: after the key
  the game goes on, and after every legal Black reply the game goes on and
  White has a move that wins at once;
* every key is quiet: neither a capture, nor a promotion, nor a check;
* there are at most ``--max-keys`` keys (the fewer, the more a search that
  prunes the key away is caught), and after each key Black has at least
  ``--min-replies`` legal moves (a real defence, not a forced reply);
* every White piece but the King is needed: without it White has no win in
  two moves or fewer, or the position is not legal (so the fairy pieces of
  the recipe take part).

Everything is decided by brute force with the rules core (legal_moves,
push, pop, outcome); the search is never asked.  Candidates are random
sparse positions built from a per-variant list of *recipes* (White's
material besides the King; Black gets a King near an edge and up to two
small pieces or pawns): one position per recipe, at most ``--per-variant``
per variant, so that the positions show different piece types.  The same
``--seed`` gives the same positions.

    python tests/tools/quiet_mates.py --seed 14 --per-variant 6        # prints the list
    python tests/tools/quiet_mates.py --report                          # search the test's list
    python tests/tools/quiet_mates.py --report --param RFP_DEPTH=2      # ... with a search.params change

The first prints Python tuples ``(variant, fen, [keys])`` for
``tests/search/test_search_quiet_mates.py``; ``--report`` runs the engine's search
on that test's positions at depths 1 to ``--max-depth`` and says at which
depth each is first solved (a verified key with mate in 2); ``--param
NAME=VALUE`` (repeatable) sets a number of :mod:`search.params` first, to
see which pruning hides a key.  Compile the hot modules first: compiled,
generating the test's list takes about 10 s; interpreted, much longer.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

from cazaux_engine import FenError, get_variant, move_text, outcome, start_position
from cazaux_engine.moves import move_promo
from cazaux_engine.movegen import legal_moves

# White's material besides the King, per variant, tried in this order; after
# a colon, a way of winning that must occur among the mates (see win_reasons).
RECIPES = {
    'chess': ['RB', 'QN', 'RN', 'BBN', 'QB', 'RR', 'Q', 'RNN'],
    'pemba': ['CR', 'CC', 'VR', 'VQ', 'MR', 'ZR', 'EW', 'WR', 'CM', 'VN'],
    'zanzibar-s': ['G', 'U', 'L', 'F', 'LI', 'GC', 'UV', 'FM', 'CZ', 'EWL'],
    'zanzibar-s-promo': ['FN', 'LE', 'GM', 'UZ', 'CW', 'NL', 'VF', 'L'],
    'zanzibar-xl': ['D', 'SR', 'SQ', 'DC', 'SG', 'DL', 'SV', 'SU'],
    'maasai': ['AAR', 'SR', 'DU', 'AL', 'SF', 'GD', 'IQ', 'AAG'],
    'oblong44': ['N', 'NF:stalemate', 'DDN', 'EEN', 'FF:stalemate', 'NN', 'PNF', 'DF', 'NE'],
}

# Black's extra material, drawn at random for each candidate.
BLACK_EXTRAS = {
    'chess': ['', 'p', 'pp', 'n', 'b', 'pb'],
    'pemba': ['', 'p', 'pp', 'n', 'e', 'pw'],
    'zanzibar-s': ['', 'p', 'pp', 'n', 'e', 'pi'],
    'zanzibar-s-promo': ['', 'p', 'pp', 'n', 'e', 'pm'],
    'zanzibar-xl': ['', 'p', 'pp', 'n', 'v', 'pw'],
    'maasai': ['', 'p', 'a', 'pa', 'n', 'e'],
    'oblong44': ['', 'p', 'f', 'e', 'd', 'pp'],
}

PAWNS = set('PAI')          # pawn-like letters kept off the first and last ranks


# -- brute force ------------------------------------------------------------------------------

def _checkmate_only(pos) -> bool:
    """True when the variant's only win is checkmate (so a win needs a check)."""
    v = pos.rules.variant
    return v.stalemate != 'loss' and v.bare_king != 'shatranj'


def wins(pos, me: int) -> bool:
    """Is the game over in ``pos``, won by ``me``?"""
    if _checkmate_only(pos) and not pos.in_check():
        return False                     # outcome() gives no win without check here
    o = outcome(pos)
    return o is not None and o.winner == me


def winning_moves(pos) -> list:
    """The moves of the side to move that win at once."""
    me = pos.turn
    found = []
    for m in legal_moves(pos):
        pos.push(m)
        if wins(pos, me):
            found.append(m)
        pos.pop()
    return found


def has_win_now(pos) -> bool:
    me = pos.turn
    for m in legal_moves(pos):
        pos.push(m)
        w = wins(pos, me)
        pos.pop()
        if w:
            return True
    return False


def key_forces_win(pos, key: int) -> bool:
    """After ``key``, does every reply allow a win at once (and the game go on until then)?"""
    pos.push(key)
    ok = outcome(pos) is None
    if ok:
        for reply in legal_moves(pos):
            pos.push(reply)
            ok = outcome(pos) is None and has_win_now(pos)
            pos.pop()
            if not ok:
                break
    pos.pop()
    return ok


def mate_in_two_keys(pos) -> list | None:
    """None if the side to move wins in one; else every move that forces a win in two."""
    if has_win_now(pos):
        return None
    return [k for k in legal_moves(pos) if key_forces_win(pos, k)]


def is_quiet(pos, m: int) -> bool:
    """Neither a capture, nor a promotion, nor a check."""
    if pos.is_capture(m) or move_promo(m):
        return False
    pos.push(m)
    check = pos.in_check()
    pos.pop()
    return not check


def wins_within_two(pos) -> bool:
    return has_win_now(pos) or any(key_forces_win(pos, k) for k in legal_moves(pos))


def win_reasons(pos, keys: list) -> set:
    """How the game ends in the mates after ``keys`` (checkmate, stalemate, bare-king)."""
    me = pos.turn
    reasons = set()
    for k in keys:
        pos.push(k)
        for reply in legal_moves(pos):
            pos.push(reply)
            for m in legal_moves(pos):
                pos.push(m)
                o = outcome(pos)
                if o is not None and o.winner == me:
                    reasons.add(o.reason)
                pos.pop()
            pos.pop()
        pos.pop()
    return reasons


def verify(variant: str, fen: str) -> list:
    """The keys (move texts, sorted) of a quiet mate in two, or raise AssertionError."""
    pos = start_position(variant, fen)
    keys = mate_in_two_keys(pos)
    assert keys is not None, f'{fen}: a win in one exists'
    assert keys, f'{fen}: no win in two'
    assert all(is_quiet(pos, k) for k in keys), f'{fen}: a key is not quiet'
    return sorted(move_text(pos, k) for k in keys)


# -- candidates -------------------------------------------------------------------------------

def _fen(files: int, ranks: int, placed: dict) -> str:
    rows = []
    for r in range(ranks - 1, -1, -1):
        row, empty = '', 0
        for f in range(files):
            ch = placed.get((f, r))
            if ch is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += ch
        rows.append(row + (str(empty) if empty else ''))
    return '/'.join(rows) + ' w - - 0 1'


def candidate(rng: random.Random, variant: str, recipe: str):
    """A random legal position with ``recipe`` for White, or None."""
    v = get_variant(variant)
    F, R = v.files, v.ranks
    placed = {}
    # Black's King: on an edge most of the time
    if rng.random() < 0.8:
        if rng.random() < 0.5:
            bk = (rng.randrange(F), rng.choice((0, R - 1)))
        else:
            bk = (rng.choice((0, F - 1)), rng.randrange(R))
    else:
        bk = (rng.randrange(F), rng.randrange(R))
    placed[bk] = 'k'
    near = max(3, min(F, R) // 2)

    def spot(letter: str, radius: int):
        for _ in range(50):
            f = bk[0] + rng.randint(-radius, radius)
            r = bk[1] + rng.randint(-radius, radius)
            if not (0 <= f < F and 0 <= r < R) or (f, r) in placed:
                continue
            if letter.upper() in PAWNS and r in (0, R - 1):
                continue
            placed[(f, r)] = letter
            return True
        return False

    if not spot('K', 3):
        return None
    for letter in recipe:
        if not spot(letter, near):
            return None
    for letter in rng.choice(BLACK_EXTRAS[variant]):
        if not spot(letter, near):
            return None
    fen = _fen(F, R, placed)
    try:
        pos = start_position(variant, fen)
    except FenError:
        return None
    k = pos.kings
    if abs(pos.rules.file_of(k[1]) - pos.rules.file_of(k[-1])) <= 1 \
            and abs(pos.rules.rank_of(k[1]) - pos.rules.rank_of(k[-1])) <= 1:
        return None
    return fen


def economical(variant: str, fen: str) -> bool:
    """Is every White piece but the King needed for the win in two?"""
    pos = start_position(variant, fen)
    R = pos.rules
    for sq in sorted(pos.pieces[1]):
        if sq == pos.kings[1]:
            continue
        placed = {}
        for s in R.squares:
            p = pos.board[s]
            if p and s != sq:
                placed[(R.file_of(s), R.rank_of(s))] = R.letter_of[p]
        try:
            smaller = start_position(variant, _fen(R.files, R.ranks, placed))
        except FenError:
            continue                 # the piece shields its own King's opponent: needed
        if wins_within_two(smaller):
            return False
    return True


def replies(pos, m: int) -> int:
    pos.push(m)
    n = len(legal_moves(pos))
    pos.pop()
    return n


def find(variant: str, recipe: str, rng: random.Random, tries: int, max_keys: int,
         min_replies: int):
    """A verified quiet mate in two with ``recipe``: (fen, keys, reasons) or None."""
    material, _, reason = recipe.partition(':')
    for _ in range(tries):
        fen = candidate(rng, variant, material)
        if fen is None:
            continue
        pos = start_position(variant, fen)
        if pos.in_check():
            continue
        keys = mate_in_two_keys(pos)
        if not keys or len(keys) > max_keys:
            continue
        if not all(is_quiet(pos, k) for k in keys):
            continue
        if min(replies(pos, k) for k in keys) < min_replies:
            continue
        reasons = win_reasons(pos, keys)
        if reason and reason not in reasons:
            continue
        if not economical(variant, fen):
            continue
        return fen, sorted(move_text(pos, k) for k in keys), reasons
    return None


def generate(args) -> None:
    variants = args.variants.split(',') if args.variants else list(RECIPES)
    for variant in variants:
        got = 0
        print(f'    # {variant}')
        for recipe in RECIPES[variant]:
            if got >= args.per_variant:
                break
            rng = random.Random(f'{args.seed}:{variant}:{recipe}')
            t0 = time.time()
            r = find(variant, recipe, rng, args.tries, args.max_keys, args.min_replies)
            dt = time.time() - t0
            if r is None:
                print(f'    # {recipe}: none in {args.tries} tries ({dt:.0f} s)', file=sys.stderr)
                continue
            fen, keys, reasons = r
            got += 1
            how = '' if reasons == {'checkmate'} else ' (' + ', '.join(sorted(reasons)) + ')'
            print(f'    ({variant!r}, {fen!r}, {keys!r}),    # K+{recipe.split(":")[0]}{how}')
            sys.stdout.flush()


# -- the report for the search ------------------------------------------------------------------

def report(args) -> None:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from test_search_quiet_mates import QUIET_MATES
    from search import Limits, Searcher
    from search import params
    for item in args.param:
        name, _, value = item.partition('=')
        if not hasattr(params, name):
            raise SystemExit(f'--param: search.params has no {name!r}')
        old = getattr(params, name)
        if isinstance(old, tuple):
            setattr(params, name, tuple(type(old[0])(x) for x in value.split(',')))
        else:
            setattr(params, name, type(old)(value))
    missed = 0
    for i, (variant, fen, keys) in enumerate(QUIET_MATES):
        pos = start_position(variant, fen)
        first = None
        at4 = ''
        for depth in range(1, args.max_depth + 1):
            r = Searcher(hash_mb=16).search(pos, Limits(depth=depth))
            ok = move_text(pos, r.best) in keys and r.info.mate == 2
            if depth == 4:
                at4 = f'{move_text(pos, r.best)} mate={r.info.mate} score={r.info.score}'
            if ok and first is None:
                first = depth
            if ok and depth >= 4:
                break
        status = 'found' if first is not None and first <= 4 else 'MISSED'
        missed += status == 'MISSED'
        print(f'{i:2} {variant:17} {status:6} first solved at depth {first}  '
              f'(depth 4: {at4}; keys {" ".join(keys)})  {fen}')
    print(f'{missed} of {len(QUIET_MATES)} missed at depth 4')


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--seed', default='14', help='random seed (default 14)')
    ap.add_argument('--per-variant', type=int, default=5, help='positions per variant (5)')
    ap.add_argument('--variants', default='', help='comma-separated variants (default all)')
    ap.add_argument('--tries', type=int, default=20000, help='candidates per recipe (20000)')
    ap.add_argument('--max-keys', type=int, default=2, help='most keys a position may have (2)')
    ap.add_argument('--min-replies', type=int, default=2,
                    help='fewest legal Black replies after a key (2)')
    ap.add_argument('--report', action='store_true',
                    help="search the test's positions and report the depth that solves each")
    ap.add_argument('--max-depth', type=int, default=8, help='deepest search of --report (8)')
    ap.add_argument('--param', action='append', default=[], metavar='NAME=VALUE',
                    help='with --report: set a number of search.params first (repeatable)')
    args = ap.parse_args(argv)
    if args.report:
        report(args)
    else:
        generate(args)


if __name__ == '__main__':
    main()
