"""Stage end (CH-8): dice back, discards, the Pilgrimage penalty, growth.

Growth happens once, at CH-8.6 (CH-A1; ``growth_steps_per_stage`` = 2 is the
draft's literal reading), and not after the last stage (CH-A26).
"""

from __future__ import annotations

from designkit.core.flow import ask, push
from designkit.core.seats import seat_label
from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.resolve import distinct, ref
from designkit.games.classic_hero.state import FLOW, VP_PILGRIM, ClassicHeroState, Phase


def pilgrimage_penalty(st: ClassicHeroState) -> list[int]:
    """CH-8.5, CH-A16: each player without a Pilgrimage of this stage loses h VP.

    h counts holders; a PILGRIM_SHIELD player is immune and not a holder (§5.2).
    """
    rules, p = st.rules, st.params
    shielded = [bool(st.passive(s, "pilgrim_shield")) for s in range(st.n)]
    holds = [not shielded[s] and any(rules.suit_of[e] == "Pilgrimage"
                                     and rules.events[e].stage == st.stage
                                     for e in st.taken[s]) for s in range(st.n)]
    h = sum(holds)
    return [0 if holds[s] or shielded[s] else -h * p.pilgrimage_penalty_per_holder
            for s in range(st.n)]


@FLOW.task("stage_end")
def stage_end(st: ClassicHeroState) -> bool:
    p = st.params
    if st.log is not None:
        st.emit("CH-8.1", None, f"Every player has fought: stage {st.stage} ends",
                f"全員が魔王戦を終えたのでステージ{st.stage}終了")
    for s in range(st.n):
        st.dice[s] = [(v, red, False) for v, red, _ in st.dice[s]]
        st.fixed[s], st.red_once[s] = (), ()
    if st.log is not None:
        st.emit("CH-8.2", None, "Every player takes back all their dice, used ones included",
                "使用済みのサイコロも回収して手元に戻す")
        if p.growth_steps_per_stage == 2:
            st.emit("CH-A1", None, "Growth is done twice: the draft's literal reading of its "
                    "two mentions (CH-8.3 and CH-8.6)", "成長を２回行う（草案の２か所の記述どおり）")
        else:
            st.emit("CH-8.3", None, "Growth is done once, at the end of the stage (CH-A1)",
                    "成長はステージの最後に１回（CH-A1）")
    _discard_table(st)
    _discard_weaknesses(st)
    if st.log is not None:
        st.emit("CH-8.4", None, "The event, Demon Lord and skill cards left on the table are "
                "discarded", "場に残っているイベント・魔王・スキルカードを捨て札にする")
    loss = pilgrimage_penalty(st)
    before = st.vp[:]
    for s in range(st.n):
        if loss[s]:
            st.gain(s, loss[s], VP_PILGRIM)
    if st.log is not None:
        _log_penalty(st, loss)
        negative_vp(st, before)
    tasks: list[tuple] = []
    if st.stage < p.stages:
        tasks = [("growth", s) for _ in range(p.growth_steps_per_stage) for s in range(st.n)]
    elif st.log is not None:
        st.emit("CH-A26", None, "After the last stage growth is skipped",
                "最終ステージの後は成長を省略する")
    push(st, *tasks, ("stage_over",))
    return False


def _log_penalty(st: ClassicHeroState, loss: list[int]) -> None:
    """CH-8.5's line; CH-A16 when nobody loses (no holder, or every player holds one)."""
    holders = sum(1 for s in range(st.n) if any(
        st.rules.suit_of[e] == "Pilgrimage" and st.rules.events[e].stage == st.stage
        for e in st.taken[s]))
    if any(loss):
        lost = ", ".join(f"{seat_label(s)} {loss[s]}" for s in range(st.n) if loss[s])
        lost_ja = "、".join(f"{seat_label(s)} {loss[s]}" for s in range(st.n) if loss[s])
        st.emit("CH-8.5", None, f"Pilgrimage penalty: {holders} player(s) hold a stage-"
                f"{st.stage} Pilgrimage; VP lost: {lost}", f"巡礼ペナルティ：このステージの巡礼"
                f"を持つのは{holders}人。失うＶＰ：{lost_ja}", loss=loss)
        return
    why = "nobody holds one" if not holders else "every player without one is immune" \
        if holders < st.n else "every player holds one"
    st.emit("CH-A16", None, f"Pilgrimage penalty: {holders} player(s) hold a stage-{st.stage} "
            f"Pilgrimage, so nobody loses VP ({why})", f"巡礼ペナルティ：このステージの巡礼を"
            f"持つのは{holders}人なので、誰もＶＰを失わない", loss=loss)


def negative_vp(st: ClassicHeroState, before: list[int]) -> None:
    """CH-0.5: VP may go negative: say so when a total drops below zero (no floor at 0)."""
    for s in range(st.n):
        if st.vp[s] < 0 <= before[s]:
            st.emit("CH-0.5", s, f"{seat_label(s)} is at {st.vp[s]} VP: VP may go negative",
                    f"{seat_label(s)}は{st.vp[s]}ＶＰ（ＶＰはマイナスになりうる）", vp=st.vp[s])


def _discard_table(st: ClassicHeroState) -> None:
    """CH-8.4: the event, Demon Lord and skill cards left on the table are discarded."""
    r = st.rules
    st.out += tuple([f"event {r.events[e].id}" for e in st.track if e is not None]
                    + [f"lord {r.lords[b].id}" for b, _ in st.lords_up]
                    + [f"skill {r.abilities[a].id}" for a in st.display])
    st.track = [None] * (r.goal + 1)
    st.lords_up = []
    st.display = []


def _discard_weaknesses(st: ClassicHeroState) -> None:
    """CH-V2 with CH-8.4: the weaknesses of this stage's Demon Lords are discarded unused
    (the next stage draws from a full deck). Face down: the draft makes a weakness
    「自分だけが知るボスの弱点」 (only its holder knows it) and no rule reveals an unused one,
    so only the holder's log names them; the table reads how many (issue 36)."""
    for s in range(st.n):
        if not st.weak[s]:
            continue
        if st.log is not None:
            names = ", ".join(st.rules.weaknesses[w].name for w in st.weak[s])
            names_ja = "、".join(st.rules.weaknesses[w].name_ja for w in st.weak[s])
            k = len(st.weak[s])
            st.emit("CH-V2", s, f"{seat_label(s)}'s unused weakness card(s) are discarded: "
                    f"{names}", f"{seat_label(s)}の使わなかった弱点カードを捨て札にする："
                    f"{names_ja}", visible_to=(s,),
                    public=(f"{seat_label(s)} discards {k} unused weakness card(s) face down",
                            f"{seat_label(s)}が使わなかった弱点カード{k}枚を伏せたまま捨て札にする"))
        st.out += tuple(f"weakness {st.rules.weaknesses[w].id}" for w in st.weak[s])
        st.weak[s] = ()
    for s in range(st.n):
        st.hp_by[s] = ()


@FLOW.task("stage_over")
def stage_over(st: ClassicHeroState) -> bool:
    """CH-8.7: the next stage starts, or final scoring follows the last one."""
    if st.log is not None:
        last = st.stage >= st.params.stages
        st.emit("CH-8.7", None, "Final scoring" if last else f"Stage {st.stage + 1} starts",
                "決算へ" if last else f"ステージ{st.stage + 1}へ")
    return False


def _growth_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat = st.ctx[0]
    mode = st.params.growth_options
    out = []
    if mode != "upgrade_only":
        out.append(HeroAction("grow_gain"))
    if mode != "gain_only":
        whites = [i for i, d in enumerate(st.dice[seat]) if not d[1]]
        out += [HeroAction("grow_upgrade", ref(st, seat, i)) for i in distinct(st, seat, whites)]
    return tuple(out)


@FLOW.task("growth")
def growth(st: ClassicHeroState, seat: int) -> bool:
    st.ctx = (seat,)
    if not _growth_options(st):
        if st.log is not None:
            st.emit("CH-8.6", seat, f"{seat_label(seat)} has no white die to upgrade",
                    f"{seat_label(seat)}は交換できる白サイコロがない")
        return False
    return ask(st, Phase.GROWTH, seat, (seat,))


@FLOW.decision(Phase.GROWTH, _growth_options)
def grown(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    who = seat_label(seat)
    if a.kind == "grow_gain":     # one line, with the new die's roll (resolve.gain_die)
        push(st, ("gain_die", seat, "CH-8.6"))
        return
    i = a.arg[0]
    v, _, used = st.dice[seat][i]
    st.dice[seat][i] = (v, True, used)
    if st.log is not None:
        st.emit("CH-8.6", seat, f"{who} grows: swaps W{v} for a red die (R{v})",
                f"{who}が成長：白サイコロ{v}を赤サイコロと交換")
