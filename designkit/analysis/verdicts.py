"""The verdict rule: a word a designer can act on, read from intervals, a target and a margin.

The designer fixes, before any game is played, the **margin** δ (the smallest change that
matters, in the metric's own unit) and, for a question, the **target** that would mean
"fixed" (e.g. the Demon Lord's VP share ≥ 40 %). Given anytime-valid confidence sequences
(:mod:`designkit.analysis.confseq`) on the paired difference cure − draft and on each
arm's own level, the words are (the sequential equivalence rule of ``seqbench``, plus the
target):

* **fixes it** — the cure's own interval lies inside the target (and the draft's does not:
  a draft that already meets the target is read by the difference alone);
* **no practical change** — the whole interval of the difference lies inside [−δ, +δ]
  (an equivalence statement: never said when the interval merely contains 0);
* **improves it** / **makes it worse** — the difference's interval lies beyond +δ toward
  (away from) the target; which way is "toward" is read from the draft's own interval
  (entirely below the target: higher is toward it; entirely above: lower is), and with no
  target or a draft that straddles it the words are the neutral **raises / lowers it**;
* **not decided yet** — none of these, with the games still needed estimated from how
  fast the interval shrinks (≈ 1/√n).

Because every interval holds at every number of games simultaneously, the chance of ever
making any false declaration of these kinds is ≤ α, however often the run is looked at.
A run whose arms gave the same value in every game (a width-0 difference) never decides
below :data:`MIN_GAMES_IDENTICAL` games, and says the arms never diverged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: an all-equal difference decides nothing below this many games (and says why)
MIN_GAMES_IDENTICAL = 30

FIXES = "fixes it"
IMPROVES = "improves it"
SAME = "no practical change"
WORSE = "makes it worse"
RAISES = "raises it"
LOWERS = "lowers it"
UNDECIDED = "not decided yet"
DECIDED = (FIXES, IMPROVES, SAME, WORSE, RAISES, LOWERS)


@dataclass(frozen=True)
class Target:
    """What "fixed" means on the metric's own scale: ``lo ≤ value ≤ hi`` (an open end is
    None). ``text`` is how the question states it."""

    lo: float | None
    hi: float | None
    text: str

    def holds(self, lo: float, hi: float) -> bool:
        """The whole interval [lo, hi] lies inside the target."""
        return ((self.lo is None or lo >= self.lo) and (self.hi is None or hi <= self.hi))

    def toward(self, lo: float, hi: float) -> int:
        """+1 when an interval lies entirely below the target (raising it moves toward it),
        −1 entirely above, 0 when it touches or straddles the target."""
        if self.lo is not None and hi < self.lo:
            return 1
        if self.hi is not None and lo > self.hi:
            return -1
        return 0

    @property
    def width(self) -> float:
        """The target's width (inf with an open end): a margin must be narrower."""
        if self.lo is None or self.hi is None:
            return math.inf
        return self.hi - self.lo


@dataclass(frozen=True)
class Reading:
    """The verdict word and the facts behind it (why undecided, games still needed)."""

    kind: str
    more_games: int | None = None     # ≈ games per arm still needed (not decided yet)
    why: str = ""

    @property
    def decided(self) -> bool:
        return self.kind in DECIDED


def read(diff: tuple[float, float, float], n: int, margin: float,
         cure: tuple[float, float] | None = None, draft: tuple[float, float] | None = None,
         target: Target | None = None, better: str | None = None, min_games: int = 1,
         identical: bool = False) -> Reading:
    """The verdict for a difference ``(mean, lo, hi)`` after ``n`` games per arm.

    ``cure`` / ``draft`` are the arms' own intervals (needed with a ``target``);
    ``better`` ("higher"/"lower") orients a bare metric that has a natural direction;
    ``min_games`` is the least the interval's method needs (the normal mixture's);
    ``identical``: every game gave the same value under both arms.
    """
    mean, lo, hi = diff
    if identical and n < MIN_GAMES_IDENTICAL:
        return Reading(UNDECIDED, MIN_GAMES_IDENTICAL - n,
                       f"the arms gave the same value in all {n} games (they never "
                       f"diverged); no verdict below {MIN_GAMES_IDENTICAL} games")
    if n < min_games or not (math.isfinite(lo) and math.isfinite(hi)):
        return Reading(UNDECIDED, max(1, min_games - n),
                       f"this interval needs at least {min_games} games")
    if (target is not None and cure is not None and target.holds(*cure)
            and not (draft is not None and target.holds(*draft))):
        return Reading(FIXES)       # (a draft already inside the target is not "fixed")
    if lo >= -margin and hi <= margin:
        return Reading(SAME)
    sign = 0
    if target is not None and draft is not None:
        sign = target.toward(*draft)
    elif better is not None:
        sign = 1 if better == "higher" else -1
    if lo > margin:
        return Reading({1: IMPROVES, -1: WORSE, 0: RAISES}[sign])
    if hi < -margin:
        return Reading({1: WORSE, -1: IMPROVES, 0: LOWERS}[sign])
    return Reading(UNDECIDED, more_games(mean, lo, hi, n, margin))


def more_games(mean: float, lo: float, hi: float, n: int, margin: float) -> int | None:
    """≈ games per arm still needed: the half-width must shrink to |margin − |mean||
    (inside ±margin, or clear of it), and it shrinks about as 1/√n. None when the
    difference sits on the margin (no number of games is likely to decide)."""
    half = (hi - lo) / 2
    need = abs(margin - abs(mean))
    if need < 1e-9 * max(1.0, margin) or n < 1:
        return None
    total = n * (half / need) ** 2
    if total > 1e7:
        return None
    return max(1, math.ceil(total - n))


def describe(reading: Reading) -> str:
    """The reading's word with its reason or the games still needed."""
    if reading.kind != UNDECIDED:
        return reading.kind
    if reading.why:
        return f"{UNDECIDED} ({reading.why})"
    if reading.more_games is None:
        return f"{UNDECIDED} (the difference sits on the margin: many more games)"
    return f"{UNDECIDED} (≈{reading.more_games:,} more games per arm)"
