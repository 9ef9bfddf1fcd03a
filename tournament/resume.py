"""Continuing a tournament from its PGN file, and counting an earlier one's.

Each game's ``Round`` tag is its number in the schedule.  A game of the file
counts as played when its Round, White, Black, Variant, FEN and opening
moves (those marked ``{book}``) are those the schedule has for that
number (another --opening-start or --shuffle makes another schedule); any
other game means the file belongs to
another tournament, and the runner refuses to mix them.  An unfinished last
game (the run was killed while writing it) is cut off.

An earlier run's file (``match --earlier FILE``) is only read: its finished
games count in the scores and the SPRT before this run's, paired as that
run played them (rounds 2k-1 and 2k), when every game is between engines
of this run (by name) in this variant.
"""
from __future__ import annotations

from .pgn import PgnGame, cut_incomplete, read_pgn_file
from .schedule import Pairing


class ResumeError(ValueError):
    """The PGN file does not fit this tournament; the message is for the user."""


def played_games(path: str, schedule: list[Pairing], names: list[str],
                 variant_name: str) -> tuple[dict, str | None]:
    """``{round: PgnGame}`` of the games already in ``path``, and a warning
    if an unfinished game was cut off."""
    pgn = read_pgn_file(path)
    warning = None
    if pgn.incomplete_at is not None:
        cut_incomplete(path, pgn.incomplete_at)
        warning = f'{path}: removed an unfinished game at its end'
    done: dict[int, PgnGame] = {}
    for g in pgn.games:
        tags = g.tags
        try:
            rnd = int(tags.get('Round', ''))
        except ValueError:
            rnd = 0
        p = schedule[rnd - 1] if 1 <= rnd <= len(schedule) else None
        expected = None if p is None else (names[p.white], names[p.black], variant_name,
                                           p.opening.fen, p.opening.moves)
        book = tuple(m for m, c in zip(g.moves, g.comments) if c == 'book')
        found = (tags.get('White'), tags.get('Black'), tags.get('Variant'), tags.get('FEN'), book)
        if expected != found or g.result not in ('1-0', '0-1', '1/2-1/2'):
            what = (f'game {rnd} should be {expected[0]} - {expected[1]} from {expected[3]}'
                    f'{" moves " + " ".join(expected[4]) if expected[4] else ""}'
                    if expected else f'there is no game {tags.get("Round", "?")} in this schedule')
            raise ResumeError(
                f'{path} holds games of another tournament ({tags.get("White")} - '
                f'{tags.get("Black")}, Round {tags.get("Round", "?")}, {g.result}: {what}); '
                'give another --pgn file')
        if rnd in done:
            raise ResumeError(f'{path} holds game {rnd} twice')
        done[rnd] = g
    return done, warning


def earlier_games(paths: list[str], names: list[str], variant_name: str) -> list[tuple]:
    """``(white, black, PgnGame, pair)`` for each finished game of the
    earlier runs' files ``paths`` (engine numbers by ``names``; ``pair``
    tells the game pairs of each file apart); ResumeError if a game is of
    another variant or engine, or a file has no game."""
    out = []
    for k, path in enumerate(paths):
        games = read_pgn_file(path).games
        finished = [g for g in games if g.result in ('1-0', '0-1', '1/2-1/2')]
        if not finished:
            raise ResumeError(f'--earlier {path}: no finished game in it')
        for g in finished:
            tags = g.tags
            white, black = tags.get('White'), tags.get('Black')
            if white not in names or black not in names or white == black:
                raise ResumeError(
                    f'--earlier {path}: game {tags.get("Round", "?")} is {white} - {black}; '
                    f'its games must be between engines of this match ({", ".join(names)})')
            if tags.get('Variant', variant_name) != variant_name:
                raise ResumeError(
                    f'--earlier {path}: game {tags.get("Round", "?")} is of variant '
                    f'{tags.get("Variant")}, not {variant_name}')
            try:
                rnd = int(tags.get('Round', ''))
            except ValueError:
                rnd = 0
            pair = ('earlier', k, tags.get('Event'), (rnd + 1) // 2) if rnd > 0 else None
            out.append((names.index(white), names.index(black), g, pair))
    return out
