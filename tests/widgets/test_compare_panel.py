"""The Compare tab: variants to a verdict, headless (the browser test clicks the same)."""

from __future__ import annotations

from designkit_widgets import DesignLab
from designkit_widgets.compare_panel import ComparePanel


def test_compare_runs_to_a_verdict_and_opens_the_most_different_game_side_by_side():
    panel = ComparePanel("classic_hero")
    assert panel.baseline.value == "draft" and "shared_hp_once" in panel.variants.options
    assert "「" in panel.info.value                    # the draft's words for the pick
    panel.variants.value = ("shared_hp_once",)
    panel.metric.value = "vp_share:boss_hp"
    panel.agents.value = "random"
    panel.max_games.value, panel.first_games.value, panel.precision.value = 40, 20, 0.05
    out = panel.run(blocking=True)
    assert out is not None and out.n_games >= 20
    assert "Verdict" in panel.verdict.value and "shared_hp_once" in panel.verdict.value
    assert list(panel.figures) == ["compare-vp_share:boss_hp"]
    assert not panel.open_button.disabled
    gid = panel.open_most_different()
    assert len(panel.steppers) == 2 and len(panel.side_by_side.children) == 2
    seeds = {s.session.seed for s in panel.steppers}
    assert len(seeds) == 1 and gid in set(out.results[0].games["game_id"])


def test_stop_keeps_the_verdict_so_far():
    panel = ComparePanel("crossroads")
    panel.variants.value = ("numbers_1_to_7",)
    panel.agents.value = "random"
    panel.max_games.value, panel.first_games.value = 400, 20
    ticks = []

    def stop_after_first_look(done, total):
        ticks.append(done)
        if done >= 40:
            panel.stop()
        type(panel)._tick(panel, done, total)

    panel._tick = stop_after_first_look
    out = panel.run(blocking=True)
    assert out is not None and out.stopped in ("interrupted", "decided")
    assert "Verdict" in panel.verdict.value


def test_bad_input_is_refused_in_one_line():
    panel = ComparePanel("classic_hero")
    panel.precision.value = 0
    assert panel.run(blocking=True) is None
    assert "above 0" in panel.status.value
    panel.precision.value = 0.03
    panel.variants.value = ()
    assert panel.run(blocking=True) is None and "at least two" in panel.status.value


def test_a_question_picks_its_cures_metric_margin_and_target():
    panel = ComparePanel("crossroads")
    panel.question.value = "three_player_removal"
    assert panel.metric.value == "end:27" and panel.precision.value == 0.03
    assert panel.variants.value == ("three_player_all_numbers",)
    panel.agents.value = "random"
    panel.max_games.value, panel.first_games.value = 8, 4
    out = panel.run(blocking=True)
    assert out is not None and out.targets["end:27"].lo == 0.25
    assert "target games ending on 27 ≥ 25 %" in panel.verdict.value
    assert "margin ±3.0 pts" in panel.verdict.value and "random bots" in panel.verdict.value


def test_a_switch_that_cannot_act_says_so_instead_of_a_verdict():
    panel = ComparePanel("crossroads")          # 4 players by default
    panel.variants.value = ("three_player_all_numbers",)
    panel.agents.value = "random"
    panel.run(blocking=True)
    assert "identical rulesets at 4 players" in panel.status.value
    assert "Verdict" not in panel.verdict.value


def test_run_on_extends_the_last_comparison_keeping_its_games():
    panel = ComparePanel("crossroads")
    panel.variants.value = ("numbers_1_to_7",)
    panel.metric.value = "turns"
    panel.agents.value = "random"
    panel.precision.value = 0.01
    panel.max_games.value, panel.first_games.value = 10, 10
    first = panel.run(blocking=True)
    seeds = list(first.results[0].games["seed"])
    panel.run_on.value = True
    panel.max_games.value = 20
    out = panel.run(blocking=True)
    assert out is first and out.n_games == 20
    assert list(out.results[0].games["seed"])[:10] == seeds
    panel.max_games.value = 20
    assert panel.run(blocking=True) is None and "raise Max games" in panel.status.value


def test_a_second_bot_level_gives_its_verdicts_and_says_whether_they_agree():
    panel = ComparePanel("crossroads")
    panel.variants.value = ("numbers_1_to_7",)
    panel.metric.value = "turns"
    panel.agents.value = "random"
    panel.second.value = "greedy"
    panel.max_games.value, panel.first_games.value = 6, 6
    out = panel.run(blocking=True)
    assert out is not None and panel.second_comparison is not None
    assert set(panel.second_comparison.agents) == {"greedy"}
    html = panel.verdict.value
    assert "random bots" in html and "greedy bots" in html
    assert "holds at both bot levels" in html or "depends on bot skill" in html


def test_the_lab_has_a_compare_tab():
    lab = DesignLab("classic_hero")
    assert "Compare" in lab.tabs.titles
    lab.tabs.selected_index = list(lab.tabs.titles).index("Compare")
    assert isinstance(lab.compare_panel, ComparePanel)
