"""Games already played in this process, kept so a review does not play them again.

A design review (``designkit review``, the questions notebooks' walk) runs one paired
comparison per question × player count × bot level × placeholder value, and every one of
them plays the **draft** arm again on the same game seeds (``game_seed(seed, id)``) with the
same bots: identical games, replayed dozens of times (王道勇者: about 70 comparisons). A
game's rows are fixed by what is in :func:`arm_key`, so a comparison asks this memo first
and sends only the missing game ids to the workers (``variant_compare._play``).

**The key** is everything that fixes a game's rows: the game, its parameters (canonical JSON
of ``to_dict()``), the agent specs, the run's seed, the batch function (plain, traced,
watched by the game's declared metrics — with their names — or both) and the coverage flag,
the designkit version, and the **content** (SHA-256, as a results file's ``data_sha``:
:func:`designkit.core.records.data_hashes`) of the card tables the game declares. A table
the designer edits in the lab hashes differently, so its rows are never served for the new
cards; one put back the way it was is served again. The game id completes the key of a row.

**Never for bots a seed does not fix** (a time budget: ``mcts:0.1s``): their games differ
from run to run, so there is nothing to share (:func:`~designkit.agents.spec.nondeterministic`).

**Same numbers.** The verdicts of one page already play every arm on the same seeds
(``/work/shared/VERDICTS.md``: paired comparisons), so serving the draft's rows changes no
number — ``tests/analysis/test_played_games.py`` checks a review with and without the memo.

**Bounded**: at most :data:`DEFAULT_LIMIT` rows (least recently used go first). The
environment variable ``DESIGNKIT_PLAYED_GAMES`` sets the limit (a whole number) or switches
the memo off (``0`` / ``off``); :func:`clear` empties it.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from designkit.core.errors import DesignkitError
from designkit.core.game import Game
from designkit.core.params import Params

#: the environment variable: a row limit, or 0 / off to play every game again
ENV = "DESIGNKIT_PLAYED_GAMES"
#: rows kept at most: a 王道勇者 review at 40 games keeps ≈2,000 distinct games, each a few kB
DEFAULT_LIMIT = 20_000
#: one game's rows as a batch function returns them: (game row, seat rows)
Row = tuple[dict[str, Any], list[dict[str, Any]]]


def limit() -> int:
    """The row limit ``DESIGNKIT_PLAYED_GAMES`` sets (0: switched off); one line if bad."""
    text = os.environ.get(ENV, "").strip().lower()
    if not text:
        return DEFAULT_LIMIT
    if text in ("off", "no", "false", "none"):
        return 0
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise DesignkitError(f"{ENV}={text!r}: give a whole number of games to keep (0 or off "
                             "plays every game again)")
    return n


@dataclass
class Stats:
    """Games served from the memo and games played (sent to the workers) since :func:`clear`."""

    served: int = 0
    played: int = 0


class PlayedGames:
    """Finished games' rows by (:func:`arm_key`, game id), least recently used first out."""

    def __init__(self) -> None:
        self._rows: OrderedDict[tuple[Hashable, int], Row] = OrderedDict()
        self._lock = threading.Lock()   # a panel's comparison runs in a thread
        self.stats = Stats()

    def __len__(self) -> int:
        return len(self._rows)

    def get(self, key: Hashable, ids: Iterable[int]) -> dict[int, Row]:
        """The kept games among ``ids`` (copies: a caller may add columns to its rows)."""
        out: dict[int, Row] = {}
        with self._lock:
            for gid in ids:
                row = self._rows.get((key, gid))
                if row is not None:
                    self._rows.move_to_end((key, gid))
                    out[gid] = (dict(row[0]), [dict(s) for s in row[1]])
            self.stats.served += len(out)
        return out

    def put(self, key: Hashable, rows: Iterable[tuple[int, Row]], most: int) -> None:
        """Keep ``rows`` (game id, row), dropping the least recently used beyond ``most``."""
        with self._lock:
            for gid, row in rows:
                self.stats.played += 1
                if most <= 0:
                    continue
                self._rows[key, gid] = (dict(row[0]), [dict(s) for s in row[1]])
                self._rows.move_to_end((key, gid))
            while len(self._rows) > max(most, 0):
                self._rows.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._rows.clear()
            self.stats = Stats()


#: the process's memo (the parent's: workers only play what they are sent)
MEMO = PlayedGames()


def clear() -> None:
    """Forget every kept game (and the counts)."""
    MEMO.clear()


def stats() -> Stats:
    return MEMO.stats


def arm_key(game: Game, params: Params, agents: Sequence[str], seed: int,
            fn: Callable[..., Any], coverage: bool) -> Hashable | None:
    """What fixes the rows of one arm's games (module docstring), or None when they must be
    played (the memo switched off, or a bot a seed does not fix)."""
    from designkit import __version__
    from designkit.agents.spec import nondeterministic
    from designkit.core.records import canonical_hash, data_hashes

    if limit() <= 0 or nondeterministic(agents):
        return None
    watched = "watched" in fn.__name__
    declared: tuple[str, ...] = ()
    if watched:   # the watched rows carry a column per declared metric
        from designkit.sim.watched import declared_metrics

        declared = tuple(m.name for m in declared_metrics(game).metrics)
    return (game.name, canonical_hash(params.to_dict()), tuple(agents), int(seed),
            f"{fn.__module__}.{fn.__qualname__}", declared, bool(coverage), __version__,
            tuple(sorted(data_hashes(game.name).items())))


def missing_runs(ids: range, have: Iterable[int]) -> list[range]:
    """The ids of ``ids`` not in ``have``, as ascending runs of consecutive ids."""
    kept = set(have)
    out: list[range] = []
    start = None
    for gid in [*ids, None]:
        if gid is not None and gid not in kept:
            start = gid if start is None else start
            continue
        if start is not None:
            out.append(range(start, gid if gid is not None else ids.stop))
            start = None
    return out


__all__ = ["DEFAULT_LIMIT", "ENV", "MEMO", "PlayedGames", "Row", "Stats", "arm_key", "clear",
           "limit", "missing_runs", "stats"]
