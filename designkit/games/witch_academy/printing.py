"""Little Witch Academia: exploration cards, Areas, event cards (requests, familiars, magic,
facilities) and assignments, and the University board and legacy tokens the rules name.
Effects read as the log writes them (``cards.op_text``); the few primitives the log names
only by their hook get a printed phrase here.

The game's ``print_decks`` hook (``core.hooks``)."""

from __future__ import annotations

from typing import Any

from designkit.core.decks import Deck, NewDeck, raw_rows, slots, with_raw
from designkit.core.messages import word_table
from designkit.core.paths import data_dir
from designkit.games.witch_academy.cards import (
    RES_EN,
    RES_JA,
    TYPE_JA,
    Op,
    load_areas,
    load_assignments,
    load_events,
    load_exploration,
    op_text,
    table_path,
)
from designkit.games.witch_academy.params import WitchParams

LEGACY = (("WPN", "Weapon", "武器"), ("CUR", "Curio", "雑貨"), ("RIT", "Ritual Implement", "祭器"))
TARGET_EN = {"SELF": "this worker", "ONE": "one of your workers",
             "SUPPLY": "your workers in supply", "ALL": "all your workers"}
TARGET_JA = {"SELF": "このワーカー", "ONE": "自分のワーカー１人", "SUPPLY": "サプライのワーカー全員",
             "ALL": "自分のワーカー全員"}
PHRASES: dict[str, tuple[str, str]] = word_table("""
    heal               | heal {t} by {n}                               | {t}の≪ヘルス≫を{n}回復
    full_heal          | fully heal {t}                                | {t}の≪ヘルス≫を全回復
    pay_health         | pay {n} Health                                | ≪ヘルス≫を{n}支払う
    extra_actions      | +{n} action(s) at this placement              | この配置のアクション＋{n}
    recall             | return up to {n} of your other placed workers | 配置済みの他のワーカーを{n}人まで戻す
    recall_all         | return any of your other placed workers       | 配置済みの他のワーカーを好きなだけ戻す
    per_legacy_type_vp | +{n} VP per legacy type held                  | 持っているレガシーの種類毎に{n}VP
    push_immune        | this worker loses no Health when pushed out   | 押し出されても≪ヘルス≫を失わない
    push_same_free     | no Health payment for same-rank pushes        | 同ランクの押し出しで≪ヘルス≫を支払わない
    es_discount        | Extra Stage costs {n} less (min 1)            | エキストラステージのコスト−{n}（最低１）
    carry_cap          | resource cap +{n}                             | 資源の上限＋{n}
    rest_heal          | Rest heals 2 + {n}                            | 休憩で２＋{n}回復
""", "PHRASES")
TRIGGER_EN = {"on_place_area": "When placed at an Area", "on_place_univ": "When placed at the "
              "University", "on_place_any": "When placed", "on_push": "When it pushes out",
              "on_pushed": "When pushed out", "on_rest": "When you Rest",
              "on_assignment": "When you complete an assignment", "round_end": "At round end",
              "game_end": "At game end"}
TRIGGER_JA = {"on_place_area": "エリアに配置した時", "on_place_univ": "大学に配置した時",
              "on_place_any": "配置した時", "on_push": "押し出した時", "on_pushed": "押し出された時",
              "on_rest": "休憩した時", "on_assignment": "課題達成時", "round_end": "ラウンド終了時",
              "game_end": "ゲーム終了時"}


def text(ops: tuple[Op, ...], lang: str) -> str:
    """Effects as the log writes them, joined; empty for no effect."""
    return ", ".join(_op(o, lang) for o in ops)


def _op(op: Op, lang: str) -> str:
    name, *args = op
    if name not in PHRASES:
        return op_text(op, lang)
    en, ja = PHRASES[name]
    target = next((a for a in args if isinstance(a, str)), "SELF")
    n = next((a for a in args if isinstance(a, int)), "")
    t = (TARGET_JA if lang == "ja" else TARGET_EN).get(target, target)
    return (ja if lang == "ja" else en).format(t=t, n=n)


def both(prefix: str, ops: tuple[Op, ...]) -> dict[str, str]:
    return {f"{prefix}_en": sentence_case(text(ops, "en")), f"{prefix}_ja": text(ops, "ja")}


def sentence_case(text: str) -> str:
    """Each English line starts with a capital, as a sentence on a card does."""
    return "\n".join(line[:1].upper() + line[1:] for line in text.split("\n"))


def decks(params: WitchParams, new: NewDeck) -> list[Deck]:
    return [_exploration(new), _areas(new), _events(new), _assignments(new),
            *_components(params, new)]


def _exploration(new: NewDeck) -> Deck:
    path = table_path("exploration.csv")
    b = new("exploration", ("Exploration cards", "探索カード"), path)
    for c, row in zip(load_exploration(), raw_rows(path), strict=False):
        es: dict[str, Any] = both("es", c.es)
        if c.es:
            es = {"es_en": f"Extra Stage, pay {c.es_health} Health: {es['es_en']}",
                  "es_ja": f"エキストラステージ（≪ヘルス≫{c.es_health}）：{es['es_ja']}"}
        b.add(c.id, {**with_raw(row), "name_en": c.name_en, "name_ja": c.name_ja,
                     "family_en": RES_EN[c.family], "family_ja": RES_JA[c.family],
                     **both("effect", c.base), **es})
    return b.deck()


def _areas(new: NewDeck) -> Deck:
    path = table_path("areas.csv")
    b = new("areas", ("Areas", "エリア"), path)
    for a, row in zip(load_areas(), raw_rows(path), strict=False):
        b.add(a.id, {**with_raw(row), "name_en": a.name_en, "name_ja": a.name_ja,
                     "bonus2_en": f"Round 2: {text(a.r2, 'en')}",
                     "bonus2_ja": f"２年目：{text(a.r2, 'ja')}",
                     "bonus3_en": f"Round 3: {text(a.r3, 'en')}",
                     "bonus3_ja": f"３年目：{text(a.r3, 'ja')}"})
    return b.deck()


def _events(new: NewDeck) -> Deck:
    path = table_path("events.csv")
    b = new("events", ("Event cards", "イベントカード"), path)
    for e, row in zip(load_events(), raw_rows(path), strict=False):
        b.add(e.id, {**with_raw(row), **_event_fields(e)})
    return b.deck()


def _event_fields(e: Any) -> dict[str, Any]:
    when_en, when_ja = TRIGGER_EN.get(e.trigger, ""), TRIGGER_JA.get(e.trigger, "")
    eff_en, eff_ja = text(e.effect, "en"), text(e.effect, "ja")
    lines_en = [text(e.passive, "en"), f"{when_en}: {eff_en}" if when_en else eff_en]
    lines_ja = [text(e.passive, "ja"), f"{when_ja}：{eff_ja}" if when_ja else eff_ja]
    if e.type == "request":
        lines_en.append(f"Pay {e.cost} resources of any types: {e.vp} VP")
        lines_ja.append(f"好きな資源を{e.cost}個支払う：{e.vp}VP")
    if e.type == "facility":
        lines_en.insert(0, f"Facility level {e.number}")
        lines_ja.insert(0, f"施設 レベル{e.number}")
    return {"name_en": e.name_en, "name_ja": e.name_ja, "type_en": e.type.capitalize(),
            "type_ja": TYPE_JA[e.type], "die": e.die, "number": e.number or "",
            "effect_en": sentence_case("\n".join(x for x in lines_en if x)),
            "effect_ja": "\n".join(x for x in lines_ja if x)}


def _assignments(new: NewDeck) -> Deck:
    path = table_path("assignments.csv")
    b = new("assignments", ("Assignments", "課題"), path)
    for a, row in zip(load_assignments(), raw_rows(path), strict=False):
        b.add(a.id, {**with_raw(row), "name_en": "Assignment", "name_ja": "課題",
                     "cost_en": ", ".join(f"{n} {RES_EN[r]}" for r, n in a.cost),
                     "cost_ja": "、".join(f"{RES_JA[r]}{n}" for r, n in a.cost),
                     "vp": a.vp})
    return b.deck()


def _components(params: WitchParams, new: NewDeck) -> list[Deck]:
    """LW-7.1 University (players − 1 slots, filled from the right; the most players' count
    unless the variant fixes ``university_slots``) and the LW-A1 legacy tokens; their footer
    hashes ``rules.csv``, the rule texts they come from."""
    rules = data_dir("witch_academy") / "rules.csv"
    uni = new("university", ("University", "大学"), rules)
    n_slots = params.university_slots or 4
    uni.add("UNIVERSITY", {"name_en": "University", "name_ja": "大学", "slots": n_slots,
                           **slots("slot", [(str(i), str(i)) for i in range(1, n_slots + 1)],
                                   5)})
    tokens = new("legacy_tokens", ("Legacy tokens", "レガシートークン"), rules)
    for code, en, ja in LEGACY[:params.legacy_types]:
        tokens.add(f"LEG-{code}", {"name_en": en, "name_ja": ja, "kind": code},
                   copies=params.legacy_per_type)
    return [uni.deck(), tokens.deck()]
