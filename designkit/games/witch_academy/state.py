"""A Witch Academia position: flat per-seat lists, the flow's task stack, a cheap clone.

Workers are indexed by rank position ``w`` in ``params.worker_ranks`` (d4, d6,
d8 by default); ``loc[seat][w]`` is ``None`` (in supply), an Area position
(int) or ``"U"`` (the University). Cards are indices into the compiled tables
of :class:`Ruleset`; decks are unordered pools the flow draws from as chance
steps, so no deck order is ever hidden.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from designkit.core.cardtable import CompiledRules, Stamp
from designkit.core.flow import Flow, FlowState
from designkit.core.seats import seat_label
from designkit.games.witch_academy.cards import (
    LEGACY,
    RANKS,
    RESOURCES,
    Area,
    Assignment,
    EventCard,
    Exploration,
    load_areas,
    load_assignments,
    load_events,
    load_exploration,
    table_stamp,
)
from designkit.games.witch_academy.params import WitchParams

RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
E = RES_INDEX["E"]
UNIV = "U"
ACTION_MODE, ASSIGN_MODE, PASSED = 0, 1, 2
#: where VP come from, so a balance study can see it
VP_PARTS = ("assignment", "request", "forced_pass", "card", "legacy_majority")


class Phase(enum.IntEnum):
    RUN = 0
    AREA_DRAW = 1    # chance: an Area card dealt (LW-2.1)
    EX_DRAW = 2      # chance: an exploration card drawn (LW-2.2, LW-6.4)
    START = 3        # chance: the start player (LW-2.5)
    START_RES = 4    # decision: one starting resource (LW-2.6)
    DISPLAY = 5      # chance: an assignment card on display (LW-3.2)
    DEAL = 6         # chance: an event card dealt to a seat (LW-3.3)
    DRAFT = 7        # decision: the draft pick, hidden until all have picked (LW-3.4)
    MODE = 8         # decision: a worker to place, Rest, or Assignment Creation (LW-4.2, LW-5.1)
    TARGET = 9       # decision: the Area or the University (LW-5.1, LW-8)
    REST = 10        # decision: which placed workers to recall (LW-9.1)
    BONUS = 11       # decision: apply the Area bonus or not (LW-6.2)
    EXPLORE = 12     # decision: the exploration card of the next action (LW-6.3)
    ES = 13          # decision: go to the Extra Stage or not (LW-6.5)
    UNIV = 14        # decision: a University action (LW-7.2)
    AMOUNT = 15      # decision: how many to exchange (LW-7.3)
    COLOUR = 16      # decision: the colour of one ANY resource (section 5.1)
    PAY = 17         # decision: the resource paid for one unit of an any-resource cost
    LEGACY = 18      # decision: a legacy type (legacy(CHOICE))
    WORKER = 19      # decision: the worker an effect heals (target ONE)
    RECALL = 20      # decision: workers a recall effect returns
    FACILITY = 21    # decision: the facility stack a new facility covers (LW-7.8)
    ASSIGN = 22      # decision: complete an assignment or pass (LW-10.1)
    KEEP = 23        # decision: the card kept face down (LW-11.4)
    RETURN = 24      # decision: one resource returned to the cap (LW-11.5)
    OVER = 25


FLOW = Flow(Phase, names="""
    RUN       | in play                   | 進行中
    AREA_DRAW | dealing Areas             | エリアの配置
    EX_DRAW   | drawing exploration cards | 探索カード
    START     | start player              | スタートプレイヤー
    START_RES | starting resource         | 初期資源
    DISPLAY   | assignment display        | 課題の公開
    DEAL      | dealing cards             | カード配布
    DRAFT     | draft                     | ドラフト
    MODE      | choosing an action        | アクション選択
    TARGET    | where the worker goes     | 配置先
    REST      | Rest                      | 休息
    BONUS     | Area bonus                | エリアの追加効果
    EXPLORE   | exploring                 | 探索
    ES        | Extra Stage               | エキストラステージ
    UNIV      | University action         | 大学のアクション
    AMOUNT    | how many to exchange      | 交換する数
    COLOUR    | choosing a colour         | 色の選択
    PAY       | paying                    | 支払い
    LEGACY    | legacy token              | レガシー
    WORKER    | healing a worker          | ワーカーの回復
    RECALL    | recalling workers         | ワーカーの回収
    FACILITY  | building a facility       | 施設の建設
    ASSIGN    | assignments               | 課題の達成
    KEEP      | keeping a card            | カードを伏せる
    RETURN    | returning resources       | 資源の返却
    OVER      | game over                 | ゲーム終了
""")


@dataclass(frozen=True)
class Ruleset(CompiledRules, stamp=table_stamp):
    """Params and card tables compiled into lookup tables."""

    params: WitchParams
    explore: tuple[Exploration, ...]
    areas: tuple[Area, ...]
    events: tuple[EventCard, ...]
    year_events: tuple[tuple[int, ...], ...]       # year_events[y]: event indices (y ≥ 1)
    assignments: tuple[Assignment, ...]
    year_assignments: tuple[tuple[int, ...], ...]
    ranks: tuple[str, ...]                         # worker ranks, low to high
    rank_value: tuple[int, ...]                    # position in d4 < d6 < d8
    max_health: tuple[int, ...]
    actions: tuple[int, ...]
    legacy: tuple[str, ...]
    explore_index: dict[str, int]
    event_index: dict[str, int]
    assignment_index: dict[str, int]
    area_index: dict[str, int]
    stamp: tuple[tuple[str, Stamp], ...]

    @classmethod
    def _build(cls, p: WitchParams, stamp: tuple[tuple[str, Stamp], ...]) -> Ruleset:
        explore = load_exploration()[:p.exploration_deck_size]
        events = load_events()
        year_events: list[tuple[int, ...]] = [()]
        assignments = load_assignments()
        year_asg: list[tuple[int, ...]] = [()]
        for y in range(1, p.rounds + 1):
            year_events.append(tuple(i for i, e in enumerate(events)
                                     if e.year == y)[:p.event_cards_per_year])
            year_asg.append(tuple(i for i, a in enumerate(assignments)
                                  if a.year == y)[:p.assignment_cards_per_year])
        ranks = tuple(sorted(p.worker_ranks, key=RANKS.index))
        areas = load_areas()
        rules = cls(
            params=p, explore=explore, areas=areas, events=events,
            year_events=tuple(year_events), assignments=assignments,
            year_assignments=tuple(year_asg), ranks=ranks,
            rank_value=tuple(RANKS.index(r) for r in ranks),
            max_health=tuple(p.max_health[r] for r in ranks),
            actions=tuple(p.actions_per_rank[r] for r in ranks),
            legacy=LEGACY[:p.legacy_types],
            explore_index={c.id: i for i, c in enumerate(explore)},
            event_index={e.id: i for i, e in enumerate(events)},
            assignment_index={a.id: i for i, a in enumerate(assignments)},
            area_index={a.id: i for i, a in enumerate(areas)}, stamp=stamp)
        return rules


class WitchState(FlowState):
    flow = FLOW
    __slots__ = (
        "rules", "params", "log", "n",
        # round and turn
        "year", "sp", "order", "turn_pos", "turn_no", "mode", "action_turns", "acting",
        "actions_left",
        # board
        "area_pool", "areas", "explore", "ex_deck", "ex_discard", "occupant", "univ",
        "asg_pool", "display", "tokens_on",
        # cards
        "ev_pool", "ev_removed", "ev_discard", "hands", "picks", "drafted", "carried",
        # per seat
        "health", "loc", "res", "vp", "parts", "legacy", "stock", "tokens", "familiars",
        "facilities",
    )

    # the slots' types (a class-level annotation makes no class attribute, so it sits
    # beside ``__slots__`` for the type checker only)
    rules: Ruleset
    params: WitchParams
    phase: Phase
    n: int
    year: int
    sp: int                            # start player (LW-2.5)
    order: list[int]                   # seats in turn order this year
    turn_pos: int
    turn_no: int
    mode: list[int]                    # ACTION_MODE, ASSIGN_MODE or PASSED per seat
    action_turns: list[int]
    acting: tuple[int, int, int | str] | None  # (seat, worker, Area position or UNIV) acting
    actions_left: int
    area_pool: list[int]
    areas: list[int]                   # Area card per board position
    explore: list[tuple[int, ...]]     # exploration cards per Area position, outer first
    #: the exploration deck and discard pile, the event cards removed and discarded: tuples,
    #: replaced when written (:func:`without`, ``+=``), so a clone shares them
    ex_deck: tuple[int, ...]
    ex_discard: tuple[int, ...]
    occupant: list[tuple[int, int] | None]    # (seat, worker) per Area position
    univ: list[tuple[int, int]]        # (seat, worker) at the University
    asg_pool: list[int]
    display: list[int]                 # assignment per display position
    tokens_on: list[tuple[int, ...]]   # seats' achievement tokens per display position
    ev_pool: list[int]
    ev_removed: tuple[int, ...]
    ev_discard: tuple[int, ...]
    hands: list[tuple[int, ...]]        # [seat]: event cards; tuple rows (``core.rows``)
    #: [seat]: face-down draft picks, picked cards, kept cards (tuple rows, ``core.rows``)
    picks: list[tuple[int, ...]]
    drafted: list[tuple[int, ...]]
    carried: list[tuple[int, ...]]
    health: list[tuple[int, ...]]      # [seat][worker]; tuple rows (``core.rows.put``)
    loc: list[tuple[int | str | None, ...]]  # [seat][worker]: Area position, UNIV or None
    res: list[tuple[int, ...]]         # [seat][resource] in RESOURCES order; tuple rows
    vp: list[int]
    parts: list[tuple[int, ...]]       # [seat][VP_PARTS index]
    legacy: list[tuple[int, ...]]      # [seat][legacy type]
    stock: list[int]                   # legacy tokens left per type
    tokens: list[int]                  # achievement tokens in hand per seat
    #: [seat][worker]: event cards; a seat's row is a tuple, replaced whole when written
    familiars: list[tuple[tuple[int, ...], ...]]
    #: [seat]: stacks of event cards, bottom first; a tuple, replaced whole when written
    facilities: list[tuple[tuple[int, ...], ...]]

    def clone(self) -> WitchState:
        """A copy that shares nothing mutable with this state: only the outer lists are
        copied. Every row is a tuple, replaced whole when written (``familiars`` and
        ``facilities``: :func:`set_familiars`, :func:`set_facilities`; ``hands``, ``health``,
        ``res``, ``picks``, ``drafted``, ``carried`` and the others: ``core.rows``), and so are
        the exploration and event piles (:func:`without`, ``+=``): a clone shares them
        without copying (issue 19: their copies were most of a clone's cost). ``list.copy``
        rather than ``[:]``: on Python 3.11 the slice costs about 30 ns more a list."""
        c = self.clone_flow()
        c.year, c.sp, c.turn_pos, c.turn_no = self.year, self.sp, self.turn_pos, self.turn_no
        c.order, c.mode = self.order.copy(), self.mode.copy()
        c.action_turns = self.action_turns.copy()
        c.acting, c.actions_left = self.acting, self.actions_left
        c.area_pool, c.areas = self.area_pool.copy(), self.areas.copy()
        c.explore = self.explore.copy()
        c.ex_deck, c.ex_discard = self.ex_deck, self.ex_discard
        c.occupant, c.univ = self.occupant.copy(), self.univ.copy()
        c.asg_pool, c.display = self.asg_pool.copy(), self.display.copy()
        c.tokens_on = self.tokens_on.copy()
        c.ev_pool, c.ev_removed, c.ev_discard = self.ev_pool.copy(), self.ev_removed, \
            self.ev_discard
        c.hands = self.hands.copy()
        c.picks, c.drafted = self.picks.copy(), self.drafted.copy()
        c.carried = self.carried.copy()
        c.health = self.health.copy()
        c.loc = self.loc.copy()
        c.res = self.res.copy()
        c.vp = self.vp.copy()
        c.parts = self.parts.copy()
        c.legacy = self.legacy.copy()
        c.stock, c.tokens = self.stock.copy(), self.tokens.copy()
        c.familiars, c.facilities = self.familiars.copy(), self.facilities.copy()
        return c

    # -- small queries shared by rules, bots, view and tests ----------------------------------------
    def total_res(self, seat: int) -> int:
        return sum(self.res[seat])

    def placeable(self, seat: int, w: int) -> bool:
        """LW-5.1: in supply and Health above the unplaceable level."""
        return self.loc[seat][w] is None and \
            self.health[seat][w] > self.params.unplaceable_health

    def familiar_cards(self, seat: int, w: int) -> list[EventCard]:
        ev = self.rules.events
        return [ev[i] for i in self.familiars[seat][w]]

    def active_facilities(self, seat: int) -> list[EventCard]:
        """LW-7.8: per stack, the highest number among the cards of the top card's name."""
        ev = self.rules.events
        out = []
        for stack in self.facilities[seat]:
            name = ev[stack[-1]].facility
            run_ = []
            for i in reversed(stack):
                if ev[i].facility != name:
                    break
                run_.append(ev[i])
            out.append(max(run_, key=lambda e: e.number))
        return out

    def worker_passive(self, seat: int, w: int, name: str) -> int:
        return max((c.passive_value(name) for c in self.familiar_cards(seat, w)), default=0)

    def facility_passive(self, seat: int, name: str) -> int:
        return sum(c.passive_value(name) for c in self.active_facilities(seat))

    def cap(self, seat: int) -> int:
        return self.params.resource_cap + self.facility_passive(seat, "carry_cap")

    def abilities(self, seat: int, trigger: str, w: int | None = None
                  ) -> list[EventCard]:
        """Cards of ``seat`` whose ability fires on ``trigger`` (familiars of worker ``w``)."""
        cards = self.familiar_cards(seat, w) if w is not None else self.active_facilities(seat)
        return [c for c in cards if c.trigger == trigger]


def set_familiars(st: WitchState, seat: int, w: int, cards: tuple[int, ...]) -> None:
    """Worker ``w`` of ``seat`` now holds ``cards``: the seat's row is replaced, never
    changed in place, since clones share it (:meth:`WitchState.clone`)."""
    row = st.familiars[seat]
    st.familiars[seat] = row[:w] + (cards,) + row[w + 1:]


def set_facilities(st: WitchState, seat: int, slot: int, stack: tuple[int, ...]) -> None:
    """Facility ``slot`` of ``seat`` (one past the last: a new slot) now holds ``stack``;
    the row is replaced, as :func:`set_familiars`."""
    row = st.facilities[seat]
    st.facilities[seat] = row[:slot] + (stack,) + row[slot + 1:]


def worker_name(st: WitchState, seat: int, w: int) -> str:
    return f"{seat_label(seat)}-{st.rules.ranks[w]}"
