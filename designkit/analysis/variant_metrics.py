"""Per-game measures a paired comparison of rule variants reads (problem → cure → verdict).

A comparison pairs game *i* of every variant (the same seed, common random numbers), so
a metric is, wherever possible, one number per game: the difference is then taken game
by game and its spread is what pairing removes. The exception is **seat balance**, a
property of many games (how far the win rates by turn position lie from the fair
share); it is compared through each position's own interval (:mod:`.seat_balance`).

Metric names (``designkit compare --metric``):

* ``seat_balance`` — the largest gap of a turn position's (or, where the start player is
  fixed, a seat's) win rate from the fair share 1/players, read from each position's
  interval (0 when every one contains the fair share); lower is more even;
* ``turn_order`` — the start player's (position 0's) win rate;
* ``winner_margin`` — the winner's score minus the runner-up's;
* ``turns``, ``decisions`` — game length;
* ``vp_share:KEY`` — the share of the VP gained that comes from scoring source ``KEY``
  (a key of the game's VP sources or a unique prefix: ``vp_share:boss`` = ``boss_hp``);
* ``lead_changes`` — how often the leader changed (the game's heuristic, sampled per turn);
* ``rule:ID`` — share of games in which rule ``ID`` fired (coverage);
* ``end:REASON`` — share of games that end for that reason (``end:27`` in Crossroads);
* ``col:NAME`` — any numeric column of the results (a game column, or the mean over seats
  of a seat column);
* ``metric:NAME`` — a metric the game declares in its own ``metrics.py``
  (:mod:`designkit.core.metrics`: dice fixed, rerolls, the VP sources that decide a game,
  ...), counted by the game's watch while the games are played; a run records them only
  when a metric asks (``needs_watch``: :mod:`designkit.sim.watched`), as ``metric_NAME``
  results columns, read per game (or as the mean over seats of a per-seat metric). The
  game's declaration gives the label, the unit and the default margin.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from designkit.core.errors import DesignkitError
from designkit.core.metrics import COLUMN_PREFIX
from designkit.sim.results import Results

NAMED = ("seat_balance", "turn_order", "winner_margin", "turns", "decisions", "lead_changes")
PREFIXED = ("vp_share:", "rule:", "end:", "col:", "metric:")


@dataclass(frozen=True)
class Metric:
    """One thing to compare: its name, how it reads, and what a run must record for it."""

    name: str
    label: str
    #: "lower" / "higher" is better, or None where neither is (a designer's call)
    better: str | None = None
    paired_games: bool = True          # one value per game (False: seat_balance, bootstrap)
    needs_trace: bool = False
    needs_coverage: bool = False
    unit: str = ""                     # "%" for shares and rates, else the metric's own
    needs_watch: bool = False          # a game's declared metric (metric:NAME, sim.watched)
    margin: float | None = None        # the declared default margin (metric:NAME)

    @property
    def bounded(self) -> bool:
        """Per-game values known to lie in [0, 1] (indicators and shares): their intervals
        are betting confidence sequences; the others' normal-mixture ones
        (:mod:`designkit.analysis.confseq`)."""
        return self.unit == "%"

    @property
    def default_margin(self) -> float:
        """The margin "no practical change" uses when none is given, in the metric's unit:
        2 points for shares and rates, 1 turn, 1 VP, 5 decisions, 0.5 of a lead change or
        of a results column (give ``--margin`` for a column: only its owner knows)."""
        if self.margin is not None:
            return self.margin
        if self.unit == "%":
            return 0.02
        return {"decisions": 5.0, "lead_changes": 0.5}.get(self.name, 1.0 if self.name in (
            "turns", "winner_margin") else 0.5)


def parse_metric(text: str) -> Metric:
    """A metric by name; an unknown one is one line listing what there is, closest first."""
    name = text.strip()
    if name == "seat_balance":
        return Metric(name, "largest gap of a turn position's win rate from the fair share "
                            "(0 when every position's interval contains it)",
                      better="lower", paired_games=False, unit="%")
    if name == "turn_order":
        return Metric(name, "start player's win rate", unit="%")
    if name == "winner_margin":
        return Metric(name, "winner's margin (VP)")
    if name in ("turns", "decisions"):
        return Metric(name, f"game length ({name})")
    if name == "lead_changes":
        return Metric(name, "lead changes per game", needs_trace=True)
    for prefix in PREFIXED:
        if name.startswith(prefix) and len(name) > len(prefix):
            key = name[len(prefix):]
            if prefix == "vp_share:":
                return Metric(name, f"share of the VP gained from {key}", unit="%")
            if prefix == "rule:":
                return Metric(name, f"games in which {key} fires", needs_coverage=True,
                              unit="%")
            if prefix == "end:":
                return Metric(name, f"games that end by {key}", unit="%")
            if prefix == "metric:":
                return Metric(name, key, needs_watch=True)
            return Metric(name, key)
    known = [*NAMED, "vp_share:KEY", "rule:ID", "end:REASON", "col:NAME", "metric:NAME"]
    close = difflib.get_close_matches(name, known, n=len(known), cutoff=0.0)
    raise DesignkitError(f"--metric {name}: unknown; choose {', '.join(close)}")


def per_game(metric: Metric, results: Results) -> np.ndarray:
    """The metric's value for each game of ``results``, in ``game_id`` order."""
    games = results.games.sort_values("game_id")
    ids = games["game_id"].to_numpy()
    seats = results.seats
    name = metric.name
    if name in ("turns", "decisions"):
        return games[name].to_numpy(dtype=float)
    if name == "winner_margin":
        from designkit.analysis.metrics import winner_margins

        return winner_margins(results).reindex(ids).to_numpy(dtype=float)
    if name == "turn_order":
        by = "position" if "position" in seats.columns else "seat"
        first = seats[seats[by] == 0].set_index("game_id")["won"]
        return first.reindex(ids).astype(float).to_numpy()
    if name == "lead_changes":
        from designkit.analysis.metrics import tension_per_game

        table = tension_per_game(results).set_index("game_id")["lead_changes"]
        return table.reindex(ids).to_numpy(dtype=float)
    if name.startswith("vp_share:"):
        return _vp_share(results, name.split(":", 1)[1], ids)
    if name.startswith("rule:"):
        return _rule_fired(results, name.split(":", 1)[1], ids)
    if name.startswith("end:"):
        return (games["end_reason"].astype(str) == name.split(":", 1)[1]).to_numpy(dtype=float)
    if name.startswith("col:"):
        return _column(results, name.split(":", 1)[1], ids)
    if name.startswith("metric:"):
        return _declared_column(results, name.split(":", 1)[1], ids)
    raise DesignkitError(f"{name} is not a per-game metric")


def source_key(results: Results, key: str) -> str:
    """``boss`` → ``boss_hp``: a source key of this game, exact or a unique prefix."""
    sources = results.vp_sources()
    if key in sources:
        return key
    found = [s for s in sources if s.startswith(key)]
    if len(found) == 1:
        return found[0]
    raise DesignkitError(f"vp_share:{key}: {'ambiguous' if found else 'unknown'} VP source; "
                         f"this game's sources: {', '.join(sources)}")


def _vp_share(results: Results, key: str, ids: np.ndarray) -> np.ndarray:
    """Σ over seats of the sources ``key`` names (``a+b`` adds several) / Σ of all VP gained
    (positive parts: penalties do not shrink the denominator)."""
    seats = results.seats
    cols = [f"vp_{s}" for s in results.vp_sources()]
    gained = seats[cols].clip(lower=0).sum(axis=1).groupby(seats["game_id"]).sum()
    part = gained * 0
    for one in key.split("+"):
        try:
            col = f"vp_{source_key(results, one)}"
        except DesignkitError:
            # a variant's own source (CH-V1's first_attack) is absent where it is off
            if not any(s.startswith(one) for s in _all_sources(results)):
                raise
            continue
        part = part + seats[col].clip(lower=0).groupby(seats["game_id"]).sum()
    share = (part / gained.where(gained > 0)).reindex(ids)
    return share.to_numpy(dtype=float)


def _all_sources(results: Results) -> list[str]:
    from designkit.core.registry import get_game

    return list(getattr(get_game(results.game), "VP_SOURCE_LABELS", {}))


def _rule_fired(results: Results, rule: str, ids: np.ndarray) -> np.ndarray:
    rules = results.rules
    if rules is None:
        raise DesignkitError(f"rule:{rule} needs rule counts (coverage)")
    fired = set(rules.loc[(rules["rule"] == rule) & (rules["count"] > 0), "game_id"])
    return np.array([1.0 if g in fired else 0.0 for g in ids])


def _column(results: Results, name: str, ids: np.ndarray) -> np.ndarray:
    games, seats = results.games.set_index("game_id"), results.seats
    if name in games.columns and pd.api.types.is_numeric_dtype(games[name]):
        return games[name].reindex(ids).to_numpy(dtype=float)
    if name in seats.columns and pd.api.types.is_numeric_dtype(seats[name]):
        return seats.groupby("game_id")[name].mean().reindex(ids).to_numpy(dtype=float)
    numeric = [c for c in [*games.columns, *seats.columns]
               if c in games.columns and pd.api.types.is_numeric_dtype(games[c])
               or c in seats.columns and pd.api.types.is_numeric_dtype(seats[c])]
    close = difflib.get_close_matches(name, numeric, n=6, cutoff=0.0)
    raise DesignkitError(f"col:{name}: no numeric results column of that name; e.g. "
                         f"{', '.join(close)}")


def _declared_column(results: Results, key: str, ids: np.ndarray) -> np.ndarray:
    """A declared metric's per-game values from its ``metric_<key>`` column."""
    col = COLUMN_PREFIX + key
    games = results.games.set_index("game_id")
    if col in games.columns:
        return games[col].reindex(ids).to_numpy(dtype=float)
    if col in results.seats.columns:
        return results.seats.groupby("game_id")[col].mean().reindex(ids).to_numpy(dtype=float)
    raise DesignkitError(f"metric:{key}: these results were played without the game's "
                         f"metrics (simulate them with metrics=True, or compare with "
                         f"--metric metric:{key})")


def declared_metric(game: object, m: Metric) -> Metric:
    """``metric:NAME`` as the game declares it (label, unit, margin); one line naming the
    game's metrics when it declares no such one."""
    from dataclasses import replace

    from designkit.sim.watched import declared_metrics

    key = m.name.split(":", 1)[1]
    d = declared_metrics(game).get(key, getattr(game, "name", "the game"))  # type: ignore[arg-type]
    return replace(m, label=f"{d.label} ({d.label_ja})", unit=d.unit, margin=d.margin,
                   better=None)


# -- seat balance: a statistic of many games -------------------------------------------------
def won_by_position(results: Results) -> tuple[np.ndarray, int]:
    """Games × positions matrix of wins (shared wins count for each winner), in game order,
    and the number of players."""
    seats = results.seats
    by = "position" if "position" in seats.columns else "seat"
    table = seats.pivot_table(index="game_id", columns=by, values="won", aggfunc="max")
    table = table.reindex(sorted(results.games["game_id"]))
    return table.fillna(0).to_numpy(dtype=float), int(table.shape[1])


def imbalance(won: np.ndarray, rows: np.ndarray | None = None) -> float:
    """Largest |win rate − fair share| over positions, on the games ``rows`` (all if None)."""
    w = won if rows is None else won[rows]
    rates = w.mean(axis=0)
    return float(np.abs(rates - 1.0 / w.shape[1]).max())


def metrics_needing(metrics: Sequence[Metric]) -> tuple[bool, bool]:
    """(trace, coverage): what the simulation must record for these metrics."""
    return any(m.needs_trace for m in metrics), any(m.needs_coverage for m in metrics)


def check_metric_names(game: object, metric: Metric, params: object | None = None) -> None:
    """Refuse, in one line before any game runs, a ``rule:`` ID the game's rules.csv does
    not list, an ``end:`` reason the game never gives (its ``END_REASONS``, default
    ``end``), a ``col:`` that is no results column of the game and a ``metric:`` the game
    does not declare (its ``metrics.py``)."""
    name = metric.name
    if name.startswith("rule:"):
        rules = list(game.rule_texts())  # type: ignore[attr-defined]
        key = name.split(":", 1)[1]
        if key not in rules:
            close = difflib.get_close_matches(key, rules, n=4, cutoff=0.0)
            raise DesignkitError(f"--metric {name}: no rule {key} in {game.name}'s rules.csv; "  # type: ignore[attr-defined]
                                 f"e.g. {', '.join(close)}")
    if name.startswith("end:"):
        reasons = tuple(getattr(game, "END_REASONS", ("end",)))
        key = name.split(":", 1)[1]
        if key not in reasons:
            raise DesignkitError(f"--metric {name}: {game.name} never ends by {key!r}; its "  # type: ignore[attr-defined]
                                 f"end reasons: {', '.join(reasons)}")
    if name.startswith("metric:"):
        declared_metric(game, metric)
    if name.startswith("col:"):
        columns = results_columns(game, params)
        key = name.split(":", 1)[1]
        if columns and key not in columns:
            close = difflib.get_close_matches(key, sorted(columns), n=6, cutoff=0.0)
            raise DesignkitError(f"--metric {name}: no numeric results column {key!r}; e.g. "
                                 f"{', '.join(close)}")


def results_columns(game: object, params: object | None = None) -> set[str]:
    """The numeric columns a game's results hold, read from a freshly set-up state (its
    summaries), without playing; empty when the game cannot say."""
    from designkit.sim.many import GAME_COLUMNS

    g: Any = game
    try:
        st = g.new_state(params, log=False)
        cols = {*GAME_COLUMNS, "multi_option_decisions", "branching_sum", "n_winners",
                "score", "rank", "won", *g.game_summary(st), *g.seat_summary(st, 0)}
        cols |= {f"vp_{k}" for k in g.vp_sources(st, 0)}
    except Exception:  # noqa: BLE001 - a game that cannot summarise a fresh state: no check
        return set()
    return {c for c in cols if c not in ("end_reason", "seed", "game_id")}
