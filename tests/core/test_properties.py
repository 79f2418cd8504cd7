"""Property tests for Crossroads over seeds, player counts and agent mixes.

The game is stepped by hand (``to_move`` / ``legal_actions`` / ``sample_chance``
/ ``apply`` with checking on) with the same RNGs as ``play_game``, and the
invariants are checked after every single step. Scores are recomputed here from
CR-9 and ``data/crossroads/skills.csv``, independently of the engine's scoring.
"""

from __future__ import annotations

import csv
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designkit.agents import make_agents
from designkit.core.game import CHANCE
from designkit.core.paths import data_dir
from designkit.core.play import agent_rng, chance_rng, play_game
from designkit.core.records import make_record, verify
from designkit.core.registry import get_game
from designkit.games.crossroads import CrossroadsParams
from tests.crossroads.conftest import card_counts as crossroads_cards

GAME = get_game("crossroads")
MAX_STEPS = 3000  # a 42-card game takes a few hundred steps at most


def _skill_table() -> dict[str, dict[str, str]]:
    with (data_dir("crossroads") / "skills.csv").open(encoding="utf-8-sig", newline="") as fh:
        return {row["id"]: row for row in csv.DictReader(fh)}


SKILLS = _skill_table()
COST = {sid: int(row["cost"]) for sid, row in SKILLS.items()}
S5_IDS = {sid for sid, row in SKILLS.items() if "end_multiply_largest_group" in row["effects"]}
S3_IDS = {sid for sid, row in SKILLS.items() if "protect_groups" in row["effects"]}


@st.composite
def setups(draw):
    players = draw(st.integers(3, 5))
    agents = draw(st.lists(st.sampled_from(["random", "greedy"]), min_size=players,
                           max_size=players))
    if draw(st.integers(0, 7)) == 0:  # occasionally one seat searches
        agents[draw(st.integers(0, players - 1))] = "mcts:8"
    seed = draw(st.integers(0, 2**32 - 1))
    return players, agents, seed


# -- invariants -------------------------------------------------------------------------------
def card_counts(d: dict) -> Counter:
    """Every card of a state dict, wherever it is, by printed number (none: not listed)."""
    return +crossroads_cards(d)


def check_cards(d: dict, params: CrossroadsParams) -> None:
    expected = Counter({x: params.copies_per_number for x in params.deck_numbers()})
    assert sum(expected.values()) == {3: 36, 4: 42, 5: 42}[params.players]
    assert card_counts(d) == expected
    for q in range(params.players):
        assert not Counter(d["known"][q]) - Counter(d["hands"][q]), "known cards not in hand"


def groups_by_number(d: dict) -> dict[int, list[int]]:
    owners: dict[int, list[int]] = {}
    for seat, pile in enumerate(d["piles"]):
        for n in pile:
            owners.setdefault(int(n), []).append(seat)
    return owners


def check_groups(before: dict, after: dict) -> None:
    """CR-4.5 / CR-7.3: one group per number, except groups an S3 holder kept."""
    owners = groups_by_number(after)
    for n, seats in owners.items():
        assert len(seats) <= 1 + len(S3_IDS), (n, seats)
        if len(seats) == 2:
            assert S3_IDS, f"two groups of {n} without any protect_groups skill"
    for seat, pile in enumerate(after["piles"]):
        for n in pile:
            if n in before["piles"][seat]:
                continue
            # a new release of n: every other group of n survived because its owner
            # holds a protect_groups skill at this moment (CR-7.3 judged at release)
            for q in owners[int(n)]:
                if q != seat:
                    assert set(after["skills"][q]) & S3_IDS, (n, seat, q, after["skills"])


def check_observation(st, d: dict, seat: int, rng: random.Random) -> None:
    obs = GAME.observation(st, seat)
    json.dumps(obs)  # plain data
    assert obs["hand"] == d["hands"][seat]
    assert obs["hand_sizes"] == [len(h) for h in d["hands"]]
    assert obs["deck_count"] == sum(d["deck"].values()) + len(d["top"]) + len(d["bottom"])
    for q in range(st.n):
        # only publicly known cards of other hands are shown
        assert obs["known_hand_cards"][q] == d["known"][q]
    if seat != d["active"]:
        assert obs["s2_cards"] == []
        if d["phase"] in ("ACT", "S2_KEEP"):
            assert obs["trigger"] is None
    own = obs["own_cards_in_deck"]
    assert own["top"] == [c for c, o in zip(d["top"], d["top_owner"], strict=True) if o == seat]
    assert own["bottom"] == [c for c, o in zip(d["bottom"], d["bottom_owner"], strict=True)
                             if o == seat]
    hidden = {k for k in obs if k not in (
        "seat", "players", "phase", "active", "receiver", "turn", "deck_count",
        "own_cards_in_deck", "hand", "hand_sizes", "known_hand_cards", "piles", "discard",
        "skills", "crossroads", "trigger", "s2_cards")}
    assert not hidden, f"unexpected observation keys {hidden}"

    det = GAME.determinize(st, seat, rng)
    dd = GAME.state_to_dict(det)
    assert dd["hands"][seat] == d["hands"][seat]
    assert [len(h) for h in dd["hands"]] == [len(h) for h in d["hands"]]
    for key in ("piles", "discard", "skills", "crossroads", "known", "phase", "active",
                "seat", "ctx", "stack", "turn", "released", "top_owner", "bottom_owner"):
        assert dd[key] == d[key], key
    deck_count = sum(dd["deck"].values()) + len(dd["top"]) + len(dd["bottom"])
    assert deck_count == obs["deck_count"]
    for q in range(st.n):
        assert not Counter(d["known"][q]) - Counter(dd["hands"][q])
    assert card_counts(dd) == card_counts(d)
    # what the seat sees is the same in the determinised copy
    assert GAME.observation(det, seat) == obs
    assert GAME.state_to_dict(st) == d, "determinize changed the real state"


def cr9_scores(d: dict) -> list[int]:
    """CR-9 from the final state: +1 per work card, S5 + largest group, −1 per hand card,
    minus the cost of each held skill (skills.csv)."""
    scores = []
    for seat, pile in enumerate(d["piles"]):
        sizes = [len(g) for g in pile.values()]
        score = sum(sizes)
        if set(d["skills"][seat]) & S5_IDS and sizes:
            score += max(sizes)
        score -= len(d["hands"][seat])
        score -= sum(COST[s] for s in d["skills"][seat])
        scores.append(score)
    return scores


def cr10_ranking(scores: list[int], ending: int) -> list[int]:
    n = len(scores)
    priority = [(ending + i) % n for i in range(1, n + 1)]
    return sorted(range(n), key=lambda s: (-scores[s], priority.index(s)))


def run_checked(players: int, agent_specs: list[str], seed: int, obs_every: int = 1):
    params = CrossroadsParams(players=players)
    agents = make_agents(agent_specs, players)
    state = GAME.new_state(params, log=False)
    crng = chance_rng(seed)
    rngs = [agent_rng(seed, s) for s in range(players)]
    check_rng = random.Random(seed ^ 0x5EED)
    d = GAME.state_to_dict(state)
    check_cards(d, params)
    for step in range(MAX_STEPS):
        who = GAME.to_move(state)
        if who is None:
            break
        assert not GAME.is_over(state)
        if who is CHANCE:
            outcomes = GAME.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            action = GAME.sample_chance(state, crng)
            assert action in {o for o, _ in outcomes}
        else:
            legal = GAME.legal_actions(state)
            assert legal, f"seat {who} must move but has no legal action"
            assert len(set(legal)) == len(legal)
            action = agents[who].act(GAME, state, rngs[who])
            assert action in legal
        GAME.apply(state, action)  # checked: raises IllegalAction on a bad step
        new = GAME.state_to_dict(state)
        check_cards(new, params)
        check_groups(d, new)
        if step % obs_every == 0:
            for seat in range(players):
                check_observation(state, new, seat, check_rng)
        d = new
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps (seed {seed})")
    assert GAME.is_over(state)
    return params, agents, state, d


# -- properties -------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_invariants_hold_after_every_step_and_scores_follow_cr9(setup):
    players, specs, seed = setup
    params, agents, state, final = run_checked(players, specs, seed)
    assert final["end_reason"] in ("deck_out", "27")
    if final["end_reason"] == "deck_out":
        assert final["deck"] == {} and final["top"] == [] and final["bottom"] == []
    scores = cr9_scores(final)
    assert GAME.scores(state) == scores
    assert final["final"] == scores
    ranking = cr10_ranking(scores, final["ending"])
    assert GAME.ranking(state) == ranking
    assert GAME.winners(state) == ranking[:1]
    # the driver used by CLI and simulation reaches the same end with the same RNGs
    played = play_game(GAME, params, make_agents(specs, players), seed)
    assert GAME.state_to_dict(played.state) == final


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_same_seed_same_record_and_records_replay(setup):
    players, specs, seed = setup
    params = CrossroadsParams(players=players)
    records = []
    for _ in range(2):
        agents = make_agents(specs, players)
        played = play_game(GAME, params, agents, seed, log=True, keep_steps=True)
        record = make_record(GAME, params, seed, [a.name for a in agents], played.steps,
                             played.state)
        records.append(json.dumps(record, ensure_ascii=False, sort_keys=True))
    assert records[0] == records[1]
    record = json.loads(records[0])
    assert record["scores"] == cr9_scores(record["final_state"])
    game, state = verify(record)
    assert game.state_to_dict(state) == record["final_state"]
    # without logging the same seed reaches the same final position
    quiet = play_game(GAME, params, make_agents(specs, players), seed)
    final = dict(record["final_state"], log=None)
    assert GAME.state_to_dict(quiet.state) == final


@settings(max_examples=120, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_cards_and_end(players, seed):
    """Many cheap random games; observations and determinisations every 7th step."""
    params, _, state, final = run_checked(players, ["random"], seed, obs_every=7)
    assert GAME.scores(state) == cr9_scores(final)
