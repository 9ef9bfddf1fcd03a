"""Playing levels (search/level.py): the scale, the choice, its seed, its pace."""
import random
import time

import pytest

from cazaux_engine import start_position
from cazaux_engine.variants import VARIANT_NAMES
from search import Limits, Searcher
from search import params as P
from search.level import (ELO_AT_SKILL, MAX_ELO, MAX_SKILL, MIN_ELO, RANDOM_MARGIN, Level,
                          elo_of_skill, random_pick, skill_of_elo, weighted_pick)


def test_the_scale_runs_from_a_beginner_to_full_strength():
    assert MIN_ELO <= 1000 and not Level(MAX_SKILL).active
    assert list(ELO_AT_SKILL) == sorted(set(ELO_AT_SKILL))
    assert skill_of_elo(MIN_ELO - 100) == 0 and skill_of_elo(MAX_ELO + 100) == MAX_SKILL
    for s in range(MAX_SKILL + 1):
        assert skill_of_elo(ELO_AT_SKILL[s]) == s and elo_of_skill(s) == ELO_AT_SKILL[s]


def test_a_lower_level_searches_shallower_and_chooses_more_widely():
    levels = [Level(s) for s in range(MAX_SKILL)]
    for weak, strong in zip(levels, levels[1:]):
        assert weak.depth <= strong.depth
        assert weak.spread >= strong.spread and weak.margin >= strong.margin
    assert levels[0].depth == 1 and levels[0].margin >= 300      # a beginner may drop a piece
    assert levels[-1].margin <= 40                                # a strong level hardly errs


def test_the_choice_never_goes_past_the_margin_and_favours_the_best():
    rng = random.Random(3)
    scored = [(50, 'a'), (40, 'b'), (0, 'c'), (-400, 'd')]
    picks = [weighted_pick(scored, 20, 60, rng) for _ in range(2000)]
    assert set(picks) == {'a', 'b', 'c'}
    assert picks.count('a') > picks.count('b') > picks.count('c')
    random_picks = {random_pick([(5, 'a'), (5 - RANDOM_MARGIN, 'b'), (-20, 'c')], rng)
                    for _ in range(200)}
    assert random_picks == {'a', 'b'}


def play(seed, skill, variant='chess', plies=8):
    """Moves a level plays against itself from the start at its own depth."""
    s = Searcher(hash_mb=4, seed=seed)
    s.level = Level(skill)
    pos = start_position(variant)
    moves = []
    for _ in range(plies):
        m = s.search(pos, Limits(depth=4)).best
        moves.append(m)
        pos.push(m)
    return moves


@pytest.mark.parametrize('variant', VARIANT_NAMES)
def test_a_level_replays_its_choices_from_the_same_seed(variant):
    assert play(11, 4, variant) == play(11, 4, variant)


def test_other_seeds_give_other_games_at_a_low_level():
    assert len({tuple(play(seed, 2, plies=4)) for seed in range(6)}) > 1


def test_full_strength_is_the_unweakened_search():
    pos = start_position('pemba')
    plain = Searcher(hash_mb=4)
    full = Searcher(hash_mb=4, seed=5)
    full.level = Level(MAX_SKILL)
    a, b = plain.search(pos, Limits(depth=5)), full.search(pos, Limits(depth=5))
    assert (a.best, a.info.score, plain.nodes) == (b.best, b.info.score, full.nodes)


def test_a_level_reports_only_the_lines_asked_for():
    s = Searcher(hash_mb=4, seed=1)
    s.level = Level(6)
    infos = []
    s.search(start_position('chess'), Limits(depth=6), on_info=infos.append)
    assert infos and all(i.multipv == 1 for i in infos)
    assert max(i.depth for i in infos) == Level(6).depth


def test_a_level_keeps_a_natural_pace_within_its_time_plan():
    s = Searcher(hash_mb=4, seed=1)
    s.level = Level(0)
    job = s.job(start_position('chess'), Limits(wtime=6.0, btime=6.0))
    t0 = time.perf_counter()
    job.run()
    took = time.perf_counter() - t0
    assert P.STABLE_FACTOR * job.soft <= took + 0.01     # waited like a full search ...
    assert took < job.ctl.deadline - job.started + 0.5   # ... and no longer than its plan


def test_stop_ends_a_level_s_wait_at_once():
    s = Searcher(hash_mb=4, seed=1)
    s.level = Level(0)
    job = s.start(s.job(start_position('chess'), Limits(wtime=600.0, btime=600.0)))
    job.stop()
    assert job.wait(10) is not None


def test_a_level_plays_a_variant_of_a_file():
    from cazaux_engine.registry import Registry
    import os
    reg = Registry()
    reg.load_file(os.path.join(os.path.dirname(__file__), '..', '..', 'variants', 'shako.json'))
    pos = start_position(reg.get('shako'))
    s = Searcher(hash_mb=4, seed=3)
    s.level = Level(3)
    infos = []
    r = s.search(pos, Limits(depth=8), on_info=infos.append)
    assert r.best is not None and max(i.depth for i in infos) == Level(3).depth
