"""Square tables: their place in the tuned data (format, checks), in the
evaluation (exact changes, Black's mirror), in ``eval``'s rows, and their
fit (``tuning.squares``, ``cazaux-engine tune fit --squares``)."""
import json

from fractions import Fraction

import pytest

from cazaux_engine import start_position
from cazaux_engine.variants import get_variant
from search.explain import explain
from search.static import evaluate, with_weights
from search.tuned import (MAX_SQUARE, PACKAGED, TunedDataError, format_tuned, load_tuned, parse_tuned,
                          write_entry)
from search.weights import squares_for
from tests.conftest import engine_cli

KPK = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'         # no non-pawn material: the end game alone
E2 = 1 * 8 + 4                                   # e2, rank by rank from White's side


def plus(piece, entries, variant='chess'):
    """``piece``'s square table in use (the packaged data's, or zeros) with
    ``entries`` (cell index -> (mg, eg)) added: an override that changes
    only those entries."""
    mg, eg = squares_for(variant).get(piece, ((0,) * 64, (0,) * 64))
    t = {'mg': list(mg), 'eg': list(eg)}
    for j, (dm, de) in entries.items():
        t['mg'][j] += dm
        t['eg'][j] += de
    return t


def table(entries=None, cells=64):
    """A square table of zeros but ``entries`` (cell index -> (mg, eg))."""
    t = {'mg': [0] * cells, 'eg': [0] * cells}
    for j, (mg, eg) in (entries or {}).items():
        t['mg'][j], t['eg'][j] = mg, eg
    return t


# -- the data ---------------------------------------------------------------------------

def test_squares_are_optional_and_kept_when_given(tmp_path):
    assert parse_tuned({'chess': {'weights': {'TEMPO': 9}}}, 'x') == {
        'chess': {'values': {}, 'weights': {'TEMPO': 9}}}
    t = table({E2: (5, -7.0)})
    data = parse_tuned({'chess': {'squares': {'pawn': t}}}, 'x')
    assert data['chess']['squares']['pawn']['eg'][E2] == -7
    assert isinstance(data['chess']['squares']['pawn']['eg'][E2], int)
    f = tmp_path / 't.json'
    f.write_text(format_tuned({'chess': {'squares': {'pawn': t}}}))
    assert '        "mg": [' + ', '.join('5' if j == E2 else '0' for j in range(64)) + ']\n' \
        in f.read_text()                                      # a table on one line
    assert load_tuned(str(f))['chess']['squares']['pawn'] == {'mg': t['mg'], 'eg': [
        -7 if j == E2 else 0 for j in range(64)]}
    # write_entry keeps a variant's square tables unless it is given new ones
    write_entry(str(f), 'chess', {'knight': 310}, {})
    assert load_tuned(str(f))['chess']['squares']['pawn']['mg'][E2] == 5
    write_entry(str(f), 'chess', {}, {}, {'knight': table()})
    assert list(load_tuned(str(f))['chess']['squares']) == ['knight']
    write_entry(str(f), 'chess', {}, {}, {})
    assert load_tuned(str(f)) == {'chess': {'values': {}, 'weights': {}}}


@pytest.mark.parametrize('squares, message', [
    ([], 'x: chess: "squares" must be an object'),
    ({'wazir': table()}, "x: chess: unknown piece 'wazir'"),
    ({'pawn': {'mg': [0] * 64}}, 'x: chess: squares of pawn must be an object with "mg" and "eg"'),
    ({'pawn': {'mg': [], 'eg': []}}, 'x: chess: squares of pawn: "mg" must be a list of numbers'),
    ({'pawn': {'mg': [0] * 64, 'eg': [0] * 63}},
     'x: chess: squares of pawn: "mg" has 64 numbers, "eg" 63'),
    ({'pawn': {'mg': [0] * 63 + [2.5], 'eg': [0] * 64}},
     f'x: chess: squares of pawn: "mg"[63] must be a whole number of centipawns '
     f'-{MAX_SQUARE}..{MAX_SQUARE}, not 2.5'),
    ({'pawn': {'mg': [0] * 64, 'eg': [MAX_SQUARE + 1] + [0] * 63}},
     f'x: chess: squares of pawn: "eg"[0] must be a whole number of centipawns '
     f'-{MAX_SQUARE}..{MAX_SQUARE}, not {MAX_SQUARE + 1}'),
    ({'pawn': {'mg': [True] * 64, 'eg': [0] * 64}},
     f'x: chess: squares of pawn: "mg"[0] must be a whole number of centipawns '
     f'-{MAX_SQUARE}..{MAX_SQUARE}, not True'),
])
def test_bad_squares_are_refused(squares, message):
    with pytest.raises(TunedDataError) as e:
        parse_tuned({'chess': {'squares': squares}}, 'x')
    assert str(e.value) == message


@pytest.mark.parametrize('squares, message', [
    ({'pawn': table(cells=100)}, 'error: tuned data: CAZAUX_ENGINE_TUNED={f}: {f}: chess: '
                                 'squares of pawn: 100 numbers, the board has 64 squares'),
    ({'eagle': table()}, 'error: tuned data: CAZAUX_ENGINE_TUNED={f}: {f}: chess: '
                         'squares of eagle: not in its army'),
])
def test_a_table_that_does_not_fit_the_variant_stops_the_engine(tmp_path, squares, message):
    f = tmp_path / 'bad.json'
    f.write_text(json.dumps({'chess': {'squares': squares}}))
    r = engine_cli('bench', '--depth', '1', tuned=f)
    assert r.returncode == 2 and r.stdout == ''
    assert r.stderr.strip() == message.format(f=f)


# -- in the evaluation ------------------------------------------------------------------

def test_a_square_table_adds_exactly_its_entry_mirrored_for_black():
    white = start_position('chess', KPK)
    black = start_position('chess', '4k3/4p3/8/8/8/8/8/4K3 w - - 0 1')    # Black's pawn on e7
    w0, b0 = evaluate(white), evaluate(black)
    in_use = squares_for('chess')
    with with_weights('chess', {}, {}, {'pawn': plus('pawn', {E2: (7, 50)})}):
        assert evaluate(white) == w0 + 50           # the end game's entry (no piece material)
        assert evaluate(black) == b0 - 50           # e7 is Black's e2
        assert squares_for('chess')['pawn'][1][E2] == in_use.get('pawn', ((), (0,) * 64))[1][E2] + 50
    assert evaluate(white) == w0 and squares_for('chess') == in_use


def test_square_tables_blend_by_the_phase_and_show_in_the_placement_row():
    # a Knight each: the phase is 592 of chess's 6,662 (the non-pawn material at the
    # start, by chess's fitted values: Knight 296, Bishop 324, Rook 525, Queen 1041)
    fen = '4k1n1/8/8/8/8/8/4P3/4K1N1 w - - 0 1'
    pos = start_position('chess', fen)
    before = explain(pos)
    with with_weights('chess', {}, {}, {'pawn': plus('pawn', {E2: (630, 0)})}):
        e = explain(pos)
        assert e.total == e.search_value == before.total + 56       # 630 x 592 / 6662 = 55.98
        rows = {t.name: t.net for t in e.terms}
        old = {t.name: t.net for t in before.terms}
        assert rows['placement'] == old['placement'] + Fraction(630 * 592, 6662)
        assert {k: v for k, v in rows.items() if k != 'placement'} == \
            {k: v for k, v in old.items() if k != 'placement'}


def test_with_weights_refuses_a_table_of_the_wrong_size():
    in_use = squares_for('pemba')               # Pemba's packaged tables, left as they were
    assert len(in_use['pawn'][0]) == 100
    with pytest.raises(TunedDataError) as e:
        with with_weights('pemba', {}, {}, {'pawn': table()}):
            pass
    assert str(e.value) == 'override: pemba: squares of pawn: 64 numbers, the board has 100 squares'
    assert squares_for('pemba') == in_use


# -- the fit ----------------------------------------------------------------------------

def test_features_are_the_phase_weights_of_each_piece_for_the_side_to_move():
    # tuning.squares needs the tune extra (numpy, scipy), which packaging/test.sh installs
    from tuning.extract import Sample
    from tuning.squares import features, kinds
    v = get_variant('chess')
    assert kinds(v) == ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn']
    X = features(v, [Sample('1n2k3/8/8/8/8/8/4P3/4K1N1 b - - 0 1', 1.0)]).toarray()[0]
    col = {(k, h, j): (2 * k + h) * 64 + j for k in range(6) for h in (0, 1) for j in range(64)}
    ph = 592 / 6662                                              # as above
    # Black to move: White's pieces count against it, Black's (mirrored) for it
    assert X[col[5, 0, E2]] == pytest.approx(-ph) and X[col[5, 1, E2]] == pytest.approx(ph - 1)
    assert X[col[4, 0, 6]] == pytest.approx(-ph)                 # White's Knight on g1
    assert X[col[4, 1, 6]] == pytest.approx(ph - 1)
    assert X[col[4, 0, 1]] == pytest.approx(ph)                  # Black's on b8: b1 mirrored
    assert X[col[4, 1, 1]] == pytest.approx(1 - ph)
    assert X[col[0, 0, 4]] == X[col[0, 1, 4]] == 0               # e1 and e8 (mirrored) cancel
    assert sum(1 for x in X if x) == 6


def test_the_cli_fits_square_tables_that_lower_the_loss(tmp_path):
    # positions where the side with a Knight on the rim lost and one on d4 won
    rows = []
    for n in range(40):
        rim, centre = ('4k3/8/8/8/8/8/4P3/N3K3', '4k3/8/8/8/3N4/8/4P3/4K3')
        rows.append(f'chess\t{rim} w - - 0 {n + 1}\t0-1')
        rows.append(f'chess\t{centre} w - - 0 {n + 1}\t1-0')
    f = tmp_path / 'p.tsv'
    f.write_text('\n'.join(rows) + '\n')
    out = tmp_path / 'fit.json'
    r = engine_cli('tune', 'fit', '--variant', 'chess', '--squares', '--out', str(out), str(f))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith('80 chess positions (') and 'square tables of 6 kinds' in lines[0]
    start, final = (float(x) for x in
                    next(s for s in lines if s.startswith('loss ')).split()[1:4:2])
    assert final < start
    data = load_tuned(str(out))['chess']
    packaged = load_tuned(PACKAGED)['chess']           # the data in use: kept, and added to
    assert (data['values'], data['weights'], data['search']) == (
        packaged['values'], packaged['weights'], packaged['search'])
    before = packaged.get('squares', {}).get('knight', {'eg': [0] * 64})['eg']
    after = data['squares']['knight']['eg']
    assert after[3 * 8 + 3] > before[3 * 8 + 3] and after[0] < before[0]    # d4 up, a1 down
    assert f'written: chess in {out}' in lines
    r = engine_cli('tune', 'show', '--variant', 'chess', tuned=out)
    assert r.stdout.splitlines()[1].endswith(f'; square tables of {", ".join(data["squares"])}'
                                             '; search CORRECTION 0->1; search CORRECTION_NONPAWN 0->1'
                                             '; search SINGULAR_DEPTH 0->6')     # chess's, kept
    assert 'knight' in data['squares']
    r = engine_cli('tune', 'fit', '--variant', 'chess', '--squares', '--params', 'TEMPO', str(f))
    assert r.returncode == 2
    assert r.stderr.strip().endswith('--squares fits the square tables: --params does not apply')


def test_mirrored_files_share_one_free_number():
    from types import SimpleNamespace
    from tuning.squares import mirrored
    # 3 files x 2 ranks, one kind (two tables, mg and eg): files a and c share
    # a number, b (the middle of an odd width) has its own
    tiny = SimpleNamespace(files=3, ranks=2, pieces=[SimpleNamespace(name='king')])
    M = mirrored(tiny).toarray()
    assert M.shape == (12, 8)
    assert [list(row).index(1) for row in M] == [0, 1, 0, 2, 3, 2, 4, 5, 4, 6, 7, 6]
    assert (M.sum(axis=1) == 1).all()
    # chess: 6 kinds x 2 phases x 64 cells -> 6 x 2 x 32 numbers; a1 and h1 tied, d4 and e4
    M = mirrored(get_variant('chess'))
    assert M.shape == (768, 384)
    assert M[0].indices.tolist() == M[7].indices.tolist() == [0]
    assert M[3 * 8 + 3].indices.tolist() == M[3 * 8 + 4].indices.tolist() == [3 * 4 + 3]
    assert M[64 + 3 * 8 + 4].indices.tolist() == [32 + 3 * 4 + 3]       # eg table: its own


def test_the_cli_fits_mirrored_square_tables(tmp_path):
    # the Knight on a1 loses, on d4 wins: with --mirror h1 and e4 learn the same
    rows = []
    for n in range(40):
        rows.append(f'chess\t4k3/8/8/8/8/8/4P3/N3K3 w - - 0 {n + 1}\t0-1')
        rows.append(f'chess\t4k3/8/8/8/3N4/8/4P3/4K3 w - - 0 {n + 1}\t1-0')
    f = tmp_path / 'p.tsv'
    f.write_text('\n'.join(rows) + '\n')
    out = tmp_path / 'fit.json'
    r = engine_cli('tune', 'fit', '--variant', 'chess', '--squares', '--mirror', '--out', str(out),
                   str(f))
    assert r.returncode == 0, r.stderr
    assert any(x.startswith('80 positions x 384 free numbers (mirrored files) (')
               for x in r.stdout.splitlines())
    assert ', 384 free numbers, files mirrored, ' in r.stdout
    packaged = load_tuned(PACKAGED)['chess'].get('squares', {})
    before = packaged.get('knight', {'eg': [0] * 64})['eg']
    after = load_tuned(str(out))['chess']['squares']['knight']['eg']
    change = [a - b for a, b in zip(after, before)]
    assert change[3 * 8 + 3] == change[3 * 8 + 4] > 0                   # d4 and e4
    assert change[0] == change[7] < 0                                   # a1 and h1
    assert all(change[r * 8 + f] == change[r * 8 + 7 - f] for r in range(8) for f in range(8))
    r = engine_cli('tune', 'fit', '--variant', 'chess', '--mirror', str(f))
    assert r.returncode == 2
    assert r.stderr.strip().endswith('--mirror applies to --squares only')
