"""Classic Hero (王道勇者): event cards with suit, condition and Fortune in the draft's
notation, Demon Lords with their HP lines, races, and the class and skill cards of
``abilities.csv``, and the two order cards. Ability texts are the table's own (the ones the
log names).

The game's ``print_decks`` hook (``core.hooks``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from designkit.core.decks import Deck, NewDeck, raw_rows, slots, with_raw
from designkit.core.effects import Hook
from designkit.core.messages import word_table
from designkit.core.paths import data_dir
from designkit.games.classic_hero.cards import (
    ARTIFACT_NAMES,
    SUIT_JA,
    load_abilities,
    load_demon_lords,
    load_events,
    load_races,
    load_weaknesses,
)
from designkit.games.classic_hero.params import ClassicHeroParams

#: spec §5.2's event effects, as a printed card says them
EFFECT_TEXT: dict[str, tuple[str, str]] = word_table("""
    upgrade  | Turn up to {n} white dice red | 白サイコロを{n}個まで赤にする
    gain_die | Gain {n} white dice           | 白サイコロを{n}個得る
    bless    | Gain {n} blessing(s)          | 加護を{n}得る
    adjust   | Change one die by up to ±{n}  | サイコロ１個の目を±{n}まで変える
    set      | Set one die to {value}        | サイコロ１個の目を{value}にする
    set_any  | Set one die to any value      | サイコロ１個を好きな目にする
    reroll   | Reroll up to {n} dice         | サイコロを{n}個まで振り直す
    invert   | Invert up to {n} dice         | サイコロを{n}個まで反転する
    vp       | Gain {n} VP                   | {n}ＶＰを得る
    artifact | Artifact {name_en} ({greek})  | アーティファクト「{name_ja}」（{greek}）
""", "EFFECT_TEXT")
GREEK = {"a": "α", "b": "β"}
TIMING_EN = {"immediate": "When taken", "stage_start": "Each stage start",
             "once_per_stage": "Once per stage", "passive": "Always", "scoring": "At scoring"}
TIMING_JA = {"immediate": "獲得時", "stage_start": "各ステージ開始時",
             "once_per_stage": "ステージ毎に１回", "passive": "常時", "scoring": "得点計算時"}


def effect_text(h: Hook, lang: str) -> str:
    en, ja = EFFECT_TEXT[h.name]
    args = {k: v for k, v in h.args.items()}
    if h.name == "artifact":
        t = str(h.args["type"])
        names = ARTIFACT_NAMES.get(t, (t, t))
        args = {"name_en": names[0], "name_ja": names[1], "greek": GREEK.get(t[0], t[0]) + t[1:]}
    return (ja if lang == "ja" else en).format(**args)


def decks(params: ClassicHeroParams, new: NewDeck) -> list[Deck]:
    weak = [_weaknesses(new)] if load_weaknesses() else []
    return [_events(new), _lords(new), *weak, _races(new), _abilities(new, "class"),
            _abilities(new, "skill"), *_components(params, new)]


def _deck(new: NewDeck, name: str, title: tuple[str, str], file: str, cards: Sequence[Any],
          fields: Callable[[Any, dict[str, str]], dict[str, object]]) -> Deck:
    """One deck of a table: each card beside its raw row (``with_raw``), then ``fields``."""
    path = data_dir("classic_hero") / file
    b = new(name, title, path)
    for card, row in zip(cards, raw_rows(path), strict=False):
        b.add(card.id, {**with_raw(row), **fields(card, row)})
    return b.deck()


def _events(new: NewDeck) -> Deck:
    return _deck(new, "events", ("Event cards", "イベントカード"), "events.csv", load_events(),
                 lambda e, row: {
                     "stage": e.stage, "suit_en": e.suit,
                     "suit_ja": SUIT_JA[e.suit], "name_en": e.suit, "name_ja": SUIT_JA[e.suit],
                     "condition": e.condition.text or row["condition"],
                     "fortune": e.fortune_text,
                     "effect_en": "\n".join(effect_text(h, "en") for h in e.effects),
                     "effect_ja": "\n".join(effect_text(h, "ja") for h in e.effects)})


def _hp_lines(row: dict[str, str]) -> dict[str, object]:
    """A Demon Lord's printed HP lines (condition ▶ base merit), empty past its last HP."""
    hp: dict[str, object] = {}
    for i in (1, 2, 3):
        cell = row.get(f"hp{i}", "")
        hp[f"hp{i}_line"] = (f"HP{i}  {cell}  ▶ {row.get(f'base{i}', '0') or 0}" if cell
                             else "")
    return hp


def _lords(new: NewDeck) -> Deck:
    return _deck(new, "demon_lords", ("Demon Lords", "魔王カード"), "demon_lords.csv",
                 load_demon_lords(), lambda lord, row: {
                     "name_en": lord.name, "name_ja": lord.name_ja,
                     "hp_count": len(lord.hps), **_hp_lines(row)})


def _weaknesses(new: NewDeck) -> Deck:
    """CH-V2's private weakness cards: one HP line each (condition ▶ base merit)."""
    return _deck(new, "weaknesses", ("Weakness cards", "弱点カード"), "weaknesses.csv",
                 load_weaknesses(), lambda w, row: {
                     "name_en": w.name, "name_ja": w.name_ja,
                     "hp_line": f"{row.get('condition', '')}  ▶ {row.get('base', '0')}"})


def _races(new: NewDeck) -> Deck:
    return _deck(new, "races", ("Races", "種族カード"), "races.csv", load_races(),
                 lambda r, row: {"name_en": r.name, "name_ja": r.name_ja, "speed": r.speed})


def _abilities(new: NewDeck, kind: str) -> Deck:
    path = data_dir("classic_hero") / "abilities.csv"
    title = ("Classes", "職業カード") if kind == "class" else ("Skills", "スキルカード")
    b = new("classes" if kind == "class" else "skills", title, path)
    rows = [r for r in raw_rows(path) if r.get("kind") == kind]
    for a, row in zip([a for a in load_abilities() if a.kind == kind], rows, strict=False):
        b.add(a.id, {**with_raw(row), "name_en": a.name, "name_ja": a.name_ja,
                     "timing_en": TIMING_EN[a.timing], "timing_ja": TIMING_JA[a.timing],
                     "effect_en": a.text, "effect_ja": a.text_ja,
                     "engine": row.get("ability", "")})
    return b.deck()


def _components(params: ClassicHeroParams, new: NewDeck) -> list[Deck]:
    """The two order cards (順番カード, Start and Goal) with a space per pawn (CH-4.3); their
    footer hashes ``rules.csv``, the rule texts they come from."""
    rules = data_dir("classic_hero") / "rules.csv"
    b = new("order_cards", ("Order cards", "順番カード"), rules)
    spaces = [(str(i), str(i)) for i in range(1, 5)]
    b.add("START", {"name_en": "Start", "name_ja": "スタート", **slots("slot", spaces, 4)})
    b.add("GOAL", {"name_en": "Goal", "name_ja": "ゴール", **slots("slot", spaces, 4)})
    return [b.deck()]
