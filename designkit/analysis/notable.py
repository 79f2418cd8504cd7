"""Notable games of a result set: the games behind the numbers a designer asks about.

"The longest game", "the closest one", "a game seat C won by 10": one row each, so a
panel or a report can open exactly that game (its seed is in the row; see
:func:`designkit.sim.results_file.game_of`). Ties go to the lowest game id, so the
table is as deterministic as the results.
"""

from __future__ import annotations

import pandas as pd

from designkit.analysis.metrics import winner_margins
from designkit.core.seats import seat_label
from designkit.sim.results import Results

COLUMNS = ("label", "game_id", "seed", "turns", "winner", "margin", "scores")


def notable_games(results: Results) -> pd.DataFrame:
    """Longest, shortest, closest, biggest margin, then per seat the game it won by most."""
    games = results.games
    if games.empty:
        return pd.DataFrame(columns=list(COLUMNS))
    info = games.set_index("game_id")[["seed", "turns", "winner"]].copy()
    info["margin"] = winner_margins(results)
    ordered = info.sort_index()
    picks: list[tuple[str, int]] = [
        (f"longest game ({int(ordered['turns'].max())} turns)", int(ordered["turns"].idxmax())),
        (f"shortest game ({int(ordered['turns'].min())} turns)",
         int(ordered["turns"].idxmin()))]
    margins = ordered["margin"].dropna()
    if not margins.empty:
        picks.append((f"closest game (won by {margins.min():g})", int(margins.idxmin())))
        picks.append((f"biggest margin (won by {margins.max():g})", int(margins.idxmax())))
    seats = results.seats
    won = seats[seats["won"].astype(bool)].set_index("game_id")
    for seat in sorted(int(s) for s in seats["seat"].unique()):
        mine = won[won["seat"] == seat].join(ordered[["margin"]], how="left").sort_index()
        if mine.empty:
            continue
        best = mine["margin"].fillna(0).idxmax()
        picks.append((f"a game {seat_label(seat)} won by {mine.loc[best, 'margin']:g}",
                      int(best)))
    scores = seats.sort_values(["game_id", "seat"]).groupby("game_id")["score"].agg(
        lambda s: ", ".join(f"{seat_label(i)} {v:g}" for i, v in enumerate(s)))
    rows = [{"label": label, "game_id": gid, "seed": int(ordered.loc[gid, "seed"]),
             "turns": int(ordered.loc[gid, "turns"]),
             "winner": seat_label(int(ordered.loc[gid, "winner"])),
             "margin": ordered.loc[gid, "margin"], "scores": scores.get(gid, "")}
            for label, gid in picks]
    return pd.DataFrame(rows, columns=list(COLUMNS))
