"""Random in-range Params, drawn from the Params metadata alone.

A designer sweeps parameters; every game must survive any values its Params
accept. This module draws such values for any game without knowing it: each
field from its :class:`~designkit.core.params.ParamSpec` (choices, range,
optional, item range, the keys of a table field, the items of a word list),
then the Params' own cross-field checks decide. A draw those checks reject is
repaired, not thrown away: the field the :class:`ParamError` names (or, if it
was left at its default, the last changed field) goes back to its default and
the Params are built again. Defaults are valid, so this always ends, and the
result is always something the Params themselves accept.

One drawing routine serves two front ends: :func:`params_strategy` (a
hypothesis strategy, so failures shrink towards the defaults) and
:func:`random_params` (a plain :class:`random.Random`, for scripts and sweeps).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from designkit.core.errors import ParamError
from designkit.core.params import Params, ParamSpec
from designkit.core.seats import player_range

P = TypeVar("P", bound=Params)

#: chance that a field is changed from its default in one draw (all at once rarely validates)
CHANGE_P = 0.35
#: chance that an optional field is drawn empty
NONE_P = 0.2
#: numeric lists drawn up to this many items longer than their default
LIST_GROWTH = 2
#: fresh values a field named by a cross-field error gets before it is reset
REDRAWS = 3


class Picker(Protocol):
    """The choices one draw needs; a ``random.Random`` or a hypothesis ``data`` behind it."""

    def integer(self, lo: int, hi: int) -> int: ...

    def real(self, lo: float, hi: float) -> float: ...

    def chance(self, p: float) -> bool: ...

    def subset(self, items: Sequence[Any], lo: int, hi: int) -> list[Any]:
        """Between ``lo`` and ``hi`` distinct items, in a random order."""
        ...


class _RandomPicker:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def real(self, lo: float, hi: float) -> float:
        return self.rng.uniform(lo, hi)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def subset(self, items: Sequence[Any], lo: int, hi: int) -> list[Any]:
        return self.rng.sample(list(items), self.rng.randint(lo, hi))


def draw_params(params_type: type[P], pick: Picker) -> P:
    """One in-range Params of ``params_type``; ``players`` always drawn over its whole range."""
    base = params_type()
    specs = params_type.specs()
    changes: dict[str, Any] = {}
    for name, spec in specs.items():
        if name == "players":
            lo, hi = player_range(params_type)
            changes[name] = pick.integer(lo, hi)
        elif pick.chance(CHANGE_P):
            changes[name] = _draw_value(spec, getattr(base, name), pick)

    def redraw(name: str) -> Any:
        return _draw_value(specs[name], getattr(base, name), pick)

    return _repair(params_type, changes, redraw)


def random_params(params_type: type[P], rng: random.Random) -> P:
    """In-range Params for a script or a sweep (seeded: same ``rng`` state, same Params)."""
    return draw_params(params_type, _RandomPicker(rng))


def params_strategy(params_type: type[P]) -> Any:
    """A hypothesis strategy of in-range Params (imported lazily: tests only)."""
    from hypothesis import strategies as st

    @st.composite
    def _params(draw: Any) -> P:
        return draw_params(params_type, _HypothesisPicker(draw, st))

    return _params()


class _HypothesisPicker:
    def __init__(self, draw: Any, st: Any) -> None:
        self.draw, self.st = draw, st

    def integer(self, lo: int, hi: int) -> int:
        return int(self.draw(self.st.integers(lo, hi)))

    def real(self, lo: float, hi: float) -> float:
        return float(self.draw(self.st.floats(lo, hi, allow_nan=False)))

    def chance(self, p: float) -> bool:
        # shrinks towards False: towards the defaults
        return bool(self.draw(self.st.integers(0, 999)) >= round(1000 * (1 - p)))

    def subset(self, items: Sequence[Any], lo: int, hi: int) -> list[Any]:
        k = self.integer(lo, hi)
        return list(self.draw(self.st.permutations(list(items))))[:k]


def _draw_value(spec: ParamSpec, default: Any, pick: Picker) -> Any:
    if spec.optional and pick.chance(NONE_P):
        return None
    kind = spec.kind
    if kind == "bool":
        return pick.chance(0.5)
    if kind == "choice":
        choices = spec.choices or (default,)
        return choices[pick.integer(0, len(choices) - 1)]
    if kind in ("int", "float"):
        return _number(kind, spec.range, default, pick)
    if kind == "table":
        return {key: _number("int" if _whole(spec.item_range) else "float", spec.item_range,
                             value, pick) for key, value in dict(default).items()}
    if kind == "list":
        return _list(spec, tuple(default or ()), pick)
    return default


def _whole(bounds: tuple[float, float] | None) -> bool:
    return bounds is None or all(float(b).is_integer() for b in bounds)


def _number(kind: str, bounds: tuple[float, float] | None, default: Any, pick: Picker) -> Any:
    if bounds is None:
        return default
    lo, hi = bounds
    if kind == "int" and _whole(bounds):
        return pick.integer(int(lo), int(hi))
    return pick.real(float(lo), float(hi))


def _list(spec: ParamSpec, default: tuple[Any, ...], pick: Picker) -> tuple[Any, ...]:
    if spec.item_range is not None:
        lo, hi = spec.item_range
        pool: Sequence[Any] = range(int(lo), int(hi) + 1) if _whole(spec.item_range) else ()
        most = len(default) + LIST_GROWTH
        if pool:
            return tuple(pick.subset(pool, 0, min(most, len(pool))))
        return tuple(pick.real(lo, hi) for _ in range(pick.integer(0, most)))
    # a list of words (skills on offer, colours): the metadata knows only the default's
    # words, so draw a selection of them, each at most once, in any order
    if not default:
        return default
    return tuple(pick.subset(default, 0, len(default)))


def _repair(params_type: type[P], changes: dict[str, Any],
            redraw: Callable[[str], Any]) -> P:
    """Build the Params, fixing what the cross-field checks object to.

    A field the error names gets up to :data:`REDRAWS` fresh values first (so a
    changed ``order_slots`` can find an ``order_bonus`` of its length), then the
    culprit goes back to its default.
    """
    changes = dict(changes)
    redrawn: dict[str, int] = {}
    for _ in range((len(params_type.specs()) + 1) * (REDRAWS + 1)):
        try:
            return params_type(**changes)
        except ParamError as err:
            named = err.field.split("[", 1)[0]
            if named != "players" and named in params_type.specs() \
                    and redrawn.get(named, 0) < REDRAWS:
                redrawn[named] = redrawn.get(named, 0) + 1
                changes[named] = redraw(named)
                continue
            culprit = _field_of(named, changes)
            if culprit is None:
                break
            del changes[culprit]
    return params_type()


def _field_of(name: str, changes: Mapping[str, Any]) -> str | None:
    if name in changes and name != "players":
        return name
    others = [k for k in changes if k != "players"]
    if others:
        return others[-1]
    return "players" if "players" in changes else None

