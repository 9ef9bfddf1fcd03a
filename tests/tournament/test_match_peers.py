"""``cazaux-engine match`` against the engines users run: Fairy-Max 5.0b
(orthodox chess) and Sjaak II 1.4.1 (Pemba with castling, Oblong 44, from
the peers' ``sjaak_variants.txt``), both XBoard engines from Debian
(``apt-get install fairymax sjaakii``).

The matches are short (node and depth limits, a move cap) and the tests
assert what the runner must get right, never who wins: every game ends by
the rules or the move cap, with no illegal-move, time or crash forfeit,
and Sjaak II's castling (written ``O-O``/``O-O-O``) is read as the King's
move.  These tests fail, not skip, when a peer is missing.

The peers folder is ``$CAZAUX_ENGINE_PEERS``, by default ``../shared/peers``
from the repository; the programs are found on the PATH or in Debian's
games folder, or named by ``$SJAAKII`` and ``$FAIRYMAX``.
"""
from __future__ import annotations

import os
import shlex
import shutil
import sys

import pytest

from cazaux_engine import get_variant, parse_fen, parse_move
from tournament.cli import main
from tournament.pgn import read_pgn_file

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENGINE = f'{shlex.quote(sys.executable)} -m cazaux_engine'
DEBIAN_GAMES = '/usr/games'       # where Debian installs sjaakii and fairymax


def peers_dir() -> str:
    path = os.environ.get('CAZAUX_ENGINE_PEERS') or os.path.join(ROOT, '..', 'shared', 'peers')
    if not os.path.isdir(path):
        pytest.fail(f'the peers folder {path} is missing: set CAZAUX_ENGINE_PEERS to the folder '
                    'that holds sjaak_variants.txt')
    return os.path.abspath(path)


def program(name: str) -> str:
    path = os.environ.get(name.upper()) or shutil.which(
        name, path=os.pathsep.join([os.environ.get('PATH', ''), DEBIAN_GAMES]))
    if not path:
        pytest.fail(f'{name} is not installed: apt-get install {name} (or set ${name.upper()})')
    return path


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Sjaak II writes its settings to ~/.config/sjaakii.conf when it quits."""
    monkeypatch.setenv('HOME', str(tmp_path))


def sjaak() -> str:
    cmd = shlex.join([program('sjaakii'), os.path.join(peers_dir(), 'sjaak_variants.txt')])
    # no random opening moves: the same move every time from the same position
    return (f'cmd={shlex.quote(cmd)} proto=xboard name=Sjaak '
            "'option.Randomise opening moves=0' 'option.Random amplitude (0 to disable)=0'")


def match(capsys, tmp_path, variant, *args):
    pgn, log = tmp_path / 'games.pgn', tmp_path / 'io.log'
    status = main(['--variant', variant, '--concurrency', '1', '--pgn', str(pgn),
                   '--log', str(log), '--debug', *map(str, args)])
    out = capsys.readouterr()
    games = read_pgn_file(str(pgn)).games
    return status, out.out, out.err, games, log.read_text()


def check_games(games, variant, n):
    """n games, each ended by the rules or the move cap, every move legal."""
    v = get_variant(variant)
    assert len(games) == n
    for g in games:
        assert g.tags['Termination'] in ('normal', 'adjudication'), g.final_comment
        assert 'illegal' not in g.final_comment and 'time' not in g.final_comment
        assert 'claim' not in g.final_comment and 'engine' not in g.final_comment
        pos = parse_fen(v, g.tags['FEN'])
        for text in g.moves:
            pos.push(parse_move(pos, text))


def test_fairymax_chess(capsys, tmp_path):
    fm = shlex.quote(program('fairymax'))
    status, out, err, games, _ = match(
        capsys, tmp_path, 'chess', '--engine', f'cmd="{ENGINE}" proto=uci name=cazaux nodes=400',
        '--engine', f'cmd={fm} proto=xboard name=Fairy-Max tc=60+1 depth=3',
        '--games', 2, '--maxmoves', 40)
    assert status == 0, err
    assert 'warning' not in err
    assert '  Fairy-Max (xboard): 60+1, depth 3; sent: level 0 1 1, sd 3' in out
    check_games(games, 'chess', 2)
    assert all(g.tags['BlackTimeControl' if g.tags['Black'] == 'Fairy-Max'
                      else 'WhiteTimeControl'] == '60+1' for g in games)


# Three Pemba openings after which Sjaak II, to move, castles (depth 3, no
# randomness): O-O as White, O-O as Black, O-O-O as Black.  Each is played
# with both colours, so the engine castles too where it likes.
PEMBA_CASTLING = [
    ('O-O', 'f2h2', 'c2d4 f8f7 j2h4 d8d6 e3e4 j9h7 a2c4 a9c7 h2g4 h9f8 f3f5 c9d7 d1b4 d7e5 '
                    'g4e5 d6e5 d4c6 i10j7 h4f6 g8g6 g3g4 g6f5 e4f5 d10g8 d3d4 e5d4 c6d4 b10a7 '
                    'h1a8 c10a8 g2a8 b9b10 d2f4 a7d6'),
    ('O-O', 'f9h9', 'h2i4 i10j7 b3b5 c8c6 b5c6 j7i4 j3i4 f8f6 j2h4 a9c7 h4f6 j9h7 j1j10 h9j10 '
                    'd1f4 d9c8 f4h7 g8h7 a2c4 h10a3 c1a3 a10a3 f6h8 g9h8 c2a3 e9h6 g1e4 h6c6 '
                    'e4c7 b10c7 i1h4 c6c5 a3b5'),
    ('O-O-O', 'f9d9', 'e3e5 c9b7 i1h4 e8e6 a2c4 a9c7 d2e3 j9h7 d1f4 i8i7 f4h7 i10h7 c2d4 f8f6 '
                      'e5f6 e6e5 d4c6 d8d7 c6b4 h10b4 c3b4 g9b4 a3b4 a10a1 c1d2 b10a7 d2c3 a1a3 '
                      'b2c2 a7b4 e3g5 c7a5 c3d2 d9h5 e2e4 b7c5 e4f5 h7e8 g5h6 i7h6 f5h5 c10h5 '
                      'b1e2 h5e2 e1e2 h9f8 j3j5 c8c6 j5j6 e8f5 d2a5 f5g2 f2g2 e9a5 j6j7 d10f7 '
                      'g1e4 f7d4 g2f2'),
]


def test_sjaak_pemba_with_castling(capsys, tmp_path):
    ops = tmp_path / 'castling.txt'
    ops.write_text(''.join(f'{moves}\n' for _, _, moves in PEMBA_CASTLING))
    status, out, err, games, io = match(
        capsys, tmp_path, 'pemba', '--engine', f'cmd="{ENGINE}" proto=uci name=cazaux nodes=300',
        '--engine', sjaak() + ' depth=3', '--openings', ops, '--maxmoves', 45)
    assert status == 0, err
    assert 'warning' not in err
    check_games(games, 'pemba', 6)
    for k, (text, king_move, moves) in enumerate(PEMBA_CASTLING):
        book = moves.split()
        # Sjaak II is to move after the book in the pair's game where it has that colour
        g = games[2 * k + (1 if len(book) % 2 == 0 else 0)]
        assert g.tags['White' if len(book) % 2 == 0 else 'Black'] == 'Sjaak'
        assert g.moves[:len(book)] == book and g.moves[len(book)] == king_move
    # ... and it wrote them as XBoard accepts them: O-O, O-O, O-O-O
    written = [line.split('< move ')[1] for line in io.splitlines() if 'Sjaak [0] < move O' in line]
    assert written.count('O-O') >= 2 and written.count('O-O-O') >= 1


def test_sjaak_oblong44_with_a_clock(capsys, tmp_path):
    # the engine under a node limit, Sjaak II under its own clock (time odds): the
    # arbiter sends level/time/otim and keeps Sjaak's clock
    status, out, err, games, io = match(
        capsys, tmp_path, 'oblong44', '--engine', f'cmd="{ENGINE}" proto=uci name=cazaux nodes=300',
        '--engine', sjaak() + ' tc=60+1 depth=4', '--games', 2, '--maxmoves', 40)
    assert status == 0, err
    assert 'warning' not in err
    assert '  Sjaak (xboard): 60+1, depth 4; sent: level 0 1 1, sd 4' in out
    check_games(games, 'oblong44', 2)
    assert 'Sjaak [0] > time ' in io and 'Sjaak [0] > otim ' in io
