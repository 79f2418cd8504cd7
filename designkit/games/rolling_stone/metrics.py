"""Rolling Stone's declared metrics (core.metrics): who started, who held the marker.

The start-marker question compares the first start player (LR-2.6: the lowest setup dice
total) with the seat holding the marker at the end; the first holder is gone once an order
bonus moves the marker, so :class:`FirstPlayer` watches for it. A comparison reads
``metric:first_player`` / ``metric:marker_end`` (seat numbers, 0-based).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from designkit.core.metrics import Declared, GameMetric, Value, Watch

METRICS = (
    GameMetric("first_player", "the first start player's seat (LR-2.6)", "最初のスタートプレイヤー"),
    GameMetric("marker_end", "the seat holding the start marker at the end",
               "終了時のスタートマーカーの持ち主"),
)


class FirstPlayer(Watch):
    """The first marker holder seen, before any order bonus can move the marker."""

    def __init__(self, seats: int) -> None:
        super().__init__(seats)
        self.first: int | None = None

    def step(self, state: Any) -> None:
        if self.first is None:
            self.first = getattr(state, "marker", None)

    def decision(self, state: Any, seat: int, action: Hashable, options: int) -> None:
        self.step(state)

    def values(self, state: Any) -> dict[str, Value]:
        first = self.first if self.first is not None else state.marker
        return {"first_player": float(first), "marker_end": float(state.marker)}


def declared() -> Declared:
    """The ``question_metrics`` hook (core.hooks)."""
    return Declared(METRICS, FirstPlayer)
