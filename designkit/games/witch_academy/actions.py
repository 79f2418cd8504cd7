"""Witch Academia decisions: one small immutable value each, readable in both languages.

A placement turn is a sequence of small decisions (spec section 7): worker →
target → Area bonus → each action (card, then Extra Stage yes/no) or
University action (exchange pair, then amount; or a card). Arguments are IDs,
colours and die names, so a record reads like the rules.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

from designkit.core.action import Action, BilingualTexts, split_texts
from designkit.core.cardtable import Stamp
from designkit.games.witch_academy.cards import (
    LEGACY_EN,
    LEGACY_JA,
    RES_EN,
    RES_JA,
    amounts_text,
    load_areas,
    load_assignments,
    load_events,
    load_exploration,
    table_stamp,
)


@cache
def _names_at(stamp: tuple[tuple[str, Stamp], ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for table in (load_exploration(), load_areas(), load_events()):
        out.update({c.id: c for c in table})
    return out


#: (monotonic time, stamp) of the last look at the tables' modification times
_STAMP: list[Any] = [float("-inf"), None]
#: seconds a stamp is trusted: logging a game labels thousands of cards, and four stat()
#: calls per label made logging 7x slower; a table edited in a spreadsheet is seen by the
#: next game a second later
_STAMP_TTL = 1.0


def _fresh_stamp() -> tuple[tuple[str, Stamp], ...]:
    now = time.monotonic()
    if now - _STAMP[0] > _STAMP_TTL:
        _STAMP[:] = [now, table_stamp()]
    return _STAMP[1]


def label(card_id: str, lang: str = "en") -> str:
    """A card or Area by its name (and ID), in English or Japanese."""
    card = _names_at(_fresh_stamp()).get(card_id)
    if card is None:
        return card_id
    return card.name(lang)


def _target(t: Any, lang: str) -> str:
    if t == "U":
        return "the University" if lang == "en" else "【大学】"
    return label(t, lang)


def _workers(ranks: tuple[str, ...], lang: str) -> str:
    if not ranks:
        return "no worker" if lang == "en" else "なし"
    return ", ".join(ranks)


#: each decision kind's label, English beside Japanese
_TEXT: BilingualTexts = {
    "take": (lambda a: f"take 1 {RES_EN[a]}", lambda a: f"{RES_JA[a]}を1個得る"),
    "pick": (lambda a: f"pick {label(a)}", lambda a: f"{label(a, 'ja')}を選ぶ"),
    "worker": (lambda a: f"place the {a}", lambda a: f"{a}のワーカーを配置"),
    "rest": (lambda a: "Rest", lambda a: "休息"),
    "assign": (lambda a: "Assignment Creation", lambda a: "課題作成"),
    "target": (lambda a: f"on {_target(a, 'en')}", lambda a: f"{_target(a, 'ja')}へ"),
    "recall": (lambda a: f"recall {_workers(a, 'en')}", lambda a: f"{_workers(a, 'ja')}を回収"),
    "bonus": (lambda a: "apply the Area bonus" if a else "skip the Area bonus",
              lambda a: "エリアの追加効果を適用" if a else "追加効果を適用しない"),
    "explore": (lambda a: f"apply {label(a)}", lambda a: f"{label(a, 'ja')}を適用"),
    "end": (lambda a: "leave the remaining actions unused", lambda a: "残りのアクションを行わない"),
    "es": (lambda a: "go to the Extra Stage" if a else "skip the Extra Stage",
           lambda a: "エキストラステージへ進む" if a else "エキストラステージへ進まない"),
    "exchange": (lambda a: f"exchange {RES_EN[a[0]]} for {RES_EN[a[1]]}",
                 lambda a: f"{RES_JA[a[0]]}を{RES_JA[a[1]]}と交換"),
    "amount": (lambda a: f"exchange {a}", lambda a: f"{a}個交換"),
    "play": (lambda a: f"play {label(a)}", lambda a: f"{label(a, 'ja')}をプレイ"),
    "colour": (lambda a: f"gain 1 {RES_EN[a]}", lambda a: f"{RES_JA[a]}を1個得る"),
    "pay": (lambda a: f"pay 1 {RES_EN[a]}", lambda a: f"{RES_JA[a]}を1個支払う"),
    "legacy": (lambda a: f"take a {LEGACY_EN[a]} legacy token",
               lambda a: f"レガシートークン（{LEGACY_JA[a]}）を得る"),
    "heal": (lambda a: f"heal the {a}", lambda a: f"{a}のワーカーを回復"),
    "cover": (lambda a: f"cover facility slot {a + 1}", lambda a: f"施設スロット{a + 1}に重ねる"),
    "complete": (lambda a: f"complete {a}", lambda a: f"課題{a}を達成"),
    "pass": (lambda a: "pass", lambda a: "パス"),
    "keep": (lambda a: f"keep {label(a)} face down", lambda a: f"{label(a, 'ja')}を伏せて残す"),
    "return": (lambda a: f"return 1 {RES_EN[a]}", lambda a: f"{RES_JA[a]}を1個戻す"),
}


class WitchAction(Action):
    """A Witch Academia decision; texts from :data:`_TEXT`, English beside Japanese."""

    __slots__ = ()
    TEXT_EN, TEXT_JA = split_texts(_TEXT)


@cache
def act(kind: str, arg: Any = None) -> WitchAction:
    """Interned actions: the hot path builds the same few values again and again."""
    return WitchAction(kind, arg)


def assignment_label(asg_id: str, lang: str = "en") -> str:
    """``AS2-4 (3 Soul Sand, 2 Mana Flower → 8 VP)``: resources in words, so a cost never
    reads like seats (``B3`` is not seat B)."""
    a = {x.id: x for x in load_assignments()}.get(asg_id)
    if a is None:
        return asg_id
    if lang == "ja":
        return f"{asg_id}（{amounts_text(a.cost, 'ja')}→{a.vp}VP）"
    return f"{asg_id} ({amounts_text(a.cost)} → {a.vp} VP)"
