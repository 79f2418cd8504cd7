"""王道勇者: every rule that decides cites itself in its log line, and the log reads (issue 21).

Each test plays the one step a rule decides and checks the event's rule ID and what its
line says: the notation rules (CH-3.x) where a Fortune applies or a condition fails, the
resolutions (CH-A…) where their reading changes what happens, a skill's own rule for its
effect; and the readability items: a reroll Fortune shows the dice after the roll, growth
is one line, artifacts are α/β, no effect-language names, English without Japanese.
"""

from __future__ import annotations

import re

import pytest

from designkit.games.classic_hero.notation import in_english
from designkit.games.classic_hero.state import Phase
from tests.classic_hero.conftest import A, B, C, G, act, scenario, start

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
E4_TRACK = {1: "S1-10", 3: "S1-05", 4: "S1-01", 5: "S1-20", 6: "S1-15", 7: "S1-02", 8: "S1-11"}


def _rules(st) -> list[str]:
    return [e.rule for e in st.log]


def _last(st, rule: str):
    return [e for e in st.log if e.rule == rule][-1]


def test_in_english_reads_the_drafts_notation():
    assert in_english("5/6・5/6★") == "5/6 & 5/6★"
    assert in_english("ゾロ目3") == "3 alike" and in_english("16↑") == "16↑"
    assert in_english("反転") == "invert" and in_english("+1・振り直し") == "+1 & reroll"


# -- CH-3.1 to CH-3.4: a Fortune's line cites its notation ------------------------------------
def test_ch_3_4_a_reroll_fortune_shows_the_dice_after_the_roll():
    st = scenario(hands={A: ("W3", "W5")}, track={1: "S1-07"}, pos={A: 1})   # Fortune 振り直し
    start(st, ("fortune", A))
    act(st, "fortune", lambda a: a[0][0][1] == 3)
    assert st.phase is Phase.ROLL
    G.apply(st, 6)                                       # the W3 is rerolled to a 6
    line = _last(st, "CH-3.4")
    assert "reroll on W3 (W3 W5 → W6 W5)" in line.text and "振り直し" not in line.text
    assert "振り直し" in line.text_ja
    assert not any("rolls" in e.text for e in st.log)   # one line, not a roll line besides


@pytest.mark.parametrize("card, hand, rule", [
    ("S1-14", ("W3", "W4"), "CH-3.1"),     # +2/-2: one die, either change
    ("S1-13", ("W2", "W3"), "CH-3.3"),     # 反転
    ("S2-19", ("W2", "W3"), "CH-3.2"),     # +1・+1: two dice
    ("S2-19", ("W2",), "CH-3.2"),          # … with one die, only one part can be applied
    ("S1-04", ("W3",), "CH-6.1"),          # a plain -2
])
def test_ch_3_a_fortune_cites_the_notation_it_applies(card, hand, rule):
    st = scenario(stage=int(card[1]), hands={A: hand}, track={1: card}, pos={A: 1})
    start(st, ("fortune", A))
    if st.phase is Phase.FORTUNE:
        act(st, "fortune")
    line = _last(st, rule)
    assert not JAPANESE.search(line.text)
    if len(hand) == 1 and card == "S2-19":
        assert "only 1 of its 2 parts can be applied" in line.text


# -- CH-3.5 to CH-3.8, CH-A6: why an event is not achieved --------------------------------------
@pytest.mark.parametrize("card, hand, rule, says", [
    ("S1-05", ("W1", "W2"), "CH-3.5", "needs an available die showing 6"),
    ("S1-13", ("W2", "W3"), "CH-3.6", "a different available die for each of: 1, 6"),
    ("S1-14", ("W6", "W6"), "CH-3.7", "add up to 13 or more; they add up to 12"),
    ("S1-02", ("W1", "W2"), "CH-3.8", "2 available dice showing the same value; at most 1"),
])
def test_ch_3_a_condition_not_met_cites_its_notation(card, hand, rule, says):
    st = scenario(hands={A: hand}, track={1: card}, pos={A: 1})
    start(st, ("check", A))                   # nothing to do but pass: passed at once
    line = _last(st, rule)
    assert says in line.text and line.seat == A and "できない" in line.text_ja


def test_ch_a6_declining_an_achievable_event():
    st = scenario(hands={A: ("W3", "W1")}, track={1: "S1-16"}, pos={A: 1})     # 3/4
    start(st, ("check", A))
    act(st, "pass")
    assert "achieving is optional" in _last(st, "CH-A6").text
    assert _rules(st)[-1] == "CH-6.8"


# -- who moves and where (CH-5.1, CH-4.4, CH-A2, CH-5.4, CH-A22, CH-A30) -----------------------
def test_ch_4_4_and_ch_a2_who_moves():
    st = scenario(track=E4_TRACK, hands={s: ("W1", "W1") for s in range(3)})
    start(st, ("turn",))                            # all three on the Start card
    assert _rules(st)[-1] == "CH-4.4"
    st = scenario(track=E4_TRACK, pos={A: 0, B: 3, C: 5},
                  hands={s: ("W1", "W1") for s in range(3)})
    start(st, ("turn",))
    assert _rules(st)[-1] == "CH-5.1"               # alone on the Start card
    act(st, "move", lambda a: a[0] == 1)
    # still rearmost: A moves again (CH-A2), and the empty Trial at 4 is a forced stop
    assert any(e.rule == "CH-A2" and e.seat == A for e in st.log)
    stop = _last(st, "CH-5.4")
    assert stop.data["to"] == 4 and "forced stop" in stop.text
    assert "1番から4番" in stop.text_ja


def test_ch_a22_a_trial_with_a_pawn_on_it_is_passed():
    st = scenario(track=E4_TRACK, pos={A: 4, B: 3, C: 5},
                  hands={s: ("W1", "W1") for s in range(3)})
    start(st, ("turn",))
    act(st, "move", lambda a: a[0] == 6)
    assert "passing the Trial at slot 4, which has a pawn on it" in _last(st, "CH-A22").text


def test_ch_a30_moving_to_the_goal_past_events_and_the_start_in_japanese():
    st = scenario(track={1: "S1-10", 2: "S1-20", 3: "S1-15"}, pos={A: 0, B: 1, C: 2},
                  hands={s: ("W1",) for s in range(3)})
    start(st, ("turn",))
    act(st, "move", lambda a: a[1] is None)
    line = _last(st, "CH-A30")
    # the events at 1 and 2 have pawns on them: only the one at 3 is skipped
    assert "from the Start to the Goal, skipping the 1 event(s) left" in line.text
    assert line.text_ja.startswith("Aが【スタート】から【ゴール】へ")


# -- effects: their own rule, their words (CH-6.3, CH-A15, CH-A28, CH-0.3) --------------------------
def test_a_skipped_effect_says_what_it_does_not_its_internal_name():
    st = scenario(hands={A: ("W1",)})
    start(st, ("fx", A, "upgrade", 1, "S1-02"))
    act(st, "skip")
    line = _last(st, "CH-6.3")
    assert line.text == "A does not use S1-02's effect (turn a white die red)"
    assert "upgrade" not in line.text and "skip" not in line.text


def test_skill_effects_cite_their_own_rule():
    st = scenario(hands={A: ("W1",)})
    start(st, ("fx", A, "upgrade", 1, "SK09"))          # Veteran: when taken
    act(st, "upgrade")
    assert "Veteran" in _last(st, "CH-A15").text and "CH-6.3" not in _rules(st)
    st = scenario(hands={A: ("W1",)})
    start(st, ("fx", A, "bless", 1, "CL3"))             # Priest: at each stage start
    assert _last(st, "CH-A28").text == "A gains 1 blessing from Priest (now 1)"


def test_ch_0_3_an_effect_that_only_a_used_die_could_take():
    st = scenario(hands={A: ("[W1]", "R2")})
    start(st, ("fx", A, "upgrade", 1, "S1-02"))          # the white die is used
    assert "used dice take no effects" in _last(st, "CH-0.3").text


def test_ch_6_7_artifacts_are_alpha_and_beta_and_ch_a12_counts_before():
    st = scenario(hands={A: ("W1",)})
    start(st, ("fx", A, "artifact", None, "S1-08"), ("fx", A, "artifact", None, "S1-08"))
    first, second = [e for e in st.log if e.rule in ("CH-A12", "CH-6.7")]
    assert first.rule == "CH-A12" and "Star Map (β1): 0 VP" in first.text
    assert second.rule == "CH-6.7" and "b1" not in second.text and st.vp[A] == 1


# -- growth, Rest, the battle, the stage end and scoring ------------------------------------------
def test_ch_8_6_growth_is_one_line_with_the_new_die():
    st = scenario(hands={A: ("W1",)})
    start(st, ("growth", A))
    act(st, "grow_gain")
    G.apply(st, 4)
    assert [e.text for e in st.log] == ["A grows: gains a white die and rolls W4"]
    assert st.log[0].rule == "CH-8.6"


def test_ch_a5_rest_after_moving():
    st = scenario(hands={A: ("[W1]", "[W2]", "W3")}, track={1: "S1-16"}, pos={A: 1})
    start(st, ("check", A))
    act(st, "rest")
    assert "any time" in _last(st, "CH-A5").text


def test_ch_a14_stopping_the_battle():
    st = scenario(stage=2, hands={A: ("W1", "W6")}, pos={A: 21})
    r = st.rules
    st.lords_up = [(r.lord_index["B02"], (False, False, False))]   # Lich HP1 1/2: W1 hits
    st.display = [r.ability_index["SK02"], r.ability_index["SK03"]]
    start(st, ("battle", A), ("skill_pick", A))
    act(st, "stop")
    assert _last(st, "CH-A14").seat == A


def test_ch_8_5_ch_a16_and_ch_0_5_the_pilgrimage_penalty():
    st = scenario(taken={A: ["S1-17"]})                # A holds a stage-1 Pilgrimage
    start(st, ("stage_end",))
    assert _last(st, "CH-8.5").data["loss"] == [0, -1, -1]
    assert [e.seat for e in st.log if e.rule == "CH-0.5"] == [B, C]   # VP may go negative
    assert "なし" not in _last(st, "CH-8.5").text_ja
    st = scenario()
    start(st, ("stage_end",))
    line = _last(st, "CH-A16")
    assert "nobody loses VP" in line.text and "nobody" not in line.text_ja


def test_ch_a26_no_growth_after_the_last_stage():
    st = scenario(stage=3)
    start(st, ("stage_end",))
    assert "CH-A26" in _rules(st) and "CH-8.6" not in _rules(st)


def test_ch_a17_every_player_tied_on_requests():
    st = scenario(stage=3)
    start(st, ("final",))
    line = _last(st, "CH-A17")
    assert line.data["vp"] == [0, 0, 0] and "both apply" in line.text


def test_english_lines_hold_no_japanese_and_japanese_lines_no_english_words():
    """The event texts themselves, every line of a 4-player game (the CLI's header and
    footer are tests/test_log_language.py's)."""
    from tests.classic_hero.conftest import random_game
    from tests.test_log_language import _english_offenders, _japanese_offenders

    st = random_game(4, players=4, log=True)
    assert not _english_offenders("\n".join(e.text for e in st.log))
    assert not _japanese_offenders("\n".join(e.text_ja for e in st.log))


def test_the_board_at_a_chance_step_offers_nothing_to_click():
    """A roll right after a decision leaves that decision's options on the state; the board
    must not offer them (as Rolling Stone's, tests/rolling_stone/test_log_citations.py)."""
    import random

    from designkit.core.game import CHANCE

    st = G.new_state(G.params_type(players=3))
    rng = random.Random(1)
    while not (G.to_move(st) is CHANCE and st.options):
        who = G.to_move(st)
        legal = G.legal_actions(st) if isinstance(who, int) else None
        G.apply(st, legal[rng.randrange(len(legal))] if legal else G.sample_chance(st, rng))
    assert "data-action" not in G.view(st) and "data-action" not in G.view(st, 0)
