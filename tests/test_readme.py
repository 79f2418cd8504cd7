"""The README tells today's truth (issue 25): the commands it shows are the CLI's, every CLI
command is in it, and it names no registered game as not yet playable.

The command list comes from ``designkit --help`` (argparse's ``{games,play,...}``), so a
command added, renamed or dropped makes this fail until the README says so.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from designkit.core.registry import list_games

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

# What a sentence says of a game that is not playable yet.
NOT_YET = re.compile(r"not (yet )?playable|the others follow|others? (will )?follow|"
                     r"\bcoming\b|\bplanned\b|not yet (implemented|available|written)|"
                     r"\bto follow\b|\bsoon\b|\bwork in progress\b|\bWIP\b", re.IGNORECASE)


def cli_commands() -> set[str]:
    """The subcommands ``designkit --help`` lists."""
    out = subprocess.run([sys.executable, "-m", "designkit.cli", "--help"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    found = re.search(r"\{([a-z0-9_,-]+)\}", out)
    assert found, f"no {{command,...}} list in designkit --help:\n{out}"
    return set(found.group(1).split(","))


def readme_commands(text: str) -> set[str]:
    """``designkit WORD`` where the README shows a command: a line of a shell code block or
    an inline code span that starts with it (prose such as "designkit turns a draft", and
    Python's ``from designkit import ...``, are not commands)."""
    blocks = [body for lang, body in re.findall(r"```([a-z]*)\n(.*?)```", text, re.DOTALL)
              if lang in ("", "sh", "shell", "bash", "console")]
    lines = [line for body in blocks for line in body.splitlines()]
    spans = re.findall(r"`([^`]+)`", re.sub(r"```.*?```", "", text, flags=re.DOTALL))
    command = re.compile(r"^\s*(?:\$\s*)?(?:\S*/)?designkit\s+([a-z][a-z0-9_-]*)")
    return {m.group(1) for m in map(command.match, lines + spans) if m}


def paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]


def game_names(game: object) -> list[str]:
    return [n for n in (game.title, game.title_ja, game.name) if n]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def readme() -> str:
    return README.read_text(encoding="utf-8")


def test_every_cli_command_is_in_the_readme_and_no_other(readme: str) -> None:
    have, shown = cli_commands(), readme_commands(readme)
    assert have, "designkit --help lists no command"
    assert not have - shown, f"CLI commands the README never shows: {sorted(have - shown)}"
    assert not shown - have, f"README shows commands the CLI lacks: {sorted(shown - have)}"


def test_the_readme_names_every_registered_game(readme: str) -> None:
    missing = [g.name for g in list_games() if not any(n in readme for n in game_names(g))]
    assert not missing, f"registered games the README does not name: {missing}"


def test_no_registered_game_is_called_not_yet_playable(readme: str) -> None:
    """Every registered game plays (the contract suite checks it); a paragraph naming one
    of them beside "the others follow" or "not yet playable" is out of date."""
    stale = []
    for para in paragraphs(readme):
        said = NOT_YET.search(para)
        named = [g.name for g in list_games() if any(n in para for n in game_names(g))]
        if said and named:
            stale.append(f"{said.group(0)!r} beside {named}: {para[:160]}")
    assert not stale, "the README calls registered games not yet playable:\n" + "\n".join(stale)


def test_the_checks_catch_what_they_are_for() -> None:
    """The parsers above on text the README must never hold (so the tests can fail)."""
    old = ("The first games are Crossroads (クロスロード) and Classic Hero (王道勇者). "
           "Crossroads is playable today; the others follow.")
    assert NOT_YET.search(old)
    shown = readme_commands("```sh\ndesignkit play x\n.venv/bin/designkit variants x\n```\n"
                            "```python\nfrom designkit import get_game\n```\n"
                            "designkit turns a draft into an engine; `designkit\n  games`.")
    assert shown == {"play", "variants", "games"}
