"""王道勇者 with weakness cards (CH-V2 「自分だけが知るボスの弱点」) in the lab at 1024 px:
"View as" applies to every text of the Play tab (issue 36). Walking View as through the
seats, no decision button, board text or log line shows another seat's weakness card.

The same game runs headless beside the browser (same seed, parameters, seats and clicks:
a game is fixed by them), so the test knows which weakness cards each seat holds at every
step without reading them off the page it checks.
"""

from __future__ import annotations

import re

from designkit_widgets import Stepper
from dk_browser import (
    STEP_MS,
    STEPPER_BOARD,
    STEPPER_LOG,
    expect_status,
    lab_page,
    open_section,
    open_tab,
    param_row,
)
from playwright.sync_api import expect

from designkit import get_game

G = get_game("classic_hero")
SEED = 1            # A (human) meets "hit your weakness card WK12" at its 34th decision
SEATS = "ABC"       # the lab's default: 3 players, A human, B and C random
CHECK_EVERY = 6     # View as walked at every 6th decision of A, and at each weakness choice


def _known(events, viewer: int) -> str:
    """What the rules told ``viewer`` of weakness cards: its own (events shown to it) and
    those revealed in a battle (hit like an HP, revealing it)."""
    return " ".join(e.text + e.text_ja for e in events
                    if (e.visible_to is not None and viewer in e.visible_to)
                    or "weakness" in e.data)


def _secrets(twin: Stepper, viewer: int) -> set[str]:
    """Ids and names of the weakness cards held now by the other seats, unless told."""
    st, known = twin.session.state, _known(twin.session.events, viewer)
    out = set()
    for seat, held in enumerate(st.weak):
        if seat != viewer:
            for w in held:
                card = st.rules.weaknesses[w]
                out |= {x for x in (card.id, card.name, card.name_ja) if x not in known}
    return out


def _walk_view_as(page, twin: Stepper, snap, label: str) -> int:  # noqa: ANN001
    """View as each seat in turn: nothing of another seat's weakness cards on the page.
    Returns how many secrets were checked."""
    stepper = page.locator(".dk-stepper").first
    viewer = stepper.get_by_label("View as")
    checked = 0
    for seat, name in enumerate(SEATS):
        viewer.select_option(label=name)
        buttons = stepper.locator(".dk-actions")
        if seat == 0:
            expect(buttons.locator("button").first).to_be_visible(timeout=STEP_MS)
        else:
            expect(buttons).to_contain_text("A decides now", timeout=STEP_MS)
            expect(buttons.locator("button")).to_have_count(0)
        page.wait_for_timeout(300)
        texts = {"buttons": buttons.inner_text(),
                 "board": page.locator(STEPPER_BOARD).inner_text(),
                 "log": page.locator(STEPPER_LOG).inner_text()}
        secrets = _secrets(twin, seat)
        checked += len(secrets)
        for where, text in texts.items():
            leaked = sorted(w for w in secrets if re.search(re.escape(w), text))
            assert not leaked, f"{name}'s view shows {leaked} in its {where} ({label})"
        if seat == 1 and label.startswith("weakness"):
            snap(page, f"{label}-viewed-by-B")
    viewer.select_option(label="A")
    return checked


def test_view_as_hides_every_other_seats_weakness_card(browser, browser_context_args, snap):
    params = G.params_type().replace(weakness_cards=True)
    twin = Stepper(G, params, seed=SEED)   # A human, B and C random: the lab's default
    with lab_page(browser, browser_context_args, "classic_hero", height=1400,
                  width=1024) as page:
        open_tab(page, "Parameters")
        open_section(page, "weakness_cards")
        param_row(page, "weakness_cards").locator("input[type=checkbox]").check()
        open_tab(page, "Play")
        stepper = page.locator(".dk-stepper").first
        seed = stepper.get_by_label("Seed")
        seed.fill(str(SEED))
        seed.press("Enter")
        stepper.locator(".dk-new").click()
        expect_status(page, f"seed {SEED}")
        weakness_choices = secrets = 0
        for decision in range(40):
            if not twin.session.human_to_move:   # bots (and chance) until A decides
                twin.advance()
                stepper.locator(".dk-advance").click()
            expect_status(page, f"Step {twin.session.cursor} ")
            expect_status(page, "A (human) to decide")
            texts = [b.description for b in twin.action_buttons]
            weak = any("weakness card" in t for t in texts)
            if weak or decision % CHECK_EVERY == 0:
                label = f"weakness-{decision}" if weak else f"decision-{decision}"
                secrets += _walk_view_as(page, twin, snap, label)
            if weak:
                weakness_choices += 1
                mine = stepper.locator(".dk-actions button").filter(has_text="weakness card")
                expect(mine.first).to_be_visible()   # A reads its own card: the test can fail
                break
            first = stepper.locator(".dk-actions button").first
            expect(first).to_have_text(texts[0], timeout=STEP_MS)   # the same game as the twin
            first.click()
            twin.action_buttons[0].click()
        assert weakness_choices == 1
        assert secrets >= 6, "B and C each had A's weakness card (id and names) to miss"
        assert page.locator(".dk-stepper .dk-error:visible").count() == 0
