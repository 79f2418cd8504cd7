"""The event log: the walkthrough a designer reads is nothing but these events.

An event says who may read it. A public event (``visible_to`` is ``None``) is
the same for everyone; a hidden one is read in full only by the seats in
``visible_to``, and everyone else reads its ``public`` text ("B draws a card")
or nothing at all. The game decides this where it emits the event, because
only the rule knows what it reveals; :func:`log_for` is the one filter every
viewer (stepper, CLI, records, lab) goes through.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One application of a rule: which rule, whose seat, what happened, who may see it."""

    rule: str
    seat: int | None
    text: str
    text_ja: str
    data: dict[str, Any]
    #: seats that read the full event; ``None``: everyone (a public event)
    visible_to: frozenset[int] | None = None
    #: (English, Japanese) text for the other seats; ``None``: they see nothing
    public: tuple[str, str] | None = None

    def render(self, lang: str = "en") -> str:
        text = self.text_ja if lang == "ja" else self.text
        return f"{self.rule}: {text}"

    def visible(self, seat: int | None) -> bool:
        """Whether ``seat`` reads the full event (``None`` is the designer, who reads all)."""
        return seat is None or self.visible_to is None or seat in self.visible_to

    def seen_by(self, seat: int | None) -> Event | None:
        """The event as ``seat`` sees it: itself, its public version, or ``None``."""
        if self.visible(seat):
            return self
        if self.public is None:
            return None
        return Event(self.rule, self.seat, self.public[0], self.public[1], {})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """The event written by :meth:`to_dict` (saved states and records)."""
        seen = data.get("visible_to")
        public = data.get("public")
        return cls(data["rule"], data["seat"], data["text"], data["text_ja"], data["data"],
                   None if seen is None else frozenset(seen),
                   None if public is None else (public[0], public[1]))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "seat": self.seat, "text": self.text,
               "text_ja": self.text_ja, "data": self.data}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
            out["public"] = None if self.public is None else list(self.public)
        return out


#: the viewer "the table": a spectator who is no seat, so reads only public texts
#: ("B picks a card"); ``log_for(log, TABLE)`` is the walkthrough ``designkit play`` prints
TABLE = -1


def log_for(log: Iterable[Event] | None, seat: int | None) -> list[Event]:
    """The log as ``seat`` may read it (``None``: the designer's view, everything;
    :data:`TABLE`: what every seat may read)."""
    if log is None:
        return []
    if seat is None:
        return list(log)
    out = []
    for event in log:
        seen = event.seen_by(seat)
        if seen is not None:
            out.append(seen)
    return out
