"""Errors a designer can read: each names what was wrong and where to look.

They are separate classes so panels and the CLI can show them as one-line
messages without a traceback, while tests can assert on the exact kind.
"""

from __future__ import annotations


class DesignkitError(Exception):
    """Base of every error designkit raises on purpose."""


class ParamError(DesignkitError, ValueError):
    """A parameter value outside its allowed range or choices."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.detail = message

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        """Picklable, so an error raised in a simulation worker reaches the parent."""
        return (type(self), (self.field, self.detail))


class DataError(DesignkitError, ValueError):
    """A bad row in a card table or a bad variant file: names file, row and column."""

    def __init__(self, file: str, message: str, row: int | None = None,
                 column: str | None = None) -> None:
        where = file
        if row is not None:
            where += f", row {row}"
        if column is not None:
            where += f", column '{column}'"
        super().__init__(f"{where}: {message}")
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
