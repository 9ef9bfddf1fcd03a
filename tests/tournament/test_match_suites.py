"""Opening suites: EPD and PGN files, in order or shuffled with a seed, from a
start index, each opening with both colours, repeated; a file variant's too."""
import shlex
import sys
from pathlib import Path

import pytest

from cazaux_engine import Registry, parse_fen, parse_move, to_fen
from tournament.cli import main
from tournament.openings import Opening, Openings, arrange, read_opening_file
from tournament.pgn import read_pgn_file

ROOT = Path(__file__).resolve().parents[2]
SHAKO = ROOT / 'variants' / 'shako.json'
FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'
PY = shlex.quote(sys.executable)


def shako():
    reg = Registry()
    reg.load_file(str(SHAKO))
    return reg, reg.get('shako')


def after(v, moves):
    pos = parse_fen(v, v.start)
    for m in moves:
        pos.push(parse_move(pos, m))
    return to_fen(pos)


LINES = (('e3e4',), ('e3e4', 'e8e7'), ('d3d4',))


def test_shuffled_epd_suite_of_a_file_variant_from_a_start_index(tmp_path, capsys):
    reg, v = shako()
    epd = tmp_path / 'shako.epd'
    epd.write_text(''.join(' '.join(after(v, m).split()[:4]) + f' id "line {k}";\n'
                           for k, m in enumerate(LINES, 1)))
    pgn = tmp_path / 's.pgn'
    engine = f'{PY} -m cazaux_engine --variants {shlex.quote(str(SHAKO))}'
    argv = ['--variant', 'shako', '--engine', f'cmd="{engine}" proto=uci name=A',
            '--engine', f'cmd="{engine}" proto=xboard name=B', '--openings', str(epd),
            '--shuffle', '--seed', '3', '--opening-start', '2', '--repeat', '2',
            '--nodes', '1', '--maxmoves', '1', '--concurrency', '1', '--quiet', '--pgn', str(pgn)]
    assert main(argv, reg) == 0
    out = capsys.readouterr().out
    assert out.startswith('shako: A, B; 12 games (round robin, 12 per pairing)')
    games = read_pgn_file(str(pgn)).games
    # the order of play for seed 3 is lines 2, 3, 1; from the 2nd: 3, 1, 2
    assert [(g.tags['Opening'], g.tags['White']) for g in games] == [
        (f'{epd}:{k}', w) for k in (3, 1, 2) for w in ('A', 'B', 'A', 'B')]
    assert [g.tags['FEN'] for g in games[::4]] == [     # EPD: no move counters, so 0 1
        ' '.join(after(v, LINES[k]).split()[:4] + ['0', '1']) for k in (2, 0, 1)]
    assert all(g.moves == [] or g.comments[0] != 'book' for g in games)


def test_pgn_suite_played_in_order_with_moves_as_book(tmp_path, capsys):
    reg, v = shako()
    suite = tmp_path / 'suite.pgn'
    suite.write_text(
        '[Event "a"]\n[Variant "shako"]\n\n1. e3e4 e8e7 *\n\n'
        '[Event "b"]\n[Variant "chess"]\n\n1. e2e4 *\n\n'            # another variant: skipped
        f'[Event "c"]\n[Variant "shako"]\n[FEN "{after(v, ("d3d4",))}"]\n\n1... d8d7 2. c3c4 *\n\n')
    ops = read_opening_file(str(suite), v)
    assert [(o.fen, o.moves, o.label) for o in ops] == [
        (v.start, ('e3e4', 'e8e7'), f'{suite} game 1'),
        (after(v, ('d3d4',)), ('d8d7', 'c3c4'), f'{suite} game 3')]
    assert [o.moves for o in read_opening_file(str(suite), v, plies=1)] == [('e3e4',), ('d8d7',)]
    pgn = tmp_path / 'p.pgn'
    engine = f'{PY} -m cazaux_engine --variants {shlex.quote(str(SHAKO))}'
    argv = ['--variant', 'shako', '--engine', f'cmd="{engine}" proto=uci name=A',
            '--engine', f'cmd="{engine}" proto=uci name=B', '--openings', str(suite),
            '--nodes', '1', '--maxmoves', '3', '--concurrency', '1', '--quiet', '--pgn', str(pgn)]
    assert main(argv, reg) == 0
    games = read_pgn_file(str(pgn)).games
    assert [(g.tags['Opening'], g.tags['White'], g.moves[:2], g.comments[:2]) for g in games] == [
        (f'{suite} game 1', 'A', ['e3e4', 'e8e7'], ['book', 'book']),
        (f'{suite} game 1', 'B', ['e3e4', 'e8e7'], ['book', 'book']),
        (f'{suite} game 3', 'A', ['d8d7', 'c3c4'], ['book', 'book']),
        (f'{suite} game 3', 'B', ['d8d7', 'c3c4'], ['book', 'book'])]


def test_arrange_orders_of_play():
    ops = Openings([Opening(f'fen{k}', (), f'o{k}') for k in range(1, 9)])
    assert [o.label for o in arrange(ops, shuffle=True, seed=7).items] == [
        'o7', 'o8', 'o3', 'o6', 'o1', 'o4', 'o5', 'o2']
    assert [o.label for o in arrange(ops, shuffle=True, seed=7, start=7).items] == [
        'o5', 'o2', 'o7', 'o8', 'o3', 'o6', 'o1', 'o4']
    assert [o.label for o in arrange(ops, start=8).items][:2] == ['o8', 'o1']
    a = arrange(ops, repeat=3)
    assert a.pass_pairs == 24 and [a.get(k).label for k in (0, 2, 3, 23, 24)] == [
        'o1', 'o1', 'o2', 'o8', 'o1']


@pytest.mark.parametrize('extra, message', [
    (['--opening-start', '4'], '--opening-start 4: the openings are numbered 1 to 3'),
    (['--opening-start', '0'], '--opening-start 0: the openings are numbered 1 to 3'),
    (['--repeat', '0'], '--repeat 0: give 1 or more'),
])
def test_bad_suite_options(tmp_path, capsys, extra, message):
    ops = tmp_path / 'ops.txt'
    ops.write_text('e2e4\nd2d4\nc2c4\n')
    with pytest.raises(SystemExit) as e:
        main(['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--nodes', '1',
              '--openings', str(ops), *extra, '--pgn', str(tmp_path / 'x.pgn')])
    assert e.value.code == 2
    assert capsys.readouterr().err.endswith(f'error: {message}\n')
    assert not (tmp_path / 'x.pgn').exists()


def test_shuffle_needs_a_list(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(['--variant', 'zanzibar-s', '--engine', 'a', '--engine', 'b', '--nodes', '1',
              '--openings', 'random', '--shuffle', '--pgn', str(tmp_path / 'x.pgn')])
    assert capsys.readouterr().err.endswith(
        'error: --shuffle and --opening-start order a list of openings; --openings random '
        'draws a new placement for every game pair\n')
