"""A variant of a user's file played in the real XBoard 4.9.1: XBoard knows
nothing of it; the engine, started with ``--variants FILE``, announces it in
``feature variants`` and describes it with ``setup`` and ``piece`` (an
engine-defined variant)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cazaux_engine import parse_fen, parse_move
from cazaux_engine.variants import load_variant_file
from tests.test_xboard_gui import assert_clean
from tests.xboard_support.xbmatch import engine_launcher, run_match

pytestmark = pytest.mark.usefixtures('real_xboard')

SHAKO = Path(__file__).resolve().parents[1] / 'variants' / 'shako.json'


def test_shako_from_a_file_engine_vs_engine(tmp_path):
    eng = engine_launcher(tmp_path)
    cmd = f'{eng} --variants {SHAKO}'
    m = run_match(tmp_path, 'shako', games=2, extra=['-fcp', cmd, '-scp', cmd])
    assert_clean(m, 2)
    v = load_variant_file(str(SHAKO), register=False)['shako']
    for g in m.games:
        assert g.headers['Variant'] == 'shako'
        assert tuple(g.headers['FEN'].split()[:2]) == tuple(v.start.split()[:2])
