"""Seats and player counts (core.seats) and random in-range Params (core.params_sampling)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import given, settings

from designkit.core.errors import ParamError
from designkit.core.params import Params, param
from designkit.core.params_sampling import params_strategy, random_params
from designkit.core.seats import player_count, player_counts, player_range, seat_label, seat_labels


@dataclass(frozen=True)
class ToyParams(Params):
    players: int = param(3, range=(2, 6), rule="T-1", help="players")
    most: int = param(4, range=(2, 6), rule="T-1", help="most players")
    ratio: float = param(0.5, range=(0.0, 1.0), rule="T-2", help="a share")
    colour: str = param("red", choices=("red", "blue"), rule="T-3", help="a colour")
    cap: int | None = param(None, range=(1, 9), optional=True, rule="T-4", help="a cap")
    costs: dict[str, int] = param(default_factory=lambda: {"a": 1, "b": 2}, item_range=(0, 5),
                                  rule="T-5", help="costs")
    numbers: tuple[int, ...] = param((1, 2, 3), item_range=(1, 9), rule="T-6", help="numbers")
    words: tuple[str, ...] = param(("x", "y", "z"), kind="list", rule="T-7", help="words")

    def check_consistency(self) -> None:
        if self.players > self.most:
            raise ParamError("players", f"{self.players} is above most {self.most}")
        if len(set(self.numbers)) != len(self.numbers) or not self.numbers:
            raise ParamError("numbers", "each number once, at least one")
        if self.cap is not None and self.cap < len(self.numbers):
            raise ParamError("cap", "below the count of numbers")


@dataclass(frozen=True)
class Solo(Params):
    fixed_players = 1
    speed: int = param(1, range=(1, 3), rule="S-1", help="speed")


def test_seat_labels_are_letters():
    assert seat_labels(4) == ["A", "B", "C", "D"]
    assert seat_label(25) == "Z" and seat_label(26) == "P27"


def test_player_range_follows_metadata_and_cross_field_checks():
    assert player_range(ToyParams) == (2, 4)
    assert player_counts(ToyParams) == [2, 3, 4]
    assert player_count(ToyParams(players=4)) == 4
    assert player_range(Solo) == (1, 1) and player_count(Solo()) == 1


def _assert_in_range(p: ToyParams) -> None:
    assert 2 <= p.players <= p.most <= 6
    assert 0.0 <= p.ratio <= 1.0 and p.colour in ("red", "blue")
    assert p.cap is None or len(p.numbers) <= p.cap <= 9
    assert set(p.costs) == {"a", "b"} and all(0 <= v <= 5 for v in p.costs.values())
    assert p.numbers and len(set(p.numbers)) == len(p.numbers)
    assert all(1 <= n <= 9 for n in p.numbers) and set(p.words) <= {"x", "y", "z"}


def test_random_params_are_valid_seeded_and_cover_the_ranges():
    drawn = [random_params(ToyParams, random.Random(seed)) for seed in range(300)]
    for p in drawn:
        _assert_in_range(p)
    assert drawn[:20] == [random_params(ToyParams, random.Random(s)) for s in range(20)]
    assert {p.players for p in drawn} == {2, 3, 4}
    assert {p.colour for p in drawn} == {"red", "blue"}
    assert any(p.cap is not None for p in drawn) and any(p.cap is None for p in drawn)
    assert any(p.costs != {"a": 1, "b": 2} for p in drawn)
    assert any(p.most != 4 for p in drawn) and any(len(p.words) < 3 for p in drawn)


@settings(max_examples=60, deadline=None)
@given(params_strategy(ToyParams))
def test_params_strategy_draws_valid_params(p):
    _assert_in_range(p)
