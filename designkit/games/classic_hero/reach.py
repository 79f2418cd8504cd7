"""CH-7.4 with CH-A33: can any HP still be achieved with blessings and ready die abilities?

The battle ends when no HP can be achieved "with the available dice together with any
combination of the remaining blessings and ready die abilities"; it stays open only while
such a combination exists, so a bot does not spend blessings (which carry over, CH-A11)
on a fight that cannot pay. The question is answered exactly and cheaply: per die and
target value, the fewest blessings that reach it (a blessing moves a die ±delta and must
change it, CH-6.5), optionally after one ability on that die (ADJUST, SET(ANY), INVERT;
a REROLL can show any value); then a small search assigns dice to the condition's
slots, each ability to at most one die, within the blessings held.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from designkit.games.classic_hero.notation import Condition

Ability = tuple[str, int]          # (hook name, n) of a ready once-per-stage die ability
INF = 10 ** 6


@lru_cache(maxsize=64)
def blessing_steps(delta: int, lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    """``steps[v][t]``: the fewest blessings taking a die from v to t (INF if none can)."""
    size = max(hi, 8) + 1           # any value a die may show (d6 or d8, CH-V8), clamped or not
    out = []
    for v in range(size):
        dist = [INF] * size
        dist[v], frontier = 0, [v]
        if lo <= v <= hi:
            while frontier:
                nxt = []
                for u in frontier:
                    for w in (max(lo, min(hi, u + delta)), max(lo, min(hi, u - delta))):
                        if w != u and dist[w] == INF:
                            dist[w] = dist[u] + 1
                            nxt.append(w)
                frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


def _ability_targets(name: str, n: int, v: int, lo: int, hi: int, top: int = 6) -> list[int]:
    if name == "adjust":
        return sorted({max(lo, min(hi, v + d)) for d in range(-n, n + 1)} - {v})
    if name in ("set_any", "reroll"):
        return [t for t in range(lo, hi + 1) if t != v] + ([v] if name == "reroll" else [])
    if name == "invert":
        t = max(lo, min(hi, top + 1 - v))
        return [t] if t != v else []
    return []


def _costs(v: int, t: int, abilities: tuple[Ability, ...], steps: tuple[tuple[int, ...], ...],
           lo: int, hi: int, top: int = 6) -> list[tuple[int, int]]:
    """(blessings, ability index or -1) ways to turn a die showing v into t."""
    out = [(steps[v][t], -1)] if steps[v][t] < INF else []
    for k, (name, n) in enumerate(abilities):
        best = min((steps[u][t] for u in _ability_targets(name, n, v, lo, hi, top)),
                   default=INF)
        if best < INF:
            out.append((best, k))
    return out


def _cheapest(slots: list[list[tuple[int, int]]], budget: int) -> bool:
    """Can one option per slot be chosen, abilities distinct, blessings ≤ budget?"""
    best: dict[int, int] = {0: 0}          # ability mask → fewest blessings so far
    for options in slots:
        nxt: dict[int, int] = {}
        for mask, used in best.items():
            for cost, k in options:
                bit = 0 if k < 0 else 1 << k
                if mask & bit:
                    continue
                total = used + cost
                if total <= budget and total < nxt.get(mask | bit, INF):
                    nxt[mask | bit] = total
        if not nxt:
            return False
        best = nxt
    return True


def reachable(cond: Condition, values: list[int], blessings: int, delta: int,
              abilities: tuple[Ability, ...], lo: int, hi: int, top: int = 6) -> bool:
    """Could ``values`` (available dice) meet ``cond`` after some of the blessings and
    abilities? (The dice as they are count too: zero blessings, no ability.)"""
    steps = blessing_steps(delta, lo, hi)
    n = len(values)
    if cond.kind == "sum":
        return _max_total(values, blessings, abilities, steps, lo, hi, top) >= cond.total
    targets = cond.slots if cond.kind == "slots" else None
    k = len(targets) if targets is not None else cond.k
    if k > n:
        return False
    for dice in permutations(range(n), k):
        if targets is not None:
            rows = [[c for t in slot for c in _costs(values[d], t, abilities, steps, lo, hi,
                                                             top)]
                    for d, slot in zip(dice, targets, strict=True)]
            if _cheapest(rows, blessings):
                return True
        else:
            for t in range(lo, hi + 1):
                rows = [_costs(values[d], t, abilities, steps, lo, hi, top) for d in dice]
                if _cheapest(rows, blessings):
                    return True
    return False


def _max_total(values: list[int], blessings: int, abilities: tuple[Ability, ...],
               steps: tuple[tuple[int, ...], ...], lo: int, hi: int, top: int = 6) -> int:
    """The highest sum of all the dice within the blessings, each ability on one die (the
    minimal-set rule, CH-A7, never stops a sum: drop the lowest dice while it still holds)."""
    best: dict[tuple[int, int], int] = {(0, 0): 0}     # (blessings, mask) → highest sum
    for v in values:
        nxt: dict[tuple[int, int], int] = {}
        for (used, mask), total in best.items():
            for t in range(lo, hi + 1):
                for cost, k in _costs(v, t, abilities, steps, lo, hi, top):
                    bit = 0 if k < 0 else 1 << k
                    if mask & bit or used + cost > blessings:
                        continue
                    key = (used + cost, mask | bit)
                    if total + t > nxt.get(key, -1):
                        nxt[key] = total + t
        best = nxt
    return max(best.values(), default=0)
