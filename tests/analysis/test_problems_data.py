"""analysis.questions.cures: each game's questions are data (data/<game>/questions.yaml)."""

from __future__ import annotations

import pytest

from designkit.analysis.questions.cures import load_problems, parse_problems
from designkit.core.errors import DataError
from designkit.core.registry import get_game
from designkit.core.variants import variant_names

ROW = """
source: the draft, change list
questions:
  - key: swap
    title: Swapped bonuses
    quote_ja: 基本効果２と３を交換
    quote_en: The bonuses were swapped.
    metric: turn_order
    exploratory: [winner_margin]
    target: {fair_within: 0.03, text: start player within 1/n ± 3 pts}
    margin: 0.02
    players: [4]
    cures: [swapped_back]
    measures: The seats' balance.
"""


def test_a_row_becomes_a_problem_with_the_file_source() -> None:
    (p,) = parse_problems(ROW, "t.yaml")
    assert p.question.key == "swap" and p.question.source == "the draft, change list"
    assert p.question.quote_ja == "基本効果２と３を交換"
    assert p.metrics == ("turn_order", "winner_margin") and p.cures == ("swapped_back",)
    assert p.metric == "turn_order" and p.margin == 0.02 and p.players == (4,)
    t = p.target_at(4)
    assert t is not None and t.lo == pytest.approx(0.22) and t.hi == pytest.approx(0.28)


@pytest.mark.parametrize("text", [ROW.replace("    measures: The seats' balance.\n", ""),
                                  ROW + "    colour: red\n", "- swap\n"])
def test_a_row_missing_or_adding_a_field_names_the_file(text: str) -> None:
    with pytest.raises(DataError) as err:
        parse_problems(text, "t.yaml")
    assert "t.yaml" in str(err.value)


@pytest.mark.parametrize("old, new, field", [
    ("margin: 0.02", "margin: 0", "margin"), ("margin: 0.02", "margin: .nan", "margin"),
    ("margin: 0.02", "margin: .inf", "margin"), ("margin: 0.02", "margin: 0.05", "margin"),
    ("metric: turn_order", "metric: fun", "metric"),
    ("{fair_within: 0.03, text: start player within 1/n ± 3 pts}", "{nearly: 3}", "target"),
    ("players: [4]", "players: four", "players"),
])
def test_a_bad_value_is_one_line_naming_file_entry_and_field(old: str, new: str,
                                                             field: str) -> None:
    with pytest.raises(DataError) as err:
        parse_problems(ROW.replace(old, new), "t.yaml")
    text = str(err.value)
    assert "t.yaml" in text and "(swap)" in text and f"field {field}" in text
    assert "\n" not in text


def test_a_cure_that_is_no_variant_is_refused_with_the_game() -> None:
    with pytest.raises(DataError, match="cures.*no such variant"):
        parse_problems(ROW, "t.yaml", "rolling_stone")


@pytest.mark.parametrize("game", ["classic_hero", "crossroads", "rolling_stone",
                                  "witch_academy"])
def test_every_cure_is_a_shipped_variant(game: str) -> None:
    problems = load_problems(game)
    shipped = set(variant_names(get_game(game).params_type))
    assert problems and all(set(p.cures) <= shipped for p in problems)
