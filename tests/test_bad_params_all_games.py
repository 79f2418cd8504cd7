"""Bad parameters checked alike in every game: a bad ``--set FIELD=VALUE`` names the field
and what is allowed (one table of each game's bad strings for ``Params.with_strings``, what
``--set`` and the lab's text boxes call), and a variant file out of range names the file
and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from designkit import DataError
from designkit.core.registry import get_game
from tests.helpers.bad_params import assert_param_error


@pytest.mark.parametrize(("game", "players", "allowed"), [
    ("classic_hero", 5, "3–4"),    # CH-1.1
    ("crossroads", 6, "3–5"),      # CR-1.1
    ("rolling_stone", 5, "3–4"),   # LR-1.1
    ("witch_academy", 6, "3–5"),   # LW-1.1
])
def test_players_out_of_range_names_field_and_range(game: str, players: int,
                                                    allowed: str) -> None:
    assert_param_error(lambda: get_game(game).params_type(players=players), "players",
                       f"players: {players} is outside the allowed range {allowed}")


@pytest.mark.parametrize("game", ["crossroads", "rolling_stone"])
def test_unknown_set_field_names_it_and_the_known_ones(game: str) -> None:
    """An unknown ``--set FIELD=VALUE`` names the field and lists the known ones."""
    assert_param_error(lambda: get_game(game).params_type().with_strings({"player_count": "4"}),
                       "player_count", "unknown parameter", "players")


@pytest.mark.parametrize(("game", "field", "value", "words"), [
    ("classic_hero", "max_dice", "9", "2–8"),
    ("classic_hero", "max_dice", "six", "not a number"),
    ("classic_hero", "goal_fill", "random", "left_to_right"),
    ("classic_hero", "artifact_vp", "never", "before"),
    ("classic_hero", "rest_in_boss_fight", "maybe", "true/false"),
    ("classic_hero", "growth_steps_per_stage", "3", "0–2"),
    ("crossroads", "players", "six", "not a number"),
    ("crossroads", "declare_27_by", "nobody", "active"),
    ("crossroads", "s2_optional", "maybe", "true/false"),
    ("crossroads", "start_player", "7", "0–4"),
    ("rolling_stone", "players", "four", "not a number"),
    ("rolling_stone", "album_frame", "round", "floating"),
    ("rolling_stone", "dice_chirality", "both", "right"),
    ("rolling_stone", "simultaneous_dream_choices", "maybe", "true/false"),
    ("rolling_stone", "album_rows", "9", "2–6"),
    ("rolling_stone", "colours", "R,X", "R, B, Y, G"),
    ("rolling_stone", "order_bonus", "none,move_die,start_marker,teleport", "teleport"),
])
def test_bad_set_values(game: str, field: str, value: str, words: str) -> None:
    params_type = get_game(game).params_type
    assert_param_error(lambda: params_type().with_strings({field: value}), field, words)


# Life is Rolling Stone's players lie within players_min–players_max (3–4 by default, the
# draft's ３〜４人用), not the spec's wider 2–6, which only bounds those two fields
@pytest.mark.parametrize(("game", "allowed"), [("crossroads", "3–5"), ("rolling_stone", "3–4")])
def test_a_variant_file_out_of_range_names_file_and_field(game: str, allowed: str,
                                                          tmp_path: Path) -> None:
    """A variant YAML with players: 9 names the file, the field and (``allowed``) its range."""
    path = tmp_path / "crowd.yaml"
    path.write_text(f"game: {game}\nparams:\n  players: 9\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        get_game(game).params_type.load(path)
    assert err.value.file == str(path) and err.value.column == "players"
    assert str(path) in str(err.value) and "players" in str(err.value)
    assert f"allowed range {allowed} " in str(err.value)


def test_a_bounded_field_names_the_range_its_bounds_allow_now() -> None:
    """``within``: Rolling Stone's players follow players_min/players_max as set, and a
    minimum above the maximum names the minimum."""
    params_type = get_game("rolling_stone").params_type
    assert_param_error(lambda: params_type().with_strings({"players": "2"}), "players", "3–4")
    widened = params_type().with_strings({"players_max": "6", "order_slots": "6",
                                          "order_bonus": "none,none,none,none,none,none"})
    assert_param_error(lambda: widened.with_strings({"players": "7"}), "players", "3–6")
    assert_param_error(lambda: params_type().with_strings({"players_min": "5"}), "players_min",
                       "above players_max 4")
