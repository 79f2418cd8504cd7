"""``search``: the second bot level for verdicts (issue 37), a small seeded search.

A verdict computed only with greedy bots can miss a cure the bots cannot see: Crossroads'
greedy values the 27-declaration before the discard that the "bigger merit" cures change,
so its decisions are identical between the draft and those cures, and the verdict reads
"no difference" (issue 35, item 6). ``search`` is the cheapest bot that plays each
decision's consequences out far enough to see such a change: information-set MCTS
(:class:`~designkit.agents.mcts.MCTSAgent`, one determinisation of the acting seat's
information set per iteration through the game's ``determinize``, never another seat's
hidden cards) with

* an iteration budget per decision, so a game is fixed by its seed on any machine and a
  comparison of two variants is reproducible. The budget is the game's
  (``SEARCH_ITERATIONS_BY_GAME``, else ``SEARCH_ITERATIONS``), sized so that a 4-player
  game between ``search`` bots costs about a second of CPU or less in every game (issue 37:
  200 paired games x 2 variants in at most 5 minutes on 2 cores) while the level still
  responds: a Crossroads game has a fifth of Witch Academia's decisions and cheap ones, and
  at 12 iterations its games ending on 27 moved +3.3 pts +/- 5.8 under the whole-hand
  discard, at 48 iterations +16.3 pts +/- 6.8 (300 paired games each,
  ``benchmarks/README.md``);
* playouts cut after ``SEARCH_CUT`` random decisions and judged by the game's heuristic,
  so an iteration costs the same however long the game still runs;
* the greedy bot's knowledge as a prior (``SEARCH_PRIOR`` virtual visits per root option,
  ranked by the heuristic one step ahead), so a search this short starts where greedy
  plays and leaves it only where its playouts say so.

``search:N`` runs N iterations per decision in every game instead (the same configuration
otherwise).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from designkit.agents.mcts import DEFAULT_C, MCTSAgent
from designkit.core.game import Game
from designkit.core.infoset import InfoSet

#: iterations per decision of ``search`` in a game without its own budget below
SEARCH_ITERATIONS = 12
#: games whose ``search`` budget differs: Crossroads' 27-merit cures need 48 iterations to
#: move the games ending on 27 (12 change the declarations but not measurably the games),
#: and a 4-player Crossroads game at 48 costs less than Witch Academia's at 12
SEARCH_ITERATIONS_BY_GAME = {"crossroads": 48}
#: random decisions per playout before the heuristic judges
SEARCH_CUT = 10
#: virtual visits per root option valued by the heuristic (the greedy prior)
SEARCH_PRIOR = 3


class SearchAgent(MCTSAgent):
    """The ``search`` level: :class:`MCTSAgent` in the configuration above."""

    def __init__(self, iterations: int | None = None) -> None:
        super().__init__(iterations=iterations or SEARCH_ITERATIONS, c=DEFAULT_C,
                         cut=SEARCH_CUT, prior=SEARCH_PRIOR)
        #: the budget asked for (``search:N``), ``None``: the game's own
        self.fixed = iterations
        self.name = self.name_for(iterations)

    @staticmethod
    def budget(game: Game, fixed: int | None = None) -> int:
        """Iterations per decision in ``game``: ``fixed`` if given, else the game's."""
        return fixed or SEARCH_ITERATIONS_BY_GAME.get(game.name, SEARCH_ITERATIONS)

    def decide(self, game: Game, info: InfoSet, rng: random.Random) -> Hashable:
        self.iterations = self.budget(game, self.fixed)
        return super().decide(game, info, rng)

    @staticmethod
    def name_for(iterations: int | None = None, c: float = DEFAULT_C,
                 seconds: float | None = None, cut: int | None = SEARCH_CUT,
                 prior: int = SEARCH_PRIOR, clock: str = "wall", guided: int = 0,
                 chance_tree: bool = False, bias: str = "rank") -> str:
        """``search`` with each game's budget, ``search:N`` with N iterations (``get_agent``
        of the name rebuilds the agent); options outside this configuration are an MCTS
        agent's, named as such."""
        if (c, seconds, cut, prior, clock, guided, chance_tree, bias) != (
                DEFAULT_C, None, SEARCH_CUT, SEARCH_PRIOR, "wall", 0, False, "rank"):
            return MCTSAgent.name_for(iterations or SEARCH_ITERATIONS, c, seconds, cut, prior,
                                      clock, guided, chance_tree, bias)
        return "search" if iterations is None else f"search:{iterations}"
