"""Rule coverage: how often each rule ID fires in a batch of games, and which never fire.

A rule that never fires in thousands of games is something a designer must know: a
condition no bot meets, a parameter that switched it off, or a rule the engine no
longer reaches. Counting is opt-in (``simulate(..., coverage=True)`` fills
``Results.rules``; see :class:`designkit.core.game.RuleCounts` for why it builds the
log), and this module reads the counts against the game's full rule list
(``data/<game>/rules.csv``).

Not every row of the rules table can fire. Each row gets a ``kind``:

* ``section`` — a heading (the row's ID is its own section, e.g. ``CR-3``);
* ``example`` — a worked example of the spec (``CR-E1``): a test, not a rule of play;
* ``event`` — a rule the engine logs: its ID is a string constant of one of the game's
  modules that log events (call ``emit``), found by reading the source with :mod:`ast`,
  so an ID chosen at run time from constants (``rule = "LW-7.6" if … else "LW-7.8"``,
  an argument handed to a helper that emits) counts too; modules that never log
  (parameters citing the rule they tune, explanations of illegal actions) do not count,
  and neither does a parameter's ``rule=`` anywhere;
* ``variant`` — a rule of a switchable rule variant (section ``V``, ``CH-V1``): it fires
  only where its switch is on (``data/<game>/variants/``), so under the draft's rules
  "never fired" is what it should do;
* ``text`` — everything else (definitions, components, resolutions that refine another
  rule's event): it has no event of its own, so "never fired" would say nothing.

Only ``event`` rules (and any other rule that did fire) are candidates for "never fired".
"""

from __future__ import annotations

import ast
import inspect
import re
from functools import cache
from pathlib import Path

import pandas as pd

from designkit.core.game import Game
from designkit.core.registry import get_game
from designkit.sim.intervals import wilson_interval
from designkit.sim.results import Results

KINDS = ("event", "variant", "text", "section", "example")
COVERAGE_COLUMNS = ["rule", "kind", "title_en", "text_en", "quote_ja", "games_fired",
                    "share", "share_lo", "share_hi", "fires_per_game", "fires_total"]
_EXAMPLE = re.compile(r"^[A-Z]+-E\d+$")


def rule_catalog(game: Game | str) -> pd.DataFrame:
    """The game's rules table with each row's ``kind`` (see the module docstring)."""
    game = get_game(game)
    texts = game.rule_texts()
    cited = cited_rule_ids(type(game))
    rows = []
    for rid, row in texts.items():
        if rid == row.get("section"):
            kind = "section"
        elif _EXAMPLE.match(rid):
            kind = "example"
        elif row.get("section") == "V":
            kind = "variant"
        else:
            kind = "event" if rid in cited else "text"
        rows.append({"rule": rid, "kind": kind, "title_en": row.get("title_en", ""),
                     "text_en": row.get("text_en", ""), "quote_ja": row.get("quote_ja", "")})
    return pd.DataFrame(rows, columns=["rule", "kind", "title_en", "text_en", "quote_ja"])


def cited_rule_ids(game_type: type[Game]) -> frozenset[str]:
    """The string constants of the game's modules that log events: its loggable rule IDs.

    The source is the game class' package folder when the folder is named after the
    game (``designkit/games/crossroads/``), else the class' own module file.
    """
    module = inspect.getmodule(game_type)
    path = Path(inspect.getfile(module)) if module is not None else None
    if path is None:
        return frozenset()
    files = sorted(path.parent.glob("*.py")) if path.parent.name == game_type.name else [path]
    return _constants(tuple(str(f) for f in files))


@cache
def _constants(files: tuple[str, ...]) -> frozenset[str]:
    out: set[str] = set()
    for f in files:
        tree = ast.parse(Path(f).read_text(encoding="utf-8"))
        nodes = list(ast.walk(tree))
        if not any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                   and n.func.attr == "emit" for n in nodes):
            continue
        declared = {id(k.value) for n in nodes if isinstance(n, ast.Call)
                    for k in n.keywords if k.arg == "rule"}
        out.update(n.value for n in nodes if isinstance(n, ast.Constant)
                   and isinstance(n.value, str) and id(n) not in declared)
    return frozenset(out)


def rule_coverage(results: Results) -> pd.DataFrame:
    """Per rule: in how many games it fired (share with a Wilson 95% interval), and its
    mean fires per game; every row of the rules table, plus any rule that fired without
    a row. Sorted by kind (``event`` first), then share (rarest first), then rule ID."""
    counts = _counts(results)
    n = results.n_games
    catalog = rule_catalog(results.game)
    extra = sorted(set(counts.index) - set(catalog["rule"]))
    if extra:
        catalog = pd.concat([catalog, pd.DataFrame({"rule": extra, "kind": "event",
                                                    "title_en": "", "text_en": "",
                                                    "quote_ja": ""})], ignore_index=True)
    fired = counts.reindex(catalog["rule"]).fillna(0)
    games = fired["games"].astype(int).to_numpy()
    total = fired["total"].astype(int).to_numpy()
    table = catalog.assign(games_fired=games, fires_total=total)
    table["kind"] = [("event" if g and k == "text" else k)
                     for k, g in zip(table["kind"], games, strict=True)]
    bounds = [(0.0, wilson_interval(g, n)[1]) if g == 0 else wilson_interval(g, n)
              for g in games]
    table["share"] = [g / n if n else float("nan") for g in games]
    table["share_lo"] = [lo for lo, _ in bounds]
    table["share_hi"] = [hi for _, hi in bounds]
    table["fires_per_game"] = [t / n if n else float("nan") for t in total]
    order = {k: i for i, k in enumerate(KINDS)}
    table = table.assign(_k=table["kind"].map(order)).sort_values(
        ["_k", "share", "rule"], kind="stable").drop(columns="_k")
    return table[COVERAGE_COLUMNS].reset_index(drop=True)


def never_fired(results: Results) -> pd.DataFrame:
    """The rules the engine can log that fired in none of the games."""
    table = rule_coverage(results)
    return table[(table["kind"] == "event") & (table["games_fired"] == 0)].reset_index(
        drop=True)


def _counts(results: Results) -> pd.DataFrame:
    """rule → games it fired in, total events; refuses results counted without coverage."""
    if results.rules is None:
        raise ValueError("these results carry no rule counts: simulate with coverage=True "
                         "(CLI: designkit simulate --coverage)")
    rules = results.rules
    if rules.empty:
        return pd.DataFrame(columns=["games", "total"], dtype=int)
    grouped = rules[rules["count"] > 0].groupby("rule")
    return pd.DataFrame({"games": grouped["game_id"].nunique(), "total": grouped["count"].sum()})


def coverage_text(results: Results, lang: str = "en") -> str:
    """The lines ``designkit simulate --coverage`` prints: how many rules fired, the rules
    that never fired (with their titles and the draft's words), and the rarest that did."""
    table = rule_coverage(results)
    events = table[table["kind"] == "event"]
    never = events[events["games_fired"] == 0]
    lines = [f"rule coverage: {len(events) - len(never)} of {len(events)} rules the engine "
             f"logs fired in at least one of {results.n_games} games"]
    if len(never):
        lines.append(f"never fired ({len(never)}):")
        for r in never.itertuples():
            words = r.quote_ja if lang == "ja" and r.quote_ja else r.text_en or r.title_en
            lines.append(f"  {r.rule:<9} {short_text(words)}")
    rare = events[events["games_fired"] > 0].head(5)
    if len(rare):
        lines.append("rarest that fired (share of games, 95% interval):")
        for r in rare.itertuples():
            lines.append(f"  {r.rule:<9} {r.share:6.1%} [{r.share_lo:.1%}, {r.share_hi:.1%}]"
                         f"  {short_text(r.text_en or r.title_en)}")
    return "\n".join(lines)


def short_text(text: str, width: int = 70) -> str:
    """A rule's text cut to one table cell or line."""
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[:width - 1] + "…"
