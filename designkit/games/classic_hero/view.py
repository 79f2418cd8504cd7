"""HTML of a Classic Hero position: the track as inline SVG, Demon Lords, each hero's dice.

The track shows Start, the event slots (tinted by suit, with condition,
Fortune and the pawn standing there) and the Goal with its arrival order;
Demon Lords show each HP with its condition and a mark once achieved; every
hero shows white/red dice (used ones faded), blessings, artifacts, cards
and VP. Nothing in Classic Hero is hidden (spec §7), so every viewer sees
the same board; ``seat`` only highlights that hero.

The board is clickable where a decision has a natural target (``data-action``, see
docs/ARCHITECTURE.md "Boards you click"): a slot or the Goal (move there, achieve the
card there), a die of the seat to move (the first open decision on that die alone:
Fortune, blessing, ability, adjust, return, grow …), a Demon Lord's HP (hit it with the
first listed set of dice), a class or skill card (take it), an ability card the hero holds
(use it), a weakness card (beat it). What has no piece of its own — Rest, not achieving
the card (pass), ending the battle, skipping an effect, taking a new die at growth, a
Fortune applied to several dice — is a token in the hero's own box, so a whole game can be
played on the board alone. Where one target stands for several decisions the click takes
the first listed; the buttons offer every one.
"""

from __future__ import annotations

from html import escape
from typing import Any

from designkit.core.board_html import data_action, token
from designkit.core.seats import seat_label
from designkit.games.classic_hero.cards import ARTIFACT_NAMES, SUIT_COLOUR, SUIT_JA
from designkit.games.classic_hero.notation import in_english
from designkit.games.classic_hero.state import FLOW, ClassicHeroState, Phase

W, H = 46, 92
PAWN = ("#6a1b9a", "#00838f", "#ef6c00", "#2e7d32")
_T = {
    "en": {"stage": "Stage", "to_move": "to move", "over": "game over", "start": "Start",
           "goal": "Goal", "lords": "Demon Lords", "vp": "VP", "bless": "blessings",
           "skills": "abilities", "cards": "cards", "art": "artifacts", "speed": "speed",
           "display": "Skill display", "none": "–", "decks": "decks (events / lords / skills)",
           "chance": "dice and cards"},
    "ja": {"stage": "ステージ", "to_move": "の手番", "over": "ゲーム終了", "start": "スタート",
           "goal": "ゴール", "lords": "魔王", "vp": "VP", "bless": "加護", "skills": "能力",
           "cards": "カード", "art": "アーティファクト", "speed": "速度",
           "display": "スキル置き場", "none": "なし", "decks": "山札（イベント／魔王／スキル）",
           "chance": "サイコロ・カード"},
}


Targets = dict[tuple[Any, ...], Any]
_ONE_DIE = {"bless": 0, "adjust": 0, "set": 0, "fix": 0, "ability": 1}  # arg[i] is the die
_DIE_KINDS = ("return", "grow_upgrade", "star", "upgrade", "reroll", "invert")


#: decisions with no piece of their own: a token in the hero's box (key -> label en, ja)
TOKENS = {"rest": ("Rest", "休息"), "pass": ("Pass", "達成しない"),
          "stop": ("End the battle", "戦闘を終える"), "skip": ("Skip the effect", "効果を使わない"),
          "grow_gain": ("Gain a die", "サイコロを得る"), "fortune": ("Fortune", "天運")}
_ABILITY_ARG = ("rest_free", "ignore_fortune", "star_skip")  # arg is the ability's id


def _keys(kind: str, arg: Any) -> list[tuple[Any, ...]]:
    """The board elements standing for decision (kind, arg)."""
    if kind in ("rest", "pass", "stop", "skip", "grow_gain"):
        return [(kind,)]
    if kind in _ABILITY_ARG:
        return [("ability", arg)]
    if kind == "weak":
        return [("weak", arg[0])]
    if kind == "fortune" and len(arg) != 1:
        return [("fortune",)]
    if kind == "ability":
        return [("die", arg[1][0]), ("ability", arg[0])]
    if kind == "move":
        return [("goal",) if arg[1] is None else ("slot", arg[0])]
    if kind in ("achieve", "force"):       # force: CH-V10's forced clear of the same card
        return [("card", arg[0])]
    if kind == "hit":
        return [("hp", arg[0], arg[1])]
    if kind in ("class", "skill"):
        return [("ability", arg)]
    if kind == "fortune" and len(arg) == 1:
        return [("die", arg[0][0][0])]
    if kind in _ONE_DIE:
        return [("die", arg[_ONE_DIE[kind]][0])]
    if kind in _DIE_KINDS:
        return [("die", arg[0])]
    return []


def open_options(st: ClassicHeroState) -> tuple[Any, ...]:
    """The decisions open now: none at a chance step or the end (the options of the decision
    before a roll stay on the state until the next question, and must not be shown)."""
    if st.seat is None or st.phase not in FLOW.decisions:
        return ()
    return tuple(getattr(st, "options", ()) or ())


def targets(st: ClassicHeroState) -> Targets:
    """Board element -> the first open decision it stands for (none at chance steps)."""
    out: Targets = {}
    for a in open_options(st):
        for key in _keys(a.kind, a.arg):
            out.setdefault(key, a)
    return out


def _act(opts: Targets, *key: Any) -> str:
    return data_action(opts.get(key))


def notation(text: str, lang: str = "en") -> str:
    """A condition or Fortune in the board's language: the draft writes 反転 (invert),
    振り直し (reroll), ゾロ目N (N dice alike) and ・ in Japanese even in English tables."""
    return text if lang == "ja" else in_english(text)


LEGEND = {
    "en": "Dice: W3 = a white die showing 3, R5 = a red die showing 5; 5 & 6 (5・6 in the "
          "draft) = one die showing 5 and one showing 6; 5/6 = a die showing 5 or 6; ★ = the die used is "
          "marked spent; 3 alike (ゾロ目3 in the draft) = three dice showing the same "
          "number; 14↑ = dice adding up to 14 or more; faded dice are used this stage.",
    "ja": "サイコロ：W3＝白サイコロの3、R5＝赤サイコロの5；5・6＝5と6のサイコロ；5/6＝5か6の"
          "サイコロ；★＝使ったサイコロを使用済みにする；ゾロ目3＝同じ目のサイコロ3個；"
          "14↑＝合計14以上；薄いサイコロはこのステージで使用済み。",
}


def render(st: ClassicHeroState, seat: int | None = None, lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    opts = targets(st)
    parts = [_status(st, t, lang), _track(st, t, lang, opts), _lords(st, t, lang, opts),
             _classes(st, lang, opts)]
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:8px">'
                 + "".join(_hero(st, q, seat, t, lang, opts) for q in range(st.n)) + "</div>")
    parts.append(f'<div class="dk-legend" style="color:#555;font-size:11px;margin-top:4px">'
                 f'{escape(LEGEND.get(lang, LEGEND["en"]))}</div>')
    return ('<div class="dk-board dk-classic-hero" style="font-family:sans-serif;'
            'font-size:12px">' + "".join(parts) + "</div>")


def phase_name(phase: Phase, lang: str = "en") -> str:
    """The phase as players call it (CH's declared display names), never its code."""
    return FLOW.phase_name(phase, lang)


def _status(st: ClassicHeroState, t: dict[str, str], lang: str) -> str:
    if st.phase is Phase.OVER:
        state = t["over"]
    else:
        who = f"{seat_label(st.seat)} {t['to_move']}" if st.seat is not None else t["chance"]
        state = f"{phase_name(st.phase, lang)} · {who}"
    decks = f"{len(st.event_deck)} / {len(st.lord_deck)} / {len(st.skill_deck)}"
    return (f'<div class="dk-status"><b>{t["stage"]} {st.stage}</b> · {state} · '
            f'{t["decks"]}: {decks}</div>')


def _pawn(seat: int) -> str:
    return (f'<span class="dk-pawn" style="display:inline-block;width:18px;height:18px;'
            f'line-height:18px;border-radius:9px;margin:1px;text-align:center;color:#fff;'
            f'font-size:11px;background:{PAWN[seat % 4]}">{seat_label(seat)}</span>')


_SLOT = ("display:inline-flex;flex-direction:column;align-items:center;box-sizing:border-box;"
         f"width:{W}px;min-height:{H}px;border-radius:4px;font-size:9px;text-align:center;"
         "overflow:hidden;padding:2px 1px")
#: a label inside a slot wraps (at spaces, else anywhere) rather than run past the slot's
#: 40 px: "5/6 & 5/6 & 5/6" takes three lines and the slot grows, nothing is clipped
_LABEL = "max-width:100%;overflow-wrap:anywhere;line-height:1.15"
#: suit names as a slot shows them (the full name on hover): "Pilgrimage" is 46 px at 9 px
#: type, wider than a slot (issue 39: shown as "ilgrimag")
SUIT_SHORT = {"Pilgrimage": "Pilgr.", "Request": "Req."}


def _end_box(cls: str, title: str, pawns: list[int], act: str = "") -> str:
    """Start or Goal: a wider grey card holding the pawns there (CH-4.3, CH-4.4, CH-9)."""
    return (f'<div class="dk-slot {cls}"{act} style="{_SLOT};width:{W + 10}px;background:#eee;'
            f'border:1px solid #555"><span style="font-size:10px">{title}</span>'
            f'<span>{"".join(_pawn(s) for s in pawns)}</span></div>')


def _slot(st: ClassicHeroState, q: int, lang: str, opts: Targets) -> str:
    e = st.track[q]
    who = st.occupant(q)
    pawn = _pawn(who) if who is not None else ""
    number = f'<span style="margin-top:auto;color:#888;font-size:8px">{q}</span>'
    if e is None:
        return (f'<div class="dk-slot" data-slot="{q}"{_act(opts, "slot", q)} '
                f'style="{_SLOT};background:#fff;'
                f'border:1px dashed #ccc"><span style="margin-top:auto">{pawn}</span>'
                f'{number}</div>')
    card = st.rules.events[e]
    suit = SUIT_JA[card.suit] if lang == "ja" else card.suit
    fortune, condition = notation(card.fortune_text, lang), notation(card.condition.text, lang)
    tip = escape(f"{card.id} {suit}: Fortune {fortune}, condition {condition}" if lang != "ja"
                 else f"{card.id} {suit}：天運 {fortune}、条件 {condition}")
    colour = SUIT_COLOUR[card.suit]
    act = _act(opts, "slot", q) or _act(opts, "card", card.id)
    short = suit if lang == "ja" else SUIT_SHORT.get(card.suit, suit)
    return (f'<div class="dk-slot" data-slot="{q}"{act} title="{tip}" style="{_SLOT};'
            f'background:{colour}59;border:2px solid {colour}">'
            f'<span class="dk-slot-label" style="{_LABEL}">{escape(card.id)}</span>'
            f'<span class="dk-slot-label dk-suit" title="{escape(suit)}" style="{_LABEL}">'
            f'{escape(short)}</span>'
            f'<b class="dk-slot-label" style="font-size:10px;{_LABEL}">{escape(condition)}</b>'
            f'<span class="dk-slot-label" style="color:#555;{_LABEL}">{escape(fortune)}</span>'
            f'<span style="margin-top:auto">{pawn}</span>{number}</div>')


def _track(st: ClassicHeroState, t: dict[str, str], lang: str, opts: Targets) -> str:
    """Start, the event slots and the Goal as cards in a wrapping row: the whole track
    shows in any column (a fixed-width drawing was cut after slot 10 at 1024 px)."""
    starters = [s for s in st.start_order if st.pos[s] == 0]
    cards = [_end_box("dk-start", t["start"], starters)]
    cards += [_slot(st, q, lang, opts) for q in range(1, st.rules.slots + 1)]
    cards.append(_end_box("dk-goal", t["goal"], list(st.goal_order), _act(opts, "goal")))
    return ('<div class="dk-track" style="display:flex;flex-wrap:wrap;gap:4px;margin:4px 0">'
            + "".join(cards) + "</div>")


def _lords(st: ClassicHeroState, t: dict[str, str], lang: str, opts: Targets) -> str:
    r = st.rules
    boxes = []
    for b, marks in st.lords_up:
        lord = r.lords[b]
        hps = "".join(
            f'<span class="dk-hp"{_act(opts, "hp", lord.id, i + 1)} style="display:inline-block;'
            f'margin:1px 3px;padding:1px 4px;border:1px solid #999;border-radius:3px;'
            f'{"background:#ccc;text-decoration:line-through" if m else ""}'
            f'">HP{i + 1} {escape(notation(c.text, lang))} : {base}{" ✔" if m else ""}</span>'
            for i, ((c, base), m) in enumerate(zip(lord.hps, marks, strict=True)))
        boxes.append(f'<div style="border:1px solid #7b1fa2;border-radius:4px;padding:3px">'
                     f'<b>{escape(lord.label(lang))}</b> {hps}</div>')
    display = "".join(_ability(r.abilities[a], lang, opts) for a in st.display) or t["none"]
    return (f'<div style="margin:4px 0"><b>{t["lords"]}</b>: '
            f'<div style="display:flex;gap:6px;flex-wrap:wrap">{"".join(boxes) or t["none"]}'
            f'</div><div>{t["display"]}: <div style="display:flex;gap:4px;flex-wrap:wrap">'
            f'{display}</div></div></div>')


def _ability(card: Any, lang: str, opts: Targets) -> str:
    """A class or skill card: its name and what it does (CH-5.6), clickable to take it."""
    text = card.text_ja if lang == "ja" else card.text
    return (f'<span class="dk-ability"{_act(opts, "ability", card.id)} title="{escape(text)}" '
            f'style="display:inline-block;max-width:260px;border:1px solid #999;'
            f'border-radius:4px;padding:1px 5px;margin:1px"><b>{escape(card.label(lang))}</b>'
            f' <span style="color:#555;font-size:11px">{escape(text)}</span></span>')


def _classes(st: ClassicHeroState, lang: str, opts: Targets) -> str:
    """The class cards on offer while a hero chooses one (CH-3)."""
    offer = [a.arg for a in open_options(st) if a.kind == "class"]
    if not offer:
        return ""
    head = "クラス" if lang == "ja" else "Classes"
    by_id = {a.id: a for a in st.rules.abilities}
    cards = "".join(_ability(by_id[c], lang, opts) for c in offer if c in by_id)
    return (f'<div style="margin:4px 0"><b>{head}</b>: <div style="display:flex;gap:4px;'
            f'flex-wrap:wrap">{cards}</div></div>')


def _die(v: int, red: bool, used: bool, fixed: bool = False, act: str = "") -> str:
    fill, text = ("#c62828", "#fff") if red else ("#fff", "#222")
    style = "opacity:0.35;" if used else ""
    style += "outline:2px dashed #1565c0;" if fixed else ""
    title = ("red" if red else "white") + (" (used)" if used else "") + (
        " (fixed, CH-V3)" if fixed else "")
    return (f'<span class="dk-die"{act} title="{title}"'
            f' style="{style}display:inline-block;width:18px;height:18px;line-height:18px;'
            f'text-align:center;margin:1px;border:1px solid #444;border-radius:3px;'
            f'background:{fill};color:{text};font-weight:bold">{v or "?"}</span>')


def _hero(st: ClassicHeroState, q: int, seat: int | None, t: dict[str, str], lang: str,
          opts: Targets) -> str:
    r = st.rules
    rq = st.race[q]
    race = r.races[rq] if rq is not None else None
    head = f"{seat_label(q)}" + (f" · {escape(race.label(lang))} ({t['speed']} {race.speed})"
                                if race else "")
    mine = opts if st.seat == q else {}  # only the seat to move has open decisions
    dice = "".join(_die(*d, fixed=i in st.fixed[q], act=_act(mine, "die", i))
                   for i, d in enumerate(st.dice[q]))
    abil = "".join(_ability(r.abilities[a], lang, mine) + (" ✓" if a in st.spent[q] else "")
                   for a in st.abilities[q]) or t["none"]
    cards = ", ".join(escape(r.events[e].id) for e in st.taken[q]) or t["none"]
    arts = ", ".join(escape(ARTIFACT_NAMES.get(a, (a, a))[1 if lang == "ja" else 0])
                     for a in st.artifacts[q]) or t["none"]
    edge = "3px solid #333" if seat == q else "1px solid #999"
    return (f'<div class="dk-seat" style="border:{edge};border-radius:6px;padding:4px;'
            f'min-width:210px;max-width:100%;box-sizing:border-box">'
            f'<div style="color:{PAWN[q % 4]}"><b>{head}</b> · '
            f'{st.vp[q]} {t["vp"]}</div><div>{dice}</div>{_tokens(mine if seat in (None, q) else {}, lang)}'
            f'<div>{t["bless"]}: {st.bless[q]} · {t["art"]}: {arts}</div>'
            f'<div>{t["skills"]}: {abil}</div><div>{t["cards"]}: {cards}</div>'
            f'{_weaknesses(st, q, seat, lang, mine)}</div>')


def _tokens(opts: Targets, lang: str) -> str:
    """The hero's tokens for the open decisions that have no piece on the board."""
    out = [token(opts[(key,)], ja if lang == "ja" else en)
           for key, (en, ja) in TOKENS.items() if (key,) in opts]
    return f'<div class="dk-tokens">{"".join(out)}</div>' if out else ""


def _weaknesses(st: ClassicHeroState, q: int, seat: int | None, lang: str,
                opts: Targets | None = None) -> str:
    """CH-V2: a seat's own weakness cards (clickable to beat one), or only how many the
    others hold."""
    if not st.params.weakness_on:
        return ""
    head = "弱点" if lang == "ja" else "Weaknesses"
    cards = st.rules.weaknesses
    if seat is None or seat == q:     # the designer, or the holder
        shown = ", ".join(f'<span class="dk-weakness"{_act(opts or {}, "weak", cards[w].id)}>'
                          f"{escape(cards[w].label(lang))} "
                          f"({escape(notation(cards[w].hps[0][0].text, lang))})</span>"
                          for w in st.weak[q]) or "–"
    else:
        shown = (f"{len(st.weak[q])}枚" if lang == "ja" else f"{len(st.weak[q])} card(s)")
    return f"<div>{head}: {shown}</div>"
