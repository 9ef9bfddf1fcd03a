"""Tuning without numpy: random openings for self-play and the extraction of
quiet positions with their results from PGN files."""
import os

import pytest

from cazaux_engine import get_variant, parse_fen, parse_move
from cazaux_engine.outcome import outcome
from tournament.openings import parse_opening_line
from tuning.cli import main
from search.static import quiescence
from tuning.extract import (GameRecord, PositionsError, Sample, Settings,
                                   game_samples, read_samples)
from tuning.openings import ends_at_once, random_openings
from cazaux_engine.movegen import legal_moves

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURE = os.path.join(ROOT, 'tests', 'data', 'tune_games.pgn')

# tests/data/tune_games.pgn with --skip-plies 2 gives tune_games_skip2.tsv:
# game 1 (Scholar's mate, two book moves) loses its last position (in check)
# and the one before it (Qxf7 mates: not quiet);
# game 2 was lost on time, game 4 is pemba, game 5 has an illegal move, game 6
# is unfinished; in game 7, 2. exd5 leaves Black a recapture (not quiet).
with open(os.path.join(os.path.dirname(FIXTURE), 'tune_games_skip2.tsv'), encoding='utf-8') as f:
    EXPECTED = f.read()


def without_games(text: str) -> str:
    """Positions-file lines without their fourth and fifth fields (the game
    and its opening)."""
    return ''.join('\t'.join(x.split('\t')[:3]) + '\n' for x in text.splitlines())


def test_extract_exact_positions_and_labels(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    out = tmp_path / 'chess.tsv'
    argv = ['extract', '--variant', 'chess', '--skip-plies', '2', '--out', str(out),
            'tests/data/tune_games.pgn']
    assert main(argv) == 0
    assert out.read_text() == EXPECTED
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ('7 games read, 3 used (skipped: 1 other variant, 1 time forfeit, '
                        '1 unfinished, 1 unreadable)')
    assert lines[1].startswith('20 positions after the first 2 plies: 1 in check, '
                               f'0 without a move, 2 not quiet, 17 kept -> {out} (')
    # a second run appends
    assert main(argv) == 0
    assert out.read_text() == EXPECTED * 2
    # and the file reads back: side to move, result and game as written
    samples = read_samples(str(out), get_variant('chess'))
    assert len(samples) == 34
    assert samples[0] == Sample(EXPECTED.split('\t')[1], 1.0, 'tests/data/tune_games.pgn#1',
                                '4f63df13')
    # the opening: game 1's start position and two book moves, game 3's FEN and
    # two book moves, none for game 7 (the start position, no book move)
    assert [s.opening for s in samples[:17]] == ['4f63df13'] * 4 + ['3d91885f'] * 7 + [''] * 6
    assert samples[16].result == 0.0 and samples[4].result == 0.5
    assert [s.game[-2:] for s in samples[:17]] == ['#1'] * 4 + ['#3'] * 7 + ['#7'] * 6


def test_extract_in_two_processes_writes_the_same_positions_and_counts(tmp_path, capsys,
                                                                      monkeypatch):
    monkeypatch.chdir(ROOT)
    reports = []
    for jobs in ('1', '2', '0'):
        out = tmp_path / f'chess{jobs}.tsv'
        assert main(['extract', '--variant', 'chess', '--skip-plies', '2', '--jobs', jobs,
                     '--out', str(out), 'tests/data/tune_games.pgn']) == 0
        assert out.read_text() == EXPECTED
        lines = capsys.readouterr().out.splitlines()
        reports.append([lines[0], lines[1].split(' -> ')[0]])
    assert reports == [['7 games read, 3 used (skipped: 1 other variant, 1 time forfeit, '
                        '1 unfinished, 1 unreadable)',
                        '20 positions after the first 2 plies: 1 in check, 0 without a move, '
                        '2 not quiet, 17 kept']] * 3


def test_ordered_map_keeps_the_order_and_works_in_forked_processes():
    import time
    from tuning.workers import can_fork, ordered_map

    def pid_after(i):
        time.sleep(0.05)
        return i, os.getpid()

    assert can_fork()           # CI runs on Linux
    done = list(ordered_map(pid_after, range(6), jobs=2))
    assert [i for i, _ in done] == list(range(6))
    pids = {p for _, p in done}
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
    # one job, or one task: here, in order
    assert list(ordered_map(pid_after, range(3), jobs=1)) == [(i, os.getpid()) for i in range(3)]
    assert list(ordered_map(pid_after, [7], jobs=4)) == [(7, os.getpid())]
    assert list(ordered_map(pid_after, [], jobs=2)) == []


def test_extract_defaults_and_options(tmp_path, capsys):
    out = tmp_path / 'chess.tsv'
    # default: 8 plies skipped (game 1 has 7 plies: nothing left of it; games 3 and 7
    # have 8: their final positions)
    assert main(['extract', '--variant', 'chess', '--out', str(out), FIXTURE]) == 0
    e = EXPECTED.splitlines(True)
    assert without_games(out.read_text()) == without_games(e[10] + e[16])
    out.unlink()
    # time forfeits admitted, adjudications not; a margin that lets the recapture in
    assert main(['extract', '--variant', 'chess', '--skip-plies', '3', '--quiet-margin', '2000',
                 '--terminations', 'normal,time forfeit', '--out', str(out), FIXTURE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2] == ('7 games read, 3 used (skipped: 1 adjudication, 1 other variant, '
                         '1 unfinished, 1 unreadable)')
    assert lines[-1].startswith('15 positions after the first 3 plies: 1 in check, '
                                f'0 without a move, 1 not quiet, 13 kept -> {out} (')
    time_forfeit = """\
chess	rnbqkbnr/ppp1pppp/8/3p4/3P1B2/8/PPP1PPPP/RN1QKBNR b KQkq - 1 2	0-1
chess	rnbqkb1r/ppp1pppp/5n2/3p4/3P1B2/8/PPP1PPPP/RN1QKBNR w KQkq - 2 3	0-1
chess	rnbqkb1r/ppp1pppp/5n2/3p4/3P1B2/4P3/PPP2PPP/RN1QKBNR b KQkq - 0 3	0-1
chess	rnbqkb1r/pp2pppp/5n2/2pp4/3P1B2/4P3/PPP2PPP/RN1QKBNR w KQkq - 0 4	0-1
"""
    recapture = 'chess\trnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2\t0-1\n'
    e = without_games(EXPECTED).splitlines(True)
    assert without_games(out.read_text()) == (''.join(e[1:4]) + time_forfeit + recapture
                                              + ''.join(e[12:]))
    out.unlink()
    # pemba: only its game, which is shorter than the skip
    assert main(['extract', '--variant', 'pemba', '--skip-plies', '0', '--out', str(out),
                 FIXTURE]) == 0
    assert without_games(out.read_text()).splitlines() == [
        'pemba\tcmvzwwzvmc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CMVZWWZVMC '
        'w KQkq - 0 1\t1-0',
        'pemba\tcmvzwwzvmc/ernbqkbnre/pppppppppp/10/10/4P5/10/PPPP1PPPPP/ERNBQKBNRE/CMVZWWZVMC '
        'b KQkq - 0 1\t1-0',
        'pemba\tcmvzwwzvmc/ernbqkbnre/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/ERNBQKBNRE/'
        'CMVZWWZVMC w KQkq - 0 2\t1-0']


def test_game_samples_rules():
    v = get_variant('chess')
    s = Settings(skip_plies=0)
    mate = GameRecord('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', ('a1a8',), '1-0')
    assert [x.fen for x in game_samples(v, mate, s)] == ['6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1']
    stalemate = GameRecord('7k/8/6Q1/8/8/8/8/6K1 w - - 0 1', ('g1f2', ), '1/2-1/2')
    assert [x.fen for x in game_samples(v, stalemate, s)] == ['7k/8/6Q1/8/8/8/8/6K1 w - - 0 1']
    book = GameRecord(v.start, ('e2e4', 'e7e5', 'g1f3'), '1/2-1/2', book_plies=2)
    assert [(x.fen, x.result) for x in game_samples(v, book, s)] == [
        ('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 0.5),
        ('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2', 0.5)]
    assert game_samples(v, GameRecord('8/8/8/8 w - - 0 1', (), '1-0'), s) == []


def test_positions_file_errors(tmp_path):
    f = tmp_path / 'p.tsv'
    f.write_text('# comment\n\nchess\t8/8/8/8/8/8/8/8 w - - 0 1\t1-0\n')
    with pytest.raises(PositionsError) as e:
        read_samples(str(f), get_variant('chess'))
    assert str(e.value).startswith(f'{f}:3: bad FEN: ')
    f.write_text('chess\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t1\n')
    with pytest.raises(PositionsError) as e:
        read_samples(str(f), get_variant('chess'))
    assert str(e.value) == (f'{f}:1: expected "variant<TAB>FEN<TAB>result[<TAB>game[<TAB>'
                            f'opening]]" with result 1-0, 0-1 or 1/2-1/2')
    f.write_text('chess\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t1-0\n')
    assert read_samples(str(f), get_variant('pemba')) == []      # other variants pass
    with pytest.raises(PositionsError) as e:
        read_samples(str(tmp_path / 'none.tsv'), get_variant('chess'))
    assert str(e.value) == f'cannot read {tmp_path / "none.tsv"}: No such file or directory'


@pytest.mark.parametrize('variant, plies', [('chess', 4), ('zanzibar-s', 3), ('oblong44', 5)])
def test_random_openings(variant, plies):
    v = get_variant(variant)
    a = random_openings(v, 6, plies, 30, seed=3)
    assert a == random_openings(v, 6, plies, 30, seed=3)            # reproducible
    assert len(set(a)) == 6 and a != random_openings(v, 6, plies, 30, seed=4)
    fens = set()
    for line in a:
        op = parse_opening_line(v, line, 'test')                    # the match runner reads it
        assert len(op.moves) == plies
        fens.add(op.fen)
    assert (len(fens) > 1) == (variant == 'zanzibar-s')             # random placements


def test_an_opening_leaves_a_game_to_play():
    """The 75th Pemba opening of ``tune openings --seed 38`` (before openings
    were checked for it): Black's last move, level by quiescence, lets White
    mate at once with the Bishop (g1e4 ... e4h6), so both games of its pair
    were the same one move; such a line is drawn again now."""
    v = get_variant('pemba')
    line = (f'{v.start} moves h2g4 a9c7 f3f4 i10h7 f1f3 c9d7 g1e4 b8b6')
    op = parse_opening_line(v, line, 'test')
    pos = parse_fen(v, op.fen)
    for text in op.moves:
        pos.push(parse_move(pos, text))
    assert ends_at_once(pos)
    pos.push(parse_move(pos, 'e4h6'))
    assert outcome(pos).reason == 'checkmate' and not ends_at_once(parse_fen(v, op.fen))
    pos.pop()
    pos.pop()                                   # before b8b6: nothing ends the game yet
    assert not ends_at_once(pos)
    for line in random_openings(v, 4, 8, 50, seed=38):
        op = parse_opening_line(v, line, 'test')
        pos = parse_fen(v, op.fen)
        for text in op.moves:
            pos.push(parse_move(pos, text))
        assert not ends_at_once(pos) and outcome(pos) is None


def test_a_walk_that_leaves_a_mate_in_one_is_drawn_again(monkeypatch):
    import random
    import tuning.openings as o
    v = get_variant('chess')
    assert o.random_opening(v, 4, 30, random.Random(1)) is not None
    monkeypatch.setattr(o, 'ends_at_once', lambda pos: True)
    assert o.random_opening(v, 4, 30, random.Random(1)) is None
    with pytest.raises(ValueError, match='only 0 distinct openings'):
        o.random_openings(v, 1, 2, 30, seed=1)


def test_random_opening_moves_are_best_by_quiescence_with_margin_0():
    # Pemba: in chess, with its mobility term, margin 0 leaves one line of 3 plies
    v = get_variant('pemba')
    lines = random_openings(v, 1, 3, 0, seed=1)
    assert [line.split(' moves ')[1] for line in lines] == [
        'i1h4 d10f7 h4e5']      # with its tables and weights of the sixty-third round: only this one
    with pytest.raises(ValueError) as e:
        random_openings(v, 2, 3, 0, seed=1)
    assert str(e.value) == 'pemba: only 1 distinct openings of 3 plies found (asked for 2)'
    assert random_openings(get_variant('chess'), 1, 3, 0, seed=1)[0].endswith(
        ' moves d2d4 d7d5 g1f3')       # with its tables (nineteenth round) and weights (sixty-second)
    for line in lines:
        op = parse_opening_line(v, line, 'test')
        pos = parse_fen(v, op.fen)
        from cazaux_engine import parse_move
        for text in op.moves:
            scores = {}
            for m in legal_moves(pos):
                pos.push(m)
                scores[m] = -quiescence(pos)
                pos.pop()
            m = parse_move(pos, text)
            assert scores[m] == max(scores.values())
            pos.push(m)


def test_openings_command(tmp_path, capsys):
    out = tmp_path / 'o.txt'
    assert main(['openings', '--variant', 'pemba', '--count', '3', '--plies', '2', '--seed', '5',
                 '--out', str(out)]) == 0
    lines = out.read_text().splitlines()
    assert lines[0] == ('# cazaux-engine tune openings --variant pemba --count 3 --plies 2 '
                        '--margin 50 --seed 5')
    assert lines[1:] == random_openings(get_variant('pemba'), 3, 2, 50, 5)
    assert capsys.readouterr().out.startswith(f'3 openings in {out} (')


@pytest.mark.parametrize('argv, message', [
    (['extract', '--variant', 'chess', '--out', 'x', 'nofile.pgn'], 'no such PGN file: nofile.pgn'),
    (['extract', '--variant', 'chess', '--skip-plies', '-1', '--out', 'x', FIXTURE],
     '--skip-plies, --quiet-margin and --jobs must not be negative'),
    (['extract', '--variant', 'chess', '--jobs', '-2', '--out', 'x', FIXTURE],
     '--skip-plies, --quiet-margin and --jobs must not be negative'),
    (['openings', '--variant', 'chess', '--count', '0', '--out', 'x'],
     '--count must be at least 1, --plies and --margin not negative'),
    (['fit', '--variant', 'chess', '--params', 'knight,eagle', 'x'],
     "chess: 'eagle' is neither a piece of its army (queen, rook, bishop, knight, pawn) nor an "
     "evaluation weight"),
    (['fit', '--variant', 'chess', '--params', 'king', 'x'], 'the King has no value to fit'),
    (['show', '--variant', 'xiangqi'], "argument --variant: invalid choice: 'xiangqi'"),
])
def test_bad_arguments(capsys, argv, message):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert message in capsys.readouterr().err


def test_fit_without_numpy_says_what_to_install(tmp_path):
    import subprocess
    import sys
    code = ('import sys; sys.modules["numpy"] = None; from protocol.cli import main; '
            f'sys.exit(main(["tune", "fit", "--variant", "chess", {FIXTURE!r}]))')
    p = subprocess.run([sys.executable, '-c', code], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 2
    assert p.stderr == ('error: "tune fit" needs numpy and scipy (import of numpy halted; None '
                        'in sys.modules): pip install numpy scipy, or in the repository '
                        'pip install -e ".[tune]"\n')


def test_the_opening_of_a_game_names_its_first_position_and_book_moves():
    start = get_variant('chess').start
    pair = [GameRecord(start, ('e2e4', 'e7e5', 'g1f3'), '1-0', book_plies=2, label='g#1'),
            GameRecord(start, ('e2e4', 'e7e5', 'b1c3'), '0-1', book_plies=2, label='g#2')]
    # both games of a pair share it, whatever was played after the book
    assert [g.opening(start) for g in pair] == ['4f63df13', '4f63df13']
    # the book moves count, not the later ones; a FEN opening without book moves
    assert GameRecord(start, ('e2e4', 'e7e5'), '1-0', book_plies=1).opening(start) == '9f7370e5'
    fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'
    assert GameRecord(fen, ('e1d2',), '1-0').opening(start) == '51c75759'
    # a game from the start position without book moves has none
    assert GameRecord(start, ('e2e4', 'e7e5'), '1-0').opening(start) == ''


def test_positions_files_with_and_without_openings_read_back(tmp_path):
    from tuning.extract import format_sample
    chess = get_variant('chess')
    samples = [Sample(chess.start, 1.0), Sample(chess.start, 0.5, 'a.pgn#3'),
               Sample(chess.start, 0.0, 'a.pgn#4', '4f63df13'), Sample(chess.start, 1.0, '', 'beef0001')]
    lines = [format_sample('chess', s) for s in samples]
    assert [x.count('\t') for x in lines] == [2, 3, 4, 4]
    assert lines[3].endswith('\t1-0\t\tbeef0001\n')
    path = tmp_path / 'p.tsv'
    path.write_text(''.join(lines))
    assert read_samples(str(path), chess) == samples
    path.write_text(lines[0].rstrip('\n') + '\tg\to\textra\n')
    with pytest.raises(PositionsError, match=r'p.tsv:1: expected "variant<TAB>FEN<TAB>result'
                                             r'\[<TAB>game\[<TAB>opening\]\]"'):
        read_samples(str(path), chess)
