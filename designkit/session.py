"""A game in progress for the stepper: steps, cursor, undo/redo/jump, bots and humans.

Game-agnostic and free of widgets, so the Stepper panel holds no game logic and
tests drive a session headless. As in boardgame.io, the framework owns history:
a session keeps the list of steps (decisions and chance outcomes) and reaches any
earlier position by replaying from the initial state; snapshots every
``snapshot_every`` steps (``state.clone()``) keep a jump short.

Determinism: a chance step draws from its purpose's stream (``purpose_rng(seed,
game.chance_stream(state))``: a deck, the dice) and seat *s*'s bot from
``agent_rng(seed, s)``, consumed in the same order as :func:`play_game`, so a
session that bots play to the end *is* the game ``play_game`` plays with that
seed. Each step remembers the state of the RNG stream it consumed, so after an
undo the same bot or chance step comes out again: a session is a function of its
seed and its human decisions. A step that equals the recorded next one keeps the
redo history; a different one replaces it. Steps loaded from a record carry no
RNG state, so bots and chance *follow* them (like redo) instead of redrawing.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Hashable, Sequence
from typing import Any

from designkit.agents import get_agent
from designkit.agents.base import Agent
from designkit.core.errors import DesignkitError, IllegalAction
from designkit.core.events import Event
from designkit.core.game import CHANCE, Chance, Game, State
from designkit.core.messages import bi
from designkit.core.params import Params
from designkit.core.play import Step, agent_rng
from designkit.core.records import make_record, replay
from designkit.core.registry import get_game
from designkit.core.seats import player_count
from designkit.core.streams import purpose_rng

HUMAN = "human"
_LOADED = "loaded"  # a step read from a record: how its RNG stood is unknown

StreamKey = int | str  # a seat number, or a chance purpose ("dice", a deck's name)
_Packed = tuple[int, array, float | None]
# what each step consumed: None (a human decision), _LOADED, or (stream, state before)
_Entry = tuple[StreamKey, _Packed] | str | None


def seat_count(game: Game, params: Params) -> int:
    """Seats in a game with these params, as simulate counts them (``core.seats``, which
    owns the count; ``game`` is kept for the panels that call this)."""
    return player_count(params)


def _pack(rng: random.Random) -> _Packed:
    """An RNG state in ~2.5 kB (the raw tuple of 625 ints costs ten times that)."""
    version, internal, gauss = rng.getstate()
    return version, array("I", internal), gauss


def _unpack(packed: _Packed) -> random.Random:
    rng = random.Random()
    rng.setstate((packed[0], tuple(packed[1]), packed[2]))
    return rng


def _copy(rng: random.Random) -> random.Random:
    out = random.Random()
    out.setstate(rng.getstate())
    return out


class Session:
    """One game being stepped through by humans and bots, with time travel.

    ``controllers`` gives each seat ``"human"`` or an agent name (``random``,
    ``greedy``, ``mcts:200``); one name applies to every seat.
    """

    def __init__(self, game: Game | str, params: Params | None = None, seed: int = 0,
                 controllers: str | Sequence[str] | None = None,
                 snapshot_every: int = 16) -> None:
        self.game = get_game(game)
        self.params = params if params is not None else self.game.params_type()
        self.players = seat_count(self.game, self.params)
        self.snapshot_every = max(1, int(snapshot_every))
        self._agents: dict[str, Agent] = {}
        self.controllers: list[str] = []
        self._set_controllers(controllers if controllers is not None else HUMAN)
        self._reset(int(seed))

    # -- setup --------------------------------------------------------------------------------
    def _set_controllers(self, controllers: str | Sequence[str]) -> None:
        names = [controllers] if isinstance(controllers, str) else list(controllers)
        if len(names) == 1:
            names = names * self.players
        if len(names) != self.players:
            raise DesignkitError(bi("{k} controllers given for {n} seats",
                                    "{n} 席に {k} 人分の担当が指定されています", k=len(names),
                                    n=self.players))
        for name in names:
            self._agent(name)
        self.controllers = [n.strip() for n in names]

    def _agent(self, name: str) -> Agent | None:
        """The agent behind a controller name (``None`` for a human); validates the name."""
        name = name.strip()
        if name == HUMAN:
            return None
        if name not in self._agents:
            self._agents[name] = get_agent(name)
        return self._agents[name]

    def _reset(self, seed: int) -> None:
        self.seed = seed
        self._initial = self.game.new_state(self.params, log=True)
        self._state = self._initial.clone()
        self._steps: list[Step] = []
        self._rng_before: list[_Entry] = []
        self._marks = [len(self._state.log or [])]
        self._snapshots: dict[int, State] = {0: self._initial}
        self._cursor = 0
        # chance purposes' streams join on first use (_rng_at)
        self._live: dict[StreamKey, random.Random] = {
            s: agent_rng(seed, s) for s in range(self.players)}

    def new_game(self, seed: int | None = None, params: Params | None = None) -> None:
        """Start over with ``seed`` (default: the next seed), keeping the controllers."""
        if params is not None:
            self.params = params
            self.players = seat_count(self.game, params)
            fitted = (self.controllers + [self.controllers[-1]] * self.players)[:self.players]
            self._set_controllers(fitted)
        self._reset(self.seed + 1 if seed is None else int(seed))

    def set_controller(self, seat: int, name: str) -> None:
        """Hand a seat to a human or a bot; the seat keeps its own RNG stream."""
        if not 0 <= seat < self.players:
            raise DesignkitError(bi("seat {s} does not exist ({n} seats)",
                                    "席 {s} はありません（{n} 席）", s=seat, n=self.players))
        self._agent(name)
        self.controllers[seat] = name.strip()

    # -- where we are -----------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position at the cursor (read it, do not change it)."""
        return self._state

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every step known, including those after the cursor (the redo history)."""
        return tuple(self._steps)

    @property
    def cursor(self) -> int:
        """How many steps have been applied to reach :attr:`state`."""
        return self._cursor

    @property
    def events(self) -> list[Event]:
        return list(self._state.log or [])

    def step_events(self, index: int) -> range:
        """Positions in :attr:`events` emitted by step ``index`` (1-based: the step reaching it)."""
        return range(self._marks[index - 1], self._marks[index])

    @property
    def to_move(self) -> int | Chance | None:
        return self.game.to_move(self._state)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self._state)

    @property
    def human_to_move(self) -> bool:
        who = self.to_move
        return isinstance(who, int) and self.controllers[who] == HUMAN

    def legal_actions(self) -> Sequence[Hashable]:
        """Decisions open to the seat to move (empty at a chance step or the end)."""
        return self.game.legal_actions(self._state) if isinstance(self.to_move, int) else []

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._steps)

    # -- time travel ------------------------------------------------------------------------
    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self.jump_to(self._cursor - 1)
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._apply(self._steps[self._cursor])
        return True

    def jump_to(self, index: int) -> None:
        """Go to the position after ``index`` steps, replaying from the nearest snapshot."""
        if not 0 <= index <= len(self._steps):
            raise IndexError(f"step {index} is outside 0–{len(self._steps)}")
        if index == self._cursor:
            return
        base = max(i for i in self._snapshots if i <= index)
        if not base <= self._cursor < index:  # unless already on the way, start from a snapshot
            self._state = self._snapshots[base].clone()
            self._cursor = base
        while self._cursor < index:
            self._apply(self._steps[self._cursor])

    def _apply(self, step: Step) -> None:
        """Move the live state one known-legal step forward (no RNG is touched)."""
        self.game.apply(self._state, step.action, check=False)
        self._cursor += 1
        self._snap()

    # -- moving on --------------------------------------------------------------------------
    def step(self) -> Step | None:
        """One chance or bot step; ``None`` when the game is over or a human must decide."""
        if self.is_over or self.human_to_move:
            return None
        return self._unattended_step(None)

    def _unattended_step(self, stand_in: str | None) -> Step:
        """The next step no person makes: a step loaded from a record is followed, else
        chance draws or the seat's bot (``stand_in``, when given, plays for a human)."""
        return self._follow_loaded() or self._bot_step(stand_in)

    def advance(self, max_steps: int = 100_000) -> list[Step]:
        """Chance and bot steps until a human must decide or the game is over."""
        done: list[Step] = []
        while len(done) < max_steps:
            step = self.step()
            if step is None:
                break
            done.append(step)
        return done

    def play_to_end(self, stand_in: str | None = "random", max_steps: int = 100_000
                    ) -> list[Step]:
        """Finish the game; human seats are played by ``stand_in`` (``None``: stop there)."""
        if stand_in is not None:
            self._agent(stand_in)
        done: list[Step] = []
        while len(done) < max_steps and not self.is_over:
            human = self.human_to_move
            if human and stand_in is None:
                break
            done.append(self._unattended_step(stand_in if human else None))
        return done

    def human_move(self, action: Hashable) -> Step:
        """A decision made by a person (for any seat); an illegal one changes nothing."""
        who = self.to_move
        if who is None:
            raise IllegalAction(bi("{a}: the game is over", "{a_ja}：ゲームは終わっています",
                                   a=self.game.describe_action(action),
                                   a_ja=self.game.describe_action(action, "ja")))
        if who is CHANCE:
            raise IllegalAction(bi("a chance step comes next: let the session draw it (step)",
                                   "次は偶然の手番です：「1手進める」で引いてください"))
        self.game.apply(self._state, action, check=True)
        step = Step(who, action)
        self._record(step, None)
        return step

    def _follow_loaded(self) -> Step | None:
        """Redo the next step if it came from a record (it cannot be redrawn faithfully)."""
        if self.can_redo and self._rng_before[self._cursor] == _LOADED:
            step = self._steps[self._cursor]
            self._apply(step)
            return step
        return None

    def _bot_step(self, agent_name: str | None) -> Step:
        who = self.to_move
        if who is None:
            raise IllegalAction(bi("the game is over: no step comes next",
                                   "ゲームは終わっています：次の手はありません"))
        key: StreamKey = self.game.chance_stream(self._state) if who is CHANCE else who
        rng = self._rng_at(key, self._cursor)
        before = _pack(rng)
        if who is CHANCE:
            step = Step(None, self.game.sample_chance(self._state, rng))
        else:
            agent = self._agent(agent_name or self.controllers[who])
            if agent is None:  # play_to_end(stand_in="human")
                raise DesignkitError(bi("seat {s} is a person's: make the move (human_move) or "
                                        "name a bot to play it", "席 {s} は人間の席です：手を選ぶか、"
                                        "代わりに打つボットを指定してください",
                                        s=self.game.seats_label(who)))
            step = Step(who, agent.act(self.game, self._state, rng))
        self.game.apply(self._state, step.action, check=False)
        self._record(step, (key, before), rng)
        return step

    def _same_as_recorded(self, step: Step, entry: _Entry) -> bool:
        """Is ``step`` the recorded next one, made the same way (so the future still holds)?"""
        i = self._cursor
        if i >= len(self._steps) or self._steps[i] != step:
            return False
        recorded = self._rng_before[i]
        if entry is None:  # a human decision matches a human or loaded one
            return recorded is None or recorded == _LOADED
        return isinstance(entry, tuple) and isinstance(recorded, tuple) \
            and recorded[0] == entry[0]

    def _record(self, step: Step, entry: _Entry, rng_after: random.Random | None = None
                ) -> None:
        """Book a step already applied to the live state: follow or replace the redo history."""
        if self._same_as_recorded(step, entry):
            self._cursor += 1  # keep the future, just move along it
            self._snap()
            return
        self._truncate(self._cursor)
        if isinstance(entry, tuple) and rng_after is not None:
            self._live[entry[0]] = rng_after
        self._steps.append(step)
        self._rng_before.append(entry)
        self._cursor += 1
        self._marks.append(len(self._state.log or []))
        self._snap()

    def _snap(self) -> None:
        if self._cursor % self.snapshot_every == 0 and self._cursor not in self._snapshots:
            self._snapshots[self._cursor] = self._state.clone()

    def _truncate(self, index: int) -> None:
        """Drop the steps from ``index`` on, rewinding every RNG stream to that point."""
        if index >= len(self._steps):
            return
        self._live = {key: self._rng_at(key, index) for key in self._live}
        del self._steps[index:], self._rng_before[index:], self._marks[index + 1:]
        self._snapshots = {k: v for k, v in self._snapshots.items() if k <= index}

    def _rng_at(self, key: StreamKey, index: int) -> random.Random:
        """A copy of stream ``key`` as it was at position ``index`` (a chance purpose not
        drawn from yet: its fresh stream)."""
        for entry in self._rng_before[index:]:
            if isinstance(entry, tuple) and entry[0] == key:
                return _unpack(entry[1])
        live = self._live.get(key)
        if live is None:
            return purpose_rng(self.seed, str(key))
        return _copy(live)

    # -- records ------------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """The record of the game up to the cursor (JSON-ready, replayable without RNG)."""
        return make_record(self.game, self.params, self.seed, self.controllers,
                           self._steps[:self._cursor], self._state)

    @classmethod
    def from_record(cls, record: dict[str, Any], snapshot_every: int = 16) -> Session:
        """Rebuild a session from a record, every step checked; the cursor ends at its end.

        The RNG states are not in a record: after a jump back, Step and advance
        follow the loaded steps, and steps past the record's end draw afresh from the
        seed rather than continue the original session's streams.
        """
        game, _, steps = replay(record, log=False)
        params = game.params_type.from_dict(record["params"], source="record params")
        players = seat_count(game, params)
        names = [str(a) for a in record.get("agents") or []]
        try:
            session = cls(game, params, int(record.get("seed") or 0),
                          names if len(names) == players else HUMAN, snapshot_every)
        except DesignkitError:
            session = cls(game, params, int(record.get("seed") or 0), HUMAN, snapshot_every)
        for step in steps:
            session.game.apply(session._state, step.action, check=False)
            session._record(step, _LOADED)
        return session
