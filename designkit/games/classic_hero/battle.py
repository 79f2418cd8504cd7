"""The Demon Lord battle (CH-7): Goal arrival, repeated (HP, set) steps, the skill pick.

Each step is one decision: hit an unmarked HP of a face-up Demon Lord with a
satisfying set (all of its dice become used, CH-7.1), spend a blessing or a
once-per-stage ability, or stop (CH-A14). The battle ends by itself when all
dice are used or nothing can be achieved (CH-7.4).
"""

from __future__ import annotations

from designkit.core.flow import MAX_OPTIONS, ask, push, roll
from designkit.core.rows import append, without
from designkit.core.seats import seat_label
from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.hands import LIMIT, tables
from designkit.games.classic_hero.notation import in_english
from designkit.games.classic_hero.reach import reachable
from designkit.games.classic_hero.resolve import (
    DIE_ABILITIES,
    ability_options,
    apply_ability,
    apply_bless,
    apply_rest,
    best_set,
    bless_options,
    effect_tasks,
    hand,
    hand_kinds,
    hand_refs,
    red_bonus_vp,
    rest_options,
    use_in_battle,
)
from designkit.games.classic_hero.state import (
    FLOW,
    VP_FINAL,
    VP_FIRST,
    VP_HP,
    VP_RED,
    VP_WEAK,
    ClassicHeroState,
    Phase,
    die_label,
)


@FLOW.task("arrive")
def arrive(st: ClassicHeroState, seat: int) -> bool:
    """CH-7.0: the pawn takes the leftmost free Goal space; then the battle (CH-5.2)."""
    st.goal_order.append(seat)
    if st.log is not None:
        st.emit("CH-7.0", seat, f"{seat_label(seat)} takes Goal space {len(st.goal_order)} and "
                f"fights the Demon Lords with {st.dice_text(seat)}",
                f"{seat_label(seat)}が【ゴール】の{len(st.goal_order)}番目のマスに入り、魔王と戦う"
                f"（{st.dice_text(seat)}）", space=len(st.goal_order))
    push(st, ("battle", seat), ("skill_pick", seat), ("forced_pass", seat))
    return False


def hit_options(st: ClassicHeroState, seat: int) -> list[HeroAction]:
    out: list[HeroAction] = []
    rules = st.rules
    avail, kinds = hand(st, seat)
    table = tables(rules)
    # each sorted die's ref: a set's refs sorted are its dice in position order (the
    # positions differ), as the action names them
    krefs = [(i, *kinds[k]) for k, i in enumerate(avail)]
    repeat = st.params.shared_hp == "repeat"
    mine = st.hp_by[seat]
    for b, marks in st.lords_up:
        lord = rules.lords[b]
        for h, (cond, _) in enumerate(lord.hps):
            if (b, h) in mine if repeat else marks[h]:
                continue      # CH-7.2; under CH-V1 repeat, each seat hits each HP once
            found = table.set_kinds(cond, kinds)
            if found:
                out += [HeroAction("hit", (lord.id, h + 1, refs))
                        for refs in _set_refs(st, seat, found, avail, krefs)]
    for w in st.weak[seat]:     # CH-V2: the seat's own weakness cards
        card = rules.weaknesses[w]
        found = table.set_kinds(card.hps[0][0], kinds)
        if found:
            out += [HeroAction("weak", (card.id, refs))
                    for refs in _set_refs(st, seat, found, avail, krefs)]
    return out


def _set_refs(st: ClassicHeroState, seat: int, found: tuple[tuple[int, ...], ...],
              avail: list[int], krefs: list[tuple[int, int, bool]]
              ) -> list[tuple[tuple[int, int, bool], ...]]:
    """The dice refs of each set of a hand's table entry (indices into the sorted hand),
    in position order; under ``auto_resolve`` the canonical set's only."""
    if st.params.auto_resolve:
        best = best_set(st, seat, [tuple(sorted([avail[k] for k in u])) for u in found])
        refs = hand_refs(avail, tuple((v, red) for _, v, red in krefs))
        return [tuple([refs[i] for i in best])]
    return [tuple(sorted([krefs[k] for k in u])) for u in found]


def _battle_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat = st.ctx[0]
    rest = rest_options(st, seat) if st.params.rest_in_boss_fight else []
    return (*hit_options(st, seat), *bless_options(st, seat), *ability_options(st, seat),
            *rest, STOP)


#: the battle's last option, made once (an action is an immutable value)
STOP = HeroAction("stop")


@FLOW.task("battle")
def battle(st: ClassicHeroState, seat: int) -> bool:
    who = seat_label(seat)
    if not st.available(seat) and not (st.params.rest_in_boss_fight
                                       and rest_options(st, seat)):
        if st.log is not None:
            st.emit("CH-7.4", seat, f"All of {who}'s dice are used: the battle ends",
                    f"{who}のサイコロが全て使用済みなので魔王戦終了")
        return False
    st.ctx = (seat,)
    if _battle_several(st):   # a hit: it and "stop" are two options, built when read
        return ask(st, Phase.BATTLE, seat, (seat,))
    options = _battle_options(st)
    if len(options) == 1:   # only "stop": no HP can be achieved and nothing can change that
        if st.log is not None:
            st.emit("CH-7.4", seat, f"No HP can be achieved with {st.dice_text(seat)}: "
                    "the battle ends", f"達成できるＨＰがないので魔王戦終了（{st.dice_text(seat)}）")
        return False
    if not any(a.kind in ("hit", "weak", "rest", "rest_free") for a in options) \
            and not _any_reachable(st, seat):
        if st.log is not None:
            st.emit("CH-A33", seat, f"No HP can be achieved with {st.dice_text(seat)}, whatever "
                    f"the {st.bless[seat]} blessing(s) and ready abilities would do: the battle "
                    "ends and they are kept", f"加護や能力を使っても達成できるＨＰがないので"
                    f"魔王戦終了（{st.dice_text(seat)}、加護は持ち越し）")
        return False
    return ask(st, Phase.BATTLE, seat, (seat,), options)


def _battle_several(st: ClassicHeroState) -> bool:
    """Some HP or weakness card can be hit now (asked of the ruleset's dice table, without
    making the actions): it and "stop" are two options or more, so the battle's question
    may wait until read (a bot's lookahead never reads it) and none of the battle's early
    ends (CH-7.4, CH-A33) applies. A question too large to wait is built at once, so it is
    named where it is asked: the first hit settles it when even every target with every
    distinct set of the hand (fewer than ``2 ** dice``) would stay within half the limit,
    else the sets are counted."""
    seat = st.ctx[0]
    kinds = hand_kinds(st, seat)
    if not kinds:
        return False
    rules = st.rules
    lords, up, weak = rules.lords, st.lords_up, st.weak[seat]
    table = tables(rules)
    if (sum([len(lords[b].hps) for b, _ in up]) + len(weak)) << len(kinds) > MAX_OPTIONS // 2:
        hits = sum(len(table.set_kinds(cond, kinds)) for cond in _targets(st, seat))
        return 0 < hits <= MAX_OPTIONS // 2
    repeat = st.params.shared_hp == "repeat"
    mine = st.hp_by[seat]
    any_set = table.any_set
    for b, marks in up:       # the targets of :func:`_targets`, up to the first hit
        for h, (cond, _) in enumerate(lords[b].hps):
            if not ((b, h) in mine if repeat else marks[h]) and any_set(cond, kinds):
                return True
    return any(any_set(rules.weaknesses[w].hps[0][0], kinds) for w in weak)


def _targets(st: ClassicHeroState, seat: int) -> list:
    """The conditions ``seat`` may still achieve in this battle: HPs and own weaknesses."""
    rules = st.rules
    repeat = st.params.shared_hp == "repeat"
    out = [cond for b, marks in st.lords_up for h, (cond, _) in enumerate(rules.lords[b].hps)
           if not ((b, h) in st.hp_by[seat] if repeat else marks[h])]
    return out + [rules.weaknesses[w].hps[0][0] for w in st.weak[seat]]


def _any_reachable(st: ClassicHeroState, seat: int) -> bool:
    """CH-A33: could the blessings and ready die abilities make some target achievable?"""
    rules = st.rules
    ready = tuple((rules.abilities[a].hook.name, int(rules.abilities[a].hook.args.get("n", 1)))
                  for a in st.abilities[seat]
                  if rules.abilities[a].timing == "once_per_stage" and a not in st.spent[seat]
                  and rules.abilities[a].hook.name in DIE_ABILITIES)
    values = [st.dice[seat][i][0] for i in st.available(seat)]
    targets = _targets(st, seat)
    # the answer depends on the dice as a multiset (every die is tried in every slot), so
    # it is kept per sorted values in the ruleset's table, its conditions by id (they are
    # the ruleset's own Demon Lords' and weakness cards', kept as long as the table)
    key = (tuple([id(cond) for cond in targets]), tuple(sorted(values)), st.bless[seat],
           ready)
    memo = tables(rules).reach
    found = memo.get(key)
    if found is None:
        if len(memo) >= LIMIT:
            memo.clear()
        found = memo[key] = any(
            reachable(cond, values, st.bless[seat], st.params.blessing_delta, ready,
                      rules.lo, rules.hi, rules.top) for cond in targets)
    return found


@FLOW.decision(Phase.BATTLE, _battle_options, several=_battle_several)
def battle_step(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    if a.kind == "stop":
        if st.log is not None:   # CH-A14: a player may stop the battle voluntarily
            st.emit("CH-A14", seat, f"{seat_label(seat)} stops the battle (a player may stop "
                    "at any time)", f"{seat_label(seat)}は魔王戦を終える（任意）")
        return
    if a.kind == "bless":
        apply_bless(st, seat, a)
        push(st, ("battle", seat))
        return
    if a.kind == "ability":
        apply_ability(st, seat, a, ("battle", seat))
        return
    if a.kind in ("rest", "rest_free"):
        apply_rest(st, seat, a, ("battle", seat))
        return
    if a.kind == "weak":
        hit_weakness(st, seat, a.arg[0], tuple(r[0] for r in a.arg[1]))
        return
    hit(st, seat, a.arg[0], a.arg[1] - 1, tuple(r[0] for r in a.arg[2]))


def hit(st: ClassicHeroState, seat: int, lord_id: str, h: int, used: tuple[int, ...]) -> None:
    """CH-7.1, CH-7.2 (base merit + stage), CH-6.4 (red bonus), CH-7.3 (final damage)."""
    rules, p = st.rules, st.params
    b = rules.lord_index[lord_id]
    k = next(j for j, (bb, _) in enumerate(st.lords_up) if bb == b)
    marks = list(st.lords_up[k][1])
    first = not marks[h]
    was_complete = all(marks)
    marks[h] = True
    st.lords_up[k] = (b, tuple(marks))
    if p.shared_hp == "repeat":
        append(st.hp_by, seat, (b, h))
    lord = rules.lords[b]
    cond, base = lord.hps[h]
    dice = st.dice[seat]
    # the dice as shown before the battle uses them (log text only when logging)
    shown = ", ".join(die_label(dice[i]) for i in used) if st.log is not None else ""
    vp = base + (st.stage if p.boss_hp_vp == "base_plus_stage" else 0)
    extra = sum(args["n"] for args in st.passive(seat, "boss_hp_vp"))
    st.gain(seat, vp + extra, VP_HP)
    stayed = use_in_battle(st, seat, used)
    who = seat_label(seat)
    if st.log is not None:
        more = f" + {extra} (Battle Cry)" if extra else ""
        st.emit("CH-7.1", seat, f"{who} achieves {lord.name} HP{h + 1} ({in_english(cond.text)}) with "
                f"{shown}; those dice become used", f"{who}が{shown}で{lord.name_ja}のHP{h + 1}"
                f"（{cond.text}）を達成、使用したサイコロは全て使用済み", lord=lord_id, hp=h + 1)
        st.emit("CH-7.2", seat, f"{who} gains {base} + stage {st.stage} = {vp} VP{more} and "
                "marks the HP", f"{who}は基本戦功{base}＋ステージ{st.stage}＝{vp}ＶＰを得て"
                "達成マーカーを置く", vp=vp + extra)
    battle_red_bonus(st, seat, used, stayed)
    if p.shared_hp != "off" and first and p.first_attack_bonus:
        st.gain(seat, p.first_attack_bonus, VP_FIRST)
        if st.log is not None:
            st.emit("CH-V1", seat, f"{who} is the first to achieve {lord.name} HP{h + 1}: "
                    f"First Attack bonus {p.first_attack_bonus} VP",
                    f"{who}が{lord.name_ja}のHP{h + 1}を最初に達成：ファーストアタックボーナス"
                    f"{p.first_attack_bonus}ＶＰ", vp=p.first_attack_bonus)
    tasks: list[tuple] = []
    complete = all(marks) and not was_complete
    if _earns_final_damage(st, seat, b, len(marks), complete):
        bonus = p.final_damage_bonus + sum(a["n"] for a in st.passive(seat, "final_bonus"))
        st.gain(seat, bonus, VP_FINAL)
        if st.log is not None and complete and p.final_damage_reading == "last_mark":
            st.emit("CH-7.3", seat, f"{lord.name} is defeated: {who} gains the final damage "
                    f"bonus {bonus} VP" + ("; the card is discarded and a new one drawn"
                                           if p.shared_hp == "off" else ""),
                    f"{lord.name_ja}の全ＨＰ達成：{who}はファイナルダメージボーナス{bonus}ＶＰ"
                    "を得る", lord=lord_id, vp=bonus)
        elif st.log is not None:
            st.emit("CH-V13", seat, f"{who} has achieved every HP of {lord.name}: final "
                    f"damage bonus {bonus} VP (each player who achieves them all earns it)",
                    f"{who}が{lord.name_ja}の全ＨＰを自分で達成：ファイナルダメージボーナス"
                    f"{bonus}ＶＰ（全ＨＰを達成した各人が得る）", lord=lord_id, vp=bonus)
    if complete:
        stays = p.shared_hp == "repeat"
        if not stays:
            del st.lords_up[k]
            st.out += (f"lord {lord.id}",)
        if st.log is not None:
            if stays:
                st.emit("CH-V1", seat, f"{lord.name} stays: every player may still hit the "
                        "HPs they have not", f"{lord.name_ja}は残る：まだ達成していないＨＰは"
                        "誰でも達成できる", lord=lord_id)
            elif p.shared_hp != "off":
                st.emit("CH-V1", seat, f"{lord.name} is discarded and no new card is drawn: "
                        "the stage's goal stays fixed", f"{lord.name_ja}を捨て札にする。"
                        "新たな魔王は引かない（目標は固定）", lord=lord_id)
        if p.shared_hp == "off":
            tasks.append(("draw_lord", "CH-7.3"))
    tasks.append(("battle", seat))
    push(st, *tasks)


def _earns_final_damage(st: ClassicHeroState, seat: int, b: int, hps: int,
                        complete: bool) -> bool:
    """CH-7.3's final damage bonus: to whoever marks a card's last open HP (the draft's
    「１枚の魔王カードのＨＰが全て達成された場合」); under ``shared_hp = repeat`` the draft is
    open, and CH-V13's ``all_own`` reading gives it to each player who has achieved every
    HP of the card themselves (so the bonus rewards the whole card, not the last open HP)."""
    p = st.params
    if p.final_damage_reading == "all_own" and p.shared_hp == "repeat":
        return sum(1 for bb, _ in st.hp_by[seat] if bb == b) == hps
    return complete


def battle_red_bonus(st: ClassicHeroState, seat: int, used: tuple[int, ...],
                     stayed: list[int]) -> None:
    """CH-6.4 in the battle, or CH-V5: the red dice that stay available for one more HP."""
    dice = st.dice[seat]
    reds = sum(dice[i][1] for i in used)
    who = seat_label(seat)
    bonus, instead = red_bonus_vp(st, reds, at_event=False)
    if bonus:
        st.gain(seat, bonus, VP_RED)
        if st.log is not None:
            st.emit("CH-6.4", seat, f"{who} gains {bonus} VP for {reds} red die/dice",
                    f"{who}は赤サイコロ{reds}個で{bonus}ＶＰ")
    elif instead and st.log is not None:
        kept = " ".join(die_label(dice[i]) for i in stayed)
        st.emit("CH-V5", seat, f"{who}'s red dice earn no VP bonus; "
                + (f"{kept} stay available for one more HP" if kept else
                   "they had served an HP before and are now used"),
                f"{who}の赤サイコロはＶＰボーナスなし" + (f"。{kept}はもう１つの条件に使える"
                                                     if kept else ""))


def hit_weakness(st: ClassicHeroState, seat: int, card_id: str, used: tuple[int, ...]) -> None:
    """CH-V2: a seat hits its own weakness card like an HP (base merit + stage, dice used);
    the card is revealed and leaves the seat's hand."""
    rules, p = st.rules, st.params
    w = next(i for i in st.weak[seat] if rules.weaknesses[i].id == card_id)
    st.weak[seat] = without(st.weak[seat], w)
    card = rules.weaknesses[w]
    st.out += (f"weakness {card.id}",)
    cond, base = card.hps[0]
    vp = base + (st.stage if p.boss_hp_vp == "base_plus_stage" else 0)
    st.gain(seat, vp, VP_WEAK)
    if st.log is not None:
        shown = ", ".join(die_label(st.dice[seat][i]) for i in used)
        st.emit("CH-V2", seat, f"{seat_label(seat)} reveals the weakness {card.name} "
                f"({in_english(cond.text)}) and hits it with {shown}: {base} + stage {st.stage} = {vp} VP",
                f"{seat_label(seat)}が弱点「{card.name_ja}」（{cond.text}）を明かし{shown}で"
                f"達成：{vp}ＶＰ", weakness=card.id, vp=vp)
    stayed = use_in_battle(st, seat, used)
    battle_red_bonus(st, seat, used, stayed)
    push(st, ("battle", seat))


# -- weakness cards (CH-V2) ------------------------------------------------------------------
@FLOW.task("draw_weakness")
def draw_weakness(st: ClassicHeroState, seat: int) -> bool:
    if not st.weak_deck:
        if st.log is not None:
            st.emit("CH-V2", seat, "The weakness deck is empty: no card is drawn",
                    "弱点の山が空なので引かない")
        return False
    return roll(st, Phase.DRAW_WEAKNESS, (seat,), len(st.weak_deck))


@FLOW.chance(Phase.DRAW_WEAKNESS,
             lambda st: tuple(st.rules.weaknesses[w].id for w in st.weak_deck), uniform=True,
             stream=lambda st: f"weaknesses stage {st.stage}")   # a full deck each stage
def weakness_drawn(st: ClassicHeroState, card_id: str) -> None:
    seat = st.ctx[0]
    w = next(i for i in st.weak_deck if st.rules.weaknesses[i].id == card_id)
    st.weak_deck.remove(w)
    append(st.weak, seat, w)
    if st.log is not None:
        card = st.rules.weaknesses[w]
        who = seat_label(seat)
        st.emit("CH-V2", seat, f"{who} learns a weakness of the Demon Lords: {card.name} "
                f"({in_english(card.hps[0][0].text)}, {card.hps[0][1]} + stage VP)",
                f"{who}がボスの弱点を知る：「{card.name_ja}」（{card.hps[0][0].text}）",
                visible_to=(seat,), public=(f"{who} draws a weakness card",
                                            f"{who}が弱点カードを１枚引く"))


# -- after the battle (CH-7.5, CH-7.6) ----------------------------------------------------------------
def _skill_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    rules = st.rules
    return tuple(HeroAction("skill", rules.abilities[a].id) for a in st.display)


@FLOW.task("skill_pick")
def skill_pick(st: ClassicHeroState, seat: int) -> bool:
    if not st.display:
        if st.log is not None:
            st.emit("CH-A32", seat, f"The skill display is empty: {seat_label(seat)} takes no "
                    "skill", f"【スキル置き場】が空なので{seat_label(seat)}はスキルを得ない")
        return False
    return ask(st, Phase.SKILL_PICK, seat, (seat,))


@FLOW.decision(Phase.SKILL_PICK, _skill_options)
def skill_taken(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    aid = st.rules.ability_index[a.arg]
    st.display.remove(aid)
    append(st.abilities, seat, aid)
    ab = st.rules.abilities[aid]
    if st.log is not None:
        st.emit("CH-7.5", seat, f"{seat_label(seat)} takes the skill {ab.name}: {ab.text}",
                f"{seat_label(seat)}がスキル「{ab.name_ja}」を得る：{ab.text_ja}", skill=ab.id)
    if ab.timing == "immediate":
        push(st, *effect_tasks(st, seat, [ab.hook], ab.id))


FLOW.note_task("forced_pass", "CH-7.6", "{seat} has fought and passes until the next stage",
               "{seat}は魔王と戦ったので次のステージまで強制パス")
