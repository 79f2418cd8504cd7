"""Dice-multiset tables: what a hand of dice offers, worked out once per hand and ruleset.

The option builders ask the same questions again and again: which sets of these dice
meet this condition (achieving, the battle's HPs), and which distinct results this
Fortune can give (CH-A10). The answer depends only on the *multiset* of the available
dice (each die as ``(value, red)``, sorted), never on which position holds which die, so
it is worked out once per multiset and kept in a table on the compiled ruleset
(:func:`tables`; edited card tables or other params compile to a new ruleset, so a table
is never stale). A table is bounded: when full it starts again, empty.

The table is filled by builders that enumerate the *distinct* sub-multisets and the
*canonical* die sequences (equal dice taken in position order) instead of every subset
and permutation of positions; they give exactly what the direct builders give
(:func:`resolve.set_kinds` and :func:`turn.fortune_kinds`), in the same order, which
``tests/classic_hero/test_hands.py`` checks over every multiset the parameters allow.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from designkit.games.classic_hero.notation import (
    Condition,
    Fortune,
    apply_atom,
    atom_text,
    check_fortune_ways,
    may_meet,
    slot_patterns,
)

Kinds = tuple[tuple[int, bool], ...]
#: index tuples into a hand's sorted dice: the sets of one kind each, in builder order
KindSets = tuple[tuple[int, ...], ...]
#: per option, ``(index into the sorted dice, atom text)`` pairs
KindFortunes = tuple[tuple[tuple[int, str], ...], ...]

#: entries a table holds before it starts again (a few MB; random play at 4 players
#: fills some tens of thousands in a long batch)
LIMIT = 200_000


class Store:
    """The dice tables themselves (see :class:`HandTables`), shared by every ruleset with the
    same dice semantics (:func:`tables`), and how many entries they hold."""

    __slots__ = ("sets", "fortunes", "shared", "whole", "size")

    def __init__(self) -> None:
        # keyed by the condition's / Fortune's id (cheaper to hash than its value), each
        # entry holding the object itself, so the id stays its own while it is kept; equal
        # conditions on different cards share one table per hand (``shared``, by value)
        self.sets: dict[int, tuple[Condition, dict[Kinds, KindSets]]] = {}
        self.fortunes: dict[int, tuple[Fortune, dict[Kinds, KindFortunes]]] = {}
        self.shared: dict[Any, dict[Kinds, Any]] = {}
        self.whole: dict[Condition, dict[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}
        self.size = 0


class HandTables:
    """A ruleset's tables (see the module doc): ``sets`` per (condition, hand),
    ``fortunes`` per (Fortune, hand), and per (condition, multiset of values) the
    sub-multisets of values that meet it as a whole, in a :class:`Store` shared with every
    ruleset of the same ``minimal``, ``lo`` and ``hi`` (all that they depend on); beside
    them the ruleset's own facts the move and ability options read on every step (per
    event: a Trial?; per ability: a ready-able PASS_TRIAL, a die ability) and the move
    actions made so far per (stop, card there, abilities spent)."""

    __slots__ = ("minimal", "lo", "hi", "top", "store", "sets", "fortunes", "shared", "whole",
                 "trial", "passer", "die_ability", "moves", "plain_moves", "reach",
                 "ability_actions")

    def __init__(self, minimal: bool, lo: int, hi: int, trial: tuple[bool, ...] = (),
                 passer: tuple[bool, ...] = (), die_ability: tuple[bool, ...] = (),
                 store: Store | None = None, top: int = 6) -> None:
        self.minimal, self.lo, self.hi, self.top = minimal, lo, hi, top
        self.store = store = Store() if store is None else store
        self.sets, self.fortunes = store.sets, store.fortunes
        self.shared, self.whole = store.shared, store.whole
        self.trial, self.passer, self.die_ability = trial, passer, die_ability
        self.moves: dict[tuple[int, int | None, tuple[int, ...]], Any] = {}
        #: the same for a stop reached without an ability spent, per (stop, card there)
        self.plain_moves: dict[tuple[int, int | None], Any] = {}
        #: the battle's CH-A33 answer per (targets' ids, sorted available values,
        #: blessings, ready die abilities): the targets are this ruleset's own conditions
        self.reach: dict[tuple[Any, ...], bool] = {}
        #: a die ability's actions per (ability, die position, value, red): its targets
        #: depend on the ability and the die's value alone (a few thousand at most)
        self.ability_actions: dict[tuple[int, int, int, bool], tuple[Any, ...]] = {}

    def set_kinds(self, cond: Condition, kinds: Kinds) -> KindSets:
        """The sets of ``kinds`` (a hand's sorted dice) that meet ``cond``, one per kind of
        set, as indices into ``kinds`` (what :func:`resolve.set_kinds` gives)."""
        entry = self.sets.get(id(cond))
        found = None if entry is None or entry[0] is not cond else entry[1].get(kinds)
        if found is None:
            found = self._miss(self.sets, "set", cond, kinds, self._fill_sets)
        return found

    def any_set(self, cond: Condition, kinds: Kinds) -> bool:
        """``bool(set_kinds(cond, kinds))``, without filling the hand's entry when it is
        not there: some set of the hand meets ``cond`` exactly when some sub-multiset of its
        values does (each is held in some split of white and red dice), which the values'
        table answers for every colouring of the hand at once. A bot's lookahead asks this
        of many new hands (the check's and the battle's ``several`` tests) and reads the
        sets of few."""
        entry = self.sets.get(id(cond))
        found = None if entry is None or entry[0] is not cond else entry[1].get(kinds)
        if found is not None:
            return bool(found)
        return bool(self._value_sets(cond, tuple([v for v, _ in kinds])))

    def fortune_kinds(self, fortune: Fortune, kinds: Kinds) -> KindFortunes:
        """The distinct ways to apply ``fortune`` to ``kinds`` (what
        :func:`turn.fortune_kinds` gives)."""
        entry = self.fortunes.get(id(fortune))
        found = None if entry is None or entry[0] is not fortune else entry[1].get(kinds)
        if found is None:
            found = self._miss(self.fortunes, "fortune", fortune, kinds, self._fill_fortunes)
        return found

    def fortune_results(self, fortune: Fortune, kinds: Kinds, bound: int) -> int:
        """``len(fortune_kinds(fortune, kinds))`` when it is 0 or 1, or when the entry is
        there; else a number from 2 to that length (``bound + 1`` or more when the length
        may exceed ``bound``), found without filling the entry: the Fortune's ``several``
        test asks only whether there are two results or more, and a bot's lookahead asks it
        of many new hands whose results it never reads (:func:`count_results`)."""
        entry = self.fortunes.get(id(fortune))
        found = None if entry is None or entry[0] is not fortune else entry[1].get(kinds)
        if found is not None:
            return len(found)
        if max_results(fortune, len(kinds)) > bound:
            return len(self.fortune_kinds(fortune, kinds))
        return count_results(fortune, kinds, self.lo, self.hi, self.top)

    def _miss(self, by_id: dict[int, Any], tag: str, what: Any, kinds: Kinds,
              fill: Callable[[Any, Kinds], Any]) -> Any:
        """Fill the entry of (``what``, ``kinds``); a store over :data:`LIMIT` entries
        starts again, empty."""
        store = self.store
        store.size += 1
        if store.size > LIMIT:
            store.size = 1
            for table in (store.sets, store.fortunes, store.shared, store.whole):
                table.clear()
        entry = by_id.get(id(what))
        if entry is None or entry[0] is not what:
            entry = by_id[id(what)] = (what, self.shared.setdefault((tag, what), {}))
        found = entry[1][kinds] = fill(what, kinds)
        return found

    def _fill_fortunes(self, fortune: Fortune, kinds: Kinds) -> KindFortunes:
        return fill_fortunes(fortune, kinds, self.lo, self.hi, self.top)

    def _fill_sets(self, cond: Condition, kinds: Kinds) -> KindSets:
        """Each distinct sub-multiset of ``kinds`` whose values meet ``cond`` as a whole, as
        its first positions in ``kinds`` (equal dice are next to each other, so the first
        ones of each kind make the smallest index tuple with those dice: the one the direct
        builder keeps), sorted as the direct builder sorts them.

        Which multisets of *values* qualify is worked out once per multiset of values
        (:meth:`_value_sets`, shared by hands that differ only in colour); each is then
        taken with every split of its dice between the white and the red ones held."""
        vals = tuple([v for v, _ in kinds])
        counts = self._value_sets(cond, vals)
        if not counts:
            return ()
        # per distinct value, in order: (first white position, whites, first red, reds);
        # the dice are sorted by (value, red), so a value's white dice come first
        runs: list[list[int]] = []
        for i, (v, red) in enumerate(kinds):
            if not runs or kinds[i - 1][0] != v:
                runs.append([i, 0, i, 0])
            run = runs[-1]
            if red:
                if not run[3]:
                    run[2] = i
                run[3] += 1
            else:
                run[1] += 1
                run[2] = i + 1
        out: list[tuple[int, ...]] = []
        for want in counts:
            picks: list[tuple[int, ...]] = [()]
            for (sw, nw, sr, nr), c in zip(runs, want, strict=True):
                if c:
                    picks = [u + tuple(range(sw, sw + c - r)) + tuple(range(sr, sr + r))
                             for u in picks for r in range(max(0, c - nw), min(c, nr) + 1)]
            out += picks
        out.sort(key=lambda u: (len(u), u))
        return tuple(out)

    def _value_sets(self, cond: Condition, vals: tuple[int, ...]
                    ) -> tuple[tuple[int, ...], ...]:
        """The sub-multisets of sorted ``vals`` that meet ``cond`` as a whole, each as a
        count per distinct value (in order); kept per (condition, values)."""
        whole = self.whole.get(cond)
        if whole is None:
            whole = self.whole[cond] = {}
        found = whole.get(vals)
        if found is not None:
            return found
        if len(whole) >= LIMIT:
            whole.clear()
        if not may_meet(cond, list(vals)):
            found = whole[vals] = ()
            return found
        distinct: list[int] = []
        have: list[int] = []
        for v in vals:
            if distinct and distinct[-1] == v:
                have[-1] += 1
            else:
                distinct.append(v)
                have.append(1)
        # the order of the sub-multisets does not matter: :meth:`_fill_sets` sorts the sets
        kind = cond.kind
        out: list[tuple[int, ...]] = []
        if kind == "slots":      # the value patterns that fill the slots, those held
            at = {v: j for j, v in enumerate(distinct)}
            for pattern in slot_patterns(cond.slots):
                want = [0] * len(distinct)
                for v in pattern:
                    j = at.get(v)
                    if j is None or want[j] == have[j]:
                        break
                    want[j] += 1
                else:
                    out.append(tuple(want))
        elif kind == "zoro":     # k equal dice: k of one value
            k = cond.k
            if k > 0:
                for j, h in enumerate(have):
                    if h >= k:
                        want = [0] * len(distinct)
                        want[j] = k
                        out.append(tuple(want))
        else:                    # a sum (CH-3.7, CH-A7): :func:`notation.meets_whole` inline
            total, minimal = cond.total, self.minimal
            for counts in product(*(range(h + 1) for h in have)):
                s = n = low = 0
                for v, c in zip(distinct, counts, strict=True):
                    if c:
                        if not n:
                            low = v      # the smallest value in the set
                        s += v * c
                        n += c
                if n and s >= total and (not minimal or s - low < total):
                    out.append(counts)
        found = whole[vals] = tuple(out)
        return found


def tables(rules: Any) -> HandTables:
    """The ruleset's :class:`HandTables`, kept on it (made on first use); its dice tables
    are shared with the other rulesets of the same dice semantics (other player counts,
    card mixes, variants), so a sweep fills them once."""
    try:
        return rules._hand_tables  # type: ignore[no-any-return]  # the hot path: set below
    except AttributeError:
        pass
    found: HandTables | None = rules.__dict__.get("_hand_tables")
    if found is None:
        abilities = rules.abilities
        found = HandTables(
            rules.params.sum_requires_minimal_set, rules.lo, rules.hi,
            trial=tuple(suit == "Trial" for suit in rules.suit_of),
            passer=tuple(a.hook.name == "pass_trial" and a.timing == "once_per_stage"
                         for a in abilities),
            die_ability=tuple(a.hook.name in DIE_ABILITIES for a in abilities),
            store=_STORES.setdefault((rules.params.sum_requires_minimal_set, rules.lo,
                                      rules.hi, rules.top), Store()), top=rules.top)
        object.__setattr__(rules, "_hand_tables", found)
    return found


#: one :class:`Store` per dice semantics (sum reading, die range, faces): at most 30
_STORES: dict[tuple[bool, int, int, int], Store] = {}


#: the once-per-stage abilities that change a die (:func:`resolve.ability_options`)
DIE_ABILITIES = ("adjust", "reroll", "invert", "set_any")


def _blocks(kinds: Kinds) -> list[tuple[int, int]]:
    """``(first position, count)`` of each run of equal dice in sorted ``kinds``."""
    out: list[list[int]] = []
    for i, k in enumerate(kinds):
        if i and kinds[i - 1] == k:
            out[-1][1] += 1
        else:
            out.append([i, 1])
    return [(s, c) for s, c in out]


@lru_cache(maxsize=4096)
def _sequences(counts: tuple[int, ...], m: int) -> tuple[tuple[int, ...], ...]:
    """The canonical sequences of ``m`` different dice of a hand whose runs of equal dice
    have these ``counts``, in ascending (permutation) order: each kind's dice are taken in
    position order, first ones first. Any other permutation repeats one of these with
    equal dice swapped (and comes after it). Depends on the counts alone, so it is shared
    by every hand of that shape."""
    starts = [sum(counts[:j]) for j in range(len(counts))]
    out: list[tuple[int, ...]] = []
    taken = [0] * len(counts)
    seq: list[int] = []

    def extend() -> None:
        if len(seq) == m:
            out.append(tuple(seq))
            return
        for j, c in enumerate(counts):
            t = taken[j]
            if t < c:
                taken[j] = t + 1
                seq.append(starts[j] + t)
                extend()
                seq.pop()
                taken[j] = t

    extend()
    return tuple(out)


@lru_cache(maxsize=4096)
def _ways(fortune: Fortune, n: int
          ) -> tuple[tuple[tuple[int, ...], tuple[tuple[tuple[str, int], ...], ...]], ...]:
    """Per choice of the Fortune's slots for ``n`` dice (in the direct builder's order), the
    atom choices on them; the size check first (:func:`notation.check_fortune_ways`)."""
    check_fortune_ways(fortune, n)
    out = []
    for falts in combinations(range(len(fortune)), min(len(fortune), n)):
        choices: list[tuple[tuple[str, int], ...]] = [()]
        for f in falts:
            choices = [prev + (a,) for prev in choices for a in fortune[f]]
        out.append((falts, tuple(choices)))
    return tuple(out)


def fill_fortunes(fortune: Fortune, kinds: Kinds, lo: int, hi: int, top: int = 6
                  ) -> KindFortunes:
    """:func:`turn.fortune_kinds` over the canonical die sequences only.

    The options applying the most atoms in full (CH-6.2) are the same (equal dice apply
    alike), and the first option of each distinct result is always on a canonical
    sequence (making a sequence canonical keeps its result and moves it earlier), so the
    merged options and their order are the direct builder's.
    """
    vals = tuple(v for v, _ in kinds)
    if not fortune or not vals:
        return ()
    ways = _ways(fortune, len(vals))
    m = min(len(fortune), len(vals))
    blocks = _blocks(kinds)
    if len(fortune) == 1:
        return _one_slot(fortune[0], kinds, [s for s, _ in blocks], lo, hi, top)
    seqs = _sequences(tuple(c for _, c in blocks), m)
    applied: dict[tuple[int, tuple[str, int]], tuple[int, bool]] = {}
    best = -1
    kept: list[tuple[tuple[int, tuple[str, int]], ...]] = []
    for _, choices in ways:
        for dice in seqs:
            for choice in choices:
                full = 0
                for d, a in zip(dice, choice, strict=True):
                    r = applied.get((vals[d], a))
                    if r is None:
                        r = applied[(vals[d], a)] = apply_atom(vals[d], a, lo, hi, top)
                    full += r[1]
                if full > best:
                    best, kept = full, []
                if full == best:
                    kept.append(tuple(zip(dice, choice, strict=True)))
    seen = set()
    out = []
    for opt in kept:
        result = list(kinds)
        rerolled = []
        for k, atom in opt:
            result[k] = (applied[(vals[k], atom)][0], kinds[k][1])
            if atom[0] == "rr":
                rerolled.append(kinds[k])
        result.sort()
        rerolled.sort()
        key = (tuple(result), tuple(rerolled))
        if key not in seen:
            seen.add(key)
            out.append(tuple([(k, atom_text(a)) for k, a in opt]))
    return tuple(out)


@lru_cache(maxsize=4096)
def max_results(fortune: Fortune, n: int) -> int:
    """At most how many distinct results ``fortune`` has on ``n`` dice: its ways to apply
    (the count :func:`notation.check_fortune_ways` bounds; raising as it does)."""
    if not fortune or not n:
        return 0
    ways = _ways(fortune, n)
    return math.perm(n, min(len(fortune), n)) * sum(len(c) for _, c in ways)


def count_results(fortune: Fortune, kinds: Kinds, lo: int, hi: int, top: int = 6) -> int:
    """``len(fill_fortunes(...))`` when it is below 2, else a number from 2 to it: the scan
    :func:`fill_fortunes` makes (the same canonical options, the same result keys), which
    stops at the second distinct result once an option has applied every atom in full (no
    later option can apply more, so both are kept), without the options' texts."""
    vals = tuple([v for v, _ in kinds])
    if not fortune or not vals:
        return 0
    ways = _ways(fortune, len(vals))
    m = min(len(fortune), len(vals))
    blocks = _blocks(kinds)
    best = -1
    if len(fortune) == 1:      # :func:`_one_slot`'s keys
        first: Any = None
        keys = 0
        for s, _ in blocks:
            v = kinds[s][0]
            for a in fortune[0]:
                new, done = apply_atom(v, a, lo, hi, top)
                if done < best:
                    continue
                rr = a[0] == "rr"
                key = (-1, 0, False) if not rr and new == v else (s, new, rr)
                if done > best:
                    best, first, keys = done, key, 1
                elif key != first:
                    if done:
                        return 2
                    keys = 2
        return keys if best >= 0 else 0
    seqs = _sequences(tuple(c for _, c in blocks), m)
    seen: set[Any] = set()
    for _, choices in ways:
        for dice in seqs:
            for choice in choices:
                full = 0
                applied = []
                for d, a in zip(dice, choice, strict=True):
                    new, whole = apply_atom(vals[d], a, lo, hi, top)
                    full += whole
                    applied.append((d, new, a[0] == "rr"))
                if full < best:
                    continue
                if full > best:
                    best = full
                    seen.clear()
                result = list(kinds)
                rerolled = []
                for d, new, rr in applied:
                    result[d] = (new, kinds[d][1])
                    if rr:
                        rerolled.append(kinds[d])
                result.sort()
                rerolled.sort()
                seen.add((tuple(result), tuple(rerolled)))
                if len(seen) > 1 and full == m:
                    return 2
    return min(len(seen), 2)


def _one_slot(alts: tuple[tuple[str, int], ...], kinds: Kinds, starts: list[int], lo: int,
              hi: int, top: int = 6) -> KindFortunes:
    """:func:`fill_fortunes` for a Fortune of one slot (most of the draft's): one die, one
    alternative. Taking die ``a`` to ``a'`` and die ``b`` to ``b'`` give the same dice only
    when ``a = b`` and ``a' = b'``, or when neither changes, so an option's result is told
    by (the kind of die, its new value, rerolled?), and every option that changes nothing
    is one result; the first of each is kept, in the direct builder's order."""
    best = -1
    kept: list[tuple[int, tuple[str, int], int]] = []
    for s in starts:
        v = kinds[s][0]
        for a in alts:
            new, full = apply_atom(v, a, lo, hi, top)
            if full > best:
                best, kept = full, []
            if full == best:
                kept.append((s, a, new))
    seen = set()
    out = []
    for s, a, new in kept:
        rr = a[0] == "rr"
        key = (-1, 0, False) if not rr and new == kinds[s][0] else (s, new, rr)
        if key not in seen:
            seen.add(key)
            out.append(((s, atom_text(a)),))
    return tuple(out)
