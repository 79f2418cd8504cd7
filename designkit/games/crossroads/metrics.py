"""Crossroads' declared metrics (core.metrics): none yet.

Every Crossroads question reads what the results already hold (the winner's margin, the
VP by source, ``end:27``, seat balance), so no watch is needed; the module is declared in
the game's ``hooks`` all the same, so the place for a count a future doubt needs is where
``docs/ADDING_A_GAME.md`` says it is.
"""

from __future__ import annotations

from designkit.core.metrics import NOTHING, Declared


def declared() -> Declared:
    """The ``question_metrics`` hook (core.hooks): nothing declared."""
    return NOTHING
