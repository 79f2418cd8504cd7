"""The option-count contract (``core.flow.Decision.count`` / ``nth``): wherever a game's
decision phase declares them, ``count(st) == len(options(st))`` and ``nth(st, r) ==
options(st)[r]`` for every ``r``, on every question of seeded games (every shipped
variant of the game, with ``auto_resolve`` too), and neither changes the position. Random
play draws ``r`` below the count and builds that one option, so this is what keeps its
games the games the option lists would give (``tests/core/test_flow_counts.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from designkit.agents import make_agents
from designkit.core.flow import FlowGame
from designkit.core.play import play_game
from designkit.core.registry import get_game, list_games
from designkit.core.seats import player_counts
from designkit.core.variants import list_variants


def _counted_games() -> list[str]:
    return sorted(g.name for g in list_games() if isinstance(g, FlowGame)
                  and any(d.count is not None for d in type(g).flow.decisions.values()))


def _cases() -> list[Any]:
    out = []
    for name in _counted_games():
        game = get_game(name)
        for v in list_variants(game.params_type):
            for players in player_counts(game.params_type)[:2]:
                out.append(pytest.param(name, v.name, players, id=f"{name}-{v.name}-{players}p"))
    return out


def test_classic_hero_declares_counts_where_random_play_reads_its_options():
    flow = type(get_game("classic_hero")).flow
    counted = {flow.phases(p).name for p, d in flow.decisions.items() if d.count is not None}
    assert "FORTUNE" in counted


@pytest.mark.parametrize(("name", "variant", "players"), _cases())
def test_count_and_nth_are_the_option_list(name: str, variant: str, players: int) -> None:
    game: Any = get_game(name)
    flow = type(game).flow
    params = next(v.params for v in list_variants(game.params_type) if v.name == variant)
    seen: dict[str, int] = {}

    def check(st: Any) -> None:
        decision = flow.decisions.get(st.phase)
        if decision is None or decision.count is None:
            return
        before = game.state_to_dict(st)
        found = tuple(decision.options(st))
        where = f"{name} {variant} {players}p {st.phase.name}"
        assert decision.count(st) == len(found), f"{where}: count {decision.count(st)} " \
            f"!= {len(found)} options"
        for r, option in enumerate(found):
            made = decision.nth(st, r)
            assert made == option and type(made) is type(option), f"{where}: nth {r}"
        assert game.state_to_dict(st) == before, f"{where}: count/nth changed the position"
        seen[st.phase.name] = seen.get(st.phase.name, 0) + 1

    for p in (params, params.replace(auto_resolve=True)):
        for seed in range(3):
            play_game(game, p.replace(players=players), make_agents("random", players), seed,
                      on_step=check)
    assert seen, f"{name} {variant}: no counted question met"
