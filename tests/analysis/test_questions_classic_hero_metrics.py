"""games.classic_hero.metrics: the counts the draft's doubts read, worked examples.

Constructed step sequences (only the state fields the watch reads) give exact counts; a
seeded game's event log checks the same counts on the real engine (CH-5.3 moves, CH-7.0
Goal spaces, CH-V3 fixes and stop rerolls).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from designkit import get_game
from designkit.agents import make_agents
from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.metrics import (
    HeroWatch,
    deciding_sources,
    stops_arrive_later,
)
from designkit.sim.runner import game_seed
from designkit.sim.watched import WatchedAgent, play_watched

GOAL = 9


def state(stage: int, pos: list[int], goal_order: list[int] = (), fixed=None,
          forced: int = 0, reroll: bool = False, available=None) -> SimpleNamespace:
    n = len(pos)
    return SimpleNamespace(
        stage=stage, pos=list(pos), goal_order=list(goal_order), forced=forced,
        fixed=fixed if fixed is not None else [()] * n, rules=SimpleNamespace(goal=GOAL),
        params=SimpleNamespace(reroll_each_stop=reroll),
        available=lambda seat: (available or {}).get(seat, [0, 1]))


def test_stops_count_forward_moves_onto_events_not_the_goal() -> None:
    """CH-5.3: seat 0 stops at slots 2 and 5, then reaches the Goal (no stop); seat 1 stops
    at 3; a new stage's pawns back at the Start are no move."""
    w = HeroWatch(2)
    for pos in ([0, 0], [2, 0], [2, 3], [5, 3], [GOAL, 3]):
        w.step(state(1, pos))
    w.step(state(2, [0, 0]))
    w.step(state(2, [0, 4]))
    assert dict(w.stops) == {(1, 0): 2, (1, 1): 1, (2, 1): 1}


def test_rerolls_count_rests_and_the_stops_that_reroll() -> None:
    """CH-5.6: each Rest decision is one reroll; CH-V3: each stop that rerolls at least one
    unfixed available die is one (seat 1's only available die is fixed: no reroll)."""
    w = HeroWatch(2)
    rest = HeroAction("rest", ())
    w.decision(state(1, [0, 0]), 0, rest, 3)
    w.decision(state(1, [0, 0]), 0, HeroAction("rest_free", "a1"), 2)
    w.step(state(1, [0, 0], reroll=True))
    w.step(state(1, [2, 0], reroll=True))                                  # seat 0 stops
    w.step(state(1, [2, 3], reroll=True, fixed=[(), (0,)],
                 available={1: [0]}))                                      # all fixed
    values = w.values(SimpleNamespace(parts=[[0], [0]], rules=SimpleNamespace(parts=[0]),
                                      vp=[1, 0], speed=lambda s: s,
                                      params=SimpleNamespace(tiebreak="speed")))
    assert w.rests == 2 and w.stop_rerolls == 1
    assert values["rerolls"] == 3.0
    assert values["dice_fixed"] == 1.0    # seat 1's fixed die appeared (CH-V3)
    assert values["choices"] == [2.0, 0.0]


def test_dice_fixed_counts_additions_only() -> None:
    """CH-V3 / CH-V4 FIX: a die added to ``fixed`` counts once; the fixed dice cleared at a
    stage's end (or used) count nothing; fixing again counts again."""
    w = HeroWatch(1)
    for fixed in ([()], [(0,)], [(0, 2)], [()], [(1,)]):
        w.step(state(1, [0], fixed=fixed))
    assert w.fixes == 3


def test_arrivals_are_kept_per_stage() -> None:
    """CH-7.0: the Goal's spaces fill left to right; the next stage empties them."""
    w = HeroWatch(3)
    for order in ([], [2], [2, 0], [2, 0, 1]):
        w.step(state(1, [0, 0, 0], goal_order=order))
    w.step(state(2, [0, 0, 0], goal_order=[]))
    w.step(state(2, [0, 0, 0], goal_order=[1]))
    assert w.arrivals == {1: [2, 0, 1], 2: [1]}


def test_stops_arrive_later_counts_pairs() -> None:
    """Stage 1: arrivals 2, 0, 1 with stops 0: 4, 1: 5, 2: 1 → pairs (0,1): 1 stopped more
    and came later ✓; (0,2): 0 more, later ✓; (1,2): 1 more, later ✓ → 3/3. Stage 2:
    arrivals 0, 1 with stops 3, 1 → 0 stopped more but came first ✗. Equal stops (seat 2 in
    stage 2 has none and did not arrive) are no pair: 3 of 4."""
    stops = {(1, 0): 4, (1, 1): 5, (1, 2): 1, (2, 0): 3, (2, 1): 1}
    assert stops_arrive_later(stops, {1: [2, 0, 1], 2: [0, 1]}) == pytest.approx(3 / 4)
    assert stops_arrive_later({(1, 0): 2, (1, 1): 2}, {1: [0, 1]}) == 0.5  # no pair


def test_deciding_sources_counts_the_sources_that_flip_the_winner() -> None:
    """CH-9.3: VP 10 / 8 / 8 (seat 0 wins) from three sources, speeds 3 / 2 / 1.
    Without source 0 (seat 0 loses 2): 8 / 8 / 8, a three-way tie the higher speed gives to
    seat 0 again: no change, but a draw reading (tiebreak ``draw``) shares the win, so it
    decides there; without source 1 (seat 1 loses 8, seat 2 loses 4): 10 / 0 / 4, no change;
    without source 2 (seat 0 loses 8, seat 2 loses 4): 2 / 8 / 4, seat 1 wins: decides."""
    parts = [[2, 0, 8], [0, 8, 0], [0, 4, 4]]
    assert deciding_sources(parts, [0, 1, 2], [10, 8, 8], [3, 2, 1], "speed_then_draw") == 1
    assert deciding_sources(parts, [0, 1, 2], [10, 8, 8], [3, 2, 1], "draw") == 2
    assert deciding_sources(parts, [1], [10, 8, 8], [3, 2, 1], "draw") == 0  # inactive: none


@pytest.mark.parametrize("variant", [{}, {"reroll_each_stop": True},
                                     {"suit_effects": True}])
def test_a_seeded_game_matches_its_event_log(variant: dict) -> None:
    """On a played game (seed 2026, greedy, 3 players): stops = the CH-5.3 moves onto a
    slot (data ``to``, the Goal aside), Goal arrivals = the CH-7.0 spaces, fixes = the CH-V3 events that
    name only a die; under CH-V3 each stop rerolls (one CH-V3 event per stop, those with at
    least one die count)."""
    game = get_game("classic_hero")
    params = game.params_type(players=3, **variant)
    agents = [WatchedAgent(a, s) for s, a in enumerate(make_agents("greedy", 3))]
    w = HeroWatch(3)
    played = play_watched(game, params, agents, game_seed(2026, 0), [w], log=True)
    log = played.state.log
    goal = played.state.rules.goal
    moves = [e for e in log if e.data.get("to", goal) != goal]   # the Goal is no stop
    assert sum(w.stops.values()) == len(moves)
    assert sum(len(o) for o in w.arrivals.values()) == len(
        [e for e in log if e.rule == "CH-7.0"])
    # a fix names its die only; a roll names the die and its value
    assert w.fixes == len([e for e in log if e.rule == "CH-V3" and set(e.data) == {"die"}])
    stop_rerolls = [e for e in log if e.rule == "CH-V3" and not e.data
                    and " rerolls 0 " not in e.text]
    assert w.stop_rerolls == len(stop_rerolls)
    if variant.get("reroll_each_stop"):
        assert w.stop_rerolls > 0


# -- metric:NAME in verdicts and questions ------------------------------------------------------
def test_a_declared_metric_parses_with_the_games_label_unit_and_margin() -> None:
    from designkit.analysis.variant_compare import _for_game
    from designkit.analysis.variant_metrics import parse_metric

    m = _for_game(get_game("classic_hero"), parse_metric("metric:stops_arrive_later"))
    assert m.needs_watch and m.unit == "%" and m.default_margin == 0.05
    assert "Goal later" in m.label and "多く止まった" in m.label


@pytest.mark.parametrize("game", ["classic_hero", "crossroads"])
def test_an_undeclared_metric_is_refused_in_one_line(game: str) -> None:
    from designkit.analysis.questions.cures import check_game_parts
    from designkit.core.errors import DesignkitError

    with pytest.raises(DesignkitError) as err:
        check_game_parts(game, ["metric:dice_fix"], [3], [])
    text = str(err.value)
    assert "metric:dice_fix" in text and f"{game} declares no such metric" in text
    assert "\n" not in text
    if game == "classic_hero":
        assert "dice_fixed" in text      # the names it does declare


def test_a_question_naming_an_undeclared_metric_names_file_entry_and_field() -> None:
    from designkit.analysis.questions.cures import parse_problems
    from designkit.core.errors import DataError

    row = """
source: the draft
questions:
  - key: fix
    title: Fixing
    quote_ja: 目固定
    quote_en: Fixing.
    metric: 'metric:fixes'
    margin: 0.5
    players: [3]
    cures: [suit_effects]
    measures: Dice fixed.
"""
    with pytest.raises(DataError) as err:
        parse_problems(row, "q.yaml", "classic_hero")
    text = str(err.value)
    assert "q.yaml" in text and "(fix)" in text and "field metric" in text
    assert "declares no such metric" in text and "\n" not in text


def test_results_played_without_the_metrics_say_how_to_get_them() -> None:
    from designkit.analysis.variant_metrics import parse_metric, per_game
    from designkit.core.errors import DesignkitError
    from designkit.sim import simulate

    plain = simulate("classic_hero", 2, agents="random", seed=3, workers=1)
    with pytest.raises(DesignkitError, match="metrics=True"):
        per_game(parse_metric("metric:rerolls"), plain)
    recorded = simulate("classic_hero", 2, agents="random", seed=3, workers=1, metrics=True)
    values = per_game(parse_metric("metric:stops"), recorded)   # per seat: the mean
    assert values.tolist() == recorded.seats.groupby("game_id").metric_stops.mean().tolist()
