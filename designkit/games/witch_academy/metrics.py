"""Witch Academia's declared metrics (core.metrics): where each seat places its workers.

The draft asks whether the University pays (its ratio question) and which rank of an
assignment's completions scores: counts only a watched game shows, since a placement with
one possible target is applied by the engine without a decision. :class:`Placements`
counts them from the states; ``analysis.questions.witch_academy`` charts them, and a
comparison reads ``metric:university`` / ``metric:areas`` (per seat).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from typing import Any

from designkit.core.metrics import Declared, GameMetric, Value, Watch

UNIVERSITY = "U"  # the target of a worker placed at the University (LW-7)

METRICS = (
    GameMetric("university", "workers placed at the University per player (LW-7.1)",
               "大学に置いたワーカー数", per_seat=True),
    GameMetric("areas", "workers placed at an Area per player (LW-5.1, LW-A22)",
               "エリアに置いたワーカー数", per_seat=True),
)


class Placements(Watch):
    """Each seat's worker placements in one game, at the University or at an Area, and the
    rank of each completion of a displayed assignment (LW-10.2).

    A placement is a ``worker`` decision followed by its ``target``; when only one target
    is possible the engine applies it at once (no decision), so the placed worker is then
    found on the board (``univ`` / ``occupant``) right after the step."""

    def __init__(self, seats: int) -> None:
        super().__init__(seats)
        self.count: dict[tuple[int, str], int] = defaultdict(int)
        self.pending: tuple[Any, ...] | None = None
        self.on_card: dict[str, int] = {}
        self.ranks: list[int] = []   # the rank (1, 2, …) of each completion seen

    def decision(self, state: Any, seat: int, action: Hashable, options: int) -> None:
        kind = getattr(action, "kind", None)
        arg = getattr(action, "arg", None)
        if kind == "worker":
            self.pending = (seat, state.rules.ranks.index(arg))
        elif kind == "target":
            self.count[(seat, "university" if arg == UNIVERSITY else "areas")] += 1
            self.pending = None

    def step(self, state: Any) -> None:
        st = state
        if self.pending is None:
            self._completions(st)
            return
        if st.phase.name == "TARGET":
            return  # the target is asked: counted by decision()
        where = ("university" if self.pending in st.univ else
                 "areas" if self.pending in st.occupant else None)
        if where is not None:
            self.count[(self.pending[0], where)] += 1
        self.pending = None
        self._completions(st)

    def _completions(self, st: Any) -> None:
        """Each completion of a displayed assignment, by its rank on the card (LW-10.2):
        the card's tokens grow from k to k + 1 (cards that leave the display are gone)."""
        seen = self.on_card
        now = {st.rules.assignments[a].id: len(t)
               for a, t in zip(st.display, st.tokens_on, strict=False)}
        for card, k in now.items():
            self.ranks.extend(rank + 1 for rank in range(seen.get(card, 0), k))
        self.on_card = now

    def values(self, state: Any) -> dict[str, Value]:
        return {where: [float(self.count.get((seat, where), 0)) for seat in range(self.n)]
                for where in ("university", "areas")}


def declared() -> Declared:
    """The ``question_metrics`` hook (core.hooks)."""
    return Declared(METRICS, Placements)
