"""Crossroads, draft 6a: the change list's questions answered from seeded games.

The draft opens with 『２７終了のメリットを増加』 (ending with 27 pays off more) and
『スキルを少し調整』 (skills adjusted). Both are questions: does the 27 ending happen,
does declaring it pay, and are the adjusted skills balanced?
"""

from __future__ import annotations

import pandas as pd

from designkit.analysis.charts import skill_table
from designkit.analysis.questions.common import (
    Answer,
    Question,
    bars,
    pct,
    rate_row,
    rate_text,
    separated,
    simulate_observed,
)
from designkit.analysis.questions.cures import load_problems, run_cures
from designkit.analysis.variant_compare import Comparison
from designkit.core.registry import get_game
from designkit.sim.results import Results

GAME = "crossroads"
SOURCE = "Crossroads 草案６a, 大まかな変更点 (001_6fed6a906c6916d3.txt)"

ENDING_27 = Question(
    "ending_27", "How often does the game end with 27?",
    "２７終了のメリットを増加",
    "Ending with 27 pays off more (change list) — so: how often does the 27 ending happen now?",
    SOURCE)
DECLARING = Question(
    "declaring_pays", "Does declaring 27 pay?",
    "手札の数字合計が「２７」であった場合、強制的にゲーム終了を宣言することもできます"
    "（これは任意で、行っても行わなくても構いません）",
    "If your hand sums to 27 you may declare the end of the game (optional): does the "
    "declarer win more often than a fair share?",
    "Crossroads 草案６a, ゲームの終了 (CR-8.1)")
SKILLS = Question(
    "skill_impact", "Are the adjusted skills balanced?",
    "スキルを少し調整",
    "Skills adjusted a little (change list) — so: what is each skill's impact on winning?",
    SOURCE)

QUESTIONS = (ENDING_27, DECLARING, SKILLS)

# -- the change list's cures (problem → cure → verdict) ----------------------------------------
#: the questions, their metrics, targets, margins and cures: data/crossroads/questions.yaml
PROBLEMS = load_problems(GAME)
PRECISION = {"end:27": 0.03, "turns": 0.5, "seat_balance": 0.03, "winner_margin": 0.5}


def cures(n_games: int = 400, seed: int = 2026, agents: str = "greedy", workers: int = 1
          ) -> Comparison:
    """The draft and every cure on the same seeded games, three players (the removal
    rule's table; the other changes are read there too)."""
    return run_cures(GAME, PROBLEMS, n_games, seed, agents, PRECISION, players=3,
                     workers=workers)
MIN_HELD = 20  # seat-games a skill must be held in before its win rate is read


def run(n_games: int = 600, seed: int = 2026, players: int = 4,
        agents: str = "greedy") -> Results:
    """The seeded batch every Crossroads question reads (draft 6a defaults)."""
    game = get_game(GAME)
    return simulate_observed(game, n_games, game.params_type(players=players), agents, seed)


def ending_table(results: Results) -> pd.DataFrame:
    """Share of games by end reason (``27`` declared, ``deck_out``), Wilson intervals."""
    g = results.games
    rows = [{"end_reason": reason, **rate_row(float((g.end_reason == reason).sum()), len(g))}
            for reason in sorted(set(g.end_reason) | {"27", "deck_out"})]
    return pd.DataFrame(rows)


def ending_27(results: Results) -> Answer:
    table = ending_table(results)
    row = table.set_index("end_reason").loc["27"]
    fig = bars(table, "end_reason", "How Crossroads games end", "share of games")
    reading = (f"The 27 ending closes {rate_text(row.rate, row.lo, row.hi)} of "
               f"{results.n_games} games ({_agents(results)}); the rest end when the deck "
               "runs out.")
    return Answer(ENDING_27, fig, table, reading)


def declarer_table(results: Results) -> pd.DataFrame:
    """Win rate of the ending player by end reason: the declarer for ``27`` (CR-8.1;
    with ``declare_27_by: active`` the declarer is the player whose turn ends the game),
    the player on turn when the deck runs out for ``deck_out``."""
    g = results.games[["game_id", "end_reason", "ending_seat"]].dropna()
    seats = results.seats.merge(g, on="game_id")
    ending = seats[seats.seat == seats.ending_seat]
    rows = [{"end_reason": reason, **rate_row(float(grp.won.sum()), len(grp))}
            for reason, grp in ending.groupby("end_reason", sort=True)]
    return pd.DataFrame(rows, columns=["end_reason", "n", "successes", "rate", "lo", "hi"])


def declaring_pays(results: Results) -> Answer:
    table = declarer_table(results)
    fair = 1 / int(results.games.players.iloc[0])
    fig = bars(table, "end_reason", "Win rate of the player who ends the game", "win rate",
               reference=fair, reference_text="fair share")
    by = table.set_index("end_reason")
    if "27" not in by.index:
        reading = (f"No game of {results.n_games} ended with a 27 declaration, so whether "
                   "declaring pays cannot be measured here.")
    else:
        r = by.loc["27"]
        verdict = ("pays: the declarer wins more than a fair share" if r.lo > fair else
                   "does not pay: the declarer wins less than a fair share" if r.hi < fair
                   else "cannot be told apart from a fair share at this game count")
        reading = (f"Declarers win {rate_text(r.rate, r.lo, r.hi)} of the {int(r.n)} games "
                   f"they end (fair share {pct(fair)}): declaring {verdict}.")
    return Answer(DECLARING, fig, table, reading)


def skill_impact_table(results: Results) -> pd.DataFrame:
    """Per skill: win rate of seats holding it at the end and of seats without it (Wilson),
    and the difference."""
    held = skill_table(results)
    seats = results.seats
    lists = seats.skills_held.fillna("").astype(str).str.split(",")
    rows = []
    for r in held.itertuples():
        has = lists.apply(lambda xs, s=r.skill: s in xs)
        without = rate_row(float(seats.won[~has].sum()), int((~has).sum()))
        rows.append({"skill": r.skill, "held": r.held, "take_rate": r.take_rate,
                     "rate": r.win_rate, "lo": r.win_lo, "hi": r.win_hi,
                     "rate_without": without["rate"], "lo_without": without["lo"],
                     "hi_without": without["hi"], "impact": r.win_rate - without["rate"]})
    return pd.DataFrame(rows)


def skill_impact(results: Results) -> Answer:
    table = skill_impact_table(results)
    names = _skill_names()
    table.insert(1, "name", [names.get(s, s) for s in table.skill])
    fig = bars(table, "skill", "Win rate when holding each skill at the end", "win rate",
               name="held")
    other = table.rename(columns={"rate_without": "r", "lo_without": "l", "hi_without": "h"})
    other = other.assign(rate=other.r, lo=other.l, hi=other.h)
    bars(other, "skill", "", "", name="not held", colour=1, fig=fig)
    common = table[table.held >= MIN_HELD]
    rare = [str(s) for s in table.skill[table.held < MIN_HELD]]
    apart = [(r.skill, r.rate > r.rate_without) for r in common.itertuples()
             if separated({"lo": r.lo, "hi": r.hi}, {"lo": r.lo_without, "hi": r.hi_without})]
    strong = [s for s, up in apart if up]
    weak = [s for s, up in apart if not up]
    if common.empty:
        reading = f"No skill was held at the end in {MIN_HELD} or more seat-games."
    else:
        best = common.loc[common.impact.idxmax()]
        worst = common.loc[common.impact.idxmin()]
        reading = (f"Among skills held at the end in {MIN_HELD}+ seat-games, holding "
                   f"{best.skill} ({names.get(best.skill, '')}) goes with the largest change "
                   f"in win rate ({best.impact:+.0%}), {worst.skill} with the smallest "
                   f"({worst.impact:+.0%}); "
                   + (f"clearly above the seats without it: {', '.join(strong)}; "
                      if strong else "")
                   + (f"clearly below: {', '.join(weak)}; " if weak else "")
                   + ("no skill is clearly apart from the seats without it"
                      if not apart else "the others overlap")
                   + (f" (too rarely held to judge: {', '.join(rare)})." if rare else "."))
    return Answer(SKILLS, fig, table, reading,
                  ["'Held' counts skills held at game end; their VP cost (CR-9.3) is "
                   "included in the score."])


def answers(results: Results) -> list[Answer]:
    return [ending_27(results), declaring_pays(results), skill_impact(results)]


def _skill_names() -> dict[str, str]:
    from designkit.games.crossroads.skills import SKILLS as TABLE

    return {s.id: f"{s.name_ja}／{s.name_en}" for s in TABLE.load()}


def _agents(results: Results) -> str:
    names = sorted(set(results.agents))
    return ", ".join(names) + " bots"


def answer_all(n_games: int = 600, seed: int = 2026, n_cures: int = 400, workers: int = 1
               ) -> list[Answer]:
    """Every question of this draft, answered from one seeded batch (the dashboard page)."""
    from designkit.analysis.questions.cures import answer

    out = cures(n_cures, seed, workers=workers)   # N_CURES of the notebook
    return [*answers(run(n_games, seed)), *(answer(p, out) for p in PROBLEMS)]
