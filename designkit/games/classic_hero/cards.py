"""Classic Hero content as data (spec §5): events, Demon Lords, races, classes and skills.

The CSV tables under ``data/classic_hero/`` are read with
:func:`designkit.core.cardtable.load_table`; conditions and Fortunes are in
the draft's notation (:mod:`notation`), effects and abilities in the core
effect language with the vocabulary :data:`VOCABULARY` (spec §5.2 written as
``hook(arg=value)``: ``UPGRADE(1)`` is ``upgrade(n=1)``, ``ARTIFACT(α1)`` is
``artifact(type=a1)``, ``SET(ANY)`` is ``set_any``). A bad cell is an error
naming file, row, column and, for the notation, the position in the cell.
Tables are re-read when a file changes (the lab edits them live: ``core.cardtable.cached``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from designkit.core.cardtable import (
    Column,
    Stamp,
    cached,
    load_table,
    optional_text,
    tables_stamp,
)
from designkit.core.effects import Arg, Hook, HookSpec
from designkit.core.errors import DataError
from designkit.core.messages import word_table
from designkit.core.paths import data_dir
from designkit.games.classic_hero.notation import (
    Condition,
    Fortune,
    NotationError,
    parse_condition,
    parse_fortune,
)

SUITS = ("Trial", "Ruins", "City", "Pilgrimage", "Request")
SUIT_JA = {"Trial": "試練", "Ruins": "遺跡", "City": "都市", "Pilgrimage": "巡礼",
           "Request": "依頼"}
SUIT_COLOUR = {"Trial": "#d9534f", "Ruins": "#428bca", "City": "#e5c100",
               "Pilgrimage": "#5cb85c", "Request": "#f4f4f4"}
ARTIFACT_TYPES = ("a1", "b1", "a2", "b2", "a3", "b3")
ARTIFACT_NAMES = {"a1": ("Ancient Sword", "古代の剣"), "b1": ("Star Map", "星図"),
                  "a2": ("Holy Grail", "聖杯"), "b2": ("Dragon Scale", "竜の鱗"),
                  "a3": ("Hero's Crest", "勇者の紋章"), "b3": ("Sealing Orb", "封印の宝珠")}
TIMINGS = ("immediate", "stage_start", "once_per_stage", "passive", "scoring")


def artifact_label(t: str) -> str:
    """An artifact type as the spec writes it (§5.3): ``a1`` → α1, ``b2`` → β2."""
    return {"a": "α", "b": "β", "c": "γ"}.get(t[:1], t[:1]) + t[1:]


#: what an effect does, in words (spec §5.2), for the log and the action texts: the effect
#: language's names (``upgrade``, ``set_any``) are the card tables' syntax, not the players'
EFFECT_TEXT: dict[str, tuple[str, str]] = word_table("""
    upgrade  | turn a white die red       | 白サイコロ１個を赤にする
    gain_die | gain a white die           | 白サイコロを１個得る
    bless    | gain {n} blessing(s)       | 加護を{n}得る
    adjust   | change a die by up to ±{n} | サイコロ１個の目を±{n}まで変える
    set      | set a die to {n}           | サイコロ１個の目を{n}にする
    set_any  | set a die to any value     | サイコロ１個を好きな目にする
    fix      | fix a die at any value     | サイコロ１個を好きな目で固定する
    reroll   | reroll a die               | サイコロ１個を振り直す
    invert   | invert a die               | サイコロ１個の目を反転する
    vp       | gain {n} VP                | {n}ＶＰを得る
    artifact | gain an artifact           | アーティファクトを得る
""", "EFFECT_TEXT")


#: the same without a number, where only the effect's name is known (a skipped effect)
_EFFECT_ANY = word_table("""
    bless  | gain blessings | 加護を得る
    adjust | change a die   | サイコロ１個の目を変える
    set    | set a die      | サイコロ１個の目を変える
    vp     | gain VP        | ＶＰを得る
""", "_EFFECT_ANY")


def effect_text(name: str, n: object = None, lang: str = "en") -> str:
    """One effect in words: ``effect_text("adjust", 2)`` → "change a die by up to ±2"."""
    en, ja = (_EFFECT_ANY.get(name) if n is None else None) or EFFECT_TEXT.get(name, (name, name))
    return (ja if lang == "ja" else en).replace("{n}", str(n))


_N = {"n": Arg(int, 1, (1, 6))}
VOCABULARY: dict[str, HookSpec] = {h.name: h for h in (
    HookSpec("upgrade", "Turn up to n of your white available dice red (value kept)", _N),
    HookSpec("gain_die", "Gain n white dice, rolled and available; the dice limit applies", _N),
    HookSpec("bless", "Gain n blessings", _N),
    HookSpec("adjust", "Change one die by any amount from -n to +n, clamped", _N),
    # 1–8: the widest dice (CH-V8's d8); a value above the game's dice_faces is refused
    # when the params are checked (ClassicHeroParams._check_content)
    HookSpec("set", "Set one die to value", {"value": Arg(int, 6, (1, 8))}),
    HookSpec("set_any", "Set one die to any value"),
    HookSpec("fix", "Set one die to any value and fix it: it is not rerolled at stops (CH-V3)"),
    HookSpec("reroll", "Reroll up to n dice", _N),
    HookSpec("invert", "Invert up to n dice (7 - value; dice_faces + 1 - value, CH-V8)", _N),
    HookSpec("vp", "Gain n VP", {"n": Arg(int, 1, (-20, 20))}),
    HookSpec("artifact", "Ruins: gain an artifact of this type, scored by CH-6.7",
             {"type": Arg(str, "a1", choices=ARTIFACT_TYPES)}),
    # ability modifiers (§5.2)
    HookSpec("ignore_fortune", "Skip this stop's Fortune"),
    HookSpec("pass_trial", "This move may pass one empty Trial"),
    HookSpec("star_no_use", "★ does not use a die"),
    HookSpec("rest_no_return", "Rest without returning a die; needs 1 used die"),
    HookSpec("boss_hp_vp", "+n VP for each Demon Lord HP achieved", _N),
    HookSpec("final_bonus", "+n to your final damage bonus", _N),
    HookSpec("on_achieve_vp", "+n VP when you achieve an event of this suit",
             {"suit": Arg(str, "Ruins", choices=SUITS), "n": Arg(int, 1, (1, 10))}),
    HookSpec("count_suit", "Counts as n extra cards of this suit for CH-9.2",
             {"suit": Arg(str, "Request", choices=SUITS), "n": Arg(int, 1, (1, 10))}),
    HookSpec("pilgrim_shield", "Immune to CH-8.5; not counted as a holder"),
)}
EVENT_EFFECTS = frozenset({"upgrade", "gain_die", "bless", "adjust", "set", "set_any", "fix",
                           "reroll", "invert", "vp", "artifact"})


@dataclass(frozen=True)
class EventCard:
    id: str
    stage: int
    suit: str
    fortune: Fortune
    fortune_text: str
    condition: Condition
    effects: tuple[Hook, ...]

    @property
    def artifact(self) -> str | None:
        return next((h.args["type"] for h in self.effects if h.name == "artifact"), None)


class _Named:
    """``label(lang)``: a named card's name in the log's language (a mixin for the frozen
    card dataclasses below, which hold ``name`` and ``name_ja``)."""

    name: str
    name_ja: str

    def label(self, lang: str = "en") -> str:
        return self.name_ja if lang == "ja" else self.name


@dataclass(frozen=True)
class DemonLord(_Named):
    id: str
    name: str
    name_ja: str
    hps: tuple[tuple[Condition, int], ...]   # (condition, base merit) per HP


@dataclass(frozen=True)
class Race(_Named):
    id: str
    name: str
    name_ja: str
    speed: int


@dataclass(frozen=True)
class Ability(_Named):
    """A class or skill card: when it works and what it does (spec §5.6)."""

    id: str
    kind: str           # class | skill
    name: str
    name_ja: str
    timing: str
    hook: Hook
    text: str
    text_ja: str


def _notation(file: str, row: dict[str, Any], column: str, parse: Any) -> Any:
    """Parse a notation cell; errors name file, row, column and the position in the cell."""
    try:
        return parse(row[column] or "")
    except NotationError as err:
        raise DataError(file, f"{err.message} at position {err.position} of "
                              f"{err.shown!r}", row=row["_row"], column=column) from None


def table_stamp() -> tuple[tuple[str, Stamp], ...]:
    """Paths and versions of the tables: a compiled ruleset is stale when they change."""
    return tables_stamp("classic_hero", "events.csv", "demon_lords.csv", "races.csv",
                        "abilities.csv", "weaknesses.csv")


def load_events() -> tuple[EventCard, ...]:
    return cached(_events, data_dir("classic_hero") / "events.csv", _events)


def _events(path: Path) -> tuple[EventCard, ...]:
    file = str(path)
    rows = _rows_numbered(path, [
        Column("id", unique=True), Column("stage", "int", range=(1, 9)),
        Column("suit", choices=SUITS), Column("fortune", required=False, default=""),
        Column("condition"), Column("effects", "effects")])
    out = []
    for r in rows:
        for h in r["effects"]:
            if h.name not in EVENT_EFFECTS:
                raise DataError(file, f"'{h.name}' is an ability, not an event effect",
                                row=r["_row"], column="effects")
            if h.name == "artifact" and r["suit"] != "Ruins":
                raise DataError(file, "only Ruins cards give artifacts (CH-6.7)",
                                row=r["_row"], column="effects")
        out.append(EventCard(r["id"], r["stage"], r["suit"],
                             _notation(file, r, "fortune", parse_fortune), r["fortune"] or "—",
                             _notation(file, r, "condition", parse_condition), r["effects"]))
    return tuple(out)


def _rows_numbered(path: Path, columns: list[Column],
                   row_check: Any = None) -> list[dict[str, Any]]:
    """The rows with their spreadsheet row under ``_row`` (blank rows counted)."""
    return load_table(path, columns, vocabulary=VOCABULARY, row_check=row_check,
                      row_key="_row")


def _lord_check(row: dict[str, Any]) -> str | None:
    """A base without its HP, or an HP after an empty one, would be dropped silently."""
    for i in (1, 2, 3):
        if row[f"base{i}"] is not None and not row[f"hp{i}"]:
            return f"hp{i}: base{i} is given but hp{i} is empty (give both or neither)"
        if row[f"hp{i}"] and row[f"base{i}"] is None:
            return f"base{i}: empty, but hp{i} is given (each HP has its base strength)"
        if i > 1 and row[f"hp{i}"] and not row[f"hp{i - 1}"]:
            return f"hp{i - 1}: empty, but hp{i} is given (fill the HPs in order)"
    return None


def load_demon_lords() -> tuple[DemonLord, ...]:
    return cached(_lords, data_dir("classic_hero") / "demon_lords.csv", _lords)


def _lords(path: Path) -> tuple[DemonLord, ...]:
    file = str(path)
    cols = [Column("id", unique=True), Column("name"), Column("name_ja")]
    for i in (1, 2, 3):
        # hp1 must be filled (a Demon Lord with nothing to fight is no card)
        cols += [Column(f"hp{i}", required=i == 1, default=None if i == 1 else ""),
                 Column(f"base{i}", "int", range=(0, 20), required=False, default=None)]
    out = []
    for r in _rows_numbered(path, cols, _lord_check):
        hps = tuple((_notation(file, r, f"hp{i}", parse_condition), r[f"base{i}"] or 0)
                    for i in (1, 2, 3) if r[f"hp{i}"])
        out.append(DemonLord(r["id"], r["name"], r["name_ja"], hps))
    return tuple(out)


def load_weaknesses() -> tuple[DemonLord, ...]:
    """CH-V2's private weakness cards (placeholder content: the draft names the idea,
    「自分だけが知るボスの弱点」, not the cards): each is one HP only its holder may hit."""
    path = data_dir("classic_hero") / "weaknesses.csv"
    if not path.exists():
        return ()
    return cached(_weaknesses, path, _weaknesses)


def _weaknesses(path: Path) -> tuple[DemonLord, ...]:
    file = str(path)
    cols = [Column("id", unique=True), Column("name"), Column("name_ja"), Column("condition"),
            Column("base", "int", range=(0, 20))]
    return tuple(DemonLord(r["id"], r["name"], r["name_ja"],
                           ((_notation(file, r, "condition", parse_condition), r["base"]),))
                 for r in _rows_numbered(path, cols))


def load_races() -> tuple[Race, ...]:
    return cached(_races, data_dir("classic_hero") / "races.csv", _races)


def _races(path: Path) -> tuple[Race, ...]:
    rows = load_table(path, [Column("id", unique=True), Column("name"), Column("name_ja"),
                             Column("speed", "int", range=(0, 99), unique=True)])
    return tuple(Race(r["id"], r["name"], r["name_ja"], r["speed"]) for r in rows)


def load_abilities() -> tuple[Ability, ...]:
    return cached(_abilities, data_dir("classic_hero") / "abilities.csv", _abilities)


def _abilities(path: Path) -> tuple[Ability, ...]:
    file = str(path)
    rows = _rows_numbered(path, [
        Column("id", unique=True), Column("kind", choices=("class", "skill")),
        Column("name"), Column("name_ja"), Column("timing", choices=TIMINGS),
        Column("ability", "effects"), *optional_text("text", "text_ja")])
    out = []
    for r in rows:
        if len(r["ability"]) != 1:
            raise DataError(file, "an ability is exactly one hook", row=r["_row"],
                            column="ability")
        out.append(Ability(r["id"], r["kind"], r["name"], r["name_ja"], r["timing"],
                           r["ability"][0], r["text"], r["text_ja"]))
    return tuple(out)
