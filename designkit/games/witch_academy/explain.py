"""Why a Witch Academia action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.flow import no_decision_due
from designkit.games.witch_academy.state import Phase, WitchState

_WAITING = {
    Phase.START_RES: ("take", "a player takes a starting resource (LW-2.6)"),
    Phase.DRAFT: ("pick", "a player picks a card in the draft (LW-3.4)"),
    Phase.MODE: ("worker rest assign", "the player chooses a worker, Rest or Assignment "
                 "Creation (LW-4.2)"),
    Phase.TARGET: ("target", "the player chooses an Area or the University (LW-5.1)"),
    Phase.REST: ("recall", "the player chooses workers to recall (LW-9.1)"),
    Phase.BONUS: ("bonus", "the player applies or skips the Area bonus (LW-6.2)"),
    Phase.EXPLORE: ("explore end", "the player applies an exploration card or stops (LW-6.3)"),
    Phase.ES: ("es", "the player decides on the Extra Stage (LW-6.5)"),
    Phase.UNIV: ("exchange play end", "the player takes a University action (LW-7.2)"),
    Phase.AMOUNT: ("amount", "the player chooses how many to exchange (LW-7.3)"),
    Phase.COLOUR: ("colour", "the player chooses a basic resource"),
    Phase.PAY: ("pay", "the player chooses a resource to pay"),
    Phase.LEGACY: ("legacy", "the player chooses a legacy type"),
    Phase.WORKER: ("heal", "the player chooses a worker to heal"),
    Phase.RECALL: ("recall", "the player chooses workers to recall"),
    Phase.FACILITY: ("cover", "the player chooses a facility stack to cover (LW-7.8)"),
    Phase.ASSIGN: ("complete pass", "the player completes an assignment or passes (LW-10.1)"),
    Phase.KEEP: ("keep", "the player keeps a card face down (LW-11.4)"),
    Phase.RETURN: ("return", "the player returns a resource to the cap (LW-11.5)"),
}


def explain_illegal(st: WitchState, action: Any) -> str:
    kind, arg = getattr(action, "kind", None), getattr(action, "arg", None)
    not_due = no_decision_due(st, _WAITING, "LW-12")
    if not_due is not None:
        return not_due
    expected = _WAITING[st.phase]
    if kind not in expected[0].split():
        return f"now {expected[1]}"
    seat = st.seat
    assert seat is not None  # a decision is due (checked above), so a seat answers it
    rules = st.rules
    if st.phase is Phase.MODE and kind == "worker" and arg in rules.ranks:
        w = rules.ranks.index(arg)
        if st.loc[seat][w] is not None:
            return f"the {arg} is already placed (LW-5.1: only workers in supply)"
        return (f"the {arg} has Health {st.health[seat][w]}: a worker at "
                f"{st.params.unplaceable_health} cannot be placed (LW-5.1)")
    if st.phase is Phase.TARGET and arg in rules.area_index:
        a = rules.area_index[arg]
        if a not in st.areas:
            return f"{arg} is not in play this game (LW-2.1)"
        occ = st.occupant[st.areas.index(a)]
        w = st.ctx[1]
        if occ is not None and occ[0] == seat:
            return "you may never place on an Area that holds your own worker (LW-5.1, LW-A22)"
        if occ is not None and rules.rank_value[occ[1]] > rules.rank_value[w]:
            return (f"a {rules.ranks[w]} cannot push out a higher-rank {rules.ranks[occ[1]]} "
                    "(LW-8.2)")
        if occ is not None:
            return (f"a same-rank push costs {st.params.push_same_rank_cost} Health and the "
                    f"{rules.ranks[w]} at {st.health[seat][w]} would fall below the payment "
                    f"floor {st.params.payment_floor} (LW-8.3, LW-0.2)")
    if st.phase is Phase.UNIV and kind == "exchange" and not st.params.university_exchange:
        return "the University offers no Resource Exchange under this variant (LW-V1)"
    if st.phase is Phase.UNIV and kind == "exchange":
        if isinstance(arg, tuple) and len(arg) == 2 and arg[1] == "E":
            return "an exchange can never give Elixir (LW-7.3)"
        return "an exchange turns one resource type you hold into one other basic type (LW-7.3)"
    if st.phase is Phase.ASSIGN and kind == "complete":
        if st.params.achievement_tokens_per_player is not None and st.tokens[seat] <= 0:
            return "no achievement token left (LW-10.3)"
        return "not on display or not affordable, Elixir counting as wild (LW-10.1, LW-0.1)"
    if st.phase is Phase.EXPLORE and kind == "explore":
        return "not a card at this Area, or its cost cannot be paid in full (LW-6.3)"
    return f"now {expected[1]}"


