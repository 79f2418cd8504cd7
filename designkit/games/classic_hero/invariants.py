"""What can never be true of a Classic Hero position (the contract suite checks each step)."""

from __future__ import annotations

from collections import Counter

from designkit.core.invariants import Violation
from designkit.games.classic_hero.state import ClassicHeroState, Phase


def check_state(st: ClassicHeroState) -> list[Violation]:
    out: list[Violation] = []
    r, p = st.rules, st.params
    for s in range(st.n):
        over = len(st.dice[s]) - p.max_dice
        pending = st.phase in (Phase.LIMIT, Phase.ROLL, Phase.ROLLS) or ("limit", s) in st.stack
        if over > 0 and not pending:
            out.append(Violation("dice_limit", f"{s} owns {len(st.dice[s])} dice, more than "
                                               f"max_dice {p.max_dice} (CH-2.3)"))
        for i, (v, _, _) in enumerate(st.dice[s]):
            rolling = (st.phase is Phase.ROLL and st.ctx[:2] == (s, i)) or (
                st.phase is Phase.ROLLS and st.ctx[0] == s and i in st.ctx[1])
            if not (r.lo <= v <= r.hi or (v == 0 and (rolling or st.stage == 0 or ("roll_all",) in st.stack or any(
                    (t[0] == "roll_die" and t[1:3] == (s, i))
                    or (t[0] == "roll_dice" and t[1] == s and i in t[2]) for t in st.stack)))):
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
    """Every card by id over all places, and the dice (issue 36): the event deck, the
    Adventure, each seat's achieved cards, the later stages' decks still in the box; the
    Demon Lord deck and the face-up lords; the skill deck, display and the skills held;
    CH-V2's weakness deck and hands (all in the box before the first stage, a full deck
    again each stage); and ``st.out``, what the rules put out of play (discards at the
    stage end CH-8.4, the 4 undrawn event cards CH-4.1, defeated lords CH-7.3, weaknesses
    hit or discarded). Dice: those owned plus ``st.stock``, the dice returned to the
    unlimited stock (CH-A29) net of those taken from it, which is 0 from the start."""
    r = st.rules
    count: Counter[str] = Counter(st.out)
    ev = r.events
    count.update(f"event {ev[e].id}" for e in st.event_deck)
    count.update(f"event {ev[e].id}" for e in st.track if e is not None)
    count.update(f"event {ev[e].id}" for t in st.taken for e in t)
    count.update(f"event {c.id}" for c in ev if c.stage > st.stage)
    count.update(f"lord {r.lords[b].id}" for b in st.lord_deck)
    count.update(f"lord {r.lords[b].id}" for b, _ in st.lords_up)
    skills = set(r.skills)
    count.update(f"skill {r.abilities[a].id}" for a in st.skill_deck)
    count.update(f"skill {r.abilities[a].id}" for a in st.display)
    count.update(f"skill {r.abilities[a].id}" for ab in st.abilities for a in ab if a in skills)
    if st.params.weakness_on:
        if st.stage == 0:
            count.update(f"weakness {w.id}" for w in r.weaknesses)
        count.update(f"weakness {r.weaknesses[w].id}" for w in st.weak_deck)
        count.update(f"weakness {r.weaknesses[w].id}" for ws in st.weak for w in ws)
    count["die"] = sum(map(len, st.dice)) + st.stock
    return dict(count)


def derive_out(st: ClassicHeroState) -> None:
    """``st.out`` and ``st.stock`` of a loaded position (its document does not hold them):
    every card of a started stage, the lords and skills, and (from the first stage) the
    weaknesses that are in no place are out of play; the stock is net of the dice owned."""
    r = st.rules
    st.out, st.stock = (), 0
    have = components(st)
    missing: list[str] = []
    for key in ([f"event {c.id}" for c in r.events] + [f"lord {b.id}" for b in r.lords]
                + [f"skill {r.abilities[a].id}" for a in r.skills]
                + ([f"weakness {w.id}" for w in r.weaknesses] if st.params.weakness_on else [])):
        missing += [key] * max(0, 1 - have.get(key, 0))
    st.out = tuple(missing)
    st.stock = -sum(map(len, st.dice))


def hidden_zones(st: ClassicHeroState, seat: int) -> list[list[tuple[str | int, ...]]]:
    """CH-V2 「自分だけが知るボスの弱点」: the other seats' weakness cards and the deck."""
    if not st.params.weakness_on:
        return []
    return [[*[("weaknesses", q) for q in range(st.n) if q != seat], ("weakness_deck",)]]
