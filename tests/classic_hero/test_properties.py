"""Properties of whole games under any in-range parameters (issue item 8).

After every step: the game's invariants hold (``check_state``: dice limit,
values in the die range, every card accounted for, pawns never share a
slot), and at each movement decision the seat asked is the rearmost pawn.
At the end the VP equal an independent recomputation of CH-9 from the final
state. Same seed ⇒ same game; a saved state continues identically.
"""

from __future__ import annotations

import random

import pytest

from designkit.core.errors import ParamError
from designkit.games.classic_hero import ClassicHeroParams
from designkit.games.classic_hero.state import VP_CITY, VP_PARTS, VP_REQUEST, Phase

from .conftest import G, random_game


def _random_params(seed: int) -> ClassicHeroParams:
    """Any in-range parameters: each field drawn from its declared range or choices."""
    rng = random.Random(seed)
    specs = ClassicHeroParams.specs()
    for _ in range(200):
        changes = {}
        for name, spec in specs.items():
            if name in ("suit_mix_per_stage", "event_cards_per_stage", "die_range") \
                    or rng.random() < 0.5:
                continue
            if spec.choices is not None:
                changes[name] = rng.choice(spec.choices)
            elif spec.kind == "bool":
                changes[name] = rng.random() < 0.5
            elif spec.range is not None and spec.kind == "int":
                changes[name] = rng.randint(int(spec.range[0]), int(spec.range[1]))
        if rng.random() < 0.3:
            lo = rng.randint(1, 3)
            changes["die_range"] = (lo, rng.randint(lo + 2, 6))
        try:
            return ClassicHeroParams(**changes)
        except ParamError:
            continue
    raise AssertionError("no consistent parameters drawn")


def _checker(params):
    def check(st):
        bad = G.check_state(st)
        assert not bad, bad
        for s in range(st.n):
            if st.phase not in (Phase.LIMIT, Phase.ROLL) and ("limit", s) not in st.stack:
                assert len(st.dice[s]) <= params.max_dice
        if st.phase is Phase.MOVE:
            assert st.seat == st.rearmost(), "the rearmost pawn moves (CH-5.1)"
    return check


def _recompute_ch9(st) -> tuple[list[int], list[int]]:
    """CH-9.1 and CH-9.2 (or CH-V12) from the cards held, written independently of
    scoring.py."""
    p = st.params
    city, req = [], []
    counts = []
    for s in range(st.n):
        per = [0] * p.stages
        n_req = 0
        for e in st.taken[s]:
            card = st.rules.events[e]
            if card.suit == "City":
                per[card.stage - 1] += 1
            if card.suit == "Request":
                n_req += 1
        for a in st.abilities[s]:
            ab = st.rules.abilities[a]
            if ab.hook.name == "count_suit" and ab.hook.args["suit"] == "Request":
                n_req += ab.hook.args["n"]
        city.append(min(per) * p.city_set_vp)
        counts.append(n_req)
    for c in counts:
        if p.request_scoring == "per_card":          # CH-V12, the scoring before the change
            req.append(c * p.request_card_vp)
            continue
        req.append((p.request_majority_vp if c == max(counts) else 0)
                   + (p.request_minority_vp if c == min(counts) else 0))
    return city, req


@pytest.mark.parametrize("seed", range(30))
def test_random_games_with_random_params_hold_every_invariant(seed):
    params = _random_params(seed)
    agents = "greedy" if seed % 4 == 3 else "random"
    st = random_game(seed, params=params, agents=agents, check=_checker(params))
    assert G.is_over(st)
    city, req = _recompute_ch9(st)
    for s in range(st.n):
        assert st.parts[s][VP_CITY] == city[s]
        assert st.parts[s][VP_REQUEST] == req[s]
        assert st.vp[s] == sum(st.parts[s]), dict(zip(VP_PARTS, st.parts[s], strict=True))
        for v, _, _ in st.dice[s]:
            assert st.rules.lo <= v <= st.rules.hi


@pytest.mark.parametrize("players", [3, 4])
def test_default_games_with_logging(players):
    st = random_game(players, players=players, log=True, check=_checker(G.params_type()))
    rules = {e.rule for e in st.log}
    assert {"CH-5.1", "CH-7.0", "CH-9.3"} <= rules
    assert rules & {"CH-8.5", "CH-A16"}     # the penalty, or CH-A16 when nobody loses


def test_same_seed_same_game():
    a = random_game(7, log=True)
    b = random_game(7, log=True)
    assert [e.text for e in a.log] == [e.text for e in b.log] and a.vp == b.vp


def test_saved_state_continues_identically():
    rng = random.Random(3)
    st = G.new_state(G.params_type(players=4))
    for _ in range(400):
        if G.is_over(st):
            break
        who = G.to_move(st)
        G.apply(st, G.sample_chance(st, rng) if not isinstance(who, int)
                else G.legal_actions(st)[rng.randrange(len(G.legal_actions(st)))])
    data = G.state_to_dict(st)
    copy = G.state_from_dict(data, st.params)
    assert G.state_to_dict(copy) == data
    assert copy.options == st.options
    r1, r2 = random.Random(9), random.Random(9)
    for x, r in ((st, r1), (copy, r2)):
        while not G.is_over(x):
            who = G.to_move(x)
            legal = G.legal_actions(x)
            G.apply(x, G.sample_chance(x, r) if not isinstance(who, int)
                    else legal[r.randrange(len(legal))])
    assert st.vp == copy.vp


def test_determinize_and_observation_hide_nothing_but_order():
    st = G.new_state()
    while not isinstance(G.to_move(st), int) or st.phase is not Phase.MOVE:
        G.apply(st, G.sample_chance(st, random.Random(1)) if not isinstance(G.to_move(st), int)
                else G.legal_actions(st)[0])
    d = G.determinize(st, st.seat, random.Random(0))
    assert G.state_to_dict(d)["dice"] == G.state_to_dict(st)["dice"]
    obs = G.observation(st, st.seat)
    assert obs["legal"] and "stack" not in obs and obs["event_deck"] == sorted(obs["event_deck"])


@pytest.mark.parametrize("seed", range(4))
def test_logging_never_changes_the_game(seed):
    """Batch runs take shortcuts with logging off (no text, forced passes skipped): same game."""
    a = random_game(seed, players=3 + seed % 2, log=True)
    b = random_game(seed, players=3 + seed % 2, log=False)
    da, db = G.state_to_dict(a), G.state_to_dict(b)
    da.pop("log"), db.pop("log")
    assert da == db
