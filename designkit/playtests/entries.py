"""Ways a played game enters the journal: a lab game's record, a paper game's fields, or
rows of a spreadsheet (one row per game, as a designer jots them after a session).

The spreadsheet form (``designkit playtests GAME import FILE``) is wide, one row per
game: ``date, variant, set, players, start, winner, turns, minutes, end, notes``, then
per seat X (A, B, …) ``score_X``, optionally ``player_X`` and ``<source>_X`` for each
of the game's scoring sources (``work_pile_A``; ``vp_work_pile_A`` works too). Only
``score_X`` is required; ``variant`` defaults to the draft, ``players`` to the seats
scored, ``winner`` to the single top score (a tie needs the winner written: the rules'
tie-break is not on the sheet). Each bad row is one line naming file, row and column;
the good rows are imported.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from designkit.core.errors import DataError, DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.seats import seat_label
from designkit.playtests.schema import (
    HUMAN,
    Playtest,
    SeatResult,
    check_playtest,
    parse_date,
    parse_number,
    parse_seat,
    parse_token,
    variant_label,
)


def from_record(record: Mapping[str, Any], date: str | None = None, notes: str = "",
                minutes: float | None = None, names: Sequence[str] = ()) -> Playtest:
    """The journal entry of a finished game's record (the lab's, or ``play --record``):
    replayed step by step (every step checked), so scores, VP sources, the winner, turns
    and the end reason are the game's own, never typed."""
    from designkit.core.records import check_record, verify

    rec = check_record(dict(record))
    game, state = verify(rec)
    params = game.params_type.from_dict(rec["params"], source="record params")
    agents = [str(a) for a in rec.get("agents") or []]
    scores = game.scores(state)
    seats = tuple(SeatResult(s, float(score), names[s] if s < len(names) else "",
                             agents[s] if s < len(agents) else HUMAN,
                             {k: float(v) for k, v in game.vp_sources(state, s).items()})
                  for s, score in enumerate(scores))
    return Playtest(game_id="", date=date or dt.date.today().isoformat(), source="lab",
                    variant=variant_label(game, params), params=params, seats=seats,
                    winner=game.ranking(state)[0], start_seat=game.start_seat(state),
                    turns=game.turns(state), minutes=minutes,
                    end_reason=str(game.end_reason(state) or ""), notes=notes)


def paper_game(game: Game, params: Params, scores: Sequence[float],
               vp: Sequence[Mapping[str, float]] = (), names: Sequence[str] = (),
               winner: int | None = None, start_seat: int | None = None,
               turns: int | None = None, minutes: float | None = None, end_reason: str = "",
               notes: str = "", date: str | None = None, variant: str | None = None
               ) -> Playtest:
    """A game played on paper, checked (a ValueError names the field)."""
    if not scores:
        raise ValueError("score: no seat has a score")
    if winner is None:
        top = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == top]
        if len(leaders) > 1:
            raise ValueError(f"winner: {', '.join(seat_label(s) for s in leaders)} share the "
                             f"top score {top:g}: write who won the tie-break")
        winner = leaders[0]
    seats = tuple(SeatResult(s, float(v), names[s] if s < len(names) else "", HUMAN,
                             dict(vp[s]) if s < len(vp) else {})
                  for s, v in enumerate(scores))
    pt = Playtest(game_id="", date=parse_date(date) if date else dt.date.today().isoformat(),
                  source="paper", variant=variant or variant_label(game, params),
                  params=params, seats=seats, winner=winner, start_seat=start_seat,
                  turns=turns, minutes=minutes,
                  end_reason=parse_token(end_reason, "end reason") if end_reason else "",
                  notes=notes)
    check_playtest(game, pt)
    return pt


# -- the spreadsheet form ---------------------------------------------------------------------
def _seat_cells(game: Game, row: Mapping[str, str]) -> tuple[list[float], list[dict[str, float]],
                                                            list[str]]:
    scores: list[float] = []
    vp: list[dict[str, float]] = []
    names: list[str] = []
    for s in range(26):
        label = seat_label(s)
        text = (row.get(f"score_{label}") or "").strip()
        if not text:
            break
        try:
            scores.append(parse_number(text))
        except ValueError as err:
            raise DataError("", str(err), column=f"score_{label}") from None
        names.append((row.get(f"player_{label}") or "").strip())
        parts: dict[str, float] = {}
        for key in game.VP_SOURCE_LABELS:
            for column in (f"{key}_{label}", f"vp_{key}_{label}"):
                cell = (row.get(column) or "").strip()
                if cell:
                    try:
                        parts[key] = parse_number(cell)
                    except ValueError as err:
                        raise DataError("", str(err), column=column) from None
        vp.append(parts)
    return scores, vp, names


def _opt(row: Mapping[str, str], column: str, parse: Any, *args: Any) -> Any:
    text = (row.get(column) or "").strip()
    if not text:
        return None
    try:
        return parse(text, *args)
    except ValueError as err:
        raise DataError("", str(err), column=column) from None


def row_game(game: Game, row: Mapping[str, str]) -> Playtest:
    """One spreadsheet row as a paper playtest (a DataError names the column)."""
    from designkit.core.variants import load_variant

    scores, vp, names = _seat_cells(game, row)
    if not scores:
        raise DataError("", "no score: write score_A, score_B, …", column="score_A")
    players = _opt(row, "players", parse_number, True, 1)
    if players is not None and int(players) != len(scores):
        raise DataError("", f"{int(players)} players but {len(scores)} scores",
                        column="players")
    variant = (row.get("variant") or "").strip() or "draft"
    sets = dict(_assignment(s) for s in (row.get("set") or "").split(";") if s.strip())
    if "players" in game.params_type.specs():
        sets["players"] = str(len(scores))
    try:
        base = load_variant(game.params_type, variant).params
    except (DesignkitError, ValueError) as err:
        raise DataError("", " ".join(str(err).split()), column="variant") from None
    try:
        params = base.with_strings(sets)
    except (DesignkitError, ValueError) as err:
        raise DataError("", " ".join(str(err).split()), column="set") from None
    try:
        return paper_game(
            game, params, scores, vp, names,
            winner=_opt(row, "winner", parse_seat, len(scores)),
            start_seat=_opt(row, "start", parse_seat, len(scores)),
            turns=_whole(_opt(row, "turns", parse_number, True, 0)),
            minutes=_opt(row, "minutes", parse_number, False, 0),
            end_reason=(row.get("end") or "").strip(), notes=(row.get("notes") or "").strip(),
            date=(row.get("date") or "").strip() or None, variant=variant)
    except ValueError as err:
        column, _, message = str(err).partition(": ")
        raise DataError("", message or str(err), column=column if message else None) from None


def _assignment(text: str) -> tuple[str, str]:
    """``field=value`` of the ``set`` column (``a=1; b=2``), as ``--set`` reads it."""
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise DataError("", f"{text.strip()!r}: write field=value; field=value", column="set")
    return key.strip(), value.strip()


def _whole(value: float | None) -> int | None:
    return None if value is None else int(value)


def read_sheet(game: Game, path: str | Path) -> tuple[list[Playtest], list[str]]:
    """The games of a spreadsheet file, and one line per bad row (file, row, column)."""
    from designkit.core.textfiles import read_text
    from designkit.playtests.journal import _read_rows

    path = Path(path)
    read_text(path)  # a missing file, a folder, Shift-JIS: one line naming it
    header, rows = _read_rows(path)
    if not any(h.startswith("score_") for h in header):
        raise DataError(str(path), "no score_A column: one row per game, with a score_X "
                                   "column per seat (see docs/PLAYTESTS.md)")
    games, problems = [], []
    for line, row in rows:
        try:
            if "\0extra" in row:
                raise DataError("", "more cells than the header has columns")
            games.append(row_game(game, row))
        except DataError as err:
            problems.append(" ".join(str(DataError(str(path), err.detail, row=line,
                                                   column=err.column)).split()))
    return games, problems
