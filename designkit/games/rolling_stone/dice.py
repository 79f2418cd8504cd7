"""Life stones (LR-8): the 24 orientations of a d6 as data, tumbles as a lookup table.

An orientation is ``(top, north, east)``: the faces pointing up, toward row −1
and toward column +1 (LR-8.1). The table below is the spec's: for each top,
the side faces read clockwise from above (N, E, S, W), one of four rotations.
A left-handed die is its mirror image (east and west swapped), the
``dice_chirality`` switch of LR-A32.

Everything the engine needs is precomputed once per handedness: the index of
each valid orientation, its top, the four orientations sharing a top (the
choices at setup and after a non-tumble change, LR-8.4) and the orientation
after a one-face tumble in each direction (LR-8.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

#: Directions in the order N, E, S, W; ``DELTA`` is their (row, column) step.
DIRS = ("N", "E", "S", "W")
N, E, S, W = range(4)
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))

#: LR-8.1: side faces (N, E, S, W) of a right-handed die for each top value.
RIGHT_HANDED_SIDES: dict[int, tuple[int, int, int, int]] = {
    1: (2, 4, 5, 3),
    2: (1, 3, 6, 4),
    3: (1, 5, 6, 2),
    4: (1, 2, 6, 5),
    5: (1, 4, 6, 3),
    6: (2, 3, 5, 4),
}

Orientation = tuple[int, int, int]


def tumble(o: Orientation, d: int) -> Orientation:
    """LR-8.2: the die pivots over its bottom edge on the ``d`` side."""
    top, north, east = o
    if d == N:
        return (7 - north, top, east)
    if d == S:
        return (north, 7 - top, east)
    if d == E:
        return (7 - east, north, top)
    return (east, north, 7 - top)


def sides(o: Orientation) -> tuple[int, int, int, int]:
    """The values facing N, E, S, W."""
    _, north, east = o
    return (north, east, 7 - north, 7 - east)


@dataclass(frozen=True)
class DiceTable:
    """Lookup tables for one handedness; orientations are referred to by index 0–23."""

    chirality: str
    orients: tuple[Orientation, ...]
    index: dict[Orientation, int]
    top: tuple[int, ...]
    by_top: tuple[tuple[int, ...], ...]   # by_top[t]: the 4 indices with top t (t = 1..6)
    moves: tuple[tuple[int, int, int, int], ...]  # moves[i][d]: index after tumbling d

    def describe(self, i: int) -> str:
        t, n, e = self.orients[i]
        return f"({t}, {n}, {e})"

    def direction_to(self, i: int, value: int) -> int | None:
        """The direction whose tumble gives ``value`` on top, or None if none does."""
        for d in range(4):
            if self.top[self.moves[i][d]] == value:
                return d
        return None


@cache
def dice_table(chirality: str = "right") -> DiceTable:
    """Build (once) the tables of a right- or left-handed die."""
    orients: list[Orientation] = []
    for t, (n, e, s, w) in RIGHT_HANDED_SIDES.items():
        cycle = (n, e, s, w) if chirality == "right" else (n, w, s, e)
        for k in range(4):
            orients.append((t, cycle[k], cycle[(k + 1) % 4]))
    orients.sort()
    index = {o: i for i, o in enumerate(orients)}
    moves = []
    for o in orients:
        nxt = tuple(index[tumble(o, d)] for d in range(4))  # KeyError = not a rotation
        moves.append(nxt)
    by_top = tuple(tuple(i for i, o in enumerate(orients) if o[0] == t) for t in range(7))
    return DiceTable(chirality, tuple(orients), index, tuple(o[0] for o in orients), by_top,
                     tuple(moves))  # type: ignore[arg-type]
