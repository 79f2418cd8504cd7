"""HTML of a Life is Rolling Stone position: every album as inline SVG (no widget imports).

Cards are tinted by attribute with their ★ and a person mark; each die is a
small square in its colour showing its top value, with its full orientation
as a tooltip. ``seat=None`` is the designer's view (every dream hand shown);
a seat number shows only that seat's own hand (LR-A10).
"""

from __future__ import annotations

from html import escape

from designkit.games.rolling_stone.actions import seat_name
from designkit.games.rolling_stone.cards import COLOUR_EN, COLOUR_JA
from designkit.games.rolling_stone.state import Phase, RollingStoneState

CELL = 48
CARD_FILL = {"R": "#fbd0d0", "B": "#d0defb", "Y": "#fbf1bd", "G": "#d2f0cb"}
CARD_EDGE = {"R": "#c62828", "B": "#1565c0", "Y": "#b58a00", "G": "#2e7d32"}
DIE_FILL = {"R": "#d32f2f", "B": "#1976d2", "Y": "#fbc02d", "G": "#388e3c"}
DIE_TEXT = {"R": "#fff", "B": "#fff", "Y": "#222", "G": "#fff"}

_T = {
    "en": {"stage": "Stage", "round": "round", "to_move": "to move", "order": "Order card",
           "events": "Events", "field": "Common field", "deck": "deck", "vp": "VP",
           "power": "power", "stars": "★", "hand": "Dream hand", "skills": "Skills",
           "discard": "Discard pile", "marker": "start player", "hidden": "hidden",
           "none": "–", "done": "resolved", "over": "game over"},
    "ja": {"stage": "ステージ", "round": "ラウンド", "to_move": "の手番", "order": "オーダーカード",
           "events": "イベント", "field": "共通場", "deck": "山札", "vp": "VP",
           "power": "パワー", "stars": "★", "hand": "手札", "skills": "スキル",
           "discard": "捨て札", "marker": "スタートプレイヤー", "hidden": "非公開", "none": "なし",
           "done": "解決済み", "over": "ゲーム終了"},
}
_BONUS = {"en": {"none": "–", "move_die": "move die", "start_marker": "marker",
                 "power": "+power"},
          "ja": {"none": "なし", "move_die": "ダイス移動", "start_marker": "スタP",
                 "power": "パワー"}}


def render(st: RollingStoneState, seat: int | None = None, lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    parts = [_status(st, t, lang), _order_card(st, t, lang), _events(st, t, lang), _field(st, t, lang)]
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:10px">'
                 + "".join(_seat_panel(st, q, seat, t, lang) for q in range(st.n)) + "</div>")
    return ('<div class="dk-board dk-rolling-stone" style="font-family:sans-serif;'
            'font-size:13px">' + "".join(parts) + "</div>")


def _status(st: RollingStoneState, t: dict[str, str], lang: str) -> str:
    if st.phase is Phase.OVER:
        state = t["over"]
    else:
        who = f"{seat_name(st.seat)} {t['to_move']}" if st.seat is not None else "chance"
        state = f"{st.phase.name} · {who}"
    if st.phase is Phase.PLACE:
        state += f" · {escape(st.rules.cards[st.rules.card_index[st.ctx[1]]].name(lang))}"
    decks = " / ".join(str(len(d)) for d in st.decks[1:])
    return (f'<div class="dk-status"><b>{t["stage"]} {st.stage}, {t["round"]} {st.round}</b>'
            f' · {state} · {t["deck"]}: {decks}</div>')


def _order_card(st: RollingStoneState, t: dict[str, str], lang: str) -> str:
    cells = []
    for i, who in enumerate(st.board):
        bonus = _BONUS.get(lang, _BONUS["en"])[st.rules.bonus[i]]
        pawn = seat_name(who) if who is not None else "&nbsp;"
        cells.append(f'<td style="border:1px solid #888;padding:2px 6px;text-align:center">'
                     f'<b>{i + 1}</b><br><span style="font-size:11px">{escape(bonus)}</span>'
                     f'<br><b>{pawn}</b></td>')
    marker = seat_name(st.marker) if st.marker is not None else t["none"]
    return (f'<div style="margin:4px 0"><b>{t["order"]}:</b> <table style="display:inline-table;'
            f'border-collapse:collapse;vertical-align:middle"><tr>{"".join(cells)}</tr></table>'
            f' &nbsp; {t["marker"]}: <b>{marker}</b></div>')


def _events(st: RollingStoneState, t: dict[str, str], lang: str) -> str:
    events = st.rules.events
    stage_ids = set(st.rules.stage_events[st.stage]) if st.stage else set()
    done = [e for e in st.events_done if e in stage_ids]
    items = [f'<span style="color:#999;text-decoration:line-through" title="{t["done"]}">'
             f'{escape(events[e].name(lang))}</span>' for e in done]
    items += [f'<span title="{escape(events[e].text_ja if lang == "ja" else events[e].text_en)}"'
              f' style="border:1px solid #888;border-radius:3px;padding:1px 4px">'
              f'{escape(events[e].name(lang))}</span>' for e in st.events_row]
    return f'<div style="margin:4px 0"><b>{t["events"]}:</b> {" ".join(items) or t["none"]}</div>'


def _card_chip(st: RollingStoneState, c: int, lang: str) -> str:
    card = st.rules.cards[c]
    a = card.attrs[0]
    marks = ("★" * card.stars) + (" ☺" if card.person else "")
    return (f'<span title="{escape(card.name(lang))}" style="display:inline-block;'
            f'background:{CARD_FILL[a]};border:1px solid {CARD_EDGE[a]};border-radius:3px;'
            f'padding:1px 4px;margin:1px">{escape(card.id)}{marks}</span>')


def _field(st: RollingStoneState, t: dict[str, str], lang: str) -> str:
    chips = "".join(_card_chip(st, c, lang) for c in st.field)
    return f'<div style="margin:4px 0"><b>{t["field"]}:</b> {chips or t["none"]}</div>'


def _seat_panel(st: RollingStoneState, q: int, viewer: int | None, t: dict[str, str],
                lang: str) -> str:
    rules = st.rules
    dreams = rules.dreams
    if viewer is None or viewer == q or st.phase is Phase.OVER:
        hand = ", ".join(escape(dreams[d].name(lang)) for d in st.hands[q] + st.pending[q])
    else:
        n = len(st.hands[q]) + len(st.pending[q])
        hand = f"{n} ({t['hidden']})"
    skills = ", ".join(f"{escape(dreams[d].name(lang))} [{s}]" for s, d in st.skills[q])
    discard = "".join(_card_chip(st, c, lang) for c in st.discard[q])
    active = q == st.current or (q == st.seat and st.phase is not Phase.OVER)
    border = "2px solid #f9a825" if active else "1px solid #ccc"
    marker = " ◆" if st.marker == q else ""
    return (f'<div class="dk-seat" style="border:{border};border-radius:6px;padding:6px">'
            f'<div><b>{seat_name(q)}{marker}</b> · {t["vp"]} <b>{st.vp[q]}</b> · '
            f'{t["power"]} <b>{st.power[q]}</b> · {t["stars"]} {st.stars[q]}</div>'
            + album_svg(st, q, lang)
            + f'<div>{t["hand"]}: {hand or t["none"]}</div>'
            f'<div>{t["skills"]}: {skills or t["none"]}</div>'
            f'<div>{t["discard"]}: {discard or t["none"]}</div></div>')


def album_svg(st: RollingStoneState, q: int, lang: str = "en") -> str:
    """One album as SVG: the frame, the cards and the dice with their top values."""
    rules = st.rules
    R, C = rules.rows, rules.cols
    fixed = st.frame[q]
    if fixed is not None:
        r0, c0 = fixed[0], fixed[2]
    else:
        b = st.box[q]
        r0, c0 = b[0], b[2]
    w, h = C * CELL + 2, R * CELL + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" style="background:#fafafa;margin:4px 0">']
    dashed = "4,3" if fixed is None else "none"
    out.append(f'<rect x="1" y="1" width="{C * CELL}" height="{R * CELL}" fill="none" '
               f'stroke="#bbb" stroke-dasharray="{dashed}"/>')
    for i, v in enumerate(st.album[q]):
        if v is None:
            continue
        r, c = rules.rc[i]
        x, y = 1 + (c - c0) * CELL, 1 + (r - r0) * CELL
        out.append(_card_svg(st, v, x, y, lang))
    for k, colour in enumerate(rules.colours):
        r, c = rules.rc[st.dcell[q][k]]
        x = 1 + (c - c0) * CELL + 3 + (k % 2) * 22
        y = 1 + (r - r0) * CELL + 3 + (k // 2) * 22
        o = rules.dice.orients[st.dice[q][k]]
        name = COLOUR_JA[colour] if lang == "ja" else COLOUR_EN[colour]
        out.append(f'<g><title>{name} {o[0]} (top, north, east) = {o}</title>'
                   f'<rect x="{x}" y="{y}" width="19" height="19" rx="3" fill="{DIE_FILL[colour]}"'
                   f' stroke="#222" stroke-width="0.8"/><text x="{x + 9.5}" y="{y + 14}" '
                   f'font-size="13" font-weight="bold" text-anchor="middle" '
                   f'fill="{DIE_TEXT[colour]}">{o[0]}</text></g>')
    out.append("</svg>")
    return "".join(out)


def _card_svg(st: RollingStoneState, v: int, x: int, y: int, lang: str) -> str:
    card = st.rules.cards[v]
    if card is None:
        label = "キャラ" if lang == "ja" else "char"
        return (f'<g><title>character card</title><rect x="{x + 1}" y="{y + 1}" '
                f'width="{CELL - 2}" height="{CELL - 2}" rx="4" fill="#e0e0e0" stroke="#616161"/>'
                f'<text x="{x + CELL / 2}" y="{y + CELL - 5}" font-size="9" text-anchor="middle"'
                f' fill="#424242">{label}</text></g>')
    a = card.attrs[0]
    stars = "★" * card.stars
    person = "☺" if card.person else ""
    return (f'<g><title>{escape(card.name(lang))}</title><rect x="{x + 1}" y="{y + 1}" '
            f'width="{CELL - 2}" height="{CELL - 2}" rx="4" fill="{CARD_FILL[a]}" '
            f'stroke="{CARD_EDGE[a]}" stroke-width="1.5"/>'
            f'<text x="{x + 3}" y="{y + CELL - 4}" font-size="8" fill="#333">{card.id}</text>'
            f'<text x="{x + CELL - 3}" y="{y + CELL - 4}" font-size="9" text-anchor="end" '
            f'fill="#b71c1c">{stars}{person}</text></g>')
