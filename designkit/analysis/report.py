"""A self-contained HTML design report: every metric, with intervals, and its charts.

:func:`build_report` turns :class:`~designkit.sim.Results` (simulated with
``trace=True`` for the drama section) into one HTML page that opens offline
(plotly.js is inlined once). :func:`make_report` simulates and builds in one
call; ``designkit report`` is its command line.

The figure builders here complement :mod:`designkit.analysis.charts` (win rate,
scores, length) with the metrics of :mod:`designkit.analysis.metrics`: end
reasons with intervals, winner's margin, item usage, the drama curve and the
skill trace. All are pure ``Results``/``DataFrame → Figure`` functions.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from designkit.analysis import charts as C
from designkit.analysis import metrics as M
from designkit.analysis.sweep_charts import PALETTE, band_traces
from designkit.core.atomic import write_text_atomic
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game
from designkit.sim.results import Results


# -- figure builders --------------------------------------------------------------------------
def _layout(fig: go.Figure, title: str, x: str = "", y: str = "") -> go.Figure:
    fig.update_layout(title=title, xaxis_title=x, yaxis_title=y, template="plotly_white",
                      margin={"l": 60, "r": 20, "t": 60, "b": 50}, height=360)
    return fig


def _err(value: pd.Series, lo: pd.Series, hi: pd.Series) -> dict[str, Any]:
    return {"type": "data", "symmetric": False, "array": (hi - value).tolist(),
            "arrayminus": (value - lo).tolist()}


def end_reason_chart(results: Results) -> go.Figure:
    """Share of games per end reason with Wilson 95% error bars."""
    e = M.end_reason_shares(results)
    fig = go.Figure(go.Bar(x=[r or "(none)" for r in e["end_reason"]], y=e["share"],
                           marker_color=PALETTE[1], error_y=_err(e["share"], e["lo"], e["hi"]),
                           hovertemplate="%{x}: %{y:.1%}<extra></extra>"))
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return _layout(fig, "End reasons (95% intervals)", "end reason", "share of games")


def margin_chart(results: Results) -> go.Figure:
    """Histogram of the winner's margin (winner − runner-up) per game."""
    m = M.winner_margins(results).dropna()
    fig = go.Figure(go.Histogram(x=m.tolist(), marker_color=PALETTE[2]))
    return _layout(fig, "Winner's margin (winner − runner-up)", "margin", "games")


def item_chart(usage: pd.DataFrame) -> go.Figure:
    """Win rate of seats holding each item (from :func:`metrics.item_usage`), Wilson 95%
    error bars, the fair share dotted."""
    names = [f"{c.removesuffix('_held')}: {i}" for c, i in zip(usage["column"], usage["item"],
                                                                   strict=True)]
    fig = go.Figure(go.Bar(y=names, x=usage["win_rate"], orientation="h",
                           marker_color=PALETTE[4],
                           error_x=_err(usage["win_rate"], usage["lo"], usage["hi"]),
                           customdata=usage[["usage", "seat_games"]].to_numpy(),
                           hovertemplate="%{y}: wins %{x:.1%} when held (held in "
                                         "%{customdata[1]} seat-games)<extra></extra>"))
    if len(usage):
        fig.add_vline(x=float(usage["fair_share"].iloc[0]), line_dash="dot",
                      annotation_text="fair share")
    fig.update_xaxes(tickformat=".0%", rangemode="tozero")
    fig.update_yaxes(autorange="reversed")
    _layout(fig, "Win rate when held at game end (95% intervals)", "win rate")
    fig.update_layout(height=max(300, 80 + 26 * len(usage)))
    return fig


def tension_chart(results: Results, bins: int = 20) -> go.Figure:
    """Mean ``game.heuristic`` of the eventual winner and of the best other seat along the
    game (needs a trace): the winner's line below the other's means comebacks."""
    c = M.tension_curve(results, bins)
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=c["progress"], y=c["winner"], name="eventual winner",
                             mode="lines+markers", line={"color": PALETTE[2]}))
    fig.add_trace(go.Scatter(x=c["progress"], y=c["best_other"], name="best other seat",
                             mode="lines+markers", line={"color": PALETTE[3]}))
    fig.update_xaxes(tickformat=".0%")
    return _layout(fig, "Evaluation along the game", "share of the game", "mean evaluation")


def skill_chart(trace: pd.DataFrame) -> go.Figure:
    """Skill trace (from :func:`metrics.skill_trace`): win rate of mcts:N as N doubles,
    95% band, the fair share dotted."""
    fig = go.Figure(band_traces(trace["level"].tolist(), trace["win_rate"].tolist(),
                                trace["lo"].tolist(), trace["hi"].tolist(), "mcts:N",
                                PALETTE[0]))
    if len(trace):
        fig.add_hline(y=float(trace["fair_share"].iloc[0]), line_dash="dot",
                      annotation_text="fair share")
    fig.update_xaxes(type="log", tickvals=trace["level"].tolist(),
                     ticktext=[str(v) for v in trace["level"]])
    fig.update_yaxes(tickformat=".0%")
    opp = trace["opponent"].iloc[0] if len(trace) else ""
    return _layout(fig, f"Skill trace: mcts:N against {opp}", "MCTS iterations N", "win rate")


def html_page(title: str, blocks: Sequence[str | go.Figure]) -> str:
    """One self-contained HTML page: strings are HTML snippets, figures are embedded with
    plotly.js inlined once (with the first figure), so the page opens offline."""
    parts, first = [], True
    for i, block in enumerate(blocks):
        if isinstance(block, go.Figure):
            parts.append(block.to_html(full_html=False, include_plotlyjs=first,
                                       div_id=f"figure-{i}", config={"displaylogo": False}))
            first = False
        else:
            parts.append(block)
    css = ("body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;"
           "padding:0 1em;color:#222}table{border-collapse:collapse;margin:.5em 0 1em}"
           "td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}"
           "th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}"
           ".note{color:#555;font-size:.9em}h2{border-bottom:1px solid #ccc;margin-top:2em}")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{css}</style></head><body>\n"
            + "\n".join(parts) + "\n</body></html>\n")


# -- tables -----------------------------------------------------------------------------------
def ci(value: float, lo: float, hi: float, pct: bool = False, digits: int = 2) -> str:
    """``value [lo, hi]`` for tables (percentages with ``pct``)."""
    if value != value:
        return "–"
    f = (lambda v: f"{100 * v:.{max(0, digits - 1)}f}%") if pct else (
        lambda v: f"{v:.{digits}f}")
    return f(value) if lo != lo else f"{f(value)} [{f(lo)}, {f(hi)}]"


def _table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "<p class=\"note\">(no data)</p>"
    return pd.DataFrame(rows).to_html(index=False, escape=True, border=0)


def _p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def _note(text: str) -> str:
    return f"<p class=\"note\">{html.escape(text)}</p>"


def _definition(fn: Any) -> str:
    doc = (fn.__doc__ or "").strip().split("\n\n")[0].replace("``", "")
    return " ".join(doc.split())


# -- the report -------------------------------------------------------------------------------
def build_report(results: Results, skill: pd.DataFrame | None = None,
                 title: str | None = None, ladder: pd.DataFrame | None = None) -> str:
    """The HTML report of ``results`` (and of a :func:`metrics.skill_trace` table and a
    :func:`designkit.analysis.ladder.run_ladder` table)."""
    game = get_game(results.game)
    params = game.params_type.from_dict(results.params)
    title = title or f"{game.title} design report"
    blocks: list[str | go.Figure] = [f"<h1>{html.escape(title)}</h1>"]
    changes = params.diff()
    variant = ", ".join(f"{k} = {new!r} (draft {old!r})" for k, (old, new) in changes.items())
    blocks.append(_p(f"{results.n_games} games of {game.title} ({game.name}), seed "
                     f"{results.seed}, agents {', '.join(results.agents)}; "
                     + (f"variant: {variant}." if variant else "draft parameters.")))
    if results.interrupted:
        blocks.append(_note(f"Interrupted: {results.n_games} of {results.requested} games."))
    blocks.append(_note("All intervals are 95%: Wilson for shares, Student t for means, "
                        "delta method for ratios, bootstrap over games for balance."))
    blocks += _seats_section(results)
    blocks += _scores_section(results)
    blocks += vp_sources_section(results)
    blocks += _length_section(results)
    blocks += coverage_section(results)
    blocks += _items_section(results)
    blocks += _tension_section(results)
    blocks += games_section(results)
    if skill is not None and len(skill):
        blocks += _skill_section(skill)
    if ladder is not None and len(ladder):
        blocks += _ladder_section(ladder)
    blocks += _glossary()
    return html_page(title, blocks)


def _seats_section(results: Results) -> list[str | go.Figure]:
    w = M.seat_win_rates(results)
    test = M.seat_advantage_test(results)
    bal = M.balance(results)
    rows = [{"seat": r.label, "agent": r.agent, "wins": r.wins,
             "win rate [95%]": ci(r.win_rate, r.lo, r.hi, pct=True)} for r in w.itertuples()]
    verdict = ("a seat advantage is likely (p < 0.05)" if test["p_value"] < 0.05
               else "no seat advantage detected (p ≥ 0.05)")
    return ["<h2>Seats</h2>", _table(rows),
            _p(f"Balance (1 − largest gap between seat win rates): "
               f"{ci(bal['value'], bal['lo'], bal['hi'], digits=3)}; best seat {bal['best']}, "
               f"worst {bal['worst']}."),
            _p(f"Chi-square test of equal seat win rates: χ² = {test['chi2']:.2f} on "
               f"{test['df']} df, p = {test['p_value']:.3g}: {verdict}."),
            C.win_rate_figure(results)] + _turn_order(results)


def _turn_order(results: Results) -> list[str | go.Figure]:
    """Win rate by turn position, for games that choose the start player at random."""
    if "position" not in results.seats.columns:
        return []
    w = M.seat_win_rates(results, by="position")
    test = M.seat_advantage_test(results, by="position")
    rows = [{"turn order": r.label, "wins": r.wins,
             "win rate [95%]": ci(r.win_rate, r.lo, r.hi, pct=True)} for r in w.itertuples()]
    verdict = ("turn order likely matters (p < 0.05)" if test["p_value"] < 0.05
               else "no turn-order advantage detected (p ≥ 0.05)")
    return ["<h3>Turn order</h3>", _table(rows),
            _p(f"Chi-square test of equal win rates by turn position: χ² = {test['chi2']:.2f} "
               f"on {test['df']} df, p = {test['p_value']:.3g}: {verdict}.")]


def _scores_section(results: Results) -> list[str | go.Figure]:
    s = M.score_summary(results)
    rows = [{"seat": r.label, "mean score [95%]": ci(r.mean, r.lo, r.hi), "sd": f"{r.sd:.2f}",
             "median": f"{r.median:g}", "min": f"{r.min:g}", "max": f"{r.max:g}"}
            for r in s.itertuples()]
    m = M.winner_margin(results)
    return ["<h2>Scores</h2>", _table(rows),
            _p(f"Winner's margin (winner − runner-up): mean {ci(m['mean'], m['lo'], m['hi'])}, "
               f"median {m['median']:g}; {m['tie_share']:.1%} of games were won on a "
               f"tie-break (margin 0)."),
            C.score_figure(results), margin_chart(results)]


def _length_section(results: Results) -> list[str | go.Figure]:
    gl = M.game_length(results)
    rows = [{"measure": r.measure, "mean [95%]": ci(r.mean, r.lo, r.hi, digits=1),
             "sd": f"{r.sd:.1f}", "median": f"{r.median:g}", "min": f"{r.min:g}",
             "max": f"{r.max:g}"} for r in gl.itertuples()]
    mo, bf = M.multi_option_share(results), M.branching_factor(results)
    e = M.end_reason_shares(results)
    end_rows = [{"end reason": r.end_reason or "(none)", "games": r.games,
                 "share [95%]": ci(r.share, r.lo, r.hi, pct=True)} for r in e.itertuples()]
    return ["<h2>Length, choice and endings</h2>", _table(rows),
            _p(f"Decisions with more than one option: "
               f"{ci(mo['value'], mo['lo'], mo['hi'], pct=True)}. Branching factor (options "
               f"per decision): {ci(bf['value'], bf['lo'], bf['hi'])}."),
            C.length_figure(results), _table(end_rows), end_reason_chart(results)]


def _items_section(results: Results) -> list[str | go.Figure]:
    usage = M.item_usage(results)
    if usage.empty:
        return []
    rows = [{"column": r.column, "item": r.item, "held (seat-games)": r.seat_games,
             "usage [95%]": ci(r.usage, r.usage_lo, r.usage_hi, pct=True),
             "win rate when held [95%]": ci(r.win_rate, r.lo, r.hi, pct=True),
             "without": f"{r.win_rate_without:.1%}", "lift": f"{100 * r.lift:+.1f} pts",
             "p": f"{r.p_value:.2g}"} for r in usage.itertuples()]
    return ["<h2>Cards, skills and actions</h2>",
            _note("Usage: share of seat-games holding the item at the end. A positive lift "
                  "says holders win more often, not that the item causes it."),
            _table(rows), item_chart(usage)]


def _tension_section(results: Results) -> list[str | go.Figure]:
    if "trace" not in results.meta:
        return ["<h2>Drama and lead changes</h2>",
                _note("Not measured: simulate with trace=True (designkit report does).")]
    t = M.tension(results)
    labels = {"lead_changes": "lead changes per game",
              "lead_change_rate": "lead change rate (per turn)",
              "drama": "drama (how far behind the winner was, heuristic units)",
              "behind_share": "share of turns the winner was behind",
              "decisiveness": "decisiveness (share of game before the winner was out of reach)"}
    rows = [{"metric": labels[r.metric],
             "mean [95%]": ci(r.value, r.lo, r.hi, pct=r.metric in ("behind_share",
                                                                    "decisiveness",
                                                                    "lead_change_rate")),
             "games": r.n} for r in t.itertuples()]
    return ["<h2>Drama and lead changes</h2>",
            _note("From game.heuristic(state, seat) sampled at the start of every turn "
                  "(Ludii's LeadChange, Drama and DecisivenessMoves)."),
            _table(rows), tension_chart(results)]


def _skill_section(skill: pd.DataFrame) -> list[str | go.Figure]:
    rows = [{"agent": r.agent, "against": r.opponent, "games": r.games,
             "win rate [95%]": ci(r.win_rate, r.lo, r.hi, pct=True),
             "fair share": f"{r.fair_share:.1%}", "p": f"{r.p_value:.2g}"}
            for r in skill.itertuples()]
    return ["<h2>Skill trace</h2>", _table(rows), skill_chart(skill)]


def vp_sources_section(results: Results) -> list[str | go.Figure]:
    """"VP by source": each seat's mean VP per scoring category of the draft, 95% intervals."""
    if not results.vp_sources() or not results.n_games:
        return []
    game = get_game(results.game)
    out: list[str | go.Figure] = [
        "<h2>VP by source</h2>",
        _note("Mean VP per game from each of the draft's scoring categories, 95% intervals; "
              "a seat's sources add up to its mean score. Share: of the mean score.")]
    for by in ("seat", "position"):
        table = results.vp_by_source(by=by)
        if table.empty:
            continue
        rows = []
        for key, grp in table.groupby("source", sort=False):
            row: dict[str, Any] = {"source": f"{game.vp_source_label(key)} "
                                             f"({game.vp_source_label(key, 'ja')})"}
            for r in grp.itertuples():
                value = int(getattr(r, by))
                name = C.seat_label(value) if by == "seat" else C.position_label(value)
                row[name] = f"{ci(r.mean, r.lo, r.hi)} ({r.share:.0%})"
            rows.append(row)
        if by == "position":
            out.append("<h3>By turn position (1st = start player)</h3>")
        out += [_table(rows), C.vp_source_figure(results, by=by)]
    return out


def games_section(results: Results) -> list[str | go.Figure]:
    """"Games behind the numbers": the notable games of this run, each with the command that
    replays it rule by rule (seeds are in the results, so no record is needed)."""
    from designkit.analysis.notable import notable_games
    from designkit.sim.results_file import game_of, play_command

    table = notable_games(results)
    if table.empty:
        return []
    rows = [{"game": r.label, "game id": r.game_id, "winner": r.winner, "scores": r.scores,
             "replay it rule by rule": f"<code>{html.escape(play_command(game_of(results, int(r.game_id))))}</code>"}
            for r in table.itertuples()]
    head = "".join(f"<th>{html.escape(k)}</th>" for k in rows[0])
    body = "".join("<tr>" + "".join(
        f"<td>{v if k == 'replay it rule by rule' else html.escape(str(v))}</td>"
        for k, v in row.items()) + "</tr>" for row in rows)
    return ["<h2>Games behind the numbers</h2>",
            _note("Each game this report cites, with the command that replays it rule by "
                  "rule (add --lang ja for Japanese, --view designer to see every hand). From "
                  "a saved results file: designkit play --from FILE --game-id N."),
            f"<table>{head and f'<tr>{head}</tr>'}{body}</table>"]


def coverage_section(results: Results) -> list[str | go.Figure]:
    """"Rule coverage": how often each rule fired, and the rules that never fired."""
    from designkit.analysis.coverage import rule_coverage, short_text

    if results.rules is None:
        return ["<h2>Rule coverage</h2>",
                _note("Not counted: simulate with coverage=True (designkit report does).")]
    table = rule_coverage(results)
    events = table[table["kind"] == "event"]
    never = events[events["games_fired"] == 0]
    kinds = table["kind"].value_counts()
    out: list[str | go.Figure] = [
        "<h2>Rule coverage</h2>",
        _p(f"{len(events) - len(never)} of the {len(events)} rules the engine logs fired in at "
           f"least one of {results.n_games} games; {len(never)} never fired."),
        _note(f"Counted from the event log of every game. Not counted: {kinds.get('text', 0)} "
              f"rules with no event of their own (definitions, components, resolutions that "
              f"refine another rule's event), {kinds.get('section', 0)} section headings and "
              f"{kinds.get('example', 0)} worked examples. Share: of games in which the rule "
              f"fired at least once (Wilson 95%).")]
    if len(never):
        out += ["<h3>Never fired</h3>", _table([
            {"rule": r.rule, "section": r.title_en, "rule text": r.text_en, "原文": r.quote_ja}
            for r in never.itertuples()])]
    out += ["<h3>Every rule the engine logs</h3>", _table([
        {"rule": r.rule, "section": r.title_en, "text": short_text(r.text_en, 90),
         "games fired": r.games_fired,
         "share [95%]": ci(r.share, r.share_lo, r.share_hi, pct=True),
         "per game": f"{r.fires_per_game:.2f}"} for r in events.itertuples()]),
        C.coverage_figure(table)]
    return out


def _ladder_section(table: pd.DataFrame) -> list[str | go.Figure]:
    from designkit.analysis import ladder as L

    return ["<h2>Balance by skill level</h2>",
            _note("The same bot at every seat, the same seeds on every rung; win rate by "
                  f"{'turn position (1st = start player)' if table['by'].iloc[0] == 'position' else 'seat'}"
                  " with 95% Wilson intervals."),
            _table(L.ladder_rows(table)), _p(L.ladder_note(table)), L.ladder_chart(table)]


def _glossary() -> list[str]:
    fns = [M.seat_win_rates, M.seat_advantage_test, M.balance, M.winner_margins,
           M.game_length, M.multi_option_share, M.branching_factor, M.end_reason_shares,
           M.item_usage, M.tension_per_game, M.skill_trace]
    items = "".join(f"<li><b>{fn.__name__}</b>: {html.escape(_definition(fn))}</li>"
                    for fn in fns)
    return ["<h2>Definitions</h2>", f"<ul class=\"note\">{items}</ul>"]


def make_report(game: Game | str, n_games: int = 2000, params: Params | None = None,
                agents: str | Sequence[str] | None = None, seed: int = 0, workers: int = 1,
                backend: str = "auto", scheduler: Any = None, trace: bool = True,
                skill_levels: Sequence[int] | None = None, skill_games: int = 100,
                skill_opponent: str = "random", progress: bool | None = None,
                title: str | None = None, ladder_rungs: Sequence[str] | None = None,
                ladder_games: int = 100) -> tuple[str, Results]:
    """Simulate (with the per-turn trace and rule counts) and build the report:
    ``(html, results)``.
    ``skill_levels`` (e.g. ``doubling(16, 4)``) adds a skill trace, which is slow;
    ``ladder_rungs`` (e.g. ``ladder.TIMED_LADDER``) adds balance by skill level."""
    from designkit.sim import simulate

    g = get_game(game)
    results = simulate(g, n_games, params=params, agents=agents, seed=seed, workers=workers,
                       backend=backend, scheduler=scheduler, progress=progress, trace=trace,
                       coverage=True)
    skill = None
    if skill_levels:
        skill = M.skill_trace(g, skill_levels, opponent=skill_opponent, n_games=skill_games,
                              params=params, seed=seed, backend=backend, workers=workers,
                              scheduler=scheduler)
    ladder = None
    if ladder_rungs:
        from designkit.analysis.ladder import run_ladder

        ladder = run_ladder(g, ladder_rungs, ladder_games, params=params, seed=seed,
                            backend=backend, workers=workers, scheduler=scheduler)
    return build_report(results, skill=skill, title=title, ladder=ladder), results


def sweep_page(table: pd.DataFrame, title: str, labels: dict[int, str] | None = None) -> str:
    """A self-contained HTML page for a sweep table: the text tables, then the charts of
    :func:`designkit.analysis.sweep_charts.sweep_figures`."""
    from designkit.analysis.sweep import sweep_text
    from designkit.analysis.sweep_charts import sweep_figures

    return html_page(title, [f"<h1>{html.escape(title)}</h1>",
                             f"<pre>{html.escape(sweep_text(table, labels))}</pre>",
                             *sweep_figures(table, labels)])


def write_report(html_text: str, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_text_atomic(path, html_text)
