"""Golden playthroughs (OpenSpiel style): every registered game and player count replays
exactly as recorded in ``tests/playthroughs/``. After an intended rules change, run
``designkit playthroughs`` and review the diff of the files."""

from __future__ import annotations

import pytest

from designkit.analysis.playthrough import (
    all_playthroughs,
    playthrough_diff,
    playthrough_path,
    playthrough_text,
    write_playthroughs,
)
from designkit.cli import main


@pytest.mark.parametrize("game, players", all_playthroughs())
def test_playthrough_matches_golden_file(game, players):
    path = playthrough_path(game, players)
    if not path.exists():
        pytest.fail(f"{path.name} is missing: run `designkit playthroughs --game {game}` and "
                    "commit the file")
    golden = path.read_text(encoding="utf-8")
    now = playthrough_text(game, players)
    if now != golden:
        pytest.fail(f"{path.name} changed; if intended, run `designkit playthroughs --game "
                    f"{game}` and review the diff:\n{playthrough_diff(golden, now, path.name)}",
                    pytrace=False)


def test_playthrough_content():
    text = playthrough_text("crossroads", 3)
    lines = text.splitlines()
    assert lines[1] == "game: crossroads (Crossroads)" and "players: 3" in lines
    assert "params:" in lines and "  end_hand_sum: 27" in lines
    assert any(line.startswith("  legal actions (") for line in lines)
    assert any(line.startswith("  observation of ") for line in lines)
    assert any(line.startswith("  > CR-") for line in lines)
    assert lines[-1].startswith("end reason: ")
    assert text == playthrough_text("crossroads", 3)  # deterministic


def test_diff_is_readable():
    diff = playthrough_diff("a\nb\nc\n", "a\nB\nc\n", "x.txt")
    assert "-b" in diff and "+B" in diff and "x.txt (golden)" in diff


def test_regenerate_and_check(tmp_path, capsys):
    written = write_playthroughs(["crossroads"], root=tmp_path)
    assert [p.name for p, _ in written] == [f"crossroads_{n}p.txt" for n in (3, 4, 5)]
    assert all(changed for _, changed in written)
    assert not any(changed for _, changed in write_playthroughs(["crossroads"], root=tmp_path))
    assert main(["playthroughs", "--game", "crossroads", "--check"]) == 0
    assert "all playthroughs match" in capsys.readouterr().out
