"""``designkit playtests``: import the sample, list, add, compare; bad input is one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from designkit.cli import main

from .conftest import SAMPLE


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_import_list_add_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = str(tmp_path / "j")
    code, out, _ = run(capsys, "playtests", "crossroads", "import", str(SAMPLE),
                       "--journal", where)
    assert code == 0 and out.strip() == f"imported 12 games into {where} (pt-0001–pt-0012)"
    code, out, _ = run(capsys, "playtests", "crossroads", "add", "--journal", where,
                       "--scores", "4,4,1,0", "--winner", "B", "--start", "C", "--turns", "30",
                       "--end", "27", "--vp", "work_pile=5,6,2,1", "--vp", "hand=-1,-2,-1,-1",
                       "--names", "Aki,,Chika")
    assert code == 0 and out.strip() == f"added pt-0013 to {where}"
    code, out, _ = run(capsys, "playtests", "crossroads", "list", "--journal", where)
    assert code == 0 and out.splitlines()[0] == f"{where}: 13 games"
    assert "pt-0013  " in out and "winner B" in out
    code, out, err = run(capsys, "playtests", "crossroads", "compare", "--journal", where,
                         "--games", "30", "--agents", "greedy,random")
    assert code == 0 and err == ""
    assert out.count("13 playtests (13 paper, 0 lab)") == 2
    assert "bots (greedy) [95%]" in out and "bots (random) [95%]" in out
    start = next(line for line in out.splitlines() if line.startswith("1st player wins"))
    assert "n=30" in start and "n=13" in start and start.split()[-1] in ("consistent", "differs")


def test_a_corrupt_row_is_one_line_and_the_rest_is_listed(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    where = tmp_path / "j"
    run(capsys, "playtests", "crossroads", "import", str(SAMPLE), "--journal", str(where))
    text = (where / "games.csv").read_text(encoding="utf-8").replace(",C,C,34,", ",C,C,x,", 1)
    (where / "games.csv").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "playtests", "crossroads", "list", "--journal", str(where))
    assert code == 0 and "11 games, 1 rows not read" in out
    assert err.strip() == (f"designkit: {where}/games.csv, row 4, column 'turns': 'x' is not a "
                           f"number")


@pytest.mark.parametrize(("argv", "says"), [
    (("import", "nope.csv"), "nope.csv"),
    (("import",), "needs a FILE"),
    (("compare", "--agents", "cleverbot"), "cleverbot"),
    (("compare",), "no playtests to compare"),
    (("add", "--scores", "3,3,1,0"), "share the top score 3"),
    (("add", "--scores", "3,2,1,0", "--vp", "fame=1,2,3,4"), "--vp fame=1,2,3,4"),
    (("list", "extra.csv"), "takes no file"),
])
def test_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               argv: tuple[str, ...], says: str) -> None:
    code, out, err = run(capsys, "playtests", "crossroads", *argv, "--journal",
                         str(tmp_path / "j"))
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1
