"""One package per game; importing this module registers them all."""

from designkit.games import crossroads  # noqa: F401

from designkit.games import rolling_stone  # noqa: F401  # isort: skip
from designkit.games import witch_academy  # noqa: F401  # isort: skip
from designkit.games import classic_hero  # noqa: F401  # isort: skip
