"""Issue 23: ``designkit/cli.py`` only parses arguments and prints. The commands are a table
and every handler hands its options to one library function, so the module stays small;
these checks keep it from growing back into a module that runs games itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import designkit.cli as cli
from designkit.cli_table import COMMANDS
from designkit.sim import runner

ONCE = ["check_games", "check_seed", "get_game", "make_agents"]

SOURCE = Path(cli.__file__)
#: the CLI and the library modules it was split into (issue 23)
SPLIT = [SOURCE, *(SOURCE.parent / n for n in ("cli_types.py", "cli_table.py",
                                               "dashboard_process.py")),
         *sorted((SOURCE.parent / "commands").glob("*.py"))]


def _long_functions(path: Path, most: int = 30) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.name}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > most]


def test_cli_is_at_most_300_lines():
    lines = len(SOURCE.read_text(encoding="utf-8").splitlines())
    assert lines <= 300, f"designkit/cli.py has {lines} lines: move the work to a library module"


def test_no_function_of_the_cli_or_its_commands_is_over_30_lines():
    long = [f for path in SPLIT for f in _long_functions(path)]
    assert not long, "functions over 30 lines: " + ", ".join(long)


def test_tune_is_short_and_takes_an_options_object():
    from designkit.analysis import tune

    path = Path(tune.__file__)
    assert not [f for f in _long_functions(path) if " tune (" in f]
    names = [a for a in tune.tune.__code__.co_varnames[:tune.tune.__code__.co_argcount]]
    assert names == ["game", "target", "options"]


def test_the_parser_is_the_table_and_every_handler_exists():
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert list(sub.choices) == [c.name for c in COMMANDS]  # type: ignore[attr-defined]
    for command in COMMANDS:
        assert callable(getattr(cli, command.handler)), command.handler


def test_players_reaches_the_params_as_an_int_not_text():
    """``--players 4`` is an int from the command line to the engine (no str round trip)."""
    from designkit.commands.setup import Setup

    _, params = Setup("crossroads", players=4).resolve()
    assert params.players == 4 and type(params.players) is int  # type: ignore[attr-defined]


def _count_checks(monkeypatch, modules) -> list[str]:
    """Calls of check_games, check_seed, get_game (by name: a Game passes through) and
    make_agents (building the seats' agents)."""
    calls: list[str] = []
    for module in (*modules, runner):
        for name in ("check_games", "check_seed", "get_game", "make_agents"):
            real = getattr(module, name, None)
            if real is None:
                continue

            def counted(*args, _real=real, _name=name, **kwargs):
                if _name != "get_game" or isinstance(args[0], str):
                    calls.append(_name)
                return _real(*args, **kwargs)

            monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize("games, workers, trace", [(2, None, False), (40, 1, False),
                                                   (40, 1, True)])
def test_simulate_checks_and_builds_the_agents_once(monkeypatch, games, workers, trace):
    """The pilot's games (2), or many serial batches (40 games, 8 batches), traced or not:
    one lookup of the game, one check of the count and seed, one set of agents."""
    from designkit.sim import many, simulate

    calls = _count_checks(monkeypatch, (many, sys.modules["designkit.sim.simulate"]))
    res = simulate("crossroads", games, workers=workers, trace=trace, progress=False)
    assert res.n_games == games
    assert sorted(calls) == ONCE


def test_the_simulate_command_checks_them_once_too(monkeypatch, capsys):
    from designkit.commands import runs, setup
    from designkit.sim import many

    calls = _count_checks(monkeypatch, (many, sys.modules["designkit.sim.simulate"], runs,
                                        setup))
    assert cli.main(["simulate", "crossroads", "--games", "2", "--quiet"]) == 0
    assert sorted(calls) == ONCE
