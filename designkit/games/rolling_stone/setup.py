"""Setup (LR-1, LR-2): a fresh position, the dream deal and pass, rolls, the start player.

``setup_tasks`` lists the whole game as tasks (LR-3.2): setup, each stage, the
final settlement; each task here is one rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from designkit.core import rows
from designkit.core.flow import draw_task, roll
from designkit.core.seats import seat_label
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.state import (
    CHARACTER,
    FLOW,
    VP_PARTS,
    Phase,
    RollingStoneState,
    Ruleset,
)


# -- a fresh position -------------------------------------------------------------------------------------
def blank_state(rules: Ruleset, log: bool) -> RollingStoneState:
    """Everything in the box, nothing dealt: the state before LR-2.1."""
    st = RollingStoneState.from_rules(rules, log)
    p, n, k = rules.params, st.n, len(rules.colours)
    st.stage, st.round, st.turn_no, st.current = 0, 0, 0, None
    st.marker, st.settling = None, None
    st.slot_of, st.board = [None] * n, [None] * p.order_slots
    st.decks = [list(cards) for cards in rules.stage_cards]
    st.field, st.removed = [], []
    st.event_pool = [list(e) for e in rules.stage_events]
    st.events_row, st.events_done = [], []
    st.dream_pool = list(range(len(rules.dreams)))
    st.hands = [[] for _ in range(n)]
    st.pending = [() for _ in range(n)]
    st.gave = [() for _ in range(n)]
    st.skills = [() for _ in range(n)]
    st.active = [() for _ in range(n)]
    st.trig = [frozenset() for _ in range(n)]
    st.used = [() for _ in range(n)]
    empty: list[int | None] = [None] * rules.size
    empty[rules.center] = CHARACTER
    st.album = [tuple(empty) for _ in range(n)]
    st.dice = [(rules.dice.by_top[1][0],) * k for _ in range(n)]   # tuple rows (core.rows)
    st.dcell = [(rules.center,) * k for _ in range(n)]
    st.box = [(0, 0, 0, 0) for _ in range(n)]
    st.frame = [None] * n
    st.placed, st.stars = [0] * n, [0] * n
    st.discard = [() for _ in range(n)]
    st.power, st.vp = [0] * n, [0] * n
    st.parts = [(0,) * len(VP_PARTS) for _ in range(n)]
    st.snapshot, st.final = None, None
    return st


def announce(st: RollingStoneState) -> None:
    if st.log is None:
        return
    p, rules = st.params, st.rules
    decks = "/".join(str(len(d)) for d in rules.stage_cards[1:])
    st.emit("LR-1.1", None, f"{st.n} players; album cards {decks} per stage, "
            f"{len(rules.events)} events, {len(rules.dreams)} dream cards; dice "
            f"{' '.join(rules.colours)} ({p.dice_chirality}-handed, LR-A32)",
            f"{st.n}人プレイ：アルバムカード{decks}枚、イベント{len(rules.events)}枚、"
            f"ドリーム{len(rules.dreams)}枚")
    st.emit("LR-2.3", None, "The album cards of each stage are shuffled into "
            f"{p.stages} stage decks", "アルバムカードをステージ毎にシャッフルして山にする")
    frame = (f"a floating {p.album_rows}×{p.album_cols} frame (LR-A4)"
             if p.album_frame == "floating" else
             f"a fixed {p.album_rows}×{p.album_cols} frame chosen at setup")
    st.emit("LR-2.4", None, f"Each album starts as the character card in {frame}",
            f"各【アルバム】はキャラクターカード１枚（縦{p.album_rows}×横{p.album_cols}）から始まる")


def setup_tasks(st: RollingStoneState) -> list[tuple[Any, ...]]:
    """LR-2 in order, then every stage and the final settlement (LR-3.2)."""
    p = st.params
    seats = range(st.n)
    k = len(st.rules.colours)
    tasks: list[tuple[Any, ...]] = [("deal", s) for _ in range(p.dreams_dealt) for s in seats]
    tasks.append(("dealt",))
    if p.dreams_passed_left:
        tasks += [("pass", s) for _ in range(p.dreams_passed_left) for s in seats]
        tasks.append(("pass_reveal",))
    if p.album_frame == "fixed_at_setup":
        tasks += [("char_cell", s) for s in seats]
    tasks += [("die_roll", s, c) for s in seats for c in range(k)]
    tasks += [("orient", s, c, "LR-2.5") for s in seats for c in range(k)]
    tasks.append(("start_player",))
    tasks += [("stage", s) for s in range(1, p.stages + 1)]
    tasks.append(("final",))
    return tasks


# -- LR-2.1, LR-2.2: dreams --------------------------------------------------------------------------------
#: ("deal", seat): one dream card from the pool into that seat's hand
draw_task(FLOW, "deal", Phase.DEAL, cards=lambda st: st.rules.dreams,
          index=lambda st: st.rules.dream_index, pool=lambda st: st.dream_pool,
          into=lambda st: st.hands[st.ctx[0]], stream="dreams")


@FLOW.task("dealt")
def dreams_dealt(st: RollingStoneState) -> bool:
    """LR-2.1: each player holds their dream hand; the rest leave the game unseen."""
    if st.log is not None:
        dreams = st.rules.dreams
        for s in range(st.n):
            who, k = seat_label(s), len(st.hands[s])
            st.emit("LR-2.1", s, f"{who} is dealt "
                    + ", ".join(dreams[d].name("en") for d in st.hands[s]),
                    f"{who}に" + "、".join(dreams[d].name("ja") for d in st.hands[s])
                    + "が配られる", visible_to=(s,),
                    public=(f"{who} is dealt {k} dream card{'' if k == 1 else 's'}",
                            f"{who}にドリームカードが{k}枚配られる"))
        if st.dream_pool:
            st.emit("LR-2.1", None, f"{len(st.dream_pool)} dream cards are removed unseen",
                    f"残りのドリームカード{len(st.dream_pool)}枚は見ずに取り除く")
    return False


FLOW.ask_task("pass", Phase.PASS)


def hand_options(kind: str) -> Any:
    def build(st: RollingStoneState) -> tuple[Action, ...]:
        dreams = st.rules.dreams
        return tuple(Action(kind, dreams[d].id) for d in st.hands[st.ctx[0]])
    return build


def hand_choice(phase: Phase, kind: str, doing: str, until: str, doing_ja: str,
                then: Callable[[RollingStoneState, int, int], None]) -> None:
    """Declare the decision ``phase``: a dream card of the chooser's hand, offered as
    ``kind``, leaves the hand. With simultaneous choices (LR-A10) it waits face down in
    ``pending`` (for :func:`reveal_pending`): the log names it to the chooser alone
    ("{who} {doing} ({card}; {until})"), the table reads "{who} {doing} ({until})".
    Otherwise ``then(st, seat, card)`` acts on it at once."""
    def choose(st: RollingStoneState, a: Action) -> None:
        seat = st.ctx[0]
        d = st.rules.dream_index[a.arg]
        st.hands[seat].remove(d)
        if not st.params.simultaneous_dream_choices:
            then(st, seat, d)
            return
        rows.append(st.pending, seat, d)
        if st.log is not None:
            who = seat_label(seat)
            st.emit("LR-A10", seat, f"{who} {doing} ({st.rules.dreams[d].name('en')}; {until})",
                    f"{who}{doing_ja}", visible_to=(seat,),
                    public=(f"{who} {doing} ({until})", f"{who}{doing_ja}"))

    FLOW.decision(phase, hand_options(kind))(choose)


def reveal_pending(st: RollingStoneState,
                   then: Callable[[RollingStoneState, int, int], None]) -> None:
    """LR-A10: the cards every seat set aside face down are acted on together, seat by seat."""
    for s in range(st.n):
        for d in st.pending[s]:
            then(st, s, d)
        st.pending[s] = ()


def _give(st: RollingStoneState, seat: int, d: int) -> None:
    left = (seat + 1) % st.n
    st.hands[left].append(d)
    rows.append(st.gave, seat, d)
    if st.log is not None:
        dream, who, to = st.rules.dreams[d], seat_label(seat), seat_label(left)
        st.emit("LR-2.2", seat, f"{who} passes {dream.name('en')} to the left neighbour {to}",
                f"{who}は{dream.name('ja')}を左隣の{to}に渡す", dream=dream.id, to=left,
                visible_to=(seat, left),
                public=(f"{who} passes a dream card to the left neighbour {to}",
                        f"{who}はドリームカード１枚を左隣の{to}に渡す"))


hand_choice(Phase.PASS, "pass", "sets aside a dream card to pass left",
            "hidden until all have chosen",
            "は左隣に渡すドリームカードを選ぶ（全員が選ぶまで非公開）", _give)


@FLOW.task("pass_reveal")
def pass_all(st: RollingStoneState) -> bool:
    """LR-2.2 / LR-A10: the chosen dream cards change hands together."""
    reveal_pending(st, _give)
    return False


# -- LR-2.4 (fixed frame variant), LR-2.5, LR-2.6 --------------------------------------------------------
FLOW.ask_task("char_cell", Phase.CHAR_CELL)


def _char_cells(st: RollingStoneState) -> tuple[Action, ...]:
    return tuple(Action("char_cell", (r, c)) for r in range(st.rules.rows)
                 for c in range(st.rules.cols))


@FLOW.decision(Phase.CHAR_CELL, _char_cells)
def _choose_char_cell(st: RollingStoneState, a: Action) -> None:
    seat = st.ctx[0]
    r, c = a.arg
    st.frame[seat] = (-r, st.rules.rows - 1 - r, -c, st.rules.cols - 1 - c)
    if st.log is not None:
        st.emit("LR-2.4", seat, f"{seat_label(seat)} puts the character card at row {r + 1}, "
                f"column {c + 1} of the album frame", f"{seat_label(seat)}はキャラクターカードを"
                f"{r + 1}行{c + 1}列に置く", cell=[r, c])


@FLOW.task("die_roll")
def roll_die(st: RollingStoneState, seat: int, k: int) -> bool:
    """LR-2.5: each die is rolled; its value goes on top (orientation is chosen next)."""
    return roll(st, Phase.ROLL, (seat, k, "setup"), 6)


@FLOW.task("start_player")
def choose_start_player(st: RollingStoneState) -> bool:
    """LR-2.6: the lowest dice total takes the start player marker (random among ties)."""
    if st.params.start_player_rule == "random":
        return roll(st, Phase.START, tuple(range(st.n)))
    totals = [st.dice_sum(s) for s in range(st.n)]
    low = min(totals)
    return roll(st, Phase.START, tuple(s for s in range(st.n) if totals[s] == low))


def _start_candidates(st: RollingStoneState) -> list[int]:
    return list(st.ctx)


@FLOW.chance(Phase.START, _start_candidates, uniform=True, stream="start player")
def _start_chosen(st: RollingStoneState, seat: int) -> None:
    st.marker = seat
    if st.log is None:
        return
    tied = st.ctx
    if st.params.start_player_rule == "random":
        why, why_ja = "chosen at random", "ランダムに選ばれた"
    elif len(tied) > 1:
        why = (f"{', '.join(seat_label(s) for s in tied)} tie for the lowest total "
               f"{st.dice_sum(seat)}; chosen at random (the draft: rock–paper–scissors, LR-A20)")
        why_ja = f"合計{st.dice_sum(seat)}で同点のためランダムに決定（じゃんけん等）"
    else:
        why, why_ja = f"lowest dice total {st.dice_sum(seat)}", f"目の合計{st.dice_sum(seat)}が最小"
    st.emit("LR-2.6", seat, f"{seat_label(seat)} takes the start player marker ({why})",
            f"{seat_label(seat)}がスタートプレイヤーマーカーを受け取る（{why_ja}）")
