"""``cazaux-engine match`` end to end: tournaments of fake engines and of the
real engine, resuming, SPRT, round robin and gauntlet, bad arguments."""
import io
import shlex
import sys
from pathlib import Path

import chess.pgn
import pytest

from cazaux_engine import VARIANT_NAMES, get_variant, parse_fen, parse_move
from tournament.cli import main
from tournament.arbiter import ArbiterSettings, GameResult
from tournament.engine_spec import parse_engine_spec
from tournament.openings import Opening, Openings, read_opening_file
from tournament.pgn import read_pgn_file
from tournament.runner import PlayedGame, Player, Tournament, TournamentAborted
from tournament.schedule import make_schedule
from tournament.sprt import parse_sprt
from tournament.timecontrol import TimeControl

from tests.conftest import without_repeats

FAKE = Path(__file__).parent.parent / 'fake_engines' / 'fake_engine.py'
PY = shlex.quote(sys.executable)
ENGINE = f'{PY} -m cazaux_engine'


def fake(proto, *args):
    return f'{proto}:{PY} {shlex.quote(str(FAKE))} ' + ' '.join(args)


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def replay(game, variant):
    """Check every move of a PGN game with the rules core; return the final position."""
    pos = parse_fen(variant, game.tags['FEN'])
    for text in game.moves:
        pos.push(parse_move(pos, text))
    return pos


# -- real tournaments -----------------------------------------------------------------------

@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_real_engine_every_variant(tmp_path, capsys, variant):
    """Two instances of this engine, one over UCI and one over XBoard, at a tiny node limit."""
    pgn = tmp_path / 'games.pgn'
    status, out, err = run(
        capsys, '--variant', variant, '--engine', f'cmd="{ENGINE}" proto=uci name=uci',
        '--engine', f'cmd="{ENGINE} --option Evaluation=material" proto=xboard name=xboard',
        '--games', 2, '--nodes', 30, '--maxmoves', 6, '--concurrency', 1, '--pgn', pgn)
    assert status == 0, err
    assert 'warning' not in err
    games = read_pgn_file(str(pgn)).games
    assert [(g.tags['Round'], g.tags['White'], g.tags['Black']) for g in games] == [
        ('1', 'uci', 'xboard'), ('2', 'xboard', 'uci')]
    v = get_variant(variant)
    for g in games:
        assert g.tags['Variant'] == variant and g.tags['SetUp'] == '1'
        assert g.tags['FEN'] == v.start and g.tags['TimeControl'] == '-'
        assert g.tags['Limits'] == 'nodes 30'
        assert g.tags['Termination'] in ('normal', 'adjudication')
        assert g.result == g.tags['Result'] in ('1-0', '0-1', '1/2-1/2')
        assert int(g.tags['PlyCount']) == len(g.moves) <= 12
        replay(g, v)
    assert '[2/2] game 2: xboard - uci' in err and 'game 2:' not in out
    assert 'Score of uci vs xboard:' in out and 'LOS:' in out


def test_fake_chess_pgn_is_valid_for_python_chess(tmp_path, capsys):
    pgn = tmp_path / 'c.pgn'
    status, out, _ = run(capsys, '--variant', 'chess', '--engine', fake('uci', '--seed 5'),
                         '--engine', fake('xboard', '--seed 6'), '--games', 2, '--st', 1,
                         '--maxmoves', 30, '--pgn', pgn)
    assert status == 0
    text = pgn.read_text()
    for g in read_pgn_file(str(pgn)).games:
        pc = chess.pgn.read_game(io.StringIO(text[g.start:g.end]))
        assert pc.errors == []
        assert [m.uci() for m in pc.mainline_moves()] == g.moves
        assert pc.headers['Result'] == g.result
        assert g.tags['TimeControl'] == '1/1'
    # and the runner takes its own PGN as an openings file
    ops = read_opening_file(str(pgn), get_variant('chess'), plies=4)
    assert [list(o.moves) for o in ops] == [g.moves[:4] for g in read_pgn_file(str(pgn)).games]


# -- resuming ------------------------------------------------------------------------------------

def test_resume_and_extend(tmp_path, capsys):
    pgn = tmp_path / 'r.pgn'
    args = ['--variant', 'chess', '--engine', fake('uci', '--name A'),
            '--engine', fake('uci', '--name B', '--seed 1'), '--nodes', 1, '--maxmoves', 3,
            '--concurrency', 1, '--pgn', pgn]
    status, out, err = run(capsys, *args, '--games', 2)
    assert status == 0 and '[2/2]' in err
    first = pgn.read_text()
    # an interrupted write of game 3
    with open(pgn, 'a') as f:
        f.write('[Event "cazaux-engine match"]\n[Round "3"]\n\n1. e2e4 ')
    status, out, err = run(capsys, *args, '--games', 4)
    assert status == 0
    assert 'removed an unfinished game' in err
    assert '2 already in' in out and '[3/4] game 3' in err and '[4/4] game 4' in err
    assert 'game 1:' not in err
    text = pgn.read_text()
    assert text.startswith(first)
    assert [g.tags['Round'] for g in read_pgn_file(str(pgn)).games] == ['1', '2', '3', '4']
    # everything played: nothing more to do, the table is printed again
    status, out, err = run(capsys, *args, '--games', 4)
    assert status == 0 and without_repeats(err) == '' and 'A vs B: 0 - 0 - 4' in out
    assert 'warning: 4 games per pairing from 1 opening, limited by nodes' in err
    # other engines, same file: refused
    status, _, err = run(capsys, *args[:2], '--engine', fake('uci', '--name C'), *args[4:],
                         '--games', 4)
    assert status == 2 and 'another tournament' in err


# -- SPRT, round robin, gauntlet, openings ------------------------------------------------------

def test_sigterm_stops_the_run_as_ctrl_c_does(tmp_path, capsys):
    """A run started in the background ignores SIGINT; `kill` (SIGTERM) ends
    it as Ctrl-C does: exit status 130, the finished games kept, the
    standings printed, and the handler of SIGTERM given back."""
    import os
    import signal
    import threading
    import time
    pgn = tmp_path / 't.pgn'
    before = signal.getsignal(signal.SIGTERM)
    sent = []

    def kill_after_two_games():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if pgn.exists() and pgn.read_text().count('[Round ') >= 2:
                sent.append(True)
                os.kill(os.getpid(), signal.SIGTERM)
                return
            time.sleep(0.05)

    killer = threading.Thread(target=kill_after_two_games, daemon=True)
    killer.start()
    status, out, err = run(capsys, '--variant', 'chess', '--engine', fake('uci', '--name A'),
                           '--engine', fake('uci', '--name B'), '--games', 5000,
                           '--nodes', 1, '--concurrency', 1, '--pgn', pgn)
    killer.join()
    assert sent and status == 130
    assert 'interrupted: finished games are in the PGN file; rerun to continue' in err
    games = len(read_pgn_file(str(pgn)).games)
    assert 2 <= games < 5000 and 'A vs B: ' in out and 'Rank  Name' in out
    assert signal.getsignal(signal.SIGTERM) is before


def test_sprt_stops_when_decided(tmp_path, capsys):
    pgn = tmp_path / 's.pgn'
    status, out, _ = run(capsys, '--variant', 'chess', '--engine', fake('uci', '--name Good'),
                         '--engine', fake('xboard', '--name Bad', '--misbehave resign:1'),
                         '--games', 100, '--nodes', 1, '--concurrency', 1,
                         '--sprt', 'elo0=0,elo1=200', '--pgn', pgn)
    assert status == 0
    # a run of won pairs reaches LLR 2.94 at the 8th pair (see test_match_stats)
    assert len(read_pgn_file(str(pgn)).games) == 16
    assert 'SPRT decided (H1) after 16 games' in out
    assert 'H1 accepted' in out and 'Good vs Bad: 16 - 0 - 0' in out
    assert 'pentanomial): LLR 3.35' in out


def test_sprt_decision_stands_when_games_in_play_pull_the_llr_back(tmp_path):
    """Games under way when the test decides are finished and counted; if
    they pull the LLR back inside the bounds, the summary still gives the
    decision, with the LLR and the game count at which it was taken."""
    chess_v = get_variant('chess')
    spec = parse_engine_spec(fake('uci'))
    schedule = make_schedule(2, 40, Openings([Opening(chess_v.start)]))
    t = Tournament([Player(spec, 'A'), Player(spec, 'B')], chess_v, schedule,
                   ArbiterSettings(TimeControl(nodes=1)), str(tmp_path / 'd.pgn'),
                   sprt=parse_sprt('elo0=0,elo1=200'), out=None)

    def play(p, a_wins):
        result = '1-0' if (p.white == 0) == a_wins else '0-1'
        t.record(p, PlayedGame(GameResult(chess_v.start, result=result,
                                          termination='adjudication', reason='test')))

    for p in schedule[:16]:                 # eight won pairs: LLR 3.35, H1
        play(p, True)
    assert t.decision == 'H1' and t.stop
    assert (t.decided.games, round(t.decided.llr, 2)) == (16, 3.35)
    text = t.standings_text()
    assert 'pentanomial): LLR 3.35 (-2.94, 2.94), H1 accepted\n' in text
    for p in schedule[16:18]:               # the pair in play then: lost, LLR 2.61
        play(p, False)
    text = t.standings_text()
    assert ('pentanomial): LLR 2.61 (-2.94, 2.94), H1 accepted at 16 games (LLR 3.35); '
            '2 games in play then ended since\n') in text
    assert 'no decision yet' not in text
    assert text.endswith('SPRT decided (H1) after 16 games: stopped early')
    assert len(read_pgn_file(str(tmp_path / 'd.pgn')).games) == 18
    assert t.decided.games == 16            # decided once: the record stays


def test_sprt_goes_on_from_earlier_files(tmp_path, capsys):
    """--earlier: an SPRT continued in a new file with new openings counts the
    earlier run's pairs first, and decides where one run would have."""
    one, two = tmp_path / 's1.pgn', tmp_path / 's2.pgn'
    args = ['--variant', 'chess', '--engine', fake('uci', '--name Good'),
            '--engine', fake('xboard', '--name Bad', '--misbehave resign:1'),
            '--nodes', 1, '--concurrency', 1, '--sprt', 'elo0=0,elo1=200']
    status, out, _ = run(capsys, *args, '--games', 10, '--pgn', one)
    assert status == 0 and 'SPRT decided' not in out and 'Good vs Bad: 10 - 0 - 0' in out
    status, out, err = run(capsys, *args, '--games', 100, '--pgn', two, '--earlier', one,
                           '--openings', 'random', '--seed', 3, '--event', 'second')
    assert status == 0
    assert '100 games (round robin, 100 per pairing, 10 counted from --earlier)' in out
    # the 8th won pair decides (as in one run): 3 pairs of this run after 5 earlier ones
    assert [g.tags['Round'] for g in read_pgn_file(str(two)).games] == [str(k) for k in range(1, 7)]
    assert len(read_pgn_file(str(one)).games) == 10          # read, never written
    assert 'SPRT decided (H1) after 6 games (and 10 of --earlier files)' in out
    assert 'Good vs Bad: 16 - 0 - 0' in out and 'pentanomial): LLR 3.35' in out
    assert '[  1/100] game 1: Good - Bad 1-0 {Black resigns} | Good vs Bad: +11 -0 =0' in err
    # resumed: the earlier games still count, and the test stays decided
    status, out, err = run(capsys, *args, '--games', 100, '--pgn', two, '--earlier', one,
                           '--openings', 'random', '--seed', 3, '--event', 'second')
    assert status == 0 and without_repeats(err) == '' and 'SPRT decided (H1) after 6 games' in out
    # games of other engines or another variant, a missing file, the --pgn file itself
    status, _, err = run(capsys, '--variant', 'chess', '--engine', fake('uci', '--name Good'),
                         '--engine', fake('uci', '--name Other'), '--nodes', 1,
                         '--games', 2, '--pgn', tmp_path / 'x.pgn', '--earlier', one)
    assert status == 2 and (f'--earlier {one}: game 1 is Good - Bad; its games must be '
                            'between engines of this match (Good, Other)') in err
    assert not (tmp_path / 'x.pgn').read_text()
    status, _, err = run(capsys, '--variant', 'pemba', '--engine', fake('uci', '--name Good'),
                         '--engine', fake('uci', '--name Bad'), '--nodes', 1,
                         '--games', 2, '--pgn', tmp_path / 'y.pgn', '--earlier', one)
    assert status == 2 and f'--earlier {one}: game 1 is of variant chess, not pemba' in err
    for earlier, message in ((tmp_path / 'none.pgn', 'none.pgn: no such file'),
                             (two, 's2.pgn is the --pgn file, which is resumed anyway')):
        with pytest.raises(SystemExit) as e:
            main([str(a) for a in (*args, '--games', 2, '--pgn', two, '--earlier', earlier)])
        assert e.value.code == 2 and message in capsys.readouterr().err


def test_round_robin_and_gauntlet(tmp_path, capsys):
    engines = []
    for n in 'ABC':
        engines += ['--engine', fake('uci', f'--name {n}', '--misbehave resign:1' if n == 'C' else '')]
    common = ['--variant', 'oblong44', *engines, '--games', 2, '--nodes', 1, '--maxmoves', 2,
              '--concurrency', 2]
    status, out, _ = run(capsys, *common, '--pgn', tmp_path / 'rr.pgn')
    assert status == 0
    games = read_pgn_file(str(tmp_path / 'rr.pgn')).games
    assert sorted((g.tags['White'], g.tags['Black']) for g in games) == [
        ('A', 'B'), ('A', 'C'), ('B', 'A'), ('B', 'C'), ('C', 'A'), ('C', 'B')]
    assert 'Score of A vs B' in out and 'Score of A vs C' in out and 'Score of B vs C' in out
    assert '   3  C ' in out and '0-4-0' in out        # C resigns (UCI: 0000, illegal) every game
    status, out, _ = run(capsys, *common, '--gauntlet', '--pgn', tmp_path / 'g.pgn')
    games = read_pgn_file(str(tmp_path / 'g.pgn')).games
    assert sorted((g.tags['White'], g.tags['Black']) for g in games) == [
        ('A', 'B'), ('A', 'C'), ('B', 'A'), ('C', 'A')]
    assert 'Score of B vs C' not in out


def test_all_setups_each_with_both_colours(tmp_path, capsys):
    pgn = tmp_path / 'a.pgn'
    status, out, _ = run(capsys, '--variant', 'zanzibar-s', '--engine', fake('uci', '--name A'),
                         '--engine', fake('uci', '--name B'), '--games', 4, '--openings', 'all',
                         '--nodes', 1, '--maxmoves', 1, '--concurrency', 1, '--pgn', pgn)
    assert status == 0 and '4 games' in out
    from cazaux_engine.setups import setup_fen
    v = get_variant('zanzibar-s')
    games = read_pgn_file(str(pgn)).games
    assert [(g.tags['FEN'], g.tags['Opening'], g.tags['White']) for g in games] == [
        (setup_fen(v, 1), 'setup 1', 'A'), (setup_fen(v, 1), 'setup 1', 'B'),
        (setup_fen(v, 2), 'setup 2', 'A'), (setup_fen(v, 2), 'setup 2', 'B')]


def test_opening_file_moves_are_book(tmp_path, capsys):
    ops = tmp_path / 'ops.txt'
    ops.write_text('e2e4 e7e5\n')
    pgn = tmp_path / 'o.pgn'
    status, out, _ = run(capsys, '--variant', 'chess', '--engine', fake('uci', '--name A'),
                         '--engine', fake('xboard', '--name B'), '--openings', ops,
                         '--nodes', 1, '--maxmoves', 3, '--pgn', pgn)
    assert status == 0 and '2 games' in out
    for g in read_pgn_file(str(pgn)).games:
        assert g.moves[:2] == ['e2e4', 'e7e5'] and g.comments[:2] == ['book', 'book']
        assert len(g.moves) == 6


# -- engines that cannot play ------------------------------------------------------------------

def test_engine_without_the_variant(tmp_path, capsys):
    status, _, err = run(capsys, '--variant', 'maasai', '--engine', fake('uci'),
                         '--engine', fake('xboard', '--variants chess'), '--nodes', 1,
                         '--pgn', tmp_path / 'x.pgn')
    assert status == 1 and 'engine 2' in err and 'does not play maasai' in err
    status, _, err = run(capsys, '--variant', 'chess', '--engine', fake('uci'),
                         '--engine', 'uci:/nonexistent/engine', '--nodes', 1,
                         '--pgn', tmp_path / 'x.pgn')
    assert status == 1 and 'cannot start' in err


def test_engine_that_stops_starting_ends_the_tournament(tmp_path):
    chess_v = get_variant('chess')
    good = parse_engine_spec(fake('uci', '--name Good'))
    bad = parse_engine_spec(fake('uci', '--misbehave exit-start'))
    schedule = make_schedule(2, 6, Openings([Opening(chess_v.start)]))
    lines = []
    t = Tournament([Player(good, 'Good'), Player(bad, 'Bad')], chess_v, schedule,
                   ArbiterSettings(TimeControl(nodes=1), timeout=10.0), str(tmp_path / 'f.pgn'),
                   concurrency=1, out=lines.append)
    with pytest.raises(TournamentAborted, match='Bad failed to start 3 times in a row'):
        t.run()
    games = read_pgn_file(str(tmp_path / 'f.pgn')).games
    assert [(g.result, g.tags['Termination']) for g in games] == [
        ('1-0', 'abandoned'), ('0-1', 'abandoned'), ('1-0', 'abandoned')]
    assert games[0].final_comment.startswith("Black's engine failed to start (")
    assert len(lines) == 3


# -- arguments --------------------------------------------------------------------------------

def test_help_explains_every_option(capsys):
    with pytest.raises(SystemExit) as e:
        main(['--help'])
    assert e.value.code == 0
    text = capsys.readouterr().out
    for word in ('--variant', '--engine', '--games', '--tc', '--st', '--nodes', '--depth',
                 '--pgn', '--openings', '--concurrency', '--sprt', '--gauntlet', '--margin',
                 '--timeout', '--maxmoves', 'uci:CMD', 'option.NAME=VALUE', 'resume',
                 'Termination', 'LOS', 'examples:', '--cluster', '--shuffle', '--opening-start',
                 '--repeat', '--quiet', '--earlier', 'ponderhit', 'crosstable', 'FILE.standings.txt',
                 'dask worker', 'unknown or misspelt field'):
        assert word in text, word


@pytest.mark.parametrize('argv, message', [
    (['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--pgn', 'x'], 'give a time control'),
    (['--variant', 'chess', '--engine', 'a', '--nodes', '1', '--pgn', 'x'], 'at least two engines'),
    (['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--engine', 'c', '--nodes', '1',
      '--sprt', 'elo0=0,elo1=5', '--pgn', 'x'], 'exactly two engines'),
    (['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--tc', '10+x', '--pgn', 'x'],
     'time control'),
    (['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--nodes', '1', '--openings',
      'no-such-file', '--pgn', 'x'], 'cannot read openings file'),
    (['--variant', 'xiangqi', '--engine', 'a', '--engine', 'b', '--nodes', '1', '--pgn', 'x'],
     'invalid choice'),
    (['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--nodes', '1', '--pgn',
      '/nonexistent-dir/x.pgn'], 'cannot write --pgn'),
    (['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--nodes', '1', '--each',
      'proto=bogus', '--pgn', 'x'], "--each 'proto=bogus': proto must be one of auto, uci, xboard"),
    (['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--nodes', '1', '--each',
      'option.=5', '--pgn', 'x'], "--each 'option.=5': option. needs a name"),
    (['--variant', 'chess', '--engine', 'a', '--engine', 'b', '--nodes', '1', '--each',
      'name=x', '--pgn', 'x'], "--each 'name=x': cmd= and name= belong to one --engine"),
    (['--variant', 'chess', '--engine', 'cmd=a proto=cecp', '--engine', 'b', '--nodes', '1',
      '--pgn', 'x'], "--engine 'cmd=a proto=cecp': proto must be one of auto, uci, xboard"),
])
def test_bad_arguments(capsys, argv, message):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert message in capsys.readouterr().err


# -- time odds, illegal-move forfeits counted apart, openings ----------------------------------------

def test_time_odds_and_per_engine_limits(tmp_path, capsys):
    pgn = tmp_path / 't.pgn'
    status, out, err = run(capsys, '--variant', 'chess',
                           '--engine', f'cmd="{fake("uci", "--name A")[4:]}" proto=uci tc=30+0.5',
                           '--engine', f'cmd="{fake("xboard", "--name B")[7:]}" proto=xboard '
                                       'nodes=50 depth=2',
                           '--maxmoves', 2, '--concurrency', 1, '--pgn', pgn)
    assert status == 0, err
    assert 'limits per engine' in out
    assert '  A (uci): 30+0.5; sent: 30+0.5' in out
    assert '  B (xboard): depth 2, nodes 50; sent: st 1, sd 2, nps 50' in out
    games = read_pgn_file(str(pgn)).games
    assert [(g.tags['WhiteTimeControl'], g.tags['BlackTimeControl']) for g in games] == [
        ('30+0.5', '-'), ('-', '30+0.5')]
    assert games[0].tags['BlackLimits'] == 'depth 2, nodes 50' and 'TimeControl' not in games[0].tags
    # --each gives limits to every engine; an engine's own replace them
    status, out, err = run(capsys, '--variant', 'chess', '--engine', fake('uci', '--name A'),
                           '--engine', f'cmd="{fake("uci", "--name B")[4:]}" proto=uci st=0.5',
                           '--each', 'tc=20+0.2', '--maxmoves', 1, '--pgn', tmp_path / 'e.pgn')
    assert status == 0, err
    assert '  A (uci): 20+0.2;' in out and '  B (uci): 0.5s/move;' in out


@pytest.mark.parametrize('argv, message', [
    (['--engine', 'cmd=a tc=10+0.1', '--engine', 'b'], 'engine 2 (b) has no limit'),
    (['--engine', 'cmd=a tc=10 st=1', '--engine', 'b', '--nodes', '1'], 'give tc= or st=, not both'),
    (['--engine', 'cmd=a tc=ten', '--engine', 'b', '--nodes', '1'], "time control 'ten'"),
    (['--engine', 'cmd=a nodes=0', '--engine', 'b', '--nodes', '1'],
     "nodes='0' must be a whole number above 0"),
])
def test_bad_engine_limits(capsys, argv, message):
    with pytest.raises(SystemExit) as e:
        main(['--variant', 'chess', *argv, '--pgn', 'x'])
    assert e.value.code == 2
    assert message in capsys.readouterr().err


def test_games_lost_by_illegal_moves_are_counted_apart(tmp_path, capsys):
    # "Other" plays an illegal third move.  From the start it gets there in both
    # games (plies 5 and 6); after the book move e2e4 only as Black (ply 6), the
    # game being adjudicated after 6 plies: three games lost by an illegal move
    ops = tmp_path / 'ops.txt'
    ops.write_text(f'{get_variant("chess").start}\ne2e4\n')
    pgn = tmp_path / 'i.pgn'
    args = ['--variant', 'chess', '--engine', fake('uci', '--name Rules'),
            '--engine', fake('xboard', '--name Other', '--misbehave illegal:3'),
            '--openings', ops, '--nodes', 1, '--maxmoves', 3, '--concurrency', 1, '--pgn', pgn]
    status, out, _ = run(capsys, *args, '--games', 2)
    status, out, _ = run(capsys, *args, '--games', 4)     # two more, two read back from the PGN
    assert status == 0
    games = read_pgn_file(str(pgn)).games
    assert [g.tags['Termination'] for g in games] == ['rules infraction'] * 3 + ['adjudication']
    assert [g.final_comment.split(':')[0] for g in games[:3]] == [
        'Black makes an illegal move', 'White makes an illegal move',
        'Black makes an illegal move']
    assert 'Score of Rules vs Other: 3 - 0 - 1' in out
    assert 'Ptnml(0-2): 0, 0, 0, 1, 1 (2 pairs)' in out
    assert 'Lost by an illegal move: Rules 0, Other 3; decided on the board: 0 - 0 - 1' in out
    assert 'Games lost by an illegal move: Rules 0, Other 3' in out


def test_balanced_openings_are_shipped_for_every_variant():
    from cazaux_engine.setups import setup_count, setup_fen
    from tournament.openings import load_openings
    for name in VARIANT_NAMES:
        v = get_variant(name)
        ops = load_openings('balanced', v).items
        assert len(ops) == 50, name
        starts = {v.start} | {setup_fen(v, i) for i in range(1, min(setup_count(v), 400) + 1)}
        ends = set()
        for k, op in enumerate(ops, 1):
            assert op.label == f'balanced {k}' and len(op.moves) == 4
            assert op.fen in starts or setup_count(v) > 400
            pos = parse_fen(v, op.fen)
            for m in op.moves:
                pos.push(parse_move(pos, m))
            ends.add((tuple(pos.board), pos.turn))
        assert len(ends) == 50, name         # no two openings reach the same position


def test_balanced_openings_in_a_match(tmp_path, capsys):
    pgn = tmp_path / 'b.pgn'
    status, out, _ = run(capsys, '--variant', 'pemba', '--engine', fake('uci', '--name A'),
                         '--engine', fake('xboard', '--name B'), '--openings', 'balanced',
                         '--games', 4, '--nodes', 1, '--maxmoves', 6, '--concurrency', 1,
                         '--pgn', pgn)
    assert status == 0 and '4 games' in out
    from tournament.openings import load_openings
    ops = load_openings('balanced', get_variant('pemba')).items
    games = read_pgn_file(str(pgn)).games
    assert [g.tags['Opening'] for g in games] == ['balanced 1', 'balanced 1', 'balanced 2',
                                                  'balanced 2']
    assert games[0].moves[:4] == list(ops[0].moves) == games[1].moves[:4]
    assert games[0].comments[:4] == ['book'] * 4


def test_epd_and_san_openings(tmp_path):
    chess_v = get_variant('chess')
    epd = tmp_path / 'o.epd'
    epd.write_text('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id "x";\n'
                   'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 3; fmvn 7;\n'
                   'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves e5 Nf3\n'
                   '1. e4 e5 2. Nf3 Nc6 3. O-O\n')
    with pytest.raises(Exception, match='o.epd:4: O-O: no such castling here'):
        read_opening_file(str(epd), chess_v)
    epd.write_text(epd.read_text().replace(' 3. O-O', ' 3. Bb5'))
    ops = read_opening_file(str(epd), chess_v)
    assert [o.fen.split()[-2:] for o in ops] == [['0', '1'], ['3', '7'], ['0', '1'], ['0', '1']]
    assert ops[2].moves == ('e7e5', 'g1f3')
    assert ops[3].moves == ('e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5')
    pgn = tmp_path / 'o.pgn'
    pgn.write_text('[Event "x"]\n[Variant "chess"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n\n')
    assert read_opening_file(str(pgn), chess_v)[0].moves == ('d2d4', 'd7d5', 'c2c4', 'e7e6',
                                                             'b1c3')


def test_balanced_openings_generator(tmp_path, capsys):
    from tournament.balanced import main as make_books
    from tournament.openings import read_opening_file
    assert make_books(['--variants', 'oblong44,zanzibar-s', '--count', '3', '--nodes', '300',
                       '--out', str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert 'oblong44: 3 openings' in out and 'zanzibar-s: 3 openings' in out
    for name in ('oblong44', 'zanzibar-s'):
        text = (tmp_path / f'{name}.txt').read_text()
        assert text.startswith(f'# Balanced openings for {name}: 3 positions 4 plies deep')
        assert f'--variants {name} --count 3 --plies 4 --nodes 300 --margin 50 --seed 1' in text
        ops = read_opening_file(str(tmp_path / f'{name}.txt'), get_variant(name))
        assert len(ops) == 3 and all(len(o.moves) == 4 for o in ops)
        scores = [int(line.rsplit('#', 1)[1]) for line in text.splitlines()[3:]]
        assert all(abs(s) <= 50 for s in scores)
    # the same arguments, the same openings
    again = tmp_path / 'again'
    make_books(['--variants', 'oblong44', '--count', '3', '--nodes', '300', '--out', str(again)])
    assert (again / 'oblong44.txt').read_text() == (tmp_path / 'oblong44.txt').read_text()
