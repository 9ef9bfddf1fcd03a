"""match warns when a fixed-node (or fixed-depth) run outgrows its openings:
a deterministic engine then repeats its games, and repeats add no evidence."""
import shlex
import sys
from pathlib import Path

import pytest

from tournament.cli import main, repeats_warning
from tournament.openings import Opening, Openings
from tournament.timecontrol import TimeControl

FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'
THREE = Openings([Opening(f'fen{k}', (), f'o{k}') for k in range(3)])
NODES = TimeControl(nodes=10000)
TEXT = ('7 games per pairing from 3 openings, limited by nodes or depth alone: a deterministic '
        'engine repeats its games after the first 6, and the repeats add no evidence (the Elo '
        'and SPRT would count them); give more openings (cazaux-engine tune openings) or a clock')


def test_more_games_than_two_per_opening_at_fixed_nodes_warn():
    assert repeats_warning([NODES, NODES], THREE, 7) == TEXT
    assert repeats_warning([TimeControl(depth=5)] * 2, THREE, 7) == TEXT


@pytest.mark.parametrize('tcs, openings, games', [
    ([NODES, NODES], THREE, 6),                                    # one pass: all distinct
    ([NODES, TimeControl(base=10.0, inc=0.1)], THREE, 7),          # a clock varies the games
    ([TimeControl(movetime=0.1, nodes=100)] * 2, THREE, 7),        # so does a time per move
    ([TimeControl(base=10.0, inc=0.1, nodes=100)] * 2, THREE, 7),
    ([NODES, NODES], Openings(None), 100),                         # random openings: no list
])
def test_no_warning_where_games_cannot_repeat(tcs, openings, games):
    assert repeats_warning(tcs, openings, games) == ''


def test_the_match_command_prints_it(tmp_path, capsys):
    book = tmp_path / 'three.txt'
    book.write_text('e2e4\nd2d4\ng1f3\n')
    engine = f'uci:{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))}'
    argv = ['--variant', 'chess', '--engine', engine + ' --name A', '--engine', engine + ' --name B',
            '--openings', str(book), '--games', '7', '--nodes', '10000', '--maxmoves', '1',
            '--concurrency', '1', '--pgn', str(tmp_path / 'r.pgn')]
    assert main(argv) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith('warning:')]
    assert warnings == [f'warning: {TEXT}']
