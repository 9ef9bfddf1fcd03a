"""Variants from a file: the format's checks, the example files' perft, and
the file through every entry point (UCI VariantPath, XBoard VariantPath,
--variants for the engine, perft, bench and match).  A bad file is answered
precisely and leaves every variant known before playable."""
from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cazaux_engine import Registry, divide, get_variant, parse_fen, parse_move, perft, start_position
from cazaux_engine.variants import VariantError
from protocol.xboard_variants import xboard_betza, xboard_variant_lines

ROOT = Path(__file__).resolve().parents[2]
SHAKO = ROOT / 'variants' / 'shako.json'
ENGINE = [sys.executable, '-m', 'cazaux_engine']

# A piece that exists only in this file, by its Betza string: the Dabbaba
# rider, sliding in steps of two squares orthogonally over anything between.
DD_FILE = {
    'pieces': {'dabbaba-rider': {'letter': 'Y', 'betza': 'DD'}},
    'variants': {
        'dd5': {'files': 5, 'ranks': 5, 'pieces': ['king', 'dabbaba-rider'],
                'start': '3k1/5/5/5/K1Y2 w - - 0 1'},
        'tiny3': {'files': 3, 'ranks': 3, 'pieces': ['king', 'rook'],
                  'start': 'k2/3/1RK w - - 0 1'},
        'big16': {'parent': 'chess', 'files': 16, 'ranks': 16, 'castling': [],
                  'start': 'rnbqkbnrrnbqqbnr/pppppppppppppppp/' + '16/' * 12
                           + 'PPPPPPPPPPPPPPPP/RNBQKBNRRNBQQBNR w - - 0 1'},
    }}


@pytest.fixture()
def registry() -> Registry:
    """The variants a test knows: each test loads its files into its own."""
    return Registry()


def load(path) -> dict:
    """The variants of a file, loaded into a registry of their own."""
    return Registry().load_file(str(path))


@pytest.fixture()
def dd_file(tmp_path) -> Path:
    f = tmp_path / 'dd.json'
    f.write_text(json.dumps(DD_FILE))
    return f


def run_engine(lines: list[str], *args: str, timeout: float = 60) -> list[str]:
    p = subprocess.run(ENGINE + list(args), input='\n'.join(lines) + '\n', cwd=ROOT,
                       capture_output=True, text=True, timeout=timeout)
    return p.stdout.splitlines()


# -- a new piece by its Betza string ------------------------------------------------------

def test_piece_defined_only_by_betza_perft_by_hand(dd_file, registry):
    registry.load_file(str(dd_file))
    pos = start_position(registry.get('dd5'))
    # White Ka1, Yc1; Black Kd5.  Depth 1: Ka1-a2, b1, b2 and Yc1-e1, c3, c5
    # (a1 is White's own King): 6.
    assert sorted(t for t, _ in divide(pos, 1)) == ['a1a2', 'a1b1', 'a1b2', 'c1c3', 'c1c5', 'c1e1']
    # Depth 2: the Black King has c5 e5 c4 d4 e4; the Y takes one of them
    # away after every move: from c1 (and c3) it attacks c5 over c3, from e1
    # e5 over e3, and from c5 it attacks e5 (the King may take it on c5).
    assert dict(divide(pos, 2)) == {'c1e1': 4, 'c1c3': 4, 'c1c5': 4,
                                    'a1b1': 4, 'a1a2': 4, 'a1b2': 4}
    assert perft(pos, 2) == 24
    v = registry.get('dd5')
    assert v.piece('dabbaba-rider').value == 300          # the default value
    assert xboard_variant_lines(v, v.start)[1:] == ['piece K& K', 'piece Y& DD']


def test_boards_from_3x3_to_16x16(dd_file, registry):
    registry.load_file(str(dd_file))
    # 3x3: Rb1 to a1 b2 b3, Kc1 to c2 (b2 touches the Black King): 4
    assert [perft(start_position(registry.get('tiny3')), d) for d in (1, 2, 3)] == [4, 4, 16]
    # 16x16: 16 Pawns with single and double steps, 4 Knights with 2 moves each,
    # and no move of one side touches the other's: 40 and 40 * 40
    assert [perft(start_position(registry.get('big16')), d) for d in (1, 2, 3)] == [40, 1600, 72836]
    lines = xboard_variant_lines(registry.get('big16'), registry.get('big16').start)
    assert lines[0].split()[2] == '16x16+0_fairy'


# -- the example files --------------------------------------------------------------------

def test_shako_example_perft(registry):
    registry.load_file(str(SHAKO))
    pos = start_position(registry.get('shako'))
    # the same counts as Fairy-Stockfish's built-in shako and Sjaak II's Shako
    assert [perft(pos, d) for d in (1, 2, 3, 4)] == [58, 3364, 185938, 10273158]


def test_shako_xboard_description(registry):
    v = load(str(SHAKO))['shako']
    assert xboard_variant_lines(v, v.start) == [
        'setup (PNBRQ.E....CKpnbrq.e....ck) 10x10+0_fairy '
        'c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1',
        'piece K& KisjO2', 'piece Q& Q', 'piece R& R', 'piece B& B', 'piece N& N',
        'piece P& fmWfcFifmnDfeF', 'piece E& FA', 'piece C& mRcpR']


# -- precise errors; nothing registered from a bad file -------------------------------------

GOOD = {'files': 5, 'ranks': 5, 'pieces': ['king', 'rook'], 'start': 'k4/5/5/5/R3K w - - 0 1'}


@pytest.mark.parametrize('data, message', [
    ({'variants': {'v': dict(GOOD, files='5')}}, "variant 'v': field 'files' must be a whole number, not '5'"),
    ({'variants': {'v': dict(GOOD, colour='red')}}, "variant 'v': unknown field 'colour' (known: parent, "
     'files, ranks, pieces, values, start, double_step, en_passant, promotion, piece_promotions, '
     'pawn_like, king_jump, castling, stalemate, bare_king, setup)'),
    ({'variants': {'v': dict(GOOD, start='k4/5/5/5/R3 w - - 0 1')}}, "variant 'v': field 'start': "
     "rank 1 has 4 squares, expected 5"),
    ({'variants': {'v': dict(GOOD, promotion={'pieces': 'pawn'})}}, "variant 'v': field 'promotion': "
     "'pieces' must be an array of piece names, not 'pawn'"),
    ({'variants': {'v': dict(GOOD, castling=[{'right': 'K', 'king': 'e1'}])}}, "variant 'v': field "
     "'castling': entry 1 needs 'king_to' (a square name; right: one letter)"),
    ({'variants': {'v': dict(GOOD, king_jump='yes')}}, "variant 'v': field 'king_jump' must be true or false, not 'yes'"),
    ({'variants': {'chess': GOOD}}, "variant 'chess' is built in; derive from it with \"parent\" under another name"),
    ({'variants': {'v': dict(GOOD, pieces=['king', 'wiz']), 'w': GOOD},
      'pieces': {'wiz': {'letter': 'W', 'betza': 'W3'}}}, "piece 'wiz': 'W3': range limits are not supported"),
    ({'variants': {'v': GOOD}, 'pieces': {'wiz': {'letter': '7', 'betza': 'W'}}},
     "piece 'wiz': field 'letter' must be one letter a-z, not '7'"),
    ({'variants': {'v': dict(GOOD, pieces=['king', 'rook', 'wiz'])},
      'pieces': {'wiz': {'letter': 'R', 'betza': 'W'}}}, "variant 'v': letter R used twice"),
    ({'variants': {'v': dict(GOOD, parent='v2'), 'v2': dict(GOOD, parent='v')}}, "variant 'v': parent cycle v -> v2 -> v"),
    ({'variants': {'v': GOOD}, 'rules': {}}, "unknown top-level key 'rules' (known: pieces, variants)"),
    ({'variants': {'v': dict(GOOD, promotion={'pieces': ['rook'], 'choices': ['king']})}},
     "variant 'v': the King neither promotes nor is promoted to"),
])
def test_bad_file_messages(tmp_path, data, message, registry):
    f = tmp_path / 'bad.json'
    f.write_text(json.dumps(data))
    before = registry.user_names()
    with pytest.raises(VariantError) as e:
        registry.load_file(str(f))
    assert str(e.value) == f'{f}: {message}'
    assert registry.user_names() == before


def test_not_json_and_missing_file(tmp_path, registry):
    f = tmp_path / 'bad.json'
    f.write_text('{"variants": {')
    with pytest.raises(VariantError) as e:
        registry.load_file(str(f))
    assert str(e.value).startswith(f'{f}: not valid JSON: ')
    with pytest.raises(VariantError) as e:
        registry.load_file(str(tmp_path / 'none.json'))
    assert str(e.value) == f'cannot read {tmp_path / "none.json"}: No such file or directory'
    with pytest.raises(VariantError) as e:
        registry.load_file(str(tmp_path))
    assert str(e.value) == f'{tmp_path}: not a regular file'
    f.write_text('[' * 100_000)
    with pytest.raises(VariantError) as e:
        registry.load_file(str(f))
    assert str(e.value) == f'{f}: not valid JSON: nested too deeply'


def test_parent_from_an_earlier_file_and_override(tmp_path, registry):
    registry.load_file(str(SHAKO))
    f = tmp_path / 'child.json'
    f.write_text(json.dumps({'variants': {'shako-nocastle': {'parent': 'shako', 'castling': [],
                                                             'start': registry.get('shako').start.replace('KQkq', '-')}}}))
    registry.load_file(str(f))
    # no castling in the start position anyway: the same first counts as Shako
    assert [perft(start_position(registry.get('shako-nocastle')), d) for d in (1, 2)] == [58, 3364]
    v = registry.get('shako-nocastle')
    assert xboard_betza(v, v.piece('king')) == 'K'


# -- the protocols ------------------------------------------------------------------------

def bad_file(tmp_path) -> Path:
    f = tmp_path / 'bad.json'
    f.write_text(json.dumps({'variants': {'mine': dict(GOOD, pieces=['king', 'dragon'])}}))
    return f


def test_uci_variant_path_good_then_bad(tmp_path):
    bad = bad_file(tmp_path)
    out = run_engine(['uci', f'setoption name VariantPath value {SHAKO}',
                      f'setoption name VariantPath value {bad}',
                      'setoption name UCI_Variant value shako', 'go perft 2',
                      'setoption name UCI_Variant value mine',
                      'setoption name UCI_Variant value pemba', 'go perft 1', 'quit'])
    variants = [l for l in out if l.startswith('option name UCI_Variant')]
    assert variants[-1] == ('option name UCI_Variant type combo default chess var chess var pemba '
                            'var zanzibar-s var zanzibar-s-promo var zanzibar-xl var maasai '
                            'var oblong44 var shako')
    assert len(variants) == 2             # announced again after the good file only
    assert f"info string error: VariantPath: {bad}: variant 'mine': unknown piece 'dragon'" in out
    assert "info string error: UCI_Variant: 'mine' is not one of chess, pemba, zanzibar-s, " \
           "zanzibar-s-promo, zanzibar-xl, maasai, oblong44, shako" in out
    totals = [l for l in out if l.startswith('Nodes searched')]
    assert totals == ['Nodes searched: 3364', 'Nodes searched: 34']


def test_uci_search_in_a_user_variant(dd_file, registry):
    out = run_engine(['uci', f'setoption name VariantPath value {dd_file}',
                      'setoption name UCI_Variant value big16', 'position startpos moves h2h4',
                      'go depth 2', 'setoption name UCI_Variant value tiny3', 'go depth 3', 'quit'])
    assert 'info string variant big16 files 16 ranks 16 pocket 0 template fairy startpos ' \
           + DD_FILE['variants']['big16']['start'] in out
    best = [l.split()[1] for l in out if l.startswith('bestmove')]
    registry.load_file(str(dd_file))
    pos = start_position(registry.get('big16'))
    pos.push(parse_move(pos, 'h2h4'))
    parse_move(pos, best[0])                   # legal moves of the side to move
    parse_move(start_position(registry.get('tiny3')), best[1])


def test_xboard_variant_path_good_then_bad(tmp_path):
    bad = bad_file(tmp_path)
    out = run_engine(['xboard', 'protover 2', f'option VariantPath={SHAKO}',
                      f'option VariantPath={bad}', 'new', 'variant shako',
                      'variant mine', 'new', 'variant pemba', 'ping 1', 'quit'])
    assert 'feature option="VariantPath -file "' in out
    assert out.count('feature variants="normal,pemba,zanzibar-s,zanzibar-s-promo,zanzibar-xl,'
                     'maasai,oblong44,shako"') == 1
    assert f"tellusererror VariantPath: {bad}: variant 'mine': unknown piece 'dragon'" in out
    assert 'setup (PNBRQ.E....CKpnbrq.e....ck) 10x10+0_fairy ' \
           'c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1' in out
    assert 'Error (unsupported variant): variant mine' in out
    assert any(l.startswith('setup (') and 'cmvzwwzvmc' in l for l in out)
    assert out[-1] == 'pong 1'


def test_command_line_variants(tmp_path, dd_file):
    p = subprocess.run(ENGINE + ['perft', '--variants', str(SHAKO), 'shako', 'startpos', '3'],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and p.stdout.splitlines()[-1] == 'Nodes searched: 185938'
    bad = bad_file(tmp_path)
    p = subprocess.run(ENGINE + ['perft', '--variants', str(bad), 'pemba', 'startpos', '1'],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert p.stderr.splitlines()[-1] == f"error: --variants: {bad}: variant 'mine': unknown piece 'dragon'"
    out = run_engine(['uci', 'setoption name UCI_Variant value dd5', 'go perft 2', 'quit'],
                     '--variants', str(dd_file))
    assert out[-1] == 'Nodes searched: 24'
    p = subprocess.run(ENGINE + ['bench', '--depth', '1', '--variants', str(dd_file)],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    names = [l.split()[0] for l in p.stdout.splitlines()]
    assert names[-6:-3] == ['dd5', 'tiny3', 'big16']


def test_match_runner_plays_a_user_variant(tmp_path, capsys):
    from protocol.cli import main
    from tournament.pgn import read_pgn_file
    pgn = tmp_path / 'games.pgn'
    eng = ' '.join(shlex.quote(a) for a in ENGINE)
    status = main(['match', '--variants', str(SHAKO), '--variant', 'shako',
                   '--engine', f'cmd="{eng}" proto=uci name=uci option.VariantPath={SHAKO}',
                   '--engine', f'cmd="{eng} --variants {SHAKO}" proto=xboard name=xboard',
                   '--games', '2', '--nodes', '30', '--maxmoves', '6', '--concurrency', '1',
                   '--pgn', str(pgn)])
    err = capsys.readouterr().err
    assert status == 0, err
    assert 'warning' not in err
    games = read_pgn_file(str(pgn)).games
    assert len(games) == 2
    v = load(SHAKO)['shako']
    for g in games:
        assert g.tags['Variant'] == 'shako'
        pos = parse_fen(v, g.tags['FEN'])
        for text in g.moves:
            pos.push(parse_move(pos, text))


# -- Metamachy, the example of a 12x12 game by the Zanzibar games' inventor ----------------

METAMACHY = ROOT / 'variants' / 'metamachy.json'


def test_metamachy_example_perft(registry):
    registry.load_file(str(METAMACHY))
    pos = start_position(registry.get('metamachy'))
    # depth 1 by hand: Pawns 24, Knights 6, Camels 4, Elephants 2, Lion 3
    # (d1 e1 h1), Queen 1 (h1), Bishops 4, Princes 4, King 1 step + 7 jumps
    assert [perft(pos, d) for d in (1, 2, 3, 4)] == [56, 3136, 181310, 10475479]


def test_metamachy_setups(registry):
    from cazaux_engine.setups import setup_count, setup_fen
    v = load(str(METAMACHY))['metamachy']
    assert setup_count(v) == 12                  # the inventor's 12 starting setups
    assert setup_fen(v, 1) == v.start            # placement 1 is the default
    assert setup_fen(v, 6).split('/')[-2:] == ['ERNBIKGIBNRE', 'CM3LQ3MC w Kk - 0 1']
    # the King on f1 from placement 7 on; 7 is the example position of ChessV's Metamachy
    assert setup_fen(v, 7).split('/')[-2:] == ['ERNBIQLIBNRE', 'CM3KG3MC w Kk - 0 1']


def test_metamachy_matches_the_oracle(registry):
    """tests/reference.py reads Zanzibar-S's rules; Metamachy has the same
    letters, double steps, e.p. and King's jump, and promotes to Q G L."""
    import random

    import reference
    from test_oracle import play_and_compare, random_fen
    registry.load_file(str(METAMACHY))
    v = registry.get('metamachy')
    reference.VARIANTS['metamachy'] = dict(reference.VARIANTS['zanzibar-s'], choices='QGL')
    try:
        rng = random.Random('metamachy')
        for _ in range(2):
            play_and_compare(start_position(registry.get('metamachy')), reference.from_fen('metamachy', v.start),
                             rng, 60)
        done = 0
        while done < 40:
            fen = random_fen(v, rng)
            try:
                pos = parse_fen(v, fen)
            except Exception:
                continue
            done += 1
            play_and_compare(pos, reference.from_fen('metamachy', fen), rng, 4, capture_bias=0.3)
    finally:
        del reference.VARIANTS['metamachy']


def test_xboard_pictures_for_new_pieces(tmp_path, registry):
    from protocol.xboard_variants import LANCE_SLOT, SLOTS, slots
    f = tmp_path / 'pics.json'
    f.write_text(json.dumps({
        'pieces': {'soldier': {'letter': 'S', 'betza': 'fmWfcF'},
                   'jumper': {'letter': 'J', 'betza': 'FA'},
                   'wazir': {'letter': 'X', 'betza': 'W'}},
        'variants': {'pics': {'files': 6, 'ranks': 6,
                              'pieces': ['king', 'pawn', 'soldier', 'jumper', 'wazir'],
                              'start': 'k5/ppssjx/6/6/PPSSJX/K5 w - - 0 1',
                              'promotion': {'pieces': ['pawn', 'soldier'], 'choices': ['jumper']}}}}))
    v = load(str(f))['pics']
    got = slots(v)
    assert got['P'] == SLOTS['pawn']
    assert got['S'] == LANCE_SLOT           # promotes: the other slot XBoard lets promote
    assert got['J'] == SLOTS['elephant']    # moves as the library's Elephant: its picture
    assert got['X'] not in (SLOTS['pawn'], LANCE_SLOT, SLOTS['elephant'], 65)


def test_moves_named_twice_are_one_move(tmp_path, registry):
    """'QBmR' and 'KWmF' name some moves twice (and in two modes): the same
    moves as the Queen and the King's step, each once."""
    f = tmp_path / 'twice.json'
    f.write_text(json.dumps({
        'pieces': {'queen2': {'letter': 'Y', 'betza': 'QBmR'}, 'mann2': {'letter': 'X', 'betza': 'KWmF'}},
        'variants': {
            'twice': {'files': 6, 'ranks': 6, 'pieces': ['king', 'queen2', 'mann2'],
                      'start': 'k5/6/2y3/3X2/5K/1Y4 w - - 0 1'},
            'once': {'files': 6, 'ranks': 6, 'pieces': ['king', 'queen', 'prince'],
                     'start': 'k5/6/2q3/3I2/5K/1Q4 w - - 0 1'}}}))
    registry.load_file(str(f))
    assert [perft(start_position(registry.get('twice')), d) for d in (1, 2, 3)] == \
           [perft(start_position(registry.get('once')), d) for d in (1, 2, 3)]
