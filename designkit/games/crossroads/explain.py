"""Why a Crossroads action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.seats import seat_label
from designkit.games.crossroads import release as rel
from designkit.games.crossroads.state import CrossroadsState, Phase

_WAITING = {
    Phase.ACT: "the active player chooses Release, Hold or Pass (CR-3.2)",
    Phase.RECEIVE: "the pass receiver chooses Release or Hold (CR-6.4)",
    Phase.COMPOSE: "the releaser chooses which S4/S7 cards join the group (CR-7.4, CR-7.7)",
    Phase.TAKE: "the passing player may take a skill (CR-6.2)",
    Phase.RETURN: "the passing player may return a skill (CR-6.3)",
    Phase.DECLARE: "a player with a hand sum of exactly the end sum may declare (CR-8.1)",
    Phase.DECLARE_DISCARD: "the declarer discards half the hand (CR-8.2)",
    Phase.S2_CHOICE: "the active player decides whether to use S2 (CR-7.2)",
    Phase.S2_KEEP: "the active player keeps one of the S2 cards (CR-7.2)",
}


def explain_illegal(st: CrossroadsState, action: Any) -> str:
    kind = getattr(action, "kind", None)
    arg = getattr(action, "arg", None)
    ph = st.phase
    if ph is Phase.RECEIVE and kind == "pass":
        return "CR-6.4: a receiver cannot pass the card on"
    if ph is Phase.RECEIVE and kind == "discard":
        return "CR-7.6: only a receiver holding S6 may discard a passed card"
    if kind == "release" and ph in (Phase.ACT, Phase.RECEIVE):
        seat = st.ctx[0] if ph is Phase.RECEIVE else st.active
        n = st.card()
        if n in st.piles[seat]:
            return f"CR-4.3: {seat_label(seat)} already has a group of {n} in the work pile"
        sizes = rel.release_sizes(st, seat, n)
        lo = rel.beat_size(st, seat, n)
        if isinstance(arg, int) and arg < 1:
            return "CR-4.1: a group always contains the trigger card, so its size is at least 1"
        if isinstance(arg, int) and arg < lo:
            owners = [f"{seat_label(q)}'s {n}×{len(p[n])}" for q, p in enumerate(st.piles)
                      if q != seat and n in p]
            rule = "CR-7.8" if st.holds(seat, "release_tie_allowed") else "CR-4.4"
            return (f"{rule}: {', '.join(owners)} on the table needs a group of at least {lo}")
        top = sizes[-1] if sizes else 1
        return f"CR-4.1: {seat_label(seat)} can make a group of at most {top} with this hand"
    if kind == "compose" and ph is Phase.COMPOSE:
        return _explain_composition(st, arg)
    if kind == "pass" and ph is Phase.ACT and arg == st.active:
        return "CR-6.1: the card is passed to another player"
    if kind == "take" and arg is not None and ph is Phase.TAKE:
        return f"CR-6.2: skill {arg} is not in the Crossroads"
    if kind == "return" and ph is Phase.RETURN:
        return "CR-6.3: only a skill held before this pass can be returned, once"
    if kind == "declare" and ph not in (Phase.DECLARE, Phase.OVER):
        return (f"CR-8.1: a declaration comes at the end of the turn, from a player whose "
                f"hand sums to exactly {st.params.end_hand_sum}")
    if ph is Phase.OVER:
        return "the game is over"
    return "now " + _WAITING.get(ph, "no decision is due")


def _cards(value: Any) -> bool:
    return isinstance(value, tuple) and all(isinstance(x, int) for x in value)


def _explain_composition(st: CrossroadsState, arg: Any) -> str:
    """CR-7.4 (S4) and CR-7.7 (S7): why these cards cannot join this group."""
    if not (isinstance(arg, tuple) and len(arg) == 2 and _cards(arg[0]) and _cards(arg[1])):
        return "CR-7.4/CR-7.7: a composition lists (S4-changed cards, S7-shifted cards)"
    four, seven = arg
    (seat, size), n, p = st.ctx, st.card(), st.params
    hand, who = st.hands[seat], seat_label(seat)
    if four:
        if not st.holds(seat, "release_copy_hand_number"):
            return f"CR-7.4: {who} does not hold S4"
        if not hand[n] and not p.s4_trigger_may_be_reference:
            return f"CR-7.4: S4 needs a {n} in the hand (the trigger is no reference, CR-A1)"
        if len(four) > p.s4_cards_per_release:
            return f"CR-7.4: S4 changes at most {p.s4_cards_per_release} hand card(s) per release"
        if n in four:
            return f"CR-7.4: S4 changes cards of another number into {n}"
    if seven:
        d = p.s7_delta
        if not st.holds(seat, "release_shift_hand_number"):
            return f"CR-7.7: {who} does not hold S7"
        if any(x not in (n - d, n + d) for x in seven):
            return f"CR-7.7: S7 shifts only hand cards of {n - d} or {n + d} into {n}"
        if len(seven) > p.s7_cards_per_release:
            return f"CR-7.7: S7 shifts at most {p.s7_cards_per_release} hand card(s) per release"
    cards = four + seven
    if any(not 0 <= x < len(hand) or cards.count(x) > hand[x] for x in cards):
        return f"CR-7.4/CR-7.7: {who}'s hand does not hold the cards {list(cards)}"
    naturals = size - 1 - len(cards)
    if not 0 <= naturals <= hand[n]:
        return (f"CR-4.1: with these cards a group of {size} would need {naturals} matching "
                f"{n}s from the hand, which holds {hand[n]}")
    same = next((a for a in st.options if a.kind == "compose"
                 and sorted(a.arg[0] + a.arg[1]) == sorted(cards)), None)
    if same is not None:
        return (f"CR-7.4/CR-7.7: the same group (and the same hand left) is offered once, as "
                f"'{same.describe()}'")
    return "CR-7.4/CR-7.7: these cards cannot join this group"

