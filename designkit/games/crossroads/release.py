"""Release (CR-4) with the skills that bend it (S3, S4, S7, S8).

Kept apart from the turn flow because both the active player and a pass
receiver release under the same rules (CR-4.6), and bots and tests ask
"what sizes are legal?" without playing a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement, repeat
from typing import NamedTuple

from designkit.core.seats import seat_label
from designkit.games.crossroads.actions import Action
from designkit.games.crossroads.params import CrossroadsParams
from designkit.games.crossroads.state import CrossroadsState

Composition = tuple[tuple[int, ...], tuple[int, ...]]  # (S4-changed numbers, S7-shifted numbers)
_PLAIN: tuple[Composition, ...] = (((), ()),)
_PLAIN_OPTIONS: tuple[Action, ...] = (Action("compose", _PLAIN[0]),)
#: memo entries per compiled ruleset before the memo starts again: 1,200 random games meet
#: 1,300-2,300 (trigger, skills, clipped hand) keys, so it stays warm; the bound keeps a
#: long session's memory flat under any params
MEMO_LIMIT = 1 << 14


class Composed(NamedTuple):
    """One (trigger, S4/S7 held, hand)'s compositions, memoised per ruleset."""

    comps: tuple[Composition, ...]
    #: the most hand cards the skills add to a group (what ``release_sizes`` reaches)
    most: int
    #: the COMPOSE options per (group size, hand cards of ``n``), built on first ask (the
    #: key clips the hand, so the naturals there are not part of it)
    by_size: dict[tuple[int, int], tuple[Action, ...]]


def beat_size(st: CrossroadsState, seat: int, n: int) -> int:
    """Smallest legal group size under CR-4.4 (S8 relaxes > to ≥, CR-7.8, CR-A11)."""
    biggest = 0
    own = st.piles[seat]
    for pile in st.piles:
        if n in pile and pile is not own and len(pile[n]) > biggest:   # most hold no n
            biggest = len(pile[n])
    rules = st.rules
    if rules.tie_always or st.skills[seat] & rules.tie_mask:
        return biggest or 1
    return biggest + 1


def compositions(st: CrossroadsState, seat: int, n: int) -> tuple[Composition, ...]:
    """Every distinct way S4 (CR-7.4) and S7 (CR-7.7) cards may join ``seat``'s group of
    ``n`` (:func:`direct_compositions`, memoised per ruleset)."""
    found = _composed(st, seat, n)
    return _PLAIN if found is None else found.comps


def _composed(st: CrossroadsState, seat: int, n: int) -> Composed | None:
    """The memo entry of ``seat``'s compositions for ``n``; ``None`` without S4 and S7.

    Looked up first by the hand as it is (``rules.composed``: the key is one tuple built
    from the counts, no clipping), then, on a miss there, by the clipped key below
    (:func:`_clipped`), which shares one entry among the hands that answer alike.
    """
    rules = st.rules
    held = st.skills[seat] & rules.compose_mask
    if not held:
        return None
    key = (n, held, *st.hands[seat])
    memo = rules.composed
    found: Composed | None = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[key] = _clipped(st, seat, n)
    return found


def _clipped(st: CrossroadsState, seat: int, n: int) -> Composed:
    """The memo entry of ``seat``'s compositions for ``n`` (``seat`` holds S4 or S7).

    The answer depends on the params (fixed per ruleset), which of S4/S7 the seat holds,
    ``n`` and the hand's counts, and on nothing else, so those are the key: the same
    hand meets the same trigger again and again over a batch, and building the
    compositions (combinations, fit checks, de-duplication) was Crossroads' costliest
    rule step in random play. A composition moves at most ``cap`` hand cards (S4's plus
    S7's per release), so a count above ``cap`` answers as ``cap`` does: the key holds
    the counts clipped to it, which keeps a batch's keys few (a third of the unclipped).
    """
    rules, held = st.rules, st.skills[seat]
    s4, s7 = bool(held & rules.s4_mask), bool(held & rules.s7_mask)
    p = st.params
    cap = (p.s4_cards_per_release if s4 else 0) + (p.s7_cards_per_release if s7 else 0)
    key = (n, s4, s7, *map(min, st.hands[seat], repeat(cap)))
    memo = rules.compositions
    found: Composed | None = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        comps = direct_compositions(p, key[3:], n, s4, s7)
        found = memo[key] = Composed(comps, max(len(a) + len(b) for a, b in comps), {})
    return found


def direct_compositions(p: CrossroadsParams, hand: Sequence[int], n: int, s4: bool,
                        s7: bool) -> tuple[Composition, ...]:
    """Every distinct way S4 (CR-7.4) and S7 (CR-7.7) cards may join a group of ``n``,
    worked out from the hand (the memo's reference computation).

    Two compositions that move the same hand cards into the group (S4 on the 4 and S7 on
    the 6, or the reverse; or one n±1 card by either skill) leave the same group and hand,
    so only the first of them is offered: a random agent is not tilted toward that release.
    """
    if not (s4 or s7):
        return _PLAIN
    four: list[tuple[int, ...]] = [()]
    if s4 and (hand[n] > 0 or p.s4_trigger_may_be_reference):
        cands = [x for x, k in enumerate(hand) if k and x != n]
        for size in range(1, p.s4_cards_per_release + 1):
            four += [c for c in combinations_with_replacement(cands, size) if _fits(hand, c)]
    seven: list[tuple[int, ...]] = [()]
    if s7:
        d = p.s7_delta
        cands = [x for x in (n - d, n + d) if 0 <= x < len(hand) and hand[x]]
        for size in range(1, p.s7_cards_per_release + 1):
            seven += [c for c in combinations_with_replacement(cands, size) if _fits(hand, c)]
    out: list[Composition] = []
    seen: set[tuple[int, ...]] = set()
    for a in four:
        for b in seven:
            cards = a + b
            if _fits(hand, cards):
                key = tuple(sorted(cards))
                if key not in seen:
                    seen.add(key)
                    out.append((a, b))
    return tuple(out)


def _fits(hand: Sequence[int], cards: tuple[int, ...]) -> bool:
    return all(cards.count(x) <= hand[x] for x in set(cards))


def release_sizes(st: CrossroadsState, seat: int, n: int) -> range:
    """Legal sizes for ``seat`` releasing a trigger ``n`` (empty when CR-4.3 forbids).

    The smallest is :func:`beat_size`'s, written out (asked at every ACT and RECEIVE
    question): ``seat``'s own pile holds no ``n`` here, so every group of ``n`` is another's.
    """
    if n in st.piles[seat]:
        return range(0)
    biggest = 0
    for pile in st.piles:
        if n in pile and len(pile[n]) > biggest:   # most hold no n
            biggest = len(pile[n])
    rules, held = st.rules, st.skills[seat]
    lo = (biggest or 1) if rules.tie_always or held & rules.tie_mask else biggest + 1
    stop = 2 + st.hands[seat][n]
    if held & rules.compose_mask:
        found = _composed(st, seat, n)
        if found is not None:
            stop += found.most
    return range(lo, stop)


def compositions_for(st: CrossroadsState, seat: int, n: int, size: int
                     ) -> tuple[Composition, ...]:
    """Compositions that make a group of exactly ``size`` (naturals fill the rest)."""
    m = st.hands[seat][n]
    return tuple((a, b) for a, b in compositions(st, seat, n)
                 if 0 <= size - 1 - len(a) - len(b) <= m)


def compose_options(st: CrossroadsState, seat: int, n: int, size: int) -> tuple[Action, ...]:
    """The COMPOSE question's options (CR-7.4, CR-7.7): one per composition of ``size``,
    memoised with the compositions (without S4 and S7 the one plain release)."""
    found = _composed(st, seat, n)
    if found is None:
        return _PLAIN_OPTIONS if 0 <= size - 1 <= st.hands[seat][n] else ()
    m = st.hands[seat][n]
    options = found.by_size.get((size, m))
    if options is None:
        options = found.by_size[size, m] = tuple(
            Action("compose", (a, b)) for a, b in found.comps
            if 0 <= size - 1 - len(a) - len(b) <= m)
    return options


def do_release(st: CrossroadsState, seat: int, n: int, size: int, comp: Composition) -> None:
    """Put the group in the pile (CR-4.1, CR-4.2), then discard beaten groups (CR-4.5)."""
    hand, known = st.hands[seat], st.known[seat]
    changed4, changed7 = comp
    naturals = size - 1 - len(changed4) - len(changed7)
    hand[n] -= naturals
    for x in changed4 + changed7:
        hand[x] -= 1
    for x in {n, *changed4, *changed7}:
        if known[x] > hand[x]:
            known[x] = hand[x]
    st.hand_n[seat] -= size - 1
    st.piles[seat][n] = changed4 + changed7 + (n,) * (naturals + 1)
    st.released[seat] += 1
    if st.log is not None:
        who = seat_label(seat)
        changed = len(changed4) + len(changed7)
        if changed:   # CR-4.2: a changed card counts as n; the group's number is the trigger's
            st.emit("CR-4.2", seat, f"{who} releases {n}×{size} (the {n} played + {naturals} "
                    f"matching from hand + {changed} changed by a skill, counting as {n})",
                    f"{who}が{n}を{size}枚リリース（手札から同じ数字{naturals}枚、スキルで変更した"
                    f"{changed}枚も{n}として扱う）", number=n, size=size)
        else:
            st.emit("CR-4.1", seat, f"{who} releases {n}×{size} (the {n} played + {naturals} "
                    f"matching from hand)", f"{who}が{n}を{size}枚リリース（手札から同じ数字"
                    f"{naturals}枚）", number=n, size=size)
        for x in changed4:
            st.emit("CR-7.4", seat, f"{who}'s S4: a hand {x} counts as {n} (placed at the bottom)",
                    f"{who}のS4：手札の{x}を{n}として扱う", number=n, card=x)
        for x in changed7:
            st.emit("CR-7.7", seat, f"{who}'s S7: a hand {x} counts as {n}",
                    f"{who}のS7：手札の{x}を{n}として扱う", number=n, card=x)
        tied = [q for q, pile in enumerate(st.piles) if q != seat and len(pile.get(n, ())) == size]
        if tied and st.params.release_comparison == "greater":
            st.emit("CR-7.8", seat, f"{who}'s S8 allows a group equal to "
                    f"{', '.join(seat_label(q) for q in tied)}'s {n}×{size}",
                    f"{who}のS8により同枚数でリリース", number=n, size=size)
    _discard_beaten(st, seat, n, size)


def _discard_beaten(st: CrossroadsState, seat: int, n: int, size: int) -> None:
    protect = st.rules.masks.get("protect_groups", 0)
    for q, pile in enumerate(st.piles):
        if q == seat or n not in pile:
            continue
        if st.skills[q] & protect:
            if st.log is not None:
                # CR-A13: an S3 the passer took this turn already protects against the receiver
                fresh = q == st.active != seat and st.took & st.skills[q] & protect
                st.emit("CR-A13" if fresh else "CR-7.3", q, f"{seat_label(q)}'s group "
                        f"{n}×{len(pile[n])} is protected by S3"
                        + (", taken this turn (a new skill works at once)," if fresh else "")
                        + " and stays", f"{seat_label(q)}の{n}×{len(pile[n])}はS3により残る",
                        number=n)
            continue
        group = pile.pop(n)
        for x in group:
            st.discard[x] += 1
        if st.log is not None:
            st.emit("CR-4.5", q, f"{seat_label(seat)}'s release of {n}×{size} discards "
                    f"{seat_label(q)}'s group of {n}×{len(group)}",
                    f"{seat_label(seat)}の{n}×{size}のリリースにより{seat_label(q)}の{n}×"
                    f"{len(group)}は捨て札", number=n, owner=q, size=len(group))
