"""The album and the life stones on it: placement (LR-7), tumbles (LR-8.2, LR-8.3), power (LR-7.7).

Kept apart from the turn flow because a card from the common field, the repeat
draw and a card recalled by a skill all go through the same placement rules
(『これはスキルによって配置する際も同じとなります』), and bots, the view and
the tests ask "where may this card go?" without playing a turn.
"""

from __future__ import annotations

from designkit.core import rows
from designkit.core.flow import ask, push
from designkit.core.seats import seat_label
from designkit.games.rolling_stone.actions import DIR_EN, DIR_JA, Action, at
from designkit.games.rolling_stone.cards import COLOUR_EN, COLOUR_JA
from designkit.games.rolling_stone.dice import DIRS
from designkit.games.rolling_stone.state import (
    FLOW,
    Phase,
    RollingStoneState,
    Ruleset,
)


def colour_en(st: RollingStoneState, k: int) -> str:
    return COLOUR_EN[st.rules.colours[k]]


def colour_ja(st: RollingStoneState, k: int) -> str:
    return COLOUR_JA[st.rules.colours[k]]


def card_en(st: RollingStoneState, i: int) -> str:
    card = st.rules.cards[i]
    return "the character card" if card is None else card.name("en")


def card_ja(st: RollingStoneState, i: int) -> str:
    card = st.rules.cards[i]
    return "キャラクターカード" if card is None else card.name("ja")


# -- frame and legal cells (LR-7.1 to LR-7.3) ----------------------------------------------------------
def in_frame(st: RollingStoneState, p: int, cell: int) -> bool:
    """LR-7.2: would the album still fit its rows × cols frame with ``cell`` filled?"""
    rules = st.rules
    r, c = rules.row_of[cell], rules.col_of[cell]
    fixed = st.frame[p]
    if fixed is not None:
        return fixed[0] <= r <= fixed[1] and fixed[2] <= c <= fixed[3]
    b = st.box[p]
    if r < b[0]:
        if b[1] - r >= rules.rows:
            return False
    elif r > b[1] and r - b[0] >= rules.rows:
        return False
    if c < b[2]:
        return b[3] - c < rules.cols
    return c <= b[3] or c - b[2] < rules.cols


def placement_cells(st: RollingStoneState, p: int, card: int) -> tuple[list[int], bool]:
    """Cells where ``card`` may go, and whether they are overwrites (LR-7.3).

    LR-7.1: orthogonally adjacent to a die of the card's attribute; LR-7.2: in
    frame; LR-7.3: only when no such cell is empty, an adjacent album card that
    carries no die may be overwritten. No cell at all is LR-7.4.
    """
    rules = st.rules
    album, dcell = st.album[p], st.dcell[p]
    empty: list[int] = []
    for k in rules.card_dice[card]:
        d = dcell[k]
        for s in rules.step:
            x = d + s
            if album[x] is None and in_frame(st, p, x) and x not in empty:
                empty.append(x)
    if empty and rules.params.overwrite_when == "no_empty_cell":
        return empty, False
    over: list[int] = []
    for k in rules.card_dice[card]:
        d = dcell[k]
        for s in rules.step:
            x = d + s
            v = album[x]
            if v and x not in over and x not in dcell:
                over.append(x)
    if not empty:
        return over, True
    return empty + over, bool(over)


def _outside_frame(st: RollingStoneState, p: int, card: int) -> list[int]:
    """LR-7.2: the free cells next to the card's die that the frame rules out."""
    rules = st.rules
    album = st.album[p]
    out: list[int] = []
    for k in rules.card_dice[card]:
        for step in rules.step:
            x = st.dcell[p][k] + step
            if album[x] is None and x not in out and not in_frame(st, p, x):
                out.append(x)
    return out


def _place_options(st: RollingStoneState) -> tuple[Action, ...]:
    p, cid, _ = st.ctx
    card = st.rules.card_index[cid]
    return _cell_actions(st, p, card, placement_cells(st, p, card)[0])


def _cell_actions(st: RollingStoneState, p: int, card: int, cells: list[int]
                  ) -> tuple[Action, ...]:
    """:func:`place_action` for each of ``cells``: its cache looked up here, the key's
    terms fixed by the card worked out once (every placement of random play asks this)."""
    rules, album = st.rules, st.album[p]
    found, base, count = rules.actions.get, card * rules.size, len(rules.cards)
    actions = []
    for x in cells:
        old = album[x]
        a = found((base + x) * count + (old or 0))
        actions.append(place_action(rules, card, x, old) if a is None else a)
    return tuple(actions)


def place_action(rules: Ruleset, card: int, cell: int, old: int | None) -> Action:
    """The (cached) action placing ``card`` at ``cell`` over ``old``."""
    key = (card * rules.size + cell) * len(rules.cards) + (old or 0)  # > 0
    a = rules.actions.get(key)
    if a is None:
        a = rules.actions[key] = Action("place", (rules.card_id(card), *rules.rc[cell],
                                                  rules.card_id(old) if old else None))
    return a


@FLOW.task("place")
def place_card(st: RollingStoneState, p: int, card_id: str, source: str) -> bool:
    """LR-7: put a card into the album of ``p``; unplaceable cards are discarded (LR-7.4)."""
    card = st.rules.card_index[card_id]
    cells, _ = placement_cells(st, p, card)
    if not cells:
        rows.append(st.discard, p, card)
        if st.log is not None:
            st.emit("LR-7.4", p, f"{seat_label(p)} cannot place {card_en(st, card)}: no cell "
                    "next to its die is free, in frame or overwritable, so it goes to the "
                    "discard pile unplaced (no die moves)",
                    f"{seat_label(p)}は{card_ja(st, card)}を配置できないため、配置せず捨て札にする"
                    "（サイコロは動かない）", card=st.rules.card_id(card))
        return False
    if len(cells) == 1:  # a forced placement is made without asking
        put(st, p, card, cells[0])
        return False
    return ask(st, Phase.PLACE, p, (p, card_id, source), _cell_actions(st, p, card, cells))


@FLOW.decision(Phase.PLACE, _place_options)
def _choose_cell(st: RollingStoneState, a: Action) -> None:
    p = st.ctx[0]
    cid, r, c, _ = a.arg
    put(st, p, st.rules.card_index[cid], st.rules.cell(r, c))


def put(st: RollingStoneState, p: int, card: int, cell: int) -> None:
    """Place ``card`` at ``cell`` (overwriting if occupied), then move its dice (LR-7.6)."""
    rules = st.rules
    album = st.album[p]
    old = album[cell]
    r, c = rules.rc[cell]
    outside = _outside_frame(st, p, card) if st.log is not None else []
    if old:
        rows.append(st.discard, p, old)
        st.placed[p] -= 1
        st.stars[p] -= rules.card_stars[old]
        if st.log is not None:
            why = ("No empty cell next to the die is in frame"
                   if rules.params.overwrite_when == "no_empty_cell" else "Overwrite (LR-A5)")
            st.emit("LR-7.3", p, f"{why}: {seat_label(p)} "
                    f"overwrites {card_en(st, old)} at {at(r, c)}, which goes to "
                    f"{seat_label(p)}'s discard pile (LR-7.5)",
                    f"隣接する空きマスがないため、{seat_label(p)}は{at(r, c)}の{card_ja(st, old)}"
                    "を捨て札にして上書きする", card=rules.card_id(old), cell=[r, c])
    rows.put(st.album, p, cell, card)   # a tuple row, shared by clones (core.rows)
    st.placed[p] += 1
    st.stars[p] += rules.card_stars[card]
    b = st.box[p]
    if r < b[0] or r > b[1] or c < b[2] or c > b[3]:   # a tuple row: replaced when it grows
        b = st.box[p] = (min(b[0], r), max(b[1], r), min(b[2], c), max(b[3], c))
    if st.log is not None:   # LR-7.2 where the frame ruled out a free cell next to the die
        far = ", ".join(at(*rules.rc[x]) for x in outside)
        st.emit("LR-7.2" if outside else "LR-7.1", p, f"{seat_label(p)} places "
                f"{card_en(st, card)} at {at(r, c)} (album {b[1] - b[0] + 1}×{b[3] - b[2] + 1}, "
                f"{st.placed[p] + 1} cells" + (f"; {far} would leave the {rules.rows}×"
                                               f"{rules.cols} frame" if outside else "") + ")",
                f"{seat_label(p)}は{card_ja(st, card)}を{at(r, c)}に配置する"
                + (f"（{far}は{rules.rows}×{rules.cols}の枠の外）" if outside else ""),
                card=rules.card_id(card), cell=[r, c])
    if "on_place" in st.trig[p]:  # pushed first: runs after any on_move_to_six skills
        st.stack.append(("skills", p, "on_place", rules.card_id(card)))
    dcell = st.dcell[p]
    step = rules.step
    for k in rules.card_dice[card]:  # several matching dice move together (LR-A7)
        diff = cell - dcell[k]
        if diff in step:
            tumble(st, p, k, step.index(diff), True, "LR-7.6")


# -- tumbles and power (LR-8.2, LR-8.3, LR-7.7) -----------------------------------------------------------
def tumble(st: RollingStoneState, p: int, k: int, d: int, moves: bool, rule: str,
           power: bool = True, power_rule: str = "LR-7.7") -> None:
    """LR-8.2: die ``k`` of ``p`` rolls one face toward ``d`` (onto the next card if ``moves``).

    ``power_rule`` is the rule a 6 gains power by: LR-7.7, or LR-A2 for the slot-2 move."""
    dice = st.rules.dice
    before = st.dice[p][k]
    after = dice.moves[before][d]
    # tuple rows (core.rows), as the cells: ``rows.put`` and ``rows.add`` inlined, a tumble
    # being the most frequent write of random play
    row = list(st.dice[p])
    row[k] = after
    st.dice[p] = tuple(row)
    if moves:
        row = list(st.dcell[p])
        row[k] += st.rules.step[d]
        st.dcell[p] = tuple(row)
    top = dice.top[after]
    if st.log is not None:
        under = st.album[p][st.dcell[p][k]]
        assert under is not None  # LR-7.6: a die always sits on a card of the album
        onto, onto_ja = card_en(st, under), card_ja(st, under)
        where = f" onto {onto}" if moves else " in place"
        where_ja = f"の{onto_ja}へ" if moves else "へその場で"
        st.emit("LR-8.2", p, f"{seat_label(p)}'s {colour_en(st, k)} die tumbles "
                f"{DIR_EN[DIRS[d]]}{where} from {dice.top[before]} to {top} "
                f"{dice.describe(before)} → {dice.describe(after)} ({rule})",
                f"{seat_label(p)}の{colour_ja(st, k)}のサイコロが{DIR_JA[DIRS[d]]}{where_ja}"
                f"転がり、{dice.top[before]}から{top}になる", colour=st.rules.colours[k],
                before=list(dice.orients[before]), after=list(dice.orients[after]),
                direction=DIRS[d], via=rule)
    if power and top == st.rules.params.power_trigger_value:
        logging = st.log is not None
        gain_power(st, p, st.rules.params.power_per_move_to_six, power_rule,
                   f"the {colour_en(st, k)} die moved onto a {top}" if logging else "",
                   f"{colour_ja(st, k)}のサイコロが動いて{top}になった" if logging else "")
        if "on_move_to_six" in st.trig[p]:
            st.stack.append(("skills", p, "on_move_to_six", k))


def gain_power(st: RollingStoneState, p: int, n: int, rule: str, why: str, why_ja: str) -> None:
    """Add ``n`` power (the supply is unlimited unless ``power_supply`` caps it, LR-A19)."""
    supply = st.rules.params.power_supply
    if supply is not None:
        n = max(0, min(n, supply - sum(st.power)))
    if n <= 0:
        if st.log is not None:
            st.emit("LR-A19", p, f"The power supply is exhausted: {seat_label(p)} gains nothing "
                    f"({why})", f"パワーが尽きているため{seat_label(p)}は得られない")
        return
    st.power[p] += n
    if st.log is not None:
        st.emit(rule, p, f"{seat_label(p)} gains {n} power ({why}); now {st.power[p]}",
                f"{seat_label(p)}はパワーを{n}個得る（{why_ja}）：計{st.power[p]}個",
                power=n)


# -- the slot-2 move and tumble_die (LR-8.3, LR-A3) -------------------------------------------------------
def move_dirs(st: RollingStoneState, p: int, k: int) -> list[int]:
    """Directions die ``k`` may move: onto an adjacent card, or any way in place (LR-A3)."""
    if st.rules.params.order_bonus_move_mode == "tumble_in_place":
        return [0, 1, 2, 3]
    album, d = st.album[p], st.dcell[p][k]
    return [i for i, s in enumerate(st.rules.step) if album[d + s] is not None]


def _move_die_options(st: RollingStoneState) -> tuple[Action, ...]:
    p = st.ctx[0]
    return (Action("move_die", None),) + tuple(
        Action("move_die", c) for k, c in enumerate(st.rules.colours) if move_dirs(st, p, k))


@FLOW.task("move")
def offer_move(st: RollingStoneState, p: int, faces: int, source: str) -> bool:
    """LR-8.3: optionally move one of your dice up to ``faces`` faces."""
    if not any(move_dirs(st, p, k) for k in range(len(st.rules.colours))):
        if st.log is not None:
            st.emit("LR-A3", p, f"{seat_label(p)} has no legal die move: a die moves onto an "
                    "adjacent card, and no die has one next to it", f"{seat_label(p)}は隣にカードのあるサイコロがないため移動できない")
        return False
    return ask(st, Phase.MOVE_DIE, p, (p, faces, source))


@FLOW.decision(Phase.MOVE_DIE, _move_die_options)
def _choose_move_die(st: RollingStoneState, a: Action) -> None:
    p, faces, source = st.ctx
    if a.arg is None:
        if st.log is not None:
            st.emit("LR-8.3", p, f"{seat_label(p)} does not move a die",
                    f"{seat_label(p)}はサイコロを動かさない")
        return
    push(st, ("move_dir", p, st.rules.colour_index[a.arg], faces, source, True))


def _move_dir_options(st: RollingStoneState) -> tuple[Action, ...]:
    p, k, _, _, first = st.ctx
    c = st.rules.colours[k]
    stop = () if first else (Action("move_dir", (c, None)),)
    return stop + tuple(Action("move_dir", (c, DIRS[d])) for d in move_dirs(st, p, k))


@FLOW.task("move_dir")
def offer_direction(st: RollingStoneState, p: int, k: int, faces: int, source: str,
                    first: bool) -> bool:
    if not move_dirs(st, p, k):
        if first and st.log is not None:
            st.emit("LR-A3", p, f"{seat_label(p)}'s {colour_en(st, k)} die has no card next to "
                    "it and cannot move", f"{seat_label(p)}の{colour_ja(st, k)}のサイコロは動けない")
        return False
    return ask(st, Phase.MOVE_DIR, p, (p, k, faces, source, first))


@FLOW.decision(Phase.MOVE_DIR, _move_dir_options)
def _choose_direction(st: RollingStoneState, a: Action) -> None:
    p, k, faces, source, _ = st.ctx
    if a.arg[1] is None:
        return
    params = st.rules.params
    power = source != "bonus" or params.order_bonus_move_gives_power
    moves = params.order_bonus_move_mode == "tumble_to_adjacent_card"
    # LR-A2: the slot-2 move's 6 gives power too (the draft's 「３のオーダーボーナス」 is slot 2)
    tumble(st, p, k, DIRS.index(a.arg[1]), moves, "LR-8.3", power,
           "LR-A2" if source == "bonus" else "LR-7.7")
    if faces > 1:
        push(st, ("move_dir", p, k, faces - 1, source, False))
