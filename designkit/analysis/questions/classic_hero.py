"""Classic Hero (王道勇者), draft 3: the ■問題点 section's doubts answered from seeded games.

The draft opens with its author's problems: the tempo is bad, the Demon Lord's HP is
nearly random so nobody aims their dice at it, detours should be worth taking, and red
dice might be better as "counts for several conditions" than as a VP bonus. Each
function below turns one of those into numbers with intervals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pandas as pd

from designkit.analysis.questions.common import (
    Answer,
    Observer,
    Question,
    bars,
    figure,
    gained_share,
    mean_by,
    num_text,
    pct,
    rate_by,
    rate_row,
    rate_text,
    share_row,
    simulate_observed,
    vp_columns,
    winner_changes_without,
)
from designkit.analysis.questions.cures import load_problems, run_cures
from designkit.analysis.stats import mean_interval
from designkit.analysis.sweep import run_points
from designkit.analysis.variant_compare import Comparison
from designkit.core.game import State
from designkit.core.registry import get_game
from designkit.sim.results import Results

GAME = "classic_hero"
SOURCE = "王道勇者 草案３, ■問題点 (003_5ddf03c6ed3d7657.txt)"
BOSS_KEYS = ("boss_hp", "final_damage")  # VP the Demon Lord hands out (CH-7.2, CH-7.3)

TEMPO = Question(
    "tempo", "Is the tempo bad?",
    "ゲームテンポが悪い。どこまで進むか、という要素の他に、どれを達成できるか。の要素が入っている為、"
    "有り体に言えば面倒くさい。",
    "The tempo is bad: besides how far to move there is which event you can achieve, so, "
    "frankly, it is tedious. — How many decisions does a player face per stage, and how "
    "many are real choices?", SOURCE)
DEMON_LORD = Question(
    "demon_lord", "How much of the VP does the Demon Lord decide?",
    "現状は魔王ＨＰがほぼランダムだし、終盤まで目を意識できないので、なにか目標に向かって目を"
    "調整したりするような感じにはならない。",
    "As it is, the Demon Lord's HP is nearly random and you cannot aim your dice until the "
    "end, so it never feels like adjusting dice toward a goal. — How much of the result "
    "do the Demon Lord's VP decide?", SOURCE)
DETOURS = Question(
    "detours", "Do detours pay?",
    "基本的な思想としては、できるだけ寄り道はして欲しい。",
    "The basic idea: players should take as many detours as possible. — Do players who "
    "stop at more events win more?", SOURCE)
RED_DICE = Question(
    "red_dice", "How strong are red dice?",
    "例えば、上級サイコロはＶＰボーナスではなく、複数の条件に使用できるとかしたらいいかも。",
    "For example, red dice might count for several conditions instead of giving a VP "
    "bonus. — How much do red dice win now, as the bonus (red_die_bonus_vp) and the dice "
    "limit (max_dice) change?", SOURCE)

COMPLEX_VP = Question(
    "complex_vp", "Does VP come in too many ways?",
    "また、勝利点の入り方もちょっと複雑なので、そこをどうするかという問題もある。",
    "Also, the way VP comes in is a little complicated, which is another problem. — How "
    "many scoring sources are there, what share of the VP does each give, and how many of "
    "them decide who wins?", SOURCE)

QUESTIONS = (TEMPO, DEMON_LORD, DETOURS, RED_DICE, COMPLEX_VP)
DECIDES = 0.10   # a source "decides" games when removing it changes the winner this often

# -- the ■問題点 cures (problem → cure → verdict) -----------------------------------------------
#: VP the Demon Lord hands out, whatever the rules (the draft's HPs and final damage, CH-V1's
#: First Attack and CH-V2's weaknesses: absent where their variant is off)
BOSS = "vp_share:boss_hp+final_damage+first_attack+weakness"
ROAD = "vp_share:artifact+red_bonus+skill"
#: the questions, their metrics, targets, margins and cures: data/classic_hero/questions.yaml
PROBLEMS = load_problems(GAME)
PRECISION = {BOSS: 0.02, ROAD: 0.02, "vp_share:red_bonus": 0.01, "winner_margin": 1.0,
             "col:events": 0.2, "decisions": 5.0, "turns": 1.0, "col:dice": 0.1,
             "seat_balance": 0.03}


def cures(n_games: int = 200, seed: int = 2026, agents: str = "greedy", workers: int = 1
          ) -> Comparison:
    """The draft and every cure of :data:`PROBLEMS` on the same seeded games."""
    return run_cures(GAME, PROBLEMS, n_games, seed, agents, PRECISION, workers=workers)


class HeroWatch(Observer):
    """The tempo and detour charts' rows, read from the game's own watch
    (``games.classic_hero.metrics.HeroWatch``, which counts them): per game, stage and
    seat the real choices (two or more options, the ones the engine asks) and all
    decisions (the choices plus the engine's single-option steps, ``state.forced``,
    shared equally between the stage's players); per game and seat the events stopped at
    (its pawn moved forward onto an Adventure card, forced stops included)."""

    def finish(self, state: State) -> None:
        st: Any = state
        w = self.watch
        stages = set(range(1, st.params.stages + 1)) | {k for k, _ in w.choices} | set(
            w.forced)  # 0: the setup (class choice, CH-2.4), before stage 1
        for stage in sorted(stages):
            forced = w.forced.get(stage, 0) / st.n
            for seat in range(st.n):
                chosen = w.choices.get((stage, seat), 0)
                self.rows.append({"game_id": self.game_id, "stage": stage, "seat": seat,
                                  "choices": chosen, "decisions": chosen + forced})
        self.stop_rows = getattr(self, "stop_rows", [])
        self.stop_rows += [{"game_id": self.game_id, "seat": s,
                            "stops": sum(v for (_, seat), v in w.stops.items() if seat == s)}
                           for s in range(st.n)]

    def stops_frame(self) -> pd.DataFrame:
        return pd.DataFrame(getattr(self, "stop_rows", []), columns=["game_id", "seat", "stops"])


def run(n_games: int = 50, seed: int = 2026, players: int = 3, agents: str = "greedy"
        ) -> tuple[Results, HeroWatch]:
    """The seeded batch the tempo, Demon Lord and detour questions read (draft defaults:
    every Fortune and used-set choice is asked, as at the table)."""
    game = get_game(GAME)
    watch = HeroWatch()
    results = simulate_observed(game, n_games, game.params_type(players=players), agents,
                                seed, watch)
    return results, watch


# -- tempo ------------------------------------------------------------------------------------
def tempo_table(watch: HeroWatch) -> pd.DataFrame:
    """Per stage: decisions and real choices per player (mean over seat-games, t 95%)."""
    frame = watch.frame()
    rows = []
    for stage, grp in frame.groupby("stage", sort=True):
        for kind in ("decisions", "choices"):
            mean, lo, hi = mean_interval(grp[kind].tolist())
            rows.append({"stage": int(stage), "kind": kind, "mean": mean, "lo": lo, "hi": hi,
                         "n": len(grp)})
    return pd.DataFrame(rows, columns=["stage", "kind", "mean", "lo", "hi", "n"])


def tempo(watch: HeroWatch) -> Answer:
    table = tempo_table(watch)
    fig = figure("Decisions per player per stage", barmode="group",
                 xaxis={"title": "stage", "type": "category"},
                 yaxis={"title": "per player"})
    labels = {"decisions": "all decisions (incl. single-option steps)",
              "choices": "real choices (2+ options)"}
    for i, kind in enumerate(("decisions", "choices")):
        part = table[table.kind == kind].assign(stage=lambda t: t.stage.map(_stage_name))
        bars(part, "stage", "", "", value="mean", rate=False, name=labels[kind], colour=i,
             fig=fig)
    frame = watch.frame()
    per_game = frame.groupby(["game_id", "seat"])[["decisions", "choices"]].sum()
    d = mean_interval(per_game.decisions.tolist())
    c = mean_interval(per_game.choices.tolist())
    by_stage = table[table.kind == "choices"].set_index("stage")["mean"]
    reading = (f"A player meets {num_text(*d, digits=0)} decisions per game, "
               f"{num_text(*c, digits=0)} of them real choices ({pct(c[0] / d[0])}); "
               f"real choices per stage: "
               + ", ".join(f"{_stage_name(s)} {v:.0f}" for s, v in by_stage.items()) + ".")
    return Answer(TEMPO, fig, table, reading,
                  ["Single-option steps are the engine's automatic ones (state.forced), "
                   "shared equally between the players of the stage."])


def _stage_name(stage: int) -> str:
    return "setup" if stage == 0 else f"stage {stage}"


# -- the Demon Lord ---------------------------------------------------------------------------
def boss_columns(results: Results) -> list[str]:
    cols = vp_columns(results)
    named = [f"vp_{k}" for k in BOSS_KEYS if f"vp_{k}" in cols]
    return named or [c for c in cols if "boss" in c or "lord" in c]


def vp_source_table(results: Results) -> pd.DataFrame:
    """Mean VP per seat from each source, winners and the others apart (t 95%)."""
    seats = results.seats.assign(group=results.seats.won.map({True: "winner",
                                                              False: "others"}))
    frames = []
    for col in vp_columns(results):
        t = mean_by(seats, "group", col)
        t.insert(0, "source", col.removeprefix("vp_"))
        frames.append(t)
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def margin_share(results: Results, cols: Sequence[str]) -> dict[str, float]:
    """Share of the winner's margin over the runner-up that ``cols`` VP explain:
    Σ(winner's − runner-up's VP from cols) / Σ margin over games (delta-method interval)."""
    num, den = [], []
    for _, grp in results.seats.groupby("game_id", sort=True):
        order = grp.sort_values(["rank", "seat"])
        if len(order) < 2:
            continue
        first, second = order.iloc[0], order.iloc[1]
        num.append(float(sum(first[c] - second[c] for c in cols)))
        den.append(float(first.score - second.score))
    return share_row(num, den)


def demon_lord(results: Results) -> Answer:
    cols = boss_columns(results)
    table = vp_source_table(results)
    fig = figure("VP by source: winners and the others", barmode="group",
                 xaxis={"title": "source", "type": "category"},
                 yaxis={"title": "mean VP per seat"})
    for i, group in enumerate(("winner", "others")):
        bars(table[table.group == group], "source", "", "", value="mean", rate=False,
             name=group, colour=i, fig=fig)
    seats = results.seats
    boss = seats[cols].sum(axis=1)
    share = gained_share(results, boss)
    margin = margin_share(results, cols)
    changed = winner_changes_without(replace(results, seats=seats.assign(_boss=boss)),
                                     "_boss")
    decided = rate_row(float(changed.sum()), len(changed))
    reading = (f"The Demon Lord ({' + '.join(c.removeprefix('vp_') for c in cols)}) gives "
               f"{rate_text(share['rate'], share['lo'], share['hi'])} of all VP gained and "
               f"explains {rate_text(margin['rate'], margin['lo'], margin['hi'])} of the "
               f"winner's margin over the runner-up; without those VP the winner changes in "
               f"{rate_text(decided['rate'], decided['lo'], decided['hi'])} of "
               f"{results.n_games} games.")
    summary = pd.DataFrame([{"measure": "share of VP gained", **share},
                            {"measure": "share of winner's margin", **margin},
                            {"measure": "games whose winner it decides", **decided}])
    return Answer(DEMON_LORD, fig, summary, reading,
                  ["'Decides' is a counterfactual on the games as played: remove the "
                   "Demon Lord's VP and see whether the top score changes hands."])


# -- how many ways VP comes in ----------------------------------------------------------------
def vp_split(results: Results) -> Answer:
    """Per VP source: its share of the VP gained (delta method over games) and how often
    taking it away changes the winner (Wilson); the reading counts the deciding sources."""
    seats = results.seats
    cols = vp_columns(results)
    gained = seats[cols].clip(lower=0).sum(axis=1).groupby(seats.game_id).sum()
    rows = []
    for col in cols:
        part = seats[col].clip(lower=0).groupby(seats.game_id).sum()
        changed = winner_changes_without(results, col)
        rows.append({"source": col.removeprefix("vp_"),
                     **{f"share_{k}": v for k, v in share_row(part.tolist(),
                                                               gained.tolist()).items()},
                     **rate_row(float(changed.sum()), len(changed))})
    table = pd.DataFrame(rows)
    fig = bars(table.rename(columns={"rate": "rate"}), "source",
               "Games whose winner changes without each VP source", "share of games")
    deciding = table[table.lo >= DECIDES]
    shown = ", ".join(f"{r.source} {pct(r.rate)}" for r in deciding.itertuples())
    reading = (f"{len(cols)} scoring sources; {len(deciding)} of them change the winner in at "
               f"least {pct(DECIDES)} of {results.n_games} games (lower bound of the 95 % "
               f"interval): {shown or 'none'}. Shares of the VP gained: "
               + ", ".join(f"{r.source} {pct(r.share_rate)}" for r in table.itertuples())
               + ".")
    return Answer(COMPLEX_VP, fig, table, reading,
                  ["'Changes the winner' is the counterfactual of the Demon Lord question, "
                   "one source at a time."])


# -- detours ----------------------------------------------------------------------------------
def detour_table(results: Results, watch: HeroWatch) -> pd.DataFrame:
    """Win rate by events stopped at per game (grouped in bands), Wilson 95%."""
    seats = results.seats.merge(watch.stops_frame(), on=["game_id", "seat"])
    q = seats.stops.quantile([1 / 3, 2 / 3]).tolist()
    lo, hi = int(q[0]), int(q[1])
    if hi <= lo:
        hi = lo + 1

    def band(x: int) -> str:
        return f"≤{lo}" if x <= lo else f"{lo + 1}–{hi}" if x <= hi else f"≥{hi + 1}"

    seats = seats.assign(band=[band(x) for x in seats.stops],
                         order=[0 if x <= lo else 1 if x <= hi else 2 for x in seats.stops])
    table = rate_by(seats, "order")
    names = seats.drop_duplicates("order").set_index("order").band
    table.insert(0, "stops", [names[o] for o in table.order])
    means = seats.groupby("order").stops.mean()
    table["mean_stops"] = [means[o] for o in table.order]
    return table.drop(columns=["order"])


def detours(results: Results, watch: HeroWatch) -> Answer:
    table = detour_table(results, watch)
    fair = 1 / int(results.games.players.iloc[0])
    fig = bars(table, "stops", "Win rate by events stopped at (per game)", "win rate",
               reference=fair, reference_text="fair share")
    fig.update_xaxes(title="events stopped at in the game")
    few, many = table.iloc[0], table.iloc[-1]
    verdict = ("detours pay" if many.lo > few.hi else
               "detours do not pay" if many.hi < few.lo else
               "the difference is within the intervals at this game count")
    reading = (f"Seats that stop at {many.stops} events win {rate_text(many.rate, many.lo, many.hi)}"
               f", seats with {few.stops} win {rate_text(few.rate, few.lo, few.hi)}: {verdict}.")
    return Answer(DETOURS, fig, table, reading,
                  ["Stops count every event a pawn moved onto, Trials that force a stop "
                   "included; bands are the terciles of all seat-games."])


# -- red dice ---------------------------------------------------------------------------------
def red_point_row(point: dict[str, Any], res: Results) -> dict[str, Any]:
    """One sweep point: win rate of the seats that end with the most red dice (games where
    some seat has strictly more than another; Wilson), mean red-bonus VP per seat (t)."""
    seats = res.seats
    most = seats.groupby("game_id").red_dice.transform("max")
    least = seats.groupby("game_id").red_dice.transform("min")
    top = seats[(seats.red_dice == most) & (most > least)]
    win = rate_row(float(top.won.sum()), len(top))
    red = mean_interval(seats.vp_red_bonus.tolist()) if "vp_red_bonus" in seats else (
        float("nan"),) * 3
    return {**point, "top_seats": len(top), "rate": win["rate"], "lo": win["lo"],
            "hi": win["hi"], "red_dice_mean": float(seats.red_dice.mean()),
            "red_vp": red[0], "red_vp_lo": red[1], "red_vp_hi": red[2],
            "turns": float(res.games.turns.mean())}


def red_dice_table(param: str, values: Sequence[int], n_games: int, seed: int = 2026,
                   players: int = 3, agents: str = "greedy") -> pd.DataFrame:
    """Sweep ``param`` (analysis.sweep, same seeds at every value): see :func:`red_point_row`."""
    game = get_game(GAME)
    runs = run_points(game, param, values, n_games=n_games,
                      params=game.params_type(players=players, auto_resolve=True),
                      agents=agents, seed=seed)
    return pd.DataFrame([red_point_row(p, r) for p, r in runs])


def red_dice(bonus: pd.DataFrame, limit: pd.DataFrame, agents: str = "greedy",
             players: int = 3) -> Answer:
    from plotly.subplots import make_subplots

    fig = make_subplots(rows=1, cols=2, subplot_titles=("red_die_bonus_vp", "max_dice"))
    for col, (table, param) in enumerate(((bonus, "red_die_bonus_vp"),
                                          (limit, "max_dice")), start=1):
        fig.add_bar(x=[str(v) for v in table[param]], y=table.rate.round(4).tolist(),
                    error_y={"type": "data", "symmetric": False,
                             "array": (table.hi - table.rate).round(4).tolist(),
                             "arrayminus": (table.rate - table.lo).round(4).tolist()},
                    name=param, row=1, col=col, showlegend=False,
                    marker_color="#e45756")
    fig.update_layout(title="Win rate of the seat with the most red dice", template="plotly_white",
                      height=360, width=760, margin={"l": 60, "r": 20, "t": 70, "b": 50})
    fig.update_yaxes(tickformat=".0%", title="win rate", col=1)
    fig.update_xaxes(type="category")
    fair = 1 / int(players)
    fig.add_hline(y=fair, line_dash="dash", line_color="grey")
    b0, b1 = bonus.iloc[0], bonus.iloc[-1]
    m0, m1 = limit.iloc[0], limit.iloc[-1]
    reading = (f"As red_die_bonus_vp goes {int(b0.red_die_bonus_vp)} → "
               f"{int(b1.red_die_bonus_vp)}, the seat with the most red dice wins "
               f"{rate_text(b0.rate, b0.lo, b0.hi)} → {rate_text(b1.rate, b1.lo, b1.hi)} "
               f"(fair share {pct(fair)}) and a seat gets {b0.red_vp:.1f} → {b1.red_vp:.1f} "
               f"VP from the bonus; as max_dice goes {int(m0.max_dice)} → "
               f"{int(m1.max_dice)}, that seat wins {rate_text(m0.rate, m0.lo, m0.hi)} → "
               f"{rate_text(m1.rate, m1.lo, m1.hi)} ({agents} bots, auto-resolved Fortune).")
    table = pd.concat([bonus.assign(param="red_die_bonus_vp"),
                       limit.assign(param="max_dice")], ignore_index=True)
    return Answer(RED_DICE, fig, table, reading)


def answer_all(n_games: int = 50, n_sweep: int = 40, seed: int = 2026,
               sweep_agents: str = "greedy", n_cures: int = 200, workers: int = 1
               ) -> list[Answer]:
    """Every question of this draft from seeded batches (the dashboard page): the
    problems as they stand, then each proposed cure against the draft."""
    from designkit.analysis.questions.cures import answer

    results, watch = run(n_games, seed)
    bonus = red_dice_table("red_die_bonus_vp", (0, 1, 3), n_sweep, seed, agents=sweep_agents)
    limit = red_dice_table("max_dice", (4, 6, 8), n_sweep, seed, agents=sweep_agents)
    out = cures(n_cures, seed, workers=workers)   # N_CURES of the notebook
    return [tempo(watch), demon_lord(results), detours(results, watch),
            red_dice(bonus, limit, sweep_agents), vp_split(results),
            *(answer(p, out) for p in PROBLEMS)]
