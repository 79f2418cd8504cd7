"""Classic Hero draft 3 ■問題点: tempo, Demon Lord VP (CH-7.2, CH-7.3), detours, red dice
(CH-6.4, CH-2.3)."""

from __future__ import annotations

import pytest

from designkit.analysis.questions import classic_hero as q


@pytest.fixture(scope="module")
def run():  # noqa: ANN201
    return q.run(4, seed=6, players=3, agents="random")


def test_tempo_counts_every_real_choice(run) -> None:  # noqa: ANN001
    results, watch = run
    frame = watch.frame()
    per_game = frame.groupby("game_id").choices.sum()
    assert per_game.tolist() == results.games.multi_option_decisions.tolist()
    assert (frame.decisions >= frame.choices).all()
    assert sorted(frame.stage.unique()) == [0, 1, 2, 3]  # 0: setup (class choice)
    assert "real choices" in q.tempo(watch).reading


def test_stops_include_every_event_taken(run) -> None:  # noqa: ANN001
    results, watch = run
    seats = results.seats.merge(watch.stops_frame(), on=["game_id", "seat"])
    assert (seats.stops >= seats.events).all()
    table = q.detour_table(results, watch)
    assert table.n.sum() == len(seats)


def test_demon_lord_share_of_vp_and_margin(run) -> None:  # noqa: ANN001
    results, _ = run
    assert q.boss_columns(results) == ["vp_boss_hp", "vp_final_damage"]
    answer = q.demon_lord(results)
    share = answer.table.set_index("measure")
    assert 0 <= share.loc["share of VP gained", "rate"] <= 1
    assert share.loc["games whose winner it decides", "n"] == 4


def test_red_dice_sweep_plays_each_value_on_the_same_seeds() -> None:
    table = q.red_dice_table("red_die_bonus_vp", (0, 2), 4, seed=1)
    assert table.red_die_bonus_vp.tolist() == [0, 2]
    assert table.red_vp.iloc[0] == 0 and table.red_vp.iloc[1] >= 0
    limit = q.red_dice_table("max_dice", (4, 6), 4, seed=1)
    answer = q.red_dice(table, limit)
    assert "red_die_bonus_vp goes 0 → 2" in answer.reading
