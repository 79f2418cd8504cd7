"""Crossroads: the genre (number) cards, copies as the parameters say, and the skills.

The game's ``print_decks`` hook (``core.hooks``): ``designkit cards crossroads`` prints what
:func:`decks` returns."""

from __future__ import annotations

from designkit.core.decks import Deck, NewDeck, raw_rows, with_raw
from designkit.core.paths import data_dir
from designkit.games.crossroads.params import CrossroadsParams
from designkit.games.crossroads.skills import load_skills, skills_path


def decks(params: CrossroadsParams, new: NewDeck) -> list[Deck]:
    return [_numbers(params, new), _skills(params, new)]


def _numbers(params: CrossroadsParams, new: NewDeck) -> Deck:
    """CR-1.2: numbers × copies_per_number (the numbers removed by player count at setup,
    CR-2.1, are printed too: the same box plays 3–5)."""
    source = data_dir("crossroads") / "genres.csv"
    genres = {int(r["number"]): r for r in raw_rows(source)}
    b = new("numbers", ("Genre cards", "ジャンルカード"), source)
    for n in params.numbers:
        row = genres.get(n, {})
        b.add(f"N{n}", {**with_raw(row), "number": n, "name_en": row.get("genre_en", ""),
                        "name_ja": row.get("genre_ja", "")}, copies=params.copies_per_number)
    return b.deck()


def _skills(params: CrossroadsParams, new: NewDeck) -> Deck:
    b = new("skills", ("Skill cards", "スキルカード"), skills_path())
    for s, row in zip(load_skills(), raw_rows(skills_path()), strict=False):
        cost = params.skill_cost.get(s.id, s.cost)
        b.add(s.id, {**with_raw(row), "cost": cost, "name_en": s.name_en, "name_ja": s.name_ja,
                     "text_en": s.text_en, "text_ja": s.text_ja,
                     "effect_en": s.text_en, "effect_ja": s.text_ja,
                     "engine": row.get("effects", "")})
    return b.deck()
