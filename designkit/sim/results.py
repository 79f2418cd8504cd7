"""Tidy results of many games: ``games`` (one row per game) and ``seats`` (game × seat)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from designkit.core.atomic import atomic_output
from designkit.core.errors import DesignkitError
from designkit.core.seats import seat_label
from designkit.sim.intervals import Z95, wilson_interval


@dataclass
class Results:
    game: str
    params: dict[str, Any]
    agents: list[str]
    seed: int
    games: pd.DataFrame
    seats: pd.DataFrame
    interrupted: bool = False
    requested: int = 0
    meta: dict[str, Any] = field(default_factory=dict)
    #: events per rule ID in each game (game_id, rule, count); None unless counted
    #: (``simulate(..., coverage=True)``); a rule that did not fire in a game has no row
    rules: pd.DataFrame | None = None

    @property
    def n_games(self) -> int:
        return len(self.games)

    def seat_summary(self, by: str = "seat") -> pd.DataFrame:
        """Win rate by seat (or by turn ``position``, 0 = start player) with Wilson 95%
        intervals, mean and sd of score."""
        n = self.n_games
        rows = []
        if by not in self.seats.columns:
            return pd.DataFrame(columns=[by, "agent", "win_rate", "win_lo", "win_hi",
                                         "score_mean", "score_sd"])
        for seat, grp in self.seats.groupby(by, sort=True):
            wins = float(grp["won"].sum())
            lo, hi = wilson_interval(wins, n)
            agents = grp["agent"].unique()
            rows.append({by: int(seat), "agent": agents[0] if len(agents) == 1 else "mixed",
                         "win_rate": wins / n if n else float("nan"),
                         "win_lo": lo, "win_hi": hi,
                         "score_mean": grp["score"].mean(), "score_sd": grp["score"].std(ddof=1)})
        return pd.DataFrame(rows)

    def vp_sources(self) -> list[str]:
        """The VP source keys of this game, in its scoring order (the ``vp_<key>`` columns)."""
        return [c[3:] for c in self.seats.columns if c.startswith("vp_")]

    def vp_by_source(self, by: str = "seat", lang: str = "en") -> pd.DataFrame:
        """Mean VP per source for each seat (or turn ``position``) with 95% intervals.

        One row per ``by`` value × source, in the game's scoring order: ``mean``,
        ``lo``/``hi`` (normal approximation of the mean, sd/√n; batches are hundreds
        of games), ``share`` of the mean score, and the source's ``label``. The means
        of one seat add up to its mean score, because the sources sum to the score.
        """
        columns = [by, "source", "label", "mean", "lo", "hi", "share", "score_mean"]
        keys = self.vp_sources()
        if by not in self.seats.columns or not keys or not len(self.seats):
            return pd.DataFrame(columns=columns)
        label = _source_labeller(self.game, lang)
        rows = []
        for value, grp in self.seats.groupby(by, sort=True):
            score = float(grp["score"].mean())
            n = len(grp)
            for key in keys:
                x = grp[f"vp_{key}"].astype(float)
                mean = float(x.mean())
                half = Z95 * float(x.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
                rows.append({by: int(value), "source": key, "label": label(key), "mean": mean,
                             "lo": mean - half, "hi": mean + half,
                             "share": mean / score if score else float("nan"),
                             "score_mean": score})
        return pd.DataFrame(rows, columns=columns)

    def end_reasons(self) -> pd.Series:
        return self.games["end_reason"].value_counts(normalize=True).sort_index()

    def to_file(self, path: str | Path) -> Path:
        """Write the seats table joined with its game columns (CSV or Parquet), plus what
        replays any of its games (game, parameters, card-table hash: see
        :mod:`designkit.sim.results_file`), so the file alone leads back to each game."""
        from designkit.sim.results_file import replay_columns

        path = Path(path)
        cols = [c for c in self.games.columns if c not in ("seed",)]
        table = self.seats.merge(self.games[cols], on="game_id", how="left",
                                 suffixes=("", "_game"))
        table = table.assign(**replay_columns(self.game, self.params))
        write_table(table, path)
        return path

    def summary_text(self) -> str:
        """The summary the CLI prints: seats, game length, end reasons."""
        lines = [f"{self.game}: {self.n_games} games"
                 + (f" (interrupted; {self.requested} requested)" if self.interrupted else "")
                 + f", seed {self.seed}, agents {', '.join(self.agents)}", ""]
        summ = self.seat_summary()
        lines.append(f"{'seat':<6}{'agent':<12}{'win rate':>9}  {'95% interval':<16}"
                     f"{'mean score':>11}{'sd':>7}")
        for r in summ.itertuples():
            lines.append(f"{seat_label(r.seat):<6}{r.agent:<12}{r.win_rate:>9.3f}  "
                         f"[{r.win_lo:.3f}, {r.win_hi:.3f}]  {r.score_mean:>11.2f}"
                         f"{r.score_sd:>7.2f}")
        if "position" in self.seats.columns and self.n_games:
            pos = self.seat_summary(by="position")
            lines += ["", "by turn position (1st = start player):"]
            for r in pos.itertuples():
                lines.append(f"{_ordinal(r.position + 1):<6}{r.agent:<12}{r.win_rate:>9.3f}  "
                             f"[{r.win_lo:.3f}, {r.win_hi:.3f}]  {r.score_mean:>11.2f}"
                             f"{r.score_sd:>7.2f}")
        g = self.games
        lines += ["", f"game length: turns mean {g.turns.mean():.1f} (median "
                      f"{g.turns.median():.0f}, min {g.turns.min()}, max {g.turns.max()}); "
                      f"decisions mean {g.decisions.mean():.1f}",
                  "end reasons: " + ", ".join(f"{k} {v:.1%}" for k, v in
                                              self.end_reasons().items())]
        timed = self.meta.get("nondeterministic_agents")
        if timed:
            lines.append(f"note: {', '.join(timed)} search for a time per decision, so these "
                         "games are not reproducible from their seeds (use mcts:N for that)")
        return "\n".join(lines)


def write_table(table: pd.DataFrame, path: str | Path) -> Path:
    """A table as Parquet (``.parquet``, any case) or CSV, complete or not at all
    (:func:`designkit.core.atomic.atomic_output`)."""
    path = Path(path)
    with atomic_output(path) as tmp:
        if path.suffix.lower() == ".parquet":
            table.to_parquet(tmp, index=False)
        else:
            table.to_csv(tmp, index=False, lineterminator="\n")
    return path


def _source_labeller(game_name: str, lang: str) -> Callable[[str], str]:
    """The game's label for a VP source; the key in words for a game not registered here."""
    from designkit.core.registry import get_game

    try:
        game = get_game(game_name)
    except DesignkitError:
        return lambda key: key.replace("_", " ")
    return lambda key: game.vp_source_label(key, lang)


def _ordinal(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"
