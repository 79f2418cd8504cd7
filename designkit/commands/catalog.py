"""``designkit games`` and ``designkit playthroughs``: what is registered, and the golden
playthrough files checked or regenerated."""

from __future__ import annotations

from pathlib import Path

from designkit.commands.output import TERMINAL, Output
from designkit.core.errors import DesignkitError
from designkit.core.registry import list_games


def game_lines() -> list[str]:
    """One line per registered game: name, titles, player range."""
    return [f"{game.name:<16}{game.title} / {game.title_ja}  "
            f"({game.min_players}–{game.max_players} players)" for game in list_games()]


def playthroughs(game: str | None = None, check: bool = False, folder: Path | None = None,
                 out: Output = TERMINAL) -> int:
    """Regenerate the golden playthroughs (all games or one); with ``check`` compare them
    with the files instead and print the differences (exit 1 when some differ).
    ``folder`` (``--dir``) holds the files instead of designkit's ``tests/playthroughs``:
    a game outside this repository keeps its golden files in its own tests."""
    from designkit.analysis.playthrough import write_playthroughs

    games = [game] if game else None
    if check:
        return _check_playthroughs(games, folder, out)
    return out.say_all(f"{'updated' if changed else 'unchanged'}  {path}"
                       for path, changed in write_playthroughs(games, folder))


def _check_playthroughs(games: list[str] | None, folder: Path | None, out: Output) -> int:
    """``--check``: each file against the game played now; the differences, exit 1."""
    from designkit.analysis.playthrough import (
        all_playthroughs,
        playthrough_diff,
        playthrough_path,
        playthrough_text,
    )

    if folder is not None and not folder.is_dir():
        raise DesignkitError(f"--dir {folder}: no such folder (write the files first, "
                             f"without --check)")
    bad = 0
    for name, players in all_playthroughs(games):
        path = playthrough_path(name, players, folder)
        now = playthrough_text(name, players)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old != now:
            bad += 1
            out.say(playthrough_diff(old, now, path.name))
    out.say(f"{bad} playthrough(s) differ" if bad else "all playthroughs match")
    return 1 if bad else 0
