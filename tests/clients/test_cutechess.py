"""The binary in the real Cute Chess client: cutechess-cli 1.3.1 plays two
games of orthodox chess (colours swapped) between the one-file binary and
Fairy-Max over the XBoard protocol, at 4 s + 0.05 s a game: once with the
binary over UCI, once with it over the XBoard protocol.

The PGN must hold two finished games of legal moves, with the binary named
as the compiled engine it says it is (cutechess-cli takes the name from
``id name``), and no game may end by an illegal move, a time forfeit, a
stalled or lost connection or a crash.  Games are cut at 60 moves (a draw
by adjudication) to keep the test about a minute long.  cutechess-cli and
Fairy-Max are real components: the test fails where they are missing.
"""
from __future__ import annotations

import io
import re
import subprocess

import chess.pgn
import pytest

from cazaux_engine import __version__

BAD_ENDING = re.compile(r'illegal|time|forfeit|disconnect|stall|connection|crash|abandon|'
                        r'terminat|infraction', re.I)
# the reasons cutechess-cli gives (after the last move's "score/depth time, ")
# for a game ended on the board or adjudicated
GOOD_ENDING = re.compile(r'(.*, )?((White|Black) mates|(White|Black) resigns|'
                         r'(White|Black) wins by adjudication(: .*)?|Draw by adjudication(: .*)?|'
                         r'Draw by (stalemate|3-fold repetition|fifty moves rule|'
                         r'insufficient mating material))')


@pytest.mark.parametrize('proto', ['uci', 'xboard'])
def test_binary_plays_fairymax_in_cutechess(binary, cutechess_cli, fairymax, tmp_path, proto):
    pgn_file = tmp_path / 'games.pgn'
    cmd = [cutechess_cli,
           '-engine', f'cmd={binary}', f'proto={proto}', 'option.Hash=16',
           '-engine', 'name=fairymax', f'cmd={fairymax}', 'proto=xboard',
           '-each', 'tc=4+0.05', 'timemargin=500',
           '-games', '2', '-repeat', '-maxmoves', '60',
           '-resign', 'movecount=3', 'score=800',
           '-pgnout', str(pgn_file)]
    p = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=600)
    log = p.stdout + p.stderr
    assert p.returncode == 0, log[-3000:]
    assert 'Finished match' in log, log[-3000:]
    text = pgn_file.read_text()
    games = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    assert len(games) == 2, text
    # the name comes from ``id name`` (UCI) or ``feature myname`` (XBoard)
    ours = f'cazaux-engine {__version__} (compiled core)'
    assert [(g.headers['White'], g.headers['Black']) for g in games] == \
        [(ours, 'fairymax'), ('fairymax', ours)]
    for g in games:
        assert g.errors == [], g.errors                 # every move legal to python-chess
        assert g.headers['Result'] in ('1-0', '0-1', '1/2-1/2'), g.headers
        assert g.headers.get('Termination', 'normal') in ('normal', 'adjudication'), g.headers
        last = g.end()
        assert last.ply() > 0
        assert not BAD_ENDING.search(last.comment or ''), last.comment
        assert GOOD_ENDING.fullmatch(last.comment), last.comment
    for line in log.splitlines():
        assert not BAD_ENDING.search(line) or 'adjudication' in line, line
