"""analysis.next_step and analysis.doubt_walk: the reading that says what to do next, built
from review rows by hand (one test per branch), and the walk over a draft's doubts table."""

from __future__ import annotations

import importlib.util
import math
import sys

import nbformat
import pytest

from designkit.analysis.doubt_walk import build_walk, doubt_reading, second_levels
from designkit.analysis.doubts import CANNOT, NO_CURE, Doubt, load_doubts
from designkit.analysis.next_step import next_step
from designkit.analysis.review import (
    DEPENDS,
    INERT,
    CureRow,
    DraftRow,
    ProblemRow,
    Ref,
    Review,
    Run,
    doubt_rows,
)
from designkit.analysis.verdicts import FIXES, IMPROVES, RAISES, SAME, UNDECIDED, WORSE
from designkit.core.errors import DataError
from designkit.core.paths import REPO_ROOT

REF = Ref("designkit compare g --question q", "designkit play g --seed 1")


def draft(players: int, miss: float | None = 1.5) -> DraftRow:
    return DraftRow(players, "greedy", 0.2, 0.1, 0.3, 100, "20.0% [10.0%, 30.0%]",
                    "" if miss is None else "meets the target" if miss == 0 else
                    "misses the target by 5.0 pts (1.5× the margin)", miss, REF)


def run(kind: str, level: str = "greedy", setting: str = "", games: int = 100,
        more: int | None = None) -> Run:
    return Run(level, setting, kind, "+5.0 pts [+1.0 pts, +9.0 pts]", "25.0% [20.0%, 30.0%]",
               "±3.0 pts", games, more, "", REF)


def cure(name: str, players: int, kind: str, runs: tuple[Run, ...] | None = None,
         more: int | None = None, placeholders: str = "") -> CureRow:
    runs = runs if runs is not None else (run(kind, more=more),)
    return CureRow(name, name.title(), "和名", players, kind, kind, runs, placeholders, 0.0,
                   more, f"designkit compare g --question q --max-games {100 + (more or 0)}"
                   if kind == UNDECIDED and more else "")


def problem(cures: list[CureRow], players: tuple[int, ...] = (3, 4),
            misses: tuple[float | None, ...] = (1.5, 1.5), target: str = "≥ 25 %"
            ) -> ProblemRow:
    drafts = tuple(draft(n, m) for n, m in zip(players, misses, strict=True))
    return ProblemRow("q", "Question", "問い", "question", "end:27", "games ending on 27",
                      target, "±3.0 pts", players, drafts, tuple(cures),
                      max((m for m in misses if m is not None), default=None))


# -- next_step: one test per branch ------------------------------------------------------------
def test_a_cure_that_fixes_it_at_every_count_is_to_adopt() -> None:
    text = next_step(problem([cure("cure_a", 3, FIXES), cure("cure_a", 4, FIXES),
                              cure("cure_b", 3, SAME), cure("cure_b", 4, SAME)]))
    assert "The draft misses its target (≥ 25 %) at 3 and 4 players" in text
    assert "Next: Adopt cure_a: it fixes it at 3 and 4 players (greedy bots)." in text
    assert "needs a different cure" not in text


def test_two_improvers_and_the_cheaper_one_to_decide() -> None:
    text = next_step(problem([cure("cure_a", 3, IMPROVES), cure("cure_a", 4, IMPROVES),
                              cure("cure_b", 3, IMPROVES), cure("cure_b", 4, IMPROVES),
                              cure("cure_c", 3, UNDECIDED, more=400),
                              cure("cure_c", 4, UNDECIDED, more=400),
                              cure("cure_d", 3, UNDECIDED, more=90),
                              cure("cure_d", 4, UNDECIDED, more=60)]))
    assert "cure_a and cure_b both improve it without reaching the target" in text
    assert "cure_c and cure_d are not decided at 100 games" in text
    assert "cure_d is cheaper to decide: ≈90 more games per arm at 3 players: `" in text
    assert "--max-games 190" in text        # the command that would decide it


def test_no_cure_reaches_the_target() -> None:
    text = next_step(problem([cure("cure_a", 3, SAME), cure("cure_a", 4, SAME)]))
    assert text.endswith("No cure reaches the target (cure_a: no practical change): the "
                         "draft needs a different cure.")


def test_fixes_at_one_count_decided_only_there() -> None:
    text = next_step(problem([cure("cure_a", 4, FIXES), cure("cure_a", 3, UNDECIDED,
                                                             more=250)]))
    assert ("cure_a fixes it at 4 players; decided only there: test 3 players with more "
            "games (≈250 more games per arm") in text
    assert "adopt cure_a:" not in text


def test_decided_only_at_one_count_test_the_other() -> None:
    text = next_step(problem([cure("cure_a", 4, IMPROVES), cure("cure_a", 3, UNDECIDED,
                                                                more=120)]))
    assert ("cure_a is not decided at 100 games (decided only at 4 players: test 3 players "
            "with more games): ≈120 more games per arm would decide it") in text


def test_a_cure_that_hangs_on_a_placeholder_says_decide_it_first() -> None:
    runs = (run(FIXES, setting="first_attack_bonus = 0"),
            run(SAME, setting="first_attack_bonus = 2"),
            run(SAME, setting="first_attack_bonus = 4"))
    text = next_step(problem([cure("cure_a", 3, DEPENDS, runs,
                                   placeholders="first_attack_bonus 0–4")],
                             players=(3,), misses=(1.5,)))
    assert "cure_a hangs on a placeholder at 3 players (first_attack_bonus 0–4" in text
    assert "decide first_attack_bonus first" in text


def test_a_cure_that_depends_on_bot_skill() -> None:
    runs = (run(SAME, level="greedy"), run(FIXES, level="search", games=30))
    text = next_step(problem([cure("cure_a", 3, DEPENDS, runs)], players=(3,),
                             misses=(1.5,)))
    assert "cure_a depends on bot skill at 3 players (greedy: no practical change; " \
           "search: fixes it)" in text


def test_a_cure_the_first_level_cannot_see_is_read_from_the_second() -> None:
    same = Run("greedy", "", UNDECIDED, "+0.0 pts [-7.0 pts, +7.0 pts]",
               "20.0% [10.0%, 30.0%]", "±3.0 pts", 200, 889, "", REF)
    text = next_step(problem([cure("cure_a", 3, UNDECIDED,
                                   (same, run(UNDECIDED, "search", games=30, more=96)))],
                             players=(3,), misses=(1.5,)))
    assert ("Greedy bots play these cures exactly as the draft (they cannot see the rule); "
            "read them from the search level: cure_a at 3: not decided yet (+5.0 pts "
            "[+1.0 pts, +9.0 pts], 30 games, ≈96 more to decide).") in text
    moved = Run("greedy", "", UNDECIDED, "+1.0 pts [-7.0 pts, +9.0 pts]",
                "21.0% [10.0%, 31.0%]", "±3.0 pts", 200, 889, "", REF)
    text = next_step(problem([cure("cure_a", 3, UNDECIDED, (moved, run(UNDECIDED, "search")))],
                             players=(3,), misses=(1.5,)))
    assert "cannot see" not in text


def test_a_cure_that_makes_it_worse_is_not_to_adopt() -> None:
    text = next_step(problem([cure("cure_a", 3, WORSE), cure("cure_a", 4, SAME)]))
    assert "Do not adopt cure_a: it makes it worse at 3 players." in text
    assert "the draft needs a different cure" in text


def test_a_draft_that_meets_its_target_needs_no_change() -> None:
    text = next_step(problem([cure("cure_a", 3, SAME), cure("cure_a", 4, SAME)],
                             misses=(0.0, 0.0)))
    assert "The draft meets its target (≥ 25 %) at 3 and 4 players." in text
    assert "Next: The draft already meets its target: no change is needed" in text
    assert "different cure" not in text


def test_a_draft_inside_its_target_but_not_surely_needs_more_games() -> None:
    row = problem([cure("cure_a", 3, SAME)], players=(3,), misses=(0.0,))
    row = ProblemRow(*[getattr(row, f) for f in ("key", "title", "quote_ja", "quote_en",
                                                  "metric", "metric_label", "target", "margin",
                                                  "players")],
                     (DraftRow(3, "greedy", 0.3, 0.1, 0.5, 100, "30%", "inside the target "
                               "(not yet sure: its interval reaches outside)", 0.0, REF),),
                     row.cures, 0.0)
    text = next_step(row)
    assert "lies inside its target (≥ 25 %) (not yet sure" in text
    assert "more games would tell whether it needs a cure at all" in text
    assert "already meets" not in text


def test_a_verdict_out_of_reach_is_called_no_practical_change() -> None:
    text = next_step(problem([cure("cure_a", 3, UNDECIDED, more=900_000),
                              cure("cure_a", 4, UNDECIDED, more=2_000_000)]))
    assert ("cure_a is not decided at 100 games, and deciding would take ≈2,000,000 more per "
            "arm at least: the difference is too small for the margin to tell") in text
    assert "would decide it" not in text
    near = next_step(problem([cure("cure_a", 3, UNDECIDED, more=2_000)]))  # 12 games: rough
    assert "≈2,000 more games per arm would decide it" in near and "too small" not in near


def test_no_target_leaves_the_direction_to_the_designer() -> None:
    text = next_step(problem([cure("cure_a", 3, RAISES)], players=(3,), misses=(None,),
                             target=""))
    assert "(the question sets no target)" in text and "n/a:" not in text
    assert "cure_a raises it at 3 players; the question sets no target" in text


def test_no_cure_acts_at_the_counts() -> None:
    row = CureRow("cure_a", "A", "あ", 3, INERT, "changes nothing at 3 players", (), "",
                  math.inf, None, "")
    p = problem([row], players=(3,), misses=(1.5,))
    p = ProblemRow(*[getattr(p, f) for f in ("key", "title", "quote_ja", "quote_en", "metric",
                                              "metric_label", "target", "margin", "players")],
                   (), (row,), None)
    assert next_step(p).endswith("Next: no cure can act at 3 players — build one that does.")


# -- doubts no question answers -----------------------------------------------------------------
def test_a_doubt_that_cannot_be_simulated_says_why() -> None:
    d = Doubt("colours", "changes", "スートカラーを少し変更", "Suit colours.", CANNOT,
              "a component's colour: nothing a game plays")
    text = doubt_reading(d, doubt_rows_for(d), None)
    assert "(a component's colour: nothing a game plays)" in text
    assert "decide it at the table" in text


def test_a_doubt_with_no_cure_says_what_to_build_and_what_would_answer_it() -> None:
    d = Doubt("skills", "changes", "スキルを少し調整", "Skills adjusted.", NO_CURE,
              "the skills before the adjustment", "seat_balance", None, ("skills_before",),
              (3, 4))
    text = doubt_reading(d, doubt_rows_for(d), None)
    assert "build what is missing — the skills before the adjustment." in text
    assert "skills_before against the draft on seat_balance at 3 and 4 players" in text


def doubt_rows_for(d: Doubt):  # noqa: ANN201 - a DoubtRow as the review page makes it
    from designkit.analysis.review import DoubtRow

    return DoubtRow(d.key, "大まかな変更点 (change list)", d.quote_ja, d.quote_en, d.status,
                    d.detail)


# -- the walk and its coverage table -----------------------------------------------------------
@pytest.mark.parametrize("game", ["crossroads", "witch_academy"])
def test_the_walk_lists_every_doubt_in_the_draft_order_with_a_reading(game: str) -> None:
    rev = Review(game, game, game, 10, 3, 0, "greedy", None, 1)
    rev.doubts = doubt_rows(game, [])
    done = build_walk(rev)
    keys = [d.key for d in load_doubts(game)]
    assert [e.doubt.key for e in done.entries] == keys
    assert list(done.coverage()["key"]) == keys
    assert all("**Reading:**" in e.markdown() and e.reading for e in done.entries)
    assert all(f"「{d.quote_ja}」" in done.entry(d.key).markdown() for d in load_doubts(game))


def test_crossroads_plays_the_27_merit_at_a_searching_level() -> None:
    assert second_levels("crossroads") == {"merit_27": "search"}
    assert second_levels("rolling_stone") == {}


def test_a_second_level_for_no_question_names_the_file(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: object) -> None:
    from pathlib import Path

    import designkit.core.paths as paths

    folder = Path(str(tmp_path))
    text = (REPO_ROOT / "data" / "crossroads" / "questions.yaml").read_text("utf-8")
    (folder / "questions.yaml").write_text(text.replace("merit_27: search", "merit_28: search"),
                                           "utf-8")
    monkeypatch.setattr(paths, "data_dir", lambda game: folder)
    with pytest.raises(DataError, match="questions.yaml.*second_level: merit_28: no such "
                                        "question"):
        second_levels("crossroads")


# -- the build script ---------------------------------------------------------------------------
def _builder():  # noqa: ANN202 - the script, imported as a module
    spec = importlib.util.spec_from_file_location(
        "build_question_notebooks", REPO_ROOT / "scripts" / "build_question_notebooks.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("game", ["crossroads", "rolling_stone"])
def test_building_twice_writes_the_same_notebook(game: str, tmp_path: object) -> None:
    from pathlib import Path

    build = _builder().build
    path = Path(str(tmp_path)) / f"questions_{game}.ipynb"
    build(game, path)
    first = path.read_text("utf-8")
    build(game, path)
    assert path.read_text("utf-8") == first
    nb = nbformat.read(path, as_version=4)
    ids = [c["id"] for c in nb.cells]
    assert len(ids) == len(set(ids))
    doubt_cells = [i for i, c in enumerate(nb.cells) if c["id"].startswith("doubt-")
                   and "evidence" not in c["id"]]
    assert len(doubt_cells) == len(load_doubts(game))        # one cell per doubt
    cover = next(i for i, c in enumerate(nb.cells) if 'coverage("' in c.source)
    assert cover < doubt_cells[0]                              # the table at the top


def test_a_build_keeps_the_outputs_of_unchanged_cells(tmp_path: object) -> None:
    from pathlib import Path

    build = _builder().build
    path = Path(str(tmp_path)) / "questions_rolling_stone.ipynb"
    build("rolling_stone", path)
    nb = nbformat.read(path, as_version=4)
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="kept\n")]
    nb.cells[2].source += "\n# edited"
    nb.cells[2].outputs = [nbformat.v4.new_output("stream", name="stdout", text="gone\n")]
    nbformat.write(nb, path)
    build("rolling_stone", path)
    again = nbformat.read(path, as_version=4)
    assert again.cells[1].outputs[0]["text"] == "kept\n"
    assert again.cells[2].outputs == [] and "# edited" not in again.cells[2].source
