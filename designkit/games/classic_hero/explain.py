"""Why a Classic Hero action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.flow import no_decision_due
from designkit.games.classic_hero.state import ClassicHeroState, Phase

_WAITING = {
    Phase.CLASS: "a player picks a class, in descending order of speed (CH-2.4)",
    Phase.MOVE: "the rearmost player Rests or chooses where to stop (CH-5.1, CH-5.3, CH-5.6)",
    Phase.FORTUNE: "the player applies the Fortune, in full where possible (CH-6.1, CH-6.2)",
    Phase.CHECK: "the player achieves the event with a set of dice, spends a blessing, or "
                 "passes (CH-6.3, CH-6.5)",
    Phase.STAR: "the player marks one die of the used set as used (★, CH-6.6)",
    Phase.EFFECT: "the player chooses the target of the event effect (§5.2)",
    Phase.LIMIT: "the player returns a die over the dice limit (CH-2.3)",
    Phase.BATTLE: "the player hits a Demon Lord HP with a set of dice, or stops (CH-7)",
    Phase.SKILL_PICK: "the player takes a skill from the display (CH-7.5)",
    Phase.GROWTH: "the player grows: a white die, or a white die turned red (CH-8.6)",
}

_WHY = {
    "move": "that is not a legal stop: blanks and pawns cannot be stopped on, and an empty "
            "Trial cannot be passed (CH-5.3, CH-5.4)",
    "rest": "Rest needs at least 2 used dice and returns a used die (CH-5.6)",
    "achieve": "those dice do not meet the condition, or the set is not minimal for N↑ "
               "(CH-6.3, CH-A7)",
    "hit": "that HP is marked already, or the dice do not meet its condition (CH-7.1, CH-7.2)",
    "bless": "no blessing left, or the change would not alter the die (CH-6.5, CH-A11)",
    "fortune": "another choice applies more of the Fortune in full (CH-6.2)",
}


def explain_illegal(st: ClassicHeroState, action: Any) -> str:
    not_due = no_decision_due(st, _WAITING, "CH-9")
    if not_due is not None:
        return not_due
    expected = _WAITING[st.phase]
    kind = getattr(action, "kind", None)
    if kind is None or not any(a.kind == kind for a in st.options):
        return f"now {expected}"
    return _WHY.get(kind, f"now {expected}")
