"""One package per game; importing this module registers them all."""

from designkit.games import crossroads  # noqa: F401
