"""Little Witch Academia's evaluation for the greedy bot (and MCTS rollouts' cut-off).

An estimate of final VP from what the seat may know: VP so far, resources (worth
about 1 VP each through assignments, Elixir a little more, but only up to the
round-end cap), the legacy majorities as they stand, Health left (future
actions), and requests in hand. Opponents are judged on public information
only. Only the rank wins (LW-12.3), so the value is relative to the best
opponent. Decisions the engine splits in steps (worker → target → action) are
looked ahead through: a state waiting for the seat's own next step is worth
its best continuation.
"""

from __future__ import annotations

from typing import Any

from designkit.core.game import Game
from designkit.games.witch_academy.scoring import majority_vp
from designkit.games.witch_academy.state import E, Phase, WitchState

_LOOKAHEAD = frozenset({Phase.TARGET, Phase.ASSIGN, Phase.AMOUNT, Phase.EXPLORE, Phase.ES,
                        Phase.BONUS})
_RES_VALUE, _ELIXIR_VALUE, _HEALTH_VALUE = 0.8, 1.0, 0.25


def estimate(st: WitchState, seat: int, own: bool = True) -> float:
    value = float(st.vp[seat])
    if st.phase is Phase.OVER:
        return value + 0.01 * st.res[seat][E]
    res = st.res[seat]
    basics = sum(res) - res[E]
    kept = min(sum(res), st.cap(seat) + 3)
    value += min(basics, kept) * _RES_VALUE + min(res[E], kept) * _ELIXIR_VALUE
    for k in range(len(st.rules.legacy)):
        gains = majority_vp([st.legacy[q][k] for q in range(st.n)], st.params.legacy_majority_vp)
        value += 0.8 * gains[seat]
    value += _HEALTH_VALUE * sum(st.health[seat]) * (st.params.rounds - st.year + 1) / 3
    ev = st.rules.events
    if own:
        value += sum(0.5 * ev[e].vp + 0.5 for e in st.hands[seat])
    else:
        value += 1.0 * len(st.hands[seat])
    value += 0.6 * len([f for fs in st.familiars[seat] for f in fs]) + \
        0.8 * len(st.facilities[seat])
    return value


def heuristic(game: Game, st: WitchState, seat: int, depth: int = 2) -> float:
    if depth and st.phase in _LOOKAHEAD and st.seat == seat:
        return max(_child(game, st, a, seat, depth) for a in st.options)
    mine = estimate(st, seat)
    return mine - max(estimate(st, q, own=False) for q in range(st.n) if q != seat)


def _child(game: Game, st: WitchState, step: Any, seat: int, depth: int) -> float:
    child = st.clone()
    child.log = None
    game.apply(child, step, check=False)
    return heuristic(game, child, seat, depth - 1)
