"""Classic Hero decisions (spec §7): one small immutable value each, readable in en and ja.

Compound turns are consecutive small decisions in the spec's order: Rest →
destination → Fortune → blessings and abilities → achieve with which set →
★ die → effect targets; the battle is repeated (HP, set) steps or stop.
A die in an argument is ``(position, value, red)`` so a record reads like the
table ("achieve S1-04 with R6 W6"); card, Demon Lord and ability IDs are the
CSV IDs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from designkit.core.action import Action, BilingualTexts, split_texts
from designkit.games.classic_hero.cards import effect_text, load_abilities, load_demon_lords
from designkit.games.classic_hero.notation import in_english

DieRef = tuple[int, int, bool]



def die_ref_text(d: DieRef) -> str:
    return f"{'R' if d[2] else 'W'}{d[1]}"


def dice_text(dice: tuple[DieRef, ...]) -> str:
    return ", ".join(die_ref_text(d) for d in dice)


def ability_name(aid: str, lang: str = "en") -> str:
    for a in load_abilities():
        if a.id == aid:
            return a.label(lang)
    return aid


def lord_name(lid: str, lang: str = "en") -> str:
    for b in load_demon_lords():
        if b.id == lid:
            return b.label(lang)
    return lid


def passers(via: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """The PASS_TRIAL abilities a move spends: none, one ID, or several (CH-A34)."""
    if via is None:
        return ()
    return (via,) if isinstance(via, str) else tuple(via)


def _dest(a: tuple[int, str | None, str | tuple[str, ...] | None], lang: str) -> str:
    slot, card, via = a
    used = passers(via)
    if lang == "ja":
        text = "【ゴール】へ進む" if card is None else f"{slot}番（{card}）へ進む"
        names = "と".join(ability_name(v, "ja") for v in used)
        return text + (f"（{names}で試練を通過）" if used else "")
    text = "move to the Goal" if card is None else f"move to slot {slot} ({card})"
    names = " and ".join(ability_name(v) for v in used)
    trials = "a Trial" if len(used) == 1 else f"{len(used)} Trials"
    return text + (f", passing {trials} with {names}" if used else "")


def _ability_en(a: tuple[Any, ...]) -> str:
    aid, die, arg = a
    name = ability_name(aid)
    if arg is None:
        return f"use {name} on {die_ref_text(die)}"
    return f"use {name}: {die_ref_text(die)} → {die_ref_text((0, arg, die[2]))}"


def _ability_ja(a: tuple[Any, ...]) -> str:
    aid, die, arg = a
    name = ability_name(aid, "ja")
    if arg is None:
        return f"{name}を{die_ref_text(die)}に使う"
    return f"{name}：{die_ref_text(die)}→{die_ref_text((0, arg, die[2]))}"


def _fortune_en(a: tuple[tuple[DieRef, str], ...]) -> str:
    """The atoms are recorded in the draft's notation (反転, 振り直し); read in English."""
    return "Fortune: " + fortune_atoms(a)


def fortune_atoms(a: tuple[tuple[DieRef, str], ...], lang: str = "en") -> str:
    """How a Fortune is applied, die by die: "+1 on W5, invert on R2" / "W5に+1、R2に反転"."""
    if lang == "ja":
        return "、".join(f"{die_ref_text(d)}に{t}" for d, t in a)
    return ", ".join(f"{in_english(t)} on {die_ref_text(d)}" for d, t in a)


def _fortune_ja(a: tuple[tuple[DieRef, str], ...]) -> str:
    return "天運：" + fortune_atoms(a, "ja")


def _on_die(en: str, ja: str) -> tuple[Callable[[Any], str], Callable[[Any], str]]:
    """The texts of a kind whose argument is one die: ``{}`` is where the die is named."""
    return (lambda a: en.format(die_ref_text(a)), lambda a: ja.format(die_ref_text(a)))


def _die_to(en: str, ja: str) -> tuple[Callable[[Any], str], Callable[[Any], str]]:
    """The texts of a kind whose argument is (die, face): the die's name, then the face."""
    return (lambda a: en.format(die_ref_text(a[0]), a[1]),
            lambda a: ja.format(die_ref_text(a[0]), a[1]))


#: each decision kind's label, English beside Japanese
_TEXT: BilingualTexts = {
    "class": (lambda a: f"take the class {ability_name(a)}",
              lambda a: f"クラス{ability_name(a, 'ja')}を選ぶ"),
    "rest": (lambda a: f"Rest, returning {dice_text(a) or 'no die'} to the stock",
             lambda a: f"休息：{dice_text(a) or 'なし'}を【ストック】へ戻す"),
    "rest_free": (lambda a: f"Rest with {ability_name(a)} (no die returned)",
                  lambda a: f"{ability_name(a, 'ja')}で休息（サイコロを戻さない）"),
    "move": (lambda a: _dest(a, "en"), lambda a: _dest(a, "ja")),
    "fortune": (_fortune_en, _fortune_ja),
    "ignore_fortune": (lambda a: f"skip the Fortune with {ability_name(a)}",
                       lambda a: f"{ability_name(a, 'ja')}で天運を無視する"),
    "bless": (lambda a: f"spend a blessing: {die_ref_text(a[0])} {a[1]:+d}",
              lambda a: f"加護を使う：{die_ref_text(a[0])}を{a[1]:+d}"),
    "ability": (_ability_en, _ability_ja),
    "achieve": (lambda a: f"achieve {a[0]} with {dice_text(a[1])}",
                lambda a: f"{dice_text(a[1])}で{a[0]}を達成する"),
    "pass": (lambda a: "do not achieve the event", lambda a: "イベントを達成しない"),
    "force": (lambda a: f"force-clear {a[0]}, marking {dice_text(a[1])} as used",
              lambda a: f"{dice_text(a[1])}を使用済みにして{a[0]}を強制クリアする"),
    "star": _on_die("★: mark {} as used", "★：{}を使用済みにする"),
    "star_skip": (lambda a: f"★: keep every die with {ability_name(a)}",
                  lambda a: f"★：{ability_name(a, 'ja')}でサイコロを使用済みにしない"),
    "upgrade": _on_die("turn {} red", "{}を赤サイコロにする"),
    "adjust": _die_to("adjust {} to {}", "{}の目を{}にする"),
    "set": _die_to("set {} to {}", "{}の目を{}に固定する"),
    "reroll": _on_die("reroll {}", "{}を振り直す"),
    "invert": _on_die("invert {}", "{}を反転する"),
    "skip": (lambda a: f"do not use the effect ({effect_text(a)})",
             lambda a: f"効果（{effect_text(a, lang='ja')}）を使わない"),
    "return": _on_die("return {} to the stock", "{}を【ストック】へ戻す"),
    "hit": (lambda a: f"hit {lord_name(a[0])} HP{a[1]} with {dice_text(a[2])}",
            lambda a: f"{dice_text(a[2])}で{lord_name(a[0], 'ja')}のHP{a[1]}を達成する"),
    "weak": (lambda a: f"hit your weakness card {a[0]} with {dice_text(a[1])}",
             lambda a: f"{dice_text(a[1])}で弱点カード{a[0]}を達成する"),
    "fix": _die_to("fix {} at {}", "{}を{}に固定する"),
    "stop": (lambda a: "end the battle", lambda a: "魔王戦を終える"),
    "skill": (lambda a: f"take the skill {ability_name(a)}",
              lambda a: f"スキル{ability_name(a, 'ja')}を得る"),
    "grow_gain": (lambda a: "grow: gain a white die", lambda a: "成長：白サイコロを１個得る"),
    "grow_upgrade": _on_die("grow: turn {} red", "成長：{}を赤サイコロと交換"),
}


class HeroAction(Action):
    __slots__ = ()
    TEXT_EN, TEXT_JA = split_texts(_TEXT)
