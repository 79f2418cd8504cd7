"""The doubts table (issue 38): every line of each draft's ■問題点 and 大まかな変更点 has a
status, every cure and metric it names exists, and no question compares a cure at a player
count where it cannot act."""

from __future__ import annotations

import itertools

import pytest

from designkit.analysis import doubts
from designkit.analysis.doubts import (
    ANSWERED,
    CANNOT,
    NO_CURE,
    STATUSES,
    arms_differ,
    coverage,
    draft_lines,
    draft_text,
    load_doubts,
    parse_doubts,
    quotes_not_in_draft,
    uncovered_lines,
)
from designkit.analysis.questions.cures import load_problems, parse_problems
from designkit.core.errors import DataError
from designkit.core.registry import get_game

GAMES = ("classic_hero", "crossroads", "rolling_stone", "witch_academy")
#: the lines of each draft's two sections (■問題点 non-empty lines + 大まかな変更点 items)
SECTION_LINES = {"classic_hero": (30, 5), "crossroads": (0, 4), "rolling_stone": (0, 2),
                 "witch_academy": (0, 4)}
#: the player counts each draft names (its components: ３〜４人, ３〜５人用)
DRAFT_PLAYERS = {"classic_hero": {3, 4}, "crossroads": {3, 4, 5}, "rolling_stone": {3, 4},
                 "witch_academy": {3, 4, 5}}


def _draft(game: str) -> str:
    text = draft_text(game)
    if text is None:
        pytest.skip("the drafts (shared/seeds) are not beside this checkout; "
                    "set DESIGNKIT_SEEDS")
    return text


# -- (a) every section line of the four drafts has a status -----------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_problem_and_change_line_of_the_draft_has_a_doubt(game: str) -> None:
    text = _draft(game)
    lines = draft_lines(text)
    problems, changes = SECTION_LINES[game]
    assert [s for s, _ in lines].count("problems") == problems
    assert [s for s, _ in lines].count("changes") == changes
    table = load_doubts(game)
    assert uncovered_lines(table, text) == []
    assert quotes_not_in_draft(table, text) == []       # verbatim, line breaks aside
    assert all(d.status in STATUSES and d.detail for d in table)
    shown = coverage(game)                               # the table a page renders
    assert len(shown) == len(table) and shown["status"].isin(STATUSES).all()


def test_the_one_line_draft_splits_its_change_list_on_the_bullets() -> None:
    text = "■■　X　草案１０ （!--大まかな変更点--） ・基本効果２と３を交換 ・最後手番 ■　概要 ・no"
    assert draft_lines(text) == [("changes", "基本効果２と３を交換"), ("changes", "最後手番")]
    text = "（!--大まかな変更点--）\n・課題の点数比率を１００・７５・５０（％）に変更\n・名称変更\n\n■　概要"
    assert draft_lines(text) == [("changes", "課題の点数比率を１００・７５・５０（％）に変更"),
                                 ("changes", "名称変更")]


def test_a_line_no_doubt_quotes_is_reported() -> None:
    text = _draft("classic_hero")
    table = [d for d in load_doubts("classic_hero") if d.key != "stop_more_cost"]
    missing = uncovered_lines(table, text)
    assert ("problems", "そのデメリットは、ボス戦で先を越されることぐらい？") in missing
    assert len(missing) == 2


@pytest.mark.parametrize("game", GAMES)
def test_every_question_is_in_the_doubts_table(game: str) -> None:
    answered = {d.detail for d in load_doubts(game) if d.status == ANSWERED}
    assert answered == {p.question.key for p in load_problems(game)}


# -- (b) a listed cure or metric that does not exist fails ------------------------------------
DOUBTS = """
questions:
  - key: swap
    title: Swapped bonuses
    quote_ja: 基本効果２と３を交換
    quote_en: The bonuses were swapped.
    metric: seat_balance
    margin: 0.02
    players: [4]
    cures: [order_bonus_swapped_back]
    measures: The seats' balance.
doubts:
  - key: swap
    section: changes
    quote_ja: 基本効果２と３を交換
    quote_en: swapped
    status: answered
    question: swap
  - key: later
    section: problems
    quote_ja: そのデメリットは？
    quote_en: the drawback?
    status: no cure built yet
    missing: a before switch
    metric: 'vp_share:start_marker'
    cures: [start_marker_2vp]
    players: [3, 4]
  - key: colour
    section: changes
    quote_ja: 色を変更
    quote_en: colours
    status: cannot be simulated
    why: a colour
"""


def test_the_three_statuses_read_with_their_question_or_reason() -> None:
    swap, later, colour = parse_doubts(DOUBTS, "t.yaml", "rolling_stone")
    assert (swap.status, swap.metric, swap.cures, swap.players) == (
        ANSWERED, "seat_balance", ("order_bonus_swapped_back",), (4,))
    assert (later.status, later.detail, later.cures) == (NO_CURE, "a before switch",
                                                         ("start_marker_2vp",))
    assert (colour.status, colour.metric, colour.cures) == (CANNOT, None, ())


@pytest.mark.parametrize("old, new, field", [
    ("cures: [start_marker_2vp]", "cures: [start_marker_3vp]", "cures"),
    ("'vp_share:start_marker'", "'vp_share:nothing'", "metric"),
    ("'vp_share:start_marker'", "'rule:RS-99.9'", "metric"),
    ("'vp_share:start_marker'", "'col:no_column'", "metric"),
    ("'vp_share:start_marker'", "fun", "metric"),
    ("players: [3, 4]", "players: [7]", "players"),
    ("question: swap", "question: swop", "question"),
    ("status: cannot be simulated", "status: unclear", "status"),
    ("    why: a colour\n", "", "why"),
    ("    why: a colour\n", "    why: a colour\n    metric: turns\n", "metric"),
    ("    question: swap\n", "    question: swap\n    cures: [previous_rule]\n", "cures"),
    ("section: problems", "section: notes", "section"),
    ("section: problems", "section: [problems]", "section"),
    ("    players: [3, 4]\n", "    players: [3, 4]\n    target: {at_most: low}\n", "target"),
    ("    players: [3, 4]\n", "    players: [3, 4]\n    target: {nearly: 3}\n", "target"),
    ("    quote_en: colours\n", "", "quote_en"),
])
def test_a_bad_doubt_is_one_line_naming_file_entry_and_field(old: str, new: str,
                                                             field: str) -> None:
    assert old in DOUBTS
    with pytest.raises(DataError) as err:
        parse_doubts(DOUBTS.replace(old, new), "t.yaml", "rolling_stone")
    text = str(err.value)
    assert "t.yaml" in text and f"field {field}" in text and "\n" not in text


@pytest.mark.parametrize("old, new", [
    ("cures: [order_bonus_swapped_back]", "cures: [order_bonus_swapped_forth]"),
    ("metric: seat_balance", "metric: 'vp_share:nothing'"),
    ("metric: seat_balance", "metric: 'end:27'"),
])
def test_a_question_with_a_cure_or_metric_that_does_not_exist_is_refused(old: str,
                                                                        new: str) -> None:
    with pytest.raises(DataError, match=r"t\.yaml.*question 1 \(swap\), field (cures|metric)"):
        parse_problems(DOUBTS.replace(old, new), "t.yaml", "rolling_stone")


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_cure_and_metric_exists(game: str) -> None:
    """The shipped files load with every game check on (cures are shipped variants,
    metrics measurable by the game), questions and doubts alike."""
    from designkit.core.variants import variant_names

    shipped = set(variant_names(get_game(game).params_type))
    table = load_doubts(game)
    assert table and all(set(d.cures) <= shipped for d in table)
    assert {d.status for d in table} <= set(STATUSES)


# -- (c) every question × cure × player count: the two arms play different games --------------
def _arms() -> list[tuple[str, str, str, int]]:
    """Every question × cure × player count, and the cures a not-yet-cured doubt names."""
    return [(g, p.question.key, c, n) for g in GAMES for p in load_problems(g)
            for n in p.players for c in p.cures] + [
        (g, d.key, c, n) for g in GAMES for d in load_doubts(g) if d.status == NO_CURE
        for n in d.players for c in d.cures]


@pytest.mark.parametrize("game, key, cure, players", _arms())
def test_each_cure_acts_where_its_question_reads_it(game: str, key: str, cure: str,
                                                   players: int) -> None:
    assert arms_differ(game, cure, players) == "", (key, cure, players)


@pytest.mark.parametrize("game", GAMES)
def test_no_two_cures_of_a_count_play_the_same_games(game: str) -> None:
    """A cure that plays another cure's games at a count measures that cure's change (at 3
    players numbers_1_to_8 deals three_player_all_numbers' deck)."""
    g = get_game(game)
    for n in range(g.min_players, g.max_players + 1):
        cures = sorted({c for p in load_problems(game) if n in p.players for c in p.cures})
        for a, b in itertools.combinations(cures, 2):
            assert arms_differ(game, a, n, against=b) == "", (a, b, n)


def test_the_check_sees_two_variants_dealing_the_same_deck() -> None:
    assert "identical games" in arms_differ("crossroads", "numbers_1_to_8", 3,
                                            against="three_player_all_numbers")
    assert "three_player_removal does not act at 4 players" in arms_differ(
        "crossroads", "three_player_all_numbers", 4)
    assert arms_differ("crossroads", "numbers_1_to_8", 4,
                       against="three_player_all_numbers") == ""


@pytest.mark.parametrize("game", GAMES)
def test_every_question_covers_the_draft_counts_where_its_cures_act(game: str) -> None:
    """A question leaves out a count the draft names only where one of its cures cannot
    act there."""
    for p in load_problems(game):
        assert set(p.players) <= DRAFT_PLAYERS[game]
        for n in sorted(DRAFT_PLAYERS[game] - set(p.players)):
            assert any(arms_differ(game, c, n) for c in p.cures) or any(
                arms_differ(game, c, n, against=o) for c in p.cures
                for q in load_problems(game) if q is not p and n in q.players
                for o in q.cures if o != c), (p.question.key, n)


def test_coverage_reads_answered_doubts_against_a_comparison() -> None:
    import pandas as pd

    class Done:
        n_games = 120
        table = pd.DataFrame({"variant": ["start_marker_no_vp", "start_marker_2vp"],
                              "metric": ["vp_share:start_marker"] * 2,
                              "decided": [True, False]})

    table = coverage("rolling_stone", {4: Done()}).set_index("key")
    assert table.loc["start_marker_vp", "status"] == "not decided at 120 games"
    assert table.loc["start_marker_vp", "detail"] == ("question start_marker_vp (open at 4 "
                                                      "players; not played at 3)")
    assert table.loc["order_bonus_swap", "status"] == "not decided at 120 games"
    Done.table.loc[1, "decided"] = True
    table = coverage("rolling_stone", {4: Done(), 3: Done()}).set_index("key")
    assert table.loc["start_marker_vp", "status"] == ANSWERED
    assert table.loc["start_marker_vp", "detail"].endswith("(decided at 3, 4 players)")
    assert doubts.counts(coverage("rolling_stone")) == {ANSWERED: 2}


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_coverage_table_lists_every_doubt(game: str) -> None:
    """The questions notebook's coverage table is this table: its stored output names every
    doubt (and nothing the table has not)."""
    import nbformat

    from designkit.core.paths import REPO_ROOT

    nb = nbformat.read(REPO_ROOT / "notebooks" / f"questions_{game}.ipynb", as_version=4)
    cells = [c for c in nb.cells if c.cell_type == "code" and "coverage(" in c.source]
    assert len(cells) == 1 and f'coverage("{game}"' in cells[0].source
    shown = "".join(o.get("data", {}).get("text/html", "") for o in cells[0].outputs)
    assert all(f"<th>{i}</th>" in shown for i in range(len(load_doubts(game))))
    assert f"<th>{len(load_doubts(game))}</th>" not in shown
    assert all(f"<td>{d.key}</td>" in shown for d in load_doubts(game))
