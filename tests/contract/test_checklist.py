"""The checklist (tests/contract/checklist.py) holds for every game built into designkit;
each row can fail (shown on a game made to miss it)."""

from __future__ import annotations

import pytest

from designkit.core import registry
from designkit.core.registry import get_game
from tests.contract.checklist import CHECKLIST, problems
from tests.contract.example_game import GAME as EXAMPLE


def built_in_games() -> list[str]:
    """Games whose entry point is in designkit itself (the README names them)."""
    return sorted(name for name, target in registry._declared().items()
                  if target.startswith("designkit.games."))


@pytest.mark.parametrize("name", built_in_games())
@pytest.mark.parametrize("item", CHECKLIST, ids=lambda i: i.key)
def test_every_built_in_game_meets_the_checklist(name, item):
    assert item.check(get_game(name)) == []


def test_a_game_missing_the_rows_fails_them():
    """The contract suite's High Card declares no tables, no variant, no board pieces, no
    printable cards, no hook modules and no tune short list: the checklist says so, row by
    row."""
    found = problems(EXAMPLE, built_in=False)
    assert {"card_tables", "variant_switch", "board_pieces", "printable",
            "hook_modules", "tune_defaults"} <= set(found), found
    assert "no board piece for the decision 'keep'" in found["board_pieces"]
