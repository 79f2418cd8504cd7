"""Rule coverage (issue 14 item 2): opt-in counts per rule ID (``Results.rules``), the
coverage table against the rules table, never-fired rules, the report section and the CLI."""

from __future__ import annotations

from collections import Counter

import pandas as pd
import pytest

from designkit.agents import make_agents
from designkit.analysis.charts import coverage_figure
from designkit.analysis.coverage import coverage_text, never_fired, rule_catalog, rule_coverage
from designkit.analysis.report import build_report
from designkit.cli import main
from designkit.core.play import play_game
from designkit.core.registry import get_game
from designkit.sim import simulate
from designkit.sim.runner import game_seed

CR = get_game("crossroads")
P3 = CR.default_params(players=3)


@pytest.fixture(scope="module")
def batch():
    return simulate(CR, 20, params=P3, seed=5, progress=False, coverage=True)


def test_counting_is_off_by_default_and_the_table_refuses_without_it():
    res = simulate(CR, 3, params=P3, seed=5, progress=False)
    assert res.rules is None
    with pytest.raises(ValueError, match="coverage=True"):
        rule_coverage(res)


def test_counts_are_the_events_of_each_game_log(batch):
    """RuleCounts (no events kept) counts what the full text log of the same game holds."""
    for gid in (0, 7, 19):
        played = play_game(CR, P3, make_agents("random", 3), game_seed(5, gid), log=True)
        want = Counter(e.rule for e in played.state.log)
        got = batch.rules[batch.rules.game_id == gid].set_index("rule")["count"].to_dict()
        assert got == dict(want)


def test_a_rule_of_every_game_and_a_rule_these_params_never_reach(batch):
    """CR-9.4 (each seat's score) fires once per seat in every game; CR-A15 (a tie declared
    a draw) cannot fire with the clockwise tie-break (CR-10.2), and is listed as never fired."""
    table = rule_coverage(batch).set_index("rule")
    score = table.loc["CR-9.4"]
    assert (score.games_fired, score.share, score.fires_per_game) == (20, 1.0, 3.0)
    assert score.share_lo > 0.8 and score.share_hi == 1.0
    assert table.loc["CR-2.1", "fires_per_game"] == 1.0
    draw = table.loc["CR-A15"]
    assert (draw.kind, draw.games_fired, draw.share, draw.share_lo) == ("event", 0, 0.0, 0.0)
    assert 0.1 < draw.share_hi < 0.2   # Wilson: 0 of 20 still allows up to ~16 %
    assert "CR-A15" in never_fired(batch)["rule"].tolist()
    # the other tie-break: a draw never goes through CR-10.2's priority
    drawn = simulate(CR, 20, params=P3.replace(tiebreak="draw"), seed=5, progress=False,
                     coverage=True)
    assert "CR-10.2" in never_fired(drawn)["rule"].tolist()
    assert "CR-A15" not in never_fired(drawn)["rule"].tolist()


def test_rule_kinds_keep_headings_examples_and_definitions_out_of_never_fired(batch):
    kinds = rule_catalog(CR).set_index("rule")["kind"]
    assert kinds["CR-1"] == "section" and kinds["CR-E5"] == "example"
    assert kinds["CR-1.1"] == "text"      # cited only by the `players` parameter
    assert kinds["CR-9.4"] == kinds["CR-A15"] == "event"
    nf = never_fired(batch)["rule"]
    assert not set(nf) & {"CR-1", "CR-E5", "CR-1.1"}
    table = rule_coverage(batch)
    assert len(table) == len(CR.rule_texts())
    assert list(table.columns[:2]) == ["rule", "kind"]
    assert table["kind"].iloc[0] == "event" and table["share"].iloc[0] == 0.0  # rarest first


def test_coverage_is_the_same_for_one_and_two_workers():
    one = simulate(CR, 24, params=P3, seed=9, progress=False, coverage=True, batch_size=6)
    two = simulate(CR, 24, params=P3, seed=9, progress=False, coverage=True, batch_size=6,
                   workers=2)
    assert two.meta["backend"] == "process"
    pd.testing.assert_frame_equal(one.rules, two.rules)
    pd.testing.assert_frame_equal(rule_coverage(one), rule_coverage(two))


def test_coverage_with_the_trace_too(batch):
    traced = simulate(CR, 20, params=P3, seed=5, progress=False, coverage=True, trace=True)
    pd.testing.assert_frame_equal(traced.rules, batch.rules)
    assert "_rules" not in traced.games.columns and len(traced.meta["trace"])


def test_chart_report_and_text(batch):
    table = rule_coverage(batch)
    fig = coverage_figure(table)
    events = table[table["kind"] == "event"]
    bars = fig.data[0]
    # the rarest drawn at the top: CR-A15 (a draw) never fires, nor may CR-A5 (27 declared
    # with the deck empty) in so few games
    assert len(bars.y) == len(events) and bars.x[-1] == 0.0 and "CR-A15" in bars.y[-2:]
    assert bars.x[0] == 1.0 and bars.marker.color[-1] != bars.marker.color[0]
    page = build_report(batch)
    assert "<h2>Rule coverage</h2>" in page and "<h3>Never fired</h3>" in page
    assert "CR-A15" in page and "<h2>VP by source</h2>" in page
    text = coverage_text(batch)
    assert text.startswith("rule coverage: ") and "CR-A15" in text


def test_report_without_counts_says_how_to_get_them():
    res = simulate(CR, 4, params=P3, seed=5, progress=False)
    assert "Not counted: simulate with coverage=True" in build_report(res)


def test_cli_simulate_coverage(tmp_path, capsys):
    out = tmp_path / "r.csv"
    assert main(["simulate", "crossroads", "--games", "12", "--players", "3", "--seed", "5",
                 "--quiet", "--coverage", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "rule coverage: " in printed and "never fired" in printed and "CR-A15" in printed
    table = pd.read_csv(tmp_path / "r.coverage.csv")
    assert {"rule", "kind", "games_fired", "share", "share_lo", "share_hi"} <= set(table)
    assert table.set_index("rule").loc["CR-9.4", "games_fired"] == 12
