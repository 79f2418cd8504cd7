"""The checked playout every registered game must survive (the contract suite's driver).

A game is stepped by hand with the same RNGs as :func:`designkit.core.play.play_game`
(chance from ``chance_rng(seed)``, each seat's agent from ``agent_rng(seed, seat)``), and
after every step the game's own ``check_state`` invariants must hold (so a failure is
replayed by ``play_game`` with the seed it names). Every ``probe_every`` steps the
expensive generic checks run too: clone independence, the dict round trip, illegal and
foreign actions, observations against determinisations, the information-leak oracle
(:func:`check_leaks`: the game's determinisation and a generic shuffle of the hidden zones
it declares must leave a seat's observation, ``view`` and log equal) and ``view`` for every
seat and the designer. The game's declared ``components`` are checked after every step;
:func:`check_round_trip_behaviour` continues a loaded copy to the end, and
:func:`check_lazy_logging` plays a silent game with a spy on the event text.
:func:`check_log_hides` checks what each seat's log reveals. Nothing here knows a game: it
uses only the ``Game`` contract.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from designkit.agents import make_agents
from designkit.core.action import Action
from designkit.core.errors import IllegalAction
from designkit.core.events import Event, log_for
from designkit.core.game import CHANCE, Game, State, ZonePath
from designkit.core.invariants import ImpossibleState
from designkit.core.params import Params
from designkit.core.play import Step, agent_rng, chance_rng
from designkit.core.seats import player_count

MAX_STEPS = 20_000
#: outcomes / decisions of a node compared pairwise by the log-leak probe
LEAK_ALTERNATIVES = 3
#: shuffles of the hidden zones tried until one gives a state the game accepts
SHUFFLE_TRIES = 6


@dataclass
class Playout:
    game: Game
    params: Params
    agents: list[str]
    seed: int
    state: State
    steps: list[Step] = field(default_factory=list)
    probes: int = 0
    replays: int = 0


class ContractViolation(AssertionError):
    """A game broke the contract; the message says at which step of which setup."""


def violations(game: Game, state: State) -> list[Any]:
    return list(game.check_state(state))


def checked_playout(game: Game, params: Params, agent_specs: Sequence[str] | str, seed: int,
                    *, log: bool = False, probe_every: int = 0, observe_every: int = 0,
                    replay_at: int | None = None, rng: random.Random | None = None) -> Playout:
    """Play one game to its end, checking the contract after every step.

    ``probe_every``: run every probe each that many steps; ``observe_every``: only the
    observation / determinisation check (cheap enough for every step); ``replay_at``: at
    that step, load a copy of the dumped state and play both to the end
    (:func:`check_round_trip_behaviour`). The game's ``components`` are compared with the
    first position's after every step.
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
    box = game.components(state)
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
        if step == replay_at:   # random agents: seeded like any, and cheap to play twice
            check_round_trip_behaviour(game, state, ["random"] * players, seed + step,
                                       lambda step=step: where(step))
            out.replays += 1
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
        check_components(game, state, box, lambda step=step: where(step + 1))
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
    players = player_count(state.params)
    for seat in range(players):
        check_observation(game, state, seat, rng, where)
    # the leak oracle for one seat a probe, drawn from the probe's seeded RNG: every seat
    # comes up many times a game, at a third to a fifth of the cost (views are dear)
    check_leaks(game, state, rng.randrange(players), rng, where)
    check_views(game, state, where)
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


# -- conservation ------------------------------------------------------------------------------
def check_components(game: Game, state: State, box: dict[str, int],
                     where: Callable[[], str]) -> None:
    """The game's declared components (cards by id, dice, tokens) are all still there."""
    now = game.components(state)
    if now != box:
        diff = {k: (box.get(k, 0), now.get(k, 0)) for k in sorted(set(box) | set(now))
                if box.get(k, 0) != now.get(k, 0)}
        raise ContractViolation(f"components not conserved (at the start, now): {diff} "
                                f"({where()})")


# -- the information-leak oracle -----------------------------------------------------------------
def _at(data: Any, path: ZonePath) -> tuple[Any, Any]:
    """(parent, key) of ``path`` in a state document."""
    for key in path[:-1]:
        data = data[key]
    return data, path[-1]


def shuffle_hidden(game: Game, state: State, seat: int, rng: random.Random) -> State | None:
    """A state that differs from ``state`` only in what ``seat`` cannot see: the items of
    each group of the game's ``hidden_zones`` dealt out again at random, each zone keeping
    its length, through the game's own dict form. ``None`` when nothing is hidden or no
    shuffle gave a state the game accepts (a publicly known card moved)."""
    groups = game.hidden_zones(state, seat)
    if not groups:
        return None
    data = game.state_to_dict(state)
    for _ in range(SHUFFLE_TRIES):
        doc = json.loads(json.dumps(data))
        for group in groups:
            spots = [_at(doc, path) for path in group]
            values = [parent[key] for parent, key in spots]
            pool = [x for v in values for x in (v if isinstance(v, list) else [v])]
            rng.shuffle(pool)
            for (parent, key), old in zip(spots, values, strict=True):
                k = len(old) if isinstance(old, list) else 1
                parent[key] = pool[:k] if isinstance(old, list) else pool[0]
                pool = pool[k:]
        if doc == data:
            continue
        try:
            return game.state_from_dict(doc, state.params, log=True)
        except ImpossibleState:
            continue
    return None


def _common_step(game: Game, a: State, b: State) -> Hashable | None:
    """A step possible in both positions (the first, so both worlds take the same)."""
    who = game.to_move(a)
    if who is None or who != game.to_move(b):
        return None
    if who is CHANCE:
        there = {o for o, _ in game.chance_outcomes(b)}
        return next((o for o, _ in game.chance_outcomes(a) if o in there), None)
    there_legal = set(game.legal_actions(b))
    return next((x for x in game.legal_actions(a) if x in there_legal), None)


def same_for_seat(game: Game, real: State, other: State, seat: int, what: str,
                  where: Callable[[], str], real_view: str | None = None) -> None:
    """``seat`` cannot tell ``real`` from ``other``: the same observation, the same ``view``
    and, after the same next step, the same new log events as it sees them (leaving out
    events shown to it on purpose: its own draw may differ) unless the step revealed a
    difference (the observations differ) or took a hidden item out of hiding (a showdown
    may name the cards it shows). ``real_view``: the view
    of ``real`` when the caller has it (views are the costly part)."""
    obs, theirs = game.observation(real, seat), game.observation(other, seat)
    if obs != theirs:
        diff = {k: (obs.get(k), theirs.get(k)) for k in sorted(set(obs) | set(theirs))
                if obs.get(k) != theirs.get(k)}
        raise ContractViolation(f"{what} changed seat {seat}'s observation: {diff} "
                                f"({where()})")
    mine = game.view(real, seat) if real_view is None else real_view
    there = game.view(other, seat)
    if mine != there:
        at = next((i for i, (x, y) in enumerate(zip(mine, there, strict=False)) if x != y),
                  min(len(mine), len(there)))
        raise ContractViolation(f"{what} changed seat {seat}'s view: the view shows "
                                f"something the seat cannot see: "
                                f"…{mine[max(0, at - 80):at + 40]!r} vs "
                                f"…{there[max(0, at - 80):at + 40]!r} ({where()})")
    step = _common_step(game, real, other)
    if step is None:
        return
    worlds, after, kept = [], [], True
    for s in (real, other):
        twin = s.clone()
        twin.log = []
        game.apply(twin, step)
        worlds.append(seen(twin.log, seat))
        after.append(game.observation(twin, seat))
        kept &= hidden_items(game, twin, seat) == hidden_items(game, s, seat)
    # a step that takes no hidden item out of hiding (no showdown, no card played) and
    # leaves the observations equal must not tell the worlds apart in the log
    if kept and after[0] == after[1] and worlds[0] != worlds[1]:
        raise ContractViolation(f"{what} changed seat {seat}'s log after {step!r}: "
                                f"{_first_difference(worlds[0], worlds[1])} ({where()})")


def hidden_items(game: Game, state: State, seat: int) -> list[list[str]]:
    """The items of each group of ``seat``'s hidden zones, as sorted JSON texts."""
    data = game.state_to_dict(state)
    out = []
    for group in game.hidden_zones(state, seat):
        items: list[str] = []
        for path in group:
            parent, key = _at(data, path)
            value = parent[key]
            items += [json.dumps(x) for x in (value if isinstance(value, list) else [value])]
        out.append(sorted(items))
    return out


def reloaded(game: Game, state: State) -> State:
    """``state`` through its dict form, as the shuffled worlds are built (so the oracle
    compares hidden items only, not what a load rebuilds, such as a chance node's stale
    options)."""
    return game.state_from_dict(json.loads(json.dumps(game.state_to_dict(state))),
                                state.params, log=True)


def check_leaks(game: Game, state: State, seat: int, rng: random.Random,
                where: Callable[[], str], base: State | None = None) -> None:
    """The leak oracle: the game's determinisation, and a shuffle of its hidden zones that
    does not use the game's observation code, look the same to ``seat`` as ``base`` (the
    position loaded back, :func:`reloaded`; built here when not given)."""
    base = reloaded(game, state) if base is None else base
    mine = game.view(base, seat)
    same_for_seat(game, base, game.determinize(base, seat, rng), seat,
                  f"determinize({seat})", where, mine)
    other = shuffle_hidden(game, base, seat, rng)
    if other is not None:
        same_for_seat(game, base, other, seat, "a shuffle of the hidden zones", where, mine)


def check_views(game: Game, state: State, where: Callable[[], str]) -> None:
    """``view`` renders for every seat and the designer in both languages."""
    for seat in [None, *range(player_count(state.params))]:
        for lang in ("en", "ja"):
            try:
                html = game.view(state, seat, lang)
            except Exception as err:  # noqa: BLE001 - any crash breaks the contract
                raise ContractViolation(f"view(seat={seat}, lang={lang}) raised "
                                        f"{type(err).__name__}: {err} ({where()})") from err
            if not isinstance(html, str) or not html.strip():
                raise ContractViolation(f"view(seat={seat}, lang={lang}) is not HTML text "
                                        f"({where()})")


# -- the round trip by behaviour ----------------------------------------------------------------
def _play_on(game: Game, state: State, agent_specs: Sequence[str], seed: int
             ) -> tuple[list[Hashable], list[float]]:
    agents = make_agents(list(agent_specs), player_count(state.params))
    crng = chance_rng(seed)
    rngs = [agent_rng(seed, s) for s in range(len(agents))]
    steps: list[Hashable] = []
    while (who := game.to_move(state)) is not None and len(steps) < MAX_STEPS:
        step = game.sample_chance(state, crng) if who is CHANCE else \
            agents[who].act(game, state, rngs[who])
        steps.append(step)
        game.apply(state, step)
    return steps, list(game.scores(state))


def check_round_trip_behaviour(game: Game, state: State, agent_specs: Sequence[str],
                               seed: int, where: Callable[[], str]) -> None:
    """load(dump(state)) plays on to the same game as the original: under the same seeded
    agents and chance, the same steps and the same scores (a field ``state_to_dict``
    forgets shows here even when the dict compares equal with itself)."""
    data = json.loads(json.dumps(game.state_to_dict(state)))
    back = game.state_from_dict(data, state.params, log=False)
    original = state.clone()
    original.log = None
    steps, scores = _play_on(game, original, agent_specs, seed)
    steps_back, scores_back = _play_on(game, back, agent_specs, seed)
    if steps != steps_back or scores != scores_back:
        at = next((i for i, (x, y) in enumerate(zip(steps, steps_back, strict=False))
                   if x != y), min(len(steps), len(steps_back)))
        raise ContractViolation(f"the loaded copy plays another game: step {at} of the "
                                f"continuation differs, scores {scores} vs {scores_back} "
                                f"({where()})")


# -- lazy logging -------------------------------------------------------------------------------
@contextmanager
def event_text_spy() -> Iterator[list[str]]:
    """Record every ``State.emit`` made while logging is off (its text was built for
    nothing) and every ``Event`` built, by rule ID."""
    calls: list[str] = []
    emit, new = State.emit, Event.__new__

    def spy_emit(self: State, rule: str, *args: Any, **kwargs: Any) -> None:
        if self.log is None:
            calls.append(rule)
        emit(self, rule, *args, **kwargs)

    def spy_new(cls: type, *args: Any, **kwargs: Any) -> Event:
        calls.append(str(args[0] if args else kwargs.get("rule")))
        return new(cls, *args, **kwargs)

    State.emit = spy_emit  # type: ignore[method-assign]
    Event.__new__ = spy_new  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        State.emit = emit  # type: ignore[method-assign]
        Event.__new__ = new  # type: ignore[method-assign]


def check_lazy_logging(game: Game, params: Params, agent_specs: Sequence[str],
                       seed: int) -> None:
    """With logging off, a whole game builds no event and calls no ``emit``."""
    state = game.new_state(params, log=False)
    with event_text_spy() as calls:
        _play_on(game, state, agent_specs, seed)
    if calls:
        raise ContractViolation(f"{game.name}, seed {seed}: with logging off, event text was "
                                f"built for rules {sorted(set(calls))[:8]} (guard each emit "
                                "with `if st.log is not None`)")
