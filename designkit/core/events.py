"""The event log: the walkthrough a designer reads is nothing but these events."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One application of a rule: which rule, whose seat, what happened."""

    rule: str
    seat: int | None
    text: str
    text_ja: str
    data: dict[str, Any]

    def render(self, lang: str = "en") -> str:
        text = self.text_ja if lang == "ja" else self.text
        return f"{self.rule}: {text}"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "seat": self.seat, "text": self.text,
                "text_ja": self.text_ja, "data": self.data}
