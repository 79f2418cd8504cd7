"""The greedy bot's shortcuts give the stepped lookahead's floats (issue 37): a shortcut
that drifted by one ulp would change a decision somewhere, so each is compared with
clone-step-evaluate on the positions of seeded games, and must leave the position as it
found it."""

from __future__ import annotations

import random

import pytest

from designkit import get_game
from designkit.agents.greedy import GreedyAgent
from designkit.core.game import CHANCE
from designkit.core.lookahead import child_values
from designkit.core.play import play_game
from designkit.core.variants import list_variants
from designkit.games.rolling_stone import bots
from designkit.games.rolling_stone.rules import RollingStoneGame
from designkit.games.rolling_stone.state import Phase

G = get_game("rolling_stone")


def _orient_positions(players: int, seed: int, setup_only: bool = True) -> list:
    """Every orientation question of a seeded random game (the setup's, LR-2.5, only, or
    every one: rerolls' LR-8.4 too), cloned."""
    st = G.new_state(G.params_type(players=players), log=False)
    rng = random.Random(seed)
    found = []
    while (who := G.to_move(st)) is not None and (st.turn_no == 0 or not setup_only):
        if who is CHANCE:
            G.apply(st, G.sample_chance(st, rng), check=False)
            continue
        if st.phase is Phase.ORIENT:
            found.append(st.clone())
        legal = G.legal_actions(st)
        G.apply(st, legal[rng.randrange(len(legal))], check=False)
    return found


def _setup_orient_positions(players: int, seed: int) -> list:
    return _orient_positions(players, seed)


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (4, 3), (3, 4)])
def test_setup_orientation_shortcut_is_the_stepped_lookahead(players, seed, monkeypatch):
    positions = _orient_positions(players, seed, setup_only=False)
    rerolls = sum(st.ctx[2] == "LR-8.4" for st in positions)
    assert rerolls and len(positions) > rerolls, "the game asks both kinds of orientation"
    shortcuts = 0
    for st in positions:
        seat = st.ctx[0]
        before = G.state_to_dict(st)
        fast = {d: bots.orient_values(G, st, seat, d) for d in (1, 2, 3)}
        assert G.state_to_dict(st) == before, "the shortcut leaves the position as it was"
        with monkeypatch.context() as m:   # the lookahead as it was: every child stepped
            m.setattr(bots, "orient_values", lambda *a: None)
            stepped = {d: list(child_values(G, st, st.options,
                                            lambda c, d=d, s=seat: bots.heuristic(G, c, s, d - 1)))
                       for d in (1, 2, 3)}
        for d in (1, 2, 3):
            if fast[d] is not None:
                shortcuts += 1
                assert fast[d] == stepped[d]   # the same float, not a close one
            elif st.ctx[2] == "LR-2.5":   # the setup's last: start_player is within reach
                assert any(t[0] != "orient" for t in st.stack[-d:])
            else:   # a reroll's orientation followed by anything but a take of 2+ cards
                assert st.stack[-1][0] != "pick" or len(st.field) < 2
        # through heuristic itself, as greedy (depth 2) and its lookahead (depth 1) call it
        assert bots.heuristic(G, st, seat, 2) == max(stepped[2])
        assert bots.heuristic(G, st, seat, 1) == max(stepped[1])
        # and as greedy asks it (Game.child_values: its children judged at depth 2)
        assert G.child_values(st, st.options, seat) == fast[3]
    assert shortcuts >= len(positions)


def test_setup_orientation_shortcut_declines_other_questions():
    positions = _setup_orient_positions(4, 5)
    st = positions[0].clone()
    st.stack.append(("start_player",))   # a next task that does not just ask: stepped
    assert bots.orient_values(G, st, st.ctx[0]) is None
    st = positions[0].clone()
    st.ctx = (st.ctx[0], st.ctx[1], "LR-8.4")
    st.stack.append(("pick", st.ctx[0]))
    st.field = st.field[:1]   # a take of one card is taken at once (LR-A26): stepped
    assert bots.orient_values(G, st, st.ctx[0]) is None
    assert bots.orient_values(G, positions[0], (positions[0].ctx[0] + 1) % 4) is None


def _checked_greedy_games(monkeypatch: pytest.MonkeyPatch, params, seeds) -> int:
    """Seeded greedy games with every value of ``Game.child_values`` compared with the
    stepped child's ``heuristic`` (as greedy asked it before the hook); the values
    checked."""
    hook = RollingStoneGame.child_values
    checked = [0]

    def compared(game, st, actions, seat):  # type: ignore[no-untyped-def]
        fast = hook(game, st, actions, seat)
        if fast is not None:
            stepped = list(child_values(game, st, actions,
                                        lambda child: game.heuristic(child, seat)))
            assert fast == stepped
            checked[0] += len(fast)
        return fast

    monkeypatch.setattr(RollingStoneGame, "child_values", compared)
    for seed in seeds:
        play_game(G, params, [GreedyAgent() for _ in range(params.players)], seed=seed)
    return checked[0]


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_setup_values_equal_stepped_draft(monkeypatch, players):
    assert _checked_greedy_games(monkeypatch, G.params_type(players=players), range(2)) > 40


@pytest.mark.parametrize("variant", [v for v in list_variants(G.params_type)
                                     if v.name != "draft"], ids=lambda v: v.name)
def test_greedy_setup_values_equal_stepped_variants(monkeypatch, variant):
    for players, seed in ((4, 11), (3, 12)):
        params = variant.params.replace(players=players)
        assert _checked_greedy_games(monkeypatch, params, [seed]) > 20


@pytest.mark.parametrize("players,seed", [(3, 21), (4, 22)])
def test_all_seats_heuristics_are_each_seats_heuristic(players, seed):
    """``Game.heuristics`` (the MCTS cut-off's judgement of every seat) gives the floats
    of ``heuristic`` per seat at every position of a seeded random game: decisions that
    look ahead (PLACE, ORIENT …), the seat's own rolls, others' questions, the end."""
    st = G.new_state(G.params_type(players=players), log=False)
    rng = random.Random(seed)
    phases = set()
    while True:
        each = [G.heuristic(st, s) for s in range(players)]
        assert G.heuristics(st) == each
        assert [G.heuristic(st, s) for s in range(players)] == each   # memos left right
        phases.add(st.phase)
        who = G.to_move(st)
        if who is None:
            break
        if who is CHANCE:
            G.apply(st, G.sample_chance(st, rng), check=False)
        else:
            legal = G.legal_actions(st)
            G.apply(st, legal[rng.randrange(len(legal))], check=False)
    assert {Phase.PLACE, Phase.ORIENT, Phase.ROLL, Phase.TAKE, Phase.OVER} <= phases
