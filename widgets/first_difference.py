"""Compare's two games opened where they part ways, not at step 0 (issue 39).

:func:`show_first_difference` takes the two Play views Compare has just opened on the same
seed (one per variant, step 0), finds the first step whose decision or events differ
(:func:`designkit.analysis.first_difference.first_difference`) and steps both views there,
so the two boards and logs show the moment the variants diverge; Undo goes back from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designkit.analysis.first_difference import FirstDifference, first_difference


def show_first_difference(steppers: Sequence[Any],
                          titles: Sequence[str] = ()) -> FirstDifference | None:
    """Step both ``steppers`` (widgets.stepper.Stepper at step 0) to their first difference
    and say it in each, after the game's title (``titles``: what each view plays, so the
    line still names the variant, game and seed); None when they are not two games of one
    seed."""
    if len(steppers) != 2:
        return None
    a, b = (s.session for s in steppers)
    if a.seed != b.seed or a.cursor or b.cursor:
        return None
    found = first_difference(a.game, [a.params, b.params], a.seed, a.controllers)
    for k, stepper in enumerate(steppers):
        with stepper._lock:
            for _ in range(found.step):
                if stepper.session.step() is None:
                    break
        stepper.render()
        where = (f"first difference at step {found.step} ({found.why})" if not
                 found.same_to_end else f"no difference: {found.why}")
        stepper._say(f"{titles[k]} · {where}" if k < len(titles) else where)
    return found
