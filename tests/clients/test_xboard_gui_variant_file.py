"""A variant of a user's file played in the real XBoard 4.9.1: XBoard knows
nothing of it; the engine, started with ``--variants FILE``, announces it in
``feature variants`` and describes it with ``setup`` and ``piece`` (an
engine-defined variant)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cazaux_engine import parse_fen
from cazaux_engine import Registry
from tests.clients.test_xboard_gui import assert_clean
from tests.xboard_support.xbmatch import engine_launcher, run_match
from cazaux_engine.movegen import legal_moves

pytestmark = pytest.mark.usefixtures('real_xboard')

VARIANTS = Path(__file__).resolve().parents[2] / 'variants'


# XBoard lets a King jump out of check (it cannot be told otherwise), so it
# calls a mate that only that rule makes a mate a false claim: in Metamachy's
# games here the engines mate that way, and XBoard is told to trust claims
# (docs/xboard.md, Known XBoard limitations).
@pytest.mark.parametrize('name, extra', [('shako', []), ('metamachy', ['-testClaims', 'false'])])
def test_example_file_engine_vs_engine(tmp_path, name, extra):
    path = VARIANTS / f'{name}.json'
    eng = engine_launcher(tmp_path)
    cmd = f'{eng} --variants {path}'
    m = run_match(tmp_path, name, games=2, extra=['-fcp', cmd, '-scp', cmd] + extra)
    assert_clean(m, 2)
    v = Registry().load_file(str(path))[name]
    for g in m.games:
        assert g.headers['Variant'] == name
        assert tuple(g.headers['FEN'].split()[:2]) == tuple(v.start.split()[:2])
        pos = parse_fen(v, g.headers['FEN'])      # XBoard's FEN reads with the file's rules
        assert legal_moves(pos)


# the smallest board and the widest XBoard takes (16 files; it stops at 15 ranks)
SIZES = {
    'tiny3': {'files': 3, 'ranks': 3, 'pieces': ['king', 'rook'], 'start': 'k2/3/1RK w - - 0 1'},
    'wide16': {'parent': 'chess', 'files': 16, 'ranks': 12, 'castling': [],
               'start': 'rnbqkbnrrnbqqbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/'
                        'PPPPPPPPPPPPPPPP/RNBQKBNRRNBQQBNR w - - 0 1'},
}


@pytest.mark.parametrize('name', list(SIZES))
def test_board_sizes_in_xboard(tmp_path, name):
    import json
    path = tmp_path / 'sizes.json'
    path.write_text(json.dumps({'variants': SIZES}))
    eng = engine_launcher(tmp_path)
    cmd = f'{eng} --variants {path}'
    m = run_match(tmp_path / 'xb', name, games=1, max_moves=30, extra=['-fcp', cmd, '-scp', cmd])
    assert_clean(m, 1)
    assert m.games[0].headers['Variant'] == name


def test_variant_path_option_from_xboard(tmp_path):
    """``-firstOptions VariantPath=FILE``: XBoard sends the option as soon as it
    reads its feature; the engine announces the file's variants before
    ``feature done=1``, when XBoard checks that the engine plays ``-variant``."""
    opt = f'VariantPath={VARIANTS / "shako.json"}'
    m = run_match(tmp_path, 'shako', games=1, max_moves=30, first_options=opt, second_options=opt)
    assert_clean(m, 1)
    assert m.games[0].headers['Variant'] == 'shako'
    assert '>first : option VariantPath=' in m.debug
