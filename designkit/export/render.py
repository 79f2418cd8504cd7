"""A template filled with one card's fields, as shapes in card millimetres, and the two
painters that draw them: into a PDF page (fpdf2: vector shapes, real text) and into a
Pillow image (the PNG sheets Tabletop Simulator loads).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from designkit.core.errors import DataError
from designkit.export import textfit
from designkit.export.template import Element, Template, fill, number, shown

NAMED = {"white": "#ffffff", "black": "#000000", "none": "none", "transparent": "none"}


@dataclass(frozen=True)
class Shape:
    """``kind`` rect/line/circle: ``geo`` its numbers; text: ``runs`` of (x, baseline, str)."""

    kind: str
    geo: tuple[float, ...]
    fill: str = "none"
    stroke: str = "none"
    stroke_width: float = 0.0
    size: float = 0.0
    anchor: str = "start"
    bold: bool = False
    runs: tuple[tuple[float, float, str], ...] = ()


Warn = Callable[[str], None]


def resolve(tpl: Template, fields: Mapping[str, str], where: str, warn: Warn) -> list[Shape]:
    """The card's shapes; a text below its template's min-size is a warning naming
    ``where`` (game, table and card ID)."""
    values = tpl.fields_for(fields)
    out = []
    for el in tpl.elements:
        if not shown(el, values):
            continue
        try:
            shape = _shape(el, values, where, warn)
        except ValueError as err:
            raise DataError(str(tpl.path), f"<{el.kind}>: {err}") from None
        if shape is not None:
            out.append(shape)
    return out


def _paint(el: Element, values: Mapping[str, str]) -> dict[str, Any]:
    def colour(key: str, default: str) -> str:
        value = fill(el.attrs.get(key, default), values).strip() or "none"
        return NAMED.get(value.lower(), value)
    return {"fill": colour("fill", "black" if el.kind == "text" else "none"),
            "stroke": colour("stroke", "none"),
            "stroke_width": number(el, "stroke-width", 0.25 if "stroke" in el.attrs else 0)}


def _shape(el: Element, values: Mapping[str, str], where: str, warn: Warn) -> Shape | None:
    paint = _paint(el, values)
    if el.kind == "rect":
        geo = tuple(number(el, k, d) for k, d in
                    (("x", 0), ("y", 0), ("width", None), ("height", None), ("rx", 0)))
        return Shape("rect", geo, **paint)
    if el.kind == "line":
        return Shape("line", tuple(number(el, k, 0) for k in ("x1", "y1", "x2", "y2")), **paint)
    if el.kind == "circle":
        return Shape("circle", tuple(number(el, k, d) for k, d in
                                     (("cx", 0), ("cy", 0), ("r", None))), **paint)
    return _text(el, values, where, warn, paint)


def _text(el: Element, values: Mapping[str, str], where: str, warn: Warn,
          paint: dict[str, Any]) -> Shape | None:
    text = fill(el.text, values).strip()
    if not text:
        return None
    size = number(el, "font-size", 3.0)
    x, y = number(el, "x", 0), number(el, "y", 0)
    anchor = el.attrs.get("text-anchor", "start")
    bold = el.attrs.get("font-weight", "") in ("bold", "600", "700", "800", "900")
    box_w = el.attrs.get("dk:width")
    if box_w is None:
        return Shape("text", (), paint["fill"], size=size, anchor=anchor, bold=bold,
                     runs=((x, y, " ".join(text.split("\n"))),))
    box_h = el.attrs.get("dk:height")
    min_size = number(el, "dk:min-size", size * 0.75)
    lh = number(el, "dk:line-height", 1.25)
    fit = textfit.fit(text, size, float(box_w), float(box_h) if box_h else None, min_size, lh)
    if fit.below_min:
        warn(f"{where}: text {el.text!r} does not fit its box at {min_size:g} mm (the "
             f"template's min-size): printed at {fit.size:.2f} mm; shorten it or enlarge "
             "the box")
    top = y + fit.size * textfit.ASCENT if box_h else y
    ax = {"middle": x + float(box_w) / 2, "end": x + float(box_w)}.get(anchor, x) if box_h \
        else x
    runs = tuple((ax, top + i * fit.size * lh, line) for i, line in enumerate(fit.lines))
    return Shape("text", (), paint["fill"], size=fit.size, anchor=anchor, bold=bold, runs=runs)


def rgb(colour: str) -> tuple[int, int, int] | None:
    """``#rgb`` / ``#rrggbb`` as a triple; ``none`` (or anything unreadable) is None."""
    c = colour.strip().lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) != 6:
        return None
    try:
        return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
    except ValueError:
        return None


BOLD = 0.03   # em added to each side of a glyph's outline by faux bold (PDF and PNG alike)
EDGE = 0.6   # mm: a rect this close to the card's edge is its background (bleed extends it)


def with_bleed(shapes: list[Shape], w: float, h: float, bleed: float) -> list[Shape]:
    """The card with ``bleed`` mm of its background beyond the trim line: every filled rect
    that reaches within :data:`EDGE` of an edge is extended past it (square corners, no
    border: a border on the cut line would be cut off unevenly), so a slightly off cut shows
    the card's own colour, not white paper. Text and inner shapes stay where they are."""
    if bleed <= 0:
        return shapes
    out = []
    for s in shapes:
        if s.kind != "rect" or rgb(s.fill) is None:
            out.append(s)
            continue
        x, y, rw, rh, rx = s.geo
        x1, y1 = x + rw, y + rh
        left, top = x <= EDGE, y <= EDGE
        right, bottom = x1 >= w - EDGE, y1 >= h - EDGE
        if not (left or top or right or bottom):
            out.append(s)
            continue
        nx, ny = (-bleed if left else x), (-bleed if top else y)
        nx1, ny1 = (w + bleed if right else x1), (h + bleed if bottom else y1)
        out.append(Shape("rect", (nx, ny, nx1 - nx, ny1 - ny, 0.0), s.fill))
    return out


class Painter(Protocol):
    def shape(self, s: Shape, ox: float, oy: float) -> None: ...


def draw(painter: Painter, shapes: list[Shape], ox: float, oy: float) -> None:
    for s in shapes:
        painter.shape(s, ox, oy)


class PdfPainter:
    """Shapes into the current fpdf2 page; ``ox``/``oy`` is the card's top-left (mm)."""

    def __init__(self, pdf: Any) -> None:
        self.pdf = pdf

    def shape(self, s: Shape, ox: float, oy: float) -> None:
        pdf = self.pdf
        fill_c, stroke_c = rgb(s.fill), rgb(s.stroke)
        if fill_c:
            pdf.set_fill_color(*fill_c)
        if stroke_c:
            pdf.set_draw_color(*stroke_c)
            pdf.set_line_width(s.stroke_width)
        style = ("F" if fill_c else "") + ("D" if stroke_c else "")
        if s.kind == "text":
            self._text(s, ox, oy, fill_c or (0, 0, 0))
        elif s.kind == "line" and stroke_c:
            x1, y1, x2, y2 = s.geo
            pdf.line(ox + x1, oy + y1, ox + x2, oy + y2)
        elif s.kind == "rect" and style:
            x, y, w, h, rx = s.geo
            pdf.rect(ox + x, oy + y, w, h, style=style, round_corners=rx > 0, corner_radius=rx)
        elif s.kind == "circle" and style:
            cx, cy, r = s.geo
            pdf.ellipse(ox + cx - r, oy + cy - r, 2 * r, 2 * r, style=style)

    def _text(self, s: Shape, ox: float, oy: float, colour: tuple[int, int, int]) -> None:
        """Real text in fill mode. Faux bold (fill + stroke, ``2 Tr``) is scoped to a saved
        graphics state (``q … Q``): the text render mode is graphics state, not text-object
        state, and fpdf2's ``text()`` sets it inside ``BT`` without resetting it, so a bare
        ``text_mode`` change leaked stroke mode, with whatever line width and colour the last
        border left, into every later text on the page (issue 39)."""
        pdf = self.pdf
        pdf.set_text_color(*colour)
        pdf.set_font_size(s.size * 72 / 25.4)
        if not s.bold:
            self._runs(s, ox, oy)
            return
        # a stroke is centred on the outline: 2 × BOLD em wide thickens each side by BOLD em,
        # as Pillow's stroke_width does in the PNG sheets
        width = 2 * BOLD * s.size
        with pdf.local_context(text_mode="FILL_STROKE", draw_color=colour, text_color=colour):
            # fpdf2 2.8's text() writes ``{line_width} w`` inside its BT without converting
            # mm to points (a 0.3 mm stroke came out 0.1 mm); the state holds it in points
            # only inside this saved state, which draws nothing but these runs
            pdf.line_width = width * pdf.k
            self._runs(s, ox, oy)

    def _runs(self, s: Shape, ox: float, oy: float) -> None:
        for x, y, line in s.runs:
            w = textfit.width(line, s.size)
            dx = {"middle": w / 2, "end": w}.get(s.anchor, 0.0)
            self.pdf.text(ox + x - dx, oy + y, line)


class ImagePainter:
    """Shapes into a Pillow image at ``dpi``; ``ox``/``oy`` in mm from the image's corner."""

    def __init__(self, image: Any, dpi: float) -> None:
        from PIL import ImageDraw
        self.draw = ImageDraw.Draw(image)
        self.k = dpi / 25.4

    def shape(self, s: Shape, ox: float, oy: float) -> None:
        k, d = self.k, self.draw
        fill_c, stroke_c = rgb(s.fill), rgb(s.stroke)
        sw = max(1, round(s.stroke_width * k)) if stroke_c else 0
        if s.kind == "text":
            self._text(s, ox, oy, fill_c or (0, 0, 0))
        elif s.kind == "line" and stroke_c:
            x1, y1, x2, y2 = s.geo
            d.line([((ox + x1) * k, (oy + y1) * k), ((ox + x2) * k, (oy + y2) * k)],
                   fill=stroke_c, width=sw)
        elif s.kind == "rect":
            x, y, w, h, rx = s.geo
            box = [(ox + x) * k, (oy + y) * k, (ox + x + w) * k, (oy + y + h) * k]
            d.rounded_rectangle(box, radius=rx * k, fill=fill_c, outline=stroke_c, width=sw)
        elif s.kind == "circle":
            cx, cy, r = s.geo
            d.ellipse([(ox + cx - r) * k, (oy + cy - r) * k, (ox + cx + r) * k,
                       (oy + cy + r) * k], fill=fill_c, outline=stroke_c, width=sw)

    def _text(self, s: Shape, ox: float, oy: float, colour: tuple[int, int, int]) -> None:
        font = _font(max(1, round(s.size * self.k)))
        anchor = {"middle": "ms", "end": "rs"}.get(s.anchor, "ls")
        stroke = s.size * self.k * BOLD if s.bold else 0.0   # Pillow ≥ 11: fractional
        for x, y, line in s.runs:
            self.draw.text(((ox + x) * self.k, (oy + y) * self.k), line, font=font,
                           fill=colour, anchor=anchor, stroke_width=stroke, stroke_fill=colour)


@cache
def _font(px: int) -> Any:
    from PIL import ImageFont
    return ImageFont.truetype(str(textfit.font_path()), px, layout_engine=ImageFont.Layout.BASIC)
