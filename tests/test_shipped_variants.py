"""Every game's shipped variant files (``data/<game>/variants``) play to the end from the
command line and survive the contract suite's checked playout: one test for every game
with variant files, so a new game's files are checked by adding its row here."""

from __future__ import annotations

import pytest

from designkit.core.registry import get_game
from tests.helpers.variants import (
    assert_variants_play_to_the_end,
    assert_variants_survive_a_checked_playout,
)

#: game → the player counts its files are played at from the command line (``None``: the
#: files' own) and, in turn, in the checked playouts
PLAYERS = {"crossroads": ((3, 4), (3, 4, 5)),
           "rolling_stone": ((3, 4), (3, 4)),
           "witch_academy": ((None,), (3, 4, 5)),
           "classic_hero": ((3, 4), (3, 4))}


def test_every_game_with_variant_files_has_a_row() -> None:
    """A game that ships variant files is played here (issue 38: 王道勇者's change-list
    switches were missing)."""
    from pathlib import Path

    data = Path(__file__).resolve().parents[1] / "data"
    shipping = {f.parent.parent.name for f in data.glob("*/variants/*.yaml")}
    assert shipping <= set(PLAYERS), sorted(shipping - set(PLAYERS))


@pytest.mark.parametrize(("game", "players"),
                         [(g, n) for g, (cli, _) in PLAYERS.items() for n in cli])
def test_every_variant_plays_to_the_end(game: str, players: int | None,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """`designkit play GAME --variant NAME --seed 1 [--set players=N]`, for each file."""
    assert_variants_play_to_the_end(game, get_game(game).params_type, capsys, players)


@pytest.mark.parametrize("game", list(PLAYERS))
def test_every_variant_survives_a_checked_playout(game: str) -> None:
    """The contract suite's driver (check_state after every step, logged rule IDs in
    rules.csv) on each shipped variant, the game's player counts in turn."""
    assert_variants_survive_a_checked_playout(get_game(game), PLAYERS[game][1])
