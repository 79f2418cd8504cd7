"""Rolling Stone draft 10: turn positions now and under the previous rule (LR-6.2, LR-12.5)."""

from __future__ import annotations

import pytest

from designkit import get_game
from designkit.agents import make_agents
from designkit.analysis.questions import rolling_stone as q
from designkit.core.play import play_game
from designkit.sim.runner import game_seed


def test_previous_rule_swaps_bonuses_2_and_3_back() -> None:
    now = get_game("rolling_stone").params_type()
    before = q.previous_rule(now)
    assert now.order_bonus[1:3] == ("move_die", "start_marker")  # draft 10
    assert before.order_bonus[1:3] == ("start_marker", "move_die")
    assert before.order_bonus[0] == now.order_bonus[0]
    assert before.start_marker_vp == 0 and now.start_marker_vp == 1


@pytest.fixture(scope="module")
def runs():  # noqa: ANN201
    return q.run(6, seed=9, players=3, agents="random")


def test_first_player_is_the_lr_2_6_start_player(runs) -> None:  # noqa: ANN001
    game = get_game("rolling_stone")
    res = runs["draft 10"]
    params = game.params_type(players=3)
    for gid in range(3):
        played = play_game(game, params, make_agents("random", 3), game_seed(9, gid), log=True)
        first = next(e.seat for e in played.state.log if e.rule == "LR-2.6")
        assert res.games.first_player[gid] == first


def test_positions_table_and_reading(runs) -> None:  # noqa: ANN001
    answer = q.positions(runs)
    table = answer.table
    assert set(table.rule) == {"draft 10", "previous rule"}
    for _, part in table.groupby("rule"):
        assert part.n.tolist() == [6, 6, 6]
        assert part.successes.sum() >= 6  # every game has a winner (shared wins count twice)
    assert "draft 10:" in answer.reading and "previous rule:" in answer.reading
    marker = q.start_marker(runs).table
    assert marker.n.tolist() == [6, 6]
