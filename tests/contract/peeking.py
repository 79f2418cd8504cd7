"""No agent can pass by peeking (issue 36): the checks behind ``test_peeking.py``.

An agent is handed its seat's information set only (``designkit.core.infoset``), so two
true positions the deciding seat cannot tell apart must give the same decision from the
same agent seed. The second position is drawn two ways, neither trusting the agent:

* the game's own ``determinize`` (the other seats' hidden parts dealt anew), and
* a shuffle of the hidden zones the game declares (``harness.shuffle_hidden``), which does
  not use the game's determinisation at all (a ``determinize`` that does not resample would
  make the first way pass whatever the agent reads).

:func:`determinize_samples_differ` and :func:`same_samples` are the determinisation's own
checks: it really resamples, and it is a function of the seat's observation and the RNG.
Nothing here knows a game: it uses only the ``Game`` contract.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from designkit.agents import Agent, get_agent
from designkit.core.game import CHANCE, Game, State
from designkit.core.params import Params
from designkit.core.play import chance_rng
from designkit.core.seats import player_count
from tests.contract.harness import (
    ContractViolation,
    _at,
    check_observation,
    reloaded,
    shuffle_hidden,
)


@dataclass
class Tally:
    """Decisions compared and the ones that changed (with the first few, for the message)."""

    decisions: int = 0
    changed: int = 0
    examples: list[str] = field(default_factory=list)

    def add(self, same: bool, where: str) -> None:
        self.decisions += 1
        if not same:
            self.changed += 1
            if len(self.examples) < 3:
                self.examples.append(where)


def decisions(game: Game, params: Params, seed: int, every: int = 1,
              limit: int | None = None, hidden: bool = False) -> Iterator[State]:
    """Every ``every``-th position of a seeded random game where a seat chooses among
    several options (the game goes on from each: the caller must not change it).
    ``hidden``: only positions where another deal of the deciding seat's hidden zones is
    consistent with what it sees (where peeking could pay: Classic Hero's weakness cards
    are held for a few turns of a stage only)."""
    state = game.new_state(params, log=False)
    crng, arng = chance_rng(seed), random.Random(seed ^ 0xDEC1DE)
    found = 0
    while (who := game.to_move(state)) is not None:
        if who is CHANCE:
            game.apply(state, game.sample_chance(state, crng), check=False)
            continue
        legal = game.legal_actions(state)
        if len(legal) > 1 and (not hidden or other_deals_exist(
                game, state, who, random.Random(found), tries=2)):  # type: ignore[arg-type]
            if found % every == 0:
                yield state
            found += 1
            if limit is not None and found >= limit * every:
                return
        game.apply(state, legal[arng.randrange(len(legal))], check=False)


#: games whose declared hidden zones allow deals no seat would consider, so a shuffle of
#: them is no twin (the game's own re-deal still is): game -> why
COARSE_ZONES = {
    "witch_academy": "one group pools every year's event cards, but each seat knows how "
                     "many of its kept year-old cards (LW-11.4) each hand took back; a "
                     "shuffle can deal one hand two old cards and another none",
}


def positions(game: Game, params: Params, want: int, max_seeds: int = 12
              ) -> Iterator[tuple[int, int, State]]:
    """About ``want`` positions ``(seed, index, state)`` of seeded random games (seeds 0,
    1, …, at most ``max_seeds``), spread over whole games, among those where another deal
    fits what the deciding seat sees; where no position has one (a game without hidden
    information) any decision. Spread by the first three games."""
    counts = [sum(1 for _ in decisions(game, params, seed, hidden=True)) for seed in range(3)]
    hidden = any(counts)
    per_game = (sum(counts) if hidden else
                sum(sum(1 for _ in decisions(game, params, seed)) for seed in range(3))) // 3
    every = max(1, per_game // max(1, want // 2))
    found = 0
    for seed in range(max_seeds):
        for i, state in enumerate(decisions(game, params, seed, every, hidden=hidden)):
            yield seed, i, state
            found += 1
            if found >= want:
                return


def twins(game: Game, state: State, seat: int, rng: random.Random) -> list[tuple[str, State]]:
    """Positions ``seat`` cannot tell from ``state``: the game's re-deal, and a shuffle of
    the declared hidden zones when one gives a position the game accepts (not for the
    games of :data:`COARSE_ZONES`)."""
    out = [("determinize", game.determinize(state, seat, rng))]
    if game.name in COARSE_ZONES:
        return out
    base = reloaded(game, state)
    shuffled = shuffle_hidden(game, base, seat, rng)
    if shuffled is not None and game.observation(shuffled, seat) == game.observation(state, seat):
        out.append(("shuffle", shuffled))
    return out


def same_decision(game: Game, agent: Agent, a: State, b: State, seed: int) -> bool:
    first = agent.act(game, a, random.Random(seed))
    return agent.act(game, b, random.Random(seed)) == first


def count_peeks(game: Game, params: Params, agent: Agent | str | Callable[[], Agent],
                probed: Iterable[tuple[int, int, State]]) -> Tally:
    """How often ``agent`` decides differently in a position and in one its seat cannot
    tell apart from it (each position of ``probed`` once per twin; :func:`positions`, or
    every decision of seeded games: ``all_decisions``)."""
    make = agent if callable(agent) and not isinstance(agent, Agent) else None
    tally = Tally()
    for seed, i, state in probed:
        seat = game.to_move(state)
        assert isinstance(seat, int)
        rng = random.Random(f"peek-{seed}-{i}")
        for how, twin in twins(game, state, seat, rng):
            bot = make() if make is not None else get_agent(agent)  # type: ignore[arg-type]
            tally.add(same_decision(game, bot, state, twin, seed * 1000 + i),
                      f"{game.name} seed {seed} decision {i} seat {seat} ({how})")
    return tally


def all_decisions(game: Game, params: Params, seeds: range, every: int = 1
                  ) -> Iterator[tuple[int, int, State]]:
    """Every ``every``-th decision among several options of each seeded random game."""
    for seed in seeds:
        for i, state in enumerate(decisions(game, params, seed, every)):
            yield seed, i, state


def expect_no_peeks(game: Game, params: Params, agent: str, want: int) -> Tally:
    tally = count_peeks(game, params, agent, positions(game, params, want))
    if tally.changed:
        raise ContractViolation(
            f"{agent} decided differently in {tally.changed} of {tally.decisions} positions "
            f"its seat cannot tell apart ({game.name}, params {params.diff()}): it reads "
            f"something its information set does not hold; e.g. {tally.examples}")
    return tally


# -- the determinisation itself ------------------------------------------------------------------
def _doc(game: Game, state: State) -> dict[str, Any]:
    data = game.state_to_dict(state)
    data.pop("log", None)
    return data


def same_samples(game: Game, state: State, twin: State, seat: int, seed: int) -> str | None:
    """``determinize`` is a function of the seat's observation and the RNG: from two
    positions the seat cannot tell apart, the same RNG gives the same sample. The first
    differing key, or ``None``."""
    one = _doc(game, game.determinize(state, seat, random.Random(seed)))
    two = _doc(game, game.determinize(twin, seat, random.Random(seed)))
    if one == two:
        return None
    return next((k for k in sorted(set(one) | set(two)) if one.get(k) != two.get(k)), "?")


def hidden_deal(game: Game, state: State, seat: int) -> list[list[list[str]]]:
    """What lies in each of ``seat``'s hidden zones, zone by zone (each zone's items sorted:
    the order within a hand or pool is not a different deal)."""
    data = game.state_to_dict(state)
    out = []
    for group in game.hidden_zones(state, seat):
        zones = []
        for path in group:
            parent, key = _at(data, path)
            value = parent[key]
            zones.append(sorted(json.dumps(x) for x in (value if isinstance(value, list)
                                                         else [value])))
        out.append(zones)
    return out


def other_deals_exist(game: Game, state: State, seat: int, rng: random.Random,
                      tries: int = 6) -> bool:
    """Whether a deal of ``seat``'s hidden zones other than the true one gives a position the
    game accepts and the seat cannot tell apart (shuffles of the declared zones)."""
    base = reloaded(game, state)
    truth = hidden_deal(game, base, seat)
    seen = game.observation(base, seat)
    for _ in range(tries):
        other = shuffle_hidden(game, base, seat, rng)
        if other is None:
            return False
        if hidden_deal(game, other, seat) != truth and game.observation(other, seat) == seen:
            return True
    return False


def resamples(game: Game, state: State, seat: int, seeds: int = 8) -> bool:
    """Whether some of ``seeds`` determinisations deal ``seat``'s hidden zones otherwise
    than the true position does."""
    truth = hidden_deal(game, state, seat)
    return any(hidden_deal(game, game.determinize(state, seat, random.Random(k)), seat)
               != truth for k in range(seeds))


# -- the configurations every agent is checked under ---------------------------------------------
#: rule variants that add hidden information (``test_peeking`` checks that a switch that
#: makes a new hidden zone is listed here): (game, changes, id)
HIDDEN_VARIANTS: list[tuple[str, dict[str, Any], str]] = [
    ("classic_hero", {"weakness_cards": True}, "weakness_cards"),          # CH-V2
    ("classic_hero", {"weakness_cards": True, "weakness_draws": 3}, "weakness_draws3"),
    ("classic_hero", {"suit_effects": True}, "suit_effects"),              # CH-V4 brings V2
    ("classic_hero", {"shared_hp": "once", "weakness_cards": True, "reroll_each_stop": True,
                      "suit_effects": True, "road_vp": False}, "notes_plan"),
]


def hidden_zone_keys(game: Game, params: Params, seed: int, every: int = 5) -> set[str]:
    """The top-level keys of the hidden zones that hold something, over a seeded random
    game's positions (every ``every``-th decision)."""
    keys: set[str] = set()
    for state in decisions(game, params, seed, every):
        data = game.state_to_dict(state)
        for seat in range(player_count(params)):
            for group in game.hidden_zones(state, seat):
                for path in group:
                    parent, key = _at(data, path)
                    if parent[key] not in ([], None):
                        keys.add(str(path[0]))
    return keys


def check_determinize(game: Game, params: Params, want: int) -> tuple[int, int]:
    """At about ``want`` positions (:func:`positions`): every seat's determinisation keeps
    what the seat sees; the deciding seat's samples are the same from a twin position (a
    function of its observation and the RNG); and where another deal fits what it sees,
    some sample deals it. (positions probed, positions with another deal)."""
    probed = dealt = 0
    for seed, i, state in positions(game, params, want):
        seat = game.to_move(state)
        assert isinstance(seat, int)
        where = f"{game.name} {params.diff()}, seed {seed}, position {i}, seat {seat}"
        rng = random.Random(f"det-{seed}-{i}")
        for other_seat in range(player_count(params)):
            check_observation(game, state, other_seat, rng, lambda where=where: where)
        for how, twin in twins(game, state, seat, rng):
            key = same_samples(game, state, twin, seat, seed * 100 + i)
            if key is not None:
                raise ContractViolation(
                    f"determinize({seat}) gave other samples from a position its seat "
                    f"cannot tell apart ({how}): {key!r} differs, so the sample reads "
                    f"the true state ({where})")
        if other_deals_exist(game, state, seat, rng):
            dealt += 1
            if not resamples(game, state, seat):
                raise ContractViolation(
                    f"determinize({seat}) never deals the other seats' hidden parts "
                    f"otherwise than they are, though other deals fit what the seat "
                    f"sees ({where})")
        probed += 1
    return probed, dealt
