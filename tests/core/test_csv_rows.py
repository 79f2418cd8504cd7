"""Issue 22 items 7 and 13: a card table's errors name the row a spreadsheet shows, and
CSV mistakes that used to be accepted silently are one-line DataErrors.

Before: blank lines were not counted (Crossroads skills.csv row 4 reported as row 2), a
filled cell beyond the last column was dropped (``…,upgrade(n=1),bless(n=1)`` lost the
bless), a U+2028 inside a cell split the row in two and a NUL byte stayed in an id.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from designkit.core.cardtable import Column, load_table
from designkit.core.errors import DataError

COLUMNS = (Column("id", unique=True), Column("cost", "int", range=(0, 9)),
           Column("note", required=False, default=""))


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8", newline="")
    return path


def _error(tmp_path: Path, text: str) -> DataError:
    with pytest.raises(DataError) as info:
        load_table(_write(tmp_path, text), COLUMNS)
    return info.value


@pytest.mark.parametrize(("text", "row"), [
    ("id,cost\na,1\n\nb,x\n", 4),                 # one blank line before the bad row
    ("id,cost\n\n\na,1\n,,\nb,x\n", 6),           # blank lines and a row of empty cells
    ("id,cost\r\na,1\r\n\r\nb,x\r\n", 4),         # Windows line ends
    ('id,cost,note\na,1,"two\nlines"\nb,x,\n', 3),  # a quoted cell on two lines: one row
    ("\nid,cost\na,1\nb,x\n", 4),                 # a blank line above the header
])
def test_the_row_is_the_one_a_spreadsheet_shows(tmp_path, text, row):
    err = _error(tmp_path, text)
    assert err.row == row and err.column == "cost", str(err)


def test_blank_rows_are_skipped_not_cards(tmp_path):
    rows = load_table(_write(tmp_path, "id,cost\n\na,1\n,,\n\nb,2\n"), COLUMNS)
    assert [r["id"] for r in rows] == ["a", "b"]


def test_a_filled_cell_beyond_the_last_column_is_an_error(tmp_path):
    err = _error(tmp_path, "id,cost,note\na,1,x\nb,2,upgrade(n=1),bless(n=1)\n")
    assert err.row == 3 and "bless(n=1)" in str(err) and "beyond the last column" in str(err)
    # empty trailing cells (a spreadsheet's export) are fine
    assert len(load_table(_write(tmp_path, "id,cost\na,1,,\n"), COLUMNS)) == 1


def test_a_cell_under_an_empty_header_is_an_error(tmp_path):
    err = _error(tmp_path, "id,,cost\na,zzz,1\n")
    assert err.row == 2 and "no name" in str(err)


@pytest.mark.parametrize("char", ["\x00", "\u2028", "\u2029", "\x1b", "\ufeff"])
def test_invisible_control_characters_are_named(tmp_path, char):
    err = _error(tmp_path, f"id,cost\na{char}b,1\nc,2\n")
    assert err.row == 2 and f"U+{ord(char):04X}" in str(err) and "position 2" in str(err)


def test_a_line_separator_does_not_split_the_row(tmp_path):
    """U+2028 used to end a row (str.splitlines): now the cell keeps it and is refused,
    and the rows after it keep their numbers."""
    err = _error(tmp_path, "id,cost\na,1\nb\u2028x,2\n")
    assert err.row == 3


def test_a_utf8_bom_at_the_start_is_not_a_character_of_the_header(tmp_path):
    path = tmp_path / "bom.csv"
    path.write_bytes("\ufeffid,cost\na,1\n".encode())
    assert load_table(path, COLUMNS)[0]["id"] == "a"
