"""Levels, the book, eval, d and the debug log through both protocols (in process)."""
import re
import subprocess
import sys

import pytest

from cazaux_engine import start_position
from cazaux_engine.variants import VARIANT_NAMES
from protocol.options import Options
from protocol.uci import UciSession
from protocol.xboard import XBoard
from search.book import Books, key
from search.level import Level, skill_of_elo
from search.static import evaluate
from tests.lines import Lines


def uci(*commands):
    out = Lines()
    s = UciSession(out, Options())
    for c in commands:
        s.handle(c)
    return s, out


def test_levels_set_the_searcher_s_strength():
    s, out = uci('setoption name Skill Level value 7')
    assert s.searcher.level == Level(7)
    s.handle('setoption name UCI_Elo value 1500')
    assert s.searcher.level == Level(7)                  # UCI_Elo needs UCI_LimitStrength
    s.handle('setoption name UCI_LimitStrength value true')
    assert s.searcher.level == Level(skill_of_elo(1500))
    s.handle('setoption name UCI_LimitStrength value false')
    s.handle('setoption name Skill Level value 20')
    assert not s.searcher.level.active
    assert out.take() == []


@pytest.mark.parametrize('name, value, message', [
    ('Skill Level', '21', 'Skill Level: 21 is out of range 0..20'),
    ('Skill Level', 'strong', "Skill Level: 'strong' is not a whole number"),
    ('UCI_Elo', '400', 'UCI_Elo: 400 is out of range 650..'),
    ('UCI_LimitStrength', 'maybe', "UCI_LimitStrength: 'maybe' is not true or false"),
    ('OwnBook', 'yes please', "OwnBook: 'yes please' is not true or false"),
])
def test_a_bad_level_or_book_value_is_a_clear_error_that_changes_nothing(name, value, message):
    s, out = uci()
    before = dict(s.options.values)
    s.handle(f'setoption name {name} value {value}')
    [line] = out.take()
    assert line.startswith(f'info string error: {message}')
    assert s.options.values == before


def test_a_missing_or_corrupt_book_file_is_an_error_and_play_goes_on_without_a_book(tmp_path):
    bad = tmp_path / 'bad.book'
    bad.write_text('cazaux-engine book 1\nvariant chess\nnonsense\n')
    for path, says in ((tmp_path / 'none.book', 'cannot read'), (bad, 'line 3')):
        s, out = uci(f'setoption name Book File value {path}')
        [line] = out.take()
        assert line.startswith('info string error: Book File: ') and says in line
        assert line.endswith('; playing without a book')
        assert s.searcher.book is None
        s.handle('position startpos')
        s.handle('go wtime 2000 btime 2000')
        s.control.wait(30)
        assert any(x.startswith('info depth 1 ') for x in out.lines)   # searched, no book move
        assert out.lines[-1].startswith('bestmove ')


def test_a_book_file_s_moves_are_played_on_the_clock(tmp_path):
    b = tmp_path / 'a3.book'
    b.write_text(f'cazaux-engine book 1\nvariant chess\n{key(start_position("chess"))}\ta2a3 1 0\n')
    s, out = uci(f'setoption name Book File value {b}', 'position startpos', 'go movetime 5000')
    s.control.wait(30)
    assert out.lines[-1] == 'bestmove a2a3'
    s.handle('setoption name OwnBook value false')
    s.handle('go depth 1')
    s.control.wait(30)
    assert out.lines[-1] != 'bestmove a2a3'


def test_the_shipped_book_answers_at_the_start_of_every_variant():
    for v in VARIANT_NAMES:
        s, out = uci(f'setoption name UCI_Variant value {v}', 'position startpos',
                     'go wtime 60000 btime 60000')
        s.control.wait(30)
        pos = start_position(v)
        stored = {m for m, _, _ in Books().moves(pos)}
        best = out.lines[-1].split()[1]
        assert best in {__import__('cazaux_engine').move_text(pos, m) for m in stored}


def test_eval_prints_terms_that_sum_to_the_search_s_evaluation():
    fen = 'r3k2r/ppp2ppp/2n5/3Pp3/8/2N5/PPP2PPP/R3K2R b KQkq - 0 9'
    s, out = uci(f'position fen {fen}', 'eval')
    lines = out.take()
    assert lines[0] == f'Static evaluation of {fen}'
    names = [ln.split('|')[0].strip() for ln in lines if '|' in ln][1:]
    assert names == ['material', 'placement', 'passed pawns', 'pawn structure', 'King shelter',
                     'King attack', 'mobility', 'threats',
                     'colour pairs', 'open files', 'trading down', 'hunting', 'bare King']
    total = int(lines[-1].split(':')[1].split()[0])
    assert total == evaluate(start_position('chess', fen))


def test_eval_on_the_command_line():
    r = subprocess.run([sys.executable, '-m', 'cazaux_engine', 'eval', 'pemba', 'startpos'],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == \
        f'Final evaluation: {evaluate(start_position("pemba"))} (side to move, as the search uses it)'
    r = subprocess.run([sys.executable, '-m', 'cazaux_engine', 'eval', 'chess', '8/8 w'],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.startswith('error: ')


def test_d_shows_the_board_fen_key_and_checkers():
    s, out = uci('position startpos moves e2e4 f7f6 d2d4 g7g5 d1h5', 'd')
    lines = out.take()
    pos = s.game.pos
    assert lines[-1] == 'Fen: rnbqkbnr/ppppp2p/5p2/6pQ/3PP3/8/PPP2PPP/RNB1KBNR b KQkq - 1 3'
    assert lines[-2] == f'Key: {pos.hash:016X}'
    assert lines[-3] == 'Checkers: h5'


def test_debug_log_file_appends_every_line_with_the_time(tmp_path):
    log = tmp_path / 'log.txt'
    s, out = uci(f'setoption name Debug Log File value {log}', 'isready', 'd')
    s.handle('setoption name Debug Log File value <empty>')
    s.handle('isready')
    text = log.read_text().splitlines()
    stamp = r'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} '
    assert re.fullmatch(stamp + '< isready', text[0])
    assert re.fullmatch(stamp + '> readyok', text[1])
    assert re.fullmatch(stamp + '< d', text[2])
    assert re.match(stamp + '> Fen: ', text[-2])
    assert re.fullmatch(stamp + '< setoption name Debug Log File value <empty>', text[-1])
    assert all(re.match(stamp + '[<>] ', t) for t in text)


def test_a_debug_log_that_cannot_be_written_is_an_error_that_changes_nothing(tmp_path):
    s, out = uci()
    before = dict(s.options.values)
    s.handle(f'setoption name Debug Log File value {tmp_path}/no/such/dir/log.txt')
    [line] = out.take()
    assert line.startswith('info string error: Debug Log File: cannot write ')
    assert s.options.values == before and s.options.log.file is None
    s.handle('isready')
    assert out.take() == ['readyok']


def xboard(*commands):
    out = Lines()
    x = XBoard(out, Options())
    for c in commands:
        x.handle(c)
    return x, out


def test_xboard_random_toggles_a_small_randomness_that_new_ends():
    x, out = xboard('xboard', 'random')
    assert x.searcher.randomness
    x.handle('random')
    assert not x.searcher.randomness
    x.handle('random')
    x.handle('new')
    assert not x.searcher.randomness
    assert not [ln for ln in out.take() if ln.startswith('Error')]


def test_xboard_options_set_levels_and_log(tmp_path):
    x, out = xboard('xboard', 'option Skill Level=3', 'option UCI_Elo=9', f'option Debug Log File={tmp_path}/x/y')
    assert x.searcher.level == Level(3)
    errors = out.take()
    assert errors[0].startswith('tellusererror UCI_Elo: 9 is out of range')
    assert errors[1].startswith('tellusererror Debug Log File: cannot write')


def test_xboard_bk_lists_the_book_moves():
    x, out = xboard('xboard', 'new', 'bk')
    lines = out.take()
    assert lines[-1] == '' and len(lines) >= 3
    assert all(re.fullmatch(r' [a-h][1-8][a-h][1-8] \d+% \(score -?\d+\)', ln) for ln in lines[:-1])
    x.handle('option OwnBook=0')
    x.handle('bk')
    assert out.take() == [' no opening book (OwnBook is off, or Book File could not be read)', '']
