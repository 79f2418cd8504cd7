"""The command line and records for Little Witch Academia: a whole game rule by rule in
English and Japanese, and a saved record that replays exactly."""

from __future__ import annotations

from designkit.cli import main


def test_play_prints_a_whole_game_rule_by_rule(capsys) -> None:  # noqa: ANN001
    assert main(["play", "witch_academy", "--players", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for rule in ("LW-2.6", "LW-3.4", "LW-5.1", "LW-10.2", "LW-11.5", "LW-12.2", "LW-12.3"):
        assert f"{rule}: " in out
    assert " picks " in out     # the CLI prints the designer's view: every pick in full
    assert "ranking: " in out and "winner: " in out


def test_play_in_japanese(capsys) -> None:  # noqa: ANN001
    assert main(["play", "witch_academy", "--players", "3", "--seed", "1", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "ドラフト" in out and "課題" in out and "レガシー" in out


def test_record_replays_exactly(tmp_path, capsys) -> None:  # noqa: ANN001
    path = tmp_path / "game.json"
    assert main(["play", "witch_academy", "--players", "5", "--seed", "2", "--agents",
                 "greedy,random,random,random,random", "--record", str(path)]) == 0
    assert main(["replay", str(path)]) == 0
    assert "replay OK" in capsys.readouterr().out
