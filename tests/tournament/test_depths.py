"""benchmarks/strength/depths.py: the depth each engine of a match reached, from its PGN comments."""
from __future__ import annotations

from tests.conftest import script_module


def depths():
    return script_module('benchmarks', 'strength', 'depths.py')


GAME = ('[Event "t"]\n[Round "1"]\n[White "deep"]\n[Black "flat"]\n[Result "1-0"]\n'
        '[Variant "chess"]\n[Limits "nodes 20000"]\n\n'
        '1. e2e4 {book} e7e5 {book} 2. g1f3 {+0.20/12 0.25s} b8c6 {-0.10/8 0.05s} '
        '3. f1b5 {+M3/9 0.15s} a7a6 {0.01s} 4. b5c6 {-1.50/7 0.02s} 1-0\n\n')


def test_depths_per_engine_book_and_bare_times_left_out(tmp_path, capsys):
    f = tmp_path / 'm.pgn'
    f.write_text(GAME + GAME.replace('[Round "1"]', '[Round "2"]').replace('/12 ', '/14 '))
    found = depths().depths([str(f)])
    # deep: 12, 9, 7 and 14, 9, 7 (a mate score keeps its depth); flat: 8
    # twice (a move with a time alone has no depth)
    assert found == {'deep': [12, 9, 7, 14, 9, 7], 'flat': [8, 8]}
    assert depths().main([str(f)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ['deep', '6', '9.67', '9']
    assert lines[2].split() == ['flat', '2', '8.00', '8']


def test_no_depths_and_missing_files(tmp_path, capsys):
    f = tmp_path / 'b.pgn'
    f.write_text(GAME.replace('+0.20/12 ', '').replace('-0.10/8 ', '').replace('+M3/9 ', '')
                 .replace('-1.50/7 ', ''))
    assert depths().main([str(f)]) == 1
    assert 'no move with a depth' in capsys.readouterr().err
    assert depths().main([str(tmp_path / 'none.pgn')]) == 2
    assert capsys.readouterr().err == f'depths: no such file: {tmp_path / "none.pgn"}\n'
