"""Issue 22 item 5: tables checked against what the parameters need, per player count,
before any game is played (``Game.table_needs`` → ``core.table_needs``).

Before: Witch Academia's ``areas.csv`` with 3 rows at 4 players was an internal error
(``empty range for randrange()``); 5 exploration cards (12 needed), 10 year-1 events (20
needed), no year-3 events, 3 year-2 assignments (5 on display) all played silently with
fewer cards.
"""

from __future__ import annotations

import csv
import io
import pickle
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from designkit import cli
from designkit.core.errors import DataError
from designkit.core.paths import REPO_ROOT
from designkit.core.registry import get_game
from designkit.core.table_needs import TableNeed, check_table_needs


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", root)
    monkeypatch.setenv("DESIGNKIT_DATA", str(root))
    return root


def _keep(path: Path, keep: Callable[[int, dict], bool]) -> None:
    """Keep the rows for which ``keep(index, row)`` holds."""
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(r for i, r in enumerate(rows) if keep(i, r))
    path.write_text(out.getvalue(), encoding="utf-8")


def _year(y: int, keep: int) -> Callable[[int, dict], bool]:
    seen: dict[str, int] = {}

    def check(i: int, row: dict) -> bool:
        if row["year"] != str(y):
            return True
        seen[row["year"]] = seen.get(row["year"], 0) + 1
        return seen[row["year"]] <= keep
    return check


CASES = {
    "areas": ("areas.csv", lambda i, r: i < 3, "4",
              "areas.csv: 3 Area cards, but 6 are needed (areas_by_players for 4 players"),
    "exploration": ("exploration.csv", lambda i, r: i < 5, "4",
                    "exploration.csv: 5 Exploration cards, but 12 are needed (6 Areas × "
                    "exploration_cards_per_area for 4 players"),
    "exploration_deck": ("exploration.csv", lambda i, r: i < 30, "4",
                         "exploration.csv: 30 Exploration cards, but 45 are needed "
                         "(exploration_deck_size"),
    "year1_events": ("events.csv", _year(1, 10), "4",
                     "events.csv: 10 year-1 event cards, but 20 are needed (4 players × "
                     "draft_hand_size"),
    "no_year3_events": ("events.csv", lambda i, r: r["year"] != "3", "3",
                        "events.csv: 0 year-3 event cards, but 15 are needed"),
    "year2_assignments": ("assignments.csv", _year(2, 3), "4",
                          "assignments.csv: 3 year-2 assignments, but 5 are needed "
                          "(assignments on display for 4 players"),
}


@pytest.mark.parametrize("case", CASES)
def test_short_witch_academia_tables_are_one_line(data, capsys, case):
    file, keep, players, fragment = CASES[case]
    _keep(data / "witch_academy" / file, keep)
    assert cli.main(["play", "witch_academy", "--players", players]) == 2
    err = capsys.readouterr().err
    (line,) = err.strip().splitlines()
    assert fragment in line and "internal error" not in line, line


def test_the_check_is_per_player_count(data, capsys):
    """4 Areas are enough for 3 players (LW-2.1: 4), not for 4 (6)."""
    _keep(data / "witch_academy" / "areas.csv", lambda i, r: i < 4)
    assert cli.main(["play", "witch_academy", "--players", "3"]) == 0
    capsys.readouterr()
    assert cli.main(["play", "witch_academy", "--players", "4"]) == 2
    assert "4 Area cards, but 6 are needed" in capsys.readouterr().err


def test_simulate_checks_before_its_workers_start(data, capsys):
    _keep(data / "witch_academy" / "areas.csv", lambda i, r: i < 3)
    assert cli.main(["simulate", "witch_academy", "--games", "4", "--workers", "2",
                     "--quiet"]) == 2
    assert "3 Area cards, but 6 are needed" in capsys.readouterr().err


def test_the_shipped_tables_meet_every_player_count():
    game = get_game("witch_academy")
    for n in range(game.min_players, game.max_players + 1):
        params = game.params_type(players=n)
        needs = game.table_needs(params)
        assert needs and all(need.found >= need.needed for need in needs)


def test_the_core_check_and_errors_that_cross_processes():
    check_table_needs("toy", [TableNeed("a.csv", "cards", 5, 5, "enough")])
    with pytest.raises(DataError, match=r"toy/b\.csv: 1 tokens, but 2 are needed \(two\)"):
        check_table_needs("toy", [TableNeed("b.csv", "tokens", 1, 2, "two")])
    err = DataError("f.csv", "bad", row=3, column="x")  # raised in a worker, read in the parent
    back = pickle.loads(pickle.dumps(err))
    assert (str(back), back.row, back.column) == (str(err), 3, "x")
