"""Showing the drafts' answered questions in a notebook or a dashboard page.

The engine (``designkit.analysis.questions``) builds :class:`Answer` objects and never
imports Jupyter; displaying them (Markdown for the quote and reading, then the chart) is
the notebook side's job, here.
"""

from __future__ import annotations

from designkit.analysis.questions import Answer, answers


def show(answer: Answer) -> None:
    """Display an answer in a notebook: the quote and reading as Markdown, then the chart."""
    from IPython.display import Markdown, display

    display(Markdown(answer.markdown()))
    answer.figure.show()


def page(game: str, **settings: object) -> list[Answer]:
    """Answer and show every question of ``game``'s draft (a dashboard page); ``settings``
    go to the module's ``answer_all`` (``n_games``, ``seed``, ...)."""
    out = answers(game, **settings)
    for answer in out:
        show(answer)
    return out
