"""Params: metadata, validation with messages that name field and range, YAML variants.

A toy parameter set exercises every kind (int, float, choice, bool, optional,
table, list); Crossroads' own set checks the real defaults and cross-field rules.
"""

from __future__ import annotations

import builtins
import dataclasses
from dataclasses import dataclass

import pytest

from designkit.core.errors import DataError, ParamError
from designkit.core.params import Params, param
from designkit.games.crossroads import CrossroadsParams


@dataclass(frozen=True)
class ToyParams(Params):
    game_name = "toy"

    size: int = param(4, range=(1, 10), rule="T-1", group="Board", help="Board size",
                      label_ja="大きさ")
    ratio: float = param(0.5, range=(0.0, 1.0), rule="T-2", help="A share")
    mode: str = param("fast", choices=("fast", "slow"), rule="T-3", help="Speed")
    flag: bool = param(False, rule="T-4", help="A switch")
    limit: int | None = param(None, range=(1, 5), optional=True, rule="T-5",
                              help="A limit (empty: none)")
    costs: dict[str, int] = param(default_factory=lambda: {"a": 1, "b": 2},
                                  item_range=(0, 9), rule="T-6", help="Cost per item")
    numbers: tuple[int, ...] = param((1, 2, 3), item_range=(1, 30), rule="T-7",
                                     help="Numbers on the cards")
    names: tuple[str, ...] = param(("x", "y"), kind="list", rule="T-8", help="Names")


# -- metadata ----------------------------------------------------------------------------------
def test_specs_carry_kind_default_range_help_rule_and_group():
    specs = ToyParams.specs()
    assert list(specs) == ["size", "ratio", "mode", "flag", "limit", "costs", "numbers", "names"]
    kinds = {k: s.kind for k, s in specs.items()}
    assert kinds == {"size": "int", "ratio": "float", "mode": "choice", "flag": "bool",
                     "limit": "int", "costs": "table", "numbers": "list", "names": "list"}
    size = specs["size"]
    assert (size.range, size.help, size.rule, size.group, size.label_ja) == (
        (1, 10), "Board size", "T-1", "Board", "大きさ")
    assert specs["ratio"].group == "General"
    assert specs["mode"].choices == ("fast", "slow")
    assert specs["limit"].optional
    assert specs["size"].describe_range() == "1–10"
    assert specs["limit"].describe_range() == "1–5 or empty"
    assert specs["mode"].describe_range() == "one of 'fast', 'slow'"
    assert specs["numbers"].describe_range() == "each value 1–30"
    defaults = ToyParams()
    assert defaults == ToyParams.defaults()
    assert (defaults.size, defaults.costs, defaults.numbers) == (4, {"a": 1, "b": 2}, (1, 2, 3))


def test_crossroads_params_metadata_matches_the_spec_defaults():
    p = CrossroadsParams()
    specs = CrossroadsParams.specs()
    assert (p.players, p.end_hand_sum, p.starting_hand, p.copies_per_number) == (4, 27, 2, 6)
    assert p.numbers == (2, 3, 4, 5, 6, 7, 8)
    assert p.skill_cost == {"S1": 2, "S2": 2, "S3": 2, "S4": 2, "S5": 1, "S6": 1, "S7": 1,
                            "S8": 1}
    assert specs["players"].range == (3, 5) and specs["players"].rule == "CR-1.1"
    assert specs["end_hand_sum"].rule == "CR-8.1"
    for name, spec in specs.items():
        assert spec.help, name
        assert spec.rule.startswith("CR-"), name


def test_params_are_immutable():
    p = ToyParams()
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.size = 5  # type: ignore[misc]


# -- validation: numbers ----------------------------------------------------------------------
def test_int_out_of_range_names_field_range_and_rule():
    with pytest.raises(ParamError) as err:
        ToyParams(size=11)
    assert err.value.field == "size"
    msg = str(err.value)
    assert msg.startswith("size: ")
    assert "1–10" in msg and "11" in msg and "T-1" in msg


def test_crossroads_players_out_of_range():
    with pytest.raises(ParamError) as err:
        CrossroadsParams(players=6)
    assert err.value.field == "players"
    assert "3–5" in str(err.value) and "CR-1.1" in str(err.value)


@pytest.mark.parametrize("value", [-0.1, 1.5])
def test_float_out_of_range(value):
    with pytest.raises(ParamError, match=r"^ratio: .*0–1"):
        ToyParams(ratio=value)


def test_numbers_are_coerced_and_checked_for_type():
    assert ToyParams(size=3.0).size == 3
    assert isinstance(ToyParams(size=3.0).size, int)
    assert ToyParams(ratio=1).ratio == 1.0
    assert isinstance(ToyParams(ratio=1).ratio, float)
    with pytest.raises(ParamError, match=r"^size: 2\.5 is not a whole number"):
        ToyParams(size=2.5)
    with pytest.raises(ParamError, match=r"^size: .*not a number"):
        ToyParams(size="3")
    with pytest.raises(ParamError, match=r"^size: .*not a number"):
        ToyParams(size=True)


# -- validation: choices, bools, optional -----------------------------------------------------
def test_choices_name_the_allowed_values():
    with pytest.raises(ParamError) as err:
        ToyParams(mode="medium")
    assert err.value.field == "mode"
    assert "'medium'" in str(err.value) and "'fast'" in str(err.value) and "'slow'" in str(
        err.value)
    with pytest.raises(ParamError, match="declare_27_by"):
        CrossroadsParams(declare_27_by="nobody")


def test_bool_must_be_a_bool():
    assert ToyParams(flag=True).flag is True
    with pytest.raises(ParamError, match=r"^flag: .*true/false"):
        ToyParams(flag="yes")
    with pytest.raises(ParamError, match=r"^flag: "):
        ToyParams(flag=1)


def test_optional_accepts_none_and_still_checks_the_range():
    assert ToyParams(limit=None).limit is None
    assert ToyParams(limit=5).limit == 5
    with pytest.raises(ParamError, match=r"^limit: .*1–5"):
        ToyParams(limit=0)
    with pytest.raises(ParamError, match=r"^size: a value is required \(1–10\)"):
        ToyParams(size=None)


# -- validation: tables and lists -------------------------------------------------------------
def test_table_kind_checks_each_value_and_names_the_key():
    assert ToyParams(costs={"a": 0, "c": 9}).costs == {"a": 0, "c": 9}
    assert ToyParams(costs={1: 2}).costs == {"1": 2}
    with pytest.raises(ParamError) as err:
        ToyParams(costs={"a": 1, "b": 10})
    assert err.value.field == "costs[b]"
    assert "0–9" in str(err.value)
    with pytest.raises(ParamError, match=r"^costs: .*table"):
        ToyParams(costs=[1, 2])
    with pytest.raises(ParamError, match=r"^skill_cost\[S1\]: .*-10–20"):
        CrossroadsParams(skill_cost={"S1": 99})
    with pytest.raises(ParamError, match=r"^skill_cost: unknown skill 'S9'"):
        CrossroadsParams(skill_cost={"S9": 1})


def test_list_kind_checks_each_item_and_parses_text():
    assert ToyParams(numbers=[4, 5.0]).numbers == (4, 5)
    assert ToyParams(numbers="4, 5 6").numbers == (4, 5, 6)
    assert ToyParams(names=["p", "q"]).names == ("p", "q")
    with pytest.raises(ParamError) as err:
        ToyParams(numbers=[1, 31])
    assert err.value.field == "numbers[1]"
    assert "1–30" in str(err.value)
    with pytest.raises(ParamError, match=r"^numbers: 7 is not a list"):
        ToyParams(numbers=7)
    with pytest.raises(ParamError, match=r"^crossroads_skills: unknown skill 'S9'"):
        CrossroadsParams(crossroads_skills=("S1", "S9"))


def test_cross_field_check_names_the_field():
    with pytest.raises(ParamError) as err:
        CrossroadsParams(players=3, start_player=3)
    assert err.value.field == "start_player"
    assert "0–2" in str(err.value)
    assert CrossroadsParams(players=3, start_player=2).start_player == 2
    with pytest.raises(ParamError, match="^numbers: "):
        CrossroadsParams(numbers=(2, 2, 3))


# -- single values (panels) and strings (CLI --set) -------------------------------------------
def test_check_value_validates_one_field():
    assert ToyParams.check_value("size", 7) == 7
    assert ToyParams.check_value("size", "7") == 7
    assert ToyParams.check_value("ratio", "0.25") == 0.25
    assert ToyParams.check_value("flag", "true") is True
    assert ToyParams.check_value("mode", "slow") == "slow"
    assert ToyParams.check_value("numbers", "4,5") == (4, 5)
    assert ToyParams.check_value("limit", "") is None
    with pytest.raises(ParamError, match=r"^size: .*1–10"):
        ToyParams.check_value("size", "70")
    with pytest.raises(ParamError, match=r"^mode: "):
        ToyParams.check_value("mode", "medium")
    with pytest.raises(ParamError) as err:
        ToyParams.check_value("nope", 1)
    assert err.value.field == "nope"
    assert "unknown parameter" in str(err.value) and "size" in str(err.value)


def test_with_strings_parses_scalars():
    p = CrossroadsParams().with_strings({"end_hand_sum": "28", "s2_optional": "false",
                                         "declare_discard_fraction": "0.25",
                                         "declare_27_by": "any", "start_player": "1",
                                         "max_skills_held": ""})
    assert p.end_hand_sum == 28 and type(p.end_hand_sum) is int
    assert p.s2_optional is False
    assert p.declare_discard_fraction == 0.25
    assert p.declare_27_by == "any"
    assert p.start_player == 1
    assert p.max_skills_held is None
    assert CrossroadsParams().with_strings({"s2_optional": "true"}).s2_optional is True
    assert CrossroadsParams().with_strings({"crossroads_skills": "S1,S2"}
                                           ).crossroads_skills == ("S1", "S2")
    assert CrossroadsParams().with_strings({"numbers": "3, 4, 5"}).numbers == (3, 4, 5)
    with pytest.raises(ParamError, match=r"^end_hand_sum: .*not a number"):
        CrossroadsParams().with_strings({"end_hand_sum": "twenty"})
    with pytest.raises(ParamError, match=r"^end_hand_sum: .*2–100"):
        CrossroadsParams().with_strings({"end_hand_sum": "280"})


def test_with_strings_never_evaluates_code(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("eval/exec called")

    monkeypatch.setattr(builtins, "eval", forbidden)
    monkeypatch.setattr(builtins, "exec", forbidden)
    for text in ("__import__('os').system('echo pwned')", "1+1", "[x for x in ()]",
                 "!!python/object/apply:os.system ['echo pwned']"):
        with pytest.raises(ParamError, match=r"^end_hand_sum: "):
            CrossroadsParams().with_strings({"end_hand_sum": text})
    assert CrossroadsParams().with_strings({"declare_27_by": "any"}).declare_27_by == "any"


def test_unknown_field_is_named_with_the_known_ones():
    for call in (lambda: ToyParams().replace(nope=1),
                 lambda: ToyParams().with_strings({"nope": "1"})):
        with pytest.raises(ParamError) as err:
            call()
        assert err.value.field == "nope"
        assert "unknown parameter" in str(err.value)
        assert "size, ratio, mode" in str(err.value)
    with pytest.raises(DataError) as derr:
        ToyParams.from_dict({"size": 3, "nope": 1}, source="my.yaml")
    assert derr.value.column == "nope" and derr.value.file == "my.yaml"


# -- comparing --------------------------------------------------------------------------------
def test_diff_lists_only_the_changes():
    base = CrossroadsParams()
    assert base.diff() == {}
    p = base.replace(end_hand_sum=28, s2_optional=False)
    assert p.diff() == {"end_hand_sum": (27, 28), "s2_optional": (True, False)}
    assert p.diff(p) == {}
    assert base.diff(p) == {"end_hand_sum": (28, 27), "s2_optional": (False, True)}
    toy = ToyParams(numbers=(1, 2), costs={"a": 1, "b": 3})
    assert toy.diff() == {"costs": ({"a": 1, "b": 2}, {"a": 1, "b": 3}),
                          "numbers": ([1, 2, 3], [1, 2])}


def test_replace_validates():
    with pytest.raises(ParamError, match="^end_hand_sum: "):
        CrossroadsParams().replace(end_hand_sum=1)


# -- YAML variants ----------------------------------------------------------------------------
def test_yaml_roundtrip_only_changes(tmp_path):
    p = CrossroadsParams(players=3, end_hand_sum=28, start_player=2,
                         crossroads_skills=("S1", "S3", "S8"),
                         skill_cost={"S1": 3, "S2": 2, "S3": 0, "S4": 2, "S5": 1, "S6": 1,
                                     "S7": 1, "S8": 2},
                         declare_discard_fraction=0.25, declare_27_by="any",
                         s2_optional=False)
    path = p.save(tmp_path / "variants" / "v1.yaml", note="ending at 28, S8 dearer")
    text = path.read_text(encoding="utf-8")
    assert "game: crossroads" in text and "ending at 28" in text
    assert "copies_per_number" not in text  # unchanged fields are not written
    loaded = CrossroadsParams.load(path)
    assert loaded == p
    assert loaded.diff() == p.diff()


def test_yaml_roundtrip_full_and_toy(tmp_path):
    toy = ToyParams(size=9, mode="slow", flag=True, limit=2, costs={"z": 0},
                    numbers=(30,), names=("only",))
    path = tmp_path / "toy.yaml"
    path.write_text(toy.to_yaml(only_changes=False), encoding="utf-8")
    assert ToyParams.load(path) == toy
    assert CrossroadsParams.load(CrossroadsParams().save(tmp_path / "d.yaml")) == \
        CrossroadsParams()


def test_yaml_variant_with_bom_and_missing_params(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_text("game: crossroads\nparams:\n  end_hand_sum: 30\n", encoding="utf-8-sig")
    assert CrossroadsParams.load(path).end_hand_sum == 30
    empty = tmp_path / "empty.yaml"
    empty.write_text("game: crossroads\n", encoding="utf-8")
    assert CrossroadsParams.load(empty) == CrossroadsParams()


def test_bad_variant_file_names_file_and_field(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: crossroads\nnote: too high\nparams:\n  end_hand_sum: 500\n",
                    encoding="utf-8")
    with pytest.raises(DataError) as err:
        CrossroadsParams.load(path)
    assert err.value.file == str(path)
    assert err.value.column == "end_hand_sum"
    msg = str(err.value)
    assert str(path) in msg and "end_hand_sum" in msg and "2–100" in msg and "500" in msg


def test_variant_with_unknown_field_or_other_game(tmp_path):
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("game: crossroads\nparams:\n  nope: 1\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        CrossroadsParams.load(unknown)
    assert str(unknown) in str(err.value) and "'nope'" in str(err.value)
    assert err.value.column == "nope"
    for name, text, match in [("other", "game: rolling_stone\nparams: {}\n", "rolling_stone"),
                              ("broken", "params: [1, 2\n", "not valid YAML"),
                              ("listy", "- 1\n- 2\n", "mapping")]:
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(DataError, match=match):
            CrossroadsParams.load(path)
    params_list = tmp_path / "params_list.yaml"
    params_list.write_text("game: crossroads\nparams: [1]\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        CrossroadsParams.load(params_list)
    assert err.value.column == "params"
