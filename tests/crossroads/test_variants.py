"""Crossroads' rule variant CR-V1 and named variants (``data/crossroads/variants``): draft
6a's change list.

『３人時は１数字抜く仕様に戻す』 is a rule switch (CR-V1, ``three_player_removal``); the
number range (CR-1.2 ``numbers``) and the merit of 27 (CR-8.2 ``declare_discard_fraction``)
are existing parameters. Each test plays the changed rule against the draft's.
『スキルを少し調整』 says no more: the skills stay the designer's lever (README).
"""

from __future__ import annotations

import pytest

from designkit.agents import make_agents
from designkit.core.play import play_game
from designkit.core.variants import load_variant, variant_fields
from designkit.games.crossroads.actions import Action
from designkit.games.crossroads.params import CrossroadsParams
from tests.helpers.variants import (
    assert_variants_load_and_name_their_rules,
)

from .conftest import A, G, events, make_state, play

GAME = "crossroads"
HOLD = Action("hold")


def changes(name: str) -> dict:
    return load_variant(CrossroadsParams, name).changes()


def deck(players: int, name: str = "draft") -> dict[str, int]:
    st = G.new_state(CrossroadsParams(players=players, **changes(name)))
    assert events(st, "CR-2.1")[0].data["deck"] == st.deck_total()
    return G.state_to_dict(st)["deck"] | {"total": st.deck_total()}


# -- CR-2.1: 『３人時は１数字抜く仕様に戻す』 -------------------------------------------------------
def test_cr_v1_three_players_keep_every_number() -> None:
    """CR-V1 (CR-2.1): the draft removes the six 2s with 3 players (36 cards); the rule it
    went back from keeps all 42, and the setup log says the variant is in force."""
    assert deck(3)["total"] == 36 and "2" not in deck(3)
    assert deck(3, "three_player_all_numbers") == {str(x): 6 for x in range(2, 9)} | {
        "total": 42}
    draft = G.new_state(CrossroadsParams(players=3))
    st = G.new_state(CrossroadsParams(players=3, **changes("three_player_all_numbers")))
    assert not events(draft, "CR-V1")
    (ev,) = events(st, "CR-V1")
    assert ev.data["deck"] == 42 and "every number" in ev.text


def test_cr_v1_changes_nothing_at_four_players() -> None:
    """CR-V1: at 4 players the variant plays exactly the draft's game (same seed, same log)."""
    base = CrossroadsParams()
    variant = base.replace(**changes("three_player_all_numbers"))
    logs = [[e.render() for e in play_game(G, p, make_agents("random", 4), 5, log=True)
             .state.log] for p in (base, variant)]
    assert logs[0] == logs[1]


# -- CR-1.2: 『数字を２〜８に変更』 ---------------------------------------------------------------------
@pytest.mark.parametrize("name, numbers, total4, total3", [
    ("draft", range(2, 9), 42, 36),
    ("numbers_1_to_7", range(1, 8), 42, 36),
    ("numbers_1_to_8", range(1, 9), 48, 42)])
def test_cr_1_2_number_ranges(name: str, numbers: range, total4: int, total3: int) -> None:
    """CR-1.2, CR-2.1: six of each number; with 3 players the lowest number is removed."""
    four, three = deck(4, name), deck(3, name)
    assert four == {str(x): 6 for x in numbers} | {"total": total4}
    assert three["total"] == total3 and str(numbers[0]) not in three


def test_cr_1_2_a_one_is_released_and_shifted_under_numbers_1_to_7() -> None:
    """CR-1.2 under numbers_1_to_7: a 1 is a genre card like any other (CR-4.1), and S7
    (CR-7.7) lets a hand 2 join a group of 1s."""
    st = play(make_state(hands={A: [2]}, skills={A: ["S7"]}, active=A, trigger=1,
                         **changes("numbers_1_to_7")))
    assert ("release", 2) in {(a.kind, a.arg) for a in G.legal_actions(st)}
    play(st, Action("release", 2))
    while st.phase.name == "COMPOSE":
        play(st, G.legal_actions(st)[0])
    assert [len(g) for n, g in st.piles[A].items() if n == 1] == [2]


# -- CR-8.2: 『２７終了のメリットを増加』 ---------------------------------------------------------------
def _declare(name: str) -> tuple[int, int, int]:
    """A holds 8 8 8, draws a 3 and declares 27 (CR-8.1): discard due, cards left, score."""
    st = play(make_state(hands={A: [8, 8, 8]}, active=A, trigger=3, **changes(name)), HOLD,
              Action("declare", True))
    due = st.ctx[0] if st.phase.name == "DECLARE_DISCARD" else 0
    while not G.is_over(st):
        play(st, G.legal_actions(st)[0])
    return due, len(st.hand_cards(A)), G.scores(st)[A]


def test_cr_8_2_merit_of_27_before_draft_and_beyond() -> None:
    """CR-8.2: the declarer's discard is the merit: none (assumed before), ⌊4/2⌋ = 2 (the
    draft), all 4 (one step further); each card discarded is 1 VP less hand penalty."""
    assert _declare("declare_27_no_discard") == (0, 4, -4)
    st = play(make_state(hands={A: [8, 8, 8]}, active=A, trigger=3,
                         **changes("declare_27_no_discard")), HOLD, Action("declare", True))
    assert G.is_over(st) and "discards nothing" in events(st, "CR-8.2")[0].text
    assert _declare("draft") == (2, 2, -2)
    assert _declare("declare_27_discard_all") == (4, 0, 0)


# -- every shipped file -------------------------------------------------------------------------
def test_every_variant_loads_and_names_its_rules() -> None:
    """Each YAML loads, changes known fields, cites rules of rules.csv and quotes the draft."""
    shipped = assert_variants_load_and_name_their_rules(GAME, CrossroadsParams)
    assert [v.name for v in shipped] == ["declare_27_discard_all", "declare_27_no_discard",
                                         "numbers_1_to_7", "numbers_1_to_8",
                                         "three_player_all_numbers"]
    assert variant_fields(CrossroadsParams) == ["three_player_removal"]
    assert CrossroadsParams().three_player_removal is True          # the draft as written
