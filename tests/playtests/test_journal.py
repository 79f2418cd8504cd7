"""The journal as data: its schema and format version, the round trip, one line per
corrupt row while the others load, the sheet import, lab records kept beside their rows,
and that no engine layer can read a journal."""

from __future__ import annotations

import ast
import csv
import json
from pathlib import Path

import pytest

from designkit.core.errors import DataError, DesignkitError
from designkit.core.records import verify
from designkit.core.registry import get_game
from designkit.playtests.entries import from_record, paper_game, read_sheet
from designkit.playtests.journal import ENV, Journal, default_folder
from designkit.playtests.schema import FORMAT_VERSION, GAME_COLUMNS, seat_columns
from designkit.session import Session
from designkit.sim.results_file import params_sha

from .conftest import SAMPLE

GAME = get_game("crossroads")


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def edit(path: Path, line: int, column: str, value: str) -> None:
    """Set one cell of a CSV file (spreadsheet row ``line``, header = 1), as a person does."""
    table = list(csv.reader(path.open(encoding="utf-8")))
    table[line - 1][table[0].index(column)] = value
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(table)


def test_the_sample_imports_into_two_tidy_tables_with_a_version(filled: Journal) -> None:
    games, seats = rows(filled.games_path), rows(filled.seats_path)
    assert list(games[0]) == list(GAME_COLUMNS)
    assert list(seats[0]) == list(seat_columns(GAME))
    assert "vp_work_pile" in seats[0] and "vp_skill_costs" in seats[0]
    assert len(games) == 12 and len(seats) == 48
    assert {r["format_version"] for r in games + seats} == {str(FORMAT_VERSION)}
    assert [r["game_id"] for r in games] == [f"pt-{i:04d}" for i in range(1, 13)]
    # the same hash a results file writes for the same rules (core params hashing)
    assert games[0]["params_sha"] == params_sha(GAME.params_type())
    assert games[0]["params_json"] == "{}" and games[0]["variant"] == "draft"


def test_a_journal_reads_back_what_was_written(filled: Journal) -> None:
    loaded = filled.load()
    assert loaded.problems == []
    sheet, _ = read_sheet(GAME, SAMPLE)
    assert [(g.winner, g.start_seat, g.turns, g.minutes, g.end_reason, g.notes)
            for g in loaded.games] == [(g.winner, g.start_seat, g.turns, g.minutes,
                                        g.end_reason, g.notes) for g in sheet]
    first = loaded.games[0]
    assert [s.score for s in first.seats] == [6, 3, 1, 3]
    assert first.seats[0].vp == {"work_pile": 9, "s5_bonus": 0, "hand": -1, "skill_costs": -2}
    assert first.seats[0].player == "Aki" and loaded.games[7].seats[0].player == ""
    assert sum(g.position(g.winner) == 0 for g in loaded.games) == 7  # 7 of 12, as written


@pytest.mark.parametrize(("file", "line", "column", "value", "says"), [
    ("games.csv", 4, "turns", "abc", "games.csv, row 4, column 'turns': 'abc' is not a number"),
    ("games.csv", 5, "winner", "D", "column 'winner': D scored"),
    ("games.csv", 3, "date", "7/12/26", "column 'date': '7/12/26' is not a date"),
    ("games.csv", 2, "format_version", "9", "column 'format_version': written by a newer"),
    ("games.csv", 6, "params_json", '{"players": 9}', "column 'params_json'"),
    ("games.csv", 7, "params_sha", "0123456789abcdef", "the draft's defaults changed"),
    ("games.csv", 8, "end_reason", "deck out!", "is not a end reason"),
    ("seats.csv", 10, "score", "two", "seats.csv, row 10, column 'score': 'two'"),
    ("seats.csv", 11, "vp_hand", "-9", "sources add up to"),
])
def test_a_corrupt_row_is_one_line_and_the_others_load(filled: Journal, file: str, line: int,
                                                       column: str, value: str,
                                                       says: str) -> None:
    edit(filled.folder / file, line, column, value)
    loaded = filled.load()
    assert len(loaded.games) == 11
    assert any(says in p for p in loaded.problems), loaded.problems
    assert all("\n" not in p and str(filled.folder) in p for p in loaded.problems)


def test_orphans_duplicates_and_extra_cells_are_named(filled: Journal) -> None:
    with filled.seats_path.open("a", encoding="utf-8") as f:
        f.write("1,pt-0099,A,,human,3,,,,\n")
    with filled.games_path.open("a", encoding="utf-8") as f:
        f.write(filled.games_path.read_text(encoding="utf-8").splitlines()[1] + "\n")
        f.write("1,pt-0100,2026-11-30,paper,draft,{},,4,A,A,3,4,27,x,,surplus\n")
    problems = filled.load().problems
    assert any("seats.csv, row 50, column 'game_id': no game pt-0099" in p for p in problems)
    assert any("row 14, column 'game_id': pt-0001 is used by an earlier row" in p
               for p in problems)
    assert any("row 15: more cells than the header has columns" in p for p in problems)
    assert len(filled.load().games) == 12


def test_adding_keeps_hand_typed_rows_as_typed(filled: Journal) -> None:
    edit(filled.games_path, 4, "turns", "abc")
    before = filled.games_path.read_text(encoding="utf-8")
    pt = paper_game(GAME, GAME.params_type(), [2, 5, 1, 0], start_seat=2, turns=30)
    written = filled.add([pt])
    assert written[0].game_id == "pt-0013"
    assert filled.games_path.read_text(encoding="utf-8").startswith(before)
    assert len(filled.load().games) == 12  # 11 + the new one; the broken row stays broken


def test_a_wrong_game_writes_nothing(journal: Journal) -> None:
    good = paper_game(GAME, GAME.params_type(), [2, 5, 1, 0])
    bad = good.__class__(**{**good.__dict__, "winner": 0})
    with pytest.raises(DesignkitError, match="playtest 2: winner: A scored 2"):
        journal.add([good, bad])
    assert not journal.games_path.exists() and not journal.seats_path.exists()


def test_paper_fields_are_checked_one_line_each() -> None:
    params = GAME.params_type()
    with pytest.raises(ValueError, match="A, B share the top score 5"):
        paper_game(GAME, params, [5, 5, 1, 0])
    with pytest.raises(ValueError, match="players: 3 seats given, the params say 4"):
        paper_game(GAME, params, [5, 4, 1])
    with pytest.raises(ValueError, match="score: seat A's sources add up to 3"):
        paper_game(GAME, params, [5, 4, 1, 0], vp=[{"work_pile": 4, "s5_bonus": 0,
                                                    "hand": -1, "skill_costs": 0}])
    assert paper_game(GAME, params, [5, 5, 1, 0], winner=1).winner == 1


def test_a_sheet_with_bad_rows_imports_the_good_ones(tmp_path: Path) -> None:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")
    cells = lines[3].split(",")
    cells[header.index("score_B")] = "lots"
    lines[3] = ",".join(cells)
    lines[5] = lines[5].replace(",draft,", ",no_such_variant,", 1)
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    games, problems = read_sheet(GAME, sheet)
    assert len(games) == 10
    assert problems[0] == f"{sheet}, row 4, column 'score_B': 'lots' is not a number"
    assert problems[1].startswith(f"{sheet}, row 6, column 'variant': --variant "
                                  "no_such_variant: no such variant")
    with pytest.raises(DataError, match="no score_A column"):
        read_sheet(GAME, tmp_path.joinpath("x.csv").write_text("a,b\n") and tmp_path / "x.csv")


def finished_human_game(seed: int = 4) -> dict:
    """A whole Crossroads game, seat A a person (who always takes the first option)."""
    session = Session(GAME, GAME.params_type(), seed, ["human", "greedy", "greedy", "greedy"])
    while not session.is_over:
        if session.human_to_move:
            session.human_move(session.legal_actions()[0])
        else:
            session.step()
    return session.to_record()


def test_a_lab_game_keeps_its_record_and_the_game_reads_it(journal: Journal) -> None:
    record = finished_human_game()
    pt = from_record(record, date="2026-12-01", names=["Me"])
    assert (pt.source, pt.variant, pt.seats[0].controller, pt.seats[1].controller) == \
        ("lab", "draft", "human", "greedy")
    written = journal.add([pt], {0: record})[0]
    saved = json.loads((journal.folder / written.record).read_text(encoding="utf-8"))
    game, state = verify(saved)  # replayable, as `designkit replay` replays it
    back = journal.load().games[0]
    assert back.record == "records/pt-0001.json" and back.seats[0].player == "Me"
    assert [s.score for s in back.seats] == game.scores(state)
    assert back.seats[2].vp == GAME.vp_sources(state, 2)
    assert (back.turns, back.end_reason, back.start_seat) == (
        GAME.turns(state), GAME.end_reason(state), GAME.start_seat(state))


def test_an_unfinished_game_is_refused() -> None:
    session = Session(GAME, GAME.params_type(), 1, ["human"] * 4)
    session.step()
    with pytest.raises(DesignkitError, match="did not reach its end"):
        from_record(session.to_record())


def test_the_default_folder_is_beside_the_data_or_the_environments(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.delenv(ENV, raising=False)
    assert default_folder("crossroads").parts[-2:] == ("playtests", "crossroads")
    monkeypatch.setenv(ENV, "/somewhere")
    assert default_folder("crossroads") == Path("/somewhere/crossroads")


def test_no_engine_layer_imports_the_journal() -> None:
    """The journal is never an engine input: nothing that plays or simulates reads it."""
    root = Path(__file__).resolve().parents[2] / "designkit"
    found = []
    for package in ("core", "games", "agents", "sim", "analysis"):
        for path in (root / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                found += [f"{path}: {n}" for n in names if n.startswith("designkit.playtests")]
    assert found == []
