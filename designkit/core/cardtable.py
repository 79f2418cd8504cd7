"""CSV card tables a designer edits in a spreadsheet, validated on load.

Errors name the file, the spreadsheet row (the header is row 1) and the
column, so a designer can go straight to the cell.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from designkit.core.effects import EffectError, HookSpec, parse_effects
from designkit.core.errors import DataError


@dataclass(frozen=True)
class Column:
    """One column of a card table and how to read a cell of it."""

    name: str
    type: str = "str"  # str | int | float | bool | effects | list
    required: bool = True
    range: tuple[float, float] | None = None
    choices: tuple[str, ...] | None = None
    default: Any = None
    unique: bool = False


def load_table(path: str | Path, columns: Sequence[Column],
               vocabulary: Mapping[str, HookSpec] | None = None,
               row_check: Callable[[dict[str, Any]], str | None] | None = None,
               ) -> list[dict[str, Any]]:
    """Read and validate ``path``; return one dict per card with typed values."""
    path = Path(path)
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError as err:
        raise DataError(name, "file not found") from err
    except UnicodeDecodeError as err:
        raise DataError(name, "not UTF-8 text (save the sheet as CSV UTF-8)") from err
    reader = csv.DictReader(text.splitlines())
    header = [h.strip() for h in (reader.fieldnames or [])]
    reader.fieldnames = header
    for col in columns:
        if col.required and col.name not in header:
            raise DataError(name, f"missing column (have: {', '.join(header)})", row=1,
                            column=col.name)
    rows: list[dict[str, Any]] = []
    seen: dict[str, set[Any]] = {c.name: set() for c in columns if c.unique}
    for rowno, raw in enumerate(reader, start=2):
        if not any((v or "").strip() for v in raw.values() if isinstance(v, str)):
            continue
        row: dict[str, Any] = {}
        for col in columns:
            cell = (raw.get(col.name) or "").strip()
            row[col.name] = _cell(name, rowno, col, cell, vocabulary)
            if col.unique:
                if row[col.name] in seen[col.name]:
                    raise DataError(name, f"duplicate value {row[col.name]!r}", row=rowno,
                                    column=col.name)
                seen[col.name].add(row[col.name])
        if row_check is not None:
            problem = row_check(row)
            if problem:
                col_name, _, message = problem.partition(": ")
                raise DataError(name, message or problem, row=rowno, column=col_name or None)
        rows.append(row)
    return rows


def _cell(file: str, rowno: int, col: Column, cell: str,
          vocabulary: Mapping[str, HookSpec] | None) -> Any:
    def fail(message: str) -> DataError:
        return DataError(file, message, row=rowno, column=col.name)

    if cell == "":
        if col.required and col.default is None:
            raise fail("empty cell")
        return col.default
    if col.type in ("int", "float"):
        try:
            value: Any = int(cell) if col.type == "int" else float(cell)
        except ValueError:
            raise fail(f"{cell!r} is not a {'whole ' if col.type == 'int' else ''}number") \
                from None
        if col.range and not col.range[0] <= value <= col.range[1]:
            raise fail(f"{cell} is outside {col.range[0]:g}–{col.range[1]:g}")
        return value
    if col.type == "bool":
        low = cell.lower()
        if low not in ("true", "false", "yes", "no", "1", "0"):
            raise fail(f"{cell!r} is not true/false")
        return low in ("true", "yes", "1")
    if col.type == "list":
        return tuple(p.strip() for p in cell.replace(";", ",").split(",") if p.strip())
    if col.type == "effects":
        try:
            return parse_effects(cell, vocabulary or {})
        except EffectError as err:
            raise fail(str(err)) from None
    if col.choices and cell not in col.choices:
        raise fail(f"{cell!r} is not one of {', '.join(col.choices)}")
    return cell
