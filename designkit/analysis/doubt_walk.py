"""A draft's doubts table walked entry by entry: what the questions notebooks show (issue 38).

The design review (:mod:`designkit.analysis.review`) ranks the questions by how far the
draft misses; a notebook reads the draft in its own order instead. :func:`walk` runs the
review once (every question × the player counts it concerns, α split over the page) and
turns each doubt of ``data/<game>/questions.yaml`` into an :class:`Entry`: the draft's words
(Japanese, then English), the metric and target that answer it, the draft's value with its
interval at each player count, every cure's verdict per bot level and placeholder value,
and a reading generated from those numbers that says what the designer could do next
(:func:`~designkit.analysis.next_step.next_step`, the sentence the review page prints too).
A doubt no question answers still has its entry: why it cannot be simulated, or what is
missing before it can be.

**Which bot level.** Greedy bots weigh what a decision scores now; a rule whose value is
decided later (Crossroads' 27 merit: the discard comes after the declaration) is invisible
to them, so a verdict from greedy alone reads "no difference" for a cure no bot responds
to. ``questions.yaml`` names, under ``second_level:``, the questions that need a searching
level (question key → bot spec); only those pay for it (:func:`second_levels`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pandas as pd

from designkit.analysis.doubts import ANSWERED, CANNOT, Doubt, load_doubts
from designkit.analysis.next_step import counts_text, next_step
from designkit.analysis.review import INERT, DoubtRow, ProblemRow, Review, review, verdict_word
from designkit.core.errors import DataError
from designkit.core.messages import Text

#: the top-level key of ``questions.yaml`` naming each question's second bot level
SECOND_LEVEL_KEY = "second_level"


def second_levels(game: str) -> dict[str, str]:
    """Question key → the second bot level it is played at (``second_level:`` of
    ``data/<game>/questions.yaml``; empty when absent). A key that is no question or a bot
    spec the game cannot seat is one line naming the file and the key."""
    from designkit.agents import make_agents
    from designkit.analysis.questions.cures import load_problems
    from designkit.core.errors import DesignkitError
    from designkit.core.paths import data_dir
    from designkit.core.textfiles import load_yaml

    source = f"data/{game}/questions.yaml"
    data = load_yaml((data_dir(game) / "questions.yaml").read_text("utf-8"), source)
    levels = data.get(SECOND_LEVEL_KEY) if isinstance(data, dict) else None
    if levels is None:
        return {}
    if not isinstance(levels, dict):
        raise DataError(source, Text(f"{SECOND_LEVEL_KEY}: want question key: bot level",
                                     f"{SECOND_LEVEL_KEY}：質問キー: ボットの強さ が必要です"))
    problems = {p.question.key: p for p in load_problems(game)}
    out = {}
    for key, level in levels.items():
        if key not in problems:
            raise DataError(source, Text(f"{SECOND_LEVEL_KEY}: {key}: no such question; "
                                         f"questions: {', '.join(problems)}",
                                         f"{SECOND_LEVEL_KEY}：{key} という質問はありません"))
        try:
            for n in problems[key].players:
                make_agents(str(level), n)
        except DesignkitError as err:
            raise DataError(source, Text(f"{SECOND_LEVEL_KEY}: {key}: {err}",
                                         f"{SECOND_LEVEL_KEY}：{key}：{err}")) from None
        out[str(key)] = str(level)
    return out


@dataclass(frozen=True)
class Entry:
    """One doubt of the draft as the notebook shows it."""

    number: int
    doubt: DoubtRow
    source: Doubt                 # the table's own entry (what would answer it, if open)
    problem: ProblemRow | None    # the question that answers it (None: none does)
    reading: str

    def markdown(self) -> str:
        d, s = self.doubt, self.source   # the reading says why not / what is missing
        lines = [f"### {self.number}. 「{_short(d.quote_ja)}」", "",
                 f"> 「{d.quote_ja}」", ">", f"> *{d.quote_en}*", f"> — {d.section}", "",
                 f"**Status:** {d.status}", ""]
        p = self.problem
        if p is not None:
            lines += _answered(p)
        elif s.status != CANNOT and (s.metric or s.cures):
            lines += [f"**Would be answered by:** metric `{s.metric or '—'}`"
                      + (f", cures {', '.join(f'`{c}`' for c in s.cures)}" if s.cures else "")
                      + (f", at {counts_text(s.players)} players" if s.players else "") + ".",
                      ""]
        lines.append(f"**Reading:** {self.reading}")
        return "\n".join(lines)


def _short(quote: str, n: int = 40) -> str:
    return quote if len(quote) <= n else quote[:n] + "…"


def _answered(p: ProblemRow) -> list[str]:
    title = p.title if p.title[-1:] in ".?!" else p.title + "."
    lines = [f"**Question** `{p.key}`: {title} **Metric:** {p.metric_label} (`{p.metric}`)"
             f" · **target:** {p.target or 'none'} · **margin:** {p.margin} · **players:** "
             f"{counts_text(p.players)}.", ""]
    if p.drafts:
        lines += ["| players | the draft [95 % interval] | against the target | games | bots |",
                  "|---|---|---|---|---|"]
        lines += [f"| {d.players} | {d.text} | {d.meets or '—'} | {d.games} | {d.level} |"
                  for d in sorted(p.drafts, key=lambda d: d.players)]
        lines.append("")
    lines += ["| cure | players | bots | verdict | cure − draft [interval] | cure's value | "
              "margin | games | placeholder |", "|---|---|---|---|---|---|---|---|---|"]
    for c in sorted(p.cures, key=lambda c: (c.players, p.cures.index(c))):
        name = f"`{c.cure}` {c.title} ({c.title_ja})"
        if c.kind == INERT or not c.runs:
            lines.append(f"| {name} | {c.players} | — | {verdict_word(c.kind)} | {c.summary} "
                         "| — | — | — | — |")
            continue
        for r in c.runs:
            more = (f" (≈{r.more_games:,} more games)" if r.kind == "not decided yet"
                    and r.more_games else "")
            lines.append(f"| {name} | {c.players} | {r.level} | {r.kind}{more} | {r.diff} | "
                         f"{r.cure} | {r.margin} | {r.games} | "
                         f"{r.setting or c.placeholders or '—'} |")
    lines.append("")
    return lines


def doubt_reading(d: Doubt, row: DoubtRow, problem: ProblemRow | None) -> str:
    """The entry's reading: the question's :func:`next_step` where one answers it, else what
    the table says (why it cannot be simulated; what to build first, and what would then
    answer it)."""
    if problem is not None:
        return next_step(problem)
    if d.status == CANNOT:
        return (f"Nothing a game plays decides this ({d.detail}). Next: decide it at the "
                "table or in a playtest; no simulation will.")
    if d.status == ANSWERED:   # its question is not on this page (a review of some questions)
        return f"Answered by question {d.detail}, which this page did not play."
    then = ""
    if d.metric or d.cures:
        then = (" Then " + (f"{', '.join(d.cures)} against the draft" if d.cures else
                            "a cure against the draft")
                + (f" on {d.metric}" if d.metric else "")
                + (f" at {counts_text(d.players)} players" if d.players else "")
                + " would answer it.")
    return f"Not answerable yet. Next: build what is missing — {d.detail}.{then}"


@dataclass
class Walk:
    """Every doubt of a draft, in the draft's order, on one review."""

    review: Review
    entries: list[Entry] = field(default_factory=list)

    def entry(self, key: str) -> Entry:
        for e in self.entries:
            if e.doubt.key == key:
                return e
        raise KeyError(f"{key}: no such doubt; doubts: "
                       + ", ".join(e.doubt.key for e in self.entries))

    def coverage(self) -> pd.DataFrame:
        """The coverage table: every doubt, its status and why (one row each, draft order)."""
        return pd.DataFrame([{"key": e.doubt.key, "section": e.doubt.section,
                              "quote_ja": _short(e.doubt.quote_ja, 60),
                              "status": e.doubt.status,
                              "detail": e.doubt.detail if e.problem is None else
                              f"question {e.problem.key} at {counts_text(e.problem.players)}"
                              f" players"}
                             for e in self.entries],
                            columns=["key", "section", "quote_ja", "status", "detail"])

    def summary(self) -> str:
        """One line: how many doubts have each status, and how the review was played."""
        tally: dict[str, int] = {}
        for e in self.entries:
            tally[e.doubt.status] = tally.get(e.doubt.status, 0) + 1
        r = self.review
        second = (f"; second level {', '.join(f'{k}: {v}' for k, v in r.second_for.items())}"
                  + (f" ({r.second_games} games per arm at most)" if r.second_games else "")
                  if r.second_for else "")
        return (f"{len(self.entries)} doubts: " + ", ".join(f"{n} {s}" for s, n in tally.items())
                + f". {r.games} games per arm at most ({r.agents} bots{second}), seed {r.seed}, "
                f"α split over a family of {r.family} verdicts; {r.elapsed:.0f} s.")


def build_walk(rev: Review) -> Walk:
    """The entries of ``rev``'s game, from a finished review of every question."""
    problems = {p.key: p for p in rev.problems}
    out = Walk(rev)
    rows = {d.key: d for d in rev.doubts}
    for i, d in enumerate(load_doubts(rev.game), 1):
        row = rows[d.key]
        problem = problems.get(row.question) if row.question else None
        out.entries.append(Entry(i, row, d, problem, doubt_reading(d, row, problem)))
    return out


def walk(game: str, games: int, seed: int = 2026, agents: str = "greedy", workers: int = 1,
         second_games: int | None = None, on_run: Callable[[str], None] | None = None
         ) -> Walk:
    """Every question of ``game`` reviewed (first level ``agents``; a second level only for
    the questions ``second_levels`` names, at ``second_games`` per arm at most), then every
    doubt of its draft walked."""
    rev = review(game, games, seed, agents, None, workers, on_run=on_run,
                 second_for=second_levels(game), second_games=second_games)
    return build_walk(rev)


def coverage(game: str, done: Walk) -> pd.DataFrame:
    """The coverage table a notebook shows at its top (``done``: the walk of ``game``)."""
    if done.review.game != game:
        raise ValueError(f"the walk is of {done.review.game}, not {game}")
    return done.coverage()


__all__ = ["SECOND_LEVEL_KEY", "Entry", "Walk", "build_walk", "coverage", "doubt_reading",
           "second_levels", "walk"]
