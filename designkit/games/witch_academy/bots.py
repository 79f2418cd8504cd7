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
from designkit.games.witch_academy.scoring import assignment_vp, majority_vp
from designkit.games.witch_academy.state import RES_INDEX, E, Phase, WitchState

_LOOKAHEAD = frozenset({Phase.TARGET, Phase.ASSIGN, Phase.EXPLORE, Phase.ES,
                        Phase.UNIV,
                        Phase.BONUS})
_RES_VALUE, _ELIXIR_VALUE, _HEALTH_VALUE, _PROGRESS_VALUE = 0.8, 1.0, 0.25, 0.5


def estimate(st: WitchState, seat: int, own: bool = True,
             shares: list[list[int]] | None = None) -> float:
    """Expected final VP of ``seat`` (``shares``: legacy majority VP per type and seat)."""
    value = float(st.vp[seat])
    if st.phase is Phase.OVER:
        return value + 0.01 * st.res[seat][E]
    res = st.res[seat]
    total = sum(res)
    facilities = st.active_facilities(seat) if st.facilities[seat] else []
    cap = st.params.resource_cap + sum(c.passive_value("carry_cap") for c in facilities)
    basics = total - res[E]
    kept = min(total, cap + 3)
    value += min(basics, kept) * _RES_VALUE + min(res[E], kept) * _ELIXIR_VALUE
    value += _PROGRESS_VALUE * assignment_progress(st, seat)
    for gains in shares if shares is not None else legacy_shares(st):
        value += 0.8 * gains[seat]
    value += _HEALTH_VALUE * sum(st.health[seat]) * (st.params.rounds - st.year + 1) / 3
    ev = st.rules.events
    left = st.params.rounds - st.year + 1      # round ends still to come, this one included
    if own:
        value += sum(max(0.0, ev[e].vp - _RES_VALUE * ev[e].cost) + 0.3 if ev[e].type ==
                     "request" else 0.3 for e in st.hands[seat])
    else:
        value += 0.4 * len(st.hands[seat])
    types = max(1, sum(1 for k in st.legacy[seat] if k))
    for card in facilities:
        value += card_value(card.effect + card.passive, left, types)
    for w in range(len(st.rules.ranks)):
        for card in st.familiar_cards(seat, w):
            value += card_value(card.effect + card.passive, left, types)
    return value


def assignment_progress(st: WitchState, seat: int) -> float:
    """VP of the best displayed assignment times the share of its cost the seat holds
    (Elixir filling gaps), so colours that fit the display count for more."""
    if st.phase is Phase.OVER or (st.params.achievement_tokens_per_player is not None
                                  and st.tokens[seat] <= 0):
        return 0.0
    held = st.res[seat]
    best = 0.0
    for pos, a in enumerate(st.display):
        card = st.rules.assignments[a]
        need = covered = 0
        for res, n in card.cost:
            need += n
            covered += min(held[RES_INDEX[res]], n)
        covered = min(need, covered + held[E])
        vp = assignment_vp(card.vp, len(st.tokens_on[pos]), st.params.assignment_vp_ratio)
        best = max(best, vp * covered / need)
    return best


def card_value(ops: tuple[tuple[Any, ...], ...], rounds_left: int, legacy_types: int) -> float:
    """A rough VP worth of a familiar's or facility's ability over the rounds still to come."""
    value = 0.0
    for op in ops:
        name, n = op[0], (op[-1] if len(op) > 1 and isinstance(op[-1], int) else 1)
        if name == "vp":
            value += n * rounds_left
        elif name == "per_legacy_type_vp":
            value += n * legacy_types
        elif name == "extra_actions":
            value += 1.2 * n * rounds_left
        elif name == "gain":
            value += 0.5 * _RES_VALUE * n * rounds_left
        elif name in ("rest_heal", "es_discount"):
            value += 0.15 * n * rounds_left
        elif name == "carry_cap":
            value += 0.4 * n
        else:
            value += 0.4
    return value


def heuristic(game: Game, st: WitchState, seat: int, depth: int = 2) -> float:
    if depth and st.phase in _LOOKAHEAD and st.seat == seat:
        return max(_child(game, st, a, seat, depth) for a in st.options)
    shares = legacy_shares(st)
    mine = estimate(st, seat, True, shares)
    return mine - max(estimate(st, q, False, shares) for q in range(st.n) if q != seat)


def legacy_shares(st: WitchState) -> list[list[int]]:
    """LW-12.2 as it stands: each type's majority VP per seat."""
    vp = st.params.legacy_majority_vp
    return [majority_vp([st.legacy[q][k] for q in range(st.n)], vp)
            for k in range(len(st.rules.legacy))]


def _child(game: Game, st: WitchState, step: Any, seat: int, depth: int) -> float:
    child = st.clone()
    child.log = None
    game.apply(child, step, check=False)
    return heuristic(game, child, seat, depth - 1)
