"""benchmarks/strength/time_use.py: the clock each engine of a match used, from its PGN comments."""
from __future__ import annotations

from tests.conftest import script_module


def time_use():
    return script_module('benchmarks', 'strength', 'time_use.py')


GAME = ('[Event "t"]\n[Round "1"]\n[White "fast"]\n[Black "slow"]\n[Result "1-0"]\n'
        '[Variant "chess"]\n[TimeControl "10+0.1"]\n\n'
        '1. e2e4 {book} e7e5 {book} 2. g1f3 {+0.20/8 0.25s} b8c6 {-0.10/9 0.75s} '
        '3. f1b5 {+0.30/8 0.15s} a7a6 {-0.20/9 1.25s} 1-0\n\n')


def test_seconds_a_move_and_the_clock_left(tmp_path, capsys):
    f = tmp_path / 'm.pgn'
    f.write_text(GAME + GAME.replace('[Round "1"]', '[Round "2"]').replace('0.15s', '0.35s'))
    use = time_use().time_use([str(f)])
    # fast: 0.25 + 0.15 and 0.25 + 0.35 over four moves; slow: 2.0 s a game
    assert use['fast']['games'] == 2 and use['fast']['moves'] == 4
    assert round(use['fast']['spent'], 3) == 1.0
    assert [round(x, 3) for x in use['fast']['left']] == [9.8, 9.6]    # 10 + 2 x 0.1 - spent
    assert [round(x, 3) for x in use['slow']['left']] == [8.2, 8.2]
    assert time_use().main([str(f)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ['fast', '2', '0.250', '2.0', '9.7s', '9.6s']
    assert lines[2].split() == ['slow', '2', '1.000', '2.0', '8.2s', '8.2s']


def test_each_side_on_its_own_clock(tmp_path):
    # match with a tc= per engine writes WhiteTimeControl and BlackTimeControl
    f = tmp_path / 'odds.pgn'
    f.write_text(GAME.replace('[TimeControl "10+0.1"]',
                              '[WhiteTimeControl "10+0.1"]\n[BlackTimeControl "30+0.3"]'))
    use = time_use().time_use([str(f)])
    assert [round(x, 3) for x in use['fast']['left']] == [9.8]          # 10 + 2 x 0.1 - 0.4
    assert [round(x, 3) for x in use['slow']['left']] == [28.6]         # 30 + 2 x 0.3 - 2.0


def test_games_without_a_clock_and_missing_files(tmp_path, capsys):
    f = tmp_path / 'n.pgn'
    f.write_text(GAME.replace('[TimeControl "10+0.1"]\n', ''))
    assert time_use().main([str(f)]) == 1
    assert 'no game on a clock' in capsys.readouterr().err
    f.write_text(GAME.replace('10+0.1', '40/60'))          # moves per session: its clock refills
    assert time_use().main([str(f)]) == 1
    assert 'no game on a clock' in capsys.readouterr().err
    assert time_use().main([str(tmp_path / 'none.pgn')]) == 2
    assert capsys.readouterr().err == f'time_use: no such file: {tmp_path / "none.pgn"}\n'
