"""Every doubt a draft states, with its status: the coverage table (issue 38).

A draft raises more than the questions the kit answers: its ■問題点 lines, its
大まかな変更点 items and the doubts in its running text (～かも, ～問題がある, ～だろうか).
``data/<game>/questions.yaml`` lists each of them under ``doubts:`` beside the questions,
in the draft's words, with one of three statuses:

- **answered** by a question (``question: KEY``): that question's metric, target, cures and
  player counts answer it, and a comparison read later says whether it is decided;
- **cannot be simulated** (``why:``): a component's colour, a name — nothing a game plays;
- **no cure built yet** (``missing:``): what is not built (a "before" switch, a metric),
  with the metric, cures and player counts that would answer it where they exist.

:func:`coverage` turns the table into rows a notebook or a review page renders;
:func:`draft_lines` and :func:`uncovered_lines` read a draft's two sections so a test can
check that every line of them has a row. :func:`arms_differ` says whether a cure can act
at a player count at all (the parameters' ``acts_at`` first, then seeded random games),
so no question compares a cure where both arms play the same games.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from designkit.analysis.questions.cures import (
    Problem,
    field_problem,
    load_problems,
    parse_problems,
)
from designkit.core.errors import DataError, DesignkitError
from designkit.core.messages import Text
from designkit.core.textfiles import load_yaml

ANSWERED = "answered"
CANNOT = "cannot be simulated"
NO_CURE = "no cure built yet"
STATUSES = (ANSWERED, CANNOT, NO_CURE)
#: the section an entry quotes: its label in English and in the draft's words
SECTIONS = {"problems": ("problems", "■問題点"), "changes": ("change list", "大まかな変更点"),
            "text": ("running text", "本文"), "rules": ("a rule's reading", "ルール")}
#: the field each status needs, and the fields it may not have
_STATUS_FIELD = {ANSWERED: "question", CANNOT: "why", NO_CURE: "missing"}
_REQUIRED = ("key", "section", "quote_ja", "quote_en", "status")
_OPTIONAL = ("question", "why", "missing", "metric", "target", "cures", "players")
#: each game's draft in shared/seeds
DRAFTS = {"rolling_stone": "000_*.txt", "crossroads": "001_*.txt",
          "witch_academy": "002_*.txt", "classic_hero": "003_*.txt"}


@dataclass(frozen=True)
class Doubt:
    """One problem, doubt or proposal a draft states, and how far the kit answers it."""

    key: str
    section: str                     # problems / changes / text / rules (:data:`SECTIONS`)
    quote_ja: str                    # verbatim from the draft (line breaks aside)
    quote_en: str
    status: str                      # one of :data:`STATUSES`
    detail: str                      # the question's key, why not, or what is missing
    metric: str | None = None        # what would answer it (a question's primary metric)
    target: dict[str, Any] | None = None
    cures: tuple[str, ...] = ()
    players: tuple[int, ...] = ()


def _bad(source: str, i: int, key: str, field: str, why: str) -> DataError:
    return DataError(source, Text(f"doubt {i} ({key}), field {field}: {why}",
                                  f"疑問 {i}（{key}）の {field}：{why}"))


def parse_doubts(text: str, source: str, game: str | None = None,
                 problems: Sequence[Problem] | None = None) -> tuple[Doubt, ...]:
    """The ``doubts:`` of a ``questions.yaml`` text. An answered doubt takes its metric,
    target, cures and player counts from its question (``problems``: the file's own
    questions unless given); the others may name theirs, checked against ``game`` like a
    question's. A bad entry is one line naming the file, the entry and the field."""
    data = load_yaml(text, source)
    if problems is None:
        problems = parse_problems(text, source, game)
    by_key = {p.question.key: p for p in problems}
    rows = (data or {}).get("doubts") or [] if isinstance(data, dict) else []
    out: list[Doubt] = []
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise DataError(source, Text(f"doubt {i}: want a mapping of {', '.join(_REQUIRED)}",
                                         f"疑問 {i}：{', '.join(_REQUIRED)} の対応が必要です"))
        key = str(row.get("key", "?"))
        bad_field = field_problem(row, _REQUIRED, _OPTIONAL)
        if bad_field:
            raise _bad(source, i, key, *bad_field)
        if key in {d.key for d in out}:
            raise _bad(source, i, key, "key", "used twice")
        out.append(_doubt(row, i, key, source, by_key, game))
    return tuple(out)


def _doubt(row: dict[str, Any], i: int, key: str, source: str,
           by_key: Mapping[str, Problem], game: str | None) -> Doubt:
    for field in ("quote_ja", "quote_en"):
        if not (isinstance(row[field], str) and row[field].strip()):
            raise _bad(source, i, key, field, "give the draft's words")
    if not isinstance(row["section"], str) or row["section"] not in SECTIONS:
        raise _bad(source, i, key, "section", f"{row['section']}: one of "
                                              f"{', '.join(SECTIONS)}")
    status = row["status"]
    if not isinstance(status, str) or status not in STATUSES:
        raise _bad(source, i, key, "status", f"{status}: one of {', '.join(STATUSES)}")
    need = _STATUS_FIELD[status]
    if not (isinstance(row.get(need), str) and row[need].strip()):
        raise _bad(source, i, key, need, f"missing: status {status} says it")
    for other in set(_STATUS_FIELD.values()) - {need}:
        if other in row:
            raise _bad(source, i, key, other, f"not with status {status}")
    quote = " ".join(row["quote_ja"].split())
    if status == ANSWERED:
        for field in ("metric", "target", "cures", "players"):
            if field in row:
                raise _bad(source, i, key, field, "an answered doubt takes its question's")
        p = by_key.get(row["question"])
        if p is None:
            raise _bad(source, i, key, "question", f"{row['question']}: no such question; "
                                                   f"questions: {', '.join(by_key)}")
        return Doubt(key, row["section"], quote, row["quote_en"], status, row["question"],
                     p.metric, p.target, p.cures, p.players)
    if status == CANNOT:
        for field in ("metric", "target", "cures", "players"):
            if field in row:
                raise _bad(source, i, key, field, "a doubt that cannot be simulated has none")
        return Doubt(key, row["section"], quote, row["quote_en"], status, row["why"].strip())
    metric, cures, players = _checked_parts(row, i, key, source, game)
    return Doubt(key, row["section"], quote, row["quote_en"], status,
                 " ".join(row["missing"].split()), metric, row.get("target"), cures, players)


def _checked_parts(row: dict[str, Any], i: int, key: str, source: str, game: str | None
                   ) -> tuple[str | None, tuple[str, ...], tuple[int, ...]]:
    """A not-yet-cured doubt's metric, cures and player counts, checked as a question's
    are (the cures shipped variants, the metric known to the game)."""
    from designkit.analysis.questions.cures import check_game_parts

    cures = row.get("cures", [])
    players = row.get("players", [])
    if not (isinstance(cures, list) and all(isinstance(c, str) for c in cures)):
        raise _bad(source, i, key, "cures", "give a list of variant names")
    if not (isinstance(players, list) and all(isinstance(n, int) and not isinstance(n, bool)
                                              for n in players)):
        raise _bad(source, i, key, "players", "give a list of player counts, e.g. [3]")
    metric = row.get("metric")
    if metric is not None and not isinstance(metric, str):
        raise _bad(source, i, key, "metric", "give a metric name")
    target = row.get("target")
    if target is not None:
        from designkit.analysis.questions.cures import _TARGET_KEYS, make_target

        try:
            if metric is None or not isinstance(target, dict) or set(target) - set(
                    _TARGET_KEYS) or not set(target) & set(_TARGET_KEYS[:4]):
                raise TypeError
            for n in players or [3]:
                make_target(target, n, metric)
        except (TypeError, ValueError, KeyError):
            raise _bad(source, i, key, "target", "give at_least, at_most, between [lo, hi] or "
                                                 "fair_within (and text), with a metric") from None
    if game is not None:
        try:
            check_game_parts(game, [metric] if metric else [], players, cures)
        except DesignkitError as err:
            field, _, why = str(err).partition(": ")
            raise _bad(source, i, key, field, why) from None
    return metric, tuple(cures), tuple(players)


def load_doubts(game: str) -> tuple[Doubt, ...]:
    """``game``'s doubts table from ``data/<game>/questions.yaml``."""
    from designkit.core.paths import data_dir

    path = data_dir(game) / "questions.yaml"
    text = path.read_text("utf-8")
    source = f"data/{game}/questions.yaml"
    return parse_doubts(text, source, game, load_problems(game))


# -- the coverage table -----------------------------------------------------------------------
COLUMNS = ["key", "section", "quote_ja", "quote_en", "metric", "target", "cures", "players",
           "status", "detail"]


def coverage(game: str, comparisons: Mapping[int, Any] | None = None) -> pd.DataFrame:
    """Every doubt of ``game``'s draft with its status, one row each, in the draft's order.

    Without ``comparisons`` an answered doubt reads ``answered`` (a question answers it).
    With them (player count → the :class:`~designkit.analysis.variant_compare.Comparison`
    that played the questions there), it reads ``answered`` only where every cure's
    declared verdict at every count played is reached, else ``not decided at N games``;
    ``detail`` says which question, why not, or what is missing."""
    rows = []
    for d in load_doubts(game):
        status, detail = d.status, d.detail
        if d.status == ANSWERED:
            detail = f"question {d.detail}"
            if comparisons:
                status, more = _decided(d, comparisons)
                detail += more
        elif d.status == NO_CURE:
            detail = f"missing: {d.detail}"
        target = str(d.target.get("text", "")) if d.target else ""
        rows.append({"key": d.key, "section": SECTIONS[d.section][1], "quote_ja": d.quote_ja,
                     "quote_en": d.quote_en, "metric": d.metric or "", "target": target,
                     "cures": ", ".join(d.cures), "players": ", ".join(map(str, d.players)),
                     "status": status, "detail": detail})
    return pd.DataFrame(rows, columns=COLUMNS)


def _decided(d: Doubt, comparisons: Mapping[int, Any]) -> tuple[str, str]:
    """``answered`` when every cure's verdict on the doubt's metric is reached at every
    player count played, else ``not decided at N games`` (the fewest games behind it)."""
    played = [n for n in d.players if n in comparisons]
    if not played:
        return "not decided", f" (not played at {', '.join(map(str, d.players))} players)"
    open_at = []
    for n in played:
        table = comparisons[n].table
        rows = table[table["variant"].isin(d.cures) & (table["metric"] == d.metric)]
        if len(rows) < len(d.cures) or not bool(rows["decided"].all()):
            open_at.append((n, int(comparisons[n].n_games)))
    unplayed = [n for n in d.players if n not in comparisons]
    rest = f"; not played at {', '.join(map(str, unplayed))}" if unplayed else ""
    if not open_at:
        return ANSWERED, f" (decided at {', '.join(map(str, played))} players{rest})"
    n_games = min(g for _, g in open_at)
    return (f"not decided at {n_games} games",
            f" (open at {', '.join(str(n) for n, _ in open_at)} players{rest})")


def counts(table: pd.DataFrame) -> dict[str, int]:
    """How many doubts have each status (the coverage table's summary line)."""
    return {str(k): int(v) for k, v in table["status"].value_counts().items()}


# -- the draft's own sections -----------------------------------------------------------------
def seeds_dir() -> Path | None:
    """Where the drafts are: ``$DESIGNKIT_SEEDS``, else ``shared/seeds`` beside the
    checkout (CI links ``shared`` there); None when neither exists."""
    from designkit.core.paths import REPO_ROOT

    for where in (os.environ.get("DESIGNKIT_SEEDS"), REPO_ROOT.parent / "shared" / "seeds"):
        if where and Path(where).is_dir():
            return Path(where)
    return None


def draft_text(game: str) -> str | None:
    """``game``'s draft text, or None when the drafts are not beside this checkout."""
    where = seeds_dir()
    found = sorted(where.glob(DRAFTS[game])) if where is not None and game in DRAFTS else []
    return found[0].read_text(encoding="utf-8") if found else None


_CHANGES = "（!--大まかな変更点--）"


def draft_lines(text: str) -> list[tuple[str, str]]:
    """The lines of the draft's ■問題点 section and its 大まかな変更点 items, as
    ``(section, line)`` with ``section`` ``problems`` or ``changes``: every non-empty line
    of ■問題点 (up to the next ■ or the change list), and every ・ item of the change list
    (up to the next ■; a draft written on one line separates them by a space and ・; a ・
    inside an item, as in １００・７５・５０, separates nothing)."""
    out: list[tuple[str, str]] = []
    problems = re.search(r"■\s*問題点(.*?)(?=■|（!--)", text, re.S)
    if problems:
        out += [("problems", s) for line in problems.group(1).splitlines()
                if (s := _bare(line))]
    changes = re.search(re.escape(_CHANGES) + r"(.*?)(?=■|\Z)", text, re.S)
    if changes:
        items = re.split(r"(?:^|\s)・", changes.group(1))  # a bullet opens a line or follows
        out += [("changes", s) for item in items if (s := _bare(item))]  # a space (１００・７５)
    return out


def _bare(line: str) -> str:
    return re.sub(r"\s", "", line)


def uncovered_lines(doubts: Sequence[Doubt], text: str) -> list[tuple[str, str]]:
    """The draft's section lines (:func:`draft_lines`) that no doubt's quote covers: each
    character of a line must lie in some quote's occurrence in the draft (so a line may be
    split between doubts, and a quote may span lines), spaces and line breaks aside."""
    bare = _bare(text)
    covered = [False] * len(bare)
    for d in doubts:
        q = _bare(d.quote_ja)
        start = bare.find(q)
        while q and start >= 0:
            covered[start:start + len(q)] = [True] * len(q)
            start = bare.find(q, start + 1)
    out = []
    for section, line in draft_lines(text):
        at = bare.find(line)
        while at >= 0 and not all(covered[at:at + len(line)]):
            at = bare.find(line, at + 1)
        if at < 0:
            out.append((section, line))
    return out


def quotes_not_in_draft(doubts: Sequence[Doubt], text: str) -> list[str]:
    """The keys of doubts whose quote does not stand verbatim in the draft."""
    bare = _bare(text)
    return [d.key for d in doubts if _bare(d.quote_ja) not in bare]


# -- can a cure act at a player count? --------------------------------------------------------
def arms_differ(game: str, cure: str, players: int, seeds: int = 8,
                against: str = "draft") -> str:
    """"" when ``cure`` and ``against`` play different games at ``players``, else one line
    saying why not. First the rulesets (``Params.acting_diff``: a field whose ``acts_at``
    excludes this count does not act, as ``plan_comparison`` reads it), then the games
    themselves (:func:`game_print`): ``seeds`` seeded games with random bots, and where
    those are identical (random play may never reach what the cure changes: a full set,
    an empty stock: Witch Academia's 27 legacies at 3 players) twice as many with greedy
    bots. Two variants that set different fields to the same effect (one deck dealt two
    ways) play identical games."""
    from designkit.analysis.variant_compare import inert_reason, resolve_variants
    from designkit.core.registry import get_game

    g = get_game(game)
    chosen = resolve_variants(g, [against, cure], players)
    reason = inert_reason(chosen)
    if reason:
        return reason
    a, b = chosen[0].params, chosen[1].params
    for agents, n in (("random", seeds), ("greedy", 2 * seeds)):
        if game_print(game, a, n, agents) != game_print(game, b, n, agents):
            return ""
    return (f"no comparison: {against} and {cure} play identical games at {players} players "
            f"({seeds} seeded random-bot and {2 * seeds} greedy games, decision by decision)")


_PRINTS: dict[tuple[str, Any, int, str], str] = {}


def game_print(game: str, params: Any, seeds: int = 8, agents: str = "random") -> str:
    """A digest of ``seeds`` seeded games with ``agents`` in every seat under ``params``:
    every decision and chance outcome, and the final scores. Equal digests mean the two
    rulesets play the same games on these seeds; cached per (game, params, seeds, agents),
    Params being hashable."""
    key = (game, params, seeds, agents)
    if key not in _PRINTS:
        from designkit.agents import make_agents
        from designkit.core.play import play_game
        from designkit.core.registry import get_game
        from designkit.core.seats import player_count

        g = get_game(game)
        digest = hashlib.sha256()
        for seed in range(seeds):
            played = play_game(g, params, make_agents(agents, player_count(params)), seed,
                               keep_steps=True)
            digest.update(repr([(s.seat, s.action) for s in played.steps]).encode())
            digest.update(repr(g.scores(played.state)).encode())
        _PRINTS[key] = digest.hexdigest()
    return _PRINTS[key]


__all__ = ["ANSWERED", "CANNOT", "NO_CURE", "SECTIONS", "STATUSES", "Doubt", "arms_differ",
           "counts", "coverage", "draft_lines", "draft_text", "game_print", "load_doubts",
           "parse_doubts", "quotes_not_in_draft", "seeds_dir", "uncovered_lines"]
