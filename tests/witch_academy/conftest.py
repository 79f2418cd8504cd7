"""Scenario builder for the Little Witch Academia rule tests.

``scenario`` builds a blank position (no chance step taken), lays out the
Areas, exploration cards, display and hands a worked example names, and
``resume`` runs the given tasks until the first decision or chance step, so a
test states only what its example states. ``play`` applies steps in order: a
``(kind, arg)`` pair is a decision, anything else a chance outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from designkit import get_game
from designkit.core.flow import push, run
from designkit.core.rows import put
from designkit.games.witch_academy.actions import WitchAction
from designkit.games.witch_academy.setup import blank_state
from designkit.games.witch_academy.state import (
    RES_INDEX,
    UNIV,
    Ruleset,
    WitchState,
)

G = get_game("witch_academy")
A, B, C, D, E_ = range(5)
ALL_AREAS = ("FOREST", "LAKE", "MOUNTAIN", "PERMAFROST", "LIGHTHOUSE", "MORIA", "DESERT",
             "ISLAND", "CORRIDOR")


def res(text: str) -> tuple[int, ...]:
    """``"G3 B2 E2"`` → resource counts G, B, R, W, E (a state's tuple row)."""
    out = [0] * 5
    for part in text.split():
        out[RES_INDEX[part[0]]] += int(part[1:])
    return tuple(out)


def scenario(players: int = 4, *, year: int = 1, areas: Iterable[str] = (),
             explore: Mapping[str, Iterable[str]] | None = None,
             display: Iterable[str] = (), hands: Mapping[int, Iterable[str]] | None = None,
             resources: Mapping[int, str] | None = None, order: Iterable[int] | None = None,
             **params: Any) -> WitchState:
    p = G.params_type(players=players, **params)
    rules = Ruleset.compile(p)
    st = blank_state(rules, log=True)
    st.year = year
    areas = list(areas) or list(ALL_AREAS[:p.areas()])
    for a in areas:
        i = rules.area_index[a]
        st.area_pool.remove(i)
        st.areas.append(i)
        st.occupant.append(None)
        cards = [rules.explore_index[c] for c in (explore or {}).get(a, ())]
        st.ex_deck = tuple(c for c in st.ex_deck if c not in cards)  # a tuple, replaced
        st.explore.append(tuple(cards))
    st.asg_pool = list(rules.year_assignments[year])
    for a in display:
        i = rules.assignment_index[a]
        st.asg_pool.remove(i)
        st.display.append(i)
        st.tokens_on.append(())
    for seat, cards in (hands or {}).items():
        st.hands[seat] = tuple(rules.event_index[c] for c in cards)
    for seat, text in (resources or {}).items():
        st.res[seat] = res(text)
    if order is not None:
        st.order = list(order)
    return st


def resume(st: WitchState, *tasks: tuple[Any, ...]) -> WitchState:
    push(st, *tasks)
    run(st)
    return st


def play(st: WitchState, *steps: Any) -> WitchState:
    for step in steps:
        if isinstance(step, tuple) and len(step) == 2 and isinstance(step[0], str) \
                and not G.flow.is_chance[st.phase]:
            step = WitchAction(*step)
        G.apply(st, step)
    return st


def place(st: WitchState, seat: int, w: int, where: str) -> None:
    """Put ``seat``'s worker ``w`` on an Area (by ID) or the University ("U") directly."""
    if where == UNIV:
        st.univ.append((seat, w))
        put(st.loc, seat, w, UNIV)
        return
    pos = st.areas.index(st.rules.area_index[where])
    st.occupant[pos] = (seat, w)
    put(st.loc, seat, w, pos)


def options(st: WitchState) -> list[tuple[str, Any]]:
    return [(a.kind, a.arg) for a in G.legal_actions(st)]


def rules_logged(st: WitchState) -> list[str]:
    return [e.rule for e in st.log or []]


def texts(st: WitchState) -> str:
    return "\n".join(e.render() for e in st.log or [])
