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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from designkit.agents import Agent, get_agent
from designkit.core.game import CHANCE, Game, State
from designkit.core.params import Params
from designkit.core.play import chance_rng
from designkit.core.seats import player_count
from tests.contract.harness import ContractViolation, _at, reloaded, shuffle_hidden


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
              limit: int | None = None) -> Iterator[State]:
    """Every ``every``-th position of a seeded random game where a seat chooses among
    several options (the game goes on from each: the caller must not change it)."""
    state = game.new_state(params, log=False)
    crng, arng = chance_rng(seed), random.Random(seed ^ 0xDEC1DE)
    found = 0
    while (who := game.to_move(state)) is not None:
        if who is CHANCE:
            game.apply(state, game.sample_chance(state, crng), check=False)
            continue
        legal = game.legal_actions(state)
        if len(legal) > 1:
            if found % every == 0:
                yield state
            found += 1
            if limit is not None and found >= limit * every:
                return
        game.apply(state, legal[arng.randrange(len(legal))], check=False)


def twins(game: Game, state: State, seat: int, rng: random.Random) -> list[tuple[str, State]]:
    """Positions ``seat`` cannot tell from ``state``: the game's re-deal, and a shuffle of
    the declared hidden zones when one gives a position the game accepts."""
    out = [("determinize", game.determinize(state, seat, rng))]
    base = reloaded(game, state)
    shuffled = shuffle_hidden(game, base, seat, rng)
    if shuffled is not None and game.observation(shuffled, seat) == game.observation(state, seat):
        out.append(("shuffle", shuffled))
    return out


def same_decision(game: Game, agent: Agent, a: State, b: State, seed: int) -> bool:
    first = agent.act(game, a, random.Random(seed))
    return agent.act(game, b, random.Random(seed)) == first


def count_peeks(game: Game, params: Params, agent: Agent | str | Callable[[], Agent],
                seeds: range, every: int = 1, limit: int | None = None) -> Tally:
    """How often ``agent`` decides differently in a position and in one its seat cannot
    tell apart from it, over seeded random games (each decision probed once per twin)."""
    make = agent if callable(agent) and not isinstance(agent, Agent) else None
    tally = Tally()
    for seed in seeds:
        for i, state in enumerate(decisions(game, params, seed, every, limit)):
            seat = game.to_move(state)
            assert isinstance(seat, int)
            rng = random.Random(f"peek-{seed}-{i}")
            for how, twin in twins(game, state, seat, rng):
                bot = make() if make is not None else get_agent(agent)  # type: ignore[arg-type]
                tally.add(same_decision(game, bot, state, twin, seed * 1000 + i),
                          f"{game.name} seed {seed} decision {i} seat {seat} ({how})")
    return tally


def expect_no_peeks(game: Game, params: Params, agent: str, seeds: range, every: int = 1,
                    limit: int | None = None) -> Tally:
    tally = count_peeks(game, params, agent, seeds, every, limit)
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
