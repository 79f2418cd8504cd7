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
from designkit.export.render import ImagePainter, PdfPainter, Shape, draw, with_bleed

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


LAYOUTS = ("duplex", "gutterfold")
GUTTER = 10.0      # mm between the faces and the backs of a gutter-fold page (the fold's middle)


@dataclass(frozen=True)
class Slot:
    """One card drawn on a page: ``index`` into the deck's faces, or -1 for its back;
    ``x``/``y`` the top-left of its trim box (the cut), in page millimetres."""

    index: int
    x: float
    y: float


@dataclass(frozen=True)
class Page:
    label: str
    slots: tuple[Slot, ...]
    size: tuple[float, float]          # width, height in mm (gutter-fold turns the paper)
    fold: float | None = None          # x of the fold line (gutter-fold)


def page_grid(paper: str, w: float, h: float, where: str, bleed: float = 0.0,
              layout: str = "duplex") -> tuple[int, int]:
    """Columns and rows of cards on one page (gutter-fold: of faces, on one side of the fold,
    the paper turned landscape); each card takes its size plus ``bleed`` on every side."""
    pw, ph = paper_size(paper, layout)
    usable_w = (pw - 2 * MARGIN - GUTTER) / 2 if layout == "gutterfold" else pw - 2 * MARGIN
    cols = int(usable_w // (w + 2 * bleed))
    rows = int((ph - 2 * MARGIN) // (h + 2 * bleed))
    if cols < 1 or rows < 1:
        raise DataError(where, f"a {w:g}×{h:g} mm card{f' with {bleed:g} mm bleed' if bleed else ''}"
                               f" does not fit a {paper} {layout} page with {MARGIN:g} mm margins")
    return cols, rows


def paper_size(paper: str, layout: str = "duplex") -> tuple[float, float]:
    pw, ph = PAPERS[paper]
    return (ph, pw) if layout == "gutterfold" else (pw, ph)


def plan(paper: str, deck: RenderedDeck, backs: bool = True, bleed: float = 0.0,
         layout: str = "duplex") -> list[Page]:
    """Where every card of ``deck`` goes, page by page. Duplex: a page of faces, then (with
    backs) its page of backs mirrored left-right, so a long-edge duplex print puts each back
    behind its face. Gutter-fold: faces left of the fold, each back at its face's mirror
    image right of it, so folding the sheet along the line puts them back to back."""
    size = paper_size(paper, layout)
    pw, ph = size
    cols, rows = page_grid(paper, deck.width, deck.height, deck.name, bleed, layout)
    px, py = deck.width + 2 * bleed, deck.height + 2 * bleed
    per = cols * rows
    y0 = (ph - rows * py) / 2 + bleed
    n = len(deck.faces)
    chunks = [range(i, min(i + per, n)) for i in range(0, n, per)]
    pages: list[Page] = []
    for k, chunk in enumerate(chunks, start=1):
        label = f"{deck.label} · {k}/{len(chunks)}"
        if layout == "gutterfold":
            fold = pw / 2
            slots = []
            for j, i in enumerate(chunk):
                r, c = divmod(j, cols)   # faces left to right; each back as far from the fold
                y = y0 + r * py
                slots.append(Slot(i, fold - GUTTER / 2 - (cols - c) * px + bleed, y))
                if backs and deck.back is not None:
                    slots.append(Slot(-1, fold + GUTTER / 2 + (cols - 1 - c) * px + bleed, y))
            pages.append(Page(f"{label} · fold on the dashed line", tuple(slots), size, fold))
            continue
        x0 = (pw - cols * px) / 2 + bleed
        faces = tuple(Slot(i, x0 + (j % cols) * px, y0 + (j // cols) * py)
                      for j, i in enumerate(chunk))
        pages.append(Page(label, faces, size))
        if backs and deck.back is not None:
            mirrored = tuple(Slot(-1, x0 + (cols - 1 - j % cols) * px, y0 + (j // cols) * py)
                             for j in range(len(chunk)))
            pages.append(Page(f"{label} · backs (duplex, long edge)", mirrored, size))
    return pages


def write_pdf(path: Path, paper: str, decks: Sequence[RenderedDeck], backs: bool,
              title: str, font: Path | None = None, bleed: float = 0.0,
              layout: str = "duplex") -> Path:
    """One PDF; ``font`` is a cut of the card font holding every character drawn
    (:func:`textfit.subset_font`), the whole font otherwise."""
    from fpdf import FPDF
    pdf = FPDF(unit="mm", format=PAPERS[paper])
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_title(title)
    pdf.set_creator("designkit cards")
    pdf.set_creation_date(_EPOCH)   # the same tables give the same file
    pdf.add_font("noto", "", str(font or textfit.font_path()))
    pdf.set_font("noto", size=8)
    painter = PdfPainter(pdf)
    for deck in decks:
        faces = [with_bleed(list(shapes), deck.width, deck.height, bleed)
                 for _, shapes in deck.faces]
        back = with_bleed(list(deck.back or ()), deck.width, deck.height, bleed)
        for page in plan(paper, deck, backs, bleed, layout):
            pdf.add_page(orientation="L" if layout == "gutterfold" else "P")
            for slot in page.slots:
                draw(painter, back if slot.index < 0 else faces[slot.index], slot.x, slot.y)
            _crop_marks(pdf, page, deck.width, deck.height, bleed)
            top = min(s.y for s in page.slots) - bleed
            _page_label(pdf, page.label, top)
    pdf.output(str(path))
    return path


def page_labels(deck: RenderedDeck) -> str:
    """Every character the page headers of a deck may draw (for the font's cut)."""
    return (f"{deck.label} · 0123456789/ · backs (duplex, long edge)"
            " · fold on the dashed line")


def _page_label(pdf: Any, text: str, top: float) -> None:
    pdf.set_text_color(110, 110, 110)
    pdf.set_font_size(6.5)
    pdf.text(MARGIN + 6, max(3.5, top - 2.2), text)


def _crop_marks(pdf: Any, page: Page, w: float, h: float, bleed: float) -> None:
    """Marks on every trim line, in the margin outside the cards and their bleed (and a
    dashed fold line in a gutter-fold page's gutter)."""
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    near, far = MARK
    xs = sorted({round(v, 3) for s in page.slots for v in (s.x, s.x + w)})
    ys = sorted({round(v, 3) for s in page.slots for v in (s.y, s.y + h)})
    left, right = xs[0] - bleed, xs[-1] + bleed
    top, bottom = ys[0] - bleed, ys[-1] + bleed
    for x in xs:
        pdf.line(x, top - near, x, top - far)
        pdf.line(x, bottom + near, x, bottom + far)
    for y in ys:
        pdf.line(left - near, y, left - far, y)
        pdf.line(right + near, y, right + far, y)
    if page.fold is not None:
        with pdf.local_context(dash_pattern={"dash": 2, "gap": 1.5}, draw_color=(120, 120, 120)):
            pdf.line(page.fold, top - far, page.fold, bottom + far)


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

