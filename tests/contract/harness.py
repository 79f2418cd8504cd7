"""The checked playout every registered game must survive (the contract suite's driver).

A game is stepped by hand with the same RNGs as :func:`designkit.core.play.play_game`
(chance from ``chance_rng(seed)``, each seat's agent from ``agent_rng(seed, seat)``), and
after every step the game's own ``check_state`` invariants must hold (so a failure is
replayed by ``play_game`` with the seed it names). Every ``probe_every`` steps the
expensive generic checks run too: clone independence, the dict round trip, illegal and
foreign actions, observations against determinisations. :func:`check_log_hides` checks
what each seat's log reveals. Nothing here knows a game: it uses only the ``Game`` contract.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from designkit.agents import make_agents
from designkit.core.action import Action
from designkit.core.errors import IllegalAction
from designkit.core.events import log_for
from designkit.core.game import CHANCE, Game, State
from designkit.core.params import Params
from designkit.core.play import Step, agent_rng, chance_rng
from designkit.core.seats import player_count

MAX_STEPS = 20_000
#: outcomes / decisions of a node compared pairwise by the log-leak probe
LEAK_ALTERNATIVES = 3


@dataclass
class Playout:
    game: Game
    params: Params
    agents: list[str]
    seed: int
    state: State
    steps: list[Step] = field(default_factory=list)
    probes: int = 0


class ContractViolation(AssertionError):
    """A game broke the contract; the message says at which step of which setup."""


def violations(game: Game, state: State) -> list[Any]:
    return list(game.check_state(state))


def checked_playout(game: Game, params: Params, agent_specs: Sequence[str] | str, seed: int,
                    *, log: bool = False, probe_every: int = 0, observe_every: int = 0,
                    rng: random.Random | None = None) -> Playout:
    """Play one game to its end, checking the contract after every step.

    ``probe_every``: run every probe each that many steps; ``observe_every``: only the
    observation / determinisation check (cheap enough for every step).
    """
    players = player_count(params)
    agents = make_agents(agent_specs, players)
    state = game.new_state(params, log=log)
    crng = chance_rng(seed)
    rngs = [agent_rng(seed, s) for s in range(players)]
    probe_rng = rng or random.Random(seed ^ 0x5EED)
    out = Playout(game, params, [a.name for a in agents], seed, state)

    def where(step: int) -> str:
        return (f"{game.name}, seed {seed}, agents {out.agents}, step {step}, params "
                f"{params.diff()}")

    _expect_no_violations(game, state, lambda: where(0))
    for step in range(MAX_STEPS):
        who = game.to_move(state)
        if who is None:
            break
        if game.is_over(state):
            raise ContractViolation(f"is_over but {who} to move ({where(step)})")
        if probe_every and step % probe_every == 0:
            probe(game, state, probe_rng, lambda step=step: where(step))
            out.probes += 1
        elif observe_every and step % observe_every == 0:
            for seat in range(players):
                check_observation(game, state, seat, probe_rng, lambda step=step: where(step))
        if who is CHANCE:
            outcomes = game.chance_outcomes(state)
            total = sum(p for _, p in outcomes)
            if not outcomes or abs(total - 1.0) > 1e-9:
                raise ContractViolation(f"chance outcomes sum to {total} ({where(step)})")
            action: Hashable = game.sample_chance(state, crng)
            if action not in {o for o, _ in outcomes}:
                raise ContractViolation(f"sampled {action!r} is not an outcome ({where(step)})")
            out.steps.append(Step(None, action))
        else:
            legal = game.legal_actions(state)
            if not legal:
                raise ContractViolation(f"seat {who} must move but has no legal action "
                                        f"({where(step)})")
            if len(set(legal)) != len(legal):
                raise ContractViolation(f"legal actions repeat: {legal} ({where(step)})")
            action = agents[who].act(game, state, rngs[who])
            if action not in legal:
                raise ContractViolation(f"agent chose {action!r}, not legal ({where(step)})")
            out.steps.append(Step(who, action))
        game.apply(state, action)  # checked: the contract says a legal step never raises
        _expect_no_violations(game, state, lambda step=step: where(step + 1))
    else:
        raise ContractViolation(f"no end after {MAX_STEPS} steps ({where(MAX_STEPS)})")
    if not game.is_over(state):
        raise ContractViolation(f"nobody to move but the game is not over ({where(-1)})")
    scores, ranking = game.scores(state), game.ranking(state)
    if len(scores) != players or sorted(ranking) != list(range(players)):
        raise ContractViolation(f"scores {scores} / ranking {ranking} are not one per seat")
    winners = game.winners(state)
    if not winners or not set(winners) <= set(range(players)):
        raise ContractViolation(f"winners {winners} are not seats")
    check_vp_sources(game, state, scores, lambda: where(-1))
    return out


_SOURCE_KEY = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


def check_vp_sources(game: Game, state: State, scores: Sequence[float],
                     where: Callable[[], str]) -> None:
    """Every seat's VP by source: non-empty, the same snake_case keys for every seat,
    each with a label, and summing exactly to the seat's score (a dropped or doubled
    category shows as a difference)."""
    keys = None
    for seat, score in enumerate(scores):
        sources = game.vp_sources(state, seat)
        if not sources:
            raise ContractViolation(f"vp_sources is empty for seat {seat} ({where()})")
        if keys is not None and list(sources) != keys:
            raise ContractViolation(f"vp_sources keys differ between seats: {keys} vs "
                                    f"{list(sources)} ({where()})")
        keys = list(sources)
        bad = [k for k in keys if not _SOURCE_KEY.fullmatch(k)
               or k not in game.VP_SOURCE_LABELS]
        if bad:
            raise ContractViolation(f"vp_sources keys {bad} are not snake_case keys of "
                                    f"VP_SOURCE_LABELS ({where()})")
        total = math.fsum(sources.values())
        if total != score:
            raise ContractViolation(f"seat {seat}: vp_sources {sources} sum to {total}, "
                                    f"not the score {score} ({where()})")


def _expect_no_violations(game: Game, state: State, where: Callable[[], str]) -> None:
    found = violations(game, state)
    if found:
        raise ContractViolation(f"check_state: {found} ({where()})")


# -- the probes ------------------------------------------------------------------------------------
def probe(game: Game, state: State, rng: random.Random, where: Callable[[], str]) -> None:
    """The generic checks of one position (they must not change it)."""
    before = game.state_to_dict(state)
    json.dumps(before)
    check_round_trip(game, state, before, where)
    check_clone_independent(game, state, before, rng, where)
    check_illegal_actions(game, state, before, where)
    for seat in range(player_count(state.params)):
        check_observation(game, state, seat, rng, where)
    if game.state_to_dict(state) != before:
        raise ContractViolation(f"a probe changed the real state ({where()})")


def _one_step(game: Game, state: State, rng: random.Random) -> Hashable:
    if game.to_move(state) is CHANCE:
        return game.sample_chance(state, rng)
    return rng.choice(game.legal_actions(state))


def check_round_trip(game: Game, state: State, before: dict[str, Any],
                     where: Callable[[], str]) -> None:
    back = game.state_from_dict(json.loads(json.dumps(before)), state.params,
                                log=state.log is not None)
    if game.state_to_dict(back) != before:
        raise ContractViolation(f"state_from_dict(state_to_dict(s)) differs ({where()})")
    if game.to_move(back) != game.to_move(state):
        raise ContractViolation(f"round trip changed who moves ({where()})")
    if game.to_move(state) is CHANCE:
        same = game.chance_outcomes(back) == game.chance_outcomes(state)
    else:
        same = game.legal_actions(back) == game.legal_actions(state)
    if not same:
        raise ContractViolation(f"round trip changed the options ({where()})")
    if violations(game, back):
        raise ContractViolation(f"round trip broke invariants: {violations(game, back)}")


def check_clone_independent(game: Game, state: State, before: dict[str, Any],
                            rng: random.Random, where: Callable[[], str]) -> None:
    twin = state.clone()
    if game.state_to_dict(twin) != before:
        raise ContractViolation(f"a clone differs from its original ({where()})")
    step = _one_step(game, twin, rng)
    game.apply(twin, step)
    if game.state_to_dict(state) != before:
        raise ContractViolation(f"applying {step!r} to a clone changed the original "
                                f"({where()})")
    mirror = state.clone()
    game.apply(mirror, step)
    if game.state_to_dict(mirror) != game.state_to_dict(twin):
        raise ContractViolation(f"the same step on two clones gave different states "
                                f"({where()})")


def foreign_actions(game: Game, state: State) -> list[Any]:
    """Things that are not a legal step now: a plain tuple, None, an unknown kind, ..."""
    out: list[Any] = [None, "pass", 42]
    action_type = getattr(game, "action_type", None)
    if game.to_move(state) is CHANCE:
        out.append(("no-such-outcome",))
        if action_type is not None:
            out.append(action_type("no_such_kind", None))
        return out
    legal = game.legal_actions(state) if game.to_move(state) is not None else []
    if legal and isinstance(legal[0], tuple):
        out.append(tuple(legal[0]))              # the same content, not the game's type
    if action_type is not None:
        out.append(action_type("no_such_kind", None))
    from tests.contract.foreign import other_games_action

    other = other_games_action(game)
    if other is not None:
        out.append(other)
    return out


def check_illegal_actions(game: Game, state: State, before: dict[str, Any],
                          where: Callable[[], str]) -> None:
    who = game.to_move(state)
    allowed: list[Any] = ([] if who is None else [o for o, _ in game.chance_outcomes(state)]
                          if who is CHANCE else game.legal_actions(state))
    for bad in foreign_actions(game, state):
        if any(type(bad) is type(ok) and bad == ok for ok in allowed):
            continue  # by chance a legal step of this game (an outcome 42)
        try:
            game.apply(state, bad)
        except IllegalAction as err:
            if not str(err).strip():
                raise ContractViolation(f"IllegalAction for {bad!r} has no message") from None
            named = _names(bad)
            if named and not any(n in str(err) for n in named):
                raise ContractViolation(f"IllegalAction for {bad!r} does not name it: "
                                        f"{err}") from None
        except Exception as err:  # noqa: BLE001 - the contract says IllegalAction only
            raise ContractViolation(f"apply({bad!r}) raised {type(err).__name__}: {err}, not "
                                    f"IllegalAction ({where()})") from err
        else:
            raise ContractViolation(f"apply({bad!r}) was accepted ({where()})")
        if game.state_to_dict(state) != before:
            raise ContractViolation(f"the rejected {bad!r} changed the state ({where()})")


def _names(bad: Any) -> list[str]:
    """Texts of which at least one must appear in the error naming ``bad``."""
    if bad is None:
        return ["None"]
    if isinstance(bad, Action):
        return [bad.describe(), bad.kind, repr(bad)]
    if isinstance(bad, tuple) and bad and isinstance(bad[0], str):
        return [bad[0], repr(bad)]
    return [repr(bad), str(bad)]


def check_observation(game: Game, state: State, seat: int, rng: random.Random,
                      where: Callable[[], str]) -> None:
    """What a seat sees is the same in any world it cannot tell apart from this one."""
    obs = game.observation(state, seat)
    json.dumps(obs)
    det = game.determinize(state, seat, rng)
    seen_there = game.observation(det, seat)
    if seen_there != obs:
        diff = {k: (obs.get(k), seen_there.get(k)) for k in sorted(set(obs) | set(seen_there))
                if obs.get(k) != seen_there.get(k)}
        raise ContractViolation(f"determinize({seat}) changed what seat {seat} sees: "
                                f"{diff} (real, determinised) ({where()})")
    if violations(game, det):
        raise ContractViolation(f"determinize({seat}) broke invariants: "
                                f"{violations(game, det)} ({where()})")


# -- the log as a seat sees it -------------------------------------------------------------------
def seen(events: Sequence[Any], seat: int) -> list[tuple[Any, ...]]:
    """The seat's view of ``events``, except those shown to it on purpose."""
    return [tuple(e) for e in log_for([e for e in events if e.visible_to is None
                                       or seat not in e.visible_to], seat)]


def check_log_hides(game: Game, state: State, where: Callable[[], str]) -> None:
    """No event a seat may see reveals what its observation hides.

    Two alternatives of this step (chance outcomes, or another seat's decisions) that
    leave a seat's observation equal must leave its view of the new events equal too;
    otherwise the log told it something the observation hides. Events the game shows
    this seat on purpose (``seat in visible_to``: its own draw) are its to know, even
    when the observation no longer shows them (a card drawn and discarded at once).
    """
    if state.log is None:
        return
    who = game.to_move(state)
    if who is None:
        return
    if who is CHANCE:
        options: list[Hashable] = [o for o, _ in game.chance_outcomes(state)]
    else:
        options = list(game.legal_actions(state))
    if len(options) < 2:
        return
    start = len(state.log)
    worlds = []
    for option in options[:LEAK_ALTERNATIVES]:
        twin = state.clone()
        game.apply(twin, option)
        worlds.append((option, twin))
    for seat in range(player_count(state.params)):
        if seat == who:
            continue
        views: dict[str, tuple[Hashable, list[tuple[Any, ...]]]] = {}
        for option, twin in worlds:
            key = json.dumps(game.observation(twin, seat), sort_keys=True, default=str)
            mine = seen((twin.log or [])[start:], seat)
            if key in views and views[key][1] != mine:
                other, theirs = views[key]
                raise ContractViolation(
                    f"seat {seat}'s log tells {option!r} from {other!r} though its "
                    f"observation does not: {_first_difference(theirs, mine)} ({where()})")
            views.setdefault(key, (option, mine))


def _first_difference(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> str:
    for x, y in zip(a, b, strict=False):
        if x != y:
            return f"{x[:3]} vs {y[:3]}"
    return f"{len(a)} vs {len(b)} events"
