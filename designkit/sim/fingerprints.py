"""Fingerprints of seeded games: the proof that a speed-only change changed no decision.

A fingerprint is the SHA-256 of every step of one seeded game (the mover and the
action's JSON, or ``chance`` and the outcome) followed by the final scores. A fixed
set of cases per game (random and greedy bots, 3–5 players as each game allows, the
draft's defaults and a couple of rule variants, one short search) is stored in
``tests/fingerprints.json``; ``tests/test_fingerprints.py`` replays them. After a
change that alters play *on purpose* (a bot's valuation, a rule), regenerate with
``python scripts/fingerprints.py --write`` and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from designkit.agents import make_agents
from designkit.core.paths import REPO_ROOT
from designkit.core.play import play_game
from designkit.core.registry import get_game

FINGERPRINT_FILE = REPO_ROOT / "tests" / "fingerprints.json"


@dataclass(frozen=True)
class Case:
    """One seeded game: game, players, agent spec for every seat, seed, changed params."""

    game: str
    players: int
    agents: str
    seed: int
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        changed = ",".join(f"{k}={json.dumps(v, sort_keys=True)}"
                           for k, v in sorted(self.params.items()))
        return f"{self.game}/{self.players}p/{self.agents}/seed{self.seed}" + (
            f"/{changed}" if changed else "")


def _cases_for(game: str, counts: tuple[int, ...], greedy_players: int,
               variants: tuple[dict[str, Any], ...], search: str) -> list[Case]:
    out = [Case(game, n, "random", seed) for n in counts for seed in (0, 1)]
    out.append(Case(game, greedy_players, "greedy", 0))
    out.append(Case(game, counts[0], "greedy", 1))
    for v in variants:
        out.append(Case(game, greedy_players, "random", 2, v))
        out.append(Case(game, greedy_players, "greedy", 2, v))
    out.append(Case(game, counts[0], search, 3))
    return out


#: the fixed set; kept small so the test runs in seconds
CASES: tuple[Case, ...] = tuple(
    _cases_for("crossroads", (3, 4, 5), 4,
               ({"end_hand_sum": 20}, {"starting_hand": 4}), "mcts:12:cut=8")
    + _cases_for("rolling_stone", (3, 4), 4,
                 ({"full_album_vp": 12}, {"start_player_rule": "random"}), "mcts:6:cut=6")
    + _cases_for("classic_hero", (3, 4), 4,
                 ({"shared_hp": "once"}, {"red_die_bonus_vp": 3}), "mcts:4:cut=4")
    + _cases_for("witch_academy", (3, 4, 5), 4,
                 ({"assignment_vp_ratio": [100, 100, 100]}, {"legacy_majority_vp": 4}),
                 "mcts:3:cut=4"))


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      default=str)


def fingerprint(case: Case) -> dict[str, Any]:
    """Hash, step count and final scores of one case's game."""
    g = get_game(case.game)
    params = g.default_params(players=case.players, **case.params)
    played = play_game(g, params, make_agents(case.agents, case.players), case.seed,
                       keep_steps=True)
    h = hashlib.sha256()
    for step in played.steps:
        if step.is_chance:
            h.update(f"chance {_json(step.action)}\n".encode())
        else:
            h.update(f"{step.seat} {_json(g.action_to_json(step.action))}\n".encode())
    scores = [float(s) for s in g.scores(played.state)]
    h.update(f"scores {_json(scores)}\n".encode())
    return {"sha256": h.hexdigest()[:32], "steps": len(played.steps), "scores": scores}


def all_fingerprints(games: set[str] | None = None) -> dict[str, dict[str, Any]]:
    return {c.key: fingerprint(c) for c in CASES if games is None or c.game in games}


def read_fingerprints(path: Path = FINGERPRINT_FILE) -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_fingerprints(path: Path = FINGERPRINT_FILE) -> list[str]:
    """Rewrite the stored fingerprints; returns the keys whose fingerprint changed."""
    old = read_fingerprints(path) if path.exists() else {}
    new = all_fingerprints()
    lines = [f"{json.dumps(k)}: {json.dumps(new[k], sort_keys=True)}" for k in sorted(new)]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    return sorted(k for k in new if old.get(k) != new[k])
