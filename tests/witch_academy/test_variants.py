"""Witch Academia's rule variant LW-V1 and the named variants of ``data/witch_academy/variants``.

Each proposal of draft 8 (its change list and the numbers the spec leaves open) is a
named variant; each test plays the rule it changes in a small worked example, with the
draft's result beside the variant's, so a variant that stopped changing play would fail.
"""

from __future__ import annotations

import pytest

from designkit.agents import make_agents
from designkit.analysis.questions.witch_academy import LEGACY_VP, RATIOS
from designkit.cli import main
from designkit.core.errors import IllegalAction
from designkit.core.game import CHANCE
from designkit.core.play import chance_rng, play_game
from designkit.core.rows import put
from designkit.core.variants import load_variant, variant_fields
from designkit.games.witch_academy.actions import WitchAction
from designkit.games.witch_academy.params import WitchParams
from designkit.games.witch_academy.scoring import assignment_vp
from designkit.games.witch_academy.state import UNIV, Phase
from tests.helpers.variants import (
    assert_variants_load_and_name_their_rules,
)
from tests.witch_academy.conftest import (
    A,
    B,
    C,
    D,
    G,
    options,
    play,
    resume,
    rules_logged,
    scenario,
)

GAME = "witch_academy"


def changes(name: str) -> dict:
    return load_variant(WitchParams, name).changes()


# -- LW-V1: the University's Resource Exchange --------------------------------------------------
def _at_university(**params: object):
    st = scenario(4, hands={A: ("RQ1-1",)}, resources={A: "G3"}, **params)
    resume(st, ("turn", A))
    play(st, ("worker", "d4"), ("target", UNIV))
    assert st.phase is Phase.UNIV
    return st


def test_lw_v1_university_offers_card_play_only() -> None:
    """LW-V1 off: a University action is a Card Play or nothing; the switch is logged and an
    exchange is refused by name. The draft (LW-7.2, LW-7.3) offers every exchange pair."""
    draft = _at_university()
    assert ("exchange", ("G", "B")) in options(draft) and "LW-V1" not in rules_logged(draft)
    st = _at_university(**changes("no_university_exchange"))
    assert sorted(options(st)) == [("end", None), ("play", "RQ1-1")]
    assert rules_logged(st).count("LW-V1") == 1
    with pytest.raises(IllegalAction, match="LW-V1"):
        G.apply(st, WitchAction("exchange", ("G", "B")))
    assert st.res[A][0] == 3 and st.phase is Phase.UNIV    # refused before any change
    play(st, ("play", "RQ1-1"))                             # Card Play still works (LW-7.4)
    assert "LW-7.5" in rules_logged(st)


def test_lw_v1_seeded_games_exchange_only_under_the_draft() -> None:
    """LW-V1: the same seeds, random bots: the draft exchanges at the University (LW-7.3),
    the variant never does and cites LW-V1 at each University placement."""
    params = WitchParams()
    variant = params.replace(**changes("no_university_exchange"))
    draft_rules, variant_rules = [], []
    for seed in range(2):
        for p, out in ((params, draft_rules), (variant, variant_rules)):
            played = play_game(G, p, make_agents("random", 4), seed, log=True)
            out += [e.rule for e in played.state.log]
    assert "LW-7.3" in draft_rules and "LW-V1" not in draft_rules
    assert "LW-7.3" not in variant_rules and variant_rules.count("LW-V1") > 0


# -- named variants of existing numbers ------------------------------------------------------
def test_lw_a1_legacy_stock_9_lasts_longer() -> None:
    """LW-A1, LW-6.6: B holds 6 Weapons. With the draft's 6 a type the stock is empty and
    A's Extra Stage gives nothing; with legacy_stock_9 A takes the 7th."""
    def explore(**params: object):
        st = scenario(4, explore={"FOREST": ("EX-G-8", "EX-G-1")}, **params)
        put(st.legacy, B, 0, 6)
        st.stock[0] = st.params.legacy_per_type - 6
        resume(st, ("turn", A))
        play(st, ("worker", "d6"), ("target", "FOREST"), ("explore", "EX-G-8"), ("es", True))
        return st
    draft = explore()
    assert draft.legacy[A][0] == 0 and "LW-6.6" in rules_logged(draft)
    st = explore(**changes("legacy_stock_9"))
    assert st.legacy[A][0] == 1 and st.stock[0] == 2


def _start_resources(params: WitchParams, seed: int = 3) -> list[int]:
    """The starting resources of each turn position: the LW-2.6 events of a seeded setup,
    then the resources actually held once every position has taken its share."""
    st, rng = G.new_state(params, log=True), chance_rng(seed)
    while st.phase is not Phase.DRAFT:
        G.apply(st, G.sample_chance(st, rng) if G.to_move(st) is CHANCE
                else G.legal_actions(st)[0])
    logged = [e.data["n"] for e in st.log if e.rule in ("LW-2.6", "LW-V2")]
    assert logged == [sum(st.res[(st.sp + i) % st.n]) for i in range(st.n)]
    return logged


def test_lw_2_6_start_compensation_switched_off() -> None:
    """LW-2.6: the draft gives 2, 3, 3, 4 by turn position; no_start_compensation gives the
    start player's 2 to all; flat_start_resources_3 keeps the 4-player total of 12."""
    base = WitchParams()
    assert _start_resources(base) == [2, 3, 3, 4]
    assert _start_resources(base.replace(**changes("no_start_compensation"))) == [2, 2, 2, 2]
    flat = _start_resources(base.replace(**changes("flat_start_resources_3")))
    assert flat == [3, 3, 3, 3] and sum(flat) == 2 + 3 + 3 + 4
    assert _start_resources(base.replace(players=5, **changes("flat_start_resources_3"))) \
        == [3] * 5


def _forced_pass_parts(**params: object) -> list[int]:
    """LW-E8's round: A passes first and is forced to pass twice more."""
    plenty = "G9 B9 R9 W9"
    st = scenario(3, rounds=1, display=("AS1-1", "AS1-2", "AS1-3", "AS1-4"),
                  resources={A: plenty, B: plenty, C: plenty}, order=(A, B, C), **params)
    resume(st, ("main_start",))
    play(st, ("assign", None), ("complete", "AS1-1"), ("rest", None), ("assign", None),
         ("complete", "AS1-2"), ("pass", None), ("complete", "AS1-3"), ("complete", "AS1-4"),
         ("complete", "AS1-1"), ("pass", None), ("pass", None))
    assert "LW-11.1" in rules_logged(st)
    return [p[2] for p in st.parts]


def test_lw_10_4_no_forced_pass_vp() -> None:
    """LW-10.4: LW-E8's two forced passes pay A 2 VP under the draft, nothing here."""
    assert _forced_pass_parts() == [2, 0, 0]
    assert _forced_pass_parts(**changes("no_forced_pass_vp")) == [0, 0, 0]


def _four_completions(**params: object) -> list[int]:
    """LW-E7's card AS2-5 (12 VP) completed by A, B, A, C."""
    st = scenario(4, year=2, display=("AS2-5",), resources={
        A: "G6 R4 W4", B: "G3 R2 W2", C: "G3 R2 W2"}, **params)
    for seat in (A, B, A, C):
        resume(st, ("assign_turn", seat))
        play(st, ("complete", "AS2-5"))
    return st.vp[:3]


@pytest.mark.parametrize("name, ratio, vp", [
    ("draft", (100, 75, 50), [18, 9, 6]),
    ("assignment_ratio_flat", (100, 100, 100), [24, 12, 12]),
    ("assignment_ratio_steeper", (100, 50, 25), [15, 6, 3])])
def test_lw_10_2_assignment_ratio_variants(name: str, ratio: tuple, vp: list[int]) -> None:
    """LW-10.2 (LW-A9): the k-th completion of a card scores ratio[min(k, 2)] of its VP."""
    assert tuple(load_variant(WitchParams, name).params.assignment_vp_ratio) == ratio
    assert [assignment_vp(12, k, ratio) for k in range(4)] == \
        [12 * ratio[min(k, 2)] // 100 for k in range(4)]
    assert _four_completions(**load_variant(WitchParams, name).changes()) == vp


@pytest.mark.parametrize("name, vp", [
    ("draft", [6, 6, 2, 8]), ("no_legacy_majority", [0, 0, 0, 0]),
    ("legacy_majority_4", [3, 3, 1, 4]), ("legacy_majority_12", [10, 10, 4, 12])])
def test_lw_12_2_legacy_majority_variants(name: str, vp: list[int]) -> None:
    """LW-12.2 (LW-E6's holdings): ties split the majority VP, rounded down."""
    st = scenario(4, **load_variant(WitchParams, name).changes())
    st.legacy = [[2, 2, 0], [2, 2, 0], [1, 2, 0], [0, 0, 1]]
    resume(st, ("majorities",))
    assert st.vp == vp and st.vp[D] == st.params.legacy_majority_vp


def test_the_questions_notebook_compares_the_shipped_variants() -> None:
    """LW-10.2, LW-12.2: the ratios and majority VP the Witch Academia questions compare are
    the draft and the shipped variants, so the notebook and `--variant` ask the same thing."""
    shipped = {tuple(load_variant(WitchParams, n).params.assignment_vp_ratio)
               for n in ("draft", "assignment_ratio_flat", "assignment_ratio_steeper")}
    assert set(RATIOS.values()) == shipped
    assert set(LEGACY_VP) == {load_variant(WitchParams, n).params.legacy_majority_vp for n in
                              ("draft", "no_legacy_majority", "legacy_majority_4",
                               "legacy_majority_12")}


# -- every shipped file -------------------------------------------------------------------------
def test_every_variant_loads_and_names_its_rules() -> None:
    """Each YAML loads, changes known fields, cites rules of rules.csv, quotes the draft;
    every switch of the Variants group is shipped on in at least one file."""
    shipped = assert_variants_load_and_name_their_rules(GAME, WitchParams)
    assert len(shipped) == 11
    switched = {k for v in shipped for k in v.changes()}
    assert set(variant_fields(WitchParams)) == {"university_exchange",
                                                "start_compensation"} <= switched


def test_the_variants_command_names_the_switch(capsys: pytest.CaptureFixture[str]) -> None:
    """`designkit variants witch_academy` lists LW-V1 (the shipped files play to the end in
    tests/test_shipped_variants.py)."""
    assert main(["variants", GAME]) == 0
    assert "LW-V1" in capsys.readouterr().out


def test_saved_state_names_the_switch_only_when_on() -> None:
    """LW-V1 in a saved state: absent at the draft's value (states saved before the switch
    existed read the same), present and restored when switched."""
    draft = G.new_state(WitchParams(), log=False)
    assert "university_exchange" not in G.state_to_dict(draft)["params"]
    st = G.new_state(WitchParams(**changes("no_university_exchange")), log=False)
    data = G.state_to_dict(st)
    assert data["params"]["university_exchange"] is False
    assert G.state_from_dict(data).params.university_exchange is False


def test_default_is_the_draft() -> None:
    """The switch's default is the draft as written: LW-V1 never fires unless switched."""
    assert WitchParams().university_exchange is True
    assert WitchParams.specs()["university_exchange"].rule == "LW-V1"
    assert load_variant(WitchParams, "draft").changes() == {}
