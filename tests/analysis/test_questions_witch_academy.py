"""Witch Academia draft 8: assignment ratio (LW-10.2), legacy majorities (LW-12.2),
University vs Areas (LW-7)."""

from __future__ import annotations

import pytest

from designkit.analysis.questions import witch_academy as q


@pytest.fixture(scope="module")
def runs():  # noqa: ANN201
    return q.run(5, seed=4, players=3, agents="random")


def test_ratio_variants_are_paired_on_the_same_deals(runs) -> None:  # noqa: ANN001
    results, _ = runs
    assert list(results) == list(q.RATIOS)
    seeds = [r.games.seed.tolist() for r in results.values()]
    assert all(s == seeds[0] for s in seeds)
    assert [tuple(r.params["assignment_vp_ratio"]) for r in results.values()] == \
        list(q.RATIOS.values())
    answer = q.assignment_ratio(results)
    assert answer.table.margin_diff.iloc[0] == 0
    assert "100·75·50" in answer.reading


def test_legacy_sweep_reuses_the_draft_run(runs) -> None:  # noqa: ANN001
    results, _ = runs
    base = next(iter(results.values()))
    legacy = q.legacy_runs(base, 5, values=(0, 8), seed=4, players=3)
    assert [v for v, _ in legacy] == [0, 8] and legacy[1][1] is base
    table = q.legacy_majority(legacy).table
    assert table.rate.iloc[0] == 0  # 0 VP for majorities decides nothing
    assert table.vp_share.iloc[0] == 0


def test_placements_count_every_chosen_target(runs) -> None:  # noqa: ANN001
    results, watch = runs
    frame = watch.frame()
    assert len(frame) == len(results[next(iter(results))].seats)
    answer = q.university(next(iter(results.values())), watch)
    banded = answer.table.iloc[1:]
    assert banded.n.sum() == len(frame)


def test_placements_match_the_placement_events() -> None:
    """Every worker placed (LW-5.1 or, pushing out, LW-A22 at an Area; LW-7.1 at the
    University) is counted."""
    from designkit import get_game
    from designkit.agents import make_agents
    from designkit.core.play import play_game
    from designkit.sim.runner import game_seed

    watch = q.Placements()
    q.simulate_observed("witch_academy", 2, agents="random", seed=4, observer=watch)
    game = get_game("witch_academy")
    params = game.params_type()
    for gid in range(2):
        played = play_game(game, params, make_agents("random", params.players),
                           game_seed(4, gid), log=True)
        log = played.state.log
        areas = [e for e in log if e.rule in ("LW-5.1", "LW-A22") and "area" in e.data]
        univ = [e for e in log if e.rule == "LW-7.1" and "worker" in e.data]
        counted = watch.frame()
        counted = counted[counted.game_id == gid]
        assert int(counted.areas.sum()) == len(areas)
        assert int(counted.university.sum()) == len(univ)
