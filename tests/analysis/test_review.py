"""The design review (issue 38): every question's compare on one page, its rows, the
commands that reproduce each number, and the page itself.

Classic Hero at 2 games per arm with one bot level (~10 s) gives every kind of row
(targets met and missed, no target, placeholders swept); Crossroads (fast) checks that a
row's command reproduces its number and that its game command plays the game behind it.
"""

from __future__ import annotations

import dataclasses
import html
import shlex

import pytest

from designkit import cli
from designkit.analysis.doubts import load_doubts
from designkit.analysis.next_step import next_step
from designkit.analysis.questions.cures import find_problem, load_problems
from designkit.analysis.review import DEPENDS, INERT, ORDER, Review, play_command, review
from designkit.analysis.review_html import render, write_review
from designkit.analysis.variant_compare import compare_variants
from designkit.analysis.verdict_study import used_placeholders
from designkit.analysis.verdicts import UNDECIDED
from designkit.core.play import play_game
from designkit.core.registry import get_game
from designkit.core.variants import load_variant

GAMES = 2


@pytest.fixture(scope="module")
def ch() -> Review:
    return review("classic_hero", GAMES, seed=5, second=None)


def test_every_question_has_a_row_with_its_target_margin_and_cures(ch: Review) -> None:
    problems = {p.question.key: p for p in load_problems("classic_hero")}
    assert sorted(r.key for r in ch.problems) == sorted(problems)
    for row in ch.problems:
        p = problems[row.key]
        assert row.quote_ja == p.question.quote_ja and row.quote_en == p.question.quote_en
        t = p.target_at(p.players[0])
        assert row.target == (t.text if t else "")
        assert [d.players for d in row.drafts] == list(p.players)
        for n in p.players:   # every cure at every count the question concerns
            assert sorted(c.cure for c in row.cures if c.players == n) == sorted(p.cures)
        for d in row.drafts:
            assert d.lo <= d.value <= d.hi and d.games == GAMES and d.level == "greedy"
        acting = [c for c in row.cures if c.kind != INERT]
        assert row.status == ("answered" if all(c.decided for c in acting) else
                              f"not decided at {GAMES} games"), row.key


def test_every_doubt_of_the_draft_is_on_the_page_with_its_status(ch: Review) -> None:
    """The coverage table (issue 38): every entry of the doubts table, in its order, an
    answered one with its question's status on this page, the others with why not."""
    doubts = load_doubts("classic_hero")
    assert [d.key for d in ch.doubts] == [d.key for d in doubts]
    rows = {p.key: p for p in ch.problems}
    for d, row in zip(doubts, ch.doubts, strict=True):
        if d.status == "answered":
            assert row.question == d.detail and row.status == rows[d.detail].status
        else:
            assert (row.status, row.detail, row.question) == (d.status, d.detail, "")
    page = render(ch)
    assert "Every doubt of the draft" in page
    for d in doubts:
        assert html.escape(d.quote_ja) in page
    # the entries no question answers keep their own status on the page (王道勇者 has one:
    # the suits' colours cannot be simulated; its "no cure built yet" ones are answered now)
    assert {r.status for r in ch.doubts} >= {d.status for d in doubts if d.status != "answered"}
    assert "cannot be simulated" in {r.status for r in ch.doubts}


def test_problems_ranked_by_how_far_the_draft_misses_its_target(ch: Review) -> None:
    misses = [r.miss for r in ch.problems]
    with_target = [m for m in misses if m is not None]
    assert misses[:len(with_target)] == with_target, "no-target questions come last"
    assert with_target == sorted(with_target, reverse=True)
    assert with_target[0] > 0  # Classic Hero's red-die bonus misses ≤ 5 % by far
    top = ch.problems[0]
    assert top.miss == max(d.miss or 0 for d in top.drafts)


def test_cures_best_first_and_their_runs(ch: Review) -> None:
    for row in ch.problems:
        order = [ORDER[c.kind] for c in row.cures]
        assert order == sorted(order), row.key
        for c in row.cures:
            kinds = {r.kind for r in c.runs}
            assert c.kind == (kinds.pop() if len(kinds) == 1 else DEPENDS)
            assert all(r.games == GAMES for r in c.runs)
            assert all(r.ref.compare.startswith("designkit compare classic_hero --question "
                                                f"{row.key} --players {c.players}")
                       for r in c.runs)
            assert all(r.ref.game.startswith("designkit play classic_hero") for r in c.runs)


def test_placeholders_are_swept_where_a_cure_uses_one(ch: Review) -> None:
    goal = next(r for r in ch.problems if r.key == "goal")
    cure = next(c for c in goal.cures if c.cure == "shared_hp_repeat")
    assert "first_attack_bonus 0–4" in cure.placeholders
    assert {r.setting for r in cure.runs} >= {"first_attack_bonus = 0",
                                              "first_attack_bonus = 4"}
    assert all("--set first_attack_bonus=" in r.ref.game for r in cure.runs
               if r.setting.startswith("first_attack_bonus"))


def test_family_is_every_questions_declared_verdicts(ch: Review) -> None:
    """α is split over the page: each question's cures × placeholder values (one level)."""
    params_type = get_game("classic_hero").params_type
    total = 0
    for p in load_problems("classic_hero"):
        variants = [load_variant(params_type, v) for v in ("draft", *p.cures)]
        points = max(1, sum(len(v) for v in used_placeholders(variants).values()))
        total += len(p.cures) * points * len(p.players)
    assert ch.family == total
    assert all(f"--family {total}" in r.ref.compare
               for p in ch.problems for c in p.cures for r in c.runs)


def test_undecided_says_what_deciding_costs(ch: Review) -> None:
    open_ = ch.undecided()
    assert open_, "2 games decide nothing"
    for _p, c in open_:
        assert c.kind in (UNDECIDED, DEPENDS)
        if c.more_games:
            games = int(shlex.split(c.decide)[shlex.split(c.decide).index("--max-games") + 1])
            assert games == GAMES + c.more_games


def test_the_page_holds_every_problem_target_and_verdict(ch: Review) -> None:
    page = render(ch)
    for row in ch.problems:
        assert html.escape(row.title) in page
        assert html.escape(row.quote_ja) in page and html.escape(row.quote_en) in page
        if row.target:
            assert html.escape(row.target) in page
        for c in row.cures:
            assert html.escape(c.cure) in page
            assert c.kind in page or c.kind == DEPENDS and "depends" in page
    for r in (r for p in ch.problems for c in p.cures for r in c.runs):
        assert html.escape(r.diff) in page
        assert html.escape(r.ref.compare) in page and html.escape(r.ref.game) in page
    assert "<script" not in page and "http" not in page  # self-contained, offline


def test_write_is_atomic_and_makes_the_folder(ch: Review, tmp_path) -> None:  # noqa: ANN001
    path = write_review(ch, tmp_path / "sub" / "review.html")
    assert path.read_text("utf-8").startswith("<!doctype html>")
    assert [p.name for p in path.parent.iterdir()] == ["review.html"]


# ---- Crossroads: fast enough to reproduce numbers with the CLI ------------------------

def test_a_rows_command_reproduces_its_number(capsys) -> None:  # noqa: ANN001
    p = find_problem("crossroads", "merit_27")
    got = review("crossroads", 6, seed=3, second=None, problems=[p])
    run = got.problems[0].cures[0].runs[0]
    assert got.family == len(p.cures) * len(p.players)
    argv = shlex.split(run.ref.compare)[1:]
    assert cli.main(argv) == 0
    printed = capsys.readouterr().out
    assert run.diff in printed and run.cure in printed
    assert f"family of {got.family}" in printed


def test_a_questions_own_second_level_at_fewer_games_reproduces(capsys) -> None:  # noqa: ANN001
    """A notebook plays a searching level only for the questions that need it (Crossroads'
    27 merit), at fewer games: those runs are their own compare, and their command says so."""
    p = dataclasses.replace(find_problem("crossroads", "merit_27"), players=(3,))
    got = review("crossroads", 4, seed=3, second=None, problems=[p],
                 second_for={"merit_27": "search"}, second_games=2)
    cure = got.problems[0].cures[0]
    assert [(r.level, r.games) for r in cure.runs] == [("greedy", 4), ("search", 2)]
    assert got.levels == "greedy and search" and got.second_level("merit_27") == "search"
    assert got.family == 2 * len(p.cures)
    search = cure.runs[1]
    argv = shlex.split(search.ref.compare)[1:]
    assert argv[argv.index("--agents") + 1] == "search"
    assert argv[argv.index("--max-games") + 1] == "2"
    assert cli.main(argv) == 0
    printed = capsys.readouterr().out
    assert search.diff in printed and f"family of {got.family}" in printed
    assert "Reading:" in render(got) and html.escape(next_step(got.problems[0])) in render(got)


def test_a_rows_game_command_plays_the_game_behind_it() -> None:
    from designkit.agents import make_agents

    comp = compare_variants("crossroads", ["draft", "declare_27_no_discard"], "end:27",
                            max_games=8, first=8, seed=4, players=3)
    command = play_command("crossroads", comp, 1, "declare_27_no_discard", 3, "greedy", None)
    args = shlex.split(command)
    seed = int(args[args.index("--seed") + 1])
    games = comp.results[1].games
    gid = int(games.loc[games["seed"] == seed, "game_id"].iloc[0])
    assert gid == comp.most_different_game("end:27", 1)
    params = load_variant(get_game("crossroads").params_type,
                          "declare_27_no_discard").params.replace(players=3)
    played = play_game(get_game("crossroads"), params, make_agents("greedy", 3), seed)
    seats = comp.results[1].seats
    want = seats[seats["game_id"] == gid].sort_values("seat")["score"].tolist()
    assert get_game("crossroads").scores(played.state) == want


def test_a_cure_that_cannot_act_is_not_played() -> None:
    """Crossroads' three_player_removal acts only at 3 players: at 4 it says so."""
    p = find_problem("crossroads", "three_player_removal")
    at4 = dataclasses.replace(p, players=(4,), target=None)
    got = review("crossroads", 4, second=None, problems=[at4])
    row = got.problems[0]
    assert [c.kind for c in row.cures] == [INERT] * len(p.cures)
    assert not row.drafts and "not act at 4 players" in row.cures[0].summary
    assert got.family == 1 and not got.undecided()


def test_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys) -> None:  # noqa: ANN001
    assert cli.main(["review", "classic_hero", "--out", str(tmp_path / "r.txt")]) == 2
    assert cli.main(["review", "nope", "--out", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "r.txt" in err[0] and "nope" in err[1]
    assert list(tmp_path.iterdir()) == []


def test_compare_refuses_a_family_smaller_than_its_own(capsys) -> None:  # noqa: ANN001
    """merit_27 declares two verdicts (two cures, one level): --family 1 would claim a
    narrower interval than its own error control allows."""
    argv = ["compare", "crossroads", "--question", "merit_27", "--second-level", "none",
            "--max-games", "2", "--family", "1"]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "--family 1" in err and "2 verdicts" in err and len(err.splitlines()) == 1


def test_the_summary_carries_each_problems_status(ch: Review) -> None:
    """The ranked summary's status column is the coverage word, one per problem; a page of
    rows without one (problems given by the caller) has no such column."""
    page = render(ch)
    assert "<th>status</th>" in page
    assert sum(page.count(f"<td>{html.escape(p.status)}</td>") for p in
               {p.status: p for p in ch.problems}.values()) >= len(ch.problems)
    bare = dataclasses.replace(ch, doubts=[], problems=[dataclasses.replace(p, status="")
                                                        for p in ch.problems])
    assert "<th>status</th>" not in render(bare)
    assert "Every doubt of the draft" not in render(bare)


def test_an_interrupted_comparison_stops_the_review(monkeypatch) -> None:  # noqa: ANN001
    """compare_variants keeps the games of a Ctrl-C and returns; the review must not go on
    to the next question nor write a page with a cut-short comparison in it."""
    import designkit.analysis.review as rv

    real = rv.run_study

    def interrupted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        study = real(*args, **kwargs)
        study.runs[0][3].stopped = "interrupted"
        return study

    monkeypatch.setattr(rv, "run_study", interrupted)
    with pytest.raises(KeyboardInterrupt):
        review("crossroads", 1, second=None, problems=[find_problem("crossroads", "merit_27")])
