"""Rows a clone shares with its original: tuples, replaced whole when written.

A state's per-seat (or per-place) rows are most of what a clone copies, and a bot clones
a position once per option it weighs (issue 19). A row that rules write rarely (VP by
category, legacy tokens, an assignment's tokens) is cheaper held as a tuple: a clone
copies only the outer list (``rows[:]``), sharing the rows themselves, and a write
builds the one new row it changes (copy-on-write). Nothing mutable is shared, so a clone
stays independent of its original by construction; the games' state tests check it.

Only these helpers write such rows, so a rule reads like the in-place form it replaces
(``add(st.parts, seat, part, n)`` for ``st.parts[seat][part] += n``).
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

#: rows of a tuple-rowed field: ``rows[i]`` is a tuple, ``rows`` the (copied) list
Rows = list[tuple[T, ...]]


def put(rows: Rows[T], i: int, j: int, value: T) -> None:
    """``rows[i][j] = value``: row ``i`` is replaced by a new tuple (through a list: a
    third of the cost of joining slices, for a row of 5 or of 81)."""
    row = list(rows[i])
    row[j] = value
    rows[i] = tuple(row)


def add(rows: Rows[int], i: int, j: int, n: int) -> None:
    """``rows[i][j] += n``."""
    row = list(rows[i])
    row[j] += n
    rows[i] = tuple(row)


def append(rows: Rows[T], i: int, value: T) -> None:
    """``rows[i].append(value)``."""
    rows[i] = rows[i] + (value,)


def pop_first(rows: Rows[T], i: int) -> T:
    """``rows[i].pop(0)``: the first item, removed from row ``i``."""
    row = rows[i]
    rows[i] = row[1:]
    return row[0]


def without(row: tuple[T, ...], value: T) -> tuple[T, ...]:
    """``row`` less its first ``value`` (``list.remove`` for a tuple field or row, which is
    replaced by the result, never changed in place)."""
    i = row.index(value)
    return row[:i] + row[i + 1:]


def remove(rows: Rows[T], i: int, value: T) -> None:
    """``rows[i].remove(value)``."""
    rows[i] = without(rows[i], value)
