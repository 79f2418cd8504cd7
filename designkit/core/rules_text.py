"""Rule texts (English and the draft's Japanese quote) for log tooltips and the Rules tab."""

from __future__ import annotations

import csv
from functools import cache

from designkit.core.paths import data_dir


@cache
def load_rule_texts(game: str) -> dict[str, dict[str, str]]:
    path = data_dir(game) / "rules.csv"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return {row["rule_id"]: row for row in csv.DictReader(fh)}


def rule_text(game: str, rule_id: str) -> dict[str, str]:
    """The rule's own row, falling back to its section (``CR-4.4a`` → ``CR-4.4`` → ``CR-4``)."""
    texts = load_rule_texts(game)
    key = rule_id
    while key:
        if key in texts:
            return texts[key]
        cut = max(key.rfind("."), key.rfind("-") if key.count("-") > 1 else -1)
        if cut <= 0:
            break
        key = key[:cut]
    return {"rule_id": rule_id, "text_en": "", "quote_ja": "", "title_en": ""}
