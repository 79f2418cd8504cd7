"""Why a Life is Rolling Stone action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.flow import no_decision_due
from designkit.core.seats import seat_label
from designkit.games.rolling_stone.actions import DIR_EN
from designkit.games.rolling_stone.album import colour_en, in_frame, move_dirs, placement_cells
from designkit.games.rolling_stone.dice import DIRS
from designkit.games.rolling_stone.state import Phase, RollingStoneState

_WAITING = {
    Phase.PASS: ("pass", "a player chooses a dream card to pass left (LR-2.2)"),
    Phase.CHAR_CELL: ("char_cell", "a player places the character card in the frame (LR-2.4)"),
    Phase.ORIENT: ("orient", "a player orients a die with its top fixed (LR-2.5, LR-8.4)"),
    Phase.DISCARD: ("discard", "a player discards a dream card as the stage skill (LR-4.1)"),
    Phase.ORDER: ("slot", "a player puts the pawn on an empty order slot (LR-5.2)"),
    Phase.MOVE_DIE: ("move_die", "the player may choose a die to move (LR-8.3)"),
    Phase.MOVE_DIR: ("move_dir", "the player chooses where the die moves (LR-8.3)"),
    Phase.USE: ("use", "the player decides whether to use an optional skill (LR-A34)"),
    Phase.TARGET: ("die", "the player chooses which die the effect changes"),
    Phase.TAKE: ("take", "the player takes a card from the common field (LR-6.3)"),
    Phase.PLACE: ("place", "the player chooses a cell for the card (LR-7)"),
    Phase.RECALL: ("recall", "the player chooses a discarded card to place (skill)"),
}


def explain_illegal(st: RollingStoneState, action: Any) -> str:
    kind = getattr(action, "kind", None)
    arg = getattr(action, "arg", None)
    ph = st.phase
    not_due = no_decision_due(st, _WAITING, "LR-12")
    if not_due is not None:
        return not_due
    expected = _WAITING[ph]
    if kind != expected[0]:
        return f"now {expected[1]}"
    seat = st.seat
    assert seat is not None  # a decision is due (checked above), so a seat answers it
    if ph is Phase.PLACE:
        return _why_not_cell(st, arg)
    if ph is Phase.ORDER:
        if isinstance(arg, int) and 1 <= arg <= len(st.board) \
                and (holder := st.board[arg - 1]) is not None:
            return f"LR-5.2: slot {arg} is taken by {seat_label(holder)}"
        return f"LR-5.2: the order card has slots 1–{len(st.board)}"
    if ph is Phase.TAKE:
        return f"LR-6.3: {arg} is not in the common field"
    if ph in (Phase.PASS, Phase.DISCARD):
        return f"LR-2.2/LR-4.1: {arg} is not in {seat_label(seat)}'s hand"
    if ph is Phase.ORIENT:
        p, k, _ = st.ctx
        return (f"LR-8.1: the {colour_en(st, k)} die keeps top {st.top(p, k)}; choose one of the "
                f"4 valid {st.params.dice_chirality}-handed orientations with that top")
    if ph is Phase.MOVE_DIR and isinstance(arg, tuple) and arg[1] in DIRS:
        p, k = st.ctx[0], st.ctx[1]
        if DIRS.index(arg[1]) not in move_dirs(st, p, k):
            return (f"LR-8.3: there is no card {DIR_EN[arg[1]]} of the {colour_en(st, k)} die; "
                    "it cannot move onto an empty cell or out of the album")
    if ph is Phase.MOVE_DIE and arg in st.rules.colour_index:
        return (f"LR-8.3: the {colour_en(st, st.rules.colour_index[arg])} die has no card next "
                "to it, so it cannot move")
    return f"not one of the choices now: {expected[1]}"


def _why_not_cell(st: RollingStoneState, arg: Any) -> str:
    p, cid, _ = st.ctx
    rules = st.rules
    if not isinstance(arg, tuple) or len(arg) != 4:
        return "a placement is (card, row, col, overwritten card)"
    card_id, r, c, _ = arg
    if card_id != cid:
        return f"LR-6.3/LR-6.4: the card to place now is {cid}"
    if abs(r) >= rules.rows or abs(c) >= rules.cols:
        return f"LR-7.2: ({r}, {c}) is outside any {rules.rows}×{rules.cols} frame"
    card = rules.card_index[cid]
    cell = rules.cell(r, c)
    dice_cells = [st.dcell[p][k] for k in rules.card_dice[card]]
    if not any(cell - d in rules.step for d in dice_cells):
        where = ", ".join(f"{colour_en(st, k)} die at {rules.rc[st.dcell[p][k]]}"
                          for k in rules.card_dice[card])
        return f"LR-7.1: ({r}, {c}) is not orthogonally adjacent to the {where}"
    v = st.album[p][cell]
    if v is None and not in_frame(st, p, cell):
        return (f"LR-7.2: a card at ({r}, {c}) would make the album larger than "
                f"{rules.rows}×{rules.cols}")
    if v == 0:
        return "LR-7.3: the character card can never be overwritten"
    if v is not None and cell in st.dcell[p]:
        return "LR-7.3/LR-8.5: a card carrying a die cannot be overwritten"
    if v is not None:
        empty, _ = placement_cells(st, p, card)
        cells = ", ".join(str(rules.rc[x]) for x in empty)
        return (f"LR-7.3: an empty adjacent cell in frame exists ({cells}), so overwriting "
                "is not allowed")
    return "not a legal cell now (LR-7)"
