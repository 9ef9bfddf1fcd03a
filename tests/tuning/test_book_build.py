"""cazaux-engine book build (tuning/book.py): reproducible, within the margin, readable."""
import pytest

from cazaux_engine.variants import get_variant
from search.book import Book
from tuning.book import build, main


@pytest.mark.parametrize('variant', ['chess', 'oblong44'])
def test_a_build_is_reproducible_and_keeps_moves_within_the_margin(variant):
    v = get_variant(variant)
    seen = []
    a = build(v, depth=3, plies=4, positions=8, margin=30, spread=10, progress=seen.append)
    b = build(v, depth=3, plies=4, positions=8, margin=30, spread=10)
    assert a == b and len(a) == 8
    assert seen[-1].startswith(f'[{variant}] 8/8 positions, ply ')
    for moves in a.values():
        top = max(s for _, _, s in moves)
        assert all(w > 0 and top - s <= 30 for _, w, s in moves)
        assert [w for _, w, _ in moves] == sorted((w for _, w, _ in moves), reverse=True)


def test_the_command_writes_a_book_that_reads_back(tmp_path, capsys):
    assert main(['build', '--variant', 'pemba', '--depth', '2', '--positions', '3',
                 '--out', str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith(f'{tmp_path}/pemba.book: 3 positions, ')
    text = (tmp_path / 'pemba.book').read_text()
    assert text.startswith('# pemba: built by cazaux-engine book build --variant pemba --depth 2 ')
    assert Book.load(str(tmp_path / 'pemba.book')).positions('pemba') == 3
    assert main(['check', str(tmp_path / 'pemba.book')]) == 0
    assert capsys.readouterr().out.startswith('pemba: 3 positions, ')


# -- book learn: results enter the weights ----------------------------------------------

from cazaux_engine import start_position                     # noqa: E402
from search.book import key                                  # noqa: E402
from tuning.book import learn, learned_weight, results       # noqa: E402

START = start_position('chess')
AFTER_E4 = start_position('chess', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1')
TINY = ('cazaux-engine book 1\nvariant chess\n'
        f'{key(START)}\te2e4 50 20\td2d4 50 15\tg1f3 40 10\n'
        f'{key(AFTER_E4)}\te7e5 10 -20\tc7c5 10 -22\n')


def test_learned_weight_rewards_wins_and_keeps_every_move():
    assert [learned_weight(50, p, n) for p, n in [(0, 0), (2, 2), (0, 1), (0.5, 1), (10, 10),
                                                 (0, 10), (0, 1000)]] == [50, 75, 33, 50, 92, 8, 1]


def test_results_count_the_book_moves_of_both_sides_in_finished_games():
    book = Book.parse(TINY)
    v = get_variant('chess')
    fen = v.start
    games = [(fen, ('e2e4', 'e7e5', 'g1f3'), '1-0'),
             (fen, ('e2e4', 'e7e5'), '1-0'),
             (fen, ('d2d4', 'd7d5'), '0-1'),      # d7d5 is no book move of that position
             (fen, ('a2a3',), '1/2-1/2'),         # no book move
             (fen, ('e2e4', 'c7c5'), '*'),        # unfinished: not counted
             (fen, ('e2e4', 'e2e4'), '0-1')]      # counted up to the illegal move
    met = results(book, v, games)
    assert met == {(key(START), 'e2e4'): [2.0, 3], (key(AFTER_E4), 'e7e5'): [0.0, 2],
                   (key(START), 'd2d4'): [0.0, 1]}
    learned, _ = learn(book, v, games)
    assert learned.entries['chess'][key(START)] == [('e2e4', 60, 20), ('g1f3', 40, 10),
                                                    ('d2d4', 33, 15)]
    assert learned.entries['chess'][key(AFTER_E4)] == [('c7c5', 10, -22), ('e7e5', 5, -20)]
    assert book.entries['chess'][key(START)][0] == ('e2e4', 50, 20)     # the input is kept


PGN = '''[Event "x"]
[Variant "chess"]
[Result "1-0"]
[Termination "adjudication"]

1. e2e4 e7e5 2. g1f3 1-0

[Event "x"]
[Variant "chess"]
[Result "0-1"]
[Termination "time forfeit"]

1. e2e4 e7e5 0-1

[Event "x"]
[Variant "pemba"]
[Result "0-1"]

1. d1f4 0-1
'''


def test_the_learn_command_reweighs_in_place_and_says_what_it_used(tmp_path, capsys):
    book, pgn = tmp_path / 'chess.book', tmp_path / 'games.pgn'
    book.write_text('# built by hand\n' + TINY)
    pgn.write_text(PGN)
    assert main(['learn', str(book), str(pgn)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        'chess: 1 games used, 2 book moves met 2 times', f'{book}: 2 positions']
    text = book.read_text()
    assert text.splitlines()[:2] == [
        '# built by hand',
        '# chess: weights times their results in 1 games of games.pgn (cazaux-engine book '
        'learn; 2 book moves met)']
    assert Book.load(str(book)).entries['chess'][key(START)][0] == ('e2e4', 67, 20)


def test_learn_refuses_a_missing_pgn_or_a_bad_book_and_changes_nothing(tmp_path, capsys):
    book = tmp_path / 'chess.book'
    book.write_text(TINY)
    assert main(['learn', str(book), str(tmp_path / 'none.pgn')]) == 2
    assert capsys.readouterr().err == f'error: no such PGN file: {tmp_path}/none.pgn\n'
    assert book.read_text() == TINY
    bad = tmp_path / 'bad.book'
    bad.write_text(TINY.replace('e2e4 50', 'e2e5 50'))
    pgn = tmp_path / 'games.pgn'
    pgn.write_text(PGN)
    assert main(['learn', str(bad), str(pgn)]) == 2
    assert capsys.readouterr().err.startswith(f'error: {bad}, line 3: ')
    assert not (tmp_path / 'bad.book.tmp').exists()


def test_the_shipped_books_record_the_games_that_weighed_them():
    from search.book import builtin_path
    from cazaux_engine import VARIANT_NAMES
    for v in VARIANT_NAMES:
        head = open(builtin_path(v), encoding='utf-8').read().splitlines()[:2]
        assert head[0].startswith(f'# {v}: built by cazaux-engine book build --variant {v} ')
        assert head[1].startswith(f'# {v}: weights times their results in ')
        assert f' games of onoff-{v}.pgn.gz (cazaux-engine book learn; ' in head[1]


def test_learn_reads_gzip_compressed_games_and_writes_to_out(tmp_path, capsys):
    import gzip
    book, pgn, out = tmp_path / 'chess.book', tmp_path / 'games.pgn.gz', tmp_path / 'new.book'
    book.write_text(TINY)
    with gzip.open(pgn, 'wt', encoding='utf-8') as f:
        f.write(PGN)
    assert main(['learn', str(book), str(pgn), '--out', str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == 'chess: 1 games used, 2 book moves met 2 times'
    assert book.read_text() == TINY
    assert Book.load(str(out)).entries['chess'][key(START)][0] == ('e2e4', 67, 20)
