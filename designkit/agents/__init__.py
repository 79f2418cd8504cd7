"""Game-agnostic agents, chosen per seat by name: ``random``, ``greedy``, ``mcts:200``."""

from __future__ import annotations

from collections.abc import Sequence

from designkit.agents.base import Agent
from designkit.agents.greedy import GreedyAgent
from designkit.agents.mcts import MCTSAgent
from designkit.agents.random_agent import RandomAgent
from designkit.core.errors import DesignkitError

AGENT_NAMES = ("random", "greedy", "mcts:N")


def get_agent(spec: str | Agent) -> Agent:
    """Build an agent from its name; ``mcts:N`` runs N iterations per decision."""
    if not isinstance(spec, str):
        return spec
    name, _, arg = spec.strip().partition(":")
    if name == "random" and not arg:
        return RandomAgent()
    if name == "greedy" and not arg:
        return GreedyAgent()
    if name == "mcts":
        try:
            iterations = int(arg or 200)
        except ValueError:
            raise DesignkitError(f"agent '{spec}': the iterations must be a whole number, "
                                 "e.g. mcts:200") from None
        if not 1 <= iterations <= 1_000_000:
            raise DesignkitError(f"agent '{spec}': iterations must be 1–1000000")
        return MCTSAgent(iterations)
    raise DesignkitError(f"unknown agent '{spec}'; choose random, greedy or mcts:N")


def make_agents(specs: str | Sequence[str | Agent] | None, players: int) -> list[Agent]:
    """One agent per seat: a single name applies to every seat, a list gives one each."""
    if specs is None:
        specs = ["random"]
    if isinstance(specs, str):
        specs = [s for s in specs.split(",") if s.strip()]
    specs = list(specs)
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise DesignkitError(f"{len(specs)} agents given for {players} seats: give one name "
                             "for every seat, or a single name for all")
    return [get_agent(s) for s in specs]


__all__ = ["AGENT_NAMES", "Agent", "GreedyAgent", "MCTSAgent", "RandomAgent", "get_agent",
           "make_agents"]
