"""One game between two engines, refereed with the rules core.

The arbiter keeps the game itself: every engine move is parsed against the
legal moves of its position (an illegal one loses, and the move and the
FEN are logged); after every move the game-end rules of docs/rules.md are
applied (checkmate, stalemate, repetition, 50 moves, bare Kings);
claims are checked (a false claim loses, conceding one's own loss is a
resignation); clocks are kept from the arbiter's own measurement of each
move, and a flag that falls by more than the margin loses; an engine that
crashes, stalls or rejects a legal move loses.

Terminations follow the PGN standard: ``normal``, ``time forfeit``,
``rules infraction`` (illegal move, false claim), ``adjudication`` (the
move limit, the engines' scores), ``abandoned`` (crash, rejection, failed start) and
``stalled connection`` (no answer when there is no clock to run out).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from cazaux_engine import IllegalMoveError, move_text, parse_fen, parse_move, to_fen
from cazaux_engine.outcome import outcome

from .adjudication import Adjudicator, Draw, Resign, reply_score
from .client import Client, EngineCrashed, EngineError, EngineTimeout, Reply
# an engine's move in any form XBoard accepts (coordinates, castling, the
# two-leg e.p. capture, SAN); ranks from rank_base
from .movetext import parse_engine_move
from .openings import Opening
from .timecontrol import Clock, TimeControl

SIDE = {1: 'White', -1: 'Black'}


@dataclass
class GameResult:
    """What the arbiter decided, and the moves to write."""
    start_fen: str
    moves: list = field(default_factory=list)       # coordinate texts, ranks from 1
    comments: list = field(default_factory=list)
    result: str = '*'
    termination: str = ''
    reason: str = ''
    broken: list = field(default_factory=list)      # colours whose engine must be restarted
    illegal: int = 0        # the colour that lost by an illegal move (0: none)


@dataclass
class ArbiterSettings:
    tc: TimeControl
    margin: float = 0.1         # seconds a move may exceed its clock
    timeout: float = 30.0       # seconds without an answer when no clock runs
    maxmoves: int = 0           # adjudicate a draw after this many moves each (0: never)
    resign: Resign | None = None    # adjudication by the engines' scores
    draw: Draw | None = None


def _loss(colour: int) -> str:
    """The result of a game lost by ``colour``."""
    return '0-1' if colour > 0 else '1-0'


def start_failed(opening: Opening, colour: int, why: str) -> GameResult:
    """The game lost by ``colour``, whose engine could not be started (``why``):
    the opening's moves as given and no other."""
    moves = list(opening.moves)
    return GameResult(opening.fen, moves, ['book'] * len(moves), _loss(colour), 'abandoned',
                      f"{SIDE[colour]}'s engine failed to start ({why})")


def move_comment(reply: Reply) -> str:
    """``+0.35/12 0.52s`` (score from the mover's side), ``+M3/9 ...``, or just the time."""
    parts = []
    if reply.mate is not None:
        parts.append(f'{"+" if reply.mate > 0 else "-"}M{abs(reply.mate)}')
    elif reply.score is not None:
        parts.append(f'{reply.score / 100:+.2f}')
    if parts and reply.depth is not None:
        parts[0] += f'/{reply.depth}'
    parts.append(f'{reply.elapsed:.2f}s')
    return ' '.join(parts)


def play_game(clients: dict, variant, opening: Opening, settings: ArbiterSettings,
              log=None, tcs: dict | None = None) -> GameResult:
    """Play one game; ``clients[1]`` is White's engine, ``clients[-1]`` Black's.

    ``tcs`` gives each colour's limits where they differ (time odds); by
    default both play under ``settings.tc``.  ``log(text)`` receives the
    arbiter's findings (illegal moves with FEN, crashes, stalls).  Engines
    are never killed here: the colours of the engines that need a restart
    are in the result's ``broken``.
    """
    tcs = tcs or {1: settings.tc, -1: settings.tc}
    pos = parse_fen(variant, opening.fen)
    game = GameResult(opening.fen)
    moves: list[int] = []
    for text in opening.moves:
        m = parse_move(pos, text)
        game.moves.append(move_text(pos, m))
        game.comments.append('book')
        pos.push(m)
        moves.append(m)

    def finish(result: str, termination: str, reason: str) -> GameResult:
        game.result, game.termination, game.reason = result, termination, reason
        for colour in (1, -1):
            c: Client = clients[colour]
            if colour not in game.broken:
                c.end_game(result, reason)
            if not c.healthy and colour not in game.broken:
                game.broken.append(colour)
        return game

    def lose(colour: int, termination: str, reason: str) -> GameResult:
        return finish(_loss(colour), termination, reason)

    def engine_failed(colour: int, e: EngineError, thinking: bool) -> GameResult:
        """The game lost by ``colour``'s engine, which failed with ``e``."""
        c, side = clients[colour], SIDE[colour]
        where = f'in {to_fen(pos)}' if thinking else 'setting up the game'
        if isinstance(e, EngineTimeout) and thinking and (tcs[colour].clocked or tcs[colour].movetime):
            _log(log, f'{c.name} ({side}) lost on time without moving {where}')
            return lose(colour, 'time forfeit', f'{side} loses on time')
        c.healthy = False
        if colour not in game.broken:
            game.broken.append(colour)
        if isinstance(e, EngineCrashed):
            _log(log, f'{c.name} ({side}) crashed ({e}) {where}')
            return lose(colour, 'abandoned', f"{side}'s engine crashed ({e})")
        if isinstance(e, EngineTimeout):
            _log(log, f'{c.name} ({side}) does not respond ({e}) {where}')
            return lose(colour, 'stalled connection', f"{side}'s engine does not respond")
        _log(log, f'{c.name} ({side}) failed {where}: {e}')
        return lose(colour, 'abandoned', f"{side}'s engine failed: {e}")

    for colour in (1, -1):
        try:
            clients[colour].new_game(pos, opening.fen, moves, tcs[colour], colour)
        except EngineError as e:
            return engine_failed(colour, e, False)

    clocks = {1: Clock(tcs[1], settings.margin), -1: Clock(tcs[-1], settings.margin)}
    judge = Adjudicator(settings.resign, settings.draw)
    verdict = None
    while True:
        o = outcome(pos)
        if o:
            return finish(o.result, 'normal', o.comment)
        if verdict:
            winner, why = verdict
            return finish({1: '1-0', -1: '0-1', None: '1/2-1/2'}[winner], 'adjudication', why)
        if settings.maxmoves and len(moves) >= 2 * settings.maxmoves:
            return finish('1/2-1/2', 'adjudication', f'Draw by adjudication: {settings.maxmoves} moves')
        us = pos.turn
        client = clients[us]
        if moves:
            try:        # the engine that just moved thinks on our time, if it ponders
                clients[-us].ponder(pos, moves, clocks)
            except EngineError as e:
                return engine_failed(-us, e, True)
        clock = clocks[us]
        budget = clock.budget()
        limit = settings.timeout if budget is None else budget + settings.margin
        try:
            reply = client.think(pos, moves, clocks, limit)
        except EngineError as e:
            return engine_failed(us, e, True)
        if not clock.charge(reply.elapsed):
            _log(log, f'{client.name} ({SIDE[us]}) lost on time ({reply.elapsed:.3f}s, '
                      f'budget {budget:.3f}s)')
            return lose(us, 'time forfeit', f'{SIDE[us]} loses on time')
        if reply.kind == 'resign':
            return lose(us, 'normal', f'{SIDE[us]} resigns')
        if reply.kind == 'claim':
            claimed = {'1-0': 1, '0-1': -1}.get(reply.text)
            if claimed == -us:
                return lose(us, 'normal', f'{SIDE[us]} resigns ({printable(reply.comment)})'
                            if reply.comment else f'{SIDE[us]} resigns')
            kind = 'draw' if claimed is None else 'win'
            _log(log, f'{client.name} ({SIDE[us]}) made a false {kind} claim '
                      f"{reply.text} '{printable(reply.comment)}' in {to_fen(pos)}")
            return lose(us, 'rules infraction',
                        f"False {kind} claim by {SIDE[us]}: {reply.text} '{printable(reply.comment)}'")
        try:
            m = parse_engine_move(pos, reply.text, client.rank_base(variant))
        except IllegalMoveError:
            fen = to_fen(pos)
            shown = printable(reply.text)
            _log(log, f'{client.name} ({SIDE[us]}) played an illegal move {shown} in {fen}')
            game.illegal = us
            return lose(us, 'rules infraction',
                        f'{SIDE[us]} makes an illegal move: {shown} (FEN {fen})')
        game.moves.append(move_text(pos, m))
        game.comments.append(move_comment(reply))
        move_number = pos.ply // 2 + 1
        pos.push(m)
        moves.append(m)
        verdict = judge.after_move(us, reply_score(reply.score, reply.mate), move_number)


def printable(text: str) -> str:
    """Engine text fit for a log line and a PGN comment: ``(nothing)`` if
    empty, other unprintable characters as ``?``, at most 40 characters."""
    if not text:
        return '(nothing)'
    s = ''.join(c if c.isprintable() else '?' for c in text)
    return s if len(s) <= 40 else s[:37] + '...'


def _log(log, text: str) -> None:
    if log:
        log(text)
