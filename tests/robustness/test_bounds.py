"""Issue 22 item 16: card data cannot make a run hang or blow up.

Two bounds, each a one-line error: a card table larger than ``MAX_TABLE_BYTES`` / with more
than ``MAX_ROWS`` rows is refused on load; a position with more options than a limit is
refused instead of enumerated (the core's ``flow.MAX_OPTIONS`` for any decision, and
王道勇者's ``MAX_FORTUNE_WAYS`` for the ways to apply one Fortune, which are counted before
they are listed). Before: Trial Fortunes ``+1/-1/反転/振り直し`` on 8 slots with 8 dice ran
games past 120 s, a 190 MB events.csv took 320 s and 7.2 GB for 2 games.
"""

from __future__ import annotations

import shutil
import time

import pytest

from designkit import cli
from designkit.core import cardtable, flow
from designkit.core.cardtable import Column, load_table
from designkit.core.errors import DataError, DesignkitError
from designkit.core.paths import REPO_ROOT
from designkit.games.classic_hero.notation import (
    MAX_FORTUNE_WAYS,
    FortuneTooLarge,
    fortune_options,
    parse_fortune,
)

WIDE = "・".join(["+1/-1/反転/振り直し"] * 8)


def test_a_huge_table_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "events.csv"
    path.write_text("id,cost\n" + "x" * (cardtable.MAX_TABLE_BYTES + 1), encoding="utf-8")
    start = time.monotonic()
    with pytest.raises(DataError, match=r"events\.csv: 5\.0 MB is larger than a card table"):
        load_table(path, [Column("id"), Column("cost", "int")])
    assert time.monotonic() - start < 1


def test_a_table_with_too_many_rows_is_refused(tmp_path):
    path = tmp_path / "cards.csv"
    rows = "\n".join(f"c{i},1" for i in range(cardtable.MAX_ROWS + 1))
    path.write_text("id,cost\n" + rows + "\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"10,001 rows, more than a card table may hold"):
        load_table(path, [Column("id"), Column("cost", "int")])


def test_a_fortune_with_billions_of_ways_is_counted_not_listed():
    start = time.monotonic()
    with pytest.raises(FortuneTooLarge, match=r"2,642,411,520 ways to apply"):
        fortune_options(parse_fortune(WIDE), (1, 2, 3, 4, 5, 6, 1, 2))
    assert time.monotonic() - start < 0.5
    # the draft's own Fortunes are far below the bound
    assert len(fortune_options(parse_fortune("+1/-1・+1/-2・反転"), (1, 2, 3, 4, 5, 6))) \
        < MAX_FORTUNE_WAYS


def test_the_issues_trial_fortune_is_one_line(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", data)
    monkeypatch.setenv("DESIGNKIT_DATA", str(data))
    path = data / "classic_hero" / "events.csv"
    text = path.read_text(encoding="utf-8")
    lines = [line if ",Trial," not in line else
             line.replace(line.split(",")[3], WIDE, 1) for line in text.split("\n")]
    path.write_text("\n".join(lines), encoding="utf-8")
    start = time.monotonic()
    code = cli.main(["simulate", "classic_hero", "--games", "3", "--quiet", "--set",
                     "starting_dice=8", "--set", "max_dice=8"])
    err = capsys.readouterr().err
    assert code == 2, err
    (line,) = err.strip().splitlines()
    assert "ways to apply, more than the limit" in line and "internal" not in line
    assert time.monotonic() - start < 30


def test_a_decision_with_more_options_than_the_limit(monkeypatch):
    from designkit.agents import make_agents
    from designkit.core.play import play_game
    from designkit.core.registry import get_game

    monkeypatch.setattr(flow, "MAX_OPTIONS", 2)
    game = get_game("crossroads")
    with pytest.raises(DesignkitError, match=r"options for seat \d, more than the limit of 2"):
        play_game(game, game.params_type(), make_agents("random", 4), 1)
