"""The rest of a printed set, drawn from the parameters (a variant changes them too): the
order cards, boards and tokens the rules name, beside the card tables. Their footer hashes
the game's ``rules.csv`` (the rule texts they come from)."""

from __future__ import annotations

from typing import Any

from designkit.core.paths import data_dir
from designkit.export.content import NewDeck
from designkit.export.decks import Deck

RS_BONUS = {"none": ("—", "なし"), "move_die": ("move one die 1 step", "サイコロ１個を１マス動かす"),
            "start_marker": ("take the start player marker", "スタートプレイヤーマーカーを得る"),
            "power": ("+{n} power", "パワーを{n}個得る")}
LEGACY = (("WPN", "Weapon", "武器"), ("CUR", "Curio", "雑貨"), ("RIT", "Ritual Implement", "祭器"))


def _slots(prefix: str, labels: list[tuple[str, str]], total: int) -> dict[str, str]:
    """``slot1`` … ``slot<total>`` (a template has a place for the most a parameter allows;
    the unused ones are empty, so ``dk:if`` leaves them out)."""
    out: dict[str, str] = {}
    for i in range(1, total + 1):
        en, ja = labels[i - 1] if i <= len(labels) else ("", "")
        out[f"{prefix}{i}_en"], out[f"{prefix}{i}_ja"] = en, ja
    return out


def rolling_stone(params: Any, new: NewDeck) -> list[Deck]:
    """LR-5.2 order card (one slot per ``order_slots``, its LR-6.2 bonus), LR-1 character
    cards (the album's anchor) and score cards (VP track, negative allowed)."""
    rules = data_dir("rolling_stone") / "rules.csv"
    order = new("order_card", ("Order card", "オーダーカード"), rules)
    labels = []
    for bonus in params.order_bonus:
        en, ja = RS_BONUS.get(bonus, (bonus, bonus))
        n = params.order_bonus_power
        labels.append((en.format(n=n), ja.format(n=n)))
    order.add("ORDER", {"name_en": "Order card", "name_ja": "オーダーカード",
                        "slots": len(labels), **_slots("slot", labels, 8)})
    chars = new("characters", ("Character cards", "キャラクターカード"), rules)
    score = new("score_cards", ("Score cards", "スコアカード"), rules)
    for seat in range(1, 5):
        chars.add(f"CHAR{seat}", {"name_en": "Character", "name_ja": "キャラクター",
                                  "seat": seat})
        score.add(f"SCORE{seat}", {"name_en": "Score", "name_ja": "スコア", "seat": seat})
    return [order.deck(), chars.deck(), score.deck()]


def witch_academy(params: Any, new: NewDeck) -> list[Deck]:
    """LW-7.1 University (players − 1 slots, filled from the right; the most players' count
    unless the variant fixes ``university_slots``) and the LW-A1 legacy tokens."""
    rules = data_dir("witch_academy") / "rules.csv"
    uni = new("university", ("University", "大学"), rules)
    slots = params.university_slots or 4
    uni.add("UNIVERSITY", {"name_en": "University", "name_ja": "大学", "slots": slots,
                           **_slots("slot", [(str(i), str(i)) for i in range(1, slots + 1)], 5)})
    tokens = new("legacy_tokens", ("Legacy tokens", "レガシートークン"), rules)
    for code, en, ja in LEGACY[:params.legacy_types]:
        tokens.add(f"LEG-{code}", {"name_en": en, "name_ja": ja, "kind": code},
                   copies=params.legacy_per_type)
    return [uni.deck(), tokens.deck()]


def classic_hero(params: Any, new: NewDeck) -> list[Deck]:
    """The two order cards (順番カード, Start and Goal) with a space per pawn (CH-4.3)."""
    rules = data_dir("classic_hero") / "rules.csv"
    b = new("order_cards", ("Order cards", "順番カード"), rules)
    spaces = [(str(i), str(i)) for i in range(1, 5)]
    b.add("START", {"name_en": "Start", "name_ja": "スタート", **_slots("slot", spaces, 4)})
    b.add("GOAL", {"name_en": "Goal", "name_ja": "ゴール", **_slots("slot", spaces, 4)})
    return [b.deck()]
