"""Running a tournament: workers, engine restarts, the PGN file, the scores.

``concurrency`` worker threads each take the next game of the schedule,
play it with their own engine processes (started on first use and kept
between games), write it to the PGN file as soon as it ends, and report
it.  An engine that crashed, stalled or stopped answering is killed and
started again for its next game; an engine that fails to start
``MAX_START_FAILURES`` times in a row stops the tournament, since it would
only forfeit every remaining game.  With an SPRT, no new game starts once
the test has decided (games under way are finished and written).
Ctrl-C ends the engines and returns; games under way are not written, and
a rerun with the same PGN file plays them again.
"""
from __future__ import annotations

import datetime
import os
import threading
import time
import traceback
from dataclasses import dataclass

from .arbiter import ArbiterSettings, GameResult, play_game, start_failed
from .client import Client, EngineError
from .detect import make_client
from .engine_spec import EngineSpec
from .eventlog import EventLog
from .pgn import PgnGame, append_game, format_game
from .report import Standings, final_table, progress_line, time_left
from .schedule import Pairing
from .sprt import Sprt
from .timecontrol import TimeControl

MAX_START_FAILURES = 3


@dataclass
class Player:
    spec: EngineSpec        # protocol resolved (uci or xboard)
    name: str
    tc: TimeControl | None = None       # its own limits (None: the tournament's)


def illegal_loser(result: str, termination: str, reason: str) -> int:
    """The colour that lost a game by an illegal move, read from its PGN (0: none)."""
    if termination != 'rules infraction' or 'makes an illegal move' not in reason:
        return 0
    return {'0-1': 1, '1-0': -1}.get(result, 0)


class TournamentAborted(RuntimeError):
    """An engine cannot be started: the tournament cannot go on."""


class Tournament:
    def __init__(self, players: list[Player], variant, schedule: list[Pairing],
                 settings: ArbiterSettings, pgn_path: str, concurrency: int = 1,
                 sprt: Sprt | None = None, event: str = 'cazaux-engine match',
                 log: EventLog | None = None, out=print, done: dict | None = None,
                 pairs: list | None = None, standings_path: str | None = None,
                 header: str = '', clock=time.monotonic):
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
        done = done or {}
        for rnd, g in sorted(done.items()):
            p = schedule[rnd - 1]
            self.standings.add(p.white, p.black, g.result, p.pair,
                               illegal_loser(g.result, g.tags.get('Termination', ''),
                                             g.final_comment))
        self.pending = [p for p in schedule if p.round not in done]
        self.stop = False            # no new games (SPRT decided, or an abort)
        self.aborted = False         # Ctrl-C: drop games under way
        self.error: str | None = None
        self.decision: str | None = None
        self.start_failures = [0] * len(players)
        self.clients: set = set()    # every live client, for Ctrl-C

    @property
    def finished(self) -> int:
        """Games in the PGN file: those of earlier runs and those played now."""
        return self.standings.games

    # -- scheduling --------------------------------------------------------------
    def next_pairing(self) -> Pairing | None:
        with self.lock:
            if self.stop or not self.pending:
                return None
            return self.pending.pop(0)

    def check_sprt(self) -> None:
        if self.sprt and self.decision is None:
            self.decision = self.sprt.decision(self.standings.sprt_results(0, 1))
            if self.decision:
                self.stop = True

    def run(self) -> None:
        """Play every pending game; returns when done, decided or interrupted."""
        self.check_sprt()
        workers = [threading.Thread(target=self.worker, name=f'match-worker-{k}', daemon=True)
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
                live = list(self.clients)
            for c in live:
                c.kill()
            for w in workers:
                w.join(10)
            raise
        if self.error:
            raise TournamentAborted(self.error)

    # -- a worker ----------------------------------------------------------------
    def worker(self) -> None:
        clients: dict[int, Client] = {}
        try:
            while not self.stop:
                p = self.next_pairing()
                if p is None:
                    break
                result = self.play(p, clients)
                if result is None or self.aborted:
                    break
                self.record(p, result)
        except Exception as e:     # a bug or an unwritable PGN file: stop, keep what was written
            self.log.note(traceback.format_exc())
            with self.lock:
                self.error = self.error or f'{type(e).__name__}: {e}'
                self.stop = True
        finally:
            for c in clients.values():
                self.forget(c)
                c.quit()

    def warn(self, text: str) -> None:
        if not self.aborted:        # after Ctrl-C every engine "crashes": not news
            self.log.warn(text)

    def forget(self, c: Client) -> None:
        with self.lock:
            self.clients.discard(c)

    def engine(self, idx: int, clients: dict) -> Client | str:
        """A started engine ``idx`` for this worker, or the reason it would not start."""
        c = clients.get(idx)
        if c is not None and c.healthy and c.process and c.process.alive():
            return c
        if c is not None:
            self.forget(c)
            c.kill()
            del clients[idx]
        pl = self.players[idx]
        c = make_client(pl.spec, pl.spec.proto, pl.name, self.settings.timeout, self.log.io_hook)
        c.label = f'{pl.name} [{threading.current_thread().name.rsplit("-", 1)[-1]}]'
        with self.lock:
            self.clients.add(c)
        try:
            c.start(self.variant)
        except EngineError as e:
            self.forget(c)
            c.kill()
            with self.lock:
                self.start_failures[idx] += 1
                if self.start_failures[idx] >= MAX_START_FAILURES and not self.error:
                    self.error = (f'{pl.name} failed to start {MAX_START_FAILURES} times in a '
                                  f'row (last: {e}); tournament stopped')
                    self.stop = True
            self.warn(f'{pl.name} failed to start: {e}')
            return str(e)
        with self.lock:
            self.start_failures[idx] = 0
        clients[idx] = c
        return c

    def play(self, p: Pairing, clients: dict) -> GameResult | None:
        game_clients = {}
        for colour, idx in ((1, p.white), (-1, p.black)):
            c = self.engine(idx, clients)
            if isinstance(c, str):
                if self.aborted:
                    return None
                return start_failed(p.opening, colour, c)
            game_clients[colour] = c
        result = play_game(game_clients, self.variant, p.opening, self.settings, self.warn,
                           {1: self.tc(p.white), -1: self.tc(p.black)})
        for colour in result.broken:
            idx = p.white if colour > 0 else p.black
            c = clients.pop(idx, None)
            if c is not None:
                self.forget(c)
                c.kill()
            if not self.aborted:
                self.log.warn(f'game {p.round}: restarting {self.names[idx]} ({result.reason})')
        return result

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

    def record(self, p: Pairing, r: GameResult) -> None:
        text = format_game(self.pgn_game(p, r))
        with self.lock:
            if self.aborted:
                return
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
        text = final_table(self.standings, self.pairs, self.sprt)
        if self.decision:
            text += f'\nSPRT decided ({self.decision}) after {self.finished} games: stopped early'
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
