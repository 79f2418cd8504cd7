"""Card effects (spec section 5.1) as flow tasks, and the Health and resource primitives.

Every compiled op runs as one ``("fx", seat, w, op, rule)`` task: ``w`` is the
acting worker (for SELF and pay_health), ``rule`` the rule that made the
effect happen (the card's, the Area bonus', a trigger's). Choices inside an
effect (a colour for ANY, a resource to pay, a legacy type, a worker) are
single small decisions.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from designkit.core.flow import ask, push
from designkit.core.rows import Rows, add, append, put, without
from designkit.core.seats import seat_label
from designkit.games.witch_academy.actions import WitchAction, act, label
from designkit.games.witch_academy.cards import (
    BASIC,
    LEGACY_EN,
    LEGACY_JA,
    RES_EN,
    RES_JA,
    RESOURCES,
    Op,
)
from designkit.games.witch_academy.state import (
    FLOW,
    RES_INDEX,
    UNIV,
    E,
    Phase,
    WitchState,
    worker_name,
)


# -- steps several decisions share -------------------------------------------------------------------
def hand_to_pile(st: WitchState, a: WitchAction, pile: Rows[int], rule: str,
                 en: str, ja: str, public: tuple[str, str]) -> None:
    """The deciding seat moves the event card ``a`` names from its hand onto one of its
    face-down piles (LW-3.4's picks, LW-11.4's carried cards). The log shows the card to
    that seat only and ``public`` to the table; ``{seat}`` and ``{card}`` in the texts are
    filled in only while logging."""
    seat = st.ctx[0]
    e = st.rules.event_index[a.arg]
    st.hands[seat] = without(st.hands[seat], e)
    append(pile, seat, e)
    if st.log is not None:
        who = seat_label(seat)
        st.emit(rule, seat, en.format(seat=who, card=label(a.arg)),
                ja.format(seat=who, card=label(a.arg, "ja")), visible_to=(seat,),
                public=(public[0].format(seat=who), public[1].format(seat=who)), card=a.arg)


def use_action(st: WitchState, seat: int, a: WitchAction, rule: str, what: str) -> bool:
    """One of a worker's actions (LW-6.3 at an Area, LW-7.2 at the University): ``end``
    leaves the rest unused (logged under ``rule``, ``what`` naming them) and answers
    False; any other choice uses one up and answers True."""
    if a.kind == "end":
        if st.log is not None:
            st.emit(rule, seat, f"{st.actions_left} {what} left unused",
                    f"残り{st.actions_left}回のアクションを行わない", n=st.actions_left)
        st.actions_left = 0
        return False
    st.actions_left -= 1
    return True


# -- primitives ---------------------------------------------------------------------------------------
def gain(st: WitchState, seat: int, res: str, n: int, rule: str) -> None:
    add(st.res, seat, RES_INDEX[res], n)
    if st.log is not None and n:
        st.emit(rule, seat, f"{seat_label(seat)} gains {n} {RES_EN[res]}",
                f"{seat_label(seat)}は{RES_JA[res]}を{n}個得る", res=res, n=n)


def add_vp(st: WitchState, seat: int, n: int, part: int, rule: str, why: str, why_ja: str
           ) -> None:
    st.vp[seat] += n
    add(st.parts, seat, part, n)
    if st.log is not None:
        st.emit(rule, seat, f"{seat_label(seat)} gains {n} VP ({why}): {st.vp[seat]} VP",
                f"{seat_label(seat)}は{n}VPを得る（{why_ja}）：{st.vp[seat]}VP", vp=n)


def can_pay_health(st: WitchState, seat: int, w: int, h: int) -> bool:
    """LW-0.2: a payment is legal only if Health stays at or above the floor."""
    return st.health[seat][w] - h >= st.params.payment_floor


def pay_health(st: WitchState, seat: int, w: int, h: int, rule: str, why: str) -> None:
    before = st.health[seat][w]
    put(st.health, seat, w, before - h)
    if st.log is not None and h:
        st.emit(rule, seat, f"{worker_name(st, seat, w)} pays {h} Health for {why}: "
                f"{before} → {before - h}", f"{worker_name(st, seat, w)}は≪ヘルス≫を{h}支払う："
                f"{before}→{before - h}", worker=w, before=before, after=before - h)


def reduce_health(st: WitchState, seat: int, w: int, h: int, rule: str, why: str) -> None:
    """LW-0.2 / LW-8.4: a loss that is not a payment stops at 1."""
    before = st.health[seat][w]
    after = max(1, before - h) if before > 1 else before
    put(st.health, seat, w, after)
    if st.log is not None:
        stopped = before - h < after
        st.emit("LW-A5" if stopped else rule, seat,
                f"{worker_name(st, seat, w)} loses {before - after} Health ({why}): "
                f"{before} → {after}" + (" (stops at 1)" if stopped else ""),
                f"{worker_name(st, seat, w)}の≪ヘルス≫が減る：{before}→{after}",
                worker=w, before=before, after=after)


def heal(st: WitchState, seat: int, w: int, h: int | None, rule: str, quiet: bool = False
         ) -> tuple[int, int]:
    """LW-0.2: gains are capped at the maximum (``h`` None: full heal); returns Health
    before and after. ``quiet``: the caller logs the heal in its own line (a Rest)."""
    top = st.rules.max_health[w]
    before = st.health[seat][w]
    after = top if h is None else min(top, before + h)
    put(st.health, seat, w, after)
    if st.log is not None and not quiet:
        capped = h is not None and before + h > top
        st.emit("LW-0.2" if capped else rule, seat,
                f"{worker_name(st, seat, w)} heals {before} → {after}"
                + (" (capped at the maximum)" if capped else ""),
                f"{worker_name(st, seat, w)}の≪ヘルス≫回復：{before}→{after}",
                worker=w, before=before, after=after)
    return before, after


def return_worker(st: WitchState, seat: int, w: int, rule: str, quiet: bool = False) -> None:
    """Back to supply; leaving the University shifts the slots right at once (LW-9.2).
    ``quiet``: the caller names the recall in its own line (a Rest)."""
    where = st.loc[seat][w]
    if where == UNIV:
        st.univ.remove((seat, w))
    elif isinstance(where, int):  # an Area position
        st.occupant[where] = None
    put(st.loc, seat, w, None)
    if st.log is not None and where is not None and not quiet:
        place = st.rules.areas[st.areas[where]].name_en if isinstance(where, int) \
            else "the University"
        st.emit(rule, seat, f"{worker_name(st, seat, w)} returns from {place} to the supply",
                f"{worker_name(st, seat, w)}が手元へ戻る", worker=w)


def legacy_gain(st: WitchState, seat: int, kind: str, n: int, rule: str) -> None:
    """LW-6.6: each token only while the stock lasts."""
    k = st.rules.legacy.index(kind)
    got = min(n, st.stock[k])
    st.stock[k] -= got
    add(st.legacy, seat, k, got)
    if st.log is not None:
        if got:
            st.emit(rule, seat, f"{seat_label(seat)} gains {got} {LEGACY_EN[kind]} legacy "
                    f"({st.stock[k]} left in stock)", f"{seat_label(seat)}はレガシートークン"
                    f"（{LEGACY_JA[kind]}）を{got}個得る", kind=kind, n=got)
        if got < n:
            st.emit("LW-6.6", seat, f"No {LEGACY_EN[kind]} legacy token is left in stock: "
                    f"{seat_label(seat)} gets {'nothing more' if got else 'nothing'}",
                    f"【ストック】に{LEGACY_JA[kind]}が残っていないため得られない", kind=kind)


# -- what an effect needs ---------------------------------------------------------------------------------
def payable(st: WitchState, seat: int, w: int | None, ops: tuple[Op, ...],
            discount: int = 0) -> bool:
    """Whether ``ops`` can be applied in full (LW-6.3): payments in order, gains counted."""
    total = st.total_res(seat)
    held = list(st.res[seat])
    health = st.health[seat][w] if w is not None else 0
    for op in ops:
        name = op[0]
        if name == "convert":
            pay, k = op[1], op[2]
            if pay in ("ANY", "ANYRES"):
                if total < k:
                    return False
            else:
                i = RES_INDEX[pay]
                have = held[i] + (held[E] if pay != "E" else 0)
                if have < k:
                    return False
                held[i] = max(0, held[i] - k)
            total += op[4] - k
        elif name == "gain":
            total += op[2]
            if op[1] != "ANY":
                held[RES_INDEX[op[1]]] += op[2]
        elif name == "pay_health":
            if w is None or health - op[1] < st.params.payment_floor:
                return False
            health -= op[1]
    return True


# -- the effect task -----------------------------------------------------------------------------------------
@FLOW.task("fx")
def run_effect(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    name = op[0]
    handler = _EFFECTS[name]
    return handler(st, seat, w, op, rule)


def _gain(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    res, n = op[1], op[2]
    if res == "ANY":
        push(st, *[("gain_any", seat, rule)] * n)
    else:
        gain(st, seat, res, n, rule)
    return False


def _convert(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    _, pay, k, res, n = op
    push(st, *[("pay1", seat, pay, rule)] * k, ("fx", seat, w, ("gain", res, n), rule))
    return False


def _legacy(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    kind, n = op[1], op[2]
    if kind == "CHOICE":
        push(st, *[("legacy_choice", seat, rule)] * n)
    elif kind in st.rules.legacy:
        legacy_gain(st, seat, kind, n, rule)
    return False


def _vp(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    add_vp(st, seat, op[1], 3, rule, "card effect", "カード効果")
    return False


def _heal_targets(st: WitchState, seat: int, w: int | None, target: str) -> list[int] | None:
    workers = range(len(st.rules.ranks))
    if target == "SELF":
        return [] if w is None else [w]
    if target == "SUPPLY":
        return [x for x in workers if st.loc[seat][x] is None]
    if target == "ALL":
        return list(workers)
    return None  # ONE: a decision


def _heal(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    target = op[1]
    amount = op[2] if op[0] == "heal" else None
    chosen = _heal_targets(st, seat, w, target)
    if chosen is None:
        return ask(st, Phase.WORKER, seat, (seat, amount, rule))
    for x in chosen:
        heal(st, seat, x, amount, rule)
    return False


def _pay_health(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    if w is not None:
        pay_health(st, seat, w, op[1], rule, "the Area bonus")
    return False


def _extra(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    if st.acting is not None:
        st.actions_left += op[1]
        if st.log is not None:
            st.emit(rule, seat, f"The placement gets {op[1]} more action(s): "
                    f"{st.actions_left} left", f"アクション回数+{op[1]}", n=op[1])
    return False


def _recall(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    n = op[1] if op[0] == "recall" else len(st.rules.ranks)
    return ask(st, Phase.RECALL, seat, (seat, w, n, rule))


def _per_type(st: WitchState, seat: int, w: int | None, op: Op, rule: str) -> bool:
    kinds = sum(1 for k in st.legacy[seat] if k)
    if kinds:
        add_vp(st, seat, op[1] * kinds, 3, rule, f"{kinds} legacy types × {op[1]}",
               f"レガシー{kinds}種類×{op[1]}")
    return False


_EFFECTS: dict[str, Any] = {
    "gain": _gain, "convert": _convert, "legacy": _legacy, "vp": _vp, "heal": _heal,
    "full_heal": _heal, "pay_health": _pay_health, "extra_actions": _extra,
    "recall": _recall, "recall_all": _recall, "per_legacy_type_vp": _per_type,
}


# -- the choices inside effects ---------------------------------------------------------------------------------
@FLOW.task("gain_any")
def gain_any(st: WitchState, seat: int, rule: str) -> bool:
    return ask(st, Phase.COLOUR, seat, (seat, rule))


def _colours(st: WitchState) -> tuple[WitchAction, ...]:
    return tuple(act("colour", c) for c in BASIC)


@FLOW.decision(Phase.COLOUR, _colours)
def _chose_colour(st: WitchState, a: WitchAction) -> None:
    seat, rule = st.ctx
    gain(st, seat, a.arg, 1, rule)


@FLOW.task("pay1")
def pay_one(st: WitchState, seat: int, kind: str, rule: str) -> bool:
    return ask(st, Phase.PAY, seat, (seat, kind, rule))


def _pay_options(st: WitchState) -> tuple[WitchAction, ...]:
    """One unit of a cost: a named colour is paid canonically (the colour, else Elixir)."""
    seat, kind, _ = st.ctx
    held = st.res[seat]
    if kind in ("ANY", "ANYRES"):
        return tuple(act("pay", r) for i, r in enumerate(RESOURCES) if held[i])
    i = RES_INDEX[kind]
    if held[i]:
        return (act("pay", kind),)
    return (act("pay", "E"),) if held[E] and kind != "E" else ()


@FLOW.decision(Phase.PAY, _pay_options)
def _paid(st: WitchState, a: WitchAction) -> None:
    seat, kind, rule = st.ctx
    add(st.res, seat, RES_INDEX[a.arg], -1)
    if st.log is not None:
        if a.arg != "E" or kind == "E":
            why, why_ja, cite = "", "", rule
        elif kind == "ANYRES":    # LW-A25: a cost of any resources takes Elixir too
            why, why_ja, cite = " (any resource, Elixir included)", "（エリクシルも可）", "LW-A25"
        else:
            why, why_ja, cite = " (Elixir is wild)", "（エリクシルは他の資源として使える）", "LW-0.1"
        st.emit(cite, seat, f"{seat_label(seat)} pays 1 {RES_EN[a.arg]}{why}",
                f"{seat_label(seat)}は{RES_JA[a.arg]}を1個支払う{why_ja}", res=a.arg)


@FLOW.task("legacy_choice")
def legacy_choice(st: WitchState, seat: int, rule: str) -> bool:
    if not any(st.stock):
        legacy_gain(st, seat, st.rules.legacy[0], 1, rule)  # logs LW-6.6: nothing left
        return False
    return ask(st, Phase.LEGACY, seat, (seat, rule))


def _legacy_options(st: WitchState) -> tuple[WitchAction, ...]:
    return tuple(act("legacy", k) for i, k in enumerate(st.rules.legacy) if st.stock[i])


@FLOW.decision(Phase.LEGACY, _legacy_options)
def _chose_legacy(st: WitchState, a: WitchAction) -> None:
    seat, rule = st.ctx
    legacy_gain(st, seat, a.arg, 1, rule)


def _worker_options(st: WitchState) -> tuple[WitchAction, ...]:
    return tuple(act("heal", r) for r in st.rules.ranks)


@FLOW.decision(Phase.WORKER, _worker_options)
def _chose_worker(st: WitchState, a: WitchAction) -> None:
    seat, amount, rule = st.ctx
    heal(st, seat, st.rules.ranks.index(a.arg), amount, rule)


def _recall_options(st: WitchState) -> tuple[WitchAction, ...]:
    seat, w, n, _ = st.ctx
    placed = [x for x in range(len(st.rules.ranks)) if x != w and st.loc[seat][x] is not None]
    ranks = st.rules.ranks
    out = []
    for k in range(min(n, len(placed)) + 1):
        out += [act("recall", tuple(ranks[x] for x in c)) for c in combinations(placed, k)]
    return tuple(out)


@FLOW.decision(Phase.RECALL, _recall_options)
def _recalled(st: WitchState, a: WitchAction) -> None:
    seat, _, _, rule = st.ctx
    for r in a.arg:
        return_worker(st, seat, st.rules.ranks.index(r), rule)
