"""What every game's shipped variant files must do (``data/<game>/variants``): load,
change known fields, cite rules of the game's rules.csv, quote the draft in Japanese,
play to the end from the command line and survive the contract suite's checked playout."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import Any

import pytest

from designkit.cli import main
from designkit.core.paths import data_dir
from designkit.core.variants import NamedVariant, list_variants
from tests.contract.harness import checked_playout


def rule_ids(game: str) -> set[str]:
    """The rule IDs of ``data/<game>/rules.csv``."""
    with (data_dir(game) / "rules.csv").open(encoding="utf-8", newline="") as fh:
        return {row["rule_id"] for row in csv.DictReader(fh)}


def shipped_variants(params_type: Any) -> list[NamedVariant]:
    """The game's variant files, the draft (listed first) left out."""
    return list_variants(params_type)[1:]


def assert_variants_load_and_name_their_rules(game: str, params_type: Any
                                              ) -> list[NamedVariant]:
    """Each file: titles in both languages, known fields changed, rules of rules.csv
    cited, the draft quoted in 「」; returns the files for the game's own checks."""
    shipped, ids = shipped_variants(params_type), rule_ids(game)
    for v in shipped:
        assert v.game == game and v.title and v.title_ja and v.description_en, v.name
        assert v.changes() and set(v.changes()) <= set(params_type.specs()), v.name
        assert v.rules() and set(v.rules()) <= ids, v.name
        assert v.description_ja.startswith("「") and v.description_ja.endswith("」"), v.name
    return shipped


def assert_variants_play_to_the_end(game: str, params_type: Any,
                                    capsys: pytest.CaptureFixture[str],
                                    players: int | None = None) -> None:
    """`designkit play GAME --variant NAME --seed 1 [--set players=N]` for each file."""
    extra = ["--set", f"players={players}"] if players is not None else []
    for v in shipped_variants(params_type):
        assert main(["play", game, "--variant", v.name, "--seed", "1", *extra]) == 0, v.name
        assert "winner" in capsys.readouterr().out, v.name


def assert_variants_survive_a_checked_playout(game: Any, counts: Sequence[int]) -> None:
    """The contract suite's driver (check_state after every step, logged rule IDs in
    rules.csv) on each file, the player ``counts`` in turn."""
    ids = rule_ids(game.name)
    for i, v in enumerate(shipped_variants(game.params_type)):
        params = v.params.replace(players=counts[i % len(counts)])
        played = checked_playout(game, params, "random", seed=i, log=True)
        assert game.is_over(played.state), v.name
        assert {e.rule for e in played.state.log} <= ids, v.name
