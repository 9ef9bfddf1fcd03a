"""PGN written by the tournament runner, and read back by it."""
import pytest

from cazaux_engine import get_variant
from tournament.openings import (Opening, OpeningError, Openings, load_openings,
                                          read_opening_file)
from tournament.pgn import PgnGame, append_game, format_game, read_pgn, read_pgn_file
from tournament.resume import ResumeError, played_games
from tournament.schedule import make_schedule

ZS = get_variant('zanzibar-s')


def game(rnd=1, white='A', black='B', result='1-0', fen=None, moves=('e3e5', 'e10e8')):
    tags = {'Event': 'test', 'Site': '?', 'Date': '2024.01.02', 'Round': str(rnd),
            'White': white, 'Black': black, 'Variant': 'zanzibar-s', 'SetUp': '1',
            'FEN': fen or ZS.start, 'TimeControl': '10+0.1', 'Termination': 'normal',
            'PlyCount': str(len(moves))}
    comments = ['book'] + ['+0.35/12 0.52s'] * (len(moves) - 1) if moves else []
    return PgnGame(tags, list(moves), comments, 'White mates', result)


def test_format_game_exact_text():
    text = format_game(game())
    assert text == (
        '[Event "test"]\n[Site "?"]\n[Date "2024.01.02"]\n[Round "1"]\n[White "A"]\n'
        '[Black "B"]\n[Result "1-0"]\n[Variant "zanzibar-s"]\n[SetUp "1"]\n'
        f'[FEN "{ZS.start}"]\n[TimeControl "10+0.1"]\n[Termination "normal"]\n'
        '[PlyCount "2"]\n\n'
        '1. e3e5 {book} e10e8 {+0.35/12 0.52s} {White mates} 1-0\n\n')


def test_black_to_move_start_and_escapes():
    fen = ZS.start.replace(' w ', ' b ').replace(' 0 1', ' 0 7')
    g = game(fen=fen, moves=('e10e8', 'e3e5', 'f10f8'), white='say "hi"\\')
    text = format_game(g)
    assert '7... e10e8 {book} 8. e3e5 {+0.35/12 0.52s} f10f8' in text
    assert '[White "say \\"hi\\"\\\\"]' in text
    back = read_pgn(text).games[0]
    assert back.tags['White'] == 'say "hi"\\'
    assert back.moves == ['e10e8', 'e3e5', 'f10f8']


def test_round_trip():
    games = [game(1), game(2, 'B', 'A', '1/2-1/2', moves=()), game(3, result='0-1')]
    games[1].final_comment = 'Draw by repetition'
    text = ''.join(format_game(g) for g in games)
    back = read_pgn(text)
    assert back.incomplete_at is None
    assert [g.result for g in back.games] == ['1-0', '1/2-1/2', '0-1']
    assert [g.tags['Round'] for g in back.games] == ['1', '2', '3']
    assert back.games[0].moves == ['e3e5', 'e10e8']
    assert back.games[0].comments == ['book', '+0.35/12 0.52s']
    assert back.games[0].final_comment == 'White mates'
    assert back.games[1].moves == [] and back.games[1].final_comment == 'Draw by repetition'
    assert back.games[0].tags == games[0].tags | {'Result': '1-0'}


def test_reader_skips_what_it_does_not_need():
    text = ('[Event "x"]\n[Result "1-0"]\n\n'
            '1.e3e5 $1 {a comment} (1. f3f5 f10f8 (1... g10g8)) e10e8 ; line comment\n'
            '2. f3f5 {+1.00/3 0.10s} {White wins} 1-0\n')
    g = read_pgn(text).games[0]
    assert g.moves == ['e3e5', 'e10e8', 'f3f5']
    assert g.comments == ['a comment', None, '+1.00/3 0.10s']
    assert g.final_comment == 'White wins'
    assert g.result == '1-0'


def test_unfinished_last_game_is_reported():
    done = format_game(game(1))
    text = done + '[Event "test"]\n[Round "2"]\n\n1. e3e5 {book} e10'
    f = read_pgn(text)
    assert len(f.games) == 1
    assert f.incomplete_at == len(done)


def test_resume_finds_played_games_and_cuts_unfinished(tmp_path):
    ops = Openings([Opening(ZS.start, ('e3e5',))])     # game() marks the first move book
    schedule = make_schedule(2, 4, ops)
    path = tmp_path / 'r.pgn'
    append_game(str(path), format_game(game(1, 'A', 'B', '1-0')))
    append_game(str(path), format_game(game(2, 'B', 'A', '0-1')))
    good = path.read_text()
    append_game(str(path), '[Event "test"]\n[Round "3"]\n[White "A"]\n\n1. e3e5 ')
    done, warning = played_games(str(path), schedule, ['A', 'B'], 'zanzibar-s')
    assert sorted(done) == [1, 2]
    assert 'unfinished' in warning
    assert path.read_text() == good
    assert len(read_pgn_file(str(path)).games) == 2


def test_resume_refuses_another_tournament(tmp_path):
    schedule = make_schedule(2, 4, Openings([Opening(ZS.start, ('e3e5',))]))
    path = tmp_path / 'r.pgn'
    append_game(str(path), format_game(game(1, 'A', 'B', '1-0', moves=('e3e4', 'e10e8'))))
    with pytest.raises(ResumeError) as e:      # another opening (another --opening-start...)
        played_games(str(path), schedule, ['A', 'B'], 'zanzibar-s')
    assert str(e.value).endswith(f'game 1 should be A - B from {ZS.start} moves e3e5); give '
                                 'another --pgn file')
    path.write_text('')
    append_game(str(path), format_game(game(1, 'A', 'C', '1-0')))
    with pytest.raises(ResumeError, match='another tournament'):
        played_games(str(path), schedule, ['A', 'B'], 'zanzibar-s')
    path.write_text(format_game(game(9, 'A', 'B')))
    with pytest.raises(ResumeError, match='no game 9'):
        played_games(str(path), schedule, ['A', 'B'], 'zanzibar-s')
    path.write_text(format_game(game(1)) + format_game(game(1)))
    with pytest.raises(ResumeError, match='twice'):
        played_games(str(path), schedule, ['A', 'B'], 'zanzibar-s')
    assert played_games(str(tmp_path / 'none.pgn'), schedule, ['A', 'B'], 'zanzibar-s') == ({}, None)


# -- openings -------------------------------------------------------------------------

def test_setup_openings():
    assert load_openings('default', ZS).get(5) == Opening(ZS.start, (), 'default')
    every = load_openings('all', ZS)
    assert every.count == 24
    assert every.get(0).label == 'setup 1' and every.get(24).label == 'setup 1'
    assert every.get(0).fen.split()[0].split('/')[-1] == 'CMZVUKQFVZMC'
    rnd = load_openings('random', ZS, seed=3)
    assert rnd.count is None
    assert [rnd.get(k) for k in range(5)] == [load_openings('random', ZS, seed=3).get(k)
                                              for k in range(5)]
    assert len({rnd.get(k).fen for k in range(40)}) > 5
    chess = get_variant('chess')
    assert load_openings('all', chess).get(0).fen == chess.start
    assert load_openings('random', chess).get(3).fen == chess.start


def test_opening_file(tmp_path):
    chess = get_variant('chess')
    p = tmp_path / 'ops.txt'
    p.write_text('# comment line\n'
                 'e2e4 e7e5\n'
                 '1. d2d4 d7d5 2. c2c4\n'
                 '\n'
                 '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n'
                 '4k3/8/8/8/8/8/4P3/4K3 w - - moves e2e4 # an EPD-like line\n'
                 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves g1f3\n')
    ops = read_opening_file(str(p), chess)
    assert [(o.fen == chess.start, o.moves) for o in ops] == [
        (True, ('e2e4', 'e7e5')), (True, ('d2d4', 'd7d5', 'c2c4')), (False, ()),
        (False, ('e2e4',)), (True, ('g1f3',))]
    assert ops[3].fen == '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'
    assert [o.moves for o in read_opening_file(str(p), chess, plies=1)][:2] == [('e2e4',), ('d2d4',)]
    p.write_text('e2e4 e2e4\n')
    with pytest.raises(OpeningError, match=':1: e2e4: not legal'):
        read_opening_file(str(p), chess)
    p.write_text('8/8/8 w - - 0 1\n')
    with pytest.raises(OpeningError, match='bad FEN'):
        read_opening_file(str(p), chess)
    with pytest.raises(OpeningError, match='cannot read'):
        read_opening_file(str(tmp_path / 'missing.txt'), chess)


def test_pgn_as_opening_file(tmp_path):
    p = tmp_path / 'games.pgn'
    p.write_text(format_game(game(1, moves=('e3e5', 'e10e8', 'f3f5'))) + format_game(game(2)))
    ops = read_opening_file(str(p), ZS, plies=2)
    assert [o.moves for o in ops] == [('e3e5', 'e10e8'), ('e3e5', 'e10e8')]
    assert ops[0].fen == ZS.start
