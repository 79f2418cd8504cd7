"""The playtests beside the bots: for each headline metric, the bots' prediction for the
same rules and player count (with its interval, games and bot level) next to the
playtests' value (with an interval honest at a dozen games), and whether they agree.

Both sides become the same two tidy tables (:class:`Tables`: a row per game, a row per
seat), so every metric is one function of a table, computed the same way for a bot's
Results and for the journal. A metric's value is per game (a 0/1 for a rate, a number
for a mean); the playtests' interval is exact Clopper-Pearson for a rate and a seeded
percentile bootstrap over games for a mean; the bots' is Wilson for a rate and Student's
t for a mean (hundreds of games). *Consistent* or *differs* is the answer to one test
per line of "could these playtests be games like the bots'?": Fisher's exact test for a
rate, a permutation test of the mean otherwise, Holm-adjusted over the block's lines at
α = 0.05 (:mod:`designkit.playtests.stats`; docs/PLAYTESTS.md).

Where the verdicts issue's questions plug in: :data:`METRIC_PROVIDERS` holds functions
``(game, players) -> list[Metric]``; a question of ``data/<game>/questions.yaml`` whose
metric is per game becomes one more :class:`Metric` here, judged like the headline ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.seats import player_count
from designkit.playtests.schema import Playtest
from designkit.playtests.stats import (
    ALPHA,
    bootstrap_interval,
    clopper_pearson,
    fisher_exact_p,
    holm,
    permutation_p,
)

DEFAULT_GAMES = 400
#: below this many playtests on a line, a test that does not reject reads "too few to
#: tell", not "consistent" (a rate's exact interval at n = 4 is wider than 60 points)
MIN_GAMES = 5
_ORDINALS = ("1st", "2nd", "3rd")


def ordinal(k: int) -> str:
    return _ORDINALS[k - 1] if 1 <= k <= 3 else f"{k}th"


@dataclass(frozen=True)
class Tables:
    """``games``: game_id, winner, turns, end_reason, start_seat (NaN: unknown), minutes;
    ``seats``: game_id, seat, score, and ``vp_<source>`` (NaN where not written)."""

    games: pd.DataFrame
    seats: pd.DataFrame


def playtest_tables(games: Sequence[Playtest]) -> Tables:
    g = pd.DataFrame([{"game_id": i, "winner": pt.winner,
                       "turns": np.nan if pt.turns is None else pt.turns,
                       "end_reason": pt.end_reason or np.nan,
                       "start_seat": np.nan if pt.start_seat is None else pt.start_seat,
                       "minutes": np.nan if pt.minutes is None else pt.minutes}
                      for i, pt in enumerate(games)],
                     columns=["game_id", "winner", "turns", "end_reason", "start_seat",
                              "minutes"])
    s = pd.DataFrame([{"game_id": i, "seat": st.seat, "score": st.score,
                       **{f"vp_{k}": v for k, v in st.vp.items()}}
                      for i, pt in enumerate(games) for st in pt.seats])
    return Tables(g, s)


def results_tables(results: Any) -> Tables:
    g = results.games.copy()
    if "start_seat" not in g.columns:
        g["start_seat"] = np.nan
    g["minutes"] = np.nan
    return Tables(g, results.seats)


# -- metrics: one value per game ------------------------------------------------------------
@dataclass(frozen=True)
class Metric:
    """One line of a comparison: ``values(tables)`` gives one number per game (NaN where
    the game does not tell); ``rate``: the values are 0/1 and the line is a proportion."""

    key: str
    label: str
    values: Callable[[Tables], np.ndarray]
    rate: bool = False
    unit: str = ""
    #: False: the bots have no such number (minutes at the table)
    predicted: bool = True


def _ordered(t: Tables) -> pd.DataFrame:
    return t.games.sort_values("game_id").reset_index(drop=True)


def _winner_position(t: Tables) -> np.ndarray:
    g = _ordered(t)
    n = t.seats.groupby("game_id").size().reindex(g["game_id"]).to_numpy(dtype=float)
    return ((g["winner"].to_numpy(dtype=float) - g["start_seat"].to_numpy(dtype=float)) % n)


def _position_wins(position: int) -> Callable[[Tables], np.ndarray]:
    def values(t: Tables) -> np.ndarray:
        pos = _winner_position(t)
        return np.where(np.isnan(pos), np.nan, (pos == position).astype(float))
    return values


def _seat_wins(seat: int) -> Callable[[Tables], np.ndarray]:
    def values(t: Tables) -> np.ndarray:
        return (_ordered(t)["winner"].to_numpy() == seat).astype(float)
    return values


def _margin(t: Tables) -> np.ndarray:
    g = _ordered(t)
    s = t.seats
    out = []
    for gid, winner in zip(g["game_id"], g["winner"], strict=True):
        scores = s.loc[s["game_id"] == gid].set_index("seat")["score"]
        others = scores.drop(index=int(winner))
        out.append(float(scores[int(winner)] - others.max()) if len(others) else np.nan)
    return np.array(out, dtype=float)


def _column(name: str) -> Callable[[Tables], np.ndarray]:
    def values(t: Tables) -> np.ndarray:
        return _ordered(t)[name].to_numpy(dtype=float)
    return values


def _ends(reason: str) -> Callable[[Tables], np.ndarray]:
    def values(t: Tables) -> np.ndarray:
        r = _ordered(t)["end_reason"]
        return np.where(r.isna(), np.nan, (r.astype(str) == reason).astype(float))
    return values


def _source(key: str, gains: bool) -> Callable[[Tables], np.ndarray]:
    """Per game: the source's share of the VP gained (positive parts, as the Compare
    tab's ``vp_share``), or for a penalty source the mean VP per seat it cost. A game
    whose sheet does not give every seat's sources is NaN."""
    def values(t: Tables) -> np.ndarray:
        g = _ordered(t)
        cols = [c for c in t.seats.columns if c.startswith("vp_")]
        if f"vp_{key}" not in cols:
            return np.full(len(g), np.nan)
        s = t.seats
        complete = s[cols].notna().all(axis=1).groupby(s["game_id"]).all()
        if gains:
            gained = s[cols].clip(lower=0).sum(axis=1).groupby(s["game_id"]).sum()
            part = s[f"vp_{key}"].clip(lower=0).groupby(s["game_id"]).sum()
            value = part / gained.where(gained > 0)
        else:
            value = s[f"vp_{key}"].groupby(s["game_id"]).mean()
        value = value.where(complete)
        return value.reindex(g["game_id"]).to_numpy(dtype=float)
    return values


#: extra metrics a game's questions add: ``(game, players) -> [Metric]`` (issue 35's seam)
METRIC_PROVIDERS: list[Callable[[Game, int], list[Metric]]] = []


def headline_metrics(game: Game, players: int, bots: Tables | None = None,
                     playtests: Tables | None = None) -> list[Metric]:
    """Win rate by turn position (by seat where the start is never known), the winner's
    margin, length, VP by source, each end reason seen, minutes, then any provider's."""
    known_start = any(t is not None and t.games["start_seat"].notna().any()
                      for t in (bots, playtests))
    out: list[Metric] = []
    for k in range(players):
        if known_start:
            out.append(Metric(f"position:{k}", f"{ordinal(k + 1)} player wins"
                              + (" (start player)" if k == 0 else ""), _position_wins(k),
                              rate=True))
        else:
            out.append(Metric(f"seat:{k}", f"seat {chr(65 + k)} wins", _seat_wins(k),
                              rate=True))
    out.append(Metric("winner_margin", "winner's margin", _margin, unit="VP"))
    out.append(Metric("turns", "game length", _column("turns"), unit="turns"))
    gains = _gaining_sources(bots)
    for key, (en, _ja) in game.VP_SOURCE_LABELS.items():
        if key in gains or bots is None:
            out.append(Metric(f"vp_share:{key}", f"share of VP gained: {en}",
                              _source(key, True), unit="%"))
        else:
            out.append(Metric(f"vp:{key}", f"VP per seat: {en}", _source(key, False),
                              unit="VP"))
    reasons = sorted({str(r) for t in (bots, playtests) if t is not None
                      for r in t.games["end_reason"].dropna()})
    for reason in reasons:
        out.append(Metric(f"end:{reason}", f"games ending by {reason}", _ends(reason),
                          rate=True))
    out.append(Metric("minutes", "minutes at the table", _column("minutes"), unit="min",
                      predicted=False))
    for provider in METRIC_PROVIDERS:
        out.extend(provider(game, players))
    return out


def _gaining_sources(bots: Tables | None) -> set[str]:
    if bots is None:
        return set()
    return {c[3:] for c in bots.seats.columns
            if c.startswith("vp_") and (bots.seats[c] > 0).any()}


# -- one line -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Side:
    """A value with its 95 % interval and the games behind it (``n``)."""

    value: float
    lo: float
    hi: float
    n: int
    method: str


@dataclass
class Line:
    metric: Metric
    bots: Side | None
    playtests: Side
    p: float = float("nan")
    p_adjusted: float = float("nan")

    @property
    def verdict(self) -> str:
        if self.p_adjusted != self.p_adjusted:
            return "no test" if self.bots is None or self.playtests.n == 0 else "—"
        if self.p_adjusted < ALPHA:
            return "differs"
        return "consistent" if self.playtests.n >= MIN_GAMES else "too few to tell"


def _side(values: np.ndarray, rate: bool, few: bool, seed: int) -> Side:
    from designkit.analysis.stats import mean_interval, wilson_interval

    x = values[~np.isnan(values)]
    n = len(x)
    if n == 0:
        return Side(float("nan"), float("nan"), float("nan"), 0, "")
    if rate:
        k = int(x.sum())
        lo, hi = clopper_pearson(k, n) if few else wilson_interval(k, n)
        return Side(k / n, lo, hi, n, "Clopper-Pearson" if few else "Wilson")
    if few:
        lo, hi = bootstrap_interval(x, seed=seed)
        return Side(float(x.mean()), lo, hi, n, "bootstrap")
    mean, lo, hi = mean_interval(x.tolist())
    return Side(mean, lo, hi, n, "t")


def _line(metric: Metric, bots: Tables | None, playtests: Tables, seed: int) -> Line:
    mine = metric.values(playtests)
    line = Line(metric, None, _side(mine, metric.rate, True, seed))
    if bots is None or not metric.predicted:
        return line
    theirs = metric.values(bots)
    line.bots = _side(theirs, metric.rate, False, seed)
    a, b = mine[~np.isnan(mine)], theirs[~np.isnan(theirs)]
    if len(a) and len(b):
        line.p = fisher_exact_p(int(a.sum()), len(a), int(b.sum()), len(b)) if metric.rate \
            else permutation_p(a, b, seed=seed)
    return line


# -- a block: one rule set and player count, one bot level ------------------------------------
@dataclass
class Block:
    """The playtests of one rule set (params) at one bot level, line by line."""

    game: Game
    params: Params
    variant: str
    agent: str
    bot_games: int
    seed: int
    playtests: list[Playtest]
    lines: list[Line] = field(default_factory=list)
    bots: Tables | None = None

    @property
    def family(self) -> int:
        return sum(1 for line in self.lines if line.p == line.p)

    def text(self) -> str:
        return block_text(self)


def groups(games: Sequence[Playtest]) -> list[list[Playtest]]:
    """The playtests by rule set (``params_sha``, which includes the player count), in the
    order they first appear."""
    out: dict[str, list[Playtest]] = {}
    for pt in games:
        out.setdefault(pt.params_sha, []).append(pt)
    return list(out.values())


def compare_group(game: Game, playtests: Sequence[Playtest], agent: str = "greedy",
                  n_games: int = DEFAULT_GAMES, seed: int = 0, workers: int | None = 1,
                  bots: Any = None) -> Block:
    """One block: ``n_games`` bot games (``agent`` in every seat, seeded) on the rules of
    ``playtests`` (all of one rule set), each headline metric's line, Holm over the block.
    ``bots``: Results already simulated for these rules (the lab keeps them)."""
    from designkit.sim.simulate import simulate

    params = playtests[0].params
    if bots is None:
        bots = simulate(game, n_games, params, agents=agent, seed=seed, workers=workers,
                        progress=False)
    bot_tables, mine = results_tables(bots), playtest_tables(playtests)
    block = Block(game, params, playtests[0].variant, agent, bots.n_games, seed,
                  list(playtests), bots=bot_tables)
    for metric in headline_metrics(game, player_count(params), bot_tables, mine):
        block.lines.append(_line(metric, bot_tables, mine, seed))
    for line, adjusted in zip(block.lines, holm([line.p for line in block.lines]),
                              strict=True):
        line.p_adjusted = adjusted
    return block


def compare(game: Game, playtests: Sequence[Playtest], agents: Sequence[str] = ("greedy",),
            n_games: int = DEFAULT_GAMES, seed: int = 0, workers: int | None = 1
            ) -> list[Block]:
    """Every rule set of the journal at every bot level asked."""
    return [compare_group(game, group, agent, n_games, seed, workers)
            for group in groups(playtests) for agent in agents]


# -- text ---------------------------------------------------------------------------------
def p_text(line: Line) -> str:
    """``0.007 (0.057)``: the line's p-value and its Holm-adjusted one ("" when untested)."""
    if line.p != line.p:
        return ""

    def one(p: float) -> str:
        return "<0.001" if p < 0.001 else f"{p:.3f}"
    return f"{one(line.p)} ({one(line.p_adjusted)})"


def show(side: Side | None, metric: Metric) -> str:
    """``20.0% [16.4, 24.1] n=400`` (a rate in percent), ``1.85 [1.52, 2.18] n=400``."""
    if side is None:
        return "no prediction"
    if side.n == 0:
        return "not recorded"
    pct = metric.rate or metric.unit == "%"
    f = (lambda v: f"{100 * v:.1f}") if pct else (lambda v: f"{v:.2f}")
    interval = f"[{f(side.lo)}, {f(side.hi)}]" if side.lo == side.lo else "[—]"
    return f"{f(side.value)}{'%' if pct else ''} {interval} n={side.n}"


def block_text(block: Block) -> str:
    pts = block.playtests
    lab = sum(pt.source == "lab" for pt in pts)
    head = (f"{block.game.name} · {block.variant}, {player_count(block.params)} players · "
            f"{len(pts)} playtests ({len(pts) - lab} paper, {lab} lab) vs {block.agent} bots, "
            f"{block.bot_games} games (seed {block.seed})")
    rows = [(line.metric.label + (f" ({line.metric.unit})" if line.metric.unit
                                  not in ("", "%", "VP") or line.metric.key ==
                                  "winner_margin" else ""),
             show(line.bots, line.metric), show(line.playtests, line.metric),
             p_text(line), line.verdict) for line in block.lines]
    widths = [max(len(r[i]) for r in rows + [("metric", f"bots ({block.agent}) [95%]",
                                             "playtests [95%]", "p (Holm)", "")])
              for i in range(4)]
    out = [head, "",
           f"{'metric':<{widths[0]}}  {'bots (' + block.agent + ') [95%]':<{widths[1]}}  "
           f"{'playtests [95%]':<{widths[2]}}  {'p (Holm)':<{widths[3]}}  reading"]
    for r in rows:
        out.append(f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  "
                   f"{r[3]:<{widths[3]}}  {r[4]}")
    out += ["", f"consistent / differs: Fisher's exact test (rates) or a permutation test of "
                f"the mean (others), \"could these playtests be games like the bots'?\", "
                f"Holm-adjusted over {block.family} tests at α = {ALPHA}; intervals 95 %: "
                f"playtests Clopper-Pearson (rates) / bootstrap (means), bots Wilson / t. "
                f"\"consistent\" with a few games is often \"too few to tell\": see the "
                f"interval widths (docs/PLAYTESTS.md)."]
    return "\n".join(out)


# -- the playtests that surprise the bots most ---------------------------------------------
@dataclass(frozen=True)
class Surprise:
    """How unlikely one playtest is among the bots' games: ``score`` = −Σ log10 p over its
    winner's turn position, end reason, length and winner's margin (each p the bots' share
    of games at least as far out, +1 smoothed so no p is 0), and the parts that stand out."""

    playtest: Playtest
    score: float
    reasons: tuple[str, ...]


def _share(values: np.ndarray, hit: np.ndarray) -> float:
    return float((hit.sum() + 1) / (len(values) + 2))


def _tail(values: np.ndarray, x: float) -> float:
    v = values[~np.isnan(values)]
    lower = (np.sum(v <= x) + 1) / (len(v) + 1)
    upper = (np.sum(v >= x) + 1) / (len(v) + 1)
    return float(min(1.0, 2 * min(lower, upper)))


def surprises(block: Block, most: int = 5) -> list[Surprise]:
    """The block's playtests ranked by how much they surprise its bots (most first)."""
    bots = block.bots
    if bots is None:
        return []
    mine = playtest_tables(block.playtests)
    parts = {"position": (_winner_position(bots), _winner_position(mine)),
             "turns": (_column("turns")(bots), _column("turns")(mine)),
             "margin": (_margin(bots), _margin(mine))}
    ends = (_ordered(bots)["end_reason"].astype(str).to_numpy(),
            _ordered(mine)["end_reason"].astype(str).to_numpy())
    out = []
    for i, pt in enumerate(block.playtests):
        score, reasons = 0.0, []
        pos = parts["position"][1][i]
        if pos == pos:
            p = _share(parts["position"][0], parts["position"][0] == pos)
            score -= np.log10(p)
            if p < 0.2:
                reasons.append(f"the {ordinal(int(pos) + 1)} player won (bots: {100 * p:.0f} %)")
        if pt.end_reason:
            p = _share(ends[0], ends[0] == pt.end_reason)
            score -= np.log10(p)
            if p < 0.2:
                reasons.append(f"ended by {pt.end_reason} (bots: {100 * p:.0f} %)")
        for name, unit in (("turns", "turns"), ("margin", "VP margin")):
            x = parts[name][1][i]
            if x == x:
                p = _tail(parts[name][0], x)
                score -= np.log10(p)
                if p < 0.1:
                    reasons.append(f"{x:g} {unit} (bots' tail p = {p:.2f})")
        out.append(Surprise(pt, float(score), tuple(reasons)))
    return sorted(out, key=lambda s: -s.score)[:most]


def surprises_text(found: Sequence[Surprise]) -> str:
    lines = ["the playtests that surprise the bots most (−Σ log10 p over winner's position, "
             "end, length, margin):"]
    for s in found:
        where = f"  record {s.playtest.record}" if s.playtest.record else ""
        lines.append(f"  {s.playtest.game_id}  {s.score:5.2f}  "
                     f"{'; '.join(s.reasons) or 'nothing stands out'}{where}")
    return "\n".join(lines)
