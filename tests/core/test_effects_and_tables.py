"""The effect language (designkit/core/effects.py) and CSV card tables (cardtable.py).

Errors must say what is wrong and where (hook, argument, position; file, row in
spreadsheet numbering with the header as row 1, column), and the parser must
never hand text to ``eval``/``exec``.
"""

from __future__ import annotations

import ast
import builtins
import csv
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import designkit.core.cardtable as cardtable_mod
import designkit.core.effects as effects_mod
from designkit.core.cardtable import Column, load_table
from designkit.core.effects import Arg, EffectError, Hook, HookSpec, effects_text, parse_effects
from designkit.core.errors import DataError
from designkit.games.crossroads.skills import COLUMNS, VOCABULARY, load_skills, skills_path

TOY = {h.name: h for h in (
    HookSpec("gain", "gain VP", {"vp": Arg(int, 1, (0, 5)), "ratio": Arg(float, 0.5, (0.0, 1.0))}),
    HookSpec("move", "move somewhere", {"to": Arg(str, "bottom", choices=("bottom", "top")),
                                        "face_up": Arg(bool, False)}),
    HookSpec("shuffle", "shuffle the deck"),
)}


# -- parsing ----------------------------------------------------------------------------------
def test_hook_without_arguments_and_with_defaults():
    assert parse_effects("protect_groups", VOCABULARY) == (Hook("protect_groups", {}),)
    assert parse_effects("draw_choose", VOCABULARY) == (
        Hook("draw_choose", {"draw": 2, "keep": 1, "rest_to": "bottom"}),)
    assert parse_effects("draw_choose()", VOCABULARY) == parse_effects("draw_choose", VOCABULARY)
    assert parse_effects("draw_choose(draw=3)", VOCABULARY) == (
        Hook("draw_choose", {"draw": 3, "keep": 1, "rest_to": "bottom"}),)
    assert parse_effects("", VOCABULARY) == ()


def test_several_hooks_all_argument_types():
    hooks = parse_effects("  gain(vp=3, ratio=0.25);move(to='top', face_up=true) ; shuffle ",
                          TOY)
    assert hooks == (Hook("gain", {"vp": 3, "ratio": 0.25}),
                     Hook("move", {"to": "top", "face_up": True}), Hook("shuffle", {}))
    assert parse_effects('move(to="bottom")', TOY)[0].args["to"] == "bottom"
    assert type(parse_effects("gain(ratio=1)", TOY)[0].args["ratio"]) is float


def test_unknown_hook_names_it_and_lists_the_known_ones():
    with pytest.raises(EffectError) as err:
        parse_effects("protect_groups; fly(height=2)", VOCABULARY)
    msg = str(err.value)
    assert "unknown effect 'fly'" in msg and "position 17" in msg
    assert "protect_groups" in msg and "draw_choose" in msg


def test_unknown_argument_names_hook_and_accepted_arguments():
    with pytest.raises(EffectError) as err:
        parse_effects("draw_choose(draw=2, kept=1)", VOCABULARY)
    msg = str(err.value)
    assert "'draw_choose' has no argument 'kept'" in msg
    assert "draw, keep, rest_to" in msg
    with pytest.raises(EffectError, match="takes: nothing"):
        parse_effects("protect_groups(strength=2)", VOCABULARY)


def _assert_effect_error(text: str, fragment: str) -> None:
    """Parsing ``text`` (a ``gain`` on the toy vocabulary, else Crossroads') is one
    EffectError whose message holds ``fragment``."""
    vocab = TOY if text.startswith("gain") else VOCABULARY
    with pytest.raises(EffectError) as err:
        parse_effects(text, vocab)
    assert fragment in str(err.value)


@pytest.mark.parametrize("text, fragment", [
    # a value of the wrong type
    ("draw_choose(draw=two)", "'draw_choose' argument 'draw' (position 18) must be a number"),
    ("draw_choose(draw=2.5)", "must be a whole number"),
    ("draw_choose(rest_to=3)", "must be a word"),
    ("release_copy_hand_number(trigger_may_be_reference=yes)", "must be true or false"),
    ("draw_choose(rest_to=middle)", "choose one of bottom, top"),
    ("gain(ratio=high)", "must be a number"),
    # a value out of its range
    ("draw_choose(draw=5)", "'draw_choose' argument 'draw' (position 18) is 5, outside 2–4"),
    ("draw_choose(draw=1)", "outside 2–4"),
    ("end_multiply_largest_group(multiplier=-1)", "is -1, outside 1–4"),
    ("gain(ratio=1.5)", "outside 0–1"),
])
def test_bad_argument_type_or_range(text, fragment):
    _assert_effect_error(text, fragment)


@pytest.mark.parametrize("text, fragment", [
    ("draw_choose(draw=2", "expected ) at the end"),
    ("draw_choose(draw=)", "must be a number, not ')'"),
    ("draw_choose(draw=2 keep=1)", "expected , or ) at position 20, found 'keep'"),
    ("draw_choose(draw=2, draw=3)", "'draw_choose' argument 'draw' is given twice (position 21)"),
    ("draw_choose(draw", "expected = at the end"),
    ("protect_groups may_discard_passed", "expected ;"),
    ("protect_groups;", None),
    ("3", "expected name"),
])
def test_syntax_errors(text, fragment):
    if fragment is None:  # a trailing ';' is harmless
        assert parse_effects(text, VOCABULARY) == (Hook("protect_groups", {}),)
        return
    _assert_effect_error(text, fragment)


def test_round_trip_through_effects_text():
    for skill in load_skills():
        text = effects_text(skill.hooks)
        assert parse_effects(text, VOCABULARY) == skill.hooks
    text = "gain(vp=0, ratio=1.0); move(to=top, face_up=false); shuffle"
    assert effects_text(parse_effects(text, TOY)) == text
    assert effects_text(parse_effects("draw_choose", VOCABULARY)) == \
        "draw_choose(draw=2, keep=1, rest_to=bottom)"


def _arg_value(arg: Arg) -> st.SearchStrategy:
    if arg.type is bool:
        return st.booleans()
    if arg.type is int:
        return st.integers(int(arg.range[0]), int(arg.range[1]))
    if arg.type is float:
        return st.floats(arg.range[0], arg.range[1], allow_nan=False).map(lambda x: round(x, 3))
    return st.sampled_from(arg.choices)


@st.composite
def hook_lists(draw):
    vocab = draw(st.sampled_from([VOCABULARY, TOY]))
    hooks = []
    for name in draw(st.lists(st.sampled_from(sorted(vocab)), min_size=0, max_size=4)):
        spec = vocab[name]
        hooks.append(Hook(name, {k: draw(_arg_value(a)) for k, a in spec.args.items()}))
    return vocab, tuple(hooks)


@settings(max_examples=150, deadline=None)
@given(hook_lists())
def test_round_trip_property(case):
    vocab, hooks = case
    text = effects_text(hooks)
    assert parse_effects(text, vocab) == hooks
    assert effects_text(parse_effects(text, vocab)) == text


# -- never eval --------------------------------------------------------------------------------
@pytest.mark.parametrize("text, fragment", [
    ("__import__('os')", "unknown effect '__import__'"),
    ("__import__('os').system('echo pwned')", "unexpected character '.'"),
    ("os.system('echo pwned')", "unexpected character '.' at position 3"),
    ("protect_groups; exec('x=1')", "unknown effect 'exec'"),
    ("draw_choose(draw=__import__('os'))", "must be a number"),
    ("draw_choose(rest_to=__import__)", "choose one of bottom, top"),
    ("draw_choose(draw=2+2)", "found '+2'"),
    ("eval('1')", "unknown effect 'eval'"),
    ("protect_groups.__class__", "unexpected character '.'"),
    ("[c for c in ()]", "unexpected character '['"),
    ("lambda: 0", "unexpected character ':'"),
])
def test_code_is_rejected_not_run(monkeypatch, text, fragment):
    calls = []

    def forbidden(*args, **kwargs):
        calls.append(args)
        raise AssertionError("eval/exec must never be called")

    with monkeypatch.context() as m:
        m.setattr(builtins, "eval", forbidden)
        m.setattr(builtins, "exec", forbidden)
        try:
            parse_effects(text, VOCABULARY)
        except EffectError as err:
            message = str(err)
        else:
            message = None
    assert not calls
    assert message is not None, f"{text!r} was accepted"
    assert fragment in message


@pytest.mark.parametrize("module", [effects_mod, cardtable_mod])
def test_parser_source_has_no_dynamic_evaluation(module):
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    called = {node.func.id for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert not called & {"eval", "exec", "compile", "__import__"}
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                for alias in node.names}
    assert not imported & {"literal_eval", "importlib", "pickle"}


# -- card tables ------------------------------------------------------------------------------
HEADER = ["id", "name_en", "name_ja", "cost", "effects", "text_ja", "text_en"]
GOOD = [
    ["S1", "Purge", "パージ", "2", "end_discard_per_number(max_per_number=1)", "捨てる", ""],
    ["S3", "Catalogue", "カタログ", "2", "protect_groups", "", ""],
    ["S8", "Battle", "", "1", "release_tie_allowed", "", "ties"],
]


def write_csv(path: Path, rows, header=HEADER, encoding="utf-8") -> Path:
    with path.open("w", encoding=encoding, newline="") as fh:
        writer = csv.writer(fh)
        if header is not None:
            writer.writerow(header)
        writer.writerows(rows)
    return path


def load(path: Path):
    return load_table(path, COLUMNS, VOCABULARY)


def test_real_skills_table_loads():
    rows = load_table(skills_path(), COLUMNS, VOCABULARY)
    assert [r["id"] for r in rows] == [f"S{i}" for i in range(1, 9)]
    assert [r["cost"] for r in rows] == [2, 2, 2, 2, 1, 1, 1, 1]
    assert rows[1]["effects"] == (Hook("draw_choose", {"draw": 2, "keep": 1,
                                                       "rest_to": "bottom"}),)


def test_good_table_is_typed(tmp_path):
    rows = load(write_csv(tmp_path / "skills.csv", GOOD))
    assert [r["id"] for r in rows] == ["S1", "S3", "S8"]
    assert rows[0]["cost"] == 2 and rows[0]["name_ja"] == "パージ"
    assert rows[1]["effects"] == (Hook("protect_groups", {}),)
    assert rows[2]["name_ja"] == ""  # optional column, empty cell -> default


def test_utf8_bom_is_accepted(tmp_path):
    path = write_csv(tmp_path / "bom.csv", GOOD, encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = load(path)
    assert rows[0]["id"] == "S1" and rows[0]["name_ja"] == "パージ"
    assert load_skills(path)[0].id == "S1"


def test_bad_cell_names_file_row_and_column(tmp_path):
    bad = [row[:] for row in GOOD]
    bad[2][3] = "one"  # third data row = spreadsheet row 4
    path = write_csv(tmp_path / "skills.csv", bad)
    with pytest.raises(DataError) as err:
        load(path)
    e = err.value
    assert (e.file, e.row, e.column) == (str(path), 4, "cost")
    assert str(e) == f"{path}, row 4, column 'cost': 'one' is not a whole number"


def test_bad_effect_names_file_row_and_column(tmp_path):
    bad = [row[:] for row in GOOD]
    bad[1][4] = "protect_groups; fly"
    path = write_csv(tmp_path / "skills.csv", bad)
    with pytest.raises(DataError) as err:
        load(path)
    assert (err.value.row, err.value.column) == (3, "effects")
    assert str(path) in str(err.value) and "unknown effect 'fly'" in str(err.value)


def test_blank_rows_are_skipped_but_still_counted(tmp_path):
    rows = [GOOD[0], [""] * 7, ["S9", "X", "", "99", "protect_groups", "", ""]]
    path = write_csv(tmp_path / "skills.csv", rows)
    with pytest.raises(DataError) as err:
        load(path)
    assert (err.value.row, err.value.column) == (4, "cost")
    assert "99 is outside -10–20" in str(err.value)
    assert len(load(write_csv(tmp_path / "ok.csv", [GOOD[0], [""] * 7, GOOD[1]]))) == 2


def test_missing_column_is_row_1(tmp_path):
    path = write_csv(tmp_path / "skills.csv", [r[:4] for r in GOOD], header=HEADER[:4])
    with pytest.raises(DataError) as err:
        load(path)
    assert (err.value.row, err.value.column) == (1, "effects")
    assert "missing column" in str(err.value)


def test_header_whitespace_is_ignored(tmp_path):
    path = write_csv(tmp_path / "skills.csv", GOOD, header=[f" {h} " for h in HEADER])
    assert len(load(path)) == 3


def test_duplicate_and_empty_cells(tmp_path):
    path = write_csv(tmp_path / "dup.csv", GOOD + [["S3", "Again", "", "1", "protect_groups",
                                                    "", ""]])
    with pytest.raises(DataError) as err:
        load(path)
    assert (err.value.row, err.value.column) == (5, "id")
    assert "duplicate value 'S3'" in str(err.value)
    path = write_csv(tmp_path / "empty.csv", [["S1", "", "", "2", "protect_groups", "", ""]])
    with pytest.raises(DataError) as err:
        load(path)
    assert (err.value.row, err.value.column) == (2, "name_en")
    assert "empty cell" in str(err.value)


def test_not_utf8_and_missing_file(tmp_path):
    path = write_csv(tmp_path / "sjis.csv", GOOD, encoding="cp932")
    with pytest.raises(DataError) as err:
        load(path)
    assert str(path) in str(err.value) and "UTF-8" in str(err.value)
    with pytest.raises(DataError, match="file not found"):
        load(tmp_path / "nope.csv")


def test_other_column_types_and_row_check(tmp_path):
    cols = (Column("name"), Column("weight", "float", range=(0, 1)),
            Column("active", "bool"), Column("tags", "list", required=False, default=()),
            Column("kind", choices=("a", "b")))
    header = ["name", "weight", "active", "tags", "kind"]
    path = write_csv(tmp_path / "t.csv", [["x", "0.5", "yes", "p; q", "a"],
                                          ["y", "1", "false", "", "b"]], header=header)
    rows = load_table(path, cols)
    assert rows[0] == {"name": "x", "weight": 0.5, "active": True, "tags": ("p", "q"),
                       "kind": "a"}
    assert rows[1]["tags"] == () and rows[1]["active"] is False
    for bad_row, column, fragment in ((["x", "2", "yes", "", "a"], "weight", "outside 0–1"),
                                      (["x", "0.1", "maybe", "", "a"], "active", "true/false"),
                                      (["x", "0.1", "no", "", "c"], "kind", "not one of a, b")):
        bad = write_csv(tmp_path / "bad.csv", [["ok", "0", "no", "", "a"], bad_row],
                        header=header)
        with pytest.raises(DataError) as err:
            load_table(bad, cols)
        assert (err.value.row, err.value.column) == (3, column)
        assert fragment in str(err.value)

    def check(row):
        return "weight: must be positive" if row["weight"] == 0 else None

    zero = write_csv(tmp_path / "zero.csv", [["x", "0.5", "no", "", "a"],
                                             ["y", "0", "no", "", "a"]], header=header)
    with pytest.raises(DataError) as err:
        load_table(zero, cols, row_check=check)
    assert (err.value.row, err.value.column, err.value.detail) == (3, "weight",
                                                                  "must be positive")
