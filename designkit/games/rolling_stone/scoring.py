"""Settlements: mid-stage (LR-11) after stages 1 and 2, final (LR-12) after stage 3.

Both first let the active skills act just before the dice are totalled
(LR-A14, LR-A15), as ordinary tasks, so a skill that needs a choice (D15's
"lowest die" among ties, a re-orientation) simply waits for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from designkit.core import rows
from designkit.core.flow import push
from designkit.core.seats import seat_label
from designkit.games.rolling_stone.state import (
    FLOW,
    VP_ADVERSITY,
    VP_DICE,
    VP_FULL,
    VP_MARKER,
    VP_SETTLE,
    RollingStoneState,
)


def places(totals: Sequence[int], mode: str = "dense") -> list[int]:
    """LR-11.3 / LR-A13: 1-based places; ties share a place."""
    if mode == "dense":
        distinct = sorted(set(totals), reverse=True)
        return [distinct.index(t) + 1 for t in totals]
    return [1 + sum(1 for u in totals if u > t) for t in totals]


def adversity(stars: int, power: int, covered_vp: int, uncovered_vp: int) -> tuple[int, int, int]:
    """LR-12.3: (covered ★, uncovered ★, VP); all power is placed, extra power scores 0."""
    covered = min(power, stars)
    uncovered = stars - covered
    return covered, uncovered, covered * covered_vp + uncovered * uncovered_vp


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _dice_sum_text(st: RollingStoneState, seat: int) -> str:
    return "+".join(str(t) for t in st.tops(seat)) + f" = {st.dice_sum(seat)}"


def _add(st: RollingStoneState, seat: int, n: int, part: int) -> None:
    st.vp[seat] += n
    rows.add(st.parts, seat, part, n)


# -- LR-11 ------------------------------------------------------------------------------------------------
@FLOW.task("mid")
def mid_settlement(st: RollingStoneState, stage: int) -> bool:
    """LR-11.1: after the stage's last event; settlement skills act first (LR-A14)."""
    st.settling = "mid"
    if st.log is not None:
        st.emit("LR-11.1", None, f"Mid-stage settlement after stage {stage}",
                f"ステージ{stage}の中間決算")
    if not st.params.settlement_die_changes_persist:
        st.snapshot = st.dice[:]   # tuple rows: the outer list is all a copy needs
    push(st, *[("skills", s, "before_settlement_sum") for s in range(st.n)], ("mid_sum", stage))
    return False


@FLOW.task("mid_sum")
def mid_totals(st: RollingStoneState, stage: int) -> bool:
    """LR-11.3: 1st place 6 VP, 2nd place 3 VP (dense ranking), then LR-11.4."""
    p = st.params
    totals = [st.dice_sum(s) for s in range(st.n)]
    table = p.mid_settlement_vp
    for s, place in enumerate(places(totals, p.mid_settlement_ranking)):
        vp = table[place - 1] if place <= len(table) else 0
        _add(st, s, vp, VP_SETTLE)
        if st.log is not None:
            shared = " (shared: tied totals share a place, LR-A13)" \
                if totals.count(totals[s]) > 1 else ""
            st.emit("LR-11.3", s, f"{seat_label(s)}: dice {_dice_sum_text(st, s)}, "
                    f"{_ordinal(place)} place{shared}: {vp:+d} VP (now {st.vp[s]})",
                    f"{seat_label(s)}：目の合計{totals[s]}、{place}位で{vp:+d}ＶＰ（計{st.vp[s]}ＶＰ）",
                    total=totals[s], place=place, vp=vp)
    if st.snapshot is not None:
        st.dice = st.snapshot
        st.snapshot = None
        if st.log is not None:
            st.emit("LR-A14", None, "Dice changed by settlement skills go back to their values "
                    "(settlement_die_changes_persist = false)", "決算スキルによる変更を元に戻す")
    st.settling = None
    if st.log is not None:
        st.emit("LR-11.4", None, f"Stage {stage} is over; on to stage {stage + 1}",
                f"ステージ{stage}終了、ステージ{stage + 1}へ")
    return False


# -- LR-12 ----------------------------------------------------------------------------------------------------
@FLOW.task("final")
def final_settlement(st: RollingStoneState) -> bool:
    """LR-12: dreams (step 1), settlement skills (LR-A15), then steps 2–5."""
    st.settling = "final"
    if st.log is not None:
        st.emit("LR-12", None, f"Round {st.round} of stage {st.stage} is over: the game ends "
                "with the final settlement", "最終ラウンド終了：最終決算")
    dreams = [("dream", s) for s in range(st.n)]
    skills = [("skills", s, "before_settlement_sum") for s in range(st.n)]
    first = dreams + skills if st.params.final_skill_timing == "after_dream" else skills + dreams
    push(st, *first, ("final_sum",))
    return False


@FLOW.task("dream")
def reveal_dream(st: RollingStoneState, seat: int) -> bool:
    """LR-12.1: the dream cards still in hand are revealed and their Dream effects apply."""
    dreams = st.rules.dreams
    if not st.hands[seat] and st.log is not None:
        st.emit("LR-12.1", seat, f"{seat_label(seat)} has no dream card left",
                f"{seat_label(seat)}の手札にドリームカードはない")
    tasks = []
    for d in st.hands[seat]:
        dream = dreams[d]
        if st.log is not None:
            st.emit("LR-12.1", seat, f"{seat_label(seat)} reveals the dream {dream.name('en')}: "
                    f"{dream.dream_text}", f"{seat_label(seat)}はドリーム{dream.name('ja')}を公開："
                    f"{dream.dream_text_ja or dream.dream_text}", dream=dream.id)
        tasks += [("fx", seat, op, f"dream:{dream.id}") for op in dream.dream]
    push(st, *tasks)
    return False


@FLOW.task("final_sum")
def final_totals(st: RollingStoneState) -> bool:
    """LR-12.2 to LR-12.6: dice, adversity, full album, start player marker, winner."""
    for s in range(st.n):
        _dice_step(st, s)
        _adversity_step(st, s)
        _full_album_step(st, s)
        _marker_step(st, s)
    st.final = tuple(st.vp)
    if st.log is not None:
        best = max(st.vp)
        won = [s for s in range(st.n) if st.vp[s] == best]
        names = " and ".join(seat_label(s) for s in won)
        names_ja = "と".join(seat_label(s) for s in won)
        totals = ", ".join(f"{seat_label(s)} {st.vp[s]}" for s in range(st.n))
        totals_ja = "、".join(f"{seat_label(s)} {st.vp[s]}" for s in range(st.n))
        if len(won) > 1:
            st.emit("LR-A18", None, f"Final totals {totals}: {names} tie on {best} VP and share "
                    "the win (no tie-break)", f"最終ＶＰ {totals_ja}：{names_ja}が{best}ＶＰで"
                    "同点のため引き分け", winners=won)
        else:
            st.emit("LR-12.6", won[0], f"Final totals {totals}: {names} wins with {best} VP",
                    f"最終ＶＰ {totals_ja}：{names_ja}が{best}ＶＰで勝利", winners=won)
    return False


def _dice_step(st: RollingStoneState, s: int) -> None:
    vp = st.dice_sum(s) * st.params.final_dice_vp_per_pip
    _add(st, s, vp, VP_DICE)
    if st.log is not None:
        st.emit("LR-12.2", s, f"{seat_label(s)}: dice {_dice_sum_text(st, s)}: {vp:+d} VP",
                f"{seat_label(s)}：ライフストーンの合計{st.dice_sum(s)}で{vp:+d}ＶＰ", vp=vp)


def album_and_discard_stars(st: RollingStoneState, s: int) -> int:
    stars = st.stars[s]
    if st.params.adversity_count_discard:
        stars += sum(st.rules.card_stars[c] for c in st.discard[s])
    return stars


def _adversity_step(st: RollingStoneState, s: int) -> None:
    p = st.params
    stars = album_and_discard_stars(st, s)
    covered, uncovered, vp = adversity(stars, st.power[s], p.adversity_vp_covered,
                                       p.adversity_vp_uncovered)
    _add(st, s, vp, VP_ADVERSITY)
    if st.log is not None:
        wasted = st.power[s] - covered
        st.emit("LR-A16" if wasted else "LR-12.3", s, f"{seat_label(s)}: {stars} ★, "
                f"{st.power[s]} power: {covered} "
                f"covered, {uncovered} uncovered: {vp:+d} VP"
                + (f" ({wasted} power left over, worth nothing)" if wasted else ""),
                f"{seat_label(s)}：★{stars}個、パワー{st.power[s]}個で{vp:+d}ＶＰ"
                + (f"（余ったパワー{wasted}個は0ＶＰ）" if wasted else ""),
                stars=stars, power=st.power[s], vp=vp)


def _full_album_step(st: RollingStoneState, s: int) -> None:
    rules = st.rules
    cells = st.placed[s] + 1
    full = cells == rules.rows * rules.cols
    vp = st.params.full_album_vp if full else 0
    _add(st, s, vp, VP_FULL)
    if st.log is not None:
        st.emit("LR-12.4", s, f"{seat_label(s)}: album {cells} of {rules.rows * rules.cols} cells"
                + (f", full: {vp:+d} VP" if full else ": not full, no bonus"),
                f"{seat_label(s)}：【アルバム】{cells}マス" + (f"、全て埋まっているので{vp:+d}ＶＰ"
                                                         if full else "（ボーナスなし）"), vp=vp)


def _marker_step(st: RollingStoneState, s: int) -> None:
    if st.marker != s:
        return
    vp = st.params.start_marker_vp
    _add(st, s, vp, VP_MARKER)
    if st.log is not None:
        st.emit("LR-12.5", s, f"{seat_label(s)} holds the start player marker: {vp:+d} VP",
                f"{seat_label(s)}はスタートプレイヤーマーカーを持っているので{vp:+d}ＶＰ", vp=vp)
