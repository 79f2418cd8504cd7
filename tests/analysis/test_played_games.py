"""Games already played are not played again within a process (issue 38: the review's draft
arm replayed by every comparison), and the memo changes no number: the same verdict tables
and results frames with and without it, and no row served after a card table changed."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from designkit.analysis import played_games
from designkit.analysis.played_games import ENV, missing_runs
from designkit.analysis.review import review
from designkit.analysis.variant_compare import Comparison, compare_variants
from designkit.core.errors import DesignkitError
from designkit.core.paths import data_root


@pytest.fixture(autouse=True)
def fresh() -> Any:
    played_games.clear()
    yield
    played_games.clear()


def _compare(variants: list[str], game: str = "classic_hero", **kw: Any) -> Comparison:
    args: dict[str, Any] = {"metric": "winner_margin", "agents": "random", "margin": 0.0001,
                            "max_games": 12, "first": 6, "seed": 7}
    return compare_variants(game, variants, **{**args, **kw})


def _same(a: Comparison, b: Comparison) -> None:
    pd.testing.assert_frame_equal(a.table, b.table)
    assert len(a.looks) == len(b.looks) and a.stopped == b.stopped
    for x, y in zip(a.looks, b.looks, strict=True):
        pd.testing.assert_frame_equal(x, y)
    for x, y in zip(a.results, b.results, strict=True):
        pd.testing.assert_frame_equal(x.games.reset_index(drop=True),
                                      y.games.reset_index(drop=True))
        pd.testing.assert_frame_equal(x.seats.reset_index(drop=True),
                                      y.seats.reset_index(drop=True))


def test_missing_ids_come_in_runs_of_consecutive_games() -> None:
    assert missing_runs(range(0, 6), []) == [range(0, 6)]
    assert missing_runs(range(0, 6), [0, 1, 2, 3, 4, 5]) == []
    assert missing_runs(range(2, 9), [2, 5, 6]) == [range(3, 5), range(7, 9)]
    assert missing_runs(range(0, 4), [3]) == [range(0, 3)]


def test_the_draft_is_played_once_and_the_compares_equal_those_without_the_memo(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = [["draft", "shared_hp_once"], ["draft", "growth_twice"], ["draft", "shared_hp_once"]]
    monkeypatch.setenv(ENV, "off")
    without = [_compare(v) for v in pairs]
    assert played_games.stats().played == 0 and len(played_games.MEMO) == 0
    monkeypatch.delenv(ENV)
    kept = [_compare(v) for v in pairs]
    for a, b in zip(without, kept, strict=True):
        _same(a, b)
    # 12 games of the draft and of each distinct cure; the rest (24 + 12 + 12) served
    assert played_games.stats().played == 3 * 12
    assert played_games.stats().served == 12 + 24


def test_a_watched_or_traced_arm_is_not_served_the_plain_rows() -> None:
    plain = _compare(["draft", "shared_hp_once"])
    played = played_games.stats().played
    traced = _compare(["draft", "shared_hp_once"], metric="lead_changes")
    assert played_games.stats().played == played + 24   # both arms again: other rows
    assert "_trace" not in plain.results[0].games.columns
    assert len(traced.results[0].meta["trace"])


def test_bots_a_seed_does_not_fix_are_always_played() -> None:
    from designkit.sim.runner import run_batch

    assert played_games.arm_key(_game(), _game().params_type(), ["mcts:0.01s"] * 3, 0,
                                run_batch, False) is None
    assert played_games.arm_key(_game(), _game().params_type(), ["random"] * 3, 0,
                                run_batch, False) is not None


def _game() -> Any:
    from designkit.core.registry import get_game

    return get_game("classic_hero")


def test_the_memo_is_bounded_least_recently_used_first_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "20")
    _compare(["draft", "shared_hp_once"])        # 24 rows made, 20 kept
    assert len(played_games.MEMO) == 20
    before = played_games.stats().played
    _compare(["draft", "shared_hp_once"])
    assert played_games.stats().played > before  # what was dropped is played again
    assert len(played_games.MEMO) == 20


@pytest.mark.parametrize("value", ["-3", "lots"])
def test_a_bad_limit_is_one_line(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(ENV, value)
    with pytest.raises(DesignkitError, match=f"{ENV}=.*whole number"):
        _compare(["draft", "shared_hp_once"])


def test_an_edited_card_table_is_played_again_not_served(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table the parameters do not mirror (the Demon Lords' VP, not in ``to_dict()``):
    only the tables' content in the key tells the edited cards from the first ones."""
    copy = tmp_path / "data"
    shutil.copytree(data_root(), copy)
    monkeypatch.setenv("DESIGNKIT_DATA", str(copy))
    pair = ["draft", "shared_hp_once"]
    before = _compare(pair, max_games=8, first=8)
    table = copy / "classic_hero" / "demon_lords.csv"
    original = table.read_bytes()
    with table.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:                               # every Demon Lord's first tier worth 3 VP more
        r["base1"] = str(int(r["base1"]) + 3)
    with table.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    played = played_games.stats().played
    after = _compare(pair, max_games=8, first=8)
    assert played_games.stats().played == played + 16   # nothing served for the new cards
    assert after.results[0].seats["score"].sum() > before.results[0].seats["score"].sum()
    monkeypatch.setenv(ENV, "0")
    _same(after, _compare(pair, max_games=8, first=8))
    monkeypatch.delenv(ENV)
    table.write_bytes(original)                  # put back: the first cards' games again
    served = played_games.stats().served
    _same(before, _compare(pair, max_games=8, first=8))
    assert played_games.stats().served == served + 16


def test_a_review_with_and_without_the_memo_is_the_same_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import designkit.analysis.verdict_study as vs

    made: list[Comparison] = []
    real = vs.compare_variants

    def kept(*args: Any, **kwargs: Any) -> Comparison:
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(vs, "compare_variants", kept)
    monkeypatch.setenv(ENV, "off")
    without = review("crossroads", 4, seed=3, second=None)
    plain, made[:] = list(made), []
    monkeypatch.delenv(ENV)
    memo = review("crossroads", 4, seed=3, second=None)
    assert played_games.stats().served > 0
    assert played_games.stats().played < sum(len(c.names) * c.n_games for c in made)
    assert repr(without.problems) == repr(memo.problems)
    assert repr(without.doubts) == repr(memo.doubts)
    assert len(plain) == len(made)
    for a, b in zip(plain, made, strict=True):
        _same(a, b)


def test_two_variants_with_the_same_rules_play_once(monkeypatch: pytest.MonkeyPatch) -> None:
    variants: list[Any] = ["draft", "shared_hp_once", _game().params_type()]
    kept = compare_variants("classic_hero", variants, metric="winner_margin", agents="random",
                            margin=0.0001, max_games=12, first=12, seed=7)
    assert played_games.stats().played == 24           # the draft's games serve both names
    monkeypatch.setenv(ENV, "off")
    _same(kept, compare_variants("classic_hero", variants, metric="winner_margin",
                                 agents="random", margin=0.0001, max_games=12, first=12,
                                 seed=7))
