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
from designkit.core.seats import seat_label
from designkit.games.witch_academy.actions import WitchAction, act, label
from designkit.games.witch_academy.cards import EventCard, ops_text, trigger_words
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
    worker_name,
)


@FLOW.task("main_start")
def main_start(st: WitchState) -> bool:
    """LW-4.1: round 1 clockwise from the SP, later rounds in the order fixed at round end."""
    st.turn_pos = 0
    st.mode = [ACTION_MODE] * st.n
    st.action_turns = [0] * st.n
    if st.log is not None:
        order = ", ".join(seat_label(s) for s in st.order)
        st.emit("LW-4.1", None, f"Main phase of round {st.year}: turn order {order}",
                f"メインフェイズ：手番順 {order}", order=st.order[:])
    push(st, ("main_next",))
    return False


@FLOW.task("main_next")
def main_next(st: WitchState) -> bool:
    """LW-11.1: the round ends the moment every player has passed; else the next turn."""
    if st.mode.count(PASSED) == len(st.mode):  # everyone passed (counted in C)
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
            st.emit("LW-10.4", seat, f"{seat_label(seat)} has passed and must pass again",
                    f"{seat_label(seat)}は強制パス")
        if p.forced_pass_vp:   # LW-A17: every forced pass scores, round after round
            add_vp(st, seat, p.forced_pass_vp, 2, "LW-A17", "forced pass", "強制パス")
        return False
    if st.mode[seat] == ACTION_MODE:
        # every other seat out of action mode (this one is in it); one of them passed
        if st.mode.count(ACTION_MODE) == 1:
            if PASSED in st.mode:   # LW-A16: passed players count
                return _enter_assignment(
                    st, seat, "LW-A16", "every other player is in assignment mode or has "
                    "passed (passed players count, checked at the start of the turn), so this "
                    "player must choose Assignment Creation", "自分以外の全員が課題作成を行っ"
                    "ている（パスしたプレイヤーも含む）ため強制的に課題作成")
            return _enter_assignment(st, seat, "LW-4.4", "every other player is in assignment "
                                     "mode, so this player must choose Assignment Creation",
                                     "自分以外の全員が課題作成を行っているため強制的に課題作成")
        if st.action_turns[seat] >= p.max_action_turns_per_round:
            return _enter_assignment(st, seat, "LW-A18", f"engine safeguard: {st.action_turns[seat]}"
                                     " Action turns this round, so assignment mode is forced",
                                     "エンジンの安全装置：課題作成を強制")
        if st.log is not None and not any(st.placeable(seat, w)
                                          for w in range(len(st.rules.ranks))):
            st.emit("LW-5.2", seat, f"{seat_label(seat)} has no placeable worker: Rest or "
                    "Assignment Creation", f"{seat_label(seat)}は配置できるワーカーがない")
        return ask(st, Phase.MODE, seat, (seat,))
    push(st, ("assign_turn", seat))
    return False


def _enter_assignment(st: WitchState, seat: int, rule: str, why: str, why_ja: str) -> bool:
    st.mode[seat] = ASSIGN_MODE
    if st.log is not None:
        st.emit(rule, seat, f"{seat_label(seat)}: {why}", f"{seat_label(seat)}：{why_ja}")
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


def _mode_several(st: WitchState) -> bool:
    """Rest and Assignment are always offered: a Mode question is never forced, so its
    options wait until read (core lazy options; a greedy lookahead never reads them)."""
    return True


@FLOW.decision(Phase.MODE, _mode_options, several=_mode_several)
def _chose_mode(st: WitchState, a: WitchAction) -> None:
    seat = st.ctx[0]
    if a.kind == "assign":
        _enter_assignment(st, seat, "LW-4.3", "chooses Assignment Creation and takes no more "
                          "Actions this round", "課題作成を選ぶ（このラウンドはアクション不可）")
        return
    st.action_turns[seat] += 1
    if st.log is not None:
        st.emit("LW-4.2", seat, f"{seat_label(seat)} takes an Action "
                f"({st.action_turns[seat]} this round)", f"{seat_label(seat)}はアクションを行う")
    if a.kind == "rest":
        push(st, ("rest", seat))   # one line when the Rest is resolved (LW-9.1)
        return
    push(st, ("choose_target", seat, st.rules.ranks.index(a.arg)))


@FLOW.task("choose_target")
def choose_target(st: WitchState, seat: int, w: int) -> bool:
    return ask(st, Phase.TARGET, seat, (seat, w))


def _target_options(st: WitchState) -> tuple[WitchAction, ...]:
    seat, w = st.ctx
    areas = st.rules.areas
    return tuple(act("target", areas[st.areas[t]].id if isinstance(t, int) else UNIV)
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
    occ = st.occupant[pos]
    assert occ is not None  # the caller pushes out only from an occupied Area
    other, ow = occ
    p = st.params
    same = st.rules.rank_value[w] == st.rules.rank_value[ow]
    area = st.rules.areas[st.areas[pos]]
    pusher, pushed = worker_name(st, seat, w), worker_name(st, other, ow)
    if st.log is not None:
        st.emit("LW-8.1", seat, f"{pusher} pushes {pushed} out of {area.name_en}",
                f"{pusher}が{pushed}を{area.name_ja}から押し出す", pushed=other)
    if same:
        if st.worker_passive(seat, w, "push_same_free"):
            if st.log is not None:
                card = _passive_card(st, seat, w, "push_same_free")
                st.emit("LW-8.3", seat, f"Same rank, but {pusher}'s familiar {card.name_en} "
                        f"{card.id} makes the push free", f"同ランクだが{pusher}の使い魔"
                        f"{card.name_ja} {card.id}の効果で支払い不要", card=card.id)
        else:
            pay_health(st, seat, w, p.push_same_rank_cost, "LW-8.3", "a same-rank push")
    elif st.log is not None:
        st.emit("LW-8.2", seat, f"{pusher} outranks {pushed}: the push is free",
                f"{pusher}は{pushed}より上位ランクなので、支払いなしで押し出せる")
    if st.worker_passive(other, ow, "push_immune"):
        if st.log is not None:
            card = _passive_card(st, other, ow, "push_immune")
            st.emit("LW-8.4", other, f"{pushed}'s familiar {card.name_en} {card.id}: it loses "
                    "no Health", f"{pushed}の使い魔{card.name_ja} {card.id}の効果で≪ヘルス≫は"
                    "減らない", card=card.id)
    elif p.pushed_health_loss:
        reduce_health(st, other, ow, p.pushed_health_loss, "LW-8.4", "pushed out")
    return_worker(st, other, ow, "LW-8.4")
    if st.log is not None:
        st.emit("LW-8.5", seat, f"{worker_name(st, seat, w)} occupies {area.name_en}",
                f"{worker_name(st, seat, w)}が{area.name_ja}に入る")
    return trigger_tasks(st, other, "on_pushed", ow) + trigger_tasks(st, seat, "on_push", w)


def _passive_card(st: WitchState, seat: int, w: int, name: str) -> EventCard:
    """The familiar of worker ``w`` whose passive ``name`` applies (the log names it)."""
    return max(st.familiar_cards(seat, w), key=lambda c: c.passive_value(name))


def trigger_tasks(st: WitchState, seat: int, trigger: str, w: int | None = None
                  ) -> list[tuple]:
    """``seat``'s familiars (of worker ``w``) or facilities firing on ``trigger``: one
    ``skill`` task each, which logs the skill when it applies, not when it is queued."""
    index = st.rules.event_index
    return [("skill", seat, w, index[card.id], trigger)
            for card in st.abilities(seat, trigger, w)]


#: the rule a triggered skill cites as it applies: push-out skills resolve at the push-out
#: (LW-A36), round-end and game-end effects at their step (LW-11.3, LW-12.1); any other
#: skill is the card's own rule (LW-7.6 familiar, LW-7.8 facility)
_TRIGGER_RULE = {"on_push": "LW-A36", "on_pushed": "LW-A36", "round_end": "LW-11.3",
                 "game_end": "LW-12.1"}


@FLOW.task("skill")
def skill(st: WitchState, seat: int, w: int | None, e: int, trigger: str) -> bool:
    """One triggered skill (LW-7.6, LW-7.8): named in the log, then its effects run."""
    card = st.rules.events[e]
    own = "LW-7.6" if card.type == "familiar" else "LW-7.8"
    if st.log is not None:
        if w is not None:   # the draft: an upgraded worker has the familiar's スキル
            whose = f"{worker_name(st, seat, w)}'s familiar"
            whose_ja = f"{worker_name(st, seat, w)}の使い魔{label(card.id, 'ja')}のスキル"
        else:
            whose = f"{seat_label(seat)}'s facility"
            whose_ja = f"{seat_label(seat)}の施設{label(card.id, 'ja')}の効果"
        st.emit(_TRIGGER_RULE.get(trigger, own), seat,
                f"{whose} {label(card.id)} ({trigger_words(trigger)}): "
                f"{ops_text(card.effect)}", f"{whose_ja}（{trigger_words(trigger, 'ja')}）："
                f"{ops_text(card.effect, 'ja')}", card=card.id)
    push(st, *[("fx", seat, w, op, own) for op in card.effect])
    return False


@FLOW.task("turn_end")
def turn_end(st: WitchState, seat: int) -> bool:
    """LW-5.4: after the placement is fully resolved, the turn passes on."""
    st.acting, st.actions_left = None, 0
    if st.log is not None:
        st.emit("LW-5.4", seat, f"{seat_label(seat)}'s turn ends", f"{seat_label(seat)}の手番終了")
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
    """LW-9.1: recall any, then every worker in supply heals; LW-9.3: the turn ends.

    The Rest is one line (recalls and heals together; a Rest at full Health says so
    once); with nothing placed it is LW-A30's heal-only Rest. Leaving the University
    shifts its slots (LW-9.2), which gets its own line."""
    seat = st.ctx[0]
    ranks = st.rules.ranks
    heal_only = all(x is None for x in st.loc[seat])
    recalled = [ranks.index(r) for r in a.arg]
    from_univ = [w for w in recalled if st.loc[seat][w] == UNIV]
    where = {w: st.loc[seat][w] for w in recalled}
    for w in recalled:
        return_worker(st, seat, w, "LW-9.1", quiet=True)
    bonus = st.facility_passive(seat, "rest_heal")
    amount = st.params.rest_heal + bonus
    healed = [(w, *heal(st, seat, w, amount, "LW-9.1", quiet=True))
              for w in range(len(ranks)) if st.loc[seat][w] is None]
    if st.log is not None:
        _log_rest(st, seat, heal_only, where, healed, amount, bonus)
        if from_univ:
            queue = ", ".join(worker_name(st, s, x) for s, x in st.univ)
            st.emit("LW-9.2", seat, f"{', '.join(worker_name(st, seat, w) for w in from_univ)}"
                    f" left the University: the slots shift right at once ([{queue}])",
                    f"【大学】から回収したので即右詰め：[{queue}]")
    push(st, *trigger_tasks(st, seat, "on_rest"), ("rest_end", seat))


def _place_name(st: WitchState, where: int | str, lang: str = "en") -> str:
    if where == UNIV:
        return "【大学】" if lang == "ja" else "the University"
    return st.rules.areas[st.areas[int(where)]].name(lang)


def _log_rest(st: WitchState, seat: int, heal_only: bool, where: dict[int, int | str],
              healed: list[tuple[int, int, int]], amount: int, bonus: int) -> None:
    who = seat_label(seat)
    place = {w: _place_name(st, x) for w, x in where.items()}
    place_ja = {w: _place_name(st, x, "ja") for w, x in where.items()}
    en = f"{who} Rests" + (", recalling " + ", ".join(
        f"{worker_name(st, seat, w)} from {p}" for w, p in place.items()) if where else "")
    ja = f"{who}は休息" + ("：" + "、".join(f"{worker_name(st, seat, w)}を{p}から回収"
                                        for w, p in place_ja.items()) if where else "")
    changed = [(w, b, a) for w, b, a in healed if a > b]
    full = [worker_name(st, seat, w) for w, b, a in healed if a == b]
    top = st.rules.max_health
    if not changed:
        en += ": every worker in the supply is already at full Health, nothing heals"
        ja += "：手元のワーカーは全て≪ヘルス≫が最大なので回復なし"
    else:
        en += ": " + ", ".join(f"{worker_name(st, seat, w)} heals {b} → {a}"
                               + (" (capped at the maximum)" if b + amount > top[w] else "")
                               for w, b, a in changed)
        ja += "：" + "、".join(f"{worker_name(st, seat, w)}の≪ヘルス≫回復{b}→{a}"
                              for w, b, a in changed)
        if full:
            en += f"; {', '.join(full)} already at full Health"
            ja += f"（{'、'.join(full)}は最大）"
    if bonus:
        names = ", ".join(f"{c.name_en} {c.id}" for c in st.active_facilities(seat)
                          if c.passive_value("rest_heal"))
        en += f" (Rest heals {amount}: {names} adds {bonus})"
        ja += f"（施設の効果で回復量{amount}）"
    st.emit("LW-A30" if heal_only else "LW-9.1", seat, en, ja, heal_only=heal_only,
            healed={worker_name(st, seat, w): [b, a] for w, b, a in healed})


FLOW.note_task("rest_end", "LW-9.3", "Resting ends {seat}'s turn", "休息を終えたので{seat}の手番終了")
