"""The design review: every question a draft raises, answered on one page a designer can
print or share (``designkit review GAME``, the lab's **Review** tab).

Why a page of its own: the questions notebooks answer one question after another, and
``designkit compare --question KEY`` one question at a time; a designer deciding what to
change next wants them side by side — which problems the draft misses by most, which
cures fix each, and what is still open and what it would cost to close.

Nothing here measures anything new. For each question of ``data/<game>/questions.yaml``
(:func:`~designkit.analysis.questions.cures.load_problems`) and each player count it
concerns, :func:`review` runs exactly what ``designkit compare GAME --question KEY
--players N`` runs (:func:`~designkit.analysis.verdict_study.run_study`: the draft and
the cures on the same seeds, the question's primary metric, target and margin, both bot
levels, every placeholder a cure uses) at the game count the caller gives. The only
difference from one compare is the error control: the page declares every question's
verdicts at once, so α is split over all of them (the **family**: the sum of each
comparison's own; each reproducing command carries ``--family``). A cure that cannot act
at a player count (its fields' ``acts_at``) is not played there and says so.

Every number on the page carries the ``designkit compare …`` command that reproduces it
and a ``designkit play …`` command for one game behind it (the game where the cure and the
draft differ most on the metric, or the draft's game 0 when nothing differs).

Rows are plain frozen dataclasses (:class:`ProblemRow`, :class:`CureRow`,
:class:`DraftRow`, :class:`Run`, :class:`DoubtRow`). A problem's ``status`` is its coverage
word (:func:`problem_status`), and the page lists every doubt of the draft's doubts table
(:mod:`designkit.analysis.doubts`) with the status of the question that answers it, or why
none does — so what the page cannot answer is on it too.
"""

from __future__ import annotations

import math
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from designkit.analysis.doubts import ANSWERED, SECTIONS, load_doubts
from designkit.analysis.questions.cures import Problem, load_problems
from designkit.analysis.variant_compare import Comparison, _show, inert_reason, plan_comparison
from designkit.analysis.variant_metrics import parse_metric
from designkit.analysis.verdict_study import SECOND_LEVEL, Study, run_study, study_plan
from designkit.analysis.verdicts import (
    FIXES,
    IMPROVES,
    LOWERS,
    RAISES,
    SAME,
    UNDECIDED,
    WORSE,
    Target,
)
from designkit.core.registry import get_game

#: a cure whose verdict differs with a placeholder's value or the bot level
DEPENDS = "depends"
#: a cure that cannot act at this player count (not played)
INERT = "cannot act here"
#: cures best first: what fixes, what improves, … what makes it worse, what cannot act
ORDER = {FIXES: 0, IMPROVES: 1, RAISES: 2, LOWERS: 2, SAME: 3, DEPENDS: 4, UNDECIDED: 5,
         WORSE: 6, INERT: 7}


@dataclass(frozen=True)
class Ref:
    """How to get a number again: the compare command that reproduces it, and a play
    command for one game behind it (its game seed, bots, variant and placeholders)."""

    compare: str
    game: str


@dataclass(frozen=True)
class DraftRow:
    """The draft's own value of the question's metric at one player count (first bot level,
    placeholders at their defaults), with its anytime-valid interval."""

    players: int
    level: str
    value: float
    lo: float
    hi: float
    games: int
    text: str            # "53.6% [41.0%, 66.2%]"
    meets: str           # "meets the target" / "misses the target by …" / "" (no target)
    miss: float | None   # how far the value lies outside the target, in margins
    ref: Ref


@dataclass(frozen=True)
class Run:
    """One declared verdict: a cure at one player count, bot level and placeholder value."""

    level: str
    setting: str         # "" or "first_attack_bonus = 0"
    kind: str
    diff: str            # "+9.5 pts [-3.0 pts, +22.0 pts]"
    cure: str            # the cure's own level with its interval
    margin: str
    games: int
    more_games: int | None
    why: str
    ref: Ref


@dataclass(frozen=True)
class CureRow:
    """A cure's verdict on a problem at one player count: the headline word (the one word
    every run gave, :data:`DEPENDS` when runs disagree, :data:`INERT` when not played),
    the study's summary per bot level, and every run behind it."""

    cure: str
    title: str
    title_ja: str
    players: int
    kind: str
    summary: str
    runs: tuple[Run, ...]
    placeholders: str    # "first_attack_bonus 0–4" or ""
    distance: float      # how far the cure's own value lies from the target, in margins
    more_games: int | None   # ≈ games per arm that would decide it (undecided only)
    decide: str          # the compare command with that many games ("" when decided)

    @property
    def decided(self) -> bool:
        return self.kind not in (UNDECIDED, DEPENDS, INERT)


@dataclass(frozen=True)
class ProblemRow:
    """One question of the draft: its words, target and margin, the draft's value at each
    player count, and its cures best first."""

    key: str
    title: str
    quote_ja: str
    quote_en: str
    metric: str
    metric_label: str
    target: str
    margin: str
    players: tuple[int, ...]
    drafts: tuple[DraftRow, ...]
    cures: tuple[CureRow, ...]
    miss: float | None   # the largest miss of the target over the player counts (margins)
    status: str = ""     # for a coverage table: answered / not decided / cannot be simulated

    @property
    def fixes(self) -> tuple[CureRow, ...]:
        """The cures that fix it, best first."""
        return tuple(c for c in self.cures if c.kind == FIXES)

    @property
    def undecided(self) -> tuple[CureRow, ...]:
        return tuple(c for c in self.cures if c.kind in (UNDECIDED, DEPENDS))


@dataclass(frozen=True)
class DoubtRow:
    """One line of the draft's doubts table (:mod:`designkit.analysis.doubts`) as the page
    shows it: every problem, doubt or proposal the draft states, with where this page
    answers it (``question``: a problem's key) or why it does not."""

    key: str
    section: str         # "■問題点 (problems)" …
    quote_ja: str
    quote_en: str
    status: str          # answered / not decided at N games / cannot be simulated / no cure built yet
    detail: str          # the question's title, why it cannot be simulated, or what is missing
    question: str = ""   # the answering problem's key on this page ("" when none)


@dataclass
class Review:
    """The page's rows (problems ranked by how far the draft misses its target) and how
    they were made."""

    game: str
    title: str
    title_ja: str
    games: int
    first: int
    seed: int
    agents: str
    second: str | None
    family: int
    problems: list[ProblemRow] = field(default_factory=list)
    doubts: list[DoubtRow] = field(default_factory=list)
    elapsed: float = 0.0
    #: a question's own second level, where it differs from ``second`` (question key → level)
    second_for: dict[str, str | None] = field(default_factory=dict)
    #: the games per arm a second level plays at most, where fewer than ``games``
    second_games: int | None = None

    @property
    def levels(self) -> str:
        seconds = [s for s in dict.fromkeys([self.second, *self.second_for.values()]) if s]
        return " and ".join([self.agents, *seconds])

    def second_level(self, key: str) -> str | None:
        """The second bot level question ``key`` was played at (None: the first only)."""
        return self.second_for.get(key, self.second)

    def undecided(self) -> list[tuple[ProblemRow, CureRow]]:
        """What is still open, cheapest to decide first."""
        out = [(p, c) for p in self.problems for c in p.undecided]
        return sorted(out, key=lambda pc: (pc[1].more_games is None, pc[1].more_games or 0))


@dataclass(frozen=True)
class _Job:
    """One compare the page runs: a question at one player count, with its acting cures."""

    problem: Problem
    players: int
    cures: tuple[str, ...]
    inert: dict[str, str]
    family: int
    second: str | None = None


def review(game: str, games: int, seed: int = 0, agents: str = "greedy",
           second: str | None = SECOND_LEVEL, workers: int = 1, backend: str = "auto",
           first: int | None = None, problems: Sequence[Problem] | None = None,
           on_run: Callable[[str], None] | None = None,
           second_for: Mapping[str, str | None] | None = None,
           second_games: int | None = None) -> Review:
    """Every question of ``game`` (or ``problems``) at every player count it concerns, as
    ``designkit compare --question`` runs it, at ``games`` games per arm at most, with α
    split over the whole page (module docstring). Everything is checked before a game is
    played.

    ``second_for`` gives a question its own second level (question key → level, None for
    none) where ``second`` is not the one it needs: a searching bot is costly, so a notebook
    plays it only for the questions whose cures greedy cannot see (Crossroads' 27 merit);
    ``second_games`` caps that level's games per arm (its runs are then their own compare,
    ``--agents LEVEL``, and their commands say so)."""
    g = get_game(game)
    first = first or max(1, games // 4)
    levels = dict(second_for or {})
    jobs = [_plan(g.name, p, n, games, first, seed, agents, levels.get(p.question.key, second))
            for p in (load_problems(g.name) if problems is None else problems)
            for n in p.players]
    family = max(1, sum(j.family for j in jobs))
    out = Review(g.name, g.title, g.title_ja, games, first, seed, agents, second, family,
                 second_for={k: v for k, v in levels.items() if v != second},
                 second_games=second_games if second_games and second_games < games else None)
    started = time.perf_counter()
    studies: dict[tuple[str, int], Study | None] = {}
    for j in jobs:
        if on_run is not None:
            on_run(f"{j.problem.question.key} at {j.players} players"
                   + (f" ({agents} and {j.second})" if j.second else ""))
        studies[j.problem.question.key, j.players] = None if not j.cures else _study(
            out, j, workers, backend)
        done = studies[j.problem.question.key, j.players]
        if done is not None and any(r[3].stopped == "interrupted" for r in done.runs):
            raise KeyboardInterrupt  # Ctrl-C / Stop: no half page (a comparison keeps it)
    for key in dict.fromkeys(j.problem.question.key for j in jobs):
        mine = [j for j in jobs if j.problem.question.key == key]
        p = mine[0].problem
        out.problems.append(_problem_row(out, p, mine, studies))
    out.problems = sorted((replace(r, status=problem_status(r)) for r in out.problems),
                          key=_rank)
    if problems is None:     # the game's own table: every doubt of its draft beside them
        out.doubts = doubt_rows(g.name, out.problems)
    out.elapsed = time.perf_counter() - started
    return out


def _study(out: Review, j: _Job, workers: int, backend: str) -> Study:
    """One question at one count: both levels in one study, or, when the second level plays
    fewer games (``out.second_games``), the first level's study with the second's runs."""
    p = j.problem

    def run(agents: str, second: str | None, games: int) -> Study:
        return run_study(out.game, ["draft", *j.cures], list(p.metrics), agents, second,
                         _margins(p), _targets(p, j.players), games, min(out.first, games),
                         out.seed, players=j.players, exploratory=p.metrics[1:],
                         workers=workers, backend=backend, family=out.family)

    if not j.second or out.second_games is None:
        return run(out.agents, j.second, out.games)
    study = run(out.agents, None, out.games)
    extra = run(j.second, None, out.second_games)
    study.levels.append(j.second)
    study.runs += extra.runs
    return study


def problem_status(row: ProblemRow) -> str:
    """The coverage table's word for a problem on the page: ``answered`` when every cure
    that can act reached its verdict at every player count, else ``not decided at N
    games`` (the most games any open verdict had behind it)."""
    acting = [c for c in row.cures if c.kind != INERT]
    if not acting:
        return "no cure can act at its player counts"
    open_ = [c for c in acting if not c.decided]
    if not open_:
        return ANSWERED
    games = max((r.games for c in open_ for r in c.runs), default=0)
    return f"not decided at {games} games"


def doubt_rows(game: str, problems: Sequence[ProblemRow]) -> list[DoubtRow]:
    """Every doubt of ``game``'s draft, in the draft's order, with its status on this page:
    an answered doubt takes its question's status (so "answered" means a verdict, not only a
    question); the others keep the table's own (cannot be simulated, why; no cure built
    yet, what is missing)."""
    by_key = {p.key: p for p in problems}
    rows = []
    for d in load_doubts(game):
        en, ja = SECTIONS[d.section]
        section = f"{ja} ({en})"
        if d.status == ANSWERED:
            p = by_key.get(d.detail)
            status, detail, key = ((p.status, p.title, p.key) if p is not None else
                                   (ANSWERED, f"question {d.detail} (not on this page)", ""))
        else:
            status, detail, key = d.status, d.detail, ""
        rows.append(DoubtRow(d.key, section, d.quote_ja, d.quote_en, status, detail, key))
    return rows


def _margins(p: Problem) -> dict[str, float]:
    return {p.metric: float(p.margin or parse_metric(p.metric).default_margin)}


def _targets(p: Problem, players: int) -> dict[str, Target]:
    t = p.target_at(players)
    return {} if t is None else {p.metric: t}


def _plan(game: str, p: Problem, players: int, games: int, first: int, seed: int,
          agents: str, second: str | None) -> _Job:
    """The cures that act at ``players`` and the verdicts their compare declares."""
    plan = plan_comparison(game, ["draft", *p.cures], list(p.metrics), agents, None, games,
                           first, seed, players=players, margin=_margins(p),
                           targets=_targets(p, players), exploratory=p.metrics[1:])
    base = plan.variants[0]
    inert = {v.name: inert_reason([base, v]) for v in plan.variants[1:]
             if not v.params.acting_diff(base.params)}
    cures = tuple(c for c in p.cures if c not in inert)
    if not cures:
        return _Job(p, players, (), inert, 0, second)
    acting = plan_comparison(game, ["draft", *cures], list(p.metrics), agents, None, games,
                             first, seed, players=players, margin=_margins(p),
                             targets=_targets(p, players), exploratory=p.metrics[1:])
    return _Job(p, players, cures, inert, study_plan(acting, second)[2], second)


def compare_command(review: Review, p: Problem, players: int, cures: Sequence[str],
                    games: int | None = None, level: str | None = None) -> str:
    """The ``designkit compare`` command that plays exactly this question's comparison
    (``level``: the run of a second level that played its own, shorter compare)."""
    parts = ["designkit", "compare", review.game, "--question", p.question.key,
             "--players", str(players)]
    if tuple(cures) != tuple(p.cures):
        for v in ("draft", *cures):
            parts += ["--variant", v]
    second = review.second_level(p.question.key)
    agents = review.agents
    if level is not None and level != review.agents and review.second_games:
        agents, second, games = level, None, review.second_games
    n = games or review.games
    parts += ["--max-games", str(n), "--first-games", str(min(review.first, n)),
              "--seed", str(review.seed), "--agents", agents, "--second-level",
              second or "none", "--family", str(review.family)]
    return shlex.join(parts)


def play_command(game: str, comp: Comparison, j: int, variant: str, players: int,
                 level: str, setting: tuple[str, Any] | None) -> str:
    """``designkit play`` of one game behind row ``j`` of ``comp``: the game where it and
    the draft differ most on the primary metric (its game seed, the run's bots)."""
    metric = comp.metrics[0].name
    gid = comp.most_different_game(metric, j) if j else int(comp.results[0].games[
        "game_id"].min())
    games = comp.results[j].games
    seed = int(games.loc[games["game_id"] == gid, "seed"].iloc[0])
    parts = ["designkit", "play", game, "--players", str(players), "--seed", str(seed),
             "--agents", level]
    if variant != "draft":
        parts += ["--variant", variant]
    if setting:
        parts += ["--set", f"{setting[0]}={setting[1]}"]
    return shlex.join(parts)


def _default_run(study: Study) -> tuple[str, str, Any, Comparison]:
    """The first level's run with every placeholder at its default (the draft's value)."""
    defaults = type(study.plan.variants[0].params).default_values()
    first = [r for r in study.runs if r[0] == study.levels[0]]
    for run in first:
        if not run[1] or defaults.get(run[1]) == run[2]:
            return run
    return first[0]


def _miss(target: Target | None, value: float) -> float | None:
    """How far ``value`` lies outside ``target`` (0 inside; None without a target)."""
    if target is None or not math.isfinite(value):
        return None
    if target.lo is not None and value < target.lo:
        return target.lo - value
    if target.hi is not None and value > target.hi:
        return value - target.hi
    return 0.0


def _interval(metric: str, v: float, lo: float, hi: float, sign: bool = False) -> str:
    return (f"{_show(v, metric, sign=sign)} [{_show(lo, metric, sign=sign)}, "
            f"{_show(hi, metric, sign=sign)}]")


def _draft_row(review: Review, p: Problem, players: int, study: Study,
               command: str) -> DraftRow:
    level, name, value, comp = _default_run(study)
    row = comp.table[comp.table["metric"] == p.metric].iloc[0]
    target = p.target_at(players)
    margin = float(p.margin or parse_metric(p.metric).default_margin)
    miss = _miss(target, float(row["a"]))
    meets = "" if miss is None else (
        "meets the target" if miss == 0 and target is not None
        and target.holds(float(row["a_lo"]), float(row["a_hi"])) else
        "inside the target (not yet sure: its interval reaches outside)" if miss == 0 else
        f"misses the target by {_show(miss, p.metric, points=True)} "
        f"({miss / margin:.1f}× the margin)")
    ref = Ref(command, play_command(review.game, comp, 0, "draft", players, level,
                                    (name, value) if name else None))
    return DraftRow(players, level, float(row["a"]), float(row["a_lo"]), float(row["a_hi"]),
                    int(row["n"]), _interval(p.metric, row["a"], row["a_lo"], row["a_hi"]),
                    meets, None if miss is None else miss / margin, ref)


def _cure_row(review: Review, p: Problem, players: int, study: Study, cure: str,
              command: str) -> CureRow:
    runs = []
    for level, name, value, comp in study.runs:
        cmd = (compare_command(review, p, players, _acting(study), level=level)
               if level != study.levels[0] and review.second_games else command)
        j = comp.names.index(cure)
        row = comp.table[(comp.table["variant"] == cure)
                         & (comp.table["metric"] == p.metric)].iloc[0]
        more = row["more_games"]
        runs.append(Run(
            level, f"{name} = {value}" if name else "", str(row["kind"]),
            _interval(p.metric, row["diff"], row["lo"], row["hi"], sign=True),
            _interval(p.metric, row["b"], row["b_lo"], row["b_hi"]),
            "±" + _show(float(row["margin"]), p.metric, points=True), int(row["n"]),
            int(more) if more is not None and more == more else None, str(row["why"]),
            Ref(cmd, play_command(review.game, comp, j, cure, players, level,
                                  (name, value) if name else None))))
    kinds = {r.kind for r in runs}
    kind = kinds.pop() if len(kinds) == 1 else DEPENDS
    summary = "; ".join(f"{lv}: {study.summary(lv, cure, p.metric)}" for lv in study.levels)
    v = next(x for x in study.plan.variants if x.name == cure)
    _, _, _, comp = _default_run(study)
    row = comp.table[(comp.table["variant"] == cure) & (comp.table["metric"] == p.metric)]
    margin = float(p.margin or parse_metric(p.metric).default_margin)
    miss = _miss(p.target_at(players), float(row["b"].iloc[0])) if len(row) else None
    open_runs = [r for r in runs if r.kind == UNDECIDED]
    more = (None if any(r.more_games is None for r in open_runs) or not open_runs
            else max(r.more_games or 0 for r in open_runs))
    decide = ""
    if kind in (UNDECIDED, DEPENDS) and open_runs:
        n = max(r.games for r in runs)
        decide = compare_command(review, p, players, _acting(study),
                                 n + more if more else None) if more else ""
    sweep = "; ".join(f"{k} {vals[0]}–{vals[-1]}" for k, vals in study.sweep.items())
    return CureRow(cure, v.title, v.title_ja, players, kind, summary, tuple(runs), sweep,
                   math.inf if miss is None else miss / margin, more, decide)


def _acting(study: Study) -> tuple[str, ...]:
    return tuple(v.name for v in study.plan.variants[1:])


def _problem_row(review: Review, p: Problem, jobs: list[_Job],
                 studies: dict[tuple[str, int], Study | None]) -> ProblemRow:
    from designkit.core.variants import load_variant

    params_type = get_game(review.game).params_type
    drafts: list[DraftRow] = []
    cures: list[CureRow] = []
    for j in jobs:
        study = studies[p.question.key, j.players]
        for cure, why in j.inert.items():
            v = load_variant(params_type, cure)
            cures.append(CureRow(cure, v.title, v.title_ja, j.players, INERT, why, (), "",
                                 math.inf, None, ""))
        if study is None:
            continue
        command = compare_command(review, p, j.players, j.cures)
        drafts.append(_draft_row(review, p, j.players, study, command))
        cures += [_cure_row(review, p, j.players, study, c, command) for c in j.cures]
    cures.sort(key=lambda c: (ORDER.get(c.kind, 4), c.distance,
                              c.players))
    misses = [d.miss for d in drafts if d.miss is not None]
    target = p.target_at(p.players[0])
    return ProblemRow(
        p.question.key, p.question.title, p.question.quote_ja, p.question.quote_en, p.metric,
        parse_metric(p.metric).label, target.text if target else "",
        "±" + _show(float(p.margin or parse_metric(p.metric).default_margin), p.metric,
                    points=True),
        p.players, tuple(drafts), tuple(cures), max(misses) if misses else None)


def _rank(row: ProblemRow) -> tuple[int, float]:
    """Problems the draft misses by most first; then those it meets; those with no target
    (nothing to miss) last, in the file's order (a stable sort)."""
    if row.miss is None:
        return (2, 0.0)
    return (0, -row.miss) if row.miss > 0 else (1, 0.0)


def verdict_word(kind: str) -> str:
    """The word shown for a cure's headline verdict."""
    return {DEPENDS: "depends (see the runs)", INERT: "cannot act at this player count"}.get(
        kind, kind)


__all__ = ["DEPENDS", "INERT", "ORDER", "CureRow", "DraftRow", "ProblemRow", "Ref", "Review",
           "Run", "compare_command", "play_command", "review", "verdict_word"]
