"""``designkit new-game NAME [--players 2-4] [--dir FOLDER]``: the skeleton of a new game.

It writes a small complete game the way docs/ADDING_A_GAME.md teaches (params with one
variant switch, state, flow, observation and determinisation, the JSON form, invariants, a
board, the bots' estimate, printable cards, ``rules.csv``, a card table, a named variant and
its own rule tests) as a distribution of its own under FOLDER/NAME (default: the current
folder), so the designer rewrites a game that already plays, simulates, replays and prints
rule by rule instead of starting from an empty folder. ``pip install -e FOLDER/NAME`` in
designkit's environment declares it by its entry point; nothing in designkit is edited.

The skeleton's files are templates under ``skeleton/`` written for a game called
``newgame`` (``NewGame`` in class names, ``NG-`` in rule IDs); writing one replaces those
three words, so the templates stay readable Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from designkit.core.errors import ParamError

#: a package name short enough for every line of the skeleton to stay within 100 columns
NAME = re.compile(r"[a-z][a-z0-9_]{1,11}")
PLAYERS = re.compile(r"([1-9])-([1-9])")
#: what the skeleton's deck can serve: 8 cards × 2 copies, up to 4 cards a hand
MOST_PLAYERS = 4


@dataclass(frozen=True)
class Skeleton:
    """What a new game's skeleton is called and for how many players."""

    name: str
    low: int = 2
    high: int = 4

    @property
    def camel(self) -> str:
        return "".join(part.capitalize() for part in self.name.split("_"))

    @property
    def prefix(self) -> str:
        """The rule-ID prefix: the initials of the name's words, or its first two letters."""
        words = [w for w in self.name.split("_") if w]
        letters = "".join(w[0] for w in words) if len(words) > 1 else self.name[:2]
        return letters.upper()

    @property
    def title(self) -> str:
        return " ".join(part.capitalize() for part in self.name.split("_"))

    def fill(self, text: str) -> str:
        default = min(max(3, self.low), self.high)
        for old, new in (("NewGame", self.camel), ("New Game", self.title),
                         ("newgame", self.name), ("NG-", f"{self.prefix}-"),
                         ("test_ng", f"test_{self.prefix.lower()}"),
                         ("PLAYERS_DEFAULT", str(default)), ("PLAYERS_LO", str(self.low)),
                         ("PLAYERS_HI", str(self.high))):
            text = text.replace(old, new)
        return text


def parse_players(text: str) -> tuple[int, int]:
    found = PLAYERS.fullmatch(text.strip())
    if not found or not 1 <= int(found[1]) <= int(found[2]) <= MOST_PLAYERS:
        raise ParamError("--players", f"{text!r}: give a range LOW-HIGH within 1-{MOST_PLAYERS}"
                                      f" (the skeleton's deck deals at most {MOST_PLAYERS} hands)")
    return int(found[1]), int(found[2])


def plan(skeleton: Skeleton, folder: Path) -> dict[Path, str]:
    """Every file of the skeleton: its path under ``folder`` → its text."""
    root = Path(str(resources.files("designkit.commands") / "skeleton"))
    where = {"game": Path(skeleton.name), "data": Path("data") / skeleton.name,
             "tests": Path("tests"), ".": Path()}
    out: dict[Path, str] = {}
    for path in sorted(root.rglob("*.tmpl")):
        top, *rest = path.relative_to(root).parts
        if not rest:                     # pyproject.toml.tmpl, at the top
            top, rest = ".", [top]
        name = Path(*rest).as_posix().removesuffix(".tmpl").replace("test_rules",
                                                                   f"test_{skeleton.name}")
        text = skeleton.fill(path.read_text(encoding="utf-8"))
        out[folder / where[top] / name] = wrap_imports(text) if name.endswith(".py") else text
    return out


def wrap_imports(text: str, width: int = 100) -> str:
    """A ``from … import a, b`` line that a long name made wider than ``width``, written
    one name a line in parentheses, as ruff's import sorting wants it."""
    out = []
    for line in text.splitlines(keepends=True):
        head, sep, names = line.rstrip("\n").partition(" import ")
        if len(line.rstrip("\n")) > width and line.startswith("from ") and sep \
                and "(" not in names:
            items = "".join(f"    {n.strip()},\n" for n in names.split(","))
            line = f"{head} import (\n{items})\n"
        out.append(line)
    return "".join(out)


def new_game(name: str, players: str = "2-4", folder: Path | str = ".") -> list[Path]:
    """Write the skeleton of game ``name`` under ``folder/name``; returns the files written.
    Refuses (one line, nothing written) a bad name, a bad range or a folder in the way."""
    if not NAME.fullmatch(name):
        raise ParamError("NAME", f"{name!r}: 2-12 lower-case letters, digits and _, starting "
                                 "with a letter (it becomes the package and the game's name)")
    low, high = parse_players(players)
    target = Path(folder) / name
    if target.exists():
        raise ParamError("--dir", f"{target} exists already: choose another NAME or folder")
    files = plan(Skeleton(name, low, high), target)
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(files)
