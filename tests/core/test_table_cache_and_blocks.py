"""The core's one table cache (core.cardtable.Table), unknown columns, lazy loading per game,
and the block constructs of the effect language (core.effects.compile_blocks)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from designkit.core.cardtable import Column, Table, file_stamp, load_table
from designkit.core.effects import (
    Arg,
    EffectError,
    HookSpec,
    block_vocabulary,
    compare,
    compile_blocks,
    condition_args,
    parse_effects,
)
from designkit.core.errors import DataError
from designkit.core.paths import REPO_ROOT

EXE = Path(sys.executable).parent / "designkit"
COLS = (Column("id", unique=True), Column("n", "int", range=(0, 9)),
        Column("note", required=False, default=""))


def _table() -> Table[tuple[str, int]]:
    return Table("toy", "cards.csv", COLS, lambda r: (r["id"], r["n"]))


# -- the cache ------------------------------------------------------------------------------------
def test_table_is_cached_and_reread_when_the_file_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("DESIGNKIT_DATA", str(tmp_path))
    (tmp_path / "toy").mkdir()
    path = tmp_path / "toy" / "cards.csv"
    path.write_text("id,n\na,1\n", encoding="utf-8")
    table = _table()
    first = table.load()
    assert first == (("a", 1),)
    assert table.load() is first                      # same version: not read again
    stamp = file_stamp(path)
    path.write_text("id,n\na,1\nb,22\n".replace("22", "2"), encoding="utf-8")
    os.utime(path, ns=(stamp[0], stamp[0]))           # same mtime: the size still tells
    assert table.load() == (("a", 1), ("b", 2))
    assert table.stamp() == (str(path), file_stamp(path))


def test_a_failed_read_caches_nothing(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("id,n\na,99\n", encoding="utf-8")
    table = _table()
    with pytest.raises(DataError, match="outside 0–9"):
        table.load(path)
    path.write_text("id,n\na,9\n", encoding="utf-8")
    assert table.load(path) == (("a", 9),)


def test_unknown_column_names_file_column_and_closest_known_name(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("id,n,nots\na,1,x\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_table(path, COLS)
    assert (err.value.file, err.value.row, err.value.column) == (str(path), 1, "nots")
    assert "did you mean 'note'?" in str(err.value)


def test_optional_columns_may_be_missing(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("id,n\na,1\n", encoding="utf-8")
    assert load_table(path, COLS) == [{"id": "a", "n": 1, "note": ""}]


def _broken_crossroads(tmp_path: Path) -> dict[str, str]:
    data = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", data)
    (data / "crossroads" / "skills.csv").write_text("id,name_en,bogus\nS1,x,y\n",
                                                    encoding="utf-8")
    return {**os.environ, "DESIGNKIT_DATA": str(data)}


@pytest.mark.skipif(not EXE.exists(), reason="the designkit entry point is not installed")
def test_a_broken_table_of_one_game_does_not_stop_another(tmp_path):
    env = _broken_crossroads(tmp_path)
    games = subprocess.run([str(EXE), "games"], env=env, capture_output=True, text=True,
                           timeout=120)
    assert games.returncode == 0, games.stderr
    assert "rolling_stone" in games.stdout and "crossroads" in games.stdout
    play = subprocess.run([str(EXE), "play", "rolling_stone", "--agents", "random"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert play.returncode == 0, play.stderr
    assert "winner:" in play.stdout
    broken = subprocess.run([str(EXE), "play", "crossroads", "--agents", "random"], env=env,
                            capture_output=True, text=True, timeout=120)
    assert broken.returncode != 0
    assert "skills.csv, row 1, column 'bogus': unknown column" in broken.stderr
    assert "Traceback" not in broken.stderr


# -- block constructs ---------------------------------------------------------------------------
SUBJECT = {"metric": Arg(str, None, choices=("vp", "cards"))}
VOCAB = {**block_vocabulary(condition_args(SUBJECT, (-10, 10))),
         "gain": HookSpec("gain", "gain n", {"n": Arg(int, 1, (0, 5))}),
         "draw": HookSpec("draw", "draw a card")}


def _compile(text: str):
    def leaf(h):
        return (h.name, *h.args.values())

    def cond(h):
        return (h.args["metric"], h.args["op"], h.args["value"])

    return compile_blocks(parse_effects(text, VOCAB), leaf, cond)


def test_if_else_may_and_choose_nest():
    assert _compile("gain(n=1)") == (("gain", 1),)
    assert _compile("if(metric=vp, op=ge, value=3); gain(n=2); else; draw; end; draw") == (
        ("if", ("vp", "ge", 3), (("gain", 2),), (("draw",),)), ("draw",))
    assert _compile("may; draw; gain(n=1); end") == (("may", (("draw",), ("gain", 1))),)
    assert _compile("choose; gain(n=2); or; draw; or; may; draw; end; end") == (
        ("choose", ((("gain", 2),), (("draw",),), (("may", (("draw",),)),))),)
    assert _compile("if(metric=cards, op=lt, value=1); choose; draw; or; gain; end; end") == (
        ("if", ("cards", "lt", 1), (("choose", ((("draw",),), (("gain", 1),))),), ()),)


@pytest.mark.parametrize(("text", "message"), [
    ("end", "'end' without a matching 'if'"),
    ("or", "'or' without a matching 'choose'"),
    ("if(metric=vp, op=eq, value=1); draw", "'if' without a closing 'end'"),
    ("may; draw", "'may' without a closing 'end'"),
    ("may; draw; or; gain; end", "'or' inside a 'may' block"),
    ("choose; draw; end", "'choose' needs two or more branches"),
    ("if(metric=vp, op=eq, value=1); draw; or; gain; end", "'or' inside an 'if' block"),
])
def test_bad_nesting_says_what_is_wrong(text, message):
    with pytest.raises(EffectError, match=message):
        _compile(text)


def test_conditions_compare_with_words_or_symbols():
    assert compare(3, "ge", 3) and compare(3, ">=", 3) and not compare(2, "gt", 2)
    assert compare(1, "ne", 2) and compare(1, "lt", 2) and compare(2, "==", 2)
    with pytest.raises(EffectError, match="choose one of"):
        parse_effects("if(metric=vp, op=about, value=1); end", VOCAB)


def test_a_game_may_offer_only_some_block_words():
    vocab = block_vocabulary(condition_args(SUBJECT), ("if", "else", "end"))
    assert sorted(vocab) == ["else", "end", "if"]
    with pytest.raises(ValueError, match="unknown block words"):
        block_vocabulary({}, ("unless",))


# -- the flow fields' JSON form (core.flow_dict) ---------------------------------------------------
def test_flow_fields_round_trip_through_json():
    import json

    from designkit.core.flow_dict import flow_from_dict, flow_to_dict
    from tests.contract.example_game import GAME

    st = GAME.new_state(log=True)
    GAME.apply(st, 4)
    data = json.loads(json.dumps(flow_to_dict(st)))
    assert data["phase"] == "DRAW" and data["ctx"] == [1]
    assert data["stack"][:2] == [["draw", 2], ["choose", 0]]   # next task first
    back = GAME.new_state(log=False)
    back.cards = st.cards[:]
    flow_from_dict(back, data)
    assert (back.phase, back.seat, back.ctx, back.stack) == (st.phase, st.seat, st.ctx, st.stack)
    assert back.log == st.log
    flow_from_dict(back, data, log=False)
    assert back.log is None


def test_a_compiled_ruleset_is_kept_on_its_params_until_the_tables_change() -> None:
    from dataclasses import dataclass

    from designkit.core.cardtable import compiled

    @dataclass(frozen=True)
    class _Params:
        players: int = 3

    @dataclass(frozen=True)
    class _Rules:
        stamp: tuple[int, ...]

    builds: list[tuple[int, ...]] = []

    def build(stamp: tuple[int, ...]) -> _Rules:
        builds.append(stamp)
        return _Rules(stamp)

    p = _Params()
    first = compiled(p, (1,), lambda: build((1,)))
    assert compiled(p, (1,), lambda: build((1,))) is first
    assert compiled(p, (2,), lambda: build((2,))).stamp == (2,)
    assert builds == [(1,), (2,)]
