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
