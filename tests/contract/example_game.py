"""High Card (ハイカード): the smallest complete game written the one way, for the contract suite.

Each round every seat draws a hidden card (chance), then in turn keeps it or spends a
redraw; at the showdown the highest card scores. It shows every part a real game has:
Params from metadata, a Phase enum and FLOW tasks, a chance step, a decision (with a
single option applied at once when no redraw is left), hidden events with public texts,
observation / determinize, the JSON form, ``check_state`` and its own rules table.
docs/ADDING_A_GAME.md walks through it. Registered only while the contract suite runs.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from designkit.core.action import Action
from designkit.core.cardtable import Column, Table
from designkit.core.flow import Flow, FlowGame, FlowState, ask, push, roll
from designkit.core.flow_dict import flow_from_dict, flow_to_dict
from designkit.core.game import rank_seats
from designkit.core.invariants import Violation, parse_checked
from designkit.core.params import Params, param
from designkit.core.seats import player_count, seat_label


@dataclass(frozen=True)
class HighCardParams(Params):
    game_name = "high_card"
    players: int = param(3, range=(2, 4), rule="HC-1", help="Number of players")
    rounds: int = param(3, range=(1, 5), rule="HC-1", help="Rounds in a game")
    top_card: int = param(6, range=(2, 9), rule="HC-2", help="Cards are numbered 1 to this")
    redraws: int = param(1, range=(0, 2), rule="HC-3", help="Redraws per seat and game")


class Phase(enum.IntEnum):
    RUN = 0
    DRAW = 1     # chance: the card a seat draws
    CHOOSE = 2   # a seat keeps its card or redraws
    OVER = 3


FLOW = Flow(Phase)


class HighCardAction(Action):
    __slots__ = ()
    TEXT_EN = {"keep": lambda a: "keep the card", "redraw": lambda a: "redraw"}
    TEXT_JA = {"keep": lambda a: "カードを残す", "redraw": lambda a: "引き直す"}


KEEP, REDRAW = HighCardAction("keep"), HighCardAction("redraw")


class HighCardState(FlowState):
    flow = FLOW
    params: HighCardParams
    cards: list[int | None]
    redraws: list[int]
    points: list[int]

    def clone(self) -> HighCardState:
        c = HighCardState.__new__(HighCardState)
        c.copy_flow(self)
        c.log = None if self.log is None else self.log[:]
        c.params, c.cards, c.redraws, c.points = (self.params, self.cards[:], self.redraws[:],
                                                 self.points[:])
        return c


# -- the turn, one rule per task -----------------------------------------------------------
@FLOW.task("round")
def _round(st: HighCardState, r: int) -> bool:
    seats = range(len(st.cards))
    push(st, *[("draw", s) for s in seats], *[("choose", s) for s in seats], ("showdown",),
         *([("round", r + 1)] if r < st.params.rounds else []))
    return False


@FLOW.task("draw")
def _draw(st: HighCardState, seat: int) -> bool:
    return roll(st, Phase.DRAW, (seat,), count=st.params.top_card)


@FLOW.chance(Phase.DRAW, lambda st: tuple(range(1, st.params.top_card + 1)), uniform=True)
def _drawn(st: HighCardState, card: int) -> None:
    seat = st.ctx[0]
    st.cards[seat] = card
    if st.log is not None:
        who = seat_label(seat)
        st.emit("HC-2", seat, f"{who} draws a {card}", f"{who}は{card}を引く",
                visible_to=(seat,), public=(f"{who} draws a card", f"{who}はカードを1枚引く"))


@FLOW.task("choose")
def _choose(st: HighCardState, seat: int) -> bool:
    return ask(st, Phase.CHOOSE, seat, (seat,))


@FLOW.decision(Phase.CHOOSE, lambda st: (KEEP, REDRAW) if st.redraws[st.ctx[0]] else (KEEP,))
def _chosen(st: HighCardState, a: HighCardAction) -> None:
    seat = st.ctx[0]
    if a == REDRAW:
        st.redraws[seat] -= 1
        push(st, ("draw", seat))
    if st.log is not None:
        who = seat_label(seat)
        st.emit("HC-3", seat, f"{who}: {a.describe()}", f"{who}：{a.describe('ja')}")


@FLOW.task("showdown")
def _showdown(st: HighCardState) -> bool:
    best = max(c for c in st.cards if c is not None)
    for seat, card in enumerate(st.cards):
        if card == best:
            st.points[seat] += 1
            if st.log is not None:
                who = seat_label(seat)
                st.emit("HC-4", seat, f"{who} shows the highest card, {card}: 1 point",
                        f"{who}は最高の{card}を見せて1点")
    st.cards = [None] * len(st.cards)
    return False


# -- the Game contract: what FlowGame does not know ---------------------------------------
RULES = Table("high_card", "rules.csv", (Column("rule_id", unique=True), Column("text_en"),
                                         Column("quote_ja")), dict)
RULES_CSV = Path(__file__).with_name("high_card_rules.csv")


class HighCardGame(FlowGame):
    name, title, title_ja = "high_card", "High Card", "ハイカード"
    params_type = HighCardParams
    flow, action_type = FLOW, HighCardAction
    tie_break_rules = ("HC-5",)
    VP_SOURCE_LABELS = {"showdowns": ("Showdowns won (HC-4)", "公開で勝った回数")}

    def new_state(self, params: Params | None = None, log: bool = True) -> HighCardState:
        p = params if isinstance(params, HighCardParams) else HighCardParams()
        st = HighCardState.__new__(HighCardState)
        st.init_flow()
        st.log, st.params = ([] if log else None), p
        n = player_count(p)
        st.cards, st.redraws, st.points = [None] * n, [p.redraws] * n, [0] * n
        self.start(st, ("round", 1))
        return st

    def scores(self, st: HighCardState) -> list[float]:  # type: ignore[override]
        return [float(p) for p in st.points]

    def vp_sources(self, st: HighCardState, seat: int) -> dict[str, float]:  # type: ignore[override]
        return {"showdowns": float(st.points[seat])}

    def ranking(self, st: HighCardState) -> list[int]:  # type: ignore[override]
        return rank_seats(st.points, range(len(st.points)))   # HC-5: ties by seat order

    def observation(self, st: HighCardState, seat: int) -> dict[str, Any]:  # type: ignore[override]
        return {"seat": seat, "phase": st.phase.name, "to_move": st.seat,
                "card": st.cards[seat], "drawn": [c is not None for c in st.cards],
                "redraws": st.redraws[:], "points": st.points[:]}

    def determinize(self, st: HighCardState, seat: int,  # type: ignore[override]
                    rng: random.Random) -> HighCardState:
        c = st.clone()
        c.log = None
        c.cards = [card if q == seat or card is None else rng.randint(1, st.params.top_card)
                   for q, card in enumerate(st.cards)]
        return c

    def check_state(self, st: HighCardState) -> list[Violation]:  # type: ignore[override]
        top, most = st.params.top_card, st.params.redraws
        bad = [Violation("card_range", f"{seat_label(s)} holds {c}, not 1–{top}")
               for s, c in enumerate(st.cards) if c is not None and not 1 <= c <= top]
        bad += [Violation("redraws", f"{seat_label(s)} has {r} redraws, not 0–{most}")
                for s, r in enumerate(st.redraws) if not 0 <= r <= most]
        if sum(st.points) > st.params.rounds * len(st.points):
            bad.append(Violation("points", f"{sum(st.points)} points in {st.params.rounds} "
                                           "rounds"))
        return bad

    def view(self, st: HighCardState, seat: int | None = None,  # type: ignore[override]
             lang: str = "en") -> str:
        cards = [c if seat is None or q == seat else ("?" if c else "–")
                 for q, c in enumerate(st.cards)]
        return "<table>" + "".join(f"<tr><td>{seat_label(q)}</td><td>{c}</td><td>"
                                   f"{st.points[q]}</td></tr>" for q, c in enumerate(cards)) \
            + "</table>"

    def state_to_dict(self, st: HighCardState) -> dict[str, Any]:  # type: ignore[override]
        return {"params": st.params.to_dict(), "cards": st.cards[:],
                "redraws": st.redraws[:], "points": st.points[:], **flow_to_dict(st)}

    def state_from_dict(self, data: dict[str, Any], params: Params | None = None,
                        log: bool = True) -> HighCardState:
        """A malformed or impossible document is one ImpossibleState (``parse_checked``)."""
        return parse_checked(lambda: self._parse(data, log), self.check_state)

    def _parse(self, data: dict[str, Any], log: bool) -> HighCardState:
        st = self.new_state(HighCardParams.from_dict(data["params"]), log=False)
        st.cards, st.redraws, st.points = data["cards"][:], data["redraws"][:], data["points"][:]
        flow_from_dict(st, data, log=log)
        return st

    def hidden_zones(self, st: HighCardState,  # type: ignore[override]
                     seat: int) -> list[list[tuple[str | int, ...]]]:
        """The other seats' drawn cards (HC-2: a drawn card is hidden until the showdown).
        No ``components``: cards are drawn with replacement, nothing is conserved."""
        return [[("cards", q) for q, c in enumerate(st.cards) if q != seat and c is not None]]

    def rule_texts(self) -> dict[str, dict[str, str]]:
        return {r["rule_id"]: r for r in RULES.load(RULES_CSV)}


GAME = HighCardGame()
