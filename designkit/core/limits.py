"""Limits every command checks up front: seeds, game counts and the memory a run needs.

One function per limit, used by ``play``, ``simulate``, ``sweep``, ``tune`` and
``report`` alike (and by :func:`designkit.sim.many.simulate_many` for library
callers), so ``--seed -1`` or ``--games 1000000000`` get the same one-line answer
everywhere, before any game is played rather than after hours of work.
"""

from __future__ import annotations

import os
from typing import Any

from designkit.core.errors import ParamError
from designkit.core.messages import bi

#: seeds are fed to ``numpy.random.SeedSequence`` and ``random.Random``: 0 … 2**63 - 1
MAX_SEED = 2**63 - 1
#: measured with tracemalloc: a finished game's rows take about 3 KB (Crossroads, 5 seats)
#: to 15 KB (Rolling Stone, 4 seats); the DataFrames built from them about as much again
BYTES_PER_GAME = 32_000
#: a hard ceiling even on a machine with memory to spare (a run of days, not of minutes)
MAX_GAMES = 10_000_000

# -- what a designer hands over: checked before it is parsed ------------------------------
#: a variant file sets a few dozen parameters (the shipped ones are under 2 KB); 1 MB is
#: hundreds of times that, and small enough to read and parse in well under a second
MAX_VARIANT_BYTES = 1_000_000
#: a record writes out every step: the longest shipped game's is about 200 KB
MAX_RECORD_BYTES = 20_000_000
#: one ``--set FIELD=VALUE`` value (a list of a few hundred numbers at most)
MAX_SET_CHARS = 10_000
#: brackets or indentation levels in a variant, a ``--set`` value or a record; the deepest
#: real one is a table of lists (3), a record's final state about 6
MAX_DEPTH = 32
#: digits of one whole number in a record or variant (a seed is at most 20 digits, 2**64)
MAX_INT_DIGITS = 40


def check_seed(seed: Any, name: str = "seed") -> int:
    """``seed`` as an int in 0 … 2**63-1, or a ParamError naming the range."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        try:
            seed = int(str(seed).strip(), 0)
        except ValueError:
            raise ParamError(name, bi("{s!r} is not a whole number (allowed 0–{m})",
                                      "{s!r} は整数ではありません（許容範囲 0–{m}）", s=seed,
                                      m=MAX_SEED)) from None
    if not 0 <= seed <= MAX_SEED:
        raise ParamError(name, bi("{s} is outside the allowed range 0–{m}",
                                  "{s} は許容範囲 0–{m} の外です", s=seed, m=MAX_SEED))
    return seed


def available_memory() -> int:
    """Bytes the system can give this process now (MemAvailable), 0 if unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 0


def max_games(configs: int = 1, memory: int | None = None) -> int:
    """The most games per configuration a run may ask for on this machine."""
    memory = available_memory() if memory is None else memory
    by_memory = int(memory * 0.8) // (BYTES_PER_GAME * max(1, configs)) if memory else MAX_GAMES
    return max(1, min(MAX_GAMES, by_memory))


def check_games(n_games: Any, configs: int = 1, name: str = "games") -> int:
    """``n_games`` as an int from 1 to :func:`max_games`, or a ParamError with a hint."""
    if isinstance(n_games, bool) or not isinstance(n_games, int):
        raise ParamError(name, bi("{n!r} is not a whole number of games",
                                  "{n!r} はゲーム数として整数ではありません", n=n_games))
    if n_games < 1:
        raise ParamError(name, bi("{n} is outside the allowed range 1 or more",
                                  "{n} は許容範囲（1 以上）の外です", n=n_games))
    limit = max_games(configs)
    if n_games > limit:
        raise ParamError(name, bi(
            "{n:,} is more than this machine can hold in memory: at most {lim:,} games{per} "
            "(about {kb} KB each); run several smaller simulations with different --seed and "
            "combine their --out files", "{n:,} はこのマシンのメモリに収まりません：最大 {lim:,} "
            "ゲーム{per_ja}（1ゲーム約 {kb} KB）。シードを変えた小さいシミュレーションを何回か"
            "実行して、出力を合わせてください", n=n_games, lim=limit, kb=BYTES_PER_GAME // 1000,
            per=f" per point ({configs} points)" if configs > 1 else "",
            per_ja=f"（1点あたり、{configs} 点）" if configs > 1 else ""))
    return n_games
