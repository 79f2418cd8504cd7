"""Final scoring (CH-9): City sets, Request majority, the winner with the speed tie-break.

The pure functions take plain counts so the worked example CH-E10 and the
property test's independent recomputation can call them without a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from designkit.core.seats import seat_label
from designkit.games.classic_hero.cards import SUITS
from designkit.games.classic_hero.stage import negative_vp
from designkit.games.classic_hero.state import (
    FLOW,
    VP_CITY,
    VP_REQUEST,
    VP_SUIT_SETS,
    ClassicHeroState,
)


def city_sets(per_stage: Sequence[int]) -> int:
    """CH-9.1, CH-A18: sets = min over the stages of that stage's Cities."""
    return min(per_stage) if per_stage else 0


def request_vp(counts: Sequence[int], most: int, fewest: int) -> list[int]:
    """CH-9.2, CH-A17: most (ties all) gain, fewest (ties all, zero included) lose; both apply."""
    hi, lo = max(counts), min(counts)
    return [(most if c == hi else 0) + (fewest if c == lo else 0) for c in counts]


def cities_by_stage(st: ClassicHeroState, seat: int) -> list[int]:
    rules = st.rules
    out = [0] * st.params.stages
    for e in st.taken[seat]:
        if rules.suit_of[e] == "City":
            out[rules.events[e].stage - 1] += 1
    return out


def request_count(st: ClassicHeroState, seat: int) -> int:
    """Requests held, plus COUNT_SUIT(Request, n) abilities (SK08 Diplomat)."""
    rules = st.rules
    n = sum(1 for e in st.taken[seat] if rules.suit_of[e] == "Request")
    return n + sum(a["n"] for a in st.passive(seat, "count_suit") if a["suit"] == "Request")


def ranking(vp: Sequence[int], speeds: Sequence[int], tiebreak: str) -> list[int]:
    """CH-9.3: most VP first; ties to the higher speed (unless the variant says draw)."""
    if tiebreak == "speed_then_draw":
        return sorted(range(len(vp)), key=lambda s: (-vp[s], -speeds[s], s))
    return sorted(range(len(vp)), key=lambda s: (-vp[s], s))


def winners(vp: Sequence[int], speeds: Sequence[int], tiebreak: str) -> list[int]:
    best = max(vp)
    tied = [s for s in range(len(vp)) if vp[s] == best]
    if tiebreak == "speed_then_draw":
        top = max(speeds[s] for s in tied)
        tied = [s for s in tied if speeds[s] == top]
    return tied


def suit_sets(st: ClassicHeroState) -> None:
    """CH-V7: a set collection at the end: each set of one event of each of the five suits
    scores ``set_collection_vp`` (the draft leans against it: 「現状は入れない方向性かな」)."""
    rules, p = st.rules, st.params
    for s in range(st.n):
        suits = [rules.suit_of[e] for e in st.taken[s]]
        sets = min(suits.count(x) for x in SUITS)
        if sets:
            st.gain(s, sets * p.set_collection_vp, VP_SUIT_SETS)
        if st.log is not None:
            st.emit("CH-V7", s, f"{seat_label(s)}: {sets} set(s) of the five suits, "
                    f"{sets * p.set_collection_vp} VP", f"{seat_label(s)}：５スートのセット"
                    f"{sets}組、{sets * p.set_collection_vp}ＶＰ", sets=sets)


@FLOW.task("final")
def final(st: ClassicHeroState) -> bool:
    p = st.params
    for s in range(st.n):
        sets = city_sets(cities_by_stage(st, s))
        if sets:
            st.gain(s, sets * p.city_set_vp, VP_CITY)
        if st.log is not None:
            st.emit("CH-9.1", s, f"{seat_label(s)}: Cities by stage {cities_by_stage(st, s)} → "
                    f"{sets} set(s), {sets * p.city_set_vp} VP",
                    f"{seat_label(s)}：都市（ステージ別）{cities_by_stage(st, s)}→{sets}セット、"
                    f"{sets * p.city_set_vp}ＶＰ", sets=sets)
    if p.set_collection == "suits":
        suit_sets(st)
    counts = [request_count(st, s) for s in range(st.n)]
    per_card = p.request_scoring == "per_card"
    req = [c * p.request_card_vp for c in counts] if per_card \
        else request_vp(counts, p.request_majority_vp, p.request_minority_vp)
    before = st.vp[:]
    for s in range(st.n):
        if req[s]:
            st.gain(s, req[s], VP_REQUEST)
    if st.log is not None and per_card:
        # CH-V12: the Request scoring before the change list (an assumption): per card
        st.emit("CH-V12", None, f"Requests, {p.request_card_vp} VP each (the scoring before "
                "the change list, an assumption): " + ", ".join(
                    f"{seat_label(s)} {counts[s]} → {req[s]:+d}" for s in range(st.n)),
                f"依頼（1枚{p.request_card_vp}ＶＰ：変更前の得点、仮定）：" + "、".join(
                    f"{seat_label(s)} {counts[s]}枚→{req[s]:+d}" for s in range(st.n)),
                counts=counts, vp=req)
    elif st.log is not None:
        # CH-A17: when every player ties, each is both most and fewest: +4 and -4 apply
        all_tied = len(set(counts)) == 1
        st.emit("CH-A17" if all_tied else "CH-9.2", None, "Requests: " + ", ".join(
            f"{seat_label(s)} {counts[s]} → {req[s]:+d}" for s in range(st.n))
            + ("; all tied, so each player is both most and fewest and both apply" if all_tied
               else ""),
            "依頼：" + "、".join(f"{seat_label(s)} {counts[s]}枚→{req[s]:+d}"
                              for s in range(st.n)) + ("（全員同数のため両方を適用）" if all_tied
                                                      else ""), counts=counts, vp=req)
    if st.log is not None:
        negative_vp(st, before)
        speeds = [st.speed(s) for s in range(st.n)]
        won = winners(st.vp, speeds, p.tiebreak)
        best = max(st.vp)
        tied = [s for s in range(st.n) if st.vp[s] == best]
        names = ", ".join(seat_label(s) for s in won)
        if len(tied) > 1 and len(won) == 1:
            text = (f"{names} wins with {best} VP: tied with "
                    f"{', '.join(seat_label(s) for s in tied if s not in won)}, higher speed "
                    f"({speeds[won[0]]})")
            text_ja = f"{names}の勝利（{best}ＶＰで同点、速度{speeds[won[0]]}が大きい）"
        elif len(won) > 1:
            text, text_ja = f"Draw between {names} ({best} VP)", f"{names}の引き分け（{best}ＶＰ）"
        else:
            text, text_ja = f"{names} wins with {best} VP", f"{names}の勝利（{best}ＶＰ）"
        st.emit("CH-9.3", None, text, text_ja, winners=won)
    return False
