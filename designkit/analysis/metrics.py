"""Design metrics: each one a documented function of :class:`~designkit.sim.Results`.

Every function works for every registered game: it reads only the columns all
games have (``Results.games``: ``game_id, turns, decisions,
multi_option_decisions, branching_sum, end_reason``; ``Results.seats``:
``game_id, seat, agent, score, rank, won``), item columns that follow the
``*_held`` convention (or that a game declares in ``Game.item_columns``), and the
per-turn trace ``simulate(..., trace=True)`` records from ``Game.heuristic``.

Intervals are 95% unless a ``level`` says otherwise: Wilson for proportions,
Student t for means, the delta method (games as the sampling unit) for ratios
of totals, a seeded percentile bootstrap over games where no formula is simple.

:func:`summary` gathers the headline metrics in one tidy table (``metric, seat,
category, value, lo, hi, n``) that sweeps, reports and panels share.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from designkit.analysis.stats import (
    chi2_sf,
    mean_interval,
    normal_sf,
    ratio_interval,
    wilson_interval,
)
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.sim.results import Results

SUMMARY_COLUMNS = ["metric", "seat", "category", "value", "lo", "hi", "n"]
NAN = float("nan")


def _game(results: Results) -> Game:
    return get_game(results.game)


def _label(game: Game, seat: int) -> str:
    return game.seats_label(int(seat))


# -- seats ------------------------------------------------------------------------------------
def seat_win_rates(results: Results, by: str = "seat") -> pd.DataFrame:
    """Win rate by seat: the share of games in which the seat is among the winners.

    Columns ``seat, label, agent, games, wins, win_rate, lo, hi, fair_share``;
    ``lo``/``hi`` is the Wilson 95% interval, ``fair_share`` = 1 / players (what
    every seat would get if seats did not matter and draws were never shared).
    ``by="position"`` groups by turn order instead (0 = the start player), for
    games that randomise who starts: that is where a first-player edge shows.
    """
    game, n = _game(results), results.n_games
    rows = []
    for seat, grp in results.seats.groupby(by, sort=True):
        wins = int(grp["won"].sum())
        lo, hi = wilson_interval(wins, n)
        agents = grp["agent"].unique()
        label = _label(game, seat) if by == "seat" else _ordinal(int(seat) + 1) + " to play"
        rows.append({"seat": int(seat), "label": label,
                     "agent": agents[0] if len(agents) == 1 else "mixed", "games": n,
                     "wins": wins,
                     "win_rate": wins / n if n else NAN, "lo": lo, "hi": hi})
    out = pd.DataFrame(rows)
    out["fair_share"] = 1.0 / len(out) if len(out) else NAN
    return out


def _ordinal(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def seat_advantage_test(results: Results, by: str = "seat") -> dict[str, Any]:
    """Chi-square goodness-of-fit test of "every seat wins equally often".

    Statistic Σ (winsₛ − E)² / E over the k seats with E = total wins / k, on
    k − 1 degrees of freedom (total wins exceed the games when draws are shared).
    A small ``p_value`` (below 0.05) means the seat win counts are unlikely under
    equal seats; a large one means no seat advantage was detected, not that none
    exists. Returns ``chi2, df, p_value, wins, expected``.
    """
    wins = seat_win_rates(results, by)["wins"].to_numpy(dtype=float)
    k = len(wins)
    total = wins.sum()
    if k < 2 or total == 0:
        return {"chi2": NAN, "df": max(0, k - 1), "p_value": NAN, "wins": wins.tolist(),
                "expected": NAN}
    expected = total / k
    chi2 = float(((wins - expected) ** 2 / expected).sum())
    return {"chi2": chi2, "df": k - 1, "p_value": chi2_sf(chi2, k - 1),
            "wins": wins.astype(int).tolist(), "expected": float(expected)}


def _won_matrix(results: Results, by: str = "seat") -> np.ndarray:
    """Games × seats (or turn positions) matrix of 0/1 wins, rows in ``Results.games`` order."""
    table = results.seats.pivot(index="game_id", columns=by, values="won")
    table = table.reindex(results.games["game_id"])
    return table.to_numpy(dtype=float)


def _bootstrap_rows(n: int, reps: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, n, size=(reps, n))


def balance(results: Results, reps: int = 400, seed: int = 0) -> dict[str, Any]:
    """Seat balance = 1 − the largest gap between two seats' win rates.

    1 means every seat won equally often; 0.8 means some seat won 20 points more
    often than another. The interval is a seeded percentile bootstrap over games.
    Sampling noise alone makes the gap positive (balance below 1) even in a
    perfectly fair game, so read it with :func:`seat_advantage_test`'s p-value.
    Returns ``value, lo, hi, best, worst`` (seat labels of the extremes).
    """
    won = _won_matrix(results)
    n, k = won.shape if won.ndim == 2 else (0, 0)
    if n == 0 or k < 2:
        return {"value": NAN, "lo": NAN, "hi": NAN, "best": None, "worst": None}
    rates = won.mean(axis=0)
    value = 1.0 - float(rates.max() - rates.min())
    boots = []
    for start in range(0, reps, 50):
        idx = _bootstrap_rows(n, min(50, reps - start), seed + start)
        r = won[idx].mean(axis=1)
        boots.append(1.0 - (r.max(axis=1) - r.min(axis=1)))
    b = np.concatenate(boots)
    game = _game(results)
    return {"value": value, "lo": float(np.quantile(b, 0.025)),
            "hi": float(np.quantile(b, 0.975)), "best": _label(game, int(rates.argmax())),
            "worst": _label(game, int(rates.argmin()))}


# -- scores -----------------------------------------------------------------------------------
def score_summary(results: Results) -> pd.DataFrame:
    """Final score by seat: ``mean`` with its t interval (``lo``, ``hi``), ``sd`` (spread),
    ``median``, ``min``, ``max``; a last row ``seat = None`` pools every seat."""
    game = _game(results)
    rows = []
    groups = list(results.seats.groupby("seat", sort=True)) + [(None, results.seats)]
    for seat, grp in groups:
        s = grp["score"].astype(float)
        mean, lo, hi = mean_interval(s)
        rows.append({"seat": seat, "label": _label(game, seat) if seat is not None else "all",
                     "mean": mean, "lo": lo, "hi": hi, "sd": s.std(ddof=1),
                     "median": s.median(), "min": s.min(), "max": s.max(), "n": len(s)})
    out = pd.DataFrame(rows)
    out["seat"] = out["seat"].astype("Int64")
    return out


def winner_margins(results: Results) -> pd.Series:
    """Per game: the winner's score minus the runner-up's (rank 1 minus rank 2), indexed
    by ``game_id``; 0 when a tie-break decided, NaN in one-seat games."""
    seats = results.seats
    first = seats.loc[seats["rank"] == 1].set_index("game_id")["score"]
    second = seats.loc[seats["rank"] == 2].set_index("game_id")["score"]
    margin = (first - second).reindex(results.games["game_id"]).astype(float)
    margin.name = "winner_margin"
    return margin


def winner_margin(results: Results) -> dict[str, float]:
    """Winner's margin: mean of :func:`winner_margins` with its t interval, plus ``median``,
    ``sd`` and ``tie_share`` (share of games the winner won on a tie-break, margin 0)."""
    m = winner_margins(results).dropna()
    mean, lo, hi = mean_interval(m)
    return {"mean": mean, "lo": lo, "hi": hi, "median": float(m.median()) if len(m) else NAN,
            "sd": float(m.std(ddof=1)) if len(m) > 1 else NAN,
            "tie_share": float((m == 0).mean()) if len(m) else NAN, "n": len(m)}


# -- length and choice ------------------------------------------------------------------------
def game_length(results: Results) -> pd.DataFrame:
    """Game length in ``turns`` (the game's own turn counter) and ``decisions`` (every
    decision an agent answered, forced ones included): mean with t interval, ``sd``,
    ``median``, ``min``, ``max`` per measure."""
    rows = []
    for col in ("turns", "decisions"):
        s = results.games[col].astype(float)
        mean, lo, hi = mean_interval(s)
        rows.append({"measure": col, "mean": mean, "lo": lo, "hi": hi, "sd": s.std(ddof=1),
                     "median": s.median(), "min": s.min(), "max": s.max(), "n": len(s)})
    return pd.DataFrame(rows)


def multi_option_share(results: Results) -> dict[str, float]:
    """Share of decisions that offered more than one option:
    Σ multi_option_decisions / Σ decisions over all games (forced moves are not choices).
    Interval: delta method with games as the sampling unit."""
    g = results.games
    value, lo, hi = ratio_interval(g["multi_option_decisions"], g["decisions"])
    return {"value": value, "lo": lo, "hi": hi, "n": len(g)}


def branching_factor(results: Results) -> dict[str, float]:
    """Mean branching factor: options offered per decision, Σ branching_sum / Σ decisions
    (forced decisions count as 1). Interval: delta method, games as the sampling unit."""
    g = results.games
    value, lo, hi = ratio_interval(g["branching_sum"], g["decisions"])
    return {"value": value, "lo": lo, "hi": hi, "n": len(g)}


def end_reason_shares(results: Results) -> pd.DataFrame:
    """Share of games ending for each reason the game reports (``Game.end_reason``):
    ``end_reason, games, share, lo, hi`` with Wilson intervals, most frequent first."""
    n = results.n_games
    counts = results.games["end_reason"].astype(str).value_counts()
    rows = []
    for reason, k in counts.items():
        lo, hi = wilson_interval(int(k), n)
        rows.append({"end_reason": reason, "games": int(k), "share": int(k) / n,
                     "lo": lo, "hi": hi})
    return pd.DataFrame(rows, columns=["end_reason", "games", "share", "lo", "hi"])


# -- cards, skills, actions ---------------------------------------------------------------------
def item_columns(results: Results) -> list[str]:
    """Seats columns holding comma-separated item ids: names ending in ``_held`` plus those
    the game declares in ``Game.item_columns`` (e.g. ``("cards_played",)``)."""
    cols = [c for c in results.seats.columns if str(c).endswith("_held")]
    extra = _game(results).item_columns
    return cols + [c for c in extra if c in results.seats.columns and c not in cols]


def item_usage(results: Results, columns: Sequence[str] | None = None) -> pd.DataFrame:
    """Usage and win rate per card, skill or action id.

    For every item id appearing in an item column (see :func:`item_columns`):
    ``seat_games`` where a seat had it, ``usage`` = that share of all seat-games
    (Wilson ``usage_lo``/``usage_hi``), ``win_rate`` of seats with it (Wilson
    ``lo``/``hi``), ``win_rate_without`` of seats without it, ``lift`` = the
    difference and its two-proportion z-test ``p_value``. A high lift says
    holders win more often; it does not say the item causes it (strong seats
    may collect it). ``fair_share`` = 1 / players.
    """
    cols = list(columns) if columns is not None else item_columns(results)
    seats = results.seats.reset_index(drop=True)
    n_all = len(seats)
    rows = []
    for col in cols:
        lists = seats[col].fillna("").astype(str).str.split(",")
        exploded = pd.DataFrame({"row": lists.index.repeat(lists.str.len()),
                                 "item": [x.strip() for xs in lists for x in xs]})
        exploded = exploded[exploded["item"] != ""].drop_duplicates()
        won = seats["won"].astype(bool)
        total_wins = int(won.sum())
        for item, grp in exploded.groupby("item", sort=True):
            k = len(grp)
            wins = int(won.loc[grp["row"]].sum())
            ulo, uhi = wilson_interval(k, n_all)
            lo, hi = wilson_interval(wins, k)
            rest = n_all - k
            without = (total_wins - wins) / rest if rest else NAN
            rows.append({"column": col, "item": item, "seat_games": k, "usage": k / n_all,
                         "usage_lo": ulo, "usage_hi": uhi, "wins": wins,
                         "win_rate": wins / k, "lo": lo, "hi": hi,
                         "win_rate_without": without, "lift": wins / k - without,
                         "p_value": _two_proportion_p(wins, k, total_wins - wins, rest)})
    out = pd.DataFrame(rows, columns=["column", "item", "seat_games", "usage", "usage_lo",
                                      "usage_hi", "wins", "win_rate", "lo", "hi",
                                      "win_rate_without", "lift", "p_value"])
    players = results.seats.groupby("game_id").size()
    out["fair_share"] = 1.0 / players.mean() if len(players) else NAN
    return out


def _two_proportion_p(x1: int, n1: int, x2: int, n2: int) -> float:
    if n1 == 0 or n2 == 0:
        return NAN
    p = (x1 + x2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    return 2.0 * normal_sf(abs(x1 / n1 - x2 / n2) / se)


# -- drama, lead changes, decisiveness (Ludii) -----------------------------------------------
def trace_of(results: Results) -> pd.DataFrame:
    """The per-turn heuristic trace (``simulate(..., trace=True)``), or a clear error."""
    trace = results.meta.get("trace")
    if trace is None:
        from designkit.core.errors import DesignkitError

        raise DesignkitError("these results have no per-turn trace: simulate with trace=True")
    return trace


def tension_per_game(results: Results) -> pd.DataFrame:
    """Lead changes, decisiveness and drama of each game, in Ludii's sense, from the trace.

    The trace holds ``game.heuristic(state, seat)`` for every seat at the start of
    every turn (the final position is excluded here, as in Ludii, which evaluates
    the states before each move). With the winners W from ``Results.seats``:

    * ``lead_changes``: how often the set of leading seats (highest evaluation,
      ties kept) differs from the previous turn's; ``lead_change_rate`` divides by
      the turns − 1 transitions (Ludii's LeadChange, which counts per move).
    * ``drama``: mean over turns of (highest evaluation − the winners' mean
      evaluation): how far behind the eventual winner was, in the heuristic's
      units (Ludii's Drama, average); ``behind_share``: share of turns with the
      winner behind.
    * ``decisiveness``: share of the game played before a winner's evaluation
      first exceeded the highest evaluation any non-winner reached in the whole
      game (Ludii's DecisivenessMoves over its DecisivenessThreshold); 1 when that
      never happened, near 0 when the winner was out of reach from the start.

    Columns ``game_id, samples, lead_changes, lead_change_rate, drama, behind_share,
    decisiveness``.
    """
    trace = trace_of(results)
    live = trace[~trace["final"].astype(bool)]
    winners = results.seats.loc[results.seats["won"].astype(bool), ["game_id", "seat"]]
    win_sets = winners.groupby("game_id")["seat"].apply(list).to_dict()
    live = live.sort_values(["game_id", "sample", "seat"], kind="stable")
    gids = live["game_id"].to_numpy()
    values = live["value"].to_numpy(dtype=float)
    seats_per_game = results.seats.groupby("game_id").size().to_dict()
    # where each game's samples start, and the end: (start, next start) pairs are its rows;
    # no live sample at all (a game whose turn counter never moves) is no row, not an error
    bounds = (np.flatnonzero(np.r_[True, gids[1:] != gids[:-1], True]) if len(gids)
              else np.zeros(1, dtype=int))
    rows = []
    for a, b in itertools.pairwise(bounds.tolist()):
        gid = gids[a].item()
        v = values[a:b].reshape(-1, seats_per_game[gid])
        rows.append({"game_id": gid, **_tension(v, win_sets.get(gid, []))})
    cols = ["game_id", "samples", "lead_changes", "lead_change_rate", "drama",
            "behind_share", "decisiveness"]
    return pd.DataFrame(rows, columns=cols)


def _tension(v: np.ndarray, winners: Sequence[int]) -> dict[str, float]:
    """The per-game values of :func:`tension_per_game` from a turns × seats matrix."""
    t, k = v.shape
    best = v.max(axis=1)
    leaders = np.isclose(v, best[:, None], rtol=0, atol=1e-9)
    changes = int((leaders[1:] != leaders[:-1]).any(axis=1).sum()) if t > 1 else 0
    if not winners:
        return {"samples": t, "lead_changes": changes,
                "lead_change_rate": changes / (t - 1) if t > 1 else NAN,
                "drama": NAN, "behind_share": NAN, "decisiveness": NAN}
    w = v[:, list(winners)].mean(axis=1)
    behind = best - w
    losers = [s for s in range(k) if s not in winners]
    threshold = v[:, losers].max() if losers else -np.inf
    above = np.flatnonzero((v[:, list(winners)] > threshold).any(axis=1))
    return {"samples": t, "lead_changes": changes,
            "lead_change_rate": changes / (t - 1) if t > 1 else NAN,
            "drama": float(behind.mean()), "behind_share": float((behind > 1e-9).mean()),
            "decisiveness": float(above[0] / t) if len(above) else 1.0}


TENSION_METRICS = ("lead_changes", "lead_change_rate", "drama", "behind_share", "decisiveness")


def tension(results: Results) -> pd.DataFrame:
    """Game-level averages of :func:`tension_per_game` with t intervals:
    ``metric, value, lo, hi, n`` for lead_changes, lead_change_rate, drama,
    behind_share and decisiveness."""
    per_game = tension_per_game(results)
    rows = []
    for m in TENSION_METRICS:
        mean, lo, hi = mean_interval(per_game[m].dropna())
        rows.append({"metric": m, "value": mean, "lo": lo, "hi": hi,
                     "n": int(per_game[m].notna().sum())})
    return pd.DataFrame(rows)


def tension_curve(results: Results, bins: int = 20) -> pd.DataFrame:
    """Average evaluation of the eventual winner and of the best other seat along the game
    (progress 0–1 in ``bins`` steps), for drama charts: ``progress, winner, best_other, n``."""
    trace = trace_of(results)
    live = trace[~trace["final"].astype(bool)]
    winners = results.seats.loc[results.seats["won"].astype(bool), ["game_id", "seat"]]
    first_winner = winners.groupby("game_id")["seat"].min()
    wide = live.pivot_table(index=["game_id", "sample"], columns="seat", values="value")
    wide = wide.reset_index()
    samples = wide.groupby("game_id")["sample"].transform("max") + 1
    wide["progress"] = np.minimum(((wide["sample"] + 0.5) / samples * bins).astype(int),
                                  bins - 1)
    seat_cols = [c for c in wide.columns if isinstance(c, (int, np.integer))]
    vals = wide[seat_cols].to_numpy(dtype=float)
    wseat = wide["game_id"].map(first_winner).to_numpy()
    ok = ~pd.isna(wseat)
    wide = wide[ok]
    vals, wseat = vals[ok], wseat[ok].astype(int)
    idx = np.arange(len(vals))
    winner_v = vals[idx, wseat]
    others = vals.copy()
    others[idx, wseat] = -np.inf
    wide = wide.assign(winner=winner_v, best_other=others.max(axis=1))
    out = wide.groupby("progress").agg(winner=("winner", "mean"),
                                       best_other=("best_other", "mean"),
                                       n=("winner", "size")).reset_index()
    out["progress"] = (out["progress"] + 0.5) / bins
    return out


# -- skill ---------------------------------------------------------------------------------------
def doubling(start: int = 16, steps: int = 4) -> list[int]:
    """``start, 2·start, 4·start, …`` (``steps`` values): MCTS iteration levels."""
    return [start * 2 ** i for i in range(steps)]


def skill_trace(game: Game | str, levels: Sequence[int] = (16, 32, 64, 128),
                opponent: str = "random", n_games: int = 100, params: Params | None = None,
                seed: int = 0, backend: str = "auto", workers: int = 1,
                scheduler: Any = None, progress: bool | None = False) -> pd.DataFrame:
    """Skill trace: how the win rate of ``mcts:N`` grows as N doubles.

    For each level N, ``mcts:N`` plays against ``opponent`` in every other seat
    (``"random"``, ``"greedy"``, any agent name, or ``"half"`` for ``mcts:N/2``,
    Browne's classic skill trace). The strong agent sits in every seat in turn
    (about ``n_games / players`` games each, the same seeds at every level), so
    seat advantage cancels out. A game with room for skill shows win rates rising
    well above ``fair_share`` = 1 / players; a flat trace suggests luck dominates.

    Columns ``level, agent, opponent, games, wins, win_rate, lo, hi, fair_share,
    p_value`` (two-sided test of win rate = fair share).
    """
    from designkit.sim.many import simulate_many

    g = get_game(game)
    params = params if params is not None else g.params_type()
    players = player_count(params)
    per_seat = max(1, math.ceil(n_games / players))
    configs, keys = [], []
    for level in levels:
        strong = f"mcts:{int(level)}"
        weak = f"mcts:{max(1, int(level) // 2)}" if opponent == "half" else opponent
        for seat in range(players):
            agents = [weak] * players
            agents[seat] = strong
            configs.append((params, agents))
            keys.append((int(level), seat, weak))
    runs = simulate_many(g, configs, per_seat, seed=seed, backend=backend, workers=workers,
                         scheduler=scheduler, progress=progress)
    fair = 1.0 / players
    rows: dict[int, dict[str, Any]] = {}
    for (level, seat, weak), res in zip(keys, runs, strict=True):
        row = rows.setdefault(level, {"level": level, "agent": f"mcts:{level}",
                                      "opponent": weak, "games": 0, "wins": 0})
        won = res.seats.loc[res.seats["seat"] == seat, "won"]
        row["games"] += len(won)
        row["wins"] += int(won.sum())
    out = []
    for row in rows.values():
        n, w = row["games"], row["wins"]
        lo, hi = wilson_interval(w, n)
        se = math.sqrt(fair * (1 - fair) / n)
        out.append({**row, "win_rate": w / n, "lo": lo, "hi": hi, "fair_share": fair,
                    "p_value": 2.0 * normal_sf(abs(w / n - fair) / se)})
    return pd.DataFrame(out)


# -- the headline table ----------------------------------------------------------------------------
def summary(results: Results, tension_metrics: bool | None = None,
            items: bool = False) -> pd.DataFrame:
    """Every headline metric in one tidy table: ``metric, seat, category, value, lo, hi, n``.

    Metrics: ``win_rate`` (per seat), ``balance``, ``seat_p_value`` (chi-square
    test), ``score_mean`` (per seat), ``score_sd``, ``winner_margin``, ``turns``,
    ``decisions``, ``multi_option_share``, ``branching_factor``, ``end_share`` (per
    end reason, in ``category``), and with a trace (``tension_metrics`` None: when
    present) ``lead_changes``, ``lead_change_rate``, ``drama``, ``behind_share``,
    ``decisiveness``; with ``items`` also ``item_win_rate`` and ``item_usage``
    (``category`` = ``column:item``). ``seat`` is nullable, ``lo``/``hi`` are NaN
    where no interval applies.
    """
    rows: list[dict[str, Any]] = []

    def add(metric: str, value: float, lo: float = NAN, hi: float = NAN, n: int = 0,
            seat: int | None = None, category: str | None = None) -> None:
        rows.append({"metric": metric, "seat": seat, "category": category,
                     "value": float(value), "lo": float(lo), "hi": float(hi), "n": int(n)})

    n = results.n_games
    for r in seat_win_rates(results).itertuples():
        add("win_rate", r.win_rate, r.lo, r.hi, n, seat=r.seat)
    b = balance(results)
    add("balance", b["value"], b["lo"], b["hi"], n)
    add("seat_p_value", seat_advantage_test(results)["p_value"], n=n)
    sc = score_summary(results)
    for r in sc[sc["seat"].notna()].itertuples():
        add("score_mean", r.mean, r.lo, r.hi, r.n, seat=int(r.seat))
    add("score_sd", float(sc.iloc[-1]["sd"]), n=int(sc.iloc[-1]["n"]))
    m = winner_margin(results)
    add("winner_margin", m["mean"], m["lo"], m["hi"], int(m["n"]))
    for r in game_length(results).itertuples():
        add(r.measure, r.mean, r.lo, r.hi, r.n)
    for name, fn in (("multi_option_share", multi_option_share),
                     ("branching_factor", branching_factor)):
        d = fn(results)
        add(name, d["value"], d["lo"], d["hi"], int(d["n"]))
    for r in end_reason_shares(results).itertuples():
        add("end_share", r.share, r.lo, r.hi, n, category=r.end_reason)
    if tension_metrics or (tension_metrics is None and "trace" in results.meta):
        for r in tension(results).itertuples():
            add(r.metric, r.value, r.lo, r.hi, r.n)
    if items:
        for r in item_usage(results).itertuples():
            key = f"{r.column}:{r.item}"
            add("item_win_rate", r.win_rate, r.lo, r.hi, r.seat_games, category=key)
            add("item_usage", r.usage, r.usage_lo, r.usage_hi, len(results.seats), category=key)
    out = pd.DataFrame(rows, columns=SUMMARY_COLUMNS)
    out["seat"] = out["seat"].astype("Int64")
    return out


def seat_label_map(results: Results) -> dict[int, str]:
    """Seat number → the game's label for it (``A``, ``B``, … in Crossroads)."""
    game = _game(results)
    return {int(s): _label(game, s) for s in sorted(results.seats["seat"].unique())}


__all__ = ["balance", "branching_factor", "doubling", "end_reason_shares",
           "game_length", "item_columns", "item_usage", "multi_option_share",
           "score_summary", "seat_advantage_test", "seat_label_map", "seat_win_rates",
           "skill_trace", "summary", "tension", "tension_curve", "tension_per_game",
           "trace_of", "winner_margin", "winner_margins"]
