"""Scenario helpers for the Classic Hero rule tests.

A test builds a position in the worked examples' own terms (dice as ``W5``,
``R6``, ``[W6]`` for a used die; event cards by ID on track slots), queues
the task the example starts from, and runs the flow to the first question.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from designkit import get_game
from designkit.core.flow import push, run
from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.setup import blank_state
from designkit.games.classic_hero.state import ClassicHeroState, Ruleset, die_label

G = get_game("classic_hero")
A, B, C, D = range(4)


def dice(*codes: str) -> list[tuple[int, bool, bool]]:
    """``dice("W2", "R5", "[W6]")``: colour, value; brackets mark a used die."""
    out = []
    for code in codes:
        used = code.startswith("[")
        code = code.strip("[]")
        out.append((int(code[1:]), code[0] == "R", used))
    return out


def labels(st: ClassicHeroState, seat: int) -> list[str]:
    return sorted(die_label(d) for d in st.dice[seat])


def scenario(players: int = 3, *, stage: int = 1, hands: Mapping[int, Iterable[str]] | None = None,
             track: Mapping[int, str] | None = None, pos: Mapping[int, int] | None = None,
             bless: Mapping[int, int] | None = None, races: Iterable[str] | None = None,
             abilities: Mapping[int, Iterable[str]] | None = None,
             taken: Mapping[int, Iterable[str]] | None = None,
             log: bool = True, **params: Any) -> ClassicHeroState:
    p = G.params_type(players=players, **params)
    r = Ruleset.compile(p)
    st = blank_state(r, log)
    st.stage = stage
    ids = list(races) if races is not None else [f"RC{i + 1}" for i in range(players)]
    st.race = [r.race_index[x] for x in ids]
    st.start_order = sorted(range(players), key=st.speed)
    for s, codes in (hands or {}).items():
        st.dice[s] = dice(*codes)
    on_track = set()
    for slot, cid in (track or {}).items():
        st.track[slot] = r.event_index[cid]
        on_track.add(st.track[slot])
    st.event_deck = [e for e in r.stage_decks[stage] if e not in on_track] if track else []
    for s, q in (pos or {}).items():
        st.pos[s] = q
    for s, n in (bless or {}).items():
        st.bless[s] = n
    for s, ids_ in (abilities or {}).items():
        st.abilities[s] = tuple(r.ability_index[x] for x in ids_)
        st.skill_deck = [a for a in st.skill_deck if a not in st.abilities[s]]
    for s, ids_ in (taken or {}).items():
        st.taken[s] = tuple(r.event_index[x] for x in ids_)
    return st


def start(st: ClassicHeroState, *tasks: tuple) -> ClassicHeroState:
    push(st, *tasks)
    run(st)
    return st


def act(st: ClassicHeroState, kind: str, pick: Any = None) -> HeroAction:
    """Apply the legal action of ``kind`` whose arg equals ``pick`` or satisfies it (callable)."""
    found = [a for a in st.options if a.kind == kind
             and (pick is None or (pick(a.arg) if callable(pick) else a.arg == pick))]
    assert found, f"no legal {kind} {pick!r} among {[a.describe() for a in st.options]}"
    G.apply(st, found[0])
    return found[0]


def chance(st: ClassicHeroState, *outcomes: Any) -> None:
    for o in outcomes:
        G.apply(st, o)


def refs_text(dice_refs: Iterable[tuple[int, int, bool]]) -> tuple[str, ...]:
    return tuple(sorted(f"{'R' if red else 'W'}{v}" for _, v, red in dice_refs))


def random_game(seed: int, players: int = 3, agents: str = "random", log: bool = False,
                params: Any = None, check: Any = None) -> ClassicHeroState:
    """Play one game with random (or greedy) agents; ``check(st)`` runs before every step."""
    from designkit.agents import get_agent

    rng = random.Random(seed)
    p = params if params is not None else G.params_type(players=players)
    st = G.new_state(p, log=log)
    bots = [get_agent(agents) for _ in range(p.players)]
    steps = 0
    while not G.is_over(st):
        if check is not None:
            check(st)
        who = G.to_move(st)
        a = bots[who].act(G, st, rng) if isinstance(who, int) else G.sample_chance(st, rng)
        G.apply(st, a)
        steps += 1
        assert steps < 20_000, "game does not end"
    if check is not None:
        check(st)
    return st
