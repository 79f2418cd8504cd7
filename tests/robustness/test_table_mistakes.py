"""Issue 22 items 7, 9 and 13 through each game's own tables: a designer's CSV or variant
mistake is one line naming file, row and column, never a silent change of the game.

Each case edits a copy of ``data/`` (``DESIGNKIT_DATA``) and runs ``designkit play`` in
process (``cli.main``), which loads every table before the first step.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from designkit import cli


def _edit(path: Path, change: Callable[[list[str]], list[str]]) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text("\n".join(change(lines)), encoding="utf-8")


def _play_error(capsys, game: str, *extra: str) -> str:
    code = cli.main(["play", game, "--seed", "1", *extra])
    err = capsys.readouterr().err
    assert code == 2, err
    (line,) = err.strip().splitlines()
    assert line.startswith("designkit: error:") and "internal error" not in line
    return line


def _blank_then_break(lines: list[str], row: int, bad: Callable[[str], str]) -> list[str]:
    """Insert a blank line and a row of empty cells after the header; break the record that
    then sits on spreadsheet row ``row`` (header = 1)."""
    commas = "," * lines[0].count(",")
    lines = [lines[0], "", commas, *lines[1:]]
    lines[row - 1] = bad(lines[row - 1])
    return lines


@pytest.mark.parametrize(("game", "file", "bad", "column"), [
    ("crossroads", "skills.csv", lambda r: r.replace(",2,", ",x,", 1), "cost"),
    ("rolling_stone", "events.csv", None, None),
    ("witch_academy", "assignments.csv", None, "year"),
    ("classic_hero", "demon_lords.csv", lambda r: r.replace(",1,", ",x,", 1), "base1"),
])
def test_row_numbers_count_blank_rows_in_every_game(data, capsys, game, file, bad, column):
    """Item 7: the row a spreadsheet shows (the 4th row: header, blank, empty cells, card)."""
    path = data / game / file
    if bad is None:  # break the first cell after the id
        def bad(r: str) -> str:
            cells = r.split(",")
            cells[1] = "x" if not cells[1].isdigit() else "999"
            return ",".join(cells)
    _edit(path, lambda lines: _blank_then_break(lines, 4, bad))
    line = _play_error(capsys, game)
    assert f"{file}, row 4" in line, line
    if column:
        assert f"column '{column}'" in line, line


@pytest.mark.parametrize(("game", "file", "first_row", "words"), [
    ("classic_hero", "demon_lords.csv", lambda r: r.replace(",5/6,", ",,", 1),
     ["demon_lords.csv, row 2, column 'hp1': empty cell"]),
    ("classic_hero", "demon_lords.csv", lambda r: r.replace(",3・4,", ",,", 1),
     ["row 2, column 'hp2': base2 is given but hp2 is empty"]),
    ("classic_hero", "abilities.csv", lambda r: r + ",bless(n=1)",
     ["abilities.csv, row 2", "bless(n=1)"]),
    ("crossroads", "skills.csv", lambda r: r.replace("S1", "S\x001", 1),
     ["skills.csv, row 2", "U+0000"]),
], ids=["demon_lord_without_hp1", "demon_lord_base_without_hp",
        "an_extra_unheaded_effect_is_refused", "a_nul_byte_in_an_id"])
def test_a_broken_first_row_is_one_line(data, capsys, game, file, first_row, words):
    """The first card of a table broken (``first_row``): one line naming file, row and why."""
    _edit(data / game / file, lambda lines: [lines[0], first_row(lines[1]), *lines[2:]])
    line = _play_error(capsys, game)
    for w in words:
        assert w in line, (w, line)


def test_dreams_without_their_dream_column(data, capsys):
    path = data / "rolling_stone" / "dreams.csv"
    text = path.read_text(encoding="utf-8")
    import csv
    import io

    rows = list(csv.reader(io.StringIO(text)))
    i = rows[0].index("dream")
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([r[:i] + r[i + 1:] for r in rows])
    path.write_text(out.getvalue(), encoding="utf-8")
    line = _play_error(capsys, "rolling_stone")
    assert "dreams.csv, row 1, column 'dream': missing column" in line


# -- variant files (item 9) -----------------------------------------------------------------
def _variant(tmp_path: Path, text: str) -> str:
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("game", "text", "fragment"), [
    ("crossroads", "game: crossroads\nend_hand_sum: 30\n",
     "'end_hand_sum' is a parameter: put it under 'params:'"),
    ("crossroads", "game: crossroads\nparam:\n  end_hand_sum: 30\n",
     "unknown key 'param' (did you mean 'params'?)"),
    ("crossroads", "game: crossroads\nparams: {}\ndescripton_en: x\n",
     "did you mean 'description_en'?"),
    ("witch_academy", "params:\n  max_health: {d4: 4, d6: 6, d8: 8, d10: 10}\n",
     "column 'max_health[d10]': no such row (did you mean d8?)"),
    ("witch_academy", "params:\n  actions_per_rank: {d4: 1, d6: 2, d8: 3, d12: 4}\n",
     "column 'actions_per_rank[d12]': no such row"),
    ("witch_academy", "params:\n  areas_by_players: {'3': 4, '7': 9}\n",
     "column 'areas_by_players[7]': no such row"),
])
def test_variant_mistakes_are_named(tmp_path, capsys, game, text, fragment):
    line = _play_error(capsys, game, "--variant", _variant(tmp_path, text))
    assert fragment in line, line


def test_the_variant_description_keys_are_accepted(tmp_path, capsys):
    text = ("game: crossroads\nname: long\ntitle: Longer\ntitle_ja: 長い\nnote: n\n"
            "description_en: e\ndescription_ja: じ\nrules: [CR-1]\n"
            "params:\n  end_hand_sum: 30\n")
    assert cli.main(["play", "crossroads", "--variant", _variant(tmp_path, text)]) == 0
    assert "variant: end_hand_sum=30" in capsys.readouterr().out


def test_set_rejects_an_unknown_table_row(capsys):
    """A table whose rows are fixed (``fixed_rows=True``: per die) names the row; a game
    with an open table checks its own rows (Crossroads: skills of skills.csv)."""
    assert cli.main(["play", "witch_academy", "--set", "max_health={d4: 4, d20: 9}"]) == 2
    assert "max_health[d20]: no such row" in capsys.readouterr().err
    assert cli.main(["play", "crossroads", "--set", "skill_cost={S1: 1, S99: 2}"]) == 2
    assert "unknown skill 'S99'" in capsys.readouterr().err
