"""Exact odds of every condition with k random dice (issue item 9, spec §5.3).

For each event and Demon Lord HP condition in the tables, the probability
that k random dice (k = 4, 5, 6) contain a satisfying set, computed by
enumerating every outcome with the engine's own test of a set
(:func:`notation.meets_whole`, the one :func:`notation.satisfying_sets` makes),
so the table can never disagree with the rules (a test checks it against
:func:`notation.can_achieve` / :func:`notation.satisfying_sets`). Outcomes are
enumerated as multisets with their multinomial weights (462 for six dice
instead of 46,656); the result is exact, as a fraction.

Colour never decides whether a set qualifies (CH-0.2), so "one red" asks the
question that colour does change: the probability that the condition can be
met *with a set that includes the red die* (earning the red bonus, CH-6.4).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from designkit.games.classic_hero.cards import SUIT_JA, load_demon_lords, load_events
from designkit.games.classic_hero.notation import Condition, in_english, meets_whole
from designkit.games.classic_hero.params import ClassicHeroParams

K_VALUES = (4, 5, 6)


@cache
def _weight(combo: tuple[int, ...]) -> int:
    """Ordered outcomes that give this multiset of values."""
    w = factorial(len(combo))
    for c in Counter(combo).values():
        w //= factorial(c)
    return w


@cache
def usable_values(cond: Condition, minimal: bool = True, faces: int = 6
                  ) -> dict[tuple[int, ...], frozenset[int]]:
    """Per multiset of up to ``max(K_VALUES)`` values (sorted), the values some satisfying set uses.

    A set qualifies by its values alone (:func:`notation.meets_whole`), and the
    sub-multisets of ``M`` are ``M`` itself and those of ``M`` less one die, so
    ``usable(M)`` is ``M``'s values if ``M`` qualifies, joined with ``usable`` of each
    ``M`` less one die; 924 multisets per condition instead of every subset of every
    roll. Empty: no satisfying set (same answers as :func:`notation.satisfying_sets`).
    ``faces``: the dice's faces (CH-V8's ``dice_faces``: 6 is the draft, 8 the d8).
    """
    table: dict[tuple[int, ...], frozenset[int]] = {(): frozenset()}
    for combo, values, smaller in _multisets(faces):
        usable = set(values) if meets_whole(cond, combo, minimal) else set()
        for sub in smaller:
            usable |= table[sub]
        table[combo] = frozenset(usable)
    return table


@cache
def _multisets(faces: int = 6
               ) -> tuple[tuple[tuple[int, ...], frozenset[int], tuple[tuple[int, ...], ...]], ...]:
    """Each multiset of 1 to ``max(K_VALUES)`` values, smallest first, with its values and
    the multisets one die smaller (built once, shared by every condition)."""
    out = []
    for n in range(1, max(K_VALUES) + 1):
        for combo in combinations_with_replacement(range(1, faces + 1), n):
            smaller = tuple(combo[:i] + combo[i + 1:] for i, v in enumerate(combo)
                            if not i or combo[i - 1] != v)
            out.append((combo, frozenset(combo), smaller))
    return tuple(out)


@cache
def probability(cond: Condition, k: int, minimal: bool = True, faces: int = 6) -> Fraction:
    """P(k random dice with ``faces`` faces contain a set meeting ``cond``), exact."""
    if k < cond.dice_needed:  # as notation.can_achieve: too few dice never qualify
        return Fraction(0)
    usable = usable_values(cond, minimal, faces)
    hits = sum(_weight(c) for c in combinations_with_replacement(range(1, faces + 1), k)
               if usable[c])
    return Fraction(hits, faces ** k)


@cache
def probability_with_red(cond: Condition, k: int, minimal: bool = True,
                         faces: int = 6) -> Fraction:
    """P(with one red among k random dice, a satisfying set includes the red die), exact.

    Dice of equal value are interchangeable, so per multiset of values it is
    enough to know which values some satisfying set uses: the red die showing
    such a value (the rest being the other k − 1 dice) is a hit.
    """
    table = usable_values(cond, minimal, faces)
    hits = 0
    for combo in combinations_with_replacement(range(1, faces + 1), k):
        for v in table[combo]:
            rest = list(combo)
            rest.remove(v)
            hits += _weight(tuple(rest))
    return Fraction(hits, faces ** k)


def condition_rows(params: ClassicHeroParams | None = None) -> list[dict[str, Any]]:
    """One row per (card condition, k): the data of the Rules-tab table."""
    p = params or ClassicHeroParams()
    minimal, faces = p.sum_requires_minimal_set, p.dice_faces
    rows: list[dict[str, Any]] = []
    items: list[tuple[str, str, str, int, Condition]] = []
    for e in load_events():
        items.append((e.id, "event", e.suit, e.stage, e.condition))
    for b in load_demon_lords():
        for h, (cond, _base) in enumerate(b.hps, start=1):
            items.append((f"{b.id} HP{h}", "demon_lord", b.name, 0, cond))
    for card, kind, suit, stage, cond in items:
        for k in K_VALUES:
            rows.append({"card": card, "kind": kind, "suit": suit, "stage": stage,
                         "condition": cond.text, "star": cond.star, "k": k,
                         "p_all_white": float(probability(cond, k, minimal, faces)),
                         "p_with_red": float(probability_with_red(cond, k, minimal, faces))})
    return rows


def condition_frame(params: ClassicHeroParams | None = None) -> Any:
    """The odds as a pandas DataFrame (wide: one column per k); conditions in the draft's
    notation (``ゾロ目3``)."""
    import pandas as pd

    df = pd.DataFrame(condition_rows(params))
    wide = df.pivot_table(index=["card", "kind", "suit", "stage", "condition"],
                          columns="k", values=["p_all_white", "p_with_red"])
    wide.columns = [f"{v}_k{k}" for v, k in wide.columns]
    return wide.reset_index().sort_values(["kind", "stage", "card"]).reset_index(drop=True)


def odds_figure(params: ClassicHeroParams | None = None, frame: Any = None,
                lang: str = "en") -> Any:
    """A plotly chart: each event condition's odds at the stage's own dice count (§5.3),
    worded in ``lang`` (conditions in English words, or the draft's notation in "ja").

    ``frame``: :func:`condition_frame` of the same params, when the caller has it already.
    """
    import plotly.graph_objects as go

    df = condition_frame(params) if frame is None else frame
    ev = df[df["kind"] == "event"]
    ja = lang == "ja"
    conditions = ev["condition"] if ja else ev["condition"].map(in_english)
    fig = go.Figure()
    for k in K_VALUES:
        fig.add_trace(go.Bar(x=ev["card"] + " " + conditions, y=ev[f"p_all_white_k{k}"],
                             name=f"サイコロ {k} 個" if ja else f"{k} dice"))
    fig.add_hrect(y0=0.13, y1=0.87, fillcolor="green", opacity=0.08, line_width=0,
                  annotation_text="§5.3 の目標 13〜87 %" if ja else "§5.3 target 13–87 %",
                  annotation_position="top left")
    fig.update_layout(barmode="group", yaxis_title="達成確率" if ja else "P(achievable)",
                      yaxis_range=[0, 1],
                      title=("k 個のランダムなサイコロで各イベント条件を達成できる確率（厳密計算）"
                             if ja else "Exact odds of each event condition with k random dice"),
                      height=420, margin={"l": 40, "r": 10, "t": 50, "b": 120})
    return fig


def stage_claim(params: ClassicHeroParams | None = None) -> list[dict[str, Any]]:
    """§5.3's claim checked: each event at its stage's dice count (4, 5, 6 for stages 1–3)."""
    p = params or ClassicHeroParams()
    out = []
    for e in load_events():
        k = 3 + e.stage
        pr = float(probability(e.condition, k, p.sum_requires_minimal_set, p.dice_faces))
        out.append({"card": e.id, "condition": e.condition.text, "k": k, "p": pr,
                    "in_range": 0.13 <= pr <= 0.87})
    return out


def design_tables(params: ClassicHeroParams) -> list[Any]:
    """The Rules tab's odds table and chart: English words (``in_english`` conditions) in
    the frame, the draft's notation and Japanese headers in ``words_ja``."""
    from designkit.core.game import DesignTable

    claim = stage_claim(params)
    frame = condition_frame(params)
    draft = frame["condition"]
    shown = frame.assign(condition=draft.map(in_english))
    outside = [r for r in claim if not r["in_range"]]
    note = (f"{len(claim) - len(outside)} of {len(claim)} event conditions lie in the 13–87 % "
            f"range of spec §5.3 at their stage's dice count (4/5/6); outside: "
            + (", ".join(f"{r['card']} {in_english(r['condition'])} {r['p']:.0%}"
                         for r in outside) or "none"))
    note_ja = (f"イベント条件 {len(claim)} 件中 {len(claim) - len(outside)} 件が、そのステージの"
               f"サイコロ数（4/5/6）で仕様 §5.3 の 13〜87 % の範囲に入る。範囲外："
               + ("、".join(f"{r['card']} {r['condition']} {r['p']:.0%}" for r in outside)
                  or "なし"))
    words = {**_WORDS_JA, **dict(zip(shown["condition"], draft, strict=True)),
             **{b.name: b.name_ja for b in load_demon_lords()}}
    return [DesignTable("Exact odds of each condition", "各条件の達成確率（厳密計算）",
                        shown, odds_figure(params, frame), note, note_ja, words,
                        lambda: odds_figure(params, frame, "ja"))]  # on a switch to 日本語


#: the odds table's headers and kinds in Japanese (the lab's 日本語 mode)
_WORDS_JA = {"card": "カード", "kind": "種類", "suit": "スート／魔王", "stage": "ステージ",
             "condition": "条件", "event": "イベント", "demon_lord": "魔王", **SUIT_JA,
             **{f"p_all_white_k{k}": f"全て白・{k}個" for k in K_VALUES},
             **{f"p_with_red_k{k}": f"赤入り・{k}個" for k in K_VALUES}}
