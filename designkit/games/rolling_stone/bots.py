"""Life is Rolling Stone's evaluation for the greedy bot.

An estimate of the final score from what the seat may know: VP so far, dice
(worth VP at the end and in the coming mid-stage settlements), the adversity
balance, progress toward a full album, dice oriented so that their next move
can land on a 6, the pending order bonus, and the best dream in hand. Opponents
are judged on public information only (their dreams count a flat amount).
Only the rank wins (LR-12.6), so the result is relative to the best opponent.

Decisions the engine splits in two (a card then its cell, a die then its
direction, a reroll then the orientation) are looked ahead through: a state
waiting for the seat's own second step is worth its best continuation.
"""

from __future__ import annotations

from typing import Any

from designkit.core import rows
from designkit.core.game import CHANCE, Game
from designkit.core.lookahead import child_values
from designkit.games.rolling_stone.album import in_frame
from designkit.games.rolling_stone.resolve import holds, metric
from designkit.games.rolling_stone.scoring import adversity, places
from designkit.games.rolling_stone.state import Phase, RollingStoneState

_LOOKAHEAD = frozenset({Phase.PLACE, Phase.MOVE_DIR, Phase.ORIENT, Phase.TARGET})
_CHANCE_LOOKAHEAD = frozenset({Phase.ROLL, Phase.ORIENT_RANDOM})
_BONUS_VALUE = {"none": 0.3, "move_die": 0.5, "start_marker": 0.6, "power": 0.8}
_OPPONENT_DREAM = 2.0


def dream_value(st: RollingStoneState, seat: int, ops: tuple[Any, ...]) -> float:
    """VP the Dream effect would give now (die-changing effects count nothing)."""
    total = 0.0
    for op in ops:
        kind = op[0]
        if kind == "gain_vp":
            total += op[1]
        elif kind == "gain_vp_per":
            _, m, each, per, cap = op
            amount = metric(st, seat, m) // per * each
            total += amount if cap is None else min(cap, amount)
        elif kind == "if":
            total += dream_value(st, seat, op[2] if holds(st, seat, op[1]) else op[3])
    return total


#: the rows of a seat each metric reads (resolve.metric: "discard" is its last case)
_METRIC_READS = {"die": "dice", "is_highest_die": "dice", "dice_sum": "dice",
                 "dice_at_least": "dice", "stars": "stars", "power": "power",
                 "attrs_with_at_least": "album", "album": "album", "discard": "discard"}


def _reads(ops: tuple[Any, ...], found: set[str]) -> set[str]:
    """The rows of a seat (``st.album``, ``st.dice`` …) :func:`dream_value` of ``ops`` reads."""
    for op in ops:
        if op[0] == "gain_vp_per":
            found.add(_METRIC_READS.get(op[1][0], "discard"))
        elif op[0] == "if":
            found.add(_METRIC_READS.get(op[1][0][0], "discard"))
            _reads(op[2], found)
            _reads(op[3], found)
    return found


#: the last ruleset seen and the rows each of its dreams' values reads (one entry: a memo
#: per ruleset would keep every ruleset of a parameter sweep alive)
_DREAM_READS: list[tuple[Any, tuple[tuple[str, ...], ...]]] = []
#: per (seat, dream): the rows its value was last worked out from, and the value
_DREAM: dict[tuple[int, int], tuple[list[Any], float]] = {}


def _best_dream(st: RollingStoneState, seat: int, hand: list[int]) -> float:
    """``max(dream_value(st, seat, dream) for the dreams in hand)``, each dream's value kept
    with the rows it reads (its metrics': the album, dice, discard pile, ★ or power) and given
    again while they are the same: a dream counting album cards is worth what it was while
    the album row is the same tuple (core.rows), whatever the dice did (issue 19). The same
    floats, so the same maximum."""
    rules = st.rules
    if not _DREAM_READS or _DREAM_READS[0][0] is not rules:
        _DREAM_READS[:] = [(rules, tuple(tuple(sorted(_reads(dream.dream, set())))
                                         for dream in rules.dreams))]
    reads = _DREAM_READS[0][1]
    best = float("-inf")
    for d in hand:
        key: list[Any] = [rules]
        for name in reads[d]:
            key.append(getattr(st, name)[seat])
        last = _DREAM.get((seat, d))
        if last is not None and last[0] == key:
            v = last[1]
        else:
            v = dream_value(st, seat, rules.dreams[d].dream)
            _DREAM[seat, d] = (key, v)
        if v > best:
            best = v
    return best


def estimate(st: RollingStoneState, seat: int, own: bool = True,
             totals: list[int] | None = None, ranks: list[int] | None = None) -> float:
    """Expected final VP of ``seat`` (``own``: use its hidden dream hand too; ``totals``
    and ``ranks``: every seat's dice sum and settlement place, shared by the seats of one
    position, as :func:`heuristic` shares them)."""
    if st.phase is Phase.OVER:
        return float(st.vp[seat])
    if totals is None:
        totals = _totals(st)
    if ranks is None:
        ranks = places(totals, st.params.mid_settlement_ranking)
    t = _terms(st)
    return _estimate(st, seat, own, totals, ranks, t, _six_potential(st, seat, t.to_target))


class _Terms:
    """What the estimate of every seat of one position shares, worked out once per
    position instead of once per seat: the params' weights, the settlements still to come
    (they depend on the stage only) and the dice's direction-to-power table.

    Each weight is the same value the per-seat expression computed (``0.6 * coming`` is
    the left operand of ``0.6 * coming * vp`` there too), so every estimate is the same
    float as before.
    """

    __slots__ = ("rules", "params", "stage", "settling", "pip", "mid", "table", "covered",
                 "uncovered", "full", "cells", "marker", "to_target")

    def __init__(self, st: RollingStoneState) -> None:
        p, rules = st.params, st.rules
        self.rules, self.params, self.stage, self.settling = rules, p, st.stage, st.settling
        self.pip = p.final_dice_vp_per_pip
        coming = 0
        for s in rules.mid_stages:
            if s > st.stage or (s == st.stage and st.settling != "mid"):
                coming += 1
        self.mid = 0.6 * coming if coming else None
        self.table = p.mid_settlement_vp
        self.covered, self.uncovered = p.adversity_vp_covered, p.adversity_vp_uncovered
        self.full = p.full_album_vp
        self.cells = rules.rows * rules.cols
        self.marker = 0.5 * p.start_marker_vp
        self.to_target = _directions_to(rules.dice, p.power_trigger_value)


#: the last :class:`_Terms` worked out (a one-entry memo: a game's positions share them
#: for a whole stage)
_LAST_TERMS: list[_Terms] = []


def _terms(st: RollingStoneState) -> _Terms:
    """The :class:`_Terms` of ``st``: the last ones again while the ruleset, params, stage and
    settling they were worked out from are the same (all they depend on)."""
    if _LAST_TERMS:
        t = _LAST_TERMS[0]
        if (t.rules is st.rules and t.params is st.params and t.stage == st.stage
                and t.settling == st.settling):
            return t
        t = _LAST_TERMS[0] = _Terms(st)
        return t
    t = _Terms(st)
    _LAST_TERMS.append(t)
    return t


def _totals(st: RollingStoneState) -> list[int]:
    """Every seat's dice sum (``st.dice_sum`` for each seat, one lookup of the table)."""
    get = st.rules.dice.top.__getitem__
    return [sum(map(get, dice)) for dice in st.dice]


#: the last dice sums ranked, the ranking mode and the places (a one-entry memo)
_LAST_PLACES: list[Any] = [None, None, None]


def _places(totals: list[int], mode: str) -> list[int]:
    """``places(totals, mode)``, the last places again while the sums and the mode are the
    same: a decision that moves no die leaves every leaf's sums as they were (issue 19).
    The list given is shared, so it is read only."""
    last = _LAST_PLACES
    if last[0] == totals and last[1] == mode:
        ranks: list[int] = last[2]
        return ranks
    ranks = places(totals, mode)
    last[0], last[1], last[2] = totals, mode, ranks
    return ranks


def _estimate(st: RollingStoneState, seat: int, own: bool, totals: list[int],
              ranks: list[int], t: _Terms, six: float, dream: float | None = None) -> float:
    """:func:`estimate` of a position not over, its shared terms ``t`` and the seat's
    :func:`_six_potential` ``six`` worked out (and ``dream``, the seat's
    :func:`_best_dream` when ``own``, if the caller knows it)."""
    value = float(st.vp[seat])
    value += totals[seat] * t.pip
    if t.mid is not None:
        place = ranks[seat]
        table = t.table
        value += t.mid * (table[place - 1] if place <= len(table) else 0)
    stars, power = st.stars[seat], st.power[seat]
    _, _, net = adversity(stars, power, t.covered, t.uncovered)
    value += net + 0.3 * max(0, power - stars)
    value += t.full * ((st.placed[seat] + 1) / t.cells) ** 2
    value += six
    slot = st.slot_of[seat]
    if slot is not None and st.board[slot - 1] == seat:
        value += _BONUS_VALUE[st.rules.bonus[slot - 1]]
    if st.marker == seat:
        value += t.marker
    hand = st.hands[seat]
    if hand:
        if own:
            value += _best_dream(st, seat, hand) if dream is None else dream
        else:
            value += _OPPONENT_DREAM
    return value


#: per seat, the last six-potential worked out and what it was worked out from: ((rules,
#: dice, dice cells, album row, fixed frame, box), value); see :func:`_six_potential`
_SIX: dict[int, tuple[tuple[Any, ...], float]] = {}


def _six_potential(st: RollingStoneState, seat: int, to_target: tuple[int | None, ...]
                   ) -> float:
    """Dice whose next move onto a free neighbouring cell would land on the power value
    (``to_target``: :func:`_directions_to` of it).

    Dice aiming at the same cell compete for it (only one card goes there), so
    each distinct target cell counts fully and a shared one only a little.

    The value depends on the seat's dice, their cells, its album row and its frame (fixed,
    or the box spanned) only, and most leaves of one decision leave an opponent's untouched
    (issue 19): the last value of each seat is kept with those rows and given again while
    they are the same. They are tuple rows (core.rows), which a clone shares, so the
    comparison mostly finds the very same objects (a tuple's ``==`` checks identity first).
    """
    key = (st.rules, st.dice[seat], st.dcell[seat], st.album[seat], st.frame[seat],
           st.box[seat])
    last = _SIX.get(seat)
    if last is not None and last[0] == key:
        return last[1]
    value = _six_value(st, seat, to_target)
    _SIX[seat] = (key, value)
    return value


def _six_value(st: RollingStoneState, seat: int, to_target: tuple[int | None, ...]) -> float:
    """:func:`_six_potential` worked out."""
    step = st.rules.step
    album = st.album[seat]
    cells: list[int] = []
    for o, at in zip(st.dice[seat], st.dcell[seat], strict=True):
        d = to_target[o]
        if d is not None:
            x = at + step[d]
            if album[x] is None and in_frame(st, seat, x):
                cells.append(x)
    if not cells:
        return 0.0
    distinct = len(set(cells))
    return 0.4 * distinct + 0.1 * (len(cells) - distinct)


_DIRECTIONS: dict[tuple[str, int], tuple[int | None, ...]] = {}


def _directions_to(dice: Any, value: int) -> tuple[int | None, ...]:
    """``dice.direction_to(o, value)`` for every orientation ``o``, worked out once (a
    die's tables are fixed by its chirality, ``dice.dice_table``)."""
    key = (dice.chirality, value)
    found = _DIRECTIONS.get(key)
    if found is None:
        found = _DIRECTIONS[key] = tuple(dice.direction_to(o, value)
                                         for o in range(len(dice.top)))
    return found


def heuristic(game: Game, st: RollingStoneState, seat: int, depth: int = 2) -> float:
    if depth and st.phase is not Phase.OVER:
        who = game.to_move(st)
        if who == seat and st.phase in _LOOKAHEAD:
            if st.phase is Phase.ORIENT:
                setup = orient_values(game, st, seat, depth)
                if setup is not None:
                    return max(setup)
            return max(child_values(game, st, st.options, lambda c: heuristic(game, c, seat,
                                                                              depth - 1),
                                    spent=depth < 2))
        if who is CHANCE and st.phase in _CHANCE_LOOKAHEAD and st.ctx[0] == seat:
            outcomes = game.chance_outcomes(st)
            # below the top, ``st`` is a lookahead clone of this function's: spent once valued
            values = child_values(game, st, [o for o, _ in outcomes],
                                  lambda c: heuristic(game, c, seat, depth - 1), spent=depth < 2)
            return sum(prob * v for (_, prob), v in zip(outcomes, values, strict=True))
    vp = st.vp
    if st.phase is Phase.OVER:
        return vp[seat] - max(float(vp[q]) for q in range(st.n) if q != seat)
    totals = _totals(st)
    ranks = _places(totals, st.params.mid_settlement_ranking)
    terms = _terms(st)
    mine = _estimate(st, seat, True, totals, ranks, terms,
                     _six_potential(st, seat, terms.to_target))
    return mine - _best_opponent(st, seat, totals, ranks, terms)


def _best_opponent(st: RollingStoneState, seat: int, totals: list[int], ranks: list[int],
                   terms: _Terms) -> float:
    """The best of the other seats' opponent estimates (the heuristic's second term)."""
    best = float("-inf")
    for q in range(st.n):
        if q != seat:
            v = _opponent(st, q, totals, ranks, terms)
            if v > best:
                best = v
    return best


def orient_values(game: Game, st: RollingStoneState, seat: int, depth: int = 3
                        ) -> list[float] | None:
    """``[heuristic(child, seat, depth - 1) for child of each option]`` of a setup
    orientation question of ``seat`` (LR-2.5) whose lookahead meets only setup
    orientations, in the options' order, worked out on ``st`` itself: each ply's die row
    written and put back, without a clone and a step per option; None for any other
    question (stepped as before). ``depth`` 3 gives greedy's values (its children are
    judged at depth 2: ``Game.child_values``), 2 and 1 those of its lookahead's nodes.

    Setup asks every seat to orient its dice one after another (``setup_tasks``), a third
    of greedy's time on main: three plies of four orientations, up to 64 leaves per
    decision (issue 37). Stepping such a child writes the die's orientation (``_orient``:
    ``rows.put`` of the dice row) and pops the next task, a setup orientation, which always
    waits (a die has four orientations per top). So a child differs from ``st`` with the
    row written only in the flow's fields (phase, seat, context, options, stack), which a
    leaf's estimate does not read, and it is the seat's own question again exactly when the
    next task orients one of its dice. Within one run of the seat's orientations the tops,
    so the dice sums, places and dreams (whose metrics read tops only:
    ``resolve.metric``), and the opponents stay as they are: worked out once. The same
    floats as the stepped lookahead, so the same decisions (``test_bots_fast``).

    A reroll's orientation (LR-8.4, greedy's lookahead through a USE of a reroll skill: six
    rolls × four orientations) whose next task is the turn's take (``pick``) with two or
    more field cards is a leaf question the same way: the take waits (a TAKE question of as
    many options as cards) and reads nothing the orientation wrote."""
    if st.phase is not Phase.ORIENT:
        return None
    p, k, rule = st.ctx
    stack = st.stack
    if (rule != "LR-2.5" and rule != "LR-8.4") or p != seat:
        return None
    # the plies this lookahead walks: while the next task orients one of the seat's dice
    plies = [k]
    for i in range(1, depth + 1):   # the task after choosing plies[i - 1] must wait
        if i > len(stack):
            return None
        nxt = stack[-i]
        if nxt[0] == "pick" and i == 1 and len(st.field) > 1:
            break         # a leaf: the turn's take (LR-6.3), a question of two or more
        if nxt[0] != "orient" or nxt[-1] != "LR-2.5":
            return None   # e.g. the setup's last orientation: start_player comes next
        if nxt[1] != seat or i == depth:
            break         # a leaf: another seat's question, or the lookahead's end
        plies.append(nxt[2])
    totals = _totals(st)
    ranks = _places(totals, st.params.mid_settlement_ranking)
    terms = _terms(st)
    other = _best_opponent(st, seat, totals, ranks, terms)
    hand = st.hands[seat]
    dream = _best_dream(st, seat, hand) if hand else None
    dice = st.dice
    row = dice[p]
    by_top, top, index = st.rules.dice.by_top, st.rules.dice.top, st.rules.dice.index
    to_target = terms.to_target
    last = len(plies) - 1

    def value(j: int) -> float:
        """The value once die ``plies[j]`` is oriented: a leaf's, or the best over the
        next ply's orientations."""
        if j > last:
            return _estimate(st, seat, True, totals, ranks, terms,
                             _six_potential(st, seat, to_target), dream) - other
        die = plies[j]
        best = float("-inf")
        for i in by_top[top[dice[p][die]]]:   # the question's options, as _orient_options
            rows.put(dice, p, die, i)        # lists them and _choose_orientation writes one
            v = value(j + 1)
            if v > best:
                best = v
        return best

    values = []
    try:
        for a in st.options:
            rows.put(dice, p, k, index[a.arg[1:]])
            values.append(value(1))
    finally:
        dice[p] = row
    return values


def heuristics(game: Game, st: RollingStoneState) -> list[float]:
    """``[heuristic(game, st, s) for s in range(st.n)]``, the position's shared work done
    once: the dice sums, places and terms, and each seat's opponent estimate (every seat's
    heuristic reads the other three's). The MCTS cut-off judges every seat of a position
    (``MCTSAgent._judge``, the game's optional ``heuristics``), and four heuristics built
    the opponents' memo keys twelve times (issue 37). A seat whose heuristic looks ahead
    (its own question that splits, or its own roll) goes through :func:`heuristic`; the
    rest are the same floats the leaf formula gives."""
    n = st.n
    if st.phase is Phase.OVER:
        return [heuristic(game, st, s) for s in range(n)]
    who = game.to_move(st)
    deep = (who if st.phase in _LOOKAHEAD
            else st.ctx[0] if who is CHANCE and st.phase in _CHANCE_LOOKAHEAD else None)
    totals = _totals(st)
    ranks = _places(totals, st.params.mid_settlement_ranking)
    terms = _terms(st)
    to_target = terms.to_target
    opponents = [_opponent(st, q, totals, ranks, terms) for q in range(n)]
    leads = []
    for s in range(n):
        if s == deep:
            leads.append(heuristic(game, st, s))
            continue
        mine = _estimate(st, s, True, totals, ranks, terms, _six_potential(st, s, to_target))
        best = float("-inf")
        for q in range(n):
            if q != s:
                v = opponents[q]
                if v > best:
                    best = v
        leads.append(mine - best)
    return leads


#: per seat, the last estimate of it as an opponent and what it was worked out from
_OPPONENT: dict[int, tuple[tuple[Any, ...], float]] = {}


def _opponent(st: RollingStoneState, q: int, totals: list[int], ranks: list[int],
              t: _Terms) -> float:
    """``_estimate(st, q, False, …)``: seat ``q`` judged as an opponent, on public rows.

    Most leaves of one decision leave an opponent's rows as the position before it found
    them (issue 19), so the last value of each seat is kept with everything it was worked
    out from (the shared terms ``t``, by identity: :func:`_terms` keeps them per ruleset,
    params, stage and settling; the seat's VP, dice sum, place, ★, power, cards placed,
    pending order bonus, start marker, whether it holds a dream, and the rows its
    six-potential reads, which are tuple rows a clone shares) and given again while all of
    it is the same: the same float the arithmetic gives.
    """
    slot = st.slot_of[q]
    key = (t, st.vp[q], totals[q], ranks[q], st.stars[q], st.power[q], st.placed[q],
           slot if slot is not None and st.board[slot - 1] == q else None, st.marker == q,
           not st.hands[q], st.dice[q], st.dcell[q], st.frame[q], st.box[q], st.album[q])
    last = _OPPONENT.get(q)
    if last is not None and last[0] == key:
        return last[1]
    value = _estimate(st, q, False, totals, ranks, t, _six_potential(st, q, t.to_target))
    _OPPONENT[q] = (key, value)
    return value
