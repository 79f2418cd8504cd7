"""One random stream per purpose, each derived from the game seed and the purpose's name.

Why: a designer compares a draft and a variant on the same seeds (common random
numbers). With one chance stream, a variant that adds a card to one deck, or rolls a
die once more, shifts every later draw of the game, so the two arms share little but
the seed. Here every purpose draws from its own generator — each deck's draws (named
by the deck: ``"lords"``, ``"album stage 2"``), the dice (``"dice"``), the start
player, each seat's agent (``"agent 0"``) — so a change to one deck or to the number
of rolls leaves the other purposes' draws exactly as they were.

A purpose's generator is ``random.Random(stream_seed(seed, purpose))``: the first 8
bytes of BLAKE2b over the seed and the name (never Python's salted ``hash``), so the
same seed gives the same streams in every process and on every machine. Streams are
made on first use, so a game pays only for the purposes it draws from.

The driver owns them (games never own randomness, see :mod:`designkit.core.game`):
:func:`designkit.core.play.play_game` holds a :class:`Streams` and, at each
chance step, draws from the stream the step names (``Game.chance_stream``);
the stepper's session keeps each purpose's generator state per step for undo. A
record stays a list of steps and a clone needs no generator at all.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

#: the purpose of a chance step that names none (a game written before streams)
DEFAULT_PURPOSE = "chance"


def stream_seed(seed: int, purpose: str) -> int:
    """A 64-bit seed for ``purpose``'s stream in the game seeded ``seed``: stable
    across processes, machines and Python versions (BLAKE2b of ``"<seed>/<purpose>"``)."""
    digest = hashlib.blake2b(f"{int(seed)}/{purpose}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def purpose_rng(seed: int, purpose: str) -> random.Random:
    """A fresh generator for ``purpose`` in the game seeded ``seed``."""
    return random.Random(stream_seed(seed, purpose))


def agent_purpose(seat: int) -> str:
    """The purpose name of seat ``seat``'s agent (``"agent 0"``)."""
    return f"agent {int(seat)}"


def per_seat(purpose: str) -> Callable[[Any], str]:
    """A chance step's stream name that gives each seat a stream of its own, the seat read
    from the step's context (``ctx[0]``): ``per_seat("dice")`` names ``"dice 0"``,
    ``"dice 1"``, … So a variant that makes one seat roll more often leaves the other
    seats' rolls paired. The names are made once per seat (a roll is a frequent step)."""
    names: dict[int, str] = {}

    def name(st: Any) -> str:
        seat = st.ctx[0]
        found = names.get(seat)
        if found is None:
            found = names[seat] = f"{purpose} {seat}"
        return found
    return name


class Streams:
    """The chance streams of one game, by purpose: what the driver holds
    (:func:`~designkit.core.play.play_game`). A plain object: making one seeds no
    generator, so a game pays only for the purposes it draws from."""

    def __init__(self, seed: int = 0) -> None:
        self.game_seed = int(seed)
        self.streams: dict[str, random.Random] = {}

    def stream(self, purpose: str) -> random.Random:
        """``purpose``'s generator, made on first use."""
        found = self.streams.get(purpose)
        if found is None:
            found = self.streams[purpose] = purpose_rng(self.game_seed, purpose)
        return found


class ChanceStreams(Streams, random.Random):
    """:class:`Streams` that is also a ``random.Random``, for code that samples by hand.

    It is accepted wherever a chance RNG is: ``Game.sample_chance(state, streams)``
    routes the draw to the stream of the step's purpose, so code that samples with
    ``chance_rng(seed)`` plays exactly the game :func:`~designkit.core.play.play_game`
    plays. Drawing from it directly (a test's own pick) uses a stream of its own,
    purpose ``"direct"``, so such draws never move a purpose's stream. Every purpose's
    stream is a plain ``random.Random``, which the engine's fast paths draw from
    without a call.
    """

    def __init__(self, seed: int = 0) -> None:
        Streams.__init__(self, seed)
        random.Random.__init__(self, stream_seed(self.game_seed, "direct"))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with every stream's position (``random.Random``'s own would drop them)."""
        others = {k: v.getstate() for k, v in self.streams.items()}
        return _rebuild, (self.game_seed, self.getstate(), others)


def _rebuild(seed: int, own: Any, others: dict[str, Any]) -> ChanceStreams:
    out = ChanceStreams(seed)
    out.setstate(own)
    for purpose, state in others.items():
        out.stream(purpose).setstate(state)
    return out


def route(rng: random.Random, purpose: str) -> random.Random:
    """The generator to draw ``purpose``'s outcome from: its stream when ``rng`` holds
    streams, else ``rng`` itself (a bot's rollout, a test's one generator)."""
    return rng.stream(purpose) if isinstance(rng, ChanceStreams) else rng
