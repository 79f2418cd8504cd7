"""HTML of a Crossroads position for the stepper and dashboards (no widget imports).

``seat=None`` is the designer's omniscient view; a seat number shows only what
that seat may see (CR-A14): its own hand, others' hand sizes and face-up cards.
Skills are shown by name, cost and text wherever they lie.

Boards you click: an element standing for a decision open now carries
``data-action='<the action's JSON>'``: the card in play (hold it), a player's name
(pass the card to them), a skill on the crossroads (take it) or in front of the
player (return it), a hand card (discard it when declaring). The lab's board widget
turns a click into that decision; the other decisions stay buttons.
"""

from __future__ import annotations

import csv
from functools import cache
from html import escape
from typing import Any

from designkit.core.action import Action
from designkit.core.board_html import data_action, token_row
from designkit.core.paths import data_dir
from designkit.core.seats import seat_label
from designkit.games.crossroads.observe import trigger_visible
from designkit.games.crossroads.scoring import final_scores
from designkit.games.crossroads.state import CrossroadsState, Phase

_COLOURS = ["#999", "#999", "#c2185b", "#6d4c41", "#37474f", "#1565c0", "#6a1b9a",
            "#00838f", "#c62828"]

PHASE_JA = {"START": "スタートプレイヤー", "DEAL": "配布", "DRAW": "ドロー", "S2_CHOICE": "S2選択",
            "S2_DRAW": "S2ドロー", "S2_KEEP": "S2保持", "ACT": "行動", "COMPOSE": "リリース構成",
            "TAKE": "スキル取得", "RETURN": "スキル返却", "RECEIVE": "パス受け",
            "DECLARE": "終了宣言", "DECLARE_DISCARD": "宣言時の捨て札", "OVER": "ゲーム終了"}
PHASE_EN = {"START": "start player", "DEAL": "dealing", "DRAW": "drawing",
            "S2_CHOICE": "S2 choice", "S2_DRAW": "S2 draw", "S2_KEEP": "S2 keep",
            "ACT": "act", "COMPOSE": "composing a release", "TAKE": "taking a skill",
            "RETURN": "returning a skill", "RECEIVE": "receiving a pass",
            "DECLARE": "declaring the end", "DECLARE_DISCARD": "discarding to declare",
            "OVER": "game over"}

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


def phase_name(phase: Phase, lang: str = "en") -> str:
    """A phase as words in the chosen language."""
    return (PHASE_JA if lang == "ja" else PHASE_EN).get(phase.name, phase.name)


def _options(st: CrossroadsState) -> dict[tuple[str, Any], Any]:
    """The decisions open now by (kind, arg) (empty at chance steps and the end)."""
    options = getattr(st, "options", None)
    if options is None:  # a state without the core flow's open question: ask the rules
        from designkit.core.registry import get_game

        game = get_game("crossroads")
        who = game.to_move(st)
        options = game.legal_actions(st) if isinstance(who, int) else ()
    return {(a.kind, a.arg): a for a in options if isinstance(a, Action)}


def _act(opts: dict[tuple[str, Any], Any], kind: str, arg: Any) -> str:
    """`` data-action='…'`` for the decision (kind, arg) if it is open now, else ``""``."""
    return data_action(opts.get((kind, arg)))


def skill_chip(st: CrossroadsState, i: int, lang: str, action: str = "") -> str:
    """A skill: its name, its cost, its text as a tooltip (and beside it in small print)."""
    sk = st.rules.skills[i]
    text = sk.text_ja if lang == "ja" else (sk.text_en or sk.text_ja)
    cost = st.rules.costs[i]
    cost_label = f"コスト{cost:g}VP" if lang == "ja" else f"cost {cost:g} VP"
    return (f'<span class="dk-skill"{action} title="{escape(text)}" style="border:1px solid '
            '#888;border-radius:3px;padding:1px 4px;margin:1px;display:inline-block;'
            f'max-width:260px;vertical-align:top"><b>{escape(sk.name(lang))}</b> '
            f'({escape(cost_label)})<br><span style="font-size:10px;color:#555">'
            f'{escape(text)}</span></span>')


def card(x: int | None, lang: str = "en", small: bool = False, mark: str = "",
         action: str = "") -> str:
    """One genre card: its number large, its genre as a tooltip."""
    size = "width:26px;height:36px;font-size:15px" if small else \
        "width:34px;height:48px;font-size:20px"
    if x is None:
        return (f'<span class="dk-card dk-back"{action} style="display:inline-block;{size};'
                'border-radius:4px;background:repeating-linear-gradient(45deg,#555,#555 4px,'
                '#777 4px,#777 8px);margin:1px"></span>')
    en, ja = genre_names().get(x, ("", ""))
    title = escape(ja if lang == "ja" else en)
    colour = _COLOURS[x] if x < len(_COLOURS) else "#444"
    return (f'<span class="dk-card"{action} title="{title}" style="display:inline-flex;'
            f'align-items:center;justify-content:center;{size};border-radius:4px;'
            f'background:{colour};color:#fff;font-weight:bold;margin:1px;'
            f'{"outline:2px solid gold;" if mark else ""}">{x}</span>')


def render(st: CrossroadsState, seat: int | None = None, lang: str = "en") -> str:
    t = _LABELS.get(lang, _LABELS["en"])
    opts = _options(st)
    vp = [b["total"] for b in final_scores(st, apply_s1=True)]
    # S1's discards depend on the numbers in a hand (CR-7.1): another seat's VP is shown
    # without them until the end, or the view would tell how many numbers its hand holds
    public = [b["total"] for b in final_scores(st, apply_s1=False)]
    rows = []
    for q in range(st.n):
        shown = vp[q] if seat is None or q == seat or st.final is not None else public[q]
        rows.append(_seat_row(st, q, seat, shown, t, lang, opts))
    skills = st.rules.skills
    cross = " ".join(skill_chip(st, i, lang, _act(opts, "take", s.id))
                     for i, s in enumerate(skills) if st.crossroads >> i & 1) or t["empty"]
    discard = "".join(card(x, lang, small=True) for x, k in enumerate(st.discard)
                      for _ in range(k)) or t["empty"]
    trig = ""
    if st.trigger is not None:
        shown = st.trigger if seat is None or trigger_visible(st, seat) else None
        trig = (f'<div><b>{t["drawn"]}:</b> '
                f'{card(shown, lang, mark="x", action=_act(opts, "hold", None))}</div>')
    # CR-7.2: drawing normally is a click on the deck, using S2 one on the S2 card
    status = (f'<div class="dk-status"><b>{t["turn"]} {st.turn}</b> · '
              f'{phase_name(st.phase, lang)} · '
              f'<span class="dk-deck"{_act(opts, "s2", False)}>{t["deck"]}: '
              f'{st.deck_total()}</span></div>')
    return ('<div class="dk-board dk-crossroads" style="font-family:sans-serif;'
            'font-size:13px">' + status + _tokens(st, seat, lang) + trig
            + '<table style="border-collapse:collapse;margin:4px 0">' + "".join(rows)
            + "</table>"
            + f'<div><b>{t["crossroads"]}:</b> {cross}</div>'
            + f'<div><b>{t["discard"]}:</b> {discard}</div></div>')


#: decisions with no piece of their own on the board: tokens reading the action
_TOKENS = ("release", "compose", "declare", "discard", "keep")


def _tokens(st: CrossroadsState, viewer: int | None, lang: str) -> str:
    """Tokens for the open decisions of the seat to move that have no piece of their own,
    shown only to that seat and the designer (S2's keep names a card only it has seen)."""
    mover = getattr(st, "seat", None)
    if mover is None or viewer not in (None, mover):
        return ""
    return token_row((a for a in getattr(st, "options", ()) or () if a.kind in _TOKENS), lang)


def _seat_row(st: CrossroadsState, q: int, viewer: int | None, vp: float,
              t: dict[str, str], lang: str, opts: dict[tuple[str, Any], Any]) -> str:
    mine = opts if getattr(st, "declarer", None) == q else {}
    if viewer is None or viewer == q:
        hand = "".join(card(x, lang, small=True, action=_act(mine, "declare_discard", x))
                       for x in st.hand_cards(q))
    else:
        known = [x for x, k in enumerate(st.known[q]) for _ in range(k)]
        hand = "".join(card(x, lang, small=True) for x in known)
        hand += "".join(card(None, small=True) for _ in range(st.hand_n[q] - len(known)))
    pile = " ".join(
        '<span style="display:inline-block;margin-right:6px">'
        + "".join(card(x, lang, small=True) for x in reversed(g))
        + f'<sub>{n}×{len(g)}</sub></span>' for n, g in sorted(st.piles[q].items()))
    index = {s.id: i for i, s in enumerate(st.rules.skills)}
    returning = opts if q == st.active else {}
    s2 = st.rules.s2_mask

    def use(sid: str) -> str:
        if _act(returning, "return", sid):
            return _act(returning, "return", sid)
        return _act(returning, "s2", True) if s2 >> index[sid] & 1 else ""

    skills = " ".join(skill_chip(st, index[sid], lang, use(sid))
                      for sid in st.skill_ids(q)) or "–"
    turn = "▶ " if q == st.active and st.phase is not Phase.OVER else ""
    style = "background:#fff8e1;" if q == st.active else ""
    return (f'<tr style="{style}border-top:1px solid #ddd"><td style="padding:3px 6px">'
            f'<b{_act(opts, "pass", q)}>{turn}{seat_label(q)}</b></td>'
            f'<td style="padding:3px 6px">{t["hand"]} ({st.hand_n[q]}): {hand or "–"}</td>'
            f'<td style="padding:3px 6px">{t["pile"]}: {pile or "–"}</td>'
            f'<td style="padding:3px 6px">{t["skills"]}: {skills}</td>'
            f'<td style="padding:3px 6px">{t["vp"]}: {vp:g}</td></tr>')
