"""The search API's records: what to search for, and what it reports."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Limits:
    """When to stop searching.  All times are in seconds; None = no limit.

    Clock play: ``wtime``/``btime`` are the remaining times of White and
    Black, ``winc``/``binc`` their increments and ``movestogo`` the moves to
    the next time control; the searcher picks the side to move's own.
    ``infinite`` (analysis) and ``ponder`` search until :meth:`stop`
    (``ponder`` switches to the clock limits on :meth:`ponderhit`).
    """
    depth: int | None = None
    nodes: int | None = None
    movetime: float | None = None
    wtime: float | None = None
    btime: float | None = None
    winc: float = 0.0
    binc: float = 0.0
    movestogo: int | None = None
    mate: int | None = None
    infinite: bool = False
    ponder: bool = False
    searchmoves: list[int] | None = None
    multipv: int = 1


@dataclass
class SearchInfo:
    """One progress report.

    ``score`` is in centipawns from the side to move's point of view;
    ``mate`` is set instead when a mate was found: moves to mate, positive
    when the side to move mates, negative when it is mated.
    """
    depth: int
    seldepth: int
    score: int
    mate: int | None
    nodes: int
    time: float
    pv: list[int] = field(default_factory=list)
    multipv: int = 1
    hashfull: int = 0
    bound: str = ''          # '' exact, 'lower' or 'upper' (aspiration fail)

    @property
    def nps(self) -> int:
        return int(self.nodes / self.time) if self.time > 0 else 0


@dataclass
class SearchResult:
    """The move to play (None when there is no legal move) and the expected reply."""
    best: int | None
    ponder: int | None = None
    info: SearchInfo | None = None
