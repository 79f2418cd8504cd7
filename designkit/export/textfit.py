"""Type on a card: the font, measuring, wrapping and shrinking a text into its box.

One font draws every card, in the PDF and in the PNG sheets: Noto Sans CJK JP (SIL OFL 1.1,
from the ``noto-cjk-sans-jp-regular`` wheel, no download at run time), which has the kana,
kanji and the signs the tables use (★ ≥ ± ↑ ・ 【】). Both renderers place the lines this
module computes, so a PDF and a PNG of a card break their lines in the same places.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ASCENT = 0.88      # Noto Sans CJK's ascender, in em: the first baseline below a box's top
_MEASURE_PX = 400  # the size text is measured at (lengths scale linearly)
# a CJK character (with the closing punctuation that may not start a line), a Latin word
# with its trailing spaces, or a run of spaces
_TOKENS = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef\u2e80-\u2fff]"
                     r"[、。，．・：；！？）」』】〕≫ー\u30fc]*"
                     r"|[^\s\u3000-\u30ff\u3400-\u9fff\uff00-\uffef\u2e80-\u2fff]+\s*|\s+")
_OPENERS = "（「『【〔≪＋－±★"
_CLOSERS = "、。，．・：；！？）」』】〕≫"


@cache
def font_path() -> Path:
    from noto_cjk_sans_jp_regular import FONT_PATH
    return Path(str(FONT_PATH))


@cache
def _measure_font():  # type: ignore[no-untyped-def]
    from PIL import ImageFont
    return ImageFont.truetype(str(font_path()), _MEASURE_PX,
                              layout_engine=ImageFont.Layout.BASIC)


@cache
def width(text: str, size: float) -> float:
    """Width in mm of one line at ``size`` mm type."""
    return _measure_font().getlength(text) / _MEASURE_PX * size


def wrap(text: str, box_width: float, size: float) -> list[str]:
    """Greedy lines no wider than the box: Latin breaks at spaces, Japanese between
    characters (closing marks stay with the character before, openers with the one after);
    a word longer than the box is cut between characters."""
    lines: list[str] = []
    for para in text.split("\n"):
        lines += _wrap_para(para, box_width, size)
    return lines


def _wrap_para(para: str, box_width: float, size: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for tok in _tokens(para):
        if width((line + tok).rstrip(), size) <= box_width or not line.strip():
            line += tok
            while width(line.rstrip(), size) > box_width and len(line.rstrip()) > 1:
                head, line = _cut(line, box_width, size)
                lines.append(head)
            continue
        lines.append(line.rstrip())
        line = tok.lstrip()
    lines.append(line.rstrip())
    return lines


def _tokens(para: str) -> list[str]:
    toks = _TOKENS.findall(para)
    out: list[str] = []
    for tok in toks:   # an opening bracket joins the token after it, a closing one the one before
        if out and ((out[-1][-1] in _OPENERS and len(out[-1]) == 1) or tok[0] in _CLOSERS):
            out[-1] += tok
        else:
            out.append(tok)
    return out


def _cut(line: str, box_width: float, size: float) -> tuple[str, str]:
    k = len(line)
    while k > 1 and width(line[:k], size) > box_width:
        k -= 1
    return line[:k], line[k:]


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[str, ...]
    below_min: bool


def fit(text: str, size: float, box_width: float, box_height: float | None,
        min_size: float, line_height: float = 1.25) -> Fitted:
    """Wrap (a box) and shrink by 5 % steps until the text fits; below ``min_size`` the
    result says so (the caller warns with the card ID): the text is never clipped."""
    s = size
    while True:
        if box_height is None:
            lines = [" ".join(text.split("\n"))]
            fits = width(lines[0], s) <= box_width
        else:
            lines = wrap(text, box_width, s)
            tall = s * ASCENT + (len(lines) - 1) * s * line_height + s * 0.12
            fits = tall <= box_height and all(width(x, s) <= box_width for x in lines)
        if fits or s < 0.3:
            return Fitted(s, tuple(lines), s < min_size - 1e-9)
        s *= 0.95


def subset_font(chars: Iterable[str], folder: Path) -> Path:
    """The font cut down to ``chars``, with TrueType outlines, as a file in ``folder``.

    Why: fpdf2 parses and subsets the 16 MB font in ~2 s per PDF (a cut of a few hundred
    glyphs takes milliseconds), and it embeds a CFF (PostScript-outline) font with an
    encoding PDF readers' text extraction misreads (every character read with a NUL
    before it); with TrueType outlines the text layer reads back exactly."""
    from fontTools import subset
    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(str(font_path()), options)
    sub = subset.Subsetter(options)
    sub.populate(text="".join(sorted(set("".join(chars)) | set(" ?"))))
    sub.subset(font)
    _cff_to_glyf(font)
    path = folder / "cards-font.ttf"
    font.save(str(path))
    return path


def _cff_to_glyf(font: Any) -> None:
    """Cubic (CFF) outlines to quadratic (glyf) ones, as fontTools' otf2ttf does."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    for g in glyf.glyphs.values():
        g.recalcBounds(glyf)
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    hmtx = font["hmtx"]
    for name, g in glyf.glyphs.items():
        if hasattr(g, "xMin"):
            hmtx[name] = (hmtx[name][0], g.xMin)
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for key in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                "maxComponentElements"):
        setattr(maxp, key, 1 if key == "maxZones" else 0)
    maxp.numGlyphs = len(order)
    font.recalcBBoxes = True   # maxp's point counts and head's box are computed on save
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font.sfntVersion = "\000\001\000\000"
