"""benchmarks/strength/pgn_stats.py: the statistics of stopped matches, from either engine's view."""
from __future__ import annotations

import pytest

from tests.conftest import script_module


def pgn_stats():
    return script_module('benchmarks', 'strength', 'pgn_stats.py')


def game(rnd: int, white: str, black: str, result: str) -> str:
    return (f'[Event "t"]\n[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n'
            f'[Result "{result}"]\n[Variant "chess"]\n\n1. e4 e5 {result}\n\n')


@pytest.fixture
def games(tmp_path):
    # new's pairs: both won (2 points); a draw and a loss (1/2 point)
    f = tmp_path / 'm.pgn'
    f.write_text(game(1, 'base', 'new', '0-1') + game(2, 'new', 'base', '1-0')
                 + game(3, 'base', 'new', '1/2-1/2') + game(4, 'new', 'base', '0-1'))
    return str(f)


def test_the_first_engine_met_leads_by_default(games, capsys):
    assert pgn_stats().main([games]) == 0
    out = capsys.readouterr().out
    assert 'Score of base vs new: 1 - 2 - 1  [0.375] 4' in out
    assert 'Ptnml(0-2): 1, 0, 0, 1, 0 (2 pairs)' in out      # base's pairs: 0 and 1.5 points


def test_first_sees_the_pairing_from_the_engine_under_test(games, capsys):
    assert pgn_stats().main([games, '--first', 'new', '--sprt', 'elo0=0,elo1=10']) == 0
    out = capsys.readouterr().out
    assert 'Score of new vs base: 2 - 1 - 1  [0.625] 4' in out
    assert 'Ptnml(0-2): 0, 1, 0, 0, 1 (2 pairs)' in out      # new's pairs: 2 and 1/2 point
    assert 'Elo difference: +88.7 ' in out
    assert 'SPRT (elo0=0, elo1=10, alpha=0.05, beta=0.05): LLR 0.03 (-2.94, 2.94)' in out


def test_first_names_an_engine_of_the_games(games, capsys):
    with pytest.raises(SystemExit) as e:
        pgn_stats().main([games, '--first', 'nobody'])
    assert e.value.code == 2
    assert capsys.readouterr().err.endswith(
        "error: no engine named 'nobody' in the games (engines: base, new)\n")
