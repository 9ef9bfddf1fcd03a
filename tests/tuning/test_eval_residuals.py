"""benchmarks/strength/eval_residuals.py: the candidate chess features, counted on positions."""
import chess
import pytest

from conftest import script_module


@pytest.fixture(scope='module')
def er():
    return script_module('benchmarks', 'strength', 'eval_residuals.py')


def test_pawn_features_of_a_position(er):
    # White: a2 b2 (beside each other), d2 d3 (doubled and isolated), King a1;
    # Black: h7 (isolated), King a8
    f = er.features(chess.Board('k7/7p/8/8/8/3P4/PP1P4/K7 w - - 0 1'))
    assert (f['doubled'], f['isolated'], f['phalanx'], f['backward'], f['defended_pawns']) == (-1, -1, 2, 0, 0)
    assert f['pawn_shield'] == 4            # a2 and b2 in front of a1: 2 each
    assert f['space'] == 10 - 12            # c2-f4 less d2 d3; Black's c7-f5, all free
    assert f['king_zone_attack'] == f['king_centre_files'] == f['safe_mobility_queen'] == 0
    assert er.phase(chess.Board('k7/7p/8/8/8/3P4/PP1P4/K7 w - - 0 1')) == 0


def test_king_features_of_a_position(er):
    board = chess.Board()
    for san in ('e4', 'e5', 'Qh5'):
        board.push_san(san)
    f = er.features(board)
    # Qh5 reaches f7 of the zone of e8 (a Queen counts 5 per square); nothing
    # of Black's reaches the zone of e1; both Kings on the centre files with
    # the enemy Queen on the board
    assert (f['king_zone_attack'], f['king_zone_attackers'], f['king_centre_files']) == (5, 1, 0)
    assert f['undeveloped_minors'] == 0 and er.phase(board) == 1
    # Qh5: f7 h7 g5 f5 e5 h4 h3 g4 f3 e2 d1 (g6 and h6 are guarded by Black's
    # pawns); Qd8: e7 f6 g5 h4
    assert f['safe_mobility_queen'] == 11 - 4


def test_a_file_without_chess_positions_is_refused(er, tmp_path):
    p = tmp_path / 'pemba.tsv'
    p.write_text('pemba\tsome fen\t1-0\tx.pgn#1\tabc\n')
    with pytest.raises(SystemExit) as e:
        er.main([str(p)])
    assert 'no chess positions' in str(e.value)
    with pytest.raises(SystemExit) as e:
        er.main([str(tmp_path / 'missing.tsv')])
    assert 'missing.tsv' in str(e.value)


def test_the_results_fit_runs_without_a_reference_engine(er, tmp_path, capsys):
    # main() once imported python-chess's engine module inside its
    # "--reference" branch, which made "chess" a local name of main(): without
    # --reference the first position failed with UnboundLocalError
    board = chess.Board()
    rows = []
    for k, uci in enumerate(('e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5a4', 'g8f6',
                             'e1g1', 'f8e7', 'f1e1', 'b7b5', 'a4b3', 'd7d6', 'c2c3', 'e8g8')):
        board.push_uci(uci)
        rows.append(f'chess\t{board.fen()}\t{("1-0", "1/2-1/2", "0-1")[k % 3]}\tg.pgn#{k}\t-\n')
    p = tmp_path / 'chess.tsv'
    p.write_text(''.join(rows))
    assert er.main([str(p), '--count', '16']) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith('16 positions (4 held out); results: held-out error ')
    assert out[1].split() == ['feature', 'mean', '|x|', 'results', 'mg', 'eg']
