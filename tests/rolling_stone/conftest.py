"""Scenario builder for the Life is Rolling Stone rule tests.

``scenario`` builds a position from a *complete* state dict in the documented
JSON format (``designkit/games/rolling_stone/serialize.py``) and loads it with
``state_from_dict``, so a test states only what its worked example states:

* albums are ``{seat: {(row, col): card_id}}`` (the character card sits at (0, 0));
* dice are ``{seat: {colour: ((top, north, east), (row, col))}}``; unspecified dice sit on
  the character card;
* every album card not placed in an album, a discard pile or the common field stays in its
  stage deck, so all 72 cards are accounted for;
* ``stack`` is the list of tasks still to run (``[("turn", A)]``); :func:`resume` runs it
  until the first decision or chance step.

``play`` applies steps in order (an ``Action``, a ``(kind, arg)`` pair, or a chance outcome).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from designkit import get_game
from designkit.core.flow import run
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.cards import (
    load_album_cards,
    load_dreams,
    load_events,
)
from designkit.games.rolling_stone.setup import blank_state
from designkit.games.rolling_stone.state import RollingStoneState, Ruleset

G = get_game("rolling_stone")
A, B, C, D = range(4)
CARDS = {c.id: c for c in load_album_cards()}
COLOURS = ("R", "B", "Y", "G")


def blank_dict(players: int = 4, **params: Any) -> tuple[Any, dict[str, Any]]:
    p = G.params_type(players=players, **params)
    return p, G.state_to_dict(blank_state(Ruleset.compile(p), log=True))


def scenario(players: int = 4, *, albums: Mapping[int, Mapping[tuple[int, int], str]] | None = None,
             dice: Mapping[int, Mapping[str, tuple[tuple[int, int, int], tuple[int, int]]]]
             | None = None,
             hands: Mapping[int, Iterable[str]] | None = None,
             skills: Mapping[int, Iterable[tuple[int, str]]] | None = None,
             field: Iterable[str] = (), discard: Mapping[int, Iterable[str]] | None = None,
             stage: int = 1, round: int = 1, marker: int = 0,
             slot_of: Mapping[int, int] | None = None, power: Mapping[int, int] | None = None,
             vp: Mapping[int, int] | None = None, events_row: Iterable[str] = (),
             stack: Iterable[tuple[Any, ...]] = (), turn_no: int = 0,
             log: bool = True, run_now: bool = True, **params: Any) -> RollingStoneState:
    """A position built from the worked examples' terms; ``params`` override defaults."""
    p, d = blank_dict(players, **params)
    used: list[str] = []
    for s, cells in (albums or {}).items():
        d["albums"][s] = sorted([[0, 0, "character"]]
                                + [[r, c, cid] for (r, c), cid in cells.items()])
        used += list(cells.values())
    for s, by_colour in (dice or {}).items():
        for colour, (orientation, cell) in by_colour.items():
            d["dice"][s][colour] = {"orientation": list(orientation), "cell": list(cell)}
    for s, ids in (discard or {}).items():
        d["discard"][s] = list(ids)
        used += list(ids)
    d["field"] = list(field)
    used += d["field"]
    stack = [tuple(t) for t in stack]
    used += [t[2] for t in stack if t[0] == "place"]  # a card on its way into an album
    assert len(used) == len(set(used)), "a card is used twice"
    for s, ids in d["decks"].items():
        d["decks"][s] = [i for i in ids if i not in used]
    dreams_used: list[str] = []
    for s, ids in (hands or {}).items():
        d["hands"][s] = list(ids)
        dreams_used += d["hands"][s]
    for s, pairs in (skills or {}).items():
        d["skills"][s] = [[st_, i] for st_, i in pairs]
        dreams_used += [i for _, i in pairs]
    d["dream_pool"] = [i for i in d["dream_pool"] if i not in dreams_used]
    row = list(events_row)
    d["events_row"] = row
    for s, ids in d["event_pool"].items():
        d["event_pool"][s] = [i for i in ids if i not in row]
    d.update(stage=stage, round=round, marker=marker, turn_no=turn_no, phase="RUN",
             stack=[list(t) for t in stack])
    for s, slot in (slot_of or {}).items():
        d["slot_of"][s] = slot
        d["board"][slot - 1] = s
    for s, v in (power or {}).items():
        d["power"][s] = v
    for s, v in (vp or {}).items():
        d["vp"][s] = v
        d["vp_parts"][s]["settlement"] = v
    st = G.state_from_dict(d, p, log=log)
    assert G.state_to_dict(st) == d, "scenario dict does not round-trip"
    if run_now:
        run(st)
    return st


def resume(st: RollingStoneState) -> RollingStoneState:
    run(st)
    return st


def play(st: RollingStoneState, *steps: Any) -> RollingStoneState:
    """Apply steps in order: an ``Action``, a ``(kind, arg)`` pair, or a chance outcome."""
    for step in steps:
        if isinstance(step, tuple) and not isinstance(step, Action):
            step = Action(*step)  # chance outcomes are IDs or numbers, never tuples
        G.apply(st, step)
    return st


def advance(st: RollingStoneState, stop: Any, seed: int = 0, limit: int = 10_000
            ) -> RollingStoneState:
    """Play random legal steps (chance sampled) until ``stop(st)`` holds or the game ends."""
    import random

    rng = random.Random(seed)
    for _ in range(limit):
        who = G.to_move(st)
        if who is None or stop(st):
            return st
        if isinstance(who, int):
            legal = G.legal_actions(st)
            G.apply(st, legal[rng.randrange(len(legal))])
        else:
            G.apply(st, G.sample_chance(st, rng))
    raise AssertionError("advance did not stop")


def orient(st: RollingStoneState, seat: int, colour: str) -> tuple[int, int, int]:
    k = st.rules.colour_index[colour]
    return st.rules.dice.orients[st.dice[seat][k]]


def die_cell(st: RollingStoneState, seat: int, colour: str) -> tuple[int, int]:
    k = st.rules.colour_index[colour]
    return st.rules.rc[st.dcell[seat][k]]


def cells_offered(st: RollingStoneState) -> set[tuple[int, int]]:
    return {(a.arg[1], a.arg[2]) for a in G.legal_actions(st) if a.kind == "place"}


def kinds(st: RollingStoneState) -> set[str]:
    return {a.kind for a in G.legal_actions(st)}


def rules_logged(st: RollingStoneState, start: int = 0) -> list[str]:
    return [e.rule for e in st.log[start:]]


def events(st: RollingStoneState, rule: str, start: int = 0) -> list[Any]:
    return [e for e in st.log[start:] if e.rule == rule]


def cards_with(stars: int | None = None, person: bool | None = None, attr: str | None = None,
               exclude: Iterable[str] = ()) -> list[str]:
    """Album card IDs matching a filter (in table order), for filling albums."""
    skip = set(exclude)
    return [c.id for c in load_album_cards()
            if c.id not in skip and (stars is None or c.stars == stars)
            and (person is None or c.person == person) and (attr is None or attr in c.attrs)]


def block(ids: Iterable[str], rows: int = 4, cols: int = 4,
          origin: tuple[int, int] = (0, 0)) -> dict[tuple[int, int], str]:
    """Lay cards row by row over a rows × cols block whose top-left is ``origin``,
    skipping the character card's cell (0, 0)."""
    cells = [(origin[0] + r, origin[1] + c) for r in range(rows) for c in range(cols)]
    cells = [rc for rc in cells if rc != (0, 0)]
    ids = list(ids)
    return dict(zip(cells, ids, strict=False))


def count_everything(st: RollingStoneState) -> tuple[Counter, Counter, Counter]:
    """Every album card, dream and event card wherever it is."""
    d = G.state_to_dict(st)
    cards: Counter = Counter()
    for ids in d["decks"].values():
        cards.update(ids)
    cards.update(d["field"] + d["removed"])
    for a in d["albums"]:
        cards.update(i for _, _, i in a if i != "character")
    for ids in d["discard"]:
        cards.update(ids)
    for t in d["stack"]:
        if t[0] == "place":
            cards[t[2]] += 1
    if d["phase"] == "PLACE":
        cards[d["ctx"][1]] += 1
    dreams: Counter = Counter(d["dream_pool"])
    for h in d["hands"] + d["pending"]:
        dreams.update(h)
    for sk in d["skills"]:
        dreams.update(i for _, i in sk)
    evs: Counter = Counter(d["events_row"] + d["events_done"])
    for ids in d["event_pool"].values():
        evs.update(ids)
    return cards, dreams, evs


ALL_CARDS = Counter(c.id for c in load_album_cards())
ALL_DREAMS = Counter(x.id for x in load_dreams())
ALL_EVENTS = Counter(e.id for e in load_events())
