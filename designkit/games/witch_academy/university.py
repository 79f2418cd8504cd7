"""The University (LW-7): first-in-first-out slots, Resource Exchange and Card Play.

Each University action is one decision: skip the rest, an exchange pair
(source → target, then the amount as a second small decision), or a card
from the hand. A Request's any-resource cost is paid one unit at a time, and
only where the player holds more than one kind does that become a choice.
The rule variant LW-V1 (``university_exchange`` off) takes the exchange away, so
the change list's addition can be weighed against the draft without it.
"""

from __future__ import annotations

from functools import cache

from designkit.core.flow import ask, push
from designkit.core.rows import put, without
from designkit.core.seats import seat_label
from designkit.games.witch_academy.actions import WitchAction, act, label
from designkit.games.witch_academy.cards import BASIC, RES_EN, RES_JA, RESOURCES, ops_text
from designkit.games.witch_academy.resolve import (
    add_vp,
    heal,
    payable,
    reduce_health,
    return_worker,
    use_action,
)
from designkit.games.witch_academy.state import (
    FLOW,
    RES_INDEX,
    UNIV,
    Phase,
    WitchState,
    set_facilities,
    set_familiars,
    worker_name,
)
from designkit.games.witch_academy.turn import trigger_tasks


@FLOW.task("place_univ")
def place_univ(st: WitchState, seat: int, w: int) -> bool:
    """LW-7.1: no push-out; when full, the rightmost (earliest) worker goes home unharmed."""
    p = st.params
    if st.log is not None:
        st.emit("LW-7.1", seat, f"{worker_name(st, seat, w)} (Health {st.health[seat][w]}) is "
                "placed at the University", f"{worker_name(st, seat, w)}を【大学】に配置",
                worker=w)
    if len(st.univ) >= p.slots():
        other, ow = st.univ[0]
        if st.log is not None:
            st.emit("LW-7.1", other, f"The University's {p.slots()} slots are full: the earliest "
                    f"worker {worker_name(st, other, ow)} returns to its owner's supply"
                    + (" with Health unchanged (LW-A21)" if not p.university_eject_health_loss
                       else ""), f"【大学】が満杯のため{worker_name(st, other, ow)}が手元へ戻る",
                    ejected=other)
        if p.university_eject_health_loss:
            reduce_health(st, other, ow, p.university_eject_health_loss, "LW-A21", "ejected")
        return_worker(st, other, ow, "LW-7.1")
    st.univ.append((seat, w))
    put(st.loc, seat, w, UNIV)
    st.acting = (seat, w, UNIV)
    st.actions_left = st.rules.actions[w]
    if st.log is not None:
        queue = ", ".join(worker_name(st, s, x) for s, x in st.univ)
        st.emit("LW-5.3", seat, f"University slots (earliest first): [{queue}]; the "
                f"{st.rules.ranks[w]} gives {st.actions_left} action(s)",
                f"【大学】：[{queue}]、アクション回数{st.actions_left}回", n=st.actions_left)
        if not p.university_exchange:
            st.emit("LW-V1", seat, "Variant: the University offers no Resource Exchange; "
                    "each action is a Card Play or skipped", "バリアント：【大学】に資源交換は"
                    "なく、アクションは手札使用のみ", n=st.actions_left)
    push(st, *trigger_tasks(st, seat, "on_place_univ", w),
         *trigger_tasks(st, seat, "on_place_any", w), ("univ_action", seat, w))
    return False


@FLOW.task("univ_action")
def univ_action(st: WitchState, seat: int, w: int) -> bool:
    if st.actions_left <= 0:
        return False
    return ask(st, Phase.UNIV, seat, (seat, w))


def playable(st: WitchState, seat: int, w: int, e: int) -> bool:
    card = st.rules.events[e]
    if card.type == "request":
        return st.total_res(seat) >= card.cost   # LW-7.5: you cannot play it if you cannot pay
    if card.type == "familiar":
        return card.die in st.rules.ranks
    if card.type == "magic":
        return payable(st, seat, w, card.effect)
    return True


@cache
def _exchanges(held: tuple[bool, ...]) -> tuple[WitchAction, ...]:
    """The exchange pairs (LW-7.3) of the resources ``held`` (one flag per resource): a
    held source for each other basic colour; the same few tuples for every question."""
    return tuple(act("exchange", (src, tgt)) for i, src in enumerate(RESOURCES) if held[i]
                 for tgt in BASIC if tgt != src)


def _univ_options(st: WitchState) -> tuple[WitchAction, ...]:
    """Exchange pairs (LW-7.3; none under the variant LW-V1), playable cards, or stop."""
    seat, w = st.ctx
    held = st.res[seat]
    out = _exchanges(tuple(map(bool, held))) if st.params.university_exchange else ()
    ev = st.rules.events
    seen: dict[str, WitchAction] = {}
    for e in st.hands[seat]:
        if playable(st, seat, w, e):
            seen.setdefault(ev[e].id, act("play", ev[e].id))
    return (*out, *sorted(seen.values()), act("end"))


def _univ_several(st: WitchState) -> bool:
    """With the exchange on and anything held, a University question offers at least three
    exchanges and ``end``: never forced, so its options wait until read (a greedy
    lookahead's leaf never reads them)."""
    return bool(st.params.university_exchange and any(st.res[st.ctx[0]]))


@FLOW.decision(Phase.UNIV, _univ_options, several=_univ_several)
def _univ_chosen(st: WitchState, a: WitchAction) -> None:
    """LW-7.2: each action is an exchange or a card play; an action may be skipped."""
    seat, w = st.ctx
    if not use_action(st, seat, a, "LW-7.2", "University action(s)"):
        return
    if a.kind == "exchange":
        push(st, ("exchange", seat, a.arg[0], a.arg[1]), ("univ_action", seat, w))
    else:
        e = st.rules.event_index[a.arg]
        st.hands[seat] = without(st.hands[seat], e)
        push(st, ("play_card", seat, w, e), ("univ_action", seat, w))


@FLOW.task("exchange")
def exchange(st: WitchState, seat: int, src: str, tgt: str) -> bool:
    return ask(st, Phase.AMOUNT, seat, (seat, src, tgt))


def _amounts(st: WitchState) -> tuple[WitchAction, ...]:
    seat, src, _ = st.ctx
    return tuple(act("amount", k) for k in range(1, st.res[seat][RES_INDEX[src]] + 1))


def _amounts_several(st: WitchState) -> bool:
    """Two or more of the source held: a choice of amounts, built when read."""
    seat, src, _ = st.ctx
    return st.res[seat][RES_INDEX[src]] >= 2


def exchanged_row(held: tuple[int, ...], src: str, tgt: str, k: int) -> tuple[int, ...]:
    """LW-7.3: a seat's resources ``held`` after ``k`` of ``src`` went for ``k`` of ``tgt``
    (the greedy bot's lookahead values a forced exchange by it, without a clone)."""
    row = list(held)
    row[RES_INDEX[src]] -= k
    row[RES_INDEX[tgt]] += k
    return tuple(row)


@FLOW.decision(Phase.AMOUNT, _amounts, several=_amounts_several)
def _exchanged(st: WitchState, a: WitchAction) -> None:
    """LW-7.3: one type held, 1:1, into one other type that is not Elixir (LW-A34)."""
    seat, src, tgt = st.ctx
    st.res[seat] = exchanged_row(st.res[seat], src, tgt, a.arg)
    if st.log is not None:   # LW-A34: Elixir may be given (1 E → 1 basic), never received
        st.emit("LW-A34" if src == "E" else "LW-7.3", seat,
                f"{seat_label(seat)} exchanges {a.arg} {RES_EN[src]} for {a.arg} {RES_EN[tgt]}"
                + (" (Elixir may be exchanged away, never for)" if src == "E" else ""),
                f"{seat_label(seat)}は{RES_JA[src]}{a.arg}個を{RES_JA[tgt]}と交換",
                src=src, tgt=tgt, n=a.arg)


@FLOW.task("play_card")
def play_card(st: WitchState, seat: int, w: int, e: int) -> bool:
    """LW-7.4: play one card from the hand (the only way to play event cards, LW-A26)."""
    card = st.rules.events[e]
    if st.log is not None:
        st.emit("LW-7.4", seat, f"{seat_label(seat)} plays {label(card.id)} ({card.type})",
                f"{seat_label(seat)}は{label(card.id, 'ja')}をプレイ", card=card.id)
    if card.type == "request":
        if st.log is not None:
            st.emit("LW-7.5", seat, f"Request: pay {card.cost} resources of any types for "
                    f"{card.vp} VP", f"依頼：好きな資源{card.cost}個を支払い{card.vp}VP")
        push(st, *[("pay1", seat, "ANYRES", "LW-7.5")] * card.cost, ("request_done", seat, e))
    elif card.type == "familiar":
        _familiar(st, seat, e)
    elif card.type == "magic":
        if st.log is not None:
            st.emit("LW-7.7", seat, f"Magic: {ops_text(card.effect)}, then discarded",
                    f"魔法：{ops_text(card.effect, 'ja')}（効果適用後は捨て札）")
        st.ev_discard += (e,)
        push(st, *[("fx", seat, w, op, "LW-7.7") for op in card.effect])
    else:
        push(st, ("facility", seat, e))
    return False


@FLOW.task("request_done")
def request_done(st: WitchState, seat: int, e: int) -> bool:
    card = st.rules.events[e]
    st.ev_discard += (e,)
    add_vp(st, seat, card.vp, 1, "LW-7.5", f"Request {card.id}", f"依頼{card.id}")
    return False


def familiar_placed(st: WitchState, seat: int, e: int) -> tuple[int, tuple[int, ...], int | None]:
    """LW-7.6 without the state changed: the worker familiar ``e`` upgrades, that worker's
    familiars after it (a full row covers its oldest) and the covered card, if any (the
    greedy bot's lookahead values a familiar's play by it, without a clone)."""
    w = st.rules.ranks.index(st.rules.events[e].die)
    slots = st.familiars[seat][w]
    covered = None
    if len(slots) >= st.params.familiar_slots:
        covered, slots = slots[0], slots[1:]
    return w, slots + (e,), covered


def _familiar(st: WitchState, seat: int, e: int) -> None:
    """LW-7.6: the die's worker is upgraded and fully restored; a new familiar covers the old."""
    card = st.rules.events[e]
    w, slots, covered = familiar_placed(st, seat, e)
    if covered is not None:
        st.ev_discard += (covered,)
    set_familiars(st, seat, w, slots)
    if st.log is not None:
        old = f"; it covers {label(st.rules.events[covered].id)}, whose skill stops" \
            if covered is not None else ""
        st.emit("LW-7.6", seat, f"Familiar {label(card.id)} upgrades the {card.die}{old}",
                f"使い魔{label(card.id, 'ja')}で{card.die}をアップグレード", card=card.id)
    heal(st, seat, w, None, "LW-A24" if covered is not None else "LW-7.6")


@FLOW.task("facility")
def facility(st: WitchState, seat: int, e: int) -> bool:
    """LW-7.8, LW-A23: same name stacks; else a free slot; else the owner covers one."""
    slot = facility_slot(st, seat, e)
    if slot is None:
        return ask(st, Phase.FACILITY, seat, (seat, e))
    if slot < len(st.facilities[seat]):
        _put_facility(st, seat, e, slot, "LW-7.8", "stacks on the facility of the same name")
    else:
        set_facilities(st, seat, slot, ())
        _put_facility(st, seat, e, slot, "LW-7.8", "goes into a free slot")
    return False


def facility_slot(st: WitchState, seat: int, e: int) -> int | None:
    """LW-7.8 without the state changed: the slot facility ``e`` goes to, the stack of the
    same name, else a free one (one past the last); ``None`` when every slot is taken by
    another name and the owner chooses one to cover (LW-A23). The greedy bot's lookahead
    values a facility's play by it, without a clone."""
    stacks = st.facilities[seat]
    ev = st.rules.events
    name = ev[e].facility
    for i, stack in enumerate(stacks):
        if ev[stack[-1]].facility == name:
            return i
    return len(stacks) if len(stacks) < st.params.facility_slots else None


def _put_facility(st: WitchState, seat: int, e: int, slot: int, rule: str, how: str) -> None:
    set_facilities(st, seat, slot, st.facilities[seat][slot] + (e,))
    if st.log is not None:
        level = st.active_facilities(seat)[slot]
        st.emit(rule, seat, f"{label(st.rules.events[e].id)} {how} (slot {slot + 1}); effective: "
                f"{level.name_en} {level.number}", f"{label(st.rules.events[e].id, 'ja')}を"
                f"スロット{slot + 1}に置く", slot=slot)


def _cover_options(st: WitchState) -> tuple[WitchAction, ...]:
    return tuple(act("cover", i) for i in range(len(st.facilities[st.ctx[0]])))


@FLOW.decision(Phase.FACILITY, _cover_options)
def _covered(st: WitchState, a: WitchAction) -> None:
    seat, e = st.ctx
    _put_facility(st, seat, e, a.arg, "LW-A23", "covers a stack, which stops working for good")
