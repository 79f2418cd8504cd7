"""Assignment creation and passing (LW-10), round end (LW-11), game end and scoring (LW-12).

The pure scoring functions (:func:`assignment_vp`, :func:`auto_pay`,
:func:`majority_vp`, :func:`next_order`, :func:`final_ranking`) are written
to be checked against the worked examples on their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from designkit.core.flow import ask, push
from designkit.core.rows import add, append
from designkit.core.seats import seat_label
from designkit.games.witch_academy.actions import WitchAction, act, assignment_label
from designkit.games.witch_academy.cards import (
    LEGACY_EN,
    LEGACY_JA,
    RES_EN,
    RES_JA,
    RESOURCES,
    amounts_text,
)
from designkit.games.witch_academy.resolve import add_vp, hand_to_pile, heal, return_worker
from designkit.games.witch_academy.state import (
    FLOW,
    PASSED,
    RES_INDEX,
    E,
    Phase,
    WitchState,
)
from designkit.games.witch_academy.turn import trigger_tasks


# -- pure rules ---------------------------------------------------------------------------------------------
def assignment_vp(base: int, tokens_on_card: int, ratio: Sequence[int]) -> int:
    """LW-10.2 (LW-A9): floor(base × ratio[min(k, last)]) with k tokens already on the card."""
    pct = ratio[min(tokens_on_card, len(ratio) - 1)]
    return base * pct // 100


def auto_pay(held: Sequence[int], cost: Sequence[tuple[str, int]]) -> list[int] | None:
    """LW-0.1, spec section 7 D10: exact colours first, Elixir last; ``None`` if unaffordable.

    A cost naming E needs real Elixir, paid before any Elixir stands in for a basic.
    Returns the amounts paid per resource (G, B, R, W, E).
    """
    paid = [0] * len(RESOURCES)
    short = 0
    for res, n in cost:
        i = RES_INDEX[res]
        if res == "E":
            if held[E] < n:
                return None
            paid[E] += n
            continue
        take = min(held[i], n)
        paid[i] += take
        short += n - take
    if held[E] - paid[E] < short:
        return None
    paid[E] += short
    return paid


def majority_vp(holdings: Sequence[int], vp: int) -> list[int]:
    """LW-12.2, LW-A19: the most tokens (at least 1) gets ``vp``; k tied get floor(vp / k)."""
    best = max(holdings, default=0)
    if best < 1:
        return [0] * len(holdings)
    winners = [i for i, h in enumerate(holdings) if h == best]
    return [vp // len(winners) if i in winners else 0 for i in range(len(holdings))]


def next_order(vp: Sequence[int], order: Sequence[int]) -> list[int]:
    """LW-11.6, LW-A20: lowest VP first; among ties, later in this round's order first."""
    pos = {s: i for i, s in enumerate(order)}
    return sorted(order, key=lambda s: (vp[s], -pos[s]))


def final_ranking(vp: Sequence[int], elixir: Sequence[int], tiebreak: str
                  ) -> list[list[int]]:
    """LW-12.3: groups of seats from first place down; a group of several is a draw."""
    key = (lambda s: (vp[s], elixir[s])) if tiebreak == "elixir" else (lambda s: (vp[s],))
    groups: list[list[int]] = []
    for s in sorted(range(len(vp)), key=lambda s: (tuple(-x for x in key(s)), s)):
        if groups and key(groups[-1][0]) == key(s):
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


# -- LW-10: assignment creation --------------------------------------------------------------------------------
@FLOW.task("assign_turn")
def assign_turn(st: WitchState, seat: int) -> bool:
    if st.log is not None and st.params.achievement_tokens_per_player is not None \
            and st.tokens[seat] <= 0:
        st.emit("LW-10.3", seat, f"{seat_label(seat)} has no achievement token left and can "
                "only pass", f"{seat_label(seat)}は達成トークンがないのでパスのみ")
    return ask(st, Phase.ASSIGN, seat, (seat,))


def can_complete(st: WitchState, seat: int, a: int) -> bool:
    if st.params.achievement_tokens_per_player is not None and st.tokens[seat] <= 0:
        return False   # LW-10.3 (LW-A10)
    return auto_pay(st.res[seat], st.rules.assignments[a].cost) is not None


def _assign_options(st: WitchState) -> tuple[WitchAction, ...]:
    seat = st.ctx[0]
    asg = st.rules.assignments
    seen = {asg[a].id: act("complete", asg[a].id) for a in st.display if can_complete(st, seat, a)}
    return (*seen.values(), act("pass"))


@FLOW.decision(Phase.ASSIGN, _assign_options)
def _assigned(st: WitchState, a: WitchAction) -> None:
    seat = st.ctx[0]
    if a.kind == "pass":
        st.mode[seat] = PASSED
        if st.log is not None:
            st.emit("LW-10.4", seat, f"{seat_label(seat)} passes (the first pass gives no VP)",
                    f"{seat_label(seat)}はパス（最初のパスは強制パスではない）")
        return
    pos = st.display.index(st.rules.assignment_index[a.arg])
    card = st.rules.assignments[st.display[pos]]
    paid = auto_pay(st.res[seat], card.cost)
    assert paid is not None
    st.res[seat] = tuple([h - k for h, k in zip(st.res[seat], paid, strict=True)])
    k = len(st.tokens_on[pos])
    vp = assignment_vp(card.vp, k, st.params.assignment_vp_ratio)
    if st.log is not None:
        pairs = list(zip(RESOURCES, paid, strict=True))
        st.emit("LW-10.1", seat, f"{seat_label(seat)} completes {assignment_label(card.id)}, "
                f"paying {amounts_text(pairs)}", f"{seat_label(seat)}は課題"
                f"{assignment_label(card.id, 'ja')}を達成（{amounts_text(pairs, 'ja')}を支払う）",
                card=card.id, paid=paid)
        if paid[E] > sum(n for r, n in card.cost if r == "E"):
            st.emit("LW-0.1", seat, f"Elixir stands in for "
                    f"{paid[E] - sum(n for r, n in card.cost if r == 'E')} missing basic "
                    "resource(s), spent last", "エリクシルを他の資源として使う")
        pct = st.params.assignment_vp_ratio[min(k, len(st.params.assignment_vp_ratio) - 1)]
        if k:   # LW-A9: every player's tokens on the card count, the own ones included
            owners = ", ".join(seat_label(q) for q in st.tokens_on[pos])
            st.emit("LW-A9", seat, f"Completion {k + 1} of this card (tokens already on it: "
                    f"{owners}; every player's count): {pct}% of {card.vp} = {vp} VP",
                    f"この課題の{k + 1}回目の達成（全プレイヤーの達成トークンを数える）："
                    f"{card.vp}の{pct}%＝{vp}VP", k=k, pct=pct)
        else:
            st.emit("LW-10.2", seat, f"Completion 1 of this card: {pct}% of {card.vp} = {vp} VP",
                    f"この課題の1回目の達成：{card.vp}の{pct}%＝{vp}VP", k=k, pct=pct)
    add_vp(st, seat, vp, 0, "LW-10.1", f"assignment {card.id}", f"課題{card.id}")
    append(st.tokens_on, pos, seat)
    if st.params.achievement_tokens_per_player is not None:
        st.tokens[seat] -= 1
    push(st, *trigger_tasks(st, seat, "on_assignment"))


# -- LW-11: round end ----------------------------------------------------------------------------------------------
@FLOW.task("round_end")
def round_end(st: WitchState) -> bool:
    p = st.params
    if st.log is not None:
        st.emit("LW-11.1", None, f"Every player has passed: round {st.year} ends",
                f"全員がパスしたので第{st.year}ラウンド終了")
    for s in range(st.n):
        for w in range(len(st.rules.ranks)):
            if st.loc[s][w] is not None:
                return_worker(st, s, w, "LW-11.2")
            if p.heal_at_round_end:
                heal(st, s, w, p.heal_at_round_end, "LW-A15")
    if st.log is not None:
        st.emit("LW-11.2", None, "All placed workers return to their owners; Health does not "
                "change" if not p.heal_at_round_end else "All placed workers return",
                "配置されているワーカーを全て手元へ戻す")
    tasks: list[tuple] = []
    if st.log is not None and any(st.abilities(s, "round_end") for s in st.order):
        order = ", ".join(seat_label(s) for s in st.order)
        st.emit("LW-A27", None, f"Round-end effects (LW-11.3), player by player in this "
                f"round's turn order: {order}", f"ラウンド終了時の効果を手番順に適用：{order}")
    for s in st.order:   # LW-11.3, LW-A27: in this round's turn order
        tasks += trigger_tasks(st, s, "round_end")
    tasks += [("keep", s, k) for s in st.order for k in range(p.carry_over_cards)]
    tasks += [("keep_end",)]
    last = st.year >= p.rounds
    if not last or p.cap_applies_final_round:
        tasks += [("cap", s) for s in st.order]
    tasks += [("game_end",)] if last else [("next_order",), ("year", st.year + 1)]
    push(st, *tasks)
    return False


@FLOW.task("keep")
def keep(st: WitchState, seat: int, k: int) -> bool:
    """LW-11.4: keep 1 card face down (``carry_over_cards``), discard the rest."""
    if not st.hands[seat]:
        return False
    return ask(st, Phase.KEEP, seat, (seat,))


def _keep_options(st: WitchState) -> tuple[WitchAction, ...]:
    ev = st.rules.events
    seen = {ev[e].id: act("keep", ev[e].id) for e in st.hands[st.ctx[0]]}
    return tuple(sorted(seen.values()))


@FLOW.decision(Phase.KEEP, _keep_options)
def _kept(st: WitchState, a: WitchAction) -> None:
    hand_to_pile(st, a, st.carried, "LW-11.4", "{seat} keeps {card} face down",
                 "{seat}は{card}を伏せて残す",
                 ("{seat} keeps a card face down", "{seat}はカードを1枚伏せて残す"))


@FLOW.task("keep_end")
def keep_end(st: WitchState) -> bool:
    for s in range(st.n):
        if st.hands[s] and st.log is not None:
            st.emit("LW-11.4", s, f"{seat_label(s)} discards the other {len(st.hands[s])} "
                    "card(s)", f"{seat_label(s)}は残りの手札{len(st.hands[s])}枚を捨て札にする",
                    visible_to=None, n=len(st.hands[s]))
        st.ev_discard += st.hands[s]
        st.hands[s] = ()
    return False


@FLOW.task("cap")
def cap(st: WitchState, seat: int) -> bool:
    """LW-11.5: with more than the cap (6+ by default), return down to it, owner's choice."""
    limit = st.cap(seat)
    total = st.total_res(seat)
    if total <= limit:
        return False
    if st.log is not None:
        extra = [(c, c.passive_value("carry_cap")) for c in st.active_facilities(seat)
                 if c.passive_value("carry_cap")]
        why = "".join(f" + {c.name_en} {c.id} {n}" for c, n in extra)
        last = st.year >= st.params.rounds   # LW-A14: also after round 3, before game end
        st.emit("LW-A14" if last else "LW-11.5", seat, f"{seat_label(seat)} holds {total} "
                f"resources (Elixir included), more than the cap of {limit}"
                + (f" ({st.params.resource_cap}{why})" if extra else "")
                + f": {total - limit} must go back"
                + (", before the game-end effects" if last else ""),
                f"{seat_label(seat)}は資源{total}個（エリクシルを含む）、{limit}個になるよう"
                f"{total - limit}個戻す", total=total, cap=limit)
    push(st, *[("return1", seat)] * (total - limit))
    return False


FLOW.ask_task("return1", Phase.RETURN)


def _return_options(st: WitchState) -> tuple[WitchAction, ...]:
    held = st.res[st.ctx[0]]
    return tuple(act("return", r) for i, r in enumerate(RESOURCES) if held[i])


@FLOW.decision(Phase.RETURN, _return_options)
def _returned(st: WitchState, a: WitchAction) -> None:
    seat = st.ctx[0]
    add(st.res, seat, RES_INDEX[a.arg], -1)
    if st.log is not None:
        st.emit("LW-11.5", seat, f"{seat_label(seat)} returns 1 {RES_EN[a.arg]} to the stock",
                f"{seat_label(seat)}は{RES_JA[a.arg]}を1個【ストック】へ戻す", res=a.arg)


@FLOW.task("next_order")
def set_next_order(st: WitchState) -> bool:
    """LW-11.6: next order by VP, lowest first; tokens come home, assignments leave (LW-A11)."""
    before = st.order
    st.order = next_order(st.vp, before)
    st.tokens = [st.params.achievement_tokens_per_player or 0] * st.n
    if st.log is not None:
        vps = ", ".join(f"{seat_label(s)} {st.vp[s]}" for s in before)
        st.emit("LW-11.6", None, f"VP now {vps}: next round's order is "
                f"{', '.join(seat_label(s) for s in st.order)}, lowest VP first",
                f"次ラウンドの手番順：{'、'.join(seat_label(s) for s in st.order)}"
                "（ＶＰの低い順）", order=st.order[:])
        _log_order_ties(st, before)
        st.emit("LW-A10", None, "Achievement tokens return to their owners",
                "達成トークンは持ち主に戻る")
        st.emit("LW-A11", None, f"This round's assignment cards leave the game; round "
                f"{st.year + 1} uses the year-{st.year + 1} deck",
                f"このラウンドの課題カードはゲームから取り除き、次のラウンドは{st.year + 1}年の"
                "課題カードを使う")
    return False


def _log_order_ties(st: WitchState, before: list[int]) -> None:
    """LW-A20: among players tied on VP, the later one in this round's order goes first."""
    groups: dict[int, list[int]] = {}
    for s in st.order:
        groups.setdefault(st.vp[s], []).append(s)
    for vp, tied in groups.items():
        if len(tied) > 1:
            was = ", ".join(seat_label(s) for s in before if s in tied)
            now = ", ".join(seat_label(s) for s in tied)
            st.emit("LW-A20", None, f"{was} tie on {vp} VP: the later in this round's order "
                    f"goes first, so {now}", f"{'、'.join(seat_label(s) for s in tied)}は"
                    f"{vp}VPで同点：このラウンドで手番順の遅かった方が優先", tied=tied)


# -- LW-12: game end ------------------------------------------------------------------------------------------
@FLOW.task("game_end")
def game_end(st: WitchState) -> bool:
    if st.log is not None:
        st.emit("LW-11.7", None, "That was the last round: the game ends", "ゲーム終了")
    if st.log is not None:
        st.emit("LW-12.1", None, "Game-end effects are resolved", "ゲーム終了時の効果を適用")
    tasks: list[tuple] = []
    for s in st.order:
        tasks += trigger_tasks(st, s, "game_end")
    push(st, *tasks, ("majorities",), ("winner",))
    return False


@FLOW.task("majorities")
def majorities(st: WitchState) -> bool:
    p = st.params
    for k, kind in enumerate(st.rules.legacy):
        holdings = [st.legacy[s][k] for s in range(st.n)]
        gains = majority_vp(holdings, p.legacy_majority_vp)
        if st.log is not None:
            held = ", ".join(f"{seat_label(s)} {h}" for s, h in enumerate(holdings))
            if not any(gains) and max(holdings) == 0:
                st.emit("LW-A19", None, f"{LEGACY_EN[kind]}: nobody holds one, nobody scores",
                        f"{LEGACY_JA[kind]}：誰も持っていない")
            else:
                winners = [s for s in range(st.n) if gains[s]]
                st.emit("LW-12.2", None, f"{LEGACY_EN[kind]} ({held}): most is "
                        f"{', '.join(seat_label(s) for s in winners) or 'nobody'}",
                        f"{LEGACY_JA[kind]}：最多は{'、'.join(seat_label(s) for s in winners)}",
                        kind=kind, holdings=holdings)
        for s in range(st.n):
            if gains[s]:
                add_vp(st, s, gains[s], 4, "LW-12.2", f"{LEGACY_EN[kind]} majority",
                       f"{LEGACY_JA[kind]}の最多")
    return False


@FLOW.task("winner")
def winner(st: WitchState) -> bool:
    groups = final_ranking(st.vp, [r[E] for r in st.res], st.params.tiebreak)
    if st.log is not None:
        ranking = "; ".join(f"{i + 1}. " + ", ".join(f"{seat_label(s)} {st.vp[s]} VP"
                                                     for s in g) for i, g in enumerate(groups))
        st.emit("LW-12.3", None, f"Final ranking: {ranking}", f"最終順位：{ranking}")
        top = groups[0]
        best = max(st.vp)
        tied = [s for s in range(st.n) if st.vp[s] == best]
        if len(top) > 1:
            st.emit("LW-12.3", None, f"Draw between {', '.join(seat_label(s) for s in top)} "
                    f"({best} VP" + (f", {st.res[top[0]][E]} Elixir each)" if
                                     st.params.tiebreak == "elixir" else ")"),
                    f"{'、'.join(seat_label(s) for s in top)}の引き分け", winners=top)
        elif len(tied) > 1:
            st.emit("LW-12.3", None, f"{', '.join(seat_label(s) for s in tied)} tie on {best} VP; "
                    f"{seat_label(top[0])} has the most Elixir left ({st.res[top[0]][E]}) and wins",
                    f"同点のためエリクシルの多い{seat_label(top[0])}の勝利", winners=top)
        else:
            st.emit("LW-12.3", None, f"{seat_label(top[0])} wins with {best} VP",
                    f"{seat_label(top[0])}の勝利（{best}VP）", winners=top)
    return False
