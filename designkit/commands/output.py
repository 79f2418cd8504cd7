"""Where a command's lines go: the terminal for the CLI, a list for a test or a panel."""

from __future__ import annotations

import sys
from collections.abc import Iterable


class Output:
    """The terminal: ``say`` to stdout, ``warn`` (what went wrong, what was kept) to stderr."""

    def say(self, text: str = "", flush: bool = False) -> None:
        print(text, flush=flush)

    def warn(self, text: str) -> None:
        print(text, file=sys.stderr)

    def say_all(self, lines: Iterable[object]) -> int:
        """Each line of an iterable; 0, the exit status of a command that only lists."""
        for line in lines:
            self.say(str(line))
        return 0


class Lines(Output):
    """Keeps the lines instead of printing them: ``out`` (stdout) and ``err`` (stderr)."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.err: list[str] = []

    def say(self, text: str = "", flush: bool = False) -> None:
        self.out.append(text)

    def warn(self, text: str) -> None:
        self.err.append(text)


TERMINAL = Output()
