"""Golden playthroughs (OpenSpiel style): one seeded game per game and player count, as text.

``tests/playthroughs/<game>_<players>p.txt`` records the parameters, then every
step of a seeded random game: who moves, the step taken and the events it
emitted; for the first steps and the last few also the mover's observation and
every legal action, described. The test regenerates each file in memory and
compares it line by line, so any change in rules, legality, observations or
the log shows up as a readable diff. After an intended change regenerate with
``designkit playthroughs [--game GAME]`` and review the diff in version control.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from designkit.agents import make_agents
from designkit.core import seats
from designkit.core.game import CHANCE, Game
from designkit.core.params import VARIANTS
from designkit.core.paths import REPO_ROOT
from designkit.core.play import play_game
from designkit.core.registry import get_game, list_games

PLAYTHROUGH_DIR = REPO_ROOT / "tests" / "playthroughs"
SEED = 0
DETAIL_FIRST = 30
DETAIL_LAST = 5


def _json(value: Any) -> str:
    plain = json.loads(json.dumps(value, ensure_ascii=False, default=str))
    return json.dumps(plain, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def player_counts(game: Game) -> list[int]:
    """Player counts a playthrough covers: every count the game's Params allow."""
    return seats.player_counts(game.params_type)


def playthrough_path(game: str, players: int, root: Path | None = None) -> Path:
    return (root or PLAYTHROUGH_DIR) / f"{game}_{players}p.txt"


def playthrough_text(game: Game | str, players: int, seed: int = SEED,
                     agents: str = "random", detail_first: int = DETAIL_FIRST,
                     detail_last: int = DETAIL_LAST) -> str:
    """The playthrough of one seeded game as text (deterministic for a given engine)."""
    g = get_game(game)
    specs = g.params_type.specs()
    params = g.params_type(players=players) if "players" in specs else g.params_type()
    agent_objs = make_agents(agents, players)
    played = play_game(g, params, agent_objs, seed, keep_steps=True)
    steps = played.steps
    state = g.new_state(params, log=True)
    out = [f"# designkit playthrough (golden file): regenerate with "
           f"`designkit playthroughs --game {g.name}`",
           f"game: {g.name} ({g.title})", f"players: {players}", f"seed: {seed}",
           f"agents: {', '.join(a.name for a in agent_objs)}",
           f"steps: {len(steps)} ({sum(not s.is_chance for s in steps)} decisions, "
           f"{sum(s.is_chance for s in steps)} chance)", "params:"]
    # rule switches at the draft's default are left out: a golden file names the rules it
    # plays, and adding a cure to the kit must not rewrite every draft's golden file
    out += [f"  {k}: {_json(v)}" for k, v in params.to_dict().items()
            if not (specs[k].group == VARIANTS and k not in params.diff())]
    out += ["", "setup events:"] + [f"  {e.render('en')}" for e in state.log]
    detailed = set(range(detail_first)) | set(range(len(steps) - detail_last, len(steps)))
    for i, step in enumerate(steps):
        out.append("")
        who = g.to_move(state)
        assert who is not None  # every recorded step comes before the end
        seat = "chance" if who is CHANCE else g.seats_label(who)
        if step.is_chance:
            outcomes = g.chance_outcomes(state)
            prob = next((p for o, p in outcomes if o == step.action), None)
            taken = (f"chance {_json(step.action)}"
                     + (f" (p={prob:.6g} of {len(outcomes)} outcomes)" if prob is not None
                        else ""))
        else:
            taken = (f"{seat} {_json(g.action_to_json(step.action))} "
                     f"{g.describe_action(step.action)}")
        out.append(f"step {i}: {taken}")
        if i in detailed and not step.is_chance and isinstance(who, int):
            out.append(f"  observation of {seat}:")
            out += [f"    {k}: {_json(v)}" for k, v in g.observation(state, who).items()]
            legal = g.legal_actions(state)
            out.append(f"  legal actions ({len(legal)}):")
            out += [f"    {_json(g.action_to_json(a))} {g.describe_action(a)}" for a in legal]
        before = len(state.log)
        g.apply(state, step.action)
        out += [f"  > {e.render('en')}" for e in state.log[before:]]
    out += ["", "final state:"]
    out += [f"  {k}: {_json(v)}" for k, v in g.state_to_dict(state).items() if k != "log"]
    out += [f"scores: {_json(g.scores(state))}", f"ranking: {_json(g.ranking(state))}",
            f"winners: {_json(g.winners(state))}", f"turns: {g.turns(state)}",
            f"end reason: {g.end_reason(state)}"]
    return "\n".join(out) + "\n"


def all_playthroughs(games: Iterable[str] | None = None) -> list[tuple[str, int]]:
    """``(game, players)`` for every registered game (or those named) and player count."""
    chosen = [get_game(n) for n in games] if games else list_games()
    return [(g.name, p) for g in chosen for p in player_counts(g)]


def write_playthroughs(games: Iterable[str] | None = None, root: Path | None = None
                       ) -> list[tuple[Path, bool]]:
    """(Re)write the golden files; returns ``(path, changed)`` for each."""
    written = []
    for name, players in all_playthroughs(games):
        path = playthrough_path(name, players, root)
        text = playthrough_text(name, players)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
        written.append((path, old != text))
    return written


def playthrough_diff(expected: str, actual: str, name: str = "playthrough",
                     limit: int = 80) -> str:
    """A unified diff (first ``limit`` lines) between a golden file and a regeneration."""
    lines = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                      fromfile=f"{name} (golden)", tofile=f"{name} (now)",
                                      lineterm="", n=2))
    more = len(lines) - limit
    return "\n".join(lines[:limit]) + (f"\n… {more} more diff lines" if more > 0 else "")
