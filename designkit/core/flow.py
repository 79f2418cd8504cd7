"""The one way to write a turn: a stack of small tasks that run until a seat or chance must answer.

A game declares three things on its :class:`Flow`:

- **tasks** (``@FLOW.task("turn")``): ``handler(state, *args) -> bool``; each
  applies one rule, may :func:`push` follow-up tasks, and returns ``True`` when
  it stopped to wait for an answer (it called :func:`ask` or :func:`roll`);
- **decisions** (``@FLOW.decision(Phase.PLACE, options)``): what a seat may do
  in a phase (``options(state) -> tuple of actions``) and how the answer is
  applied (``applier(state, action)``; see *going straight on* below);
- **chance steps** (``@FLOW.chance(Phase.DRAW, outcomes)``): what can happen
  and how an outcome is applied.

The state holds the stack (plain tuples, so it clones and serialises for free)
and the open question (``phase``, ``seat``, ``ctx``, ``options``). Answering
applies the phase's applier and runs the stack again, until the next question
or the end of the game. :class:`FlowGame` turns this into the ``Game``
contract (``to_move``, ``legal_actions``, ``chance_outcomes``, ``apply``), so a
game written this way writes none of them.

A decision with a single option is never put to a seat: :func:`ask` applies it
at once, counts it in ``state.forced`` and, while logging, records it in
``state.auto`` as ``(log position, seat, action)``, so drivers and viewers can
show that it happened without an agent being asked (this keeps ``decisions``
counts to real choices and costs nothing in batch simulation).

Hook order, in one place: ``ask``/``roll`` set the question → the driver
answers through ``Game.apply`` → the phase's applier runs → ``phase`` returns
to ``RUN`` → :func:`run` pops tasks until one waits → an empty stack is the end
(``Phase.OVER``).

Going straight on: an applier (of a decision or a chance step) usually pushes the
task that comes next and returns nothing. One whose last act would be that push may
instead call the task's function and return its result (``return end_step(st)``),
as a task that goes straight on does: ``True`` says a question is open again, so the
driver neither resets ``phase`` nor runs the stack. The steps are the same (the
pushed task would have been popped first); the push, the pop and a pass through
:func:`run` per step are saved, which is much of a short step's cost.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, Protocol, Self, TypeVar

from designkit.core.action import Action, action_label, offered
from designkit.core.errors import DesignkitError, IllegalAction
from designkit.core.game import CHANCE, Chance, Game, P, State
from designkit.core.messages import Text, bi, word_table
from designkit.core.seats import seat_label
from designkit.core.streams import DEFAULT_PURPOSE, route
from designkit.core.table_needs import check_game_tables

#: the FlowState a flow game's rules work on
FS = TypeVar("FS", bound="FlowState")

#: a task handler: ``handler(state, *args) -> True`` when it stopped for an answer
Handler = Callable[..., bool]
Options = Callable[[Any], Sequence[Action]]
#: ``applier(state, answer)``; ``True`` when it went straight on to a task that waits
Applier = Callable[[Any, Any], bool | None]
Sampler = Callable[[Any, random.Random], Hashable]


class Decision(NamedTuple):
    options: Options
    apply: Applier
    #: ``several(state) -> True`` when the position surely offers two options or more (and
    #: no more than :data:`MAX_OPTIONS`), so :func:`ask` may wait without building them;
    #: ``None`` (or ``False`` from it): build them to see whether the question is forced
    several: Callable[[Any], bool] | None = None
    #: ``count(state) -> len(options(state))`` and ``nth(state, r) -> options(state)[r]``,
    #: both or neither: random play draws ``r`` below the count and builds that one option
    #: instead of the whole list (a waiting question's ``several`` hook left it unbuilt);
    #: every other reader (an agent, a viewer, ``legal_actions``) still gets ``options``
    #: (the field shadows ``tuple.count``, which nothing calls on a Decision)
    count: Callable[[Any], int] | None = None  # type: ignore[assignment]
    nth: Callable[[Any, int], Action] | None = None


class ChanceStep(NamedTuple):
    #: uniform: ``outcomes(state)`` lists the outcomes (equally likely, sampled with
    #: ``rng.randrange``); otherwise it lists ``(outcome, probability)`` pairs
    outcomes: Callable[[Any], Sequence[Any]]
    apply: Applier
    uniform: bool
    sample: Sampler | None
    #: the purpose the step draws for (:mod:`designkit.core.streams`): a name (``"dice"``,
    #: the deck's name) or ``stream(state) -> name`` where it depends on the position
    #: (which stage's deck)
    stream: str | Callable[[Any], str] = DEFAULT_PURPOSE


class Flow:
    """One game's registry of tasks, decisions and chance steps over its ``Phase`` enum.

    ``phases`` must be an ``IntEnum`` with members ``RUN`` (between questions)
    and ``OVER`` (the game has ended); every other member names a question.
    ``names`` gives each phase a display name per language (``{"DRAFT": ("draft",
    "ドラフト")}``, English then Japanese, or the same as a text table of rows
    ``DRAFT | draft | ドラフト``: :func:`~designkit.core.messages.word_table`): a header
    shows those, never the code.
    """

    def __init__(self, phases: type[enum.IntEnum],
                 names: dict[str, tuple[str, str]] | str | None = None) -> None:
        members = phases.__members__
        if isinstance(names, str):
            names = word_table(names, f"{phases.__name__} name")
        if "RUN" not in members or "OVER" not in members:
            raise TypeError(f"{phases.__name__} needs RUN and OVER members")
        unknown = set(names or {}) - set(members)
        if unknown:
            raise TypeError(f"{phases.__name__} has no phase {', '.join(sorted(unknown))}")
        self.names = dict(names or {})
        self.phases = phases
        self.RUN: enum.IntEnum = members["RUN"]
        self.OVER: enum.IntEnum = members["OVER"]
        self.tasks: dict[str, Handler] = {}
        self.decisions: dict[int, Decision] = {}
        self.chances: dict[int, ChanceStep] = {}
        size = max(int(p) for p in phases) + 1
        #: indexed by phase value: the hot path asks this on every step
        self.is_chance: list[bool] = [False] * size

    def phase_name(self, phase: enum.IntEnum, lang: str = "en") -> str:
        """``phase`` as the game names it for players (its code in lower case, spaces for
        underscores, when the game declares no name for it)."""
        pair = self.names.get(phase.name)
        if pair is None:
            return phase.name.lower().replace("_", " ")
        return pair[1] if lang == "ja" else pair[0]

    def task(self, name: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            if name in self.tasks:
                raise ValueError(f"task {name!r} is declared twice")
            self.tasks[name] = fn
            return fn
        return register

    def note_task(self, name: str, rule: str, en: str, ja: str) -> None:
        """Declare task ``name`` (argument: a seat) that only logs that seat's step under
        ``rule`` and lets the flow run on: a turn's end, a forced pass. ``{seat}`` in the
        English and Japanese texts is the seat's label, filled in only while logging."""
        def note(st: Any, seat: int) -> bool:
            if st.log is not None:
                who = seat_label(seat)
                st.emit(rule, seat, en.format(seat=who), ja.format(seat=who))
            return False
        self.task(name)(note)

    def ask_task(self, name: str, phase: enum.IntEnum,
                 skip: Callable[[Any, int], bool] | None = None) -> None:
        """Declare task ``name`` (argument: a seat) that asks that seat ``phase``'s question,
        the seat its context, or lets the flow run on when ``skip(st, seat)`` holds (an
        empty hand, an empty field: nothing to choose from)."""
        def offer(st: Any, seat: int) -> bool:
            return ask(st, phase, seat, (seat,))

        if skip is None:
            self.task(name)(offer)
            return
        unless = skip

        def offer_unless(st: Any, seat: int) -> bool:
            return False if unless(st, seat) else ask(st, phase, seat, (seat,))
        self.task(name)(offer_unless)

    def decision(self, phase: enum.IntEnum, options: Options,
                 several: Callable[[Any], bool] | None = None,
                 count: Callable[[Any], int] | None = None,
                 nth: Callable[[Any, int], Action] | None = None
                 ) -> Callable[[Applier], Applier]:
        """Register the applier of ``phase``'s decision; ``several`` (see :class:`Decision`)
        is a cheap test that lets a waiting question's options be built only when read;
        ``count`` and ``nth`` (both or neither) give their number and the ``r``-th of them
        without the list, for a seat that picks uniformly (``tests/contract`` checks them
        against ``options`` on every question of seeded games)."""
        if (count is None) != (nth is None):
            raise TypeError(f"{phase.name}: declare count and nth together, or neither")

        def register(fn: Applier) -> Applier:
            self.decisions[phase] = Decision(options, fn, several, count, nth)
            return fn
        return register

    def chance(self, phase: enum.IntEnum, outcomes: Callable[[Any], Sequence[Any]], *,
               uniform: bool = False, sample: Sampler | None = None,
               stream: str | Callable[[Any], str] = DEFAULT_PURPOSE
               ) -> Callable[[Applier], Applier]:
        """Register the applier of ``phase``'s chance step. ``stream`` names what it draws
        for — the deck (``"lords"``), ``"dice"`` — or gives the name from the position
        (``lambda st: f"album stage {st.stage}"``): each purpose draws from its own stream
        of the game seed (:mod:`designkit.core.streams`), so a variant that changes one
        deck, or how many dice are rolled, leaves the other purposes' draws paired."""
        def register(fn: Applier) -> Applier:
            self.chances[phase] = ChanceStep(outcomes, fn, uniform, sample, stream)
            self.is_chance[phase] = True
            return fn
        return register


class FlowState(State):
    """A position of a game written on a :class:`Flow`: the stack and the open question."""

    flow: ClassVar[Flow]
    __slots__ = ("stack", "phase", "seat", "ctx", "_options", "forced", "auto", "last")

    stack: list[tuple[Any, ...]]
    phase: enum.IntEnum
    seat: int | None
    ctx: tuple[Any, ...]
    #: the open question's options; ``None`` while not built yet (lazy options: a clone a
    #: bot runs to its next question to score the position never builds them)
    _options: tuple[Action, ...] | None
    #: decisions applied at once because they had a single option
    forced: int
    #: while logging: ``(len(log) when applied, seat, action)`` of each forced decision
    auto: list[tuple[int, int | None, Action]]
    #: ``(seat, action)`` of the last decision a seat made among several options: what the
    #: table saw happen. Forced decisions and chance never overwrite it, so two different
    #: choices that end in the same position stay told apart; a game puts it in the
    #: observation of every seat that saw the choice (hidden picks stay the picker's own).
    last: tuple[int, Action] | None
    #: the number of seats (each game's state holds it in its own slot)
    n: int
    #: the game's compiled ruleset (``rules.params`` its parameters), in the game's own slot
    rules: Any

    @classmethod
    def blank(cls, params: Any, log: bool) -> Self:
        """A new position holding only what every game's setup sets first: ``params``, the
        player count (``params.players``), the log (``None`` with ``log`` off, for batch
        speed) and the flow fields. The game's setup fills in the rest."""
        st = cls.__new__(cls)
        st.params, st.n = params, params.players
        st.log = [] if log else None
        st.init_flow()
        return st

    @classmethod
    def from_rules(cls, rules: Any, log: bool) -> Self:
        """:meth:`blank` for a compiled ruleset: its ``params``, and ``rules`` itself set, as
        every game's setup starts (the game's ``blank_state`` fills in the rest)."""
        st = cls.blank(rules.params, log)
        st.rules = rules
        return st

    def init_flow(self) -> None:
        """Set the flow fields of a blank state (call once from the game's setup)."""
        self.stack, self.phase, self.seat, self.ctx, self._options = \
            [], self.flow.RUN, None, (), ()
        self.forced, self.auto, self.last = 0, [], None

    @property
    def options(self) -> tuple[Action, ...]:
        """The open question's options, built by the phase's builder on first read."""
        found = self._options
        if found is None:
            found = self._options = _checked(self, tuple(self.flow.decisions[self.phase].options(self)))
        return found

    @options.setter
    def options(self, found: tuple[Action, ...]) -> None:
        self._options = found

    def clone_flow(self) -> Self:
        """What every game's ``clone`` starts with: a new position of the same class sharing
        the (immutable) ``rules``, ``params`` and ``n``, with the log and the flow fields
        copied; the game's ``clone`` copies its own fields onto it."""
        c = self.__class__.__new__(self.__class__)
        c.rules, c.params, c.n = self.rules, self.params, self.n
        c.log = None if self.log is None else self.log[:]
        c.copy_flow(self)
        return c

    def copy_flow(self, other: FlowState) -> None:
        """Copy the flow fields of ``other`` into this clone (the stack is copied)."""
        self.stack = other.stack[:]
        self.phase, self.seat, self.ctx, self._options = \
            other.phase, other.seat, other.ctx, other._options
        self.forced, self.auto, self.last = other.forced, other.auto[:], other.last


def push(st: FlowState, *tasks: tuple[Any, ...]) -> None:
    """Schedule ``tasks`` to run next, in the given order (before anything already queued)."""
    if len(tasks) == 1:  # the usual case: no reversed() iterator per step
        st.stack.append(tasks[0])
    else:
        st.stack.extend(reversed(tasks))


def ask(st: FlowState, phase: enum.IntEnum, seat: int, ctx: tuple[Any, ...],
        options: Sequence[Action] | None = None) -> bool:
    """Put a question to ``seat``; a single option is applied at once (see module doc).

    ``options`` may be passed when the caller already built them; the phase's
    builder must give the same tuple (it is what ``state_from_dict`` uses).
    When the phase's ``several`` hook says the question is not forced, the options are
    left to be built on first read (:attr:`FlowState.options`).
    Returns ``True`` when the flow must wait for the answer.
    """
    st.phase, st.seat, st.ctx = phase, seat, ctx
    build, apply, several, _, _ = st.flow.decisions[phase]
    if options is None:
        if several is not None and several(st):
            st._options = None
            return True
        found = build(st)
    else:
        found = options
    if type(found) is not tuple:  # builders mostly return tuples: no copy then
        found = tuple(found)
    n = len(found)
    if n == 1:
        st.phase, st.seat, st._options = st.flow.RUN, None, ()
        st.forced += 1
        if st.log is not None:
            st.auto.append((len(st.log), seat, found[0]))
        return bool(apply(st, found[0]))
    st._options = found if 1 < n <= MAX_OPTIONS else _checked(st, found)
    return True


def _checked(st: FlowState, found: tuple[Action, ...]) -> tuple[Action, ...]:
    """``found``, once it is known to hold at least one and at most :data:`MAX_OPTIONS`."""
    if not found:
        raise RuntimeError(f"{st.flow.phases.__name__}.{st.phase.name}: no option for seat "
                           f"{st.seat}")
    if len(found) > MAX_OPTIONS:
        raise TooManyOptions(f"{st.flow.phases.__name__}.{st.phase.name}: {len(found):,} "
                             f"options for seat {st.seat}, more than the limit of "
                             f"{MAX_OPTIONS:,} a decision may offer: the card data or "
                             f"parameters make this position too large (fewer dice, slots "
                             f"or alternatives)")
    return found


#: the most options one decision may offer: bots evaluate each, records list them; a
#: position with more is a data mistake (8 Fortune slots of 4 alternatives on 8 dice)
MAX_OPTIONS = 20_000


class TooManyOptions(DesignkitError):
    """A position offers more options than :data:`MAX_OPTIONS` (a one-line error)."""


def roll(st: FlowState, phase: enum.IntEnum, ctx: tuple[Any, ...], count: int = 0) -> bool:
    """Wait for a chance outcome; a certain one is applied at once.

    ``count``, when the caller knows it, is the number of outcomes (saves listing them).
    """
    st.phase, st.seat, st.ctx = phase, None, ctx
    if count > 1:
        return True
    step = st.flow.chances[phase]
    found = step.outcomes(st)
    if len(found) == 1:
        st.phase = st.flow.RUN
        return bool(step.apply(st, found[0] if step.uniform else found[0][0]))
    return True


class _Card(Protocol):
    @property
    def id(self) -> str: ...


def card_sampler(cards: Callable[[Any], Sequence[_Card]], pool: Callable[[Any], Sequence[int]]
                 ) -> Sampler:
    """The sampler of a uniform draw whose outcomes are the ids of ``pool(st)``'s cards
    (indices into ``cards(st)``): the card ``outcomes(st)[rng.randrange(n)]`` names, the
    same draw from the same stream, without listing every id first (a few µs a draw)."""
    def pick(st: Any, rng: random.Random) -> str:
        found = pool(st)
        return cards(st)[found[rng.randrange(len(found))]].id
    return pick


def draw_task(flow: Flow, name: str, phase: enum.IntEnum, *,
              cards: Callable[[Any], Sequence[_Card]], index: Callable[[Any], Mapping[str, int]],
              pool: Callable[[Any], list[int]], into: Callable[[Any], list[int]],
              then: Callable[[Any, int], None] | None = None,
              stream: str | Callable[[Any], str] = DEFAULT_PURPOSE) -> None:
    """Declare the task ``name``: one card of ``pool(st)`` drawn at random (every card
    equally likely) as the chance step ``phase``, then moved to ``into(st)``.

    ``pool`` and ``into`` hold indices into ``cards(st)``; ``index(st)`` maps a card's id
    back to its index. The outcomes are the cards' ids, so a record names the card drawn.
    The task's arguments become the step's ``ctx``, so ``pool`` and ``into`` can read them
    (``st.ctx[0]``: whose hand, which stage's deck). ``then(st, card)``, if given, runs
    after the move (what else the card brings, its log line). A game that deals, or draws
    one card after another, declares it once instead of writing the roll, the pool and the
    move. ``stream`` names the deck's random stream (see :meth:`Flow.chance`).
    """
    def drawn(st: Any) -> list[str]:
        table = cards(st)
        return [table[i].id for i in pool(st)]

    def take(st: Any, card_id: str) -> None:
        i = index(st)[card_id]
        pool(st).remove(i)
        into(st).append(i)
        if then is not None:
            then(st, i)

    def draw(st: Any, *ctx: Any) -> bool:
        return roll(st, phase, ctx)

    flow.task(name)(draw)
    flow.chance(phase, drawn, uniform=True, sample=card_sampler(cards, pool), stream=stream)(take)


def no_decision_due(st: FlowState, waiting: Mapping[Any, Any], end_rule: str) -> Text | None:
    """Why no action can be legal now, or ``None`` when a decision is due: the game is
    over (``end_rule`` ends it), or the phase is not among ``waiting`` (the game's table of
    phases that wait on a decision), so a chance step comes next. Every game's
    ``explain_illegal`` starts here, so these reasons read alike in every game."""
    if st.phase is st.flow.OVER:
        return bi("the game is over ({r})", "ゲームは終わっています（{r}）", r=end_rule)
    if st.phase not in waiting:
        return bi("no decision is due now (a chance step comes next)",
                  "いまは選ぶ番ではありません（次は偶然の手番です）")
    return None


def run(st: FlowState) -> None:
    """Run queued tasks until one waits for a decision or chance, or the game ends.

    A task is called with its arguments spelled out for the usual counts (0–3): a star
    call builds a slice, a list and a tuple per task, about half of this loop's cost."""
    stack = st.stack
    tasks = st.flow.tasks
    while stack:
        t = stack.pop()
        size = len(t)
        if size == 2:
            if tasks[t[0]](st, t[1]):
                return
        elif size == 1:
            if tasks[t[0]](st):
                return
        elif size == 4:
            if tasks[t[0]](st, t[1], t[2], t[3]):
                return
        elif size == 3:
            if tasks[t[0]](st, t[1], t[2]):
                return
        elif tasks[t[0]](st, *t[1:]):
            return
    st.phase, st.seat, st.ctx, st._options = st.flow.OVER, None, (), ()


class FlowGame(Game[FS, P]):
    """The ``Game`` contract for a game written on a :class:`Flow`.

    Generic like :class:`Game`: ``class WitchGame(FlowGame[WitchState, WitchParams])``.

    Subclasses set ``flow`` and ``action_type`` and write the game-specific
    rest (setup, scoring, observation, view, serialisation).
    """

    flow: ClassVar[Flow]
    action_type: ClassVar[type[Action]] = Action
    #: what :meth:`end_reason` reports once the flow reaches ``OVER`` (the draft's last
    #: scoring step: ``"final_round"``); a game that ends for several reasons overrides
    #: ``end_reason`` itself
    over_reason: ClassVar[str] = "end"

    def end_reason(self, st: FS) -> str:
        """``over_reason`` for a finished game, ``""`` for one stopped before its end."""
        return self.over_reason if st.phase is self.flow.OVER else ""

    def start(self, st: FS, *tasks: tuple[Any, ...], tables_checked: bool = False) -> None:
        """Queue the setup tasks and run to the first question, once the card tables are
        known to hold what the parameters need (``Game.table_needs``); a setup that had to
        check them itself first (before compiling its rules) passes ``tables_checked``, so
        a game start stamps the table files once."""
        params = getattr(st, "params", None)
        if params is not None and not tables_checked:
            check_game_tables(self, params)
        push(st, *tasks)
        run(st)

    def to_move(self, st: FS) -> int | Chance | None:
        ph = st.phase
        if self.flow.is_chance[ph]:
            return CHANCE
        if ph is self.flow.OVER:
            return None
        return st.seat

    def legal_actions(self, st: FS) -> list[Action]:
        return list(st.options)

    def chance_outcomes(self, st: FS
                        ) -> list[tuple[Hashable, float]]:
        step = self.flow.chances.get(st.phase)
        if step is None:
            return []
        found = step.outcomes(st)
        if step.uniform:
            p = 1.0 / len(found)
            return [(o, p) for o in found]
        return list(found)

    def chance_stream(self, st: FS) -> str:
        """The open chance step's purpose, as its :meth:`Flow.chance` names it."""
        stream = self.flow.chances[st.phase].stream
        return stream if type(stream) is str else stream(st)  # type: ignore[operator,return-value]

    def sample_chance(self, st: FS, rng: random.Random
                      ) -> Hashable:
        step = self.flow.chances[st.phase]
        stream = step.stream
        rng = route(rng, stream if type(stream) is str else stream(st))  # type: ignore[operator,arg-type]
        if step.sample is not None:
            return step.sample(st, rng)
        if step.uniform:
            found = step.outcomes(st)
            return found[rng.randrange(len(found))]
        return super().sample_chance(st, rng)

    def _apply(self, st: FS, action: Hashable) -> None:
        if st._options is None:  # never read: build it now, while the question is open, so
            st.options  # noqa: B018 - a chance step after this still shows these options
        st.last = (st.seat, action)  # type: ignore[assignment]
        if self.flow.decisions[st.phase].apply(st, action):
            return  # the applier went straight on to the next question
        st.phase = self.flow.RUN
        run(st)

    def _apply_chance(self, st: FS, outcome: Hashable
                      ) -> None:
        if self.flow.chances[st.phase].apply(st, outcome):
            return  # the applier went straight on to the next question
        st.phase = self.flow.RUN
        run(st)

    def is_over(self, st: FS) -> bool:
        return st.phase is self.flow.OVER

    def apply(self, st: FS, action: Hashable,
              check: bool = True) -> None:
        """Apply a decision or chance outcome; with ``check``, an illegal one changes nothing.

        A decision must be one of ``legal_actions`` and of this game's action
        type: a plain tuple, ``None`` or another game's action is refused by
        name, never reaching the rules.
        """
        if check:
            self._check(st, action)
        if self.flow.is_chance[st.phase]:
            self._apply_chance(st, action)
        else:
            self._apply(st, action)

    def _check(self, st: FS, action: Hashable) -> None:
        who = self.to_move(st)
        label = Text(action_label(action), action_label(action, "ja"))
        if who is None:
            raise IllegalAction(bi("{a}: the game is over", "{a}：ゲームは終わっています",
                                   a=label))
        if who is CHANCE:
            step = self.flow.chances[st.phase]
            try:  # a uniform step's outcomes may be a sequence that is not listed (dice
                # rolled together: every tuple of faces), which answers ``in`` itself
                ok = action in (step.outcomes(st) if step.uniform
                                else {o for o, _ in self.chance_outcomes(st)})
            except TypeError:  # an unhashable outcome
                ok = False
            if not ok:
                raise IllegalAction(bi("chance outcome {o!r} is not possible now",
                                       "偶然の結果 {o!r} はいまは起こりえません", o=action))
            return
        if type(action) is not self.action_type:
            raise IllegalAction(bi(
                "{a} is not a {g} action (expected {want}, got {got})",
                "{a} は {g_ja} のアクションではありません（{want} のはずが {got}）", a=label,
                g=self.title, g_ja=self.title_ja or self.title,
                want=self.action_type.__name__, got=type(action).__name__))
        if not offered(action, st.options):
            raise IllegalAction(bi("{a} is not legal for {s}: {why}",
                                   "{s} は「{a}」を選べません：{why}", a=label,
                                   s=self.seats_label(who), why=self._why_illegal(st, action)))

    def _why_illegal(self, st: FS, action: Action) -> str:
        """The game's reason; for an argument of a shape the game never offers (a
        hand-edited record: ``["take", "Q"]``), which its explainer was not written to
        read, the options of that kind instead: one line either way, never a traceback."""
        try:
            return self.explain_illegal(st, action)
        except Exception:  # noqa: BLE001 - the explainer assumes well-formed arguments
            same = [o for o in st.options if o.kind == action.kind]
            first = (same or st.options)[:8]
            more = " …" if len(same or st.options) > 8 else ""
            shown = Text(", ".join(action_label(o) for o in first) + more,
                         "、".join(action_label(o, "ja") for o in first) + more)
            if same:
                return bi("{k} options now: {o}", "いまの {k} の選択肢：{o}", k=action.kind,
                          o=shown)
            return bi("no {k} now; legal: {o}", "いまは {k} を選べません。選べるのは：{o}",
                      k=action.kind, o=shown)

    def action_to_json(self, action: Hashable) -> Any:
        if not isinstance(action, Action):
            raise IllegalAction(bi("{a!r} is not an action", "{a!r} はアクションではありません",
                                   a=action))
        return action.to_json()

    def action_from_json(self, data: Any) -> Action:
        return self.action_type.from_json(data)

    def describe_action(self, action: Hashable, lang: str = "en") -> str:
        return action_label(action, lang)


def is_plain_flow(game: Game) -> bool:
    """Whether ``game`` is on the core flow with its stepping untouched, so a driver may
    read ``state.phase`` / ``state.options`` and call ``_apply`` itself instead of asking
    ``to_move``, ``legal_actions`` and ``apply`` (the answers are the same). Worked out
    once per class."""
    cls = type(game)
    found = _PLAIN_FLOW.get(cls)
    if found is None:
        found = _PLAIN_FLOW[cls] = (
            issubclass(cls, FlowGame) and cls.to_move is FlowGame.to_move
            and cls.legal_actions is FlowGame.legal_actions and cls.apply is FlowGame.apply
            and cls._apply is FlowGame._apply and cls._apply_chance is FlowGame._apply_chance)
    return found


_PLAIN_FLOW: dict[type, bool] = {}
