"""The tuning pipeline for a variant of a file (docs/strength.md, "A variant
from a file"): ``cazaux-engine --variants FILE tune ...`` through the real
command line, from openings to the fitted entry the engine then plays with.

tests/data/shako_games.pgn: the first three games of a node-limited
self-play match of variants/shako.json (2,000 against 3,000 nodes a move,
openings of ``tune openings --variant shako --count 6 --seed 1``).
"""
import json
import os

import pytest

from tests.conftest import engine_cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHAKO = os.path.join(ROOT, 'variants', 'shako.json')
GAMES = os.path.join(ROOT, 'tests', 'data', 'shako_games.pgn')
START = 'c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1'


cli = engine_cli


def material(stdout: str) -> str:
    return next(x for x in stdout.splitlines() if x.strip().startswith('material')).split('|')[1]


@pytest.mark.parametrize('where', ['before tune', 'after tune'])
def test_openings_of_a_file_variant(tmp_path, where):
    out = tmp_path / 'o.txt'
    args = ['tune', 'openings', '--variant', 'shako', '--count', '3', '--seed', '1', '--out', str(out)]
    r = cli(*(['--variants', SHAKO, *args] if where == 'before tune' else [*args, '--variants', SHAKO]))
    assert r.returncode == 0, r.stderr
    assert out.read_text().splitlines() == [
        '# cazaux-engine tune openings --variant shako --count 3 --plies 8 --margin 50 --seed 1',
        f'{START} moves e2d1 a10g10 f2e1 g10i10 f3f4 b9b10 d1e2 d9c10',
        f'{START} moves a1e1 c8c6 a3a4 j8j6 a2b1 h9g7 e3e4 a10g10',
        f'{START} moves j1f1 j10e10 j3j5 b9b10 i3i4 a8a7 h3h5 c9b7']


@pytest.mark.parametrize('command', ['openings', 'extract', 'fit', 'show'])
def test_without_its_file_the_variant_is_refused(tmp_path, command):
    extra = {'openings': ['--out', str(tmp_path / 'o.txt')], 'extract': ['--out', str(tmp_path / 'x'), GAMES],
             'fit': [GAMES], 'show': []}[command]
    r = cli('tune', command, '--variant', 'shako', *extra)
    assert r.returncode == 2
    assert r.stdout == ''
    assert f"cazaux-engine tune {command}: error: argument --variant: invalid choice: 'shako'" \
        in r.stderr
    assert not (tmp_path / 'o.txt').exists() and not (tmp_path / 'x').exists()


def test_extract_fit_and_play_a_file_variant(tmp_path):
    tsv = tmp_path / 'shako.tsv'
    r = cli('--variants', SHAKO, 'tune', 'extract', '--variant', 'shako', '--out', str(tsv), GAMES)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == '3 games read, 3 used (skipped: none)'
    assert lines[1].startswith('411 positions after the first 8 plies: 48 in check, '
                               f'0 without a move, 102 not quiet, 261 kept -> {tsv} (')
    rows = tsv.read_text().splitlines()
    assert len(rows) == 261 and {x.split('\t')[0] for x in rows} == {'shako'}

    # the fit starts from the numbers in use and writes the entry under the variant's name,
    # keeping what the file had
    cand = tmp_path / 'cand.json'
    cand.write_text(json.dumps({'pemba': {'values': {'camel': 240}, 'weights': {}}}))
    r = cli('--variants', SHAKO, 'tune', 'fit', '--variant', 'shako', '--params', 'knight,TEMPO',
            '--iterations', '1', '--out', str(cand), str(tsv))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith('261 shako positions (') and '; 2 parameters; ' in lines[0]
    assert lines[-1] == f'written: shako in {cand}'
    data = json.loads(cand.read_text())
    assert data['pemba'] == {'values': {'camel': 240}, 'weights': {}}
    assert set(data['shako']['values']) == {'knight'} and set(data['shako']['weights']) == {'TEMPO'}
    knight, tempo = data['shako']['values']['knight'], data['shako']['weights']['TEMPO']
    # 261 positions of three games push the Knight to its lower bound (a third of 300)
    assert knight == 100
    assert isinstance(tempo, int) and 0 <= tempo <= 50
    table = lines[lines.index(f'{"parameter":<16} {"untuned":>9} {"start":>9} {"fitted":>9}') + 1:]
    assert table[:2] == [f'{"knight":<16} {300:>9} {300:>9} {knight:>9}',
                         f'{"TEMPO":<16} {12:>9} {12:>9} {tempo:>9}']

    # the engine plays with it when CAZAUX_ENGINE_TUNED names the file
    r = cli('--variants', SHAKO, 'tune', 'show', '--variant', 'shako', tuned=cand)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[:2] == [f'tuned data: {cand}',
                                         f'shako: knight 300->{knight}; TEMPO 12->{tempo}']
    off = cli('--variants', SHAKO, 'eval', 'shako', 'startpos', tuned='off')
    on = cli('--variants', SHAKO, 'eval', 'shako', 'startpos', tuned=cand)
    assert off.returncode == 0 and on.returncode == 0, off.stderr + on.stderr
    assert material(off.stdout).strip() == '5500.00'          # two Knights of 300 each side
    assert material(on.stdout).strip() == f'{5500 - 2 * (300 - knight)}.00'


def test_tuned_values_outside_a_file_variants_army_are_left_out(tmp_path):
    f = tmp_path / 'camel.json'
    f.write_text(json.dumps({'shako': {'values': {'camel': 250, 'cannon': 420}, 'weights': {}}}))
    r = cli('--variants', SHAKO, 'tune', 'show', '--variant', 'shako', tuned=f)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1:3] == ['shako: cannon 400->420',
                                          '  warning: not in its army, left out: camel']
    on = cli('--variants', SHAKO, 'eval', 'shako', 'startpos', tuned=f)
    assert material(on.stdout).strip() == '5540.00'           # two Cannons of 420 each side


def test_square_tables_of_a_file_variant_apply_when_they_fit_its_board(tmp_path):
    # Shako is 10x10: a Pawn table of 100 numbers applies (+10 cp on each Pawn's
    # square in the middle game, the third rank), a Knight table of 64 is left out
    pawn = {'mg': [10 if 20 <= j < 30 else 0 for j in range(100)], 'eg': [0] * 100}
    f = tmp_path / 'squares.json'
    f.write_text(json.dumps({'shako': {'squares': {'pawn': pawn,
                                                   'knight': {'mg': [5] * 64, 'eg': [5] * 64}}}}))
    r = cli('--variants', SHAKO, 'tune', 'show', '--variant', 'shako', tuned=f)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1:3] == [
        'shako: square tables of pawn',
        '  warning: square tables not of its army or board, left out: knight']
    placement = {}
    for tuned in ('off', f):
        r = cli('--variants', SHAKO, 'eval', 'shako', 'startpos', tuned=tuned)
        assert r.returncode == 0, r.stderr
        placement[tuned] = next(line.split('|')[1].strip() for line in r.stdout.splitlines()
                                if line.strip().startswith('placement'))
    assert (placement['off'], placement[f]) == ('-95.00', '5.00')     # ten Pawns, +10 each
