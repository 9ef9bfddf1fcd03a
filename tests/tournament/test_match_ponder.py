"""Pondering: ``ponder`` in an engine's spec.  A UCI engine is sent ``go ponder``
on the move it expects, then ``ponderhit`` or ``stop``; its time counts from
the ponderhit (or the stop), never while its opponent thinks.  An XBoard
engine is sent ``hard``."""
import shlex
import sys
from pathlib import Path

from cazaux_engine import get_variant, parse_fen, parse_move
from tournament.cli import main
from tournament.engine_spec import parse_engine_spec
from tournament.pgn import read_pgn_file
from tournament.timecontrol import Clock, parse_tc
from tournament.uci_client import UCIClient

FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'
PY = shlex.quote(sys.executable)
CHESS = get_variant('chess')


class Scripted:
    """An engine process whose answers and clock are given: ``send`` returns the
    next of ``times``; ``read`` returns the next (arrival time, line)."""

    def __init__(self, times, lines):
        self.times, self.lines, self.sent = list(times), list(lines), []

    def send(self, line):
        self.sent.append(line)
        return self.times.pop(0)

    def read(self, deadline):
        return self.lines.pop(0)

    def alive(self):
        return True


def test_ponder_time_counts_from_ponderhit_and_from_stop():
    c = UCIClient(parse_engine_spec('cmd=x ponder'), 'P')
    tc = parse_tc('60')
    clocks = {1: Clock(tc), -1: Clock(tc)}
    start = CHESS.start
    pos = parse_fen(CHESS, start)
    c.process = Scripted([0.0, 0.0], [(0.0, 'readyok')])
    c.new_game(pos, start, [], tc, 1)
    moves = []

    def play(text):
        m = parse_move(pos, text)
        pos.push(m)
        moves.append(m)

    # White's first move: 0.5 s; it expects e7e5
    c.process = Scripted([1.0, 1.0], [(1.5, 'info depth 3 score cp 20'),
                                      (1.5, 'bestmove e2e4 ponder e7e5')])
    r = c.think(pos, moves, clocks, 60.0)
    assert (r.text, r.elapsed, r.score, r.depth) == ('e2e4', 0.5, 20, 3)
    play('e2e4')
    c.process = Scripted([2.0, 2.0], [])
    c.ponder(pos, moves, clocks)
    assert c.process.sent == [f'position fen {start} moves e2e4 e7e5',
                              'go ponder wtime 60000 btime 60000 winc 0 binc 0']
    # Black thinks from 2.0 to 10.0 and plays the move expected: ponderhit at 10.0,
    # the move at 10.25: 0.25 s, not the 8.25 s since the go ponder
    play('e7e5')
    c.process = Scripted([10.0], [(6.0, 'info depth 9 score cp 31'),
                                  (10.25, 'bestmove g1f3 ponder b8c6')])
    r = c.think(pos, moves, clocks, 60.0)
    assert c.process.sent == ['ponderhit']
    assert (r.text, r.elapsed, r.score, r.depth) == ('g1f3', 0.25, 31, 9)
    play('g1f3')
    c.process = Scripted([11.0, 11.0], [])
    c.ponder(pos, moves, clocks)
    assert c.process.sent[0].endswith(' moves e2e4 e7e5 g1f3 b8c6')
    # Black plays d7d6 instead: stop (at 20.0), its move dropped, the real position,
    # go; the move at 20.5 took 0.5 s from the stop
    play('d7d6')
    c.process = Scripted([20.0, 20.125, 20.125], [(20.0625, 'bestmove f1c4'),
                                                  (20.5, 'bestmove f1b5')])
    r = c.think(pos, moves, clocks, 60.0)
    assert c.process.sent == ['stop', f'position fen {start} moves e2e4 e7e5 g1f3 d7d6',
                              'go wtime 60000 btime 60000 winc 0 binc 0']
    assert (r.text, r.elapsed) == ('f1b5', 0.5)
    # no ponder move in the last bestmove: no pondering
    play('f1b5')
    c.process = Scripted([], [])
    c.ponder(pos, moves, clocks)
    assert c.process.sent == []


def test_the_ponder_option_is_set_as_the_spec_says():
    c = UCIClient(parse_engine_spec(f'cmd="{PY} {FAKE} --ponder" ponder'), 'P')
    lines = []
    c.log = lines.append
    c.label = 'P'
    c.start(CHESS)
    c.quit()
    assert 'P > setoption name Ponder value true' in lines


def run_match(tmp_path, *engines, tc='60+1', tag='p'):
    pgn, log = tmp_path / f'{tag}.pgn', tmp_path / f'{tag}.log'
    argv = ['--variant', 'chess']
    for e in engines:
        argv += ['--engine', e]
    argv += ['--tc', tc, '--maxmoves', '8', '--concurrency', '1', '--quiet',
             '--log', log, '--debug', '--pgn', pgn]
    assert main([str(a) for a in argv]) == 0
    return read_pgn_file(str(pgn)).games, log.read_text()


def sent(log, name, what):
    return [line.split(f'{name} [0] > ', 1)[1] for line in log.splitlines()
            if f'{name} [0] > {what}' in line]


def test_pondering_fakes_hit_and_miss(tmp_path, capsys):
    fake = f'{PY} {shlex.quote(str(FAKE))} --ponder'
    # the same seed: P always guesses Q's move
    games, log = run_match(tmp_path, f'cmd="{fake}" proto=uci name=P ponder',
                           f'cmd="{fake}" proto=uci name=Q')
    assert [len(g.moves) for g in games] == [16, 16]
    # P ponders after each of its moves but the last of game 2 (8 + 7), and is right
    # every time but when game 1 ends on Q's move: P was pondering and is stopped
    assert len(sent(log, 'P', 'go ponder')) == 15 and len(sent(log, 'P', 'ponderhit')) == 14
    assert sent(log, 'P', 'stop') == ['stop']
    assert sent(log, 'Q', 'go ponder') == [] and 'Q [0] > setoption name Ponder value false' in log
    # another seed: P guesses wrong, is stopped and sent the real position
    games, log = run_match(tmp_path, f'cmd="{fake}" proto=uci name=P ponder',
                           f'cmd="{fake} --seed 5" proto=uci name=Q', tag='miss')
    # (the fakes choose from different seeds: P never guesses right here)
    assert len(sent(log, 'P', 'go ponder')) == 15 and sent(log, 'P', 'ponderhit') == []
    assert len(sent(log, 'P', 'stop')) == 15
    lines = [line.split('> ', 1)[1] for line in log.splitlines() if 'P [0] > ' in line]
    k = lines.index('stop')
    assert lines[k + 1].startswith('position fen ') and lines[k + 2].startswith('go wtime ')
    assert [len(g.moves) for g in games] == [16, 16]


def test_xboard_engine_is_told_hard(tmp_path, capsys):
    fake = f'{PY} {shlex.quote(str(FAKE))}'
    games, log = run_match(tmp_path, f'cmd="{fake}" proto=xboard name=P ponder',
                           f'cmd="{fake}" proto=xboard name=Q')
    assert sent(log, 'P', 'hard') == ['hard', 'hard'] and sent(log, 'P', 'easy') == []
    assert sent(log, 'Q', 'easy') == ['easy', 'easy'] and sent(log, 'Q', 'hard') == []


def test_xboard_engine_is_told_computer_only_if_it_declared_name(tmp_path, capsys):
    """As cutechess does: ``computer`` goes to an engine that asked about its
    opponent (``feature name=1``); Fairy-Max 5.0b, which did not, crashes on it
    about one time in two."""
    fake = f'{PY} {shlex.quote(str(FAKE))}'
    games, log = run_match(tmp_path, f'cmd="{fake} --name-feature" proto=xboard name=P',
                           f'cmd="{fake}" proto=xboard name=Q')
    assert sent(log, 'P', 'computer') == ['computer', 'computer']
    assert sent(log, 'Q', 'computer') == []
    features = [line.split('< ', 1)[1] for line in log.splitlines() if '[0] < feature myname' in line]
    assert [f.endswith(' name=1') for f in features] == [True, False]


def test_real_engine_ponders_in_both_protocols(tmp_path, capsys):
    engine = f'{PY} -m cazaux_engine'
    games, log = run_match(tmp_path, f'cmd="{engine}" proto=uci name=U ponder',
                           f'cmd="{engine} --option Evaluation=material" proto=xboard name=X ponder',
                           tc='4+0.05')
    assert [g.tags['Termination'] for g in games] in (
        [a, b] for a in ('normal', 'adjudication') for b in ('normal', 'adjudication'))
    assert len(sent(log, 'U', 'go ponder')) >= 4
    assert len(sent(log, 'U', 'go ponder')) == len(sent(log, 'U', 'ponderhit')) + len(
        sent(log, 'U', 'stop'))
    assert sent(log, 'X', 'hard') == ['hard', 'hard']
