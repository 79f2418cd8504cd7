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


class BadStateValue(ValueError):
    """A game's parser found a malformed value at ``key`` of a saved state (one line)."""

    def __init__(self, key: str, what: str) -> None:
        self.key = key
        super().__init__(f"key '{key}': {what}")


def format_violation(exc: Exception) -> Violation:
    """The ``state_format`` violation of a parser's exception, naming the key it concerns."""
    if isinstance(exc, BadStateValue):
        return Violation("state_format", str(exc))
    if isinstance(exc, KeyError):
        return Violation("state_format", f"key {exc}: missing or unknown")
    return Violation("state_format", str(exc) or type(exc).__name__)


def parse_checked(parse: Callable[[], S], check: Callable[[S], list[Violation]]) -> S:
    """The one way every game's ``state_from_dict`` refuses bad input.

    A malformed document (missing key, bad index or type; a parser raises
    :class:`BadStateValue` to name the key) becomes one :class:`ImpossibleState` with the
    code ``state_format``, never a traceback; a well-formed but impossible state is refused
    by the game's checks, whose messages cite the rule. A validator that itself trips over
    a malformed state (an index out of range) is refused the same way, not crashed.
    """
    try:
        st = parse()
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, ImpossibleState):
            raise
        raise ImpossibleState([format_violation(exc)]) from None
    try:
        found = check(st)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise ImpossibleState([format_violation(exc)]) from None
    require_valid(found)
    return st
