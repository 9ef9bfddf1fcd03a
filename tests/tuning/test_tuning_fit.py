"""Texel's method (needs numpy and scipy, the optional "tune" extra): the loss,
K, and the linearised fit on synthetic data with a known optimum; then the
fit of the engine's own evaluation through ``cazaux-engine tune fit``."""
import json
import math
import os

import numpy as np
import pytest

import search.tuned
from search.tuned import squares_of, values_of, weights_of
from tuning.cli import main
from tuning.parameters import Param, parameters, split
from tuning.texel import fit, fit_k, loss, sigmoid

Q = np.linspace(-800, 800, 33)


def test_sigmoid_and_loss_values():
    assert sigmoid([0], 1.0)[0] == 0.5
    assert sigmoid([400], 1.0)[0] == pytest.approx(1 / 1.1, abs=1e-15)
    assert sigmoid([400], 0.5)[0] == pytest.approx(1 / (1 + 10 ** -0.5), abs=1e-15)
    assert loss([400], [1.0], 1.0) == pytest.approx((1 - 1 / 1.1) ** 2, abs=1e-15)
    assert loss([0, 0], [1.0, 0.0], 1.0) == 0.25
    assert loss([0], [1.0], 1.0, 'log') == pytest.approx(math.log(2), abs=1e-15)
    with pytest.raises(ValueError):
        loss([0], [1.0], 1.0, 'abs')


@pytest.mark.parametrize('kind', ['mse', 'log'])
@pytest.mark.parametrize('K', [0.6, 1.3, 2.2])
def test_fit_k_finds_the_known_optimum(kind, K):
    y = sigmoid(Q, K)                       # results exactly as K predicts: the optimum
    k, e = fit_k(Q, y, kind)
    assert k == pytest.approx(K, abs=1e-4)
    assert e == pytest.approx(loss(Q, y, K, kind), abs=1e-12)


def test_fit_k_on_game_results():
    # 1, 0.5, 0 labels: loss at the fitted K is below the loss at its neighbours
    rng = np.random.default_rng(1)
    q = rng.uniform(-600, 600, 4000)
    y = (rng.random(4000) < sigmoid(q, 1.1)).astype(float)
    k, e = fit_k(q, y)
    assert 0.95 < k < 1.25
    assert e < loss(q, y, k * 1.02) and e < loss(q, y, k / 1.02)


def synthetic(theta_true, K=1.0, n=400, seed=2):
    """A linear 'evaluation' q = X theta with results exactly as K predicts."""
    rng = np.random.default_rng(seed)
    X = rng.normal(0, 1, (n, len(theta_true))) * np.array([2, 40, 5])
    y = sigmoid(X @ np.array(theta_true, dtype=float), K)
    return X, y


PARAMS = [Param('knight', True, 250, 10, 50, 900, True),
          Param('MOBILITY_MG', False, 1.0, 0.5, 0.0, 12.0, False),
          Param('KING_SHELTER', False, 20, 2, 0, 50, True)]


@pytest.mark.parametrize('kind', ['mse', 'log'])
def test_linearised_fit_finds_the_known_optimum(kind):
    X, y = synthetic([310, 2.5, 40])
    calls = []

    def evaluate_all(theta):
        calls.append(np.array(theta))
        return X @ theta
    r = fit(evaluate_all, y, PARAMS, K=1.0, iterations=3, kind=kind)
    assert r.theta.tolist() == [310, 2.5, 40]
    assert r.final_loss == pytest.approx(loss(X @ r.theta, y, 1.0, kind), abs=1e-15)
    assert r.final_loss < r.start_loss
    assert r.no_effect == []
    # the model is exact here: one refresh reaches the optimum, the next one stops
    assert [s.fraction for s in r.steps] == [1.0, 0.0]
    assert calls[0].tolist() == [250, 1.0, 20]
    # passes: the start, a Jacobian, the step; a Jacobian and no step (nothing left)
    assert r.evaluations == len(calls) == 1 + len(PARAMS) + 1 + len(PARAMS)


def test_fit_respects_bounds_and_ridge():
    X, y = synthetic([310, 2.5, 40])
    bounded = [PARAMS[0], PARAMS[1], Param('KING_SHELTER', False, 20, 2, 0, 30, True)]
    r = fit(lambda t: X @ t, y, bounded, K=1.0, iterations=4)
    assert r.theta[2] == 30                                     # at its upper bound
    assert r.theta[0] != 250 and r.theta[1] != 1.0
    # a strong pull toward the start keeps the numbers closer to it
    free = fit(lambda t: X @ t, y, PARAMS, K=1.0, iterations=4)
    pulled = fit(lambda t: X @ t, y, PARAMS, K=1.0, iterations=4, ridge=0.01)
    start = np.array([250, 1.0, 20])
    steps = np.array([10, 0.5, 2])
    assert (np.abs((pulled.theta - start) / steps).sum()
            < np.abs((free.theta - start) / steps).sum())


def test_a_parameter_without_effect_stays_put():
    X, y = synthetic([310, 2.5, 40])
    X[:, 1] = 0
    r = fit(lambda t: X @ t, y, PARAMS, K=1.0, iterations=2)
    assert r.no_effect == ['MOBILITY_MG']
    assert r.theta[1] == 1.0


def test_split_rounds_as_stored():
    ps = parameters('chess', ['knight', 'MOBILITY_MG', 'TEMPO'])
    assert [(p.name, p.is_value, p.integer) for p in ps] == [
        ('knight', True, True), ('MOBILITY_MG', False, False), ('TEMPO', False, True)]
    assert split(ps, [312.6, 2.34567, 11.5]) == ({'knight': 313}, {'MOBILITY_MG': 2.346,
                                                                   'TEMPO': 12})


def test_default_parameters_of_a_variant():
    names = [p.name for p in parameters('oblong44')]
    assert names == ['ferz', 'alfil', 'knight', 'dabbaba', 'MOBILITY_MG', 'MOBILITY_EG',
                     'ADVANCE_MG', 'ADVANCE_EG', 'PASSED_MG', 'PASSED_EG', 'PAWN_CENTRE_MG',
                     'KING_RANK_MG', 'KING_FILE_MG', 'KING_CENTRE_EG', 'KING_SHELTER', 'TEMPO']
    knight = parameters('oblong44', ['knight'])[0]
    assert (knight.start, knight.step, knight.lo, knight.hi) == (333, 10, 100, 1000)   # tuned: 333


def test_every_weight_can_be_fitted():
    from search.tuned import WEIGHTS
    from tuning.parameters import WEIGHT_RANGES
    assert set(WEIGHT_RANGES) == set(WEIGHTS)
    now = parameters('zanzibar-s', ['MOBILITY_NOW_MG', 'MOBILITY_NOW_EG'])
    assert [(p.name, p.start, p.step, p.lo, p.hi, p.integer) for p in now] == [
        ('MOBILITY_NOW_MG', 0, 1, 0, 20, True), ('MOBILITY_NOW_EG', 0, 1, 0, 20, True)]


@pytest.fixture(scope='module')
def chess_positions():
    """Labelled positions of the extraction fixture (tests/tuning/test_tuning_extract.py)."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'data',
                        'tune_games_skip2.tsv')


def test_fit_command_writes_the_tuned_data(tmp_path, capsys, chess_positions):
    out = tmp_path / 'fit.json'
    out.write_text(json.dumps({'pemba': {'values': {'camel': 240}, 'weights': {}}}))
    argv = ['fit', '--variant', 'chess', '--params', 'knight,bishop,TEMPO,MOBILITY_MG',
            '--iterations', '2', '--out', str(out), str(chess_positions)]
    assert main(argv) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0].startswith('17 chess positions (')
    assert lines[0].endswith('; 4 parameters; tuned data: '
                             f'{__import__("search.tuned").tuned.source() or "off"}')
    assert lines[1].startswith('K = ')
    table = lines[lines.index(f'{"parameter":<16} {"untuned":>9} {"start":>9} {"fitted":>9}'):]
    assert [x.split()[0] for x in table[1:5]] == ['knight', 'bishop', 'TEMPO', 'MOBILITY_MG']
    assert table[5] == f'written: chess in {out}'
    data = json.loads(out.read_text())
    assert data['pemba'] == {'values': {'camel': 240}, 'weights': {}}     # kept
    # the fitted values, and those chess's tuned data set already (kept)
    assert set(data['chess']['values']) == {'knight', 'bishop'} | set(values_of('chess'))
    # the fitted weights, and those chess's tuned data set already (kept)
    assert set(data['chess']['weights']) == {'TEMPO', 'MOBILITY_MG'} | set(weights_of('chess'))
    assert isinstance(data['chess']['values']['knight'], int)
    assert isinstance(data['chess']['weights']['TEMPO'], int)
    fitted = {x.split()[0]: float(x.split()[3]) for x in table[1:5]}
    assert {**data['chess']['values'], **data['chess']['weights']} == {
        **values_of('chess'), **weights_of('chess'), **fitted}
    for p in parameters('chess', ['knight', 'bishop', 'TEMPO', 'MOBILITY_MG']):
        assert p.lo <= fitted[p.name] <= p.hi
    # the loss never rises, and the same command gives the same numbers
    before, after = (float(x) for x in text.split('\nloss ')[1].split(' (')[0].split(' -> '))
    assert after <= before
    # the square tables the fit ran with go along (chess's, from its tuned data)
    assert data['chess']['squares'] == squares_of('chess') != {}
    # a new file: the other variants come from the tuned data in use
    out2 = tmp_path / 'fit2.json'
    assert main(argv[:-3] + ['--out', str(out2), str(chess_positions)]) == 0
    data2 = json.loads(out2.read_text())
    assert data2['chess'] == data['chess']
    assert sorted(data2) == sorted(search.tuned.active())
    assert search.tuned.load_tuned(str(out2))['pemba'] == search.tuned.active()['pemba']


def test_fit_of_the_mobility_now_weights(tmp_path, capsys, chess_positions):
    # chess plays with them at 3 and 4 (search/tuned.json): a fit starts there
    out = tmp_path / 'fit.json'
    argv = ['fit', '--variant', 'chess', '--params', 'MOBILITY_NOW_MG,MOBILITY_NOW_EG',
            '--iterations', '1', '--out', str(out), str(chess_positions)]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    table = lines[lines.index(f'{"parameter":<16} {"untuned":>9} {"start":>9} {"fitted":>9}'):]
    assert [x.split()[:3] for x in table[1:3]] == [['MOBILITY_NOW_MG', '0', '3'],
                                                   ['MOBILITY_NOW_EG', '0', '4']]
    weights = json.loads(out.read_text())['chess']['weights']
    # the fitted two, and the threats, open-files, passed pieces' King
    # distance, Bishop pair, pawn structure, King shelter, centralisation,
    # advance, passed, Pawn centre, King placement and tempo weights kept from
    # chess's tuned data (the sixty-second round's fit)
    assert set(weights) == {'MOBILITY_NOW_MG', 'MOBILITY_NOW_EG', 'THREAT_MG', 'THREAT_EG',
                            'OPEN_FILE_MG', 'OPEN_FILE_EG', 'PASSER_KING_EG',
                            'PAIR_MG', 'PAIR_EG', 'ISOLATED_MG', 'ISOLATED_EG', 'DOUBLED_MG',
                            'DOUBLED_EG', 'PHALANX_MG', 'PHALANX_EG', 'KING_SHELTER',
                            'MOBILITY_MG', 'MOBILITY_EG', 'ADVANCE_MG', 'ADVANCE_EG',
                            'PASSED_MG', 'PASSED_EG', 'PAWN_CENTRE_MG', 'KING_RANK_MG',
                            'KING_FILE_MG', 'KING_CENTRE_EG', 'TEMPO'}
    assert (weights['PAIR_MG'], weights['PAIR_EG']) == (30, 60)
    assert (weights['THREAT_MG'], weights['THREAT_EG']) == (38, 40)
    assert (weights['OPEN_FILE_MG'], weights['OPEN_FILE_EG']) == (23, 6)
    assert weights['PASSER_KING_EG'] == 55
    assert (weights['KING_SHELTER'], weights['MOBILITY_MG'], weights['MOBILITY_EG']) == (
        2, 4.157, 4.792)
    assert (weights['PAWN_CENTRE_MG'], weights['TEMPO']) == (8.325, 3)
    assert all(isinstance(weights[k], int) and 0 <= weights[k] <= 20
               for k in ('MOBILITY_NOW_MG', 'MOBILITY_NOW_EG'))


def test_fit_with_no_iterations_measures_only(capsys, chess_positions):
    assert main(['fit', '--variant', 'chess', '--iterations', '0', str(chess_positions)]) == 0
    lines = capsys.readouterr().out.splitlines()
    loss_line = next(x for x in lines if x.startswith('loss '))
    a, b = loss_line.split(' (')[0][5:].split(' -> ')
    assert a == b


def test_fit_errors(tmp_path, capsys, chess_positions):
    assert main(['fit', '--variant', 'pemba', str(chess_positions)]) == 2
    assert capsys.readouterr().err == f'error: no pemba positions in {chess_positions}\n'
    bad = tmp_path / 'bad.json'
    bad.write_text('[]')
    with pytest.raises(SystemExit):
        main(['fit', '--variant', 'chess', '--out', str(bad), str(chess_positions)])
    assert 'expected an object' in capsys.readouterr().err


def test_holdout_keeps_games_whole(chess_positions):
    from cazaux_engine import get_variant
    from tuning.extract import read_samples
    from tuning.fit import split_holdout
    samples = read_samples(chess_positions, get_variant('chess'))
    assert split_holdout(samples, 0) == (samples, [])
    fitted, held = split_holdout(samples, 0.5)
    assert (fitted, held) == split_holdout(samples, 0.5)
    assert sorted(fitted + held, key=samples.index) == samples
    assert not {s.game for s in fitted} & {s.game for s in held}
    assert split_holdout(samples, 0.999)[0] == []


def test_holdout_keeps_the_games_of_one_opening_together():
    from tuning.extract import Sample
    from tuning.fit import split_holdout
    fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'
    # 40 openings, each played twice (a pair), three positions a game; and 40
    # games without an opening, held out by their label
    samples = [Sample(fen, 1.0, f'p.pgn#{2 * o + g}', f'{o:08x}')
               for o in range(40) for g in range(2) for _ in range(3)]
    samples += [Sample(fen, 0.5, f'q.pgn#{n}') for n in range(40) for _ in range(3)]
    fitted, held = split_holdout(samples, 0.5)
    assert len(fitted) + len(held) == len(samples)
    assert not {s.opening for s in fitted if s.opening} & {s.opening for s in held if s.opening}
    assert not {s.game for s in fitted} & {s.game for s in held}
    # the split is a hash of the opening: both sides get some of each kind
    assert (len({s.opening for s in held if s.opening}), len({s.game for s in held if not s.opening})) \
        == (20, 22)


def test_fit_reports_the_held_out_loss(capsys, chess_positions):
    from cazaux_engine import get_variant
    from tuning.extract import read_samples
    from tuning.fit import split_holdout
    fitted, held = split_holdout(read_samples(chess_positions, get_variant('chess')), 0.5)
    assert main(['fit', '--variant', 'chess', '--params', 'TEMPO', '--iterations', '1',
                 '--holdout', '0.5', str(chess_positions)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f'{len(fitted)} chess positions ({len(held)} more held out) (')
    assert any(x.startswith('held-out loss ') and x.endswith(f' ({len(held)} positions)')
               for x in lines)
    with pytest.raises(SystemExit):
        main(['fit', '--variant', 'chess', '--holdout', '1', str(chess_positions)])
    assert '--holdout must be at least 0 and below 1' in capsys.readouterr().err


def test_forked_finite_differences_give_the_same_fit():
    # the passes of a Jacobian in two forked processes: the same passes in
    # the same order, so the same numbers as one process (this platform
    # forks: CI runs on Linux)
    from tuning.texel import evaluate_many
    from tuning.workers import can_fork
    assert can_fork()
    X, y = synthetic([310, 2.5, 40])
    thetas = [np.array([250.0 + i, 1.0, 20.0]) for i in range(5)]
    many = evaluate_many(lambda t: X @ t, thetas, jobs=2)
    assert [q.tolist() for q in many] == [(X @ t).tolist() for t in thetas]
    one = fit(lambda t: X @ t, y, PARAMS, K=1.0, iterations=3)
    two = fit(lambda t: X @ t, y, PARAMS, K=1.0, iterations=3, jobs=2)
    assert two.theta.tolist() == one.theta.tolist() == [310, 2.5, 40]
    assert (two.evaluations, two.final_loss) == (one.evaluations, one.final_loss)


def test_fit_command_with_two_jobs_writes_the_same_numbers(tmp_path, capsys, chess_positions):
    outs = []
    for jobs in ('1', '2'):
        out = tmp_path / f'fit{jobs}.json'
        argv = ['fit', '--variant', 'chess', '--params', 'knight,bishop,TEMPO,MOBILITY_MG',
                '--iterations', '2', '--jobs', jobs, '--out', str(out), str(chess_positions)]
        assert main(argv) == 0
        lines = capsys.readouterr().out.splitlines()
        table = lines[lines.index(f'{"parameter":<16} {"untuned":>9} {"start":>9} {"fitted":>9}'):]
        outs.append((table[1:5], out.read_text()))
    assert outs[0] == outs[1]


@pytest.mark.parametrize('extra, message', [
    (['--jobs', '-1'], '--iterations, --max-positions, --ridge and --jobs must not be negative'),
    (['--jobs', '2', '--squares'], '--jobs applies to the fit of --params, not to --squares'),
])
def test_fit_jobs_errors(capsys, chess_positions, extra, message):
    with pytest.raises(SystemExit) as e:
        main(['fit', '--variant', 'chess'] + extra + [str(chess_positions)])
    assert e.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(f'error: {message}')
