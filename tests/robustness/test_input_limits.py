"""Issue 40: every input a designer hands over is bounded and checked before it is parsed,
and says in one line what is wrong with it.

Each reproducer of the issue runs ``designkit`` in process (``cli.main``): exit 2 and one
``designkit: error:`` line naming the file (or parameter) and the limit, never Python's
traceback, the OOM killer or a 20 s wait. Rule IDs cited where a rule decides: CR-1.2,
CR-2.1, CR-2.2, CR-2.3 (Crossroads), LW-10.2 (Witch Academy), LR-11.1 (Rolling Stone).
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from pathlib import Path

import pytest

from designkit import cli
from designkit.core.limits import MAX_DEPTH, MAX_SET_CHARS, MAX_VARIANT_BYTES


def _error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = cli.main(list(argv))
    err = capsys.readouterr().err
    assert code == 2, err
    (line,) = err.strip().splitlines()
    assert line.startswith("designkit: error:") and "internal error" not in line, line
    assert "Traceback" not in line
    return line


def _file(tmp_path: Path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def _record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    path = tmp_path / "game.json"
    assert cli.main(["play", "crossroads", "--seed", "3", "--record", str(path)]) == 0
    capsys.readouterr()
    return json.loads(path.read_text(encoding="utf-8"))


# -- sizes: a bounded read, devices refused ------------------------------------------------------
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("argv", [
    ("replay", "/dev/zero"),
    ("simulate", "crossroads", "--variant", "/dev/zero", "--games", "2"),
    ("play", "crossroads", "--variant", "/dev/urandom"),
])
def test_an_endless_device_is_refused_at_once(capsys, argv):
    line = _error(capsys, *argv)
    assert "is a device, not a file" in line and argv[-1] in " ".join(argv), line


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_results_file_that_is_a_device_is_refused(tmp_path, capsys):
    link = tmp_path / "results.csv"
    link.symlink_to("/dev/zero")
    line = _error(capsys, "play", "crossroads", "--from", str(link), "--game-id", "0")
    assert f"{link}: is a device, not a file: give a results file" in line, line


def test_a_60_mb_variant_file_is_refused_by_its_size(tmp_path, capsys):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as f:  # sparse: 60 MB without writing them
        f.write(b"params: {end_hand_sum: 30}\n")
        f.truncate(60_000_000)
    line = _error(capsys, "simulate", "crossroads", "--variant", str(path), "--games", "2")
    assert str(path) in line
    assert "60.0 MB is larger than a variant file may be (1 MB)" in line, line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_read_once_and_up_to_the_limit(tmp_path, capsys):
    """``--variant <(…)``: a pipe can be read once (the variant is parsed once), and an
    endless one stops at the limit."""
    def feed(path: Path, data: bytes) -> threading.Thread:
        def write() -> None:
            try:
                with open(path, "wb") as f:
                    f.write(data)
            except BrokenPipeError:  # the reader stopped at the limit
                pass
        thread = threading.Thread(target=write, daemon=True)
        thread.start()
        return thread

    good = tmp_path / "good"
    os.mkfifo(good)
    writer = feed(good, b"params: {end_hand_sum: 30}\n")
    assert cli.main(["simulate", "crossroads", "--variant", str(good), "--games", "2",
                     "--quiet"]) == 0
    writer.join(10)
    capsys.readouterr()
    endless = tmp_path / "endless"
    os.mkfifo(endless)
    writer = feed(endless, b"#" * (MAX_VARIANT_BYTES + 10))
    line = _error(capsys, "play", "crossroads", "--variant", str(endless))
    assert "longer than a variant file may be (1 MB)" in line, line
    writer.join(10)


def test_a_long_set_value_is_one_line(capsys):
    line = _error(capsys, "play", "crossroads", "--set", "numbers=" + "2," * MAX_SET_CHARS)
    assert "numbers:" in line and "characters" in line, line


# -- nesting and digits ----------------------------------------------------------------------------
def test_deep_nesting_is_refused_not_a_recursion_error(tmp_path, capsys):
    value = _file(tmp_path, "deep_value.yaml", "params: {numbers: " + "[" * 5000 + "}\n")
    line = _error(capsys, "simulate", "crossroads", "--variant", value, "--games", "2")
    assert f"nested too deeply (more than {MAX_DEPTH} levels)" in line and value in line
    whole = _file(tmp_path, "deep_file.yaml", "[" * 50_000)
    line = _error(capsys, "play", "crossroads", "--variant", whole)
    assert "nested too deeply" in line and "line 1" in line, line
    line = _error(capsys, "play", "crossroads", "--set", "numbers=" + "[" * 3000)
    assert line.endswith(f"numbers: nested too deeply (more than {MAX_DEPTH} levels)"), line
    record = _file(tmp_path, "deep.json", "[" * 50_000 + "]" * 50_000)
    line = _error(capsys, "replay", record)
    assert "nested too deeply" in line, line


def test_a_seed_of_5000_digits_is_one_line(tmp_path, capsys):
    text = json.dumps(_record(tmp_path, capsys))
    edited = text.replace('"seed": 3', '"seed": ' + "7" * 5000, 1)
    line = _error(capsys, "replay", _file(tmp_path, "long_seed.json", edited))
    assert "a number of 5,000 digits (at most 40)" in line, line
    line = _error(capsys, "play", "crossroads", "--variant",
                  _file(tmp_path, "long.yaml", "params: {end_hand_sum: " + "9" * 5000 + "}\n"))
    assert "digits" in line, line


# -- variants that change nothing or are given twice ------------------------------------------
@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n", "null\n",
                                  "game: crossroads\nparams: {}\n", "params:\n"])
def test_a_variant_that_sets_nothing_is_refused(tmp_path, capsys, text):
    path = _file(tmp_path, "nothing.yaml", text)
    line = _error(capsys, "simulate", "crossroads", "--variant", path, "--games", "2")
    assert f"{path}: changes nothing: it sets no parameter" in line, line


def test_a_variant_of_the_drafts_own_values_changes_nothing(tmp_path, capsys):
    path = _file(tmp_path, "same.yaml", "params: {players: 4, end_hand_sum: 27}\n")
    line = _error(capsys, "play", "crossroads", "--variant", path)
    assert "changes nothing: every value it sets (players, end_hand_sum) is the draft's" \
        in line, line


def test_an_empty_variant_name_is_refused(capsys):
    line = _error(capsys, "simulate", "crossroads", "--variant", "", "--games", "2")
    assert "--variant '': give a variant's name or file" in line, line


@pytest.mark.parametrize("command", [["simulate", "crossroads", "--games", "2"],
                                     ["play", "crossroads"], ["cards", "crossroads"]])
def test_a_second_variant_is_refused_where_one_is_read(capsys, command):
    with pytest.raises(SystemExit) as exit_:
        cli.main([*command, "--variant", "a.yaml", "--variant", "b.yaml"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--variant given twice (a.yaml and b.yaml): this command takes one" in err


# -- switches checked together -------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "fragment"), [
    (["crossroads", "--set", "crossroads_skills=[S1,S1,S2]"],
     "crossroads_skills: S1 listed twice: each skill is one card, laid out once, at least one "
     "(CR-2.3)"),
    (["crossroads", "--players", "3", "--set", "removed_numbers_3p=[2,3,4,5,6,7,8]"],
     "removed_numbers_3p: [2, 3, 4, 5, 6, 7, 8] removes every one of numbers = [2, 3, 4, 5, "
     "6, 7, 8]: a deck of 0 cards for 3 players (CR-2.1)"),
    (["crossroads", "--players", "5", "--set", "numbers=[2]", "--set", "copies_per_number=2"],
     "starting_hand: 2 cards × 5 players is more than the deck's 2 (numbers, "
     "copies_per_number, removed_numbers_5p; CR-2.2)"),
    (["witch_academy", "--set", "assignment_vp_ratio=[100,75,50,25,0]"],
     "assignment_vp_ratio: 5 values, but the rules read 3"),
    (["rolling_stone", "--set", "mid_settlement_after_stages=[9]"],
     "mid_settlement_after_stages: stage 9 is past the last of stages = 3"),
])
def test_switches_that_contradict_each_other_are_one_line(capsys, argv, fragment):
    line = _error(capsys, "simulate", *argv, "--games", "2")
    assert fragment in line, line


# -- tables ----------------------------------------------------------------------------------------
def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_empty_base_strength_is_refused(data, capsys):
    _edit(data / "classic_hero" / "demon_lords.csv", "ゴブリンキング,5/6,1,", "ゴブリンキング,5/6,,")
    line = _error(capsys, "play", "classic_hero")
    assert "demon_lords.csv, row 2, column 'base1': empty, but hp1 is given" in line, line


def test_a_skills_table_of_its_header_alone_is_refused(data, capsys):
    skills = data / "crossroads" / "skills.csv"
    skills.write_text(skills.read_text(encoding="utf-8").split("\n")[0] + "\n",
                      encoding="utf-8")
    line = _error(capsys, "play", "crossroads")
    assert "skills.csv: 0 card rows, but the rules need at least 1 (CR-2.3" in line, line


def test_a_genre_table_cut_short_is_refused(data, capsys):
    genres = data / "crossroads" / "genres.csv"
    genres.write_text("\n".join(genres.read_text(encoding="utf-8").split("\n")[:4]) + "\n",
                      encoding="utf-8")
    line = _error(capsys, "play", "crossroads")
    assert "genres.csv: 3 card rows, but the rules need at least 7 (CR-1.2" in line, line


@pytest.mark.parametrize(("digit", "hint"), [("٣", " (write 3)"), ("３", " (write 3)")])
def test_numeric_cells_take_ascii_digits_only_as_set_does(data, capsys, digit, hint):
    skills = data / "crossroads" / "skills.csv"
    _edit(skills, "S1,Purge,パージ,2,", f"S1,Purge,パージ,{digit},")
    line = _error(capsys, "play", "crossroads")
    assert f"row 2, column 'cost': '{digit}' is not written in ASCII digits 0-9{hint}" in line
    _edit(skills, f"S1,Purge,パージ,{digit},", "S1,Purge,パージ,2,")
    line = _error(capsys, "play", "crossroads", "--set", f"players={digit}")
    assert "players:" in line and "not a number" in line, line


@pytest.mark.parametrize(("encode", "says"), [
    (lambda t: t.encode("utf-16"), "it looks like UTF-16"),
    (lambda t: t.encode("utf-8").replace(b"Purge", b"Pur\xffge"),
     "line 2: not UTF-8 text (byte 0xFF cannot start or continue a character)"),
    (lambda t: t.encode("cp932"), "it looks like Shift-JIS"),
])
def test_the_encoding_named_is_the_files_own(data, capsys, encode, says):
    skills = data / "crossroads" / "skills.csv"
    skills.write_bytes(encode(skills.read_text(encoding="utf-8")))
    line = _error(capsys, "play", "crossroads")
    assert says in line, line


# -- Dask --------------------------------------------------------------------------------------------
def test_a_refused_dask_connection_fails_at_once(capsys, monkeypatch):
    """Nothing listens on the port: the answer comes after the 1 s grace, not after the
    connect timeout (set to 120 s here, so waiting it out would fail the bound below)."""
    monkeypatch.setenv("DESIGNKIT_DASK_TIMEOUT", "120")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there now
    start = time.monotonic()
    line = _error(capsys, "simulate", "crossroads", "--games", "2", "--scheduler",
                  f"tcp://127.0.0.1:{port}")
    assert time.monotonic() - start < 60, "waited for the connect timeout"
    assert f"scheduler tcp://127.0.0.1:{port}: connection refused" in line, line


def test_out_of_memory_does_not_blame_the_game_count_alone(capsys, monkeypatch):
    """Inputs are bounded before parsing, so an out-of-memory is the run's own: the message
    no longer tells someone who gave an endless file to ask for fewer games."""
    def exhausted(args):  # noqa: ANN001, ANN202 - the handler's signature
        raise MemoryError

    monkeypatch.setattr(cli, "cmd_replay", exhausted)
    line = _error(capsys, "replay", "game.json")
    assert line == ("designkit: error: out of memory while running the command: if it plays "
                    "many games, ask for fewer games or workers")
