"""LW-V2, the start compensation at the values the draft's ladder implies (issue 38).

The draft lists starting resources for five turn positions (2, 3, 3, 4, 4: 「スタートプレイヤー
は２個、２番目と３番目のプレイヤーは３個、４番目と５番目のプレイヤーは４個」). At 3 players the
list stops at 2/3/3, so the last seat (the one the kit's 3-player games find weakest) gets no
more than the 2nd. ``start_compensation = last_seat_most`` gives it the 4th position's 4
(2/3/4); 4 and 5 players stay the draft's, so the switch acts at 3 players only.
"""

from __future__ import annotations

import random

import pytest

from designkit.core.errors import ParamError
from designkit.core.game import CHANCE
from designkit.core.variants import load_variant
from designkit.games.witch_academy.params import WitchParams
from tests.contract.harness import checked_playout
from tests.witch_academy.conftest import G
from tests.witch_academy.test_variants import _start_resources


def test_lw_v2_the_last_seat_at_three_players_takes_four():
    draft = WitchParams(players=3)
    cure = draft.replace(**load_variant(WitchParams, "start_compensation_last_seat").changes())
    assert _start_resources(draft) == [2, 3, 3]                        # LW-2.6 as written
    assert _start_resources(cure) == [2, 3, 4]                         # LW-V2
    st, rng = G.new_state(cure, log=True), random.Random(1)
    while not any(e.rule == "LW-V2" for e in st.log):
        G.apply(st, G.sample_chance(st, rng) if G.to_move(st) is CHANCE
                else G.legal_actions(st)[0])
    line = next(e for e in st.log if e.rule == "LW-V2")
    assert line.data["n"] == 4 and line.seat == (st.sp + 2) % 3
    assert [e.rule for e in st.log].count("LW-2.6") == 2


@pytest.mark.parametrize(("players", "shares"), [(4, [2, 3, 3, 4]), (5, [2, 3, 3, 4, 4])])
def test_lw_v2_four_and_five_players_are_the_draft(players, shares):
    draft = WitchParams(players=players)
    cure = draft.replace(start_compensation="last_seat_most")
    assert _start_resources(draft) == _start_resources(cure) == shares
    assert cure.acting_diff(draft) == {}                               # acts_at = (3,)
    assert WitchParams(players=3, start_compensation="last_seat_most").acting_diff(
        WitchParams(players=3)) != {}


def test_lw_v2_needs_a_fourth_value():
    with pytest.raises(ParamError) as err:
        WitchParams(players=3, start_resources_by_seat=(2, 3, 3),
                    start_compensation="last_seat_most")
    assert err.value.field == "start_resources_by_seat" and "LW-V2" in str(err.value)


def test_lw_v2_survives_the_contract_playout_and_cites_known_rules():
    rules = set(G.rule_texts())
    p = WitchParams(players=3, start_compensation="last_seat_most")
    played = checked_playout(G, p, ["random", "greedy", "random"], seed=5, log=True,
                             probe_every=23)
    assert G.is_over(played.state) and "LW-V2" in {e.rule for e in played.state.log}
    assert {e.rule for e in played.state.log} <= rules
