"""compare (paired by game seed), its text, and sample-size advice (the analytics part of
``designkit.analysis.compare``; ``compare_win_rates`` is tested with the charts)."""

from __future__ import annotations

import pandas as pd
import pytest

from designkit import get_game
from designkit.analysis.compare import (
    compare,
    compare_text,
    discordance,
    sample_size,
    sample_size_advice,
)
from designkit.analysis.stats import binom_two_sided_p, chi2_sf
from designkit.sim import Results, simulate

G = get_game("crossroads")


@pytest.fixture(scope="module")
def base() -> Results:
    return simulate(G, 400, params=G.params_type(players=3), seed=2, progress=False)


@pytest.fixture(scope="module")
def variant() -> Results:
    return simulate(G, 400, params=G.params_type(players=3, end_hand_sum=20), seed=2,
                    progress=False)


def two_seat(won_a: list[int], won_b: list[int], seeds_b: list[int] | None = None
             ) -> tuple[Results, Results]:
    """Two-seat results where seat 0 wins the games marked 1."""
    def make(won: list[int], seeds: list[int]) -> Results:
        n = len(won)
        games = pd.DataFrame({"game_id": range(n), "seed": seeds, "players": 2,
                              "turns": [10 + w for w in won], "decisions": 20,
                              "multi_option_decisions": 10, "branching_sum": 40,
                              "end_reason": "end", "winner": [1 - w for w in won],
                              "n_winners": 1})
        rows = []
        for g, w in enumerate(won):
            for s in (0, 1):
                win = (s == 0) == bool(w)
                rows.append({"game_id": g, "seed": seeds[g], "seat": s, "agent": "random",
                             "score": 2.0 if win else 1.0, "rank": 1 if win else 2,
                             "won": win})
        return Results(game="crossroads", params={}, agents=["random"] * 2, seed=0,
                       games=games, seats=pd.DataFrame(rows), requested=n)

    seeds = list(range(len(won_a)))
    return make(won_a, seeds), make(won_b, seeds_b if seeds_b is not None else seeds)


def test_same_seeds_are_compared_pairwise(base, variant):
    table = compare(base, variant)
    assert list(table.columns) == ["metric", "seat", "category", "a", "b", "diff", "lo", "hi",
                                   "p_value", "significant", "test", "n"]
    wr = table[table["metric"] == "win_rate"]
    assert wr["seat"].tolist() == [0, 1, 2] and (wr["n"] == 400).all()
    assert set(wr["test"]) <= {"McNemar", "McNemar exact"}
    assert set(table.loc[table["metric"] == "turns", "test"]) == {"paired t"}
    assert ((table["lo"] <= table["diff"] + 1e-12) & (table["diff"] <= table["hi"] + 1e-12)).all()
    turns = table[table["metric"] == "turns"].iloc[0]
    assert turns["diff"] == pytest.approx(variant.games["turns"].mean()
                                          - base.games["turns"].mean())
    assert turns["significant"] and turns["diff"] < 0  # a lower end sum ends games sooner
    ends = table[table["metric"] == "end_share"]
    assert ends["a"].sum() == pytest.approx(1) and ends["b"].sum() == pytest.approx(1)


def test_identical_runs_show_no_difference(base):
    table = compare(base, base)
    assert (table["diff"] == 0).all() and (table["p_value"] == 1).all()
    assert not table["significant"].any()


def test_different_seeds_fall_back_to_unpaired_tests(base):
    other = simulate(G, 300, params=G.params_type(players=3), seed=99, progress=False)
    table = compare(base, other)
    assert set(table.loc[table["metric"] == "win_rate", "test"]) == {"two-proportion z"}
    assert set(table.loc[table["metric"] == "score_mean", "test"]) == {"Welch t"}


def test_mcnemar_on_known_discordant_pairs():
    # 30 games: seat 0 wins in a only 20 times, in b only 8 times, both 2 -> 28 discordant.
    a_won = [1] * 20 + [0] * 8 + [1] * 2
    b_won = [0] * 20 + [1] * 8 + [1] * 2
    a, b = two_seat(a_won, b_won)
    row = compare(a, b).query("metric == 'win_rate' and seat == 0").iloc[0]
    assert row["test"] == "McNemar"
    assert row["p_value"] == pytest.approx(chi2_sf((8 - 20) ** 2 / 28, 1))
    assert row["diff"] == pytest.approx((10 - 22) / 30)
    small_a, small_b = two_seat([1, 1, 1, 0, 0], [0, 0, 0, 0, 1])
    row = compare(small_a, small_b).query("metric == 'win_rate' and seat == 0").iloc[0]
    assert row["test"] == "McNemar exact" and row["p_value"] == pytest.approx(
        binom_two_sided_p(1, 4))


def test_discordance_and_text(base, variant):
    psi = discordance(base, variant, seat=0)
    assert 0 < psi < 1
    text = compare_text(compare(base, variant), {0: "A", 1: "B", 2: "C"})
    assert "win_rate A" in text and "McNemar" in text and "pts" in text
    _, unrelated = two_seat([1, 0], [1, 0], seeds_b=[7, 8])
    with pytest.raises(ValueError, match="share no game seeds"):
        discordance(two_seat([1, 0], [1, 0])[0], unrelated)


def test_sample_size_formulas():
    # Fleiss two-sample: 25% -> 28% at alpha 0.05, power 0.8.
    assert sample_size(0.03, 0.25) == 3397
    assert sample_size(0.03, 0.25, design="one-sample") == 1672
    # Connor's paired formula with 15% discordant games.
    assert sample_size(0.03, 0.25, design="paired", discordant=0.15) == 1306
    assert sample_size(0.05, 0.25) < sample_size(0.03, 0.25) < sample_size(0.02, 0.25)
    assert sample_size(0.03, 0.25, power=0.9) > 3397
    with pytest.raises(ValueError):
        sample_size(0.03, design="paired", discordant=0.01)
    with pytest.raises(ValueError):
        sample_size(0.0)


def test_sample_size_advice_sentence():
    text = sample_size_advice(0.03, 0.25, "seat 1")
    assert text.startswith("To see a 3-point change in seat 1's win rate (25.0% → 28.0%) at "
                           "95% confidence and 80% power you need about 3,397 games")
    assert "same seeds" in sample_size_advice(0.03, 0.25, discordant=0.15)
