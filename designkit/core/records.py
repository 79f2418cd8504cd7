"""Game records: JSON with every step and chance outcome written out (OpenSpiel style).

A record replays to the identical final state, log and scores without any RNG,
so it survives an RNG change and can be diffed, shared and attached to issues.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from designkit.core.errors import DataError, RecordMismatch
from designkit.core.game import CHANCE, Game, State
from designkit.core.params import Params
from designkit.core.play import Step
from designkit.core.registry import get_game

FORMAT_VERSION = 1


def _package_version() -> str:
    from designkit import __version__

    return __version__


def make_record(game: Game, params: Params, seed: int | None, agents: Sequence[str],
                steps: Sequence[Step], state: State) -> dict[str, Any]:
    """The record of a finished (or unfinished) game, ready for ``json.dump``."""
    over = game.is_over(state)
    return {
        "format_version": FORMAT_VERSION,
        "game": game.name,
        "package_version": _package_version(),
        "params": params.to_dict(),
        "seed": seed,
        "agents": list(agents),
        "steps": [{"chance": s.action} if s.seat is None else
                  {"seat": s.seat, "action": game.action_to_json(s.action)} for s in steps],
        "scores": game.scores(state) if over else None,
        "ranking": game.ranking(state) if over else None,
        "final_state": game.state_to_dict(state),
    }


def save_record(record: dict[str, Any], path: str | Path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def load_record(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(str(path), "file not found") from None
    except json.JSONDecodeError as err:
        raise DataError(str(path), f"not valid JSON: {err}") from None
    for key in ("format_version", "game", "params", "steps"):
        if key not in record:
            raise DataError(str(path), f"missing key '{key}'", column=key)
    if record["format_version"] > FORMAT_VERSION:
        raise DataError(str(path), f"format version {record['format_version']} is newer than "
                                   f"this designkit understands ({FORMAT_VERSION})")
    return record


def replay(record: dict[str, Any], log: bool = True, upto: int | None = None
           ) -> tuple[Game, State, list[Step]]:
    """Rebuild the game step by step; every step is checked for legality."""
    game = get_game(record["game"])
    params = game.params_type.from_dict(record["params"], source="record params")
    state = game.new_state(params, log=log)
    steps: list[Step] = []
    for i, raw in enumerate(record["steps"][:upto]):
        who = game.to_move(state)
        if "chance" in raw:
            if who is not CHANCE:
                raise RecordMismatch(f"step {i}: record has a chance outcome, game expects "
                                     f"seat {who}")
            action = raw["chance"]
            step = Step(None, action)
        else:
            action = game.action_from_json(raw["action"])
            if raw["seat"] != who:
                raise RecordMismatch(f"step {i}: record has seat {raw['seat']}, game expects "
                                     f"{who}")
            step = Step(who, action)
        game.apply(state, action)
        steps.append(step)
    return game, state, steps


def verify(record: dict[str, Any]) -> tuple[Game, State]:
    """Replay and check the recorded scores, ranking and final state; raise on mismatch."""
    game, state, _ = replay(record)
    if record.get("scores") is not None:
        if game.scores(state) != record["scores"]:
            raise RecordMismatch(f"scores {game.scores(state)} differ from the recorded "
                                 f"{record['scores']}")
        if game.ranking(state) != record["ranking"]:
            raise RecordMismatch("ranking differs from the record")
    final = record.get("final_state")
    if final is not None and game.state_to_dict(state) != json.loads(json.dumps(final)):
        raise RecordMismatch("final state differs from the record")
    return game, state
