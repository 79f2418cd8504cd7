"""The skill vocabulary of Crossroads and the loader of ``data/crossroads/skills.csv``.

Skills are data: each row names hooks from :data:`VOCABULARY`, and the engine
asks "does this seat hold a skill with hook X?" instead of "does it hold S3?",
so a designer can move an effect to another card or change its numbers in a
spreadsheet without touching code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from designkit.core.cardtable import CardName, Column, Table, optional_text
from designkit.core.effects import Arg, Hook, HookSpec

VOCABULARY: dict[str, HookSpec] = {h.name: h for h in (
    HookSpec("end_discard_per_number", "CR-7.1: at game end discard up to N hand cards per number",
             {"max_per_number": Arg(int, 1, (1, 6))}),
    HookSpec("draw_choose", "CR-7.2: draw several on your turn, keep some, the rest to the deck",
             {"draw": Arg(int, 2, (2, 4)), "keep": Arg(int, 1, (1, 1)),
              "rest_to": Arg(str, "bottom", choices=("bottom", "top"))}),
    HookSpec("protect_groups", "CR-7.3: your groups are exempt from CR-4.5"),
    HookSpec("release_copy_hand_number",
             "CR-7.4: hand cards join a release as n if a hand card of n exists",
             {"cards": Arg(int, 1, (1, 2)), "trigger_may_be_reference": Arg(bool, False)}),
    HookSpec("end_multiply_largest_group", "CR-7.5: the largest group counts multiplied",
             {"multiplier": Arg(int, 2, (1, 4))}),
    HookSpec("may_discard_passed", "CR-7.6: a passed card may be discarded"),
    HookSpec("release_shift_hand_number", "CR-7.7: hand cards of n±delta join a release as n",
             {"delta": Arg(int, 1, (1, 3)), "cards": Arg(int, 1, (1, 2))}),
    HookSpec("release_tie_allowed", "CR-7.8: an equal-sized group is enough (≥ instead of >)"),
)}

COLUMNS = (
    Column("id", unique=True),
    Column("name_en"),
    *optional_text("name_ja"),
    Column("cost", "int", range=(-10, 20)),
    Column("effects", "effects"),
    *optional_text("text_ja", "text_en"),
)


@dataclass(frozen=True)
class Skill(CardName):
    id: str
    name_en: str
    name_ja: str
    cost: int
    hooks: tuple[Hook, ...]
    text_ja: str
    text_en: str

    def hook(self, name: str) -> Hook | None:
        return next((h for h in self.hooks if h.name == name), None)


def _skill(r: dict[str, Any]) -> Skill:
    return Skill(r["id"], r["name_en"], r["name_ja"], r["cost"], r["effects"], r["text_ja"],
                 r["text_en"])


SKILLS = Table("crossroads", "skills.csv", COLUMNS, _skill, VOCABULARY,
               min_rows=(1, "CR-2.3: the Crossroads lays out skills"))


def skills_path() -> Path:
    return SKILLS.path()


def load_skills(path: str | Path | None = None) -> tuple[Skill, ...]:
    """Read and validate the skills table (re-read when the file changes)."""
    return SKILLS.load(path)
