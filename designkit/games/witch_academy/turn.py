"""The main phase: turn order and modes (LW-4), placing a worker (LW-5), push-out (LW-8)
and Rest (LW-9).

A turn in action mode is a few small decisions: a worker (or Rest, or
Assignment Creation), then its target; the placement's own steps (push-out,
familiar triggers, the Area's bonus and actions, the University's actions) are
tasks pushed after it.
"""

from __future__ import annotations

from itertools import combinations

from designkit.core.flow import ask, push
from designkit.games.witch_academy.actions import WitchAction, act
from designkit.games.witch_academy.resolve import (
    can_pay_health,
    heal,
    pay_health,
    reduce_health,
    return_worker,
)
from designkit.games.witch_academy.state import (
    ACTION_MODE,
    ASSIGN_MODE,
    FLOW,
    PASSED,
    UNIV,
    Phase,
    WitchState,
    seat_name,
    worker_name,
)


@FLOW.task("main_start")
def main_start(st: WitchState) -> bool:
    """LW-4.1: round 1 clockwise from the SP, later rounds in the order fixed at round end."""
    st.turn_pos = 0
    st.mode = [ACTION_MODE] * st.n
    st.action_turns = [0] * st.n
    if st.log is not None:
        order = ", ".join(seat_name(s) for s in st.order)
        st.emit("LW-4.1", None, f"Main phase of round {st.year}: turn order {order}",
                f"メインフェイズ：手番順 {order}", order=st.order[:])
    push(st, ("main_next",))
    return False


@FLOW.task("main_next")
def main_next(st: WitchState) -> bool:
    """LW-11.1: the round ends the moment every player has passed; else the next turn."""
    if all(m == PASSED for m in st.mode):
        push(st, ("round_end",))
        return False
    seat = st.order[st.turn_pos]
    st.turn_pos = (st.turn_pos + 1) % st.n
    push(st, ("turn", seat), ("main_next",))
    return False


@FLOW.task("turn")
def turn(st: WitchState, seat: int) -> bool:
    p = st.params
    st.turn_no += 1
    if st.mode[seat] == PASSED:
        from designkit.games.witch_academy.resolve import add_vp

        if st.log is not None:
            st.emit("LW-10.4", seat, f"{seat_name(seat)} has passed and must pass again",
                    f"{seat_name(seat)}は強制パス")
        if p.forced_pass_vp:
            add_vp(st, seat, p.forced_pass_vp, 2, "LW-10.4", "forced pass", "強制パス")
        return False
    if st.mode[seat] == ACTION_MODE:
        others = [s for s in range(st.n) if s != seat]
        if all(st.mode[s] != ACTION_MODE for s in others):
            return _enter_assignment(st, seat, "LW-4.4", "every other player is in assignment "
                                     "mode, so this player must choose Assignment Creation",
                                     "自分以外の全員が課題作成を行っているため強制的に課題作成")
        if st.action_turns[seat] >= p.max_action_turns_per_round:
            return _enter_assignment(st, seat, "LW-A18", f"engine safeguard: {st.action_turns[seat]}"
                                     " Action turns this round, so assignment mode is forced",
                                     "エンジンの安全装置：課題作成を強制")
        if st.log is not None and not any(st.placeable(seat, w)
                                          for w in range(len(st.rules.ranks))):
            st.emit("LW-5.2", seat, f"{seat_name(seat)} has no placeable worker: Rest or "
                    "Assignment Creation", f"{seat_name(seat)}は配置できるワーカーがない")
        return ask(st, Phase.MODE, seat, (seat,))
    push(st, ("assign_turn", seat))
    return False


def _enter_assignment(st: WitchState, seat: int, rule: str, why: str, why_ja: str) -> bool:
    st.mode[seat] = ASSIGN_MODE
    if st.log is not None:
        st.emit(rule, seat, f"{seat_name(seat)}: {why}", f"{seat_name(seat)}：{why_ja}")
    push(st, ("assign_turn", seat))
    return False


# -- LW-4.2, LW-5.1: the mode and the worker ----------------------------------------------------------
def targets(st: WitchState, seat: int, w: int) -> list[int | str]:
    """LW-5.1, LW-8: the Area positions (and the University) worker ``w`` may go to."""
    out: list[int | str] = []
    if not st.placeable(seat, w):
        return out
    rank = st.rules.rank_value[w]
    same_cost = 0 if st.worker_passive(seat, w, "push_same_free") else \
        st.params.push_same_rank_cost
    for pos, occ in enumerate(st.occupant):
        if occ is None:
            out.append(pos)
            continue
        other, ow = occ
        if other == seat:
            continue   # LW-A22: never on an Area holding your own worker
        orank = st.rules.rank_value[ow]
        if rank > orank or (rank == orank and can_pay_health(st, seat, w, same_cost)):
            out.append(pos)
    out.append(UNIV)
    return out


def _mode_options(st: WitchState) -> tuple[WitchAction, ...]:
    seat = st.ctx[0]
    ranks = st.rules.ranks
    out = [act("worker", ranks[w]) for w in range(len(ranks)) if st.placeable(seat, w)]
    return (*out, act("rest"), act("assign"))


@FLOW.decision(Phase.MODE, _mode_options)
def _chose_mode(st: WitchState, a: WitchAction) -> None:
    seat = st.ctx[0]
    if a.kind == "assign":
        _enter_assignment(st, seat, "LW-4.3", "chooses Assignment Creation and takes no more "
                          "Actions this round", "課題作成を選ぶ（このラウンドはアクション不可）")
        return
    st.action_turns[seat] += 1
    if st.log is not None:
        st.emit("LW-4.2", seat, f"{seat_name(seat)} takes an Action "
                f"({st.action_turns[seat]} this round)", f"{seat_name(seat)}はアクションを行う")
    if a.kind == "rest":
        if st.log is not None:
            st.emit("LW-9.1", seat, f"{seat_name(seat)} Rests", f"{seat_name(seat)}は休息する")
        push(st, ("rest", seat))
        return
    push(st, ("choose_target", seat, st.rules.ranks.index(a.arg)))


@FLOW.task("choose_target")
def choose_target(st: WitchState, seat: int, w: int) -> bool:
    return ask(st, Phase.TARGET, seat, (seat, w))


def _target_options(st: WitchState) -> tuple[WitchAction, ...]:
    seat, w = st.ctx
    areas = st.rules.areas
    return tuple(act("target", UNIV if t == UNIV else areas[st.areas[t]].id)
                 for t in targets(st, seat, w))


@FLOW.decision(Phase.TARGET, _target_options)
def _chose_target(st: WitchState, a: WitchAction) -> None:
    seat, w = st.ctx
    if a.arg == UNIV:
        push(st, ("place_univ", seat, w), ("turn_end", seat))
        return
    pos = st.areas.index(st.rules.area_index[a.arg])
    push(st, ("place_area", seat, w, pos), ("turn_end", seat))


# -- LW-8: push-out ---------------------------------------------------------------------------------------------
def push_out(st: WitchState, seat: int, w: int, pos: int) -> list[tuple]:
    """LW-8.2 to LW-8.4: a higher rank pushes free, the same rank pays; the pushed loses 1.

    Returns the familiar effects the push-out triggers (on_pushed, on_push), which the
    placement resolves first, before the Area bonus and the actions (LW-A36)."""
    other, ow = st.occupant[pos]
    p = st.params
    same = st.rules.rank_value[w] == st.rules.rank_value[ow]
    area = st.rules.areas[st.areas[pos]]
    if st.log is not None:
        st.emit("LW-8.1", seat, f"{worker_name(st, seat, w)} pushes {worker_name(st, other, ow)}"
                f" out of {area.name_en}", f"{worker_name(st, seat, w)}が"
                f"{worker_name(st, other, ow)}を{area.name_ja}から押し出す", pushed=other)
    if same:
        if st.worker_passive(seat, w, "push_same_free"):
            if st.log is not None:
                st.emit("LW-8.3", seat, "Same rank, but the familiar makes the push free",
                        "同ランクだが使い魔の効果で支払い不要")
        else:
            pay_health(st, seat, w, p.push_same_rank_cost, "LW-8.3", "a same-rank push")
    elif st.log is not None:
        st.emit("LW-8.2", seat, f"A {st.rules.ranks[w]} outranks a {st.rules.ranks[ow]}: the "
                "push is free", "上位ランクなので支払いなしで押し出せる")
    if st.worker_passive(other, ow, "push_immune"):
        if st.log is not None:
            st.emit("LW-8.4", other, f"{worker_name(st, other, ow)}'s familiar: it loses no Health",
                    "使い魔の効果で≪ヘルス≫は減らない")
    elif p.pushed_health_loss:
        reduce_health(st, other, ow, p.pushed_health_loss, "LW-8.4", "pushed out")
    return_worker(st, other, ow, "LW-8.4")
    if st.log is not None:
        st.emit("LW-8.5", seat, f"{worker_name(st, seat, w)} occupies {area.name_en}",
                f"{worker_name(st, seat, w)}が{area.name_ja}に入る")
    return trigger_tasks(st, other, "on_pushed", ow) + trigger_tasks(st, seat, "on_push", w)


def trigger_tasks(st: WitchState, seat: int, trigger: str, w: int | None = None
                  ) -> list[tuple]:
    """Effects of ``seat``'s familiars (of worker ``w``) or facilities firing on ``trigger``."""
    tasks: list[tuple] = []
    for card in st.abilities(seat, trigger, w):
        if st.log is not None:
            st.emit("LW-7.6" if card.type == "familiar" else "LW-7.8", seat,
                    f"{card.name_en} {card.id} ({trigger}) applies",
                    f"{card.name_ja}の効果を適用", card=card.id)
        tasks += [("fx", seat, w, op, "LW-7.6" if card.type == "familiar" else "LW-7.8")
                  for op in card.effect]
    return tasks


@FLOW.task("turn_end")
def turn_end(st: WitchState, seat: int) -> bool:
    """LW-5.4: after the placement is fully resolved, the turn passes on."""
    st.acting, st.actions_left = None, 0
    if st.log is not None:
        st.emit("LW-5.4", seat, f"{seat_name(seat)}'s turn ends", f"{seat_name(seat)}の手番終了")
    return False


# -- LW-9: Rest -----------------------------------------------------------------------------------------------------
@FLOW.task("rest")
def rest(st: WitchState, seat: int) -> bool:
    return ask(st, Phase.REST, seat, (seat,))


def _rest_options(st: WitchState) -> tuple[WitchAction, ...]:
    seat = st.ctx[0]
    ranks = st.rules.ranks
    placed = [w for w in range(len(ranks)) if st.loc[seat][w] is not None]
    out = []
    for k in range(len(placed) + 1):
        out += [act("recall", tuple(ranks[w] for w in c)) for c in combinations(placed, k)]
    return tuple(out)


@FLOW.decision(Phase.REST, _rest_options)
def _rested(st: WitchState, a: WitchAction) -> None:
    """LW-9.1: recall any, then every worker in supply heals; LW-9.3: the turn ends."""
    seat = st.ctx[0]
    for r in a.arg:
        return_worker(st, seat, st.rules.ranks.index(r), "LW-9.2")
    amount = st.params.rest_heal + st.facility_passive(seat, "rest_heal")
    for w in range(len(st.rules.ranks)):
        if st.loc[seat][w] is None:
            heal(st, seat, w, amount, "LW-9.1")
    push(st, *trigger_tasks(st, seat, "on_rest"), ("rest_end", seat))


@FLOW.task("rest_end")
def rest_end(st: WitchState, seat: int) -> bool:
    if st.log is not None:
        st.emit("LW-9.3", seat, f"Resting ends {seat_name(seat)}'s turn",
                f"休息を終えたので{seat_name(seat)}の手番終了")
    return False
