"""Bad parameters, checked the same way for every game: a ParamError that names the field
(as its ``field`` and in its text) and says what is allowed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from designkit import ParamError


def assert_param_error(make: Callable[[], Any], field: str, *words: str) -> ParamError:
    """``make()`` (building parameters) raises a ParamError whose ``field`` is ``field`` and
    whose text holds every one of ``words``."""
    with pytest.raises(ParamError) as err:
        make()
    assert err.value.field == field, (err.value.field, field)
    for w in words:
        assert w in str(err.value), (w, str(err.value))
    return err.value


def assert_player_count(game: Any, players: int, allowed: tuple[int, int], match: str) -> None:
    """``game`` plays ``allowed`` (lowest, highest) players: ``players`` inside it builds
    parameters with that count, outside it is a ParamError matching ``match``."""
    assert (game.min_players, game.max_players) == allowed
    if allowed[0] <= players <= allowed[1]:
        assert game.params_type(players=players).players == players
    else:
        with pytest.raises(ParamError, match=match):
            game.params_type(players=players)
