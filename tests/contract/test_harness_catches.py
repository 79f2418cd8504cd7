"""The contract suite's checks can fail: each breaks one promise of the example game on purpose
and the harness must name it."""

from __future__ import annotations

import random

import pytest

from designkit.agents import make_agents
from designkit.core.errors import IllegalAction
from tests.contract import example_game as ex
from tests.contract.harness import (
    ContractViolation,
    check_clone_independent,
    check_components,
    check_illegal_actions,
    check_lazy_logging,
    check_leaks,
    check_log_hides,
    check_observation,
    check_round_trip_behaviour,
    check_views,
    check_vp_sources,
    checked_playout,
)

GAME = ex.GAME


def _at_first_draw(log: bool = True) -> ex.HighCardState:
    return GAME.new_state(ex.HighCardParams(players=3), log=log)   # seat A's draw is pending


def test_a_public_event_that_tells_a_hidden_card_is_caught(monkeypatch):
    step = ex.FLOW.chances[ex.Phase.DRAW]

    def leaky(st, card):
        st.cards[st.ctx[0]] = card
        st.emit("HC-2", st.ctx[0], f"draws a {card}", f"{card}を引く")   # no visible_to

    monkeypatch.setitem(ex.FLOW.chances, ex.Phase.DRAW, step._replace(apply=leaky))
    with pytest.raises(ContractViolation, match="log tells"):
        check_log_hides(GAME, _at_first_draw(), lambda: "leaky")


def test_the_same_event_with_visible_to_passes():
    check_log_hides(GAME, _at_first_draw(), lambda: "fine")


def test_a_determinisation_that_changes_what_the_seat_sees_is_caught(monkeypatch):
    st = _at_first_draw()
    GAME.apply(st, 3)

    def peeking(state, seat, rng):
        c = state.clone()
        c.cards = [rng.randint(1, 6) for _ in c.cards]    # resamples the seat's own card too
        return c

    monkeypatch.setattr(GAME, "determinize", peeking)
    with pytest.raises(ContractViolation, match="changed what seat 0 sees"):
        for seed in range(20):   # a resampled card may match by luck
            check_observation(GAME, st, 0, random.Random(seed), lambda: "peeking")


def test_a_clone_sharing_a_list_is_caught(monkeypatch):
    st = _at_first_draw()

    def shallow(self):
        c = ex.HighCardState.__new__(ex.HighCardState)
        c.copy_flow(self)
        c.log, c.params, c.cards, c.redraws, c.points = (self.log, self.params, self.cards,
                                                         self.redraws, self.points)
        return c

    monkeypatch.setattr(ex.HighCardState, "clone", shallow)
    with pytest.raises(ContractViolation, match="changed the original"):
        check_clone_independent(GAME, st, GAME.state_to_dict(st), random.Random(1),
                                lambda: "shallow")


def test_accepting_a_plain_tuple_is_caught(monkeypatch):
    st = _at_first_draw()
    GAME.apply(st, 3)
    GAME.apply(st, 4)
    GAME.apply(st, 5)        # seat A chooses now
    def lenient(state, action):          # membership only: ("keep", None) == KEEP
        if action not in state.options:
            raise IllegalAction(f"{action!r} is not legal")

    monkeypatch.setattr(GAME, "_check", lenient)
    with pytest.raises(ContractViolation, match=r"apply\(\('keep', None\)\)"):
        check_illegal_actions(GAME, st, GAME.state_to_dict(st), lambda: "lenient")


def test_a_broken_invariant_stops_the_playout(monkeypatch):
    monkeypatch.setattr(GAME, "check_state", lambda st: ["points: too many"] if
                        sum(st.points) else [])
    with pytest.raises(ContractViolation, match="check_state"):
        checked_playout(GAME, ex.HighCardParams(), ["random"], seed=1)


# -- VP by source (issue 14 item 1) ---------------------------------------------------------------
def _finished(game, players=3, seed=5):
    from designkit.core.play import play_game

    params = game.params_type().replace(players=players)
    return play_game(game, params, make_agents("random", players), seed).state


@pytest.mark.parametrize(("split", "match"), [
    (lambda st, seat: {}, "empty"),
    (lambda st, seat: {"showdowns": float(st.points[seat]), "extra": 1.0}, "VP_SOURCE_LABELS"),
    (lambda st, seat: {"showdowns": st.points[seat] + 1.0}, "sum to"),
])
def test_a_vp_split_that_is_empty_unlabelled_or_off_the_score_is_caught(monkeypatch, split,
                                                                       match):
    monkeypatch.setattr(GAME, "vp_sources", split)
    with pytest.raises(ContractViolation, match=match):
        checked_playout(GAME, ex.HighCardParams(players=3), "random", seed=3)


def test_a_real_game_that_drops_a_category_is_caught(monkeypatch):
    """Crossroads without its hand VP (CR-9.2): the sum no longer matches the score."""
    from designkit.core.registry import get_game

    game = get_game("crossroads")
    state = _finished(game)
    seat = next(s for s in range(3) if game.vp_sources(state, s)["hand"])
    whole = game.vp_sources
    monkeypatch.setattr(game, "vp_sources", lambda st, s: {
        k: v for k, v in whole(st, s).items() if k != "hand"})
    with pytest.raises(ContractViolation, match=f"seat {seat}"):
        check_vp_sources(game, state, game.scores(state), lambda: "dropped hand")


# -- issue 21: the probes the suite missed ---------------------------------------------------------
def _all_drawn() -> ex.HighCardState:
    st = _at_first_draw()
    for card in (3, 4, 5):
        GAME.apply(st, card)            # every seat holds a hidden card; A chooses now
    return st


def test_an_observation_showing_every_hand_is_caught_although_determinize_agrees(monkeypatch):
    """The game's own pair (observation + a determinisation that changes nothing) passes
    the old check; the shuffle of the declared hidden zones does not trust either."""
    st = _all_drawn()
    seen_all = ex.HighCardGame.observation

    def leaky(self, state, seat):
        return {**seen_all(self, state, seat), "cards": state.cards[:]}

    monkeypatch.setattr(ex.HighCardGame, "observation", leaky)
    monkeypatch.setattr(ex.HighCardGame, "determinize", lambda self, state, seat, rng:
                        state.clone())
    check_observation(GAME, st, 0, random.Random(1), lambda: "leaky")    # the old check passes
    with pytest.raises(ContractViolation, match="shuffle of the hidden zones changed seat 0's "
                                                "observation"):
        check_leaks(GAME, st, 0, random.Random(1), lambda: "leaky")


def test_a_view_that_shows_hidden_cards_is_caught(monkeypatch):
    st = _all_drawn()
    monkeypatch.setattr(ex.HighCardGame, "view", lambda self, state, seat=None, lang="en":
                        "<p>" + " ".join(map(str, state.cards)) + "</p>")
    with pytest.raises(ContractViolation, match="changed seat 0's view"):
        check_leaks(GAME, st, 0, random.Random(1), lambda: "peeking view")


def test_a_view_that_raises_is_caught(monkeypatch):
    def broken(self, state, seat=None, lang="en"):
        if seat is None:
            raise KeyError("designer")
        return "<p>fine</p>"

    monkeypatch.setattr(ex.HighCardGame, "view", broken)
    with pytest.raises(ContractViolation, match=r"view\(seat=None, lang=en\) raised KeyError"):
        check_views(GAME, _all_drawn(), lambda: "raising view")


def test_a_state_to_dict_that_forgets_a_field_is_caught(monkeypatch):
    """Without ``redraws`` the dict still round-trips with itself, but the loaded copy has
    every redraw back and plays another game."""
    st = _all_drawn()
    GAME.apply(st, ex.REDRAW)           # A spends its redraw
    dump, load = ex.HighCardGame.state_to_dict, ex.HighCardGame._parse

    def forgetful(self, state):
        return {k: v for k, v in dump(self, state).items() if k != "redraws"}

    def lenient(self, data, log):
        return load(self, {**data, "redraws": [state_redraws] * len(data["cards"])}, log)

    state_redraws = st.params.redraws
    monkeypatch.setattr(ex.HighCardGame, "state_to_dict", forgetful)
    monkeypatch.setattr(ex.HighCardGame, "_parse", lenient)
    back = GAME.state_from_dict(GAME.state_to_dict(st))
    assert GAME.state_to_dict(back) == GAME.state_to_dict(st)     # the old check passes
    with pytest.raises(ContractViolation, match="the loaded copy plays another game"):
        for seed in range(10):
            check_round_trip_behaviour(GAME, st, ["random"] * 3, seed, lambda: "forgetful")


def test_a_card_that_vanishes_is_caught(monkeypatch):
    """Crossroads with a discard that loses a card, its own invariants switched off: only
    the declared components show it."""
    from designkit.core.registry import get_game

    game = get_game("crossroads")
    monkeypatch.setattr(type(game), "check_state", lambda self, state: [])
    apply = type(game)._apply

    def lossy(self, state, action):
        apply(self, state, action)
        for x, k in enumerate(state.discard):
            if k:
                state.discard[x] -= 1    # a discarded card vanishes
                return

    monkeypatch.setattr(type(game), "_apply", lossy)
    with pytest.raises(ContractViolation, match="components not conserved"):
        checked_playout(game, game.params_type(players=3), "random", seed=4)
    state = game.new_state(game.params_type(players=3), log=False)
    box = game.components(state)
    check_components(game, state, box, lambda: "untouched")


def test_eager_log_text_is_caught(monkeypatch):
    """An emit outside ``if st.log is not None`` builds its text for nothing."""
    step = ex.FLOW.chances[ex.Phase.DRAW]

    def eager(st, card):
        st.cards[st.ctx[0]] = card
        st.emit("HC-2", st.ctx[0], f"draws a {card}", f"{card}を引く", visible_to=(st.ctx[0],))

    check_lazy_logging(GAME, ex.HighCardParams(), ["random"] * 3, seed=1)      # as shipped
    monkeypatch.setitem(ex.FLOW.chances, ex.Phase.DRAW, step._replace(apply=eager))
    with pytest.raises(ContractViolation, match=r"event text was built for rules \['HC-2'\]"):
        check_lazy_logging(GAME, ex.HighCardParams(), ["random"] * 3, seed=1)


# -- issue 36: no agent can pass by peeking ------------------------------------------------------
def _peeking_agent(hidden):
    """A bot hook that reads a hidden field of the true state (``hidden(state)``) and lets
    it pick among the options: the leak the peeking suite exists for."""
    from designkit.agents import Agent

    class Peeking(Agent):
        name = "peeking"

        def act(self, game, state, rng):   # the driver's entry, overridden to see the truth
            legal = game.legal_actions(state)
            return legal[hash(repr(hidden(state))) % len(legal)]

    return Peeking


#: game -> (params changes, the hidden field the planted hook reads)
PLANTED = {
    "classic_hero": ({"players": 4, "weakness_cards": True}, lambda st: st.weak),
    "crossroads": ({"players": 4}, lambda st: st.hands),
    "rolling_stone": ({"players": 4}, lambda st: st.hands),
    "witch_academy": ({"players": 4}, lambda st: st.hands),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_an_agent_that_reads_a_hidden_field_is_caught_in_every_game(name):
    from designkit.core.registry import get_game
    from tests.contract.peeking import expect_no_peeks

    game = get_game(name)
    changes, hidden = PLANTED[name]
    params = game.params_type().replace(**changes)
    with pytest.raises(ContractViolation, match="decided differently in"):
        expect_no_peeks(game, params, _peeking_agent(hidden), 8)  # type: ignore[arg-type]


def _greedy_on_the_true_state():
    """The greedy bot as it was before issue 36: one step ahead on the true position."""
    from designkit.agents import GreedyAgent
    from designkit.core.lookahead import child_values

    class TrueStateGreedy(GreedyAgent):
        def act(self, game, state, rng):
            actions, seat = self.options(game, state)
            if seat is None:
                return actions[0]
            values = list(child_values(game, state, actions,
                                       lambda child: game.heuristic(child, seat)))
            top = max(values)
            best = [a for a, v in zip(actions, values, strict=True) if v >= top - 1e-9]
            return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    return TrueStateGreedy()


def _old_classic_hero_determinize(st, seat, rng):
    """Classic Hero's re-deal before issue 36: the pool shuffled in the true state's order
    (which seat held which weakness card steered the deal)."""
    c = st.clone()
    c.log = None
    others = [s for s in range(c.n) if s != seat and c.weak[s]]
    if others:
        pool = c.weak_deck + [w for s in others for w in c.weak[s]]
        rng.shuffle(pool)
        for s in others:
            k = len(c.weak[s])
            c.weak[s], pool = tuple(pool[:k]), pool[k:]
        c.weak_deck = sorted(pool)
    return c


def _weakness_game():
    from designkit.core.registry import get_game

    game = get_game("classic_hero")
    return game, game.params_type().replace(players=4, weakness_cards=True)


def test_the_greedy_bot_that_read_the_true_cards_is_caught():
    """Issue 36's reproducer: greedy valued its options on the true state. Seed 3 holds
    a decision (87) where the shuffled weakness cards change its choice."""
    from tests.contract.peeking import all_decisions, count_peeks

    game, params = _weakness_game()
    tally = count_peeks(game, params, _greedy_on_the_true_state, all_decisions(
        game, params, range(3, 4)))
    assert tally.changed >= 1, tally
    fair = count_peeks(game, params, "greedy", all_decisions(game, params, range(3, 4)))
    assert fair.changed == 0 and fair.decisions == tally.decisions


def test_mcts_on_a_re_deal_in_the_true_order_is_caught(monkeypatch):
    """Issue 36's other reproducer: ``mcts:30`` changed its decision in re-dealt positions
    while the re-deal shuffled the pool in the true order; the determinisation's own check
    catches the same bug."""
    from tests.contract.peeking import all_decisions, check_determinize, count_peeks

    game, params = _weakness_game()
    monkeypatch.setattr(type(game), "determinize",
                        lambda self, st, seat, rng: _old_classic_hero_determinize(st, seat, rng))
    tally = count_peeks(game, params, "mcts:30", all_decisions(game, params, range(3), 10))
    assert tally.changed >= 1, tally
    with pytest.raises(ContractViolation, match="gave other samples"):
        check_determinize(game, params, 24)


def test_a_determinize_that_does_not_resample_is_caught(monkeypatch):
    """The miss of issue 36's toy game: a determinisation that hands the search the true
    cards keeps every observation equal. Where the suite can shuffle the hidden zones the
    samples differ from a twin's (Classic Hero); where it cannot (Witch Academia's coarse
    zones) the resampling check sees it."""
    from designkit.core.registry import get_game
    from tests.contract.peeking import check_determinize

    game, params = _weakness_game()
    check_determinize(game, params, 12)   # as shipped
    monkeypatch.setattr(type(game), "determinize", lambda self, st, seat, rng: st.clone())
    with pytest.raises(ContractViolation, match="gave other samples"):
        check_determinize(game, params, 12)
    witch = get_game("witch_academy")
    monkeypatch.setattr(type(witch), "determinize", lambda self, st, seat, rng: st.clone())
    with pytest.raises(ContractViolation, match="never deals the other seats' hidden parts"):
        check_determinize(witch, witch.params_type().replace(players=4), 6)


def test_a_vanishing_card_in_classic_hero_is_caught(monkeypatch):
    """王道勇者 declares its components now (issue 36: it was in NO_COMPONENTS, so a vanishing
    card went unseen): a hit weakness card that leaves the hand without going out of play,
    the game's own invariants switched off, shows only in the conservation check."""
    from designkit.core.registry import get_game
    from designkit.games.classic_hero import battle

    game, params = _weakness_game()
    checked_playout(game, params, "random", seed=4)          # as shipped
    monkeypatch.setattr(type(game), "check_state", lambda self, state: [])
    hit = battle.hit_weakness

    def lossy(st, seat, card_id, used):
        hit(st, seat, card_id, used)
        st.out = st.out[:-1]                                   # the card vanishes

    monkeypatch.setattr(battle, "hit_weakness", lossy)
    with pytest.raises(ContractViolation, match="components not conserved.*weakness"):
        for seed in range(4, 12):
            checked_playout(game, params, "random", seed=seed)
    assert get_game("classic_hero") is game
