"""Balance by skill level: seat and turn-position win rates for a ladder of bots.

Designers are told that a start-player advantage may only show with
intelligent players. The ladder answers it: every rung seats the same bot at
every seat (random, greedy, the verdicts' level `search`, mcts at 0.1 s), plays the same seeds, and
reports each seat's (or, where the start player is random, each turn
position's) win rate with a Wilson interval, rung beside rung. A gap that grows
up the ladder is an advantage skill reveals; one that shrinks is noise the
weak bots made.

``mcts:N`` rungs are reproducible by seed (tests, notebooks); time-budget
rungs (``mcts:0.1s``, the CLI's default) are stronger per second but are not
(see :mod:`designkit.agents.mcts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from designkit.agents import get_agent, nondeterministic
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.core.seats import player_count, seat_label
from designkit.sim.intervals import wilson_interval
from designkit.sim.results import Results

#: reproducible rungs (tests, notebooks, the lab's default)
SEEDED_LADDER = ("random", "greedy", "mcts:50", "mcts:200")
#: the CLI's rungs: random, greedy, the verdicts' second level ``search`` (seeded, a small
#: iteration budget) and MCTS at 0.1 s per decision, so a designer sees where the level the
#: verdicts are checked at sits between greedy and a real search (issue 37)
TIMED_LADDER = ("random", "greedy", "search", "mcts:0.1s")
COLUMNS = ("rung", "agent", "by", "slot", "label", "games", "wins", "win_rate", "lo", "hi",
           "fair_share", "score_mean", "gap")


def run_ladder(game: Game | str, rungs: Sequence[str] = SEEDED_LADDER, n_games: int = 100,
               params: Params | None = None, seed: int = 0, by: str = "auto",
               backend: str = "auto", workers: int = 1, scheduler: Any = None,
               progress: bool | None = False, on_progress: Any = None,
               batch_size: int | None = None) -> pd.DataFrame:
    """Play ``n_games`` per rung (every seat the rung's bot, the same seeds on every rung)
    and return :func:`ladder_table` of the results. ``on_progress(done, total)`` is
    called as batches finish (panels use it; raising there stops the run)."""
    from designkit.sim.many import simulate_many

    g = get_game(game)
    params = params if params is not None else g.params_type()
    players = player_count(params)
    names = [get_agent(r).name for r in rungs]  # a bad rung fails before any game
    runs = simulate_many(g, [(params, [name] * players) for name in names], n_games,
                         seed=seed, backend=backend, workers=workers, scheduler=scheduler,
                         progress=progress, on_progress=on_progress, batch_size=batch_size)
    return ladder_table(runs, names, by=by)


def ladder_table(runs: Sequence[Results], rungs: Sequence[str], by: str = "auto"
                 ) -> pd.DataFrame:
    """One row per rung × seat (or turn position): wins, win rate and its 95% Wilson
    interval, the fair share 1/players, mean score, and the rung's ``gap`` (largest
    minus smallest win rate). ``by``: ``seat``, ``position`` or ``auto`` (position
    where the game randomises the start player, else seat)."""
    rows: list[dict[str, Any]] = []
    for k, (name, res) in enumerate(zip(rungs, runs, strict=True)):
        seats = res.seats
        col = _column(seats, by)
        n = res.n_games
        players = int(res.games["players"].iloc[0]) if n else 0
        rung_rows: list[dict[str, Any]] = []
        for slot, grp in seats.groupby(col, sort=True):
            wins = int(grp["won"].sum())
            lo, hi = wilson_interval(wins, n)
            rung_rows.append({"rung": k, "agent": name, "by": col, "slot": int(slot),
                              "label": _label(col, int(slot)), "games": n, "wins": wins,
                              "win_rate": wins / n if n else float("nan"), "lo": lo,
                              "hi": hi, "fair_share": 1.0 / players if players else float("nan"),
                              "score_mean": float(grp["score"].mean())})
        rates = [r["win_rate"] for r in rung_rows]
        gap = max(rates) - min(rates) if rates else float("nan")
        rows += [{**r, "gap": gap} for r in rung_rows]
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _column(seats: pd.DataFrame, by: str) -> str:
    if by == "auto":
        return "position" if "position" in seats.columns else "seat"
    if by not in ("seat", "position"):
        raise ValueError(f"by: {by!r} is not seat, position or auto")
    if by not in seats.columns:
        raise ValueError("by: this game does not randomise the start player, so there is "
                         "no turn position; use seat")
    return by


def _label(col: str, slot: int) -> str:
    if col == "seat":
        return f"seat {seat_label(slot)}"
    return f"{slot + 1}{'st' if slot == 0 else 'nd' if slot == 1 else 'rd' if slot == 2 else 'th'}"


def ladder_chart(table: pd.DataFrame) -> go.Figure:
    """Win rate by seat (or turn position) for each rung, side by side, 95% Wilson error
    bars, the fair share dotted."""
    fig = go.Figure()
    if not len(table):
        return fig
    by = table["by"].iloc[0]
    rungs = table.drop_duplicates("rung").sort_values("rung")["agent"].tolist()
    for _, grp in table.groupby("slot", sort=True):
        grp = grp.sort_values("rung")
        fig.add_trace(go.Bar(
            x=grp["agent"].tolist(), y=grp["win_rate"].tolist(), name=grp["label"].iloc[0],
            error_y={"type": "data", "symmetric": False,
                     "array": (grp["hi"] - grp["win_rate"]).tolist(),
                     "arrayminus": (grp["win_rate"] - grp["lo"]).tolist()},
            customdata=grp[["wins", "games"]].to_numpy(),
            hovertemplate="%{x}: %{y:.1%} (%{customdata[0]} of %{customdata[1]})"
                          "<extra>%{fullData.name}</extra>"))
    fig.add_hline(y=float(table["fair_share"].iloc[0]), line_dash="dot",
                  annotation_text="fair share")
    fig.update_layout(barmode="group", template="plotly_white", height=380,
                      title=f"Balance by skill level: win rate by "
                            f"{'turn position' if by == 'position' else 'seat'}",
                      xaxis={"title": "bot at every seat", "categoryorder": "array",
                             "categoryarray": rungs},
                      yaxis={"title": "win rate", "tickformat": ".0%"},
                      margin={"l": 60, "r": 20, "t": 60, "b": 50})
    return fig


def ladder_rows(table: pd.DataFrame) -> list[dict[str, str]]:
    """The table as a designer reads it: one row per rung, one column per seat/position."""
    out = []
    for _, grp in table.groupby("rung", sort=True):
        row = {"bot at every seat": grp["agent"].iloc[0], "games": str(grp["games"].iloc[0])}
        for r in grp.sort_values("slot").itertuples():
            row[r.label] = f"{100 * r.win_rate:.1f}% [{100 * r.lo:.1f}, {100 * r.hi:.1f}]"
        row["largest gap"] = f"{100 * grp['gap'].iloc[0]:.1f} pts"
        out.append(row)
    return out


def ladder_note(table: pd.DataFrame) -> str:
    """A one-line reading: which rungs are reproducible, and whether the gap moves."""
    if not len(table):
        return "no games"
    rungs = table.drop_duplicates("rung").sort_values("rung")
    timed = nondeterministic(rungs["agent"].tolist())
    gaps = rungs["gap"].tolist()
    trend = ("grows" if gaps[-1] > gaps[0] else "shrinks" if gaps[-1] < gaps[0] else "stays")
    text = (f"The largest gap between {rungs['by'].iloc[0]}s {trend} from "
            f"{100 * gaps[0]:.1f} pts ({rungs['agent'].iloc[0]}) to {100 * gaps[-1]:.1f} pts "
            f"({rungs['agent'].iloc[-1]}); the same seeds on every rung.")
    if timed:
        text += (f" {', '.join(timed)} search for a time per decision: not reproducible "
                 "from the seed.")
    return text
