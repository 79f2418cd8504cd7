"""``search``: the second bot level for verdicts (issue 37), a small seeded search.

A verdict computed only with greedy bots can miss a cure the bots cannot see: Crossroads'
greedy values the 27-declaration before the discard that the "bigger merit" cures change,
so its decisions are identical between the draft and those cures, and the verdict reads
"no difference" (issue 35, item 6). ``search`` is the cheapest bot that plays each
decision's consequences out far enough to see such a change: information-set MCTS
(:class:`~designkit.agents.mcts.MCTSAgent`, one determinisation of the acting seat's
information set per iteration through the game's ``determinize``, never another seat's
hidden cards) with

* an iteration budget (``SEARCH_ITERATIONS``), so a game is fixed by its seed on any
  machine and a comparison of two variants is reproducible;
* playouts cut after ``SEARCH_CUT`` random decisions and judged by the game's heuristic,
  so an iteration costs the same however long the game still runs;
* the greedy bot's knowledge as a prior (``SEARCH_PRIOR`` virtual visits per root option,
  ranked by the heuristic one step ahead), so a search this short starts where greedy
  plays and leaves it only where its playouts say so.

``search:N`` runs N iterations per decision instead (the same configuration otherwise).
"""

from __future__ import annotations

from designkit.agents.mcts import DEFAULT_C, MCTSAgent

#: iterations per decision of ``search``
SEARCH_ITERATIONS = 12
#: random decisions per playout before the heuristic judges
SEARCH_CUT = 10
#: virtual visits per root option valued by the heuristic (the greedy prior)
SEARCH_PRIOR = 3


class SearchAgent(MCTSAgent):
    """The ``search`` level: :class:`MCTSAgent` in the configuration above."""

    def __init__(self, iterations: int = SEARCH_ITERATIONS) -> None:
        super().__init__(iterations=iterations, c=DEFAULT_C, cut=SEARCH_CUT,
                         prior=SEARCH_PRIOR)

    @staticmethod
    def name_for(iterations: int = SEARCH_ITERATIONS, c: float = DEFAULT_C,
                 seconds: float | None = None, cut: int | None = SEARCH_CUT,
                 prior: int = SEARCH_PRIOR, clock: str = "wall", guided: int = 0) -> str:
        """``search`` at the default budget, ``search:N`` otherwise (``get_agent`` of the
        name rebuilds the agent); options outside this configuration are an MCTS agent's,
        named as such."""
        if (c, seconds, cut, prior, clock, guided) != (DEFAULT_C, None, SEARCH_CUT,
                                                       SEARCH_PRIOR, "wall", 0):
            return MCTSAgent.name_for(iterations, c, seconds, cut, prior, clock, guided)
        return "search" if iterations == SEARCH_ITERATIONS else f"search:{iterations}"
