"""One bilingual table per game: split_texts gives each language its own kind → text."""

from __future__ import annotations

from typing import Any

from designkit.core.action import Action, BilingualTexts, split_texts

_TABLE: BilingualTexts = {
    "pick": (lambda a: f"pick {a}", lambda a: f"{a}を選ぶ"),
    "pass": (lambda a: "pass", lambda a: "パス"),
}


class _Act(Action):
    __slots__ = ()
    TEXT_EN, TEXT_JA = split_texts(_TABLE)


def test_each_language_gets_its_own_text_per_kind() -> None:
    en, ja = split_texts(_TABLE)
    assert list(en) == list(ja) == ["pick", "pass"]
    assert en["pick"](3) == "pick 3"
    assert ja["pick"](3) == "3を選ぶ"


def test_an_action_describes_itself_from_the_split_table() -> None:
    act: Any = _Act("pick", "W5")
    assert act.describe() == "pick W5"
    assert act.describe("ja") == "W5を選ぶ"
    assert _Act("pass").describe("ja") == "パス"
