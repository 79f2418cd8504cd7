"""How a game's flow goes from one rule to the next, counted (issue 41: one idiom).

On the core flow a task says what comes next by *pushing* it (``push(st, ("round", r +
1))``): the stack then says what the game will do, a saved game resumes mid-turn, and a
reader follows one rule per task. An answer's applier (a decision's or a chance step's) may
instead *go straight on* (the core's docstring, :mod:`designkit.core.flow`): call the task
that comes next and return its result (``return end_step(st)``), which saves the push, the
pop and a pass through ``run`` per step; the stack says the same at every question.
This module reads a game package's source (never imports it) and counts the three: a
handler is a function registered on the flow (``@task``/``@FLOW.task``, ``@decision``,
``@chance`` and their ``FLOW.``-prefixed forms); a *push* is a call of ``push`` (or of a
game's one-task ``then``); a call of a task's function from another function of the
package is *going straight on* when the caller is an applier or a helper only appliers
reach, and a *direct call* otherwise (a task, or a helper a task reaches, calling the next
task: what the one idiom forbids). ``python scripts/flow_idioms.py`` prints the table for
every game package under designkit/games and any folders given.
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
    #: the calls of a task from an applier (or a helper only appliers reach), same form
    straight: tuple[str, ...] = ()

    @property
    def direct_calls(self) -> int:
        return len(self.direct)

    @property
    def straight_on(self) -> int:
        return len(self.straight)


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


def _reached(starts: set[str], calls: dict[str, set[str]], tasks: set[str]) -> set[str]:
    """``starts`` and the package's functions they call, transitively, short of a task
    (what a called task does is that task's own)."""
    seen, todo = set(starts), list(starts)
    while todo:
        for callee in calls.get(todo.pop(), ()):
            if callee in calls and callee not in tasks and callee not in seen:
                seen.add(callee)
                todo.append(callee)
    return seen


def count_package(folder: Path) -> Idioms:
    """The two idioms in one game package (every ``*.py`` in ``folder``)."""
    trees = {p.name: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.py"))}
    handlers: dict[str, tuple[str, ast.FunctionDef]] = {}
    tasks: set[str] = set()
    for module, tree in trees.items():
        found, module_tasks = _handlers(tree)
        handlers.update({name: (module, fn) for name, fn in found.items()})
        tasks |= module_tasks
    pushes = 0
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _decorator_name(node.func) in PUSHES:
                pushes += 1
    calls: dict[str, set[str]] = {}
    sites: list[tuple[str, int, str, str]] = []   # (module, line, caller, task called)
    for module, tree in trees.items():
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            mine = calls.setdefault(fn.name, set())
            for node in ast.walk(fn):
                if isinstance(node, ast.Call):
                    callee = _decorator_name(node.func)
                    mine.add(callee)
                    if callee in tasks and callee != fn.name:
                        sites.append((module, node.lineno, fn.name, callee))
    from_tasks = _reached(tasks, calls, tasks)
    from_appliers = _reached(set(handlers) - tasks, calls, tasks)
    direct, straight = [], []
    for module, line, caller, callee in sites:
        going_on = caller in from_appliers and caller not in from_tasks
        (straight if going_on else direct).append(f"{module}:{line} {caller} -> {callee}")
    return Idioms(folder.name, len(handlers), pushes, tuple(sorted(direct)),
                  tuple(sorted(straight)))


def count_games(folders: Iterable[Path]) -> list[Idioms]:
    return [count_package(f) for f in folders if (f / "__init__.py").exists()]


def main(argv: list[str] | None = None) -> int:
    games = Path(__file__).resolve().parents[1] / "designkit" / "games"
    folders = sorted(games.iterdir()) + [Path(a) for a in (argv or [])]
    print(f"{'game':16} {'handlers':>8} {'pushes':>7} {'straight on':>12} {'direct calls':>13}")
    for row in count_games(folders):
        print(f"{row.game:16} {row.handlers:8} {row.pushes:7} {row.straight_on:12} "
              f"{row.direct_calls:13}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
