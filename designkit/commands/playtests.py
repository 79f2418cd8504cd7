"""``designkit playtests GAME add|list|import FILE|compare``: the playtest journal from the
command line (``--journal DIR`` picks the folder; default ``playtests/<game>/`` beside the
project). Every bad row of the journal or of an imported sheet is one line on stderr
naming file, row and column; the other rows are still listed, imported or compared."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from designkit.commands.output import TERMINAL, Output
from designkit.core.errors import DesignkitError
from designkit.core.limits import check_games

if TYPE_CHECKING:
    from designkit.core.game import Game
    from designkit.playtests.journal import Journal
    from designkit.playtests.schema import Playtest

ACTIONS = ("add", "list", "import", "compare")


@dataclass(frozen=True)
class PlaytestOptions:
    """What ``designkit playtests`` was told: the game, the action, an import file, the
    journal folder, bots and their games for ``compare``, and a paper game's fields for
    ``add`` (or ``record``: a finished game's record from ``play --record``)."""

    game: str
    action: str
    file: Path | None = None
    journal: Path | None = None
    agents: str | None = None
    games: int = 400
    seed: int = 0
    record: Path | None = None
    scores: str | None = None
    vp: Sequence[str] | None = None
    names: str | None = None
    winner: str | None = None
    start: str | None = None
    turns: int | None = None
    minutes: float | None = None
    end: str | None = None
    notes: str = ""
    date: str | None = None
    variant: str | None = None
    set: Sequence[str] | None = None


def playtests(opts: PlaytestOptions, out: Output = TERMINAL) -> int:
    """Run ``opts.action`` on the journal of ``opts.game``."""
    from designkit.playtests.journal import Journal

    journal = Journal(opts.game, opts.journal)
    if opts.action != "import" and opts.file is not None:
        raise DesignkitError(f"playtests {opts.action} takes no file (import FILE does)")
    action = {"add": add, "list": list_games, "import": import_file,
              "compare": compare}[opts.action]
    return action(journal, opts, out)


def _problems(lines: Sequence[str], out: Output) -> None:
    for line in lines:
        out.warn(f"designkit: {line}")


def list_games(journal: Journal, opts: PlaytestOptions, out: Output) -> int:
    from designkit.core.seats import seat_label

    loaded = journal.load()
    _problems(loaded.problems, out)
    out.say(f"{journal.folder}: {len(loaded.games)} games"
            + (f", {len(loaded.problems)} rows not read" if loaded.problems else ""))
    for pt in loaded.games:
        scores = " ".join(f"{seat_label(s.seat)} {s.score:g}" for s in pt.seats)
        start = f", start {seat_label(pt.start_seat)}" if pt.start_seat is not None else ""
        out.say(f"{pt.game_id}  {pt.date}  {pt.source:<5}  {pt.variant}, {pt.players}p{start}"
                f"  {scores}  winner {seat_label(pt.winner)}"
                + (f"  {pt.turns} turns" if pt.turns is not None else "")
                + (f"  ends {pt.end_reason}" if pt.end_reason else "")
                + (f"  record {pt.record}" if pt.record else ""))
    return 0


def import_file(journal: Journal, opts: PlaytestOptions, out: Output) -> int:
    from designkit.playtests.entries import read_sheet

    if opts.file is None:
        raise DesignkitError("playtests import needs a FILE (one row per game)")
    games, problems = read_sheet(journal.game, opts.file)
    _problems(problems, out)
    written = journal.add(games)
    out.say(f"imported {len(written)} games into {journal.folder}"
            + (f" ({written[0].game_id}–{written[-1].game_id})" if written else "")
            + (f"; {len(problems)} rows not imported" if problems else ""))
    return 2 if problems and not written else 0


def add(journal: Journal, opts: PlaytestOptions, out: Output) -> int:
    from designkit.core.records import load_record
    from designkit.playtests.entries import from_record

    if opts.record is not None:
        record = load_record(opts.record)
        pt = from_record(record, opts.date, opts.notes, opts.minutes,
                         _split(opts.names))
        written = journal.add([pt], {0: record})
    else:
        written = journal.add([_paper(journal.game, opts)])
    out.say(f"added {written[0].game_id} to {journal.folder}")
    return 0


def _split(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",")] if text else []


def _paper(game: Game, opts: PlaytestOptions) -> Playtest:
    """A paper game from ``--scores 6,3,1,3`` and the other options (one line if wrong)."""
    from designkit.commands.setup import command_params
    from designkit.playtests.entries import paper_game
    from designkit.playtests.schema import parse_number, parse_seat

    if not opts.scores:
        raise DesignkitError("playtests add needs --scores A,B,… (or --record FILE)")
    try:
        scores = [parse_number(s) for s in _split(opts.scores)]
        vp = _vp(game, opts.vp or (), len(scores))
        players = len(scores) if "players" in game.params_type.specs() else None
        params = command_params(game, opts.variant, opts.set, players)
        return paper_game(game, params, scores, vp, _split(opts.names),
                          winner=parse_seat(opts.winner, len(scores)) if opts.winner else None,
                          start_seat=parse_seat(opts.start, len(scores)) if opts.start
                          else None, turns=opts.turns, minutes=opts.minutes,
                          end_reason=opts.end or "", notes=opts.notes, date=opts.date,
                          variant=opts.variant)
    except ValueError as err:
        raise DesignkitError(f"playtests add: {err}") from None


def _vp(game: Game, items: Sequence[str], players: int) -> list[dict[str, float]]:
    """``--vp work_pile=9,6,4,7`` (repeatable): one source's VP for every seat."""
    from designkit.playtests.schema import parse_number

    vp: list[dict[str, float]] = [{} for _ in range(players)]
    for item in items:
        key, eq, values = item.partition("=")
        if not eq or key.strip() not in game.VP_SOURCE_LABELS:
            raise ValueError(f"--vp {item}: write SOURCE=v1,v2,… with a source of "
                             f"{game.name}: {', '.join(game.VP_SOURCE_LABELS)}")
        cells = _split(values)
        if len(cells) != players:
            raise ValueError(f"--vp {key.strip()}: {len(cells)} values for {players} seats")
        for seat, cell in enumerate(cells):
            vp[seat][key.strip()] = parse_number(cell)
    return vp


def compare(journal: Journal, opts: PlaytestOptions, out: Output) -> int:
    from designkit.agents import get_agent
    from designkit.playtests.compare import compare as compare_journal
    from designkit.playtests.compare import surprises, surprises_text

    agents = _split(opts.agents) or ["greedy"]
    for name in agents:
        get_agent(name)  # an unknown bot is one line before any game
    check_games(opts.games)
    loaded = journal.load()
    _problems(loaded.problems, out)
    if not loaded.games:
        raise DesignkitError(f"{journal.folder}: no playtests to compare (designkit "
                             f"playtests {journal.game.name} import FILE, or add)")
    for i, block in enumerate(compare_journal(journal.game, loaded.games, agents,
                                              opts.games, opts.seed)):
        if i:
            out.say()
        out.say(block.text(), flush=True)
        out.say()
        out.say(surprises_text(surprises(block, most=3)))
    _differently(journal, loaded.games, out)
    return 0


def _differently(journal: Journal, games: Sequence[Playtest], out: Output) -> None:
    """Where people chose otherwise than greedy, from the lab games' records."""
    from designkit.playtests.decisions import agreement, agreement_text, journal_decisions

    found, used = journal_decisions(journal, games)
    text = agreement_text(agreement(found), used)
    if text:
        out.say()
        out.say(text)
