"""The contract every registered game passes (issue 9, item 6); a new game is covered by
registering it. Failures name the game, seed, agents, params and step.

* checked playouts at every player count, mixed agents, ``check_state`` after every step,
  and every few steps: clone independence, the ``state_to_dict`` round trip, illegal and
  foreign actions rejected with the state unchanged, observations equal in every
  determinisation; every record replays; every rule ID an event cites is in the rules table;
  at the end of every playout, each seat's ``vp_sources`` is non-empty, labelled and sums
  exactly to its score;
* random in-range Params from the Params metadata (hypothesis, and a plain seeded sweep
  of hundreds of games): never a crash, never a broken invariant;
* the log as a seat sees it reveals nothing its observation hides;
* (issue 21) the information-leak oracle at every probe: the game's determinisation and a
  generic shuffle of the hidden zones it declares (``Game.hidden_zones``) leave each seat's
  observation, ``view`` and log equal; ``view`` renders for every seat and the designer;
  a loaded copy plays on to the same game (steps and scores); the declared
  ``Game.components`` are conserved after every step; with logging off no event text is
  built; no game imports another (``.importlinter``).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designkit.core.game import CHANCE, Game
from designkit.core.params_sampling import params_strategy, random_params
from designkit.core.records import make_record, verify
from designkit.core.registry import get_game, list_games
from designkit.core.seats import player_range
from tests.contract.conftest import examples, game_names, game_player_cases
from tests.contract.example_game import GAME as EXAMPLE
from tests.contract.harness import (
    check_illegal_actions,
    check_lazy_logging,
    check_log_hides,
    checked_playout,
    probe,
)
from tests.contract.peeking import HIDDEN_VARIANTS

AGENT_MIXES = (("random",), ("greedy", "random"), ("search", "mcts:4", "greedy", "random"))
SEEDS_PER_COUNT = 3
PROBE_EVERY = 11
SWEEP_GAMES = 100
DETERMINIZE_SEEDS = 8

#: known game bugs the suite found, with a repro: (test, game) -> reason. The lead drops
#: an entry when the fix is merged (a strict xfail that passes fails the run).
KNOWN_BUGS: dict[tuple[str, str], str] = {}


def _game(name: str) -> Game:
    return EXAMPLE if name == EXAMPLE.name else get_game(name)


def _cases(test: str, cases: list) -> list:
    out = []
    for case in cases:
        name = case[0] if isinstance(case, tuple) else case
        reason = KNOWN_BUGS.get((test, name)) or (
            KNOWN_BUGS.get((test, f"{name}-{case[1]}p")) if isinstance(case, tuple) else None)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(*(case if isinstance(case, tuple) else (case,)), marks=marks,
                                id=f"{name}-{case[1]}p" if isinstance(case, tuple) else name))
    return out


def _agents(mix: tuple[str, ...], players: int) -> list[str]:
    return [mix[s % len(mix)] for s in range(players)]


# -- the declared player range is the Params' own ------------------------------------------------
@pytest.mark.parametrize("name", _cases("players", game_names()))
def test_player_range_is_the_params_range(name):
    game = _game(name)
    assert (game.min_players, game.max_players) == player_range(game.params_type)


# -- checked playouts at every player count -------------------------------------------------------
@pytest.mark.parametrize(("name", "players"), _cases("playouts", game_player_cases()))
def test_checked_playouts_records_and_rule_ids(name, players):
    game = _game(name)
    params = game.params_type().replace(players=players) \
        if "players" in game.params_type.specs() else game.params_type()
    rules = game.rule_texts()
    for i in range(SEEDS_PER_COUNT):
        seed = 1000 * players + i
        played = checked_playout(game, params, _agents(AGENT_MIXES[i % len(AGENT_MIXES)],
                                                       players),
                                 seed, log=True, probe_every=PROBE_EVERY,
                                 replay_at=5 + 13 * i)
        assert played.probes > 0
        assert played.replays == 1 or len(played.steps) <= 5 + 13 * i
        cited = {e.rule for e in played.state.log or []}
        missing = sorted(r for r in cited if r not in rules)
        assert not missing, f"{name}: events cite rules missing from rules.csv: {missing}"
        record = make_record(game, params, seed, played.agents, played.steps, played.state)
        record = json.loads(json.dumps(record, ensure_ascii=False))
        replayed_game, replayed = verify(record)
        assert replayed_game is game
        assert game.state_to_dict(replayed) == record["final_state"]


@pytest.mark.parametrize(("name", "players"), _cases("determinize", game_player_cases()))
def test_determinisations_keep_what_each_seat_sees_at_every_step(name, players):
    game = _game(name)
    params = game.params_type().replace(players=players) \
        if "players" in game.params_type.specs() else game.params_type()
    for seed in range(DETERMINIZE_SEEDS):
        checked_playout(game, params, ["random"] * players, seed, observe_every=1)


# -- illegal and foreign actions at the first decision and the first chance node -------------------
@pytest.mark.parametrize("name", _cases("illegal", game_names()))
def test_illegal_and_foreign_actions_are_rejected_and_change_nothing(name):
    game = _game(name)
    state = game.new_state(game.params_type(), log=True)
    rng = random.Random(7)
    seen_chance = seen_decision = False
    for _ in range(5_000):
        who = game.to_move(state)
        if who is None or (seen_chance and seen_decision):
            break
        seen_chance |= who is CHANCE
        seen_decision |= who is not CHANCE
        check_illegal_actions(game, state, game.state_to_dict(state), lambda: f"{name}")
        step = game.sample_chance(state, rng) if who is CHANCE else \
            rng.choice(game.legal_actions(state))
        game.apply(state, step)
    assert seen_decision
    over = game.new_state(game.params_type(), log=False)
    while game.to_move(over) is not None:
        who = game.to_move(over)
        game.apply(over, game.sample_chance(over, rng) if who is CHANCE else
                   rng.choice(game.legal_actions(over)))
    check_illegal_actions(game, over, game.state_to_dict(over), lambda: f"{name}, game over")


# -- random in-range params -----------------------------------------------------------------------
def _random_params_test(name: str):
    game = _game(name)

    @examples(0.3, least=8)
    @given(params=params_strategy(game.params_type), seed=st.integers(0, 2**31 - 1),
           mix=st.sampled_from(AGENT_MIXES))
    def run(params, seed, mix):
        from designkit.core.seats import player_count

        checked_playout(game, params, _agents(mix, player_count(params)), seed,
                        probe_every=37)

    run()


@pytest.mark.parametrize("name", _cases("random_params", game_names()))
def test_random_in_range_params_never_crash(name):
    _random_params_test(name)


@pytest.mark.parametrize("name", _cases("params_sweep", game_names()))
def test_hundred_random_params_games(name):
    """A plain seeded sweep (what ``random_params`` gives a script): no crash, no violation."""
    game = _game(name)
    rng = random.Random(f"sweep-{name}")
    for i in range(SWEEP_GAMES):
        params = random_params(game.params_type, rng)
        from designkit.core.seats import player_count

        checked_playout(game, params, ["random"] * player_count(params), seed=i)


# -- hidden information in the log ---------------------------------------------------------------
@pytest.mark.parametrize(("name", "players"), _cases("log_hides", game_player_cases()))
def test_the_log_reveals_nothing_the_observation_hides(name, players):
    game = _game(name)
    params = game.params_type().replace(players=players) \
        if "players" in game.params_type.specs() else game.params_type()
    seed = 77 + players
    played = checked_playout(game, params, ["random"] * players, seed, log=True)
    # replay the same game, probing every node's alternatives on the way
    state = game.new_state(params, log=True)
    for i, step in enumerate(played.steps):
        check_log_hides(game, state, lambda i=i: f"{name}, seed {seed}, step {i}")
        game.apply(state, step.action)


#: rule variants that add hidden information (one list, tests/contract/peeking.py): the leak
#: oracle plays each under them too
HIDDEN = [(name, changes) for name, changes, _ in HIDDEN_VARIANTS]


@pytest.mark.parametrize(("name", "changes"), HIDDEN,
                         ids=[label for _, _, label in HIDDEN_VARIANTS])
def test_the_leak_oracle_under_variants_with_hidden_cards(name, changes):
    game = _game(name)
    params = game.params_type().replace(**changes)
    from designkit.core.seats import player_count

    played = checked_playout(game, params, _agents(("random", "greedy"), player_count(params)),
                             seed=21, log=True, probe_every=5)
    assert played.probes > 0


# -- the declarations the oracle and the conservation check read --------------------------------
@pytest.mark.parametrize("name", _cases("declarations", sorted(g.name for g in list_games()
                                                               if g.name != EXAMPLE.name)))
def test_every_game_declares_hidden_zones_and_components(name):
    """Every registered game (issue 36: 王道勇者 too) declares where its hidden parts lie and
    its components, so the leak oracle and the conservation check run on it. (The suite's
    own example draws its cards with replacement, HC-2: nothing to conserve.)"""
    from designkit.core.game import Game as Base

    game = _game(name)
    assert type(game).hidden_zones is not Base.hidden_zones, f"{name}: no hidden_zones"
    state = game.new_state(game.params_type(), log=False)
    assert game.components(state), f"{name}: declare its components"


@pytest.mark.parametrize("name", _cases("lazy_logging", game_names()))
def test_logging_off_builds_no_event_text(name):
    game = _game(name)
    for seed in range(2):
        params = game.params_type()
        from designkit.core.seats import player_count

        check_lazy_logging(game, params, ["random"] * player_count(params), seed)


def test_no_game_imports_another_game():
    """.importlinter's independence contract covers every game package (lint-imports
    checks it in make lint / make test): by the wildcard ``designkit.games.*``, so a new
    game is covered without a list to edit."""
    import configparser
    from pathlib import Path

    import designkit.games

    root = Path(designkit.games.__file__).parent
    packages = {f"designkit.games.{p.name}" for p in root.iterdir()
                if (p / "__init__.py").exists()}
    config = configparser.ConfigParser()
    config.read(Path(__file__).parents[2] / ".importlinter")
    contract = config["importlinter:contract:games-independent"]
    assert contract["type"] == "independence"
    assert contract["modules"].split() == ["designkit.games.*"]
    assert packages   # (the wildcard's children: every game package)


@pytest.mark.parametrize("name", _cases("bad_documents", game_names()))
def test_a_bad_state_document_is_one_impossible_state_naming_the_key(name):
    """One way for every game (core.invariants.parse_checked): a missing key or a value
    of the wrong type is one ImpossibleState line, never a traceback or another error."""
    from designkit.core.invariants import ImpossibleState

    game = _game(name)
    good = game.state_to_dict(game.new_state(game.params_type(), log=True))
    del good["phase"]
    with pytest.raises(ImpossibleState, match="state_format: key 'phase'") as err:
        game.state_from_dict(good)
    assert "\n" not in str(err.value)
    bad = {k: ("x" if isinstance(v, list) else v)
           for k, v in game.state_to_dict(game.new_state(game.params_type())).items()}
    with pytest.raises(ImpossibleState, match="state_format|: ") as err:
        game.state_from_dict(bad)
    assert "\n" not in str(err.value)


def test_probes_leave_the_state_alone():
    """The harness' own probes must not change a position (or every check is suspect)."""
    game = EXAMPLE
    state = game.new_state(game.params_type(), log=True)
    before = game.state_to_dict(state)
    probe(game, state, random.Random(1), lambda: "example")
    assert game.state_to_dict(state) == before
