"""Game-agnostic agents, chosen per seat by name: ``random``, ``greedy``, ``mcts:200``,
``mcts:0.1s`` (a time budget per decision), with options ``mcts:200:cut=10:c=0.7``, and
``search`` (the second bot level for verdicts, ``designkit.agents.search``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designkit.agents.base import Agent
from designkit.agents.greedy import GreedyAgent
from designkit.agents.mcts import (
    DEFAULT_CUT,
    DEFAULT_GUIDED,
    DEFAULT_PRIOR,
    ITERATION_CUT,
    MCTSAgent,
)
from designkit.agents.random_agent import RandomAgent
from designkit.agents.search import SearchAgent
from designkit.agents.spec import is_deterministic, nondeterministic, parse_mcts, parse_search
from designkit.core.errors import DesignkitError
from designkit.core.messages import bi

AGENT_NAMES = ("random", "greedy", "search", "mcts:N", "mcts:0.1s")


def _parse(spec: str) -> tuple[type[Agent], dict[str, Any]]:
    """An agent name's class and options; an unknown name is a one-line error."""
    name, _, arg = spec.strip().partition(":")
    if name == "random" and not arg:
        return RandomAgent, {}
    if name == "greedy" and not arg:
        return GreedyAgent, {}
    if name == "mcts":
        return MCTSAgent, parse_mcts(spec.strip(), arg)
    if name == "search":
        return SearchAgent, parse_search(spec.strip(), arg)
    raise DesignkitError(bi("unknown agent '{s}'; choose random, greedy, search or mcts:N "
                            "(N iterations, or a time per decision such as mcts:0.1s)",
                            "ボット '{s}' はありません。random、greedy、search、mcts:N（N は反復の"
                            "回数、または mcts:0.1s のような1回の選択の時間）から選んでください",
                            s=spec))


def get_agent(spec: str | Agent) -> Agent:
    """Build an agent from its name; ``mcts:N`` runs N iterations per decision,
    ``mcts:0.1s`` / ``mcts:250ms`` searches that long (not reproducible across machines)."""
    if not isinstance(spec, str):
        return spec
    cls, options = _parse(spec)
    return cls(**options)


def _seat_specs(specs: str | Sequence[str | Agent] | None, players: int
                ) -> list[str | Agent]:
    """One spec per seat: a single name applies to every seat, a list gives one each."""
    if specs is None:
        specs = ["random"]
    if isinstance(specs, str):
        specs = [s for s in specs.split(",") if s.strip()]
    specs = list(specs)
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise DesignkitError(bi("{k} agents given for {n} seats: give one name for every seat, "
                                "or a single name for all", "{n} 席に {k} 個のボットが指定されて"
                                "います：席ごとに1つずつか、全席に1つを指定してください",
                                k=len(specs), n=players))
    return specs


def make_agents(specs: str | Sequence[str | Agent] | None, players: int) -> list[Agent]:
    """One agent per seat: a single name applies to every seat, a list gives one each."""
    return [get_agent(s) for s in _seat_specs(specs, players)]


def agent_names(specs: str | Sequence[str | Agent] | None, players: int) -> list[str]:
    """Each seat's agent name (``mcts:200``), checked as :func:`make_agents` checks it but
    without building the agents: a simulation's parent only needs the names, and the
    agents are built once, where the games are played (``sim.runner.Table``)."""
    out = []
    for spec in _seat_specs(specs, players):
        if isinstance(spec, str):
            cls, options = _parse(spec)
            out.append(cls.name_for(**options) if issubclass(cls, MCTSAgent)  # type: ignore[attr-defined]
                       else cls.name)
        else:
            out.append(spec.name)
    return out


__all__ = ["AGENT_NAMES", "DEFAULT_CUT", "DEFAULT_GUIDED", "DEFAULT_PRIOR", "ITERATION_CUT", "Agent", "GreedyAgent", "MCTSAgent", "RandomAgent",
           "SearchAgent",
           "agent_names", "get_agent", "is_deterministic", "make_agents", "nondeterministic"]
