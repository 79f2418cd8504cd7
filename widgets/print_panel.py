"""PrintPanel: the lab's "Print & play" button, for any game with printable card tables.

One click runs :func:`designkit.export.cards` with the parameters being edited (so the
cards carry the numbers the designer is trying; their footer says ``edited``) and offers
the files as download links: the A4 and Letter PDFs, and the Tabletop Simulator folder as
one ZIP. The links carry the files themselves (``data:`` URLs with a ``download`` name),
so they work in Voila and JupyterLab alike, without the server serving any file.
"""

from __future__ import annotations

import base64
import io
import tempfile
import zipfile
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.messages import text_of
from designkit.core.registry import get_game

from ._util import params_of, show_message

MIME = {".pdf": "application/pdf", ".zip": "application/zip"}


class PrintPanel(widgets.VBox):
    """A language choice, a button and, after a click, the download links."""

    def __init__(self, game: Game | str, params_source: Any = None) -> None:
        super().__init__()
        self.game = get_game(game)
        self.params_source = params_source
        self.lang = widgets.ToggleButtons(options=[("日本語 + English", "both"),
                                                   ("日本語", "ja"), ("English", "en")],
                                          value="both", style={"button_width": "auto"})
        self.button = widgets.Button(description="Print & play", icon="print",
                                     button_style="primary")
        self.button.add_class("dk-print-button")
        self.button.on_click(lambda _b: self.export())
        self.message = widgets.HTML()
        # the export takes 6-13 s: each step (drawing the cards, the PDFs, each deck's
        # sheets) moves the bar and names itself, so a click visibly works
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="",
                                            layout=widgets.Layout(display="none",
                                                                  width="320px"))
        self.progress.add_class("dk-print-progress")
        self.step = widgets.HTML()
        self.step.add_class("dk-print-step")
        self.steps_seen: list[str] = []   # what the last export reported, in order
        self.links = widgets.HTML()
        self.links.add_class("dk-print-links")
        self.children = [
            widgets.HTML("<h3>Print &amp; play <span lang='ja' class='dk-help'>印刷して遊ぶ"
                         "</span></h3><div class='dk-help'>Every card of the game's tables as "
                         "print sheets (A4 / Letter, real size, crop marks, backs for "
                         "duplex) and Tabletop Simulator decks, with the current "
                         "parameters.</div>"),
            widgets.HBox([self.lang, self.button]), widgets.HBox([self.progress, self.step]),
            self.message, self.links]
        self.add_class("dk-print")

    def export(self) -> list[tuple[str, bytes]]:
        """Write the files, show their links; returns (file name, bytes) per link."""
        from designkit.export import cards

        params, errors = params_of(self.params_source, self.game)
        if errors:
            show_message(self.message, "fix the parameters first: " + ", ".join(errors),
                         error=True)
            return []
        warnings: list[str] = []
        self.button.disabled = True
        self.links.value = ""
        self.progress.layout.display = ""
        self.steps_seen = []
        try:
            with tempfile.TemporaryDirectory(prefix="designkit-print-") as tmp:
                paths = cards(self.game, variant=params, lang=self.lang.value,
                              out_dir=Path(tmp) / "cards", formats=("pdf", "tts"),
                              warn=warnings.append, progress=self._progress)
                files = _files(Path(tmp) / "cards", paths, self.game.name)
        except DesignkitError as err:
            show_message(self.message, text_of(err), error=True)
            return []
        finally:
            self.button.disabled = False
            self.progress.layout.display = "none"
            self.step.value = ""
        self.links.value = " ".join(_link(name, data) for name, data in files)
        note = f"; {len(warnings)} text(s) printed below their box's size: " if warnings else ""
        show_message(self.message, f"{len(paths)} files written{note}"
                     + "; ".join(warnings[:3]))
        return files


    def _progress(self, what: str, done: int, total: int) -> None:
        """One step of the export: the bar at ``done`` of ``total`` and the step's name."""
        self.steps_seen.append(what)
        self.step.value = (f"<span class='dk-help'>{escape(what)}… ({done}/{total})</span>"
                           if what != "done" else "")
        self.progress.max = max(1, total)
        self.progress.value = done


def _files(folder: Path, paths: list[Path], game: str) -> list[tuple[str, bytes]]:
    """The PDFs as they are, everything of the Tabletop Simulator folder in one ZIP."""
    out = [(p.name, p.read_bytes()) for p in paths if p.suffix == ".pdf"]
    sheets = [p for p in paths if p.parent == folder / "sheets"]
    if sheets:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for p in sheets:
                z.write(p, f"{game}_tts/{p.name}")
        out.append((f"{game}_tts.zip", buf.getvalue()))
    return out


def _link(name: str, data: bytes) -> str:
    mime = MIME.get(Path(name).suffix, "application/octet-stream")
    size = f"{len(data) / 1024:.0f} KB" if len(data) < 1 << 20 else f"{len(data) / 2**20:.1f} MB"
    return (f"<a class='dk-download' download='{escape(name)}' href='data:{mime};base64,"
            f"{base64.b64encode(data).decode()}'>⤓ {escape(name)}</a> "
            f"<span class='dk-help'>({size})</span>")
