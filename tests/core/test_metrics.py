"""core.metrics: what a game declares, and how a watch's values become results columns."""

from __future__ import annotations

import pytest

from designkit.core.errors import DesignkitError
from designkit.core.metrics import Declared, GameMetric, Watch, columns

METRICS = (GameMetric("fixes", "dice fixed", "目固定"),
           GameMetric("stops", "stops", "止まった数", per_seat=True))


def test_values_become_game_and_seat_columns() -> None:
    game, seats = columns(Declared(METRICS), {"fixes": 2, "stops": [1, 4, 0]}, 3)
    assert game == {"metric_fixes": 2.0}
    assert seats == [{"metric_stops": 1.0}, {"metric_stops": 4.0}, {"metric_stops": 0.0}]


@pytest.mark.parametrize("values, why", [
    ({"stops": [1, 2, 3]}, "metric fixes: the watch gave no value"),
    ({"fixes": 1, "stops": [1, 2]}, "metric stops: give one value per seat"),
    ({"fixes": 1, "stops": 3}, "metric stops: give one value per seat"),
    ({"fixes": [1, 2, 3], "stops": [1, 2, 3]}, "metric fixes: give one number per game"),
])
def test_a_watch_that_forgets_or_misshapes_a_value_is_named(values: dict, why: str) -> None:
    with pytest.raises(DesignkitError, match=why):
        columns(Declared(METRICS), values, 3)


def test_a_name_declared_twice_or_not_an_identifier_is_refused() -> None:
    with pytest.raises(DesignkitError, match="declared twice"):
        Declared((METRICS[0], METRICS[0]))
    with pytest.raises(DesignkitError, match="letters, digits"):
        GameMetric("dice fixed", "x", "x")


def test_an_unknown_name_lists_the_declared_ones() -> None:
    with pytest.raises(DesignkitError, match="toy declares no such metric; its metrics: "
                                             "fixes, stops"):
        Declared(METRICS).get("fix", "toy")


def test_the_base_watch_counts_nothing() -> None:
    w = Watch(3)
    w.decision(None, 0, "a", 2)
    w.step(None)
    assert w.n == 3 and w.values(None) == {}
