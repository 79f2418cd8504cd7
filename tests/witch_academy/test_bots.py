"""The greedy lookahead's University shortcuts value every option as stepping it does.

``bots._univ_best`` values a University question's exchanges (LW-7.3) without a clone
where the rules say what they lead to (issue 19: two thirds of all lookahead steps). A
speed-only change must not change a value: at every position of seeded games (greedy and
random play, several player counts and rule variants) that a lookahead looks through,
``heuristic`` is compared with a reference that clones and steps every option, exactly
(the same floats), and each shortcut is seen to be taken.
"""

from __future__ import annotations

from collections import Counter

import pytest

from designkit.agents import make_agents
from designkit.core.play import play_game
from designkit.core.registry import get_game
from designkit.games.witch_academy import bots
from designkit.games.witch_academy.state import Phase, WitchState

G = get_game("witch_academy")

#: (agents, players, parameter overrides, seed): greedy positions, and random play's more
#: varied ones (an assignment-mode safeguard after 3 turns, no token limit, one slot...);
#: every decision's lookahead is checked, as the greedy bot looks (about 3 s in all)
CASES = [
    ("greedy", 4, {}, 11),
    ("greedy", 3, {}, 12),
    ("random", 5, {}, 13),
    ("random", 4, {"max_action_turns_per_round": 3}, 14),
    #: here the flow after a University end reads the resources (without ``_ran_on_alike``'s
    #: test the shortcut would value one last exchange wrong)
    ("random", 4, {"max_action_turns_per_round": 3, "resource_cap": 1}, 49),
    ("random", 3, {"achievement_tokens_per_player": None, "university_slots": 1}, 15),
    ("random", 4, {"forced_pass_vp": 0, "resource_cap": 2}, 16),
    #: a case whose lookahead meets a University end after which the flow reads resources
    #: (another seat's Assignment question): the last exchanges are stepped there
    #: (seed 32 since the per-purpose random streams; 29 before)
    ("greedy", 3, {"max_action_turns_per_round": 4}, 32),
    ("greedy", 5, {"rounds": 1}, 18),
    #: one facility slot (a facility of another name is a Cover question: stepped) and two
    #: familiar slots (a familiar covers none until the third)
    ("random", 4, {"facility_slots": 1, "familiar_slots": 2}, 17),
    #: no exchange (LW-V1): a University question asked again may be forced, so a play with
    #: actions left is stepped; with the last action it is valued on ``end``'s child
    ("greedy", 4, {"university_exchange": False}, 19),
]


def stepped(st: WitchState, seat: int, depth: int) -> float:
    """``bots.heuristic`` as it was before the shortcuts: every option cloned and stepped."""
    if depth and st.phase in bots._LOOKAHEAD and st.seat == seat:
        values = []
        for a in st.options:
            child = st.clone()
            child.log = None
            G.apply(child, a, check=False)
            values.append(stepped(child, seat, depth - 1))
        return max(values)
    return bots.heuristic(G, st, seat, 0)


def quiet(st: WitchState) -> WitchState:
    child = st.clone()
    child.log = None
    return child


@pytest.mark.parametrize(("agents", "players", "overrides", "seed"), CASES)
def test_university_shortcuts_value_as_stepping(agents, players, overrides, seed, monkeypatch):
    seen: Counter[str] = Counter()
    ran_on_alike = bots._ran_on_alike

    def counted(st, ended, seat):
        alike = ran_on_alike(st, ended, seat)
        seen["alike" if alike else "stepped"] += 1
        return alike

    monkeypatch.setattr(bots, "_ran_on_alike", counted)
    ends_at_draw = bots._ends_at_draw

    def drawn(st):
        found = ends_at_draw(st)
        seen["draw" if found else "no draw"] += 1
        return found

    monkeypatch.setattr(bots, "_ends_at_draw", drawn)
    swapped_leaf, paying_leaf = bots._swapped_leaf, bots._paying_leaf

    def swapped(st, seat, swaps, pending, context=None):
        seen["played " + "+".join(field for field, _ in swaps)] += 1
        return swapped_leaf(st, seat, swaps, pending, context)

    def paying(st, seat, e, request_vp, context=None):
        seen["paying"] += 1
        return paying_leaf(st, seat, e, request_vp, context)

    monkeypatch.setattr(bots, "_swapped_leaf", swapped)
    monkeypatch.setattr(bots, "_paying_leaf", paying)
    bad: list[str] = []

    def check(st: WitchState) -> None:
        """The values a greedy seat's lookahead takes here: each option's child at depth 2
        (the tree below goes through depths 1 and 0)."""
        seat = st.seat
        if seat is None or st.phase is Phase.OVER or G.to_move(st) != seat:
            return
        seen[st.phase.name] += 1
        for a in st.options:
            child = quiet(st)
            G.apply(child, a, check=False)
            want = stepped(quiet(child), seat, 2)
            got = bots.heuristic(G, child, seat, 2)
            if got != want:
                bad.append(f"{st.phase.name} {a} year {st.year}: {got} != {want}")

    params = G.default_params(players=players, **overrides)
    play_game(G, params, make_agents(agents, players), seed, on_step=check)
    assert not bad, "\n".join(bad[:10])
    assert seen["alike"] > 0 and seen["draw"] > 0, seen
    # the card plays valued without a clone (familiars, facilities, requests' payments)
    assert seen["played hands+familiars+health"] > 0, seen
    assert seen["played hands+facilities"] > 0 and seen["paying"] > 0, seen
    assert seed != 32 or seen["stepped"] > 0, seen


@pytest.mark.parametrize(("players", "overrides", "seed"), [
    (4, {}, 21), (3, {"achievement_tokens_per_player": 1, "resource_cap": 2}, 22)])
def test_leaf_memos_value_as_computed_afresh(players, overrides, seed, monkeypatch):
    """Every leaf a greedy game values (stepped, or ``st`` with the seat's own rows swapped
    in: exchanges, card plays, a request's payment) is the value worked out afresh: the
    estimates on the position's own shares and display terms, each seat's pending request
    read from the stack when none is passed. So the memos' keys (a context of the other
    seats' rows and the position, the seat's own rows; the best opponent per context;
    progress per resource row; active facilities per row) miss nothing the value reads."""
    leaf = bots._leaf
    seen: Counter[str] = Counter()
    bad: list[str] = []

    def afresh(st: WitchState, seat: int, pending: tuple[float, ...] | None) -> float:
        bots._tables(st.rules).active.clear()
        shares, display = bots.legacy_shares(st), bots.display_terms(st)
        mine = bots.estimate(st, seat, True, shares, display,
                             pending[seat] if pending is not None else None)
        return mine - max(bots.estimate(st, q, False, shares, display,
                                        pending[q] if pending is not None else None)
                          for q in range(st.n) if q != seat)

    def checked(st, seat, pending, context=None):
        got = leaf(st, seat, pending, context)
        want = afresh(st, seat, pending)
        seen["with context" if context is not None else "alone"] += 1
        if got != want:
            bad.append(f"{st.phase.name} seat {seat} year {st.year}: {got} != {want}")
        return got

    monkeypatch.setattr(bots, "_leaf", checked)
    params = G.default_params(players=players, **overrides)
    play_game(G, params, make_agents("greedy", players), seed)
    assert not bad, "\n".join(bad[:10])
    assert seen["with context"] > 100 and seen["alone"] > 100, seen
