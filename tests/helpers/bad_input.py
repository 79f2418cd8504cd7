"""Bad input, checked the same way for every game: a card table edited into a mistake must
be one DataError naming file, row and column; an illegal action must name itself and why,
and leave the state as it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from designkit import DataError, IllegalAction

Edit = Callable[[list[str]], list[str]]


def replaced(index: int, old: str, new: str, count: int = -1) -> Edit:
    """An edit of a table's line ``index`` (0: the header): ``old`` becomes ``new``; the
    edit fails loudly if ``old`` is not there (a test must not check an unedited table)."""
    def edit(lines: list[str]) -> list[str]:
        assert old in lines[index], (index, old, lines[index])
        lines[index] = lines[index].replace(old, new, count)
        return lines
    return edit


def edited_table(tmp_path: Path, src: Path, edit: Edit, name: str | None = None) -> Path:
    """A copy of the table ``src`` in ``tmp_path`` with ``edit`` applied to its lines."""
    lines = edit(src.read_text(encoding="utf-8").splitlines())
    path = tmp_path / (name or src.name)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def assert_table_error(loader: Callable[[Path], Any], path: Path, row: int | None,
                       column: str, *words: str) -> DataError:
    """``loader(path)`` raises a DataError naming the file, ``row`` and ``column`` (as
    fields and in its text) and every one of ``words``."""
    with pytest.raises(DataError) as err:
        loader(path)
    e, text = err.value, str(err.value)
    assert (e.file, e.row, e.column) == (str(path), row, column), text
    assert str(path) in text and f"column '{column}'" in text
    assert row is None or f"row {row}" in text
    for w in words:
        assert w in text, (w, text)
    return e


def assert_rejects(game: Any, st: Any, action: Any, *words: str) -> str:
    """``action`` raises IllegalAction naming it and ``words``; the state is unchanged."""
    before = game.state_to_dict(st)
    with pytest.raises(IllegalAction) as err:
        game.apply(st, action)
    message = str(err.value)
    assert action.describe() in message
    for w in words:
        assert w in message, (w, message)
    assert game.state_to_dict(st) == before
    return message
