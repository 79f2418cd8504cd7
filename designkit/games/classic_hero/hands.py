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

from itertools import combinations
from typing import Any

from designkit.games.classic_hero.notation import (
    Condition,
    Fortune,
    apply_atom,
    atom_text,
    check_fortune_ways,
    may_meet,
    meets_whole,
)

Kinds = tuple[tuple[int, bool], ...]
#: index tuples into a hand's sorted dice: the sets of one kind each, in builder order
KindSets = tuple[tuple[int, ...], ...]
#: per option, ``(index into the sorted dice, atom text)`` pairs
KindFortunes = tuple[tuple[tuple[int, str], ...], ...]

#: entries a table holds before it starts again (a few MB; random play at 4 players
#: fills some tens of thousands in a long batch)
LIMIT = 200_000


class HandTables:
    """One ruleset's tables (see the module doc): ``sets`` per (condition, hand),
    ``fortunes`` per (Fortune, hand), and per condition whether a multiset of values meets
    it as a whole."""

    __slots__ = ("minimal", "lo", "hi", "sets", "fortunes", "whole")

    def __init__(self, minimal: bool, lo: int, hi: int) -> None:
        self.minimal, self.lo, self.hi = minimal, lo, hi
        self.sets: dict[tuple[Condition, Kinds], KindSets] = {}
        self.fortunes: dict[tuple[Fortune, Kinds], KindFortunes] = {}
        self.whole: dict[Condition, dict[tuple[int, ...], bool]] = {}

    def set_kinds(self, cond: Condition, kinds: Kinds) -> KindSets:
        """The sets of ``kinds`` (a hand's sorted dice) that meet ``cond``, one per kind of
        set, as indices into ``kinds`` (what :func:`resolve.set_kinds` gives)."""
        key = (cond, kinds)
        found = self.sets.get(key)
        if found is None:
            if len(self.sets) >= LIMIT:
                self.sets.clear()
            found = self.sets[key] = self._fill_sets(cond, kinds)
        return found

    def fortune_kinds(self, fortune: Fortune, kinds: Kinds) -> KindFortunes:
        """The distinct ways to apply ``fortune`` to ``kinds`` (what
        :func:`turn.fortune_kinds` gives)."""
        key = (fortune, kinds)
        found = self.fortunes.get(key)
        if found is None:
            if len(self.fortunes) >= LIMIT:
                self.fortunes.clear()
            found = self.fortunes[key] = fill_fortunes(fortune, kinds, self.lo, self.hi)
        return found

    def _fill_sets(self, cond: Condition, kinds: Kinds) -> KindSets:
        """Each distinct sub-multiset of ``kinds`` whose values meet ``cond`` as a whole, as
        its first positions in ``kinds`` (equal dice are next to each other, so the first
        ones of each kind make the smallest index tuple with those dice: the one the direct
        builder keeps), sorted as the direct builder sorts them."""
        if not may_meet(cond, [v for v, _ in kinds]):
            return ()
        whole = self.whole.get(cond)
        if whole is None:
            whole = self.whole[cond] = {}
        minimal = self.minimal
        blocks = _blocks(kinds)
        if cond.kind == "slots":
            sizes: tuple[int, ...] | None = (len(cond.slots),)
        elif cond.kind == "zoro":
            sizes = (cond.k,)
        else:
            sizes = None
        out: list[tuple[int, ...]] = []
        for idx in _sub_multisets(blocks, len(kinds)):
            if sizes is not None and len(idx) not in sizes:
                continue
            vals = tuple(kinds[i][0] for i in idx)   # ascending: the dice are sorted
            ok = whole.get(vals)
            if ok is None:
                ok = whole[vals] = meets_whole(cond, vals, minimal)
            if ok:
                out.append(idx)
        out.sort(key=lambda u: (len(u), u))
        return tuple(out)


def tables(rules: Any) -> HandTables:
    """The ruleset's :class:`HandTables`, kept on it (made on first use)."""
    found: HandTables | None = rules.__dict__.get("_hand_tables")
    if found is None:
        found = HandTables(rules.params.sum_requires_minimal_set, rules.lo, rules.hi)
        object.__setattr__(rules, "_hand_tables", found)
    return found


def _blocks(kinds: Kinds) -> list[tuple[int, int]]:
    """``(first position, count)`` of each run of equal dice in sorted ``kinds``."""
    out: list[list[int]] = []
    for i, k in enumerate(kinds):
        if i and kinds[i - 1] == k:
            out[-1][1] += 1
        else:
            out.append([i, 1])
    return [(s, c) for s, c in out]


def _sub_multisets(blocks: list[tuple[int, int]], n: int) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset, as the first positions of each kind it takes."""
    out: list[tuple[int, ...]] = [()]
    for s, c in blocks:
        out = [u + tuple(range(s, s + t)) for u in out for t in range(c + 1)]
    return [u for u in out if u]


def _sequences(blocks: list[tuple[int, int]], m: int) -> list[tuple[int, ...]]:
    """The canonical sequences of ``m`` different dice, in ascending (permutation) order:
    each die kind's dice are taken in position order, first ones first. Any other
    permutation repeats one of these with equal dice swapped (and comes after it)."""
    out: list[tuple[int, ...]] = []
    taken = [0] * len(blocks)
    seq: list[int] = []

    def extend() -> None:
        if len(seq) == m:
            out.append(tuple(seq))
            return
        for j, (s, c) in enumerate(blocks):
            t = taken[j]
            if t < c:
                taken[j] = t + 1
                seq.append(s + t)
                extend()
                seq.pop()
                taken[j] = t

    extend()
    return out


def fill_fortunes(fortune: Fortune, kinds: Kinds, lo: int, hi: int) -> KindFortunes:
    """:func:`turn.fortune_kinds` over the canonical die sequences only.

    The options applying the most atoms in full (CH-6.2) are the same (equal dice apply
    alike), and the first option of each distinct result is always on a canonical
    sequence (making a sequence canonical keeps its result and moves it earlier), so the
    merged options and their order are the direct builder's.
    """
    vals = tuple(v for v, _ in kinds)
    if not fortune or not vals:
        return ()
    check_fortune_ways(fortune, len(vals))
    m = min(len(fortune), len(vals))
    seqs = _sequences(_blocks(kinds), m)
    applied: dict[tuple[int, tuple[str, int]], tuple[int, bool]] = {}
    best = -1
    kept: list[tuple[tuple[int, tuple[str, int]], ...]] = []
    for falts in combinations(range(len(fortune)), m):
        choices: list[tuple[tuple[str, int], ...]] = [()]
        for f in falts:
            choices = [prev + (a,) for prev in choices for a in fortune[f]]
        for dice in seqs:
            for choice in choices:
                full = 0
                for d, a in zip(dice, choice, strict=True):
                    r = applied.get((vals[d], a))
                    if r is None:
                        r = applied[(vals[d], a)] = apply_atom(vals[d], a, lo, hi)
                    full += r[1]
                if full > best:
                    best, kept = full, []
                if full == best:
                    kept.append(tuple(zip(dice, choice, strict=True)))
    seen = set()
    out = []
    for opt in kept:
        result = list(kinds)
        for k, atom in opt:
            result[k] = (applied[(vals[k], atom)][0], kinds[k][1])
        key = (tuple(sorted(result)), tuple(sorted(kinds[k] for k, a in opt if a[0] == "rr")))
        if key not in seen:
            seen.add(key)
            out.append(tuple((k, atom_text(a)) for k, a in opt))
    return tuple(out)
