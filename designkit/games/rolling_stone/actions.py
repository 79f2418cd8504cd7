"""Life is Rolling Stone decisions: one small immutable value each, readable in both languages.

Compound choices are consecutive small decisions: the slot-2 move is "which
die" then "which direction"; a reroll is "use the skill?", the roll (chance),
then "which orientation"; a placement is "which card" then "which cell".
Arguments are card and dream IDs, colours and coordinates, so an action in a
record reads like the rules.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from designkit.core.action import Action as CoreAction
from designkit.core.action import BilingualTexts, split_texts
from designkit.games.rolling_stone.cards import (
    COLOUR_EN,
    COLOUR_JA,
    load_album_cards,
    load_dreams,
    table_stamp,
)

DIR_EN = {"N": "north", "E": "east", "S": "south", "W": "west"}
DIR_JA = {"N": "上", "E": "右", "S": "下", "W": "左"}



def _names() -> tuple[dict[str, Any], dict[str, Any]]:
    return _names_at(table_stamp())


@cache
def _names_at(stamp: tuple[tuple[str, float], ...]) -> tuple[dict[str, Any], dict[str, Any]]:
    return ({c.id: c for c in load_album_cards()}, {d.id: d for d in load_dreams()})


def card_label(card_id: str | None, lang: str = "en") -> str:
    if card_id is None:
        return "–"
    card = _names()[0].get(card_id)
    return card.name(lang) if card is not None else card_id


def dream_label(dream_id: str, lang: str = "en") -> str:
    dream = _names()[1].get(dream_id)
    return dream.name(lang) if dream is not None else dream_id


def at(r: int, c: int) -> str:
    return f"({r}, {c})"


def _place_en(a: tuple[str, int, int, str | None]) -> str:
    card, r, c, over = a
    text = f"place {card_label(card)} at {at(r, c)}"
    return text + (f", overwriting {card_label(over)}" if over else "")


def _place_ja(a: tuple[str, int, int, str | None]) -> str:
    card, r, c, over = a
    text = f"{card_label(card, 'ja')}を{at(r, c)}に配置"
    return text + (f"（{card_label(over, 'ja')}を捨て札にして上書き）" if over else "")


#: each decision kind's label, English beside Japanese
_TEXT: BilingualTexts = {
    "pass": (lambda a: f"pass {dream_label(a)} to the left",
             lambda a: f"{dream_label(a, 'ja')}を左隣に渡す"),
    "char_cell": (lambda a: f"put the character card at row {a[0] + 1}, column {a[1] + 1}",
                  lambda a: f"キャラクターカードを{a[0] + 1}行{a[1] + 1}列に置く"),
    "orient": (lambda a: f"orient the {COLOUR_EN[a[0]]} die: {a[1]} on top, {a[2]} north, "
                         f"{a[3]} east",
               lambda a: f"{COLOUR_JA[a[0]]}のサイコロを上{a[1]}・奥{a[2]}・右{a[3]}の向きに置く"),
    "discard": (lambda a: f"discard {dream_label(a)} as this stage's skill",
                lambda a: f"{dream_label(a, 'ja')}をスキルとして捨てる"),
    "slot": (lambda a: f"take order slot {a}", lambda a: f"オーダー「{a}」を選ぶ"),
    "move_die": (lambda a: "skip the die move" if a is None else f"move the {COLOUR_EN[a]} die",
                 lambda a: "サイコロを動かさない" if a is None else
                 f"{COLOUR_JA[a]}のサイコロを動かす"),
    "move_dir": (lambda a: "stop moving" if a[1] is None else
                 f"move the {COLOUR_EN[a[0]]} die {DIR_EN[a[1]]}",
                 lambda a: "移動をやめる" if a[1] is None else
                 f"{COLOUR_JA[a[0]]}のサイコロを{DIR_JA[a[1]]}へ動かす"),
    "use": (lambda a: f"{'use' if a[1] else 'do not use'} skill {dream_label(a[0])}",
            lambda a: f"スキル{dream_label(a[0], 'ja')}を{'使う' if a[1] else '使わない'}"),
    "die": (lambda a: f"choose the {COLOUR_EN[a]} die", lambda a: f"{COLOUR_JA[a]}のサイコロを選ぶ"),
    "take": (lambda a: f"take {card_label(a)} from the common field",
             lambda a: f"【共通場】から{card_label(a, 'ja')}を取る"),
    "place": (_place_en, _place_ja),
    "recall": (lambda a: f"place {card_label(a)} from the discard pile",
               lambda a: f"捨て札から{card_label(a, 'ja')}を配置"),
}


class Action(CoreAction):
    """A Life is Rolling Stone decision (the core Action with this game's texts)."""

    __slots__ = ()
    TEXT_EN, TEXT_JA = split_texts(_TEXT)
