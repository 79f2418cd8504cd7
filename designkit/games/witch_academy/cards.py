"""Witch Academia content as data: the four CSV tables under ``data/witch_academy/``.

Effects are written in the core effect language (``gain(res=G, n=2); vp(n=1)``)
with the spec's section 5.1 vocabulary, declared in :data:`VOCABULARY`. Each
parsed hook is compiled to a tuple of primitives (``("gain", "G", 2)``), so an
effect can ride on the task stack and be copied with the state. A bad cell is
reported by file, row and column (:func:`designkit.core.cardtable.load_table`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from designkit.core.cardtable import CardName, Column, Stamp, load_table, tables_stamp
from designkit.core.effects import Arg, Hook, HookSpec, parse_effects
from designkit.core.errors import DataError
from designkit.core.messages import word_table
from designkit.core.paths import data_dir

BASIC = ("G", "B", "R", "W")
RESOURCES = BASIC + ("E",)
RES_EN = {"G": "Mana Flower", "B": "Ancient Snow", "R": "Primal Flame", "W": "Soul Sand",
          "E": "Elixir", "ANY": "any basic resource", "ANYRES": "any resource"}
RES_JA = {"G": "マナの花", "B": "太古の雪", "R": "原始の炎", "W": "魂の砂", "E": "エリクシル",
          "ANY": "好きな基本資源", "ANYRES": "好きな資源"}
LEGACY = ("WPN", "CUR", "RIT")
LEGACY_EN = {"WPN": "Weapon", "CUR": "Curio", "RIT": "Ritual Implement"}
LEGACY_JA = {"WPN": "武器", "CUR": "雑貨", "RIT": "祭器"}
RANKS = ("d4", "d6", "d8")
TRIGGERS = ("on_place_area", "on_place_univ", "on_place_any", "on_push", "on_pushed", "on_rest",
            "on_assignment", "round_end", "game_end")
EVENT_TYPES = ("request", "familiar", "magic", "facility")
TYPE_JA = {"request": "依頼", "familiar": "使い魔", "magic": "魔法", "facility": "施設"}

_N = Arg(int, 1, range=(0, 20))
_TARGET = Arg(str, "SELF", choices=("SELF", "ONE", "SUPPLY", "ALL"))
#: section 5.1: the effect primitives a card may use
VOCABULARY: dict[str, HookSpec] = {h.name: h for h in (
    HookSpec("gain", "gain n of a resource (ANY: a basic of the player's choice per unit)",
             {"res": Arg(str, "G", choices=RESOURCES + ("ANY",)), "n": _N}),
    HookSpec("convert", "pay pay_n of `pay` (all or nothing), then gain n of `res`",
             {"pay": Arg(str, "ANYRES", choices=RESOURCES + ("ANY", "ANYRES")),
              "pay_n": _N, "res": Arg(str, "G", choices=RESOURCES + ("ANY",)), "n": _N}),
    HookSpec("legacy", "gain n legacy tokens, each only while the stock lasts",
             {"type": Arg(str, "CHOICE", choices=LEGACY + ("CHOICE",)), "n": _N}),
    HookSpec("vp", "gain n VP", {"n": _N}),
    HookSpec("heal", "heal workers by n (capped at the maximum)", {"target": _TARGET, "n": _N}),
    HookSpec("full_heal", "restore workers to full Health", {"target": _TARGET}),
    HookSpec("pay_health", "the acting worker pays n Health (LW-0.2)", {"n": _N}),
    HookSpec("extra_actions", "the current placement gets n more actions", {"n": _N}),
    HookSpec("recall", "return up to n of your other placed workers", {"n": _N}),
    HookSpec("recall_all", "return any of your other placed workers"),
    HookSpec("per_legacy_type_vp", "n VP per legacy type held", {"n": _N}),
)}
#: section 5.1 passives of familiars and facilities
PASSIVES: dict[str, HookSpec] = {h.name: h for h in (
    HookSpec("push_immune", "this worker loses no Health when pushed out"),
    HookSpec("push_same_free", "no Health payment for same-rank pushes"),
    HookSpec("es_discount", "this worker's Extra Stage costs n less (minimum 1)", {"n": _N}),
    HookSpec("carry_cap", "resource cap + n", {"n": _N}),
    HookSpec("rest_heal", "Rest heals 2 + n", {"n": _N}),
)}

Op = tuple[Any, ...]


def compile_hook(h: Hook) -> Op:
    """A parsed hook as a tuple of primitives, argument order as declared."""
    return (h.name, *h.args.values())


def compile_effects(hooks: tuple[Hook, ...]) -> tuple[Op, ...]:
    return tuple(compile_hook(h) for h in hooks)


class _NameThenId(CardName):
    """The draft's cards read their name, then their id ("Forest F1")."""

    NAME_FORMAT = ("{name} {id}", "{name} {id}")


@dataclass(frozen=True)
class Exploration(_NameThenId):
    id: str
    name_en: str
    name_ja: str
    family: str
    base: tuple[Op, ...]
    es_health: int | None
    es: tuple[Op, ...]


@dataclass(frozen=True)
class Area(CardName):
    NAME_FORMAT = ("{name}", "{name}")   # one of a kind: its name alone

    id: str
    name_en: str
    name_ja: str
    r2: tuple[Op, ...]
    r3: tuple[Op, ...]


@dataclass(frozen=True)
class EventCard(_NameThenId):
    id: str
    year: int
    type: str
    name_en: str
    name_ja: str
    cost: int
    vp: int
    die: str
    facility: str
    number: int
    passive: tuple[Op, ...]
    trigger: str
    effect: tuple[Op, ...]

    def passive_value(self, name: str) -> int:
        """The argument of passive ``name`` (1 for a flag), 0 when the card lacks it."""
        for op in self.passive:
            if op[0] == name:
                return op[1] if len(op) > 1 else 1
        return 0


@dataclass(frozen=True)
class Assignment:
    id: str
    year: int
    cost: tuple[tuple[str, int], ...]
    vp: int

    def cost_text(self) -> str:
        return " ".join(f"{r}{n}" for r, n in self.cost)


def table_path(name: str) -> Path:
    return data_dir("witch_academy") / name


def table_stamp() -> tuple[tuple[str, Stamp], ...]:
    """Paths and versions of the tables: a compiled ruleset is stale when they change."""
    return tables_stamp("witch_academy", "exploration.csv", "areas.csv", "events.csv",
                        "assignments.csv")


def load_exploration() -> tuple[Exploration, ...]:
    return _exploration(table_stamp()[0])


def load_areas() -> tuple[Area, ...]:
    return _areas(table_stamp()[1])


def load_events() -> tuple[EventCard, ...]:
    return _events(table_stamp()[2])


def load_assignments() -> tuple[Assignment, ...]:
    return _assignments(table_stamp()[3])


def _es_check(row: dict[str, Any]) -> str | None:
    if (row["es_health"] is None) != (not row["es"]):
        return "es_health: an Extra Stage needs both a Health cost and an effect"
    return None


@cache
def _exploration(stamp: tuple[str, Stamp]) -> tuple[Exploration, ...]:
    rows = load_table(stamp[0], [
        Column("id", unique=True), Column("name_en"), Column("name_ja", required=False,
                                                             default=""),
        Column("family", choices=RESOURCES), Column("base", "effects"),
        Column("es_health", "int", required=False, range=(1, 8), default=None),
        Column("es", "effects", default=()),  # the column must be there (cells may be empty)
    ], VOCABULARY, _es_check)
    return tuple(Exploration(r["id"], r["name_en"], r["name_ja"] or r["name_en"], r["family"],
                             compile_effects(r["base"]), r["es_health"],
                             compile_effects(r["es"] or ())) for r in rows)


@cache
def _areas(stamp: tuple[str, Stamp]) -> tuple[Area, ...]:
    rows = load_table(stamp[0], [
        Column("id", unique=True), Column("name_en"), Column("name_ja", required=False,
                                                             default=""),
        Column("r2", "effects"), Column("r3", "effects"),
    ], VOCABULARY)
    return tuple(Area(r["id"], r["name_en"], r["name_ja"] or r["name_en"],
                      compile_effects(r["r2"]), compile_effects(r["r3"])) for r in rows)


def _event_check(row: dict[str, Any]) -> str | None:
    kind = row["type"]
    if kind == "request" and (row["cost"] is None or row["vp"] is None):
        return "cost: a request needs a cost and a vp"
    if kind == "familiar" and row["die"] not in RANKS:
        return f"die: a familiar needs a die ({', '.join(RANKS)})"
    if kind == "facility" and (not row["facility"] or row["number"] is None):
        return "facility: a facility needs a facility name and a number"
    if kind == "magic" and not row["effect"]:
        return "effect: a magic card needs an effect"
    if bool(row["trigger"]) != bool(row["effect"]) and kind in ("familiar", "facility"):
        return "trigger: a triggered ability needs both a trigger and an effect"
    return None


@cache
def _events(stamp: tuple[str, Stamp]) -> tuple[EventCard, ...]:
    path = stamp[0]
    rows = load_table(path, [
        Column("id", unique=True), Column("year", "int", range=(1, 9)),
        Column("type", choices=EVENT_TYPES), Column("name_en"),
        Column("name_ja", required=False, default=""),
        Column("cost", "int", required=False, range=(0, 30), default=None),
        Column("vp", "int", required=False, range=(0, 99), default=None),
        Column("die", required=False, default=""),
        Column("facility", required=False, default=""),
        Column("number", "int", required=False, range=(0, 9), default=None),
        Column("passive", required=False, default=""),
        Column("trigger", required=False, default="", choices=TRIGGERS),
        Column("effect", "effects", default=()),
    ], VOCABULARY, _event_check, row_key="_row")
    out = []
    for r in rows:
        try:
            passive = compile_effects(parse_effects(r["passive"], PASSIVES))
        except ValueError as err:
            raise DataError(path, str(err), row=r["_row"], column="passive") from None
        out.append(EventCard(r["id"], r["year"], r["type"], r["name_en"],
                             r["name_ja"] or r["name_en"], r["cost"] or 0, r["vp"] or 0,
                             r["die"], r["facility"], r["number"] or 0, passive, r["trigger"],
                             compile_effects(r["effect"] or ())))
    return tuple(out)


def parse_cost(text: str) -> tuple[tuple[str, int], ...]:
    """``"G3 R2 W2"`` → ``(("G", 3), ("R", 2), ("W", 2))``; raises ValueError naming the bad part."""
    out: dict[str, int] = {}
    for part in text.split():
        res, num = part[:1], part[1:]
        if res not in RESOURCES or not num.isdigit() or int(num) < 1:
            raise ValueError(f"{part!r} is not a resource and a count like G3 "
                             f"({', '.join(RESOURCES)})")
        out[res] = out.get(res, 0) + int(num)
    if not out:
        raise ValueError("empty cost")
    return tuple(out.items())


def _assignment_check(row: dict[str, Any]) -> str | None:
    try:
        parse_cost(row["cost"])
    except ValueError as err:
        return f"cost: {err}"
    return None


@cache
def _assignments(stamp: tuple[str, Stamp]) -> tuple[Assignment, ...]:
    rows = load_table(stamp[0], [
        Column("id", unique=True), Column("year", "int", range=(1, 9)), Column("cost"),
        Column("vp", "int", range=(0, 99)),
    ], None, _assignment_check)
    return tuple(Assignment(r["id"], r["year"], parse_cost(r["cost"]), r["vp"]) for r in rows)


def op_text(op: Op, lang: str = "en") -> str:
    """One compiled effect as the log and the board show it."""
    name, *args = op
    res = RES_JA if lang == "ja" else RES_EN
    if name == "gain":
        return f"+{args[1]} {res[args[0]]}" if lang == "en" else f"{res[args[0]]}+{args[1]}"
    if name == "convert":
        return (f"pay {args[1]} {res[args[0]]} → +{args[3]} {res[args[2]]}" if lang == "en"
                else f"{res[args[0]]}{args[1]}個→{res[args[2]]}{args[3]}個")
    if name == "legacy":
        kind = args[0] if args[0] != "CHOICE" else ("any type" if lang == "en" else "好きな種類")
        label = (LEGACY_JA if lang == "ja" else LEGACY_EN).get(kind, kind)
        return f"+{args[1]} {label} legacy" if lang == "en" else f"レガシー（{label}）+{args[1]}"
    if name == "vp":
        return f"+{args[0]} VP"
    return _words(name, args, lang)


#: section 5.1 primitives the log writes in words, never as ``heal(SELF, 2)`` (the draft's
#: own terms in Japanese: ≪ヘルス≫, 回収)
_OP_WORDS = word_table("""
    heal               | heal {t} by {n}                               | {t}の≪ヘルス≫を{n}回復
    full_heal          | fully heal {t}                                | {t}の≪ヘルス≫を全快
    pay_health         | the placed worker pays {n} Health             | 配置したワーカーが≪ヘルス≫を{n}支払う
    extra_actions      | +{n} action{s} for this placement             | この配置のアクション回数+{n}
    recall             | recall up to {n} of your other placed workers | 配置済みの他のワーカーを{n}個まで手元へ戻す
    recall_all         | recall any of your other placed workers       | 配置済みの他のワーカーを好きなだけ手元へ戻す
    per_legacy_type_vp | +{n} VP per legacy type held                  | 持っているレガシーの種類毎に{n}VP
""", "_OP_WORDS")
_TARGET_WORDS = word_table("""
    SELF   | this worker            | このワーカー
    ONE    | one of your workers    | 自分のワーカー１個
    SUPPLY | your workers in supply | 手元のワーカー全て
    ALL    | all your workers       | 自分のワーカー全て
""", "_TARGET_WORDS")
#: when a familiar's or facility's triggered skill applies (the log's words for a trigger)
TRIGGER_WORDS = word_table("""
    on_place_area | when this worker is placed on an Area        | このワーカーをエリアに配置した時
    on_place_univ | when this worker is placed at the University | このワーカーを【大学】に配置した時
    on_place_any  | when this worker is placed                   | このワーカーを配置した時
    on_push       | when this worker pushes another out          | このワーカーが押し出した時
    on_pushed     | when this worker is pushed out               | このワーカーが押し出された時
    on_rest       | when you Rest                                | 休息した時
    on_assignment | when you complete an assignment              | 課題を達成した時
    round_end     | at round end                                 | ラウンド終了時
    game_end      | at game end                                  | ゲーム終了時
""", "TRIGGER_WORDS")


def _words(name: str, args: list[Any], lang: str) -> str:
    ja = lang == "ja"
    words = _OP_WORDS.get(name)
    if words is None:   # a primitive added to the vocabulary without words yet
        return name
    target = next((a for a in args if isinstance(a, str)), "SELF")
    n = next((a for a in args if isinstance(a, int)), "")
    return words[ja].format(t=_TARGET_WORDS.get(target, (target, target))[ja], n=n,
                            s="" if n == 1 else "s")


def trigger_words(trigger: str, lang: str = "en") -> str:
    return TRIGGER_WORDS.get(trigger, (trigger, trigger))[lang == "ja"]


def res_name(res: str, lang: str = "en") -> str:
    return (RES_JA if lang == "ja" else RES_EN)[res]


def amounts_text(pairs: Iterable[tuple[str, int]], lang: str = "en") -> str:
    """Resources as words, never as letters that read like seats ("B3" looks like seat B):
    ``3 Mana Flower, 2 Ancient Snow`` / ``マナの花3個、太古の雪2個``."""
    if lang == "ja":
        return "、".join(f"{RES_JA[r]}{n}個" for r, n in pairs if n) or "なし"
    return ", ".join(f"{n} {RES_EN[r]}" for r, n in pairs if n) or "nothing"


def legacy_names(kinds: Iterable[str], lang: str = "en") -> str:
    names = LEGACY_JA if lang == "ja" else LEGACY_EN
    return ("、" if lang == "ja" else ", ").join(names.get(k, k) for k in kinds)


def ops_text(ops: tuple[Op, ...], lang: str = "en") -> str:
    return ", ".join(op_text(o, lang) for o in ops) or "—"
