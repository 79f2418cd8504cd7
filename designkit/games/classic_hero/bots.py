"""Classic Hero's evaluation for the greedy bot (and MCTS rollouts' cut-offs).

An estimate of the final VP from public information: VP so far, what the
dice are worth for the coming battles (more dice, red dice, available dice
and blessings), the set collections still to score (City sets, Request
majority, this stage's Pilgrimage), and, when the seat stands on an event it
can still achieve, part of that event's worth. Only the rank wins (CH-9.3), so
the result is relative to the best opponent.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from designkit.core.game import Game
from designkit.games.classic_hero.notation import can_achieve
from designkit.games.classic_hero.state import ClassicHeroState, Phase

_SUIT_WORTH = {"Trial": 2.0, "Ruins": 1.5, "City": 1.5, "Pilgrimage": 1.5, "Request": 1.5}


def estimate(st: ClassicHeroState, seat: int) -> float:
    """Expected final VP of ``seat`` (a cheap, hand-tuned guess).

    The hot path of greedy play (every seat of every child a lookahead makes, and most
    children differ from their parent in one seat only): the value is a function of the
    seat's own rows alone (and of the event it may achieve now), so it is kept per those
    rows in the ruleset's :func:`_tables` (:data:`MEMO_LIMIT` entries, then emptied)."""
    if st.phase is Phase.OVER:
        return float(st.vp[seat])
    return _kept(st, seat, _tables(st.rules))


def _kept(st: ClassicHeroState, seat: int, t: _Tables) -> float:
    """:func:`estimate` of a position not over, from the memo or worked out."""
    pos = st.pos[seat]
    card = (st.track[pos] if st.seat == seat and st.phase in _ACHIEVING and pos != t.goal
            else None)
    key = (st.vp[seat], st.stage, pos, st.bless[seat], tuple(st.dice[seat]),
           st.taken[seat], st.abilities[seat], len(st.artifacts[seat]),
           st.spent[seat], st.weak[seat], card)     # tuple rows, as they are
    memo = t.memo
    found = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[key] = _estimate(st, seat, t, pos, card)
    return found


#: estimates a ruleset keeps (a few tens of MB at most)
MEMO_LIMIT = 100_000


def _estimate(st: ClassicHeroState, seat: int, t: _Tables, pos: int, card: int | None
              ) -> float:
    """:func:`estimate` worked out: card and parameter facts come from :func:`_tables` (once
    per ruleset) and the dice are read in one pass; the terms are summed in the same order,
    so the value is the same float as the term-by-term reading. ``card``: the event the
    seat may achieve at this question (its Fortune or check), else None."""
    value = float(st.vp[seat])
    at_goal = pos == t.goal
    left = t.stages - st.stage + (0 if at_goal else 1)
    dice = st.dice[seat]
    owned = len(dice)
    if owned > t.max_dice:
        owned = t.max_dice   # a die over the limit goes back (CH-2.3)
    red = free = pips = 0
    for d in dice:
        red += d[1]
        if not d[2]:
            free += 1
            pips += d[0]
    reds = owned if red > owned else red
    value += left * (1.2 * owned + t.red_worth * reds)
    value += 0.4 * free + 0.8 * st.bless[seat]
    value += 0.03 * pips   # high dice meet more sums
    # the holdings' terms, in the order they are added (the same floats: see _holdings)
    held = (st.stage, st.taken[seat], st.abilities[seat], len(st.artifacts[seat]),
            st.spent[seat], st.weak[seat])
    # the seat's holdings as last seen first (one tuple compare: a lookahead's siblings
    # share the rows, and a tuple's ``==`` takes identical items as equal), then the table
    seen = t.last_held[seat]
    if seen is not None and seen[0] == held:
        terms = seen[1]
    else:
        kept = t.holdings.get(held)
        if kept is None:
            if len(t.holdings) >= MEMO_LIMIT:
                t.holdings.clear()
            kept = t.holdings[held] = _holdings(st, seat, t)
        terms = kept
        t.last_held[seat] = (held, terms)
    for term in terms:
        value += term
    if card is not None and can_achieve(
            t.conditions[card], tuple([d[0] for d in dice if not d[2]]), t.minimal):
        value += t.achieve_worth[card]
    return value


def _holdings(st: ClassicHeroState, seat: int, t: _Tables) -> tuple[float, ...]:
    """The terms of :func:`_estimate` that depend on the seat's holdings alone (events
    taken, abilities and those spent, artifacts, weakness cards, the stage), in the order
    they are added: a lookahead's children differ mostly in dice and position, so these
    are kept per holdings (``_Tables.holdings``) and added one by one, which gives the
    same float as adding them as they are worked out."""
    terms: list[float] = []
    taken = st.taken[seat]
    requests = 0
    stage_pilgrim = False
    if taken:
        cities = [0] * t.stages
        city_stage, is_request, pilgrim_stage = t.city_stage, t.is_request, t.pilgrim_stage
        stage = st.stage
        for e in taken:
            c = city_stage[e]
            if c:
                cities[c - 1] += 1
            elif is_request[e]:
                requests += 1
            elif pilgrim_stage[e] == stage:
                stage_pilgrim = True
        terms.append(t.city_set_vp * (min(cities) + 0.25 * sum([1 for c in cities if c])))
    # (nothing taken: the City term is 0.0, which adds nothing)
    abilities = st.abilities[seat]
    if abilities:
        request_count = t.request_count
        for a in abilities:
            requests += request_count[a]
    terms.append(t.request_worth * requests)
    terms.append(1.5 * stage_pilgrim)
    terms.append(t.road_worth * len(st.artifacts[seat]) + 0.6 * len(taken))
    if st.weak[seat] or t.suit_sets:
        terms.append(_variant_worth(st, seat))   # else 0.0, which adds nothing
    # a once-per-stage ability kept is worth a little: spend it only for a gain
    once, spent = t.once_per_stage, st.spent[seat]
    terms.append(0.3 * sum([1 for a in abilities if once[a] and a not in spent]))
    return tuple(terms)


_ACHIEVING = (Phase.FORTUNE, Phase.CHECK)


class _Tables(NamedTuple):
    """What the evaluation reads of the card tables, worked out once per ruleset."""

    city_stage: tuple[int, ...]       # per event: its stage if a City, else 0
    is_request: tuple[bool, ...]      # per event
    pilgrim_stage: tuple[int, ...]    # per event: its stage if a Pilgrimage, else 0
    request_count: tuple[int, ...]    # per ability: COUNT_SUIT(Request, n) (CH-9.2)
    once_per_stage: tuple[bool, ...]  # per ability
    conditions: tuple[Any, ...]       # per event: its condition
    achieve_worth: tuple[float, ...]  # per event: 0.8 x its suit's worth
    goal: int
    stages: int
    max_dice: int
    red_worth: float                  # a red die's worth per stage left
    city_set_vp: int
    road_worth: float                 # an artifact's worth (0.5 with road VP)
    request_worth: float              # a Request's: 1.0 (majority), or CH-V12's VP per card
    minimal: bool                     # sum_requires_minimal_set
    suit_sets: bool                   # CH-V7 five-suit set collection
    memo: dict[tuple[Any, ...], float]  # :func:`estimate`'s values per seat rows
    #: per seat, the rows :func:`heuristic` last valued, its dice row and the value (a
    #: one-entry memo compared as one tuple, cheaper than hashing the key of ``memo``)
    last: list[tuple[Any, ...] | None]
    #: :func:`_holdings` per (stage, taken, abilities, artifacts held, spent, weaknesses)
    holdings: dict[tuple[Any, ...], tuple[float, ...]]
    #: per seat, the holdings :func:`_estimate` last read and their terms
    last_held: list[tuple[tuple[Any, ...], tuple[float, ...]] | None]


def _tables(rules: Any) -> _Tables:
    """The ruleset's :class:`_Tables`, kept on it (edited card tables compile to a new
    ruleset, so they are never stale)."""
    tables = rules.__dict__.get("_bot_tables")
    if tables is None:
        suits, events, p = rules.suit_of, rules.events, rules.params
        tables = _Tables(
            city_stage=tuple(events[e].stage if suits[e] == "City" else 0
                             for e in range(len(events))),
            is_request=tuple(suits[e] == "Request" for e in range(len(events))),
            pilgrim_stage=tuple(events[e].stage if suits[e] == "Pilgrimage" else 0
                                for e in range(len(events))),
            request_count=tuple(_request_passive(a) for a in rules.abilities),
            once_per_stage=tuple(a.timing == "once_per_stage" for a in rules.abilities),
            conditions=tuple(e.condition for e in events),
            achieve_worth=tuple(0.8 * _SUIT_WORTH[suits[e]] for e in range(len(events))),
            goal=rules.goal, stages=p.stages, max_dice=p.max_dice,
            red_worth=0.6 if p.red_dice_multi else 0.9 * p.red_die_bonus_vp,  # CH-V5
            city_set_vp=p.city_set_vp, road_worth=0.5 if p.road_vp else 0.0,
            request_worth=(float(p.request_card_vp) if p.request_scoring == "per_card"
                           else 1.0),                                         # CH-V12
            minimal=p.sum_requires_minimal_set, suit_sets=p.set_collection == "suits",
            memo={}, last=[None] * p.players, holdings={},
            last_held=[None] * p.players)
        object.__setattr__(rules, "_bot_tables", tables)
    return tables


def _request_passive(ability: Any) -> int:
    """What ``scoring.request_count`` adds for one held ability."""
    hook = ability.hook
    if hook.name == "count_suit" and ability.timing in ("passive", "scoring") \
            and hook.args["suit"] == "Request":
        return int(hook.args["n"])
    return 0


def heuristic(game: Game | None, st: ClassicHeroState, seat: int) -> float:
    """``Game.heuristic`` (the game first, like every game's: ``core.hooks``; unread here,
    so ``fast_values`` passes None where it has no game at hand): the seat's
    :func:`estimate` less the best opponent's. Every seat of every child a lookahead makes
    comes here, so it is written out in one loop over the seats (the ruleset's facts and
    the state's rows read once): a seat whose rows are as the last position left them
    keeps its value (``_Tables.last``: siblings differ in one seat), any other is worked
    out by :func:`_estimate`, the same float (``tests/classic_hero/test_bot_memo.py``)."""
    t = _tables(st.rules)   # :func:`estimate` per seat, the ruleset's facts read once
    vp = st.vp
    best = float("-inf")
    if st.phase is Phase.OVER:
        for s in range(st.n):
            if s != seat and float(vp[s]) > best:
                best = float(vp[s])
        return float(vp[seat]) - best
    # the event term of :func:`_kept`: only the seat asked at its Fortune or check
    asked = st.seat if st.phase in _ACHIEVING else None
    mine = 0.0
    pos, track, goal = st.pos, st.track, t.goal
    for s in range(st.n):
        p = pos[s]
        v = _seat_value(st, t, s, track[p] if s == asked and p != goal else None)
        if s == seat:
            mine = v
        elif v > best:
            best = v
    return mine - best


def _seat_value(st: ClassicHeroState, t: _Tables, s: int, card: Any) -> float:
    """Seat ``s``'s :func:`_estimate` (``card``: the event asked of it, or None), kept as
    the last position looked at left it when the seat's rows are the same: one tuple
    compared whole (a tuple's ``==`` takes an identical item as equal without comparing
    it, and siblings of a lookahead share a seat's tuple rows), then the dice row. Worked
    out, not looked up in ``memo``: a greedy child's changed seat is new to it nine times
    in ten (4,191 hits of 44,187 lookups over 30 seeded 4-player games), so the key's
    tuple and hash cost more than the hits save."""
    p = st.pos[s]
    d = st.dice[s]
    rows = (st.vp[s], p, st.bless[s], st.taken[s], st.abilities[s], st.spent[s], st.weak[s],
            card, st.stage, len(st.artifacts[s]))
    seen = t.last[s]
    if seen is not None and seen[0] == rows and seen[1] == d:
        return float(seen[2])
    v = _estimate(st, s, t, p, card)
    t.last[s] = (rows, d[:], v)  # the dice row is a list a rule may change in place: a copy
    return v


def heuristic_at_stops(st: ClassicHeroState, seat: int, stops: list[int]) -> list[float]:
    """:func:`heuristic` for ``seat`` of each position that is ``st`` with ``seat``'s pawn
    moved to a stop of ``stops`` and asked its Fortune there (the child of a plain move
    whose flow stops at that question: :mod:`fast_values` says which). Only the mover's
    position and the event term (CH-6.3's card at that stop) differ from ``st``; the other
    seats are valued as :func:`heuristic` values them (no event term: they are not asked),
    once for every stop. The same floats as the stepped children's
    (``tests/classic_hero/test_fast_values.py``)."""
    t = _tables(st.rules)
    best = float("-inf")
    for s in range(st.n):
        if s == seat:
            continue
        v = _seat_value(st, t, s, None)
        if v > best:
            best = v
    track = st.track
    return [_estimate(st, seat, t, q, track[q]) - best for q in stops]


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
