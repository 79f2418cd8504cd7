"""Life is Rolling Stone's rule variant LR-V1 and named variants
(``data/rolling_stone/variants``): draft 10's change list.

『基本効果２と３を交換』 is a rule switch (LR-V1, ``order_bonus_swap``); the marker's VP
(LR-12.5 ``start_marker_vp``) is an existing parameter. Each test plays the changed rule
against the draft's.
"""

from __future__ import annotations

import pytest

from designkit.analysis.questions.rolling_stone import previous_rule
from designkit.core.variants import load_variant, variant_fields
from designkit.games.rolling_stone.params import RollingStoneParams
from designkit.games.rolling_stone.state import Phase
from tests.helpers.variants import (
    assert_variants_load_and_name_their_rules,
)

from .conftest import A, B, C, G, advance, events, orient, play, scenario

GAME = "rolling_stone"
VP_MARKER = 7   # index of the start-marker step in ``st.parts`` (LR-12.5)


def changes(name: str) -> dict:
    return load_variant(RollingStoneParams, name).changes()


# -- LR-6.2: 『基本効果２と３を交換』 ------------------------------------------------------------------
def _slots_two_and_three(**params: object):
    """B holds the marker; A has slot 2, C slot 3; A's and C's blue dice may tumble east
    onto an album card (for C onto a 6)."""
    return scenario(marker=B, slot_of={A: 2, C: 3}, stack=[("turn", A), ("turn", C)],
                    albums={A: {(0, 1): "1R2"}, C: {(0, 1): "1R1"}},
                    dice={C: {"B": ((3, 2, 1), (0, 0))}},
                    field=["1G1", "1G2"], **params)


def test_lr_6_2_draft_slot_two_moves_slot_three_takes_the_marker() -> None:
    """LR-6.2 as draft 10 writes it: slot 2 asks for a die move, slot 3 takes the marker."""
    st = _slots_two_and_three()
    assert st.phase is Phase.MOVE_DIE and G.to_move(st) == A and st.marker == B
    advance(st, lambda s: s.current == C and s.phase is Phase.TAKE)
    assert st.marker == C


def test_lr_v1_swapped_back_slot_two_marker_slot_three_move() -> None:
    """LR-V1 (LR-6.2) under order_bonus_swapped_back: slot 2 takes the marker at once; slot
    3 moves a die, and the move onto a 6 gives power as the draft's 「３のオーダーボーナス」
    says (LR-7.7, LR-A2). Each swapped bonus cites LR-V1."""
    st = _slots_two_and_three(**changes("order_bonus_swapped_back"))
    assert st.marker == A and st.phase is Phase.TAKE
    assert "slot 2: A takes the start player marker" in events(st, "LR-A22")[-1].text
    assert [e.data["bonus"] for e in events(st, "LR-V1")] == ["start_marker"]
    advance(st, lambda s: s.current == C and s.phase is not Phase.DRAW)
    assert st.phase is Phase.MOVE_DIE and st.marker == A
    play(st, ("move_die", "B"))
    assert orient(st, C, "B")[0] == 6 and st.power[C] == 1
    assert [e.data["bonus"] for e in events(st, "LR-V1")] == ["start_marker", "move_die"]
    assert not events(_slots_two_and_three(), "LR-V1")


def test_lr_v1_swaps_whatever_order_bonus_lists() -> None:
    """LR-V1 swaps the bonuses of slots 2 and 3 of any order_bonus; slots 1 and 4 stay."""
    p = RollingStoneParams(order_bonus=("power", "none", "move_die", "start_marker"),
                           order_bonus_swap=False)
    assert p.slot_bonuses() == ("power", "move_die", "none", "start_marker")
    assert RollingStoneParams().slot_bonuses() == ("none", "move_die", "start_marker", "power")


# -- LR-12.5: 『最後手番のスタＰを１ＶＰに変更』 ---------------------------------------------------------
@pytest.mark.parametrize("name, vp", [("start_marker_no_vp", 0), ("draft", 1),
                                      ("start_marker_2vp", 2)])
def test_lr_12_5_start_marker_worth(name: str, vp: int) -> None:
    """LR-12.5: the marker's holder at the final settlement gains start_marker_vp."""
    st = scenario(3, stage=3, round=3, marker=B, stack=[("final",)], **changes(name))
    assert st.parts[B][VP_MARKER] == vp and st.parts[A][VP_MARKER] == 0
    (ev,) = events(st, "LR-12.5")
    assert ev.seat == B and ev.data["vp"] == vp


def test_previous_rule_is_both_changes_and_the_notebooks_rule() -> None:
    """LR-6.2 and LR-12.5 undone together: the two single variants combined, and the rule
    the questions notebook compares draft 10 with."""
    both = changes("previous_rule")
    assert both == changes("order_bonus_swapped_back") | changes("start_marker_no_vp")
    mine = load_variant(RollingStoneParams, "previous_rule").params
    notebook = previous_rule(RollingStoneParams())
    assert mine.slot_bonuses() == notebook.slot_bonuses()
    assert mine.start_marker_vp == notebook.start_marker_vp


# -- every shipped file -------------------------------------------------------------------------
def test_every_variant_loads_and_names_its_rules() -> None:
    """Each YAML loads, changes known fields, cites rules of rules.csv and quotes the draft."""
    shipped = assert_variants_load_and_name_their_rules(GAME, RollingStoneParams)
    assert [v.name for v in shipped] == ["order_bonus_swapped_back", "previous_rule",
                                         "start_marker_2vp", "start_marker_no_vp"]
    assert variant_fields(RollingStoneParams) == ["order_bonus_swap"]
    assert RollingStoneParams().order_bonus_swap is True            # the draft as written
