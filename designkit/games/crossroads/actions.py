"""Crossroads decisions: one small immutable value each, readable in both languages.

Compound choices are split into consecutive small decisions (release size,
then S4/S7 cards; pass target, then skill taken, then skill returned), so no
decision point offers more than a handful of options.
"""

from __future__ import annotations

from designkit.core.action import Action as CoreAction
from designkit.core.action import BilingualTexts, split_texts
from designkit.core.seats import seat_label


def a_card(x: int) -> str:
    """'a 3' / 'an 8' / 'an 11': log sentences read naturally."""
    return f"an {x}" if str(x).startswith("8") or x in (11, 18) else f"a {x}"


def n_cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _compose_en(a: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    parts = [f"S4 turns a hand {x}" for x in a[0]] + [f"S7 shifts a hand {x}" for x in a[1]]
    return "release with " + (" and ".join(parts) if parts else "matching cards only")


def _compose_ja(a: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    parts = [f"S4で手札の{x}を変更" for x in a[0]] + [f"S7で手札の{x}をずらす" for x in a[1]]
    return "リリース構成：" + ("・".join(parts) if parts else "同じ数字のみ")


def _skill(sid: str, lang: str) -> str:
    """A skill as the designer knows it: ID, name and cost from skills.csv (a designer who
    edits a name or cost sees it on the next button); the bare ID if the table is broken,
    so a bad cell never hides the decision itself."""
    from designkit.core.errors import DesignkitError
    from designkit.games.crossroads.skills import load_skills

    try:
        skill = next((s for s in load_skills() if s.id == sid), None)
    except DesignkitError:
        skill = None
    if skill is None:
        return sid
    return (f"{skill.name('en')} (cost {skill.cost})" if lang == "en"
            else f"{skill.name('ja')}（コスト{skill.cost}）")


#: each decision kind's label, English beside Japanese (one row per kind, so a kind
#: added or renamed changes both languages together)
_TEXT: BilingualTexts = {
    "hold": (lambda a: "hold the card", lambda a: "ホールド"),
    "release": (lambda a: f"release a group of {a}", lambda a: f"{a}枚でリリース"),
    "compose": (_compose_en, _compose_ja),
    "pass": (lambda a: f"pass the card to {seat_label(a)}", lambda a: f"{seat_label(a)}にパス"),
    "take": (lambda a: "take no skill" if a is None else f"take skill {_skill(a, 'en')}",
             lambda a: "スキルを取らない" if a is None else f"スキル{_skill(a, 'ja')}を取る"),
    "return": (lambda a: "return no skill" if a is None else f"return skill {_skill(a, 'en')}",
               lambda a: "スキルを戻さない" if a is None else f"スキル{_skill(a, 'ja')}を戻す"),
    "discard": (lambda a: "discard the passed card (S6)",
                lambda a: "渡されたカードを捨て札にする（S6）"),
    "declare": (lambda a: f"declare the end ({'yes' if a else 'no'})",
                lambda a: "２７終了を宣言する" if a else "宣言しない"),
    "declare_discard": (lambda a: f"discard a {a} from the hand",
                        lambda a: f"手札の{a}を捨て札にする"),
    "s2": (lambda a: "use S2 (draw 2, keep 1)" if a else "draw normally",
           lambda a: "S2を使う（２枚引いて１枚選ぶ）" if a else "通常通り引く"),
    "keep": (lambda a: f"keep the {a}", lambda a: f"{a}を選ぶ"),
}
_EN, _JA = split_texts(_TEXT)


class Action(CoreAction):
    """A Crossroads decision (the core Action with this game's texts).

    ``compose`` carries ``((S4-changed numbers), (S7-shifted numbers))``; the core's JSON
    form writes the nested tuples as lists and reads them back.
    """

    __slots__ = ()
    TEXT_EN = _EN
    TEXT_JA = _JA


HOLD = Action("hold")
DISCARD = Action("discard")
DECLARE_YES, DECLARE_NO = Action("declare", True), Action("declare", False)
S2_YES, S2_NO = Action("s2", True), Action("s2", False)
TAKE_NONE, RETURN_NONE = Action("take", None), Action("return", None)
RELEASE = tuple(Action("release", c) for c in range(64))
PASS = tuple(Action("pass", s) for s in range(8))
KEEP = tuple(Action("keep", x) for x in range(64))
DECLARE_DISCARD = tuple(Action("declare_discard", x) for x in range(64))
