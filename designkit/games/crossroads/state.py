"""Crossroads position: plain counts and lists, cheap to clone.

Hands, the deck and the discard pile are counts per printed number (the
identity of a card is its number), so legality checks are array lookups and a
clone copies a few short lists. The deck is an unordered pool plus ordered
``top``/``bottom`` lists for cards S2 put back, which is exactly what is
random and what is known.

The turn runs on the core flow (:mod:`designkit.core.flow`, tasks in
:mod:`designkit.games.crossroads.turn`): the context of a step (the pass's
receiver, a release's size, who may still declare, how many cards are left to
deal or discard) travels in the task's arguments and the question's ``ctx``,
so the fields below are the game itself and nothing else.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from operator import mul
from typing import Any

from designkit.core.flow import Flow, FlowState
from designkit.games.crossroads.params import CrossroadsParams
from designkit.games.crossroads.skills import Skill, load_skills


class Phase(enum.IntEnum):
    RUN = 0            # between questions (the flow is running tasks)
    START = 1          # chance: start player (CR-2.4)
    DEAL = 2           # chance: starting hands (CR-2.2)
    DRAW = 3           # chance: the turn's draw (CR-3.2)
    S2_CHOICE = 4      # active: use S2 or not (CR-7.2, CR-A7)
    S2_DRAW = 5        # chance: S2 draws
    S2_KEEP = 6        # active: which drawn card to keep
    ACT = 7            # active: release / hold / pass (CR-3.2)
    COMPOSE = 8        # releaser: which S4/S7 cards join the group (CR-7.4, CR-7.7)
    TAKE = 9           # active: take a skill or not (CR-6.2)
    RETURN = 10        # active: return a skill or not (CR-6.3)
    RECEIVE = 11       # receiver: release / hold / discard (CR-6.4, CR-7.6)
    DECLARE = 12       # candidate: declare the end or not (CR-8.1)
    DECLARE_DISCARD = 13  # declarer: discard one card of a number (CR-8.2)
    OVER = 14


#: the registry of Crossroads' tasks, decisions and chance steps (filled by :mod:`turn`)
FLOW = Flow(Phase)


@dataclass(frozen=True)
class Ruleset:
    """Params compiled for fast lookups: hook bitmasks, costs, deck composition."""

    params: CrossroadsParams
    skills: tuple[Skill, ...]
    index: dict[str, int]
    masks: dict[str, int]
    costs: tuple[int, ...]
    numbers: tuple[int, ...]
    size: int  # length of count arrays (max number + delta + 2)
    #: hot-path masks: S4 or S7 (compositions), S8 when it relaxes CR-4.4, S2, S6
    compose_mask: int = 0
    tie_mask: int = 0
    tie_always: bool = False
    s2_mask: int = 0
    s6_mask: int = 0
    s4_mask: int = 0
    s7_mask: int = 0
    #: ``range(size)``: each count's number, so a hand's sum is ``sum(map(mul, faces, hand))``
    #: with no range built per sum (the end step sums the active hand every turn)
    faces: range = range(0)
    #: immutable option tuples built once per key (pass targets per seat, takes per mask)
    options: dict[Any, Any] = field(default_factory=dict, compare=False)
    #: S4/S7 compositions per (trigger, skills, hand): :func:`release.compositions`' memo
    #: (bounded there; a pure function of its key under these params)
    compositions: dict[Any, Any] = field(default_factory=dict, compare=False)
    #: the same entries by (trigger, S4/S7 bits held, hand as it is): the memo's first,
    #: cheaper lookup (bounded there too)
    composed: dict[Any, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def compile(cls, params: CrossroadsParams) -> Ruleset:
        cached = params.__dict__.get("_ruleset")
        if cached is not None:
            return cached
        skills = load_skills()
        index = {s.id: i for i, s in enumerate(skills)}
        masks: dict[str, int] = {}
        for i, s in enumerate(skills):
            for h in s.hooks:
                masks[h.name] = masks.get(h.name, 0) | (1 << i)
        costs = tuple(params.skill_cost.get(s.id, s.cost) for s in skills)
        numbers = params.deck_numbers()
        size = max(params.numbers) + params.s7_delta + 2
        rules = cls(params, skills, index, masks, costs, numbers, size,
                    compose_mask=masks.get("release_copy_hand_number", 0)
                    | masks.get("release_shift_hand_number", 0),
                    tie_mask=masks.get("release_tie_allowed", 0)
                    if params.s8_comparison == "greater_or_equal" else 0,
                    tie_always=params.release_comparison == "greater_or_equal",
                    s2_mask=masks.get("draw_choose", 0),
                    s6_mask=masks.get("may_discard_passed", 0),
                    s4_mask=masks.get("release_copy_hand_number", 0),
                    s7_mask=masks.get("release_shift_hand_number", 0),
                    faces=range(size))
        object.__setattr__(params, "_ruleset", rules)
        return rules

    def mask(self, hook: str) -> int:
        return self.masks.get(hook, 0)


class CrossroadsState(FlowState):
    flow = FLOW
    __slots__ = ("rules", "n", "deck", "deck_n", "top", "bottom", "hands", "hand_n", "known",
                 "piles", "discard", "skills", "crossroads", "active",
                 "trigger", "s2_cards", "declarer", "took", "turn",
                 "ending", "end_reason", "final", "log", "params", "first_player",
                 "released", "top_owner", "bottom_owner")

    rules: Ruleset
    params: CrossroadsParams
    phase: Phase
    n: int
    deck: list[int]
    deck_n: int
    top: list[int]
    bottom: list[int]
    top_owner: list[int]
    bottom_owner: list[int]
    hands: list[list[int]]
    hand_n: list[int]
    known: list[list[int]]
    piles: list[dict[int, tuple[int, ...]]]
    discard: list[int]
    skills: list[int]
    crossroads: int
    active: int
    trigger: int | None
    #: cards S2 drew this turn, not yet kept or put back (CR-7.2)
    s2_cards: list[int]
    #: who declared the end (CR-8.1), for the discard and the view
    declarer: int | None
    #: skills the passer took during this pass (CR-6.3 returns only older ones; CR-A13)
    took: int
    turn: int
    ending: int | None
    end_reason: str | None
    final: tuple[float, ...] | None
    first_player: int | None
    released: list[int]

    def clone(self) -> CrossroadsState:
        c = self.clone_flow()
        c.deck = self.deck[:]
        c.deck_n = self.deck_n
        c.top, c.bottom = self.top[:], self.bottom[:]
        c.top_owner, c.bottom_owner = self.top_owner[:], self.bottom_owner[:]
        rows = list.copy   # map(list.copy, …): no comprehension frame per field
        c.hands = list(map(rows, self.hands))
        c.hand_n = self.hand_n[:]
        c.known = list(map(rows, self.known))
        c.piles = [p.copy() for p in self.piles]
        c.discard = self.discard[:]
        c.skills = self.skills[:]
        c.crossroads = self.crossroads
        c.active, c.trigger = self.active, self.trigger
        c.s2_cards = self.s2_cards[:]
        c.declarer, c.took = self.declarer, self.took
        c.turn, c.ending, c.end_reason = self.turn, self.ending, self.end_reason
        c.final = self.final
        c.first_player = self.first_player
        c.released = self.released[:]
        return c

    # -- small queries used by rules, view and bots ------------------------------------------
    def card(self) -> int:
        """The trigger card in play (CR-3.2): asked only while one is, from drawing it to the
        end step; none then is a broken flow, not a rule."""
        n = self.trigger
        if n is None:
            raise RuntimeError("no trigger card in play")
        return n

    def declaring(self) -> int:
        """The declarer (CR-8.1), asked only once someone declared."""
        seat = self.declarer
        if seat is None:
            raise RuntimeError("nobody declared")
        return seat

    def receiver(self) -> int | None:
        """The seat the trigger card was passed to (CR-6.1) while the pass is answered: the
        taking and returning of skills, the receiver's choice and its composition."""
        ph, ctx = self.phase, self.ctx
        if ph is Phase.TAKE or ph is Phase.RETURN or ph is Phase.RECEIVE:
            return int(ctx[0])
        if ph is Phase.COMPOSE and ctx[0] != self.active:
            return int(ctx[0])
        return None

    def deck_total(self) -> int:
        return self.deck_n + len(self.top) + len(self.bottom)

    def holds(self, seat: int, hook: str) -> bool:
        return bool(self.skills[seat] & self.rules.masks.get(hook, 0))

    def skill_ids(self, seat: int) -> list[str]:
        return [s.id for i, s in enumerate(self.rules.skills) if self.skills[seat] >> i & 1]

    def crossroads_ids(self) -> list[str]:
        return [s.id for i, s in enumerate(self.rules.skills) if self.crossroads >> i & 1]

    def hand_cards(self, seat: int) -> list[int]:
        return [x for x, k in enumerate(self.hands[seat]) for _ in range(k)]

    def hand_sum(self, seat: int) -> int:
        return sum(map(mul, self.rules.faces, self.hands[seat]))

    def groups(self, seat: int) -> dict[int, tuple[int, ...]]:
        return dict(sorted(self.piles[seat].items()))

    def pile_cards(self, seat: int) -> int:
        return sum(len(g) for g in self.piles[seat].values())

