"""The playtest journal: a folder of the designer's, read and appended, never an engine input.

``<folder>/games.csv`` (a row per game), ``<folder>/seats.csv`` (a row per seat) and,
for games played in the lab, ``<folder>/records/<game_id>.json`` (the full record, as
``designkit play --record`` writes it: ``designkit replay`` replays it). The folder is
``playtests/<game>/`` beside the project's ``data/`` (``DESIGNKIT_PLAYTESTS`` or
``--journal`` picks another).

Reading never stops at a bad row: each problem is one line naming the file, the
spreadsheet row and the column, and the other rows load. Writing appends rows to the
text already there (a row someone typed by hand, even a broken one, is kept as typed)
and replaces each file whole (:func:`designkit.core.atomic.write_text_atomic`), the
seats before the games, so a game row never points at seats that are not written.
Nothing under ``designkit.core``, the games, the bots or the simulation imports this
package (``.importlinter``): deleting a journal changes no simulation.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from designkit.core.atomic import write_text_atomic
from designkit.core.errors import DataError, DesignkitError
from designkit.core.game import Game
from designkit.core.paths import data_root
from designkit.core.registry import get_game
from designkit.core.seats import seat_label
from designkit.playtests.schema import (
    FORMAT_VERSION,
    GAME_COLUMNS,
    HUMAN,
    Playtest,
    SeatResult,
    check_playtest,
    params_json,
    params_of,
    parse_date,
    parse_number,
    parse_seat,
    parse_token,
    seat_columns,
)

ENV = "DESIGNKIT_PLAYTESTS"
GAMES_FILE, SEATS_FILE, RECORDS_DIR = "games.csv", "seats.csv", "records"


def default_folder(game: str) -> Path:
    """``playtests/<game>/`` beside the project's ``data/`` (``$DESIGNKIT_PLAYTESTS/<game>``
    when set): the same place for the CLI and the lab, whatever their working folder."""
    root = os.environ.get(ENV, "").strip()
    return (Path(root) if root else data_root().parent / "playtests") / game


@dataclass
class Loaded:
    """What a journal holds: the games that read cleanly, and one line per problem."""

    games: list[Playtest] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _read_rows(path: Path) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """Header and (spreadsheet row, cells) of a CSV file; blank lines are skipped but
    counted, so the row named is the one a spreadsheet shows."""
    if not path.exists():
        return [], []
    text = path.read_text(encoding="utf-8-sig")
    reader = csv.reader(io.StringIO(text))
    rows = list(reader)
    if not rows:
        return [], []
    header = [h.strip() for h in rows[0]]
    out = []
    for i, cells in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in cells):
            continue
        extra = cells[len(header):]
        row = dict(zip(header, cells, strict=False))
        if any(c.strip() for c in extra):
            row["\0extra"] = ",".join(extra)
        out.append((i, row))
    return header, out


def _cell(row: Mapping[str, str], name: str) -> str:
    return (row.get(name) or "").strip()


class _RowError(ValueError):
    def __init__(self, column: str | None, message: str) -> None:
        super().__init__(message)
        self.column = column


def _field(row: Mapping[str, str], name: str, parse: Any, *args: Any) -> Any:
    """``parse(cell, *args)``, or a _RowError naming the column; empty → None."""
    text = _cell(row, name)
    if not text:
        return None
    try:
        return parse(text, *args)
    except ValueError as err:
        raise _RowError(name, str(err)) from None


def _check_version(row: Mapping[str, str]) -> None:
    version = _field(row, "format_version", parse_number, True, 1)
    if version is not None and version > FORMAT_VERSION:
        raise _RowError("format_version", f"written by a newer designkit (format "
                                          f"{version:g}; this one reads {FORMAT_VERSION})")


def _seat_result(game: Game, row: Mapping[str, str]) -> SeatResult:
    _check_version(row)
    seat = _field(row, "seat", parse_seat)
    if seat is None:
        raise _RowError("seat", "empty: name the seat (A, B, …)")
    score = _field(row, "score", parse_number)
    if score is None:
        raise _RowError("score", "empty: every seat has a score")
    vp = {}
    for key in game.VP_SOURCE_LABELS:
        value = _field(row, f"vp_{key}", parse_number)
        if value is not None:
            vp[key] = value
    return SeatResult(seat, score, _cell(row, "player"),
                      _cell(row, "controller") or HUMAN, vp)


def _playtest(game: Game, row: Mapping[str, str], seats: list[SeatResult],
              source: str) -> Playtest:
    """A games.csv row with its seats, checked (a _RowError names the column)."""
    _check_version(row)
    game_id = _cell(row, "game_id")
    if not game_id:
        raise _RowError("game_id", "empty")
    try:
        params = params_of(game, _cell(row, "params_json"), source)
    except ValueError as err:
        raise _RowError("params_json", str(err).removeprefix("params_json: ")) from None
    players = _field(row, "players", parse_number, True, 1)
    date = _field(row, "date", parse_date) or ""
    winner = _field(row, "winner", parse_seat)
    if winner is None:
        raise _RowError("winner", "empty: name the winning seat")
    pt = Playtest(
        game_id=game_id, date=date, source=_cell(row, "source") or "paper",
        variant=_cell(row, "variant") or "draft", params=params,
        seats=tuple(sorted(seats, key=lambda s: s.seat)), winner=winner,
        start_seat=_field(row, "start_seat", parse_seat),
        turns=_int(_field(row, "turns", parse_number, True, 0)),
        minutes=_field(row, "minutes", parse_number, False, 0),
        end_reason=_field(row, "end_reason", parse_token, "end reason") or "",
        notes=_cell(row, "notes"), record=_cell(row, "record"))
    stored = _cell(row, "params_sha")
    if stored and stored != pt.params_sha:
        raise _RowError("params_sha", "the draft's defaults changed since this game was "
                                      "journaled, so params_json no longer says what was "
                                      "played: write the full changes into params_json and "
                                      "clear params_sha")
    if players is not None and int(players) != pt.players:
        raise _RowError("players", f"{int(players)}, but seats.csv has {pt.players} seats "
                                   f"for game {game_id}")
    try:
        check_playtest(game, pt)
    except ValueError as err:
        column, _, message = str(err).partition(": ")
        raise _RowError(column if message else None, message or str(err)) from None
    return pt


def _int(value: float | None) -> int | None:
    return None if value is None else int(value)


def _problem(path: Path, row: int, err: _RowError) -> str:
    return " ".join(str(DataError(str(path), str(err), row=row, column=err.column)).split())


class Journal:
    """The journal of ``game`` in ``folder`` (default :func:`default_folder`)."""

    def __init__(self, game: Game | str, folder: str | Path | None = None) -> None:
        self.game = get_game(game)
        self.folder = Path(folder) if folder is not None else default_folder(self.game.name)

    @property
    def games_path(self) -> Path:
        return self.folder / GAMES_FILE

    @property
    def seats_path(self) -> Path:
        return self.folder / SEATS_FILE

    def record_path(self, pt: Playtest) -> Path | None:
        return self.folder / pt.record if pt.record else None

    # -- reading ----------------------------------------------------------------------------
    def load(self) -> Loaded:
        """Every game that reads cleanly, and one line per problem (file, row, column)."""
        if self.folder.exists() and not self.folder.is_dir():
            raise DataError(str(self.folder), "is a file: --journal names a folder")
        out = Loaded()
        seats: dict[str, list[tuple[int, SeatResult]]] = {}
        bad_games: set[str] = set()
        for line, row in _read_rows(self.seats_path)[1]:
            try:
                if "\0extra" in row:
                    raise _RowError(None, "more cells than the header has columns")
                seat = _seat_result(self.game, row)
            except _RowError as err:
                out.problems.append(_problem(self.seats_path, line, err))
                bad_games.add(_cell(row, "game_id"))
                continue
            seats.setdefault(_cell(row, "game_id"), []).append((line, seat))
        seen: set[str] = set()
        for line, row in _read_rows(self.games_path)[1]:
            gid = _cell(row, "game_id")
            try:
                if gid in seen:
                    raise _RowError("game_id", f"{gid} is used by an earlier row")
                seen.add(gid)
                if "\0extra" in row:
                    raise _RowError(None, "more cells than the header has columns")
                if gid in bad_games:
                    raise _RowError(None, f"game {gid} has a bad row in {SEATS_FILE} "
                                          f"(named above)")
                found = [s for _line, s in seats.get(gid, [])]
                if not found:
                    raise _RowError("game_id", f"no seats in {SEATS_FILE} for game {gid}")
                out.games.append(_playtest(self.game, row, found, str(self.games_path)))
            except _RowError as err:
                out.problems.append(_problem(self.games_path, line, err))
        for gid, rows in seats.items():
            if gid not in seen and gid not in bad_games:
                out.problems.append(_problem(self.seats_path, rows[0][0], _RowError(
                    "game_id", f"no game {gid or '(empty)'} in {GAMES_FILE}")))
        return out

    # -- writing ----------------------------------------------------------------------------
    def next_ids(self, count: int) -> list[str]:
        """Fresh game ids ``pt-0001``…, after the highest one in the journal."""
        used = [_cell(r, "game_id") for _line, r in _read_rows(self.games_path)[1]]
        numbers = [int(g[3:]) for g in used if g.startswith("pt-") and g[3:].isdigit()]
        first = max(numbers, default=0) + 1
        return [f"pt-{first + i:04d}" for i in range(count)]

    def add(self, games: Sequence[Playtest],
            records: Mapping[int, dict[str, Any]] | None = None) -> list[Playtest]:
        """Append ``games`` (each checked first: nothing is written if one is wrong), with
        the full record of those at ``records[index]`` (lab games); the games as written,
        with their new ids."""
        from designkit.core.records import save_record

        ids = self.next_ids(len(games))
        written = []
        for i, (pt, gid) in enumerate(zip(games, ids, strict=True)):
            rec = f"{RECORDS_DIR}/{gid}.json" if records and i in records else pt.record
            pt = replace(pt, game_id=gid, record=rec)
            try:
                check_playtest(self.game, pt)
            except ValueError as err:
                raise DesignkitError(f"playtest {i + 1}: {err}") from None
            written.append(pt)
        self.folder.mkdir(parents=True, exist_ok=True)
        for i, record in (records or {}).items():
            (self.folder / RECORDS_DIR).mkdir(exist_ok=True)
            save_record(record, self.folder / written[i].record)
        self._append(self.seats_path, seat_columns(self.game),
                     [row for pt in written for row in seat_rows(self.game, pt)])
        self._append(self.games_path, GAME_COLUMNS, [game_row(pt) for pt in written])
        return written

    def _append(self, path: Path, columns: Sequence[str],
                rows: Iterable[Mapping[str, str]]) -> None:
        """The file's text as it is, plus ``rows`` under its own header (a new file gets
        ``columns``); written whole, atomically."""
        old = path.read_text(encoding="utf-8-sig") if path.exists() else ""
        header = next(csv.reader(io.StringIO(old)), None) if old.strip() else None
        names = [h.strip() for h in header] if header else list(columns)
        missing = [c for c in columns if c not in names and not c.startswith("vp_")]
        if missing:
            raise DataError(str(path), f"the header has no column '{missing[0]}': add it, "
                                       f"or journal into a new folder", column=missing[0])
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        if not header:
            writer.writerow(names)
        for row in rows:
            writer.writerow([row.get(name, "") for name in names])
        if old and not old.endswith("\n"):
            old += "\n"
        write_text_atomic(path, old + buffer.getvalue(), option="--journal")


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def game_row(pt: Playtest) -> dict[str, str]:
    return {"format_version": str(FORMAT_VERSION), "game_id": pt.game_id, "date": pt.date,
            "source": pt.source, "variant": pt.variant, "params_json": params_json(pt.params),
            "params_sha": pt.params_sha, "players": str(pt.players),
            "start_seat": "" if pt.start_seat is None else seat_label(pt.start_seat),
            "winner": seat_label(pt.winner), "turns": _num(pt.turns),
            "minutes": _num(pt.minutes), "end_reason": pt.end_reason, "notes": pt.notes,
            "record": pt.record}


def seat_rows(game: Game, pt: Playtest) -> list[dict[str, str]]:
    rows = []
    for s in pt.seats:
        row = {"format_version": str(FORMAT_VERSION), "game_id": pt.game_id,
               "seat": seat_label(s.seat), "player": s.player, "controller": s.controller,
               "score": _num(s.score)}
        row.update({f"vp_{k}": _num(v) for k, v in s.vp.items()})
        rows.append(row)
    return rows
