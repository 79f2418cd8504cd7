"""Paired, anytime-valid comparison of rule variants (designkit compare)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from designkit.analysis.variant_compare import (
    compare_variants,
    extend_comparison,
    look_schedule,
    plan_comparison,
)
from designkit.analysis.verdicts import Target
from designkit.cli import main
from designkit.core.errors import DesignkitError
from designkit.core.registry import get_game

CH = get_game("classic_hero")


def test_looks_double_and_end_at_the_budget():
    assert look_schedule(2000, 100) == [100, 200, 400, 800, 1600, 2000]
    assert look_schedule(50, 100) == [50]
    assert look_schedule(400, 100) == [100, 200, 400]


def test_the_same_rules_under_two_names_are_not_played():
    plan = plan_comparison("classic_hero", ["draft", CH.params_type()], "turns", "random")
    assert "identical rulesets at 3 players" in plan.inert
    out = compare_variants(plan.game, plan.variants, plan=plan)
    assert out.n_games == 0 and out.stopped == plan.inert


def test_a_change_the_games_never_reach_never_decides_on_a_few_games_and_says_why():
    same = CH.params_type(first_attack_bonus=3)   # acts only with a shared HP (off)
    out = compare_variants("classic_hero", ["draft", same], metric=["winner_margin", "turns"],
                           agents="random", margin={"winner_margin": 0.5, "turns": 0.5},
                           max_games=20, first=10)
    assert (out.table["diff"] == 0).all() and out.table["identical"].all()
    assert out.stopped == "budget spent" and out.n_games == 20
    assert (out.table["kind"] == "not decided yet").all()
    assert all("never diverged" in v for v in out.verdicts())
    assert out.same_games and "do not respond" in out.text()


def test_a_real_effect_is_found_with_pairing_cheaper_than_independent_runs():
    """red_die_bonus_vp 1 → 3 raises the share of VP from red dice (CH-6.4)."""
    more_red = CH.params_type(red_die_bonus_vp=3, auto_resolve=True)
    out = compare_variants("classic_hero", [CH.params_type(auto_resolve=True), more_red],
                           metric="vp_share:red", agents="random", precision=0.01,
                           max_games=60, first=30)
    row = out.table.iloc[0]
    assert row["decided"] and row["lo"] > 0.01 and row["kind"] == "raises it"
    assert row["games_ratio"] > 1.5          # pairing needs fewer games for the same width
    assert row["method"] == "betting" and "margin ±1.0 pts" in row["verdict"]
    assert "60 games per arm" in row["verdict"] or "30 games per arm" in row["verdict"]


def test_seat_balance_compares_per_position_intervals_and_is_reproducible():
    kw = dict(metric="seat_balance", agents="random", margin=0.001, max_games=40, first=40)
    a = compare_variants("crossroads", ["draft", "numbers_1_to_7"], **kw)
    b = compare_variants("crossroads", ["draft", "numbers_1_to_7"], **kw)
    assert a.table.equals(b.table)
    row = a.table.iloc[0]
    assert row["a_lo"] == 0.0 and row["lo"] <= 0 <= row["hi"]   # reads fair: contains 0
    assert row["method"].startswith("betting")


def test_an_interrupt_keeps_the_finished_games_and_still_gives_a_verdict():
    calls = []

    def stop_in_the_second_look(done, total):
        calls.append(done)
        if done > 40:
            raise KeyboardInterrupt

    # winner_margin, not turns: with a stream per purpose both arms play the same turns in
    # every game, a width-0 interval that would reach any precision at the first look
    out = compare_variants("classic_hero", ["draft", "shared_hp_once"],
                           metric="winner_margin", agents="random", margin=0.0001,
                           max_games=200, first=20, on_progress=stop_in_the_second_look)
    assert out.stopped == "interrupted" and out.n_games >= 20 and out.verdicts()
    assert math.isfinite(out.table["diff"].iloc[0])


def test_the_most_different_game_is_a_game_of_the_run():
    out = compare_variants("classic_hero", ["draft", "shared_hp_once"],
                           metric="winner_margin", agents="random", margin=10,
                           max_games=20, first=20)
    gid = out.most_different_game()
    assert gid in set(out.results[0].games["game_id"])
    seeds = [r.games.set_index("game_id").loc[gid, "seed"] for r in out.results]
    assert seeds[0] == seeds[1]                      # the same deal under both variants


@pytest.mark.parametrize("variants, kwargs, message", [
    (["draft", "nope"], {}, "no such variant"),
    (["draft"], {}, "at least two"),
    (["draft", "draft"], {}, "named twice"),
    (["draft", "shared_hp_once"], {"precision": 0}, "above 0"),
    (["draft", "shared_hp_once"], {"margin": -1}, "above 0"),
    (["draft", "shared_hp_once"], {"margin": float("nan")}, "above 0"),
    (["draft", "shared_hp_once"], {"margin": float("inf")}, "above 0"),
    (["draft", "shared_hp_once"], {"metric": "rule:NOPE-9"}, "no rule NOPE-9"),
    (["draft", "shared_hp_once"], {"metric": "end:nope"}, "never ends by"),
    (["draft", "shared_hp_once"], {"metric": "col:nope"}, "no numeric results column"),
    (["draft", "shared_hp_once"], {"metric": "turn_order", "margin": 0.05,
                                   "targets": {"turn_order": Target(0.30, 0.36, "1/3 ± 3 pts")}},
     "wider than the target"),
    (["draft", "shared_hp_once"], {"max_games": 0}, "1 or more"),
    (["draft", "shared_hp_once"], {"metric": "vp_share:nothing"}, "unknown VP source"),
    (["draft", "shared_hp_once"], {"metric": "fun"}, "unknown"),
])
def test_bad_input_is_one_line_and_nothing_runs(variants, kwargs, message):
    with pytest.raises(DesignkitError, match=message):
        plan_comparison("classic_hero", variants, **kwargs)


def test_a_variant_of_another_game_or_another_player_count_is_refused(tmp_path):
    other = tmp_path / "x.yaml"
    other.write_text("game: crossroads\nparams: {end_hand_sum: 25}\n", encoding="utf-8")
    with pytest.raises(DesignkitError, match="crossroads"):
        plan_comparison("classic_hero", ["draft", str(other)])
    four = tmp_path / "four.yaml"
    four.write_text("game: classic_hero\nparams: {players: 4}\n", encoding="utf-8")
    with pytest.raises(DesignkitError, match="player counts"):
        plan_comparison("classic_hero", ["draft", str(four)])
    assert len(plan_comparison("classic_hero", ["draft", str(four)], players=4).variants) == 2


def test_cli_prints_looks_and_a_verdict(capsys):
    code = main(["compare", "classic_hero", "--variant", "draft", "--variant", "red_dice_multi",
                 "--metric", "vp_share:boss", "--margin", "0.2", "--agents", "random",
                 "--max-games", "20", "--first-games", "10", "--second-level", "none"])
    out = capsys.readouterr().out
    assert code == 0
    assert "after 10 games" in out and "verdict after" in out and "pairing:" in out
    assert "red_dice_multi" in out and "margin ±20.0 pts" in out and "random bots" in out


def test_a_switch_that_cannot_act_at_the_player_count_says_so_in_one_line(capsys):
    code = main(["compare", "crossroads", "--players", "4", "--variant", "draft", "--variant",
                 "three_player_all_numbers", "--metric", "turns", "--agents", "random"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and len(out) == 1
    assert "identical rulesets at 4 players" in out[0] and "three_player_removal" in out[0]


def test_extending_a_finished_comparison_keeps_its_games_and_plays_on():
    plan = plan_comparison("crossroads", ["draft", "numbers_1_to_7"], "turns", "random",
                           max_games=20, first=10, margin=0.01)
    out = compare_variants(plan.game, plan.variants, plan=plan)
    first_seeds = list(out.results[0].games["seed"])
    extend_comparison(out, plan, 40)
    assert out.n_games == 40 and list(out.results[0].games["seed"])[:20] == first_seeds


def test_per_game_values_are_paired_by_seed():
    out = compare_variants("crossroads",
                           ["draft", get_game("crossroads").params_type(end_hand_sum=25)],
                           metric="turns", agents="random", margin=100, max_games=10,
                           first=10)
    a, b = out.results
    assert list(a.games["seed"]) == list(b.games["seed"])
    # turns are unbounded: the normal-mixture sequence starts at MIN_GAMES_UNBOUNDED
    assert np.isinf(out.table["half_width"]).all() and "at least 30" in out.verdicts()[0]


def test_a_three_player_switch_acts_at_three_players_only():
    three = plan_comparison("crossroads", ["draft", "three_player_all_numbers"], "turns",
                            "random", players=3)
    four = plan_comparison("crossroads", ["draft", "three_player_all_numbers"], "turns",
                           "random", players=4)
    assert three.inert == "" and "identical rulesets at 4 players" in four.inert
    a, b = (v.params for v in four.variants)
    assert b.diff(a) and not b.acting_diff(a)


def test_a_question_prints_its_quote_and_declares_its_primary_metric(capsys):
    code = main(["compare", "crossroads", "--question", "merit_27", "--agents", "random",
                 "--second-level", "none", "--max-games", "8", "--first-games", "8"])
    out = capsys.readouterr().out
    assert code == 0 and "「２７終了のメリットを増加」" in out
    assert "target games ending on 27 ≥ 25 %" in out and "[exploratory]" in out
    assert "family of 2 verdicts" in out        # two cures × one primary metric
