"""A test naming each rule ID: every CH rule is either logged by the engine when it applies
(checked over a corpus of seeded games) or has its own test below or in another module
(``test_ch_3_5_…``), and every rule the engine logs exists in ``data/classic_hero/rules.csv``.
"""

from __future__ import annotations

import csv
import re
from functools import cache
from pathlib import Path

import pytest

from designkit.core.paths import data_dir
from designkit.games.classic_hero import ClassicHeroParams
from designkit.games.classic_hero.notation import can_achieve, parse_condition
from designkit.games.classic_hero.state import Phase

from .conftest import A, B, C, G, act, labels, random_game, scenario, start

HERE = Path(__file__).parent


def _rule_ids() -> list[str]:
    with (data_dir("classic_hero") / "rules.csv").open(encoding="utf-8") as fh:
        return [r["rule_id"] for r in csv.DictReader(fh)]


RULES = [r for r in _rule_ids() if not r.startswith(("CH-A", "CH-E")) and "." in r]


@cache
def corpus() -> frozenset[str]:
    """Rules logged in seeded games at 3 and 4 players, default and varied parameters."""
    seen: set[str] = set()
    variants = [ClassicHeroParams(), ClassicHeroParams(players=4),
                ClassicHeroParams(players=4, growth_steps_per_stage=2, rest_in_boss_fight=True),
                ClassicHeroParams(goal_fill="reverse", artifact_vp="after", max_dice=5)]
    for i, p in enumerate(variants):
        for seed in range(2):
            st = random_game(seed, params=p, log=True,
                             agents="greedy" if (i + seed) % 2 else "random")
            seen |= {e.rule for e in st.log}
    return frozenset(seen)


@cache
def named_tests() -> str:
    return " ".join(re.findall(r"def (test_\w+)", " ".join(
        p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))))


@pytest.mark.parametrize("rule", RULES)
def test_every_rule_is_logged_or_tested(rule):
    slug = rule.lower().replace("-", "_").replace(".", "_")
    assert rule in corpus() or re.search(rf"{slug}(_|\b)", named_tests()), \
        f"{rule} is neither logged in the corpus nor named by a test"


def test_every_logged_rule_exists_in_rules_csv():
    known = set(_rule_ids())
    assert corpus() <= known, sorted(corpus() - known)


def test_shortfall_is_logged_at_four_players_ch_a32():
    assert "CH-A32" in corpus()


# -- rules with no event of their own ---------------------------------------------------------------
def test_ch_0_1_three_stages():
    st = random_game(1, log=True)
    assert [e.data["stage"] for e in st.log if e.rule == "CH-0.1"] == [1, 2, 3]


def test_ch_0_2_red_die_works_like_a_white_one():
    for text in ("5・6", "16↑", "ゾロ目2"):
        c = parse_condition(text)
        st = scenario(hands={A: ("R5", "W6", "W5", "R6")})
        from designkit.games.classic_hero.resolve import achieve_sets
        sets = achieve_sets(st, A, c)
        assert sets and can_achieve(c, (5, 6, 5, 6))


def test_ch_0_3_used_dice_cannot_meet_conditions_or_take_fortune():
    st = scenario(hands={A: ("[W6]", "[W6]", "W1")}, track={1: "S1-01"}, pos={A: 1}, bless={A: 1})
    start(st, ("fortune", A))                     # S1-01: Fortune -1, condition 5・6
    assert labels(st, A) == ["W1", "[W6]", "[W6]"]  # -1 could only partly apply to W1
    assert st.phase is Phase.CHECK and not any(a.kind == "achieve" for a in st.options)


def test_ch_0_4_values_stay_within_1_to_6():
    st = scenario(hands={A: ("W6", "W1")}, track={1: "S1-14"}, pos={A: 1})   # +2/-2
    start(st, ("fortune", A))
    for a in st.options:
        for (_, v, _), text in a.arg:
            assert 1 <= v + int(text) <= 6


def test_ch_0_5_vp_may_go_negative():
    st = scenario(players=4, stage=3, taken={A: ["S1-20"]})
    start(st, ("final",))
    assert st.vp == [4, -4, -4, -4]


def test_ch_1_1_player_counts():
    for n in (3, 4):
        assert G.new_state(ClassicHeroParams(players=n)).n == n


def test_ch_2_2_four_white_dice_and_a_race_each():
    st = random_game(2, log=True)
    assert sum(e.rule == "CH-2.2" for e in st.log) == 3


def test_ch_2_3_dice_limit_returns_a_die():
    st = scenario(hands={A: ("W1", "W2", "W3", "W4", "W5", "W6")})
    start(st, ("gain_die", A, "CH-6.3"))
    G.apply(st, 6)                                # the new die rolls a 6
    assert st.phase is Phase.LIMIT
    act(st, "return", lambda a: a[1] == 1)
    assert len(st.dice[A]) == 6 and labels(st, A) == ["W2", "W3", "W4", "W5", "W6", "W6"]


def test_ch_2_4_classes_by_descending_speed():
    st = random_game(5, log=True)
    picks = [e.seat for e in st.log if e.rule == "CH-2.4"]
    speeds = [st.speed(s) for s in picks]
    assert speeds == sorted(speeds, reverse=True)


def test_ch_4_1_to_4_8_stage_start():
    st = random_game(4, log=True, players=4)
    log = st.log
    assert sum(e.rule == "CH-4.1" for e in log) == 60          # 20 per stage
    assert sum(e.rule == "CH-4.6" for e in log) == 6           # 2 per stage
    assert sum(e.rule == "CH-4.7" for e in log) == 12          # 5 per stage but 12 skills
    assert sum(e.rule == "CH-A32" and "one card short" in e.text for e in log) == 3
    # CH-4.8: each player rolls all their dice at once: one line per player and stage that
    # names every die (at least the 3 dice everyone starts with, CH-2.3), e.g. "rolls W3 R5 W1"
    rolls = [e for e in log if e.rule == "CH-4.8" and e.seat is not None]
    assert len(rolls) == 3 * 4
    assert all(len(e.data["value"]) == len(e.text.split("rolls ")[1].split()) >= 3
               for e in rolls)


def test_ch_3_2_two_atoms_on_distinct_dice_and_a_shortage():
    from designkit.games.classic_hero.notation import fortune_options, parse_fortune

    two = fortune_options(parse_fortune("+1・-1"), (3, 3))
    assert all(len({i for i, _ in opt}) == 2 for opt in two)
    assert all(len(opt) == 1 for opt in fortune_options(parse_fortune("+1・-1"), (3,)))


def test_ch_3_3_invert_is_seven_minus_value():
    from designkit.games.classic_hero.notation import apply_atom

    assert [apply_atom(v, ("inv", 0))[0] for v in range(1, 7)] == [6, 5, 4, 3, 2, 1]


def test_ch_4_4_leftmost_start_space_is_rearmost():
    st = scenario()
    st.start_order = [B, C, A]
    assert st.rearmost() == B
    st.pos[B] = 2
    assert st.rearmost() == C


def test_ch_5_2_rest_after_fortune_is_allowed_ch_a5():
    st = scenario(hands={A: ("W3", "[W1]", "[W2]")}, track={1: "S1-05"}, pos={A: 1})
    start(st, ("check", A))
    assert any(a.kind == "rest" for a in st.options)


def test_ch_6_5_blessing_must_change_the_value_ch_a11():
    st = scenario(hands={A: ("W6",)}, track={1: "S1-04"}, pos={A: 1}, bless={A: 2})
    start(st, ("check", A))
    blesses = [a.arg for a in st.options if a.kind == "bless"]
    assert blesses == [((0, 6, False), -1)]


def test_ch_6_6_star_marks_one_die():
    st = scenario(hands={A: ("W6", "W6", "W1")}, track={1: "S1-04"}, pos={A: 1})
    start(st, ("check", A))
    act(st, "achieve")
    assert st.phase is Phase.STAR and len(st.options) == 1 or labels(st, A).count("[W6]") == 1


def test_ch_7_1_battle_uses_every_die_of_the_set():
    st = scenario(stage=1, hands={A: ("W6", "W6", "W1")}, pos={A: 21})
    r = st.rules
    st.lords_up = [(r.lord_index["B02"], (False, False, False))]
    start(st, ("battle", A))
    act(st, "hit", lambda a: a[:2] == ("B02", 2))               # 6・6 : 3
    assert labels(st, A) == ["W1", "[W6]", "[W6]"] and st.vp[A] == 3 + 1


def test_ch_7_6_and_8_1_everyone_fights_then_the_stage_ends():
    st = random_game(6, log=True)
    stage1 = [e for e in st.log if e.rule in ("CH-7.6", "CH-8.1")][:4]
    assert [e.rule for e in stage1] == ["CH-7.6", "CH-7.6", "CH-7.6", "CH-8.1"]


def test_ch_8_6_growth_twice_with_the_literal_reading_ch_a1():
    st = random_game(3, params=ClassicHeroParams(growth_steps_per_stage=2), log=True)
    grows = [e for e in st.log if e.rule == "CH-8.6" and "grows" in e.text]
    assert len(grows) == 2 * 2 * 3


def test_ch_9_3_tie_break_by_speed():
    st = scenario(races=["RC2", "RC1", "RC5"])
    st.vp = [10, 3, 10]
    st.stage = 3
    start(st, ("final",))
    assert G.ranking(st)[0] == C and G.winners(st) == [C]


def test_seat_b_exists():
    assert B == 1


def test_ch_2_3_dice_limit_below_the_starting_dice():
    st = random_game(1, params=ClassicHeroParams(max_dice=2, starting_dice=4), log=True)
    assert all(len(d) <= 2 for d in st.dice)
    assert any(e.rule == "CH-2.3" and "starting dice" in e.text for e in st.log)
