"""docs/ADDING_A_GAME.md, proved (issue 23): its example game, taken from the guide's code
blocks, is written into a temporary package, registered by an entry point (a dist-info
folder on ``sys.path``, read by ``importlib.metadata`` like any installed distribution) and
run through the contract suite, the CLI, the golden playthroughs, the lab and the dashboard.
A guide that no longer matches the code fails here.
"""

from __future__ import annotations

import ast
import graphlib
import importlib
import inspect
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from designkit.cli import main
from designkit.core import registry
from designkit.core.game import Game
from designkit.core.paths import REPO_ROOT
from designkit.core.seats import player_counts
from tests.contract import test_contract as contract

GUIDE = REPO_ROOT / "docs" / "ADDING_A_GAME.md"
NAME = "high_card"
FENCE = re.compile(r"^```(\w+)[ \t]*([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
#: the first line that makes a code block a file of the example: ``# high_card/state.py``
FILE_LINE = re.compile(r"# ((?:high_card|data)/\S+|pyproject\.toml)")


def guide_files(text: str) -> dict[str, str]:
    """The example's files: path → text, from blocks that start with ``# path`` or name
    the path after the language (```` ```csv data/high_card/rules.csv ````)."""
    files = {}
    for _lang, info, body in FENCE.findall(text):
        named = FILE_LINE.fullmatch(body.split("\n", 1)[0])
        path = info.strip() or (named.group(1) if named else "")
        if path:
            assert path not in files, f"{GUIDE.name}: {path} is written twice"
            files[path] = body
    return files


@dataclass
class GuideGame:
    site: Path      # on sys.path: the package and its dist-info
    data: Path      # DESIGNKIT_DATA
    game: Game

    def env(self) -> dict[str, str]:
        path = os.pathsep.join([str(self.site), str(REPO_ROOT)]
                               + [p for p in [os.environ.get("PYTHONPATH")] if p])
        return dict(os.environ, PYTHONPATH=path, DESIGNKIT_DATA=str(self.data))


def write_package(root: Path) -> tuple[Path, Path]:
    """The guide's files under ``root``: ``site/high_card/``, ``site/*.dist-info`` with the
    guide's entry point, and ``data/high_card/`` in a data folder that links every other
    game's (``DESIGNKIT_DATA``: a designer's copy)."""
    site, data = root / "site", root / "data"
    files = guide_files(GUIDE.read_text(encoding="utf-8"))
    assert {f"high_card/{m}.py" for m in ("__init__", "params", "state", "turn", "serialize",
                                         "rules")} <= set(files), sorted(files)
    for path, body in files.items():
        if path == "pyproject.toml":
            continue
        target = (site if path.startswith("high_card/") else root) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
    for folder in (REPO_ROOT / "data").iterdir():  # the other games' data beside it
        if not (data / folder.name).exists():
            (data / folder.name).symlink_to(folder, target_is_directory=folder.is_dir())
    declared = tomllib.loads(files["pyproject.toml"])["project"]["entry-points"][registry.GROUP]
    dist = site / "high_card_guide-0.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: high-card-guide\n"
                                   "Version: 0.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(
        f"[{registry.GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in declared.items()),
        encoding="utf-8")
    return site, data


def _forget() -> None:
    registry.unregister(NAME)
    for mod in [m for m in sys.modules if m == NAME or m.startswith(f"{NAME}.")]:
        del sys.modules[mod]


@pytest.fixture(scope="module")
def guide(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GuideGame]:
    site, data = write_package(tmp_path_factory.mktemp("guide"))
    _forget()  # the contract suite's own High Card is registered under the same name
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DESIGNKIT_DATA", str(data))
        try:
            game = registry.get_game(NAME)
            yield GuideGame(site, data, game)
        finally:
            sys.path.remove(str(site))
            _forget()


# -- the layout ------------------------------------------------------------------------------
def test_the_guide_layout_imports_one_way():
    """No import circle inside the package: state.py apart from the Game (issue 23)."""
    graph: dict[str, set[str]] = {}
    for path, body in guide_files(GUIDE.read_text(encoding="utf-8")).items():
        if path.startswith("high_card/") and path.endswith(".py"):
            tree = ast.parse(body)
            graph[Path(path).stem] = {n.module for n in ast.walk(tree)
                                      if isinstance(n, ast.ImportFrom) and n.level == 1
                                      and n.module}
    order = list(graphlib.TopologicalSorter(graph).static_order())  # CycleError on a circle
    assert order.index("state") < order.index("turn") < order.index("rules")
    assert not graph["state"] & {"rules", "turn", "serialize"}


def test_the_game_is_found_by_its_entry_point(guide):
    found = {ep.name: ep.value for ep in registry.entry_points(group=registry.GROUP)}
    assert found[NAME] == "high_card:GAME"
    assert Path(inspect.getfile(type(guide.game))).is_relative_to(guide.site)
    assert (guide.game.min_players, guide.game.max_players) == (2, 4)  # asked once: Params


# -- the contract suite, every per-game test of tests/contract/test_contract.py ---------------
def _contract_cases() -> list:
    cases = []
    for name, test in inspect.getmembers(contract, inspect.isfunction):
        if not name.startswith("test_"):
            continue
        args = tuple(inspect.signature(test).parameters)
        if args == ("name",):
            cases.append(pytest.param(test, None, id=name))
        elif args == ("name", "players"):
            cases.append(pytest.param(test, "players", id=name))
    return cases


@pytest.mark.parametrize(("test", "per_count"), _contract_cases())
def test_the_contract_suite_passes(guide, monkeypatch, test, per_count):
    monkeypatch.setattr(contract, "_game", lambda name: registry.get_game(name))
    if per_count:
        for players in player_counts(guide.game.params_type):
            test(NAME, players)
    else:
        test(NAME)


# -- the CLI ---------------------------------------------------------------------------------
def test_play_simulate_and_replay_from_the_command_line(guide, tmp_path, capsys):
    record = tmp_path / "game.json"
    played = subprocess.run([sys.executable, "-m", "designkit.cli", "play", NAME, "--seed",
                             "3", "--players", "3", "--record", str(record)],
                            env=guide.env(), capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    assert "HC-4" in played.stdout and json.loads(record.read_text())["game"] == NAME
    assert main(["replay", str(record)]) == 0
    assert "HC-4" in capsys.readouterr().out
    out = tmp_path / "results.csv"
    assert main(["simulate", NAME, "--games", "30", "--workers", "1", "--quiet",
                 "--out", str(out)]) == 0
    assert out.is_file()


def test_golden_playthroughs_come_from_the_declaration(guide, tmp_path, capsys):
    """The guide's command: the golden files go to the game's own folder (``--dir``), not
    designkit's ``tests/playthroughs``."""
    goldens = tmp_path / "tests" / "playthroughs"
    command = re.search(r"`(designkit playthroughs --game high_card --dir [^`]+)`",
                        GUIDE.read_text(encoding="utf-8"))
    assert command, "the guide names the command that writes a game's golden files"
    argv = command.group(1).split()[1:]
    assert argv[-1] == "tests/playthroughs"
    assert main([*argv[:-1], str(goldens)]) == 0
    assert sorted(p.name for p in goldens.iterdir()) == [f"{NAME}_{n}p.txt" for n in (2, 3, 4)]
    assert main([*argv[:-1], str(goldens), "--check"]) == 0
    assert "all playthroughs match" in capsys.readouterr().out
    assert not any(p.name.startswith(NAME) for p in (REPO_ROOT / "tests" / "playthroughs")
                   .iterdir())


# -- the lab ---------------------------------------------------------------------------------
def test_the_lab_builds_and_a_game_plays_to_the_end_by_clicking(guide):
    from designkit_widgets import DesignLab

    lab = DesignLab(NAME)
    stepper = lab.stepper
    clicks = 0
    while not stepper.session.is_over:
        assert clicks < 200, "the game did not end by clicking"
        if stepper.session.human_to_move:
            stepper.action_buttons[-1].click()   # redraw while it can, then keep
        else:
            stepper.advance_button.click()
        clicks += 1
    assert any(s.seat == 0 for s in stepper.session.steps), "the human seat decided"
    assert "HC-4" in stepper.log_view.value


# -- the dashboard ---------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_dashboard_serves_the_games_page(guide, tmp_path):
    """``designkit dashboard high_card``: the generic page, HTTP 200, then Ctrl-C."""
    port = _free_port()
    log = (tmp_path / "out.log").open("w+")
    proc = subprocess.Popen([sys.executable, "-m", "designkit.cli", "dashboard", NAME,
                             "--port", str(port)], env=guide.env(), cwd=tmp_path,
                            stdout=log, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        url, deadline = None, time.monotonic() + 60
        while url is None and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.3)
            log.seek(0)
            found = re.search(r"Design lab: (http://127\.0\.0\.1:\d+/\S+)", log.read())
            url = found.group(1) if found else None
        log.seek(0)
        assert url == f"http://127.0.0.1:{port}/voila/render/game_lab.ipynb?game={NAME}", \
            log.read()
        with urllib.request.urlopen(url, timeout=60) as resp:
            assert resp.status == 200
            page = resp.read().decode("utf-8", "replace")
        assert "High Card" in page
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()   # its server child ends with it (core.lifetime.exit_with_parent)
            raise
        finally:
            log.close()
