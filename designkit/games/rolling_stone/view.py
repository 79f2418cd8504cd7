"""HTML of a Life is Rolling Stone position: every album as inline SVG (no widget imports).

Cards are tinted by attribute with their ★ and a person mark; each die is drawn as a
die in its colour with its top face's pips (full orientation as a tooltip); a die
not rolled yet is drawn blank with a "?". ``seat=None`` is the designer's view
(every dream hand shown); a seat number shows only that seat's own hand (LR-A10).
Dream cards show their dream and skill texts from ``dreams.csv``.

Boards you click: an element that stands for one of the decisions open now
(``state.options``) carries ``data-action='<the action's JSON>'``: album cells for
placements and the character card, dice for die choices, dice drawn in each of their
possible orientations, dream cards to pass or discard, order slots, common-field and
discard-pile cards. The lab's board widget turns a click on it into that decision.
"""

from __future__ import annotations

from html import escape
from typing import Any

from designkit.core.board_html import data_action, token_row
from designkit.core.seats import seat_label
from designkit.games.rolling_stone.cards import COLOUR_EN, COLOUR_JA
from designkit.games.rolling_stone.state import FLOW, Phase, RollingStoneState

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
PHASE_JA = {"RUN": "進行", "DEAL": "配布", "PASS": "パス", "CHAR_CELL": "キャラ配置",
            "ROLL": "ダイス", "ORIENT": "向き", "ORIENT_RANDOM": "向き（ランダム）",
            "START": "スタートプレイヤー", "DISCARD": "スキル選択", "EVENT": "イベント",
            "DRAW": "ドロー", "ORDER": "オーダー", "MOVE_DIE": "ダイス移動",
            "MOVE_DIR": "移動方向", "USE": "スキル使用", "TARGET": "対象選択",
            "TAKE": "カード取得", "PLACE": "配置", "RECALL": "捨て札から配置",
            "OVER": "ゲーム終了"}
PHASE_EN = {"RUN": "running", "DEAL": "dealing", "PASS": "passing a dream",
            "CHAR_CELL": "placing the character card", "ROLL": "rolling", "ORIENT": "orienting",
            "ORIENT_RANDOM": "orienting at random", "START": "start player",
            "DISCARD": "choosing a skill", "EVENT": "event", "DRAW": "drawing",
            "ORDER": "order slot", "MOVE_DIE": "moving a die", "MOVE_DIR": "die direction",
            "USE": "using a skill", "TARGET": "choosing a die", "TAKE": "taking a card",
            "PLACE": "placing a card", "RECALL": "placing from the discard pile",
            "OVER": "game over"}
# pip positions on a 0–1 face, per value
PIPS = {1: [(.5, .5)], 2: [(.25, .25), (.75, .75)], 3: [(.25, .25), (.5, .5), (.75, .75)],
        4: [(.25, .25), (.75, .25), (.25, .75), (.75, .75)],
        5: [(.25, .25), (.75, .25), (.5, .5), (.25, .75), (.75, .75)],
        6: [(.25, .2), (.75, .2), (.25, .5), (.75, .5), (.25, .8), (.75, .8)]}

_BONUS = {"en": {"none": "–", "move_die": "move die", "start_marker": "marker",
                 "power": "+power"},
          "ja": {"none": "なし", "move_die": "ダイス移動", "start_marker": "スタP",
                 "power": "パワー"}}


def phase_name(phase: Phase, lang: str = "en") -> str:
    """A phase as words in the chosen language (never the enum's English code in 日本語)."""
    return (PHASE_JA if lang == "ja" else PHASE_EN).get(phase.name, phase.name)


def _options(st: RollingStoneState) -> dict[tuple[str, Any], Any]:
    """The decisions open now by (kind, arg) (empty at chance steps and the end).

    At a chance step ``st.options`` still holds the options of the decision before it (the
    flow replaces them at the next question), so the phase and seat decide, not the list.
    """
    if st.seat is None or st.phase not in FLOW.decisions:
        return {}
    return {(a.kind, a.arg): a for a in getattr(st, "options", ()) or ()}


def _act(opts: dict[tuple[str, Any], Any], kind: str, arg: Any) -> str:
    """`` data-action='…'`` for the decision (kind, arg) if it is open now, else ``""``."""
    return data_action(opts.get((kind, arg)))


#: decisions with no piece of their own on the board: tokens reading the action
_TOKENS = ("use", "move_dir")


def _tokens(st: RollingStoneState, opts: dict[tuple[str, Any], Any], viewer: int | None,
            lang: str) -> str:
    """Tokens for the open decisions of the seat to move that have no piece of their own,
    shown only to that seat and the designer (a skill to use is a card of its hand)."""
    if not opts or viewer not in (None, st.seat):
        return ""
    return token_row((a for a in opts.values() if a.kind in _TOKENS), lang)


def unrolled_dice(st: RollingStoneState) -> set[tuple[int, int]]:
    """(seat, die) pairs whose set-up roll (LR-2.5) has not happened yet."""
    out = {(t[1], t[2]) for t in getattr(st, "stack", ()) if t and t[0] == "die_roll"}
    ctx: tuple[Any, ...] = getattr(st, "ctx", ())
    if st.phase is Phase.ROLL and len(ctx) == 3 and ctx[2] == "setup":
        out.add((ctx[0], ctx[1]))
    return out


def render(st: RollingStoneState, seat: int | None = None, lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    opts = _options(st)
    parts = [_status(st, t, lang), _tokens(st, opts, seat, lang),
             _order_card(st, t, lang, opts), _events(st, t, lang),
             _field(st, t, lang, opts), _orientations(st, lang, opts)]
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:10px">'
                 + "".join(_seat_panel(st, q, seat, t, lang, opts) for q in range(st.n))
                 + "</div>")
    return ('<div class="dk-board dk-rolling-stone" style="font-family:sans-serif;'
            'font-size:13px">' + "".join(parts) + "</div>")


def _status(st: RollingStoneState, t: dict[str, str], lang: str) -> str:
    if st.phase is Phase.OVER:
        state = t["over"]
    else:
        who = f"{seat_label(st.seat)} {t['to_move']}" if st.seat is not None else "chance"
        who = who if st.seat is not None or lang != "ja" else "偶然"
        state = f"{phase_name(st.phase, lang)} · {who}"
    if st.phase is Phase.PLACE:
        state += f" · {escape(st.rules.album_card(st.rules.card_index[st.ctx[1]]).name(lang))}"
    decks = " / ".join(str(len(d)) for d in st.decks[1:])
    return (f'<div class="dk-status"><b>{t["stage"]} {st.stage}, {t["round"]} {st.round}</b>'
            f' · {state} · {t["deck"]}: {decks}</div>')


def _order_card(st: RollingStoneState, t: dict[str, str], lang: str,
                opts: dict[tuple[str, Any], Any]) -> str:
    cells = []
    for i, who in enumerate(st.board):
        bonus = _BONUS.get(lang, _BONUS["en"])[st.rules.bonus[i]]
        pawn = seat_label(who) if who is not None else "&nbsp;"
        cells.append(f'<td{_act(opts, "slot", i + 1)} style="border:1px solid #888;'
                     'padding:2px 6px;text-align:center">'
                     f'<b>{i + 1}</b><br><span style="font-size:11px">{escape(bonus)}</span>'
                     f'<br><b>{pawn}</b></td>')
    marker = seat_label(st.marker) if st.marker is not None else t["none"]
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


def _card_chip(st: RollingStoneState, c: int, lang: str, action: str = "") -> str:
    card = st.rules.album_card(c)
    a = card.attrs[0]
    marks = ("★" * card.stars) + (" ☺" if card.person else "")
    return (f'<span{action} title="{escape(card.name(lang))}" style="display:inline-block;'
            f'background:{CARD_FILL[a]};border:1px solid {CARD_EDGE[a]};border-radius:3px;'
            f'padding:1px 4px;margin:1px">{escape(card.name(lang))} {marks}</span>')


def _field(st: RollingStoneState, t: dict[str, str], lang: str,
           opts: dict[tuple[str, Any], Any]) -> str:
    chips = "".join(_card_chip(st, c, lang, _act(opts, "take", st.rules.album_card(c).id))
                    for c in st.field)
    return f'<div style="margin:4px 0"><b>{t["field"]}:</b> {chips or t["none"]}</div>'


def _dream_chip(st: RollingStoneState, d: int, lang: str, opts: dict[tuple[str, Any], Any]
                ) -> str:
    """A dream card with what it asks (dream) and what it gives as a skill."""
    dream = st.rules.dreams[d]
    action = _act(opts, "pass", dream.id) or _act(opts, "discard", dream.id)
    ja = lang == "ja"
    goal = dream.dream_text_ja if ja and dream.dream_text_ja else dream.dream_text
    skill = dream.skill_text_ja if ja and dream.skill_text_ja else dream.skill_text
    lines = "".join(f'<div style="font-size:11px;color:#444">{label}: {escape(text)}</div>'
                    for label, text in ((("夢" if ja else "dream"), goal),
                                        (("スキル" if ja else "skill"), skill)) if text)
    return (f'<div class="dk-dream"{action} style="display:inline-block;vertical-align:top;'
            'max-width:230px;border:1px solid #8e24aa;border-radius:4px;padding:2px 5px;'
            f'margin:2px;background:#f8eefb"><b>{escape(dream.name(lang))}</b>{lines}</div>')


def _seat_panel(st: RollingStoneState, q: int, viewer: int | None, t: dict[str, str],
                lang: str, opts: dict[tuple[str, Any], Any]) -> str:
    rules = st.rules
    dreams = rules.dreams
    mine = opts if st.seat == q else {}
    if viewer is None or viewer == q or st.phase is Phase.OVER:
        hand = "".join(_dream_chip(st, d, lang, mine) for d in (*st.hands[q], *st.pending[q]))
    else:
        n = len(st.hands[q]) + len(st.pending[q])
        hand = f"{n} ({t['hidden']})"
    skills = ", ".join(f"{escape(dreams[d].name(lang))} [{s}]" for s, d in st.skills[q])
    discard = "".join(_card_chip(st, c, lang, _act(mine, "recall", rules.album_card(c).id))
                      for c in st.discard[q])
    active = q == st.current or (q == st.seat and st.phase is not Phase.OVER)
    border = "2px solid #f9a825" if active else "1px solid #ccc"
    marker = " ◆" if st.marker == q else ""
    return (f'<div class="dk-seat" style="border:{border};border-radius:6px;padding:6px;'
            f'max-width:100%">'
            f'<div><b>{seat_label(q)}{marker}</b> · {t["vp"]} <b>{st.vp[q]}</b> · '
            f'{t["power"]} <b>{st.power[q]}</b> · {t["stars"]} {st.stars[q]}</div>'
            + album_svg(st, q, lang, mine)
            + f'<div>{t["hand"]}: {hand or t["none"]}</div>'
            f'<div>{t["skills"]}: {skills or t["none"]}</div>'
            f'<div>{t["discard"]}: {discard or t["none"]}</div></div>')


def die_svg(value: int | None, colour: str, x: float, y: float, size: float = 19,
            title: str = "", action: str = "") -> str:
    """A die seen from above: its top face's pips (``None``: not rolled yet, a "?")."""
    fill = DIE_FILL[colour] if value is not None else "#eeeeee"
    pip = DIE_TEXT[colour] if value is not None else "#9e9e9e"
    dash = "" if value is not None else ' stroke-dasharray="2,2"'
    out = [f'<g class="dk-die"{action}><title>{escape(title)}</title>'
           f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="3" fill="{fill}" '
           f'stroke="{DIE_FILL[colour]}" stroke-width="1.2"{dash}/>']
    if value is None:
        out.append(f'<text x="{x + size / 2}" y="{y + size * 0.72}" font-size="{size * 0.6:.0f}"'
                   f' text-anchor="middle" fill="{DIE_FILL[colour]}">?</text>')
    else:
        r = size * 0.09
        out += [f'<circle cx="{x + px * size:.1f}" cy="{y + py * size:.1f}" r="{r:.1f}" '
                f'fill="{pip}"/>' for px, py in PIPS.get(value, [])]
    out.append("</g>")
    return "".join(out)


def cube_svg(top: int, north: int, east: int, colour: str, action: str = "",
             title: str = "") -> str:
    """A die in three-quarter view: top face with pips, north (back) and east faces numbered."""
    s, d = 30, 10  # face size, depth of the side faces
    w, h = s + d + 4, s + d + 4
    x0, y0 = 2, 2 + d
    fill, ink = DIE_FILL[colour], DIE_TEXT[colour]
    north_face = (f"{x0},{y0} {x0 + d},{y0 - d} {x0 + s + d},{y0 - d} {x0 + s},{y0}")
    east_face = (f"{x0 + s},{y0} {x0 + s + d},{y0 - d} {x0 + s + d},{y0 + s - d} "
                 f"{x0 + s},{y0 + s}")
    return (f'<svg class="dk-orientation"{action} title="{escape(title)}" '
            'xmlns="http://www.w3.org/2000/svg" '
            f'width="{w}" height="{h}" viewBox="0 0 {w} {h}" style="margin:2px;'
            f'vertical-align:middle"><title>{escape(title)}</title>'
            f'<polygon points="{north_face}" fill="{fill}" fill-opacity="0.75" stroke="#222" '
            f'stroke-width="0.6"/><text x="{x0 + d + s / 2}" y="{y0 - 2}" font-size="8" '
            f'text-anchor="middle" fill="{ink}">{north}</text>'
            f'<polygon points="{east_face}" fill="{fill}" fill-opacity="0.6" stroke="#222" '
            f'stroke-width="0.6"/><text x="{x0 + s + d / 2}" y="{y0 + s / 2}" font-size="8" '
            f'text-anchor="middle" fill="{ink}">{east}</text>'
            + die_svg(top, colour, x0, y0, s).replace('class="dk-die"', 'class="dk-die-top"')
            + "</svg>")


def faces_text(orientation: tuple[int, int, int], lang: str = "en") -> str:
    """An orientation (top, north, east; LR-8.1) in words, so a choice reads without the
    picture: "3 on top, 1 toward the album's top edge, 5 toward its right edge"."""
    top, north, east = orientation
    if lang == "ja":
        return f"上の面が{top}、奥（アルバムの上辺側）が{north}、右が{east}"
    return f"{top} on top, {north} facing the album's top edge, {east} facing its right edge"


def _orientations(st: RollingStoneState, lang: str, opts: dict[tuple[str, Any], Any]) -> str:
    """The orientations a die may take now, each drawn as a die to click."""
    choices = [a for a in opts.values() if a.kind == "orient"]
    if not choices:
        return ""
    colour = choices[0].arg[0]
    name = COLOUR_JA[colour] if lang == "ja" else COLOUR_EN[colour]
    head = (f"{name}のサイコロの向き（上・奥・右）:" if lang == "ja" else
            f"Orientation of the {name} die (top, north, east):")
    dice = "".join(cube_svg(a.arg[1], a.arg[2], a.arg[3], colour,
                            _act(opts, "orient", a.arg), faces_text(a.arg[1:], lang))
                   for a in choices)
    return f'<div class="dk-orient-choice" style="margin:4px 0"><b>{head}</b> {dice}</div>'


def album_svg(st: RollingStoneState, q: int, lang: str = "en",
              opts: dict[tuple[str, Any], Any] | None = None) -> str:
    """One album as SVG: the frame, the cards, the dice, and the cells open for a card."""
    opts = opts or {}
    rules = st.rules
    R, C = rules.rows, rules.cols
    fixed = st.frame[q]
    if fixed is not None:
        r0, c0 = fixed[0], fixed[2]
    else:
        b = st.box[q]
        r0, c0 = b[0], b[2]
    places = [a for a in opts.values() if a.kind == "place"]
    char_cells = [a for a in opts.values() if a.kind == "char_cell"]
    rows = [r0, r0 + R - 1] + [a.arg[1] for a in places]
    cols = [c0, c0 + C - 1] + [a.arg[2] for a in places]
    top, left = min(rows), min(cols)
    nr, nc = max(rows) - top + 1, max(cols) - left + 1
    w, h = nc * CELL + 2, nr * CELL + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" style="background:#fafafa;margin:4px 0;max-width:100%">']
    dashed = "4,3" if fixed is None else "none"
    out.append(f'<rect x="{1 + (c0 - left) * CELL}" y="{1 + (r0 - top) * CELL}" '
               f'width="{C * CELL}" height="{R * CELL}" fill="none" '
               f'stroke="#bbb" stroke-dasharray="{dashed}"/>')
    for i, v in enumerate(st.album[q]):
        if v is None:
            continue
        r, c = rules.rc[i]
        x, y = 1 + (c - left) * CELL, 1 + (r - top) * CELL
        out.append(_card_svg(st, v, x, y, lang))
    for a in places:  # cells where the card in hand may go
        x, y = 1 + (a.arg[2] - left) * CELL, 1 + (a.arg[1] - top) * CELL
        out.append(_open_cell(x, y, _act(opts, "place", a.arg), a.describe(lang)))
    for a in char_cells:  # the character card's cell in a fixed frame (LR-2.4)
        x, y = 1 + a.arg[1] * CELL, 1 + a.arg[0] * CELL
        out.append(_open_cell(x, y, _act(opts, "char_cell", a.arg), a.describe(lang)))
    unrolled = unrolled_dice(st)
    for k, colour in enumerate(rules.colours):
        r, c = rules.rc[st.dcell[q][k]]
        x = 1 + (c - left) * CELL + 3 + (k % 2) * 22
        y = 1 + (r - top) * CELL + 3 + (k // 2) * 22
        o = rules.dice.orients[st.dice[q][k]]
        name = COLOUR_JA[colour] if lang == "ja" else COLOUR_EN[colour]
        if (q, k) in unrolled:
            value, title = None, f"{name}: " + ("未ロール" if lang == "ja" else "not rolled yet")
        else:
            value, title = o[0], f"{name} {o[0]} (top, north, east) = {o}"
        action = _act(opts, "die", colour) or _act(opts, "move_die", colour)
        out.append(die_svg(value, colour, x, y, title=title, action=action))
    out.append("</svg>")
    return "".join(out)


def _open_cell(x: float, y: float, action: str, title: str) -> str:
    return (f'<g class="dk-cell"{action}><title>{escape(title)}</title><rect x="{x + 2}" '
            f'y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" fill="#e3f2fd" '
            f'fill-opacity="0.55" stroke="#90caf9" stroke-dasharray="3,2"/></g>')


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
