"""Tuning: targets, a search of named parameters on their grids, constraints, the re-check
that decides whether a variant is saved."""

from __future__ import annotations

import pandas as pd
import pytest
import yaml

from designkit import get_game, list_games
from designkit.analysis.tune import (
    Target,
    build_space,
    loss,
    loss_interval,
    loss_meaning,
    parse_keep,
    parse_space,
    tunable,
    tune,
)
from designkit.cli import main
from designkit.core.errors import DesignkitError, ParamError
from designkit.core.params import default_step
from designkit.sim import Results

G = get_game("crossroads")
CP = G.params_type
P3 = CP(players=3)


def fake(winners: list[int], turns: list[int], margins: list[float]) -> Results:
    n = len(winners)
    games = pd.DataFrame({"game_id": range(n), "seed": range(n), "players": 2, "turns": turns,
                          "decisions": 1, "multi_option_decisions": 1, "branching_sum": 1,
                          "end_reason": "end", "winner": winners, "n_winners": 1})
    rows = []
    for g, (w, m) in enumerate(zip(winners, margins, strict=True)):
        for s in (0, 1):
            rows.append({"game_id": g, "seed": g, "seat": s, "agent": "random",
                         "score": m if s == w else 0.0, "rank": 1 if s == w else 2,
                         "won": s == w})
    return Results(game="crossroads", params={}, agents=["random"] * 2, seed=0, games=games,
                   seats=pd.DataFrame(rows), requested=n)


@pytest.fixture(scope="module")
def tuned(tmp_path_factory):
    path = tmp_path_factory.mktemp("variants") / "tiny.yaml"
    result = tune(G, "equal-seats", space={"end_hand_sum": (20, 34)}, n_trials=3, n_games=60,
                  params=P3, recheck_games=120, seed=5, save=path)
    return result, path


# -- the loss -------------------------------------------------------------------------------------
def test_losses_on_known_results():
    res = fake([0, 0, 0, 1], turns=[10, 20, 30, 40], margins=[1, 2, 3, 6])
    assert loss(res, Target("equal-seats")) == pytest.approx(0.5)
    assert loss(res, Target("length", length=20)) == pytest.approx(0.25)
    assert loss(res, Target("margin", margin=2)) == pytest.approx(0.5)
    mix = Target("mix", length=20, weights={"equal-seats": 1, "length": 2})
    assert loss(res, mix) == pytest.approx(1.0)
    li = loss_interval(res, Target("length", length=20), reps=200, baseline=res)
    assert li["lo"] <= li["loss"] <= li["hi"] and li["diff"] == 0 and li["diff_hi"] == 0


def test_equal_seats_uses_turn_position_when_the_start_is_random():
    """Seat letters are symmetric when the start player is random: the loss must see turn
    order. Seat 0 always wins, but as 1st and as 2nd player equally often → no gap."""
    res = fake([0, 0, 0, 0], turns=[10] * 4, margins=[1] * 4)
    assert loss(res, Target("equal-seats")) == pytest.approx(1.0)  # by seat letter
    res.seats["position"] = [(s + g) % 2 for g in range(4) for s in (0, 1)]
    assert loss(res, Target("equal-seats")) == pytest.approx(0.0)  # by turn position


def test_the_loss_says_what_it_measures():
    assert "by turn position" in loss_meaning(Target("equal-seats"), "position")
    assert "start player is random" in loss_meaning(Target("equal-seats"), "position")
    assert "by seat" in loss_meaning(Target("equal-seats"), "seat")
    mix = loss_meaning(Target("mix", length=20, weights={"equal-seats": 1, "length": 0.5}))
    assert "1 × (spread" in mix and "0.5 × (distance of the mean game length from 20" in mix


def test_target_validation():
    with pytest.raises(DesignkitError, match="choose"):
        Target("fun")
    with pytest.raises(DesignkitError, match="length"):
        Target("length")
    with pytest.raises(DesignkitError, match="weights"):
        Target("mix")
    with pytest.raises(DesignkitError, match="mix weight"):
        Target("mix", weights={"fun": 1})
    assert Target("mix", margin=3, weights={"margin": 1}).describe() == "1×winner's margin 3"


# -- which parameters, on which grid --------------------------------------------------------------
def test_tunable_parameters_and_the_default_lists():
    specs = tunable(CP)
    assert {"end_hand_sum", "declare_discard_fraction", "s2_optional", "tiebreak"} <= set(specs)
    assert not {"players", "start_player", "numbers", "skill_cost"} & set(specs)
    rs = get_game("rolling_stone").params_type
    assert "players_min" not in tunable(rs) and "order_bonus_power" in tunable(rs)
    assert "auto_resolve" not in tunable(get_game("classic_hero").params_type)
    assert CP.tune_defaults() == ("end_hand_sum", "declare_discard_fraction",
                                  "vp_per_hand_card")
    assert list(build_space(CP)) == list(CP.tune_defaults())  # no names: the short list


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_every_game_declares_a_short_default_list_with_the_draft_on_its_grid(game):
    params_type = get_game(game).params_type
    names = params_type.tune_defaults()
    assert 1 <= len(names) <= 4
    draft = params_type()
    for name, dim in build_space(params_type).items():
        assert dim.contains(getattr(draft, name)), (name, dim)
    for name, spec in tunable(params_type).items():  # every grid is finite and clean
        if spec.kind in ("int", "float"):
            values = build_space(params_type, [name])[name].values()
            assert values[0] >= spec.range[0] and values[-1] <= spec.range[1]
            assert all(v == round(v, 9) for v in values)


def test_a_step_is_declared_with_its_range():
    from designkit.core.params import param

    with pytest.raises(TypeError, match="step"):
        param(0.5, step=0.1, rule="X-1", help="no range")
    with pytest.raises(TypeError, match="step"):
        param(0.5, range=(0.0, 1.0), step=0, rule="X-1", help="zero step")
    specs = CP.specs()
    assert specs["declare_discard_fraction"].grid_step() == 0.1  # declared
    assert specs["end_hand_sum"].grid_step() == 1 and specs["tiebreak"].grid_step() is None


def test_param_names_are_checked_with_the_closest_match_first():
    with pytest.raises(ParamError, match=r"^end_hand: not a parameter of crossroads; "
                                         r"tunable, closest first: end_hand_sum, "):
        build_space(CP, ["end_hand"])
    with pytest.raises(ParamError, match="numbers: cannot be tuned: a list parameter"):
        build_space(CP, ["numbers"])
    with pytest.raises(ParamError, match="players: cannot be tuned: the player count"):
        build_space(CP, ["players"])
    with pytest.raises(ParamError, match="start_player: cannot be tuned: may be empty"):
        build_space(CP, ["start_player"])
    with pytest.raises(ParamError, match="outside the allowed range"):
        build_space(CP, {"end_hand_sum": (1, 30)})
    with pytest.raises(DesignkitError, match="NAME=LO:HI"):
        parse_space("end_hand_sum=20")


def test_grids_whole_numbers_stay_whole_fractions_on_their_step():
    assert [default_step(0, 1), default_step(-5, 5), default_step(2, 100),
            default_step(0, 0.3)] == [0.05, 0.5, 5.0, 0.02]
    assert parse_space(["end_hand_sum=20:30", "starting_hand,tiebreak=clockwise|draw"]) == {
        "end_hand_sum": (20, 30), "starting_hand": None, "tiebreak": ["clockwise", "draw"]}
    dims = build_space(CP, parse_space("end_hand_sum=20:30,starting_hand,s2_optional"))
    assert dims["end_hand_sum"].values() == list(range(20, 31))
    assert dims["starting_hand"].values() == [0, 1, 2, 3, 4, 5, 6]
    assert dims["s2_optional"].values() == [False, True]
    fraction = build_space(CP, ["declare_discard_fraction"])["declare_discard_fraction"]
    assert fraction.values() == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
    narrowed = build_space(CP, {"declare_discard_fraction": (0.25, 0.72)})
    assert narrowed["declare_discard_fraction"].values() == [0.3, 0.4, 0.5, 0.6, 0.7]
    assert fraction.snap(0.6976311959272649) == 0.7 and not fraction.contains(0.65)
    assert fraction.describe() == "0.0–1.0 step 0.1 (11 values)"
    with pytest.raises(ParamError, match="no value of the grid"):
        build_space(CP, {"declare_discard_fraction": (0.72, 0.78)})


def test_a_search_proposes_and_saves_only_grid_values(tmp_path):
    path = tmp_path / "grid.yaml"
    result = tune(G, "equal-seats", space=["declare_discard_fraction", "vp_per_hand_card"],
                  n_trials=5, n_games=30, params=P3, recheck_games=30, seed=2, save=path,
                  save_anyway=True)
    fractions = result.trials["params_declare_discard_fraction"]
    assert fractions.isin([round(0.1 * k, 1) for k in range(11)]).all()
    assert all(isinstance(v, int) for v in result.trials["params_vp_per_hand_card"])
    assert result.best.declare_discard_fraction in set(fractions)
    assert isinstance(result.best.vp_per_hand_card, int)
    if result.changed:  # saved anyway: the file holds grid values only
        saved = yaml.safe_load(path.read_text(encoding="utf-8"))["params"]
        for value in saved.values():
            assert value == round(value, 1)


# -- constraints ----------------------------------------------------------------------------------
def test_keep_parsing():
    assert parse_keep("mean_turns=10%").limits(20) == pytest.approx((18, 22))
    assert parse_keep("margin=2").limits(5) == (3, 7)
    assert parse_keep("mean_turns=20:40").limits(99) == (20, 40)
    assert parse_keep("end_reason:27=0.05").describe() == "end_reason:27 within ±0.05 of the start's"
    with pytest.raises(DesignkitError, match="unknown metric 'turns'; closest first: mean_turns"):
        parse_keep("turns=10%")
    with pytest.raises(DesignkitError, match="METRIC=10%"):
        parse_keep("mean_turns=ten")


def test_trials_that_break_a_constraint_are_rejected_and_reported():
    result = tune(G, "equal-seats", space={"end_hand_sum": (10, 60)}, n_trials=6, n_games=40,
                  params=P3, recheck_games=40, seed=4, save=False, keep=["mean_turns=3%"])
    keep = result.keeps.iloc[0]
    lo, hi = keep["search_lo"], keep["search_hi"]
    turns = result.trials["user_attrs_keep_mean_turns"]
    outside = ~turns.between(lo - 1e-9, hi + 1e-9)
    assert outside.any()  # the wide range makes some trials too long or too short
    rejected = result.trials["user_attrs_rejected"].notna()
    assert (rejected == outside).all()
    assert result.trials.loc[outside, "user_attrs_rejected"].str.contains("mean_turns").all()
    assert lo - 1e-9 <= keep["search_best"] <= hi + 1e-9  # the best is a feasible trial
    text = result.summary_text()
    assert f"rejected trials: {outside.sum()} of 6" in text
    assert "kept: mean_turns within ±3% of the start's" in text


def test_no_feasible_trial_keeps_the_start():
    result = tune(G, "equal-seats", space={"end_hand_sum": (20, 34)}, n_trials=3, n_games=30,
                  params=P3, recheck_games=30, seed=1, keep=["mean_turns=0:1"], save=True)
    assert result.best == result.base and not result.changed and result.path is None
    assert len(result.rejected) == 3 and "nothing beat" in result.not_saved


def test_a_start_outside_absolute_bounds_gives_way_to_a_trial_inside():
    result = tune(G, "equal-seats", space={"end_hand_sum": (8, 30)}, n_trials=5, n_games=40,
                  params=P3, recheck_games=40, seed=3, save=False, keep=["mean_turns=5:25"])
    keep = result.keeps.iloc[0]
    assert keep["search_start"] > 25  # the draft's games are longer than the bound
    assert result.changed and 5 <= keep["search_best"] <= 25


def test_candidates_the_params_refuse_are_pruned():
    witch = get_game("witch_academy")
    result = tune(witch, "equal-seats", space={"draft_hand_size": (5, 8)}, n_trials=5,
                  n_games=10, recheck_games=10, seed=0, save=False)
    refused = result.trials[result.trials["params_draft_hand_size"] > 6]
    assert len(refused) and (refused["state"] == "PRUNED").all()
    assert refused["user_attrs_rejected"].str.contains("refused by the parameters").all()
    assert result.best.draft_hand_size <= 6


def test_an_unknown_end_reason_is_refused():
    with pytest.raises(DesignkitError, match="end reasons seen: "):
        tune(G, space=["end_hand_sum"], n_trials=1, n_games=10, params=P3, save=False,
             keep=["end_reason:nope=0.1"])


# -- re-check and saving --------------------------------------------------------------------------
def test_tiny_search_rechecks_and_saves_only_if_the_gain_held(tuned):
    result, path = tuned
    assert len(result.trials) == 3 and result.trials["value"].notna().all()
    assert result.trials["params_end_hand_sum"].iloc[0] == 27  # trial 0: the starting point
    assert result.best_search_loss <= result.base_search_loss
    # the best replayed on the search seeds scores what its trial scored
    assert result.best_search_loss == pytest.approx(result.trials["value"].min())
    assert list(result.recheck["variant"]) == ["start", "best"]
    assert list(result.search["variant"]) == ["start", "best"]
    best = result.recheck.iloc[-1]
    assert best["diff_lo"] <= best["diff"] <= best["diff_hi"]
    assert result.recheck_seed == 6 and result.recheck_games == 120
    assert result.by == "position" and "by turn position" in result.meaning
    assert len(result.recheck.iloc[0]["win_rates"]) == 3  # one per turn position
    text = result.summary_text()
    assert "re-check on fresh seeds" in text and "verdict:" in text
    assert result.held == (result.changed and best["diff_hi"] < 0)
    if result.held:
        assert result.path == path and G.params_type.load(path) == result.best
    else:
        assert result.path is None and not path.exists() and "nothing saved" in text


def test_a_gain_that_does_not_hold_is_reported_not_saved(tmp_path, monkeypatch):
    import designkit.analysis.tune as tune_module

    real = tune_module._table
    calls = []

    def no_gain_on_fresh_seeds(*args):
        table = real(*args)
        calls.append(table)
        if len(calls) == 2:  # the re-check: force an interval that reaches above zero
            table.loc[1, ["diff", "diff_lo", "diff_hi"]] = [0.0, -0.1, 0.1]
        return table

    monkeypatch.setattr(tune_module, "_table", no_gain_on_fresh_seeds)
    path = tmp_path / "v.yaml"
    kwargs = dict(space={"end_hand_sum": (8, 30)}, n_trials=3, n_games=40, params=P3,
                  recheck_games=40, seed=3, save=path)
    result = tune(G, Target("length", length=15), **kwargs)
    assert result.changed and not result.held and result.path is None and not path.exists()
    assert "did not hold on the re-check" in result.not_saved
    assert "the gain did NOT hold" in result.summary_text()
    calls.clear()
    anyway = tune(G, Target("length", length=15), save_anyway=True, **kwargs)
    assert anyway.path == path and "did not hold (saved anyway)" in path.read_text("utf-8")


def test_a_gain_that_holds_is_saved(tmp_path):
    """A far length target: shorter games are clearly closer, even with few games."""
    path = tmp_path / "short.yaml"
    result = tune(G, Target("length", length=12), space={"end_hand_sum": (8, 30)}, n_trials=4,
                  n_games=60, params=P3, recheck_games=60, seed=3, save=path)
    assert result.held and result.path == path
    assert G.params_type.load(path) == result.best and result.best.end_hand_sum < 27
    assert "variant saved to" in result.summary_text()


def test_search_is_reproducible(tuned):
    calls = []
    again = tune(G, "equal-seats", space={"end_hand_sum": (20, 34)}, n_trials=3, n_games=60,
                 params=P3, recheck_games=120, seed=5, save=False,
                 on_trial=lambda done, total, best: calls.append((done, total, best)))
    assert [c[:2] for c in calls] == [(1, 3), (2, 3), (3, 3)]
    assert calls[-1][2] == pytest.approx(again.best_search_loss)
    assert again.trials["value"].tolist() == tuned[0].trials["value"].tolist()
    assert again.best == tuned[0].best and again.path is None


# -- the command ----------------------------------------------------------------------------------
def test_cli_tune(tmp_path, capsys):
    out = tmp_path / "v.yaml"
    code = main(["tune", "crossroads", "--players", "3", "--target", "length", "--length",
                 "20", "--trials", "3", "--param", "starting_hand", "--param", "tiebreak",
                 "--games-per-trial", "40", "--recheck-games", "60", "--quiet",
                 "--keep", "mean_decisions=50%", "--out", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "tuning starting_hand, tiebreak toward 20.0 turns" in text and "verdict:" in text
    assert "kept: mean_decisions within ±50% of the start's" in text
    assert ("variant saved to" in text) == out.exists()
    assert out.exists() or "nothing saved" in text


def test_cli_tune_refuses_bad_names_in_one_line(capsys):
    assert main(["tune", "crossroads", "--param", "end_hand", "--trials", "1", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "closest first: end_hand_sum" in err
    assert main(["tune", "crossroads", "--keep", "turns", "--quiet"]) == 2
    assert main(["tune", "crossroads", "--target", "length", "--trials", "1", "--quiet"]) == 2
