"""Verdicts over the placeholders a cure uses and at two bot levels (analysis.verdict_study)."""

from __future__ import annotations

import pandas as pd

from designkit.analysis.variant_compare import Comparison, plan_comparison
from designkit.analysis.verdict_study import Study, run_study, used_placeholders
from designkit.analysis.verdicts import Target, read
from designkit.cli import main
from designkit.core.registry import get_game

CH = get_game("classic_hero")


def test_a_cure_uses_the_placeholders_of_the_rule_it_switches():
    plan = plan_comparison("classic_hero", ["draft", "shared_hp_once"], "turns", "random")
    assert used_placeholders(plan.variants) == {"first_attack_bonus": (0, 2, 4)}
    plan = plan_comparison("classic_hero", ["draft", "notes_plan"], "turns", "random")
    assert set(used_placeholders(plan.variants)) >= {"first_attack_bonus", "weakness_draws"}
    plan = plan_comparison("classic_hero", ["draft", "red_dice_multi"], "turns", "random")
    assert used_placeholders(plan.variants) == {}
    assert CH.params_type.specs()["first_attack_bonus"].placeholder == (0, 4)


def _comparison(kind: str) -> Comparison:
    out = Comparison("classic_hero", ["draft", "cure"], [], {}, 0.95, [10], ["greedy"] * 3, 0)
    out.table = pd.DataFrame([{"variant": "cure", "metric": "m", "kind": kind}])
    return out


def test_the_summary_says_holds_or_depends_and_names_bot_skill():
    plan = plan_comparison("classic_hero", ["draft", "shared_hp_once"], "turns", "random")
    study = Study(plan, ["greedy", "search"], {"first_attack_bonus": (0, 2, 4)})
    for level, kinds in (("greedy", ["lowers it", "raises it", "raises it"]),
                         ("search", ["raises it"] * 3)):
        for value, kind in zip((0, 2, 4), kinds, strict=True):
            study.runs.append((level, "first_attack_bonus", value, _comparison(kind)))
    assert study.summary("greedy", "cure", "m") == (
        "depends on first_attack_bonus: lowers it at 0, raises it at 2, raises it at 4")
    assert study.summary("search", "cure", "m") == "raises it: holds for first_attack_bonus 0–4"


def test_a_draft_already_inside_the_target_is_not_fixed_by_a_cure():
    t = Target(0.40, None, "≥ 40 %")
    r = read((0.01, -0.01, 0.015), 500, 0.02, cure=(0.5, 0.6), draft=(0.5, 0.6), target=t)
    assert r.kind == "no practical change"


def test_the_cli_gives_the_verdict_over_the_placeholder_and_two_levels(capsys):
    code = main(["compare", "classic_hero", "--variant", "draft", "--variant", "shared_hp_once",
                 "--question", "shared_hp_once", "--agents", "random", "--second-level",
                 "greedy", "--max-games", "4", "--first-games", "4"])
    out = capsys.readouterr().out
    assert code == 0 and "placeholders swept: first_attack_bonus 0, 2, 4" in out
    assert "[greedy with first_attack_bonus = 4]" in out and "family of 6 verdicts" in out
    assert "shared_hp_once on vp_share:boss_hp+final_damage+first_attack+weakness:" in out


def test_run_study_plays_every_level_and_value():
    study = run_study("classic_hero", ["draft", "shared_hp_once"], "turns", agents="random",
                      second=None, max_games=3, first=3)
    assert [(lv, v) for lv, _, v, _ in study.runs] == [("random", 0), ("random", 2),
                                                       ("random", 4)]
    assert study.family == 3
