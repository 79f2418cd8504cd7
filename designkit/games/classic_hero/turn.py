"""The main phase (CH-5) and event resolution (CH-6): who moves, where, Fortune, achieving.

A turn is the spec's sequence of small decisions (§7): Rest any number of
times, then the destination (MOVE); the Fortune (FORTUNE); then blessings,
abilities, Rest, and achieve-with-which-set or pass (CHECK); the ★ die
(STAR); the effect targets (EFFECT, in :mod:`resolve`). A pawn reaching the
Goal fights instead (:mod:`battle`).
"""

from __future__ import annotations

from itertools import combinations

from designkit.core.flow import MAX_OPTIONS, ask, push
from designkit.core.rows import append
from designkit.core.seats import seat_label
from designkit.games.classic_hero.actions import HeroAction, fortune_atoms, passers
from designkit.games.classic_hero.cards import SUIT_JA, effect_text
from designkit.games.classic_hero.hands import tables
from designkit.games.classic_hero.notation import (
    Condition,
    Fortune,
    apply_atom,
    atom_text,
    can_achieve,
    fortune_options,
    in_english,
)
from designkit.games.classic_hero.resolve import (
    QUIET,
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
    hand,
    hand_kinds,
    has_ability_option,
    invert,
    mark_used,
    may_meet,
    red_bonus_vp,
    ref,
    rest_options,
    source_name,
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
        _log_turn(st, seat)
    push(st, ("move", seat), ("turn",))
    return False


#: the rules a turn's first line cites (see :func:`_log_turn`)
TURN_RULES = ("CH-5.1", "CH-4.4", "CH-A2")


def _log_turn(st: ClassicHeroState, seat: int) -> None:
    """Who moves, citing the rule that decides it: CH-A2 when the rearmost player moves again
    (mandatory), CH-4.4 when pawns share the Start card (the leftmost is furthest back),
    else CH-5.1."""
    who = seat_label(seat)
    prev = None
    for e in reversed(st.log or []):
        if e.rule == "CH-0.1":
            break               # a new stage: no turn before it counts
        if e.rule in TURN_RULES:
            prev = e.seat
            break
    on_start = st.pos[seat] == 0
    where = "on the Start card" if on_start else f"at slot {st.pos[seat]}"
    where_ja = "【スタート】" if on_start else f"{st.pos[seat]}番"
    if prev == seat:
        rule, en, ja = ("CH-A2", f"{who} is still rearmost ({where}) and takes the next turn "
                        "too: this is mandatory", f"{who}がまだ最後尾（{where_ja}）なので続けて"
                        "手番を行う")
    elif on_start and sum(1 for s in range(st.n) if st.pos[s] == 0) > 1:
        rule, en, ja = ("CH-4.4", f"{who} is rearmost (on the Start card the leftmost pawn "
                        "counts as furthest back) and takes the turn", f"{who}が最後尾"
                        "（【スタート】の最も左）なので手番を行う")
    else:
        rule, en, ja = ("CH-5.1", f"{who} is rearmost ({where}) and takes the turn",
                        f"{who}が最後尾（{where_ja}）なので手番を行う")
    st.emit(rule, seat, en, ja, turn=st.turn_no)


def is_last(st: ClassicHeroState, seat: int) -> bool:
    """CH-5.5: every other pawn is on the Goal."""
    goal, pos = st.rules.goal, st.pos
    return pos.count(goal) - (pos[seat] == goal) == st.n - 1


def destinations(st: ClassicHeroState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """CH-5.3, CH-5.4: legal stops ``(position, PASS_TRIAL abilities spent to get there)``.

    Each ready PASS_TRIAL ability passes one empty Trial on the move (CH-A34: a seat holding
    two may spend both); ``pass_trial_once_per_move`` is the reading "at most one".
    The ready abilities are looked up only at the first empty Trial (most moves stop
    before one, or hold none).
    """
    rules = st.rules
    goal = rules.goal
    pos = st.pos      # every stop lies ahead of the seat's own pawn, so ``q in pos`` asks
    if pos.count(goal) - (pos[seat] == goal) == st.n - 1:     # is_last (CH-5.5)
        return [(goal, ())]
    hand_tables = tables(rules)     # whether another pawn stands there
    trial = hand_tables.trial
    track = st.track
    used: tuple[int, ...] = ()
    ready: list[int] | None = None
    limit = 0
    out: list[tuple[int, tuple[int, ...]]] = []
    for q in range(pos[seat] + 1, goal):
        card = track[q]
        if card is None or q in pos:
            continue                   # blanks and other pawns can be passed, not stopped on
        out.append((q, used))
        if trial[card]:                # an empty Trial is a forced stop
            if ready is None:
                passer = hand_tables.passer
                spent = st.spent[seat]
                ready = [a for a in st.abilities[seat] if passer[a] and a not in spent]
                limit = min(len(ready), 1 if st.params.pass_trial_once_per_move else len(ready))
            if len(used) >= limit:
                return out
            used += (ready[len(used)],)    # PASS_TRIAL: stops beyond it use one more
    out.append((goal, used))
    return out


def _via(st: ClassicHeroState, used: tuple[int, ...]) -> str | tuple[str, ...] | None:
    """The move action's record of the abilities spent: None, one ID, or a tuple of IDs
    (one ID stays a plain string, as records written before CH-A34 have it)."""
    ids = tuple(st.rules.abilities[a].id for a in used)
    return None if not ids else ids[0] if len(ids) == 1 else ids


def _move_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat = st.ctx[0]
    rules = st.rules
    track, goal = st.track, rules.goal
    # one action per (stop, card there, abilities spent); the stops without an ability
    # spent (nearly all) by (stop, card) alone, a smaller key
    made, plain = (hand_tables := tables(rules)).moves, hand_tables.plain_moves
    moves = []
    for q, used in destinations(st, seat):
        card = track[q] if q != goal else None
        if not used:
            a = plain.get((q, card))
            if a is None:
                a = plain[(q, card)] = HeroAction(
                    "move", (q, None if card is None else rules.events[card].id, None))
            moves.append(a)
            continue
        a = made.get((q, card, used))
        if a is None:
            a = made[(q, card, used)] = HeroAction(
                "move", (q, None if card is None else rules.events[card].id, _via(st, used)))
        moves.append(a)
    # CH-A35: a ready once-per-stage die ability at the move step too (most seats have no
    # die left to rest and no die ability ready: then the move's stops alone)
    rest = rest_options(st, seat) if _may_rest(st, seat) else ()
    return (*rest, *ability_options(st, seat), *moves)


def _may_rest(st: ClassicHeroState, seat: int) -> bool:
    """Whether :func:`~resolve.rest_options` can offer anything: it needs a used die
    (unless a Rest needs none and returns none), else it gives nothing."""
    p = st.params
    if p.rest_min_used <= 0 and p.rest_returns <= 0:
        return True
    for d in st.dice[seat]:  # noqa: SIM110 - a loop, not any(): runs per question
        if d[2]:
            return True
    return False


def _move_several(st: ClassicHeroState) -> bool:
    """The first stop ahead is not a Trial: it and the stop or Goal after it are two
    destinations (the options wait until read; a bot's lookahead never reads them)."""
    seat = st.ctx[0]
    if is_last(st, seat):
        return False
    rules, pos, track = st.rules, st.pos, st.track
    trial = tables(rules).trial
    for q in range(pos[seat] + 1, rules.goal):
        card = track[q]
        if card is not None and q not in pos:
            return not trial[card]
    return False


@FLOW.task("move")
def move(st: ClassicHeroState, seat: int) -> bool:
    return ask(st, Phase.MOVE, seat, (seat,))


@FLOW.decision(Phase.MOVE, _move_options, several=_move_several)
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
    # CH-5.4: is this stop as far as the pawn could go? (asked before the abilities are spent)
    furthest = st.log is not None and not any(d > q for d, _ in destinations(st, seat))
    for aid in spent:
        append(st.spent, seat, rules.ability_index[aid])
    if len(spent) > 1 and st.log is not None:
        st.emit("CH-A34", seat, f"{seat_label(seat)} spends "
                f"{' and '.join(source_name(st, aid) for aid in spent)} on one move, each "
                "passing one empty Trial", f"{seat_label(seat)}は１回の移動で"
                f"{'と'.join(source_name(st, aid, 'ja') for aid in spent)}を使い、それぞれ"
                "空いている試練を１つ通過する")
    frm = st.pos[seat]
    if st.log is not None:
        _log_move(st, seat, frm, q, spent, furthest)
    if frm == 0 and seat in st.start_order:
        st.start_order.remove(seat)
    st.pos[seat] = q
    if q == rules.goal:
        push(st, ("arrive", seat))
    elif st.params.reroll_each_stop:
        push(st, ("stop_reroll", seat), ("fortune", seat))
    else:
        push(st, ("fortune", seat))


def _log_move(st: ClassicHeroState, seat: int, frm: int, q: int, spent: tuple[str, ...],
              furthest: bool) -> None:
    """The move, citing the rule that decides it (called before the pawn moves): CH-5.5
    the last player; CH-A30 the Goal with events skipped; CH-5.4 an empty Trial as a forced
    stop; CH-A22 a Trial passed because a pawn stands on it; else CH-5.3."""
    rules = st.rules
    who = seat_label(seat)
    start, start_ja = ("the Start", "【スタート】") if frm == 0 else (f"slot {frm}", f"{frm}番")
    names = " and ".join(source_name(st, aid) for aid in spent)
    extra = (f", passing {'an empty Trial' if len(spent) == 1 else 'empty Trials'} with "
             f"{names}") if spent else ""
    extra_ja = (f"（{'と'.join(source_name(st, aid, 'ja') for aid in spent)}で空いている試練を"
                "通過）") if spent else ""
    others = {p for s, p in enumerate(st.pos) if s != seat}
    if q == rules.goal:
        skipped = sum(1 for x in range(frm + 1, q) if st.track[x] is not None and x not in others)
        if is_last(st, seat):
            rule, why = "CH-5.5", " (the last player must go straight to the Goal, ignoring Trials)"
        elif skipped:
            rule, why = "CH-A30", (f", skipping the {skipped} event(s) left (allowed: no empty "
                                   "Trial lies in between)")
        else:
            rule, why = "CH-5.3", ""
        why_ja = f"（残りのイベント{skipped}枚を飛ばす）" if rule == "CH-A30" else ""
        st.emit(rule, seat, f"{who} moves from {start} to the Goal{why}{extra}",
                f"{who}が{start_ja}から【ゴール】へ進む{why_ja}{extra_ja}", to=q)
        return
    card = st.event_at(q)
    passed = [x for x in range(frm + 1, q) if x in others and (e := st.track[x]) is not None
              and rules.suit_of[e] == "Trial"]
    rule, why, why_ja = "CH-5.3", "", ""
    if card.suit == "Trial" and furthest:
        rule, why, why_ja = ("CH-5.4", "; an empty Trial is a forced stop",
                             "：空いている試練なので強制ストップ")
    elif passed:
        rule = "CH-A22"
        why = (f", passing the Trial at slot {passed[0]}, which has a pawn on it"
               if len(passed) == 1 else f", passing the Trials at slots "
               f"{', '.join(map(str, passed))}, which have pawns on them")
        why_ja = f"（{'、'.join(map(str, passed))}番の試練はポーンがいるので通過）"
    st.emit(rule, seat, f"{who} moves from {start} to slot {q}: {card.id} {card.suit}"
            f"{extra}{why}", f"{who}が{start_ja}から{q}番（{card.id}「{SUIT_JA[card.suit]}」）へ"
            f"進む{extra_ja}{why_ja}", to=q, card=card.id)


@FLOW.task("stop_reroll")
def stop_reroll(st: ClassicHeroState, seat: int) -> bool:
    """CH-V3: every stop on an event rerolls the available dice that are not fixed."""
    dice = st.dice[seat]
    free = [i for i in st.available(seat) if i not in st.fixed[seat]]
    if st.log is not None:
        kept = " ".join(die_label(dice[i]) for i in st.fixed[seat] if not dice[i][2])
        st.emit("CH-V3", seat, f"{seat_label(seat)} stops on an event and rerolls {len(free)} "
                "available dice" + (f", keeping the fixed {kept}" if kept else ""),
                f"{seat_label(seat)}はイベントに止まったので{len(free)}個を振り直す"
                + (f"（固定：{kept}）" if kept else ""))
    push(st, ("roll_dice", seat, tuple(free), "CH-V3"))
    return False


# -- Fortune (CH-6.1, CH-6.2) -------------------------------------------------------------------------------
def fortune_choices(st: ClassicHeroState, seat: int) -> list[HeroAction]:
    """CH-A10: every legal application, one per distinct result (dice as value and colour).

    The options per multiset of dice come from the ruleset's table (:mod:`hands`)."""
    card = st.event_at(st.pos[seat])
    avail, kinds = hand(st, seat)
    refs = [(i, *kinds[k]) for k, i in enumerate(avail)]
    return [HeroAction("fortune", tuple([(refs[k], text) for k, text in opt]))
            for opt in tables(st.rules).fortune_kinds(card.fortune, kinds)]


def fortune_kinds(fortune: Fortune, kinds: tuple[tuple[int, bool], ...], lo: int, hi: int,
                  top: int = 6) -> tuple[tuple[tuple[int, str], ...], ...]:
    """The options of :func:`fortune_choices` for dice of these sorted (value, red) kinds,
    merged: the direct builder (every way of :func:`notation.fortune_options`, one per
    distinct result), which the table's faster builder (:func:`hands.fill_fortunes`) must
    match."""
    vals = tuple(v for v, _ in kinds)
    seen = set()
    out = []
    for opt in fortune_options(fortune, vals, lo, hi, top):
        result = list(kinds)
        for k, atom in opt:
            result[k] = (apply_atom(vals[k], atom, lo, hi, top)[0], kinds[k][1])
        key = (tuple(sorted(result)),
               tuple(sorted(kinds[k] for k, a in opt if a[0] == "rr")))
        if key not in seen:
            seen.add(key)
            out.append(tuple((k, atom_text(a)) for k, a in opt))
    return tuple(out)


def canonical_fortune(st: ClassicHeroState, seat: int, options: list[HeroAction]
                      ) -> HeroAction:
    """The auto-resolver: the result that meets the event's condition, else the highest dice."""
    card = st.event_at(st.pos[seat])
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
        return invert(st, v)
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


def _fortune_several(st: ClassicHeroState) -> bool:
    """Two or more distinct results of the Fortune (counted in the ruleset's table, without
    making the actions), or one and a ready ignore-Fortune ability: the options wait until
    read (a bot's lookahead never reads them). ``auto_resolve`` keeps one result."""
    seat = st.ctx[0]
    return fortune_several_at(st, seat, st.event_at(st.pos[seat]).fortune,
                              hand_kinds(st, seat))


def fortune_several_at(st: ClassicHeroState, seat: int, fortune: Fortune,
                       kinds: tuple[tuple[int, bool], ...]) -> bool:
    """:func:`_fortune_several` for ``seat`` with these available dice ``kinds`` at an event
    with this ``fortune``, asked without the question's state (greedy's step-free value of
    a move, :mod:`fast_values`, asks it of the parent position). The results are counted
    only as far as the answer needs (:meth:`hands.HandTables.fortune_results`: two, or past
    the size limit below), so a hand's entry is filled only when its options are read."""
    n = tables(st.rules).fortune_results(fortune, kinds, MAX_OPTIONS // 2)
    if st.params.auto_resolve:
        n = min(n, 1)
    if n > MAX_OPTIONS // 2:
        return False       # built at once, so a too-large question is named where it is asked
    return n >= 2 or (n == 1 and st.ready(seat, "ignore_fortune") is not None)


def _fortune_count(st: ClassicHeroState) -> int:
    """``len(_fortune_options(st))``, the results counted in the ruleset's dice table."""
    seat = st.ctx[0]
    n = len(tables(st.rules).fortune_kinds(st.event_at(st.pos[seat]).fortune,
                                           hand_kinds(st, seat)))
    if st.params.auto_resolve:
        n = min(n, 1)
    return n + (st.ready(seat, "ignore_fortune") is not None) + len(ability_options(st, seat))


def _fortune_nth(st: ClassicHeroState, r: int) -> HeroAction:
    """``_fortune_options(st)[r]``: a result's one action made from the table entry."""
    seat = st.ctx[0]
    avail, kinds = hand(st, seat)
    found = tables(st.rules).fortune_kinds(st.event_at(st.pos[seat]).fortune, kinds)
    n = len(found)
    if n > 1 and st.params.auto_resolve:
        return _fortune_options(st)[r]      # the canonical result needs every one
    if r < n:
        return HeroAction("fortune", tuple([((avail[k], *kinds[k]), text)
                                            for k, text in found[r]]))
    r -= n
    skip = st.ready(seat, "ignore_fortune")
    if skip is not None:
        if not r:
            return HeroAction("ignore_fortune", st.rules.abilities[skip].id)
        r -= 1
    return ability_options(st, seat)[r]


@FLOW.task("fortune")
def fortune(st: ClassicHeroState, seat: int) -> bool:
    card = st.event_at(st.pos[seat])
    push(st, ("check", seat))
    if not card.fortune:
        if st.log is not None:
            st.emit("CH-6.1", seat, f"{card.id} has no Fortune", f"{card.id}は天運なし")
        return False
    if not st.available(seat):
        if st.log is not None:
            st.emit("CH-6.1", seat, f"{seat_label(seat)} has no available dice: the Fortune "
                    f"{in_english(card.fortune_text)} has no effect", f"{seat_label(seat)}は"
                    f"未使用のサイコロがないので天運{card.fortune_text}は効果なし")
        return False
    return ask(st, Phase.FORTUNE, seat, (seat,))


@FLOW.task("fortune_ask")
def fortune_ask(st: ClassicHeroState, seat: int) -> bool:
    """The Fortune question again, after a die ability was used at the Fortune step."""
    return bool(st.available(seat)) and ask(st, Phase.FORTUNE, seat, (seat,))


@FLOW.decision(Phase.FORTUNE, _fortune_options, several=_fortune_several,
               count=_fortune_count, nth=_fortune_nth)
def fortune_applied(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    card = st.event_at(st.pos[seat])
    who = seat_label(seat)
    if a.kind == "ability":
        apply_ability(st, seat, a, ("fortune_ask", seat), step="CH-A35")
        return
    if a.kind == "ignore_fortune":
        append(st.spent, seat, st.rules.ability_index[a.arg])
        if st.log is not None:     # the ability's own rule (§5.6, CH-A28)
            st.emit("CH-A28", seat, f"{who} ignores the Fortune {in_english(card.fortune_text)} "
                    f"with {source_name(st, a.arg)} (once per stage)", f"{who}は"
                    f"{source_name(st, a.arg, 'ja')}で天運{card.fortune_text}を無視する")
        return
    rolls = []
    full = 0
    before = st.dice_text(seat) if st.log is not None else ""   # log text only when logging
    for (i, v, _), text in a.arg:
        if text == "振り直し":
            rolls.append(("roll_die", seat, i, "CH-3.4", QUIET))   # the line below shows it
            full += 1
            continue
        new = _apply_text(st, v, text)
        full += text == "反転" or new == v + int(text)
        d = st.dice[seat][i]
        st.dice[seat][i] = (new, d[1], d[2])
    if st.log is None:
        push(st, *rolls)
        return
    rule = fortune_rule(card.fortune, len(a.arg), full)
    head = f"{who} applies the Fortune {in_english(card.fortune_text)}: {fortune_atoms(a.arg)}"
    head_ja = f"{who}が天運{card.fortune_text}を適用：{fortune_atoms(a.arg, 'ja')}"
    if rule == "CH-6.2":
        tail = f"; {full} of {len(a.arg)} part(s) apply in full, the most possible"
    elif len(a.arg) < len(card.fortune):
        tail = (f"; with {len(a.arg)} available {'die' if len(a.arg) == 1 else 'dice'} only "
                f"{len(a.arg)} of its {len(card.fortune)} parts can be applied")
    else:
        tail = ""
    # a reroll's result is known after its roll: the line waits for it
    push(st, *rolls, ("fortune_log", seat, rule, head, head_ja, before, tail))


def fortune_rule(fortune: Fortune, applied: int, full: int) -> str:
    """The rule that says how this Fortune was applied: CH-6.2 when some part could not
    apply in full; else its notation's: CH-3.2 (A・B, also with too few dice), CH-3.1 (A/B),
    CH-3.3 (反転), CH-3.4 (振り直し), and CH-6.1 for a plain ±k."""
    if full < applied:
        return "CH-6.2"
    if len(fortune) > 1:
        return "CH-3.2"
    if len(fortune[0]) > 1:
        return "CH-3.1"
    return {"inv": "CH-3.3", "rr": "CH-3.4"}.get(fortune[0][0][0], "CH-6.1")


@FLOW.task("fortune_log")
def fortune_log(st: ClassicHeroState, seat: int, rule: str, head: str, head_ja: str,
                before: str, tail: str) -> bool:
    """The Fortune's line, with the dice after it (after its rerolls, if any)."""
    if st.log is not None:
        after = st.dice_text(seat)
        card = st.event_at(st.pos[seat])
        st.emit(rule, seat, f"{head} ({before} → {after}){tail}", f"{head_ja}（{before}→{after}）",
                fortune=card.fortune_text)
    return False


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
    return (*achieve_options(st, seat), *force_options(st, seat), *bless_options(st, seat),
            *ability_options(st, seat), *rest_options(st, seat), PASS)


def force_options(st: ClassicHeroState, seat: int) -> list[HeroAction]:
    """CH-V10 (the change list's earlier rule, an ASSUMPTION): with no blessings, a player
    whose available dice cannot meet the event stopped on may clear it anyway by marking
    ``forced_clear_dice`` of them used: one option per kind of set (auto-resolve: the
    lowest white dice, which the battle misses least)."""
    p = st.params
    if not p.forced_clear:
        return []
    card_i = st.track[st.pos[seat]]
    avail = st.available(seat)
    if card_i is None or len(avail) < p.forced_clear_dice \
            or achieve_sets(st, seat, st.rules.events[card_i].condition):
        return []
    dice = st.dice[seat]
    kinds: dict[tuple[tuple[int, bool], ...], tuple[int, ...]] = {}
    for combo in combinations(sorted(avail, key=lambda i: (dice[i][1], dice[i][0], i)),
                              p.forced_clear_dice):
        kinds.setdefault(tuple(sorted(dice[i][:2] for i in combo)), combo)
    sets = list(kinds.values())[:1] if p.auto_resolve else list(kinds.values())
    card_id = st.rules.events[card_i].id
    return [HeroAction("force", (card_id, tuple(ref(st, seat, i) for i in u))) for u in sets]


#: the check's last option, made once (an action is an immutable value)
PASS = HeroAction("pass")


@FLOW.task("check")
def check(st: ClassicHeroState, seat: int) -> bool:
    if st.log is None and _only_pass(st, seat):
        st.forced += 1      # what ask would do with the single option "pass", minus the work
        return False
    return ask(st, Phase.CHECK, seat, (seat,))


def _only_pass(st: ClassicHeroState, seat: int) -> bool:
    """A cheap proof that "pass" is the only option (batch simulation's common case)."""
    if st.bless[seat] or st.params.forced_clear:
        return False
    card = st.track[st.pos[seat]]
    dice = st.dice[seat]
    if card is not None and may_meet(st.rules.events[card].condition,
                                     [d[0] for d in dice if not d[2]]):
        return False
    if has_ability_option(st, seat):
        return False
    used = sum(1 for d in dice if d[2])
    can_rest = used >= st.params.rest_min_used or st.ready(seat, "rest_no_return") is not None
    return not (used and can_rest)


def _check_several(st: ClassicHeroState) -> bool:
    """A blessing with an available die (CH-6.5: ±``blessing_delta`` ≥ 1 changes any value
    one way or the other), a Rest (CH-5.6), achieving the event (some set found by the
    ruleset's dice tables, :meth:`~hands.HandTables.any_set`, without making the actions or
    filling the hand's sets) or a die ability is possible: it and "pass" are two options
    (they wait until read; a bot's lookahead never reads them)."""
    seat = st.ctx[0]
    p = st.params
    used = sum(1 for d in st.dice[seat] if d[2])
    if st.bless[seat] > 0 and used < len(st.dice[seat]):
        return True
    if used >= 1 and used >= p.rest_min_used and used >= p.rest_returns:
        return True
    if p.forced_clear and force_options(st, seat):
        return True
    card = st.track[st.pos[seat]]
    if card is not None and used < len(st.dice[seat]):
        kinds = hand_kinds(st, seat)
        table, cond = tables(st.rules), st.rules.events[card].condition
        if 1 << len(kinds) <= MAX_OPTIONS // 2:    # fewer sets than subsets: within the limit
            if table.any_set(cond, kinds):
                return True
        else:
            n = len(table.set_kinds(cond, kinds))
            if n:
                return n <= MAX_OPTIONS // 2
    return has_ability_option(st, seat)


def check_asked_at(st: ClassicHeroState, seat: int, slot: int) -> bool:
    """Whether ``seat``'s check at ``slot`` (CH-6.3) is asked and waits for an answer when
    the log is off: not "pass" alone (:func:`_only_pass`) and two options or more
    (:func:`_check_several`), asked of the move question's position with the pawn put on
    ``slot`` for the question and back after it (greedy's step-free value of a move to an
    event without a Fortune, :mod:`fast_values`; the question's context is ``(seat,)``
    at both)."""
    pos = st.pos
    before = pos[seat]
    pos[seat] = slot
    try:
        return check_waits(st, seat)
    finally:
        pos[seat] = before


def check_waits(st: ClassicHeroState, seat: int) -> bool:
    """Whether the check task, run now for ``seat`` with the log off, asks and waits (not
    "pass" alone, and two options or more by the ``several`` hook); the question's
    context ``st.ctx`` must be ``(seat,)``."""
    return not _only_pass(st, seat) and _check_several(st)


@FLOW.decision(Phase.CHECK, _check_options, several=_check_several)
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
    elif kind == "force":
        force_clear(st, seat, tuple(r[0] for r in a.arg[1]))
    elif st.log is not None:
        card = st.track[st.pos[seat]]
        if card is not None:
            _log_not_achieved(st, seat, st.rules.events[card].condition)
        st.emit("CH-6.8", seat, "The turn ends", "手番終了")


def _log_not_achieved(st: ClassicHeroState, seat: int, cond: Condition) -> None:
    """A pass at the check: CH-A6 when the dice could achieve it (achieving is optional),
    else the notation rule the dice fail (CH-3.5 one die, CH-3.6 several, CH-3.7 a sum,
    CH-3.8 equal dice), saying what it needs."""
    who, dice = seat_label(seat), st.dice_text(seat)
    text, text_en = cond.text, in_english(cond.text)
    if achieve_sets(st, seat, cond):
        st.emit("CH-A6", seat, f"{who} declines {text_en} with {dice} (achieving is optional)",
                f"{who}は{text}を達成しない（任意、{dice}）")
        return
    vals = [st.dice[seat][i][0] for i in st.available(seat)]
    if cond.kind == "sum":
        rule, need, need_ja = ("CH-3.7", f"the available dice must add up to {cond.total} or "
                               f"more; they add up to {sum(vals)}",
                               f"目の合計{cond.total}以上が必要（未使用の合計{sum(vals)}）")
    elif cond.kind == "zoro":
        most = max((vals.count(v) for v in set(vals)), default=0)
        rule, need, need_ja = ("CH-3.8", f"it needs {cond.k} available dice showing the same "
                               f"value; at most {most} do", f"同じ目が{cond.k}つ必要（最多{most}つ）")
    elif len(cond.slots) == 1:
        shown = " or ".join(str(v) for v in sorted(cond.slots[0]))
        shown_ja = "か".join(str(v) for v in sorted(cond.slots[0]))
        rule, need, need_ja = ("CH-3.5", f"it needs an available die showing {shown}",
                               f"{shown_ja}の目の未使用のサイコロが必要")
    else:
        slots = ", ".join(" or ".join(str(v) for v in sorted(x)) for x in cond.slots)
        rule, need, need_ja = ("CH-3.6", f"it needs a different available die for each of: "
                               f"{slots}", f"{text.rstrip('★')}の目のサイコロが各１つずつ必要")
    st.emit(rule, seat, f"{who} cannot achieve {text_en} with {dice}: {need}",
            f"{who}は{text}を達成できない（{dice}）：{need_ja}")


def achieve(st: ClassicHeroState, seat: int, used: tuple[int, ...]) -> None:
    """CH-6.3: take the card, red bonus (CH-6.4), ★ (CH-6.6), then the effect."""
    rules, p = st.rules, st.params
    slot = st.pos[seat]
    e = st.track[slot]
    assert e is not None  # CH-6.3: the pawn stands on an event card
    card = rules.events[e]
    st.track[slot] = None
    append(st.taken, seat, e)
    who = seat_label(seat)
    dice = st.dice[seat]
    reds = sum(dice[i][1] for i in used)
    if st.log is not None:
        shown = ", ".join(die_label(dice[i]) for i in used)
        st.emit("CH-6.3", seat, f"{who} achieves {card.id} ({card.suit}, "
                f"{in_english(card.condition.text)}) with {shown}; the pawn stays on the blank "
                "slot",
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
    push(st, *tasks, *_card_effects(st, seat, e))


def force_clear(st: ClassicHeroState, seat: int, paid: tuple[int, ...]) -> None:
    """CH-V10: take the card without meeting its condition; the paid dice become used, no
    red bonus (no die met anything), no ★ (the condition was not used), then the effect."""
    slot = st.pos[seat]
    e = st.track[slot]
    assert e is not None  # force_options offers only the event card stood on
    card = st.rules.events[e]
    st.track[slot] = None
    append(st.taken, seat, e)
    if st.log is not None:
        shown = ", ".join(die_label(st.dice[seat][i]) for i in paid)
        who = seat_label(seat)
        st.emit("CH-V10", seat, f"{who} cannot meet {card.id} ({in_english(card.condition.text)})"
                f" and clears it by force, marking {shown} as used (the rule before the "
                "change list's blessings; an assumption)",
                f"{who}は{card.id}「{SUIT_JA[card.suit]}」（{card.condition.text}）を満たせず、"
                f"{shown}を使用済みにして強制クリアする（変更前のルール、仮定）",
                card=card.id, dice=[die_label(st.dice[seat][i]) for i in paid])
    mark_used(st, seat, paid)
    push(st, *_card_effects(st, seat, e))


def _card_effects(st: ClassicHeroState, seat: int, e: int) -> list[tuple]:
    """An achieved (or force-cleared) card's effect, weakness draws, Treasure Hunter, turn end."""
    rules, p = st.rules, st.params
    card = rules.events[e]
    tasks: list[tuple] = []
    if p.suit_effects and st.log is not None:
        hooks = rules.effects[e]
        what = ", ".join(effect_text(h.name, _hook_arg(h)) for h in hooks)
        what_ja = "、".join(effect_text(h.name, _hook_arg(h), "ja") for h in hooks)
        st.emit("CH-V4", seat, f"{card.id} is a {card.suit}: its effect is the suit's ({what})",
                f"{card.id}は「{SUIT_JA[card.suit]}」：スートの効果（{what_ja}）")
    tasks += effect_tasks(st, seat, rules.effects[e], card.id)
    if p.weakness_on and card.suit == "Pilgrimage":
        tasks += [("draw_weakness", seat)] * p.weakness_draws
    for a in st.abilities[seat]:     # SK07 Treasure Hunter: +n VP for a Ruins (CH-A28)
        ab = rules.abilities[a]
        if ab.hook.name == "on_achieve_vp" and ab.timing in ("passive", "scoring") \
                and ab.hook.args["suit"] == card.suit:
            tasks.append(("fx", seat, "vp", ab.hook.args["n"], ab.id))
    tasks.append(("turn_end", seat))
    return tasks


def _hook_arg(h: object) -> object:
    args = getattr(h, "args", {})
    return args.get("n", args.get("value"))


FLOW.note_task("turn_end", "CH-6.8", "{seat}'s turn ends", "{seat}の手番終了")


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
    options = _star_options(st)
    if not options:
        return False
    return ask(st, Phase.STAR, seat, (seat, used), options)


@FLOW.decision(Phase.STAR, _star_options)
def star_chosen(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    skip = a.kind == "star_skip"
    if skip:
        append(st.spent, seat, st.rules.ability_index[a.arg])
    else:
        mark_used(st, seat, [a.arg[0]])
    if st.log is None:
        return
    if skip:
        st.emit("CH-6.6", seat, f"{seat_label(seat)}: {a.describe()}",
                f"{seat_label(seat)}：{a.describe('ja')}")
    else:
        die = die_label(st.dice[seat][a.arg[0]])
        st.emit("CH-6.6", seat, f"★: {seat_label(seat)} marks {die} as used",
                f"★：{seat_label(seat)}が{die}を使用済みにする")



