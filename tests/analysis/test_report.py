"""The HTML report: every section, intervals, plotly inlined (opens offline), CLI."""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest

from designkit import get_game
from designkit.analysis import report as R
from designkit.cli import main
from designkit.sim import simulate

G = get_game("crossroads")


@pytest.fixture(scope="module")
def results():
    params = G.params_type(players=3, end_hand_sum=24)
    return simulate(G, 120, params=params, seed=8, trace=True, progress=False)


@pytest.fixture(scope="module")
def report_html(results):
    skill = pd.DataFrame({"level": [8, 16], "agent": ["mcts:8", "mcts:16"],
                          "opponent": ["random"] * 2, "games": [30, 30], "wins": [12, 18],
                          "win_rate": [0.4, 0.6], "lo": [0.25, 0.42], "hi": [0.57, 0.75],
                          "fair_share": [1 / 3] * 2, "p_value": [0.4, 0.002]})
    return R.build_report(results, skill=skill)


def test_every_section_is_there(report_html):
    page = report_html
    heads = re.findall(r"<h2>([^<]*)</h2>", page)
    assert heads == ["Seats", "Scores", "VP by source", "Length, choice and endings",
                     "Rule coverage", "Cards, skills and actions", "Drama and lead changes",
                     "Games behind the numbers", "Skill trace", "Definitions"]
    assert "end_hand_sum = 24 (draft 27)" in page
    assert "Chi-square test of equal seat win rates" in page and "Balance" in page
    for words in ("lead change rate", "drama", "decisiveness", "Winner's margin",
                  "Branching factor", "win rate when held"):
        assert words in page


def test_self_contained_with_one_inlined_plotly(report_html):
    page = report_html
    assert page.startswith("<!DOCTYPE html>")
    assert "<script src=" not in page
    assert page.count("Plotly.newPlot") >= 8
    assert page.count("plotly.js v") == 1  # the library once, not per figure
    assert len(report_html) > 3_000_000  # plotly.js itself is inlined


def test_intervals_are_shown(report_html, results):
    page = report_html
    assert page.count(" [") > 20
    w = results.seats.groupby("seat")["won"].mean()
    assert f"{100 * w[0]:.1f}% [" in page


def test_without_trace_the_drama_section_says_how(results):
    from dataclasses import replace

    plain = replace(results, meta={})
    page = R.build_report(plain)
    assert "simulate with trace=True" in page and "<h2>Skill trace</h2>" not in page


def test_figure_builders(results):
    assert R.end_reason_chart(results).data[0].error_y.array is not None
    assert len(R.tension_chart(results).data) == 2
    from designkit.analysis.metrics import item_usage

    usage = item_usage(results)
    fig = R.item_chart(usage)
    assert len(fig.data[0].y) == len(usage)
    assert R.margin_chart(results).data[0].type == "histogram"


def test_cli_report(tmp_path, capsys):
    out = tmp_path / "r.html"
    assert main(["report", "crossroads", "--players", "3", "--games", "60", "--quiet",
                 "--out", str(out)]) == 0
    assert "opens offline" in capsys.readouterr().out
    text = out.read_text(encoding="utf-8")
    assert "<h2>Drama and lead changes</h2>" in text and "<script src=" not in text


def test_the_games_it_cites_replay_from_their_commands(report_html):
    """Issue 14: the report links every game it cites to the command that replays it."""
    import shlex

    from designkit.agents import make_agents
    from designkit.core.play import play_game

    page = report_html
    commands = re.findall(r"<code>(designkit play [^<]*)</code>", page)
    assert any("longest game" in row for row in page.split("<tr>")) and commands
    argv = shlex.split(html.unescape(commands[0]))
    game = get_game(argv[2])
    seed = int(argv[argv.index("--seed") + 1])
    agents = argv[argv.index("--agents") + 1].split(",")
    changes = dict(a.split("=", 1) for a in argv[argv.index("--agents") + 2:] if "=" in a)
    params = game.params_type().replace(**{k: type(getattr(game.params_type(), k))(v)
                                           for k, v in changes.items()})
    played = play_game(game, params, make_agents(agents, len(agents)), seed, log=False)
    assert game.turns(played.state) == int(re.search(r"longest game \((\d+) turns\)",
                                                     page).group(1))
