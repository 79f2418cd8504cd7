"""What a command plays and where it runs: the options ``play``, ``simulate``, ``sweep``,
``tune`` and ``report`` share (the game, its players, seed, bots and parameters) and those
of every command that runs many games (backend, workers, a Dask scheduler)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params
from designkit.core.registry import get_game


@dataclass(frozen=True)
class Setup:
    """The game and what changes it: a named variant or YAML file, ``FIELD=VALUE``
    changes (``--set``), the player count (an int, as the engine takes it), the seed and
    the bots (one name for every seat or one per seat, comma separated)."""

    game: str | Game | None
    players: int | None = None
    seed: int | None = 0
    agents: str | None = None
    sets: Sequence[str] | None = None
    variant: str | None = None

    def the_game(self) -> Game:
        """The named game (a Game passes through); none named is one line saying so."""
        if self.game is None:
            raise DesignkitError("give a game (`designkit games` lists them)")
        return get_game(self.game)

    def resolve(self) -> tuple[Game, Params]:
        """The game and its Params, both checked (one line naming what is wrong)."""
        game = self.the_game()
        return game, command_params(game, self.variant, self.sets, self.players)


def parse_sets(items: Sequence[str] | None) -> dict[str, Any]:
    """``--set FIELD=VALUE`` items as ``{field: text}``; a field given twice must agree."""
    sets: dict[str, Any] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise DesignkitError(f"--set {item}: write FIELD=VALUE, e.g. end_hand_sum=28")
        if key in sets and sets[key] != value.strip():
            raise DesignkitError(f"--set {key} is given twice ({sets[key]} and "
                                 f"{value.strip()}): keep one")
        sets[key] = value.strip()
    return sets


def command_params(game: Game, variant: str | None = None, sets: Sequence[str] | None = None,
                   players: int | None = None) -> Params:
    """The draft's Params or a variant's, with the ``--set`` changes and ``--players``
    applied in one step (so the cross-field checks see them together). ``players``
    stays the int it was parsed as: it is not written out as text to be read again."""
    from designkit.core.variants import load_variant

    changes: dict[str, Any] = dict(parse_sets(sets))
    if players is not None:
        if "players" in changes and str(changes["players"]) != str(players):
            raise DesignkitError(f"--players {players} and --set players={changes['players']} "
                                 f"disagree: keep one")
        changes["players"] = players
    if variant is None:  # the defaults and the changes, checked together (issue 22 item 5)
        return game.params_type.from_strings(changes)
    params = load_variant(game.params_type, variant).params
    return params.with_strings(changes) if changes else params


@dataclass(frozen=True)
class RunOn:
    """Where many games run: ``backend`` (auto, serial, process, dask), ``workers``
    (None: every core when the batch pays for them), a Dask ``scheduler`` address, how
    long to wait for its first worker, and ``quiet`` (no progress bar)."""

    backend: str = "auto"
    workers: int | None = None
    scheduler: str | None = None
    worker_wait: float | None = None
    quiet: bool = False

    @property
    def progress(self) -> bool | None:
        """The progress bar: automatic (None), or off when quiet."""
        return None if not self.quiet else False

    def resolved(self) -> RunOn:
        """``--scheduler`` means Dask (its address checked); with another explicit
        backend it is a mistake, and so is ``--worker-wait`` without a scheduler."""
        if self.worker_wait is not None:  # read by the Dask backend when it connects
            if self.scheduler is None:
                raise DesignkitError("--worker-wait is for --scheduler (a cluster's workers)")
            os.environ["DESIGNKIT_DASK_WORKER_WAIT"] = str(self.worker_wait)
        if self.scheduler is None:
            return self
        if self.backend in ("auto", "dask"):
            from designkit.sim.dask_backend import check_address

            return replace(self, backend="dask", scheduler=check_address(self.scheduler))
        raise DesignkitError(f"--scheduler needs the dask backend: drop --backend "
                             f"{self.backend} or write --backend dask")


#: this machine, the automatic worker count, the progress bar on: a command's default
LOCAL = RunOn()
