"""analysis.questions.cures: each game's problems are data (problems/<game>.yaml)."""

from __future__ import annotations

import pytest

from designkit.analysis.questions.cures import load_problems, parse_problems
from designkit.core.errors import DataError
from designkit.core.registry import get_game
from designkit.core.variants import variant_names

ROW = """
source: the draft, change list
problems:
  - key: swap
    title: Swapped bonuses
    quote_ja: 基本効果２と３を交換
    quote_en: The bonuses were swapped.
    metrics: [seat_balance, winner_margin]
    cures: [swapped_back]
    measures: The seats' balance.
"""


def test_a_row_becomes_a_problem_with_the_file_source() -> None:
    (p,) = parse_problems(ROW, "t.yaml")
    assert p.question.key == "swap" and p.question.source == "the draft, change list"
    assert p.question.quote_ja == "基本効果２と３を交換"
    assert p.metrics == ("seat_balance", "winner_margin") and p.cures == ("swapped_back",)


@pytest.mark.parametrize("text", [ROW.replace("    measures: The seats' balance.\n", ""),
                                  ROW + "    colour: red\n", "- swap\n"])
def test_a_row_missing_or_adding_a_field_names_the_file(text: str) -> None:
    with pytest.raises(DataError) as err:
        parse_problems(text, "t.yaml")
    assert "t.yaml" in str(err.value)


@pytest.mark.parametrize("game", ["classic_hero", "crossroads", "rolling_stone",
                                  "witch_academy"])
def test_every_cure_is_a_shipped_variant(game: str) -> None:
    problems = load_problems(game)
    shipped = set(variant_names(get_game(game).params_type))
    assert problems and all(set(p.cures) <= shipped for p in problems)
