"""The rule-text tables ``data/<game>/rules.csv`` (written by ``scripts/extract_rules.py``)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
GAMES = ("crossroads", "rolling_stone", "witch_academy", "classic_hero")
COLUMNS = ["rule_id", "section", "title_en", "text_en", "quote_ja"]
RULE_ITEM_ID = re.compile(r"^[A-Z]{2}-\d+\.\d+$")


def load(game: str) -> list[dict[str, str]]:
    path = REPO_ROOT / "data" / game / "rules.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == COLUMNS
        rows = list(reader)
    assert all(None not in row and None not in row.values() for row in rows), "ragged row"
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_parses(game: str) -> None:
    assert load(game)


@pytest.mark.parametrize("game", GAMES)
def test_rule_ids_unique(game: str) -> None:
    ids = [row["rule_id"] for row in load(game)]
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []


@pytest.mark.parametrize("game", GAMES)
def test_rule_items_have_text(game: str) -> None:
    items = [row for row in load(game) if RULE_ITEM_ID.match(row["rule_id"])]
    assert items
    assert [row["rule_id"] for row in items if not row["text_en"].strip()] == []
    assert all(row["section"] == row["rule_id"].split(".")[0] for row in items)


def test_crossroads_ids() -> None:
    ids = {row["rule_id"] for row in load("crossroads")}
    sizes = {1: 3, 2: 4, 3: 3, 4: 6, 5: 2, 6: 5, 7: 8, 8: 4, 9: 4, 10: 3}
    expected = {f"CR-{s}" for s in sizes}
    expected |= {f"CR-{s}.{n}" for s, count in sizes.items() for n in range(1, count + 1)}
    expected |= {f"CR-A{n}" for n in range(1, 23)}
    expected |= {f"CR-E{n}" for n in range(1, 9)}
    assert expected - ids == set()


def test_crossroads_quote() -> None:
    rows = {row["rule_id"]: row for row in load("crossroads")}
    assert "同枚数以上" in rows["CR-4.4"]["quote_ja"]
    assert "『" not in rows["CR-4.4"]["quote_ja"]
    assert rows["CR-4"]["title_en"] == "Release (リリース)"
