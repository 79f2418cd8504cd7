"""Information-set MCTS (single observer, open loop on chance) with determinisation.

Each iteration deals the hidden cards anew through ``game.determinize`` from
the deciding seat's point of view, so the search never reads a hidden card;
availability counts keep UCB fair when the legal set differs between
determinisations (Cowling, Powley & Whitehouse 2012).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable

from designkit.agents.base import Agent
from designkit.core.game import CHANCE, Game, State


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "seat")

    def __init__(self, seat: int | None) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.seat = seat  # the seat whose decision led here


def _rewards(game: Game, state: State) -> list[float]:
    winners = game.winners(state)
    n = len(game.scores(state))
    share = 1.0 / len(winners)
    return [share if s in winners else 0.0 for s in range(n)]


class MCTSAgent(Agent):
    """``mcts:N``: N determinised iterations per decision, UCB1 with exploration ``c``."""

    def __init__(self, iterations: int = 200, c: float = 0.7) -> None:
        self.iterations = iterations
        self.c = c
        self.name = f"mcts:{iterations}"

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable:
        legal = game.legal_actions(state)
        self.last_options = len(legal)
        if len(legal) == 1:
            return legal[0]
        seat = game.to_move(state)
        root = _Node(None)
        for _ in range(self.iterations):
            self._iterate(game, game.determinize(state, seat, rng), root, rng)
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         root.children[a].total if a in root.children else 0))
        return best

    def _iterate(self, game: Game, st: State, root: _Node, rng: random.Random) -> None:
        node, path = root, [root]
        to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply
        expanded = False
        while not expanded:
            who = to_move(st)
            if who is None:
                break
            if who is CHANCE:
                apply(st, game.sample_chance(st, rng), check=False)
                continue
            legal = legal_actions(st)
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(who)
                expanded = True
            else:
                c = self.c
                action, child = None, None
                best = float("-inf")
                for a in legal:
                    ch = children[a]
                    value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best:
                        best, action, child = value, a, ch
            apply(st, action, check=False)
            node = child
            path.append(child)
        while True:  # random playout
            who = to_move(st)
            if who is None:
                break
            if who is CHANCE:
                apply(st, game.sample_chance(st, rng), check=False)
            else:
                legal = legal_actions(st)
                apply(st, legal[rng.randrange(len(legal))], check=False)
        rewards = _rewards(game, st)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += rewards[n.seat]
