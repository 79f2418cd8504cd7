"""Rule texts (English and the draft's Japanese quote) for log tooltips and the Rules tab."""

from __future__ import annotations

from pathlib import Path

from designkit.core.cardtable import Column, cached, load_table, optional_text
from designkit.core.paths import data_dir

RULE_COLUMNS = (
    Column("rule_id", unique=True),
    *optional_text("section", "title_en", "text_en", "quote_ja"),
)


def load_rule_texts(game: str) -> dict[str, dict[str, str]]:
    """Rule ID → its row of ``data/<game>/rules.csv`` (cached until the file changes);
    ``{}`` for a game without one."""
    path = data_dir(game) / "rules.csv"
    if not path.exists():
        return {}
    return cached("rules.csv", path, _read)


def _read(path: Path) -> dict[str, dict[str, str]]:
    return {row["rule_id"]: row for row in load_table(path, RULE_COLUMNS)}


def rule_text(game: str, rule_id: str) -> dict[str, str]:
    """The rule's own row, falling back to its parent (``CR-4.4a`` → ``CR-4.4`` → ``CR-4``)."""
    texts = load_rule_texts(game)
    for key in _ancestors(rule_id):
        if key in texts:
            return texts[key]
    return {"rule_id": rule_id, "text_en": "", "quote_ja": "", "title_en": ""}


def _ancestors(rule_id: str) -> list[str]:
    """``CR-4.4a`` → [``CR-4.4a``, ``CR-4.4``, ``CR-4``]: drop a letter suffix, then a level."""
    out = [rule_id]
    key = rule_id.rstrip("abcdefghijklmnopqrstuvwxyz")
    if key != rule_id and key:
        out.append(key)
    prefix, _, rest = key.partition("-")
    parts = rest.split(".")
    while len(parts) > 1:
        parts.pop()
        out.append(f"{prefix}-{'.'.join(parts)}")
    return out
