"""View and hidden information: own hand only, draft picks hidden, determinize consistent."""

from __future__ import annotations

import random

from designkit.core.events import log_for
from designkit.core.game import CHANCE
from designkit.games.witch_academy import WitchParams
from designkit.games.witch_academy.state import Phase
from tests.helpers.boards import board_actions
from tests.witch_academy.conftest import A, B, G


def _to_draft(players: int = 4, seed: int = 2):  # noqa: ANN202
    st = G.new_state(WitchParams(players=players))
    rng = random.Random(seed)
    while st.phase is not Phase.DRAFT:
        if G.to_move(st) is CHANCE:
            G.apply(st, G.sample_chance(st, rng))
        else:
            G.apply(st, G.legal_actions(st)[0])
    return st, rng


def test_view_shows_only_the_viewers_hand() -> None:
    st, _ = _to_draft()
    mine = [st.rules.events[e].id for e in st.hands[A]]
    theirs = [st.rules.events[e].id for e in st.hands[B] if st.rules.events[e].id not in mine]
    html_a = G.view(st, A)
    assert all(c in html_a for c in mine) and not any(c in html_a for c in theirs)
    public = G.view(st, None, lang="ja")
    assert not any(c in public for c in mine) and "大学" in public
    assert "<svg" in public


def test_draft_picks_hidden_in_log_and_observation() -> None:
    st, _ = _to_draft()
    G.apply(st, G.legal_actions(st)[0])           # A picks
    pick = st.rules.events[st.picks[A][0]].id
    for seat in (1, 2, 3):
        assert pick not in str(G.observation(st, seat))
        assert not any(pick in e.text for e in log_for(st.log, seat) if e.rule == "LW-3.4")
    assert any(pick in e.text for e in log_for(st.log, A))


def test_determinize_keeps_own_view_and_resamples_hidden() -> None:
    st, _ = _to_draft()
    G.apply(st, G.legal_actions(st)[0])
    obs = G.observation(st, B)
    d1 = G.determinize(st, B, random.Random(1))
    assert G.observation(d1, B) == {**obs, "legal": obs["legal"]}
    assert G.check_state(d1) == []
    # only what B cannot see may change, and B's view decides the result
    other = st.clone()
    other.hands[2], other.hands[3] = other.hands[3], other.hands[2]
    d2 = G.determinize(other, B, random.Random(1))
    assert d1.hands == d2.hands and d1.picks == d2.picks
    assert d1.hands[B] == st.hands[B]
    assert G.determinize(st, B, random.Random(7)).hands != d1.hands


def test_design_tables_follow_the_ratio() -> None:
    """LW-10.2: the assignment table reads the CSV and the current ratio."""
    tables = G.design_tables(WitchParams(assignment_vp_ratio=(100, 50, 25)))
    frame = tables[0].frame.set_index("id")
    assert len(frame) == 27 and frame.loc["AS2-5", ["1st VP", "2nd VP", "3rd+ VP"]].tolist() \
        == [12, 6, 3]
    assert tables[1].frame.set_index("id").loc["RQ1-3", "VP"] == 2


def test_board_targets_are_open_decisions_with_card_texts():
    """Issue 26: every ``data-action`` on the board is a legal action; draft picks (LW-3.4),
    worker placement (LW-5.1) and Areas / the University are taken on the board; hand
    cards show what they do; the header names the phase, never its code."""
    import json

    from designkit.games.witch_academy.state import FLOW
    from designkit.session import Session

    game = G
    session = Session(game, seed=5, controllers=["human", "random", "random", "random"])
    rng = random.Random(5)
    clickable: set[str] = set()
    for _ in range(400):
        session.advance()
        if session.is_over:
            break
        legal = {json.dumps(game.action_to_json(a)) for a in session.legal_actions()}
        html = game.view(session.state, 0)
        assert f"{session.state.phase.name} ·" not in html
        assert FLOW.phase_name(session.state.phase) in html
        for data in board_actions(html):
            assert json.dumps(data) in legal
            clickable.add(data[0])
        session.human_move(rng.choice(session.legal_actions()))
    assert {"pick", "worker", "target"} <= clickable
    assert 'class="dk-card"' in html and "VP" in html


class _SubclassedRandom(random.Random):
    """A ``Random`` subclass: ``determinize`` shuffles with its own ``shuffle`` then."""


def test_determinize_draws_as_random_shuffle_and_keeps_own_options() -> None:
    """At decisions of a seeded game (the draft, turns, the year's end), the sample dealt
    with the written-out shuffle is the one ``Random.shuffle`` deals from the same seed,
    and the deciding seat's options, kept from the true position, are the ones its
    builder gives on the sample."""
    from designkit.agents import make_agents
    from designkit.core.play import play_game
    from designkit.games.witch_academy.state import FLOW

    seen: set[str] = set()

    def check(st) -> None:  # noqa: ANN001
        if st.phase not in FLOW.decisions or st.seat is None:
            return
        st.options  # noqa: B018 - built on the true position, as an agent reads them
        seen.add(st.phase.name)
        for seed in (1, 2):
            fast = G.determinize(st, st.seat, random.Random(seed))
            slow = G.determinize(st, st.seat, _SubclassedRandom(seed))
            for name in ("hands", "picks", "drafted", "carried", "ev_removed"):
                assert getattr(fast, name) == getattr(slow, name), name
            assert fast.options == tuple(FLOW.decisions[fast.phase][0](fast))

    from designkit.games.witch_academy import observe

    assert observe._INLINE_SHUFFLE  # CPython's shuffle: the written-out loop is the one used
    play_game(G, WitchParams(players=4), make_agents("random", 4), 5, on_step=check)
    assert {"DRAFT", "MODE", "UNIV", "KEEP"} <= seen, seen
