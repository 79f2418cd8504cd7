"""Crossroads parameters: every number and ambiguity switch of spec section 3.

Defaults are the draft's; skill costs and skill numbers default to what
``data/crossroads/skills.csv`` says, so the table stays the one source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from designkit.core.errors import ParamError
from designkit.core.params import VARIANTS, Params, param
from designkit.games.crossroads.skills import load_skills


def _skill_ids() -> tuple[str, ...]:
    return tuple(s.id for s in load_skills())


def _costs() -> dict[str, int]:
    return {s.id: s.cost for s in load_skills()}


def _hook_arg(hook: str, arg: str, fallback: Any) -> Any:
    for skill in load_skills():
        found = skill.hook(hook)
        if found is not None:
            return found.args[arg]
    return fallback


SETUP, TURN, SKILLS, END, SCORE = ("Setup (CR-1, CR-2)", "Turn (CR-3 to CR-6)",
                                   "Skills (CR-7)", "End of game (CR-8)",
                                   "Scoring and winner (CR-9, CR-10)")


@dataclass(frozen=True)
class CrossroadsParams(Params):
    """Parameters of Crossroads; see ``../shared/rules/crossroads.md`` section 3."""

    game_name = "crossroads"

    players: int = param(4, range=(3, 5), rule="CR-1.1", group=SETUP,
                         help="Number of players", label_ja="人数")
    numbers: tuple[int, ...] = param((2, 3, 4, 5, 6, 7, 8), item_range=(1, 30), rule="CR-1.2",
                                     group=SETUP, help="Numbers printed on genre cards")
    copies_per_number: int = param(6, range=(1, 12), rule="CR-1.2", group=SETUP,
                                   help="Copies of each number in the deck")
    removed_numbers_3p: tuple[int, ...] = param((2,), item_range=(1, 30), rule="CR-2.1",
                                                group=SETUP,
                                                help="Numbers removed with 3 players")
    removed_numbers_4p: tuple[int, ...] = param((), item_range=(1, 30), rule="CR-2.1",
                                                group=SETUP,
                                                help="Numbers removed with 4 players")
    removed_numbers_5p: tuple[int, ...] = param((), item_range=(1, 30), rule="CR-2.1",
                                                group=SETUP,
                                                help="Numbers removed with 5 players")
    starting_hand: int = param(2, range=(0, 6), rule="CR-2.2", group=SETUP,
                               help="Cards each player draws at setup")
    start_player: int | None = param(None, range=(0, 4), optional=True, rule="CR-2.4",
                                     group=SETUP,
                                     help="Seat that starts (empty: chosen at random)")
    crossroads_skills: tuple[str, ...] = param(default_factory=_skill_ids, kind="list",
                                               choices=None, rule="CR-2.3", group=SETUP,
                                               help="Skills laid out in the Crossroads")
    draw_per_turn: int = param(1, range=(1, 3), rule="CR-3.2", group=TURN,
                               help="Cards drawn per turn (extra cards go to the hand first)")
    release_comparison: str = param("greater", choices=("greater", "greater_or_equal"),
                                    rule="CR-4.4", group=TURN,
                                    help="A release must beat existing groups of its number")
    max_skills_taken_per_pass: int = param(1, range=(0, 2), rule="CR-6.2", group=TURN,
                                           help="Skills a passing player may take")
    max_skills_returned_per_pass: int = param(1, range=(0, 1), rule="CR-6.3", group=TURN,
                                              help="Skills returned in exchange per pass")
    max_skills_held: int | None = param(None, range=(1, 8), optional=True, rule="CR-6.3",
                                        group=TURN, help="Most skills one player may hold "
                                                         "(empty: unlimited)")
    skill_cost: dict[str, int] = param(default_factory=_costs, item_range=(-10, 20),
                                       rule="CR-9.3", group=SKILLS,
                                       help="VP each skill costs if held at game end")
    s1_max_per_number: int = param(default_factory=lambda: _hook_arg(
        "end_discard_per_number", "max_per_number", 1), range=(1, 6), rule="CR-7.1",
        group=SKILLS, help="S1: hand cards discarded per number at game end")
    s2_draw: int = param(default_factory=lambda: _hook_arg("draw_choose", "draw", 2),
                         range=(2, 4), rule="CR-7.2", group=SKILLS,
                         help="S2: cards drawn to choose the trigger from")
    s2_rest_to: str = param(default_factory=lambda: _hook_arg("draw_choose", "rest_to",
                                                              "bottom"),
                            choices=("bottom", "top"), rule="CR-7.2", group=SKILLS,
                            help="S2: where the unchosen cards go")
    s2_optional: bool = param(True, rule="CR-A7", group=SKILLS,
                              help="S2 may be declined (ambiguity CR-A7)")
    s4_cards_per_release: int = param(default_factory=lambda: _hook_arg(
        "release_copy_hand_number", "cards", 1), range=(1, 2), rule="CR-7.4", group=SKILLS,
        help="S4: hand cards that may copy a number per release")
    s4_trigger_may_be_reference: bool = param(default_factory=lambda: _hook_arg(
        "release_copy_hand_number", "trigger_may_be_reference", False), rule="CR-A1",
        group=SKILLS, help="S4: the trigger card may be the reference (wildcard reading)")
    s5_multiplier: int = param(default_factory=lambda: _hook_arg(
        "end_multiply_largest_group", "multiplier", 2), range=(1, 4), rule="CR-7.5",
        group=SKILLS, help="S5: the largest group counts this many times")
    s7_delta: int = param(default_factory=lambda: _hook_arg(
        "release_shift_hand_number", "delta", 1), range=(1, 3), rule="CR-7.7", group=SKILLS,
        help="S7: how far a hand card's number may shift")
    s7_cards_per_release: int = param(default_factory=lambda: _hook_arg(
        "release_shift_hand_number", "cards", 1), range=(1, 2), rule="CR-7.7", group=SKILLS,
        help="S7: hand cards that may shift per release")
    s8_comparison: str = param("greater_or_equal", choices=("greater_or_equal", "greater"),
                               rule="CR-7.8", group=SKILLS,
                               help="S8: comparison for its holder's releases")
    end_hand_sum: int = param(27, range=(2, 100), rule="CR-8.1", group=END, tune=True,
                              help="Hand sum that lets a player declare the end")
    declare_27_by: str = param("active", choices=("active", "any"), rule="CR-A3", group=END,
                               help="Who may declare at the end of a turn")
    declare_27_when_deck_empty: bool = param(True, rule="CR-A5", group=END,
                                             help="Declaring allowed when the deck is empty")
    declare_discard_fraction: float = param(0.5, range=(0.0, 1.0), step=0.1, tune=True,
                                            rule="CR-8.2", group=END,
                                            help="Share of the hand a declarer discards")
    declare_discard_rounding: str = param("floor", choices=("floor", "ceil"), rule="CR-8.2",
                                          group=END, help="Rounding of the declarer's discard")
    vp_per_work_card: int = param(1, range=(-5, 5), rule="CR-9.1", group=SCORE,
                                  help="VP per card in the work pile")
    vp_per_hand_card: int = param(-1, range=(-5, 5), rule="CR-9.2", group=SCORE, tune=True,
                                  help="VP per card left in hand")
    tiebreak: str = param("clockwise", choices=("clockwise", "draw"), rule="CR-10.2",
                          group=SCORE, help="Tie-break: clockwise from the ending player's "
                                            "left neighbour, or shared wins (CR-A15)")
    # -- rule variants (the draft's change list as switches; default = the draft) ------------------
    three_player_removal: bool = param(True, rule="CR-V1", group=VARIANTS,
                                       help="3 players remove removed_numbers_3p (change list: "
                                            "one number again); off: every number")

    def check_consistency(self) -> None:
        known = _skill_ids()
        for sid in self.crossroads_skills:
            if sid not in known:
                raise ParamError("crossroads_skills", f"unknown skill {sid!r}; known: "
                                                      f"{', '.join(known)}")
        for sid in self.skill_cost:
            if sid not in known:
                raise ParamError("skill_cost", f"unknown skill {sid!r}; known: "
                                               f"{', '.join(known)}")
        if len(set(self.numbers)) != len(self.numbers) or not self.numbers:
            raise ParamError("numbers", "must list each number once, at least one")
        if self.start_player is not None and self.start_player >= self.players:
            raise ParamError("start_player", f"{self.start_player} is outside the allowed "
                                             f"range 0–{self.players - 1} for "
                                             f"{self.players} players")

    def removed_numbers(self) -> tuple[int, ...]:
        """CR-2.1: the numbers left out at this player count (none at 3 under CR-V1)."""
        if self.players == 3 and not self.three_player_removal:
            return ()
        return {3: self.removed_numbers_3p, 4: self.removed_numbers_4p,
                5: self.removed_numbers_5p}[self.players]

    def deck_numbers(self) -> tuple[int, ...]:
        removed = set(self.removed_numbers())
        return tuple(n for n in self.numbers if n not in removed)
