"""Print-and-play sheets and Tabletop Simulator decks from a game's card tables.

``cards(game, variant=None, lang="both", out_dir="cards", formats=("pdf", "png", "tts"))``
reads the same tables the engine plays (through each game's card loaders), fills one SVG
template per table (``data/<game>/cards/<table>.svg``, data a designer restyles without
Python) and writes:

* ``pdf``: ``<game>_A4.pdf`` and ``<game>_Letter.pdf``, cards at real size with crop marks
  and, unless ``backs=False``, a mirrored page of backs after each page of faces;
* ``png``: ``sheets/<game>_<table>_sheetN.png`` grids of at most 10 × 7 cards and a back;
* ``tts``: those sheets plus ``sheets/<game>_<table>.json``, a Tabletop Simulator saved
  object per deck.

``variant`` is a variant file or a Params object (the lab's editor). Besides the card tables,
each game prints the order cards, boards and tokens its rules name. What a game prints is its
own ``printing.py`` (the ``print_decks`` hook of ``core.hooks``, declared in the game's
``hooks``): the export reads it from the registered game, so the registry is the one list of
games and a new game edits nothing here.
Every card shows its ID and a footer with game, variant and a short hash of its data file.
A text that does not fit its box at the template's smallest size is shrunk further and
reported through ``warn`` with the card's ID. Bad input (an unknown placeholder, a missing
template, a variant of another game, an unknown format or language) is one DataError /
ParamError line before any file is written.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from designkit.core.decks import LANGS, Deck, DeckBuilder, NewDeck
from designkit.core.errors import DataError, ParamError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.paths import data_dir
from designkit.core.registry import get_game, list_games
from designkit.export.render import Shape, resolve
from designkit.export.sheets import LAYOUTS, PAPERS, RenderedDeck, page_labels, write_pdf
from designkit.export.staging import Interrupted, staged
from designkit.export.template import Template, load_template
from designkit.export.textfit import subset_font
from designkit.export.tts import all_shapes, card_texts, write_deck

FORMATS = ("pdf", "png", "tts")
MAX_BLEED = 10.0   # mm: more than any print shop asks (3 mm is usual)
__all__ = ["FORMATS", "LANGS", "LAYOUTS", "Interrupted", "cards", "decks", "printable",
           "render_decks", "templates"]


def _stderr(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


Progress = Callable[[str, int, int], None]


def cards(game: str | Game, variant: str | Path | Params | None = None, lang: str = "both",
          out_dir: str | Path = "cards", formats: Iterable[str] = FORMATS, *,
          backs: bool = True, dpi: float = 150, image_url: str | None = None,
          tables: Sequence[str] | None = None, bleed: float = 0.0, layout: str = "duplex",
          show_code: bool = False, warn: Callable[[str], None] = _stderr,
          progress: Progress | None = None) -> list[Path]:
    """Write the print-and-play files of ``game``; returns the written paths.

    Everything is drawn into a temporary folder and moved into ``out_dir`` a unit at a time
    (:mod:`designkit.export.staging`); an interrupt raises :class:`Interrupted` naming the
    units in place. ``progress(what, done, total)`` is called before each step."""
    g = get_game(game)
    fmts = _formats(formats)
    _print_options(bleed, layout)
    want_pdf, want_png = "pdf" in fmts, "png" in fmts or "tts" in fmts
    out = Path(out_dir)
    try:
        if progress:
            progress("drawing the cards", 0, 1)
        rendered = render_decks(g, variant, lang, tables, warn, show_code)
    except KeyboardInterrupt:
        raise Interrupted(out, [], ["the PDFs"] * want_pdf + ["the sheets"] * want_png
                          ) from None
    units = (["the PDFs"] if want_pdf else []) + \
        ([f"the {d.name} sheets" for d, _ in rendered] if want_png else [])
    with staged(out) as stage:
        try:
            for n, unit in enumerate(units):
                if progress:
                    progress(unit, n, len(units))
                if unit == "the PDFs":
                    stage.commit(unit, _pdfs(g, [r for r, _ in rendered], stage.tmp, backs,
                                             bleed, layout))
                    continue
                deck, texts = rendered[n - want_pdf]
                stage.commit(unit, write_deck(stage.tmp / "sheets", deck, texts, dpi,
                                              image_url, tts="tts" in fmts))
        except KeyboardInterrupt:
            raise Interrupted(out, stage.done, units[len(stage.done):]) from None
        if progress:
            progress("done", len(units), len(units))
        return [Path(out_dir) / p.relative_to(stage.out) for p in stage.written]


def _print_options(bleed: float, layout: str) -> None:
    if layout not in LAYOUTS:
        raise ParamError("layout", f"{layout!r}; choose {' or '.join(LAYOUTS)}")
    if not 0 <= bleed <= MAX_BLEED:
        raise ParamError("bleed", f"{bleed:g} mm; give 0 to {MAX_BLEED:g} (3 is usual)")


def _pdfs(g: Game, rendered: list[RenderedDeck], out: Path, backs: bool, bleed: float,
          layout: str) -> list[Path]:
    title = f"{g.title} / {g.title_ja} · print and play"
    chars = [title] + [page_labels(d) for d in rendered]
    chars += [run[2] for d in rendered for s in all_shapes(d) for run in s.runs]
    with tempfile.TemporaryDirectory(prefix="designkit-cards-") as tmp:
        font = subset_font(chars, Path(tmp))
        return [write_pdf(out / f"{g.name}_{paper}.pdf", paper, rendered, backs, title, font,
                          bleed, layout)
                for paper in PAPERS]


def exporter(game: Game) -> Callable[[Any, NewDeck], list[Deck]] | None:
    """``game``'s ``decks(params, new)``: the ``print_decks`` hook its ``printing.py``
    declares (``core.hooks``), else ``None`` (nothing to print)."""
    declared = getattr(game, "print_decks", None)
    return declared if callable(declared) else None


def printable(game: str | Game) -> bool:
    """Whether the game has card tables to print (the lab shows its button only then)."""
    return exporter(get_game(game)) is not None


def _formats(formats: Iterable[str]) -> set[str]:
    fmts = {f.strip().lower() for f in formats if f.strip()}
    bad = sorted(fmts - set(FORMATS))
    if bad or not fmts:
        raise ParamError("formats", f"{', '.join(bad) or 'nothing'} given; choose from "
                                    f"{', '.join(FORMATS)}")
    return fmts


def decks(game: str | Game, variant: str | Path | Params | None = None, lang: str = "both",
          show_code: bool = False) -> list[Deck]:
    """The game's decks with every card's fields (what the templates may name)."""
    g = get_game(game)
    if lang not in LANGS:
        raise ParamError("lang", f"{lang!r}; choose ja, en or both")
    make = exporter(g)
    if make is None:
        raise ParamError("game", f"{g.name} has no printable card tables (known: "
                                 f"{', '.join(o.name for o in list_games() if printable(o))})")
    params, name = _params(g, variant)

    def new(table: str, title: tuple[str, str], source: Path) -> DeckBuilder:
        return DeckBuilder(g.name, (g.title, g.title_ja), name, lang, table, title, source,
                           show_code=show_code)

    return make(params, new)


def _params(g: Game, variant: str | Path | Params | None) -> tuple[Params, str]:
    """The parameters and the footer's variant name: a named variant or a variant file
    (through :func:`~designkit.core.variants.load_variant`, as every command reads
    ``--variant``: a typo lists the known names), Params (the lab's editor: ``draft`` when
    unchanged, else ``edited``) or the draft."""
    if isinstance(variant, Params):
        if not isinstance(variant, g.params_type):
            raise ParamError("variant", f"parameters of another game "
                                        f"({type(variant).__name__}), not {g.name}'s")
        return variant, "draft" if variant == g.params_type() else "edited"
    if variant:
        from designkit.core.variants import load_variant

        named = load_variant(g.params_type, variant)
        return named.params, named.name
    return g.params_type(), "draft"


def template_dir(game: str) -> Path:
    return data_dir(game) / "cards"


def templates(deck: Deck) -> tuple[Template, Template | None]:
    """The deck's face template and its back (``<table>.back.svg``, else ``back.svg``,
    else none); both checked against the deck's fields."""
    folder = template_dir(deck.game)
    face = load_template(folder / f"{deck.table}.svg")
    face.check(deck.fields)
    back_path = next((p for p in (folder / f"{deck.table}.back.svg", folder / "back.svg")
                      if p.is_file()), None)
    back = load_template(back_path) if back_path else None
    if back is not None:
        back.check(deck.back)
        if (back.width, back.height) != (face.width, face.height):
            raise DataError(str(back.path), f"a {back.width:g}×{back.height:g} mm back for "
                                            f"{face.width:g}×{face.height:g} mm cards: give "
                                            f"{deck.table}.back.svg the face's size")
    return face, back


def render_decks(game: str | Game, variant: str | Path | Params | None = None,
                 lang: str = "both",
                 tables: Sequence[str] | None = None,
                 warn: Callable[[str], None] = _stderr, show_code: bool = False
                 ) -> list[tuple[RenderedDeck, list[tuple[str, str]]]]:
    """Every deck resolved into shapes (and TTS texts per physical card); templates are
    all checked before the first card is resolved."""
    all_decks = decks(game, variant, lang, show_code)
    if tables is not None:
        unknown = sorted(set(tables) - {d.table for d in all_decks})
        if unknown:
            raise ParamError("tables", f"{', '.join(unknown)} unknown; this game has "
                                       f"{', '.join(d.table for d in all_decks)}")
        all_decks = [d for d in all_decks if d.table in tables]
    pairs = [(d, *templates(d)) for d in all_decks]
    return [_render(d, face, back, warn) for d, face, back in pairs]


def _render(deck: Deck, face: Template, back: Template | None,
            warn: Callable[[str], None]) -> tuple[RenderedDeck, list[tuple[str, str]]]:
    shapes: dict[str, tuple[Shape, ...]] = {}
    for card in deck.cards:
        where = f"{deck.game} {deck.table} card {card.id}"
        shapes[card.id] = tuple(resolve(face, card.fields, where, warn))
    back_shapes = (tuple(resolve(back, deck.back, f"{deck.game} {deck.table} back", warn))
                   if back else None)
    label = f"{deck.back.get('game_en', deck.game)} · {deck.title_en} / {deck.title_ja}"
    faces = tuple((c.id, shapes[c.id]) for c in deck.faces())
    texts = [card_texts(c.fields) for c in deck.faces()]
    return (RenderedDeck(f"{deck.game}_{deck.table}", label, face.width, face.height, faces,
                         back_shapes), texts)
