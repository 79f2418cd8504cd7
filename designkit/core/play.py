"""Driving one game from start to end: the loop shared by CLI, simulation and stepper.

The driver owns every RNG: one stream per chance purpose (each deck, the dice, …:
:mod:`designkit.core.streams`) and one per seat's agent, all derived from the game
seed, so the same seed gives the same game in any process, and a variant that changes
one deck leaves the other draws of that seed paired.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from designkit.core.action import Action
from designkit.core.flow import (
    MAX_OPTIONS,
    ChanceStep,
    Decision,
    FlowGame,
    FlowState,
    _checked,
    is_plain_flow,
    run,
)
from designkit.core.game import CHANCE, Game, RuleCounts, State
from designkit.core.params import Params
from designkit.core.streams import ChanceStreams, Streams, agent_purpose, purpose_rng


class Agent(Protocol):
    name: str

    def act(self, game: Game, state: State, rng: random.Random) -> Hashable: ...


def chance_rng(seed: int) -> ChanceStreams:
    """The chance streams of the game seeded ``seed`` (one per purpose, made on first use)."""
    return ChanceStreams(seed)


def agent_rng(seed: int, seat: int) -> random.Random:
    """Seat ``seat``'s agent's stream in the game seeded ``seed`` (purpose ``"agent <seat>"``)."""
    return purpose_rng(seed, agent_purpose(seat))


def _same_draws() -> bool:
    """Whether this Python's ``Random.randrange(n)`` is ``Random._randbelow(n)`` for
    ``n >= 1`` (CPython's is, since 3.2), checked on a few draws once per process."""
    below = getattr(random.Random, "_randbelow", None)
    if below is None:  # pragma: no cover - another implementation
        return False
    a, b = random.Random(19), random.Random(19)
    return all(a.randrange(n) == below(b, n) for n in (1, 2, 3, 5, 7, 64, 1000, 1 << 40) * 8)


_FAST_BELOW = _same_draws()


def _draw_below(getrandbits: Callable[[int], int], n: int) -> int:
    """``Random._randbelow(n)`` for ``n >= 1`` written out over ``getrandbits``, as
    :func:`_play_flow` draws (without the call): CPython's ``_randbelow_with_getrandbits``."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _same_inline_draws() -> bool:
    """Whether :func:`_draw_below` draws what ``Random.randrange(n)`` draws, and leaves the
    generator where it does, on a few sizes (powers of two among them) once per process;
    where not (another Python), :func:`_play_flow` asks the agents and the game's sampler."""
    a, b = random.Random(23), random.Random(23)
    sizes = (1, 2, 3, 4, 5, 7, 8, 9, 63, 64, 65, 1000, 1 << 40) * 8
    return (all(a.randrange(n) == _draw_below(b.getrandbits, n) for n in sizes)
            and a.getstate() == b.getstate())


_INLINE_BELOW = _FAST_BELOW and _same_inline_draws()
#: whether a game's own sampler may write ``rng.randrange(n)`` out over
#: ``rng.getrandbits`` as :func:`_draw_below` does, for a plain ``random.Random`` (its
#: streams are): the same draw without two calls (Crossroads' deck draw)
INLINE_DRAWS = _INLINE_BELOW


def index_picker(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for one ``n >= 1``: the same draw without its argument checks,
    which are a fifth of a random step's cost in the flow loop (a subclass of ``Random``,
    or a Python whose draws differ, keeps ``randrange``)."""
    if _FAST_BELOW and type(rng) is random.Random:
        return rng._randbelow  # type: ignore[attr-defined,no-any-return]
    return rng.randrange


@dataclass
class Step:
    """One entry of a record: a seat's decision or a chance outcome."""

    seat: int | None  # None for chance
    action: Hashable

    @property
    def is_chance(self) -> bool:
        return self.seat is None


@dataclass
class PlayedGame:
    state: State
    steps: list[Step] = field(default_factory=list)
    decisions: int = 0
    multi_option_decisions: int = 0
    branching_sum: int = 0

    @property
    def rule_counts(self) -> dict[str, int]:
        """Events per rule ID (``play_game(..., count_rules=True)``; else from the log)."""
        log = self.state.log
        if isinstance(log, RuleCounts):
            return dict(log.counts)
        return dict(RuleCounts(log or ()).counts)


def play_game(game: Game, params: Params, agents: Sequence[Agent], seed: int,
              log: bool = False, keep_steps: bool = False, max_steps: int = 1_000_000,
              on_step: Callable[[State], None] | None = None,
              count_rules: bool = False) -> PlayedGame:
    """Play one game to its end with ``agents`` (one per seat).

    ``on_step(state)`` (off by default) is called after every applied step,
    chance outcomes included; ``designkit.sim.trace`` uses it for per-turn tracing.
    ``count_rules`` (without ``log``) logs into a :class:`RuleCounts`, which keeps
    only the events per rule ID (``PlayedGame.rule_counts``) for rule coverage.
    """
    state = game.new_state(params, log=log or count_rules)
    if count_rules and not log:
        state.log = RuleCounts(state.log or ())
    crng = Streams(seed)  # chance_rng(seed)'s streams, without a generator of its own
    rngs = [agent_rng(seed, s) for s in range(len(agents))]
    out = PlayedGame(state)
    steps = out.steps if keep_steps else None
    if is_plain_flow(game) and on_step is None:
        _play_flow(game, state, agents, crng, rngs, out, steps, max_steps,  # type: ignore[arg-type]
                   seed)
        return out
    to_move, apply = game.to_move, game.apply
    for _ in range(max_steps):
        who = to_move(state)
        if who is None:
            break
        if who is CHANCE:
            outcome = game.sample_chance(state, crng.stream(game.chance_stream(state)))
            apply(state, outcome, check=False)
            if steps is not None:
                steps.append(Step(None, outcome))
            if on_step is not None:
                on_step(state)
            continue
        agent = agents[who]
        action = agent.act(game, state, rngs[who])
        n = getattr(agent, "last_options", 0)
        out.decisions += 1
        out.branching_sum += n
        if n > 1:
            out.multi_option_decisions += 1
        apply(state, action, check=False)
        if steps is not None:
            steps.append(Step(who, action))
        if on_step is not None:
            on_step(state)
    else:  # pragma: no cover - a rules bug, not a normal end
        raise RuntimeError(f"{game.name}: no end after {max_steps} steps (seed {seed})")
    return out


def _play_flow(game: FlowGame, st: FlowState, agents: Sequence[Agent], crng: Streams,
               rngs: list[random.Random], out: PlayedGame, steps: list[Step] | None,
               max_steps: int, seed: int) -> None:
    """:func:`play_game`'s loop for a game on the core flow with its stepping untouched
    (:func:`~designkit.core.flow.is_plain_flow`): the phase and the open question's
    options are read off the state, and a seat whose agent picks uniformly
    (``uniform_choice``: random play) draws its option here. The same steps, in the same
    order, from the same draws of the same RNGs as the general loop — only without a
    ``to_move`` / ``apply`` / ``act`` call per step, which is most of random play's cost
    beyond the rules themselves (simulation's engine room).

    One pass of the loop is one step: a chance outcome (:func:`_chance_sampler`) or a
    seat's answer applied, then the stack run (:func:`~designkit.core.flow.run`) unless the applier went
    straight on to the next question. A uniform seat's draw (``Random._randbelow``, see
    :func:`_draw_below`) and a lazy question's build stay written out in the loop, since
    at 5–20 µs a step the calls between the rules are a fifth of random play's time; the
    rest is in the small functions below. An option drawn from the built tuple is legal
    by construction, so nothing re-checks it. Where a lazy question's phase declares
    ``count`` / ``nth`` (:class:`~designkit.core.flow.Decision`), the same draw below the
    count picks the option and only that one is built (the contract tests hold ``count``
    and ``nth`` to the builder's list, so the game is the same)."""
    flow = game.flow
    is_chance, over, between = flow.is_chance, flow.OVER, flow.RUN
    chances, decisions_of = flow.chances, flow.decisions
    sample = _chance_sampler(game, crng)
    bits = _seat_draws(agents, rngs)
    decisions = multi = branching = 0
    for _ in range(max_steps):
        ph = st.phase
        went_on: bool | None
        if is_chance[ph]:
            step = chances[ph]
            outcome = sample(st, step)
            went_on = step.apply(st, outcome)
            if steps is not None:
                steps.append(Step(None, outcome))
        elif ph is over:
            break
        else:
            who: int = st.seat  # type: ignore[assignment]  # a decision has a seat
            draw = bits[who]
            action: Hashable
            if draw is not None:
                options = st._options
                if options is None:  # lazy options (a ``several`` hook)
                    decision = decisions_of[ph]
                    counted = decision.count
                    # by count: the r-th option alone (else all of them, built now)
                    n = 0 if counted is None else counted(st)
                    if 1 < n <= MAX_OPTIONS:
                        k = n.bit_length()
                        r = draw(k)
                        while r >= n:
                            r = draw(k)
                        action = decision.nth(st, r)  # type: ignore[misc]
                        options = ()
                    else:
                        options = _build_options(st, decision)
                if options:
                    n = len(options)
                    if n > 1:  # RandomAgent.act: one option, no draw (_draw_below, inlined)
                        k = n.bit_length()
                        r = draw(k)
                        while r >= n:
                            r = draw(k)
                        action = options[r]
                    else:
                        action = options[0]
            else:
                action, n = _agent_answer(game, st, agents[who], rngs[who])
            decisions += 1
            branching += n
            if n > 1:
                multi += 1
            st.last = (who, action)  # type: ignore[assignment]
            went_on = decisions_of[ph].apply(st, action)
            if steps is not None:
                steps.append(Step(who, action))
        if not went_on:  # else the applier went straight on to a question
            st.phase = between
            run(st)
    else:  # pragma: no cover - a rules bug, not a normal end
        raise RuntimeError(f"{game.name}: no end after {max_steps} steps (seed {seed})")
    out.decisions += decisions
    out.branching_sum += branching
    out.multi_option_decisions += multi


def _seat_draws(agents: Sequence[Agent], rngs: list[random.Random]
                ) -> list[Callable[[int], int] | None]:
    """Per seat, the ``getrandbits`` :func:`_play_flow` draws that seat's option with, or
    ``None`` where its agent is asked (an agent that does not pick uniformly, a Python
    whose draws differ, an RNG that is not a plain ``random.Random``)."""
    return [r.getrandbits if (getattr(a, "uniform_choice", False) and _INLINE_BELOW
                              and type(r) is random.Random) else None
            for a, r in zip(agents, rngs, strict=True)]


def _chance_sampler(game: FlowGame, crng: Streams
                    ) -> Callable[[FlowState, ChanceStep], Hashable]:
    """``sample(st, step)``: the open chance step's outcome, drawn from its purpose's
    stream as ``FlowGame.sample_chance`` draws it — the step's own sampler, else a uniform
    step's draw written out over ``getrandbits`` (every purpose's stream is a plain
    ``random.Random``), else the game's ``sample_chance`` (a game that overrides it)."""
    own_sample = type(game).sample_chance is not FlowGame.sample_chance
    game_sample = game.sample_chance
    inline = not own_sample and _INLINE_BELOW
    streams, stream_of = crng.streams, crng.stream

    def sample(st: FlowState, step: ChanceStep) -> Hashable:
        named = step.stream  # the purpose's stream (FlowGame.chance_stream)
        purpose: str = named if type(named) is str else named(st)  # type: ignore[operator]
        rng = streams.get(purpose)
        if rng is None:
            rng = stream_of(purpose)
        if step.sample is not None and not own_sample:
            return step.sample(st, rng)
        if inline and step.uniform:
            found = step.outcomes(st)
            n = len(found)
            if n < 1:  # randrange's error, as FlowGame.sample_chance raises it
                rng.randrange(n)
            return found[_draw_below(rng.getrandbits, n)]
        return game_sample(st, rng)
    return sample


def _build_options(st: FlowState, decision: Decision) -> tuple[Action, ...]:
    """A lazy question's options (its ``several`` hook let :func:`~designkit.core.flow.ask`
    wait without them), built and kept on the state as its ``options`` property would."""
    built = decision.options(st)
    options = built if type(built) is tuple else tuple(built)
    if not options or len(options) > MAX_OPTIONS:
        _checked(st, options)  # raises
    st._options = options
    return options


def _agent_answer(game: FlowGame, st: FlowState, agent: Agent, rng: random.Random
                  ) -> tuple[Hashable, int]:
    """A seat's answer from its agent, and how many options it chose among (``last_options``)."""
    action = agent.act(game, st, rng)
    if st._options is None:  # as FlowGame._apply: built while the question is open
        st.options  # noqa: B018
    return action, getattr(agent, "last_options", 0)


def describe_agents(agents: Sequence[Any]) -> list[str]:
    return [getattr(a, "name", str(a)) for a in agents]
