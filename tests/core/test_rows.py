"""The core's tuple rows (designkit.core.rows): every write replaces the row, so a clone
that copied only the outer list (``rows[:]``) never sees its original's writes."""

from __future__ import annotations

import pytest

from designkit.core.rows import add, append, pop_first, put, remove, without


def test_writes_replace_the_row_and_leave_a_shallow_copy_alone() -> None:
    rows = [(1, 2, 2, 3), (4,)]
    copy = rows[:]
    put(rows, 0, 1, 9)
    add(rows, 1, 0, 2)
    append(rows, 1, 7)
    assert rows == [(1, 9, 2, 3), (6, 7)] and copy == [(1, 2, 2, 3), (4,)]
    assert pop_first(rows, 1) == 6 and rows[1] == (7,)
    remove(rows, 0, 2)  # the first of the equal values only, as list.remove
    assert rows[0] == (1, 9, 3) and copy[0] == (1, 2, 2, 3)


def test_without_takes_out_the_first_equal_value() -> None:
    assert without((3, 1, 3), 3) == (1, 3)
    assert without(("a",), "a") == ()
    with pytest.raises(ValueError):
        without((1, 2), 5)  # as list.remove: a value that is not there is an error
