"""``designkit new-game`` and docs/ADDING_A_GAME.md, proved (issues 23, 41): the skeleton
is written by the command into a temporary folder, declared by an entry point (a dist-info
folder on ``sys.path``, read by ``importlib.metadata`` like any installed distribution) and
run through the contract suite, its own rule tests, ruff and mypy, the CLI (``play``,
``simulate``, ``replay``, ``cards``), the golden playthroughs, the lab and the dashboard.
The guide's code blocks are excerpts of the skeleton: a guide that no longer matches the
code fails here.
"""

from __future__ import annotations

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
from tests.contract.checklist import problems

GUIDE = REPO_ROOT / "docs" / "ADDING_A_GAME.md"
NAME = "toy_trick"
RULE = "TT"   # the skeleton's rule-ID prefix: the initials of the name's words
FENCE = re.compile(r"^```(\w+)[ \t]*([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
#: the first line that makes a code block an excerpt of a skeleton file: ``# toy_trick/state.py``
FILE_LINE = re.compile(r"# ((?:toy_trick|data|tests)/\S+|pyproject\.toml)")
BIN = Path(sys.executable).parent


def guide_excerpts(text: str) -> list[tuple[str, str]]:
    """(path, code) of every block that starts with ``# path`` or names the path after the
    language (```` ```csv data/toy_trick/rules.csv ````)."""
    found = []
    for _lang, info, body in FENCE.findall(text):
        first, _, rest = body.partition("\n")
        named = FILE_LINE.fullmatch(first.strip())
        if info.strip():
            found.append((info.strip(), body))
        elif named:
            found.append((named.group(1), rest))
    return found


@dataclass
class SkeletonGame:
    root: Path      # the distribution: pyproject.toml, the package, data/, tests/
    site: Path      # on sys.path: the dist-info declaring the entry point
    game: Game

    def env(self) -> dict[str, str]:
        path = os.pathsep.join([str(self.site), str(self.root), str(REPO_ROOT)]
                               + [p for p in [os.environ.get("PYTHONPATH")] if p])
        return dict(os.environ, PYTHONPATH=path)


def write_skeleton(folder: Path) -> tuple[Path, Path]:
    """``designkit new-game`` under ``folder``, and a dist-info declaring its entry point
    as ``pip install -e`` would (``site``)."""
    assert main(["new-game", NAME, "--players", "2-4", "--dir", str(folder)]) == 0
    root, site = folder / NAME, folder / "site"
    declared = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    entry = declared["project"]["entry-points"][registry.GROUP]
    dist = site / f"{NAME}-0.1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {NAME}\nVersion: 0.1.0\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text(
        f"[{registry.GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in entry.items()),
        encoding="utf-8")
    return root, site


def _forget() -> None:
    registry.unregister(NAME)
    for mod in [m for m in sys.modules if m == NAME or m.startswith(f"{NAME}.")]:
        del sys.modules[mod]


@pytest.fixture(scope="module")
def skeleton(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SkeletonGame]:
    root, site = write_skeleton(tmp_path_factory.mktemp("newgame"))
    _forget()
    sys.path[:0] = [str(site), str(root)]
    importlib.invalidate_caches()
    try:
        yield SkeletonGame(root, site, registry.get_game(NAME))
    finally:
        sys.path.remove(str(site))
        sys.path.remove(str(root))
        _forget()


# -- the command -----------------------------------------------------------------------------
def test_new_game_refuses_in_one_line(tmp_path, capsys):
    assert main(["new-game", "Bad-Name", "--dir", str(tmp_path)]) == 2
    assert main(["new-game", "ok_name", "--players", "2-9", "--dir", str(tmp_path)]) == 2
    (tmp_path / "taken").mkdir()
    assert main(["new-game", "taken", "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("designkit: error: ") for line in err), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]   # nothing written


def test_the_skeleton_is_found_by_its_entry_point(skeleton):
    found = {ep.name: ep.value for ep in registry.entry_points(group=registry.GROUP)}
    assert found[NAME] == f"{NAME}:GAME"
    assert Path(inspect.getfile(type(skeleton.game))).is_relative_to(skeleton.root)
    assert (skeleton.game.min_players, skeleton.game.max_players) == (2, 4)


def test_the_skeleton_is_ruff_and_mypy_clean(skeleton):
    """As written, by designkit's own settings (a designer starts from clean code)."""
    config = str(REPO_ROOT / "pyproject.toml")
    ruff = subprocess.run([str(BIN / "ruff"), "check", "--config", config, "."],
                          cwd=skeleton.root, capture_output=True, text=True, timeout=120)
    assert ruff.returncode == 0, ruff.stdout
    mypy = subprocess.run([str(BIN / "mypy"), "--config-file", config, NAME, "tests"],
                          cwd=skeleton.root, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, MYPYPATH=str(REPO_ROOT)))
    assert mypy.returncode == 0, mypy.stdout


def test_the_skeletons_own_rule_tests_pass(skeleton):
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests"], cwd=skeleton.root, env=skeleton.env(),
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:]
    assert " passed" in run.stdout


def test_the_guide_quotes_the_skeleton(skeleton):
    """Every code block of the guide that names a skeleton file is a part of that file."""
    quoted = guide_excerpts(GUIDE.read_text(encoding="utf-8"))
    assert len(quoted) >= 5, "the guide shows the skeleton's files"
    for path, code in quoted:
        target = skeleton.root / path
        assert target.is_file(), f"{GUIDE.name} quotes {path}, which new-game does not write"
        text = target.read_text(encoding="utf-8")
        assert code.strip() in text, f"{GUIDE.name}: the block of {path} is not in the file"


def test_the_skeleton_meets_the_checklist(skeleton):
    """Every row of tests/contract/checklist.py a game outside designkit must meet."""
    assert problems(skeleton.game, built_in=False) == {}


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
def test_the_contract_suite_passes(skeleton, monkeypatch, test, per_count):
    monkeypatch.setattr(contract, "_game", lambda name: registry.get_game(name))
    if per_count:
        for players in player_counts(skeleton.game.params_type):
            test(NAME, players)
    else:
        test(NAME)


# -- the CLI ---------------------------------------------------------------------------------
def test_play_simulate_replay_and_cards_from_the_command_line(skeleton, tmp_path, capsys):
    record = tmp_path / "game.json"
    played = subprocess.run([sys.executable, "-m", "designkit.cli", "play", NAME, "--seed",
                             "3", "--players", "3", "--record", str(record)],
                            env=skeleton.env(), capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    assert f"{RULE}-3" in played.stdout and json.loads(record.read_text())["game"] == NAME
    assert main(["replay", str(record)]) == 0
    assert f"{RULE}-3" in capsys.readouterr().out
    out = tmp_path / "results.csv"
    assert main(["simulate", NAME, "--games", "30", "--workers", "1", "--quiet",
                 "--agents", "greedy,random,mcts:8", "--out", str(out)]) == 0
    assert out.is_file()
    variant = skeleton.root / "data" / NAME / "variants" / "lowest_wins.yaml"
    assert main(["simulate", NAME, "--games", "10", "--workers", "1", "--quiet",
                 "--variant", str(variant)]) == 0
    assert main(["cards", NAME, "--out", str(tmp_path / "cards"), "--format", "pdf,tts"]) == 0
    written = capsys.readouterr().out.split()
    assert any(p.endswith(f"{NAME}_A4.pdf") for p in written)
    assert any(p.endswith(f"{NAME}_cards.json") for p in written)


def test_golden_playthroughs_come_from_the_declaration(skeleton, tmp_path, capsys):
    """The guide's command: the golden files go to the game's own folder (``--dir``), not
    designkit's ``tests/playthroughs``."""
    goldens = tmp_path / "tests" / "playthroughs"
    command = re.search(r"`(designkit playthroughs --game toy_trick --dir [^`]+)`",
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
def test_the_lab_builds_and_a_game_plays_to_the_end_by_clicking(skeleton):
    from designkit_widgets import DesignLab

    lab = DesignLab(NAME)
    stepper = lab.stepper
    clicks = 0
    while not stepper.session.is_over:
        assert clicks < 200, "the game did not end by clicking"
        if stepper.session.human_to_move:
            stepper.action_buttons[-1].click()   # the highest card of the hand
        else:
            stepper.advance_button.click()
        clicks += 1
    assert any(s.seat == 0 for s in stepper.session.steps), "the human seat decided"
    assert f"{RULE}-3" in stepper.log_view.value


# -- the dashboard ---------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_dashboard_serves_the_games_page(skeleton, tmp_path):
    """``designkit dashboard toy_trick``: the generic page, HTTP 200, then Ctrl-C."""
    port = _free_port()
    log = (tmp_path / "out.log").open("w+")
    proc = subprocess.Popen([sys.executable, "-m", "designkit.cli", "dashboard", NAME,
                             "--port", str(port)], env=skeleton.env(), cwd=tmp_path,
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
        assert "Toy Trick" in page
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()   # its server child ends with it (core.lifetime.exit_with_parent)
            raise
        finally:
            log.close()
