"""What can never be true of a Classic Hero position (the contract suite checks each step)."""

from __future__ import annotations

from designkit.core.invariants import Violation
from designkit.games.classic_hero.state import ClassicHeroState, Phase


def check_state(st: ClassicHeroState) -> list[Violation]:
    out: list[Violation] = []
    r, p = st.rules, st.params
    for s in range(st.n):
        over = len(st.dice[s]) - p.max_dice
        pending = st.phase in (Phase.LIMIT, Phase.ROLL) or ("limit", s) in st.stack
        if over > 0 and not pending:
            out.append(Violation("dice_limit", f"{s} owns {len(st.dice[s])} dice, more than "
                                               f"max_dice {p.max_dice} (CH-2.3)"))
        for i, (v, _, _) in enumerate(st.dice[s]):
            rolling = st.phase is Phase.ROLL and st.ctx[:2] == (s, i)
            if not (r.lo <= v <= r.hi or (v == 0 and (rolling or st.stage == 0 or ("roll_all",) in st.stack or any(
                    t[0] == "roll_die" and t[1:3] == (s, i) for t in st.stack)))):
                out.append(Violation("die_value", f"seat {s} die {i} shows {v} (CH-0.4)"))
        if st.bless[s] < 0:
            out.append(Violation("blessings", f"seat {s} has {st.bless[s]} blessings"))
        if not 0 <= st.pos[s] <= r.goal:
            out.append(Violation("position", f"seat {s} is at {st.pos[s]}"))
    slots = [q for q in st.pos if 0 < q < r.goal]
    if len(slots) != len(set(slots)):
        out.append(Violation("shared_slot", "two pawns share an event slot (CH-5.3)"))
    if st.stage >= 1 and st.phase is not Phase.OVER and any(e is not None for e in st.track):
        deck = r.stage_decks[st.stage]
        seen = (list(st.event_deck) + [e for e in st.track if e is not None]
                + [e for t in st.taken for e in t if e in set(deck)])
        if sorted(seen) != sorted(deck):
            out.append(Violation("cards_conserved", f"stage {st.stage} event cards: "
                                                    f"{len(seen)} accounted for, deck has "
                                                    f"{len(deck)}"))
    taken = [e for t in st.taken for e in t]
    if len(taken) != len(set(taken)):
        out.append(Violation("cards_conserved", "an event card is held twice"))
    held = [a for ab in st.abilities for a in ab]
    skills = list(st.skill_deck) + list(st.display) + [a for a in held if a in r.skills]
    if len(skills) != len(set(skills)) or len(skills) > len(r.skills):
        out.append(Violation("cards_conserved", "a skill card is in two places"))
    out += _variant_violations(st)
    lords = list(st.lord_deck) + [b for b, _ in st.lords_up]
    if len(lords) != len(set(lords)):
        out.append(Violation("cards_conserved", "a Demon Lord card is in two places"))
    return out


def _variant_violations(st: ClassicHeroState) -> list[Violation]:
    """The rule variants' own state: marks on dice that exist, weakness cards in one place."""
    out: list[Violation] = []
    for s in range(st.n):
        for name, marks in (("fixed", st.fixed[s]), ("red_once", st.red_once[s])):
            if len(set(marks)) != len(marks) or any(not 0 <= i < len(st.dice[s])
                                                    for i in marks):
                out.append(Violation(name, f"seat {s} marks dice {marks} of "
                                           f"{len(st.dice[s])} (CH-V3, CH-V5)"))
        if any(not st.dice[s][i][1] for i in st.red_once[s] if i < len(st.dice[s])):
            out.append(Violation("red_once", f"seat {s}: a white die is marked as a red die "
                                             "that served one HP (CH-V5)"))
    weak = list(st.weak_deck) + [w for ws in st.weak for w in ws]
    if len(weak) != len(set(weak)) or any(not 0 <= w < len(st.rules.weaknesses) for w in weak):
        out.append(Violation("cards_conserved", "a weakness card is in two places (CH-V2)"))
    return out


# -- declarations for the contract suite (Game.components, Game.hidden_zones) -------------------
def components(st: ClassicHeroState) -> dict[str, int]:
    """Nothing is conserved in Classic Hero's state: it keeps no discard piles (a used
    skill card, a defeated Demon Lord, a weakness card played in a battle, CH-V2, leave
    it), the weakness deck is a full deck again each stage and dice are gained (CH-2.3);
    so no count is declared (``cards_conserved`` checks each stage's event deck)."""
    return {}


def hidden_zones(st: ClassicHeroState, seat: int) -> list[list[tuple[str | int, ...]]]:
    """CH-V2 「自分だけが知るボスの弱点」: the other seats' weakness cards and the deck."""
    if not st.params.weakness_on:
        return []
    return [[*[("weaknesses", q) for q in range(st.n) if q != seat], ("weakness_deck",)]]
