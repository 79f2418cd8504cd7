"""``designkit play --from results.csv --game-id N`` replays that game rule by rule.

The replay prints what ``designkit play <game> --seed <its seed> --agents ... --set ...``
prints (after one line naming the file and game), and ends with the row's scores.
"""

from __future__ import annotations

import shlex

import pandas as pd
import pytest

from designkit.cli import main
from designkit.core.registry import get_game
from designkit.sim import simulate
from designkit.sim.results_file import game_from_results, play_command

AGENTS = "greedy,random,random"


@pytest.fixture(scope="module")
def results_csv(tmp_path_factory):
    params = get_game("crossroads").params_type(players=3, vp_per_hand_card=-2)
    res = simulate("crossroads", 5, params=params, agents=AGENTS, seed=9, progress=False)
    return res.to_file(tmp_path_factory.mktemp("play_from") / "results.csv")


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game_id", [1, 3])
def test_replay_equals_play_with_that_seed_and_ends_with_the_rows_scores(capsys, results_csv,
                                                                         game_id):
    table = pd.read_csv(results_csv)
    rows = table[table.game_id == game_id].sort_values("seat")
    seed = int(rows["seed"].iloc[0])
    code, replay, err = _run(capsys, ["play", "--from", str(results_csv), "--game-id",
                                      str(game_id)])
    assert code == 0 and err == ""
    lines = replay.splitlines()
    assert lines[0] == f"replaying game {game_id} of {results_csv}"
    assert lines[-1] == f"replay matches {results_csv}: same final scores as its game {game_id}"
    code, direct, _ = _run(capsys, ["play", "crossroads", "--seed", str(seed), "--agents",
                                    AGENTS, "--players", "3", "--set", "vp_per_hand_card=-2"])
    assert code == 0
    assert lines[1:-1] == direct.splitlines()  # the same game, rule by rule
    assert any(line.startswith("CR-") for line in lines)
    final = next(line for line in lines if line.startswith("final scores: "))
    shown = [float(part.split()[1]) for part in final.removeprefix("final scores: ").split(", ")]
    assert shown == [float(s) for s in rows["score"]]


def test_japanese_log_and_a_matching_game_name(capsys, results_csv):
    code, out, _ = _run(capsys, ["play", "crossroads", "--from", str(results_csv), "--game-id",
                                 "0", "--lang", "ja"])
    assert code == 0
    assert any(ord(ch) > 0x3000 for line in out.splitlines()[3:] for ch in line)


def test_parquet_files_replay_too(capsys, results_csv, tmp_path):
    pq = tmp_path / "r.parquet"
    pd.read_csv(results_csv, dtype={"params_json": str}).to_parquet(pq, index=False)
    code, out, _ = _run(capsys, ["play", "--from", str(pq), "--game-id", "2"])
    assert code == 0 and out.splitlines()[-1].startswith("replay matches")


@pytest.mark.parametrize(("argv", "expected"), [
    (["--game-id", "9"], "column 'game_id': no game 9: the game ids in this file are 0–4"),
    ([], "add --game-id N"),
    (["--game-id", "1", "--seed", "4"], "gives the game's seed, agents and parameters: drop "
                                        "--seed"),
    (["--game-id", "1", "--agents", "greedy"], "drop --agents"),
    (["--game-id", "1", "--set", "end_hand_sum=28"], "drop --set"),
])
def test_errors_are_one_line(capsys, results_csv, argv, expected):
    code, out, err = _run(capsys, ["play", "--from", str(results_csv), *argv])
    assert code == 2 and out == ""
    assert err.startswith("designkit: error: ") and err.count("\n") == 1 and expected in err


def test_other_errors_are_one_line(capsys, results_csv, tmp_path):
    code, _, err = _run(capsys, ["play", "--from", str(tmp_path / "nope.csv"), "--game-id", "0"])
    assert code == 2 and err.strip().endswith("nope.csv: no such file")
    code, _, err = _run(capsys, ["play", "--game-id", "0"])
    assert code == 2 and "--game-id needs --from" in err
    code, _, err = _run(capsys, ["play"])
    assert code == 2 and "give a game" in err
    code, _, err = _run(capsys, ["play", "rolling_stone", "--from", str(results_csv),
                                 "--game-id", "0"])
    assert code == 2 and "is a crossroads game, not rolling_stone" in err
    old = tmp_path / "old.csv"
    pd.read_csv(results_csv).drop(columns=["params_json"]).to_csv(old, index=False)
    code, _, err = _run(capsys, ["play", "--from", str(old), "--game-id", "0"])
    assert code == 2 and "written before results files carried" in err


def test_a_changed_engine_is_reported_not_hidden(capsys, results_csv, tmp_path):
    table = pd.read_csv(results_csv, dtype={"params_json": str})
    table.loc[table.game_id == 0, "score"] += 5
    edited = tmp_path / "edited.csv"
    table.to_csv(edited, index=False)
    code, out, err = _run(capsys, ["play", "--from", str(edited), "--game-id", "0"])
    assert code == 1 and "final scores" in out
    assert "differ from the file's" in err and err.count("\n") == 1


def test_the_play_command_of_a_game_replays_it(capsys, results_csv):
    game = game_from_results(results_csv, 2)
    command = play_command(game)
    assert command.startswith(f"designkit play crossroads --seed {game.seed} --agents "
                              f"{AGENTS}")
    assert "--set players=3" in command and "--set vp_per_hand_card=-2" in command
    code, out, _ = _run(capsys, shlex.split(command)[1:])
    code2, replay, _ = _run(capsys, ["play", "--from", str(results_csv), "--game-id", "2"])
    assert code == code2 == 0 and out.splitlines() == replay.splitlines()[1:-1]
