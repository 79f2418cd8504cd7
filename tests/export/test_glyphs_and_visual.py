"""No glyph falls back to a box, and the layout is what was looked at.

Glyphs: every character of every text drawn (faces, backs, page headers, both languages)
is in the cmap of the font the cards use, and of the cut of it the PDF embeds.
Visual: one sheet per game rendered to PNG and compared with tests/export/reference/
within a tolerance; ``DESIGNKIT_UPDATE_REFERENCE=1`` rewrites the references after a
layout change that was meant (look at them before committing)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageStat

from designkit.export import render_decks, textfit
from designkit.export.sheets import page_labels, sheet_image
from designkit.export.tts import all_shapes
from tests.export.conftest import GAMES

REFERENCE = Path(__file__).parent / "reference"
#: the deck whose first sheet stands for each game (its most varied template)
VISUAL = {"crossroads": "skills", "rolling_stone": "dreams", "witch_academy": "events",
          "classic_hero": "events"}
DPI, CARDS = 40, 6


@cache
def _texts(game: str) -> frozenset[str]:
    chars: set[str] = set()
    for deck, texts in render_decks(game, warn=print):
        chars |= set(page_labels(deck))
        chars |= {ch for s in all_shapes(deck) for run in s.runs for ch in run[2]}
        chars |= {ch for nick, desc in texts for ch in nick + desc if ch != "\n"}
    return frozenset(chars)


@cache
def _cmap() -> dict[int, str]:
    return TTFont(str(textfit.font_path()), lazy=True).getBestCmap()


@pytest.mark.parametrize("game", GAMES)
def test_every_character_has_a_glyph(game: str) -> None:
    chars = _texts(game)
    assert any(ord(ch) > 0x3000 for ch in chars)        # Japanese is there to check
    assert sorted(ch for ch in chars if ord(ch) not in _cmap()) == []


def test_the_embedded_cut_has_every_glyph(tmp_path: Path) -> None:
    """The PDF embeds a cut of the font (textfit.subset_font): it keeps every character."""
    chars = frozenset().union(*(_texts(g) for g in GAMES))
    cut = TTFont(str(textfit.subset_font(chars, tmp_path))).getBestCmap()
    assert sorted(ch for ch in chars if ord(ch) not in cut) == []


def test_a_character_without_a_glyph_is_found() -> None:
    """The check above can fail: a sign the font lacks is reported."""
    assert ord("\U0001f0a1") not in _cmap()   # a playing-card sign Noto Sans CJK does not have


def _sheet(game: str) -> Image.Image:
    deck, _ = render_decks(game, tables=[VISUAL[game]], warn=print)[0]
    return sheet_image(deck, [shapes for _, shapes in deck.faces[:CARDS]], DPI)


@pytest.mark.parametrize("game", GAMES)
def test_sheet_matches_the_reference(game: str) -> None:
    image = _sheet(game)
    ref_path = REFERENCE / f"{game}.png"
    if os.environ.get("DESIGNKIT_UPDATE_REFERENCE"):
        image.save(ref_path, optimize=True)
    reference = Image.open(ref_path).convert("RGB")
    assert image.size == reference.size
    diff = ImageChops.difference(image, reference).convert("L")
    mean = ImageStat.Stat(diff).mean[0]
    changed = sum(diff.histogram()[48:]) / (image.width * image.height)
    assert mean < 1.5 and changed < 0.005, (
        f"{game}: mean difference {mean:.2f}, {changed:.2%} of pixels changed; "
        "rerun with DESIGNKIT_UPDATE_REFERENCE=1 if the layout change is meant")


def test_the_comparison_sees_a_layout_change() -> None:
    """A card moved by 1 mm is beyond the tolerance (the test above can fail)."""
    image = _sheet("crossroads")
    shifted = Image.new("RGB", image.size, "white")
    shifted.paste(image, (round(DPI / 25.4), 0))
    diff = ImageChops.difference(image, shifted).convert("L")
    assert sum(diff.histogram()[48:]) / (image.width * image.height) >= 0.005
