"""The lab's Print & play button: one click gives the PDFs and the Tabletop Simulator ZIP as
download links carrying the files, made with the parameters being edited."""

from __future__ import annotations

import base64
import io
import json
import re
import zipfile

import pypdf
from designkit_widgets.params_panel import ParamsPanel
from designkit_widgets.print_panel import PrintPanel
from designkit_widgets.rules_panel import RulesPanel


def _links(html: str) -> dict[str, bytes]:
    found = re.findall(r"download='([^']+)' href='data:[^;]+;base64,([^']+)'", html)
    return {name: base64.b64decode(data) for name, data in found}


def test_print_and_play_offers_the_files_with_the_edited_parameters() -> None:
    params = ParamsPanel("crossroads")
    params.set_params(params.params.with_strings({"copies_per_number": "2"}))
    panel = PrintPanel("crossroads", params)
    panel.lang.value = "en"
    files = panel.export()
    links = _links(panel.links.value)
    assert set(links) == {"crossroads_A4.pdf", "crossroads_Letter.pdf", "crossroads_tts.zip"}
    assert dict(files) == links
    reader = pypdf.PdfReader(io.BytesIO(links["crossroads_A4.pdf"]))
    text = "".join(p.extract_text() for p in reader.pages)
    assert "edited" in text and "N8" in text          # the footer says the params changed
    with zipfile.ZipFile(io.BytesIO(links["crossroads_tts.zip"])) as z:
        deck = json.loads(z.read("crossroads_tts/crossroads_numbers.json"))
        assert len(deck["ObjectStates"][0]["DeckIDs"]) == 7 * 2
        assert "crossroads_tts/crossroads_numbers_sheet1.png" in z.namelist()
    assert "dk-error" not in panel.message._dom_classes


def test_the_rules_tab_has_the_button() -> None:
    assert isinstance(RulesPanel("classic_hero").print_panel, PrintPanel)


def test_print_and_play_shows_its_progress() -> None:
    """Issue 39: 6-13 s with only a pale button; now a bar moves through every step (the
    widget state is sent at each step, so Voila shows it while the export runs)."""
    panel = PrintPanel("crossroads")
    seen: list[tuple[int, int, str, str]] = []
    panel.progress.observe(lambda ch: seen.append((panel.progress.value, panel.progress.max,
                                                   panel.step.value,
                                                   panel.progress.layout.display or "")),
                           "value")
    panel.export()
    assert panel.steps_seen == ["drawing the cards", "the PDFs", "the crossroads_numbers sheets",
                                "the crossroads_skills sheets", "done"]
    assert [v for v, *_ in seen] == [1, 2, 3]                   # every step moved the bar
    assert all(m == 3 and shown == "" for _, m, _, shown in seen)   # visible while running
    assert "the crossroads_skills sheets… (2/3)" in seen[1][2]
    assert panel.progress.layout.display == "none" and panel.step.value == ""
