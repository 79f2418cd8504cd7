"""Malformed input through the real CLI: one line on stderr, exit 2, never a traceback.

Each case runs ``designkit`` in a subprocess, as a designer would, on a file of the
corpus (``corpus/records``, ``corpus/variants``, ``corpus/tables``; regenerate with
``make_corpus.py``) or on a bad command line from issue 13. The cases run a few at a
time, so the whole corpus takes seconds rather than a minute.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
ROOT = HERE.parents[1]
EXE = str(Path(sys.executable).parent / "designkit")

RECORDS = sorted((CORPUS / "records").glob("*.json"))
VARIANTS = sorted((CORPUS / "variants").glob("*.yaml"))
TABLES = sorted(p for p in (CORPUS / "tables").iterdir() if p.is_dir())

#: bad command lines (issue 13's list and their neighbours) → a fragment the error must name
COMMANDS: dict[str, tuple[list[str], str]] = {
    "variant_missing": (["play", "crossroads", "--variant", "nope.yaml"], "nope.yaml"),
    "variant_is_folder": (["play", "crossroads", "--variant", str(CORPUS)], "folder"),
    "replay_missing": (["replay", "missing.json"], "missing.json"),
    "replay_folder": (["replay", str(CORPUS)], "folder"),
    "simulate_seed_negative": (["simulate", "crossroads", "--games", "5", "--seed", "-1"],
                               "--seed"),
    "play_seed_negative": (["play", "crossroads", "--seed", "-1"], "--seed"),
    "sweep_seed_negative": (["sweep", "crossroads", "--param", "end_hand_sum", "--values",
                             "27,28", "--seed", "-1"], "--seed"),
    "report_seed_text": (["report", "crossroads", "--seed", "abc"], "--seed"),
    "tune_seed_huge": (["tune", "crossroads", "--seed", str(2**64)], "--seed"),
    "games_too_many": (["simulate", "crossroads", "--games", "1000000000"], "games"),
    "games_zero": (["simulate", "crossroads", "--games", "0"], "--games"),
    "sweep_games_too_many": (["sweep", "crossroads", "--param", "end_hand_sum", "--values",
                              "24:30", "--games", "900000"], "games"),
    "report_games_too_many": (["report", "crossroads", "--games", "1000000000"], "games"),
    "tune_games_too_many": (["tune", "crossroads", "--games-per-trial", "1000000000"],
                            "games-per-trial"),
    "players_disagree": (["simulate", "crossroads", "--games", "5", "--players", "3", "--set",
                          "players=5"], "--players"),
    "set_twice": (["play", "crossroads", "--set", "end_hand_sum=27", "--set",
                   "end_hand_sum=28"], "end_hand_sum"),
    "set_without_equals": (["play", "crossroads", "--set", "end_hand_sum"], "FIELD=VALUE"),
    "unknown_game": (["play", "chess"], "chess"),
    "unknown_agent": (["play", "crossroads", "--agents", "wizard"], "wizard"),
    "out_missing_folder": (["simulate", "crossroads", "--games", "5", "--out",
                            "no/such/folder/a.csv"], "does not exist"),
    "out_is_folder": (["simulate", "crossroads", "--games", "5", "--out", str(CORPUS)],
                      "folder"),
    "out_bad_suffix": (["simulate", "crossroads", "--games", "5", "--out", "a.xlsx"], ".xlsx"),
    "sweep_out_bad_suffix": (["sweep", "crossroads", "--param", "end_hand_sum", "--values",
                              "27,28", "--games", "5", "--out", "a.txt"], ".txt"),
    "report_out_folder": (["report", "crossroads", "--games", "5", "--out", str(CORPUS)],
                          "folder"),
    "tune_out_bad_suffix": (["tune", "crossroads", "--out", "best.json"], ".json"),
    "record_out_missing_folder": (["play", "crossroads", "--record", "no/such/g.json"],
                                  "does not exist"),
    "scheduler_not_a_url": (["simulate", "crossroads", "--games", "5", "--scheduler",
                             "not a url"], "not a url"),
    "scheduler_without_dask": (["simulate", "crossroads", "--games", "5", "--scheduler",
                                "tcp://127.0.0.1:8786", "--backend", "process"], "dask"),
    "workers_zero": (["simulate", "crossroads", "--games", "5", "--workers", "0"],
                     "--workers"),
    "port_out_of_range": (["dashboard", "--port", "70000"], "--port"),
    "unknown_option": (["simulate", "crossroads", "--games", "5", "--gmes", "5"], "--gmes"),
    # issue 22 items 12 and 17 (their neighbours are tested in-process: test_arguments.py)
    "sweep_values_infinite": (["sweep", "crossroads", "--param", "end_hand_sum", "--values",
                               "1:.inf"], "1:.inf"),
    "report_skill_levels_words": (["report", "crossroads", "--skill-levels", "a,b"],
                                  "--skill-levels"),
    "scheduler_port_out_of_range": (["simulate", "crossroads", "--games", "5", "--scheduler",
                                     "tcp://127.0.0.1:99999"], "99999"),
}


def _run(argv: list[str], env: dict[str, str] | None = None, cwd: Path | None = None
         ) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, *argv], capture_output=True, text=True, timeout=120,
                          env=env, cwd=cwd)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory) -> dict[str, tuple[subprocess.CompletedProcess, str]]:
    """Every case run once (a few at a time): case id → (completed process, fragment)."""
    work = tmp_path_factory.mktemp("corpus")
    jobs: dict[str, tuple[list[str], dict[str, str] | None, str]] = {}
    for path in RECORDS:
        jobs[f"record:{path.name}"] = (["replay", str(path)], None, path.name)
    for path in VARIANTS:
        jobs[f"variant:{path.name}"] = (["play", "crossroads", "--variant", str(path)], None,
                                        path.name)
    for case in TABLES:
        data = work / case.name
        shutil.copytree(ROOT / "data", data)
        (game_dir,) = [p for p in case.iterdir() if p.is_dir()]
        bad = next(game_dir.iterdir())
        shutil.copyfile(bad, data / game_dir.name / bad.name)
        env = dict(os.environ, DESIGNKIT_DATA=str(data))
        jobs[f"table:{case.name}"] = (["play", game_dir.name, "--seed", "1"], env, bad.name)
    for name, (argv, fragment) in COMMANDS.items():
        jobs[f"command:{name}"] = (argv, None, fragment)
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {key: pool.submit(_run, argv, env, work) for key, (argv, env, _) in
                   jobs.items()}
        return {key: (fut.result(), jobs[key][2]) for key, fut in futures.items()}


CASES = ([f"record:{p.name}" for p in RECORDS] + [f"variant:{p.name}" for p in VARIANTS]
         + [f"table:{p.name}" for p in TABLES] + [f"command:{n}" for n in COMMANDS])


def test_the_corpus_covers_records_variants_tables_and_commands():
    assert len(RECORDS) >= 20 and len(VARIANTS) >= 10 and len(TABLES) >= 6
    assert len(COMMANDS) >= 25


@pytest.mark.parametrize("case", CASES)
def test_one_line_error_exit_2_no_traceback(outcomes, case):
    proc, fragment = outcomes[case]
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("designkit"), lines[0]
    assert "error:" in lines[0]
    assert fragment.lower() in lines[0].lower(), (fragment, lines[0])
