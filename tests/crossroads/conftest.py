"""Scenario builder for the Crossroads rule tests.

``make_state`` builds a position from a *complete* state dict in the documented
JSON format (``designkit/games/crossroads/serialize.py``) and loads it with
``state_from_dict``, so a test states only what its worked example states:

* the deck defaults to every card not placed elsewhere, so all 36 (3 players) or
  42 cards are accounted for; when a test fixes the deck, the cards left over go
  to the discard pile instead;
* the Crossroads defaults to the skills nobody holds.

``play`` applies a sequence of steps with ``Game.apply`` (chance outcomes
included), and ``count_cards`` checks that no card was created or lost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from designkit import get_game
from designkit.games.crossroads.actions import Action
from designkit.games.crossroads.state import CrossroadsState

G = get_game("crossroads")
A, B, C, D, E = range(5)
SKILL_IDS = ("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8")


def _group(n: int, spec: int | Iterable[int]) -> list[int]:
    """A group given as a size (all printed ``n``) or as its printed cards."""
    return [n] * spec if isinstance(spec, int) else list(spec)


#: the phases a scenario may open on that ask the active player
_ASKS = ("ACT", "S2_CHOICE", "S2_KEEP")


def build_dict(players: int = 4, *, hands: Mapping[int, Iterable[int]] | None = None,
               piles: Mapping[int, Mapping[int, int | Iterable[int]]] | None = None,
               skills: Mapping[int, Iterable[str]] | None = None, active: int = 0,
               trigger: int | None = None, phase: str | None = None,
               receiver: int | None = None, deck: Mapping[int, int] | None = None,
               discard: Iterable[int] | None = None,
               known: Mapping[int, Iterable[int]] | None = None,
               crossroads: Iterable[str] | None = None, bottom: Iterable[int] = (),
               top: Iterable[int] = (), turn: int = 1, first_player: int = 0,
               params: Any = None) -> dict[str, Any]:
    """The complete state dict of a scenario (every key of ``state_to_dict``)."""
    p = params if params is not None else G.params_type(players=players)
    hands_l = [list((hands or {}).get(s, ())) for s in range(players)]
    piles_l = [{int(n): _group(n, g) for n, g in sorted((piles or {}).get(s, {}).items())}
               for s in range(players)]
    skills_l = [list((skills or {}).get(s, ())) for s in range(players)]
    held = {sid for ss in skills_l for sid in ss}
    if crossroads is None:
        crossroads = [s for s in p.crossroads_skills if s not in held]
    top_l, bottom_l = list(top), list(bottom)
    placed = Counter()
    for cards in hands_l:
        placed.update(cards)
    for pile in piles_l:
        for g in pile.values():
            placed.update(g)
    placed.update(top_l + bottom_l)
    if trigger is not None:
        placed[trigger] += 1
    full = Counter({x: p.copies_per_number for x in p.deck_numbers()})
    if discard is not None:
        placed.update(discard)
    rest = full - placed
    over = placed - full
    assert not over, f"scenario uses more cards than exist: {dict(over)}"
    if deck is None:
        deck_d = dict(rest)
        discard_l = list(discard or [])
    else:
        deck_d = {int(x): int(k) for x, k in deck.items() if k}
        leftover = rest - Counter(deck_d)
        assert not Counter(deck_d) - rest, "the fixed deck uses cards placed elsewhere"
        discard_l = list(discard) if discard is not None else sorted(leftover.elements())
    if phase is None:
        phase = "RECEIVE" if receiver is not None else ("ACT" if trigger is not None else "DRAW")
    return {
        "players": players, "phase": phase, "active": active,
        "seat": receiver if receiver is not None else (active if phase in _ASKS else None),
        "ctx": [receiver] if receiver is not None else [], "stack": [], "last": None,
        "trigger": trigger, "turn": turn, "first_player": first_player, "ending": None,
        "end_reason": None,
        "deck": {str(x): k for x, k in sorted(deck_d.items()) if k},
        "top": top_l, "bottom": bottom_l,
        "top_owner": [active] * len(top_l), "bottom_owner": [active] * len(bottom_l),
        "hands": [sorted(h) for h in hands_l],
        "known": [sorted((known or {}).get(s, ())) for s in range(players)],
        "piles": [{str(n): g for n, g in pile.items()} for pile in piles_l],
        "discard": sorted(discard_l),
        "skills": skills_l, "crossroads": list(crossroads),
        "s2_cards": [], "declarer": None, "took": [],
        "released": [len(pile) for pile in piles_l],
        "final": None, "log": [],
    }


def make_state(players: int = 4, *, log: bool = True, **kw: Any) -> CrossroadsState:
    """Build a scenario; keyword arguments not used by :func:`build_dict` are params.

    ``make_state(hands={D: [3, 3, 8]}, piles={A: {3: 2}}, skills={D: ["S8"]},
    active=D, trigger=3, s4_trigger_may_be_reference=True)``
    """
    names = set(build_dict.__code__.co_varnames[:build_dict.__code__.co_argcount
                                                 + build_dict.__code__.co_kwonlyargcount])
    overrides = {k: kw.pop(k) for k in list(kw) if k not in names}
    if kw.get("params") is None:
        kw["params"] = G.params_type(players=players, **overrides)
    else:
        assert not overrides, "pass params or overrides, not both"
    data = build_dict(players, **kw)
    st = G.state_from_dict(data, kw["params"], log=log)
    assert G.state_to_dict(st) == data, "scenario dict does not round-trip"
    return st


def play(st: CrossroadsState, *steps: Any) -> CrossroadsState:
    """Apply steps in order: an ``Action``, a ``(kind, arg)`` pair, or a chance outcome."""
    for step in steps:
        if isinstance(step, tuple) and not isinstance(step, Action):
            step = Action(*step)
        G.apply(st, step)
    return st


def count_cards(st: CrossroadsState) -> Counter:
    """Every genre card, wherever it is (deck, hands, piles, discard, trigger, S2)."""
    return card_counts(G.state_to_dict(st))


def card_counts(d: dict[str, Any]) -> Counter:
    """:func:`count_cards` of a state dict (``state_to_dict``), by printed number; a number
    the deck lists with none left counts 0."""
    c = Counter({int(x): k for x, k in d["deck"].items()})
    c.update(d["top"] + d["bottom"] + d["discard"] + d["s2_cards"])
    for h in d["hands"]:
        c.update(h)
    for pile in d["piles"]:
        for g in pile.values():
            c.update(g)
    if d["trigger"] is not None:
        c[d["trigger"]] += 1
    return c


def full_deck(st: CrossroadsState) -> Counter:
    p = st.params
    return Counter({x: p.copies_per_number for x in p.deck_numbers()})


def rules_logged(st: CrossroadsState, start: int = 0) -> list[str]:
    return [e.rule for e in st.log[start:]]


def events(st: CrossroadsState, rule: str, start: int = 0) -> list[Any]:
    return [e for e in st.log[start:] if e.rule == rule]


def visible_to(ev: Any) -> Any:
    """The seats an event is restricted to (``None``: public)."""
    return getattr(ev, "visible_to", None) or ev.data.get("visible_to")


def sizes(st: CrossroadsState) -> list[int]:
    """Legal release sizes now (ACT or RECEIVE)."""
    return sorted(a.arg for a in G.legal_actions(st) if a.kind == "release")


def kinds(st: CrossroadsState) -> set[str]:
    return {a.kind for a in G.legal_actions(st)}


def piles(st: CrossroadsState) -> list[dict[int, int]]:
    """Work piles as ``{number: size}`` per seat, the spec's ``{5:3}`` notation."""
    return [{n: len(g) for n, g in sorted(p.items())} for p in st.piles]


@pytest.fixture
def g():
    return G
