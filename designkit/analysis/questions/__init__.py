"""The drafts' own questions, answered with numbers (issue 14 item 4).

One module per game (``crossroads``, ``rolling_stone``, ``witch_academy``,
``classic_hero``) turns the questions its draft raises into :class:`Answer` objects: the
designer's words (Japanese quote and English), a plotly chart with 95% intervals from a
seeded simulation with the bots, and a one-line reading generated from the numbers. The
notebooks ``notebooks/questions_<game>.ipynb`` call them question by question; the
dashboard pages call :func:`page`.
"""

from __future__ import annotations

from types import ModuleType

from designkit.analysis.questions.common import Answer, Question

GAMES = ("crossroads", "rolling_stone", "witch_academy", "classic_hero")


def module(game: str) -> ModuleType:
    """The questions module of ``game`` (one of :data:`GAMES`)."""
    if game not in GAMES:
        from designkit.core.errors import DesignkitError

        raise DesignkitError(f"no design questions for {game!r}; games with questions: "
                             + ", ".join(GAMES))
    # plain imports (made on first use: each runs simulations' imports), so the import
    # graph shows them; a per-game module moving into its game's package is issue 41's rest
    from designkit.analysis.questions import (
        classic_hero,
        crossroads,
        rolling_stone,
        witch_academy,
    )

    return {"crossroads": crossroads, "rolling_stone": rolling_stone,
            "witch_academy": witch_academy, "classic_hero": classic_hero}[game]


def answers(game: str, **settings: object) -> list[Answer]:
    """Every question of ``game``'s draft, answered; ``settings`` go to the module's
    ``answer_all`` (``n_games``, ``seed``, ...)."""
    return list(module(game).answer_all(**settings))


__all__ = ["GAMES", "Answer", "Question", "answers", "module"]
