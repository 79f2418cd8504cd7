"""A results file is enough to re-create any game in it: from a number to the game behind it.

Every game of a simulation is fixed by its game, parameters, agents and seed
(:func:`designkit.core.play.play_game` owns every RNG), so a results file needs no
stored records: :meth:`Results.to_file` writes, on every row, beside the per-game
``seed`` and the per-seat ``agent`` (an agent's name *is* its spec: ``get_agent(name)``
rebuilds it), four columns:

* ``game`` — the registered game name;
* ``params_json`` — the parameters as set, as JSON of the fields that differ from the
  draft defaults (``{}`` for the draft), so a row stays short and readable;
* ``params_sha`` — the start of the SHA-256 of *all* parameters, so a replay notices when
  the draft's defaults changed since the file was written (the changed fields alone would
  then describe another game);
* ``data_sha`` — the same for the card tables the game declares (``Game.card_tables``
  under ``data/<game>/``).

Columns rather than a sidecar file: a CSV or Parquet file is copied, mailed and opened in
a spreadsheet alone, and a sidecar gets lost on the way. The repeated values cost about
50 bytes a row in CSV and almost nothing in Parquet (dictionary-encoded).

:func:`game_from_results` reads it back; every problem is one line naming the file, the
row (the spreadsheet line in a CSV, header = line 1; the 1-based row in a Parquet file)
and the column.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any, NamedTuple

import pandas as pd

from designkit.agents import get_agent
from designkit.core.errors import DataError, DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.records import canonical_hash, data_hashes
from designkit.core.registry import get_game
from designkit.core.seats import player_count

#: columns :meth:`Results.to_file` adds so that any row's game can be replayed
REPLAY_COLUMNS = ("game", "params_json", "params_sha", "data_sha")
#: what a results file needs to name a game and its seats
BASE_COLUMNS = ("game_id", "seed", "seat", "agent")
#: game seeds are 64-bit (``runner.game_seed``: a SeedSequence's uint64 state)
MAX_GAME_SEED = 2**64 - 1
_SHA_CHARS = 16


class ResultGame(NamedTuple):
    """One game of a results file: what ``play_game`` / ``Session`` need to play it again."""

    game: Game
    params: Params
    agents: list[str]
    seed: int


def params_json(params: Params) -> str:
    """The fields that differ from the draft defaults, as canonical JSON (``{}``: the draft)."""
    changed = {name: new for name, (_old, new) in params.diff().items()}
    return json.dumps(changed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def params_sha(params: Params) -> str:
    return canonical_hash(params.to_dict())[:_SHA_CHARS]


def data_sha(game_name: str) -> str:
    return canonical_hash(data_hashes(game_name))[:_SHA_CHARS]


def replay_columns(game_name: str, params: dict[str, Any] | Params) -> dict[str, str]:
    """The values of :data:`REPLAY_COLUMNS` for a run of ``game_name`` with ``params``."""
    game = get_game(game_name)
    p: Params = params if isinstance(params, Params) else \
        game.params_type.from_dict(params, source="results params")
    return {"game": game.name, "params_json": params_json(p),
            "params_sha": params_sha(p), "data_sha": data_sha(game.name)}


def play_command(game: ResultGame) -> str:
    """The ``designkit play`` command line that replays ``game`` (for a report or a note):
    its seed, one agent per seat and a ``--set`` per changed parameter (JSON values, which
    ``--set`` reads as YAML)."""
    parts = ["designkit", "play", game.game.name, "--seed", str(game.seed),
             "--agents", ",".join(game.agents)]
    for name, (_old, new) in game.params.diff().items():
        parts += ["--set", f"{name}={json.dumps(new, ensure_ascii=False)}"]
    return shlex.join(parts)


def game_of(results: Any, game_id: int) -> ResultGame:
    """Game ``game_id`` of in-memory ``Results`` (what a panel just simulated)."""
    game = get_game(results.game)
    ids = [int(g) for g in results.games["game_id"]]
    if isinstance(game_id, bool) or not isinstance(game_id, int) or game_id not in ids:
        raise DesignkitError(f"no game {game_id} in these results: the game ids are "
                             f"{describe_ids(sorted(ids)) or 'none'}")
    params = game.params_type.from_dict(results.params, source="results params")
    row = results.games[results.games["game_id"] == game_id].iloc[0]
    agents = list(results.agents)
    if len(agents) == 1:
        agents = agents * player_count(params)
    return ResultGame(game, params, agents, int(row["seed"]))


def read_table(path: str | Path) -> pd.DataFrame:
    """A results table (``.csv`` or ``.parquet``), or a one-line error naming the file."""
    path = Path(path)
    if not path.exists():
        raise DataError(str(path), "no such file")
    if path.is_dir():
        raise DataError(str(path), "is a folder, not a results file (.csv or .parquet)")
    from designkit.core.textfiles import RESULTS_FILE, refuse_device

    refuse_device(path, RESULTS_FILE)
    suffix = path.suffix.lower()
    try:
        if suffix == ".parquet":
            return pd.read_parquet(path)
        if suffix == ".csv":
            return pd.read_csv(path, dtype={"params_json": str, "agent": str, "game": str},
                               keep_default_na=False, na_values=[""])
    except pd.errors.EmptyDataError:
        raise DataError(str(path), "the file is empty") from None
    except (ValueError, OSError, UnicodeDecodeError, pd.errors.ParserError) as err:
        what = "Parquet" if suffix == ".parquet" else "CSV"
        raise DataError(str(path), f"not a readable {what} file "
                                   f"({' '.join(str(err).split())[:160]})") from None
    raise DataError(str(path), f"a results file ends in .csv or .parquet, not "
                               f"{suffix or '(no suffix)'}")


def game_ids(table: pd.DataFrame) -> list[int]:
    return sorted({int(g) for g in table["game_id"]})


def _check_game_ids(table: pd.DataFrame, source: str, where: Any) -> None:
    numbers = pd.to_numeric(table["game_id"], errors="coerce")
    bad = numbers.isna() | (numbers < 0) | (numbers % 1 != 0)
    if bad.any():
        i = bad[bad].index[0]
        cell = table["game_id"][i]
        # an empty cell reads as NaN (numpy's repr: "np.float64(nan)"), so say what it is
        shown = "an empty cell" if pd.isna(cell) or str(cell).strip() == "" else repr(
            cell.item() if hasattr(cell, "item") else cell)
        raise DataError(source, f"{shown} is not a game id (a whole number, 0 or more)",
                        row=where(i), column="game_id")


def describe_ids(ids: list[int], most: int = 4) -> str:
    """``0–199`` or ``0–99, 150–199`` (runs of consecutive game ids)."""
    runs: list[list[int]] = []
    for gid in ids:
        if runs and gid == runs[-1][1] + 1:
            runs[-1][1] = gid
        else:
            runs.append([gid, gid])
    parts = [f"{a}–{b}" if a != b else f"{a}" for a, b in runs]
    return ", ".join(parts[:most]) + (", …" if len(parts) > most else "")


def check_columns(table: pd.DataFrame, source: str) -> None:
    missing = [c for c in BASE_COLUMNS if c not in table.columns]
    if missing:
        raise DataError(source, f"missing column '{missing[0]}': not a results file written "
                                "by `designkit simulate --out`", column=missing[0])
    old = [c for c in ("game", "params_json") if c not in table.columns]
    if old:
        raise DataError(source, f"no column '{old[0]}': this file was written before results "
                                "files carried their game and parameters; simulate again with "
                                "--out to replay its games", column=old[0])


def game_from_results(path: str | Path, game_id: int) -> ResultGame:
    """Game ``game_id`` of the results file ``path``: game, params, agent per seat, seed.

    Checks that the file still describes the same game: the draft defaults and card
    tables it was written with (``params_sha`` / ``data_sha``, when present) must match
    the ones on disk, since a seed replays the same game only with the same rules.
    """
    source = str(path)
    table = read_table(path)
    return game_from_table(table, game_id, source, header=Path(path).suffix.lower() == ".csv")


def game_from_table(table: pd.DataFrame, game_id: int, source: str = "<results>",
                    header: bool = False) -> ResultGame:
    """As :func:`game_from_results`, for a table already read (``header``: rows are CSV
    lines, the header being line 1)."""
    def where(i: Any) -> int:
        return int(i) + (2 if header else 1)

    check_columns(table, source)
    if table.empty:
        raise DataError(source, "the file has no games")
    _check_game_ids(table, source, where)
    table = table.assign(game_id=table["game_id"].astype("int64"))
    ids = game_ids(table)
    rows = table[table["game_id"] == game_id]
    if isinstance(game_id, bool) or not isinstance(game_id, int) or rows.empty:
        raise DataError(source, f"no game {game_id}: the game ids in this file are "
                                f"{describe_ids(ids)}", column="game_id")
    first = rows.index[0]
    game = _one_value(rows, "game", source, where)
    try:
        game_obj = get_game(str(game))
    except DesignkitError as err:
        raise DataError(source, str(err), row=where(first), column="game") from None
    params = _params(game_obj, rows, source, where)
    seed = _seed(rows, source, where)
    agents = _agents(rows, params, source, where)
    _same_rules(game_obj, params, rows, source, where)
    return ResultGame(game_obj, params, agents, seed)


def _one_value(rows: pd.DataFrame, column: str, source: str, where: Any) -> Any:
    """The value every row of one game shares in ``column``."""
    values = rows[column]
    if values.isna().any():
        i = values[values.isna()].index[0]
        raise DataError(source, "empty", row=where(i), column=column)
    first = values.iloc[0]
    differ = values[values != first]
    if len(differ):
        raise DataError(source, f"{differ.iloc[0]!r} differs from {first!r} on the same "
                                f"game's row {where(values.index[0])}",
                        row=where(differ.index[0]), column=column)
    return first


def _params(game: Game, rows: pd.DataFrame, source: str, where: Any) -> Params:
    text = _one_value(rows, "params_json", source, where)
    row = where(rows.index[0])
    try:
        changed = json.loads(str(text))
    except json.JSONDecodeError as err:
        raise DataError(source, f"not JSON ({err.msg} at character {err.pos})", row=row,
                        column="params_json") from None
    if not isinstance(changed, dict):
        raise DataError(source, "expected a JSON object of parameter: value", row=row,
                        column="params_json")
    try:
        return game.params_type.from_dict(changed, source=source)
    except DataError as err:
        field = f" {err.column}" if err.column else ""
        raise DataError(source, f"parameter{field}: {err.detail}", row=row,
                        column="params_json") from None


def _seed(rows: pd.DataFrame, source: str, where: Any) -> int:
    value = _one_value(rows, "seed", source, where)
    try:
        seed = int(str(value).strip())
    except ValueError:
        seed = -1
    if not 0 <= seed <= MAX_GAME_SEED:
        raise DataError(source, f"{value!r} is not a game seed (a whole number 0–"
                                f"{MAX_GAME_SEED})", row=where(rows.index[0]), column="seed")
    return seed


def _agents(rows: pd.DataFrame, params: Params, source: str, where: Any) -> list[str]:
    seats = player_count(params)
    by_seat: dict[int, tuple[Any, Any]] = {}
    for i, seat, agent in zip(rows.index, rows["seat"], rows["agent"], strict=True):
        try:
            seat = int(seat)
        except (TypeError, ValueError):
            raise DataError(source, f"{seat!r} is not a seat number", row=where(i),
                            column="seat") from None
        if not 0 <= seat < seats:
            raise DataError(source, f"seat {seat} does not exist: the game has {seats} seats "
                                    f"(0–{seats - 1})", row=where(i), column="seat")
        if seat in by_seat:
            raise DataError(source, f"seat {seat} appears twice for this game (also row "
                                    f"{where(by_seat[seat][0])})", row=where(i), column="seat")
        by_seat[seat] = (i, agent)
    missing = [s for s in range(seats) if s not in by_seat]
    if missing:
        raise DataError(source, f"game {int(rows['game_id'].iloc[0])} has no row for seat "
                                f"{missing[0]} ({seats} seats)", column="seat")
    agents = []
    for seat in range(seats):
        i, agent = by_seat[seat]
        name = "" if agent is None or agent != agent else str(agent).strip()
        try:
            get_agent(name)
        except DesignkitError as err:
            raise DataError(source, str(err), row=where(i), column="agent") from None
        agents.append(name)
    return agents


def _same_rules(game: Game, params: Params, rows: pd.DataFrame, source: str,
                where: Any) -> None:
    """Refuse a replay that would silently be another game (defaults or tables changed)."""
    row = where(rows.index[0])
    if "params_sha" in rows.columns:
        recorded = _one_value(rows, "params_sha", source, where)
        if str(recorded) != params_sha(params):
            raise DataError(source, f"the draft defaults of {game.name} changed since this "
                                    "file was written, so its seeds would replay other games; "
                                    "simulate again", row=row, column="params_sha")
    if "data_sha" in rows.columns:
        recorded = _one_value(rows, "data_sha", source, where)
        if str(recorded) != data_sha(game.name):
            raise DataError(source, f"the card tables in data/{game.name}/ changed since this "
                                    "file was written, so its seeds would replay other games; "
                                    "simulate again", row=row, column="data_sha")
