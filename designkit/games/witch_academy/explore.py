"""Areas and exploration (LW-6): the order of resolution after a placement on an Area.

LW-6.1: push-out, then the Area bonus (round 2 on, optional), then each action
(one exploration card of this Area, optionally its Extra Stage), then the
rotation, once per placement even with no action used (LW-A7).
"""

from __future__ import annotations

from designkit.core.flow import ask, push
from designkit.core.rows import pop_first, put
from designkit.games.witch_academy.actions import WitchAction, act, label
from designkit.games.witch_academy.cards import Op, ops_text
from designkit.games.witch_academy.resolve import (
    can_pay_health,
    pay_health,
    payable,
    use_action,
)
from designkit.games.witch_academy.state import FLOW, Phase, WitchState, worker_name
from designkit.games.witch_academy.turn import push_out, trigger_tasks


def bonus_ops(st: WitchState, pos: int) -> tuple[Op, ...]:
    """LW-6.2, LW-A31: no bonus before ``area_bonus_from_round``; round 3 on uses r3."""
    if st.year < st.params.area_bonus_from_round:
        return ()
    area = st.rules.areas[st.areas[pos]]
    return area.r2 if st.year <= 2 else area.r3


@FLOW.task("place_area")
def place_area(st: WitchState, seat: int, w: int, pos: int) -> bool:
    area = st.rules.areas[st.areas[pos]]
    if st.log is not None:
        me, hp, occ = worker_name(st, seat, w), st.health[seat][w], st.occupant[pos]
        if occ is None:
            st.emit("LW-5.1", seat, f"{me} (Health {hp}) is placed on {area.name_en}",
                    f"{me}（≪ヘルス≫{hp}）を{area.name_ja}に配置", worker=w, area=area.id)
        else:   # LW-A22: an Area holds one worker, so the one there must be pushed out
            other = worker_name(st, *occ)
            st.emit("LW-A22", seat, f"{me} (Health {hp}) is placed on {area.name_en}, held by "
                    f"{other}: an Area holds one worker, so {other} must be pushed out",
                    f"{me}（≪ヘルス≫{hp}）を{other}のいる{area.name_ja}に配置：エリアには"
                    "ワーカー１個のみなので押し出す", worker=w, area=area.id)
    pushed = push_out(st, seat, w, pos) if st.occupant[pos] is not None else []
    st.occupant[pos] = (seat, w)
    put(st.loc, seat, w, pos)
    st.acting = (seat, w, pos)
    st.actions_left = st.rules.actions[w]
    if st.log is not None:
        st.emit("LW-6.1", seat, f"Resolve: push-out, bonus, then actions — the "
                f"{st.rules.ranks[w]} gives {st.actions_left} action(s)",
                f"アクション回数{st.actions_left}回", n=st.actions_left)
    push(st, *pushed, *trigger_tasks(st, seat, "on_place_area", w),
         *trigger_tasks(st, seat, "on_place_any", w), ("area_bonus", seat, w, pos),
         ("explore", seat, w, pos), ("rotate", pos))
    return False


@FLOW.task("area_bonus")
def area_bonus(st: WitchState, seat: int, w: int, pos: int) -> bool:
    ops = bonus_ops(st, pos)
    if not ops:
        return False
    return ask(st, Phase.BONUS, seat, (seat, w, pos))


def _bonus_options(st: WitchState) -> tuple[WitchAction, ...]:
    seat, w, pos = st.ctx
    if payable(st, seat, w, bonus_ops(st, pos)):
        return (act("bonus", True), act("bonus", False))
    return (act("bonus", False),)


@FLOW.decision(Phase.BONUS, _bonus_options)
def _bonus(st: WitchState, a: WitchAction) -> None:
    seat, w, pos = st.ctx
    ops = bonus_ops(st, pos)
    if st.log is not None:
        area = st.rules.areas[st.areas[pos]]
        # LW-A31: round 3 uses the round-3 effect, not round 2's (nor both)
        which = "round-3" if st.year > 2 else "round-2"
        st.emit("LW-A31" if st.year > 2 else "LW-6.2", seat,
                f"Area bonus of {area.name_en} in round {st.year} (its {which} effect): "
                f"{ops_text(ops)} — {'applied' if a.arg else 'skipped'}",
                f"{area.name_ja}の追加効果（{3 if st.year > 2 else 2}ラウンド目の効果）："
                f"{ops_text(ops, 'ja')}—{'適用' if a.arg else '適用しない'}", applied=a.arg)
    if a.arg:
        push(st, *[("fx", seat, w, op, "LW-6.2") for op in ops])


@FLOW.task("explore")
def explore(st: WitchState, seat: int, w: int, pos: int) -> bool:
    if st.actions_left <= 0:
        return False
    return ask(st, Phase.EXPLORE, seat, (seat, w, pos))


def _explore_options(st: WitchState) -> tuple[WitchAction, ...]:
    seat, w, pos = st.ctx
    cards = st.rules.explore
    seen: dict[str, WitchAction] = {}
    for c in st.explore[pos]:
        if payable(st, seat, w, cards[c].base):
            seen.setdefault(cards[c].id, act("explore", cards[c].id))
    return (*seen.values(), act("end"))


@FLOW.decision(Phase.EXPLORE, _explore_options)
def _explored(st: WitchState, a: WitchAction) -> None:
    """LW-6.3: one action applies one card of this Area; any action may go unused (LW-A3)."""
    seat, w, pos = st.ctx
    if not use_action(st, seat, a, "LW-A3", "action(s)"):
        return
    c = st.rules.explore_index[a.arg]
    card = st.rules.explore[c]
    if st.log is not None:
        st.emit("LW-6.3", seat, f"Action: {label(a.arg)} — {ops_text(card.base)}",
                f"アクション：{label(a.arg, 'ja')}（{ops_text(card.base, 'ja')}）", card=a.arg)
    push(st, *[("fx", seat, w, op, "LW-6.3") for op in card.base], ("es_offer", seat, w, c),
         ("explore", seat, w, pos))


def es_cost(st: WitchState, seat: int, w: int, c: int) -> int:
    """LW-6.5 with a familiar's es_discount (minimum 1)."""
    card = st.rules.explore[c]
    discount = st.worker_passive(seat, w, "es_discount")
    return max(1, (card.es_health or 0) - discount) if discount else (card.es_health or 0)


@FLOW.task("es_offer")
def es_offer(st: WitchState, seat: int, w: int, c: int) -> bool:
    """LW-A8: the Extra Stage is optional, after the base effect, once per application."""
    card = st.rules.explore[c]
    if card.es_health is None or not can_pay_health(st, seat, w, es_cost(st, seat, w, c)):
        return False
    return ask(st, Phase.ES, seat, (seat, w, c))


def _es_options(st: WitchState) -> tuple[WitchAction, ...]:
    return (act("es", True), act("es", False))


@FLOW.decision(Phase.ES, _es_options)
def _es(st: WitchState, a: WitchAction) -> None:
    seat, w, c = st.ctx
    if not a.arg:
        return
    card = st.rules.explore[c]
    cost = es_cost(st, seat, w, c)
    if st.log is not None:   # LW-A8: after the base effect, once per application, optional
        less = (card.es_health or 0) - cost
        whose = ""
        if less:
            fam = max(st.familiar_cards(seat, w), key=lambda f: f.passive_value("es_discount"))
            whose = (f"; {worker_name(st, seat, w)}'s familiar {label(fam.id)} makes it cost "
                     f"{less} Health less")
        st.emit("LW-A8", seat, f"Extra Stage of {label(card.id)} after its base effect: "
                f"{ops_text(card.es)}{whose}", f"{label(card.id, 'ja')}のエキストラステージへ"
                f"進む：{ops_text(card.es, 'ja')}" + (f"（使い魔の効果で≪ヘルス≫{less}少なく）"
                                                    if less else ""), card=card.id)
    pay_health(st, seat, w, cost, "LW-6.5", "the Extra Stage")
    push(st, *[("fx", seat, w, op, "LW-6.5") for op in card.es])


@FLOW.task("rotate")
def rotate(st: WitchState, pos: int) -> bool:
    """LW-6.4: discard the outer card, insert a new inner one (per placement, LW-A7)."""
    k = min(st.params.exploration_rotation_per_placement, len(st.explore[pos]))
    tasks = []
    for _ in range(k):
        c = pop_first(st.explore, pos)
        st.ex_discard += (c,)
        if st.log is not None:
            area = st.rules.areas[st.areas[pos]]
            # LW-A7: once per placement on an Area, after the actions, even with none used
            st.emit("LW-A7", None, f"Rotation at {area.name_en} (once per placement, after "
                    f"the actions): the outer card {label(st.rules.explore[c].id)} is discarded",
                    f"{area.name_ja}の外側のカード{label(st.rules.explore[c].id, 'ja')}を"
                    "捨て札にする", card=st.rules.explore[c].id)
        tasks.append(("draw_explore", pos, "LW-6.4"))
    push(st, *tasks)
    return False
