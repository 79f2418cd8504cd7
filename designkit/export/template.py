"""Card templates as data: a small SVG per card table in ``data/<game>/cards/``.

A template is an ordinary SVG a browser or Inkscape shows (units: millimetres, ``width="63mm"
height="88mm" viewBox="0 0 63 88"``; the size is the card's printed size), with
``{column}`` placeholders in text and in ``fill``/``stroke``, and ``{日本語|English}`` labels
(printed in the language chosen, both side by side). designkit reads a subset:
``rect``, ``line``, ``circle``, ``text`` and ``g`` (no transforms), plus three attributes in
the ``dk`` namespace (``urn:designkit:cards``):

* ``dk:width`` on a ``text``: one line that shrinks to fit the width; with ``dk:height`` too,
  a box (``x``/``y`` its top-left corner) that wraps, then shrinks; ``dk:min-size`` is the
  smallest type the designer accepts (smaller still is a warning naming the card, never a
  clipped text); ``dk:line-height`` (1.25) spaces lines;
* ``dk:if="column"`` draws an element only when that field is not empty (or ``0``/``no``);
* ``<dk:lookup name="suit_fill" field="suit" map="Trial:#d9534f; Ruins:#428bca"
  default="#eee"/>`` makes a field from another field's value (a colour per suit).

A placeholder that names no field of the deck is a one-line error naming the template and
the closest field, before anything is drawn.
"""

from __future__ import annotations

import difflib
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from designkit.core.errors import DataError

SVG = "{http://www.w3.org/2000/svg}"
DK = "{urn:designkit:cards}"
SHAPES = ("rect", "line", "circle", "text")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
LABEL = re.compile(r"\{([^{}|]+)\|([^{}|]+)\}")
_STYLE_KEYS = ("fill", "stroke", "stroke-width", "font-size", "font-weight", "text-anchor")


@dataclass(frozen=True)
class Element:
    """One drawable element; ``attrs`` may hold placeholders, ``text`` is a text's content."""

    kind: str
    attrs: Mapping[str, str]
    text: str = ""
    when: str = ""

    def names(self) -> set[str]:
        found = set(PLACEHOLDER.findall(self.text))
        for key in ("fill", "stroke"):
            found |= set(PLACEHOLDER.findall(self.attrs.get(key, "")))
        return found | ({self.when} if self.when else set())


@dataclass(frozen=True)
class Lookup:
    name: str
    field: str
    table: Mapping[str, str]
    default: str


@dataclass(frozen=True)
class Template:
    path: Path
    width: float
    height: float
    elements: tuple[Element, ...]
    lookups: tuple[Lookup, ...] = field(default=())

    def check(self, fields: Iterable[str]) -> None:
        """Every placeholder names a field (lookups included): else one line, closest name."""
        known = set(fields)
        for lk in self.lookups:
            self._known(lk.field, known)
            known.add(lk.name)
        for el in self.elements:
            for name in sorted(el.names()):
                self._known(name, known)

    def _known(self, name: str, known: set[str]) -> None:
        if name in known:
            return
        close = difflib.get_close_matches(name, sorted(known), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise DataError(str(self.path), f"unknown column '{name}' in a placeholder{hint} "
                                        f"(this table has: {', '.join(sorted(_shown(known)))})")

    def fields_for(self, fields: Mapping[str, str]) -> dict[str, str]:
        out = dict(fields)
        for lk in self.lookups:
            out[lk.name] = lk.table.get(out.get(lk.field, ""), lk.default)
        return out


def _shown(known: set[str]) -> set[str]:
    return {k for k in known if not k.startswith("csv_")}


def fill(text: str, fields: Mapping[str, str]) -> str:
    """Placeholders replaced by the card's fields, ``{日本語|English}`` labels by the
    language printed (both: the two side by side)."""
    lang = fields.get("lang", "both")

    def label(m: re.Match[str]) -> str:
        ja, en = m.group(1).strip(), m.group(2).strip()
        return {"ja": ja, "en": en}.get(lang, f"{ja} {en}")
    return LABEL.sub(label, PLACEHOLDER.sub(lambda m: fields.get(m.group(1), m.group(0)),
                                            text))


def shown(el: Element, fields: Mapping[str, str]) -> bool:
    if not el.when:
        return True
    return fields.get(el.when, "").strip().lower() not in ("", "0", "no", "false")


def load_template(path: Path) -> Template:
    """Parse a template file; a missing or malformed one is a one-line DataError."""
    if not path.is_file():
        raise DataError(str(path), "missing card template (copy a default one from "
                                   "another table and edit it)")
    try:
        root = ET.fromstring(path.read_bytes())
    except ET.ParseError as err:
        raise DataError(str(path), f"not a readable SVG: {err}") from None
    if root.tag != SVG + "svg":
        raise DataError(str(path), "the root element must be <svg> (SVG namespace)")
    width, height = _size(path, root)
    elements: list[Element] = []
    lookups: list[Lookup] = []
    _walk(path, root, "", elements, lookups)
    return Template(path, width, height, tuple(elements), tuple(lookups))


def _size(path: Path, root: ET.Element) -> tuple[float, float]:
    sizes = []
    for key in ("width", "height"):
        value = root.get(key, "")
        if not value.endswith("mm"):
            raise DataError(str(path), f"<svg {key}=\"{value}\">: give the card's size in mm, "
                                       "e.g. width=\"63mm\" height=\"88mm\"")
        sizes.append(_number(path, key, value[:-2]))
    box = (root.get("viewBox") or "").replace(",", " ").split()
    if [float(v) for v in box[2:]] != sizes or box[:2] != ["0", "0"]:
        raise DataError(str(path), f"viewBox must be \"0 0 {sizes[0]:g} {sizes[1]:g}\" "
                                   "(one unit = 1 mm)")
    return sizes[0], sizes[1]


def _walk(path: Path, node: ET.Element, when: str, out: list[Element],
          lookups: list[Lookup]) -> None:
    for child in node:
        tag = child.tag
        if tag == DK + "lookup":
            lookups.append(_lookup(path, child))
            continue
        if not isinstance(tag, str) or not tag.startswith(SVG):
            continue  # an editor's own elements (Inkscape's namedview, metadata)
        name = tag[len(SVG):]
        if "transform" in child.attrib:
            raise DataError(str(path), f"<{name} transform=…> is not supported: give "
                                       "positions in mm (in Inkscape: Object > Transform, "
                                       "or ungroup)")
        cond = child.get(DK + "if", "") or when
        if name == "g":
            _walk(path, child, cond, out, lookups)
        elif name in SHAPES:
            out.append(Element(name, _attrs(child), "".join(child.itertext()).strip(), cond))
        elif name not in ("title", "desc", "defs", "metadata", "style"):
            raise DataError(str(path), f"<{name}> is not supported in a card template "
                                       f"(use {', '.join(SHAPES)} or g)")


def _attrs(el: ET.Element) -> dict[str, str]:
    attrs = {k.replace(DK, "dk:"): v for k, v in el.attrib.items()}
    for item in (el.get("style") or "").split(";"):
        key, _, value = item.partition(":")
        if key.strip() in _STYLE_KEYS:
            attrs.setdefault(key.strip(), value.strip())
    return attrs


def _lookup(path: Path, el: ET.Element) -> Lookup:
    name, source = el.get("name", ""), el.get("field", "")
    if not name or not source:
        raise DataError(str(path), "<dk:lookup> needs name=… and field=…")
    table = {}
    for item in (el.get("map") or "").split(";"):
        key, sep, value = item.partition(":")
        if item.strip() and not sep:
            raise DataError(str(path), f"<dk:lookup name=\"{name}\">: write map=\"A:#f00; "
                                       f"B:#00f\", not {item.strip()!r}")
        if sep:
            table[key.strip()] = value.strip()
    return Lookup(name, source, table, el.get("default", ""))


def _number(path: Path, what: str, value: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise DataError(str(path), f"{what}: {value!r} is not a number") from None


def number(el: Element, key: str, default: float | None = None) -> float:
    """A numeric attribute of an element (mm), or the default when absent."""
    value = el.attrs.get(key)
    if value is None or value == "":
        if default is None:
            raise ValueError(f"<{el.kind}> needs {key}")
        return default
    return float(value.removesuffix("mm"))
