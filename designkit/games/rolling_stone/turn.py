"""A turn (LR-6), the event phase (LR-9), round end (LR-10) and stage end (LR-11.2).

A turn takes the pawn back, applies the order bonus and the turn-start skills,
then the common-field card and the repeat draw, each placed through LR-7
(:mod:`album`), then the turn-end skills.
"""

from __future__ import annotations

from typing import Any

from designkit.core.flow import push, roll
from designkit.core.seats import seat_label
from designkit.games.rolling_stone import resolve
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.album import card_en, card_ja, gain_power
from designkit.games.rolling_stone.stage import card_facts
from designkit.games.rolling_stone.state import (
    FLOW,
    Phase,
    RollingStoneState,
)


# -- LR-6: a turn ---------------------------------------------------------------------------------------
@FLOW.task("turn")
def start_turn(st: RollingStoneState, seat: int) -> bool:
    """LR-6.2: take the pawn back, apply the order bonus, then pick, place and repeat."""
    p = st.params
    st.current = seat
    st.turn_no += 1
    slot = st.slot_of[seat]
    assert slot is not None  # LR-5.2: every seat took an order slot this round
    st.board[slot - 1] = None
    if st.log is not None:
        st.emit("LR-6.2", seat, f"{seat_label(seat)}'s turn: takes the pawn back from slot {slot}",
                f"{seat_label(seat)}の手番：オーダー「{slot}」からポーンを戻す", slot=slot)
    tasks: list[tuple[Any, ...]] = []
    if p.order_bonus_timing == "turn_start":
        tasks.append(("bonus", seat, slot))
    trig = st.trig[seat]
    if "on_order_slot" in trig:
        tasks.append(("skills", seat, "on_order_slot", slot))
    if "turn_start" in trig:
        tasks.append(("skills", seat, "turn_start"))
    tasks += [("pick", seat)] * p.cards_from_common_per_turn
    tasks += [("repeat", seat)] * p.repeat_draws_per_turn
    if "turn_end" in trig:
        tasks.append(("skills", seat, "turn_end"))
    tasks.append(("turn_end", seat))
    push(st, *tasks)
    return False


@FLOW.task("bonus")
def order_bonus(st: RollingStoneState, seat: int, slot: int) -> bool:
    """LR-6.2: the bonus of the chosen slot (none / move a die / marker / power)."""
    p = st.params
    kind = st.rules.bonus[slot - 1]
    if st.log is not None and not p.order_bonus_swap and slot in (2, 3) and kind != "none":
        st.emit("LR-V1", seat, f"Variant: bonuses 2 and 3 swapped back, slot {slot} gives "
                f"{kind.replace('_', ' ')}", f"バリアント：基本効果２と３を元に戻す"
                f"（「{slot}」）", slot=slot, bonus=kind)
    if kind == "move_die":
        if st.log is not None:
            st.emit("LR-6.2", seat, f"Order bonus of slot {slot}: {seat_label(seat)} may move one "
                    f"die {p.order_bonus_move_faces} face", f"オーダーボーナス「{slot}」："
                    f"{seat_label(seat)}はサイコロ１個を動かしてもよい")
        push(st, ("move", seat, p.order_bonus_move_faces, "bonus"))
    elif kind == "start_marker":
        if st.marker == seat:
            if st.log is not None:
                st.emit("LR-6.2", seat, f"Order bonus of slot {slot}: {seat_label(seat)} already "
                        "holds the start player marker", f"{seat_label(seat)}は既にスタート"
                        "プレイヤーマーカーを持っている")
        else:
            before = st.marker
            assert before is not None  # LR-2.6 gave the start marker at set-up
            st.marker = seat
            if st.log is not None:
                st.emit("LR-A22", seat, f"Order bonus of slot {slot}: {seat_label(seat)} takes "
                        f"the start player marker from {seat_label(before)}, at once",
                        f"オーダーボーナス「{slot}」：{seat_label(seat)}がスタートプレイヤー"
                        "マーカーを得る", before=before)
    elif kind == "power":
        gain_power(st, seat, p.order_bonus_power, "LR-6.2",
                   f"order bonus of slot {slot}" if st.log is not None else "",
                   f"オーダーボーナス「{slot}」" if st.log is not None else "")
    return False


FLOW.ask_task("pick", Phase.TAKE, skip=lambda st, seat: not st.field)


def _field_options(st: RollingStoneState) -> tuple[Action, ...]:
    cache = st.rules.actions
    out = []
    for c in st.field:
        a = cache.get(-c)  # negative keys: "take"; positive: "place"
        if a is None:
            a = cache[-c] = Action("take", st.rules.album_card(c).id)
        out.append(a)
    return tuple(out)


@FLOW.decision(Phase.TAKE, _field_options)
def _choose_pick(st: RollingStoneState, a: Action) -> None:
    """LR-6.3: one common-field card, placed at once (mandatory, LR-A26)."""
    seat = st.ctx[0]
    card = st.rules.card_index[a.arg]
    st.field.remove(card)
    if st.log is not None:   # LR-A26: the last player must take the one card left
        last = "" if st.field else " (the last one: taking it is mandatory)"
        st.emit("LR-6.3" if st.field else "LR-A26", seat, f"{seat_label(seat)} takes "
                f"{card_en(st, card)} {card_facts(st, card)} from the common field{last}",
                f"{seat_label(seat)}は【共通場】から{card_ja(st, card)}を取る"
                + ("" if st.field else "（最後の１枚、取るのは必須）"), card=a.arg)
    push(st, ("place", seat, a.arg, "field"))


@FLOW.task("repeat")
def repeat_draw(st: RollingStoneState, seat: int) -> bool:
    """LR-6.4: draw one card from the stage deck and place it the same way."""
    if not st.decks[st.stage]:
        if st.log is not None:
            st.emit("LR-A23", seat, f"The stage deck is empty: {seat_label(seat)}'s repeat draw "
                    "is skipped", f"山札が尽きているため{seat_label(seat)}のリピートは行わない")
        return False
    return roll(st, Phase.DRAW, ("repeat", seat), len(st.decks[st.stage]))


@FLOW.task("turn_end")
def end_turn(st: RollingStoneState, seat: int) -> bool:
    """LR-6.5: the next player in slot order takes a turn."""
    st.current = None
    if st.log is not None:
        st.emit("LR-6.5", seat, f"{seat_label(seat)}'s turn ends: {st.power[seat]} power, "
                f"{st.placed[seat]} album cards, dice {_dice_text(st, seat)}",
                f"{seat_label(seat)}の手番終了")
    return False


def _dice_text(st: RollingStoneState, seat: int) -> str:
    return " ".join(f"{c}{t}" for c, t in zip(st.rules.colours, st.tops(seat), strict=True))


# -- LR-9, LR-10: events and round end ---------------------------------------------------------------------
@FLOW.task("event_phase")
def resolve_event(st: RollingStoneState) -> bool:
    """LR-9.1: the leftmost event resolves and leaves the game; ties all apply (LR-9.2)."""
    if not st.events_row:
        if st.log is not None:
            st.emit("LR-9.1", None, "No event card is left for this round",
                    "このラウンドのイベントはない")
        return False
    e = st.events_row.pop(0)
    st.events_done.append(e)
    event = st.rules.events[e]
    chosen = resolve.select(st, event.select)
    if st.log is not None:
        st.emit("LR-9.1", None, f"Event {event.name('en')}: {event.text_en}",
                f"イベント{event.name('ja')}：{event.text_ja or event.text_en}", event=event.id,
                chosen=chosen)
        names = ", ".join(seat_label(s) for s in chosen)
        if not chosen:
            st.emit("LR-A12", None, "Nobody qualifies, so nothing happens",
                    "条件を満たすプレイヤーがいないので何も起きない")
        elif len(chosen) > 1 and event.select[0] in ("max", "min"):
            st.emit("LR-9.2", None, f"{names} tie, so the event applies to all of them",
                    f"{names}が同着のため全員に適用する", chosen=chosen)
    src = f"event:{event.id}"
    push(st, *[("fx", s, op, src) for s in chosen for op in event.effect])
    return False


@FLOW.task("round_end")
def end_round(st: RollingStoneState) -> bool:
    """LR-10.1: the round ends (a variant's leftover field cards leave the game)."""
    left = len(st.field)
    if left:
        st.removed.extend(st.field)
        st.field = []
    if st.log is not None:
        st.emit("LR-10.1", None, f"Round {st.round} of stage {st.stage} ends"
                + (f"; the {left} cards left in the common field leave the game" if left else ""),
                f"ステージ{st.stage}・ラウンド{st.round}終了", removed=left)
    return False


@FLOW.task("stage_end")
def end_stage(st: RollingStoneState, stage: int) -> bool:
    """LR-11.2 then LR-11 (after the stages that have one); the last stage ends with LR-12."""
    p = st.params
    deck = st.decks[stage]
    if deck and stage < p.stages:
        removed = p.discard_leftover_deck_at_mid_settlement
        if removed:
            st.removed.extend(deck)
        else:
            st.decks[stage + 1].extend(deck)
        st.decks[stage] = []
        if st.log is not None and removed:
            st.emit("LR-11.2", None, f"The {len(deck)} cards left in the stage-{stage} deck "
                    "leave the game", f"ステージ{stage}の山札の残り{len(deck)}枚を取り除く",
                    cards=len(deck))
        elif st.log is not None:
            st.emit("LR-11.2", None, f"The {len(deck)} cards left in the stage-{stage} deck "
                    "join the next deck", f"ステージ{stage}の山札の残り{len(deck)}枚を次の山に加える",
                    cards=len(deck))
    if stage in st.rules.mid_stages:
        push(st, ("mid", stage))
    return False
