"""The playtest journal's schema: what one played game is, and its two tidy CSV tables.

A journal is the designer's data, written so a spreadsheet opens it and a person can
fix it by hand: ``games.csv`` holds one row per game, ``seats.csv`` one row per seat
of each game, both with a ``format_version`` column (this module's
:data:`FORMAT_VERSION`), so a row written by a later designkit is named as such rather
than misread. Parameters are stored as results files store them
(:mod:`designkit.sim.results_file`): the fields that differ from the draft
(``params_json``) and the SHA-256 prefix of all of them (``params_sha``), so a game
is compared with bots playing the very same rules. Seats are written as the game
names them (A, B, …); names of the people are optional and never required.

Every check here names the file, the spreadsheet row (header = row 1) and the column in
one line (:class:`~designkit.core.errors.DataError`), so one bad row is reported and the
others still load (:mod:`designkit.playtests.journal`).
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.seats import player_count, seat_label

FORMAT_VERSION = 1
SOURCES = ("paper", "lab")
#: a human at a seat (the lab's controller name for a person: ``designkit.session.HUMAN``)
HUMAN = "human"

GAME_COLUMNS = ("format_version", "game_id", "date", "source", "variant", "params_json",
                "params_sha", "players", "start_seat", "winner", "turns", "minutes",
                "end_reason", "notes", "record")
SEAT_BASE_COLUMNS = ("format_version", "game_id", "seat", "player", "controller", "score")
_TOKEN = re.compile(r"^[A-Za-z0-9_.:+-]{1,40}$")
_TOL = 1e-6


def seat_columns(game: Game) -> tuple[str, ...]:
    """``seats.csv``'s columns for ``game``: the base ones, then ``vp_<source>`` for each
    of the draft's scoring sources (``Game.VP_SOURCE_LABELS``, in scoring order)."""
    return SEAT_BASE_COLUMNS + tuple(f"vp_{key}" for key in game.VP_SOURCE_LABELS)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a played game: its score, the VP each scoring source gave where known
    (a paper scoresheet may list only some), who sat there (optional) and who played it
    (``human`` or a bot's spec)."""

    seat: int
    score: float
    player: str = ""
    controller: str = HUMAN
    vp: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Playtest:
    """One game people played: on paper (``source="paper"``) or in the lab (``"lab"``,
    with the path of its full record, replayable by ``designkit replay``)."""

    game_id: str
    date: str
    source: str
    variant: str
    params: Params
    seats: tuple[SeatResult, ...]
    winner: int
    start_seat: int | None = None
    turns: int | None = None
    minutes: float | None = None
    end_reason: str = ""
    notes: str = ""
    record: str = ""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def params_sha(self) -> str:
        from designkit.sim.results_file import params_sha

        return params_sha(self.params)

    @property
    def humans(self) -> int:
        return sum(s.controller == HUMAN for s in self.seats)

    def position(self, seat: int) -> int | None:
        """Turn position of ``seat`` (0 = start player) when the start seat is known."""
        return None if self.start_seat is None else (seat - self.start_seat) % self.players


# -- cells --------------------------------------------------------------------------------
def parse_seat(text: str, players: int | None = None) -> int:
    """``A`` → 0 (the game's own labels; a number 1… works too)."""
    t = text.strip().upper()
    if len(t) == 1 and "A" <= t <= "Z":
        seat = ord(t) - ord("A")
    elif t.isdigit() and int(t) >= 1:
        seat = int(t) - 1
    else:
        raise ValueError(f"{text!r} is not a seat (A, B, C, …)")
    if players is not None and seat >= players:
        raise ValueError(f"seat {text.strip()} is not at a {players}-player table "
                         f"(A–{seat_label(players - 1)})")
    return seat


def parse_number(text: str, whole: bool = False, low: float | None = None) -> float:
    """A finite number (``whole``: an integer), at least ``low``."""
    t = text.strip()
    try:
        value = float(t)
    except ValueError:
        raise ValueError(f"{t!r} is not a number") from None
    if not math.isfinite(value):
        raise ValueError(f"{t!r} is not a finite number")
    if whole and value != int(value):
        raise ValueError(f"{t!r} is not a whole number")
    if low is not None and value < low:
        raise ValueError(f"{t} is below {low:g}")
    return value


def parse_date(text: str) -> str:
    """An ISO date (``2026-12-07``); the day is what a journal keeps."""
    t = text.strip()
    try:
        return dt.date.fromisoformat(t[:10]).isoformat() if len(t) >= 10 else \
            dt.date.fromisoformat(t).isoformat()
    except ValueError:
        raise ValueError(f"{t!r} is not a date (write YYYY-MM-DD)") from None


def parse_token(text: str, what: str) -> str:
    t = text.strip()
    if not _TOKEN.match(t):
        raise ValueError(f"{t!r} is not a {what} (letters, digits, _ . : + -)")
    return t


# -- a whole game -------------------------------------------------------------------------
def check_playtest(game: Game, pt: Playtest) -> None:
    """Everything one game must satisfy, as a ValueError naming the field: seats match
    the player count, the winner has a top score, sources are the game's and add up."""
    n = player_count(pt.params)
    if pt.players != n:
        raise ValueError(f"players: {pt.players} seats given, the params say {n}")
    if [s.seat for s in pt.seats] != list(range(n)):
        raise ValueError("seat: each seat A… once, in order")
    if pt.source not in SOURCES:
        raise ValueError(f"source: {pt.source!r} is not one of {', '.join(SOURCES)}")
    if not 0 <= pt.winner < n:
        raise ValueError(f"winner: seat {seat_label(pt.winner)} is not at the table")
    if pt.start_seat is not None and not 0 <= pt.start_seat < n:
        raise ValueError(f"start_seat: seat {seat_label(pt.start_seat)} is not at the table")
    top = max(s.score for s in pt.seats)
    if pt.seats[pt.winner].score < top - _TOL:
        raise ValueError(f"winner: {seat_label(pt.winner)} scored "
                         f"{pt.seats[pt.winner].score:g}, less than the top score {top:g}")
    sources = tuple(game.VP_SOURCE_LABELS)
    for s in pt.seats:
        unknown = [k for k in s.vp if k not in sources]
        if unknown:
            raise ValueError(f"vp_{unknown[0]}: not a scoring source of {game.name} "
                             f"({', '.join(sources) or 'none declared'})")
        if sources and len(s.vp) == len(sources) and abs(sum(s.vp.values()) - s.score) > _TOL:
            raise ValueError(f"score: seat {seat_label(s.seat)}'s sources add up to "
                             f"{sum(s.vp.values()):g}, not its score {s.score:g}")


def params_of(game: Game, changed: str, source: str) -> Params:
    """The Params a journal row names: the draft with the fields ``params_json`` sets
    (JSON of the fields that differ from the draft, as results files write them). The
    ``variant`` column is only the name people used: the JSON is what was played."""
    try:
        changes = json.loads(changed) if changed.strip() else {}
    except json.JSONDecodeError as err:
        raise ValueError(f"params_json: not JSON ({err.msg})") from None
    if not isinstance(changes, dict):
        raise ValueError("params_json: write the changed parameters as a JSON object")
    try:
        return game.params_type.from_dict({**game.params_type().to_dict(), **changes},
                                          source=source)
    except DesignkitError as err:
        raise ValueError(f"params_json: {' '.join(str(err).split())}") from None


def variant_label(game: Game, params: Params) -> str:
    """The name of the shipped variant (or ``draft``) these params are, at their player
    count; ``custom`` when they are none of them."""
    from designkit.core.variants import load_variant, variant_names

    for name in variant_names(game.params_type):
        try:
            named = load_variant(game.params_type, name).params
            if "players" in named.specs():
                named = named.replace(players=player_count(params))
        except DesignkitError:
            continue
        if named == params:
            return name
    return "custom"


def params_json(params: Params) -> str:
    """The fields that differ from the draft, as canonical JSON (``{}``: the draft)."""
    from designkit.sim.results_file import params_json as as_json

    return as_json(params)
