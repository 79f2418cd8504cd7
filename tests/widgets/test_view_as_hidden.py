""""View as" applies to every text of the Play tab (issue 36): with another seat viewing,
no decision button, board text or log line names a weakness card (CH-V2 「自分だけが知る
ボスの弱点」) that only its holder knows."""

from __future__ import annotations

import re

from designkit_widgets import Stepper

from designkit import get_game

G = get_game("classic_hero")
PARAMS = G.params_type().replace(players=4, weakness_cards=True, weakness_draws=2)


def _known(events, viewer: int) -> str:
    """What the viewer has been told of weakness cards by the rules: its own draws and
    discards (events shown to it), and the weaknesses revealed in a battle (CH-V2: hit like
    an HP, revealing it). The deck is full again each stage, so a card another seat holds
    now may be one the viewer read about before."""
    return " ".join(e.text + e.text_ja for e in events
                    if (e.visible_to is not None and viewer in e.visible_to)
                    or "weakness" in e.data)


def _secret_words(st, viewer: int, public: str) -> set[str]:
    """Ids and names of the weakness cards the other seats hold now, unless the viewer was
    told of them by a rule (:func:`_known`)."""
    out = set()
    for seat, held in enumerate(st.weak):
        if seat == viewer:
            continue
        for w in held:
            card = st.rules.weaknesses[w]
            out |= {x for x in (card.id, card.name, card.name_ja) if x not in public}
    return out


def _page_text(stepper: Stepper) -> str:
    buttons = " ".join(f"{b.description} {b.tooltip}" for b in stepper.action_buttons)
    return " ".join((buttons, stepper.board.html, stepper.log_view.value,
                     stepper._no_actions.value, stepper.status.value))


def test_no_seat_reads_another_seats_weakness_card_anywhere_on_the_page():
    stepper = Stepper(G, PARAMS, seed=4, controllers=["human"] * 4)
    checked = held = decided = 0
    for _ in range(400):
        s = stepper.session
        if s.is_over:
            break
        if not s.human_to_move:
            stepper.step()
            continue
        mover = s.to_move
        decided += 1
        for viewer in range(4) if decided % 2 else ():  # every other decision: 4 renders each
            public = _known(s.events, viewer)
            stepper.viewer.value = viewer
            stepper.render()
            text = _page_text(stepper)
            secrets = _secret_words(s.state, viewer, public)
            held += bool(secrets)
            leaked = sorted(w for w in secrets if re.search(re.escape(w), text))
            assert not leaked, f"seat {viewer} reads {leaked} at step {s.cursor}"
            if viewer != mover:
                assert stepper.action_buttons == [] or all(
                    b not in stepper.actions.children for b in stepper.action_buttons)
                assert "decides now" in stepper._no_actions.value
            checked += 1
        stepper.viewer.value = mover
        stepper.render()
        stepper.action_buttons[0].click()
    assert held >= 20, f"only {held} views had another seat's weakness to hide"
    assert checked > 100
