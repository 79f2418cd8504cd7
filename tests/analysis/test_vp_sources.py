"""VP by source (issue 14 item 1): ``Game.vp_sources`` per seat, the ``vp_<key>`` columns
of ``Results.seats``, ``Results.vp_by_source`` and its chart and report section.

The exact sum for every registered game and random params is the contract suite's
(``tests/contract/harness.py``, ``check_vp_sources``); here: a worked example, the
columns, the intervals, and the report.
"""

from __future__ import annotations

import math

import pytest

from designkit.analysis.charts import vp_source_figure
from designkit.analysis.report import build_report
from designkit.core.registry import get_game, list_games
from designkit.sim import simulate
from tests.crossroads.conftest import A, B, C, D, G, make_state, play

GAMES = sorted(g.name for g in list_games())


def test_cr_e5_scoring_table_by_source():
    """CR-E5 (CR-9.1–CR-9.3, CR-7.5, CR-7.1): each seat's terms, S1 applied, sum = VP."""
    from designkit.games.crossroads.actions import Action

    st = make_state(hands={A: [4, 6], B: [7], C: [3, 3, 5], D: [2, 5, 8]},
                    piles={A: {5: 3, 8: 2}, B: {4: 2, 6: 2, 3: 1, 2: 1}, C: {7: 4}},
                    skills={A: ["S5"], C: ["S1"], D: ["S8"]}, active=C, deck={8: 1})
    play(st, 8, Action("hold", None))
    assert G.is_over(st)
    split = [G.vp_sources(st, s) for s in (A, B, C, D)]
    assert split == [
        {"work_pile": 5, "s5_bonus": 3, "hand": -2, "skill_costs": -1},
        {"work_pile": 6, "s5_bonus": 0, "hand": -1, "skill_costs": 0},
        {"work_pile": 4, "s5_bonus": 0, "hand": -1, "skill_costs": -2},
        {"work_pile": 0, "s5_bonus": 0, "hand": -3, "skill_costs": -1},
    ]
    assert [sum(s.values()) for s in split] == G.scores(st) == [5, 5, 1, -4]


def test_crossroads_before_the_end_counts_s1_like_scores():
    """Mid-game, ``scores`` counts S1 as if the game ended now (CR-7.1); so do the sources."""
    st = make_state(hands={A: [3, 3, 5]}, skills={A: ["S1"]}, active=B, deck={8: 3})
    assert not G.is_over(st)
    assert sum(G.vp_sources(st, A).values()) == G.scores(st)[A]
    assert G.vp_sources(st, A)["hand"] == -1   # S1 discards 3 and 5 (one per number)


#: VP categories that exist only under a rule variant (CH-V1, CH-V2, CH-V7)
_VARIANT_ONLY = ("first_attack", "weakness", "suit_sets")


def test_a_variant_adds_its_own_vp_source():
    res = simulate("classic_hero", 4, seed=1, progress=False,
                   params=get_game("classic_hero").params_type(shared_hp="once",
                                                                set_collection="suits"))
    assert {"first_attack", "suit_sets"} <= set(res.vp_sources())
    keys = res.vp_sources()
    total = res.seats[[f"vp_{k}" for k in keys]].sum(axis=1)
    assert (total == res.seats["score"]).all()


@pytest.mark.parametrize("name", GAMES)
def test_results_seats_carry_one_column_per_source_summing_to_the_score(name):
    game = get_game(name)
    res = simulate(game, 6, seed=4, progress=False)
    # the draft's own categories, in label order (a rule variant adds its own only when on)
    keys = [k for k in game.VP_SOURCE_LABELS if not k.startswith(_VARIANT_ONLY)]
    assert res.vp_sources() == keys
    total = res.seats[[f"vp_{k}" for k in keys]].sum(axis=1)
    assert (total == res.seats["score"]).all()


def test_vp_by_source_means_add_up_to_the_mean_score_with_intervals():
    res = simulate("classic_hero", 40, seed=2, progress=False)
    table = res.vp_by_source()
    assert list(table["source"].unique()) == [
        k for k in get_game("classic_hero").VP_SOURCE_LABELS if not k.startswith(_VARIANT_ONLY)]
    assert table["label"].iloc[0] == "Red dice bonus (CH-6.4)"
    for seat, grp in table.groupby("seat"):
        assert math.isclose(grp["mean"].sum(), grp["score_mean"].iloc[0], abs_tol=1e-9)
        mean = res.seats.loc[res.seats.seat == seat, "vp_boss_hp"].mean()
        assert math.isclose(grp.set_index("source").loc["boss_hp", "mean"], mean)
    varied = table[table["lo"] < table["hi"]]
    assert len(varied) > 8
    assert ((varied["lo"] < varied["mean"]) & (varied["mean"] < varied["hi"])).all()
    ja = res.vp_by_source(lang="ja")
    assert ja["label"].iloc[0] == "赤サイコロボーナス"


def test_vp_by_turn_position_where_the_start_player_is_random():
    res = simulate("classic_hero", 12, seed=3, progress=False)
    assert "position" in res.seats.columns
    table = res.vp_by_source(by="position")
    assert sorted(table["position"].unique()) == [0, 1, 2]
    assert table.groupby("position")["mean"].sum().round(9).tolist() == \
        res.seats.groupby("position")["score"].mean().round(9).tolist()
    fig = vp_source_figure(res, by="position")
    assert [t.name for t in fig.data] == ["turn position 1st", "turn position 2nd",
                                          "turn position 3rd"]


def test_vp_source_figure_has_one_bar_group_per_seat():
    res = simulate("crossroads", 10, seed=1, progress=False)
    fig = vp_source_figure(res)
    assert len(fig.data) == 4 and list(fig.data[0].x)[0] == "Work pile (CR-9.1)"
    assert fig.layout.title.text == "VP by source"


def test_report_has_the_vp_by_source_section():
    res = simulate("crossroads", 20, seed=1, progress=False, trace=True)
    page = build_report(res)
    assert "<h2>VP by source</h2>" in page and "Work pile (CR-9.1) (作品置き場)" in page
    assert "By turn position (1st = start player)" in page and "<th>1st</th>" in page
