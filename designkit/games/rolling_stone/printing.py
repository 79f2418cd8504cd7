"""Life is Rolling Stone: album cards, dream cards (dream and skill) and event cards, and
the order card, character and score cards the rules name (drawn from the parameters: a
variant changes them too; their footer hashes ``rules.csv``, the rule texts they come from).

The game's ``print_decks`` hook (``core.hooks``)."""

from __future__ import annotations

from designkit.core.decks import Deck, NewDeck, raw_rows, slots, with_raw
from designkit.core.paths import data_dir
from designkit.games.rolling_stone.cards import (
    COLOUR_EN,
    COLOUR_JA,
    album_path,
    dreams_path,
    events_path,
    load_album_cards,
    load_dreams,
    load_events,
)
from designkit.games.rolling_stone.params import RollingStoneParams

TRIGGER_EN = {"turn_start": "At the start of your turn", "turn_end": "At the end of your turn",
              "on_place": "When you place a card", "on_move_to_six": "When a die moves to 6",
              "on_order_slot": "At turn start, from an order slot",
              "before_settlement_sum": "Before a settlement's dice total",
              "passive": "Always"}
TRIGGER_JA = {"turn_start": "手番開始時", "turn_end": "手番終了時", "on_place": "カード配置時",
              "on_move_to_six": "サイコロが６に移動した時", "on_order_slot": "手番開始時（順番）",
              "before_settlement_sum": "決算の合計前", "passive": "常時"}
LIMIT_EN = {"none": "", "once_per_turn": "once per turn", "once_per_stage": "once per stage"}
LIMIT_JA = {"none": "", "once_per_turn": "手番毎に１回", "once_per_stage": "ステージ毎に１回"}
BONUS = {"none": ("—", "なし"), "move_die": ("move one die 1 step", "サイコロ１個を１マス動かす"),
         "start_marker": ("take the start player marker", "スタートプレイヤーマーカーを得る"),
         "power": ("+{n} power", "パワーを{n}個得る")}


def decks(params: RollingStoneParams, new: NewDeck) -> list[Deck]:
    return [_album(new), _dreams(new), _events(new), *_components(params, new)]


def _album(new: NewDeck) -> Deck:
    b = new("album_cards", ("Album cards", "アルバムカード"), album_path())
    for c, row in zip(load_album_cards(), raw_rows(album_path()), strict=False):
        b.add(c.id, {**with_raw(row), "name_en": c.name_en, "name_ja": c.name_ja, "stage": c.stage,
                     "attribute": "".join(c.attrs), "stars": c.stars,
                     "star_marks": "★" * c.stars, "person_en": "person" if c.person else "",
                     "person_ja": "人物" if c.person else "",
                     "colour_en": " / ".join(COLOUR_EN[a] for a in c.attrs),
                     "colour_ja": "・".join(COLOUR_JA[a] for a in c.attrs)})
    return b.deck()


def _dreams(new: NewDeck) -> Deck:
    b = new("dreams", ("Dream cards", "夢カード"), dreams_path())
    for d, row in zip(load_dreams(), raw_rows(dreams_path()), strict=False):
        kind = d.trigger[0]
        when_en = ", ".join(t for t in (TRIGGER_EN.get(kind, kind), LIMIT_EN[d.limit],
                                        "optional" if d.optional else "") if t)
        when_ja = "・".join(t for t in (TRIGGER_JA.get(kind, kind), LIMIT_JA[d.limit],
                                        "任意" if d.optional else "") if t)
        b.add(d.id, {**with_raw(row), "name_en": d.name_en, "name_ja": d.name_ja,
                     "dream_en": d.dream_text, "dream_ja": d.dream_text_ja,
                     "skill_en": d.skill_text, "skill_ja": d.skill_text_ja,
                     "when_en": when_en, "when_ja": when_ja,
                     "engine": f"{row.get('dream', '')} | {row.get('trigger', '')}: "
                               f"{row.get('skill', '')}"})
    return b.deck()


def _events(new: NewDeck) -> Deck:
    b = new("events", ("Event cards", "イベントカード"), events_path())
    for e, row in zip(load_events(), raw_rows(events_path()), strict=False):
        b.add(e.id, {**with_raw(row), "name_en": e.name_en, "name_ja": e.name_ja, "stage": e.stage,
                     "effect_en": e.text_en, "effect_ja": e.text_ja,
                     "engine": f"{row.get('select', '')} → {row.get('effect', '')}"})
    return b.deck()


def _components(params: RollingStoneParams, new: NewDeck) -> list[Deck]:
    """LR-5.2 order card (one slot per ``order_slots``, its LR-6.2 bonus), LR-1 character
    cards (the album's anchor) and score cards (VP track, negative allowed)."""
    rules = data_dir("rolling_stone") / "rules.csv"
    order = new("order_card", ("Order card", "オーダーカード"), rules)
    labels = []
    for bonus in params.order_bonus:
        en, ja = BONUS.get(bonus, (bonus, bonus))
        n = params.order_bonus_power
        labels.append((en.format(n=n), ja.format(n=n)))
    order.add("ORDER", {"name_en": "Order card", "name_ja": "オーダーカード",
                        "slots": len(labels), **slots("slot", labels, 8)})
    chars = new("characters", ("Character cards", "キャラクターカード"), rules)
    score = new("score_cards", ("Score cards", "スコアカード"), rules)
    for seat in range(1, 5):
        chars.add(f"CHAR{seat}", {"name_en": "Character", "name_ja": "キャラクター",
                                  "seat": seat})
        score.add(f"SCORE{seat}", {"name_en": "Score", "name_ja": "スコア", "seat": seat})
    return [order.deck(), chars.deck(), score.deck()]
