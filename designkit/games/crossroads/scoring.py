"""End-of-game skills and scoring (CR-7.1, CR-7.5, CR-9, CR-10), in the order of CR-A20."""

from __future__ import annotations

from typing import Any

from designkit.core.game import rank_seats
from designkit.core.seats import seat_label
from designkit.games.crossroads.actions import n_cards
from designkit.games.crossroads.state import CrossroadsState

#: CR-9.1–CR-9.3 and CR-7.5 as VP sources: breakdown key → (source key, English, Japanese)
_SOURCES = (("work", "work_pile", "Work pile (CR-9.1)", "作品置き場"),
            ("s5_bonus", "s5_bonus", "S5 bonus (CR-7.5)", "S5ボーナス"),
            ("hand", "hand", "Hand (CR-9.2)", "手札"),
            ("skills", "skill_costs", "Skill costs (CR-9.3)", "スキルのVP"))
VP_SOURCE_LABELS = {key: (en, ja) for _, key, en, ja in _SOURCES}


def s1_discards(st: CrossroadsState, seat: int) -> list[int]:
    """CR-7.1: the cards S1 discards (the maximum, always optimal: CR-A17)."""
    if not st.holds(seat, "end_discard_per_number"):
        return []
    per = st.params.s1_max_per_number
    return [x for x, k in enumerate(st.hands[seat]) for _ in range(min(k, per))]


def breakdown(st: CrossroadsState, seat: int, hand_n: int | None = None) -> dict[str, Any]:
    """CR-9.1–CR-9.3 for one seat: each term separately, so the log can show the sum."""
    p, rules = st.params, st.rules
    sizes = [len(g) for g in st.piles[seat].values()]
    work = sum(sizes) * p.vp_per_work_card
    bonus = 0
    if sizes and st.holds(seat, "end_multiply_largest_group"):
        bonus = max(sizes) * (p.s5_multiplier - 1) * p.vp_per_work_card
    hand = (st.hand_n[seat] if hand_n is None else hand_n) * p.vp_per_hand_card
    held = st.skills[seat]
    cost = sum(rules.costs[i] for i in range(len(rules.skills)) if held >> i & 1) if held else 0
    return {"work": work, "s5_bonus": bonus, "hand": hand, "skills": -cost,
            "total": work + bonus + hand - cost}


def final_scores(st: CrossroadsState, apply_s1: bool = True) -> list[dict[str, Any]]:
    """Scores as if the game ended now (S1 counted without changing the state)."""
    return [breakdown(st, s, st.hand_n[s] - (len(s1_discards(st, s)) if apply_s1 else 0))
            for s in range(st.n)]


def vp_sources(st: CrossroadsState, seat: int) -> dict[str, float]:
    """The terms of ``breakdown`` that ``scores`` sums (S1 counted if the game is not over)."""
    b = breakdown(st, seat) if st.final is not None else final_scores(st)[seat]
    return {key: b[part] for part, key, _, _ in _SOURCES}


def finish_game(st: CrossroadsState) -> None:
    """Apply S1, score every seat, rank with CR-10.2 and log each step."""
    if st.log is not None:   # CR-A20: the order of the game-end steps
        st.emit("CR-A20", None, "Game end: the 27-declaration discard (declarer only), then "
                "S1, then counting (S5 on the work pile), then skill costs",
                "ゲーム終了：２７宣言の捨て札、S1、得点計算（S5）、スキルのVPの順")
    for seat in range(st.n):
        cards = s1_discards(st, seat)
        for x in cards:
            st.hands[seat][x] -= 1
            st.discard[x] += 1
            if st.known[seat][x] > st.hands[seat][x]:
                st.known[seat][x] = st.hands[seat][x]
        st.hand_n[seat] -= len(cards)
        if cards and st.log is not None:
            st.emit("CR-7.1", seat, f"{seat_label(seat)}'s S1 discards "
                    f"{', '.join(map(str, cards))} from the hand",
                    f"{seat_label(seat)}のS1で手札{', '.join(map(str, cards))}を捨て札に",
                    cards=cards)
    parts = [breakdown(st, s) for s in range(st.n)]
    st.final = tuple(b["total"] for b in parts)
    if st.log is not None:
        for s, b in enumerate(parts):
            _log_breakdown(st, s, b)
        ending = st.active if st.ending is None else st.ending   # set by CR-8.4 first
        priority = [(ending + i) % st.n for i in range(1, st.n + 1)]
        ranking = rank_seats(st.final, priority)
        best = st.final[ranking[0]]
        tied = [s for s in ranking if st.final[s] == best]
        if len(tied) > 1 and st.params.tiebreak == "clockwise":
            order = ", ".join(seat_label(s) for s in priority)
            st.emit("CR-10.2", ranking[0], f"Tie on {best} VP between "
                    f"{', '.join(seat_label(s) for s in tied)}: priority from the ending "
                    f"player's left neighbour is {order}, so {seat_label(ranking[0])} wins",
                    f"{best}VPで同点：{seat_label(ranking[0])}が優先され勝利", tied=tied,
                    priority=priority)
        elif len(tied) > 1:
            st.emit("CR-A15", None, f"Tie on {best} VP: {', '.join(seat_label(s) for s in tied)}"
                    f" share the win (tiebreak: draw)", "同点のため引き分け", tied=tied)
        else:
            st.emit("CR-10.1", ranking[0], f"{seat_label(ranking[0])} wins with {best} VP",
                    f"{seat_label(ranking[0])}が{best}VPで勝利")


def _log_breakdown(st: CrossroadsState, s: int, b: dict[str, Any]) -> None:
    """One event per scoring rule that applies (CR-9.1, CR-7.5, CR-9.2, CR-9.3), then the total."""
    who = seat_label(s)
    st.emit("CR-9.1", s, f"{who}: {st.pile_cards(s)} cards in the work pile give {b['work']} VP",
            f"{who}：【作品置き場】{st.pile_cards(s)}枚で{b['work']}VP", vp=b["work"])
    if b["s5_bonus"]:
        st.emit("CR-7.5", s, f"{who}'s S5: the largest group counts again, +{b['s5_bonus']} VP",
                f"{who}のS5：最も多い枚数を２倍、+{b['s5_bonus']}VP", vp=b["s5_bonus"])
    elif not st.piles[s] and st.holds(s, "end_multiply_largest_group"):
        st.emit("CR-A2", s, f"{who}'s S5 adds nothing: it counts the work pile (not the hand), "
                "which is empty", f"{who}のS5：【作品置き場】が空なので0", vp=0)
    if b["hand"]:
        st.emit("CR-9.2", s, f"{who}: {n_cards(st.hand_n[s])} left in hand give {b['hand']} VP",
                f"{who}：手札{st.hand_n[s]}枚で{b['hand']}VP", vp=b["hand"])
    if b["skills"]:
        st.emit("CR-9.3", s, f"{who}: skills {', '.join(st.skill_ids(s))} cost "
                f"{-b['skills']} VP", f"{who}：スキル{'、'.join(st.skill_ids(s))}で"
                f"{b['skills']}VP", vp=b["skills"])
    st.emit("CR-9.4", s, f"{who} scores {b['total']} VP (work {b['work']}"
            + (f" + S5 {b['s5_bonus']}" if b["s5_bonus"] else "")
            + f", hand {b['hand']}, skills {b['skills']}; may be 0 or less)",
            f"{who}は{b['total']}VP（作品{b['work']}、手札{b['hand']}、スキル{b['skills']}）",
            **b)
