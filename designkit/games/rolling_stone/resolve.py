"""Running card effects (spec section 5.4): metrics, selectors, skills, dreams and die changes.

Effects arrive as compiled op tuples (:mod:`cards`). Each op becomes an
``("fx", seat, op, source)`` task, so an effect that needs a decision (which
die among ties, the new orientation after a reroll, which card to recall) just
waits like any other step. ``source`` names where the effect comes from
(``event:E1-1``, ``skill:D05``, ``dream:D02``): it picks the rule ID of the
log line, the VP category, and whether D16's passive applies.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from designkit.core import rows
from designkit.core.flow import ask, push, roll
from designkit.core.seats import seat_label
from designkit.core.streams import per_seat
from designkit.games.rolling_stone.actions import DIR_EN, DIR_JA, Action
from designkit.games.rolling_stone.album import (
    colour_en,
    colour_ja,
    gain_power,
    placement_cells,
)
from designkit.games.rolling_stone.cards import ALL_COLOURS, Op, metric_text
from designkit.games.rolling_stone.dice import DIRS
from designkit.games.rolling_stone.state import (
    FLOW,
    VP_DREAM,
    VP_EVENT,
    VP_SKILL,
    Phase,
    RollingStoneState,
)

_OPS = {"==": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le,
        ">": operator.gt, "<": operator.lt}
_RULE = {"event": "LR-9.1", "skill": "LR-4.2", "dream": "LR-12.1"}
_PART = {"event": VP_EVENT, "skill": VP_SKILL, "dream": VP_DREAM}


# -- metrics, conditions, selectors ----------------------------------------------------------------------
def metric(st: RollingStoneState, p: int, m: tuple[Any, ...]) -> int:
    """Section 5.4 metrics for seat ``p`` at this moment."""
    name, attr, person, min_stars, n = m
    rules = st.rules
    if name == "die" or name == "is_highest_die":
        k = rules.colour_index.get(attr)
        if k is None:
            return 0
        if name == "die":
            return st.top(p, k)
        tops = st.tops(p)
        return int(all(tops[k] >= t for t in tops))
    if name == "dice_sum":
        return st.dice_sum(p)
    if name == "dice_at_least":
        return sum(1 for t in st.tops(p) if t >= n)
    if name == "stars":
        return st.stars[p]
    if name == "power":
        return st.power[p]
    if name == "attrs_with_at_least":
        counts = dict.fromkeys(ALL_COLOURS, 0)
        for i in st.album_cards(p):
            for a in rules.album_card(i).attrs:
                counts[a] += 1
        return sum(1 for v in counts.values() if v >= n)
    cards = st.album_cards(p) if name == "album" else st.discard[p]
    count = 0
    for i in cards:
        card = rules.album_card(i)
        if (attr is None or attr in card.attrs) and (not person or card.person) \
                and card.stars >= min_stars:
            count += 1
    return count


def holds(st: RollingStoneState, p: int, cond: tuple[Any, ...]) -> bool:
    m, op, value = cond
    return _OPS[op](metric(st, p, m), value)


def select(st: RollingStoneState, sel: tuple[Any, ...]) -> list[int]:
    """Event selectors: every tied player is selected (LR-9.2); none if nobody qualifies."""
    kind, spec, bound = sel
    seats = range(st.n)
    if kind == "all":
        return list(seats)
    if kind == "where":
        return [p for p in seats if holds(st, p, spec)]
    values = [metric(st, p, spec) for p in seats]
    best = max(values) if kind == "max" else min(values)
    if bound is not None and (best < bound if kind == "max" else best > bound):
        return []
    return [p for p in seats if values[p] == best]


# -- skills --------------------------------------------------------------------------------------------------
def refresh_active(st: RollingStoneState) -> None:
    """LR-4.2 / LR-A9: the skills that work now (this stage's, or all with skill_duration)."""
    permanent = st.rules.params.skill_duration == "permanent"
    dreams = st.rules.dreams
    st.active = [tuple(d for s, d in st.skills[p] if permanent or s == st.stage)
                 for p in range(st.n)]
    st.trig = [frozenset(dreams[d].trigger[0] for d in active) for active in st.active]


def has_passive(st: RollingStoneState, p: int, flag: str) -> bool:
    dreams = st.rules.dreams
    return any(dreams[d].trigger == ("passive", flag) for d in st.active[p])


def _matches(st: RollingStoneState, trigger: tuple[Any, ...], kind: str, arg: Any) -> bool:
    if trigger[0] != kind:
        return False
    if kind == "on_place":
        attr, person, min_stars = trigger[1]
        card = st.rules.album_card(st.rules.card_index[arg])
        return (attr is None or attr in card.attrs) and (not person or card.person) \
            and card.stars >= min_stars
    if kind == "on_move_to_six":
        return trigger[1] is None or trigger[1] == st.rules.colours[arg]
    if kind == "on_order_slot":
        return trigger[1] == arg
    return True


@FLOW.task("skills")
def fire_skills(st: RollingStoneState, p: int, kind: str, arg: Any = None) -> bool:
    """Queue every active skill of ``p`` whose trigger is ``kind`` (section 5.4 triggers)."""
    active = st.active[p]
    if not active:
        return False
    dreams = st.rules.dreams
    found = [("skill", p, dreams[d].id) for d in active
             if _matches(st, dreams[d].trigger, kind, arg)]
    if found:
        push(st, *found)
    return False


def _limit_key(st: RollingStoneState, dream_id: str) -> str | None:
    limit = st.rules.dreams[st.rules.dream_index[dream_id]].limit
    if limit == "once_per_stage":
        return f"{dream_id}:stage{st.stage}"
    if limit == "once_per_turn":
        return f"{dream_id}:turn{st.turn_no}"
    return None


@FLOW.task("skill")
def offer_skill(st: RollingStoneState, p: int, dream_id: str) -> bool:
    """One skill firing: respects its limit; an optional one asks first (LR-A34)."""
    key = _limit_key(st, dream_id)
    if key is not None and key in st.used[p]:
        return False
    dream = st.rules.dreams[st.rules.dream_index[dream_id]]
    if dream.skill == (("recall",),) and not _recall_cards(st, p):
        return False  # nothing it could place: the skill is not offered (nor used up)
    if dream.optional:
        return ask(st, Phase.USE, p, (p, dream_id))
    _use(st, p, dream_id)
    return False


def _use_options(st: RollingStoneState) -> tuple[Action, ...]:
    return (Action("use", (st.ctx[1], True)), Action("use", (st.ctx[1], False)))


@FLOW.decision(Phase.USE, _use_options)
def _choose_use(st: RollingStoneState, a: Action) -> None:
    p, dream_id = st.ctx
    if a.arg[1]:
        _use(st, p, dream_id)
    elif st.log is not None:   # LR-A34: the card says "may", so the owner may decline
        dream = st.rules.dreams[st.rules.dream_index[dream_id]]
        st.emit("LR-A34", p, f"{seat_label(p)} does not use the skill {dream.name('en')} (it "
                "is optional)", f"{seat_label(p)}はスキル{dream.name('ja')}を使わない（任意）",
                dream=dream.id)


def _use(st: RollingStoneState, p: int, dream_id: str) -> None:
    dream = st.rules.dreams[st.rules.dream_index[dream_id]]
    key = _limit_key(st, dream_id)
    if key is not None:
        st.used[p] = st.used[p] + (key,)
    if st.log is not None:
        st.emit("LR-4.2", p, f"{seat_label(p)}'s skill {dream.name('en')}: {dream.skill_text}",
                f"{seat_label(p)}のスキル{dream.name('ja')}：{dream.skill_text_ja or dream.skill_text}",
                dream=dream.id)
    src = f"skill:{dream.id}"
    push(st, *[("fx", p, op, src) for op in dream.skill])


# -- effects -------------------------------------------------------------------------------------------------
def _source(st: RollingStoneState, src: str) -> tuple[str, str, str, int]:
    """(rule, English label, Japanese label, VP category) of an effect source."""
    kind, _, ident = src.partition(":")
    rules = st.rules
    if kind == "event":
        card: Any = rules.events[rules.event_index[ident]]
    elif kind in ("skill", "dream"):
        card = rules.dreams[rules.dream_index[ident]]
    else:
        return src, src, src, VP_SKILL
    return _RULE[kind], card.name("en"), card.name("ja"), _PART[kind]


def add_vp(st: RollingStoneState, p: int, n: int, part: int) -> None:
    st.vp[p] += n
    rows.add(st.parts, p, part, n)


@FLOW.task("fx")
def run_effect(st: RollingStoneState, p: int, op: Op, src: str) -> bool:
    """Apply one compiled effect for seat ``p``."""
    kind = op[0]
    if kind == "gain_vp":
        _gain_vp(st, p, op[1], src, "")
    elif kind == "gain_vp_per":
        _, m, each, per, cap = op
        value = metric(st, p, m)
        amount = value // per * each
        if cap is not None:
            amount = min(cap, amount)
        how = "" if st.log is None else (
            f"{value} {metric_text(m)}" + (f" ÷ {per}" if per != 1 else "")
            + f" × {each}" + (f", max {cap}" if cap is not None else ""))
        _gain_vp(st, p, amount, src, how)
    elif kind == "gain_power":
        rule, en, ja, _ = _source(st, src)
        gain_power(st, p, op[1], rule, en, ja)
    elif kind == "if":
        _, cond, then, other = op
        ok = holds(st, p, cond)
        if st.log is not None:
            rule, en, ja, _ = _source(st, src)
            value = metric(st, p, cond[0])
            st.emit(rule, p, f"{en} for {seat_label(p)}: {metric_text(cond[0])} is {value}, "
                    f"{'so' if ok else 'not'} {cond[1]} {cond[2]}",
                    f"{ja}（{seat_label(p)}）：{value} {cond[1]} {cond[2]}は{'成立' if ok else '不成立'}")
        push(st, *[("fx", p, o, src) for o in (then if ok else other)])
    elif kind == "recall":
        return _offer_recall(st, p, src)
    else:
        return _die_effect(st, p, op, src)
    return False


def _gain_vp(st: RollingStoneState, p: int, n: int, src: str, how: str) -> None:
    rule, en, ja, part = _source(st, src)
    if n < 0 and src.startswith("event:") and has_passive(st, p, "ignore_event_vp_loss"):
        if st.log is not None:
            st.emit("LR-4.2", p, f"{seat_label(p)}'s skill ignores the loss of {-n} VP from {en}",
                    f"{seat_label(p)}はスキルにより{ja}の{-n}ＶＰの損失を無視する", vp=0)
        return
    add_vp(st, p, n, part)
    if st.log is not None:
        verb, verb_ja = ("gains", "得る") if n >= 0 else ("loses", "失う")
        st.emit(rule, p, f"{seat_label(p)} {verb} {abs(n)} VP from {en}"
                + (f" ({how})" if how else "") + f"; now {st.vp[p]} VP",
                f"{seat_label(p)}は{ja}により{abs(n)}ＶＰを{verb_ja}（計{st.vp[p]}ＶＰ）", vp=n)


# -- die changes (LR-8.3, LR-8.4) ------------------------------------------------------------------------------
def _die_effect(st: RollingStoneState, p: int, op: Op, src: str) -> bool:
    kind, target = op[0], op[1]
    arg = op[2] if len(op) > 2 else None
    rules = st.rules
    if target in ALL_COLOURS:
        k = rules.colour_index.get(target)
        if k is not None:
            push(st, ("die_fx", p, kind, k, arg, src))
        return False
    tops = st.tops(p)
    if target == "choose":
        cands = list(range(len(tops)))
    else:
        best = min(tops) if target == "lowest" else max(tops)
        cands = [k for k, t in enumerate(tops) if t == best]
    if len(cands) == 1:
        push(st, ("die_fx", p, kind, cands[0], arg, src))
        return False
    return ask(st, Phase.TARGET, p, (p, kind, arg, src, tuple(cands)))


def _target_options(st: RollingStoneState) -> tuple[Action, ...]:
    return tuple(Action("die", st.rules.colours[k]) for k in st.ctx[4])


@FLOW.decision(Phase.TARGET, _target_options)
def _choose_target(st: RollingStoneState, a: Action) -> None:
    p, kind, arg, src, _ = st.ctx
    push(st, ("die_fx", p, kind, st.rules.colour_index[a.arg], arg, src))


@FLOW.task("die_fx")
def change_die(st: RollingStoneState, p: int, kind: str, k: int, arg: Any, src: str) -> bool:
    """Reroll, flip, adjust (LR-8.4: no move, no power) or tumble (LR-8.3: power on 6)."""
    if kind == "reroll":
        return roll(st, Phase.ROLL, (p, k, src), 6)
    if kind == "tumble":
        push(st, ("move_dir", p, k, arg, src, True))
        return False
    top = st.top(p, k)
    params = st.rules.params
    if kind == "flip":
        set_top(st, p, k, 7 - top, src, "flipped")
    else:
        set_top(st, p, k, max(params.die_min, min(params.die_max, top + arg)), src,
                f"adjusted by {arg:+d}")
    return False


def _roll_outcomes(st: RollingStoneState) -> list[int]:
    return [1, 2, 3, 4, 5, 6]


def _roll_one(st: RollingStoneState, rng: random.Random) -> int:
    return rng.randrange(6) + 1


#: each seat's dice roll from a stream of their own (core.streams): a variant that makes one
#: seat roll more often leaves the other seats' rolls paired
DICE_STREAM = per_seat("dice")


@FLOW.chance(Phase.ROLL, _roll_outcomes, uniform=True, sample=_roll_one, stream=DICE_STREAM)
def _rolled(st: RollingStoneState, value: int) -> None:
    p, k, src = st.ctx
    if src == "setup":
        rows.put(st.dice, p, k, st.rules.dice.by_top[value][0])
        if k == len(st.rules.colours) - 1 and st.log is not None:
            tops = ", ".join(f"{colour_en(st, j)} {t}" for j, t in enumerate(st.tops(p)))
            tops_ja = "、".join(f"{colour_ja(st, j)}{t}" for j, t in enumerate(st.tops(p)))
            st.emit("LR-2.5", p, f"{seat_label(p)} rolls the life stones onto the character "
                    f"card: {tops} (total {st.dice_sum(p)})",
                    f"{seat_label(p)}はライフストーンを振る：{tops_ja}（合計{st.dice_sum(p)}）",
                    tops=st.tops(p))
        return
    set_top(st, p, k, value, src, "rerolled")


def set_top(st: RollingStoneState, p: int, k: int, value: int, src: str, how: str) -> None:
    """LR-8.4: a new top without moving; the owner then orients the die (no power, LR-A8).

    A change the clamp leaves as it was (+1 on a 6) still lets the owner re-orient the die,
    as a reroll to the same value does: LR-8.4 gives the choice after every non-move change.
    """
    before = st.top(p, k)
    rules = st.rules
    if value == before and how != "rerolled":
        if st.log is not None:   # the clamp: LR-4.3 for a skill, LR-A24 for events and dreams
            st.emit("LR-4.3" if src.startswith("skill:") else "LR-A24", p, f"{seat_label(p)}'s {colour_en(st, k)} die stays at {value} "
                    f"({how}, clamped to {rules.params.die_min}–{rules.params.die_max})",
                    f"{seat_label(p)}の{colour_ja(st, k)}のサイコロは{value}のまま", colour=rules.colours[k])
        push(st, ("orient", p, k, "LR-8.4"))
        return
    rows.put(st.dice, p, k, rules.dice.by_top[value][0])
    if st.log is not None:
        _, en, ja, _ = _source(st, src)
        st.emit("LR-8.4", p, f"{seat_label(p)}'s {colour_en(st, k)} die is {how} in place by "
                f"{en}: {before} → {value} (no power: only moves count, LR-7.7)",
                f"{ja}により{seat_label(p)}の{colour_ja(st, k)}のサイコロが{before}から{value}になる"
                "（移動ではないのでパワーなし）", colour=rules.colours[k], before=before, after=value)
    if rules.params.power_on_nonmove_six and value == rules.params.power_trigger_value:
        gain_power(st, p, rules.params.power_per_move_to_six, "LR-A8",
                   f"the {colour_en(st, k)} die became {value}" if st.log is not None else "",
                   f"{value}になった")
    push(st, ("orient", p, k, "LR-8.4"))


# -- orientation (LR-2.5, LR-8.1, LR-8.4) -------------------------------------------------------------------------
@FLOW.task("orient")
def offer_orientation(st: RollingStoneState, p: int, k: int, rule: str) -> bool:
    """The owner picks one of the 4 orientations with the current top."""
    if rule == "LR-8.4":
        if st.settling == "final":
            return False  # the game ends here: the orientation can no longer matter
        if st.rules.params.reorient_after_nonmove_change == "random":
            return roll(st, Phase.ORIENT_RANDOM, (p, k, rule))
    return ask(st, Phase.ORIENT, p, (p, k, rule))


def _orient_options(st: RollingStoneState) -> tuple[Action, ...]:
    """The orientations of die ``k`` with its top as it is, made once per die and top (the
    ruleset's action cache, a tuple key beside the placements' int keys): every reroll and
    top change asks this, in random play and in the greedy bot's lookahead (issue 19)."""
    p, k, _ = st.ctx
    rules = st.rules
    dice = rules.dice
    top = dice.top[st.dice[p][k]]
    key = ("orient", k, top)
    found: tuple[Action, ...] | None = rules.actions.get(key)
    if found is None:
        c = rules.colours[k]
        found = rules.actions[key] = tuple(Action("orient", (c, *dice.orients[i]))
                                           for i in dice.by_top[top])
    return found


@FLOW.decision(Phase.ORIENT, _orient_options)
def _choose_orientation(st: RollingStoneState, a: Action) -> None:
    p, k, rule = st.ctx
    _orient(st, p, k, st.rules.dice.index[a.arg[1:]], rule)


def _random_orient_outcomes(st: RollingStoneState) -> list[int]:
    p, k, _ = st.ctx
    dice = st.rules.dice
    return [dice.orients[i][1] for i in dice.by_top[dice.top[st.dice[p][k]]]]


@FLOW.chance(Phase.ORIENT_RANDOM, _random_orient_outcomes, uniform=True,
             stream="orientation")
def _random_orientation(st: RollingStoneState, north: int) -> None:
    p, k, rule = st.ctx
    dice = st.rules.dice
    top = dice.top[st.dice[p][k]]
    _orient(st, p, k, next(i for i in dice.by_top[top] if dice.orients[i][1] == north), rule)


def _orient(st: RollingStoneState, p: int, k: int, i: int, rule: str) -> None:
    rows.put(st.dice, p, k, i)
    if st.log is None:
        return
    dice = st.rules.dice
    target = st.rules.params.power_trigger_value
    d = dice.direction_to(i, target)
    hint = (f"a move {DIR_EN[DIRS[d]]} would give {target}" if d is not None
            else f"no single move gives {target}")
    hint_ja = (f"{DIR_JA[DIRS[d]]}へ動けば{target}" if d is not None
               else f"１回の移動では{target}にならない")
    st.emit(rule, p, f"{seat_label(p)} orients the {colour_en(st, k)} die as "
            f"{dice.describe(i)}: {hint}",
            f"{seat_label(p)}は{colour_ja(st, k)}のサイコロを{dice.describe(i)}の向きに置く（{hint_ja}）",
            colour=st.rules.colours[k], orientation=list(dice.orients[i]))


# -- place from discard (D08) ---------------------------------------------------------------------------------
def _offer_recall(st: RollingStoneState, p: int, src: str) -> bool:
    if not _recall_cards(st, p):
        if st.log is not None:
            st.emit("LR-4.2", p, f"{seat_label(p)} has no card in the discard pile that could be "
                    "placed", f"{seat_label(p)}の捨て札に配置できるカードはない")
        return False
    return ask(st, Phase.RECALL, p, (p, src))


def _recall_cards(st: RollingStoneState, p: int) -> list[int]:
    return [c for c in st.discard[p] if placement_cells(st, p, c)[0]]


def _recall_options(st: RollingStoneState) -> tuple[Action, ...]:
    p = st.ctx[0]
    return tuple(Action("recall", st.rules.card_id(c)) for c in _recall_cards(st, p))


@FLOW.decision(Phase.RECALL, _recall_options)
def _choose_recall(st: RollingStoneState, a: Action) -> None:
    p, src = st.ctx
    card = st.rules.card_index[a.arg]
    rows.remove(st.discard, p, card)
    if st.log is not None:
        _, en, ja, _ = _source(st, src)
        st.emit("LR-4.2", p, f"{seat_label(p)} takes {st.rules.album_card(card).name('en')} back "
                f"from the discard pile to place it ({en})",
                f"{seat_label(p)}は{ja}により捨て札から{st.rules.album_card(card).name('ja')}を配置する",
                card=a.arg)
    push(st, ("place", p, a.arg, src))
