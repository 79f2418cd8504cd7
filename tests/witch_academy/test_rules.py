"""One test per rule ID (LW-x.y, LW-Ax) not already a worked example, plus the coverage check.

``test_every_rule_id_is_tested_or_logged`` fails if a rule item of
``data/witch_academy/rules.csv`` is neither logged in a pool of seeded games nor
named by a test in this folder, and if the engine logs a rule ID the table lacks.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from designkit.agents import make_agents
from designkit.core.errors import IllegalAction
from designkit.core.paths import data_dir
from designkit.core.play import play_game
from designkit.core.rows import put
from designkit.games.witch_academy.state import (
    ASSIGN_MODE,
    PASSED,
    UNIV,
    Phase,
    set_familiars,
)
from tests.helpers.seats import A, B, C, D

from .conftest import G, options, place, play, res, resume, rules_logged, scenario

D4, D6, D8 = range(3)
HERE = Path(__file__).parent


def _rule_ids() -> list[str]:
    with (data_dir("witch_academy") / "rules.csv").open(encoding="utf-8", newline="") as fh:
        return [r["rule_id"] for r in csv.DictReader(fh)]


def _logged_in_games() -> set[str]:
    seen: set[str] = set()
    for players in (3, 4, 5):
        for seed in range(3):
            for spec in ("random", "greedy"):
                out = play_game(G, G.default_params(players=players),
                                make_agents(spec, players), seed, log=True)
                seen |= {e.rule for e in out.state.log}
    return seen


def test_every_rule_id_is_tested_or_logged() -> None:
    ids = _rule_ids()
    logged = _logged_in_games()
    assert logged <= set(ids), f"logged rule IDs missing from rules.csv: {logged - set(ids)}"
    cited = set(re.findall(r"LW-(?:A|E)?\d+(?:\.\d+)?", "".join(
        p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))))
    items = [i for i in ids if re.fullmatch(r"LW-(\d+\.\d+|A\d+|E\d+)", i)]
    missing = [i for i in items if i not in logged and i not in cited]
    assert missing == []


# -- LW-0 ---------------------------------------------------------------------------------------
def test_lw_0_1_elixir_is_wild_and_lw_a25_request_paid_with_elixir() -> None:
    """LW-0.1, LW-A25: a request's any-resource cost may take Elixir."""
    st = scenario(4, hands={A: ("RQ1-1",)}, resources={A: "E2"})
    resume(st, ("turn", A))
    play(st, ("worker", "d4"), ("target", UNIV), ("play", "RQ1-1"))
    assert st.res[A] == res("") and st.vp[A] == 1


def test_lw_0_2_payment_floor_blocks_extra_stage() -> None:
    """LW-0.2: a cost that cannot be paid in full cannot be paid at all (ES at Health 2)."""
    st = scenario(4, explore={"FOREST": ("EX-E-6", "EX-G-1")})
    put(st.health, A, D6, 3)
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", "FOREST"), ("explore", "EX-E-6"), ("colour", "G"))
    assert st.phase is Phase.EXPLORE     # ES costs 3: 3 − 3 < 1, so no ES question


# -- LW-2, LW-3 -------------------------------------------------------------------------------------
def test_lw_2_1_lw_2_2_lw_a32_setup_counts_and_outer_first() -> None:
    """LW-2.1 (4/6/8 Areas), LW-2.2 (2 cards each), LW-A32 (first dealt is outer)."""
    import random

    for players, areas in ((3, 4), (4, 6), (5, 8)):
        st = G.new_state(G.default_params(players=players))
        rng = random.Random(players)
        while G.to_move(st) is not None and st.phase is not Phase.START_RES:
            G.apply(st, G.sample_chance(st, rng))
        assert len(st.areas) == areas and all(len(x) == 2 for x in st.explore)
        first = [e for e in st.log if e.rule in ("LW-2.2", "LW-A32")][0]
        assert first.rule == "LW-A32" and "(outer)" in first.text
        assert st.rules.explore[st.explore[0][0]].id == first.data["card"]
        assert st.health == [(4, 6, 8)] * players and st.tokens == [5] * players


def test_lw_3_4_lw_a2_draft_passes_left_and_hidden() -> None:
    """LW-3.4, LW-A2: picks hidden until all picked; hands pass to the next seat clockwise."""
    st = scenario(3, hands={A: ("RQ1-1", "RQ1-2"), B: ("MG1-1", "MG1-2"),
                            C: ("FA1-1", "FA1-2")}, draft_hand_size=2)
    resume(st, *[("draft_pick", s) for s in range(3)], ("draft_pass", 0))
    play(st, ("pick", "RQ1-1"))
    assert st.seat == B and [st.rules.events[e].id for e in st.hands[B]] == ["MG1-1", "MG1-2"]
    obs = G.observation(st, B)
    assert "RQ1-1" not in str(obs) and obs["picked"] == [1, 0, 0]
    from designkit.core.events import log_for

    seen_by_b = [e.text for e in log_for(st.log, B)]
    assert "A picked a card" in seen_by_b and not any("RQ1-1" in t for t in seen_by_b)
    play(st, ("pick", "MG1-1"), ("pick", "FA1-1"))
    ids = [[st.rules.events[e].id for e in h] for h in st.hands]
    assert ids == [["FA1-2"], ["RQ1-2"], ["MG1-2"]]        # A's rest went to B (left)


def test_lw_a2_variant_pass_right() -> None:
    """LW-A2 variant: draft_pass_direction = right."""
    st = scenario(3, hands={A: ("RQ1-1", "RQ1-2"), B: ("MG1-1", "MG1-2"),
                            C: ("FA1-1", "FA1-2")}, draft_hand_size=2,
                  draft_pass_direction="right")
    resume(st, *[("draft_pick", s) for s in range(3)], ("draft_pass", 0))
    play(st, ("pick", "RQ1-1"), ("pick", "MG1-1"), ("pick", "FA1-1"))
    assert [st.rules.events[e].id for e in st.hands[A]] == ["MG1-2"]


def test_lw_3_2_lw_3_3_display_and_deal() -> None:
    """LW-3.2 (N+1 assignments), LW-3.3 (5 cards each, the rest removed)."""
    import random

    st = G.new_state(G.default_params(players=4))
    rng = random.Random(1)
    while st.phase is not Phase.DRAFT:
        G.apply(st, G.sample_chance(st, rng) if G.to_move(st) is G.to_move.__globals__[
            "CHANCE"] else G.legal_actions(st)[0])
    assert len(st.display) == 5 and [len(h) for h in st.hands] == [5] * 4
    assert len(st.ev_removed) == 5


# -- LW-4 ----------------------------------------------------------------------------------------------
def test_lw_4_3_no_actions_in_assignment_mode_and_lw_a30_rest() -> None:
    """LW-4.3, LW-A30: in assignment mode only complete/pass; Rest is allowed with nothing placed."""
    st = scenario(4, display=("AS1-1",), resources={A: "G2 B2"})
    resume(st, ("turn", A))
    assert ("rest", None) in options(st)
    play(st, ("assign", None))
    assert st.mode[A] == ASSIGN_MODE and st.phase is Phase.ASSIGN
    assert {k for k, _ in options(st)} == {"complete", "pass"}


def test_lw_a16_passed_players_count_for_forced_mode() -> None:
    """LW-4.4, LW-A16: others passed or in assignment mode → forced Assignment Creation."""
    st = scenario(3, display=("AS1-1",), resources={A: "G2 B2"})
    st.mode = [0, PASSED, ASSIGN_MODE]
    resume(st, ("turn", A))
    assert st.phase is Phase.ASSIGN and "LW-A16" in rules_logged(st)   # a passed player counts
    st = scenario(3, display=("AS1-1",), resources={A: "G2 B2"})
    st.mode = [0, ASSIGN_MODE, ASSIGN_MODE]
    resume(st, ("turn", A))
    assert st.phase is Phase.ASSIGN and "LW-4.4" in rules_logged(st)


def test_lw_a18_action_turn_safeguard() -> None:
    """LW-A18: after max_action_turns_per_round Action turns, assignment mode is forced."""
    st = scenario(3, max_action_turns_per_round=3, display=("AS1-1",), resources={A: "G2 B2"})
    st.action_turns[A] = 3
    resume(st, ("turn", A))
    assert st.phase is Phase.ASSIGN and "LW-A18" in rules_logged(st)


# -- LW-5, LW-8 -----------------------------------------------------------------------------------------
def test_lw_5_1_lw_a22_lw_a6_own_worker_blocks_and_cannot_be_pushed() -> None:
    """LW-5.1, LW-A22, LW-A6, LW-8.1: never on an Area with your own worker."""
    st = scenario(4)
    place(st, A, D4, "FOREST")
    resume(st, ("turn", A))
    play(st, ("worker", "d8"))
    assert ("target", "FOREST") not in options(st)
    with pytest.raises(IllegalAction, match="LW-A22"):
        play(st, ("target", "FOREST"))


def test_lw_5_3_lw_a3_actions_by_rank_and_skippable() -> None:
    """LW-5.3, LW-A3: rank gives 1/2/3 actions whatever the Health; any may go unused."""
    for die, n in (("d4", 1), ("d6", 2), ("d8", 3)):
        st = scenario(4, explore={"FOREST": ("EX-G-1", "EX-G-2")})
        st.health[A] = (2, 2, 2)
        resume(st, ("turn", A))
        play(st, ("worker", die), ("target", "FOREST"))
        assert st.actions_left == n
        play(st, ("end", None))
        assert st.phase is Phase.EX_DRAW and st.res[A] == res("")


def test_lw_a21_university_eject_own_worker_and_variant_loss() -> None:
    """LW-A21: the ejected worker may be your own; variant loss stops at 1."""
    st = scenario(3, university_eject_health_loss=1)
    place(st, A, D4, UNIV)
    place(st, B, D6, UNIV)
    resume(st, ("turn", A))
    play(st, ("worker", "d8"), ("target", UNIV))
    assert st.univ == [(B, D6), (A, D8)] and st.health[A][D4] == 3


def test_lw_a5_pushed_worker_at_one_stays_and_pusher_gets_bonus() -> None:
    """LW-A5: a pushed worker at Health 1 stays at 1; the pusher still gets the bonus."""
    st = scenario(4, year=2, explore={"FOREST": ("EX-G-1", "EX-G-2")})
    place(st, B, D4, "FOREST")
    put(st.health, B, D4, 1)
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", "FOREST"))
    assert st.health[B][D4] == 1 and st.phase is Phase.BONUS and "LW-A5" in rules_logged(st)


# -- LW-6 --------------------------------------------------------------------------------------------------
def test_lw_a31_no_bonus_in_round_one_and_lw_a7_rotation_without_actions() -> None:
    """LW-A31: no Area bonus in round 1; LW-A7: rotation happens even with no action used."""
    st = scenario(4, explore={"FOREST": ("EX-G-1", "EX-G-2")})
    resume(st, ("turn", A))
    play(st, ("worker", "d4"), ("target", "FOREST"))
    assert st.phase is Phase.EXPLORE           # straight to the actions: no BONUS question
    play(st, ("end", None))
    assert st.phase is Phase.EX_DRAW and len(st.ex_discard) == 1


def test_lw_a8_extra_stage_once_per_application_after_base() -> None:
    """LW-A8: the ES is offered after the base effect, once per application."""
    st = scenario(4, explore={"FOREST": ("EX-G-8", "EX-G-1")})
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", "FOREST"), ("explore", "EX-G-8"))
    assert st.res[A] == res("G1") and st.phase is Phase.ES
    play(st, ("es", True))
    assert st.phase is Phase.EXPLORE and st.legacy[A][0] == 1


def test_lw_6_6_no_legacy_left_gives_nothing() -> None:
    """LW-6.6: with no token of that type left, the ES gives nothing."""
    st = scenario(4, explore={"FOREST": ("EX-G-8", "EX-G-1")}, legacy_per_type=0)
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", "FOREST"), ("explore", "EX-G-8"), ("es", True))
    assert st.legacy[A] == (0, 0, 0) and "LW-6.6" in rules_logged(st)


def test_lw_a33_empty_deck_and_discard_insert_nothing() -> None:
    """LW-6.4, LW-A33: the deck reshuffles the discard; with both empty nothing is inserted."""
    st = scenario(3, explore={"FOREST": ("EX-G-1", "EX-G-2")}, exploration_deck_size=45)
    st.ex_deck, st.ex_discard = (), ()
    resume(st, ("draw_explore", 0, "LW-6.4"))
    assert len(st.explore[0]) == 2 and "LW-A33" in rules_logged(st)
    st = scenario(3, explore={"FOREST": ("EX-G-1", "EX-G-2")})
    st.ex_discard, st.ex_deck = st.ex_deck, ()
    resume(st, ("rotate", 0))
    assert st.phase is Phase.EX_DRAW and len(st.ex_deck) > 1


def test_moria_bonus_pays_health_and_chooses_legacy() -> None:
    """LW-6.2 with §5.3 Moria: pay_health(2) then legacy(CHOICE) — only offered if payable."""
    st = scenario(4, year=2, areas=("MORIA", "FOREST", "LAKE", "MOUNTAIN", "PERMAFROST",
                                    "LIGHTHOUSE"), explore={"MORIA": ("EX-G-1", "EX-G-2")})
    put(st.health, A, D6, 2)
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", "MORIA"))
    assert st.phase is Phase.EXPLORE            # 2 − 2 < 1: only "skip", applied at once
    st = scenario(4, year=2, areas=("MORIA", "FOREST", "LAKE", "MOUNTAIN", "PERMAFROST",
                                    "LIGHTHOUSE"), explore={"MORIA": ("EX-G-1", "EX-G-2")})
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", "MORIA"), ("bonus", True), ("legacy", "RIT"))
    assert st.health[A][D6] == 4 and st.legacy[A] == (0, 0, 1)


# -- LW-7 ---------------------------------------------------------------------------------------------------------
def test_lw_a34_elixir_may_be_exchanged_away() -> None:
    """LW-7.3, LW-A34: Elixir may be the source of an exchange, never the target."""
    st = scenario(4, resources={A: "E2"})
    resume(st, ("turn", A))
    play(st, ("worker", "d4"), ("target", UNIV), ("exchange", ("E", "G")), ("amount", 2))
    assert st.res[A] == res("G2")


def test_lw_7_6_lw_a24_familiar_heals_and_overwrites() -> None:
    """LW-7.6, LW-A24: full heal wherever the worker is; a new familiar covers the old."""
    st = scenario(4, hands={A: ("FA1-1", "FA1-2")})
    place(st, A, D4, "FOREST")
    st.health[A] = (1, 6, 8)
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", UNIV), ("play", "FA1-1"))
    assert st.health[A][D4] == 4
    put(st.health, A, D4, 2)
    play(st, ("play", "FA1-2"))
    assert [c.id for c in st.familiar_cards(A, D4)] == ["FA1-2"] and st.health[A][D4] == 4
    assert "LW-A24" in rules_logged(st)


def test_familiar_abilities_push_immune_same_free_and_on_place() -> None:
    """§5.4 familiars: Owl push_immune, Wolf push_same_free, Black Cat on_place_area."""
    st = scenario(4, explore={"FOREST": ("EX-G-1", "EX-G-2")})
    ix = st.rules.event_index
    set_familiars(st, B, D8, (ix["FA1-5"],))        # Wolf
    set_familiars(st, A, D8, (ix["FA1-5"],))
    place(st, A, D8, "FOREST")
    resume(st, ("turn", B))
    play(st, ("worker", "d8"), ("target", "FOREST"))
    assert st.health[B][D8] == 8 and st.health[A][D8] == 7
    st = scenario(4, explore={"FOREST": ("EX-G-1", "EX-G-2")})
    set_familiars(st, A, D4, (ix["FA1-2"],))        # Owl
    set_familiars(st, B, D6, (ix["FA1-3"],))        # Toad: +1 ANY on an Area
    place(st, A, D4, "FOREST")
    resume(st, ("turn", B))
    play(st, ("worker", "d6"), ("target", "FOREST"), ("colour", "W"))
    assert st.health[A][D4] == 4 and st.res[B] == res("W1")


def test_lw_a36_push_out_familiars_resolve_at_the_push_out() -> None:
    """LW-A36: Hedgehog FA2-2 (on_pushed) and Griffin FA2-5 (on_push) resolve at the
    push-out, step 1 of LW-6.1: their resources come before the Area bonus, the
    exploration actions and the rotation, so they can be spent in the same placement."""
    st = scenario(4, year=2, explore={"FOREST": ("EX-G-1", "EX-G-2")})
    ix = st.rules.event_index
    set_familiars(st, A, D8, (ix["FA2-5"],))
    set_familiars(st, B, D4, (ix["FA2-2"],))
    place(st, B, D4, "FOREST")
    resume(st, ("turn", A))
    play(st, ("worker", "d8"), ("target", "FOREST"))
    assert st.phase is Phase.COLOUR and st.seat == B
    play(st, ("colour", "W"), ("colour", "G"))
    assert st.res[B] == res("W1") and st.res[A] == res("G1") and st.health[B][D4] == 4
    assert st.phase is Phase.BONUS and "LW-6.4" not in rules_logged(st)
    assert [st.rules.explore[c].id for c in st.explore[0]] == ["EX-G-1", "EX-G-2"]


def test_lw_7_7_magic_and_recall() -> None:
    """LW-7.7: magic applies then is discarded; recall(1) returns another placed worker."""
    st = scenario(4, hands={A: ("MG1-3",)})
    place(st, A, D4, "FOREST")
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", UNIV), ("play", "MG1-3"), ("recall", ("d4",)))
    assert st.loc[A][D4] is None and st.rules.event_index["MG1-3"] in st.ev_discard


def test_lw_a26_event_cards_only_at_the_university() -> None:
    """LW-A26: no card play outside University actions (the mode question has none)."""
    st = scenario(4, hands={A: ("MG1-1",)})
    resume(st, ("turn", A))
    assert not [k for k, _ in options(st) if k == "play"]


def test_facility_triggers_greenhouse_infirmary_library_display() -> None:
    """LW-7.8, LW-A29 (the workshop holds facilities): on_rest, rest_heal, round_end, game_end."""
    st = scenario(3, rounds=1)
    ix = st.rules.event_index
    st.facilities[A] = ((ix["FC1-GREENHOUSE"],), (ix["FC2-INFIRMARY"],), (ix["FC3-LIBRARY"],))
    st.health[A] = (1, 1, 1)
    resume(st, ("turn", A))
    play(st, ("rest", None), ("colour", "G"))
    assert st.health[A] == (4, 5, 5) and st.res[A] == res("G1")
    st.facilities[B] = ((ix["FC2-DISPLAY"],),)
    st.legacy[B] = (1, 1, 0)
    st.mode = [PASSED] * 3
    resume(st, ("round_end",))
    assert st.parts[A][3] == 3 and st.parts[B][3] == 4


# -- LW-10, LW-11 ---------------------------------------------------------------------------------------------
def test_lw_10_3_no_token_no_completion() -> None:
    """LW-10.3, LW-A10: with no achievement token left only pass remains."""
    st = scenario(4, display=("AS1-1",), resources={A: "G9 B9"})
    st.tokens[A] = 0
    st.tokens_on[0] = (A,) * 5
    resume(st, ("assign_turn", A))
    assert "LW-10.3" in rules_logged(st)


def test_lw_a9_tokens_of_all_players_count() -> None:
    """LW-A9: the k-th completion counts every player's tokens on the card."""
    st = scenario(4, display=("AS1-1",), resources={A: "G2 B2", B: "G2 B2"})
    resume(st, ("assign_turn", A))
    play(st, ("complete", "AS1-1"))
    resume(st, ("assign_turn", B))
    play(st, ("complete", "AS1-1"))
    assert st.vp[:2] == [4, 3]


def test_lw_a14_a11_a15_round_end() -> None:
    """LW-A14 (cap counts Elixir, applies after round 3), LW-A11 (cards leave), LW-A15."""
    st = scenario(3, rounds=1, resources={A: "E6 G1"}, display=("AS1-1",))
    place(st, A, D6, "FOREST")
    put(st.health, A, D6, 2)
    st.mode = [PASSED] * 3
    resume(st, ("round_end",))
    assert st.phase is Phase.RETURN
    play(st, ("return", "E"), ("return", "E"))
    assert st.health[A][D6] == 2 and st.loc[A][D6] is None     # LW-11.2, no healing
    assert G.is_over(st) and G.winners(st) == [A]
    st = scenario(3, rounds=2, display=("AS1-1",), heal_at_round_end=2,
                  cap_applies_final_round=False)
    put(st.health, A, D6, 2)
    st.mode = [PASSED] * 3
    resume(st, ("round_end",))
    assert st.health[A][D6] == 4 and st.year == 2
    assert "AS1-1" not in [st.rules.assignments[a].id for a in st.display]


def test_lw_a27_round_end_effects_in_turn_order() -> None:
    """LW-11.3, LW-A27: round-end effects go player by player in this round's order."""
    st = scenario(3, rounds=1, order=(C, A, B))
    ix = st.rules.event_index
    for s in range(3):
        st.facilities[s] = ((ix["FC1-LIBRARY"],),)
    st.mode = [PASSED] * 3
    resume(st, ("round_end",))
    gains = [e.seat for e in st.log if e.rule == "LW-7.8" and "gains" in e.text]
    assert gains == [C, A, B]


def test_lw_a20_three_way_tie_in_next_order() -> None:
    """LW-A20: three tied players: later in this round's order goes first."""
    from designkit.games.witch_academy.scoring import next_order

    assert next_order([5, 5, 5, 1], [A, B, C, D]) == [D, C, B, A]


def test_lw_a35_hand_size_unlimited() -> None:
    """LW-A35: no hand limit (6 cards with the carried-over one)."""
    st = scenario(4)
    st.drafted[A] = tuple(st.rules.event_index[f"RQ2-{i}"] for i in range(1, 6))
    st.carried[A] = (st.rules.event_index["RQ1-1"],)
    resume(st, ("draft_end",))
    assert len(st.hands[A]) == 6


def test_lw_a17_forced_pass_each_turn_and_lw_a28_hidden_kept_card() -> None:
    """LW-A17 (each forced pass +1), LW-A28 (the kept card is hidden from others)."""
    st = scenario(3)
    st.mode = [PASSED, 0, 0]
    resume(st, ("turn", A), ("turn", A))
    assert st.vp[A] == 2
    st = scenario(3, hands={B: ("RQ1-1", "RQ1-2")})
    resume(st, ("keep", B, 0))
    play(st, ("keep", "RQ1-2"))
    from designkit.core.events import log_for

    assert not any("RQ1-2" in e.text for e in log_for(st.log, A))
    assert G.observation(st, A)["kept_counts"] == [0, 1, 0]


def test_lw_6_1_lw_a36_push_out_skills_resolve_before_the_area_bonus() -> None:
    """LW-6.1 step 1, LW-7.6, LW-A36, worked example: in round 2 Blue's d8 with the Griffin
    (FA2-5: ``on_push: gain(ANY, 1)``, ``push_same_free``) pushes Red's d8 out of the
    Forest holding W1. The Griffin's resource is chosen first (W: now W2), then the Area
    bonus is offered (declined), and the Trade EX-G-6 (pay 2 of any → G3) is already
    payable in the same placement. Before the fix the skill ran after the rotation."""
    st = scenario(4, year=2, explore={"FOREST": ("EX-G-6", "EX-G-1")}, resources={B: "W1"})
    set_familiars(st, B, D8, (st.rules.event_index["FA2-5"],))       # Griffin
    place(st, A, D8, "FOREST")
    resume(st, ("turn", B))
    play(st, ("worker", "d8"), ("target", "FOREST"))
    assert (st.phase, st.seat) == (Phase.COLOUR, B)             # step 1: the push-out skill
    play(st, ("colour", "W"))
    assert st.res[B] == res("W2") and st.phase is Phase.BONUS   # step 2: the Area bonus
    play(st, ("bonus", False))
    assert st.phase is Phase.EXPLORE and ("explore", "EX-G-6") in options(st)
    play(st, ("explore", "EX-G-6"))          # W2 paid (the only way: applied at once)
    assert st.res[B] == res("G3") and st.health[B][D8] == 8          # G3; the push was free
    logged = rules_logged(st)
    assert logged.index("LW-7.6") < logged.index("LW-6.2") < logged.index("LW-6.3")


def test_lw_a36_the_pushed_workers_skill_resolves_at_the_push_out() -> None:
    """LW-A36 (LW-8.4, LW-7.6): Red's d4 with the Hedgehog (FA2-2: ``push_immune``,
    ``on_pushed: gain(ANY, 1)``) is pushed by Blue's d6: Red chooses its resource first,
    before Blue's Area bonus; the d4 loses no Health."""
    st = scenario(4, year=2, explore={"FOREST": ("EX-G-1", "EX-G-2")})
    set_familiars(st, A, D4, (st.rules.event_index["FA2-2"],))       # Hedgehog
    place(st, A, D4, "FOREST")
    resume(st, ("turn", B))
    play(st, ("worker", "d6"), ("target", "FOREST"))
    assert (st.phase, st.seat) == (Phase.COLOUR, A)
    play(st, ("colour", "R"))
    assert st.res[A] == res("R1") and st.health[A][D4] == 4
    assert (st.phase, st.seat) == (Phase.BONUS, B)
