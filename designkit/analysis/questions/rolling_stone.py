"""Life is Rolling Stone, draft 10: its change list checked against the previous rule.

Draft 10 opens with 『基本効果２と３を交換』 (order bonuses 2 and 3 swapped) and
『最後手番のスタＰを１ＶＰに変更』 (the start player marker is worth 1 VP at the end).
Both touch turn order, so the question is whether the turn positions are even now,
and whether they were before. The previous rule is a variant of the same parameters:
``order_bonus`` with slots 2 and 3 swapped back and ``start_marker_vp: 0`` (the draft
does not give the old value; 0 is the reading "the marker gave no VP before").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pandas as pd

from designkit.analysis.questions.common import (
    Answer,
    Observer,
    Question,
    bars,
    figure,
    pct,
    rate_by,
    rate_row,
    rate_text,
    simulate_observed,
    winner_changes_without,
)
from designkit.analysis.questions.cures import load_problems, run_cures
from designkit.analysis.variant_compare import Comparison
from designkit.core.game import State
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.sim.results import Results

if TYPE_CHECKING:
    from designkit.games.rolling_stone.params import RollingStoneParams

GAME = "rolling_stone"
SOURCE = "Life is Rolling Stone 草案１０, 大まかな変更点 (000_696e4a72b1b659bc.txt)"

POSITIONS = Question(
    "positions", "Are the turn positions even now?",
    "基本効果２と３を交換",
    "Order bonuses 2 and 3 swapped (change list) — are the turn positions (seats counted "
    "from the first start player) even now, and were they under the previous rule?",
    SOURCE)
MARKER = Question(
    "start_marker", "What does the 1 VP start marker decide?",
    "最後手番のスタＰを１ＶＰに変更",
    "The start player marker at the end is now worth 1 VP (change list) — how often does "
    "that VP decide the game, and how often does its holder win?", SOURCE)

QUESTIONS = (POSITIONS, MARKER)

# -- the change list's cures (problem → cure → verdict) ----------------------------------------
#: the questions, their metrics, targets, margins and cures: data/rolling_stone/questions.yaml
PROBLEMS = load_problems(GAME)
PRECISION = {"seat_balance": 0.03, "winner_margin": 0.5, "vp_share:start_marker": 0.005}


def cures(n_games: int = 200, seed: int = 2026, agents: str = "greedy", workers: int = 1
          ) -> Comparison:
    """The draft and every cure on the same seeded games (four players)."""
    return run_cures(GAME, PROBLEMS, n_games, seed, agents, PRECISION, players=4,
                     workers=workers)


def previous_rule(params: Params) -> Params:
    """Draft 9 as a variant of ``params``: order bonuses 2 and 3 swapped back, the start
    marker worth no VP at the end (LR-6.2, LR-12.5)."""
    bonus = list(cast("RollingStoneParams", params).order_bonus)
    if len(bonus) >= 3:
        bonus[1], bonus[2] = bonus[2], bonus[1]
    return params.replace(order_bonus=tuple(bonus), start_marker_vp=0)


class FirstPlayer(Observer):
    """Each game's first start player (LR-2.6: lowest setup dice total) and the marker's
    holder at the end, read from the game's own watch
    (``games.rolling_stone.metrics.FirstPlayer``: the first marker holder seen, before any
    order bonus can move the marker)."""

    def finish(self, state: State) -> None:
        st: Any = state
        self.rows.append({"game_id": self.game_id, "first_player": self.watch.first,
                          "marker_end": st.marker})


def run(n_games: int = 40, seed: int = 2026, players: int = 4, agents: str = "greedy"
        ) -> dict[str, Results]:
    """The draft-10 rule and the previous rule on the same seeds (same deals)."""
    game = get_game(GAME)
    now = game.params_type(players=players)
    out = {}
    for name, params in (("draft 10", now), ("previous rule", previous_rule(now))):
        watch = FirstPlayer()
        res = simulate_observed(game, n_games, params, agents, seed, watch)
        first = watch.frame()
        res.games = res.games.merge(first, on="game_id", how="left")
        res.seats = res.seats.merge(first, on="game_id", how="left")
        res.seats["position"] = (res.seats.seat - res.seats.first_player) % res.seats.groupby(
            "game_id").seat.transform("size")
        out[name] = res
    return out


def position_table(runs: dict[str, Results]) -> pd.DataFrame:
    """Win rate by turn position (0 = first start player) per rule, Wilson 95%."""
    frames = [rate_by(res.seats, "position").assign(rule=name) for name, res in runs.items()]
    return pd.concat(frames, ignore_index=True)


def _spread(part: pd.DataFrame, fair: float) -> str:
    best, worst = part.loc[part.rate.idxmax()], part.loc[part.rate.idxmin()]
    off = [int(p) + 1 for p, lo, hi in zip(part.position, part.lo, part.hi, strict=True)
           if lo > fair or hi < fair]
    return (f"position {int(best.position) + 1} wins {rate_text(best.rate, best.lo, best.hi)}, "
            f"position {int(worst.position) + 1} {rate_text(worst.rate, worst.lo, worst.hi)}"
            + (f"; away from the fair share: position {', '.join(map(str, off))}" if off
               else "; every position's interval holds the fair share"))


def positions(runs: dict[str, Results]) -> Answer:
    table = position_table(runs)
    players = int(next(iter(runs.values())).games.players.iloc[0])
    fair = 1 / players
    fig = figure("Win rate by turn position (1 = first start player)", barmode="group",
                 xaxis={"title": "turn position", "type": "category"},
                 yaxis={"title": "win rate", "tickformat": ".0%"})
    for i, (name, part) in enumerate(table.groupby("rule", sort=False)):
        shown = part.assign(position=part.position + 1)
        bars(shown, "position", "", "", name=name, colour=i, fig=fig)
    fig.add_hline(y=fair, line_dash="dash", line_color="grey", annotation_text="fair share",
                  annotation_position="top left")
    parts = [f"{name}: {_spread(part, fair)}" for name, part in table.groupby("rule",
                                                                              sort=False)]
    n = next(iter(runs.values())).n_games
    reading = (f"Over {n} games per rule (same deals, {_agents(runs)}): " + "; ".join(parts)
               + ".")
    return Answer(POSITIONS, fig, table, reading,
                  ["Previous rule = order bonuses 2↔3 swapped back and start_marker_vp 0 "
                   "(the draft does not say what the marker gave before)."])


def marker_table(res: Results) -> pd.DataFrame:
    decided = winner_changes_without(res, "vp_start_marker")
    seats = res.seats[res.seats.seat == res.seats.marker_end]
    holder = rate_row(float(seats.won.sum()), len(seats))
    return pd.DataFrame([{"measure": "games the marker VP decides",
                          **rate_row(float(decided.sum()), len(decided))},
                         {"measure": "win rate of the marker holder", **holder}])


def start_marker(runs: dict[str, Results]) -> Answer:
    res = runs["draft 10"]
    table = marker_table(res)
    fair = 1 / int(res.games.players.iloc[0])
    fig = bars(table, "measure", "The start player marker at the end (draft 10)", "share",
               reference=fair, reference_text="fair share")
    d, h = table.iloc[0], table.iloc[1]
    reading = (f"The marker's VP changes the winner in {rate_text(d.rate, d.lo, d.hi)} of "
               f"{res.n_games} games; its holder at the end wins "
               f"{rate_text(h.rate, h.lo, h.hi)} (fair share {pct(fair)}).")
    return Answer(MARKER, fig, table, reading,
                  ["'Decides' is a counterfactual on the games as played: remove the "
                   "marker's VP and see whether the top score changes hands."])


def answers(runs: dict[str, Results]) -> list[Answer]:
    return [positions(runs), start_marker(runs)]


def _agents(runs: dict[str, Results]) -> str:
    names = sorted({a for r in runs.values() for a in r.agents})
    return ", ".join(names) + " bots"


def answer_all(n_games: int = 40, seed: int = 2026, n_cures: int = 200, workers: int = 1
               ) -> list[Answer]:
    """Every question of this draft, answered from one seeded batch per rule."""
    from designkit.analysis.questions.cures import answer

    out = cures(n_cures, seed, workers=workers)   # N_CURES of the notebook
    return [*answers(run(n_games, seed)), *(answer(p, out) for p in PROBLEMS)]
