"""The ``designkit`` command, mostly through ``designkit.cli.main`` (fast), plus one real
subprocess of the installed entry point for exit codes and stderr."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from designkit.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXE = Path(sys.executable).parent / "designkit"
EVENT = re.compile(r"^CR-[0-9A-Z][\w.]*: \S.*$")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def event_lines(out: str) -> list[str]:
    """The walkthrough: the lines between the header's blank line and the result."""
    lines = out.splitlines()
    start = lines.index("") + 1
    end = lines.index("", start)
    return lines[start:end]


def test_games_lists_crossroads_with_player_range(capsys):
    code, out, err = run(capsys, "games")
    assert code == 0 and not err
    line = next(x for x in out.splitlines() if x.startswith("crossroads"))
    assert "Crossroads" in line and "3–5 players" in line


def test_play_prints_the_walkthrough_and_the_result(capsys):
    code, out, err = run(capsys, "play", "crossroads", "--players", "4", "--seed", "7")
    assert code == 0, err
    assert out.splitlines()[0].startswith("Crossroads") and "4 players, seed 7" in out
    events = event_lines(out)
    assert len(events) > 30
    for line in events:
        assert EVENT.match(line), line
    rules = {line.split(":")[0] for line in events}
    assert {"CR-2.1", "CR-2.2", "CR-2.4", "CR-3.1", "CR-3.2", "CR-8.4"} <= rules
    assert any(r == "CR-9" or r.startswith("CR-9.") for r in rules)  # scoring is logged
    assert any(r.startswith("CR-10") for r in rules)  # and the winner
    tail = out.splitlines()[-4:]
    assert re.fullmatch(r"final scores: A -?\d+, B -?\d+, C -?\d+, D -?\d+", tail[0])
    assert re.fullmatch(r"ranking: [A-D]( [>=] [A-D]){3}", tail[1])  # = : level on score
    assert re.fullmatch(r"winner: [A-D]", tail[2])
    assert tail[1].split(": ")[1].split(" > ")[0] == tail[2].split(": ")[1]
    assert tail[3].startswith("tie-break: ")


def test_play_is_reproducible_and_seed_matters(capsys):
    _, first, _ = run(capsys, "play", "crossroads", "--players", "4", "--seed", "7")
    _, again, _ = run(capsys, "play", "crossroads", "--players", "4", "--seed", "7")
    _, other, _ = run(capsys, "play", "crossroads", "--players", "4", "--seed", "8")
    assert first == again
    assert first != other


def test_tie_break_line_names_the_rule(capsys):
    for seed in range(200):
        _, out, _ = run(capsys, "play", "crossroads", "--players", "4", "--seed", str(seed))
        scores = [int(x) for x in re.findall(r" (-?\d+)", out.splitlines()[-4])]
        if scores.count(max(scores)) > 1:
            break
    else:
        pytest.fail("no tied game in 200 seeds")
    line = out.splitlines()[-1]
    assert line.startswith("tie-break: CR-10.2: ")
    winner = out.splitlines()[-2].split(": ")[1]
    assert re.search(rf"\b{winner}\b", line[len("tie-break: CR-10.2: "):])


def test_record_then_replay(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, played, err = run(capsys, "play", "crossroads", "--players", "4", "--seed", "7",
                            "--agents", "greedy,random,greedy,random", "--record", str(path))
    assert code == 0, err
    assert f"record saved to {path}" in played
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == "crossroads" and record["seed"] == 7
    assert record["agents"] == ["greedy", "random", "greedy", "random"]
    code, replayed, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "replay OK" in replayed
    assert event_lines(replayed) == event_lines(played)
    assert replayed.splitlines()[-6:-2] == played.splitlines()[-5:-1]
    _, full, _ = run(capsys, "replay", str(path), "--view", "designer")
    assert event_lines(full) != event_lines(replayed)   # the table never sees the hands


def test_play_prints_what_the_table_sees_unless_asked(capsys):
    """Hidden cards stay hidden in the default walkthrough; --view designer / a seat."""
    _, table, _ = run(capsys, "play", "witch_academy", "--players", "4", "--seed", "3")
    _, full, _ = run(capsys, "play", "witch_academy", "--players", "4", "--seed", "3",
                     "--view", "designer")
    _, seat_b, _ = run(capsys, "play", "witch_academy", "--players", "4", "--seed", "3",
                       "--view", "B")
    picks = lambda out, who: [ln for ln in out.splitlines()  # noqa: E731
                              if ln.startswith("LW-3.4: ") and f" {who} picks " in f" {ln[8:]}"]
    assert not picks(table, "B") and "LW-3.4: B picked a card" in table
    assert picks(full, "B") and picks(seat_b, "B") and not picks(seat_b, "A")
    code, _, err = run(capsys, "play", "witch_academy", "--view", "Q")
    assert code == 2 and "choose table, designer or a seat (A, B, C, D)" in err


def test_replay_detects_a_tampered_record(capsys, tmp_path):
    path = tmp_path / "game.json"
    run(capsys, "play", "crossroads", "--seed", "3", "--record", str(path))
    record = json.loads(path.read_text(encoding="utf-8"))
    record["scores"][0] += 1
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "replay OK" not in out
    assert len(err.strip().splitlines()) == 1 and "scores" in err


def test_too_many_players_is_one_line_error(capsys):
    code, out, err = run(capsys, "play", "crossroads", "--players", "6")
    assert code == 2 and not out
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("designkit: error: players") and "3–5" in lines[0]


def test_entry_point_subprocess_exit_codes():
    ok = subprocess.run([str(EXE), "games"], capture_output=True, text=True, cwd=ROOT,
                        timeout=120)
    assert ok.returncode == 0 and "crossroads" in ok.stdout
    bad = subprocess.run([str(EXE), "play", "crossroads", "--players", "6"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "3–5" in bad.stderr and "Traceback" not in bad.stderr


def test_simulate_files_identical_for_one_and_two_workers(capsys, tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    common = ["simulate", "crossroads", "--games", "300", "--players", "4", "--quiet"]
    code, out2, err = run(capsys, *common, "--workers", "2", "--out", str(a))
    assert code == 0, err
    code, out1, err = run(capsys, *common, "--workers", "1", "--out", str(b))
    assert code == 0, err
    assert a.read_bytes() == b.read_bytes()
    assert len(a.read_text().splitlines()) == 1 + 300 * 4
    assert out1.replace(str(b), "X") == out2.replace(str(a), "X")
    assert "crossroads: 300 games" in out1 and "95% interval" in out1
    assert re.search(r"\[0\.\d{3}, 0\.\d{3}\]", out1)


def test_set_changes_a_parameter(capsys, tmp_path):
    code, out, err = run(capsys, "play", "crossroads", "--seed", "2", "--set",
                         "end_hand_sum=28")
    assert code == 0, err
    assert "variant: end_hand_sum=28" in out
    code, out, err = run(capsys, "simulate", "crossroads", "--games", "20", "--quiet",
                         "--set", "end_hand_sum=28", "--set", "s2_optional=false")
    assert code == 0, err
    variant = next(x for x in out.splitlines() if x.startswith("variant: "))
    assert sorted(variant[len("variant: "):].split(", ")) == ["end_hand_sum=28",
                                                               "s2_optional=False"]


def test_variant_file(capsys, tmp_path):
    from designkit.games.crossroads import CrossroadsParams

    path = CrossroadsParams(end_hand_sum=26).save(tmp_path / "v.yaml")
    code, out, err = run(capsys, "simulate", "crossroads", "--games", "10", "--quiet",
                         "--variant", str(path))
    assert code == 0, err
    assert "variant: end_hand_sum=26" in out
    path.write_text("game: crossroads\nparams:\n  end_hand_sum: 0\n", encoding="utf-8")
    code, out, err = run(capsys, "simulate", "crossroads", "--games", "10", "--variant",
                         str(path))
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert str(path) in err and "end_hand_sum" in err


@pytest.mark.parametrize("argv, fragment", [
    (["simulate", "crossroads", "--games", "5", "--set", "nope=1"], "nope"),
    (["simulate", "crossroads", "--games", "5", "--set", "end_hand_sum"], "FIELD=VALUE"),
    (["simulate", "crossroads", "--games", "5", "--set", "end_hand_sum=lots"],
     "end_hand_sum"),
    (["play", "crossroads", "--set", "end_hand_sum=1000"], "2–100"),
    (["play", "crossroads", "--agents", "mcts:x"], "mcts:x"),
    (["play", "nogame"], "unknown game 'nogame'"),
    (["replay", "/nonexistent/rec.json"], "file not found"),
])
def test_designer_errors_are_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("designkit: error: ") and fragment in lines[0]


def test_japanese_walkthrough(capsys):
    code, out, err = run(capsys, "play", "crossroads", "--players", "3", "--seed", "7",
                         "--lang", "ja")
    assert code == 0, err
    events = event_lines(out)
    assert all(EVENT.match(line) for line in events)
    assert any("手番" in line for line in events)
    _, english, _ = run(capsys, "play", "crossroads", "--players", "3", "--seed", "7")
    assert event_lines(english) != events
    japanese = sum(1 for line in events if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line))
    assert japanese >= len(events) * 0.8
    assert len(event_lines(english)) == len(events)
    assert [e.split(":")[0] for e in event_lines(english)] == [e.split(":")[0] for e in events]


def test_interrupted_simulation_exits_130_with_its_summary(capsys, monkeypatch):
    import designkit.sim

    real = designkit.sim.simulate

    def interrupt_after_first_batch(*args, **kwargs):
        def stop(done, total):
            raise KeyboardInterrupt

        return real(*args, **{**kwargs, "on_progress": stop, "batch_size": 10})

    monkeypatch.setattr(designkit.sim, "simulate", interrupt_after_first_batch)
    code, out, err = run(capsys, "simulate", "crossroads", "--games", "50", "--quiet")
    assert code == 130
    assert "crossroads: 10 games (interrupted; 50 requested)" in out
