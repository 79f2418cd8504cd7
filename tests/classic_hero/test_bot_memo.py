"""王道勇者's greedy heuristic (``bots.heuristic``) reuses what it worked out for the last
position it looked at: each seat's value while that seat's rows are unchanged, and each
seat's holdings terms (CH-9.1 City sets, CH-9.2 Requests, CH-8.5 Pilgrimage, CH-V2, CH-V7)
while its holdings are unchanged. Issue 37 keeps greedy's decisions as they were, so
every value it gives must be the float a reading from scratch gives.

Here every child of every greedy decision of seeded games (3 and 4 players, the draft and
every shipped variant) is valued both ways: through the game's hook, with the memos as
the lookahead left them, and by :func:`_from_scratch` with tables whose memos are empty.
"""

from __future__ import annotations

import pytest

from designkit.agents.greedy import GreedyAgent
from designkit.core.play import play_game
from designkit.core.variants import list_variants
from designkit.games.classic_hero import bots
from designkit.games.classic_hero.rules import ClassicHeroGame
from designkit.games.classic_hero.state import ClassicHeroState, Phase
from tests.classic_hero.conftest import G


def _from_scratch(st: ClassicHeroState, seat: int) -> float:
    """``bots.heuristic`` with nothing kept: every seat's estimate worked out on fresh
    tables (empty memos), the seat's less the best opponent's."""
    n = st.n
    if st.phase is Phase.OVER:
        return float(st.vp[seat]) - max(float(st.vp[s]) for s in range(n) if s != seat)
    asked = st.seat if st.phase in bots._ACHIEVING else None
    values = []
    for s in range(n):
        t = bots._tables(st.rules)._replace(memo={}, last=[None] * n, holdings={},
                                             last_held=[None] * n)
        p = st.pos[s]
        card = st.track[p] if s == asked and p != t.goal else None
        values.append(bots._estimate(st, s, t, p, card))
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def _checked_games(monkeypatch: pytest.MonkeyPatch, params: object, seeds: range) -> int:
    """Play greedy games with every heuristic call checked; how many calls were checked."""
    hook = ClassicHeroGame.heuristic
    calls = [0]

    def checked(game: ClassicHeroGame, st: ClassicHeroState, seat: int) -> float:
        got = hook(game, st, seat)
        want = _from_scratch(st, seat)
        assert got == want, (st.phase, st.seat, seat, got, want)
        calls[0] += 1
        return got

    monkeypatch.setattr(ClassicHeroGame, "heuristic", checked)
    for seed in seeds:
        play_game(G, params, [GreedyAgent() for _ in range(params.players)],  # type: ignore[attr-defined]
                  seed=seed)
    return calls[0]


@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_equals_reading_from_scratch_draft(monkeypatch: pytest.MonkeyPatch,
                                                     players: int) -> None:
    """The draft's rules (CH-9 scoring terms), several seeded games per player count."""
    params = G.params_type().replace(players=players)
    assert _checked_games(monkeypatch, params, range(3)) > 1000


@pytest.mark.parametrize("variant", [v for v in list_variants(G.params_type)
                                     if v.name != "draft"], ids=lambda v: v.name)
def test_heuristic_equals_reading_from_scratch_variants(monkeypatch: pytest.MonkeyPatch,
                                                        variant) -> None:
    """Every shipped variant (CH-V*: weakness cards, five-suit sets, per-card Requests …)
    at 4 players and at 3."""
    for players, seed in ((4, 11), (3, 12)):
        params = variant.params.replace(players=players)
        assert _checked_games(monkeypatch, params, range(seed, seed + 1)) > 100
