"""Seats and player counts, owned once: results, charts, CLI and panels ask here.

A game's seats are labelled A, B, C, … as in the drafts' worked examples; the
number of seats comes from the Params (their ``players`` field, or the class'
``fixed_players`` for a game without one), and the allowed range of players
from the Params metadata together with its cross-field checks, so no caller
repeats ``getattr(params, "players", ...)`` or ``chr(ord("A") + seat)``.
"""

from __future__ import annotations

from designkit.core.errors import ParamError
from designkit.core.messages import bi
from designkit.core.params import Params


def seat_label(seat: int) -> str:
    """``A``, ``B``, ``C``, …; past ``Z`` the seat number (``P27``)."""
    seat = int(seat)
    return chr(ord("A") + seat) if 0 <= seat < 26 else f"P{seat + 1}"


def seat_labels(players: int) -> list[str]:
    return [seat_label(s) for s in range(players)]


def player_count(params: Params) -> int:
    """How many seats a game with these params has."""
    if "players" in params.specs():
        return int(params.players)  # type: ignore[attr-defined]
    return type(params).fixed_players


_RANGES: dict[type[Params], tuple[int, int]] = {}


def player_range(params_type: type[Params]) -> tuple[int, int]:
    """Lowest and highest player count the Params accept, everything else at its default.

    The ``players`` range of the metadata is narrowed by the class' own cross-field
    checks (Rolling Stone's ``players_min``/``players_max``), so it is what a panel
    or a sweep may really offer.
    """
    found = _RANGES.get(params_type)
    if found is None:
        found = _RANGES[params_type] = _range(params_type)
    return found


def _range(params_type: type[Params]) -> tuple[int, int]:
    spec = params_type.specs().get("players")
    if spec is None or spec.range is None:
        fixed = params_type.fixed_players
        return fixed, fixed
    lo, hi = int(spec.range[0]), int(spec.range[1])
    accepted = [n for n in range(lo, hi + 1) if _accepts(params_type, n)]
    if not accepted:
        raise ParamError("players", bi("no player count in {lo}–{hi} is accepted by {p}",
                                       "{p} が受け付ける人数は {lo}–{hi} にありません", lo=lo,
                                       hi=hi, p=params_type.__name__))
    return accepted[0], accepted[-1]


def player_counts(params_type: type[Params]) -> list[int]:
    lo, hi = player_range(params_type)
    return list(range(lo, hi + 1))


def _accepts(params_type: type[Params], players: int) -> bool:
    try:
        params_type(players=players)  # type: ignore[call-arg]
    except ParamError:
        return False
    return True
