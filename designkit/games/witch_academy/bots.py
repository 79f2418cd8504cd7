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

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from designkit.core.game import Game
from designkit.core.lookahead import child_values, stepper
from designkit.core.rows import without
from designkit.games.witch_academy.scoring import assignment_vp, majority_vp
from designkit.games.witch_academy.state import ACTION_MODE, RES_INDEX, E, Phase, WitchState
from designkit.games.witch_academy.university import exchanged_row, facility_slot, familiar_placed

# LEGACY: a token chosen after paying for it (Moria's bonus, Lore) is seen with the payment
_LOOKAHEAD = frozenset({Phase.TARGET, Phase.ASSIGN, Phase.EXPLORE, Phase.ES,
                        Phase.UNIV, Phase.BONUS, Phase.LEGACY})
#: the phases the hot paths test, as module names: an enum member read through its class
#: (``Phase.OVER``) costs about 80 ns more on Python 3.11, on every leaf and estimate
_OVER, _UNIV, _EXPLORE, _PAY, _MODE = Phase.OVER, Phase.UNIV, Phase.EXPLORE, Phase.PAY, Phase.MODE
_RES_VALUE, _ELIXIR_VALUE, _HEALTH_VALUE, _PROGRESS_VALUE = 0.8, 1.0, 0.25, 0.5
#: the share of a held request's net VP the hand is worth (see ``_hand_value``)
_HELD_REQUEST = 0.5
_REQUEST_RULE = "LW-7.5"


def estimate(st: WitchState, seat: int, own: bool = True,
             shares: list[list[int]] | None = None,
             display: list[tuple[int, int, tuple[tuple[int, int], ...]]] | None = None,
             pending: float | None = None,
             progress: dict[tuple[int, ...], float] | None = None) -> float:
    """Expected final VP of ``seat`` (``shares``: legacy majority VP per type and seat;
    ``display``: :func:`display_terms`, both shared by every seat of one position;
    ``progress``: :func:`assignment_progress` on that display per resource row, kept with
    them: many leaves of one position differ in other rows than the resources).

    The hot path of greedy play: card facts come from :class:`_Tables` (worked out once
    per ruleset); the sums keep the order of the terms, so the value is the same float."""
    value = float(st.vp[seat])
    if st.phase is _OVER:
        return value + 0.01 * st.res[seat][E]
    tables = _tables(st.rules)
    res = st.res[seat]
    total = sum(res)
    stacks = st.facilities[seat]
    if stacks:  # the active facilities and their carry cap, remembered per row
        found = tables.active.get(stacks)
        if found is None:
            if len(tables.active) >= _POSITIONS_KEPT:
                tables.active.clear()
            carry = tables.carry_cap
            facilities = tuple(_active_facilities(stacks, tables))
            found = tables.active[stacks] = (facilities, sum([carry[i] for i in facilities]))
        facilities, carried = found
    else:
        facilities, carried = (), 0
    cap = st.params.resource_cap + carried
    basics = total - res[E]
    kept = min(total, cap + 3)
    value += min(basics, kept) * _RES_VALUE + min(res[E], kept) * _ELIXIR_VALUE
    if progress is None or (st.params.achievement_tokens_per_player is not None
                            and st.tokens[seat] <= 0):
        value += _PROGRESS_VALUE * assignment_progress(st, seat, display)
    else:  # not over (above), tokens left: the row and the display are all it reads
        done = progress.get(res)
        if done is None:
            done = progress[res] = assignment_progress(st, seat, display)
        value += _PROGRESS_VALUE * done
    for gains in shares if shares is not None else legacy_shares(st):
        value += 0.8 * gains[seat]
    left = st.params.rounds - st.year + 1      # round ends still to come, this one included
    value += _HEALTH_VALUE * sum(st.health[seat]) * left / 3
    if own:
        hand_value = tables.hand_value
        value += sum(map(hand_value.__getitem__, st.hands[seat]))  # in hand order
    else:
        value += 0.4 * len(st.hands[seat])
    if st.stack:
        value += _pending_request(st, seat, tables.request_vp) if pending is None else pending
    legacy = st.legacy[seat]
    types = max(1, len(legacy) - legacy.count(0))
    memo, ops = tables.card_memo, tables.ops
    for i in facilities:
        v = memo.get((i, left, types))
        if v is None:
            v = memo[(i, left, types)] = card_value(ops[i], left, types)
        value += v
    for cards in st.familiars[seat]:
        for i in cards:
            v = memo.get((i, left, types))
            if v is None:
                v = memo[(i, left, types)] = card_value(ops[i], left, types)
            value += v
    return value


def _active_facilities(stacks: tuple[tuple[int, ...], ...], tables: _Tables) -> list[int]:
    """LW-7.8 as ``WitchState.active_facilities``, as event indices: per stack, the
    highest number among the top run of one facility name (the topmost of equals)."""
    name_of, number = tables.facility, tables.number
    out = []
    for stack in stacks:
        name = name_of[stack[-1]]
        best, best_n = -1, -1
        for i in reversed(stack):
            if name_of[i] != name:
                break
            if best < 0 or number[i] > best_n:
                best, best_n = i, number[i]
        out.append(best)
    return out


def display_terms(st: WitchState) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    """Per displayed assignment: its VP now (LW-10.2), its total cost, and its cost as
    (resource index, amount) pairs. The same for every seat, so computed once a position."""
    ratio = st.params.assignment_vp_ratio
    cards = st.rules.assignments
    costs = _tables(st.rules).cost
    out = []
    for pos, a in enumerate(st.display):
        need, cost = costs[a]
        out.append((assignment_vp(cards[a].vp, len(st.tokens_on[pos]), ratio), need, cost))
    return out


def assignment_progress(st: WitchState, seat: int,
                        display: list[tuple[int, int, tuple[tuple[int, int], ...]]] | None = None
                        ) -> float:
    """VP of the best displayed assignment times the share of its cost the seat holds
    (Elixir filling gaps), so colours that fit the display count for more."""
    if st.phase is _OVER or (st.params.achievement_tokens_per_player is not None
                                  and st.tokens[seat] <= 0):
        return 0.0
    held = st.res[seat]
    elixir = held[E]
    best = 0.0
    for vp, need, cost in display if display is not None else display_terms(st):
        covered = elixir
        for i, n in cost:
            h = held[i]
            covered += h if h < n else n
        if covered > need:
            covered = need
        share = vp * covered / need
        if share > best:
            best = share
    return best


class _Tables(NamedTuple):
    """What the evaluation reads of the card tables, worked out once per ruleset."""

    hand_value: tuple[float, ...]                                 # per event card in hand
    cost: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]     # per assignment
    carry_cap: tuple[int, ...]                                    # per event card
    facility: tuple[str, ...]                                     # per event card
    number: tuple[int, ...]                                       # per event card
    ops: tuple[tuple[tuple[Any, ...], ...], ...]                  # effect + passive
    request_vp: tuple[int, ...]                                   # per event card
    card_memo: dict[tuple[int, int, int], float]                  # (card, rounds, types)
    #: a seat's facility stacks: the active facilities (LW-7.8), their carry cap
    active: dict[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], int]]
    positions: dict[Any, Any]                                     # display / shares memo
    opponents: dict[Any, float]                                   # an opponent's estimate
    contexts: dict[Any, _Context]                                 # a leaf's context
    last_context: list[Any]                                       # its key, the context
    leaves: dict[Any, float]                                      # a leaf's heuristic


def _tables(rules: Any) -> _Tables:
    """The ruleset's :class:`_Tables`, kept on it (a designer's edited tables compile to a
    new ruleset, so they are never stale). An attribute read: called on every leaf."""
    try:
        return rules._bot_tables  # type: ignore[no-any-return]
    except AttributeError:
        ev = rules.events
        tables = _Tables(
            hand_value=tuple(_hand_value(card) for card in ev),
            cost=tuple((sum(n for _, n in a.cost), tuple((RES_INDEX[r], n) for r, n in a.cost))
                       for a in rules.assignments),
            carry_cap=tuple(c.passive_value("carry_cap") for c in ev),
            facility=tuple(c.facility for c in ev), number=tuple(c.number for c in ev),
            ops=tuple(c.effect + c.passive for c in ev),
            request_vp=tuple(c.vp if c.type == "request" else 0 for c in ev),
            card_memo={}, active={}, positions={}, opponents={}, contexts={},
            last_context=[None, None], leaves={})
        object.__setattr__(rules, "_bot_tables", tables)
    return tables


def _hand_value(card: Any) -> float:
    """A card in hand: a request is worth part of its VP net of its cost, anything else a
    little. Only part: a held request scores nothing until a University action and the
    resources meet (LW-7.5), so one worth playing is worth more played (see
    :func:`_pending_request`) than kept; valued in full, greedy never played one."""
    if card.type == "request":
        return _HELD_REQUEST * max(0.0, card.vp - _RES_VALUE * card.cost) + 0.3
    return 0.3


def _pending_request(st: WitchState, seat: int, request_vp: tuple[int, ...]) -> float:
    """A request being played (LW-7.5): its VP once paid, less the units still owed, so
    the estimate does not drop while the payment runs through its one-unit steps."""
    vp = owed = 0
    for task in st.stack:
        if task[0] == "request_done" and task[1] == seat:
            vp += request_vp[task[2]]
        elif task[0] == "pay1" and task[1] == seat and task[3] == _REQUEST_RULE:
            owed += 1
    if not vp:
        return 0.0
    if st.phase is _PAY and st.ctx == (seat, "ANYRES", _REQUEST_RULE):
        owed += 1
    return vp - _RES_VALUE * owed


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
        if st.phase is _UNIV:
            return _univ_best(game, st, seat, depth)
        if st.phase is _EXPLORE:
            return _explore_best(game, st, seat, depth)
        # below the top, ``st`` is a lookahead clone of this function's: spent once valued
        return max(child_values(game, st, st.options,
                                lambda child: heuristic(game, child, seat, depth - 1),
                                spent=depth < 2))
    if st.phase is _OVER:
        _, (shares, display, _) = _position_terms(st)
        mine = estimate(st, seat, True, shares, display)
        best = float("-inf")
        for q in range(st.n):
            if q != seat:
                v = estimate(st, q, False, shares, display)
                if v > best:
                    best = v
        return mine - best
    return _leaf(st, seat, _pendings(st, _tables(st.rules).request_vp) if st.stack else None)


def _univ_best(game: Game, st: WitchState, seat: int, depth: int) -> float:
    """The best continuation of a University question (LW-7.2), its exchanges (two thirds
    of all lookahead steps) and, one level above the leaves, its card plays valued without
    a clone where the rules say what they lead to (:func:`_univ_kinds`); the other options
    are stepped. The values are the ones stepping each option gives
    (``tests/witch_academy/test_bots.py`` checks it on seeded games), so the maximum, and
    every decision, is the same."""
    kinds = _univ_kinds(st, seat, depth)
    held = st.res[seat]
    request_vp = _tables(st.rules).request_vp
    best = float("-inf")
    # these leaves are ``st`` with the seat's own rows changed: one context for all
    context = _context(st, seat) if kinds.same or kinds.again or kinds.plays \
        or kinds.paying else None
    if kinds.same:  # the Amount child's stack holds ``univ_action`` more: never empty
        best = _leaf(st, seat, _pendings(st, request_vp), context)
    if kinds.again or kinds.plays:
        pending = _pendings(st, request_vp) if st.stack else None
        if kinds.again:
            best = max(best, _exchanged_leaves(st, seat, kinds.again, pending, None, context))
        for swaps in kinds.plays:
            best = max(best, _swapped_leaf(st, seat, swaps, pending, context))
    for e in kinds.paying:
        best = max(best, _paying_leaf(st, seat, e, request_vp, context))

    def value(child: WitchState) -> float:
        return heuristic(game, child, seat, depth - 1)

    rest, last, last_plays, end = kinds.rest, kinds.last, kinds.last_plays, kinds.end
    if end is None:  # not offered: a bare list of steps (a position built by hand)
        rest += last + [a for a, _ in last_plays]
        last, last_plays = [], []
    if rest:  # ``st`` is not spent on these: the end is still to come
        best = max(best, *child_values(game, st, rest, value))
    if end is None:
        return best
    # the end: on ``st`` itself below the top, unless the last action's exchanges or plays
    # need ``st`` again (the flow ran on in a way that read the seat's rows: stepped after all)
    child = st if depth < 2 and not last and not last_plays else st.clone()
    child.log = None
    stepper(game, st)(child, end)
    best = max(best, value(child))
    if last or last_plays:
        if _ran_on_alike(st, child, seat):
            pending = _pendings(child, request_vp) if child.stack else None
            context = _context(child, seat)
            if last:
                best = max(best, _exchanged_leaves(child, seat, [a.arg for a in last],
                                                   pending, held, context))
            for _, swaps in last_plays:
                best = max(best, _swapped_leaf(child, seat, swaps, pending, context))
        else:
            steps = last + [a for a, _ in last_plays]
            best = max(best, *child_values(game, st, steps, value, spent=depth < 2))
    return best


def _explore_best(game: Game, st: WitchState, seat: int, depth: int) -> float:
    """The best continuation of an Area action (LW-6.3), its ``end`` valued without a clone
    when the flow after it stops at the rotation's draw (:func:`_ends_at_draw`): a chance
    step, a leaf, with nothing the estimate reads changed (the actions left, the Area's
    cards and the exploration discard are not read), so the position's own leaf value.
    The explorations are stepped (below the top, the last on ``st`` itself)."""
    options = st.options
    best = float("-inf")
    steps: tuple[Any, ...] | list[Any] = options
    if options[-1].kind == "end" and _ends_at_draw(st):
        # the draw's stack: the rotation's other draws, all below it but ``rotate``
        k = min(st.params.exploration_rotation_per_placement, len(st.explore[st.ctx[2]]))
        best = _leaf(st, seat, _pendings(st, _tables(st.rules).request_vp)
                     if len(st.stack) + k > 2 else None)
        steps = options[:-1]
    if steps:
        best = max(best, *child_values(game, st, steps,
                                       lambda child: heuristic(game, child, seat, depth - 1),
                                       spent=depth < 2))
    return best


def _ends_at_draw(st: WitchState) -> bool:
    """Whether ``end`` at this Area action (LW-A3) leads straight to a draw that waits: the
    rotation is next (LW-6.4: once per placement, after the actions), discards at least one
    outer card and draws its replacement from a deck of two cards or more."""
    pos = st.ctx[2]
    return (st.stack[-1:] == [("rotate", pos)] and len(st.ex_deck) >= 2
            and min(st.params.exploration_rotation_per_placement, len(st.explore[pos])) >= 1)


#: a seat's rows a card play changes, as (field, new row) pairs (see :func:`_played_rows`)
_Swaps = tuple[tuple[str, Any], ...]


class _UnivKinds(NamedTuple):
    """A University question's options sorted by what they lead to (LW-7.3, LW-7.4)."""

    #: an exchange of a source held twice or more is offered; it stops at its Amount
    #: question with nothing the estimate reads changed (the action used, ``univ_action``
    #: queued: no request task), a leaf worth the position's own value
    same: bool
    #: one level above the leaves, the exchanges of a source held once while actions are
    #: left: forced (one amount), they end at this position with the row
    #: :func:`~.university.exchanged_row` gives, asked the University again
    #: (``univ_action``) with the same stack
    again: list[tuple[str, str]]
    #: those of a source held once with the last action: forced, then the flow runs on as
    #: after ``end`` (see :func:`_ran_on_alike`)
    last: list[Any]
    #: one level above the leaves, familiar and facility plays (LW-7.6, LW-7.8: no
    #: question, no task left) while actions are left: this position with the rows
    #: :func:`_played_rows` gives, asked the University again on the same stack
    plays: list[_Swaps]
    #: the same plays with the last action: the flow runs on as after ``end``
    last_plays: list[tuple[Any, _Swaps]]
    #: one level above the leaves, requests (LW-7.5) whose payment is a question (two
    #: kinds or more held): the event cards; a leaf with the hand less the card and the
    #: request's payment queued
    paying: list[int]
    #: everything else (other card plays, and the ``again`` kind above depth 1)
    rest: list[Any]
    #: the ``end`` option (LW-7.2: the rest left unused)
    end: Any


def _univ_kinds(st: WitchState, seat: int, depth: int) -> _UnivKinds:
    """:class:`_UnivKinds` of the University question ``st`` at lookahead ``depth``."""
    held = st.res[seat]
    more = st.actions_left > 1
    leaves = depth == 1
    # a University question asked again waits (``_univ_several``): the exchange is on and
    # the resources (unchanged by a familiar or facility) are not all spent
    waits = st.params.university_exchange and any(held)
    same = False
    again: list[tuple[str, str]] = []
    last, rest = [], []
    plays: list[_Swaps] = []
    last_plays: list[tuple[Any, _Swaps]] = []
    paying: list[int] = []
    end = None
    events = st.rules.events
    for a in st.options:
        kind = a.kind
        if kind == "exchange":
            if held[RES_INDEX[a.arg[0]]] >= 2:
                same = True
            elif not more:
                last.append(a)
            elif leaves:
                again.append(a.arg)
            else:
                rest.append(a)
        elif kind == "end":
            end = a
        elif leaves and kind == "play":
            e = st.rules.event_index[a.arg]
            card = events[e]
            if card.type == "request":
                if card.cost >= 1 and len(held) - held.count(0) >= 2:
                    paying.append(e)
                else:
                    rest.append(a)
                continue
            swaps = _played_rows(st, seat, e, card.type)
            if swaps is None or (more and not waits):
                rest.append(a)
            elif more:
                plays.append(swaps)
            else:
                last_plays.append((a, swaps))
        else:
            rest.append(a)
    return _UnivKinds(same, again, last, plays, last_plays, paying, rest, end)


def _played_rows(st: WitchState, seat: int, e: int, kind: str) -> _Swaps | None:
    """The seat's rows after it plays event card ``e`` at the University, for the plays that
    ask nothing and queue nothing (``None`` for the others): a familiar (LW-7.6,
    :func:`~.university.familiar_placed`: the worker's familiars, its Health fully
    restored) or a facility with a slot to go to (LW-7.8, :func:`~.university.facility_slot`);
    the hand loses the card either way (LW-7.4). The discard pile is not read."""
    hand = without(st.hands[seat], e)
    if kind == "familiar":
        w, slots, _ = familiar_placed(st, seat, e)
        row = st.familiars[seat]
        health = list(st.health[seat])
        health[w] = st.rules.max_health[w]
        return (("hands", hand), ("familiars", row[:w] + (slots,) + row[w + 1:]),
                ("health", tuple(health)))
    if kind == "facility":
        slot = facility_slot(st, seat, e)
        if slot is None:
            return None
        stacks = st.facilities[seat]
        stack = stacks[slot] + (e,) if slot < len(stacks) else (e,)
        return (("hands", hand), ("facilities", stacks[:slot] + (stack,) + stacks[slot + 1:]))
    return None


def _ran_on_alike(st: WitchState, ended: WitchState, seat: int) -> bool:
    """Whether the flow after ``end`` (position ``ended``) would have run the same after the
    last action's forced exchange, whose only difference is the seat's resources: the
    University was the turn's last step (``turn_end`` next, LW-5.4), and the flow stopped
    at a Mode question of the same year (a leaf: never looked through) with the seat still
    in action mode. So it passed only ``turn_end``, ``main_next`` and other seats' turns
    (their forced passes, their forced Assignment questions: their own resources),
    never the round end nor the seat's own assignment turn, the steps that read them."""
    return (ended.phase is _MODE and ended.year == st.year
            and ended.mode[seat] == ACTION_MODE and st.stack[-1:] == [("turn_end", seat)])


def _exchanged_leaves(st: WitchState, seat: int, moves: list[tuple[str, str]],
                      pending: tuple[float, ...] | None,
                      held: tuple[int, ...] | None = None,
                      context: _Context | None = None) -> float:
    """The best leaf value of ``st`` with one unit of ``src`` exchanged for ``tgt`` (each of
    ``moves``) in the seat's resources ``held`` (by default its own); ``st`` is left as
    it was. ``context``: :func:`_context` of ``st`` (the seat's own rows are not in it)."""
    rows = st.res
    was = rows[seat]
    base = was if held is None else held
    best = float("-inf")
    try:
        for src, tgt in moves:
            rows[seat] = exchanged_row(base, src, tgt, 1)
            v = _leaf(st, seat, pending, context)
            if v > best:
                best = v
    finally:
        rows[seat] = was
    return best


def _swapped_leaf(st: WitchState, seat: int, swaps: _Swaps,
                  pending: tuple[float, ...] | None, context: _Context | None = None) -> float:
    """The leaf value of ``st`` with the seat's rows ``swaps`` (field, new row) in place
    of its own; ``st`` is left as it was."""
    was = [getattr(st, field)[seat] for field, _ in swaps]
    try:
        for field, row in swaps:
            getattr(st, field)[seat] = row
        return _leaf(st, seat, pending, context)
    finally:
        for (field, _), row in zip(swaps, was, strict=True):
            getattr(st, field)[seat] = row


def _paying_leaf(st: WitchState, seat: int, e: int, request_vp: tuple[int, ...],
                 context: _Context | None = None) -> float:
    """The leaf a request ``e`` played stops at when the seat holds two kinds or more: its
    first unit's payment question (LW-7.5, ``pay1`` tasks: one a unit, the first asked,
    then ``request_done``), the hand less the card and nothing else changed; ``st`` is left
    as it was."""
    pending = _pendings(st, request_vp, (seat, request_vp[e], st.rules.events[e].cost))
    hands = st.hands
    was = hands[seat]
    hands[seat] = without(was, e)
    try:
        return _leaf(st, seat, pending, context)
    finally:
        hands[seat] = was


class _Context:
    """What the leaves of a position share with every position that differs from it in
    the deciding seat's own rows only (an exchange, a card played: :func:`_univ_best`'s
    leaves): the position's terms (:func:`legacy_shares`, :func:`display_terms`) and the
    best opponent's estimate per pending requests (``best``). A leaf's key holds the
    object itself (hashed by identity, kept alive by the key), so the other seats' rows
    and the position are hashed once per context, not once per leaf."""

    __slots__ = ("shares", "display", "progress", "position", "best")

    def __init__(self, position: Any, terms: _Terms) -> None:
        self.position = position
        self.shares, self.display, self.progress = terms
        self.best: dict[tuple[float, ...] | None, float] = {}


_OTHERS: dict[tuple[int, int], Callable[[Sequence[Any]], tuple[Any, ...]]] = {}


def _others(n: int, seat: int) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """The rows of every seat but ``seat``, as a tuple (one C call)."""
    found = _OTHERS.get((n, seat))
    if found is None:
        rest = [q for q in range(n) if q != seat]
        found = _OTHERS[n, seat] = (itemgetter(*rest) if len(rest) > 1
                                     else lambda rows: (rows[rest[0]],))
    return found


def _context(st: WitchState, seat: int, tables: _Tables | None = None) -> _Context:
    """The :class:`_Context` of ``seat``'s leaves in ``st``, remembered per ruleset by
    everything its terms and the opponents' estimates read: the year, the other seats'
    rows (of hands, their sizes only) and the position's shared terms. Mostly the last
    one asked for (a lookahead's leaves are siblings): its key is compared first, which
    costs less than hashing the rows (the rows are mostly the same objects)."""
    others = _others(st.n, seat)
    key = (seat, st.year, others(st.vp), others(st.tokens), tuple(map(len, others(st.hands))),
           others(st.res), others(st.health), others(st.facilities), others(st.familiars),
           tuple(st.legacy), tuple(st.display), tuple(map(len, st.tokens_on)))
    if tables is None:
        tables = _tables(st.rules)
    last = tables.last_context
    if key == last[0]:
        return last[1]  # type: ignore[no-any-return]
    memo = tables.contexts
    found = memo.get(key)
    if found is None:
        if len(memo) >= _POSITIONS_KEPT:
            memo.clear()
        position = key[9:]
        found = memo[key] = _Context(position, _position_found(st, position))
    last[0], last[1] = key, found
    return found


def _leaf(st: WitchState, seat: int, pending: tuple[float, ...] | None,
          context: _Context | None = None) -> float:
    """A position judged without a look ahead: the seat's estimate less the best
    opponent's (``pending``: :func:`_pendings`, ``None`` for an empty stack; ``context``:
    :func:`_context` of ``st``, passed by a caller that values several of the seat's own
    rows on one position)."""
    tables = _tables(st.rules)
    # what the estimates read: the seat's own rows (its hand's cards) and the context's
    # (:func:`_context`: the other seats' rows, their hands' sizes, the position's shared
    # terms). Many lookahead leaves are one position reached another way (exchanges in
    # another order, an amount still to choose), and an option changes the deciding
    # seat's rows only, mostly: so the leaf's value is remembered by all of it, the best
    # opponent's estimate by the context and the requests pending
    if context is None:
        context = _context(st, seat, tables)
    key = (context, pending, st.hands[seat], st.vp[seat], st.tokens[seat], st.res[seat],
           st.health[seat], st.facilities[seat], st.familiars[seat])
    leaves = tables.leaves
    found = leaves.get(key)
    if found is not None:
        return found
    shares, display = context.shares, context.display
    # no request pending: 0.0, the value ``_pending_request`` would find in the stack
    progress = context.progress
    mine = estimate(st, seat, True, shares, display,
                    pending[seat] if pending is not None else 0.0, progress)
    best = context.best.get(pending)
    if best is None:
        best = float("-inf")
        memo = tables.opponents
        if len(memo) >= _POSITIONS_KEPT:
            memo.clear()
        position, year, hands = context.position, st.year, st.hands
        for q in range(st.n):
            if q != seat:
                p = pending[q] if pending is not None else 0.0
                okey = (position, p, year, st.vp[q], st.tokens[q], len(hands[q]), st.res[q],
                        st.health[q], st.facilities[q], st.familiars[q])
                theirs = memo.get(okey)
                if theirs is None:
                    theirs = memo[okey] = estimate(st, q, False, shares, display, p, progress)
                if theirs > best:
                    best = theirs
        context.best[pending] = best
    if len(leaves) >= _POSITIONS_KEPT:
        leaves.clear()
    value = leaves[key] = mine - best
    return value


def _pendings(st: WitchState, request_vp: tuple[int, ...],
              more: tuple[int, int, int] | None = None) -> tuple[float, ...] | None:
    """:func:`_pending_request` of every seat in one pass over the stack (the same
    floats: each seat's sums are taken in the same order), ``None`` when no request is
    being paid (as for an empty stack: :func:`estimate` then adds the same 0.0, so the
    leaf is remembered once). ``more``: (seat, VP, units owed) of a request being paid
    on top of the stack (see :func:`_paying_leaf`)."""
    if more is None and _REQUEST_TASKS.isdisjoint(map(_first, st.stack)):
        return None  # the usual stack: its task names tested in C, no loop here
    vp: list[int] | None = None
    owed: list[int] = []
    if more is not None:
        vp, owed = [0] * st.n, [0] * st.n
        vp[more[0]] += more[1]
        owed[more[0]] += more[2]
    for task in st.stack:
        kind = task[0]
        if kind == "request_done":
            if vp is None:
                vp, owed = [0] * st.n, [0] * st.n
            vp[task[1]] += request_vp[task[2]]
        elif kind == "pay1" and task[3] == _REQUEST_RULE:
            if vp is None:
                vp, owed = [0] * st.n, [0] * st.n
            owed[task[1]] += 1
    if vp is None:
        return None
    if st.phase is _PAY and st.ctx[1:] == ("ANYRES", _REQUEST_RULE):
        owed[st.ctx[0]] += 1
    return tuple([vp[q] - _RES_VALUE * owed[q] if vp[q] else 0.0 for q in range(st.n)])


_REQUEST_TASKS = frozenset({"request_done", "pay1"})
_first = itemgetter(0)
_POSITIONS_KEPT = 20_000


#: a position's :func:`legacy_shares`, :func:`display_terms` and the seats' assignment
#: progress on that display per resource row (filled by :func:`estimate`)
_Terms = tuple[list[list[int]], list[Any], dict[tuple[int, ...], float]]


def _position_terms(st: WitchState) -> tuple[Any, _Terms]:
    """:func:`legacy_shares` and :func:`display_terms` of a position, with the key they
    are remembered by (see :func:`_position_found`)."""
    key = (tuple(st.legacy), tuple(st.display), tuple([len(t) for t in st.tokens_on]))
    return key, _position_found(st, key)


def _position_found(st: WitchState, key: Any) -> _Terms:
    """:func:`legacy_shares` and :func:`display_terms` of a position (and a progress memo
    for :func:`estimate`, see :data:`_Terms`), remembered per ruleset by what they read
    (``key``: legacy counts; display and tokens on it)."""
    memo = _tables(st.rules).positions
    found = memo.get(key)
    if found is None:
        if len(memo) >= _POSITIONS_KEPT:
            memo.clear()
        found = memo[key] = (legacy_shares(st), display_terms(st), {})
    return found


def legacy_shares(st: WitchState) -> list[list[int]]:
    """LW-12.2 as it stands: each type's majority VP per seat."""
    vp = st.params.legacy_majority_vp
    return [majority_vp([st.legacy[q][k] for q in range(st.n)], vp)
            for k in range(len(st.rules.legacy))]
