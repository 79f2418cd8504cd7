"""HTML of a Crossroads position for the stepper and dashboards (no widget imports).

``seat=None`` is the designer's omniscient view; a seat number shows only what
that seat may see (CR-A14): its own hand, others' hand sizes and face-up cards.
"""

from __future__ import annotations

import csv
from functools import cache
from html import escape

from designkit.core.paths import data_dir
from designkit.games.crossroads.actions import seat_name
from designkit.games.crossroads.observe import trigger_visible
from designkit.games.crossroads.scoring import final_scores
from designkit.games.crossroads.state import CrossroadsState, Phase

_COLOURS = ["#999", "#999", "#c2185b", "#6d4c41", "#37474f", "#1565c0", "#6a1b9a",
            "#00838f", "#c62828"]

_LABELS = {
    "en": {"deck": "Deck", "discard": "Discard pile", "crossroads": "Crossroads",
           "hand": "Hand", "pile": "Work pile", "skills": "Skills", "vp": "VP now",
           "turn": "Turn", "drawn": "Card in play", "hidden": "hidden", "empty": "empty"},
    "ja": {"deck": "山札", "discard": "捨て札", "crossroads": "クロスロード", "hand": "手札",
           "pile": "作品置き場", "skills": "スキル", "vp": "現在VP", "turn": "手番",
           "drawn": "場のカード", "hidden": "非公開", "empty": "なし"},
}


@cache
def genre_names() -> dict[int, tuple[str, str]]:
    path = data_dir("crossroads") / "genres.csv"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return {int(r["number"]): (r["genre_en"], r["genre_ja"]) for r in csv.DictReader(fh)}


def card(x: int | None, lang: str = "en", small: bool = False, mark: str = "") -> str:
    """One genre card: its number large, its genre as a tooltip."""
    size = "width:26px;height:36px;font-size:15px" if small else \
        "width:34px;height:48px;font-size:20px"
    if x is None:
        return (f'<span class="dk-card dk-back" style="display:inline-block;{size};'
                'border-radius:4px;background:repeating-linear-gradient(45deg,#555,#555 4px,'
                '#777 4px,#777 8px);margin:1px"></span>')
    en, ja = genre_names().get(x, ("", ""))
    title = escape(ja if lang == "ja" else en)
    colour = _COLOURS[x] if x < len(_COLOURS) else "#444"
    return (f'<span class="dk-card" title="{title}" style="display:inline-flex;'
            f'align-items:center;justify-content:center;{size};border-radius:4px;'
            f'background:{colour};color:#fff;font-weight:bold;margin:1px;'
            f'{"outline:2px solid gold;" if mark else ""}">{x}</span>')


def render(st: CrossroadsState, seat: int | None = None, lang: str = "en") -> str:
    t = _LABELS.get(lang, _LABELS["en"])
    vp = [b["total"] for b in final_scores(st, apply_s1=True)]
    rows = []
    for q in range(st.n):
        rows.append(_seat_row(st, q, seat, vp[q], t, lang))
    skills = st.rules.skills
    cross = " ".join(
        f'<span title="{escape(s.text_ja)}" style="border:1px solid #888;border-radius:3px;'
        f'padding:1px 4px;margin:1px;display:inline-block">{escape(s.name(lang))} '
        f'(−{st.rules.costs[i]})</span>'
        for i, s in enumerate(skills) if st.crossroads >> i & 1) or t["empty"]
    discard = "".join(card(x, lang, small=True) for x, k in enumerate(st.discard)
                      for _ in range(k)) or t["empty"]
    trig = ""
    if st.trigger is not None:
        shown = st.trigger if seat is None or trigger_visible(st, seat) else None
        trig = f'<div><b>{t["drawn"]}:</b> {card(shown, lang, mark="x")}</div>'
    status = (f'<div class="dk-status"><b>{t["turn"]} {st.turn}</b> · {st.phase.name} · '
              f'{t["deck"]}: {st.deck_total()}</div>')
    return ('<div class="dk-board dk-crossroads" style="font-family:sans-serif;'
            'font-size:13px">' + status + trig
            + '<table style="border-collapse:collapse;margin:4px 0">' + "".join(rows)
            + "</table>"
            + f'<div><b>{t["crossroads"]}:</b> {cross}</div>'
            + f'<div><b>{t["discard"]}:</b> {discard}</div></div>')


def _seat_row(st: CrossroadsState, q: int, viewer: int | None, vp: float,
              t: dict[str, str], lang: str) -> str:
    if viewer is None or viewer == q:
        hand = "".join(card(x, lang, small=True) for x in st.hand_cards(q))
    else:
        known = [x for x, k in enumerate(st.known[q]) for _ in range(k)]
        hand = "".join(card(x, lang, small=True) for x in known)
        hand += "".join(card(None, small=True) for _ in range(st.hand_n[q] - len(known)))
    pile = " ".join(
        '<span style="display:inline-block;margin-right:6px">'
        + "".join(card(x, lang, small=True) for x in reversed(g))
        + f'<sub>{n}×{len(g)}</sub></span>' for n, g in sorted(st.piles[q].items()))
    skills = ", ".join(st.skill_ids(q)) or "–"
    turn = "▶ " if q == st.active and st.phase is not Phase.OVER else ""
    style = "background:#fff8e1;" if q == st.active else ""
    return (f'<tr style="{style}border-top:1px solid #ddd"><td style="padding:3px 6px">'
            f'<b>{turn}{seat_name(q)}</b></td>'
            f'<td style="padding:3px 6px">{t["hand"]} ({st.hand_n[q]}): {hand or "–"}</td>'
            f'<td style="padding:3px 6px">{t["pile"]}: {pile or "–"}</td>'
            f'<td style="padding:3px 6px">{t["skills"]}: {escape(skills)}</td>'
            f'<td style="padding:3px 6px">{t["vp"]}: {vp:g}</td></tr>')
