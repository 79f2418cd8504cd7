"""Where two games on the same seed part ways: the first step whose decision or events
differ between two parameter sets (issue 39).

Compare's "open the game where they differ most" opened both games at step 0 of 0, and the
designer had to play each to its end to find the moment the variants diverge. Played side
by side on the same seed with the same bots, two variants usually agree for a while (the
same shuffle, the same first moves) and then one rule changes a decision or an outcome;
that step is where the two boards are worth comparing.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from designkit.core.game import Game
from designkit.core.params import Params
from designkit.session import Session

MAX_STEPS = 20_000   # a game longer than this is compared up to here


@dataclass(frozen=True)
class FirstDifference:
    """``step``: how many steps to apply to reach the first difference (0: the set-ups
    already differ; else the step ``step`` is the first whose decision or events differ, or
    where one game ended and the other did not). ``same_to_end``: no difference at all,
    ``step`` then the games' common length."""

    step: int
    same_to_end: bool = False
    why: str = ""


def _step_key(session: Session, index: int) -> tuple[Hashable, ...]:
    step = session.steps[index]
    events = tuple(session.events[i].render("en") for i in session.step_events(index))
    return (step.seat, step.action, events)


def first_difference(game: Game, params: Sequence[Params], seed: int,
                     controllers: Sequence[str], max_steps: int = MAX_STEPS
                     ) -> FirstDifference:
    """Play ``params[0]`` and ``params[1]`` on ``seed`` with the same bots in lockstep and
    return where they first differ (the games are deterministic given seed and bots)."""
    a, b = (Session(game, p, int(seed), list(controllers)) for p in params[:2])
    start_a = tuple(e.render("en") for e in a.events)
    start_b = tuple(e.render("en") for e in b.events)
    if start_a != start_b or a.players != b.players:
        return FirstDifference(0, why="the set-ups differ")
    for n in range(1, max_steps + 1):
        sa, sb = a.step(), b.step()
        if sa is None or sb is None:
            if (sa is None) != (sb is None):
                return FirstDifference(n, why="one game ended, the other went on")
            return FirstDifference(n - 1, same_to_end=True, why="the same to the end")
        if _step_key(a, n - 1) != _step_key(b, n - 1):
            what = "decision" if (sa.seat, sa.action) != (sb.seat, sb.action) else "events"
            return FirstDifference(n, why=f"step {n}: the {what} differ")
    return FirstDifference(max_steps, same_to_end=True, why=f"the same for {max_steps} steps")
