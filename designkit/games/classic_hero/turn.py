"""The main phase (CH-5) and event resolution (CH-6): who moves, where, Fortune, achieving.

A turn is the spec's sequence of small decisions (§7): Rest any number of
times, then the destination (MOVE); the Fortune (FORTUNE); then blessings,
abilities, Rest, and achieve-with-which-set or pass (CHECK); the ★ die
(STAR); the effect targets (EFFECT, in :mod:`resolve`). A pawn reaching the
Goal fights instead (:mod:`battle`).
"""

from __future__ import annotations

from functools import lru_cache

from designkit.core.flow import ask, push
from designkit.games.classic_hero.actions import HeroAction, passers, seat_name
from designkit.games.classic_hero.cards import SUIT_JA
from designkit.games.classic_hero.notation import (
    Fortune,
    apply_atom,
    atom_text,
    can_achieve,
    fortune_options,
)
from designkit.games.classic_hero.resolve import (
    ability_options,
    achieve_sets,
    apply_ability,
    apply_bless,
    apply_rest,
    best_set,
    bless_options,
    clamp,
    distinct,
    effect_tasks,
    mark_used,
    may_meet,
    red_bonus_vp,
    ref,
    rest_options,
)
from designkit.games.classic_hero.state import (
    FLOW,
    VP_RED,
    ClassicHeroState,
    Phase,
    die_label,
)


# -- who moves (CH-5.1) ----------------------------------------------------------------------------------
@FLOW.task("turn")
def turn(st: ClassicHeroState) -> bool:
    seat = st.rearmost()
    if seat is None:
        return False     # CH-8.1: everyone has fought; ("stage_end",) is next on the stack
    st.turn_no += 1
    if st.first_seat is None:
        st.first_seat = seat
    if st.log is not None:
        where = ("on the Start card, leftmost of those still there" if st.pos[seat] == 0
                 else f"at slot {st.pos[seat]}")
        where_ja = "【スタート】の最も左" if st.pos[seat] == 0 else f"{st.pos[seat]}番"
        st.emit("CH-5.1", seat, f"{seat_name(seat)} is rearmost ({where}) and takes the turn",
                f"{seat_name(seat)}が最後尾（{where_ja}）なので手番を行う", turn=st.turn_no)
    push(st, ("move", seat), ("turn",))
    return False


def is_last(st: ClassicHeroState, seat: int) -> bool:
    """CH-5.5: every other pawn is on the Goal."""
    return all(st.at_goal(s) for s in range(st.n) if s != seat)


def destinations(st: ClassicHeroState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """CH-5.3, CH-5.4: legal stops ``(position, PASS_TRIAL abilities spent to get there)``.

    Each ready PASS_TRIAL ability passes one empty Trial on the move (CH-A34: a seat holding
    two may spend both); ``pass_trial_once_per_move`` is the reading "at most one".
    """
    rules = st.rules
    goal = rules.goal
    if is_last(st, seat):
        return [(goal, ())]
    occupied = {p for s, p in enumerate(st.pos) if s != seat}
    ready = [a for a in st.abilities[seat] if rules.abilities[a].hook.name == "pass_trial"
             and rules.abilities[a].timing == "once_per_stage" and a not in st.spent[seat]]
    limit = min(len(ready), 1 if st.params.pass_trial_once_per_move else len(ready))
    used: list[int] = []
    out: list[tuple[int, tuple[int, ...]]] = []
    for q in range(st.pos[seat] + 1, goal):
        card = st.track[q]
        if card is None or q in occupied:
            continue                   # blanks and other pawns can be passed, not stopped on
        out.append((q, tuple(used)))
        if rules.suit_of[card] == "Trial":   # an empty Trial is a forced stop
            if len(used) >= limit:
                return out
            used.append(ready[len(used)])    # PASS_TRIAL: stops beyond it use one more
    out.append((goal, tuple(used)))
    return out


def _via(st: ClassicHeroState, used: tuple[int, ...]) -> str | tuple[str, ...] | None:
    """The move action's record of the abilities spent: None, one ID, or a tuple of IDs
    (one ID stays a plain string, as records written before CH-A34 have it)."""
    ids = tuple(st.rules.abilities[a].id for a in used)
    return None if not ids else ids[0] if len(ids) == 1 else ids


def _move_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat = st.ctx[0]
    rules = st.rules
    moves = []
    for q, used in destinations(st, seat):
        card = st.track[q] if q != rules.goal else None
        moves.append(HeroAction("move", (q, None if card is None else rules.events[card].id,
                                         _via(st, used))))
    # CH-A35: a ready once-per-stage die ability at the move step too
    return (*rest_options(st, seat), *ability_options(st, seat), *moves)


@FLOW.task("move")
def move(st: ClassicHeroState, seat: int) -> bool:
    return ask(st, Phase.MOVE, seat, (seat,))


@FLOW.decision(Phase.MOVE, _move_options)
def moved(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    if a.kind in ("rest", "rest_free"):
        apply_rest(st, seat, a, ("move", seat))
        return
    if a.kind == "ability":
        apply_ability(st, seat, a, ("move", seat), step="CH-A35")
        return
    q, card_id, via = a.arg
    rules = st.rules
    spent = passers(via)
    for aid in spent:
        st.spent[seat].append(rules.ability_index[aid])
    if len(spent) > 1 and st.log is not None:
        st.emit("CH-A34", seat, f"{seat_name(seat)} spends {len(spent)} PASS_TRIAL abilities "
                f"on one move, each passing one empty Trial", f"{seat_name(seat)}は１回の移動で"
                f"{len(spent)}つの試練通過能力を使う")
    frm = st.pos[seat]
    if frm == 0 and seat in st.start_order:
        st.start_order.remove(seat)
    st.pos[seat] = q
    if st.log is not None:
        extra = (f", passing {'an empty Trial' if len(spent) == 1 else 'empty Trials'} with "
                 f"{a.describe().split(' with ')[-1]}") if spent else ""
        if q == rules.goal:
            rule = "CH-5.5" if is_last(st, seat) else "CH-5.3"
            why = (" (the last player must go straight to the Goal, ignoring Trials)"
                   if rule == "CH-5.5" else "")
            st.emit(rule, seat, f"{seat_name(seat)} moves from {frm} to the Goal{why}{extra}",
                    f"{seat_name(seat)}が{frm}から【ゴール】へ進む", to=q)
        else:
            card = rules.events[st.track[q]]
            st.emit("CH-5.3", seat, f"{seat_name(seat)} moves from {frm} to slot {q}: "
                    f"{card.id} {card.suit}{extra}", f"{seat_name(seat)}が{frm}から{q}番"
                    f"（{card.id}「{SUIT_JA[card.suit]}」）へ進む", to=q, card=card.id)
    if q == rules.goal:
        push(st, ("arrive", seat))
    elif st.params.reroll_each_stop:
        push(st, ("stop_reroll", seat), ("fortune", seat))
    else:
        push(st, ("fortune", seat))


@FLOW.task("stop_reroll")
def stop_reroll(st: ClassicHeroState, seat: int) -> bool:
    """CH-V3: every stop on an event rerolls the available dice that are not fixed."""
    dice = st.dice[seat]
    free = [i for i in st.available(seat) if i not in st.fixed[seat]]
    if st.log is not None:
        kept = " ".join(die_label(dice[i]) for i in st.fixed[seat] if not dice[i][2])
        st.emit("CH-V3", seat, f"{seat_name(seat)} stops on an event and rerolls {len(free)} "
                "available dice" + (f", keeping the fixed {kept}" if kept else ""),
                f"{seat_name(seat)}はイベントに止まったので{len(free)}個を振り直す"
                + (f"（固定：{kept}）" if kept else ""))
    push(st, *[("roll_die", seat, i, "CH-V3") for i in free])
    return False


# -- Fortune (CH-6.1, CH-6.2) -------------------------------------------------------------------------------
def fortune_choices(st: ClassicHeroState, seat: int) -> list[HeroAction]:
    """CH-A10: every legal application, one per distinct result (dice as value and colour)."""
    card = st.rules.events[st.track[st.pos[seat]]]
    dice = st.dice[seat]
    # sorted by kind, so equal hands share one cache entry whatever the dice order
    avail = sorted(st.available(seat), key=lambda i: (dice[i][0], dice[i][1]))
    kinds = tuple((dice[i][0], dice[i][1]) for i in avail)
    return [HeroAction("fortune", tuple((ref(st, seat, avail[k]), text) for k, text in opt))
            for opt in _fortune_kinds(card.fortune, kinds, st.rules.lo, st.rules.hi)]


@lru_cache(maxsize=100_000)
def _fortune_kinds(fortune: Fortune, kinds: tuple[tuple[int, bool], ...], lo: int, hi: int
                   ) -> tuple[tuple[tuple[int, str], ...], ...]:
    """The options of :func:`fortune_choices` for dice of these (value, red) kinds, merged."""
    vals = tuple(v for v, _ in kinds)
    seen = set()
    out = []
    for opt in fortune_options(fortune, vals, lo, hi):
        result = list(kinds)
        for k, atom in opt:
            result[k] = (apply_atom(vals[k], atom, lo, hi)[0], kinds[k][1])
        key = (tuple(sorted(result)),
               tuple(sorted(kinds[k] for k, a in opt if a[0] == "rr")))
        if key not in seen:
            seen.add(key)
            out.append(tuple((k, atom_text(a)) for k, a in opt))
    return tuple(out)


def canonical_fortune(st: ClassicHeroState, seat: int, options: list[HeroAction]
                      ) -> HeroAction:
    """The auto-resolver: the result that meets the event's condition, else the highest dice."""
    card = st.rules.events[st.track[st.pos[seat]]]
    minimal = st.params.sum_requires_minimal_set

    def score(a: HeroAction) -> tuple[bool, int]:
        vals = {i: v for i, v, _ in (ref(st, seat, i) for i in st.available(seat))}
        for (i, v, _), text in a.arg:
            vals[i] = v if text == "振り直し" else _apply_text(st, v, text)
        vs = tuple(vals.values())
        return (can_achieve(card.condition, vs, minimal), sum(vs))

    return max(options, key=score)


def _apply_text(st: ClassicHeroState, v: int, text: str) -> int:
    if text == "反転":
        return clamp(st, 7 - v)
    return clamp(st, v + int(text))


def _fortune_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat = st.ctx[0]
    opts = fortune_choices(st, seat)
    if st.params.auto_resolve and len(opts) > 1:
        opts = [canonical_fortune(st, seat, opts)]
    skip = st.ready(seat, "ignore_fortune")
    if skip is not None:
        opts.append(HeroAction("ignore_fortune", st.rules.abilities[skip].id))
    opts += ability_options(st, seat)   # CH-A35: a die ability before the Fortune applies
    return tuple(opts)


@FLOW.task("fortune")
def fortune(st: ClassicHeroState, seat: int) -> bool:
    card = st.rules.events[st.track[st.pos[seat]]]
    push(st, ("check", seat))
    if not card.fortune:
        if st.log is not None:
            st.emit("CH-6.1", seat, f"{card.id} has no Fortune", f"{card.id}は天運なし")
        return False
    if not st.available(seat):
        if st.log is not None:
            st.emit("CH-6.1", seat, f"{seat_name(seat)} has no available dice: the Fortune "
                    f"{card.fortune_text} has no effect", f"{seat_name(seat)}は未使用のサイコロ"
                    f"がないので天運{card.fortune_text}は効果なし")
        return False
    return ask(st, Phase.FORTUNE, seat, (seat,))


@FLOW.task("fortune_ask")
def fortune_ask(st: ClassicHeroState, seat: int) -> bool:
    """The Fortune question again, after a die ability was used at the Fortune step."""
    return bool(st.available(seat)) and ask(st, Phase.FORTUNE, seat, (seat,))


@FLOW.decision(Phase.FORTUNE, _fortune_options)
def fortune_applied(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    card = st.rules.events[st.track[st.pos[seat]]]
    who = seat_name(seat)
    if a.kind == "ability":
        apply_ability(st, seat, a, ("fortune_ask", seat), step="CH-A35")
        return
    if a.kind == "ignore_fortune":
        st.spent[seat].append(st.rules.ability_index[a.arg])
        if st.log is not None:
            st.emit("CH-6.1", seat, f"{who} ignores the Fortune {card.fortune_text}: "
                    f"{a.describe()}", f"{who}は天運{card.fortune_text}を無視する："
                    f"{a.describe('ja')}")
        return
    rolls = []
    full = 0
    before = st.dice_text(seat)
    for (i, v, _), text in a.arg:
        if text == "振り直し":
            rolls.append(("roll_die", seat, i, "CH-3.4"))
            full += 1
            continue
        new = _apply_text(st, v, text)
        full += text == "反転" or new == v + int(text)
        d = st.dice[seat][i]
        st.dice[seat][i] = (new, d[1], d[2])
    if st.log is not None:
        partial = full < len(card.fortune)
        st.emit("CH-6.2" if partial else "CH-6.1", seat,
                f"{who} applies the Fortune {card.fortune_text}: {a.describe()} "
                f"({before} → {st.dice_text(seat)})"
                + (f"; {full} of {len(card.fortune)} part(s) apply in full, the most "
                   "possible" if partial else ""),
                f"{who}が天運{card.fortune_text}を適用：{a.describe('ja')}"
                f"（{before}→{st.dice_text(seat)}）", fortune=card.fortune_text)
    push(st, *rolls)


# -- achievement check (CH-6.3 to CH-6.7) ---------------------------------------------------------------
def achieve_options(st: ClassicHeroState, seat: int) -> list[HeroAction]:
    card_i = st.track[st.pos[seat]]
    if card_i is None:
        return []
    card = st.rules.events[card_i]
    sets = achieve_sets(st, seat, card.condition)
    if not sets:
        return []
    if st.params.auto_resolve:
        sets = [best_set(st, seat, sets)]
    return [HeroAction("achieve", (card.id, tuple(ref(st, seat, i) for i in u)))
            for u in sets]


def _check_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat = st.ctx[0]
    return (*achieve_options(st, seat), *bless_options(st, seat),
            *ability_options(st, seat), *rest_options(st, seat), HeroAction("pass"))


@FLOW.task("check")
def check(st: ClassicHeroState, seat: int) -> bool:
    if st.log is None and _only_pass(st, seat):
        st.forced += 1      # what ask would do with the single option "pass", minus the work
        return False
    return ask(st, Phase.CHECK, seat, (seat,))


def _only_pass(st: ClassicHeroState, seat: int) -> bool:
    """A cheap proof that "pass" is the only option (batch simulation's common case)."""
    if st.bless[seat]:
        return False
    card = st.track[st.pos[seat]]
    dice = st.dice[seat]
    if card is not None and may_meet(st.rules.events[card].condition,
                                     [d[0] for d in dice if not d[2]]):
        return False
    if ability_options(st, seat):
        return False
    used = sum(1 for d in dice if d[2])
    can_rest = used >= st.params.rest_min_used or st.ready(seat, "rest_no_return") is not None
    return not (used and can_rest)


@FLOW.decision(Phase.CHECK, _check_options)
def checked(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    kind = a.kind
    if kind == "bless":
        apply_bless(st, seat, a)
        push(st, ("check", seat))
    elif kind == "ability":
        apply_ability(st, seat, a, ("check", seat))
    elif kind in ("rest", "rest_free"):
        apply_rest(st, seat, a, ("check", seat))
    elif kind == "achieve":
        achieve(st, seat, tuple(r[0] for r in a.arg[1]))
    elif st.log is not None:
        card = st.track[st.pos[seat]]
        if card is not None:
            cond = st.rules.events[card].condition.text
            can = bool(achieve_sets(st, seat, st.rules.events[card].condition))
            st.emit("CH-6.3", seat, f"{seat_name(seat)} does not achieve {cond} "
                    f"({'declines' if can else 'cannot'} with {st.dice_text(seat)}); the turn "
                    "ends", f"{seat_name(seat)}は{cond}を達成しない（{st.dice_text(seat)}）")
        st.emit("CH-6.8", seat, "The turn ends", "手番終了")


def achieve(st: ClassicHeroState, seat: int, used: tuple[int, ...]) -> None:
    """CH-6.3: take the card, red bonus (CH-6.4), ★ (CH-6.6), then the effect."""
    rules, p = st.rules, st.params
    slot = st.pos[seat]
    e = st.track[slot]
    card = rules.events[e]
    st.track[slot] = None
    st.taken[seat].append(e)
    who = seat_name(seat)
    dice = st.dice[seat]
    reds = sum(dice[i][1] for i in used)
    if st.log is not None:
        shown = ", ".join(die_label(dice[i]) for i in used)
        st.emit("CH-6.3", seat, f"{who} achieves {card.id} ({card.suit}, {card.condition.text})"
                f" with {shown}; the pawn stays on the blank slot",
                f"{who}が{shown}で{card.id}「{SUIT_JA[card.suit]}」（{card.condition.text}）を"
                "達成する", card=card.id, dice=[die_label(dice[i]) for i in used])
    bonus, instead = red_bonus_vp(st, reds, at_event=True)
    if bonus:
        st.gain(seat, bonus, VP_RED)
        if st.log is not None:
            st.emit("CH-6.4", seat, f"{who} gains {bonus} VP for {reds} red "
                    "die/dice in the set", f"{who}は赤サイコロ{reds}個で{bonus}ＶＰ")
    elif instead and st.log is not None:
        st.emit(instead, seat, f"{who}'s {reds} red die/dice earn no VP bonus ("
                + ("red dice serve more conditions instead" if instead == "CH-V5"
                   else "no VP on the road") + ")",
                f"{who}の赤サイコロ{reds}個にＶＰボーナスはない")
    tasks: list[tuple] = []
    if card.condition.star and p.star_dice_used:
        tasks += [("star", seat, used)] * p.star_dice_used
    if p.suit_effects and st.log is not None:
        what = ", ".join(h.to_text() for h in rules.effects[e])
        st.emit("CH-V4", seat, f"{card.id} is a {card.suit}: its effect is the suit's ({what})",
                f"{card.id}は「{SUIT_JA[card.suit]}」：スートの効果（{what}）")
    tasks += effect_tasks(st, seat, rules.effects[e], card.id)
    if p.weakness_on and card.suit == "Pilgrimage":
        tasks += [("draw_weakness", seat)] * p.weakness_draws
    for args in st.passive(seat, "on_achieve_vp"):
        if args["suit"] == card.suit:
            tasks.append(("fx", seat, "vp", args["n"], "Treasure Hunter"))
    tasks.append(("turn_end", seat))
    push(st, *tasks)


@FLOW.task("turn_end")
def turn_end(st: ClassicHeroState, seat: int) -> bool:
    if st.log is not None:
        st.emit("CH-6.8", seat, f"{seat_name(seat)}'s turn ends", f"{seat_name(seat)}の手番終了")
    return False


def _star_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat, used = st.ctx
    live = [i for i in used if i < len(st.dice[seat]) and not st.dice[seat][i][2]]
    out = [HeroAction("star", ref(st, seat, i)) for i in distinct(st, seat, live)]
    knight = st.ready(seat, "star_no_use")
    if knight is not None:
        out.append(HeroAction("star_skip", st.rules.abilities[knight].id))
    return tuple(out)


@FLOW.task("star")
def star(st: ClassicHeroState, seat: int, used: tuple[int, ...]) -> bool:
    st.ctx = (seat, used)
    if not _star_options(st):
        return False
    return ask(st, Phase.STAR, seat, (seat, used))


@FLOW.decision(Phase.STAR, _star_options)
def star_chosen(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    if a.kind == "star_skip":
        st.spent[seat].append(st.rules.ability_index[a.arg])
        text, text_ja = f"{seat_name(seat)}: {a.describe()}", \
            f"{seat_name(seat)}：{a.describe('ja')}"
    else:
        mark_used(st, seat, [a.arg[0]])
        text = f"★: {seat_name(seat)} marks {die_label(st.dice[seat][a.arg[0]])} as used"
        text_ja = f"★：{seat_name(seat)}が{die_label(st.dice[seat][a.arg[0]])}を使用済みにする"
    if st.log is not None:
        st.emit("CH-6.6", seat, text, text_ja)



