"""``designkit play`` and ``designkit replay``: one game's walkthrough, from a seed, a game
of a results file (``--from``) or a record, with its header and result lines
(:mod:`designkit.walkthrough`) in the language asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designkit.commands.output import TERMINAL, Output
from designkit.commands.setup import Setup, command_params
from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.outputs import check_output
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.walkthrough import log_lines, viewer

#: options ``play --from`` takes from the results file instead: (Setup field, flag)
FROM_FILE = (("seed", "--seed"), ("agents", "--agents"), ("sets", "--set"),
             ("variant", "--variant"), ("players", "--players"))


def play(setup: Setup, view: str = "table", lang: str = "en", record: Path | None = None,
         from_file: Path | None = None, game_id: int | None = None,
         out: Output = TERMINAL) -> int:
    """Play one game and tell it; with ``from_file`` and ``game_id`` replay that game of a
    results file and say whether it ends with the file's scores (exit 1 if not)."""
    from designkit.agents import make_agents
    from designkit.core.play import play_game

    source = _from_results(setup, from_file, game_id)
    specs: str | list[str]
    if source is not None:
        game, params, specs, seed = source
    else:
        game = setup.the_game()
        params = command_params(game, setup.variant, setup.sets, setup.players)
        specs, seed = setup.agents or "random", setup.seed if setup.seed is not None else 0
    agents = make_agents(specs, player_count(params))
    seen = viewer(game, view, len(agents))
    if record:
        check_output(record, (".json",), option="--record")
    played = play_game(game, params, agents, seed, log=True, keep_steps=True)
    names = [a.name for a in agents]
    # a replayed game of a results file (_from_results checked both are given)
    replaying = (from_file, game_id) if from_file is not None and game_id is not None else None
    _tell(out, game, params, played.state, seed, names, view, seen, lang, replaying)
    if record:
        _save_record(out, game, params, seed, names, played, record)
    if replaying is not None:
        return _check_scores(out, *replaying, game, played.state)
    return 0


def _tell(out: Output, game: Game, params: Params, state: Any, seed: int, names: list[str],
          view: str, seen: int | None, lang: str, replaying: tuple[Path, int] | None
          ) -> None:
    from designkit.walkthrough import changes_line, replaying_line, title_line

    if replaying:
        out.say(replaying_line(replaying[1], str(replaying[0]), lang))
    out.say(title_line(game, len(names), seed, names, lang))
    changes = changes_line(params, lang)
    if changes:
        out.say(changes)
    out.say_all(log_lines(game, state, view, seen, lang))


def _save_record(out: Output, game: Game, params: Params, seed: int, names: list[str],
                 played: Any, path: Path) -> None:
    from designkit.core.records import make_record, save_record

    record = make_record(game, params, seed, names, played.steps, played.state)
    saved = save_record(record, path)
    out.say(f"record saved to {saved} ({len(played.steps)} steps)")


def _from_results(setup: Setup, from_file: Path | None, game_id: int | None
                  ) -> tuple[Game, Params, list[str], int] | None:
    """``play --from FILE --game-id N``: that game's game, params, agents and seed."""
    if from_file is None:
        if game_id is not None:
            raise DesignkitError("--game-id needs --from RESULTS_FILE (the file it numbers)")
        if setup.game is None:
            raise DesignkitError("give a game (`designkit games` lists them) or --from "
                                 "RESULTS_FILE --game-id N")
        return None
    if game_id is None:
        raise DesignkitError(f"--from {from_file}: add --game-id N (which of its games to "
                             "replay)")
    given = [flag for field, flag in FROM_FILE if getattr(setup, field) is not None]
    if given:
        raise DesignkitError(f"--from {from_file} gives the game's seed, agents and "
                             f"parameters: drop {given[0]}")
    from designkit.sim.results_file import game_from_results

    game, params, agents, seed = game_from_results(from_file, game_id)
    if setup.game is not None and get_game(setup.game).name != game.name:
        raise DesignkitError(f"--from {from_file}: game {game_id} is a {game.name} "
                             f"game, not {setup.game} (drop the game name)")
    return game, params, agents, seed


def _check_scores(out: Output, path: Path, game_id: int, game: Game, state: Any) -> int:
    """The replay must end with the scores the file holds; say so either way."""
    from designkit.sim.results_file import read_table

    table = read_table(path)
    rows = table[table["game_id"] == game_id].sort_values("seat")
    want = [float(v) for v in rows["score"]] if "score" in rows.columns else []
    got = [float(v) for v in game.scores(state)]
    if not want:
        out.say("(the file has no score column to compare with)")
        return 0
    if want == got:
        out.say(f"replay matches {path}: same final scores as its game {game_id}")
        return 0

    def shown(scores: list[float]) -> str:
        return ", ".join(f"{game.seats_label(s)} {v:g}" for s, v in enumerate(scores))

    out.warn(f"designkit: error: the replay's final scores ({shown(got)}) differ from the "
             f"file's ({shown(want)}): the engine changed since the file was written; "
             "simulate again")
    return 1


def replay(file: Path, view: str = "table", lang: str = "en", out: Output = TERMINAL) -> int:
    """Replay a record, check it reproduces the recorded end exactly, and tell it."""
    from designkit.core.records import load_record, verify

    record = load_record(file)
    try:
        game, state = verify(record)
    except DesignkitError as err:
        raise DesignkitError(f"{file}: {err}") from None
    seen = viewer(game, view, len(game.scores(state)))
    out.say(f"replaying {file}: {game.title}, seed {record.get('seed')}, "
            f"{len(record['steps'])} steps")
    out.say_all(log_lines(game, state, view, seen, lang))
    out.say()
    hashes = record.get("hashes") or {}
    hashed = ("; steps, params, seed, agents and card tables match their hashes"
              if "seed" in hashes else "; steps, params and card tables match their hashes "
              "(format 2: seed and agents not hashed)" if hashes
              else " (format 1: no hashes to check)")
    out.say(f"replay OK: reproduces the recorded final state, scores {record['scores']} and "
            f"ranking exactly{hashed}")
    return 0
