"""What the arbiter asks of an engine, whatever its protocol.

A client wraps one engine process.  Its life: :meth:`Client.start`
(process, handshake, options, a check that the engine knows the variant),
then for each game :meth:`Client.new_game`, :meth:`Client.think` for each
of its moves (and :meth:`Client.ponder` after each, for an engine that
ponders) and :meth:`Client.end_game`; finally :meth:`Client.quit`.

Everything that goes wrong on the engine's side raises an
:class:`EngineError`: the arbiter turns it into a lost game and the runner
restarts the engine.  Moves come back as text exactly as the engine wrote
them; judging them is the arbiter's job, not the client's.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from cazaux_engine import Position, move_text

from .engine_spec import EngineSpec
from .process import EngineProcess, EngineProcessError
from .timecontrol import Clock, TimeControl


class EngineError(Exception):
    """The engine failed; ``str()`` says how, for the game's comment."""


class EngineCrashed(EngineError):
    """The engine's process ended or closed its pipes."""


class EngineTimeout(EngineError):
    """No answer within the time allowed."""


class EngineRefused(EngineError):
    """The engine rejected a legal move or a position sent to it."""


class EngineSetupError(EngineError):
    """The engine cannot play this tournament (unknown variant, no setboard...)."""


@dataclass
class Reply:
    """An engine's answer on its turn.

    ``kind`` is ``move`` (``text`` the move as written), ``resign``, or
    ``claim`` (``text`` the result claimed, ``comment`` its reason).
    ``elapsed`` is the thinking time charged: from writing the command that
    started the search to the arrival of the answer.  ``score`` (centipawns,
    mover's view), ``mate`` (moves to mate, negative when mated) and
    ``depth`` come from the last thinking output, when there was any.
    """
    kind: str
    text: str = ''
    comment: str = ''
    elapsed: float = 0.0
    score: int | None = None
    mate: int | None = None
    depth: int | None = None


class Client:
    """Base of the protocol clients; subclasses implement the protocol."""

    proto = ''

    def __init__(self, spec: EngineSpec, name: str = '', timeout: float = 30.0, log=None):
        self.spec = spec
        self.name = name or ' '.join(spec.argv)
        self.timeout = timeout          # seconds for handshakes and synchronisation
        self.log = log                  # callable(text) for engine I/O, or None
        self.process: EngineProcess | None = None
        self.reported_name: str | None = None
        self.healthy = True             # False: the runner must restart this engine
        self.label = self.name          # for the I/O log: tells instances apart

    # -- what subclasses implement -------------------------------------------
    def start(self, variant) -> None:
        raise NotImplementedError

    def new_game(self, pos: Position, start_fen: str, moves: list[int], tc: TimeControl,
                 colour: int) -> None:
        """Set up a game from ``start_fen`` after ``moves``; the engine plays ``colour``."""
        raise NotImplementedError

    def think(self, pos: Position, moves: list[int], clocks: dict, limit: float) -> Reply:
        """The engine's answer in ``pos`` (reached by ``moves`` from the start):
        wait at most ``limit`` seconds after the search is started."""
        raise NotImplementedError

    def end_game(self, result: str, comment: str) -> None:
        """Tell the engine the game is over; clear ``healthy`` if it no longer answers."""
        raise NotImplementedError

    def ponder(self, pos: Position, moves: list[int], clocks: dict) -> None:
        """The engine has moved and the game goes on in ``pos`` (its opponent to
        move): let it think on its opponent's time, if it ponders (``ponder`` in
        its spec).  Its next :meth:`think` is charged from the moment it learns
        its opponent's move, never for the pondering."""

    def rank_base(self, variant) -> int:
        """The number of the first rank in this protocol's move text."""
        return 1

    def limits_text(self, tc: TimeControl) -> str:
        """What this engine gets of its limits ``tc``, for the report."""
        return tc.describe()

    def check_limits(self, tc: TimeControl) -> None:
        """EngineSetupError if the engine cannot be given the limits ``tc``."""

    # -- shared plumbing -------------------------------------------------------
    def _spawn(self) -> None:
        try:
            self.process = EngineProcess(self.spec.argv, self.spec.dir, self.log, self.label)
        except EngineProcessError as e:
            raise EngineSetupError(str(e)) from None

    def send(self, line: str) -> float:
        try:
            return self.process.send(line)
        except EngineProcessError:
            self.healthy = False
            raise EngineCrashed(self.process.exit_text()) from None

    def read(self, deadline: float | None, what: str) -> tuple[float, str]:
        """The next line; EngineTimeout after ``deadline``, EngineCrashed at end of output."""
        item = self.process.read(deadline)
        if item is None:
            raise EngineTimeout(f'no {what} in time')
        if item[1] is None:
            self.healthy = False
            self.process.wait(1.0)
            raise EngineCrashed(self.process.exit_text())
        return item

    def deadline(self, seconds: float | None = None) -> float:
        return time.monotonic() + (self.timeout if seconds is None else seconds)

    def quit(self) -> None:
        """Ask the engine to exit; it is killed if it has not within a second."""
        if not self.process:
            return
        try:
            self.process.send('quit')
        except OSError:
            pass
        self.process.close(1.0)

    def kill(self) -> None:
        if self.process:
            self.process.kill()
        self.healthy = False

    def text(self, pos: Position, m: int, variant=None) -> str:
        """Move ``m`` in this protocol's notation."""
        return move_text(pos, m, self.rank_base(variant or pos.rules.variant))


def clock_ms(clock: Clock) -> int:
    """A clock reading in whole milliseconds (never below 0)."""
    return max(0, int(round(clock.left * 1000)))
