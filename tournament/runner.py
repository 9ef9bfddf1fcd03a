"""Running a tournament: workers, engine restarts, the PGN file, the scores.

Games are played by :class:`EnginePool` s: one per worker, with its own
engine processes (started on first use and kept between games).  An
engine that crashed, stalled or stopped answering is killed and started
again for its next game.  The :class:`Tournament` hands out the games
and records each one as it ends: the PGN file (written by the runner
alone, one game at a time), the scores, the progress line.  An engine that
fails to start ``MAX_START_FAILURES`` times in a row stops the tournament,
since it would only forfeit every remaining game.  With an SPRT, no new
game starts once the test has decided (games under way are finished and
written).

Where the pools run: ``concurrency`` worker threads of this process (the
default), or the worker threads of a Dask cluster (:mod:`.cluster`), whose
tasks return their games to be recorded here.  Ctrl-C ends the engines and
returns; games under way are not written, and a rerun with the same PGN
file plays them again.
"""
from __future__ import annotations

import datetime
import os
import threading
import time
import traceback
from dataclasses import dataclass, field

from .arbiter import ArbiterSettings, GameResult, play_game, start_failed
from .client import Client, EngineError
from .detect import make_client
from .engine_spec import EngineSpec
from .eventlog import EventLog
from .pgn import PgnGame, append_game, format_game
from .report import Standings, final_table, progress_line, time_left
from .schedule import Pairing
from .sprt import Decision, Sprt
from .timecontrol import TimeControl

MAX_START_FAILURES = 3


@dataclass
class Player:
    spec: EngineSpec        # protocol resolved (uci or xboard)
    name: str
    tc: TimeControl | None = None       # its own limits (None: the tournament's)


@dataclass
class PlayedGame:
    """A game as a pool played it, for the runner to record."""
    result: GameResult
    starts: dict = field(default_factory=dict)      # engine -> None (started) or why not
    warnings: list = field(default_factory=list)    # for the log (cluster: sent back)
    where: str = ''                                 # the worker that played it
    io: list = field(default_factory=list)          # engine lines for --debug (cluster)


def illegal_loser(result: str, termination: str, reason: str) -> int:
    """The colour that lost a game by an illegal move, read from its PGN (0: none)."""
    if termination != 'rules infraction' or 'makes an illegal move' not in reason:
        return 0
    return {'0-1': 1, '1-0': -1}.get(result, 0)


class EnginePool:
    """One worker's engines: started on first use, kept between games,
    restarted after a failure.  ``warn(text)`` gets the findings; ``io`` every
    engine line (or None); ``label`` tells this pool's engines apart in the log."""

    def __init__(self, players: list[Player], variant, settings: ArbiterSettings,
                 warn=None, io=None, label: str = ''):
        self.players = players
        self.variant = variant
        self.settings = settings
        self.warn = warn or (lambda text: None)
        self.io = io
        self.label = label
        self.clients: dict[int, Client] = {}
        self.lock = threading.Lock()

    def tc(self, idx: int) -> TimeControl:
        """Engine ``idx``'s limits."""
        return self.players[idx].tc or self.settings.tc

    def engine(self, idx: int, starts: dict) -> Client | str:
        """A started engine ``idx``, or the reason it would not start."""
        c = self.clients.get(idx)
        if c is not None and c.healthy and c.process and c.process.alive():
            return c
        if c is not None:
            c.kill()
            with self.lock:
                del self.clients[idx]
        pl = self.players[idx]
        c = make_client(pl.spec, pl.spec.proto, pl.name, self.settings.timeout, self.io)
        c.label = f'{pl.name} [{self.label}]'
        with self.lock:
            self.clients[idx] = c
        try:
            c.start(self.variant)
        except EngineError as e:
            c.kill()
            with self.lock:
                del self.clients[idx]
            starts[idx] = str(e)
            self.warn(f'{pl.name} failed to start: {e}')
            return str(e)
        starts[idx] = None
        return c

    def play(self, p: Pairing) -> PlayedGame:
        """Play the game of ``p`` with this pool's engines."""
        starts: dict = {}
        game_clients = {}
        for colour, idx in ((1, p.white), (-1, p.black)):
            c = self.engine(idx, starts)
            if isinstance(c, str):
                return PlayedGame(start_failed(p.opening, colour, c), starts, where=self.label)
            game_clients[colour] = c
        result = play_game(game_clients, self.variant, p.opening, self.settings, self.warn,
                           {1: self.tc(p.white), -1: self.tc(p.black)})
        for colour in result.broken:
            idx = p.white if colour > 0 else p.black
            with self.lock:
                c = self.clients.pop(idx, None)
            if c is not None:
                c.kill()
            self.warn(f'game {p.round}: restarting {self.players[idx].name} ({result.reason})')
        return PlayedGame(result, starts, where=self.label)

    def kill(self) -> None:
        """End every engine now (Ctrl-C)."""
        with self.lock:
            live = list(self.clients.values())
        for c in live:
            c.kill()

    def close(self) -> None:
        """Ask every engine to quit."""
        with self.lock:
            live, self.clients = list(self.clients.values()), {}
        for c in live:
            c.quit()


class TournamentAborted(RuntimeError):
    """An engine cannot be started: the tournament cannot go on."""


class Tournament:
    def __init__(self, players: list[Player], variant, schedule: list[Pairing],
                 settings: ArbiterSettings, pgn_path: str, concurrency: int = 1,
                 sprt: Sprt | None = None, event: str = 'cazaux-engine match',
                 log: EventLog | None = None, out=print, done: dict | None = None,
                 pairs: list | None = None, standings_path: str | None = None,
                 header: str = '', clock=time.monotonic, cluster=None,
                 earlier: list | None = None):
        self.players = players
        self.names = [p.name for p in players]
        self.variant = variant
        self.schedule = schedule
        self.settings = settings
        self.pgn_path = pgn_path
        self.concurrency = max(1, concurrency)
        self.sprt = sprt
        self.event = event
        self.log = log or EventLog()
        self.out = out              # the progress lines (None: quiet)
        self.pairs = pairs if pairs is not None else [
            (i, j) for i in range(len(players)) for j in range(i + 1, len(players))]
        self.standings_path = standings_path    # the standings and crosstable, rewritten
        self.header = header
        self.clock = clock
        self.started = clock()
        self.played_now = 0         # games finished in this run
        self.lock = threading.Lock()
        self.standings = Standings(self.names, any(p.pair for p in schedule))
        # the games of earlier runs (--earlier), counted first and never written
        self.earlier = len(earlier or [])
        for white, black, g, pair in earlier or []:
            self.count_pgn_game(white, black, g, pair)
        done = done or {}
        for rnd, g in sorted(done.items()):
            p = schedule[rnd - 1]
            self.count_pgn_game(p.white, p.black, g, p.pair)
        self.pending = [p for p in schedule if p.round not in done]
        self.stop = False            # no new games (SPRT decided, or an abort)
        self.aborted = False         # Ctrl-C: drop games under way
        self.error: str | None = None
        self.decided: Decision | None = None    # the SPRT's verdict, when and at what LLR
        self.start_failures = [0] * len(players)
        self.pools: list[EnginePool] = []   # this process's pools, for Ctrl-C
        self.recorded: set = set()   # rounds written in this run (a game counts once)
        self.cluster = cluster       # a cluster.Cluster, or None: threads here

    def count_pgn_game(self, white: int, black: int, g: PgnGame, pair) -> None:
        """Count a game read from a PGN file (the --pgn file resumed, or an
        --earlier one), an illegal-move loss as its Termination tells."""
        self.standings.add(white, black, g.result, pair,
                           illegal_loser(g.result, g.tags.get('Termination', ''), g.final_comment))

    @property
    def finished(self) -> int:
        """Games in the --pgn file: those of its earlier runs and those played
        now (not the games of --earlier files)."""
        return self.standings.games - self.earlier

    # -- scheduling --------------------------------------------------------------
    def next_pairing(self) -> Pairing | None:
        with self.lock:
            if self.stop or not self.pending:
                return None
            return self.pending.pop(0)

    @property
    def decision(self) -> str | None:
        """The SPRT's verdict, 'H1' or 'H0', once it has decided."""
        return self.decided.verdict if self.decided else None

    def check_sprt(self) -> None:
        if self.sprt and self.decided is None:
            results = self.standings.sprt_results(0, 1)
            verdict = self.sprt.decision(results)
            if verdict:
                self.decided = Decision(verdict, self.sprt.llr(results), self.finished)
                self.stop = True

    def run(self) -> None:
        """Play every pending game; returns when done, decided or interrupted."""
        self.check_sprt()
        if self.cluster is not None:
            self.cluster.play(self)
        else:
            self.run_threads()
        if self.error:
            raise TournamentAborted(self.error)

    def run_threads(self) -> None:
        workers = [threading.Thread(target=self.worker, args=(k,), name=f'match-worker-{k}',
                                    daemon=True)
                   for k in range(min(self.concurrency, max(1, len(self.pending))))]
        for w in workers:
            w.start()
        try:
            for w in workers:
                while w.is_alive():
                    w.join(0.2)
        except KeyboardInterrupt:
            self.aborted = self.stop = True
            with self.lock:
                pools = list(self.pools)
            for pool in pools:
                pool.kill()
            for w in workers:
                w.join(10)
            raise

    # -- a worker thread -----------------------------------------------------------
    def worker(self, k: int) -> None:
        pool = EnginePool(self.players, self.variant, self.settings, self.warn,
                          self.log.io_hook, str(k))
        with self.lock:
            self.pools.append(pool)
        try:
            while not self.stop:
                p = self.next_pairing()
                if p is None:
                    break
                played = pool.play(p)
                if self.aborted:
                    break
                self.record(p, played)
        except Exception as e:     # a bug or an unwritable PGN file: stop, keep what was written
            self.fail(e)
        finally:
            pool.close()

    def fail(self, e: BaseException) -> None:
        """Stop the tournament for ``e`` (a bug, an unwritable PGN file)."""
        self.log.note(''.join(traceback.format_exception(e)))
        with self.lock:
            self.error = self.error or f'{type(e).__name__}: {e}'
            self.stop = True

    def fail_with(self, text: str) -> None:
        """Stop the tournament with ``text``."""
        with self.lock:
            self.error = self.error or text
            self.stop = True

    def warn(self, text: str) -> None:
        if not self.aborted:        # after Ctrl-C every engine "crashes": not news
            self.log.warn(text)

    def tc(self, idx: int) -> TimeControl:
        """Engine ``idx``'s limits."""
        return self.players[idx].tc or self.settings.tc

    # -- results -------------------------------------------------------------------
    def pgn_game(self, p: Pairing, r: GameResult) -> PgnGame:
        tags = {
            'Event': self.event,
            'Site': '?',
            'Date': datetime.date.today().strftime('%Y.%m.%d'),
            'Round': str(p.round),
            'White': self.names[p.white],
            'Black': self.names[p.black],
            'Variant': self.variant.name,
            'SetUp': '1',
            'FEN': r.start_fen,
            'Termination': r.termination,
            'PlyCount': str(len(r.moves)),
        }
        w, b = self.tc(p.white), self.tc(p.black)
        if w == b:
            tags['TimeControl'] = w.pgn()
            if w.depth or w.nodes:
                tags['Limits'] = w.describe()
        else:       # time odds: as cutechess-cli writes them
            tags['WhiteTimeControl'], tags['BlackTimeControl'] = w.pgn(), b.pgn()
            if w.depth or w.nodes or b.depth or b.nodes:
                tags['WhiteLimits'], tags['BlackLimits'] = w.describe(), b.describe()
        if p.opening.label:
            tags['Opening'] = p.opening.label
        return PgnGame(tags, list(r.moves), list(r.comments), r.reason, r.result)

    def count_starts(self, starts: dict) -> None:
        """Engines that started, or failed to (MAX_START_FAILURES in a row stop the
        tournament); under the lock."""
        for idx, why in starts.items():
            if why is None:
                self.start_failures[idx] = 0
                continue
            self.start_failures[idx] += 1
            if self.start_failures[idx] >= MAX_START_FAILURES and not self.error:
                self.error = (f'{self.names[idx]} failed to start {MAX_START_FAILURES} times '
                              f'in a row (last: {why}); tournament stopped')
                self.stop = True

    def record(self, p: Pairing, played: PlayedGame) -> None:
        """Write a finished game and count it (once: a round already written in
        this run, played again by a cluster, is dropped)."""
        r = played.result
        text = format_game(self.pgn_game(p, r))
        with self.lock:
            if self.aborted or p.round in self.recorded:
                return
            self.recorded.add(p.round)
            for warning in played.warnings:
                self.log.warn(warning)
            for line in played.io:
                self.log.io(line)
            self.count_starts(played.starts)
            append_game(self.pgn_path, text)
            self.standings.add(p.white, p.black, r.result, p.pair, r.illegal)
            self.check_sprt()
            self.played_now += 1
            left = time_left(self.clock() - self.started, self.played_now,
                             len(self.schedule) - self.finished)
            line = progress_line(self.standings, self.finished, len(self.schedule), p.round,
                                 self.names[p.white], self.names[p.black], r.result, r.reason,
                                 self.pairs, self.sprt, left)
            if self.out:
                self.out(line)
            self.log.note(line)
            self.write_standings()

    def standings_text(self) -> str:
        """The ranking, every pairing's statistics and the crosstable."""
        text = final_table(self.standings, self.pairs, self.sprt, self.decided, self.finished)
        if self.decided:
            text += (f'\nSPRT decided ({self.decided.verdict}) after {self.decided.games} games'
                     f'{f" (and {self.earlier} of --earlier files)" if self.earlier else ""}'
                     ': stopped early')
        return text

    def write_standings(self) -> None:
        """Rewrite the standings file beside the PGN (whole or not at all)."""
        if not self.standings_path:
            return
        tmp = self.standings_path + '.tmp'
        with open(tmp, 'w', encoding='utf-8') as f:
            f.write(f'{self.header}{self.finished} of {len(self.schedule)} games\n\n'
                    f'{self.standings_text()}\n')
        os.replace(tmp, self.standings_path)
