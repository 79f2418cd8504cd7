"""Print sheets (PDF, A4 and US Letter) and card-grid images (PNG, for Tabletop Simulator).

Print: cards at their real size in a grid centred on the page, abutting so one cut serves
two cards, crop marks in the margin on every grid line; with backs, each page of faces is
followed by its backs mirrored left-right, so a long-edge duplex print puts every back
behind its face. Images: at most 10 × 7 cards a sheet, as Tabletop Simulator reads a
custom deck, the last slot holding the back (TTS shows it for hidden cards).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from designkit.core.errors import DataError
from designkit.export import textfit
from designkit.export.render import ImagePainter, PdfPainter, Shape, draw

PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
MARGIN = 6.0       # mm kept free around the grid for crop marks (printers lose ~4 mm)
MARK = (1.0, 5.0)  # crop marks run from 1 mm to 5 mm outside the grid
TTS_COLS, TTS_ROWS = 10, 7
_EPOCH = datetime(2020, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class RenderedDeck:
    """A deck ready to draw: each physical card's shapes, and the back's."""

    name: str            # "crossroads_numbers"
    label: str           # "Crossroads · Genre cards"
    width: float
    height: float
    faces: tuple[tuple[str, tuple[Shape, ...]], ...]   # (card id, shapes) per physical card
    back: tuple[Shape, ...] | None


def page_grid(paper: str, w: float, h: float, where: str) -> tuple[int, int]:
    pw, ph = PAPERS[paper]
    cols, rows = int((pw - 2 * MARGIN) // w), int((ph - 2 * MARGIN) // h)
    if cols < 1 or rows < 1:
        raise DataError(where, f"a {w:g}×{h:g} mm card does not fit a {paper} page with "
                               f"{MARGIN:g} mm margins")
    return cols, rows


def write_pdf(path: Path, paper: str, decks: Sequence[RenderedDeck], backs: bool,
              title: str, font: Path | None = None) -> Path:
    """One PDF; ``font`` is a cut of the card font holding every character drawn
    (:func:`textfit.subset_font`), the whole font otherwise."""
    from fpdf import FPDF
    pw, ph = PAPERS[paper]
    pdf = FPDF(unit="mm", format=(pw, ph))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_title(title)
    pdf.set_creator("designkit cards")
    pdf.set_creation_date(_EPOCH)   # the same tables give the same file
    pdf.add_font("noto", "", str(font or textfit.font_path()))
    pdf.set_font("noto", size=8)
    painter = PdfPainter(pdf)
    for deck in decks:
        _deck_pages(pdf, painter, paper, deck, backs)
    pdf.output(str(path))
    return path


def _deck_pages(pdf: Any, painter: PdfPainter, paper: str, deck: RenderedDeck,
                backs: bool) -> None:
    pw, ph = PAPERS[paper]
    cols, rows = page_grid(paper, deck.width, deck.height, deck.name)
    per = cols * rows
    x0, y0 = (pw - cols * deck.width) / 2, (ph - rows * deck.height) / 2
    chunks = [deck.faces[i:i + per] for i in range(0, len(deck.faces), per)]
    for n, chunk in enumerate(chunks, start=1):
        pdf.add_page()
        _page_label(pdf, f"{deck.label} · {n}/{len(chunks)}", y0)
        for i, (_, shapes) in enumerate(chunk):
            r, c = divmod(i, cols)
            draw(painter, list(shapes), x0 + c * deck.width, y0 + r * deck.height)
        _crop_marks(pdf, x0, y0, cols, rows, deck.width, deck.height)
        if backs and deck.back is not None:
            pdf.add_page()
            _page_label(pdf, f"{deck.label} · {n}/{len(chunks)} · backs (duplex, long edge)",
                        y0)
            for i in range(len(chunk)):
                r, c = divmod(i, cols)
                draw(painter, list(deck.back), x0 + (cols - 1 - c) * deck.width,
                     y0 + r * deck.height)
            _crop_marks(pdf, x0, y0, cols, rows, deck.width, deck.height)


def page_labels(deck: RenderedDeck) -> str:
    """Every character the page headers of a deck may draw (for the font's cut)."""
    return f"{deck.label} · 0123456789/ · backs (duplex, long edge)"


def _page_label(pdf: Any, text: str, y0: float) -> None:
    pdf.set_text_color(110, 110, 110)
    pdf.set_font_size(6.5)
    pdf.text(MARGIN + 6, max(3.5, y0 - 2.2), text)


def _crop_marks(pdf: Any, x0: float, y0: float, cols: int, rows: int, w: float,
                h: float) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    near, far = MARK
    x1, y1 = x0 + cols * w, y0 + rows * h
    for j in range(cols + 1):
        x = x0 + j * w
        pdf.line(x, y0 - near, x, y0 - far)
        pdf.line(x, y1 + near, x, y1 + far)
    for i in range(rows + 1):
        y = y0 + i * h
        pdf.line(x0 - near, y, x0 - far, y)
        pdf.line(x1 + near, y, x1 + far, y)


def image_grid(n: int) -> tuple[int, int]:
    """Columns and rows of a TTS sheet for ``n`` cards plus the back's slot (≤ 10 × 7,
    at least 2 × 2)."""
    slots = n + 1
    cols = min(TTS_COLS, max(2, math.ceil(math.sqrt(slots * 1.4))))
    rows = max(2, math.ceil(slots / cols))
    if rows > TTS_ROWS:
        cols, rows = TTS_COLS, math.ceil(slots / TTS_COLS)
    return cols, rows


def per_image() -> int:
    return TTS_COLS * TTS_ROWS - 1


def sheet_image(deck: RenderedDeck, cards: Sequence[tuple[Shape, ...]], dpi: float) -> Any:
    """One sheet of up to 69 cards, the back in the last slot."""
    from PIL import Image
    cols, rows = image_grid(len(cards))
    k = dpi / 25.4
    cw, ch = round(deck.width * k), round(deck.height * k)
    image = Image.new("RGB", (cols * cw, rows * ch), "white")
    painter = ImagePainter(image, dpi)
    for i, shapes in enumerate(cards):
        r, c = divmod(i, cols)
        draw(painter, list(shapes), c * cw / k, r * ch / k)
    if deck.back is not None:
        draw(painter, list(deck.back), (cols - 1) * cw / k, (rows - 1) * ch / k)
    return image


def card_image(shapes: Sequence[Shape], width: float, height: float, dpi: float) -> Any:
    from PIL import Image
    k = dpi / 25.4
    image = Image.new("RGB", (round(width * k), round(height * k)), "white")
    draw(ImagePainter(image, dpi), list(shapes), 0, 0)
    return image

