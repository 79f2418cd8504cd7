"""Witch Academia's board in the Play tab: the "Hand:" line shows the cards a player holds,
apart from the pack in front of them during the draft (LW-3.4) and the card kept face
down (LW-3.5); after the draft the picked cards are the hand and no pack is shown
(issue 26: the kept card and the pack just passed were shown mixed)."""

from __future__ import annotations

import re

from designkit import get_game
from designkit.games.witch_academy.state import Phase
from designkit.session import Session

GAME = get_game("witch_academy")


def _seat_panel(html: str, seat: int) -> str:
    """The HTML of seat ``seat``'s panel (its cards and counts)."""
    panels = html.split('<div class="dk-seat"')[1:]
    return panels[seat]


def _cards(part: str) -> int:
    return len(re.findall(r'class="dk-card', part))


def _line(panel: str, css: str) -> str:
    match = re.search(rf'<div class="{css}">(.*?)</div>', panel, re.S)
    return match.group(1) if match else ""


def _session_in_draft(picks: int) -> Session:
    """A 4-player game (random bots) stopped at seat A's draft decision after ``picks``
    rounds of picks."""
    session = Session(GAME, GAME.params_type(), 3, ["random"] * 4)
    seen = 0
    while True:
        st = session.state
        if st.phase == Phase.DRAFT and st.ctx[0] == 0:
            if seen == picks:
                return session
            seen += 1
        assert session.step() is not None, "the game ended before the draft"


def test_the_pack_is_not_the_hand_during_the_draft() -> None:
    """LW-3.4: at A's second pick, A holds one picked card; the pack is the rest."""
    session = _session_in_draft(picks=1)
    st = session.state
    panel = _seat_panel(GAME.view(st, 0, "en"), 0)
    hand, pack = _line(panel, "dk-hand"), _line(panel, "dk-pack")
    assert hand.startswith("Hand: ") and pack.startswith("To choose from: ")
    assert _cards(hand) == len(st.picks[0]) + len(st.drafted[0]) == 1
    assert _cards(pack) == len(st.hands[0]) > 1
    # another seat sees counts, the hand and the pack apart
    other = _seat_panel(GAME.view(st, 1, "en"), 0)
    assert re.search(r"Hand: 1 cards · To choose from: \d+ cards", other), other[-300:]
    ja = _seat_panel(GAME.view(st, 0, "ja"), 0)
    assert "手札: " in ja and "選ぶカード: " in ja


def test_after_the_draft_the_picked_cards_are_the_hand() -> None:
    session = Session(GAME, GAME.params_type(), 3, ["random"] * 4)
    while session.state.phase in (Phase.RUN, Phase.DEAL, Phase.DRAFT) or any(
            session.state.drafted) or session.state.phase < Phase.DRAFT:
        assert session.step() is not None
    st = session.state
    panel = _seat_panel(GAME.view(st, 0, "en"), 0)
    assert _cards(_line(panel, "dk-hand")) == len(st.hands[0]) > 0
    assert 'class="dk-pack"' not in panel  # no pack once the draft is over
    other = _seat_panel(GAME.view(st, 1, "en"), 0)
    assert f"Hand: {len(st.hands[0])} cards" in other and "To choose from" not in other
