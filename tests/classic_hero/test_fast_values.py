"""王道勇者's step-free values of greedy's moves (``fast_values.child_values``, the
optional ``Game.child_values`` hook, issue 37) are the stepped children's floats.

Greedy must decide as it did when it stepped every option, so at every decision of
seeded greedy games (the draft at 3 and 4 players, every shipped variant at 4 and at 3)
each value the hook gives is compared with ``heuristic`` of that option applied to a
copy of the same position (CH-5.3 moves that stop at the mover's Fortune question,
CH-6.1; CH-6.5 blessings at the check; die abilities at the move, the Fortune and the
check; the Fortune's results without a reroll). A value that dropped the event term of the stop (CH-6.3), or read the other
seats' positions wrong, fails here.
"""

from __future__ import annotations

from collections import Counter

import pytest

from designkit.agents.greedy import GreedyAgent
from designkit.core.lookahead import child_values
from designkit.core.play import play_game
from designkit.core.variants import list_variants
from designkit.games.classic_hero.rules import ClassicHeroGame
from designkit.games.classic_hero.state import ClassicHeroState
from tests.classic_hero.conftest import G


def _checked_games(monkeypatch: pytest.MonkeyPatch, params: object, seeds: range
                   ) -> tuple[Counter[str], int]:
    """Play greedy games with every step-free value checked against the stepped child's;
    (values checked per question, decisions that had one)."""
    hook = ClassicHeroGame.child_values
    values: Counter[str] = Counter()
    decisions = [0]

    def checked(game: ClassicHeroGame, st: ClassicHeroState, actions, seat: int):  # type: ignore[no-untyped-def]
        fast = hook(game, st, actions, seat)
        if fast is None:
            return None
        assert len(fast) == len(actions)
        decisions[0] += 1
        for a, v in zip(actions, fast, strict=True):
            if v is None:
                continue
            (want,) = child_values(game, st, [a], lambda child: game.heuristic(child, seat))
            assert v == want, (a, v, want)
            values[st.phase.name] += 1
            values[f"{st.phase.name} {a.kind}"] += 1
        return fast

    monkeypatch.setattr(ClassicHeroGame, "child_values", checked)
    for seed in seeds:
        play_game(G, params, [GreedyAgent() for _ in range(params.players)],  # type: ignore[attr-defined]
                  seed=seed)
    return values, decisions[0]


@pytest.mark.parametrize("players", [3, 4])
def test_fast_move_values_equal_stepped_draft(monkeypatch: pytest.MonkeyPatch,
                                              players: int) -> None:
    """The draft's rules, several seeded games per player count."""
    params = G.params_type().replace(players=players)
    values, decisions = _checked_games(monkeypatch, params, range(3))
    assert values["MOVE"] > 300 and values["CHECK"] > 30 and decisions > 100
    # die abilities at the move and the Fortune (CH-A35) and the check (CH-A28): issue 37
    assert values["MOVE ability"] > 100 and values["FORTUNE ability"] > 100
    assert values["CHECK ability"] > 30 and values["FORTUNE fortune"] > 100


@pytest.mark.parametrize("variant", [v for v in list_variants(G.params_type)
                                     if v.name != "draft"], ids=lambda v: v.name)
def test_fast_move_values_equal_stepped_variants(monkeypatch: pytest.MonkeyPatch,
                                                 variant) -> None:
    """Every shipped variant (CH-V3's reroll at each stop gives no step-free value; the
    others: weakness cards, five-suit sets, auto-resolve …) at 4 players and at 3."""
    for players, seed in ((4, 11), (3, 12)):
        params = variant.params.replace(players=players)
        values, _ = _checked_games(monkeypatch, params, range(seed, seed + 1))
        if variant.params.reroll_each_stop:
            assert values["MOVE move"] == 0  # CH-V3 rerolls at the stop first: every move stepped
        else:
            assert values["MOVE"] > 50
