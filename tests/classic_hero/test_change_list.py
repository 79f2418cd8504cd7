"""王道勇者's change list (大まかな変更点) played "before", and the readings where the draft is
open (issue 38): CH-V10 … CH-V14, CH-V4's fix, and the d8 dice (CH-V8) in the odds table and
the SET effect. Each is a worked example under the switch and the draft, citing the rule ID
its logged event carries.

The earlier rules of CH-V10/V11/V12/V14 are ASSUMPTIONS (the draft names the change, not the rule
it replaced); the tests pin the kit's plausible reading, named in the variant files.
"""

from __future__ import annotations

import random
import shutil
from fractions import Fraction

import pytest

from designkit import ParamError
from designkit.core.paths import data_dir
from designkit.games.classic_hero.notation import parse_condition
from designkit.games.classic_hero.odds import condition_rows, probability, stage_claim
from designkit.games.classic_hero.state import VP_ARTIFACT, VP_FINAL, VP_REQUEST
from tests.classic_hero.conftest import A, B, C, G, act, labels, random_game, scenario, start
from tests.classic_hero.test_variants import _battle, _rules


# -- CH-V10 the forced event clear instead of blessings (強制イベントクリア) ------------------------------
def _ruins_stop(hand: tuple[str, ...], **params):
    """A stands on S1-05 (Ruins, condition 6, artifact α1), at the achievement check."""
    st = scenario(hands={A: hand}, track={1: "S1-05"}, pos={A: 1}, **params)
    return start(st, ("check", A))


def test_ch_v10_dice_that_cannot_meet_the_event_clear_it_by_force():
    st = _ruins_stop(("W1", "W2", "R3", "W4"), forced_clear=True)
    forced = [a for a in st.options if a.kind == "force"]
    # one option per kind of pair (W1 W2, W1 R3, ...): 6 pairs of 4 different dice
    assert len(forced) == 6 and not [a for a in st.options if a.kind == "achieve"]
    act(st, "force", lambda a: sorted(d[1] for d in a[1]) == [1, 2])
    assert labels(st, A) == ["R3", "W4", "[W1]", "[W2]"]
    assert st.rules.event_index["S1-05"] in st.taken[A] and st.track[1] is None
    assert st.artifacts[A] == ("a1",) and st.vp[A] == 0       # the effect: α1, 0 types before
    line = next(e for e in st.log if e.rule == "CH-V10")
    assert "by force" in line.text and "[W1]" not in line.text


def test_ch_v10_no_force_when_the_dice_meet_it_or_too_few_are_available():
    met = _ruins_stop(("W6", "W2", "W3", "W4"), forced_clear=True)
    assert not [a for a in met.options if a.kind == "force"]   # a relief, not a shortcut
    few = _ruins_stop(("W1", "[W2]", "[W3]", "[W4]"), forced_clear=True)
    assert not [a for a in few.options if a.kind == "force"]  # 2 dice to pay, 1 available
    draft = _ruins_stop(("W1", "W2", "R3", "W4"))
    assert not [a for a in draft.options if a.kind == "force"]


def test_ch_v10_pilgrimages_give_no_blessing():
    for on, want in ((True, 0), (False, 1)):
        st = scenario(hands={A: ("W1", "W4", "W5", "W6")}, track={1: "S1-15"}, pos={A: 1},
                      forced_clear=on)
        start(st, ("check", A))
        act(st, "achieve")                                     # S1-15 Pilgrimage: BLESS(1)
        assert st.bless[A] == want
        assert ("CH-V10" in _rules(st)) is on


# -- CH-V11 Ruins scored flat (遺跡の得点計算方法を変更) -----------------------------------------------------
def test_ch_v11_a_ruins_scores_flat_and_gives_no_artifact():
    st = _ruins_stop(("R6", "W2", "W3", "W4"), ruins_scoring="flat")
    act(st, "achieve")
    assert st.artifacts[A] == () and st.parts[A][VP_ARTIFACT] == 2
    assert st.vp[A] == 1 + 2                                  # red bonus 1 + flat 2
    assert "CH-V11" in _rules(st)
    no_road = _ruins_stop(("R6", "W2", "W3", "W4"), ruins_scoring="flat", road_vp=False)
    act(no_road, "achieve")
    assert no_road.vp[A] == 0                                  # CH-V6 still rules the road


# -- CH-V12 Requests scored per card (依頼の得点計算方法を変更) ------------------------------------------------
def test_ch_v12_requests_score_per_card_instead_of_the_majority():
    taken = {A: ["S1-20", "S1-21", "S1-22"], B: ["S1-23"]}
    st = start(scenario(taken=taken, request_scoring="per_card"), ("final",))
    assert [st.parts[s][VP_REQUEST] for s in (A, B, C)] == [6, 2, 0]
    assert "CH-V12" in _rules(st) and "CH-9.2" not in _rules(st)
    draft = start(scenario(taken=taken), ("final",))
    assert [draft.parts[s][VP_REQUEST] for s in (A, B, C)] == [4, 0, -4]   # CH-9.2


# -- CH-V14 before the simple character creation (簡易キャラメイク設定) ---------------------------------
def test_ch_v14_races_are_dealt_but_no_class_is_chosen():
    for on in (True, False):
        st = random_game(7, log=True, params=G.params_type(character_creation=on,
                                                           auto_resolve=True))
        classes = set(st.rules.classes)
        held = [a for s in range(st.n) for a in st.abilities[s] if a in classes]
        assert (len(held) == st.n) is on and (not held) is (not on)
        assert ("CH-2.4" in _rules(st)) is on and ("CH-V14" in _rules(st)) is not on
        assert all(e.rule != "CH-2.2" or e.data.get("race") for e in st.log)


# -- CH-V13 who earns the final damage bonus under shared_hp = repeat ----------------------------
def _kraken(seat: int, mine: tuple[int, ...], marks: tuple[bool, bool, bool], reading: str):
    """CH-E5's stage-2 battle: ``seat`` has already achieved Kraken's HPs ``mine`` (marked),
    ``marks`` are the card's markers, and it can hit HP3 (17↑ with R6 W5 W5 W1)."""
    def before(st):
        st.hp_by[seat] = tuple((st.rules.lord_index["B10"], h) for h in mine)

    st = _battle(seat=seat, hp_marks=marks, hand=("R6", "W5", "W5", "W1"), shared_hp="repeat",
                 final_damage_reading=reading, before=before)
    act(st, "hit", lambda a: a[:2] == ("B10", 3))
    return st


def test_ch_v13_last_mark_pays_the_holder_of_one_hp_and_not_the_later_full_card():
    # B marks Kraken's last open HP holding only that one: the kit's reading pays B …
    st = _kraken(B, (), (True, True, False), "last_mark")
    assert st.parts[B][VP_FINAL] == 3 and "CH-7.3" in _rules(st)
    # … while A, who had HP1 and HP2 and now achieves HP3 too (already marked), gets nothing
    st = _kraken(A, (0, 1), (True, True, True), "last_mark")
    assert st.parts[A][VP_FINAL] == 0


def test_ch_v13_all_own_pays_each_player_who_achieves_every_hp():
    st = _kraken(B, (), (True, True, False), "all_own")
    assert st.parts[B][VP_FINAL] == 0 and "CH-7.3" not in _rules(st)
    st = _kraken(A, (0, 1), (True, True, True), "all_own")
    assert st.parts[A][VP_FINAL] == 3
    line = next(e for e in st.log if e.rule == "CH-V13")
    assert "every HP of Kraken" in line.text
    with pytest.raises(ParamError, match="final_damage_reading"):
        G.params_type(final_damage_reading="all_own")          # needs shared_hp = repeat


# -- CH-V4's fix (依頼：目固定): fixed dice are not offered, their unfixed twins are -----------------------
def test_ch_v4_fix_offers_the_unfixed_twin_of_a_fixed_die_but_never_a_fixed_die():
    st = scenario(hands={A: ("W3", "W3", "W5", "W1")}, track={1: "S1-20"}, pos={A: 1},
                  suit_effects=True)
    st.fixed[A] = (0,)                                          # the first W3 is fixed
    start(st, ("check", A))
    act(st, "achieve")                                          # S1-20 Request 2/5 → FIX
    dice = {a.arg[0][0] for a in st.options if a.kind == "fix"}
    assert dice == {1, 2, 3}                                    # the unfixed W3 (1), W5, W1
    act(st, "fix", lambda a: a[0][0] == 1 and a[1] == 6)
    assert sorted(st.fixed[A]) == [0, 1] and st.dice[A][1][0] == 6
    assert "CH-V4" in _rules(st)


# -- CH-V8 d8 dice in the odds table and the SET effect -------------------------------------------
def test_odds_follow_dice_faces():
    six = parse_condition("6")
    assert probability(six, 1) == Fraction(1, 6)
    assert probability(six, 1, faces=8) == Fraction(1, 8)
    zoro = parse_condition("ゾロ目2")
    assert probability(zoro, 2, faces=8) == Fraction(1, 8)
    d8 = G.params_type(dice_faces=8, die_range=(1, 8))
    rows6 = {(r["card"], r["k"]): r["p_all_white"] for r in condition_rows()}
    rows8 = {(r["card"], r["k"]): r["p_all_white"] for r in condition_rows(d8)}
    assert rows8[("S1-05", 4)] == pytest.approx(1 - (7 / 8) ** 4)   # condition 6, 4 dice
    assert rows6[("S1-05", 4)] == pytest.approx(1 - (5 / 6) ** 4)
    assert {r["card"]: r["p"] for r in stage_claim(d8)}["S1-05"] == pytest.approx(
        1 - (7 / 8) ** 4)


def test_set_accepts_values_up_to_the_dice_faces(tmp_path, monkeypatch):
    root = tmp_path / "data"
    shutil.copytree(data_dir("classic_hero"), root / "classic_hero")
    path = root / "classic_hero" / "events.csv"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "S1-20,1,Request,—,2/5,set(value=6)", "S1-20,1,Request,—,2/5,set(value=8)"),
        encoding="utf-8")
    monkeypatch.setenv("DESIGNKIT_DATA", str(root))
    with pytest.raises(ParamError, match="S1-20.*SET\\(8\\).*6") as err:
        G.params_type()                                      # d6: refused, naming the row
    assert err.value.field == "die_range"
    st = scenario(hands={A: ("W2", "W5")}, track={1: "S1-20"}, pos={A: 1}, dice_faces=8,
                  die_range=(1, 8))
    start(st, ("check", A))
    act(st, "achieve")
    act(st, "set", lambda a: a[0][1] == 2)                  # S1-20's SET(8): W2 → 8
    assert labels(st, A) == ["W5", "W8"]


# -- the hidden-information and contract checks with the new switches on ----------------------
NEW = [{"forced_clear": True}, {"ruins_scoring": "flat"}, {"request_scoring": "per_card"},
       {"shared_hp": "repeat", "final_damage_reading": "all_own"},
       {"character_creation": False},
       {"forced_clear": True, "ruins_scoring": "flat", "request_scoring": "per_card",
        "suit_effects": True, "reroll_each_stop": True}]


@pytest.mark.parametrize("changes", NEW, ids=lambda c: "+".join(c))
def test_contract_playout_with_the_switch_on(changes):
    from tests.contract.harness import checked_playout

    rules = G.rule_texts()
    for players, agents in ((3, ["random", "greedy", "random"]), (4, ["greedy"] * 4)):
        p = G.params_type(players=players, **changes)
        played = checked_playout(G, p, agents, seed=players, log=True, probe_every=17)
        assert G.is_over(played.state) and played.probes > 0
        assert {e.rule for e in played.state.log} <= set(rules)


@pytest.mark.parametrize("changes", NEW[:1] + NEW[3:4], ids=lambda c: "+".join(c))
def test_no_agent_peeks_with_the_switch_on(changes):
    from tests.contract.peeking import expect_no_peeks

    p = G.params_type(players=4, **changes)
    tally = expect_no_peeks(G, p, "greedy", 12)
    assert tally.decisions >= 12


def test_the_new_switches_hide_nothing_new():
    """None of CH-V10 … V13 makes a hidden zone (so HIDDEN_VARIANTS needs no row)."""
    from tests.contract.peeking import hidden_zone_keys

    base = G.params_type(players=4)
    plain = hidden_zone_keys(G, base, seed=3)
    for changes in NEW[:5]:
        assert hidden_zone_keys(G, base.replace(**changes), seed=3) <= plain, changes


def test_the_draft_never_cites_the_new_rules():
    st = random_game(4, log=True, params=G.params_type(auto_resolve=True))
    assert not {"CH-V10", "CH-V11", "CH-V12", "CH-V13", "CH-V14"} & set(_rules(st))


# -- the bots respond to each switch (issue 38: a verdict needs a bot level that sees the cure) ----
def _decisions(p, seed: int, agent: str, limit: int) -> list[tuple[int, str, str]]:
    """The first ``limit`` decisions of a seeded game (chance from the same seed)."""
    from designkit.agents import get_agent

    rng, st = random.Random(seed), G.new_state(p, log=False)
    bots, out = [get_agent(agent) for _ in range(p.players)], []
    while not G.is_over(st) and len(out) < limit:
        who = G.to_move(st)
        a = bots[who].act(G, st, rng) if isinstance(who, int) else G.sample_chance(st, rng)
        if isinstance(who, int):
            out.append((who, a.kind, str(a.arg)))
        G.apply(st, a)
    return out


@pytest.mark.parametrize(("changes", "agent", "seed", "limit"), [
    ({"forced_clear": True}, "greedy", 0, 40),             # the force option is taken
    ({"character_creation": False}, "greedy", 0, 2),       # no class pick at all
    ({"shared_hp": "repeat", "final_damage_reading": "all_own"}, "greedy", 1, 120),
    # greedy values a Ruins or a Request by its suit, not its scoring (its one-step look
    # sees the VP of a Ruins once taken, but every Ruins it can take it takes anyway): the
    # searching level's playouts score them, and decide otherwise
    ({"ruins_scoring": "flat"}, "search:20", 0, 3),
    ({"request_scoring": "per_card"}, "search:20", 1, 3),
], ids=lambda x: "+".join(x) if isinstance(x, dict) else str(x))
def test_a_bot_level_decides_otherwise_under_each_switch(changes, agent, seed, limit):
    draft = G.params_type(auto_resolve=True)
    if changes.get("shared_hp"):
        draft = draft.replace(shared_hp="repeat")
    cure = draft.replace(**changes)
    assert _decisions(draft, seed, agent, limit) != _decisions(cure, seed, agent, limit)


def test_an_inert_change_leaves_the_searching_bot_s_decisions_alone():
    """The control of the test above: the sizes of CH-V11 and CH-V12 with their switches off
    change nothing, and the searching level decides exactly as under the draft."""
    draft = G.params_type(auto_resolve=True)
    inert = draft.replace(ruins_flat_vp=3, request_card_vp=3)
    assert _decisions(draft, 0, "search:20", 3) == _decisions(inert, 0, "search:20", 3)
