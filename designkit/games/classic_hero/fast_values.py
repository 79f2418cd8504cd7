"""Greedy's step-free values (``Game.child_values``): the children of a move question,
the Fortune's results, the die abilities at the move, the Fortune and the check, and the
check's blessings.

The core greedy bot clones the position and steps each option before the heuristic
values it; in 王道勇者 the step of a move is the biggest part of greedy's time (the
move, the Fortune task and its question: ``benchmarks/README.md``, issue 37). Most moves
end at the mover's own Fortune question (CH-6.1: the event has a Fortune, the mover holds
an available die, and two or more results differ, or an ignore-Fortune ability is ready,
CH-A28) or, at an event without a Fortune (or with no available die), at its check
(CH-6.3: something besides "pass" can be done there): then the child differs from the
position in the mover's pawn alone (and the question asked, both with the event term of
the stop), and :func:`bots.heuristic_at_stops` values it from the position.

A die ability that sets a die (CH-A35 at the move and the Fortune questions, CH-A28 at
the check) changes the
mover's dice and spent abilities and asks the same question again: when it waits, the
child is valued with those two rows put on the position and taken back.

A Fortune result without a reroll sets the mover's dice and goes on to the check: when
the check waits, the child is valued with the dice row put on and taken back.

Every other option is left to the step (None): a Rest, a reroll (an ability's or a
Fortune's), a move
that spends a PASS_TRIAL ability (CH-5.4, it changes the spent abilities the Fortune
question reads), the Goal (CH-7), CH-V3's reroll at each stop, a forced Fortune or a
check with "pass" alone (the flow goes on: the dice change, or the next turn begins).
The values are the stepped children's floats (``tests/classic_hero/test_fast_values.py``),
so greedy decides as it did.

At the check, a blessing (CH-6.5) changes one die and the blessings count and asks the
check again: when that question waits for an answer, the child differs from the
position in those two rows alone.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.bots import heuristic, heuristic_at_stops
from designkit.games.classic_hero.resolve import clamp, hand_kinds
from designkit.games.classic_hero.state import ClassicHeroState, Phase
from designkit.games.classic_hero.turn import (
    _apply_text,
    _fortune_several,
    _move_several,
    check_asked_at,
    check_waits,
    fortune_several_at,
)


def child_values(st: ClassicHeroState, actions: Sequence[Hashable], seat: int
                 ) -> list[float | None] | None:
    """``Game.child_values``: the values of the moves that stop at the mover's Fortune
    question or at its check, None for every other option; None at any other question."""
    if st.phase is Phase.CHECK and st.ctx[0] == seat:
        return _die_abilities(st, actions, seat, _blessings(st, actions, seat),
                              lambda child: check_waits(child, seat))
    if st.phase is Phase.FORTUNE and st.ctx[0] == seat:
        return _die_abilities(st, actions, seat, _fortune_results(st, actions, seat),
                              _fortune_several)
    if st.phase is not Phase.MOVE or st.ctx[0] != seat:
        return None
    if st.params.reroll_each_stop:
        return _die_abilities(st, actions, seat, None, _move_several)
    kinds = hand_kinds(st, seat)
    rules = st.rules
    goal, track, events = rules.goal, st.track, rules.events
    at: list[int] = []
    stops: list[int] = []
    for i, a in enumerate(actions):
        if type(a) is not HeroAction or a.kind != "move":
            continue
        q, _card_id, via = a.arg
        if via is not None or q == goal:
            continue
        card = track[q]
        if card is None:
            continue
        fortune = events[card].fortune
        if fortune and kinds:
            # the Fortune question (CH-6.1), asked when its results differ
            stops_here = fortune_several_at(st, seat, fortune, kinds)
        else:
            # no Fortune, or no available die for it: the flow goes on to the check
            stops_here = check_asked_at(st, seat, q)
        if stops_here:
            at.append(i)
            stops.append(q)
    out: list[float | None] | None = None
    if stops:
        out = [None] * len(actions)
        for i, v in zip(at, heuristic_at_stops(st, seat, stops), strict=True):
            out[i] = v
    return _die_abilities(st, actions, seat, out, _move_several)


def _fortune_results(st: ClassicHeroState, actions: Sequence[Hashable], seat: int
                     ) -> list[float | None] | None:
    """At the Fortune question (CH-6.1), each result without a reroll (a reroll's faces are
    drawn: stepped) sets the mover's dice and goes on to the check already waiting on the
    flow (:func:`turn.fortune_applied` with the log off): when that check waits for an
    answer (:func:`turn.check_waits`), the child differs from the position in the dice row
    alone, and the question asked is the same seat's at the same event (both achieving
    steps read the same event term), so it is valued with the row put on and taken back."""
    dice = st.dice
    row = dice[seat]
    out: list[float | None] | None = None
    for k, a in enumerate(actions):
        if type(a) is not HeroAction or a.kind != "fortune" \
                or any(text == "振り直し" for _, text in a.arg):
            continue
        changed = row.copy()
        for (i, v, _), text in a.arg:
            d = changed[i]
            changed[i] = (_apply_text(st, v, text), d[1], d[2])
        dice[seat] = changed
        try:
            if not check_waits(st, seat):
                continue                 # "pass" alone: the flow goes on, so it is stepped
            if out is None:
                out = [None] * len(actions)
            out[k] = heuristic(None, st, seat)
        finally:
            dice[seat] = row
    return out


def _die_abilities(st: ClassicHeroState, actions: Sequence[Hashable], seat: int,
                   out: list[float | None] | None, waits: Callable[[ClassicHeroState], bool]
                   ) -> list[float | None] | None:
    """At the move and Fortune questions (CH-A35) and the check (CH-A28), each die ability that sets a die to a
    known value (not a reroll: a chance step) spends the ability, changes that die and asks
    the same question again (:func:`resolve.apply_ability`): when that question waits for
    an answer (``waits``: the question's own ``several`` hook, asked of the changed
    position), the child differs from the position in the mover's dice row and spent
    abilities alone, so it is valued with them put on ``st`` and taken back."""
    dice, spent = st.dice, st.spent
    row, was = dice[seat], spent[seat]
    index = st.rules.ability_index
    for k, a in enumerate(actions):
        if type(a) is not HeroAction or a.kind != "ability":
            continue
        aid_text, (i, _, _), target = a.arg
        if target is None:
            continue                     # a reroll: its outcome is drawn, so it is stepped
        d = row[i]
        changed = row.copy()
        changed[i] = (target, d[1], d[2])                  # resolve.set_value
        dice[seat], spent[seat] = changed, (*was, index[aid_text])   # rows.append
        try:
            if not waits(st):
                continue                 # forced or built at once: stepped
            if out is None:
                out = [None] * len(actions)
            out[k] = heuristic(None, st, seat)
        finally:
            dice[seat], spent[seat] = row, was
    return out


def _blessings(st: ClassicHeroState, actions: Sequence[Hashable], seat: int
               ) -> list[float | None] | None:
    """At the check (CH-6.3), each blessing (CH-6.5: one blessing spent, one die's value
    moved by ``blessing_delta``, then the check asked again) whose check waits for an
    answer again, valued with the blessing put on ``st`` and taken back: the mover's dice
    row (a copy, the original put back) and its blessings count."""
    pos = st.pos[seat]
    out: list[float | None] | None = None
    dice, bless = st.dice, st.bless
    row = dice[seat]
    for k, a in enumerate(actions):
        if type(a) is not HeroAction or a.kind != "bless":
            continue
        (i, v, _), delta = a.arg
        d = row[i]
        blessed = row.copy()
        blessed[i] = (clamp(st, v + delta), d[1], d[2])     # resolve.apply_bless
        dice[seat] = blessed
        bless[seat] -= 1
        try:
            if not check_waits(st, seat):
                continue                 # "pass" alone: the flow goes on, so it is stepped
            if out is None:
                out = [None] * len(actions)
            out[k] = heuristic_at_stops(st, seat, [pos])[0]
        finally:
            dice[seat] = row
            bless[seat] += 1
    return out
