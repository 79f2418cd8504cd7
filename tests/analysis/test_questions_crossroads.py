"""Crossroads draft 6a questions: 27 ending, declaring, skills (CR-8.1, CR-8.2, CR-9.3)."""

from __future__ import annotations

import pandas as pd
import pytest

from designkit.analysis.questions import crossroads as q
from designkit.sim import Results


@pytest.fixture(scope="module")
def results() -> Results:
    return q.run(40, seed=5, players=4, agents="random")


def test_ending_shares_add_up_and_the_reading_quotes_them(results: Results) -> None:
    answer = q.ending_27(results)
    table = answer.table.set_index("end_reason")
    assert table.rate.sum() == pytest.approx(1.0)
    share = (results.games.end_reason == "27").mean()
    assert table.loc["27", "rate"] == pytest.approx(share)
    assert f"{share:.0%}" in answer.reading and "「２７終了のメリットを増加」" in answer.markdown()


def _synthetic(declarer_wins: int, n: int) -> Results:
    """n games ended by a 27 declaration (CR-8.1) by seat 0, who wins declarer_wins."""
    games = pd.DataFrame({"game_id": range(n), "players": 4, "end_reason": "27",
                          "ending_seat": 0})
    rows = [{"game_id": g, "seat": s, "won": (s == 0) == (g < declarer_wins),
             "skills_held": ""} for g in range(n) for s in range(4)]
    return Results("crossroads", {}, ["greedy"], 0, games, pd.DataFrame(rows))


def test_declaring_pays_reading_follows_the_interval() -> None:
    assert "declaring pays" in q.declaring_pays(_synthetic(80, 100)).reading
    assert "does not pay" in q.declaring_pays(_synthetic(5, 100)).reading
    assert "cannot be told apart" in q.declaring_pays(_synthetic(3, 10)).reading
    table = q.declarer_table(_synthetic(80, 100)).set_index("end_reason")
    assert table.loc["27", "n"] == 100 and table.loc["27", "rate"] == pytest.approx(0.8)


def test_skill_impact_compares_holders_with_the_others(results: Results) -> None:
    answer = q.skill_impact(results)
    table = answer.table
    seats = results.seats
    for r in table.itertuples():
        has = seats.skills_held.fillna("").str.split(",").apply(lambda xs, s=r.skill: s in xs)
        assert r.held == has.sum()
        assert r.rate == pytest.approx(seats.won[has].mean())
        assert r.rate_without == pytest.approx(seats.won[~has].mean())
        assert r.lo <= r.rate <= r.hi
    assert "／" in table.name.iloc[0]  # Japanese and English skill names
