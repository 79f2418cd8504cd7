"""The contract every game fulfils, so agents, simulation, CLI and panels stay generic.

As in OpenSpiel, chance is a pseudo-player: when the next thing is a draw or a
roll, :meth:`Game.to_move` returns :data:`CHANCE` and whoever drives the game
samples an outcome with its own seeded RNG. Games never own randomness, so a
record is just the list of steps and a replay needs no RNG. A game names what each
chance step draws for (:meth:`Game.chance_stream`: a deck, the dice), so the driver
draws it from that purpose's own stream (:mod:`designkit.core.streams`).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

from designkit.core.errors import IllegalAction
from designkit.core.events import Event
from designkit.core.hooks import declare_hooks
from designkit.core.invariants import Violation
from designkit.core.messages import bi, word_table
from designkit.core.seats import player_range, seat_label
from designkit.core.streams import DEFAULT_PURPOSE, route

if TYPE_CHECKING:
    from designkit.core.params import Params
    from designkit.core.table_needs import TableNeed


class Chance(enum.Enum):
    """Marks the chance pseudo-player (there is exactly one value)."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE = Chance.CHANCE

def vp_labels(table: str) -> dict[str, tuple[str, str]]:
    """``Game.VP_SOURCE_LABELS`` from a text table, one VP source a line:
    ``key | English label | Japanese label`` (:func:`~designkit.core.messages.word_table`)."""
    return word_table(table, "VP label")


#: a path into a ``state_to_dict`` document: keys and list indices (``("hands", 2)``)
ZonePath = tuple[str | int, ...]


class DesignTable(NamedTuple):
    """A table a game offers the designer beside its rules (e.g. exact odds of each card).

    ``frame`` is a pandas DataFrame and ``figure`` an optional plotly Figure of it;
    the lab shows them in the Rules tab. The frame and figure keep the engine's English
    words (so code and exports read one set of keys); ``words_ja`` gives the Japanese the
    lab shows in 日本語 for each of them (column headers and category values, the
    figure's title, axis titles, legend names and notes), as ``note_ja`` does for ``note``;
    ``figure_ja`` is the figure drawn in Japanese where its category axis holds words, or a
    function of no arguments that draws it: the lab opens in English, so a figure only 日本語
    shows need not be built with the page (:meth:`figure_in` calls it when first asked).
    """

    title: str
    title_ja: str
    frame: Any
    figure: Any = None
    note: str = ""
    note_ja: str = ""
    words_ja: Mapping[str, str] = MappingProxyType({})
    figure_ja: Any = None

    def figure_in(self, lang: str) -> Any:
        """The figure to show in ``lang``: ``figure_ja`` in "ja" (drawn now if it is a
        function; callers that switch back and forth keep what it gave), else ``figure``."""
        if lang == "ja" and self.figure_ja is not None:
            return self.figure_ja() if callable(self.figure_ja) else self.figure_ja
        return self.figure


class RuleCounts(list):  # type: ignore[type-arg]
    """A log that keeps only how many events each rule ID logged (rule coverage).

    Games build an event's text only ``if st.log is not None``, so a counter that
    worked with logging off would miss most rules; this log is "on" for the game
    (every event is built and appended) but stores nothing, so a long game holds no
    event list and a clone (``log[:]``) copies nothing. ``counts``: rule ID → events.
    """

    __slots__ = ("counts",)

    def __init__(self, events: Iterable[Event] = ()) -> None:
        super().__init__()
        self.counts: dict[str, int] = {}
        for event in events:
            self.append(event)

    def append(self, event: Event) -> None:  # type: ignore[override]
        self.counts[event.rule] = self.counts.get(event.rule, 0) + 1


class State:
    """One position. Games subclass it with plain attributes and a fast ``clone``.

    ``log`` is a list of :class:`Event` while logging is on and ``None`` when a
    batch simulation turns it off for speed.
    """

    log: list[Event] | None
    params: Params

    def clone(self) -> State:  # pragma: no cover - every game overrides
        raise NotImplementedError

    def emit(self, rule: str, seat: int | None, text: str, text_ja: str = "", *,
             visible_to: Iterable[int] | None = None, public: tuple[str, str] | None = None,
             **data: Any) -> None:
        """Log that rule ``rule`` changed something (no-op while logging is off).

        ``visible_to`` (seats) makes the event hidden: those seats read it in
        full, the others read ``public`` (English, Japanese) or nothing.
        """
        if self.log is not None:
            self.log.append(Event(rule, seat, text, text_ja or text, data,
                                  None if visible_to is None else frozenset(visible_to),
                                  public))


#: the State a game's rules work on (``Game[WitchState, WitchParams]``)
S = TypeVar("S", bound=State)
#: the Params a game's states are made from
P = TypeVar("P", bound="Params")


class Game(Generic[S, P]):
    """A stateless rules object, one per game, registered by name.

    Generic over its State and Params, so a game's overrides take its own state
    (``scores(self, st: WitchState)``) and the type checker reads the slots it uses; code that
    drives any game (agents, simulation, analysis) takes a bare ``Game`` (``Game[Any, Any]``).
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    title_ja: ClassVar[str] = ""
    params_type: type[P]
    #: rule IDs whose events explain how a tie for first place was settled
    tie_break_rules: ClassVar[tuple[str, ...]] = ()
    #: the files under ``data/<game>/`` the game reads (its card tables): what records and
    #: results files hash, so a ``notes.csv`` or a results file saved there is not a rule
    #: change. ``None`` (a game that does not say): every ``*.csv`` but ``rules.csv``.
    card_tables: ClassVar[tuple[str, ...] | None] = None
    #: VP source key (``vp_sources``) → (English, Japanese) label for charts and panels
    VP_SOURCE_LABELS: ClassVar[dict[str, tuple[str, str]]] = {}
    #: ``seat_summary`` columns holding comma-separated item ids (cards, skills a seat
    #: held): ``analysis.metrics.item_usage`` gives each id's usage and win rate. Columns
    #: named ``*_held`` count without being listed.
    item_columns: ClassVar[tuple[str, ...]] = ()
    #: the game's hook modules, imported by the game (``hooks = (bots, observe, view)``):
    #: each hook of ``core.hooks.STANDARD_HOOKS`` the class does not define itself is read
    #: from its module (``observation`` from ``observe.py``, ``view`` from ``view.py``'s
    #: ``render``, …). Empty: every hook is a method.
    hooks: ClassVar[tuple[ModuleType, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        modules = vars(cls).get("hooks")
        if modules:
            declare_hooks(cls, modules)

    @property
    def min_players(self) -> int:
        """The fewest seats: the Params' own range (``core.seats.player_range``), so a game
        states its player range once, in its ``players`` param."""
        return player_range(self.params_type)[0]

    @property
    def max_players(self) -> int:
        """The most seats (see :attr:`min_players`)."""
        return player_range(self.params_type)[1]

    # -- the game-specific part -----------------------------------------------------------
    def new_state(self, params: P | None = None, log: bool = True) -> S:
        raise NotImplementedError

    def to_move(self, state: S) -> int | Chance | None:
        """Seat that decides now, :data:`CHANCE`, or ``None`` once the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: S) -> Sequence[Hashable]:
        raise NotImplementedError

    def chance_outcomes(self, state: S) -> list[tuple[Hashable, float]]:
        raise NotImplementedError

    def chance_stream(self, state: S) -> str:
        """The purpose the open chance step draws for (a deck's name, ``"dice"``): the
        driver draws it from that purpose's own stream (:mod:`designkit.core.streams`), so
        a variant that changes one deck or the number of rolls leaves the other draws of
        a seed as they were. Default: one stream, ``"chance"``, for every step."""
        return DEFAULT_PURPOSE

    def _apply(self, state: S, action: Hashable) -> None:
        """Apply a decision known to be legal."""
        raise NotImplementedError

    def _apply_chance(self, state: S, outcome: Hashable) -> None:
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def scores(self, state: S) -> list[float]:
        raise NotImplementedError

    def ranking(self, state: S) -> list[int]:
        """Seats from first place to last, after the draft's tie-breaks."""
        raise NotImplementedError

    def winners(self, state: S) -> list[int]:
        """Seats that count as winners (more than one only where the draft allows a draw)."""
        return self.ranking(state)[:1]

    def observation(self, state: S, seat: int) -> dict[str, Any]:
        raise NotImplementedError

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A copy where everything ``seat`` cannot see is resampled consistently."""
        raise NotImplementedError

    def heuristic(self, state: S, seat: int) -> float:
        """A cheap estimate of how well ``seat`` is doing (greedy bots, drama metrics)."""
        return float(self.scores(state)[seat])

    def child_values(self, state: S, actions: Sequence[Hashable], seat: int
                     ) -> list[float | None] | None:
        """Optional: ``heuristic(child, seat)`` of each of ``actions`` applied to ``state``,
        worked out without stepping a copy, where the game can (None, or a None entry: that
        child is stepped and valued as before). ``state`` is the position the greedy bot
        would step (a determinised sample: nothing hidden from ``seat`` is new here). Each
        value must be exactly the float the stepped child's heuristic gives, so decisions
        stay as they are; a game that supplies it tests that on seeded greedy games
        (``docs/ADDING_A_GAME.md``). Default: None, every child stepped."""
        return None

    def check_state(self, state: S) -> list[Violation]:
        """The game's invariants broken by ``state`` (none: a possible position)."""
        return []

    def hidden_zones(self, state: S, seat: int) -> list[list[ZonePath]]:
        """Where the things ``seat`` cannot see live in ``state_to_dict(state)``.

        Groups of paths (keys and list indices into the dict); a path ends at a list (its
        items) or at one item. Items may be exchanged among the zones of one group, each
        zone keeping its length, without ``seat`` being able to tell (other seats' hands
        and the deck they come from). The contract suite shuffles them and requires the
        same observation, ``view`` and seat log for ``seat``: a leak check that does not
        trust the game's own ``observation`` / ``determinize``. Default: nothing hidden.
        """
        return []

    def components(self, state: S) -> dict[str, int]:
        """Every physical component of the game in ``state``, by id (``"card 5"``,
        ``"die"``, ``"token"``), counted over all places, the box included.

        What a rule moves never appears or vanishes, so the contract suite checks that this
        count is the same after every step. Default: nothing declared (a game whose
        components are unbounded, e.g. cards drawn with replacement).
        """
        return {}

    def design_tables(self, params: P | None = None) -> list[DesignTable]:
        """Tables worth reading before simulating (odds, costs); none by default."""
        return []

    def view(self, state: S, seat: int | None = None, lang: str = "en") -> str:
        """HTML of the position as ``seat`` sees it (``None``: everything public)."""
        raise NotImplementedError

    def state_to_dict(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def state_from_dict(self, data: dict[str, Any], params: P | None = None,
                        log: bool = True) -> S:
        raise NotImplementedError

    def action_to_json(self, action: Hashable) -> Any:
        raise NotImplementedError

    def action_from_json(self, data: Any) -> Hashable:
        raise NotImplementedError

    def table_needs(self, params: P) -> Sequence[TableNeed]:
        """What ``params`` need of the card tables (counts per player count): checked
        before a game starts, so a short table is one line, never a short game. A game
        whose tables any parameters fit declares none."""
        return ()

    def describe_action(self, action: Hashable, lang: str = "en") -> str:
        describe = getattr(action, "describe", None)
        return describe(lang) if describe else str(action)

    def explain_illegal(self, state: S, action: Hashable) -> str:
        """Why an action is not legal now; games override with rule-specific reasons."""
        legal = self.legal_actions(state)
        more = " …" if len(legal) > 8 else ""
        return bi("legal now: {shown}{more}", "いま選べるのは：{shown_ja}{more}", more=more,
                  shown=", ".join(self.describe_action(a) for a in legal[:8]),
                  shown_ja="、".join(self.describe_action(a, "ja") for a in legal[:8]))

    def game_summary(self, state: S) -> dict[str, Any]:
        """Game-specific columns of ``Results.games``."""
        return {}

    def seat_summary(self, state: S, seat: int) -> dict[str, Any]:
        """Game-specific columns of ``Results.seats``."""
        return {}

    def vp_sources(self, state: S, seat: int) -> dict[str, float]:
        """``seat``'s score split by the draft's scoring categories, in the draft's order.

        The values (the game's own numbers: whole VP stay ints) sum exactly to
        ``scores(state)[seat]`` (the contract suite checks it), so a designer can read how much of a win each category decides; the
        runner writes them as ``vp_<key>`` columns of ``Results.seats``. Every
        registered game overrides this: an empty split fails the contract suite.
        """
        return {}

    def vp_source_label(self, key: str, lang: str = "en") -> str:
        """How charts name a VP source: the game's label, else the key in words."""
        en, ja = self.VP_SOURCE_LABELS.get(key, (key.replace("_", " "), ""))
        return (ja or en) if lang == "ja" else en

    def tie_break_event(self, state: S) -> Event | None:
        """The logged event that settled a tie for first place, if the log has one."""
        return next((e for e in reversed(state.log or []) if e.rule in self.tie_break_rules),
                    None)

    def start_seat(self, state: S) -> int | None:
        """The seat that played first, so results can be read by turn position (None: n/a)."""
        return None

    def end_reason(self, state: S) -> str:
        return "end"

    def turns(self, state: S) -> int:
        return 0

    # -- generic machinery ------------------------------------------------------------------
    def apply(self, state: S, action: Hashable, check: bool = True) -> None:
        """Apply a decision or, at a chance node, an outcome.

        With ``check`` the step is validated first and :class:`IllegalAction`
        leaves ``state`` untouched. Drivers that pick from ``legal_actions``
        pass ``check=False`` to skip the second enumeration.
        """
        who = self.to_move(state)
        if who is None:
            raise IllegalAction(bi("{a}: the game is over", "{a_ja}：ゲームは終わっています",
                                   a=self.describe_action(action),
                                   a_ja=self.describe_action(action, "ja")))
        if who is CHANCE:
            if check and action not in {o for o, _ in self.chance_outcomes(state)}:
                raise IllegalAction(bi("chance outcome {o!r} is not possible now",
                                       "偶然の結果 {o!r} はいまは起こりえません", o=action))
            self._apply_chance(state, action)
            return
        if check and action not in self.legal_actions(state):
            raise IllegalAction(bi("{a} is not legal for seat {who}: {why}",
                                   "席 {who} は「{a_ja}」を選べません：{why}",
                                   a=self.describe_action(action),
                                   a_ja=self.describe_action(action, "ja"), who=who,
                                   why=self.explain_illegal(state, action)))
        self._apply(state, action)

    def sample_chance(self, state: S, rng: random.Random) -> Hashable:
        """Draw a chance outcome; games with large outcome sets override for speed.

        ``rng`` may hold a game's streams (:class:`~designkit.core.streams.ChanceStreams`):
        the draw then comes from the stream of :meth:`chance_stream`."""
        outcomes = self.chance_outcomes(state)
        r = route(rng, self.chance_stream(state)).random()
        acc = 0.0
        for outcome, p in outcomes:
            acc += p
            if r < acc:
                return outcome
        return outcomes[-1][0]

    def check_players(self, players: int) -> None:
        from designkit.core.errors import ParamError

        if not self.min_players <= players <= self.max_players:
            raise ParamError("players", bi("{n} is outside the allowed range {lo}–{hi}",
                                           "{n} は許容範囲 {lo}–{hi} の外です", n=players,
                                           lo=self.min_players, hi=self.max_players))

    def default_params(self, **changes: Any) -> P:
        return self.params_type().replace(**changes) if changes else self.params_type()

    def rule_texts(self) -> dict[str, dict[str, str]]:
        """Rule ID → English text and Japanese quote, from ``data/<game>/rules.csv``."""
        from designkit.core.rules_text import load_rule_texts

        return load_rule_texts(self.name)

    def seats_label(self, seat: int) -> str:
        """How results, charts, the CLI and panels name a seat (one owner: core.seats)."""
        return seat_label(seat)


def rank_seats(values: Sequence[float], priority: Sequence[int]) -> list[int]:
    """Order seats by value (high first), breaking ties by position in ``priority``."""
    pos = {seat: i for i, seat in enumerate(priority)}
    return sorted(range(len(values)), key=lambda s: (-values[s], pos[s]))
