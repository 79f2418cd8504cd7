"""Classic Hero position: flat per-seat lists, the track as a list, a cheap clone.

A die is a tuple ``(value, red, used)``; a seat's dice are a list of them, so
a clone copies lists of immutable tuples. The rows rules write rarely (abilities held and
spent, VP by category, cards taken, artifacts, the variants' marks) are tuples, replaced
whole when written (``designkit.core.rows``): a clone copies only the outer list, and
the greedy bot's memo takes them as they are. The track holds, per slot
``1..slots``, the index of its event card or ``None`` (a blank, CH-6.3);
position ``0`` is Start and ``slots + 1`` the Goal. Pawns on the Start card
keep their left-to-right order in ``start_order`` (CH-4.3, CH-4.5); Goal
arrivals are appended to ``goal_order`` (CH-7.0).

Decks are unordered pools the engine draws from as chance steps, so nothing a
seat cannot see is stored in the state (perfect information apart from deck
order and rolls, spec §7).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from designkit.core.cardtable import CompiledRules, Stamp
from designkit.core.effects import Hook
from designkit.core.flow import Flow, FlowState
from designkit.core.rows import add
from designkit.games.classic_hero.cards import (
    Ability,
    DemonLord,
    EventCard,
    Race,
    load_abilities,
    load_demon_lords,
    load_events,
    load_races,
    load_weaknesses,
    table_stamp,
)
from designkit.games.classic_hero.params import ClassicHeroParams

#: Categories of VP, so a balance study sees where points come from.
VP_PARTS = ("red_bonus", "artifact", "boss_hp", "final_damage", "skill", "pilgrimage",
            "city_sets", "requests", "first_attack", "weakness", "suit_sets")
(VP_RED, VP_ARTIFACT, VP_HP, VP_FINAL, VP_SKILL, VP_PILGRIM, VP_CITY, VP_REQUEST,
 VP_FIRST, VP_WEAK, VP_SUIT_SETS) = range(11)
#: the draft's own scoring categories; the others exist only where their variant is on
DRAFT_PARTS = 8


def parts_in_force(p: ClassicHeroParams) -> tuple[int, ...]:
    """The VP categories these rules can score: the draft's, plus each variant's own."""
    extra = ((VP_FIRST, p.shared_hp != "off"), (VP_WEAK, p.weakness_on),
             (VP_SUIT_SETS, p.set_collection == "suits"))
    return tuple(range(DRAFT_PARTS)) + tuple(i for i, on in extra if on)

Die = tuple[int, bool, bool]   # (value, red, used)
T = TypeVar("T")


class Phase(enum.IntEnum):
    RUN = 0
    RACE = 1          # chance: a race card dealt (CH-2.2)
    CLASS = 2         # decision: class pick (CH-2.4, D1)
    DRAW_EVENT = 3    # chance: an event card laid out (CH-4.1)
    DRAW_LORD = 4     # chance: a Demon Lord drawn (CH-4.6, CH-7.3)
    DRAW_SKILL = 5    # chance: a skill revealed (CH-4.7)
    ROLL = 6          # chance: a die roll (CH-4.8, rest, reroll, gained dice)
    MOVE = 7          # decision: Rest or destination (CH-5.3, CH-5.6; D2, D3)
    FORTUNE = 8       # decision: how the Fortune applies (CH-6.1, CH-6.2; D4)
    CHECK = 9         # decision: Rest, blessing, ability, achieve with a set, or pass (D5, D6)
    STAR = 10         # decision: the die ★ marks used (CH-6.6; D7)
    EFFECT = 11       # decision: an effect's target (D8)
    LIMIT = 12        # decision: the die returned over the dice limit (CH-2.3)
    BATTLE = 13       # decision: (HP, set), blessing, ability, or stop (CH-7; D10)
    SKILL_PICK = 14   # decision: a skill from the display (CH-7.5; D11)
    GROWTH = 15       # decision: gain a white die or upgrade one (CH-8.6; D12)
    OVER = 16
    DRAW_WEAKNESS = 17  # chance: a private weakness card drawn (CH-V2)
    ROLLS = 18        # chance: several dice rolled together (CH-4.8, rest, CH-V3)


FLOW = Flow(Phase, names="""
    RUN           | in play               | 進行中
    RACE          | dealing races         | 種族の配布
    CLASS         | choosing a class      | クラス選択
    DRAW_EVENT    | laying out events     | イベント配置
    DRAW_LORD     | drawing a Demon Lord  | 魔王の登場
    DRAW_SKILL    | revealing a skill     | スキル公開
    ROLL          | rolling dice          | ダイスロール
    MOVE          | moving                | 移動
    FORTUNE       | Fortune               | 天運
    CHECK         | the event             | イベント判定
    STAR          | ★: marking a die used | ★：使用済みにするサイコロ
    EFFECT        | an effect's target    | 効果の対象
    LIMIT         | over the dice limit   | サイコロ上限
    BATTLE        | Demon Lord battle     | 魔王戦
    SKILL_PICK    | taking a skill        | スキル獲得
    GROWTH        | growth                | 成長
    OVER          | game over             | ゲーム終了
    DRAW_WEAKNESS | drawing a weakness    | 弱点カード
    ROLLS         | rolling dice          | ダイスロール
""")


@dataclass(frozen=True)
class Ruleset(CompiledRules, stamp=table_stamp):
    """Params and card tables compiled into lookup tables (cached on the params)."""

    params: ClassicHeroParams
    events: tuple[EventCard, ...]
    event_index: dict[str, int]
    stage_decks: tuple[tuple[int, ...], ...]     # stage_decks[s] for s ≥ 1
    suit_of: tuple[str, ...]
    lords: tuple[DemonLord, ...]
    lord_index: dict[str, int]
    races: tuple[Race, ...]
    race_index: dict[str, int]
    abilities: tuple[Ability, ...]                # classes and skills
    ability_index: dict[str, int]
    classes: tuple[int, ...]
    skills: tuple[int, ...]
    slots: int
    goal: int
    lo: int
    hi: int
    top: int                                      # the dice's highest face (CH-V8)
    stamp: tuple[tuple[str, Stamp], ...]
    effects: tuple[tuple[Hook, ...], ...]       # per event: its card's, or its suit's (CH-V4)
    weaknesses: tuple[DemonLord, ...]            # CH-V2's deck (one HP each)
    parts: tuple[int, ...]                       # VP categories in force (parts_in_force)

    @cached_property
    def once_by_hook(self) -> dict[str, frozenset[int]]:
        """Per hook name, the once-per-stage abilities with that hook (what
        :meth:`ClassicHeroState.ready` asks on every option build), worked out once."""
        out: dict[str, set[int]] = {}
        for a, ab in enumerate(self.abilities):
            if ab.timing == "once_per_stage":
                out.setdefault(ab.hook.name, set()).add(a)
        return {k: frozenset(v) for k, v in out.items()}

    @classmethod
    def _build(cls, params: ClassicHeroParams, stamp: tuple[tuple[str, Stamp], ...]
               ) -> Ruleset:
        """One ruleset for equal params built anew (one per game)."""
        rules = _COMPILED.get((params, stamp))
        if rules is None:
            if len(_COMPILED) > 64:
                _COMPILED.clear()
            rules = _COMPILED[(params, stamp)] = cls._fresh(params, stamp)
        return rules

    @classmethod
    def _fresh(cls, p: ClassicHeroParams, stamp: tuple[tuple[str, Stamp], ...]) -> Ruleset:
        events: list[EventCard] = []
        decks: list[tuple[int, ...]] = [()]
        all_events = load_events()
        for s in range(1, p.stages + 1):
            mine: list[EventCard] = []
            for suit, n in p.suit_mix_per_stage.items():
                mine += [e for e in all_events if e.stage == s and e.suit == suit][:n]
            mine.sort(key=lambda e: e.id)
            decks.append(tuple(range(len(events), len(events) + len(mine))))
            events += mine
        lords = load_demon_lords()[:p.boss_cards]
        races = load_races()[:p.races]
        abilities = load_abilities()
        class_ids = [i for i, a in enumerate(abilities) if a.kind == "class"][:p.classes]
        skill_ids = [i for i, a in enumerate(abilities) if a.kind == "skill"]
        lo, hi = p.die_range
        effects = tuple(suit_effects(e) if p.suit_effects else e.effects for e in events)
        return cls(params=p, events=tuple(events), effects=effects,
                   weaknesses=load_weaknesses() if p.weakness_on else (),
                   parts=parts_in_force(p),
                   event_index={e.id: i for i, e in enumerate(events)},
                   stage_decks=tuple(decks), suit_of=tuple(e.suit for e in events),
                   lords=lords, lord_index={b.id: i for i, b in enumerate(lords)},
                   races=races, race_index={r.id: i for i, r in enumerate(races)},
                   abilities=abilities,
                   ability_index={a.id: i for i, a in enumerate(abilities)},
                   classes=tuple(class_ids), skills=tuple(skill_ids),
                   slots=p.adventure_slots, goal=p.adventure_slots + 1, lo=lo, hi=hi,
                   top=p.dice_faces,
                   stamp=stamp)

    def artifact_type(self, event: int) -> str | None:
        """The artifact a Ruins card gives (with one type per stage, always its α type)."""
        t = self.events[event].artifact
        if t is not None and self.params.artifact_types_per_stage == 1:
            return "a" + t[1:]
        return t


#: CH-V4, the draft's list 「遺跡：サイコロ増加 / 試練：上級変更 / 依頼：目固定 / 町：目変化 /
#: 巡礼：ボス弱点」: Ruins keep their artifact (their scoring, changed by the change list) and
#: gain a die; Pilgrimages keep the blessing the change list gives them (「加護は巡礼で得られる」)
#: and bring a weakness card (CH-V2, switched on with this variant).
SUIT_EFFECTS: dict[str, tuple[Hook, ...]] = {
    "Trial": (Hook("upgrade", {"n": 1}),),
    "Ruins": (Hook("gain_die", {"n": 1}),),
    "Request": (Hook("fix", {}),),
    "City": (Hook("adjust", {"n": 2}),),
    "Pilgrimage": (Hook("bless", {"n": 1}),),
}


def suit_effects(card: EventCard) -> tuple[Hook, ...]:
    """A card's effects under CH-V4: its suit's effect (a Ruins card keeps its artifact)."""
    own = tuple(h for h in card.effects if h.name == "artifact")
    return own + SUIT_EFFECTS[card.suit]


_COMPILED: dict[tuple[ClassicHeroParams, tuple[tuple[str, Stamp], ...]], Ruleset] = {}


class ClassicHeroState(FlowState):
    flow = FLOW
    __slots__ = (
        "rules", "params", "log", "n",
        "stage", "turn_no", "track", "pos", "start_order", "goal_order", "event_deck",
        "lord_deck", "lords_up", "skill_deck", "display", "race", "abilities", "spent",
        "dice", "bless", "vp", "parts", "taken", "artifacts", "shortfalls", "first_seat",
        # variant state (empty under the draft's rules): fixed dice (CH-V3), red dice that
        # served one HP (CH-V5), private weakness cards and their deck (CH-V2), the HPs each
        # seat achieved under a shared HP (CH-V1)
        "fixed", "red_once", "weak", "weak_deck", "hp_by",
        # what has left play, for the contract suite's conservation check (Game.components):
        # cards discarded or defeated ("event S1-05", "lord B03", "skill SK02", "weakness
        # WK04"; not in state_to_dict, derived again on load) and the dice returned to the
        # unlimited stock net of those taken from it (CH-A29)
        "out", "stock",
    )

    # the slots' types (a class-level annotation makes no class attribute, so it sits
    # beside ``__slots__`` for the type checker only)
    rules: Ruleset
    params: ClassicHeroParams
    phase: Phase
    n: int
    stage: int
    turn_no: int
    track: list[int | None]            # event card per slot (None: a blank; 0 Start, goal)
    pos: list[int]                     # each seat's pawn position on the track
    start_order: list[int]             # seats on the Start card, left to right
    goal_order: list[int]              # seats in order of arrival at the Goal
    event_deck: list[int]
    lord_deck: list[int]
    lords_up: list[tuple[int, tuple[bool, ...]]]   # (Demon Lord, HPs achieved) face up
    skill_deck: list[int]
    display: list[int]                 # skills on display (ability indices)
    race: list[int | None]
    # tuple rows: written whole (``designkit.core.rows``), shared by clones until then
    abilities: list[tuple[int, ...]]   # [seat]: class and skills (ability indices)
    spent: list[tuple[int, ...]]       # [seat]: once-per-stage abilities used (CH-A28)
    dice: list[list[Die]]
    bless: list[int]
    vp: list[int]
    parts: list[tuple[int, ...]]       # [seat][VP_PARTS index]
    taken: list[tuple[int, ...]]       # [seat]: event cards achieved
    artifacts: list[tuple[str, ...]]   # [seat]: artifact types
    shortfalls: dict[str, int]         # draws a short deck could not make ("skills", "lords")
    first_seat: int | None
    fixed: list[tuple[int, ...]]       # [seat]: fixed dice positions (CH-V3)
    red_once: list[tuple[int, ...]]    # [seat]: red dice that served one HP (CH-V5)
    weak: list[tuple[int, ...]]        # [seat]: private weakness cards (CH-V2)
    weak_deck: list[int]
    hp_by: list[tuple[tuple[int, int], ...]]  # [seat]: (Demon Lord, HP) achieved (CH-V1)
    out: tuple[str, ...]               # components out of play (a tuple: written rarely)
    stock: int                         # dice returned to the stock minus dice taken

    def clone(self) -> ClassicHeroState:
        c = self.clone_flow()
        c.stage, c.turn_no = self.stage, self.turn_no
        c.track, c.pos = self.track[:], self.pos[:]
        c.start_order, c.goal_order = self.start_order[:], self.goal_order[:]
        c.event_deck, c.lord_deck = self.event_deck[:], self.lord_deck[:]
        c.lords_up = self.lords_up[:]
        c.skill_deck, c.display = self.skill_deck[:], self.display[:]
        c.race = self.race[:]
        c.dice = list(map(list.copy, self.dice))   # no comprehension frame
        c.bless, c.vp = self.bless[:], self.vp[:]
        # tuple rows: the outer lists only (a write replaces the row it changes)
        c.abilities, c.spent = self.abilities[:], self.spent[:]
        c.parts, c.taken, c.artifacts = self.parts[:], self.taken[:], self.artifacts[:]
        c.shortfalls = dict(self.shortfalls)
        c.first_seat = self.first_seat
        c.fixed, c.red_once = self.fixed[:], self.red_once[:]
        c.weak, c.hp_by = self.weak[:], self.hp_by[:]
        c.weak_deck = self.weak_deck[:]
        c.out, c.stock = self.out, self.stock
        return c

    # -- small queries shared by rules, bots, view and tests ----------------------------------------
    def available(self, seat: int) -> list[int]:
        """Positions of ``seat``'s available dice (CH-0.3)."""
        return [i for i, d in enumerate(self.dice[seat]) if not d[2]]

    def used_dice(self, seat: int) -> list[int]:
        return [i for i, d in enumerate(self.dice[seat]) if d[2]]

    def speed(self, seat: int) -> int:
        r = self.race[seat]
        return -1 if r is None else self.rules.races[r].speed

    def at_goal(self, seat: int) -> bool:
        return self.pos[seat] == self.rules.goal

    def occupant(self, slot: int) -> int | None:
        for s, p in enumerate(self.pos):
            if p == slot:
                return s
        return None

    def rearmost(self) -> int | None:
        """CH-5.1, CH-4.4: the non-Goal pawn furthest left (Start spaces: leftmost first)."""
        pos, low, best = self.pos, self.rules.goal, None
        for s in range(self.n):      # off the Start card a tie goes to the first seat, as below
            if pos[s] < low:
                best, low = s, pos[s]
        if low:
            return best
        key = None
        for s in range(self.n):
            p = self.pos[s]
            if p == self.rules.goal:
                continue
            k = (p, self.start_order.index(s) if p == 0 and s in self.start_order else 0)
            if key is None or k < key:
                best, key = s, k
        return best

    def has(self, seat: int, hook: str) -> list[int]:
        """Ability indices of ``seat`` whose hook is ``hook``."""
        ab = self.rules.abilities
        return [a for a in self.abilities[seat] if ab[a].hook.name == hook]

    def ready(self, seat: int, hook: str) -> int | None:
        """An unspent once-per-stage ability of ``seat`` with this hook (CH-A28), if any."""
        once = self.rules.once_by_hook.get(hook)
        if once is None:
            return None
        spent = self.spent[seat]
        for a in self.abilities[seat]:
            if a in once and a not in spent:
                return a
        return None

    def passive(self, seat: int, hook: str) -> list[dict[str, Any]]:
        ab = self.rules.abilities
        return [ab[a].hook.args for a in self.abilities[seat]
                if ab[a].hook.name == hook and ab[a].timing in ("passive", "scoring")]

    def gain(self, seat: int, vp: int, part: int) -> None:
        self.vp[seat] += vp
        add(self.parts, seat, part, vp)

    def event_at(self, slot: int) -> EventCard:
        """The event card on track ``slot``: asked only of a slot that holds one (never a
        blank, CH-6.3, nor Start or the Goal)."""
        e = self.track[slot]
        assert e is not None, f"slot {slot} holds no event card"
        return self.rules.events[e]

    def dice_text(self, seat: int) -> str:
        return " ".join(die_label(d) for d in self.dice[seat]) or "–"


def die_label(d: Die) -> str:
    """``R5`` = red die showing 5; a used die is shown in brackets."""
    text = f"{'R' if d[1] else 'W'}{d[0] or '?'}"
    return f"[{text}]" if d[2] else text
