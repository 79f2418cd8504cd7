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
