"""The memo of S4/S7 compositions (CR-7.4, CR-7.7) gives what the direct computation gives.

``release.compositions`` answers from a per-ruleset memo keyed by the trigger, which of
S4/S7 the seat holds and the hand's counts (looked up first by the hand as it is, then by
the counts clipped to what a composition can move); a key that missed anything the answer
depends on would hand one hand another hand's compositions. So many random hands, skill
sets and triggers are asked through one ruleset (hits and misses interleaved), under the
default params and under params that change what a composition may hold, and every
answer (the compositions, the legal sizes, the COMPOSE options) is checked against
``direct_compositions`` on the same hand.
"""

from __future__ import annotations

import random

import pytest

from designkit.games.crossroads import release
from designkit.games.crossroads.actions import Action
from designkit.games.crossroads.state import CrossroadsState

from .conftest import G

S4, S7 = "S4", "S7"
PARAM_SETS = [
    {},
    {"s4_cards_per_release": 2, "s7_cards_per_release": 2},
    {"s7_delta": 2, "s4_trigger_may_be_reference": True},
    {"s7_delta": 3, "s7_cards_per_release": 2, "release_comparison": "greater_or_equal"},
    {"numbers": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), "s4_cards_per_release": 2,
     "s4_trigger_may_be_reference": True},
]


def _state(players: int, **overrides: object) -> CrossroadsState:
    return G.new_state(G.params_type(players=players, **overrides), log=False)


def _randomise(st: CrossroadsState, rng: random.Random, pool: list[list[int]]) -> None:
    """Random hands (0-3 of each number, often none; a hand seen before 70 % of the time, so
    the memo is hit as often as it misses) and random S4/S7 holdings."""
    bit = {sid: 1 << st.rules.index[sid] for sid in (S4, S7)}
    for seat in range(st.n):
        if pool and rng.random() < 0.7:
            hand = rng.choice(pool)[:]
        else:
            hand = [0] * len(st.hands[seat])
            for x in st.rules.numbers:
                hand[x] = rng.choice((0, 0, 1, 1, 2, 3))
            pool.append(hand[:])
        st.hands[seat] = hand
        st.hand_n[seat] = sum(hand)
        st.skills[seat] = sum(b for b in bit.values() if rng.random() < 0.6)


@pytest.mark.parametrize("overrides", PARAM_SETS, ids=lambda o: ",".join(o) or "default")
def test_memo_equals_direct_computation(overrides: dict[str, object]) -> None:
    rng = random.Random(19)
    st = _state(4, **overrides)
    memo = st.rules.compositions
    memo.clear()
    st.rules.composed.clear()
    hits, pool = 0, []
    for _ in range(400):
        _randomise(st, rng, pool)
        for _ in range(3):
            seat, n = rng.randrange(st.n), rng.choice(st.rules.numbers)
            held = st.skills[seat]
            s4 = bool(held & st.rules.mask("release_copy_hand_number"))
            s7 = bool(held & st.rules.mask("release_shift_hand_number"))
            hand = st.hands[seat][:]
            before = len(memo)
            direct = release.direct_compositions(st.params, hand, n, s4, s7)
            assert release.compositions(st, seat, n) == direct
            hits += (s4 or s7) and len(memo) == before
            most = max(len(a) + len(b) for a, b in direct)
            sizes = release.release_sizes(st, seat, n)
            if n not in st.piles[seat]:
                assert sizes.stop == 2 + hand[n] + most
            for size in range(1, 2 + hand[n] + most + 1):
                want = tuple(Action("compose", (a, b)) for a, b in direct
                             if 0 <= size - 1 - len(a) - len(b) <= hand[n])
                assert release.compose_options(st, seat, n, size) == want
            assert st.hands[seat] == hand   # asking never changes the hand
    assert hits > 50, f"the memo was hit {hits} times: too few to see a stale entry"


def test_memo_is_bounded_and_still_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``MEMO_LIMIT`` entries the memo starts again; answers stay the direct ones."""
    monkeypatch.setattr(release, "MEMO_LIMIT", 8)
    rng = random.Random(5)
    st = _state(3, s4_cards_per_release=2)
    st.rules.compositions.clear()
    st.rules.composed.clear()
    pool: list[list[int]] = []
    for _ in range(300):
        _randomise(st, rng, pool)
        seat, n = rng.randrange(st.n), rng.choice(st.rules.numbers)
        held = st.skills[seat]
        direct = release.direct_compositions(
            st.params, st.hands[seat], n, bool(held & st.rules.mask("release_copy_hand_number")),
            bool(held & st.rules.mask("release_shift_hand_number")))
        assert release.compositions(st, seat, n) == direct
        assert len(st.rules.compositions) <= 8 and len(st.rules.composed) <= 8


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_question_offers_what_its_builder_builds(players: int) -> None:
    """The memoised option tuples (act, receive, compose, take: built once per key and
    handed to ``ask``) are what the phase's builder gives from scratch at that position,
    in seeded random games where skills are taken and returned (S4 moving up to two cards
    and allowed to copy the trigger, so COMPOSE questions with a choice come up)."""
    from designkit.core.game import CHANCE
    from designkit.games.crossroads.state import FLOW

    params = G.params_type(players=players, s4_cards_per_release=2,
                           s4_trigger_may_be_reference=True)
    rng = random.Random(players)
    for seed in range(25):
        st = G.new_state(params, log=False)
        crng = random.Random(seed)
        while (who := G.to_move(st)) is not None:
            if who is CHANCE:
                G.apply(st, G.sample_chance(st, crng), check=False)
                continue
            assert st.options == tuple(FLOW.decisions[st.phase].options(st)), st.phase.name
            G.apply(st, st.options[rng.randrange(len(st.options))], check=False)
