"""HTML of a Witch Academia position: the Areas (boxes that wrap to the width there is) and
the University, then the assignment display and one panel per player (no widget imports).

Each worker is a die in its owner's colour showing its rank and Health. The
viewer sees only its own hand (``seat``); ``seat=None`` shows what is public,
every hand as a count (LW-A28).

The board is clickable where a decision has a natural target (``data-action``, see
docs/ARCHITECTURE.md "Boards you click"): an Area or the University (place the worker
there), a worker die (place it, heal it), a card of the hand or the pack (pick, keep,
play it), an assignment (complete it), a resource (take, pay, gain, return one). Each card
shows what it does, in the board's language.
"""

from __future__ import annotations

from html import escape
from typing import Any

from designkit.core.board_html import data_action, token_row
from designkit.core.seats import seat_label
from designkit.games.witch_academy.actions import label
from designkit.games.witch_academy.cards import (
    LEGACY_EN,
    LEGACY_JA,
    PASSIVES,
    RES_EN,
    RES_JA,
    RESOURCES,
    VOCABULARY,
    ops_text,
)
from designkit.games.witch_academy.state import (
    ACTION_MODE,
    ASSIGN_MODE,
    FLOW,
    Phase,
    WitchState,
)

SEAT_FILL = ("#d32f2f", "#1976d2", "#388e3c", "#f9a825", "#7b1fa2")
RES_FILL = {"G": "#66bb6a", "B": "#64b5f6", "R": "#ef5350", "W": "#e0e0e0", "E": "#ffd54f"}
AREA_W = 170  # an Area box's width when there is room

_T = {
    "en": {"round": "Round", "to_move": "to move", "over": "game over", "univ": "University",
           "slots": "slots, earliest right", "display": "Assignments", "hand": "Hand",
           "cards": "cards", "kept": "kept face down", "vp": "VP", "legacy": "Legacy",
           "tokens": "tokens", "familiars": "Familiars", "facilities": "Facilities",
           "mode": {ACTION_MODE: "action mode", ASSIGN_MODE: "assignment mode", 2: "passed"},
           "deck": "exploration deck", "stock": "legacy stock", "order": "turn order",
           "none": "–", "supply": "supply", "chance": "cards and dice",
           "pack": "To choose from"},
    "ja": {"round": "ラウンド", "to_move": "の手番", "over": "ゲーム終了", "univ": "大学",
           "slots": "マス（右端が最も早い）", "display": "課題置き場", "hand": "手札",
           "cards": "枚", "kept": "伏せたカード", "vp": "VP", "legacy": "レガシー",
           "tokens": "達成トークン", "familiars": "使い魔", "facilities": "施設",
           "mode": {ACTION_MODE: "アクション", ASSIGN_MODE: "課題作成", 2: "パス済み"},
           "deck": "探索山", "stock": "レガシーのストック", "order": "手番順", "none": "なし",
           "supply": "手元", "chance": "カード・ダイス", "pack": "選ぶカード"},
}


Targets = dict[tuple[str, Any], Any]
#: decision kind -> the board element standing for it (by the action's argument)
_ELEMENT = {"target": "place", "worker": "worker", "heal": "worker", "pick": "card",
            "keep": "card", "play": "card", "complete": "assignment", "take": "res",
            "colour": "res", "pay": "res", "return": "res", "explore": "explore",
            "legacy": "legacy"}
#: decisions with no piece of their own: tokens in the mover's panel, reading the action
_TOKENS = ("rest", "assign", "bonus", "es", "exchange", "amount", "recall", "cover", "end",
           "pass")
_PASSIVE_JA = {"push_immune": "押し出されても体力を失わない",
               "push_same_free": "同ランクの押し出しで体力を払わない",
               "es_discount": "エキストラステージの費用−{n}（最低1）",
               "carry_cap": "資源の上限+{n}", "rest_heal": "休息で2+{n}回復"}


def targets(st: WitchState) -> Targets:
    """(element, argument) -> the open decision it stands for (none at chance steps)."""
    out: Targets = {}
    for a in getattr(st, "options", ()) or ():
        where = _ELEMENT.get(a.kind)
        if where is not None:
            out.setdefault((where, a.arg), a)
    return out


def _act(opts: Targets, where: str, arg: Any) -> str:
    return data_action(opts.get((where, arg)))


def _passive_text(op: tuple[Any, ...], lang: str) -> str:
    name, *args = op
    n = args[0] if args else ""
    if lang == "ja" and name in _PASSIVE_JA:
        return _PASSIVE_JA[name].format(n=n)
    spec = PASSIVES.get(name)
    return spec.doc.replace(" n ", f" {n} ").replace("+ n", f"+ {n}") if spec else name


_WHEN = {"round_end": ("at round end", "ラウンド終了時"), "game_end": ("at game end", "ゲーム終了時"),
         "on_rest": ("when you Rest", "休息時"), "": ("", ""),
         "on_place_any": ("when this worker is placed", "このワーカーの配置時"),
         "on_place_area": ("when this worker is placed on an Area", "このワーカーのエリア配置時"),
         "on_place_univ": ("when this worker is placed at the University",
                           "このワーカーの大学配置時"),
         "on_push": ("when this worker pushes another out", "このワーカーが押し出した時"),
         "on_pushed": ("when this worker is pushed out", "このワーカーが押し出された時")}
_OP_JA = {"heal": "ワーカーの体力+{n}", "full_heal": "ワーカーの体力を全回復",
          "pay_health": "行動したワーカーが体力{n}を払う", "extra_actions": "アクション+{n}回",
          "recall": "他の配置済みワーカーを{n}体まで回収", "recall_all": "他の配置済みワーカーを回収",
          "per_legacy_type_vp": "レガシーの種類ごとに{n} VP"}
_TARGET_WORDS = {"ONE": ("one worker", "ワーカー1体"), "ALL": ("every worker", "全ワーカー"),
                 "SELF": ("this worker", "このワーカー")}


def _op_words(op: tuple[Any, ...], lang: str) -> str:
    """An effect in words: the vocabulary's description (LW §5.1) where the short form
    would be a code such as ``full_heal(ONE)``."""
    name, *args = op
    if name in ("gain", "convert", "legacy", "vp") or name not in VOCABULARY:
        return ops_text((op,), lang)
    spec = VOCABULARY[name]
    values = dict(zip(spec.args, args, strict=False))
    n = values.get("n", "")
    who = _TARGET_WORDS.get(str(values.get("target", "")), ("", ""))[lang == "ja"]
    if lang == "ja" and name in _OP_JA:
        return (f"{who}：" if who else "") + _OP_JA[name].format(n=n)
    text = spec.doc.replace("n VP", f"{n} VP").replace(" n ", f" {n} ").replace("by n",
                                                                                  f"by {n}")
    return text.replace("workers", who) if who else text


def card_text(card: Any, lang: str = "en") -> str:
    """What an event card does, in words: cost and VP, its effect or passive (LW-3, §5.1)."""
    ja = lang == "ja"
    bits = [f"{'コスト' if ja else 'cost'} {card.cost}", f"{card.vp} VP"] if card.cost or \
        card.vp else []
    if card.die:
        bits.append(("ワーカー " if ja else "worker ") + card.die)
    if card.passive:
        bits.append("; ".join(_passive_text(op, lang) for op in card.passive))
    if card.effect:
        when = _WHEN.get(card.trigger, (card.trigger, card.trigger))[ja]
        bits.append((f"{when}: " if when else "")
                    + ", ".join(_op_words(op, lang) for op in card.effect))
    return " · ".join(bits) or ("効果なし" if ja else "no effect")


def _card(st: WitchState, e: int, lang: str, opts: Targets) -> str:
    card = st.rules.events[e]
    text = card_text(card, lang)
    return (f'<span class="dk-card"{_act(opts, "card", card.id)} title="{escape(text)}" '
            f'style="display:inline-block;max-width:220px;border:1px solid #999;'
            f'border-radius:4px;padding:1px 4px;margin:1px;background:#fffdf5">'
            f'<b>{escape(label(card.id, lang))}</b> <span style="color:#555;font-size:10px">'
            f'{escape(text)}</span></span>')


def phase_name(phase: Phase, lang: str = "en") -> str:
    """The phase as players call it (Witch Academia's declared names), never its code."""
    return FLOW.phase_name(phase, lang)


def render(st: WitchState, seat: int | None = None, lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    opts = targets(st)
    parts = [_status(st, t, lang), _board(st, t, lang, opts), _display(st, t, lang, opts),
             '<div style="display:flex;flex-wrap:wrap;gap:8px">'
             + "".join(_seat_panel(st, q, seat, t, lang, opts if q == st.seat else {})
                       for q in range(st.n)) + "</div>"]
    return ('<div class="dk-board dk-witch-academy" style="font-family:sans-serif;'
            'font-size:12px">' + "".join(parts) + "</div>")


def _status(st: WitchState, t: dict, lang: str) -> str:
    if st.phase is Phase.OVER:
        state = t["over"]
    else:
        who = f"{seat_label(st.seat)} {t['to_move']}" if st.seat is not None else t["chance"]
        state = f"{phase_name(st.phase, lang)} · {who}"
    order = ", ".join(seat_label(s) for s in st.order)
    opts = targets(st)
    names = LEGACY_JA if lang == "ja" else LEGACY_EN
    stock = " ".join(f'<span class="dk-legacy"{_act(opts, "legacy", k)}>{names[k]} {n}</span>'
                     for k, n in zip(st.rules.legacy, st.stock, strict=True))
    return (f'<div class="dk-status"><b>{t["round"]} {st.year}</b> · {state} · {t["order"]}: '
            f'{order} · {t["deck"]}: {len(st.ex_deck)} · {t["stock"]}: {stock}</div>')


def _die(x: float, y: float, seat: int, rank: str, health: int, size: int = 26) -> str:
    return (f'<g><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" '
            f'fill="{SEAT_FILL[seat % 5]}" stroke="#222"/><text x="{x + size / 2}" '
            f'y="{y + 11}" font-size="9" fill="#fff" text-anchor="middle">{rank}</text>'
            f'<text x="{x + size / 2}" y="{y + 22}" font-size="11" font-weight="bold" '
            f'fill="#fff" text-anchor="middle">{health}</text>'
            f'<title>{seat_label(seat)} {rank}: Health {health}</title></g>')


def _board(st: WitchState, t: dict, lang: str, opts: Targets) -> str:
    """The Areas as boxes that wrap to the width there is (the Play tab's board column is
    narrower than four Areas at 1024 px), then the University's slots."""
    rules = st.rules
    boxes = []
    for pos, a in enumerate(st.areas):
        area = rules.areas[a]
        lines = []
        for i, c in enumerate(st.explore[pos]):
            card = rules.explore[c]
            where = "outer" if i == 0 else "inner"
            es = f" | ES {card.es_health}♥: {ops_text(card.es, lang)}" if card.es_health else ""
            lines.append(f'<div class="dk-explore"{_act(opts, "explore", card.id)} '
                         f'title="{where}">'
                         f'{escape(f"{card.id}: {ops_text(card.base, lang)}{es}")}</div>')
        occ = st.occupant[pos]
        worker = ""
        if occ is not None:
            s, w = occ
            worker = (f'<div style="text-align:right">'
                      f'{_die_svg(s, rules.ranks[w], st.health[s][w])}</div>')
        boxes.append(f'<div class="dk-area"{_act(opts, "place", area.id)} '
                     f'style="flex:0 1 {AREA_W}px;min-width:130px;'
                     'min-height:70px;background:#fff;border:1px solid #8d6e63;'
                     'border-radius:6px;padding:4px 6px;font-size:10px;overflow-wrap:anywhere">'
                     f'<div style="font-weight:bold;font-size:11px">{escape(area.name(lang))}'
                     f'</div>{"".join(lines)}{worker}</div>')
    slots = st.params.slots()
    cells = []
    for i in reversed(range(slots)):  # the earliest slot on the right (LW-7)
        die = ""
        if i < len(st.univ):
            s, w = st.univ[i]
            die = _die_svg(s, rules.ranks[w], st.health[s][w])
        cells.append('<span style="display:inline-block;width:30px;height:30px;'
                     f'background:#eee;border:1px solid #999;margin-right:4px;'
                     f'vertical-align:middle">{die}</span>')
    university = (f'<div class="dk-university"{_act(opts, "place", "U")} '
                  f'style="margin-top:6px"><b>{t["univ"]} ({slots} '
                  f'{t["slots"]})</b><div>{"".join(cells)}</div></div>')
    return ('<div class="dk-areas" style="background:#faf7f0;padding:8px;border-radius:6px">'
            '<div style="display:flex;flex-wrap:wrap;gap:8px">' + "".join(boxes) + "</div>"
            + university + "</div>")


def _die_svg(seat: int, rank: str, health: int) -> str:
    return f'<svg width="30" height="30">{_die(2, 2, seat, rank, health)}</svg>'


def _display(st: WitchState, t: dict, lang: str, opts: Targets) -> str:
    rules = st.rules
    cells = []
    for pos, a in enumerate(st.display):
        card = rules.assignments[a]
        dots = "".join(f'<span style="color:{SEAT_FILL[s % 5]}">●</span>'
                       for s in st.tokens_on[pos])
        cells.append(f'<span class="dk-assignment"{_act(opts, "assignment", card.id)} '
                     f'style="display:inline-block;white-space:nowrap;'
                     f'border:1px solid #aaa;padding:2px 5px;margin:2px 4px 2px 0">'
                     f'<b>{card.id}</b> {card.cost_text()} → {card.vp} {t["vp"]} {dots}</span>')
    return f'<div style="margin:6px 0"><b>{t["display"]}</b>: {"".join(cells) or t["none"]}</div>'


def _seat_panel(st: WitchState, q: int, viewer: int | None, t: dict, lang: str,
                opts: Targets) -> str:
    rules = st.rules
    names = RES_JA if lang == "ja" else RES_EN
    res = " ".join(f'<span class="dk-res"{_act(opts, "res", r)} title="{names[r]}" '
                   f'style="background:{RES_FILL[r]};padding:0 4px;border-radius:3px">'
                   f'{r}{st.res[q][i]}</span>' for i, r in enumerate(RESOURCES))
    workers = "".join(
        f'<span class="dk-worker"{_act(opts, "worker", r)} style="display:inline-block">'
        f'{_die_svg(q, r, st.health[q][w])}</span>'
        f'<span style="font-size:10px">{_where(st, q, w, t, lang)}</span> '
        for w, r in enumerate(rules.ranks))
    legacy_names = LEGACY_JA if lang == "ja" else LEGACY_EN
    legacy = ", ".join(f"{legacy_names[k]} {st.legacy[q][i]}" for i, k in enumerate(rules.legacy))
    familiars = ", ".join(f"{rules.ranks[w]}: {label(rules.events[f].id, lang)}"
                          for w, fs in enumerate(st.familiars[q]) for f in fs) or t["none"]
    facilities = ", ".join(f"{c.name(lang)}" for c in st.active_facilities(q)) or t["none"]
    border = "3px solid #333" if st.seat == q else "1px solid #bbb"
    return (f'<div class="dk-seat" style="border:{border};border-radius:6px;padding:6px;'
            f'min-width:230px;max-width:100%;box-sizing:border-box">'
            f'<div style="color:{SEAT_FILL[q % 5]}"><b>{seat_label(q)}</b> · {st.vp[q]} '
            f'{t["vp"]} · {t["mode"][st.mode[q]]}</div>{_tokens(st, q, viewer, lang)}'
            f'<div>{res}</div><div>{workers}</div>'
            f'<div>{t["legacy"]}: {legacy} · {t["tokens"]}: {st.tokens[q]}</div>'
            f'<div>{t["familiars"]}: {escape(familiars)}</div>'
            f'<div>{t["facilities"]}: {escape(facilities)}</div>'
            f'{_hand(st, q, viewer, t, lang, opts)}</div>')


def _tokens(st: WitchState, q: int, viewer: int | None, lang: str) -> str:
    """Tokens for the open decisions of seat ``q`` (if it is to move) that have no piece on
    the board, shown to that seat and the designer only (what a seat may do is its own)."""
    if st.seat != q or st.phase is Phase.OVER or viewer not in (None, q):
        return ""
    return token_row((a for a in getattr(st, "options", ()) or () if a.kind in _TOKENS), lang)


def _hand(st: WitchState, q: int, viewer: int | None, t: dict, lang: str,
          opts: Targets) -> str:
    """The cards a player holds, apart from the pack in front of them while the draft is on
    (the cards to pick from, LW-3.4) and the card kept face down for the next round
    (LW-3.5, LW-11.4): the cards themselves only to their owner, counts to everyone else."""
    drafting = st.phase in (Phase.DEAL, Phase.DRAFT) or any(st.picks) or any(st.drafted)
    hand = st.picks[q] + st.drafted[q] if drafting else st.hands[q]
    pack = st.hands[q] if drafting else []
    if viewer != q:
        parts = [f"{t['hand']}: {len(hand)} {t['cards']}"]
        if pack:
            parts.append(f"{t['pack']}: {len(pack)} {t['cards']}")
        if st.carried[q]:
            parts.append(f"{t['kept']}: {len(st.carried[q])} {t['cards']}")
        return '<div class="dk-hand">' + " · ".join(parts) + "</div>"
    out = (f'<div class="dk-hand">{t["hand"]}: '
           + ("".join(_card(st, e, lang, opts) for e in hand) or t["none"]) + "</div>")
    if pack:
        out += (f'<div class="dk-pack">{t["pack"]}: '
                + "".join(_card(st, e, lang, opts) for e in pack) + "</div>")
    if st.carried[q]:
        out += (f'<div class="dk-kept">{t["kept"]}: '
                + "".join(_card(st, e, lang, opts) for e in st.carried[q]) + "</div>")
    return out


def _where(st: WitchState, q: int, w: int, t: dict, lang: str) -> str:
    where = st.loc[q][w]
    if where is None:
        return t["supply"]
    if not isinstance(where, int):  # UNIV
        return t["univ"]
    return escape(st.rules.areas[st.areas[where]].name(lang))
