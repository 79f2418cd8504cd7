"""HTML of a Classic Hero position: the track as inline SVG, Demon Lords, each hero's dice.

The track shows Start, the event slots (tinted by suit, with condition,
Fortune and the pawn standing there) and the Goal with its arrival order;
Demon Lords show each HP with its condition and a mark once achieved; every
hero shows white/red dice (used ones faded), blessings, artifacts, cards
and VP. Nothing in Classic Hero is hidden (spec §7), so every viewer sees
the same board; ``seat`` only highlights that hero.
"""

from __future__ import annotations

from html import escape

from designkit.games.classic_hero.actions import seat_name
from designkit.games.classic_hero.cards import ARTIFACT_NAMES, SUIT_COLOUR, SUIT_JA
from designkit.games.classic_hero.state import ClassicHeroState, Phase

W, H = 46, 92
PAWN = ("#6a1b9a", "#00838f", "#ef6c00", "#2e7d32")
_T = {
    "en": {"stage": "Stage", "to_move": "to move", "over": "game over", "start": "Start",
           "goal": "Goal", "lords": "Demon Lords", "vp": "VP", "bless": "blessings",
           "skills": "abilities", "cards": "cards", "art": "artifacts", "speed": "speed",
           "display": "Skill display", "none": "–", "decks": "decks (events / lords / skills)"},
    "ja": {"stage": "ステージ", "to_move": "の手番", "over": "ゲーム終了", "start": "スタート",
           "goal": "ゴール", "lords": "魔王", "vp": "VP", "bless": "加護", "skills": "能力",
           "cards": "カード", "art": "アーティファクト", "speed": "速度",
           "display": "スキル置き場", "none": "なし", "decks": "山札（イベント／魔王／スキル）"},
}


def render(st: ClassicHeroState, seat: int | None = None, lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    parts = [_status(st, t), _track(st, t, lang), _lords(st, t, lang)]
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:8px">'
                 + "".join(_hero(st, q, seat, t, lang) for q in range(st.n)) + "</div>")
    return ('<div class="dk-board dk-classic-hero" style="font-family:sans-serif;'
            'font-size:12px">' + "".join(parts) + "</div>")


def _status(st: ClassicHeroState, t: dict[str, str]) -> str:
    if st.phase is Phase.OVER:
        state = t["over"]
    else:
        who = f"{seat_name(st.seat)} {t['to_move']}" if st.seat is not None else "chance"
        state = f"{st.phase.name} · {who}"
    decks = f"{len(st.event_deck)} / {len(st.lord_deck)} / {len(st.skill_deck)}"
    return (f'<div class="dk-status"><b>{t["stage"]} {st.stage}</b> · {state} · '
            f'{t["decks"]}: {decks}</div>')


def _pawn(x: float, y: float, seat: int) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="9" fill="{PAWN[seat % 4]}"/>'
            f'<text x="{x}" y="{y + 4}" font-size="11" fill="#fff" text-anchor="middle">'
            f'{seat_name(seat)}</text>')


def _track(st: ClassicHeroState, t: dict[str, str], lang: str) -> str:
    r = st.rules
    n = r.slots
    width = (n + 2) * (W + 4) + 40
    out = [f'<svg class="dk-track" width="{width}" height="{H + 10}" '
           'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">']
    # Start card: pawns still there, left to right (CH-4.3, CH-4.4)
    starters = [s for s in st.start_order if st.pos[s] == 0]
    out.append(f'<rect x="2" y="2" width="{W + 10}" height="{H}" rx="5" fill="#eee" '
               f'stroke="#555"/><text x="{W / 2 + 7}" y="14" font-size="10" '
               f'text-anchor="middle">{t["start"]}</text>')
    for k, s in enumerate(starters):
        out.append(_pawn(14 + (k % 2) * 22, 32 + (k // 2) * 24, s))
    for q in range(1, n + 1):
        x = 16 + W + (q - 1) * (W + 4) + 4
        e = st.track[q]
        if e is None:
            out.append(f'<rect x="{x}" y="2" width="{W}" height="{H}" rx="4" fill="#fff" '
                       f'stroke="#ccc" stroke-dasharray="3,3"/>')
        else:
            card = r.events[e]
            suit = SUIT_JA[card.suit] if lang == "ja" else card.suit
            tip = escape(f"{card.id} {suit}: Fortune {card.fortune_text}, "
                         f"condition {card.condition.text}")
            out.append(f'<g><title>{tip}</title><rect x="{x}" y="2" width="{W}" height="{H}" '
                       f'rx="4" fill="{SUIT_COLOUR[card.suit]}" fill-opacity="0.35" '
                       f'stroke="{SUIT_COLOUR[card.suit]}" stroke-width="2"/>'
                       f'<text x="{x + W / 2}" y="13" font-size="9" text-anchor="middle">'
                       f'{escape(card.id)}</text><text x="{x + W / 2}" y="25" font-size="9" '
                       f'text-anchor="middle">{escape(suit)}</text>'
                       f'<text x="{x + W / 2}" y="41" font-size="10" font-weight="bold" '
                       f'text-anchor="middle">{escape(card.condition.text)}</text>'
                       f'<text x="{x + W / 2}" y="54" font-size="9" text-anchor="middle" '
                       f'fill="#555">{escape(card.fortune_text)}</text></g>')
        out.append(f'<text x="{x + W / 2}" y="{H - 2}" font-size="8" text-anchor="middle" '
                   f'fill="#888">{q}</text>')
        who = st.occupant(q)
        if who is not None:
            out.append(_pawn(x + W / 2, 72, who))
    gx = 16 + W + n * (W + 4) + 8
    out.append(f'<rect x="{gx}" y="2" width="{W + 10}" height="{H}" rx="5" fill="#eee" '
               f'stroke="#555"/><text x="{gx + W / 2 + 5}" y="14" font-size="10" '
               f'text-anchor="middle">{t["goal"]}</text>')
    for k, s in enumerate(st.goal_order):
        out.append(_pawn(gx + 12 + (k % 2) * 22, 32 + (k // 2) * 24, s))
    out.append("</svg>")
    return f'<div style="overflow-x:auto">{"".join(out)}</div>'


def _lords(st: ClassicHeroState, t: dict[str, str], lang: str) -> str:
    r = st.rules
    boxes = []
    for b, marks in st.lords_up:
        lord = r.lords[b]
        hps = "".join(
            f'<span style="display:inline-block;margin:1px 3px;padding:1px 4px;border:1px solid '
            f'#999;border-radius:3px;{"background:#ccc;text-decoration:line-through" if m else ""}'
            f'">HP{i + 1} {escape(c.text)} : {base}{" ✔" if m else ""}</span>'
            for i, ((c, base), m) in enumerate(zip(lord.hps, marks, strict=True)))
        boxes.append(f'<div style="border:1px solid #7b1fa2;border-radius:4px;padding:3px">'
                     f'<b>{escape(lord.label(lang))}</b> {hps}</div>')
    display = ", ".join(escape(r.abilities[a].label(lang)) for a in st.display) or t["none"]
    return (f'<div style="margin:4px 0"><b>{t["lords"]}</b>: '
            f'<div style="display:flex;gap:6px;flex-wrap:wrap">{"".join(boxes) or t["none"]}'
            f'</div><div>{t["display"]}: {display}</div></div>')


def _die(v: int, red: bool, used: bool, fixed: bool = False) -> str:
    fill, text = ("#c62828", "#fff") if red else ("#fff", "#222")
    style = "opacity:0.35;" if used else ""
    style += "outline:2px dashed #1565c0;" if fixed else ""
    title = ("red" if red else "white") + (" (used)" if used else "") + (
        " (fixed, CH-V3)" if fixed else "")
    return (f'<span class="dk-die" title="{title}"'
            f' style="{style}display:inline-block;width:18px;height:18px;line-height:18px;'
            f'text-align:center;margin:1px;border:1px solid #444;border-radius:3px;'
            f'background:{fill};color:{text};font-weight:bold">{v or "?"}</span>')


def _hero(st: ClassicHeroState, q: int, seat: int | None, t: dict[str, str], lang: str) -> str:
    r = st.rules
    race = r.races[st.race[q]] if st.race[q] is not None else None
    head = f"{seat_name(q)}" + (f" · {escape(race.label(lang))} ({t['speed']} {race.speed})"
                                if race else "")
    dice = "".join(_die(*d, fixed=i in st.fixed[q]) for i, d in enumerate(st.dice[q]))
    abil = ", ".join(escape(r.abilities[a].label(lang))
                     + (" ✓" if a in st.spent[q] else "") for a in st.abilities[q]) or t["none"]
    cards = ", ".join(escape(r.events[e].id) for e in st.taken[q]) or t["none"]
    arts = ", ".join(escape(ARTIFACT_NAMES.get(a, (a, a))[1 if lang == "ja" else 0])
                     for a in st.artifacts[q]) or t["none"]
    edge = "3px solid #333" if seat == q else "1px solid #999"
    return (f'<div class="dk-seat" style="border:{edge};border-radius:6px;padding:4px;'
            f'min-width:210px"><div style="color:{PAWN[q % 4]}"><b>{head}</b> · '
            f'{st.vp[q]} {t["vp"]}</div><div>{dice}</div>'
            f'<div>{t["bless"]}: {st.bless[q]} · {t["art"]}: {arts}</div>'
            f'<div>{t["skills"]}: {abil}</div><div>{t["cards"]}: {cards}</div>'
            f'{_weaknesses(st, q, seat, lang)}</div>')


def _weaknesses(st: ClassicHeroState, q: int, seat: int | None, lang: str) -> str:
    """CH-V2: a seat's own weakness cards, or only how many the others hold."""
    if not st.params.weakness_on:
        return ""
    head = "弱点" if lang == "ja" else "Weaknesses"
    cards = st.rules.weaknesses
    if seat is None or seat == q:     # the designer, or the holder
        shown = ", ".join(f"{escape(cards[w].label(lang))} ({escape(cards[w].hps[0][0].text)})"
                          for w in st.weak[q]) or "–"
    else:
        shown = (f"{len(st.weak[q])}枚" if lang == "ja" else f"{len(st.weak[q])} card(s)")
    return f"<div>{head}: {shown}</div>"
