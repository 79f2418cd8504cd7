"""HTML of a Witch Academia position: the Areas (boxes that wrap to the width there is) and
the University, then the assignment display and one panel per player (no widget imports).

Each worker is a die in its owner's colour showing its rank and Health. The
viewer sees only its own hand (``seat``); ``seat=None`` shows what is public,
every hand as a count (LW-A28).
"""

from __future__ import annotations

from html import escape

from designkit.games.witch_academy.actions import label
from designkit.games.witch_academy.cards import (
    LEGACY_EN,
    LEGACY_JA,
    RES_EN,
    RES_JA,
    RESOURCES,
    ops_text,
)
from designkit.games.witch_academy.state import (
    ACTION_MODE,
    ASSIGN_MODE,
    UNIV,
    Phase,
    WitchState,
    seat_name,
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
           "none": "–", "supply": "supply"},
    "ja": {"round": "ラウンド", "to_move": "の手番", "over": "ゲーム終了", "univ": "大学",
           "slots": "マス（右端が最も早い）", "display": "課題置き場", "hand": "手札",
           "cards": "枚", "kept": "伏せたカード", "vp": "VP", "legacy": "レガシー",
           "tokens": "達成トークン", "familiars": "使い魔", "facilities": "施設",
           "mode": {ACTION_MODE: "アクション", ASSIGN_MODE: "課題作成", 2: "パス済み"},
           "deck": "探索山", "stock": "レガシーのストック", "order": "手番順", "none": "なし",
           "supply": "手元"},
}


def render(st: WitchState, seat: int | None = None, lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    parts = [_status(st, t), _board(st, t, lang), _display(st, t, lang),
             '<div style="display:flex;flex-wrap:wrap;gap:8px">'
             + "".join(_seat_panel(st, q, seat, t, lang) for q in range(st.n)) + "</div>"]
    return ('<div class="dk-board dk-witch-academy" style="font-family:sans-serif;'
            'font-size:12px">' + "".join(parts) + "</div>")


def _status(st: WitchState, t: dict) -> str:
    if st.phase is Phase.OVER:
        state = t["over"]
    else:
        who = f"{seat_name(st.seat)} {t['to_move']}" if st.seat is not None else "chance"
        state = f"{st.phase.name} · {who}"
    order = ", ".join(seat_name(s) for s in st.order)
    stock = " ".join(f"{k} {n}" for k, n in zip(st.rules.legacy, st.stock, strict=True))
    return (f'<div class="dk-status"><b>{t["round"]} {st.year}</b> · {state} · {t["order"]}: '
            f'{order} · {t["deck"]}: {len(st.ex_deck)} · {t["stock"]}: {stock}</div>')


def _die(x: float, y: float, seat: int, rank: str, health: int, size: int = 26) -> str:
    return (f'<g><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" '
            f'fill="{SEAT_FILL[seat % 5]}" stroke="#222"/><text x="{x + size / 2}" '
            f'y="{y + 11}" font-size="9" fill="#fff" text-anchor="middle">{rank}</text>'
            f'<text x="{x + size / 2}" y="{y + 22}" font-size="11" font-weight="bold" '
            f'fill="#fff" text-anchor="middle">{health}</text>'
            f'<title>{seat_name(seat)} {rank}: Health {health}</title></g>')


def _board(st: WitchState, t: dict, lang: str) -> str:
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
            lines.append(f'<div title="{where}">{escape(f"{card.id}: {ops_text(card.base, lang)}{es}")}'
                         '</div>')
        occ = st.occupant[pos]
        worker = ""
        if occ is not None:
            s, w = occ
            worker = (f'<div style="text-align:right">'
                      f'{_die_svg(s, rules.ranks[w], st.health[s][w])}</div>')
        boxes.append(f'<div class="dk-area" style="flex:0 1 {AREA_W}px;min-width:130px;'
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
    university = (f'<div class="dk-university" style="margin-top:6px"><b>{t["univ"]} ({slots} '
                  f'{t["slots"]})</b><div>{"".join(cells)}</div></div>')
    return ('<div class="dk-areas" style="background:#faf7f0;padding:8px;border-radius:6px">'
            '<div style="display:flex;flex-wrap:wrap;gap:8px">' + "".join(boxes) + "</div>"
            + university + "</div>")


def _die_svg(seat: int, rank: str, health: int) -> str:
    return f'<svg width="30" height="30">{_die(2, 2, seat, rank, health)}</svg>'


def _display(st: WitchState, t: dict, lang: str) -> str:
    rules = st.rules
    cells = []
    for pos, a in enumerate(st.display):
        card = rules.assignments[a]
        dots = "".join(f'<span style="color:{SEAT_FILL[s % 5]}">●</span>'
                       for s in st.tokens_on[pos])
        cells.append(f'<span style="display:inline-block;white-space:nowrap;'
                     f'border:1px solid #aaa;padding:2px 5px;margin:2px 4px 2px 0">'
                     f'<b>{card.id}</b> {card.cost_text()} → {card.vp} {t["vp"]} {dots}</span>')
    return f'<div style="margin:6px 0"><b>{t["display"]}</b>: {"".join(cells) or t["none"]}</div>'


def _seat_panel(st: WitchState, q: int, viewer: int | None, t: dict, lang: str) -> str:
    rules = st.rules
    names = RES_JA if lang == "ja" else RES_EN
    res = " ".join(f'<span title="{names[r]}" style="background:{RES_FILL[r]};padding:0 4px;'
                   f'border-radius:3px">{r}{st.res[q][i]}</span>'
                   for i, r in enumerate(RESOURCES))
    workers = "".join(
        f'{_die_svg(q, r, st.health[q][w])}'
        f'<span style="font-size:10px">{_where(st, q, w, t, lang)}</span> '
        for w, r in enumerate(rules.ranks))
    legacy_names = LEGACY_JA if lang == "ja" else LEGACY_EN
    legacy = ", ".join(f"{legacy_names[k]} {st.legacy[q][i]}" for i, k in enumerate(rules.legacy))
    familiars = ", ".join(f"{rules.ranks[w]}: {label(rules.events[f].id, lang)}"
                          for w, fs in enumerate(st.familiars[q]) for f in fs) or t["none"]
    facilities = ", ".join(f"{c.name(lang)}" for c in st.active_facilities(q)) or t["none"]
    if viewer == q:
        hand = ", ".join(escape(label(rules.events[e].id, lang))
                         for e in st.hands[q] + st.picks[q] + st.drafted[q]) or t["none"]
        if st.carried[q]:
            hand += f" · {t['kept']}: " + ", ".join(label(rules.events[e].id, lang)
                                                    for e in st.carried[q])
    else:
        count = len(st.hands[q]) + len(st.picks[q]) + len(st.drafted[q])
        hand = f"{count} {t['cards']}" + (f" + {len(st.carried[q])} {t['kept']}"
                                          if st.carried[q] else "")
    border = "3px solid #333" if st.seat == q else "1px solid #bbb"
    return (f'<div style="border:{border};border-radius:6px;padding:6px;min-width:230px">'
            f'<div style="color:{SEAT_FILL[q % 5]}"><b>{seat_name(q)}</b> · {st.vp[q]} '
            f'{t["vp"]} · {t["mode"][st.mode[q]]}</div><div>{res}</div><div>{workers}</div>'
            f'<div>{t["legacy"]}: {legacy} · {t["tokens"]}: {st.tokens[q]}</div>'
            f'<div>{t["familiars"]}: {escape(familiars)}</div>'
            f'<div>{t["facilities"]}: {escape(facilities)}</div>'
            f'<div>{t["hand"]}: {hand}</div></div>')


def _where(st: WitchState, q: int, w: int, t: dict, lang: str) -> str:
    where = st.loc[q][w]
    if where is None:
        return t["supply"]
    if where == UNIV:
        return t["univ"]
    return escape(st.rules.areas[st.areas[where]].name(lang))
