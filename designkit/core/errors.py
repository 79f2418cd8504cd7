"""Errors a designer can read: each names what was wrong and where to look.

They are separate classes so panels and the CLI can show them as one-line
messages without a traceback, while tests can assert on the exact kind.
"""

from __future__ import annotations

from designkit.core.messages import Text


def _both(en: str, head_ja: str, detail: str) -> str:
    """``en`` with its Japanese (``head_ja`` + the detail's) when the detail has one; a
    detail in English alone stays a plain line, so a missing translation is visible
    (:func:`designkit.core.messages.text_of` gives no Japanese for it)."""
    return Text(en, head_ja + detail.ja) if isinstance(detail, Text) else en


class DesignkitError(Exception):
    """Base of every error designkit raises on purpose."""


class ParamError(DesignkitError, ValueError):
    """A parameter value outside its allowed range or choices."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(_both(f"{field}: {message}", f"{field}：", message))
        self.field = field
        self.detail = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        """Picklable, so an error raised in a simulation worker reaches the parent."""
        return (type(self), (self.field, self.detail))


class DataError(DesignkitError, ValueError):
    """A bad row in a card table or a bad variant file: names file, row and column."""

    def __init__(self, file: str, message: str, row: int | None = None,
                 column: str | None = None) -> None:
        where, where_ja = file, file
        if row is not None:
            where, where_ja = f"{where}, row {row}", f"{where_ja}、{row} 行目"
        if column is not None:
            where, where_ja = f"{where}, column '{column}'", f"{where_ja}、列 '{column}'"
        super().__init__(_both(f"{where}: {message}", f"{where_ja}：", message))
        self.file, self.row, self.column, self.detail = file, row, column, message

    def __reduce__(self) -> tuple[type, tuple[str, str, int | None, str | None]]:
        return (type(self), (self.file, self.detail, self.row, self.column))


class IllegalAction(DesignkitError, ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


class RecordMismatch(DesignkitError):
    """A replayed record did not reach the state or scores it recorded."""


class WorkerLost(DesignkitError):
    """Simulation workers kept dying (out of memory?) after the batches were re-run."""


class OutputError(DesignkitError):
    """An output path that cannot be written: checked before the first game is played."""
