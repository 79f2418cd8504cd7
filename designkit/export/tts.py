"""Tabletop Simulator saved objects: one JSON per deck, its sheets as PNG images beside it.

The JSON is what TTS writes to its Saved Objects folder for a custom deck: a ``Deck`` whose
``CustomDeck`` entries (one per sheet) give ``FaceURL``/``BackURL``, ``NumWidth``/
``NumHeight``; ``DeckIDs`` and each card's ``CardID`` are sheet × 100 + slot. The image paths
are relative file names (or ``image_url`` + name): TTS itself needs a URL or an absolute
``file:///`` path, which docs/PRINT_AND_PLAY.md explains how to put in.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from designkit.export.render import Shape
from designkit.export.sheets import (
    RenderedDeck,
    card_image,
    image_grid,
    per_image,
    sheet_image,
)

_TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
              "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _guid(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:6]


def write_deck(folder: Path, deck: RenderedDeck, texts: Sequence[tuple[str, str]],
               dpi: float, image_url: str | None, tts: bool) -> list[Path]:
    """Sheets (and, with ``tts``, the saved object and its thumbnail) for one deck;
    ``texts`` is (nickname, description) per physical card."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    per = per_image()
    faces = [shapes for _, shapes in deck.faces]
    sheets: list[tuple[str, int, int]] = []
    for n, start in enumerate(range(0, len(faces), per), start=1):
        chunk = faces[start:start + per]
        image = sheet_image(deck, chunk, dpi)
        path = folder / f"{deck.name}_sheet{n}.png"
        image.save(path)
        written.append(path)
        sheets.append((path.name, *image_grid(len(chunk))))
    back = folder / f"{deck.name}_back.png"
    card_image(deck.back or (), deck.width, deck.height, dpi).save(back)
    written.append(back)
    if tts:
        written += _saved_object(folder, deck, texts, sheets, back.name, image_url)
    return written


def _saved_object(folder: Path, deck: RenderedDeck, texts: Sequence[tuple[str, str]],
                  sheets: Sequence[tuple[str, int, int]], back: str,
                  image_url: str | None) -> list[Path]:
    def url(name: str) -> str:
        return (image_url.rstrip("/") + "/" + name) if image_url else name

    custom = {str(i): {"FaceURL": url(name), "BackURL": url(back), "NumWidth": cols,
                       "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False,
                       "Type": 0}
              for i, (name, cols, rows) in enumerate(sheets, start=1)}
    per = per_image()
    cards = []
    for i, (nick, desc) in enumerate(texts):
        sheet = i // per + 1
        cid = sheet * 100 + i % per
        cards.append(_card(f"{deck.name}:{i}", cid, nick, desc, {str(sheet):
                                                               custom[str(sheet)]}))
    obj = _object(deck, cards, custom)
    path = folder / f"{deck.name}.json"
    path.write_text(json.dumps(obj, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    thumb = folder / f"{deck.name}.png"   # TTS shows <name>.png beside <name>.json
    image = card_image(deck.faces[0][1] if deck.faces else (), deck.width, deck.height, 40)
    image.save(thumb)
    return [path, thumb]


def _card(key: str, cid: int, nick: str, desc: str, custom: Mapping[str, Any]
          ) -> dict[str, Any]:
    return {"GUID": _guid(key), "Name": "Card", "Transform": dict(_TRANSFORM),
            "Nickname": nick, "Description": desc, "GMNotes": "", "CardID": cid,
            "CustomDeck": dict(custom), "Hands": True, "SidewaysCard": False,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def _object(deck: RenderedDeck, cards: list[dict[str, Any]],
            custom: Mapping[str, Any]) -> dict[str, Any]:
    if len(cards) == 1:   # TTS has no deck of one: the card itself
        state = dict(cards[0], Nickname=cards[0]["Nickname"] or deck.label)
    else:
        state = {"GUID": _guid(deck.name), "Name": "Deck", "Transform": dict(_TRANSFORM),
                 "Nickname": deck.label, "Description": "", "GMNotes": "",
                 "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": dict(custom),
                 "Hands": False, "SidewaysCard": False, "LuaScript": "",
                 "LuaScriptState": "", "XmlUI": "", "ContainedObjects": cards}
    return {"SaveName": deck.label, "GameMode": "", "Date": "", "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
            "LuaScript": "", "LuaScriptState": "", "ObjectStates": [state],
            "TabStates": {}, "VersionNumber": ""}


def card_texts(fields: Mapping[str, str]) -> tuple[str, str]:
    """A card's TTS nickname (title / subtitle) and description (its effect, ID, footer)."""
    nick = " / ".join(x for x in (fields.get("title", ""), fields.get("subtitle", "")) if x)
    lines = [fields.get(k, "") for k in ("effect", "dream", "skill", "bonus2", "bonus3", "es",
                                          "cost")]
    lines = [x for x in lines if x]
    lines.append(f"[{fields.get('card_id', '')}] {fields.get('footer', '')}")
    return nick or fields.get("card_id", ""), "\n".join(lines)


def all_shapes(deck: RenderedDeck) -> list[Shape]:
    return [s for _, shapes in deck.faces for s in shapes] + list(deck.back or ())
