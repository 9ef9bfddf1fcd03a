"""``cazaux-engine tune strip``: match games made ready to store (the
engines' comments left out, the {book} marks and the end reason kept)."""
import gzip
import os

import pytest

from tests.conftest import engine_cli
from tuning.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURE = os.path.join(ROOT, 'tests', 'data', 'tune_games.pgn')

FIRST_GAME = '''\
[Event "tune fixture"]
[White "a"]
[Black "b"]
[Result "1-0"]
[Variant "chess"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[Termination "normal"]

1. e2e4 {book} e7e5 {book} 2. f1c4 b8c6 3. d1h5 g8f6 4. h5f7 {White mates} 1-0
'''

LAST_GAME = '''\
[Event "tune fixture"]
[White "b"]
[Black "a"]
[Result "0-1"]
[Variant "chess"]
[Termination "normal"]

1. e2e4 d7d5 2. e4d5 d8d5 3. b1c3 d5a5 4. d2d4 c7c6 {White resigns} 0-1
'''


def strip(tmp_path, capsys, name, *pgns):
    out = tmp_path / name
    assert main(['strip', '--out', str(out), *pgns]) == 0
    return out, capsys.readouterr().out


def test_strip_keeps_moves_book_marks_and_end_reasons(tmp_path, capsys):
    out, said = strip(tmp_path, capsys, 'games.pgn', FIXTURE)
    text = out.read_text(encoding='utf-8')
    assert said == f'7 games -> {out} (1,313 bytes)\n'
    assert text.startswith(FIRST_GAME + '\n[Event')
    assert text.endswith('\n\n' + LAST_GAME)             # no blank line at the very end
    assert text.count('[Event ') == 7
    assert '0.10s' not in text and '/5' not in text    # the engines' comments are gone
    assert text.count('{book}') == 4
    assert '{Draw by adjudication: both engines see a draw} 1/2-1/2' in text


def test_stripped_games_give_the_same_positions(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    out, _ = strip(tmp_path, capsys, 'games.pgn', FIXTURE)
    tsvs = []
    for name, pgn in (('a.tsv', FIXTURE), ('b.tsv', str(out))):
        assert main(['extract', '--variant', 'chess', '--skip-plies', '2',
                     '--out', str(tmp_path / name), pgn]) == 0
        lines = (tmp_path / name).read_text(encoding='utf-8').splitlines()
        # the fourth field names the source file and game: drop the file
        tsvs.append([line.replace(pgn, 'PGN') for line in lines])
    capsys.readouterr()
    assert len(tsvs[0]) == 17             # as tests/data/tune_games_skip2.tsv
    assert tsvs[0] == tsvs[1]


def test_gzip_output_is_the_same_bytes_every_run(tmp_path, capsys):
    plain, _ = strip(tmp_path, capsys, 'games.pgn', FIXTURE)
    one, _ = strip(tmp_path, capsys, 'one.pgn.gz', FIXTURE)
    two, _ = strip(tmp_path, capsys, 'two.pgn.gz', FIXTURE)
    assert one.read_bytes() == two.read_bytes()
    assert one.read_bytes()[4:8] == b'\0\0\0\0'           # no time in the gzip header
    assert gzip.decompress(one.read_bytes()) == plain.read_bytes()
    # a stripped file strips to itself, read gzip-compressed or not
    again, _ = strip(tmp_path, capsys, 'again.pgn', str(one))
    assert again.read_bytes() == plain.read_bytes()


def test_several_files_and_an_interrupted_last_game(tmp_path, capsys):
    cut = tmp_path / 'cut.pgn'
    cut.write_text(LAST_GAME + '\n[Event "half"]\n[White "a"]\n\n1. e2e4 e7e5 2.',
                   encoding='utf-8')
    out, said = strip(tmp_path, capsys, 'both.pgn', FIXTURE, str(cut))
    text = out.read_text(encoding='utf-8')
    assert said.endswith('; 1 unfinished last game(s) left out)\n')
    assert said.startswith('8 games -> ')
    assert text.count('[Event ') == 8
    assert text.endswith('\n\n' + LAST_GAME + '\n' + LAST_GAME)
    assert 'half' not in text


def test_bad_input_writes_nothing(tmp_path, capsys):
    out = tmp_path / 'games.pgn'
    out.write_text('keep me', encoding='utf-8')
    with pytest.raises(SystemExit) as e:
        main(['strip', '--out', str(out), FIXTURE])
    assert e.value.code == 2
    assert 'exists (choose a new name; nothing was written)' in capsys.readouterr().err
    assert out.read_text(encoding='utf-8') == 'keep me'

    with pytest.raises(SystemExit) as e:
        main(['strip', '--out', str(tmp_path / 'new.pgn'), str(tmp_path / 'none.pgn')])
    assert e.value.code == 2
    assert 'no such PGN file: ' in capsys.readouterr().err

    empty = tmp_path / 'empty.pgn'
    empty.write_text('[Event "half"]\n\n1. e2e4', encoding='utf-8')
    assert main(['strip', '--out', str(tmp_path / 'new.pgn'), str(empty)]) == 2
    assert capsys.readouterr().err == f'error: no finished games in {empty}\n'
    assert sorted(os.listdir(tmp_path)) == ['empty.pgn', 'games.pgn']


def test_the_command_strips_a_stored_game_file_to_its_own_text(tmp_path):
    """The command line, on a game file of tuning/games/ (stored stripped):
    the same text back."""
    stored = os.path.join(ROOT, 'tuning', 'games', 'fit61-pemba.pgn.gz')
    out = tmp_path / 'again.pgn.gz'
    r = engine_cli('tune', 'strip', '--out', str(out), stored)
    assert r.returncode == 0, r.stderr
    assert r.stdout == f'1454 games -> {out} (900,229 bytes)\n'
    with gzip.open(stored, 'rb') as f:
        assert gzip.decompress(out.read_bytes()) == f.read()
