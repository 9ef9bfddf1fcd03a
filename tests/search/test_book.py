"""Opening books (search/book.py, tuning/book.py): the shipped books, the format, errors."""
import random

import pytest

from cazaux_engine import move_text, start_position
from cazaux_engine.fen import parse_fen
from cazaux_engine.variants import VARIANT_NAMES, get_variant
from search import Limits, Searcher
from search.book import Book, BookError, Books, builtin_path, key, shipped_book
from tuning.book import DEFAULTS

SHIPPED = {v: Book.load(builtin_path(v)) for v in VARIANT_NAMES}


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_every_built_in_variant_ships_a_book_that_starts_at_its_start(variant):
    b = SHIPPED[variant]
    assert b.positions(variant) >= 100
    moves = b.moves(start_position(variant))
    assert len(moves) >= 2 and all(w > 0 for _, w, _ in moves)


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_probing_returns_the_stored_moves_of_every_book_position(variant):
    b = SHIPPED[variant]
    v = get_variant(variant)
    for k, stored in b.entries[variant].items():
        pos = parse_fen(v, k + ' 0 1')
        assert [(move_text(pos, m), w, s) for m, w, s in b.moves(pos)] == stored


def built_with(variant: str) -> dict[str, int]:
    """The depth and margin a shipped book was built with, from the command
    its first line records (chess's book is analysed a ply deeper than the
    default since the forty-second round)."""
    with open(builtin_path(variant), encoding='utf-8') as f:
        first = f.readline()
    assert first.startswith(f'# {variant}: built by cazaux-engine book build --variant {variant} ')
    words = first.split()
    return {name: int(words[words.index(f'--{name}') + 1]) for name in ('depth', 'margin')}


def test_the_books_record_the_depth_they_were_built_at():
    assert {v: built_with(v)['depth'] for v in VARIANT_NAMES} == {
        'chess': 9, 'pemba': 8, 'zanzibar-s': 8, 'zanzibar-s-promo': 8, 'zanzibar-xl': 8,
        'maasai': 8, 'oblong44': 8}
    assert {built_with(v)['margin'] for v in VARIANT_NAMES} == {DEFAULTS['margin']}


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_no_book_move_of_the_start_loses_more_than_the_margin(variant):
    """The start position analysed as the builder did (the book's depth,
    fresh tables): every book move is among the lines, within the margin."""
    pos = start_position(variant)
    built = built_with(variant)
    s = Searcher(hash_mb=DEFAULTS['hash_mb'])
    s.search(pos, Limits(depth=built['depth'], multipv=DEFAULTS['lines']))
    scores = {i.pv[0]: i.score for i in s.last_lines}
    best = max(scores.values())
    for m, _, _ in SHIPPED[variant].moves(pos):
        assert best - scores[m] <= built['margin']


def test_a_pick_follows_the_weights_and_the_allowed_moves():
    pos = start_position('chess')
    b = Book.parse('cazaux-engine book 1\nvariant chess\n' + key(pos)
                   + '\te2e4 3 20\td2d4 1 15\n')
    picks = [move_text(pos, b.pick(pos, random.Random(n))[0]) for n in range(400)]
    assert 250 < picks.count('e2e4') < 350 and picks.count('d2d4') == 400 - picks.count('e2e4')
    d4 = next(m for m, _, _ in b.moves(pos) if move_text(pos, m) == 'd2d4')
    assert b.pick(pos, random.Random(1), [d4]) == (d4, 15)
    pos.push(d4)
    assert b.moves(pos) == [] and b.pick(pos, random.Random(1)) is None


START = key(start_position('chess'))


@pytest.mark.parametrize('text, message', [
    ('', 'not a cazaux-engine book'),
    ('polyglot\n', 'not a cazaux-engine book'),
    ('cazaux-engine book 1\n' + START + '\te2e4 1 0\n', 'before any "variant NAME"'),
    ('cazaux-engine book 1\nvariant shogi\n', "unknown variant 'shogi'"),
    ('cazaux-engine book 1\nvariant chess\n' + START + '\te2e5 1 0\n', 'line 3: '),
    ('cazaux-engine book 1\nvariant chess\n' + START + '\te2e4 0 0\n', 'must be above 0'),
    ('cazaux-engine book 1\nvariant chess\n' + START + '\te2e4 x 0\n', 'whole numbers'),
    ('cazaux-engine book 1\nvariant chess\n' + START + '\te2e4 1\n', '"MOVE WEIGHT SCORE"'),
    ('cazaux-engine book 1\nvariant chess\nxyz w - -\te2e4 1 0\n', 'bad position'),
    ('cazaux-engine book 1\nvariant chess\n' + START + '\n', 'expected a FEN key'),
])
def test_a_corrupt_book_is_refused_with_the_line_that_is_wrong(text, message):
    with pytest.raises(BookError, match=message.replace('(', r'\(')):
        Book.parse(text, 'b.book')


def test_a_missing_book_file_is_a_clear_error(tmp_path):
    with pytest.raises(BookError, match='cannot read .*nothing.book'):
        Books(str(tmp_path / 'nothing.book'))


def test_a_book_writes_and_reads_back(tmp_path):
    b = SHIPPED['pemba']
    p = tmp_path / 'p.book'
    p.write_text(b.text())
    assert Book.load(str(p)).entries == b.entries


def test_a_shipped_book_is_read_once_per_process_while_its_file_stays(tmp_path):
    # every session's Books shares the book read first; a changed file is
    # read again, a file gone or gone bad is an error again each time
    assert Books().book_for('pemba') is Books().book_for('pemba') is shipped_book(
        builtin_path('pemba'))
    p = tmp_path / 'p.book'
    p.write_text(SHIPPED['pemba'].text())
    first = shipped_book(str(p))
    assert shipped_book(str(p)) is first
    start = key(start_position('pemba'))
    p.write_text(SHIPPED['pemba'].text().replace(start, '# ' + start))
    again = shipped_book(str(p))
    assert again is not first
    assert (first.positions('pemba') - again.positions('pemba'), again.moves(
        start_position('pemba'))) == (1, [])
    p.write_text('not a book\n')
    for _ in range(2):
        with pytest.raises(BookError, match='not a cazaux-engine book'):
            shipped_book(str(p))
    p.unlink()
    with pytest.raises(BookError, match='cannot read'):
        shipped_book(str(p))


def test_the_searcher_plays_book_moves_only_on_a_clock():
    pos = start_position('chess')
    book = Books()
    s = Searcher(hash_mb=4, seed=2)
    s.book = book
    stored = {m for m, _, _ in book.moves(pos)}
    r = s.search(pos, Limits(wtime=60, btime=60))
    assert r.best in stored and r.info.depth == 0 and s.nodes == 0
    assert s.search(pos, Limits(depth=3)).info.depth == 3          # analysis: no book
    assert s.search(pos, Limits(infinite=False, movetime=0.05)).best in stored
