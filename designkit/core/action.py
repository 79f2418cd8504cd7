"""The one action type: a small immutable value with a readable text and a JSON form.

Every game subclasses :class:`Action` only to give it texts (``TEXT_EN`` /
``TEXT_JA``: kind → function of the argument); the fields stay ``kind`` and
``arg``. Being a tuple keeps actions cheap to hash and compare in the
simulation hot path; being one subclass per game lets the core reject a plain
tuple, ``None`` or another game's action by its type alone, before any game
code sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from designkit.core.errors import IllegalAction

A = TypeVar("A", bound="Action")

#: kind → text of the argument
Texts = dict[str, Callable[[Any], str]]
#: kind → (English text, Japanese text) of the argument: one row per kind, so a kind
#: added or renamed changes both languages together
BilingualTexts = dict[str, tuple[Callable[[Any], str], Callable[[Any], str]]]


def split_texts(table: BilingualTexts) -> tuple[Texts, Texts]:
    """``(TEXT_EN, TEXT_JA)`` from one table that writes each kind's English beside its
    Japanese (a game keeps one table, so the two languages cannot drift apart)."""
    return ({kind: en for kind, (en, _) in table.items()},
            {kind: ja for kind, (_, ja) in table.items()})


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


class Action(NamedTuple):
    """A decision: its ``kind`` (what is done) and ``arg`` (with what), both hashable."""

    kind: str
    arg: Any = None

    def describe(self, lang: str = "en") -> str:
        """The decision as a designer reads it, in English or Japanese."""
        texts: Texts = getattr(type(self), "TEXT_JA" if lang == "ja" else "TEXT_EN", {})
        text = texts.get(self.kind)
        if text is not None:
            try:
                return text(self.arg)
            except Exception:  # noqa: BLE001 - a junk argument (a hand-edited record)
                pass  # is named as it is: describing never fails
        return self.kind if self.arg is None else f"{self.kind} {self.arg!r}"

    def to_json(self) -> list[Any]:
        """``[kind, arg]`` with tuples written as lists (records, saved games)."""
        return [self.kind, _to_json(self.arg)]

    @classmethod
    def from_json(cls: type[A], data: Any) -> A:
        """The action written by :meth:`to_json`; anything else is an :class:`IllegalAction`."""
        if (not isinstance(data, list | tuple) or len(data) != 2
                or not isinstance(data[0], str)):
            raise IllegalAction(f"not an action: {data!r} (expected [kind, argument])")
        return cls(data[0], _from_json(data[1]))


def offered(action: Any, options: Any) -> bool:
    """``action in options``, but exactly: ``True`` is not the option ``1`` (equal in
    Python, a different argument in a record), and an unhashable argument is simply not
    among them."""
    try:
        if action not in options:
            return False
    except TypeError:
        return False
    return any(_exact(action, o) for o in options if o == action)


def _exact(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_exact(x, y) for x, y in zip(a, b, strict=True))
    return True


def action_label(action: Any, lang: str = "en") -> str:
    """A readable name for anything offered as an action, legal or not (error messages)."""
    if isinstance(action, Action):
        return action.describe(lang)
    return repr(action)

