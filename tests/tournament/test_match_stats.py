"""The tournament runner's arithmetic: Elo, error bars, LOS, SPRT, clocks,
time controls, engine arguments and the schedule.

Known values are worked out by hand in the comments (n = 100 games).
"""
import math

import pytest

from tournament.elo import Elo, Pentanomial, elo_from_score, fmt_elo, score_from_elo
from tournament.engine_spec import (EngineSpecError, assign_names, parse_engine_spec,
                                             parse_fields)
from tournament.openings import Opening, Openings
from tournament.report import Standings, final_table
from tournament.schedule import make_schedule, pairs
from tournament.sprt import Sprt, SprtError, parse_sprt
from tournament.timecontrol import Clock, TimeControl, TimeControlError, parse_tc


# -- Elo -----------------------------------------------------------------------------

def test_elo_of_scores():
    assert elo_from_score(0.5) == 0.0
    # 0.75 = 1/(1+10^(-d/400))  <=>  d = 400 log10(3) = 190.848...
    assert elo_from_score(0.75) == pytest.approx(190.848501887865, abs=1e-9)
    assert elo_from_score(0.25) == pytest.approx(-190.848501887865, abs=1e-9)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf
    assert score_from_elo(190.848501887865) == pytest.approx(0.75, abs=1e-12)


def test_elo_30_wins_20_losses_50_draws():
    e = Elo(30, 20, 50)
    # score 0.55; Elo 400 log10(0.55/0.45) = 400 * 0.0871502 = 34.8601
    assert e.score == 0.55
    assert e.diff == pytest.approx(34.8601, abs=1e-4)
    # variance (30*0.45^2 + 20*0.55^2 + 50*0.05^2)/100 = 0.1225, error sqrt(0.1225/100) = 0.035
    assert e.variance == pytest.approx(0.1225, abs=1e-12)
    # score interval 0.55 -/+ 1.959964*0.035 = [0.481401, 0.618599],
    # in Elo [-12.930, 84.011]: margin 48.470
    lo, hi = 0.55 - 1.959963984540054 * 0.035, 0.55 + 1.959963984540054 * 0.035
    assert e.margin == pytest.approx((elo_from_score(hi) - elo_from_score(lo)) / 2, abs=1e-9)
    assert e.margin == pytest.approx(48.4702, abs=1e-3)
    # LOS 1/2 (1 + erf(10 / sqrt(100))) = 1/2 (1 + erf(1)) = 0.92135
    assert e.los == pytest.approx(0.5 * (1 + math.erf(1.0)), abs=1e-12)
    assert e.los == pytest.approx(0.921350, abs=1e-6)
    assert e.draw_ratio == 0.5


def test_elo_without_draws():
    e = Elo(60, 40, 0)
    # score 0.6: Elo 400 log10(1.5) = 70.437; variance 0.24, error sqrt(0.0024) = 0.04899,
    # score interval [0.503982, 0.696018], in Elo [2.767, 143.909]: margin 70.571
    assert e.diff == pytest.approx(70.4365, abs=1e-4)
    se = math.sqrt(0.24 / 100)
    lo, hi = 0.6 - 1.959963984540054 * se, 0.6 + 1.959963984540054 * se
    assert e.margin == pytest.approx((elo_from_score(hi) - elo_from_score(lo)) / 2, abs=1e-9)
    assert e.margin == pytest.approx(70.5712, abs=1e-3)
    # LOS 1/2 (1 + erf(20 / sqrt(200))) = 1/2 (1 + erf(sqrt 2)) = 0.97725
    assert e.los == pytest.approx(0.5 * (1 + math.erf(20 / math.sqrt(200))), abs=1e-12)
    assert e.los == pytest.approx(0.977250, abs=1e-6)


def test_unbounded_interval():
    # 18 wins, 2 draws: score 0.95, variance (18*0.05^2 + 2*0.45^2)/20 = 0.0225,
    # error sqrt(0.0225/20) = 0.033541; the interval [0.884261, 1.015739] reaches 1
    e = Elo(18, 0, 2)
    lo, hi = e.interval
    assert lo == pytest.approx(elo_from_score(0.95 - 1.959963984540054 * math.sqrt(0.0225 / 20)))
    assert lo == pytest.approx(353.240, abs=1e-3)
    assert hi == math.inf and math.isnan(e.margin)


def test_elo_edge_cases():
    assert math.isnan(Elo(0, 0, 0).diff)
    assert Elo(0, 0, 0).los == 0.5
    assert Elo(5, 0, 0).diff == math.inf
    assert math.isnan(Elo(5, 0, 0).margin)
    assert Elo(0, 0, 4).diff == 0.0 and Elo(0, 0, 4).margin == 0.0
    assert fmt_elo(-0.0) == '+0.0' and fmt_elo(math.inf) == '+inf' and fmt_elo(math.nan) == '-'


# -- pentanomial statistics ---------------------------------------------------------------
#
# Known values: fastchess's own tests (Disservin/fastchess, app/tests/elo_test.cpp,
# "EloPentanomial 1..3"; its Stats(LL, LD, WL, DD, WD, WW)), which print two decimals.

@pytest.mark.parametrize('pairs, elo, margin, nelo, nelo_margin, los', [
    ((34, 54, 31, 32, 64, 75), 55.58, 27.65, 57.94, 28.28, 1.0000),
    ((332, 433, 457, 41, 333, 334), -8.64, 10.33, -9.17, 10.96, 0.0505),
    ((7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95, -19.01, 2.65, 0.0000),
])
def test_pentanomial_elo_fastchess_values(pairs, elo, margin, nelo, nelo_margin, los):
    e = Pentanomial.from_pairs(*pairs)
    assert round(e.diff, 2) == elo and round(e.margin, 2) == margin
    assert round(e.nelo, 2) == nelo and round(e.nelo_margin, 2) == nelo_margin
    assert round(e.los, 4) == los


def test_pentanomial_by_hand():
    # two pairs: 1 1/2 points (W D) and 1 point (W L): mean 0.625 per game, a pair's
    # variance (0.125^2 + 0.125^2) / 2 = 0.015625, error sqrt(0.015625 / 2) = 0.0883883
    e = Pentanomial((0, 0, 1, 1, 0))
    assert (e.pairs, e.score, e.variance) == (2, 0.625, 0.015625)
    se = math.sqrt(0.015625 / 2)
    lo, hi = 0.625 - 1.959963984540054 * se, 0.625 + 1.959963984540054 * se
    assert e.margin == pytest.approx((elo_from_score(hi) - elo_from_score(lo)) / 2, abs=1e-9)
    # nElo (0.625 - 0.5) / sqrt(2 * 0.015625) * 800 / ln 10 = 0.7071068 * 347.43559 = 245.67
    assert e.nelo == pytest.approx(0.125 / math.sqrt(0.03125) * 800 / math.log(10), abs=1e-9)
    # LOS 1/2 (1 + erf(0.125 / sqrt(2 * 0.015625 / 2))) = 1/2 (1 + erf(1))
    assert e.los == pytest.approx(0.5 * (1 + math.erf(1.0)), abs=1e-12)
    assert Pentanomial.from_pairs(1, 2, 3, 4, 5, 6).counts == (1, 2, 7, 5, 6)
    empty = Pentanomial((0,) * 5)
    assert math.isnan(empty.diff) and empty.los == 0.5 and math.isnan(empty.nelo)
    assert Pentanomial((0, 0, 3, 0, 0)).diff == 0.0 and Pentanomial((0, 0, 3, 0, 0)).margin == 0.0


def test_standings_pair_games_and_count_illegal_moves():
    t = Standings(['A', 'B'])
    # pair 0: A wins with White, draws with Black; pair 1: A loses with White, wins
    # with Black (a loss and a win make a 1-point pair, counted with the draws)
    t.add(0, 1, '1-0', pair=(0, 1, 0))
    assert t.pentanomial(0, 1).counts == (0, 0, 0, 0, 0)       # half a pair: not counted
    t.add(1, 0, '1/2-1/2', pair=(0, 1, 0))
    t.add(0, 1, '0-1', pair=(0, 1, 1), illegal=1)               # A's illegal move
    t.add(1, 0, '0-1', pair=(0, 1, 1))
    assert t.pentanomial(0, 1).counts == (0, 0, 1, 1, 0)
    assert t.pentanomial(1, 0).counts == (0, 1, 1, 0, 0)
    assert t.pentanomial(0).counts == (0, 0, 1, 1, 0)          # against the field
    assert t.sprt_results(0, 1) == (0, 0, 1, 1, 0)
    assert (t.lost_by_illegal_move(0), t.lost_by_illegal_move(1)) == (1, 0)
    text = final_table(t, [(0, 1)])
    assert 'Ptnml(0-2): 0, 0, 1, 1, 0 (2 pairs)' in text
    # on the board 2 - 0 - 1: score 5/6, Elo 400 log10(5) = +279.6; per-game variance
    # (2 (1/6)^2 + (1/3)^2) / 3 = 1/18, score interval 5/6 -/+ 1.96 sqrt(1/54) reaches 1
    assert ('Lost by an illegal move: A 1, B 0; decided on the board: 2 - 0 - 1, '
            'Elo +279.6 +/- - (95% interval +46.6 to +inf) (trinomial)' in text)
    assert 'Games lost by an illegal move: A 1, B 0' in text
    # one game per pairing: no pairs, the trinomial model
    u = Standings(['A', 'B'], paired=False)
    u.add(0, 1, '1-0')
    assert u.sprt_results(0, 1) == (0, 0, 1) and u.model(0, 1) == Elo(1, 0, 0)


# -- SPRT --------------------------------------------------------------------------------
#
# Known values: fastchess's tests (app/tests/sprt_test.cpp), which fishtest's LLRcalc.py
# (LLR_logistic, LLR_normalized) gives as well; printed there with two decimals.
# Its Stats(W, L, D) is (losses, draws, wins) here, its Stats(LL, LD, WL, DD, WD, WW)
# the pairs (LL, LD, WL + DD, WD, WW).

@pytest.mark.parametrize('model, elo0, elo1, results, llr', [
    ('normalized', 0, 2, (36027, 68692, 36433), 0.92),
    ('normalized', -1.75, 0.25, (10650, 20431, 10871), 2.30),
    ('logistic', 0.5, 2.5, (21184, 40708, 21404), -1.57),
    ('logistic', 0, 2, (57030, 106593, 57433), -2.59),
    ('normalized', 0, 2, (365, 16618, 36029 + 200, 16974, 390), 2.25),
    ('normalized', -1.75, 0.25, (127, 4883, 10311 + 401, 5150, 104), 3.01),
    ('logistic', 0.5, 2.5, (223, 9863, 20279 + 1000, 10037, 246), -3.07),
    ('logistic', 0, 2, (871, 26175, 55003 + 980, 26678, 821), -4.98),
])
def test_sprt_llr_fastchess_values(model, elo0, elo1, results, llr):
    assert round(Sprt(elo0, elo1, model=model).llr(results), 2) == llr


def test_sprt_bounds_and_decisions():
    s = Sprt(0, 5)
    assert s.lower == pytest.approx(math.log(0.05 / 0.95))
    assert s.upper == pytest.approx(math.log(0.95 / 0.05)) == pytest.approx(2.944439, abs=1e-6)
    assert s.llr((0, 0, 0, 0, 0)) == 0.0 and s.llr((0, 0, 0)) == 0.0
    assert Sprt(0.5, 2.5).decision((21184, 40708, 21404)) is None      # LLR -1.57
    assert s.decision((400, 1000, 600)) == 'H1' and s.decision((600, 1000, 400)) == 'H0'
    # a run of won pairs: each adds about log(s1 / s0) (the counts of 0 are 0.001), so
    # 0 against 5 Elo takes some 200 pairs, 0 against 200 Elo (s1 0.7597) 8
    assert s.llr((0, 0, 0, 0, 10)) == pytest.approx(10 * math.log(score_from_elo(5) / 0.5),
                                                    rel=1e-3)
    wide = Sprt(0, 200)
    assert [n for n in range(1, 20) if wide.decision((0, 0, 0, 0, n))][0] == 8
    assert [n for n in range(1, 20) if wide.decision((n, 0, 0, 0, 0))][0] == 5
    # the engines' roles swapped (mirrored counts, elo0 and elo1 negated and so swapped):
    # the opposite LLR
    assert Sprt(0, 5).llr((3, 5, 7, 4, 2)) == pytest.approx(-Sprt(-5, 0).llr((2, 4, 7, 5, 3)),
                                                           abs=1e-9)


def test_parse_sprt():
    assert parse_sprt('elo0=0,elo1=5') == Sprt(0, 5, 0.05, 0.05)
    assert parse_sprt('elo0=-2, elo1=3, alpha=0.1, beta=0.2') == Sprt(-2, 3, 0.1, 0.2)
    assert parse_sprt('elo0=0,elo1=2,model=normalized').model == 'normalized'
    for bad in ('elo0=0', 'elo0=5,elo1=0', 'elo0=0,elo1=x', 'foo=1', 'elo0=0,elo1=5,alpha=0.7',
                'elo0=0,elo1=5,model=bayes', 'elo0=nan,elo1=5'):
        with pytest.raises(SprtError):
            parse_sprt(bad)


# -- time controls and clocks ------------------------------------------------------------

def test_parse_tc():
    assert parse_tc('10+0.1') == TimeControl(0, 10.0, 0.1)
    assert parse_tc('40/60') == TimeControl(40, 60.0, 0.0)
    assert parse_tc('40/1:30+2') == TimeControl(40, 90.0, 2.0)
    assert parse_tc('0.5') == TimeControl(0, 0.5, 0.0)
    for bad in ('', 'abc', '10+', '/10', '0+1', '10+0.1+2'):
        with pytest.raises(TimeControlError):
            parse_tc(bad)


def test_pgn_time_control_tags():
    assert parse_tc('10+0.1').pgn() == '10+0.1'
    assert parse_tc('40/60').pgn() == '40/60'
    assert parse_tc('1:00').pgn() == '60'
    assert TimeControl(movetime=5).pgn() == '1/5'
    assert TimeControl(nodes=100).pgn() == '-'
    assert TimeControl(nodes=100, depth=3).describe() == 'depth 3, nodes 100'
    assert TimeControl(0, 10, 0.1, nodes=5).describe() == '10+0.1, nodes 5'


def test_clock_increment_and_sessions():
    c = Clock(parse_tc('2/10+1'), margin=0.1)
    assert c.budget() == 10.0 and c.moves_to_go() == 2
    assert c.charge(4.0) and c.left == 7.0 and c.moves_to_go() == 1
    assert c.charge(3.0) and c.left == 15.0 and c.moves_to_go() == 2   # +1, then +10
    assert c.charge(15.05) and c.left == 1.0     # 0.05 over: within the margin
    assert not c.charge(1.2)                     # 0.2 over: the flag falls


def test_clock_fixed_time_and_none():
    c = Clock(TimeControl(movetime=2.0), margin=0.1)
    assert c.budget() == 2.0
    assert c.charge(2.05) and c.budget() == 2.0
    assert not c.charge(2.2)
    c = Clock(TimeControl(nodes=10))
    assert c.budget() is None and c.charge(1000.0)


# -- engine arguments --------------------------------------------------------------------

def test_engine_spec_forms():
    s = parse_engine_spec('cazaux-engine --option Evaluation=material')
    assert (s.argv, s.proto, s.name, s.options) == (
        ['cazaux-engine', '--option', 'Evaluation=material'], 'auto', None, {})
    s = parse_engine_spec('xboard:fairymax 2')
    assert (s.argv, s.proto) == (['fairymax', '2'], 'xboard')
    s = parse_engine_spec("cmd='./eng -x' proto=uci name='My Eng' dir=engines/x option.Hash=16 "
                          "'option.Move Overhead=10'")
    assert (s.argv, s.proto, s.name, s.dir) == (['./eng', '-x'], 'uci', 'My Eng', 'engines/x')
    assert s.options == {'Hash': '16', 'Move Overhead': '10'}
    assert parse_engine_spec('cmd=uci:eng').proto == 'uci'
    for bad in ('', 'name=x', 'cmd=x proto=cecp', "cmd='x"):
        with pytest.raises(EngineSpecError):
            parse_engine_spec(bad)
    assert parse_fields('option.Hash=16 proto=uci') == {'option.Hash': '16', 'proto': 'uci'}
    with pytest.raises(EngineSpecError):
        parse_fields('Hash=16')


def test_engine_names():
    a = parse_engine_spec('eng')
    b = parse_engine_spec('eng --fast')
    c = parse_engine_spec('cmd=eng name=Third')
    assert assign_names([a, b, c], [None, None, 'x']) == ['eng', 'eng (--fast)', 'Third']
    assert assign_names([a, a], ['E 1', 'E 1']) == ['E 1 #1', 'E 1 #2']
    assert assign_names([a, c.with_options({'Hash': '1'})], ['E', 'E']) == ['E', 'Third']


# -- schedule ---------------------------------------------------------------------------------

def test_round_robin_and_gauntlet():
    assert pairs(3) == [(0, 1), (0, 2), (1, 2)]
    assert pairs(4, gauntlet=True) == [(0, 1), (0, 2), (0, 3)]
    ops = Openings([Opening('A'), Opening('B')])
    s = make_schedule(2, 5, ops)
    assert [(p.round, p.white, p.black, p.opening.fen) for p in s] == [
        (1, 0, 1, 'A'), (2, 1, 0, 'A'), (3, 0, 1, 'B'), (4, 1, 0, 'B'), (5, 0, 1, 'A')]
    g = make_schedule(3, 2, ops, gauntlet=True)
    assert [(p.white, p.black) for p in g] == [(0, 1), (0, 2), (1, 0), (2, 0)]


def test_schedule_is_a_prefix_when_extended():
    ops = Openings([Opening('A'), Opening('B'), Opening('C')])
    short = make_schedule(3, 4, ops)
    long = make_schedule(3, 10, ops)
    assert long[:len(short)] == short


# -- adjudication arguments ------------------------------------------------------------------

def test_parse_adjudication():
    from tournament.adjudication import (AdjudicationError, Draw, Resign, parse_draw,
                                                  parse_resign)
    assert parse_resign('movecount=3,score=600') == Resign(3, 600)
    assert parse_draw('movenumber=40, movecount=8, score=10') == Draw(40, 8, 10)
    for bad in ('movecount=3', 'movecount=0,score=5', 'movecount=x,score=5', 'score=5,foo=1'):
        with pytest.raises(AdjudicationError):
            parse_resign(bad)
    with pytest.raises(AdjudicationError):
        parse_draw('movecount=8,score=10')
