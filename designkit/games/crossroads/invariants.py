"""What can never be true of a Crossroads position (checked after every step by the contract suite).

Codes:

- ``cards_conserved``: every card of the deck composition (CR-1.2, CR-2.1) is in
  exactly one place — deck pool, S2 top/bottom, a hand, a work pile, the
  discard pile, the trigger in play or S2's drawn cards — and no other card exists;
- ``counts_consistent``: the cached counts (``deck_n``, ``hand_n``) and the owner
  lists of S2 cards match what they count; no count is negative;
- ``known_in_hand``: publicly known hand cards (CR-A14) are really in that hand;
- ``group_limit``: one group per number per work pile (CR-4.3), each holding its
  number (the trigger, CR-4.1) and at most the S4/S7 cards a release can add;
- ``skill_in_one_place``: every skill of the game is in the Crossroads or with
  exactly one player (CR-6.2, CR-6.3);
- ``skill_limit``: nobody holds more than ``max_skills_held`` once an exchange is over;
- ``question``: the open question has what it needs (a trigger to act on, a
  receiver, a releaser, a declarer) and names seats that exist.
"""

from __future__ import annotations

from designkit.core.invariants import Violation
from designkit.games.crossroads.state import CrossroadsState, Phase

_WITH_TRIGGER = frozenset({Phase.ACT, Phase.COMPOSE, Phase.TAKE, Phase.RETURN, Phase.RECEIVE})


def check_state(st: CrossroadsState) -> list[Violation]:
    """Every broken invariant of ``st`` (an empty list for a possible position)."""
    out: list[Violation] = []
    _cards(st, out)
    _counts(st, out)
    _groups(st, out)
    _skills(st, out)
    _question(st, out)
    return out


def _cards(st: CrossroadsState, out: list[Violation]) -> None:
    size = st.rules.size
    box = [0] * size
    for x in st.rules.numbers:
        box[x] = st.params.copies_per_number
    seen = st.deck[:]
    loose = st.top + st.bottom + st.s2_cards + ([st.trigger] if st.trigger is not None else [])
    for pile in st.piles:
        for group in pile.values():
            loose.extend(group)
    for x in loose:
        if not 0 <= x < size:
            out.append(Violation("cards_conserved", f"card {x} is not a number of this deck"))
            return
        seen[x] += 1
    for hand in st.hands:
        for x, k in enumerate(hand):
            seen[x] += k
    for x, k in enumerate(st.discard):
        seen[x] += k
    for x in range(size):
        if seen[x] != box[x]:
            out.append(Violation("cards_conserved", f"{seen[x]} cards of number {x} are in "
                                                    f"play, the deck has {box[x]}"))
            return


def _counts(st: CrossroadsState, out: list[Violation]) -> None:
    arrays = [("deck", st.deck), ("discard", st.discard)] + [
        (f"hand of seat {s}", h) for s, h in enumerate(st.hands)]
    for name, counts in arrays:
        if min(counts, default=0) < 0:
            out.append(Violation("counts_consistent", f"the {name} has a negative count"))
    if st.deck_n != sum(st.deck):
        out.append(Violation("counts_consistent", f"deck_n is {st.deck_n} but the deck pool "
                                                  f"holds {sum(st.deck)} cards"))
    for s in range(st.n):
        if st.hand_n[s] != sum(st.hands[s]):
            out.append(Violation("counts_consistent", f"hand_n[{s}] is {st.hand_n[s]} but the "
                                                      f"hand holds {sum(st.hands[s])} cards"))
        if any(k > h for k, h in zip(st.known[s], st.hands[s], strict=True)):
            out.append(Violation("known_in_hand", f"seat {s} has a publicly known card that "
                                                  "is not in its hand"))
    for name, cards, owners in (("top", st.top, st.top_owner),
                                ("bottom", st.bottom, st.bottom_owner)):
        if len(cards) != len(owners) or any(not 0 <= o < st.n for o in owners):
            out.append(Violation("counts_consistent", f"the S2 cards on the {name} of the deck "
                                                      "and their owners do not match"))


def _groups(st: CrossroadsState, out: list[Violation]) -> None:
    p = st.params
    extra = p.s4_cards_per_release + p.s7_cards_per_release
    for s, pile in enumerate(st.piles):
        for n, group in pile.items():
            if not group or n not in group:
                out.append(Violation("group_limit", f"seat {s}'s group of {n} does not hold "
                                                    f"a {n} (CR-4.1)"))
            elif len(group) - group.count(n) > extra:
                out.append(Violation("group_limit", f"seat {s}'s group of {n} holds more S4/S7 "
                                                    f"cards than one release adds ({extra})"))


def _skills(st: CrossroadsState, out: list[Violation]) -> None:
    in_game = sum(1 << st.rules.index[sid] for sid in st.params.crossroads_skills)
    places = [st.crossroads, *st.skills]
    union = 0
    for mask in places:
        if union & mask:
            out.append(Violation("skill_in_one_place", "a skill is in two places"))
            return
        union |= mask
    if union != in_game:
        out.append(Violation("skill_in_one_place", "a skill of the game is missing or a skill "
                                                   "not in the game is held"))
    limit = st.params.max_skills_held
    if limit is not None and st.phase not in (Phase.TAKE, Phase.RETURN):
        for s, mask in enumerate(st.skills):
            if bin(mask).count("1") > limit:
                out.append(Violation("skill_limit", f"seat {s} holds more than {limit} skills"))


def _question(st: CrossroadsState, out: list[Violation]) -> None:
    ph, n = st.phase, st.n

    def bad(what: str) -> None:
        out.append(Violation("question", f"phase {ph.name}: {what}"))

    if not 0 <= st.active < n:
        bad(f"active seat {st.active} does not exist")
        return
    if ph in _WITH_TRIGGER and st.trigger is None:
        bad("no trigger card in play")
    if ph is Phase.RECEIVE and (st.receiver is None or not 0 <= st.receiver < n
                                or st.receiver == st.active):
        bad(f"receiver {st.receiver} is not another player")
    if ph is Phase.COMPOSE and (st.releaser is None or not 0 <= st.releaser < n
                                or st.release_size < 1):
        bad("no releaser or group size")
    if ph is Phase.DECLARE and (not st.declare_queue
                                or any(not 0 <= s < n for s in st.declare_queue)):
        bad("nobody may declare")
    if ph is Phase.DECLARE_DISCARD and (st.declarer is None or st.discard_left < 1
                                        or st.hand_n[st.declarer] < 1):
        bad("no declarer with cards to discard")
    if ph is Phase.S2_KEEP and not st.s2_cards:
        bad("no S2 cards to keep")
    if ph is Phase.OVER and st.final is None:
        bad("the game is over but has no final scores")
