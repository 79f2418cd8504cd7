"""ReviewPanel: the lab's **Review** tab, the design review of ``designkit review GAME``.

One button computes :func:`designkit.analysis.review.review` (every question of
``data/<game>/questions.yaml`` at each player count it concerns, the draft against its
cures on the same seeds, α split over the whole page) in the background and shows the
very page the command writes, in a frame (its own styles stay inside it), with a link to
save it. It reviews the draft and its shipped cures, not the Parameters tab's values: the
questions are about the draft.

Stop takes effect between two questions (a question's comparison runs to its end).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from designkit.analysis.review import Review, review
from designkit.analysis.review_html import render
from designkit.core.game import Game
from designkit.core.limits import check_games, check_seed

from ._util import BackgroundRun, show_message


@dataclass(frozen=True)
class _Job:
    games: int
    seed: int
    second: str | None
    questions: int


class ReviewPanel(BackgroundRun, widgets.VBox):
    """Games per arm, the second bot level, the seed; Run; the page."""

    thread_name = "designkit-review"

    def __init__(self, game: Game | str, params_source: Any = None) -> None:
        super().__init__()
        self._use(game, params_source)
        self.review: Review | None = None
        self.page = ""
        self.games = widgets.BoundedIntText(value=20, min=1, max=1_000_000,
                                            description="Games per arm",
                                            style={"description_width": "initial"})
        self.games.add_class("dk-review-games")
        self.second = widgets.Dropdown(options=[("(one level)", ""), ("search", "search")],
                                       value="", description="Second level",
                                       style={"description_width": "initial"})
        self.second.add_class("dk-review-second")
        self.seed = widgets.BoundedIntText(value=0, min=0, max=2**63 - 1, description="Seed")
        controls = self._run_controls("Questions")
        self.link = widgets.HTML()
        self.link.add_class("dk-review-link")
        self.frame = widgets.HTML()
        self.frame.add_class("dk-review-frame")
        self.children = [
            widgets.HTML("<h3>Design review</h3><div class='dk-help'>Every question of the "
                         "draft on one page: problems ranked by how far the draft misses its "
                         "target, the cures that fix each, what is still undecided and what "
                         "deciding would cost. The draft and its cures, not the Parameters "
                         "tab.</div>"),
            widgets.HBox([self.games, self.second, self.seed],
                         layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px 12px")),
            controls, self.status, self.link, self.frame]
        self.add_class("dk-review")

    def _job(self) -> _Job:
        from designkit.analysis.questions.cures import load_problems

        check_games(self.games.value, name="Games per arm")
        n = sum(len(p.players) for p in load_problems(self.game.name))
        return _Job(self.games.value, check_seed(self.seed.value), self.second.value or None,
                    n)

    def _compute(self, job: _Job) -> Review:
        done = 0

        def step(text: str) -> None:
            nonlocal done
            show_message(self.status, f"reviewing {text} …")
            self._tick(done, job.questions)
            done += 1

        return review(self.game.name, job.games, job.seed, "greedy", job.second, on_run=step)

    def _show(self, job: _Job, out: Review) -> None:
        self._tick(job.questions, job.questions)
        self.review, self.page = out, render(out)
        data = base64.b64encode(self.page.encode("utf-8")).decode("ascii")
        self.link.value = (f"<a download='review_{self.game.name}.html' href='data:text/html;"
                           f"base64,{data}'>Save the page (HTML)</a>")
        self.frame.value = (f"<iframe title='design review' srcdoc='{escape(self.page)}' "
                            "style='width:100%;height:900px;border:1px solid #c9d0dc'>"
                            "</iframe>")
        show_message(self.status, f"{len(out.problems)} problems, {len(out.undecided())} "
                                  f"verdicts still open, family of {out.family} verdicts")


__all__ = ["ReviewPanel"]
