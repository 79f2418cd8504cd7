"""What can never be true of a position, named so tests and loaders can say which rule broke.

Each game lists its invariants in ``check_state`` (cards conserved, dice in
range, limits kept). The contract suite checks them after every step of
random games, and ``state_from_dict`` refuses a saved state that breaks one,
so an impossible position is caught where it first appears, not three rules
later as a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

from designkit.core.errors import DesignkitError


class Violation(NamedTuple):
    """One broken invariant: a stable ``code`` (e.g. ``cards_conserved``) and what is wrong."""

    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class ImpossibleState(DesignkitError, ValueError):
    """A state that breaks the game's invariants (a hand-edited or corrupt saved state)."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = violations
        first = violations[0]
        more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
        super().__init__(f"impossible state: {first}{more}")


def require_valid(violations: list[Violation]) -> None:
    """Raise :class:`ImpossibleState` when ``violations`` is not empty."""
    if violations:
        raise ImpossibleState(violations)


S = TypeVar("S")


def parse_checked(parse: Callable[[], S], check: Callable[[S], list[Violation]]) -> S:
    """Run a game's ``state_from_dict`` parser: a malformed document (missing key, bad
    index or type) becomes one :class:`ImpossibleState` naming what is wrong, never a
    traceback, and a well-formed but impossible state is refused by the game's checks."""
    try:
        st = parse()
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        if isinstance(exc, ImpossibleState):
            raise
        what = f"missing or unknown {exc}" if isinstance(exc, KeyError) else str(exc)
        raise ImpossibleState([Violation("state_format", what)]) from None
    require_valid(check(st))
    return st
