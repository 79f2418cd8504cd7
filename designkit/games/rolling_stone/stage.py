"""Stage start (LR-4) and round start (LR-5): dream discards, events, the common field, order.

Each stage pushes its own steps: the simultaneous dream discard, the three
events laid out left to right (in the order of LR-A33), its rounds and its end.
Each round pushes the field draws, the order selection from the start player
clockwise, the turns in slot order, the event and the round end.
"""

from __future__ import annotations

import random
from typing import Any

from designkit.core import rows
from designkit.core.flow import draw_task, push, roll
from designkit.core.seats import seat_label
from designkit.games.rolling_stone import resolve
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.album import card_en, card_ja
from designkit.games.rolling_stone.setup import hand_choice, reveal_pending
from designkit.games.rolling_stone.state import (
    FLOW,
    STAGE_NAMES,
    Phase,
    RollingStoneState,
)

_BONUS_EN = {"none": "no bonus", "move_die": "move a die one face", "start_marker":
             "take the start player marker", "power": "gain power"}
_BONUS_JA = {"none": "ボーナスなし", "move_die": "サイコロ１個を１面分動かす",
             "start_marker": "スタートプレイヤーマーカーを得る", "power": "パワーを得る"}


# -- LR-4: stage start ----------------------------------------------------------------------------------
def stage_label(stage: int) -> tuple[str, str]:
    en, ja = STAGE_NAMES.get(stage, (f"Stage {stage}", f"ステージ{stage}"))
    return en, ja


@FLOW.task("stage")
def start_stage(st: RollingStoneState, stage: int) -> bool:
    """LR-3.1 / LR-4: a new stage; dream discards, then its events (LR-A33)."""
    p = st.params
    ended = [(s, d) for s in range(st.n) for d in st.active[s]]
    st.stage, st.round = stage, 0
    resolve.refresh_active(st)
    if st.log is not None:
        en, ja = stage_label(stage)
        st.emit("LR-3.1", None, f"Stage {stage} of {p.stages} ({en} / {ja}) begins: "
                f"{p.rounds_per_stage} rounds", f"ステージ{stage}（{ja}）開始："
                f"{p.rounds_per_stage}ラウンド", stage=stage)
        for s, d in ended:
            if d not in st.active[s]:
                dream = st.rules.dreams[d]
                st.emit("LR-A9", s, f"{seat_label(s)}'s skill {dream.name('en')} ends with its "
                        "stage", f"{seat_label(s)}のスキル{dream.name('ja')}の効果は終了")
    discards: list[tuple[Any, ...]] = [
        ("discard", s) for _ in range(p.dreams_discarded_per_stage) for s in range(st.n)]
    if discards:
        discards.append(("discard_reveal",))
    k = min(p.events_used_per_stage, len(st.event_pool[stage]))
    events: list[tuple[Any, ...]] = [("event_draw", stage)] * k + [("events_shown", stage)]
    first = events + discards if p.events_revealed_before_discard else discards + events
    push(st, *first, *[("round", r) for r in range(1, p.rounds_per_stage + 1)],
         ("stage_end", stage))
    return False


FLOW.ask_task("discard", Phase.DISCARD, skip=lambda st, seat: not st.hands[seat])


def _become_skill(st: RollingStoneState, seat: int, d: int) -> None:
    rows.append(st.skills, seat, (st.stage, d))
    if st.log is not None:
        dream = st.rules.dreams[d]
        st.emit("LR-4.1", seat, f"{seat_label(seat)} gives up the dream {dream.name('en')}; "
                f"its skill works this stage: {dream.skill_text}",
                f"{seat_label(seat)}はドリーム{dream.name('ja')}を諦めて捨てる。このステージの間"
                f"スキルが有効：{dream.skill_text_ja or dream.skill_text}", dream=dream.id)


def _give_up(st: RollingStoneState, seat: int, d: int) -> None:
    _become_skill(st, seat, d)
    resolve.refresh_active(st)


hand_choice(Phase.DISCARD, "discard", "secretly chooses a dream to give up",
            "revealed when all have chosen", "は捨てるドリームカードを伏せて選ぶ", _give_up)


@FLOW.task("discard_reveal")
def reveal_discards(st: RollingStoneState) -> bool:
    reveal_pending(st, _become_skill)
    resolve.refresh_active(st)
    return False


#: ("event_draw", stage): one of that stage's events from its pool into the row (LR-4.4)
draw_task(FLOW, "event_draw", Phase.EVENT, cards=lambda st: st.rules.events,
          index=lambda st: st.rules.event_index, pool=lambda st: st.event_pool[st.ctx[0]],
          into=lambda st: st.events_row, stream=lambda st: f"events stage {st.ctx[0]}")


@FLOW.task("events_shown")
def show_events(st: RollingStoneState, stage: int) -> bool:
    """LR-4.4: this stage's events face up, left to right; the rest leave unseen."""
    if st.log is not None:
        events = st.rules.events
        row = ", ".join(events[e].name("en") for e in st.events_row)
        row_ja = "、".join(events[e].name("ja") for e in st.events_row)
        left = len(st.event_pool[stage])
        st.emit("LR-4.4", None, f"Events of stage {stage}, left to right: {row or 'none'}"
                + (f"; {left} removed unseen" if left else ""),
                f"ステージ{stage}のイベント（左から）：{row_ja or 'なし'}"
                + (f"。残り{left}枚は見ずに取り除く" if left else ""),
                events=[events[e].id for e in st.events_row])
    return False


# -- LR-5: round start ------------------------------------------------------------------------------------
@FLOW.task("round")
def start_round(st: RollingStoneState, r: int) -> bool:
    """LR-5: the common field, then order selection from the start player clockwise."""
    p = st.params
    st.round = r
    st.slot_of = [None] * st.n
    if st.log is not None:
        overall = (st.stage - 1) * p.rounds_per_stage + r
        st.emit("LR-3.2", None, f"Stage {st.stage}, round {r} (round {overall} of "
                f"{p.stages * p.rounds_per_stage})", f"ステージ{st.stage}・ラウンド{r}"
                f"（全{p.stages * p.rounds_per_stage}ラウンド中{overall}）", stage=st.stage,
                round=r)
    marker = st.marker
    assert marker is not None  # LR-2.6 gave the start marker at set-up
    seats = [(marker + i) % st.n for i in range(st.n)]
    push(st, *[("field_draw",)] * p.field_size(), ("field_shown",),
         *[("order", s) for s in seats], ("main",), ("event_phase",), ("round_end",))
    return False


@FLOW.task("field_draw")
def draw_field(st: RollingStoneState) -> bool:
    if not st.decks[st.stage]:
        return False
    return roll(st, Phase.DRAW, ("field", None), len(st.decks[st.stage]))


def _deck_ids(st: RollingStoneState) -> list[str]:
    album_card = st.rules.album_card
    return [album_card(c).id for c in st.decks[st.stage]]


def _draw_one(st: RollingStoneState, rng: random.Random) -> str:
    """The same card as ``_deck_ids(st)[rng.randrange(n)]``, without building the list."""
    deck = st.decks[st.stage]
    return st.rules.album_card(deck[rng.randrange(len(deck))]).id


@FLOW.chance(Phase.DRAW, _deck_ids, uniform=True, sample=_draw_one,
             stream=lambda st: f"album stage {st.stage}")
def _drawn(st: RollingStoneState, card_id: str) -> None:
    card = st.rules.card_index[card_id]
    st.decks[st.stage].remove(card)
    purpose, seat = st.ctx
    if purpose == "field":
        st.field.append(card)
        return
    if st.log is not None:
        st.emit("LR-6.4", seat, f"Repeat: {seat_label(seat)} draws {card_en(st, card)} "
                f"{card_facts(st, card)} from the stage deck",
                f"リピート：{seat_label(seat)}はステージ山から{card_ja(st, card)}を引く",
                card=card_id)
    push(st, ("place", seat, card_id, "repeat"))


def card_facts(st: RollingStoneState, card: int) -> str:
    c = st.rules.album_card(card)
    bits = ["/".join(c.attrs)] + (["person"] if c.person else []) + (
        ["★" * c.stars] if c.stars else [])
    return "(" + ", ".join(bits) + ")"


@FLOW.task("field_shown")
def show_field(st: RollingStoneState) -> bool:
    """LR-5.1: N cards from the stage deck, face up (an empty deck skips draws, LR-A23)."""
    if st.log is not None:
        cards = ", ".join(f"{card_en(st, c)} {card_facts(st, c)}" for c in st.field)
        cards_ja = "、".join(card_ja(st, c) for c in st.field)
        st.emit("LR-5.1", None, f"Common field: {cards or 'empty (the deck is out)'}; "
                f"{len(st.decks[st.stage])} cards left in the stage deck",
                f"【共通場】：{cards_ja or 'なし'}（山札残り{len(st.decks[st.stage])}枚）",
                field=[st.rules.card_id(c) for c in st.field])
    return False


FLOW.ask_task("order", Phase.ORDER)


_SLOTS = tuple(Action("slot", i) for i in range(10))


def _free_slots(st: RollingStoneState) -> tuple[Action, ...]:
    return tuple(_SLOTS[i + 1] for i, s in enumerate(st.board) if s is None)


@FLOW.decision(Phase.ORDER, _free_slots)
def _choose_slot(st: RollingStoneState, a: Action) -> None:
    """LR-5.2: the pawn goes on an empty numbered slot."""
    seat, slot = st.ctx[0], a.arg
    st.board[slot - 1] = seat
    st.slot_of[seat] = slot
    bonus = st.rules.bonus[slot - 1]
    if st.log is not None:
        st.emit("LR-5.2", seat, f"{seat_label(seat)} puts the pawn on order slot {slot} "
                f"({_BONUS_EN[bonus]})", f"{seat_label(seat)}はポーンをオーダー「{slot}」に置く"
                f"（{_BONUS_JA[bonus]}）", slot=slot)
    if st.params.order_bonus_timing == "on_selection":
        push(st, ("bonus", seat, slot))


@FLOW.task("main")
def main_phase(st: RollingStoneState) -> bool:
    """LR-5.3 / LR-6.1: turns in ascending slot number."""
    order = [s for _, s in sorted((slot, s) for s, slot in enumerate(st.slot_of)
                                  if slot is not None)]   # slots are distinct (LR-5.2)
    if st.log is not None:
        text = ", ".join(f"{seat_label(s)} ({st.slot_of[s]})" for s in order)
        st.emit("LR-5.3", None, f"Turn order this round: {text}", f"このラウンドの手番順：{text}")
    push(st, *[("turn", s) for s in order])
    return False
