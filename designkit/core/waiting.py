"""What each decision phase waits on, as a game's data file: the table ``explain_illegal`` reads.

Every game's ``explain_illegal`` first says what the phase is waiting for ("now the player
chooses a worker, Rest or Assignment Creation (LW-4.2)") whenever an action is not even of
a kind the phase takes. That table is the draft's words, not code: each game keeps it in
``waiting.yaml`` beside its modules, one phase a key::

    MODE:
      kinds: worker rest assign   # the action kinds that answer it (omitted: the options')
      en: the player chooses a worker, Rest or Assignment Creation (LW-4.2)
      ja: プレイヤーがワーカー・休息・課題作成のいずれかを選びます（LW-4.2）
      why:                        # optional: a kind's fixed reason when its details are wrong
        worker: {en: ..., ja: ...}

:func:`waiting_table` reads it once (a key that is no phase, or a row without its words,
is the game author's mistake and names the file and key), and :func:`not_awaited` gives
the reasons every game starts with, so they read alike in every game.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from importlib import resources
from typing import Any, NamedTuple

from designkit.core.errors import DataError
from designkit.core.flow import FlowState, no_decision_due
from designkit.core.messages import Text, bi
from designkit.core.textfiles import load_yaml


class Waiting(NamedTuple):
    """One phase's row: the kinds of action that answer it and what it waits for."""

    #: the action kinds the phase takes; None: whichever kinds its options offer now
    kinds: frozenset[str] | None
    text: Text
    #: kind → the rule's reason when an action of that kind is taken but not this one
    why: Mapping[str, Text]

    def now(self) -> Text:
        """"now …": the reason for an action the phase does not take."""
        return bi("now {w}", "いまは{w}", w=self.text)

    def reason(self, kind: object) -> Text:
        """The fixed reason an action of ``kind`` is refused here (else "now …")."""
        found = self.why.get(kind) if isinstance(kind, str) else None
        return found if found is not None else self.now()


def waiting_table(package: str, phases: type[enum.Enum],
                  name: str = "waiting.yaml") -> dict[Any, Waiting]:
    """The phase → :class:`Waiting` table in ``package``'s file ``name``."""
    text = resources.files(package).joinpath(name).read_text("utf-8")
    return parse_waiting(text, f"{package.replace('.', '/')}/{name}", phases)


def parse_waiting(text: str, source: str, phases: type[enum.Enum]) -> dict[Any, Waiting]:
    """The table from a ``waiting.yaml`` text (``source`` names it in an error)."""
    data = load_yaml(text, source)
    if not isinstance(data, Mapping):
        raise DataError(source, Text("want one phase a key", "フェーズごとに1つのキーが必要です"))
    table: dict[Any, Waiting] = {}
    for key, row in data.items():
        phase = phases.__members__.get(str(key))
        if phase is None:
            raise DataError(source, bi("{k}: not a phase of {p}", "{k}：{p} のフェーズではありません",
                                       k=key, p=phases.__name__))
        why = row.get("why", {}) if isinstance(row, Mapping) else {}
        if not isinstance(why, Mapping):
            raise DataError(source, bi("{k}: why: wants one action kind a key",
                                       "{k}：why: には行動の種類ごとのキーが必要です", k=key))
        kinds = row.get("kinds")
        table[phase] = Waiting(None if kinds is None else frozenset(str(kinds).split()),
                               _text(source, str(key), row),
                               {str(k): _text(source, f"{key}.why.{k}", v)
                                for k, v in why.items()})
    return table


def _text(source: str, key: str, row: Any) -> Text:
    if not isinstance(row, Mapping) or not all(isinstance(row.get(w), str) and row[w]
                                               for w in ("en", "ja")):
        raise DataError(source, bi("{k}: want en: and ja: texts", "{k}：en: と ja: の文が必要です",
                                   k=key))
    return Text(row["en"], row["ja"])


def not_awaited(st: FlowState, table: Mapping[Any, Waiting], action: Any,
                end_rule: str) -> Text | None:
    """Why ``action`` cannot be legal whatever its details, or None when its kind is one the
    phase takes: the game is over (``end_rule``), no decision is due, or the phase waits
    on another kind of action ("now …")."""
    not_due = no_decision_due(st, table, end_rule)
    if not_due is not None:
        return not_due
    row = table[st.phase]
    kinds = row.kinds if row.kinds is not None else {a.kind for a in st.options}
    return None if getattr(action, "kind", None) in kinds else row.now()
