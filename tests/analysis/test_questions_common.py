"""The shared machinery of the design-questions pages: watched simulation, intervals,
counterfactual winners, answers (tiny game counts)."""

from __future__ import annotations

import pandas as pd
import pytest

from designkit.analysis.questions import GAMES, module
from designkit.analysis.questions.common import (
    Answer,
    Observer,
    Question,
    bars,
    rate_by,
    rate_text,
    separated,
    simulate_observed,
    winner_changes_without,
)
from designkit.core.errors import DesignkitError
from designkit.core.registry import get_game
from designkit.sim import Results, simulate
from designkit.sim.watched import declared_metrics


@pytest.mark.parametrize("game", GAMES)
def test_watched_games_are_the_games_simulate_plays(game: str) -> None:
    """Same seeds, same rows: an answer's numbers are those of `designkit simulate`."""
    seen = []

    class Count(Observer):
        def decision(self, state, seat, action, options):  # noqa: ANN001
            seen.append((self.game_id, seat))

    watched = simulate_observed(game, 3, agents="random", seed=11, observer=Count())
    plain = simulate(game, 3, agents="random", seed=11, progress=False)
    recorded = simulate(game, 3, agents="random", seed=11, progress=False, metrics=True,
                        workers=2, backend="process")
    # the game's declared metrics are extra columns (sim.watched); the rest is simulate's
    pd.testing.assert_frame_equal(watched.games[plain.games.columns], plain.games)
    pd.testing.assert_frame_equal(watched.seats[plain.seats.columns], plain.seats)
    pd.testing.assert_frame_equal(watched.games, recorded.games)
    pd.testing.assert_frame_equal(watched.seats, recorded.seats)
    extra = {c for c in [*watched.games, *watched.seats] if c.startswith("metric_")}
    assert extra == {f"metric_{m.name}" for m in declared_metrics(get_game(game)).metrics}
    per_game = pd.Series([g for g, _ in seen]).value_counts().sort_index()
    assert per_game.tolist() == plain.games.decisions.tolist()


def _results(scores: list[list[float]], extra: list[list[float]]) -> Results:
    rows = []
    for gid, (ss, xs) in enumerate(zip(scores, extra, strict=True)):
        best = max(ss)
        order = sorted(range(len(ss)), key=lambda s: (-ss[s], s))
        for seat, (s, x) in enumerate(zip(ss, xs, strict=True)):
            rows.append({"game_id": gid, "seed": gid, "seat": seat, "agent": "random",
                         "score": s, "rank": order.index(seat) + 1, "won": s == best,
                         "vp_x": x})
    games = pd.DataFrame({"game_id": range(len(scores)), "players": len(scores[0])})
    return Results("crossroads", {}, ["random"], 0, games, pd.DataFrame(rows))


def test_winner_changes_without_a_vp_source() -> None:
    res = _results([[10, 8, 1], [10, 8, 1], [5, 5, 0]], [[3, 0, 0], [1, 0, 0], [1, 0, 0]])
    # game 0: 7 < 8 -> seat 1 wins instead; game 1: 9 > 8 -> unchanged;
    # game 2: shared win 5/5 becomes seat 1 alone -> changed
    assert winner_changes_without(res, "vp_x").tolist() == [True, False, True]


def test_rate_by_gives_wilson_intervals() -> None:
    frame = pd.DataFrame({"g": ["a"] * 10 + ["b"] * 10, "won": [True] * 9 + [False] * 11})
    table = rate_by(frame, "g").set_index("g")
    assert table.loc["a", "rate"] == pytest.approx(0.9)
    assert table.loc["b", "rate"] == 0
    assert 0 < table.loc["a", "lo"] < 0.9 < table.loc["a", "hi"] <= 1
    assert table.loc["b", "lo"] == 0 and table.loc["b", "hi"] > 0
    assert separated(table.loc["a"], table.loc["b"])
    assert rate_text(0.25, 0.2, 0.3) == "25% [20%–30%]"


def test_answer_shows_the_quote_the_english_and_the_reading() -> None:
    q = Question("k", "Title", "ゲームテンポが悪い。", "The tempo is bad.", "draft 3")
    table = pd.DataFrame({"x": ["a"], "rate": [0.5], "lo": [0.4], "hi": [0.6]})
    fig = bars(table, "x", "t", "share")
    text = Answer(q, fig, table, "half of them").markdown()
    assert "「ゲームテンポが悪い。」" in text and "The tempo is bad." in text
    assert "**Reading:** half of them" in text
    bar = fig.data[0]
    assert list(bar.error_y.array) == [pytest.approx(0.1)]
    assert list(bar.error_y.arrayminus) == [pytest.approx(0.1)]


def test_every_game_has_a_questions_module_with_quotes() -> None:
    for game in GAMES:
        mod = module(game)
        assert mod.QUESTIONS
        for q in mod.QUESTIONS:
            assert q.quote_ja and q.quote_en and q.source
    with pytest.raises(DesignkitError, match="no design questions"):
        module("high_card")
