"""Run the real XBoard headless (under xvfb-run) with this engine, for tests.

Everything XBoard reads or writes lives in a temporary directory of the
test: its settings file (``-settingsFile``, never saved on exit), HOME, the
debug log, the PGN file and an engine launcher script.  The user's
``~/.xboardrc`` is neither read nor written.

The verifying options are set explicitly (``-testLegality``, ``-testClaims``,
``-checkMates``, ``-materialDraws``), so results do not depend on the
system-wide xboard.conf.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tournament.process import run_group

REPO = Path(__file__).resolve().parents[2]
SETTINGS = Path(__file__).with_name('xboard-test.settings')


def find_xboard() -> str | None:
    for name in ('xboard',):
        p = shutil.which(name)
        if p:
            return p
    p = Path('/usr/games/xboard')
    return str(p) if p.exists() else None


def find_xvfb_run() -> str | None:
    return shutil.which('xvfb-run')


def available() -> bool:
    return bool(find_xboard() and find_xvfb_run())


def engine_launcher(work: Path, name: str = 'engine.sh') -> Path:
    """A script starting this engine from the source tree (no spaces for XBoard to split)."""
    script = work / name
    script.write_text('#!/bin/sh\n'
                      f'PYTHONPATH="{REPO}${{PYTHONPATH:+:$PYTHONPATH}}" '
                      f'exec "{sys.executable}" -m cazaux_engine "$@"\n')
    script.chmod(0o755)
    return script


@dataclass
class Game:
    headers: dict
    moves: str             # movetext without the trailing result
    result: str
    termination: str       # the last comment (XBoard's reason for the result)


@dataclass
class Match:
    returncode: int
    pgn: str
    debug: str
    output: str
    games: list[Game] = field(default_factory=list)

    def engine_errors(self) -> list[str]:
        """Engine lines saying it refused an XBoard move or command."""
        return [l for l in self.debug.splitlines()
                if re.search(r'<(first|second)\s*: (Illegal move|Error|tellusererror)', l)]

    def xboard_complaints(self) -> list[str]:
        return [l for l in self.output.splitlines() if 'Illegal move' in l]


def parse_pgn(text: str) -> list[Game]:
    games = []
    for chunk in re.split(r'\n(?=\[Event )', text.strip()):
        if not chunk.strip():
            continue
        headers = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.M))
        body = '\n'.join(l for l in chunk.splitlines() if not l.startswith('['))
        m = re.search(r'(1-0|0-1|1/2-1/2|\*)\s*$', body)
        result = m.group(1) if m else ''
        comments = re.findall(r'\{([^{}]*)\}', body)
        termination = comments[-1].strip() if comments else ''
        games.append(Game(headers, body[:m.start()] if m else body, result, termination))
    return games


def run_match(work: Path, variant: str, games: int = 2, tc: str = '0:40', inc: str = '0.3',
              depth: int | None = 1, first_options: str | None = None,
              second_options: str | None = None, extra: list[str] | None = None,
              max_moves: int = 70, timeout: float = 240) -> Match:
    """Engine against itself: ``games`` games of ``variant`` under XBoard."""
    work.mkdir(parents=True, exist_ok=True)
    home = work / 'home'
    home.mkdir(exist_ok=True)
    settings = work / 'xboard.settings'
    shutil.copyfile(SETTINGS, settings)
    eng = engine_launcher(work)
    pgn, debug = work / 'out.pgn', work / 'xboard.debug'
    args = [find_xvfb_run(), '-a', '-s', '-screen 0 1280x1024x24', find_xboard(),
            '-settingsFile', str(settings), '-saveSettingsOnExit', 'false',
            '-debug', '-nameOfDebugFile', str(debug),
            '-fcp', str(eng), '-fd', str(work), '-scp', str(eng), '-sd', str(work),
            '-variant', variant, '-mm', '-mg', str(games),
            '-tc', tc, '-inc', inc, '-matchPause', '100',
            '-popupExitMessage', 'false', '-popupMoveErrors', 'false',
            '-testLegality', 'true', '-testClaims', 'true', '-checkMates', 'true',
            '-materialDraws', 'true', '-trivialDraws', 'false',
            '-adjudicateDrawMoves', str(max_moves), '-sgf', str(pgn)]
    if depth:
        args += ['-depth', str(depth)]
    if first_options:
        args += ['-firstOptions', first_options]
    if second_options:
        args += ['-secondOptions', second_options]
    args += extra or []
    env = dict(os.environ, HOME=str(home))
    env.pop('DISPLAY', None)
    rc, out = run_group(args, work, env, timeout)
    pgn_text = pgn.read_text(errors='replace') if pgn.exists() else ''
    debug_text = debug.read_text(errors='replace') if debug.exists() else ''
    return Match(rc, pgn_text, debug_text, out, parse_pgn(pgn_text))


def run_scripted(work: Path, variant: str, fen: str, white_moves: list[str],
                 then: str = 'resign', extra: list[str] | None = None,
                 depth: int | None = 2, timeout: float = 120) -> Match:
    """One game: the scripted engine (White, first engine) announces
    ``variant`` starting from ``fen`` with this engine's own ``setup`` and
    ``piece`` lines and plays ``white_moves``; this engine plays Black."""
    import json
    from cazaux_engine import get_variant
    from protocol.xboard_variants import xboard_variant_lines
    work.mkdir(parents=True, exist_ok=True)
    conf = {'variant': variant, 'moves': white_moves, 'then': then,
            'lines': xboard_variant_lines(get_variant(variant), fen),
            'log': str(work / 'scripted.log')}
    (work / 'scripted.json').write_text(json.dumps(conf))
    script = work / 'scripted.sh'
    script.write_text('#!/bin/sh\n'
                      f'exec "{sys.executable}" "{Path(__file__).with_name("scripted_engine.py")}" '
                      f'"{work / "scripted.json"}"\n')
    script.chmod(0o755)
    eng = engine_launcher(work)
    # XBoard's default init string is 'new\nrandom\n': 'random' turns on the
    # engine's small random choice among moves within RANDOM_MARGIN of the
    # best (search/level.py), and a scripted test asks for the best move
    return run_match(work, variant, games=1, depth=depth, timeout=timeout,
                     extra=['-fcp', str(script), '-scp', str(eng),
                            '-secondInitString', 'new\n'] + (extra or []))
