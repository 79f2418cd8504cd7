"""The dice-multiset tables (hands.py) give exactly the direct builders' options.

Every multiset of available dice up to four dice (each die ``(value, red)`` in the die
range), and a seeded sample of five to nine dice (``starting_dice`` and ``max_dice`` reach
eight, one more before the limit returns a die), for every condition and Fortune of the
card tables, under both readings of a sum (``sum_requires_minimal_set``) and a narrowed
die range: the table's answer equals the direct builder's, in the same order.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from designkit.games.classic_hero.cards import load_demon_lords, load_events, load_weaknesses
from designkit.games.classic_hero.hands import HandTables, tables
from designkit.games.classic_hero.notation import (
    Condition,
    Fortune,
    FortuneTooLarge,
    parse_condition,
    parse_fortune,
)
from designkit.games.classic_hero.resolve import set_kinds
from designkit.games.classic_hero.turn import fortune_kinds

from .conftest import G


def _conditions() -> list[Condition]:
    conds = [e.condition for e in load_events()]
    conds += [c for b in (*load_demon_lords(), *load_weaknesses()) for c, _ in b.hps]
    # shapes the tables may not hold today: wide alternatives, long sums, big zoro
    conds += [parse_condition(t) for t in ("1/2/3・4/5/6・6", "30↑", "ゾロ目4", "1・1・1★")]
    return list(dict.fromkeys(conds))


def _fortunes() -> list[Fortune]:
    found = [e.fortune for e in load_events() if e.fortune]
    # shapes the tables may not hold today: wide alternatives, three slots
    found += [parse_fortune(t) for t in ("+1/-1/反転", "振り直し/+2", "+1・+1/振り直し・反転")]
    return list(dict.fromkeys(found))


def _hands(lo: int, hi: int, sizes: range) -> list[tuple[tuple[int, bool], ...]]:
    kinds = [(v, red) for v in range(lo, hi + 1) for red in (False, True)]
    return [c for n in sizes for c in combinations_with_replacement(kinds, n)]


def _sampled(lo: int, hi: int, count: int, seed: int) -> list[tuple[tuple[int, bool], ...]]:
    rng = random.Random(seed)
    return [tuple(sorted((rng.randint(lo, hi), rng.random() < 0.3)
                         for _ in range(rng.randint(5, 9)))) for _ in range(count)]


@pytest.mark.parametrize(("lo", "hi", "minimal"), [(1, 6, True), (1, 6, False), (2, 5, True)])
def test_sets_match_the_direct_builder_on_every_small_hand(lo, hi, minimal):
    table = HandTables(minimal, lo, hi)
    conds = _conditions()
    for hand in _hands(lo, hi, range(1, 5)) + _sampled(lo, hi, 300, lo):
        for cond in conds:
            assert table.set_kinds(cond, hand) == set_kinds(cond, hand, minimal), (cond.text, hand)


@pytest.mark.parametrize(("lo", "hi", "minimal"), [(1, 6, True), (1, 6, False), (2, 5, True)])
def test_any_set_says_whether_the_direct_builder_finds_a_set(lo, hi, minimal):
    """``any_set`` (the check's and the battle's ``several`` tests, issue 37) answers from
    the values' table on a fresh table and from the hand's entry once it is filled."""
    conds = _conditions()
    hands = _hands(lo, hi, range(0, 5)) + _sampled(lo, hi, 300, lo + 7)
    for fill in (False, True):
        table = HandTables(minimal, lo, hi)
        for hand in hands:
            for cond in conds:
                if fill:
                    table.set_kinds(cond, hand)
                assert table.any_set(cond, hand) == bool(set_kinds(cond, hand, minimal)), \
                    (cond.text, hand, fill)


@pytest.mark.parametrize(("lo", "hi"), [(1, 6), (2, 5)])
def test_fortunes_match_the_direct_builder_on_every_small_hand(lo, hi):
    table = HandTables(True, lo, hi)
    fortunes = _fortunes()
    for hand in _hands(lo, hi, range(1, 5)) + _sampled(lo, hi, 120, hi):
        for fortune in fortunes:
            assert table.fortune_kinds(fortune, hand) == fortune_kinds(fortune, hand, lo, hi), \
                (fortune, hand)


def test_a_second_ask_is_answered_from_the_table():
    table = HandTables(True, 1, 6)
    cond, hand = parse_condition("5・6"), ((5, False), (6, False), (6, True))
    first = table.set_kinds(cond, hand)
    assert first == ((0, 1), (0, 2)) and table.set_kinds(cond, hand) is first
    assert table.store.size == 1


def test_the_tables_are_kept_on_the_ruleset():
    a = G.new_state(G.default_params(players=4), log=False).rules
    b = G.new_state(G.default_params(players=3), log=False).rules
    assert tables(a) is tables(a) and tables(a) is not tables(b)
    assert tables(a).store is tables(b).store      # the same dice semantics
    assert tables(a).trial == tuple(s == "Trial" for s in a.suit_of)


def test_a_full_table_starts_again(monkeypatch):
    monkeypatch.setattr("designkit.games.classic_hero.hands.LIMIT", 2)
    table = HandTables(True, 1, 6)
    cond = parse_condition("6")
    hands = [((6, False),), ((6, True),), ((5, False), (6, False))]
    assert [table.set_kinds(cond, h) for h in hands] == [((0,),), ((0,),), ((1,),)]
    assert table.store.size == 1 and list(table.sets[id(cond)][1]) == [hands[2]]


@pytest.mark.parametrize(("lo", "hi"), [(1, 6), (2, 5)])
def test_fortune_results_count_as_far_as_the_several_test_needs(lo, hi):
    """``fortune_results`` (the Fortune's ``several`` test, issue 37) says what the direct
    builder's count says about "none, one, two or more" and "more than the bound", on a
    fresh table (the early-exit scan) and a filled one (the entry's length); a small bound
    makes it count in full where the ways may exceed it."""
    fortunes = _fortunes()
    hands = _hands(lo, hi, range(0, 5)) + _sampled(lo, hi, 300, hi + 11)
    for fill in (False, True):
        table, small = HandTables(True, lo, hi), HandTables(True, lo, hi)
        for hand in hands:
            for fortune in fortunes:
                n = len(fortune_kinds(fortune, hand, lo, hi))
                if fill:
                    table.fortune_kinds(fortune, hand)
                    small.fortune_kinds(fortune, hand)
                for t, bound in ((table, 10_000), (small, 3)):
                    r = t.fortune_results(fortune, hand, bound)
                    assert min(r, 2) == min(n, 2) and r <= n, (fortune, hand, fill, bound)
                    assert (r > bound) == (n > bound), (fortune, hand, fill, bound)
        if not fill:        # the early exit filled no entry
            assert table.store.size == 0 and small.store.size > 0


def test_fortune_results_names_a_too_large_fortune_as_the_builder_does():
    table = HandTables(True, 1, 6)
    fortune = parse_fortune("・".join(["+1/-1/反転/振り直し"] * 8))
    hand = tuple((v, False) for v in (1, 2, 3, 4, 5, 6, 6, 5))
    with pytest.raises(FortuneTooLarge, match="ways to apply"):
        table.fortune_results(fortune, hand, 10_000)
    assert table.store.size == 0
