"""Issue 22 item 4: an action of the right kind with a junk argument is one DesignkitError.

A hand-edited record (``["orient","Q"]``, ``["take","Q"]``, ``["achieve","Q"]``,
``["move","Q"]``, ``["compose","Q"]``) used to end in KeyError / ValueError / IndexError
from ``describe_action`` or the game's ``explain_illegal``. The corpus is generated: every
action kind of every registered game (its ``TEXT_EN`` keys and the kinds met in play) with
a list of junk arguments, at positions along a seeded random game, through
``describe_action`` (a text, never an exception), ``apply`` (a DesignkitError, the state
unchanged) and ``replay`` of a real record with one step's argument replaced (a
DesignkitError naming the step). The count of other exceptions must be 0.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from designkit.agents import make_agents
from designkit.core.action import offered
from designkit.core.errors import DesignkitError
from designkit.core.play import play_game
from designkit.core.records import make_record, replay
from designkit.core.registry import get_game, list_games

GAMES = [g.name for g in list_games()]

#: arguments no game takes: wrong types, out of range, nested, huge, empty
JUNK: list[Any] = ["Q", "", -1, 10**6, 2**70, 1.5, float("nan"), True, None, [], ["Q"],
                   [0], [-1, -1], [99, 99, 99], [[0, 0], [1]], [None, "Q"], list(range(30)),
                   {"a": 1}, "\u0000", "悪"]

#: the issue's examples: (game, kind)
ISSUE_CASES = [("rolling_stone", "orient"), ("rolling_stone", "take"),
               ("classic_hero", "achieve"), ("classic_hero", "move"), ("crossroads", "compose")]


def _played(name: str, seed: int = 5) -> tuple[Any, Any, Any]:
    game = get_game(name)
    params = game.params_type()
    agents = make_agents("random", int(getattr(params, "players", game.min_players)))
    played = play_game(game, params, agents, seed, log=True, keep_steps=True)
    return game, params, played


def _kinds(game: Any, steps: list) -> list[str]:
    seen = {s.action.kind for s in steps if s.seat is not None}
    return sorted(seen | set(getattr(game.action_type, "TEXT_EN", {})))


def _positions(game: Any, params: Any, steps: list, every: int) -> list[Any]:
    """States at every ``every``-th decision of the played game (replayed step by step)."""
    state = game.new_state(params, log=False)
    out = []
    for i, step in enumerate(steps):
        if step.seat is not None and i % every == 0:
            out.append(state.clone())
        game.apply(state, step.action, check=False)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_junk_arguments_through_describe_and_apply(name):
    game, params, played = _played(name)
    kinds = _kinds(game, played.steps)
    positions = _positions(game, params, played.steps, every=max(1, len(played.steps) // 8))
    internal: Counter[str] = Counter()
    tried = 0
    for state in positions:
        before = json.dumps(game.state_to_dict(state), sort_keys=True, default=str)
        for kind in kinds:
            for arg in JUNK:
                action = game.action_type(kind, _frozen(arg))
                if offered(action, game.legal_actions(state)):
                    continue  # not junk here
                for lang in ("en", "ja"):
                    assert isinstance(game.describe_action(action, lang), str)
                tried += 1
                try:
                    game.apply(state, action)
                except DesignkitError as err:
                    assert "\n" not in str(err)
                except Exception as err:  # noqa: BLE001 - counting them is the test
                    internal[f"{kind} {arg!r}: {type(err).__name__}: {err}"] += 1
                else:
                    pytest.fail(f"{name}: junk {kind} {arg!r} was applied")
        after = json.dumps(game.state_to_dict(state), sort_keys=True, default=str)
        assert after == before, "a refused action changed the state"
    # most junk is refused at every position for every kind (a game that offered a junk
    # argument everywhere would test nothing): the bar scales with the game's length
    assert tried >= len(positions) * len(kinds) * len(JUNK) // 2
    assert not internal, f"{sum(internal.values())} internal errors, e.g. " \
                         f"{list(internal)[:5]}"


def _frozen(arg: Any) -> Any:
    """As ``Action.from_json`` would build it (lists become tuples; a dict stays a dict)."""
    if isinstance(arg, list):
        return tuple(_frozen(a) for a in arg)
    return arg


@pytest.mark.parametrize("name", GAMES)
def test_junk_arguments_through_replay(name):
    game, params, played = _played(name, seed=2)
    record = make_record(game, params, 2, [a.name for a in played.agents]
                         if hasattr(played, "agents") else
                         ["random"] * len(game.scores(played.state)),
                         played.steps, played.state)
    decisions = [i for i, s in enumerate(record["steps"]) if "action" in s]
    picks = decisions[:: max(1, len(decisions) // 6)]
    internal = []
    for i in picks:
        kind = record["steps"][i]["action"][0]
        legal = game.legal_actions(replay(record, log=False, upto=i)[1])
        for arg in JUNK[:14]:
            if offered(game.action_from_json([kind, arg]), legal):
                continue  # not junk here (``["take", null]``: take nothing)
            edited = copy.deepcopy(record)
            edited["steps"][i]["action"] = [kind, arg]
            try:
                replay(edited, log=False)
            except DesignkitError as err:
                assert f"step {i} of " in str(err), str(err)
                assert "\n" not in str(err)
            except Exception as err:  # noqa: BLE001 - counting them is the test
                internal.append(f"step {i} {kind} {arg!r}: {type(err).__name__}: {err}")
    assert not internal, f"{len(internal)} internal errors, e.g. {internal[:5]}"


@pytest.mark.parametrize(("name", "kind"), ISSUE_CASES)
def test_the_issues_hand_edited_records(name, kind):
    """The issue's five cases: the first step of that kind with argument "Q"."""
    game, params, played = _played(name, seed=1)
    record = make_record(game, params, 1, ["random"] * len(game.scores(played.state)),
                         played.steps, played.state)
    i = next(i for i, s in enumerate(record["steps"]) if s.get("action", [""])[0] == kind)
    record["steps"][i]["action"] = [kind, "Q"]
    with pytest.raises(DesignkitError, match=rf"step {i} of \d+: .*not legal"):
        replay(record, log=False)


#: what a hand-edited saved state may hold in place of a value (a subset of ``JUNK``)
STATE_JUNK: list[Any] = ["Q", -1, 10**6, 2**70, 1.5, float("nan"), None, [], ["Q"],
                         [[0, 0], [1]], {"a": 1}]


@pytest.mark.parametrize("name", GAMES)
def test_junk_values_through_state_from_dict(name):
    """The third way in (``state_from_dict``, a saved position): every top-level key, and
    the first item of every list, replaced by each junk value, at three positions of a
    game. Each is accepted (junk that happens to be a possible value) or refused with one
    DesignkitError; other exceptions are counted and must be 0."""
    game, params, played = _played(name, seed=3)
    positions = _positions(game, params, played.steps, every=max(1, len(played.steps) // 3))
    internal: Counter[str] = Counter()
    tried = 0
    for state in positions[:3]:
        saved = game.state_to_dict(state)
        for key, value in saved.items():
            for arg in STATE_JUNK:
                edits = [arg] + ([[arg, *value[1:]]] if isinstance(value, list) and value
                                 else [])
                for edit in edits:
                    data = copy.deepcopy(saved)
                    data[key] = edit
                    tried += 1
                    try:
                        game.state_from_dict(data, params, log=False)
                    except DesignkitError as err:
                        assert "\n" not in str(err).strip(), str(err)
                    except Exception as err:  # noqa: BLE001 - counting them is the test
                        internal[f"{key} = {edit!r:.40}: {type(err).__name__}: "
                                 f"{str(err)[:80]}"] += 1
    assert tried > 100
    assert not internal, f"{sum(internal.values())} internal errors, e.g. " \
                         f"{list(internal)[:5]}"
