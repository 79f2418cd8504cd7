"""Tuning: targets, search space from the metadata, a tiny seeded search, save, re-check."""

from __future__ import annotations

import pandas as pd
import pytest

from designkit import get_game
from designkit.analysis.tune import (
    Target,
    _space,
    loss,
    loss_interval,
    parse_space,
    tunable,
    tune,
)
from designkit.cli import main
from designkit.core.errors import DesignkitError, ParamError
from designkit.sim import Results

G = get_game("crossroads")
P3 = G.params_type(players=3)


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
    result = tune(G, "equal-seats", space={"end_hand_sum": (20, 34)}, n_trials=3, n_games=100,
                  params=P3, recheck_games=200, seed=5, save=path)
    return result, path


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


def test_search_space_comes_from_the_metadata():
    specs = tunable(type(P3))
    assert "end_hand_sum" in specs and "players" not in specs and "start_player" not in specs
    assert parse_space("end_hand_sum=20:30,starting_hand,tiebreak=clockwise|draw") == {
        "end_hand_sum": (20, 30), "starting_hand": None, "tiebreak": ["clockwise", "draw"]}
    dims = _space(type(P3), parse_space("end_hand_sum=20:30,starting_hand,s2_optional"))
    assert dims == {"end_hand_sum": ("int", (20, 30)), "starting_hand": ("int", (0, 6)),
                    "s2_optional": ("categorical", [False, True])}
    assert _space(type(P3), ["declare_discard_fraction"])["declare_discard_fraction"] == (
        "float", (0.0, 1.0))
    with pytest.raises(ParamError, match="outside the allowed range"):
        _space(type(P3), {"end_hand_sum": (1, 30)})
    with pytest.raises(ParamError, match="unknown parameter"):
        _space(type(P3), ["nope"])
    with pytest.raises(DesignkitError):
        parse_space("end_hand_sum=20")


def test_tiny_search_saves_and_rechecks(tuned):
    result, path = tuned
    assert len(result.trials) == 3 and result.trials["value"].notna().all()
    assert result.trials["params_end_hand_sum"].iloc[0] == 27  # trial 0: the starting point
    assert result.best_search_loss <= result.base_search_loss
    assert list(result.recheck["variant"]) == ["start", "best"]
    best = result.recheck.iloc[-1]
    assert best["diff_lo"] <= best["diff"] <= best["diff_hi"]
    assert result.recheck_seed == 6 and result.recheck_games == 200
    text = result.summary_text()
    assert "re-check on fresh seeds" in text and "verdict:" in text
    if result.best.diff(result.base):
        assert result.path == path and path.exists()
        assert G.params_type.load(path) == result.best
        assert "tuned toward equal seat win rates" in path.read_text(encoding="utf-8")
        assert result.held == (best["diff_hi"] < 0)
    else:
        assert result.path is None and not result.held


def test_search_is_reproducible(tuned):
    calls = []
    again = tune(G, "equal-seats", space={"end_hand_sum": (20, 34)}, n_trials=3, n_games=100,
                 params=P3, recheck_games=200, seed=5, save=False,
                 on_trial=lambda done, total, best: calls.append((done, total, best)))
    assert [c[:2] for c in calls] == [(1, 3), (2, 3), (3, 3)]
    assert calls[-1][2] == pytest.approx(again.best_search_loss)
    assert again.trials["value"].tolist() == tuned[0].trials["value"].tolist()
    assert again.best == tuned[0].best and again.path is None


def test_cli_tune(tmp_path, capsys):
    out = tmp_path / "v.yaml"
    code = main(["tune", "crossroads", "--players", "3", "--target", "length", "--length",
                 "20", "--trials", "3", "--params", "starting_hand", "--games-per-trial", "60",
                 "--recheck-games", "100", "--quiet", "--out", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "tuning toward 20.0 turns" in text and "verdict:" in text
    assert main(["tune", "crossroads", "--target", "length", "--trials", "1", "--quiet"]) == 2
