"""What can never be true of a Crossroads position (checked after every step by the contract suite).

Codes:

- ``cards_conserved``: every card of the deck composition (CR-1.2, CR-2.1) is in
  exactly one place — deck pool, S2 top/bottom, a hand, a work pile, the
  discard pile, the trigger in play or S2's drawn cards — and no other card exists;
- ``counts_consistent``: the cached counts (``deck_n``, ``hand_n``) and the owner
  lists of S2 cards match what they count; no count is negative;
- ``known_in_hand``: publicly known hand cards (CR-A14) are really in that hand;
- ``players``: every per-seat list has one entry per player of the Params (checked
  first: the other checks index by seat, so a wrong count stops there);
- ``group_limit``: one group per number per work pile (CR-4.3), each holding its
  number (the trigger, CR-4.1) and at most the S4/S7 cards a release can add: a card
  that is not *n* nor *n*±delta needs S4 (CR-7.4), so no more of them than S4 adds, and an
  S7 card is *n*±delta (CR-7.7); at most one group of a number on the table unless a skill
  protects groups, and never more than one plus the protecting skills (CR-4.5, CR-7.3:
  "at most two groups of a number can stand at once"). Which group was protected is not
  in the state (S3 may change hands after it protected one), so two groups whose owners
  no longer hold S3 are possible;
- ``skill_in_one_place``: every skill of the game is in the Crossroads or with
  exactly one player (CR-6.2, CR-6.3);
- ``skill_limit``: nobody holds more than ``max_skills_held`` once an exchange is over;
- ``question``: the open question has what it needs (a trigger to act on, and in its
  ``ctx`` a receiver, a releaser and size, the seats that may declare, the cards left to
  discard) and is put to the seat it names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sized

from designkit.core.invariants import Violation
from designkit.games.crossroads.state import CrossroadsState, Phase

_WITH_TRIGGER = frozenset({Phase.ACT, Phase.COMPOSE, Phase.TAKE, Phase.RETURN, Phase.RECEIVE})


def check_state(st: CrossroadsState) -> list[Violation]:
    """Every broken invariant of ``st`` (an empty list for a possible position)."""
    out: list[Violation] = []
    _players(st, out)
    if out:
        return out
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


def _players(st: CrossroadsState, out: list[Violation]) -> None:
    n = st.params.players
    lists: dict[str, Sized] = {"hands": st.hands, "hand_n": st.hand_n, "known": st.known, "piles": st.piles,
             "skills": st.skills, "released": st.released}
    if st.n != n:
        out.append(Violation("players", f"the state has {st.n} players, the Params {n} "
                                        "(CR-1.1)"))
    out += [Violation("players", f"{key} has {len(v)} entries for {n} players (CR-1.1)")
            for key, v in lists.items() if len(v) != n]


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
    for s, pile in enumerate(st.piles):
        for n, group in pile.items():
            if not group or n not in group:
                out.append(Violation("group_limit", f"seat {s}'s group of {n} does not hold "
                                                    f"a {n} (CR-4.1)"))
            else:
                _composition(st, s, n, group, out)
    protect = st.rules.masks.get("protect_groups", 0)
    most = 1 + bin(protect & _in_game(st)).count("1")
    for n in {n for pile in st.piles for n in pile}:
        owners = [q for q, pile in enumerate(st.piles) if n in pile]
        if len(owners) > most:
            why = ("a skill protects groups (CR-7.3)" if most > 1
                   else "no skill of this game protects groups (CR-4.5)")
            out.append(Violation("group_limit", f"{len(owners)} groups of {n} on the table "
                                 f"(seats {owners}); at most {most}: {why}"))


def _in_game(st: CrossroadsState) -> int:
    return sum(1 << st.rules.index[sid] for sid in st.params.crossroads_skills)


def _composition(st: CrossroadsState, s: int, n: int, group: tuple[int, ...],
                 out: list[Violation]) -> None:
    """The changed cards of a group of ``n``: S4 adds any number (CR-7.4), S7 n±delta
    (CR-7.7), each at most its cards per release, and only if the skill is in the game."""
    p, masks, game = st.params, st.rules.masks, _in_game(st)
    k4 = p.s4_cards_per_release if masks.get("release_copy_hand_number", 0) & game else 0
    k7 = p.s7_cards_per_release if masks.get("release_shift_hand_number", 0) & game else 0
    near = sum(1 for x in group if abs(x - n) == p.s7_delta)
    far = sum(1 for x in group if x != n and abs(x - n) != p.s7_delta)
    if far > k4:
        out.append(Violation("group_limit", f"seat {s}'s group of {n} holds {far} cards that "
                             f"only S4 could change (neither {n} nor {n}±{p.s7_delta}), S4 "
                             f"changes {k4} per release (CR-7.4, CR-7.7)"))
    elif near + far > k4 + k7:
        out.append(Violation("group_limit", f"seat {s}'s group of {n} holds {near + far} "
                             f"changed cards, S4 and S7 change {k4} + {k7} per release "
                             "(CR-7.4, CR-7.7)"))


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


#: the questions put to the active player
_ASKS_ACTIVE = (Phase.S2_CHOICE, Phase.S2_KEEP, Phase.ACT, Phase.TAKE, Phase.RETURN)


def _question(st: CrossroadsState, out: list[Violation]) -> None:
    ph, n = st.phase, st.n

    def bad(what: str) -> None:
        out.append(Violation("question", f"phase {ph.name}: {what}"))

    if not 0 <= st.active < n:
        bad(f"active seat {st.active} does not exist")
        return
    if ph in _WITH_TRIGGER and st.trigger is None:
        bad("no trigger card in play")
    ctx = st.ctx if isinstance(st.ctx, tuple) else ()
    seats = all(isinstance(x, int) and 0 <= x < n for x in ctx[:1])
    if ph in _ASKS_ACTIVE and st.seat != st.active:
        bad(f"seat {st.seat} is asked, not the active player {st.active}")
    if ph in (Phase.TAKE, Phase.RETURN, Phase.RECEIVE) and (
            not ctx or not seats or ctx[0] == st.active):
        bad(f"receiver {ctx[0] if ctx else None} is not another player")
    if ph is Phase.RECEIVE and ctx and st.seat != ctx[0]:
        bad(f"seat {st.seat} is asked, not the receiver {ctx[0]}")
    if ph in (Phase.TAKE, Phase.RETURN) and (len(ctx) != 3 or not all(
            isinstance(x, int) and x >= 0 for x in ctx[1:])):
        bad("no count of the skills taken and returned this pass")
    if ph is Phase.COMPOSE and (len(ctx) != 2 or not seats or st.seat != ctx[0]
                                or not isinstance(ctx[1], int) or ctx[1] < 1):
        bad("no releaser or group size")
    if ph is Phase.DECLARE and (not ctx or any(not isinstance(s, int) or not 0 <= s < n
                                               for s in ctx) or st.seat != ctx[0]):
        bad("nobody may declare")
    if ph is Phase.DECLARE_DISCARD and (st.declarer is None or st.seat != st.declarer
                                        or len(ctx) != 1 or not isinstance(ctx[0], int)
                                        or ctx[0] < 1 or st.hand_n[st.declarer] < 1):
        bad("no declarer with cards to discard")
    if ph is Phase.S2_KEEP and not st.s2_cards:
        bad("no S2 cards to keep")
    if ph is Phase.OVER and st.final is None:
        bad("the game is over but has no final scores")
    if st.end_reason not in (None, "27", "deck_out"):
        bad(f"unknown end reason {st.end_reason!r} (CR-8)")
    if st.end_reason is not None and (st.ending is None or not 0 <= st.ending < n):
        bad(f"the game ended ({st.end_reason}) but the ending player {st.ending} is no seat "
            "(CR-8.4)")
    if ph is Phase.OVER and st.end_reason is None:
        bad("the game is over but has no end reason (CR-8)")


# -- declarations for the contract suite (Game.components, Game.hidden_zones) -------------------
def components(st: CrossroadsState) -> dict[str, int]:
    """Every card by number and every skill card, over all places (CR-1.2, CR-2.1)."""
    out: Counter[str] = Counter()
    for counts in (st.deck, st.discard, *st.hands):
        out.update({f"card {x}": k for x, k in enumerate(counts) if k})
    loose = st.top + st.bottom + st.s2_cards + ([st.trigger] if st.trigger is not None else [])
    loose += [x for pile in st.piles for group in pile.values() for x in group]
    out.update(f"card {x}" for x in loose)
    for mask in (st.crossroads, *st.skills):
        out.update(f"skill {s.id}" for i, s in enumerate(st.rules.skills) if mask >> i & 1)
    return dict(out)


def hidden_zones(st: CrossroadsState, seat: int) -> list[list[tuple[str | int, ...]]]:
    """The other seats' hands (CR-A14: hidden, their sizes public; a publicly known card
    moved by a shuffle is refused by ``known_in_hand``, so the suite tries another)."""
    return [[("hands", q) for q in range(st.n) if q != seat]]
