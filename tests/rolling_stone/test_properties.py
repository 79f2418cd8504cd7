"""Whole games with random and greedy agents (hypothesis over seeds and player counts).

Every step: dice sit on cards with a valid orientation and values 1–6, no album
outgrows its 4×4 frame, every card is somewhere. At the end: 9 rounds were
played, and the scores equal an independent recomputation of LR-11/LR-12 from
the final state and its log. Records replay exactly; the same seed gives the
same record.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as hs

from designkit.agents import make_agents
from designkit.core.play import agent_rng, chance_rng, play_game
from designkit.core.records import make_record, verify
from designkit.games.rolling_stone.dice import dice_table
from designkit.games.rolling_stone.state import VP_PARTS

from .conftest import ALL_CARDS, ALL_DREAMS, ALL_EVENTS, CARDS, G, count_everything, events

SEEDS = hs.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = hs.sampled_from([3, 4])


def check_invariants(st) -> None:
    rules = st.rules
    valid = set(dice_table(st.params.dice_chirality).orients)
    for s in range(st.n):
        album = st.album[s]
        for k in range(len(rules.colours)):
            assert rules.dice.orients[st.dice[s][k]] in valid
            assert 1 <= st.top(s, k) <= 6
            assert album[st.dcell[s][k]] is not None, "a die off the cards"
        cells = [rules.rc[i] for i, v in enumerate(album) if v is not None]
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        assert max(rows) - min(rows) < 4 and max(cols) - min(cols) < 4
        assert album[rules.center] == 0
    cards, dreams, evs = count_everything(st)
    assert cards == ALL_CARDS and dreams == ALL_DREAMS and evs == ALL_EVENTS


def play_checked(players: int, seed: int, agent: str):
    """play_game's loop, checking the invariants after every step."""
    p = G.params_type(players=players)
    st = G.new_state(p)
    agents = make_agents(agent, players)
    crng, rngs = chance_rng(seed), [agent_rng(seed, s) for s in range(players)]
    while (who := G.to_move(st)) is not None:
        if isinstance(who, int):
            G.apply(st, agents[who].act(G, st, rngs[who]))
        else:
            G.apply(st, G.sample_chance(st, crng))
        check_invariants(st)
    return st


# -- an independent recomputation of the settlements ------------------------------------------------
def _dream_vp(dream_id: str, tops: dict[str, int], album: list[str], discard: list[str],
              stars: int, power: int) -> int:
    """Spec §5.3 Dream texts, written out directly (not through the effect language)."""
    cards = [CARDS[c] for c in album]

    def count(attr=None, person=False, min_stars=0):
        return sum(1 for c in cards if (attr is None or c.attrs[0] == attr)
                   and (c.person or not person) and c.stars >= min_stars)

    six = {"D02": "R", "D06": "B", "D10": "Y", "D14": "G"}
    per_colour = {"D01": "R", "D05": "B", "D09": "Y", "D13": "G"}
    if dream_id in six:
        return 6 if tops[six[dream_id]] == 6 else -2
    if dream_id in per_colour:
        return min(8, count(per_colour[dream_id]))
    return {
        "D03": lambda: min(8, 2 * count("R", min_stars=1)),
        "D04": lambda: min(8, 2 * count(person=True)),
        "D07": lambda: min(5, power // 2),
        "D08": lambda: min(6, len(discard)),
        "D11": lambda: 4 if all(tops["Y"] >= v for v in tops.values()) else 0,
        "D12": lambda: min(8, 2 * sum(1 for a in "RBYG" if count(a) >= 3)),
        "D15": lambda: min(8, 2 * sum(1 for v in tops.values() if v >= 4)),
        "D16": lambda: min(6, stars),
    }[dream_id]()


def check_scores(st) -> None:
    d = G.state_to_dict(st)
    n = st.n
    # LR-11.3 from the settlement totals in the log: dense places, 6 / 3 / 0
    settle = [0] * n
    mids = events(st, "LR-11.3")
    assert len(mids) == 2 * n
    for i in range(0, len(mids), n):
        totals = [e.data["total"] for e in mids[i:i + n]]
        distinct = sorted(set(totals), reverse=True)
        for s, e in enumerate(mids[i:i + n]):
            place = distinct.index(totals[s]) + 1
            assert e.data["vp"] == {1: 6, 2: 3}.get(place, 0)
            settle[s] += e.data["vp"]
    final_at = next(i for i, e in enumerate(st.log) if e.rule == "LR-12")
    for s in range(n):
        parts = d["vp_parts"][s]
        assert parts["settlement"] == settle[s]
        album = [i for _, _, i in d["albums"][s] if i != "character"]
        tops = {c: v["orientation"][0] for c, v in d["dice"][s].items()}
        stars = sum(CARDS[c].stars for c in album)
        power = d["power"][s]
        # LR-12.2 to LR-12.5 straight from the final state
        assert parts["dice"] == sum(tops.values())
        covered = min(stars, power)
        assert parts["adversity"] == covered - (stars - covered)
        assert parts["full_album"] == (6 if len(album) == 15 else 0)
        assert parts["start_marker"] == (1 if d["marker"] == s else 0)
        # LR-12.1: dreams judge the dice before the stage-3 settlement skills (LR-A15)
        before = dict(tops)
        for e in st.log[final_at:]:
            if e.rule == "LR-8.4" and e.seat == s and "after" in e.data:
                before[e.data["colour"]] = e.data["before"]
        assert parts["dream"] == sum(_dream_vp(x, before, album, d["discard"][s], stars, power)
                                     for x in d["hands"][s])
        # in-game VP from the log: events and skills
        in_game = [e.data.get("vp", 0) for e in st.log[:final_at]
                   if e.seat == s and e.rule in ("LR-9.1", "LR-4.2")]
        assert parts["event"] + parts["skill"] == sum(in_game)
        assert sum(parts.values()) == d["vp"][s] == G.scores(st)[s]
    best = max(st.vp)
    assert G.winners(st) == [s for s in range(n) if st.vp[s] == best]


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_random_games_hold_every_invariant(seed, players):
    st = play_checked(players, seed, "random")
    assert G.is_over(st) and st.turn_no == 9 * players
    assert len(events(st, "LR-3.2")) == 9
    check_scores(st)


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_greedy_games_hold_every_invariant(seed, players):
    st = play_checked(players, seed, "greedy")
    assert G.is_over(st) and st.turn_no == 9 * players
    check_scores(st)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_same_seed_same_record_and_exact_replay(seed, players):
    p = G.params_type(players=players)
    records = []
    for _ in range(2):
        agents = make_agents(["random", "greedy", "random", "random"][:players], players)
        played = play_game(G, p, agents, seed, log=True, keep_steps=True)
        records.append(make_record(G, p, seed, [a.name for a in agents], played.steps,
                                   played.state))
    assert json.dumps(records[0]) == json.dumps(records[1])
    record = json.loads(json.dumps(records[0]))
    _, replayed = verify(record)
    assert G.state_to_dict(replayed) == record["final_state"]
    assert [e.to_dict() for e in replayed.log] == record["final_state"]["log"]


def test_vp_categories_are_documented():
    assert list(G.vp_sources(play_checked(3, 1, "random"), 0)) == list(VP_PARTS)


VARIANTS = [
    {"album_frame": "fixed_at_setup"},
    {"order_bonus_move_mode": "tumble_in_place", "order_bonus_move_faces": 2},
    {"overwrite_when": "always"},
    {"dice_chirality": "left"},
    {"reorient_after_nonmove_change": "random"},
    {"skill_duration": "permanent", "simultaneous_dream_choices": False},
    {"start_player_rule": "random", "events_revealed_before_discard": True},
    {"common_field_size": 5, "order_bonus_timing": "on_selection"},
    {"album_rows": 3, "album_cols": 5, "power_supply": 10},
    {"discard_leftover_deck_at_mid_settlement": False, "mid_settlement_ranking": "competition"},
    {"settlement_die_changes_persist": False, "final_skill_timing": "before_dream"},
    {"colours": ("R", "B", "Y")},
    {"stages": 2, "rounds_per_stage": 4, "events_used_per_stage": 4},
    {"players": 5, "players_max": 5, "order_slots": 5, "dreams_dealt": 3,
     "order_bonus": ("none", "move_die", "start_marker", "power", "power")},
]


@settings(max_examples=20, deadline=None)
@given(variant=hs.sampled_from(VARIANTS), seed=SEEDS)
def test_every_switch_plays_to_the_end(variant, seed):
    """Section 3/4 switches: whole games keep every invariant (dice, frame, cards)."""
    p = G.params_type(**variant)
    agents = make_agents("random", p.players)
    st = G.new_state(p)
    crng, rngs = chance_rng(seed), [agent_rng(seed, s) for s in range(p.players)]
    while (who := G.to_move(st)) is not None:
        if isinstance(who, int):
            G.apply(st, agents[who].act(G, st, rngs[who]))
        else:
            G.apply(st, G.sample_chance(st, crng))
    rules = st.rules
    assert st.turn_no == p.stages * p.rounds_per_stage * p.players
    for s in range(st.n):
        cells = [rules.rc[i] for i, v in enumerate(st.album[s]) if v is not None]
        assert max(r for r, _ in cells) - min(r for r, _ in cells) < p.album_rows
        assert max(c for _, c in cells) - min(c for _, c in cells) < p.album_cols
        assert all(st.album[s][x] is not None for x in st.dcell[s])
        assert sum(st.parts[s]) == st.vp[s]
