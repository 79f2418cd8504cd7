"""The draft's dice notation (spec §5.1, CH-3): conditions and Fortunes as data, never eval'ed.

The designer writes conditions the way the draft prints them (``5・6``,
``5/6・5/6★``, ``16↑``, ``ゾロ目3``), in full-width if the spreadsheet likes,
or with the ASCII aliases (``5.6``, ``16+``, ``Z3``, ``*``). Text is
normalised with NFKC one character at a time, so a syntax error can name the
position in the text the designer typed.

Matching works on die *values* only (colour never decides whether a set
qualifies; it only earns the red bonus), and answers with the index tuples of
every qualifying set, cached per (condition, values) because bots and the odds
table ask the same questions again and again.
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import lru_cache
from itertools import combinations, permutations, product
from typing import NamedTuple

from designkit.core.errors import DesignkitError

#: separators and words after NFKC (the ASCII aliases of spec §5.1 map onto these)
_SLOT_SEP = {"・", ".", "·", "•"}
_MINUS = {"-", "−", "－", "‐", "‑", "–"}
_NO_FORTUNE = {"", "—", "―", "–", "none", "NONE", "None", "-"}
INVERT, REROLL = "反転", "振り直し"


class NotationError(ValueError):
    """A condition or Fortune that does not parse; ``position`` is 1-based in the input."""

    def __init__(self, text: str, position: int, message: str) -> None:
        shown = text if len(text) <= 40 else text[:40] + "…"  # one line, however long
        super().__init__(f"{message} at position {position} of {shown!r}")
        self.text, self.position, self.message, self.shown = text, position, message, shown


class Condition(NamedTuple):
    """A parsed achievement condition (CH-3.5 to CH-3.9).

    ``kind`` is ``slots`` (``slots`` holds one frozenset of values per die),
    ``sum`` (``total`` is N of ``N↑``) or ``zoro`` (``k`` equal dice).
    """

    kind: str
    slots: tuple[frozenset[int], ...] = ()
    total: int = 0
    k: int = 0
    star: bool = False
    text: str = ""

    def to_json(self) -> dict[str, object]:
        """The spec's JSON form (§5.1)."""
        if self.kind == "slots":
            return {"kind": "slots", "slots": [sorted(s) for s in self.slots],
                    "star": self.star}
        if self.kind == "sum":
            return {"kind": "sum", "min": self.total, "star": self.star}
        return {"kind": "zoro", "k": self.k, "star": self.star}

    def canonical(self) -> str:
        """The condition in the draft's own notation."""
        if self.kind == "slots":
            body = "・".join("/".join(str(v) for v in sorted(s)) for s in self.slots)
        elif self.kind == "sum":
            body = f"{self.total}↑"
        else:
            body = f"ゾロ目{self.k}"
        return body + ("★" if self.star else "")

    @property
    def dice_needed(self) -> int:
        """Fewest dice a qualifying set can have (for a quick "cannot" test)."""
        if self.kind == "slots":
            return len(self.slots)
        if self.kind == "zoro":
            return self.k
        return max(1, -(-self.total // 6))


#: A Fortune is a tuple of alternatives per die (``falt``); each atom is
#: ``("add", k)``, ``("inv", 0)`` or ``("rr", 0)``.
Atom = tuple[str, int]
Fortune = tuple[tuple[Atom, ...], ...]


#: the digits spec §5.1 accepts: ASCII and full-width (NFKC maps these onto ASCII). Other
#: characters Python calls digits (``𐩀``, ``፩``, ``①``, ``¹``) are refused, not read
_DIGITS = frozenset("0123456789")
_WIDE_DIGITS = frozenset(chr(0xFF10 + d) for d in range(10))
#: no number of the notation needs more (sums go to 72): a longer one is a typo, and
#: reading a 5,000-digit number is not something to attempt
MAX_DIGITS = 3


def _normalise(text: str) -> list[tuple[str, int, bool]]:
    """NFKC per character, keeping each character's 1-based position in the input and
    whether whitespace came just before it (whitespace itself is dropped)."""
    out: list[tuple[str, int, bool]] = []
    gap = False
    for i, ch in enumerate(text, start=1):
        folded = unicodedata.normalize("NFKC", ch)
        if any(c.isdigit() for c in folded) and ch not in _DIGITS | _WIDE_DIGITS:
            folded = ch  # a look-alike the spec does not list: kept, so it is named
        for c in folded:
            if c in _MINUS:
                c = "-"
            if c.isspace():
                gap = True
                continue
            out.append((c, i, gap))
            gap = False
    return out


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.chars = _normalise(text)
        self.i = 0

    def pos(self) -> int:
        if self.i < len(self.chars):
            return self.chars[self.i][1]
        return len(self.text) + 1

    def peek(self, n: int = 1) -> str:
        return "".join(c for c, _, _ in self.chars[self.i:self.i + n])

    def take(self, n: int = 1) -> str:
        s = self.peek(n)
        self.i += n
        return s

    def done(self) -> bool:
        return self.i >= len(self.chars)

    def fail(self, message: str) -> NotationError:
        return NotationError(self.text, self.pos(), message)

    def integer(self, what: str) -> int:
        """A whole number of ASCII digits (after NFKC), at most ``MAX_DIGITS`` long, with
        no space inside."""
        start = self.i
        while not self.done() and self.peek() in _DIGITS:
            if self.i > start and self.chars[self.i][2]:
                raise self.fail("a space inside a number (write the digits together, or "
                                "separate dice with ・)")
            self.i += 1
            if self.i - start > MAX_DIGITS:
                self.i = start
                raise self.fail(f"a number of more than {MAX_DIGITS} digits")
        digits = "".join(c for c, _, _ in self.chars[start:self.i])
        if not digits:
            self.i = start
            found = self.peek() or "the end"
            hint = (" (only the digits 0–9, also full-width, are read)"
                    if found[:1].isdigit() or unicodedata.numeric(found[:1], None) is not None
                    else "")
            raise self.fail(f"expected {what}, found {found!r}{hint}")
        return int(digits)


def parse_condition(text: str) -> Condition:
    """Parse a condition (grammar of spec §5.1); raises :class:`NotationError`."""
    r = _Reader(text)
    if r.done():
        raise r.fail("empty condition")
    if r.peek(3) == "ゾロ目" or r.peek().upper() == "Z":
        r.take(3 if r.peek(3) == "ゾロ目" else 1)
        at = r.pos()
        k = r.integer("the number of equal dice after ゾロ目")
        if not 2 <= k <= 12:
            raise NotationError(text, at, f"ゾロ目{k} needs 2–12 equal dice")
        cond = Condition("zoro", k=k)
    else:
        at = r.pos()
        first = r.integer("a die value 1–6 or a sum N↑")
        if r.peek() in ("↑", "+"):
            r.take()
            if not 1 <= first <= 72:
                raise NotationError(text, at, f"sum {first}↑ is outside 1–72")
            cond = Condition("sum", total=first)
        else:
            slots = [_slot(r, first, at)]
            while not r.done() and r.peek() in _SLOT_SEP:
                r.take()
                at = r.pos()
                slots.append(_slot(r, r.integer("a die value 1–6"), at))
            cond = Condition("slots", slots=tuple(slots))
    if not r.done() and r.peek() in ("★", "*", "☆"):
        r.take()
        cond = cond._replace(star=True)
    if not r.done():
        raise r.fail(f"unexpected {r.peek()!r}")
    return cond._replace(text=cond.canonical())


def _slot(r: _Reader, first: int, at: int) -> frozenset[int]:
    values = [first]
    _check_value(r, first, at)
    while not r.done() and r.peek() == "/":
        r.take()
        at = r.pos()
        values.append(r.integer("a die value 1–6 after /"))
        _check_value(r, values[-1], at)
    return frozenset(values)


def _check_value(r: _Reader, value: int, at: int) -> None:
    if not 1 <= value <= 6:
        raise NotationError(r.text, at, f"die value {value} is outside 1–6")


def parse_fortune(text: str) -> Fortune:
    """Parse a Fortune (spec §5.1): ``—``/``none``/empty, or atoms joined by ``/`` and ``・``."""
    stripped = unicodedata.normalize("NFKC", text or "").strip()
    if stripped in _NO_FORTUNE:
        return ()
    r = _Reader(text)
    falts: list[tuple[Atom, ...]] = [_falt(r)]
    while not r.done() and r.peek() in _SLOT_SEP:
        r.take()
        falts.append(_falt(r))
    if not r.done():
        raise r.fail(f"unexpected {r.peek()!r}")
    return tuple(falts)


def _falt(r: _Reader) -> tuple[Atom, ...]:
    atoms = [_atom(r)]
    while not r.done() and r.peek() == "/":
        r.take()
        atoms.append(_atom(r))
    return tuple(atoms)


def _atom(r: _Reader) -> Atom:
    if r.peek(2) == INVERT or r.peek(3).upper() == "INV":
        r.take(2 if r.peek(2) == INVERT else 3)
        return ("inv", 0)
    if r.peek(4) == REROLL or r.peek(2).upper() == "RR":
        r.take(4 if r.peek(4) == REROLL else 2)
        return ("rr", 0)
    sign = r.peek()
    if sign not in ("+", "-"):
        raise r.fail(f"expected +k, -k, 反転 (INV) or 振り直し (RR), found {sign or 'the end'!r}")
    r.take()
    at = r.pos()
    k = r.integer("a number after the sign")
    if not 1 <= k <= 5:
        raise NotationError(r.text, at, f"change {sign}{k} is outside 1–5")
    return ("add", k if sign == "+" else -k)


def atom_text(atom: Atom) -> str:
    kind, k = atom
    if kind == "inv":
        return INVERT
    if kind == "rr":
        return REROLL
    return f"{k:+d}"


def fortune_text(fortune: Fortune) -> str:
    if not fortune:
        return "—"
    return "・".join("/".join(atom_text(a) for a in falt) for falt in fortune)


_ZORO = re.compile(r"ゾロ目(\d+)")
#: the draft's notation words in English, as the Rules tab names them (CH-3.3, CH-3.4, CH-3.8)
WORDS_EN = {INVERT: "invert", REROLL: "reroll"}


def in_english(text: str) -> str:
    """A condition or Fortune of the draft's notation in an English text: 反転 → invert,
    振り直し → reroll, ゾロ目3 → 3 alike, and the slot separator ・ → " & " (``5/6 & 5/6★``),
    so an English log or board holds no Japanese; the Japanese terms are in the Rules tab
    (CH-3). The Japanese text keeps the draft's own notation."""
    for ja, en in WORDS_EN.items():
        text = text.replace(ja, en)
    return _ZORO.sub(lambda m: f"{m.group(1)} alike", text).replace("・", " & ")


# -- matching (§5.1 "Matching", CH-A7, CH-A8) ----------------------------------------------------------
def satisfying_sets(cond: Condition, values: tuple[int, ...], minimal: bool = True
                    ) -> tuple[tuple[int, ...], ...]:
    """Every set U of positions in ``values`` that meets ``cond`` (index tuples, ascending)."""
    return _sets(cond.kind, cond.slots, cond.total, cond.k, values, minimal)


def can_achieve(cond: Condition, values: tuple[int, ...], minimal: bool = True) -> bool:
    """Whether some set of ``values`` meets ``cond``: a question of the multiset of values,
    so it is kept per sorted values (a bot asks it of every position it looks at)."""
    if len(values) < cond.dice_needed:
        return False
    key = (cond, tuple(sorted(values)), minimal)
    found = _ACHIEVABLE.get(key)
    if found is None:
        if len(_ACHIEVABLE) >= 200_000:
            _ACHIEVABLE.clear()
        found = _ACHIEVABLE[key] = may_meet(cond, list(key[1])) and bool(
            _sets(cond.kind, cond.slots, cond.total, cond.k, key[1], minimal))
    return found


#: :func:`can_achieve`'s answers per (condition, sorted values, minimal), bounded
_ACHIEVABLE: dict[tuple[Condition, tuple[int, ...], bool], bool] = {}


def meets_whole(cond: Condition, values: tuple[int, ...], minimal: bool = True) -> bool:
    """Whether all of ``values``, as one set, meets ``cond`` (the test :func:`_sets` makes per set).

    Whether a set qualifies depends only on its values, so the odds (``odds.py``) can ask
    it once per multiset of values instead of once per subset of every roll.
    """
    n = len(values)
    if cond.kind == "slots":
        return n == len(cond.slots) and tuple(sorted(values)) in slot_patterns(cond.slots)
    if cond.kind == "zoro":
        return n == cond.k and n > 0 and all(v == values[0] for v in values)
    if n == 0:
        return False
    s = sum(values)
    return s >= cond.total and (not minimal or s - min(values) < cond.total)


def may_meet(cond: Condition, vals: list[int]) -> bool:
    """A necessary condition, cheap: most conditions fail most hands, so test this first."""
    if len(vals) < cond.dice_needed:
        return False
    if cond.kind == "sum":
        return sum(vals) >= cond.total
    if cond.kind == "slots":
        return all(any(v in slot for v in vals) for slot in cond.slots)
    return max(vals.count(v) for v in set(vals)) >= cond.k


@lru_cache(maxsize=200_000)
def _sets(kind: str, slots: tuple[frozenset[int], ...], total: int, k: int,
          values: tuple[int, ...], minimal: bool) -> tuple[tuple[int, ...], ...]:
    n = len(values)
    idx = range(n)
    out: list[tuple[int, ...]] = []
    if kind == "slots":
        size = len(slots)
        if size > n:
            return ()
        fits = slot_patterns(slots)
        for combo in combinations(idx, size):
            if tuple(sorted(values[i] for i in combo)) in fits:
                out.append(combo)
    elif kind == "zoro":
        for combo in combinations(idx, k):
            first = values[combo[0]]
            if all(values[i] == first for i in combo):
                out.append(combo)
    else:
        # every subset as a bit mask, sums and minima built from the mask without its low bit
        sums, mins = [0] * (1 << n), [99] * (1 << n)
        found = []
        for mask in range(1, 1 << n):
            low = mask & -mask
            i = low.bit_length() - 1
            rest = mask ^ low
            sums[mask] = sums[rest] + values[i]
            mins[mask] = values[i] if values[i] < mins[rest] else mins[rest]
            s = sums[mask]
            if s >= total and (not minimal or s - mins[mask] < total):
                found.append(tuple(j for j in idx if mask >> j & 1))
        out = sorted(found, key=lambda u: (len(u), u))
    return tuple(out)


@lru_cache(maxsize=4096)
def slot_patterns(slots: tuple[frozenset[int], ...]) -> frozenset[tuple[int, ...]]:
    """Sorted value tuples that fill ``slots`` one die each (the bipartite match, CH-A8)."""
    out: set[tuple[int, ...]] = set()
    for perm in product(*(sorted(s) for s in slots)):
        out.add(tuple(sorted(perm)))
    return frozenset(out)


# -- Fortune options (CH-6.1, CH-6.2, CH-A10) ------------------------------------------------------------
def apply_atom(value: int, atom: Atom, lo: int = 1, hi: int = 6, top: int = 6
               ) -> tuple[int, bool]:
    """The die's new value (``0`` = to be rerolled) and whether the atom applied in full.
    ``top`` is the die's highest face (CH-V8): 反転 turns v into top + 1 − v (７−現在値 on a d6)."""
    kind, k = atom
    if kind == "inv":
        return max(lo, min(hi, top + 1 - value)), True
    if kind == "rr":
        return 0, True
    raw = value + k
    return max(lo, min(hi, raw)), lo <= raw <= hi


@lru_cache(maxsize=100_000)
def fortune_options(fortune: Fortune, values: tuple[int, ...], lo: int = 1, hi: int = 6,
                    top: int = 6) -> tuple[tuple[tuple[int, Atom], ...], ...]:
    """The legal ways to apply ``fortune`` to dice showing ``values`` (CH-A10).

    Each option is a tuple of ``(die position, atom)``: as many atoms as the
    Fortune has dice slots, or as there are dice; each on a different die.
    Only options that apply the most atoms in full are kept (CH-6.2).
    """
    if not fortune or not values:
        return ()
    check_fortune_ways(fortune, len(values))
    m = min(len(fortune), len(values))
    best = -1
    kept: list[tuple[tuple[int, Atom], ...]] = []
    for falts in combinations(range(len(fortune)), m):
        for dice in permutations(range(len(values)), m):
            for choice in _alternatives([fortune[f] for f in falts]):
                full = sum(apply_atom(values[d], a, lo, hi, top)[1]
                           for d, a in zip(dice, choice, strict=True))
                if full > best:
                    best, kept = full, []
                if full == best:
                    kept.append(tuple(zip(dice, choice, strict=True)))
    return tuple(kept)


def check_fortune_ways(fortune: Fortune, dice: int) -> None:
    """Raise :class:`FortuneTooLarge` when ``fortune`` has more ways to apply to ``dice``
    dice than :data:`MAX_FORTUNE_WAYS` (asked before any way is enumerated)."""
    m = min(len(fortune), dice)
    widest = sorted((len(f) for f in fortune), reverse=True)[:m]
    ways = math.comb(len(fortune), m) * math.perm(dice, m) * math.prod(widest)
    if ways > MAX_FORTUNE_WAYS:
        raise FortuneTooLarge(f"Fortune {fortune_text(fortune)} on {dice} dice has "
                              f"{ways:,} ways to apply, more than the limit of "
                              f"{MAX_FORTUNE_WAYS:,}: use fewer slots or alternatives, or "
                              f"fewer dice")


#: the most ways to apply one Fortune that are enumerated (CH-A10 enumerates every way;
#: 8 slots of 4 alternatives on 8 dice are 2.6 billion, hours for one position)
MAX_FORTUNE_WAYS = 500_000


class FortuneTooLarge(DesignkitError):
    """A Fortune with more ways to apply than :data:`MAX_FORTUNE_WAYS` (one line)."""


def _alternatives(falts: list[tuple[Atom, ...]]) -> list[tuple[Atom, ...]]:
    out: list[tuple[Atom, ...]] = [()]
    for falt in falts:
        out = [prev + (a,) for prev in out for a in falt]
    return out
