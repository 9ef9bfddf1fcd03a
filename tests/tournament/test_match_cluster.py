"""Games spread over a Dask cluster: here a local cluster of two worker
processes, one of which is killed in the middle of a game."""
import re
import shlex
import sys
from pathlib import Path

import psutil
import pytest

from tournament.cli import main
from tournament.pgn import read_pgn_file

from tests.conftest import without_repeats

FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'
PY = shlex.quote(sys.executable)


def fake(*args):
    return f'uci:{PY} {shlex.quote(str(FAKE))} ' + ' '.join(args)


def engines_left(marker: str) -> list:
    return [p for p in psutil.process_iter(['cmdline'])
            if marker in ' '.join(p.info['cmdline'] or [])]


def test_a_killed_worker_costs_its_game_only(tmp_path, capsys):
    """B kills the worker process that started it on its third move, once: that
    game is played again on a worker, once; every game is in the PGN once, whole,
    and counted once; the same command with more games resumes on the cluster."""
    pgn, log, once = tmp_path / 'c.pgn', tmp_path / 'c.log', tmp_path / 'once'
    argv = ['--variant', 'chess', '--engine', fake('--name A'),
            '--engine', fake('--name B --seed 3 --misbehave kill-parent:3', f'--once {once}'),
            '--nodes', 1, '--maxmoves', 6, '--cluster', 'local:2', '--log', log, '--pgn', pgn]
    assert main([str(a) for a in argv + ['--games', 8]]) == 0
    cap = capsys.readouterr()
    assert once.exists()
    assert 'local cluster: 2 workers, 2 games at once' in cap.out
    replayed = re.findall(r'warning: game (\d+): its worker died \(1 time\); played again from '
                          r'the start on worker [01]\n', cap.err)
    assert len(replayed) == 1 and int(replayed[0]) in (1, 2)
    assert log.read_text().count('its worker died') == 1
    text = pgn.read_text()
    games = read_pgn_file(str(pgn))
    assert games.incomplete_at is None and text.count('[Event ') == 8
    assert sorted(int(g.tags['Round']) for g in games.games) == list(range(1, 9))
    assert all(len(g.moves) == 12 and g.result == '1/2-1/2' for g in games.games)
    assert 'Score of A vs B: 0 - 0 - 8  [0.500] 8' in cap.out
    assert '   1  A         -  4.0/8   4.0/8' in cap.out
    # resumed, on the cluster: only the two new games
    assert main([str(a) for a in argv + ['--games', 10]]) == 0
    cap = capsys.readouterr()
    assert '8 already in' in cap.out and 'its worker died' not in cap.err
    assert [line.split(':')[0] for line in without_repeats(cap.err).splitlines()] in (
        [f'[ 9/10] game {a}', f'[10/10] game {b}'] for a, b in ((9, 10), (10, 9)))
    assert sorted(int(g.tags['Round']) for g in read_pgn_file(str(pgn)).games) == list(
        range(1, 11))
    assert 'Score of A vs B: 0 - 0 - 10  [0.500] 10' in cap.out
    assert engines_left(str(once)) == []        # no engine outlives its worker or the run


@pytest.mark.parametrize('extra, message', [
    (['--cluster', 'local:0'], "error: --cluster 'local:0': local:N needs a number of workers "
                               "of 1 or more\n"),
    (['--cluster', 'local:2', '--concurrency', '2'],
     'error: --concurrency is for games on this machine; with --cluster each worker thread '
     'plays one game at a time (dask worker --nthreads K)\n'),
])
def test_cluster_arguments(tmp_path, capsys, extra, message):
    argv = ['--variant', 'chess', '--engine', fake('--name A'), '--engine', fake('--name B'),
            '--nodes', '1', '--pgn', str(tmp_path / 'x.pgn'), *extra]
    try:
        status = main(argv)
    except SystemExit as e:
        status = e.code
    assert status == 2 and capsys.readouterr().err.endswith(message)


def test_no_scheduler_is_named(tmp_path, capsys):
    status = main(['--variant', 'chess', '--engine', fake('--name A'), '--engine', fake('--name B'),
                   '--nodes', '1', '--pgn', str(tmp_path / 'x.pgn'), '--timeout', '2',
                   '--cluster', 'tcp://127.0.0.1:9'])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("error: --cluster 'tcp://127.0.0.1:9': no scheduler "
                                          "answers (")


def test_an_engine_that_cannot_start_on_a_worker(tmp_path, capsys):
    """The start check runs on a worker; its failure is told as without a cluster."""
    status = main(['--variant', 'chess', '--engine', fake('--name A'),
                   '--engine', 'uci:/nonexistent/engine', '--nodes', '1',
                   '--pgn', str(tmp_path / 'x.pgn'), '--cluster', 'local:1'])
    err = capsys.readouterr().err
    assert status == 1 and err.endswith(
        "error: engine 2 (uci:/nonexistent/engine) cannot play chess: cannot start "
        "'/nonexistent/engine': No such file or directory\n")
    assert 'Compute Failed' not in err
