"""Card content as data: album cards, events and dream cards (spec section 5).

The three CSV tables under ``data/rolling_stone/`` are core
:class:`~designkit.core.cardtable.Table` s (one cache for every game, re-read
whenever a file changes), and their effect cells are written in the core
effect language with the Rolling-Stone vocabulary :data:`VOCABULARY` (spec
section 5.4, flattened into ``hook(arg=value, ...)`` form):

* **metrics** are arguments shared by several hooks: ``metric`` (``die``,
  ``dice_sum``, ``dice_at_least``, ``is_highest_die``, ``album``, ``discard``,
  ``stars``, ``power``, ``attrs_with_at_least``) with the filters ``attr``,
  ``person``, ``min_stars`` and the threshold ``n``;
* **effects** (``gain_vp``, ``gain_vp_per``, ``gain_power``, ``reroll_die``,
  ``flip_die``, ``adjust_die``, ``tumble_die``, ``place_from_discard``) plus the
  core's block words ``if(...)``, ``else`` and ``end`` for section 5.4's ``if``
  (nested by :func:`designkit.core.effects.compile_blocks`);
* **selectors** (``all``, ``max``, ``min``, ``where``) in the events' ``select`` column;
* **triggers** (``turn_start``, ``turn_end``, ``on_place``, ``on_move_to_six``,
  ``on_order_slot``, ``before_settlement_sum``, ``passive``) in the dreams' ``trigger`` column.

Parsed hooks are compiled to plain tuples (:data:`Op`), so effects in flight
serialise as JSON and clone for free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from designkit.core.cardtable import CardName, Column, Stamp, Table, optional_text
from designkit.core.effects import (
    COMPARISONS,
    Arg,
    EffectError,
    Hook,
    HookSpec,
    block_vocabulary,
    compile_blocks,
    condition_args,
)
from designkit.core.messages import bi

ALL_COLOURS = ("R", "B", "Y", "G")
COLOUR_EN = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}
COLOUR_JA = {"R": "赤", "B": "青", "Y": "黄", "G": "緑"}
METRICS = ("die", "dice_sum", "dice_at_least", "is_highest_die", "album", "discard", "stars",
           "power", "attrs_with_at_least")
OPS = COMPARISONS
TARGETS = (*ALL_COLOURS, "lowest", "highest", "choose")
LIMITS = ("none", "once_per_turn", "once_per_stage")

_METRIC_ARGS = {
    "metric": Arg(str, None, choices=METRICS),
    "attr": Arg(str, "any", choices=(*ALL_COLOURS, "any")),
    "person": Arg(bool, False),
    "min_stars": Arg(int, 0, (0, 9)),
    "n": Arg(int, 0, (0, 36)),
}
_COND_ARGS = condition_args(_METRIC_ARGS, (-100, 100))
_TARGET = {"target": Arg(str, None, choices=TARGETS)}

EFFECT, BLOCK, SELECTOR, TRIGGER = "effect", "block", "selector", "trigger"
_KIND_JA = {EFFECT: "効果", BLOCK: "ブロック", SELECTOR: "対象の選び方", TRIGGER: "きっかけ"}
_KIND: dict[str, str] = {}


def _spec(kind: str, name: str, doc: str, args: dict[str, Arg] | None = None) -> HookSpec:
    _KIND[name] = kind
    return HookSpec(name, doc, args or {})


VOCABULARY: dict[str, HookSpec] = {h.name: h for h in (
    _spec(EFFECT, "gain_vp", "Add n VP (n may be negative; VP may go negative)",
          {"n": Arg(int, 0, (-50, 50))}),
    _spec(EFFECT, "gain_vp_per", "Add min(cap, floor(metric / per) × each) VP",
          {**_METRIC_ARGS, "each": Arg(int, 1, (-20, 20)), "per": Arg(int, 1, (1, 20)),
           "cap": Arg(int, None, (0, 100))}),
    _spec(EFFECT, "gain_power", "Add n power", {"n": Arg(int, 1, (0, 20))}),
    _spec(EFFECT, "reroll_die", "LR-8.4: reroll a die (no power)", _TARGET),
    _spec(EFFECT, "flip_die", "LR-8.4: top := 7 − top (no power)", _TARGET),
    _spec(EFFECT, "adjust_die", "LR-8.4: top += delta, clamped (no power)",
          {**_TARGET, "delta": Arg(int, 1, (-5, 5))}),
    _spec(EFFECT, "tumble_die", "LR-8.3: move a die onto an adjacent card (power on 6)",
          {**_TARGET, "faces": Arg(int, 1, (1, 3))}),
    _spec(EFFECT, "place_from_discard", "Place a card from your discard pile via LR-7"),
    *(_spec(BLOCK, h.name, h.doc, dict(h.args))
      for h in block_vocabulary(_COND_ARGS, ("if", "else", "end")).values()),
    _spec(SELECTOR, "all", "Every player"),
    _spec(SELECTOR, "max", "Players with the highest metric (ties all), optionally at least k",
          {**_METRIC_ARGS, "at_least": Arg(int, None, (-100, 100))}),
    _spec(SELECTOR, "min", "Players with the lowest metric (ties all), optionally at most k",
          {**_METRIC_ARGS, "at_most": Arg(int, None, (-100, 100))}),
    _spec(SELECTOR, "where", "Every player meeting [metric op value]", _COND_ARGS),
    _spec(TRIGGER, "turn_start", "After the order bonus, before the common-field pick"),
    _spec(TRIGGER, "turn_end", "After the repeat placement"),
    _spec(TRIGGER, "on_place", "After a matching card is placed and its die has moved",
          {"attr": Arg(str, "any", choices=(*ALL_COLOURS, "any")), "person": Arg(bool, False),
           "min_stars": Arg(int, 0, (0, 9))}),
    _spec(TRIGGER, "on_move_to_six", "When a die of colour attr ends a move on 6",
          {"attr": Arg(str, "any", choices=(*ALL_COLOURS, "any"))}),
    _spec(TRIGGER, "on_order_slot", "At turn start, if the chosen slot was `slot`",
          {"slot": Arg(int, 1, (1, 8))}),
    _spec(TRIGGER, "before_settlement_sum", "Just before the dice are totalled in a settlement"),
    _spec(TRIGGER, "passive", "A static modifier",
          {"flag": Arg(str, None, choices=("ignore_event_vp_loss",))}),
)}

#: A compiled effect: ``("gain_vp", n)``, ``("gain_vp_per", metric, each, per, cap)``,
#: ``("gain_power", n)``, ``("if", cond, then_ops, else_ops)``, ``("reroll", target)``,
#: ``("flip", target)``, ``("adjust", target, delta)``, ``("tumble", target, faces)``,
#: ``("recall",)``. A metric is ``(name, attr | None, person, min_stars, n)``; a
#: condition is ``(metric, op, value)``.
Op = tuple[Any, ...]


# -- compiling parsed hooks to ops -----------------------------------------------------------------
class _CompileError(EffectError):
    pass


def _metric(h: Hook) -> tuple[Any, ...]:
    a = h.args
    name = a["metric"]
    if name is None:
        raise _CompileError(bi("'{n}' needs metric=…; one of {k}",
                               "'{n}' には metric=… が必要です（{k} のどれか）",
                               n=h.name, k=", ".join(METRICS)))
    attr = None if a["attr"] == "any" else a["attr"]
    if name in ("die", "is_highest_die") and attr is None:
        raise _CompileError(bi("metric={m} needs attr=R, B, Y or G",
                               "metric={m} には attr=R、B、Y、G のどれかが必要です", m=name))
    if name in ("dice_at_least", "attrs_with_at_least") and a["n"] < 1:
        raise _CompileError(bi("metric={m} needs a threshold n=1 or more",
                               "metric={m} にはしきい値 n=1 以上が必要です", m=name))
    return (name, attr, bool(a["person"]), a["min_stars"], a["n"])


def _cond(h: Hook) -> tuple[Any, ...]:
    if h.args["op"] is None:
        raise _CompileError(bi("'{n}' needs op=eq|ne|ge|le|gt|lt",
                               "'{n}' には op=eq|ne|ge|le|gt|lt が必要です", n=h.name))
    return (_metric(h), OPS[h.args["op"]], h.args["value"])


def _target(h: Hook) -> str:
    if h.args["target"] is None:
        raise _CompileError(bi("'{n}' needs target=… ({k})",
                               "'{n}' には target=…（{k}）が必要です",
                               n=h.name, k=", ".join(TARGETS)))
    return h.args["target"]


def _op(h: Hook) -> Op:
    a = h.args
    name = h.name
    if name == "gain_vp":
        return ("gain_vp", a["n"])
    if name == "gain_vp_per":
        return ("gain_vp_per", _metric(h), a["each"], a["per"], a["cap"])
    if name == "gain_power":
        return ("gain_power", a["n"])
    if name == "reroll_die":
        return ("reroll", _target(h))
    if name == "flip_die":
        return ("flip", _target(h))
    if name == "adjust_die":
        return ("adjust", _target(h), a["delta"])
    if name == "tumble_die":
        return ("tumble", _target(h), a["faces"])
    return ("recall",)


def _leaf(h: Hook) -> Op:
    kind = _KIND[h.name]
    if kind in (SELECTOR, TRIGGER):
        column = "select" if kind == SELECTOR else "trigger"
        raise _CompileError(bi("'{n}' is a {k}, not an effect; it belongs in the {c} column",
                               "'{n}' は効果ではなく{kj}です：{c} の列に書きます",
                               n=h.name, k=kind, kj=_KIND_JA[kind], c=column))
    return _op(h)


def compile_effects(hooks: Sequence[Hook]) -> tuple[Op, ...]:
    """Effects with the core's if/else/end blocks → nested op tuples; raises on misplaced
    hooks."""
    return compile_blocks(hooks, _leaf, _cond)


def _single(hooks: Sequence[Hook], kind: str) -> Hook:
    if len(hooks) != 1:
        raise _CompileError(bi("write exactly one {k}, found {n}",
                               "{kj}はちょうど 1 つ書きます（{n} 個あります）",
                               k=kind, kj=_KIND_JA[kind], n=len(hooks)))
    if _KIND[hooks[0].name] != kind:
        raise _CompileError(bi("'{n}' is not a {k}; {k}s: {all}",
                               "'{n}' は{kj}ではありません（{kj}：{all}）", n=hooks[0].name,
                               k=kind, kj=_KIND_JA[kind],
                               all=", ".join(k for k, v in _KIND.items() if v == kind)))
    return hooks[0]


def _checker(compilers: dict[str, Any]) -> Any:
    """A ``row_check`` that compiles effect columns in place, reporting the failing column."""
    def check(row: dict[str, Any]) -> tuple[str, Any] | None:
        for col, fn in compilers.items():
            try:
                row[col] = fn(row[col])
            except EffectError as err:
                return (col, err.args[0] if err.args else str(err))
        return None
    return check


# -- the three tables -------------------------------------------------------------------------------
ALBUM_COLUMNS = (
    Column("id", unique=True),
    Column("stage", "int", range=(1, 9)),
    Column("attribute"),
    Column("stars", "int", range=(0, 9)),
    Column("person", "bool", default=False),
    Column("name"),
    *optional_text("name_ja"),
)
EVENT_COLUMNS = (
    Column("id", unique=True),
    Column("stage", "int", range=(1, 9)),
    Column("name"),
    *optional_text("name_ja"),
    Column("select", "effects"),
    Column("effect", "effects"),
    *optional_text("text", "text_ja"),
)
DREAM_COLUMNS = (
    Column("id", unique=True),
    Column("name"),
    *optional_text("name_ja"),
    Column("dream", "effects", default=()),  # the column must be there (cells may be empty)
    Column("trigger", "effects"),
    Column("limit", choices=LIMITS, required=False, default="none"),
    Column("optional", "bool", required=False, default=False),
    Column("skill", "effects", default=()),
    *optional_text("dream_text", "skill_text", "dream_text_ja", "skill_text_ja"),
)


@dataclass(frozen=True)
class AlbumCard(CardName):
    id: str
    stage: int
    attrs: tuple[str, ...]   # one colour by default; several for multi-attribute cards (LR-A7)
    stars: int
    person: bool
    name_en: str
    name_ja: str


@dataclass(frozen=True)
class EventCard(CardName):
    id: str
    stage: int
    name_en: str
    name_ja: str
    select: tuple[Any, ...]   # (kind, metric | cond | None, bound | None)
    effect: tuple[Op, ...]
    text_en: str
    text_ja: str


@dataclass(frozen=True)
class DreamCard(CardName):
    id: str
    name_en: str
    name_ja: str
    dream: tuple[Op, ...]
    trigger: tuple[Any, ...]   # (kind, arg): ("on_place", (attr, person, min_stars)), …
    limit: str
    optional: bool
    skill: tuple[Op, ...]
    dream_text: str
    skill_text: str
    dream_text_ja: str
    skill_text_ja: str


def _attrs(cell: str) -> tuple[str, ...]:
    letters = tuple(ch for ch in cell.replace("+", "").replace(" ", "") if ch)
    bad = [ch for ch in letters if ch not in ALL_COLOURS]
    if not letters or bad or len(set(letters)) != len(letters):
        raise _CompileError(bi("{c!r} is not an attribute: write R, B, Y or G (several as "
                               "RB for a multi-attribute card)",
                               "{c!r} は属性ではありません：R、B、Y、G のどれかを書きます"
                               "（複数属性のカードは RB のように続けて）", c=cell))
    return letters


def _selector(hooks: Sequence[Hook]) -> tuple[Any, ...]:
    h = _single(hooks, SELECTOR)
    if h.name == "all":
        return ("all", None, None)
    if h.name == "where":
        return ("where", _cond(h), None)
    bound = h.args["at_least"] if h.name == "max" else h.args["at_most"]
    return (h.name, _metric(h), bound)


def _trigger(hooks: Sequence[Hook]) -> tuple[Any, ...]:
    h = _single(hooks, TRIGGER)
    a = h.args
    if h.name == "on_place":
        return ("on_place", (None if a["attr"] == "any" else a["attr"], bool(a["person"]),
                             a["min_stars"]))
    if h.name == "on_move_to_six":
        return ("on_move_to_six", None if a["attr"] == "any" else a["attr"])
    if h.name == "on_order_slot":
        return ("on_order_slot", a["slot"])
    if h.name == "passive":
        if a["flag"] is None:
            raise _CompileError(bi("'passive' needs flag=ignore_event_vp_loss",
                                   "'passive' には flag=ignore_event_vp_loss が必要です"))
        return ("passive", a["flag"])
    return (h.name, None)


def _album_card(r: dict[str, Any]) -> AlbumCard:
    return AlbumCard(r["id"], r["stage"], r["attribute"], r["stars"], r["person"], r["name"],
                     r["name_ja"])


def _event_card(r: dict[str, Any]) -> EventCard:
    return EventCard(r["id"], r["stage"], r["name"], r["name_ja"], r["select"], r["effect"],
                     r["text"], r["text_ja"])


def _dream_card(r: dict[str, Any]) -> DreamCard:
    return DreamCard(r["id"], r["name"], r["name_ja"], r["dream"], r["trigger"], r["limit"],
                     r["optional"], r["skill"], r["dream_text"], r["skill_text"],
                     r["dream_text_ja"], r["skill_text_ja"])


ALBUM = Table("rolling_stone", "album_cards.csv", ALBUM_COLUMNS, _album_card, VOCABULARY,
              _checker({"attribute": _attrs}))
EVENTS = Table("rolling_stone", "events.csv", EVENT_COLUMNS, _event_card, VOCABULARY,
               _checker({"select": _selector, "effect": compile_effects}))
DREAMS = Table("rolling_stone", "dreams.csv", DREAM_COLUMNS, _dream_card, VOCABULARY,
               _checker({"dream": compile_effects, "trigger": _trigger,
                         "skill": compile_effects}))


def album_path() -> Path:
    return ALBUM.path()


def events_path() -> Path:
    return EVENTS.path()


def dreams_path() -> Path:
    return DREAMS.path()


def load_album_cards(path: str | Path | None = None) -> tuple[AlbumCard, ...]:
    """Read and validate ``album_cards.csv`` (re-read when the file changes)."""
    return ALBUM.load(path)


def load_events(path: str | Path | None = None) -> tuple[EventCard, ...]:
    """Read and validate ``events.csv`` (re-read when the file changes)."""
    return EVENTS.load(path)


def load_dreams(path: str | Path | None = None) -> tuple[DreamCard, ...]:
    """Read and validate ``dreams.csv`` (re-read when the file changes)."""
    return DREAMS.load(path)


def table_stamp() -> tuple[tuple[str, Stamp], ...]:
    """Paths and versions (modification time, size) of the three tables: a compiled ruleset
    (or a name lookup) is stale when they change."""
    return (ALBUM.stamp(), EVENTS.stamp(), DREAMS.stamp())


# -- reading ops back as text (log and view) -------------------------------------------------------
def metric_text(m: tuple[Any, ...]) -> str:
    name, attr, person, min_stars, n = m
    if name == "die":
        return f"{COLOUR_EN[attr]} die"
    if name == "is_highest_die":
        return f"{COLOUR_EN[attr]} die is highest"
    if name in ("album", "discard"):
        bits = [COLOUR_EN[attr] if attr else "", "person" if person else "",
                f"★≥{min_stars}" if min_stars else ""]
        what = " ".join(b for b in bits if b)
        return f"{what + ' ' if what else ''}cards in {'album' if name == 'album' else 'discard'}"
    if name == "dice_at_least":
        return f"dice showing ≥ {n}"
    if name == "attrs_with_at_least":
        return f"attributes with ≥ {n} cards"
    return {"dice_sum": "dice total", "stars": "★ in album", "power": "power"}[name]
