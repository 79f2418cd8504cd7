"""Why a Life is Rolling Stone action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.messages import Text, bi
from designkit.core.seats import seat_label
from designkit.core.waiting import not_awaited, waiting_table
from designkit.games.rolling_stone.actions import DIR_EN, DIR_JA
from designkit.games.rolling_stone.album import (
    colour_en,
    colour_ja,
    in_frame,
    move_dirs,
    placement_cells,
)
from designkit.games.rolling_stone.dice import DIRS
from designkit.games.rolling_stone.state import Phase, RollingStoneState

_WAITING = waiting_table(__package__, Phase)


def explain_illegal(st: RollingStoneState, action: Any) -> Text:
    arg = getattr(action, "arg", None)
    ph = st.phase
    not_kind = not_awaited(st, _WAITING, action, "LR-12")
    if not_kind is not None:
        return not_kind
    seat = st.seat
    assert seat is not None  # a decision is due (checked above), so a seat answers it
    if ph is Phase.PLACE:
        return _why_not_cell(st, arg)
    if ph is Phase.ORDER:
        if isinstance(arg, int) and 1 <= arg <= len(st.board) \
                and (holder := st.board[arg - 1]) is not None:
            return bi("LR-5.2: slot {a} is taken by {s}", "LR-5.2：枠 {a} には {s} がいます",
                      a=arg, s=seat_label(holder))
        return bi("LR-5.2: the order card has slots 1–{n}",
                  "LR-5.2：手番順カードの枠は 1–{n} です", n=len(st.board))
    if ph is Phase.TAKE:
        return bi("LR-6.3: {a} is not in the common field", "LR-6.3：{a} は共通の場にありません",
                  a=arg)
    if ph in (Phase.PASS, Phase.DISCARD):
        return bi("LR-2.2/LR-4.1: {a} is not in {s}'s hand",
                  "LR-2.2/LR-4.1：{a} は {s} の手札にありません", a=arg, s=seat_label(seat))
    if ph is Phase.ORIENT:
        p, k, _ = st.ctx
        return bi("LR-8.1: the {c} die keeps top {t}; choose one of the 4 valid {h}-handed "
                  "orientations with that top", "LR-8.1：{c_ja}のサイコロは上が {t} のままです。"
                  "その上の面で正しい {h} 手系の向き4つから選んでください", c=colour_en(st, k),
                  c_ja=colour_ja(st, k), t=st.top(p, k), h=st.params.dice_chirality)
    if ph is Phase.MOVE_DIR and isinstance(arg, tuple) and arg[1] in DIRS:
        p, k = st.ctx[0], st.ctx[1]
        if DIRS.index(arg[1]) not in move_dirs(st, p, k):
            return bi("LR-8.3: there is no card {d} of the {c} die; it cannot move onto an "
                      "empty cell or out of the album", "LR-8.3：{c_ja}のサイコロの{d_ja}には"
                      "カードがありません。空いたマスやアルバムの外には動けません",
                      d=DIR_EN[arg[1]], d_ja=DIR_JA[arg[1]], c=colour_en(st, k),
                      c_ja=colour_ja(st, k))
    if ph is Phase.MOVE_DIE and arg in st.rules.colour_index:
        k = st.rules.colour_index[arg]
        return bi("LR-8.3: the {c} die has no card next to it, so it cannot move",
                  "LR-8.3：{c_ja}のサイコロの隣にカードがないので、動けません",
                  c=colour_en(st, k), c_ja=colour_ja(st, k))
    return bi("not one of the choices now: {w}", "いまの選択肢にありません：{w}",
              w=_WAITING[ph].text)


def _why_not_cell(st: RollingStoneState, arg: Any) -> Text:
    p, cid, _ = st.ctx
    rules = st.rules
    if not isinstance(arg, tuple) or len(arg) != 4:
        return Text("a placement is (card, row, col, overwritten card)",
                    "配置は（カード, 行, 列, 上書きされるカード）です")
    card_id, r, c, _ = arg
    if card_id != cid:
        return bi("LR-6.3/LR-6.4: the card to place now is {c}",
                  "LR-6.3/LR-6.4：いま置くカードは {c} です", c=cid)
    if abs(r) >= rules.rows or abs(c) >= rules.cols:
        return bi("LR-7.2: ({r}, {c}) is outside any {rows}×{cols} frame",
                  "LR-7.2：({r}, {c}) はどの {rows}×{cols} の枠にも入りません", r=r, c=c,
                  rows=rules.rows, cols=rules.cols)
    card = rules.card_index[cid]
    cell = rules.cell(r, c)
    dice_cells = [st.dcell[p][k] for k in rules.card_dice[card]]
    if not any(cell - d in rules.step for d in dice_cells):
        where = ", ".join(f"{colour_en(st, k)} die at {rules.rc[st.dcell[p][k]]}"
                          for k in rules.card_dice[card])
        where_ja = "、".join(f"{rules.rc[st.dcell[p][k]]} の{colour_ja(st, k)}のサイコロ"
                             for k in rules.card_dice[card])
        return bi("LR-7.1: ({r}, {c}) is not orthogonally adjacent to the {w}",
                  "LR-7.1：({r}, {c}) は {w_ja} の上下左右の隣ではありません", r=r, c=c,
                  w=where, w_ja=where_ja)
    v = st.album[p][cell]
    if v is None and not in_frame(st, p, cell):
        return bi("LR-7.2: a card at ({r}, {c}) would make the album larger than {rows}×{cols}",
                  "LR-7.2：({r}, {c}) に置くとアルバムが {rows}×{cols} より大きくなります", r=r,
                  c=c, rows=rules.rows, cols=rules.cols)
    if v == 0:
        return Text("LR-7.3: the character card can never be overwritten",
                    "LR-7.3：キャラクターカードは上書きできません")
    if v is not None and cell in st.dcell[p]:
        return Text("LR-7.3/LR-8.5: a card carrying a die cannot be overwritten",
                    "LR-7.3/LR-8.5：サイコロが乗っているカードは上書きできません")
    if v is not None:
        empty, _ = placement_cells(st, p, card)
        cells = ", ".join(str(rules.rc[x]) for x in empty)
        return bi("LR-7.3: an empty adjacent cell in frame exists ({c}), so overwriting is not "
                  "allowed", "LR-7.3：枠内に空いた隣のマス（{c}）があるので、上書きはできません",
                  c=cells)
    return Text("not a legal cell now (LR-7)", "いまは置けないマスです（LR-7）")
