"""Live progress (standard error), the crosstable and the standings file."""
import re
import shlex
import sys
from pathlib import Path

from tournament.cli import main
from tournament.report import Standings, crosstable, progress_line, time_left
from tournament.sprt import Sprt

FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'


def fake(*args):
    return f'uci:{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} ' + ' '.join(args)


def test_progress_line_with_sprt_and_time_left():
    t = Standings(['new', 'old'])
    for k, r in enumerate(('1-0', '1/2-1/2', '0-1', '0-1', '1-0', '1-0')):
        t.add(k % 2, 1 - k % 2, r, pair=(0, 1, k // 2))
    left = time_left(elapsed=90.0, finished=6, remaining=94)
    assert left == 1410.0
    line = progress_line(t, 6, 100, 6, 'old', 'new', '1-0', 'White mates', [(0, 1)],
                         Sprt(0, 10), left)
    assert line == ('[  6/100] game 6: old - new 1-0 {White mates} | new vs old: +3 -2 =1 '
                    'Elo +58.5 +/- 98.1 LLR 0.08 (-2.94, 2.94) | 23m30s left at most (SPRT)')
    # the last game: no time left to show
    assert progress_line(t, 100, 100, 6, 'old', 'new', '1-0', 'x', [(0, 1)]).endswith(
        'Elo +58.5 +/- 98.1')


def test_crosstable_of_a_gauntlet_leaves_unplayed_pairs_blank():
    t = Standings(['hero', 'a', 'b'], paired=False)
    for w, b, r in ((0, 1, '1-0'), (2, 0, '1/2-1/2'), (0, 2, '1-0'), (1, 0, '0-1')):
        t.add(w, b, r)
    assert crosstable(t, [(0, 1), (0, 2)]).split('\n')[1:] == [
        'Rank  Name      1      2      3  Points',
        '   1  hero      -  1.5/2  2.0/2   3.5/4',
        '   2  b     0.5/2      -          0.5/2',
        '   3  a     0.0/2             -   0.0/2']


def test_round_robin_of_three_live_and_crosstable(tmp_path, capsys):
    """A and B draw every game (adjudicated after one move each), C resigns every
    game: the progress lines, the crosstable and the standings file beside the PGN."""
    pgn = tmp_path / 'rr.pgn'
    argv = ['--variant', 'chess', '--engine', fake('--name A'), '--engine', fake('--name B'),
            '--engine', fake('--name C', '--misbehave resign:1'), '--games', 2, '--nodes', 1,
            '--maxmoves', 1, '--concurrency', 1, '--pgn', pgn]
    assert main([str(a) for a in argv]) == 0
    cap = capsys.readouterr()
    lines = cap.err.splitlines()
    progress = [re.sub(r' \| \S+ left$', '', line) for line in lines if line.startswith('[')]
    warnings = [line for line in lines if not line.startswith('[')]
    assert len(warnings) == 4 and all(w.startswith('warning: C (') for w in warnings)
    assert progress == [
        '[1/6] game 1: A - B 1/2-1/2 {Draw by adjudication: 1 moves} | A vs B: +0 -0 =1 Elo - '
        '+/- -; A vs C: +0 -0 =0 Elo - +/- -; B vs C: +0 -0 =0 Elo - +/- -',
        "[2/6] game 2: A - C 1-0 {Black makes an illegal move: 0000 (FEN rnbqkbnr/pppppppp/8/8/"
        "8/7P/PPPPPPP1/RNBQKBNR b KQkq - 0 1)} | A vs B: +0 -0 =1 Elo - +/- -; A vs C: +1 -0 "
        "=0 Elo - +/- -; B vs C: +0 -0 =0 Elo - +/- -",
    ] + progress[2:]
    assert len(progress) == 6 and progress[5].startswith('[6/6] game 6: C - B 0-1')
    assert ' left' not in lines[-1] and ' left' in lines[0]
    table = cap.out.split('Crosstable')[1]
    assert table == (
        " (points of the row's engine against the column's, of the games played)\n"
        'Rank  Name      1      2      3  Points\n'
        '   1  A         -  1.0/2  2.0/2   3.0/4\n'
        '   2  B     1.0/2      -  2.0/2   3.0/4\n'
        '   3  C     0.0/2  0.0/2      -   0.0/4\n'
        f'(standings and crosstable also in {tmp_path / "rr.standings.txt"})\n')
    text = (tmp_path / 'rr.standings.txt').read_text()
    assert text.startswith(f'cazaux-engine match, {pgn}\nchess: A, B, C; 6 games (round robin')
    assert '\n6 of 6 games\n\nRank  Name' in text
    assert text.endswith(cap.out.split('\n\n', 1)[1].split('(standings and')[0])
    # --quiet: no progress; the file is rewritten with the games read back
    assert main([str(a) for a in argv] + ['--quiet']) == 0
    cap = capsys.readouterr()
    assert cap.err == '' and '   1  A         -  1.0/2  2.0/2   3.0/4' in cap.out
    again = (tmp_path / 'rr.standings.txt').read_text()
    assert '6 games (round robin, 2 per pairing, 6 already in' in again
    assert again.split('\n6 of 6 games\n')[1] == text.split('\n6 of 6 games\n')[1]
