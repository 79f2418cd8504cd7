"""Classic Hero's evaluation for the greedy bot (and MCTS rollouts' cut-offs).

An estimate of the final VP from public information: VP so far, what the
dice are worth for the coming battles (more dice, red dice, available dice
and blessings), the set collections still to score (City sets, Request
majority, this stage's Pilgrimage), and, when the seat stands on an event it
can still achieve, part of that event's worth. Only the rank wins (CH-9.3), so
the result is relative to the best opponent.
"""

from __future__ import annotations

from designkit.games.classic_hero.notation import can_achieve
from designkit.games.classic_hero.resolve import values
from designkit.games.classic_hero.scoring import cities_by_stage, request_count
from designkit.games.classic_hero.state import ClassicHeroState, Phase

_SUIT_WORTH = {"Trial": 2.0, "Ruins": 1.5, "City": 1.5, "Pilgrimage": 1.5, "Request": 1.5}


def estimate(st: ClassicHeroState, seat: int) -> float:
    """Expected final VP of ``seat`` (a cheap, hand-tuned guess)."""
    p, r = st.params, st.rules
    value = float(st.vp[seat])
    if st.phase is Phase.OVER:
        return value
    left = p.stages - st.stage + (0 if st.at_goal(seat) else 1)
    dice = st.dice[seat]
    owned = min(len(dice), p.max_dice)   # a die over the limit goes back (CH-2.3)
    reds = min(owned, sum(d[1] for d in dice))
    red_worth = 0.6 if p.red_dice_multi else 0.9 * p.red_die_bonus_vp  # CH-V5: one more HP
    value += left * (1.2 * owned + red_worth * reds)
    value += 0.4 * sum(1 for d in dice if not d[2]) + 0.8 * st.bless[seat]
    value += 0.03 * sum(d[0] for d in dice if not d[2])   # high dice meet more sums
    cities = cities_by_stage(st, seat)
    value += p.city_set_vp * (min(cities) + 0.25 * sum(1 for c in cities if c))
    value += 1.0 * request_count(st, seat)
    stage_pilgrim = any(r.suit_of[e] == "Pilgrimage" and r.events[e].stage == st.stage
                        for e in st.taken[seat])
    value += 1.5 * stage_pilgrim
    value += (0.5 if p.road_vp else 0.0) * len(st.artifacts[seat]) + 0.6 * len(st.taken[seat])
    value += _variant_worth(st, seat)
    # a once-per-stage ability kept is worth a little: spend it only for a gain
    value += 0.3 * sum(1 for a in st.abilities[seat] if r.abilities[a].timing ==
                       "once_per_stage" and a not in st.spent[seat])
    if st.seat == seat and st.phase in (Phase.FORTUNE, Phase.CHECK) and not st.at_goal(seat):
        card = st.track[st.pos[seat]]
        if card is not None:
            avail = st.available(seat)
            if can_achieve(r.events[card].condition, values(st, seat, avail),
                           p.sum_requires_minimal_set):
                value += 0.8 * _SUIT_WORTH[r.suit_of[card]]
    return value


def heuristic(st: ClassicHeroState, seat: int) -> float:
    mine = estimate(st, seat)
    best = max(estimate(st, s) for s in range(st.n) if s != seat)
    return mine - best


def _variant_worth(st: ClassicHeroState, seat: int) -> float:
    """What a rule variant's own holdings are worth (0 under the draft's rules): weakness
    cards still to hit (CH-V2) and a five-suit set collection in the making (CH-V7)."""
    p, r = st.params, st.rules
    value = 0.0
    if st.weak[seat]:
        bonus = st.stage if p.boss_hp_vp == "base_plus_stage" else 0
        value += sum(0.5 * (r.weaknesses[w].hps[0][1] + bonus) for w in st.weak[seat])
    if p.set_collection == "suits":
        suits = [r.suit_of[e] for e in st.taken[seat]]
        counts = [suits.count(x) for x in ("Trial", "Ruins", "City", "Pilgrimage", "Request")]
        value += p.set_collection_vp * (min(counts) + 0.15 * sum(1 for c in counts if c))
    return value
