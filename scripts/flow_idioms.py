"""How a game's flow goes from one rule to the next, counted (issue 41: one idiom).

On the core flow a task or an answer's applier says what comes next by *pushing* it
(``push(st, ("round", r + 1))``): the stack then says what the game will do, a saved game
resumes mid-turn, and a reader follows one rule per task. The other idiom *calls* the next
task's function directly (``return end_step(st)``), which skips a trip through the stack.
This module reads a game package's source (never imports it) and counts both: a handler is
a function registered on the flow (``@task``/``@FLOW.task``, ``@decision``, ``@chance`` and
their ``FLOW.``-prefixed forms); a *direct call* is a call of a task's function from any
other function of the package (a handler, or a helper one calls); a *push* is a call of
``push`` (or of a game's one-task ``then``). ``python -m designkit.core.flow_idioms``
prints the table for every game package under designkit/games and any folders given.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

#: decorators that register a flow handler (bare, or as an attribute of FLOW / a flow)
TASK_DECORATORS = frozenset({"task"})
HANDLER_DECORATORS = frozenset({"task", "decision", "chance"})
#: what pushes: the core's ``push``, and ``then`` (push one task and carry on: Crossroads)
PUSHES = frozenset({"push", "then"})


@dataclass(frozen=True)
class Idioms:
    """One game's count: handlers, pushes, and direct calls with where they are."""

    game: str
    handlers: int
    pushes: int
    direct: tuple[str, ...]    # "module.py:line caller -> callee"

    @property
    def direct_calls(self) -> int:
        return len(self.direct)


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute):
        return target.attr
    return target.id if isinstance(target, ast.Name) else ""


def _handlers(tree: ast.Module) -> tuple[dict[str, ast.FunctionDef], set[str]]:
    """The module's flow handlers by name, and which of them are tasks."""
    handlers: dict[str, ast.FunctionDef] = {}
    tasks: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names = {_decorator_name(d) for d in node.decorator_list}
            if names & HANDLER_DECORATORS:
                handlers[node.name] = node
            if names & TASK_DECORATORS:
                tasks.add(node.name)
    return handlers, tasks


def count_package(folder: Path) -> Idioms:
    """The two idioms in one game package (every ``*.py`` in ``folder``)."""
    trees = {p.name: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.py"))}
    handlers: dict[str, tuple[str, ast.FunctionDef]] = {}
    tasks: set[str] = set()
    for module, tree in trees.items():
        found, module_tasks = _handlers(tree)
        handlers.update({name: (module, fn) for name, fn in found.items()})
        tasks |= module_tasks
    pushes, direct = 0, []
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _decorator_name(node.func) in PUSHES:
                pushes += 1
    for module, tree in trees.items():
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call):
                    callee = _decorator_name(node.func)
                    if callee in tasks and callee != fn.name:
                        direct.append(f"{module}:{node.lineno} {fn.name} -> {callee}")
    return Idioms(folder.name, len(handlers), pushes, tuple(sorted(direct)))


def count_games(folders: Iterable[Path]) -> list[Idioms]:
    return [count_package(f) for f in folders if (f / "__init__.py").exists()]


def main(argv: list[str] | None = None) -> int:
    games = Path(__file__).resolve().parents[1] / "designkit" / "games"
    folders = sorted(games.iterdir()) + [Path(a) for a in (argv or [])]
    print(f"{'game':16} {'handlers':>8} {'pushes':>7} {'direct calls':>13}")
    for row in count_games(folders):
        print(f"{row.game:16} {row.handlers:8} {row.pushes:7} {row.direct_calls:13}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
