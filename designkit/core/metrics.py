"""Metrics a game declares for its questions: counts the tidy results do not carry.

A draft's doubts ask for numbers only the game knows how to count: how many dice a player
fixed, how many rerolls a game had, which order the heroes reached the Goal in. Those
counts used to live beside the charts in ``analysis/questions/<game>.py``, out of reach of a
verdict (``designkit compare``) and of the game's own tests, and written against the
game's state from outside its package. Now a game declares them in its own ``metrics.py``,
listed in its ``hooks`` like ``printing.py`` (``core.hooks``: ``question_metrics`` is
``metrics.declared``), and the simulation records them only when a comparison or a
question asks (``metric:NAME`` in :mod:`designkit.analysis.variant_metrics`), so the hot
path that plays every other batch stays as it was.

Why a watcher and not only a function of the final state: some counts are gone at the end
(the order in which the pawns arrived, the decisions a seat was asked per stage), so a
:class:`Watch` sees the game as it is played, step by step, and
:meth:`Watch.values` turns what it saw (and the final state, and its event log when the
declaration asks for one) into one number per game or one per seat. A watch only reads:
it never changes the state, so a watched game is the game ``simulate`` plays (same seeds,
same decisions).

The core knows nothing of any game here (layers: core < games < ... < analysis).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from designkit.core.errors import DesignkitError

#: a value a watch reports: one number per game, or one per seat (seat order)
Value = float | Sequence[float]
#: the column prefix the simulation writes a declared metric under (``metric_stops``)
COLUMN_PREFIX = "metric_"


@dataclass(frozen=True)
class GameMetric:
    """One declared metric: its name (``metric:NAME``), labels and what a value is.

    ``per_seat`` metrics give one value per seat (a verdict reads their mean over the
    seats, as ``col:`` does); ``unit`` is ``"%"`` when every per-game value lies in [0, 1]
    (a share or an indicator: the verdict's interval is then a betting sequence), else the
    metric's own unit, shown in tables. ``margin`` is the "no practical change" margin a
    comparison uses when the question gives none (only the game knows its scale)."""

    name: str
    label: str
    label_ja: str
    per_seat: bool = False
    unit: str = ""
    margin: float = 0.5

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise DesignkitError(f"metric {self.name!r}: a name is letters, digits and _")


class Watch:
    """Watches one game for the game's metrics; a game's ``metrics.py`` subclasses it.

    ``decision(state, seat, action, options)`` before each decision is applied (``options``:
    how many the agent chose from), ``step(state)`` after every applied step (chance
    included), ``values(state)`` once at the end: metric name → value. Only read the
    state: a watch must not change the game."""

    def __init__(self, seats: int) -> None:
        self.n = seats   # the players of this game; the state comes with each step

    def decision(self, state: Any, seat: int, action: Hashable, options: int) -> None:
        """A seat is about to apply ``action``, chosen from ``options`` legal ones."""

    def step(self, state: Any) -> None:
        """A step (decision or chance) was applied."""

    def values(self, state: Any) -> dict[str, Value]:
        """The metrics of the finished game ``state``."""
        return {}


@dataclass(frozen=True)
class Declared:
    """What a game's ``metrics.py`` declares (its ``declared()`` returns one): the metrics,
    the watch that counts them, and whether the watch reads the event log (``needs_log``:
    the game is then played with its log, which costs the text of every event)."""

    metrics: tuple[GameMetric, ...]
    watch: type[Watch] = Watch
    needs_log: bool = False
    by_name: dict[str, GameMetric] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = [m.name for m in self.metrics]
        if len(set(names)) != len(names):
            raise DesignkitError(f"metrics: a name is declared twice in {names}")
        object.__setattr__(self, "by_name", {m.name: m for m in self.metrics})

    def get(self, name: str, game: str = "the game") -> GameMetric:
        """A declared metric by name; one line listing the names otherwise."""
        if name not in self.by_name:
            known = ", ".join(self.by_name) or "none"
            raise DesignkitError(f"metric:{name}: {game} declares no such metric; its "
                                 f"metrics: {known}")
        return self.by_name[name]


#: a game that declares nothing
NOTHING = Declared(())


def columns(declared: Declared, values: dict[str, Value], seats: int
            ) -> tuple[dict[str, float], list[dict[str, float]]]:
    """(game-row columns, one dict of columns per seat) for a finished game's values:
    ``metric_<name>``; a value missing from ``values`` or of the wrong shape is an error
    naming the metric (a watch that forgot one must not read as zero)."""
    game: dict[str, float] = {}
    per_seat: list[dict[str, float]] = [{} for _ in range(seats)]
    for m in declared.metrics:
        if m.name not in values:
            raise DesignkitError(f"metric {m.name}: the watch gave no value")
        v = values[m.name]
        col = COLUMN_PREFIX + m.name
        if m.per_seat:
            if isinstance(v, (int, float)) or len(v) != seats:
                raise DesignkitError(f"metric {m.name}: give one value per seat ({seats})")
            for seat, x in enumerate(v):
                per_seat[seat][col] = float(x)
        else:
            if not isinstance(v, (int, float)):
                raise DesignkitError(f"metric {m.name}: give one number per game")
            game[col] = float(v)
    return game, per_seat
