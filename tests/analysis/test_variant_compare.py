"""Paired, sequential comparison of rule variants (designkit compare)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from designkit.analysis.variant_compare import (
    compare_variants,
    look_schedule,
    plan_comparison,
)
from designkit.cli import main
from designkit.core.errors import DesignkitError
from designkit.core.registry import get_game

CH = get_game("classic_hero")


def test_looks_double_and_end_at_the_budget():
    assert look_schedule(2000, 100) == [100, 200, 400, 800, 1600, 2000]
    assert look_schedule(50, 100) == [50]
    assert look_schedule(400, 100) == [100, 200, 400]


def test_the_same_rules_under_two_names_differ_by_exactly_nothing():
    same = CH.params_type()            # "current parameters": the draft again
    out = compare_variants("classic_hero", ["draft", same], metric=["winner_margin", "turns"],
                           agents="random", precision=0.5, max_games=40, first=20)
    assert (out.table["diff"] == 0).all() and (out.table["half_width"] == 0).all()
    assert out.stopped == "precision reached" and out.n_games == 20
    assert all(v.startswith("no difference larger than") for v in out.verdicts())


def test_a_real_effect_is_found_with_pairing_cheaper_than_independent_runs():
    """red_die_bonus_vp 1 → 3 raises the share of VP from red dice (CH-6.4)."""
    more_red = CH.params_type(red_die_bonus_vp=3, auto_resolve=True)
    out = compare_variants("classic_hero", [CH.params_type(auto_resolve=True), more_red],
                           metric="vp_share:red", agents="random", precision=0.01,
                           max_games=60, first=30)
    row = out.table.iloc[0]
    assert row["decided"] and row["lo"] > 0 and "higher" in row["verdict"]
    assert row["games_ratio"] > 1.5          # pairing needs fewer games for the same width
    # the interval is at the Bonferroni level over the planned looks, wider than 95 %
    assert out.look_level == pytest.approx(1 - 0.05 / len(out.schedule))


def test_seat_balance_uses_a_paired_bootstrap_and_is_reproducible():
    kw = dict(metric="seat_balance", agents="random", precision=0.001, max_games=40, first=40)
    a = compare_variants("crossroads", ["draft", get_game("crossroads").params_type()], **kw)
    b = compare_variants("crossroads", ["draft", get_game("crossroads").params_type()], **kw)
    assert a.table["diff"].iloc[0] == 0 and a.table.equals(b.table)


def test_an_interrupt_keeps_the_finished_games_and_still_gives_a_verdict():
    calls = []

    def stop_in_the_second_look(done, total):
        calls.append(done)
        if done > 40:
            raise KeyboardInterrupt

    # winner_margin, not turns: with a stream per purpose both arms play the same turns in
    # every game, a width-0 interval that would reach any precision at the first look
    out = compare_variants("classic_hero", ["draft", "shared_hp_once"],
                           metric="winner_margin", agents="random", precision=0.0001,
                           max_games=200, first=20, on_progress=stop_in_the_second_look)
    assert out.stopped == "interrupted" and out.n_games >= 20 and out.verdicts()
    assert math.isfinite(out.table["diff"].iloc[0])


def test_the_most_different_game_is_a_game_of_the_run():
    out = compare_variants("classic_hero", ["draft", "shared_hp_once"],
                           metric="winner_margin", agents="random", precision=10,
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
    (["draft", "shared_hp_once"], {"precision": -1}, "above 0"),
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
    code = main(["compare", "classic_hero", "--variant", "draft", "--variant", "shared_hp_once",
                 "--metric", "vp_share:boss", "--precision", "0.2", "--agents", "random",
                 "--max-games", "20", "--first-games", "10"])
    out = capsys.readouterr().out
    assert code == 0
    assert "after 10 games" in out and "verdict after" in out and "pairing:" in out
    assert "shared_hp_once" in out


def test_per_game_values_are_paired_by_seed():
    out = compare_variants("crossroads",
                           ["draft", get_game("crossroads").params_type(end_hand_sum=25)],
                           metric="turns", agents="random", precision=100, max_games=10,
                           first=10)
    a, b = out.results
    assert list(a.games["seed"]) == list(b.games["seed"])
    assert np.isfinite(out.table["half_width"]).all()
