"""CH-3 and spec §5.1: the dice notation as data — parsing, aliases, NFKC, errors, matching."""

from __future__ import annotations

from itertools import product

import pytest

from designkit.games.classic_hero.notation import (
    NotationError,
    can_achieve,
    fortune_text,
    parse_condition,
    parse_fortune,
    satisfying_sets,
)


def test_ch_3_5_alternatives_one_die():
    c = parse_condition("4/5")
    assert c.to_json() == {"kind": "slots", "slots": [[4, 5]], "star": False}
    assert can_achieve(c, (1, 5)) and not can_achieve(c, (1, 6))


def test_ch_3_6_slots_need_distinct_dice_ch_a8():
    c = parse_condition("6・6")
    assert not can_achieve(c, (6, 1, 2)) and can_achieve(c, (6, 6, 1))
    assert satisfying_sets(parse_condition("5/6・5/6"), (5, 6, 6)) == ((0, 1), (0, 2), (1, 2))


def test_ch_3_7_sum_with_minimal_set():
    c = parse_condition("10↑")
    assert c.to_json() == {"kind": "sum", "min": 10, "star": False}
    assert satisfying_sets(c, (6, 6, 1)) == ((0, 1),)               # {6,6,1} is not minimal
    assert (0, 1, 2) in satisfying_sets(c, (6, 6, 1), minimal=False)


def test_ch_3_8_zoro():
    c = parse_condition("ゾロ目3")
    assert c.to_json() == {"kind": "zoro", "k": 3, "star": False}
    assert satisfying_sets(c, (4, 4, 4, 4)) == ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    assert not can_achieve(c, (4, 4, 5))


def test_ch_3_9_star_flag():
    assert parse_condition("5/6・5/6★").to_json() == {
        "kind": "slots", "slots": [[5, 6], [5, 6]], "star": True}


@pytest.mark.parametrize("text, canonical", [
    ("5.6", "5・6"), ("16+", "16↑"), ("Z3", "ゾロ目3"), ("z2*", "ゾロ目2★"),
    ("５・６", "5・6"), ("１６↑", "16↑"), ("４／５", "4/5"), ("ゾロ目３★", "ゾロ目3★"),
    ("5/6 ・ 5/6 ★", "5/6・5/6★"), ("6･6", "6・6"),
])
def test_ch_3_10_aliases_and_full_width(text, canonical):
    assert parse_condition(text).text == canonical


@pytest.mark.parametrize("text, position, words", [
    ("7", 1, "outside 1–6"), ("5・", 3, "expected a die value"), ("5x", 2, "unexpected 'x'"),
    ("ゾロ目", 4, "equal dice"), ("16↑★★", 5, "unexpected '★'"), ("", 1, "empty"),
    ("4/9", 3, "outside 1–6"), ("５・８", 3, "outside 1–6"), ("print(1)", 1, "expected"),
])
def test_malformed_condition_names_the_position(text, position, words):
    with pytest.raises(NotationError) as err:
        parse_condition(text)
    assert err.value.position == position and words in str(err.value)


@pytest.mark.parametrize("text, parsed", [
    ("—", ()), ("none", ()), ("", ()), ("-1", ((("add", -1),),)),
    ("+1/-1", ((("add", 1), ("add", -1)),)), ("+1・-2", ((("add", 1),), (("add", -2),))),
    ("反転", ((("inv", 0),),)), ("INV", ((("inv", 0),),)), ("振り直し", ((("rr", 0),),)),
    ("RR", ((("rr", 0),),)), ("－２", ((("add", -2),),)), ("−1", ((("add", -1),),)),
    ("＋１／－１", ((("add", 1), ("add", -1)),)),
])
def test_ch_3_1_to_3_4_fortune_grammar(text, parsed):
    assert parse_fortune(text) == parsed


def test_fortune_text_round_trips():
    for text in ("-1", "+1/-1", "+1・-2", "反転", "振り直し", "-2・+1", "—"):
        assert fortune_text(parse_fortune(text)) == text


@pytest.mark.parametrize("text, position", [("+", 2), ("+9", 2), ("1", 1), ("-1・", 4),
                                            ("-1x", 3)])
def test_malformed_fortune_names_the_position(text, position):
    with pytest.raises(NotationError) as err:
        parse_fortune(text)
    assert err.value.position == position


def test_matcher_agrees_with_brute_force():
    """Every slots/sum/zoro condition of the tables, checked against a direct definition."""
    from designkit.games.classic_hero.cards import load_demon_lords, load_events

    conds = {e.condition for e in load_events()}
    conds |= {c for b in load_demon_lords() for c, _ in b.hps}
    for cond in conds:
        for vals in product(range(1, 7), repeat=4):
            direct = _direct(cond, vals)
            assert can_achieve(cond, vals) == direct, (cond.text, vals)


def _direct(cond, vals):
    from itertools import combinations, permutations

    n = len(vals)
    for size in range(1, n + 1):
        for u in combinations(range(n), size):
            v = [vals[i] for i in u]
            if cond.kind == "slots" and size == len(cond.slots) and any(
                    all(x in s for x, s in zip(p, cond.slots, strict=True)) for p in permutations(v)):
                return True
            if cond.kind == "zoro" and size == cond.k and len(set(v)) == 1:
                return True
            if cond.kind == "sum" and sum(v) >= cond.total and sum(v) - min(v) < cond.total:
                return True
    return False


# -- issue 22 item 6 and issue 21: only the digits spec §5.1 lists, no spaces in numbers ----
@pytest.mark.parametrize(("text", "position", "fragment"), [
    ("𐩀", 1, "only the digits 0–9"),        # Kharoshthi digit one: int() reads it
    ("፩・6", 1, "only the digits 0–9"),       # Ethiopic digit one: int() refuses it
    ("①・2", 1, "only the digits 0–9"),       # NFKC would make it 1: not in the spec
    ("5・¹", 3, "only the digits 0–9"),
    ("1 6↑", 3, "a space inside a number"),   # must not read as 16↑
    ("1\u30006↑", 3, "a space inside a number"),  # an ideographic space
    ("1" * 5000 + "↑", 1, "more than 3 digits"),
    ("1000↑", 1, "more than 3 digits"),
])
def test_conditions_refuse_unlisted_digits_spaces_and_huge_numbers(text, position, fragment):
    with pytest.raises(NotationError) as err:
        parse_condition(text)
    assert err.value.position == position and fragment in str(err.value)
    assert len(str(err.value)) < 200  # one readable line, even for 5,000 digits


@pytest.mark.parametrize(("text", "fragment"), [
    ("+𐩀", "only the digits 0–9"), ("+1 0", "a space inside a number"),
    ("+" + "9" * 5000, "more than 3 digits"), ("-٣", "only the digits 0–9"),
])
def test_fortunes_refuse_the_same(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        parse_fortune(text)


@pytest.mark.parametrize(("text", "canonical"), [
    ("１６↑", "16↑"), ("５・６", "5・6"), (" 5 ・ 6 ", "5・6"), ("ゾロ目 3", "ゾロ目3"),
    ("Z3", "ゾロ目3"), ("5 / 6・6", "5/6・6"),
])
def test_full_width_digits_and_spaces_between_tokens_still_read(text, canonical):
    assert parse_condition(text).canonical() == canonical


def test_a_huge_number_in_a_card_table_is_one_line(tmp_path, monkeypatch):
    import shutil

    from designkit.core.errors import DataError
    from designkit.core.paths import REPO_ROOT
    from designkit.games.classic_hero.cards import load_demon_lords

    data = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", data)
    monkeypatch.setenv("DESIGNKIT_DATA", str(data))
    path = data / "classic_hero" / "demon_lords.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("16↑", "1" * 5000 + "↑", 1),
                    encoding="utf-8")
    with pytest.raises(DataError, match=r"row 2, column 'hp3': a number of more than 3 "
                                        r"digits at position 1") as err:
        load_demon_lords()
    assert len(str(err.value)) < 300
