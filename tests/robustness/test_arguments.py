"""Issue 22 items 12 and 14: command-line values that used to be internal errors or to be
read wrongly. Run in-process through ``designkit.cli.main`` (what the console script
calls), so each case costs milliseconds, not a subprocess start."""

from __future__ import annotations

import pytest

from designkit import cli
from designkit.analysis.sweep import parse_values
from designkit.core.errors import DesignkitError

SWEEP = ["sweep", "crossroads", "--param", "end_hand_sum", "--games", "2", "--values"]


@pytest.mark.parametrize(("argv", "fragment"), [
    ([*SWEEP, "1:.inf"], "finite numbers"),
    ([*SWEEP, "1:.nan"], "finite numbers"),
    ([*SWEEP, "1:-.inf:-1"], "finite numbers"),
    ([*SWEEP[:-1], "--values=-1.0e+308:1.0e+308:1.0e-300"], "too many"),
    ([*SWEEP, "a,b,...,c"], "finite numbers"),
    ([*SWEEP, "1,2,...,.inf"], "finite numbers"),
    ([*SWEEP, ","], "no values"),
    ([*SWEEP, " "], "no values"),
    ([*SWEEP, "true:3"], "finite numbers"),
    (["report", "crossroads", "--games", "2", "--skill-levels", "a,b"], "--skill-levels"),
    (["report", "crossroads", "--games", "2", "--skill-levels", "16,0"], "--skill-levels"),
    (["report", "crossroads", "--games", "2", "--skill-levels", "1.5"], "--skill-levels"),
])
def test_bad_values_are_one_line_exit_2(capsys, argv, fragment):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "internal error" not in err
    (line,) = err.strip().splitlines()
    assert line.startswith("designkit: error:") and fragment in line, line


def test_a_dotted_range_continues_from_its_last_two_values():
    assert parse_values("1,2,4,5,...,8") == [1, 2, 4, 5, 6, 7, 8]
    with pytest.raises(DesignkitError):
        parse_values("0:1:1e-300")


@pytest.mark.parametrize("suffix", [".PARQUET", ".Parquet"])
def test_out_parquet_suffix_in_any_case_writes_parquet(tmp_path, capsys, suffix):
    out = tmp_path / f"results{suffix}"
    assert cli.main(["simulate", "crossroads", "--games", "3", "--quiet", "--out",
                     str(out)]) == 0
    assert out.read_bytes()[:4] == b"PAR1"


def test_sweep_out_parquet_suffix_in_any_case_writes_parquet(tmp_path, capsys):
    out = tmp_path / "s.PARQUET"
    assert cli.main([*SWEEP, "27,28", "--quiet", "--out", str(out)]) == 0
    assert out.read_bytes()[:4] == b"PAR1"


# -- item 10: tune's save place is checked before the search --------------------------------
def test_tune_checks_its_default_save_place_before_the_search(tmp_path, monkeypatch, capsys):
    import shutil
    import time

    from designkit.core.paths import REPO_ROOT

    data = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", data)
    monkeypatch.setenv("DESIGNKIT_DATA", str(data))
    variants = data / "crossroads" / "variants"
    shutil.rmtree(variants, ignore_errors=True)
    variants.write_text("not a folder")  # the default save place cannot be written
    start = time.monotonic()
    assert cli.main(["tune", "crossroads", "--trials", "50", "--games-per-trial", "500",
                     "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "variants is a file, not a folder" in err and "save place" in err, err
    assert time.monotonic() - start < 5  # no trial was played


@pytest.mark.parametrize("name", ["../escape", "a/b", ".hidden", " "])
def test_tune_refuses_a_variant_name_with_folders(capsys, name):
    assert cli.main(["tune", "crossroads", "--trials", "1", "--games-per-trial", "5",
                     "--name", name, "--quiet"]) == 2
    assert "a variant name is a file name" in capsys.readouterr().err


# -- item 17: small ones ------------------------------------------------------------------
def test_an_empty_designkit_data_means_unset(monkeypatch, tmp_path):
    from designkit.core.paths import REPO_ROOT, data_root

    monkeypatch.chdir(tmp_path)
    for empty in ("", "  "):
        monkeypatch.setenv("DESIGNKIT_DATA", empty)
        assert data_root() == REPO_ROOT / "data"


def test_set_of_a_list_to_a_number_says_how_to_write_a_list(capsys):
    assert cli.main(["play", "crossroads", "--set", "numbers=5"]) == 2
    err = capsys.readouterr().err
    assert "5 is not a list" in err and "numbers=[1,2,3]" in err
