"""Property tests over seeds, player counts, agent mixes and in-range parameters.

The game is stepped by hand with the same RNGs as ``play_game``, checking the
invariants (``check_state``: Health within [1, max], tokens in hand + on cards
= 5, legacy within the stock, University within N−1, no negative resources,
cards conserved) after every step. Final scores are recomputed here from the
log and ``data/witch_academy/*.csv`` (LW-10, LW-12), independently of the engine.
"""

from __future__ import annotations

import csv
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designkit.core.game import CHANCE
from designkit.core.paths import data_dir
from designkit.games.witch_academy import WitchParams
from tests.contract.harness import checked_playout
from tests.witch_academy.conftest import G


def _csv(name: str) -> dict[str, dict[str, str]]:
    with (data_dir("witch_academy") / name).open(encoding="utf-8", newline="") as fh:
        return {row["id"]: row for row in csv.DictReader(fh)}


ASSIGNMENTS, EVENTS = _csv("assignments.csv"), _csv("events.csv")
LEGACY = ("WPN", "CUR", "RIT")


@st.composite
def variants(draw) -> WitchParams:  # noqa: ANN001
    players = draw(st.integers(3, 5))
    hand = draw(st.integers(1, 25 // players))
    ranks = draw(st.sampled_from([("d4", "d6", "d8"), ("d4", "d6", "d8"), ("d6", "d8"),
                                  ("d4",), ("d4", "d8")]))
    areas = draw(st.integers(1, 9))
    per_area = draw(st.integers(1, 3))
    events = draw(st.integers(max(3, players * min(hand, 8)), 25))
    asg_cards = draw(st.integers(1, 9))
    health = {r: draw(st.integers(1, 20)) for r in ("d4", "d6", "d8")}
    return WitchParams(
        players=players, draft_hand_size=min(hand, 8), worker_ranks=ranks,
        areas_by_players={str(players): areas},
        exploration_cards_per_area=per_area,
        exploration_deck_size=draw(st.integers(areas * per_area, 45)),
        event_cards_per_year=events, assignment_cards_per_year=asg_cards,
        assignment_display=draw(st.one_of(st.none(), st.integers(1, asg_cards)))
        if asg_cards >= players + 1 else draw(st.integers(1, asg_cards)),
        start_resources_by_seat=draw(st.lists(st.integers(0, 10), min_size=players,
                                              max_size=5)),
        max_health=health, actions_per_rank={r: draw(st.integers(0, 6)) for r in health},
        unplaceable_health=draw(st.integers(1, 4)), legacy_types=draw(st.integers(1, 3)),
        legacy_majority_vp=draw(st.integers(0, 30)), forced_pass_vp=draw(st.integers(0, 5)),
        rounds=draw(st.integers(1, 3)),
        payment_floor=draw(st.integers(1, 2)),
        university_slots=draw(st.one_of(st.none(), st.integers(1, 5))),
        resource_cap=draw(st.integers(0, 12)),
        legacy_per_type=draw(st.integers(0, 9)),
        achievement_tokens_per_player=draw(st.one_of(st.none(), st.integers(1, 6))),
        carry_over_cards=draw(st.integers(0, 3)),
        facility_slots=draw(st.integers(1, 5)), familiar_slots=draw(st.integers(1, 3)),
        area_bonus_from_round=draw(st.integers(1, 4)),
        rest_heal=draw(st.integers(0, 8)), pushed_health_loss=draw(st.integers(0, 3)),
        push_same_rank_cost=draw(st.integers(0, 3)),
        university_eject_health_loss=draw(st.integers(0, 3)),
        heal_at_round_end=draw(st.integers(0, 3)),
        exploration_rotation_per_placement=draw(st.integers(0, 3)),
        assignment_vp_ratio=draw(st.sampled_from([(100, 75, 50), (100,), (100, 50),
                                                  (50, 100, 0)])),
        cap_applies_final_round=draw(st.booleans()),
        start_resource_types=draw(st.sampled_from(["basic", "any"])),
        draft_pass_direction=draw(st.sampled_from(["left", "right"])),
        tiebreak=draw(st.sampled_from(["elixir", "none"])),
        max_action_turns_per_round=draw(st.integers(3, 40)),
    )


def run_checked(p: WitchParams, specs: list[str], seed: int):  # noqa: ANN201
    """Play to the end with the contract suite's driver: ``check_state`` (and the rest of
    the contract) after every step, the log on."""
    return checked_playout(G, p, specs, seed, log=True).state


def recompute_scores(state) -> list[int]:  # noqa: ANN001
    """LW-10 and LW-12 from the log, the final state and the CSV tables."""
    p = state.params
    vp = [0] * p.players
    done: dict[str, int] = {}
    for e in state.log:
        if e.rule == "LW-3.1":
            done = {}
        elif e.rule == "LW-10.1" and "paid" in e.data:
            k = done.get(e.data["card"], 0)
            done[e.data["card"]] = k + 1
            pct = p.assignment_vp_ratio[min(k, len(p.assignment_vp_ratio) - 1)]
            vp[e.seat] += int(ASSIGNMENTS[e.data["card"]]["vp"]) * pct // 100
        elif e.rule == "LW-10.4" and "must pass again" in e.text:
            vp[e.seat] += p.forced_pass_vp
        elif e.rule == "LW-7.4" and EVENTS[e.data["card"]]["type"] == "request":
            vp[e.seat] += int(EVENTS[e.data["card"]]["vp"])
        elif e.rule in ("LW-6.2", "LW-7.6", "LW-7.8", "LW-7.7") and "vp" in e.data:
            vp[e.seat] += e.data["vp"]     # card and bonus VP: the engine's own number
    types = LEGACY[:p.legacy_types]
    for k, _ in enumerate(types):
        held = [state.legacy[s][k] for s in range(p.players)]
        best = max(held)
        if best:
            winners = [s for s in range(p.players) if held[s] == best]
            for s in winners:
                vp[s] += p.legacy_majority_vp // len(winners)
    return vp


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=variants(), seed=st.integers(0, 2**32 - 1),
       mix=st.lists(st.sampled_from(["random", "random", "greedy"]), min_size=5, max_size=5))
def test_invariants_and_scores_any_params(p: WitchParams, seed: int, mix: list[str]) -> None:
    state = run_checked(p, mix[:p.players], seed)
    assert G.is_over(state)
    assert [int(x) for x in G.scores(state)] == recompute_scores(state)
    winners = G.winners(state)
    best = max(state.vp)
    assert all(state.vp[s] == best for s in winners)
    ranking = G.ranking(state)
    assert sorted(ranking) == list(range(p.players))


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5))
def test_mcts_plays_through_determinize(seed: int, players: int) -> None:
    specs = ["random"] * players
    specs[seed % players] = "mcts:4"
    state = run_checked(WitchParams(players=players, rounds=1), specs, seed)
    assert G.is_over(state)


def test_same_seed_same_game() -> None:
    p = WitchParams(players=4)
    a = run_checked(p, ["greedy", "random", "random", "random"], 11)
    b = run_checked(p, ["greedy", "random", "random", "random"], 11)
    assert [e.text for e in a.log] == [e.text for e in b.log]
    assert G.state_to_dict(a) == G.state_to_dict(b)


def test_state_round_trips_mid_game() -> None:
    p = WitchParams(players=3)
    state = G.new_state(p)
    rng = random.Random(5)
    for _ in range(400):
        if G.is_over(state):
            break
        if G.to_move(state) is CHANCE:
            G.apply(state, G.sample_chance(state, rng))
        else:
            acts = G.legal_actions(state)
            G.apply(state, acts[rng.randrange(len(acts))])
        copy = G.state_from_dict(G.state_to_dict(state))
        assert G.state_to_dict(copy) == G.state_to_dict(state)
        if G.to_move(state) is not CHANCE:
            assert G.legal_actions(copy) == G.legal_actions(state)
