"""The drafts' own questions, answered with numbers (issue 14 item 4).

A game has questions when it ships ``data/<game>/questions.yaml`` (the questions and doubts
as data: :func:`~designkit.analysis.questions.cures.load_problems`); the counts they read
are the game's own, declared in its package (``games/<game>/metrics.py``,
:mod:`designkit.core.metrics`). :func:`games` lists them from the registry, so a new game
with a questions file has questions without a line here.

What stays per game in this package is the bespoke charts (``crossroads``,
``rolling_stone``, ``witch_academy``, ``classic_hero``): the draft's words beside a plotly
chart with 95% intervals and a reading generated from the numbers. They are analysis code
(charts, sweeps, the verdict machinery), which the layers contract keeps out of the game
packages (core < games < ... < analysis), so they cannot move into the games; they are
found by plain imports in :func:`module` (the import graph shows them, no string import).
A game with questions but no chart module gets the generic page: every question's
problem → cure → verdict (:func:`answers`). The notebooks
``notebooks/questions_<game>.ipynb`` call them question by question; the dashboard pages
call :func:`answers`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from designkit.analysis.questions.common import Answer, Question


def games() -> tuple[str, ...]:
    """The registered games that ship ``data/<game>/questions.yaml``, by name."""
    from designkit.core.paths import data_dir
    from designkit.core.registry import list_games

    out = []
    for name in sorted(g.name for g in list_games()):
        try:
            if (data_dir(name) / "questions.yaml").is_file():
                out.append(name)
        except Exception:  # noqa: BLE001 - a game without a data folder has no questions
            continue
    return tuple(out)


def __getattr__(name: str) -> Any:
    """``GAMES``: :func:`games`, read when asked (it lists the registry)."""
    if name == "GAMES":
        return games()
    raise AttributeError(name)


def _chart_modules() -> dict[str, ModuleType]:
    # plain imports (made on first use: each runs simulations' imports), so the import
    # graph shows them
    from designkit.analysis.questions import (
        classic_hero,
        crossroads,
        rolling_stone,
        witch_academy,
    )

    return {m.GAME: m for m in (classic_hero, crossroads, rolling_stone, witch_academy)}


def module(game: str) -> ModuleType:
    """The questions module of ``game`` (its bespoke charts); one line naming the games
    with questions when it has none."""
    charts = _chart_modules()
    if game not in charts:
        from designkit.core.errors import DesignkitError

        raise DesignkitError(f"no design questions for {game!r}; games with questions: "
                             + ", ".join(games()))
    return charts[game]


def answers(game: str, **settings: object) -> list[Answer]:
    """Every question of ``game``'s draft, answered; ``settings`` go to the module's
    ``answer_all`` (``n_games``, ``seed``, ...). A game with a questions file and no
    chart module: each question's cures against the draft (``n_games``, ``seed``)."""
    charts = _chart_modules()
    if game in charts:
        return list(charts[game].answer_all(**settings))
    from designkit.analysis.questions.cures import answer, load_problems, run_cures

    if game not in games():
        module(game)   # the one-line error
    problems = load_problems(game)
    n_games = int(settings.get("n_games", 100))  # type: ignore[call-overload]
    seed = int(settings.get("seed", 2026))  # type: ignore[call-overload]
    out = run_cures(game, problems, n_games, seed)
    return [answer(p, out) for p in problems]


__all__ = ["Answer", "Question", "answers", "games", "module"]
