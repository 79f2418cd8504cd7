"""The print sheets and the Tabletop Simulator decks of every game, read back: what the
issue's "must show" asks (page count, page size, every card ID in the text layer; valid
JSON, deck counts equal the data's, every image there, sheet grids within TTS's 10 × 7)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pypdf
import pytest

from designkit.export import templates
from designkit.export.sheets import PAPERS, page_grid
from tests.export.conftest import GAMES

MM = 72 / 25.4


def _pdf(exported: dict, game: str, paper: str) -> pypdf.PdfReader:
    folder, paths = exported[game]
    path = folder / f"{game}_{paper}.pdf"
    assert path in paths
    return pypdf.PdfReader(path)


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("game", GAMES)
def test_pages_size_and_count(exported: dict, game_decks: dict, game: str, paper: str) -> None:
    reader = _pdf(exported, game, paper)
    expected = 0
    for deck in game_decks[game]:
        face, _ = templates(deck)   # each table's own card size (tokens are 25 mm)
        cols, rows = page_grid(paper, face.width, face.height, deck.table)
        expected += 2 * math.ceil(deck.count / (cols * rows))   # a page of backs per page
    assert len(reader.pages) == expected
    w, h = PAPERS[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w * MM, abs=0.05)
        assert float(page.mediabox.height) == pytest.approx(h * MM, abs=0.05)


@pytest.mark.parametrize("game", GAMES)
def test_every_card_id_in_the_text_layer(exported: dict, game_decks: dict, game: str) -> None:
    text = "\n".join(p.extract_text() for p in _pdf(exported, game, "A4").pages)
    words = set(re.split(r"\s+", text))
    for deck in game_decks[game]:
        missing = [c.id for c in deck.cards if c.id not in words]
        assert missing == [], f"{deck.table}: {missing}"
        assert deck.cards[0].fields["footer"] in text   # game · variant · file hash
    assert "\x00" not in text


def test_poker_cards_nine_a_page_both_papers() -> None:
    assert page_grid("A4", 63, 88, "t") == (3, 3)
    assert page_grid("Letter", 63, 88, "t") == (3, 3)
    assert page_grid("A4", 44, 63, "t") == (4, 4)   # mini cards


def _objects(folder: Path) -> list[Path]:
    return sorted((folder / "sheets").glob("*.json"))


@pytest.mark.parametrize("game", GAMES)
def test_tts_decks(exported: dict, game_decks: dict, game: str) -> None:
    folder, _ = exported[game]
    objects = _objects(folder)
    assert [p.stem for p in objects] == sorted(f"{game}_{d.table}" for d in game_decks[game])
    for deck in game_decks[game]:
        path = folder / "sheets" / f"{game}_{deck.table}.json"
        state = json.loads(path.read_text(encoding="utf-8"))["ObjectStates"][0]
        if deck.count == 1:   # TTS has no deck of one card: the card itself
            assert state["Name"] == "Card" and (path.parent / state["CustomDeck"]["1"]
                                                ["FaceURL"]).is_file()
            continue
        assert state["Name"] == "Deck"
        assert len(state["DeckIDs"]) == len(state["ContainedObjects"]) == deck.count
        for key, sheet in state["CustomDeck"].items():
            assert (path.parent / sheet["FaceURL"]).is_file()
            assert (path.parent / sheet["BackURL"]).is_file()
            assert 2 <= sheet["NumWidth"] <= 10 and 2 <= sheet["NumHeight"] <= 7
            slots = sheet["NumWidth"] * sheet["NumHeight"]
            ids = [i for i in state["DeckIDs"] if i // 100 == int(key)]
            assert all(i % 100 < slots - 1 for i in ids)   # the last slot holds the back
        nicks = {c["Nickname"] for c in state["ContainedObjects"]}
        assert all(nicks) and all(c["Description"] for c in state["ContainedObjects"])
        ids = [c.id for c in deck.cards]
        assert all(any(f"[{i}]" in c["Description"] for c in state["ContainedObjects"])
                   for i in ids)


def test_tts_image_url_replaces_the_file_names(tmp_path: Path) -> None:
    from designkit.export import cards

    cards("crossroads", out_dir=tmp_path, formats=("tts",), dpi=10, tables=["skills"],
          image_url="https://example.org/cards/")
    state = json.loads((tmp_path / "sheets" / "crossroads_skills.json").read_text())
    sheet = state["ObjectStates"][0]["CustomDeck"]["1"]
    assert sheet["FaceURL"] == "https://example.org/cards/crossroads_skills_sheet1.png"
    assert sheet["BackURL"] == "https://example.org/cards/crossroads_skills_back.png"


def _grid_cells(page: pypdf.PageObject, text: str) -> set[tuple[int, int]]:
    """(row, column) of each card of an A4 poker grid on which ``text`` is drawn."""
    cells: set[tuple[int, int]] = set()
    x0, y0 = (210 - 3 * 63) / 2, (297 - 3 * 88) / 2

    def visit(t: str, cm: list, tm: list, fd: object, fs: object) -> None:
        if t.strip() == text:
            x, top = tm[4] / MM, 297 - tm[5] / MM
            cells.add((int((top - y0) // 88), int((x - x0) // 63)))
    page.extract_text(visitor_text=visit)
    return cells


def test_backs_are_mirrored_for_long_edge_duplex(exported: dict) -> None:
    """The 8 Crossroads skills fill 8 of 9 places; on the back page each back sits in the
    mirrored column, so the last row's two backs are in columns 2 and 1, not 0 and 1."""
    reader = _pdf(exported, "crossroads", "A4")
    faces, backs = reader.pages[-2], reader.pages[-1]
    assert _grid_cells(faces, "S7") == {(2, 0)} and _grid_cells(faces, "S8") == {(2, 1)}
    assert _grid_cells(backs, "スキルカード") == ({(r, c) for r in (0, 1) for c in range(3)}
                                              | {(2, 2), (2, 1)})
