"""Little Witch Academia (リトルウィッチアカデミア), draft 8: its change list checked.

Draft 8 opens with 『課題の点数比率を１００・７５・５０（％）に変更』 (assignment VP
ratio 100/75/50), 『成績を排除し、探索で得られるレガシーでマジョリティ判定するように変更』
(grades replaced by legacy majorities) and the University changes (『魔法工房を大学に
名称変更』, 『大学の共通アクションとして、資源交換を追加』). Each becomes a question with
numbers: the ratio against alternatives on the same deals, the weight of the legacy
majorities, and where workers go (University or Areas) and what it wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from designkit.analysis.compare import compare
from designkit.analysis.questions.common import (
    Answer,
    Observer,
    Question,
    bars,
    gained_share,
    num_text,
    pct,
    rate_by,
    rate_row,
    rate_text,
    share_row,
    simulate_observed,
    winner_changes_without,
)
from designkit.analysis.questions.cures import load_problems, run_cures
from designkit.analysis.sweep import run_points
from designkit.analysis.variant_compare import Comparison
from designkit.core.game import State
from designkit.core.registry import get_game
from designkit.games.witch_academy.metrics import UNIVERSITY  # noqa: F401 - public name
from designkit.sim.results import Results

GAME = "witch_academy"
SOURCE = "リトルウィッチアカデミア 草案８, 大まかな変更点 (002_96418f2a20467565.txt)"
RATIOS = {"100·75·50 (draft 8)": (100, 75, 50), "100·100·100 (flat)": (100, 100, 100),
          "100·50·25 (steeper)": (100, 50, 25)}
LEGACY_VP = (0, 4, 8, 12)

RATIO = Question(
    "assignment_ratio", "Is 100/75/50 the right assignment ratio?",
    "課題の点数比率を１００・７５・５０（％）に変更",
    "Assignment VP ratio changed to 100·75·50 % (change list) — what does it change "
    "against a flat or a steeper ratio, on the same deals?", SOURCE)
LEGACY = Question(
    "legacy_majority", "How much should the legacy majorities weigh?",
    "成績を排除し、探索で得られるレガシーでマジョリティ判定するように変更",
    "Grades removed; majorities of the legacy tokens found by exploring decide instead "
    "(change list) — how often do the legacy majorities decide the game, by their VP "
    "(legacy_majority_vp)?", SOURCE)
UNIVERSITY_Q = Question(
    "university", "University or Areas?",
    "魔法工房を大学に名称変更・大学の共通アクションとして、資源交換を追加",
    "The magic workshop renamed the University, with resource exchange added as its "
    "common action (change list) — where do workers go, and what does it win?", SOURCE)

SECOND = Question(
    "second_completions", "How often is an assignment completed a second or third time?",
    "課題の点数比率を１００・７５・５０（％）に変更",
    "The ratio only matters when a card is completed again: how often does a second or "
    "third completion of one assignment happen?", SOURCE)

QUESTIONS = (RATIO, LEGACY, UNIVERSITY_Q, SECOND)

# -- the change list's cures (problem → cure → verdict) ----------------------------------------
#: the questions, their metrics, targets, margins and cures: data/witch_academy/questions.yaml
PROBLEMS = load_problems(GAME)
PRECISION = {"turn_order": 0.03, "seat_balance": 0.03, "winner_margin": 1.0,
             "vp_share:assignment": 0.02, "vp_share:legacy_majority": 0.02,
             "vp_share:forced_pass": 0.01}


def cures(n_games: int = 100, seed: int = 2026, agents: str = "greedy", workers: int = 1
          ) -> Comparison:
    """The draft and every cure on the same seeded games, three players (where the
    start-player advantage was seen)."""
    return run_cures(GAME, PROBLEMS, n_games, seed, agents, PRECISION, players=3,
                     workers=workers)


class Placements(Observer):
    """Each seat's worker placements per game (University or Areas) and the rank of each
    assignment completion, read from the game's own watch
    (``games.witch_academy.metrics.Placements``, which counts them from the states)."""

    def start(self, game_id: int) -> None:
        super().start(game_id)
        if not hasattr(self, "ranks"):
            self.ranks: list[dict[str, int]] = []

    def finish(self, state: State) -> None:
        st: Any = state
        w = self.watch
        self.ranks += [{"game_id": self.game_id, "rank": r} for r in w.ranks]
        for seat in range(st.n):
            self.rows.append({"game_id": self.game_id, "seat": seat,
                              "university": w.count.get((seat, "university"), 0),
                              "areas": w.count.get((seat, "areas"), 0)})


def run(n_games: int = 20, seed: int = 2026, players: int = 4, agents: str = "greedy"
        ) -> tuple[dict[str, Results], Placements]:
    """Draft 8 (watched for placements) and the ratio alternatives on the same seeds."""
    game = get_game(GAME)
    base = game.params_type(players=players)
    watch = Placements()
    names = list(RATIOS)
    runs = {names[0]: simulate_observed(game, n_games, base, agents, seed, watch)}
    for name in names[1:]:
        runs[name] = simulate_observed(game, n_games,
                                       base.replace(assignment_vp_ratio=RATIOS[name]),
                                       agents, seed)
    return runs, watch


def legacy_runs(base: Results, n_games: int, values: Sequence[int] = LEGACY_VP,
                seed: int = 2026, players: int = 4, agents: str = "greedy"
                ) -> list[tuple[int, Results]]:
    """``legacy_majority_vp`` swept (analysis.sweep, same seeds); the draft's value is
    taken from ``base`` instead of being played again."""
    game = get_game(GAME)
    params = game.params_type(players=players)
    todo = [v for v in values if v != params.legacy_majority_vp]
    runs = dict((p["legacy_majority_vp"], r) for p, r in
                run_points(game, "legacy_majority_vp", todo, n_games=n_games, params=params,
                           agents=agents, seed=seed)) if todo else {}
    runs[params.legacy_majority_vp] = base
    return [(v, runs[v]) for v in values]


# -- the ratio --------------------------------------------------------------------------------
def _vp_share(res: Results, column: str) -> dict[str, float]:
    return gained_share(res, res.seats[column])


def ratio_table(runs: dict[str, Results]) -> pd.DataFrame:
    """Per ratio: share of VP gained from assignments, and the winner's margin against
    draft 8 (paired by seed: ``compare``)."""
    names = list(runs)
    base = runs[names[0]]
    rows = []
    for name, res in runs.items():
        share = _vp_share(res, "vp_assignment")
        row = {"ratio": name, **share}
        if name == names[0]:
            row.update({"margin_diff": 0.0, "margin_lo": 0.0, "margin_hi": 0.0})
        else:
            cmp = compare(base, res)
            m = cmp[cmp.metric == "winner_margin"].iloc[0]
            row.update({"margin_diff": float(m["diff"]), "margin_lo": float(m.lo),
                        "margin_hi": float(m.hi)})
        row["margin"] = _margin(res)
        rows.append(row)
    return pd.DataFrame(rows)


def assignment_ratio(runs: dict[str, Results]) -> Answer:
    table = ratio_table(runs)
    fig = bars(table, "ratio", "Share of VP from assignments by ratio", "share of VP gained")
    fig.update_xaxes(title="assignment_vp_ratio")
    base = table.iloc[0]
    parts = [f"{r.ratio} {rate_text(r.rate, r.lo, r.hi)}, winner's margin "
             f"{r.margin_diff:+.1f} [{r.margin_lo:+.1f}, {r.margin_hi:+.1f}] VP"
             for r in table.iloc[1:].itertuples()]
    reading = (f"Under 100·75·50 assignments give {rate_text(base.rate, base.lo, base.hi)} of "
               f"the VP gained and the winner leads by {base.margin:.1f} VP; against it: "
               + "; ".join(parts) + f" ({_agents(runs)}, same deals).")
    return Answer(RATIO, fig, table, reading,
                  ["Margin differences are paired by game seed (designkit.analysis.compare)."])


# -- legacy majorities ------------------------------------------------------------------------
def legacy_table(runs: list[tuple[int, Results]]) -> pd.DataFrame:
    rows = []
    for value, res in runs:
        decided = winner_changes_without(res, "vp_legacy_majority")
        share = _vp_share(res, "vp_legacy_majority")
        rows.append({"legacy_majority_vp": value,
                     **rate_row(float(decided.sum()), len(decided)),
                     "vp_share": share["rate"], "vp_share_lo": share["lo"],
                     "vp_share_hi": share["hi"]})
    return pd.DataFrame(rows)


def legacy_majority(runs: list[tuple[int, Results]]) -> Answer:
    table = legacy_table(runs)
    fig = bars(table, "legacy_majority_vp", "Games the legacy majorities decide",
               "share of games")
    parts = [f"{int(r.legacy_majority_vp)} VP: {rate_text(r.rate, r.lo, r.hi)} "
             f"(VP share {pct(r.vp_share)})" for r in table.itertuples()]
    reading = ("The legacy majorities change the winner in " + "; ".join(parts)
               + f" of the games ({_agents({str(v): r for v, r in runs})}).")
    return Answer(LEGACY, fig, table, reading,
                  ["'Decide' is a counterfactual on the games as played: remove the "
                   "majority VP and see whether the top score changes hands."])


# -- University or Areas ----------------------------------------------------------------------
def university_table(res: Results, watch: Placements) -> pd.DataFrame:
    """Win rate by the share of a seat's placements made at the University (bands)."""
    seats = res.seats.merge(watch.frame(), on=["game_id", "seat"])
    total = seats.university + seats.areas
    share = (seats.university / total.where(total > 0)).fillna(0.0)
    bands = pd.cut(share, [-0.01, 0.2, 0.4, 1.0], labels=["<20%", "20–40%", "≥40%"])
    table = rate_by(seats.assign(band=bands.astype(str),
                                 order=bands.cat.codes), "order")
    labels = ["<20%", "20–40%", "≥40%"]
    table.insert(0, "university_share", [labels[int(o)] for o in table.order])
    return table.drop(columns=["order"])


def university(res: Results, watch: Placements) -> Answer:
    frame = watch.frame()
    per_game = frame.groupby("game_id")[["university", "areas"]].sum()
    share = share_row(per_game.university.tolist(),
                      (per_game.university + per_game.areas).tolist())
    table = university_table(res, watch)
    fair = 1 / int(res.games.players.iloc[0])
    fig = bars(table, "university_share", "Win rate by share of placements at the University",
               "win rate", reference=fair, reference_text="fair share")
    low, high = table.iloc[0], table.iloc[-1]
    verdict = ("leaning on the University wins more" if high.lo > low.hi else
               "leaning on the Areas wins more" if high.hi < low.lo else
               "neither choice clearly wins more at this game count")
    reading = (f"{rate_text(share['rate'], share['lo'], share['hi'])} of placements go to the "
               f"University; seats placing {high.university_share} there win "
               f"{rate_text(high.rate, high.lo, high.hi)}, seats placing "
               f"{low.university_share} win {rate_text(low.rate, low.lo, low.hi)}: {verdict} "
               f"({', '.join(sorted(set(res.agents)))} bots; mean placements per seat "
               f"{num_text(frame.university.mean() + frame.areas.mean(), float('nan'), 0)}).")
    summary = pd.DataFrame([{"university_share": "all placements", **share}])
    return Answer(UNIVERSITY_Q, fig, pd.concat([summary, table], ignore_index=True), reading)


def completions(watch: Placements) -> Answer:
    """Completions by their rank on the card (1st, 2nd, 3rd…) with Wilson intervals of
    each rank's share: the 75 % and 50 % of the ratio apply only to ranks 2 and 3+."""
    ranks = pd.DataFrame(getattr(watch, "ranks", []), columns=["game_id", "rank"])
    total = len(ranks)
    games = ranks["game_id"].nunique() if total else 0
    rows = [{"rank": f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd+'}",
             **rate_row(float((ranks["rank"] == k).sum() if k < 3 else
                              (ranks["rank"] >= 3).sum()), total)} for k in (1, 2, 3)]
    table = pd.DataFrame(rows)
    fig = bars(table, "rank", "Assignment completions by their rank on the card",
               "share of completions")
    r2, r3 = table.iloc[1], table.iloc[2]
    per_game = total / games if games else float("nan")
    reading = (f"{total} completions in {games} games ({per_game:.1f} a game): a second "
               f"completion is {rate_text(r2.rate, r2.lo, r2.hi)} of them and a third or "
               f"later {rate_text(r3.rate, r3.lo, r3.hi)}; the ratio's 75 % and 50 % touch "
               f"only those.")
    return Answer(SECOND, fig, table, reading,
                  ["Ranks are counted as tokens land on a displayed card (LW-10.2)."])


def _margin(res: Results) -> float:
    top = res.seats.sort_values(["game_id", "rank", "seat"]).groupby("game_id").score
    return float((top.nth(0).to_numpy() - top.nth(1).to_numpy()).mean())


def _agents(runs: dict[str, Results]) -> str:
    names = sorted({a for r in runs.values() for a in r.agents})
    return ", ".join(names) + " bots"


def answer_all(n_games: int = 20, seed: int = 2026, agents: str = "greedy",
               n_cures: int = 100, workers: int = 1) -> list[Answer]:
    """Every question of this draft from seeded batches (the dashboard page), then each
    proposed change against the draft."""
    from designkit.analysis.questions.cures import answer

    runs, watch = run(n_games, seed, agents=agents)
    base = next(iter(runs.values()))
    out = cures(n_cures, seed, agents=agents, workers=workers)   # N_CURES of the notebook
    return [assignment_ratio(runs), legacy_majority(legacy_runs(base, n_games, seed=seed,
                                                                agents=agents)),
            university(base, watch), completions(watch),
            *(answer(p, out) for p in PROBLEMS)]
