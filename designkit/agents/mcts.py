"""Information-set MCTS (single observer, open loop on chance) with determinisation.

Each iteration deals the hidden cards anew (:meth:`~designkit.core.infoset.InfoSet.sample`,
the game's ``determinize`` from the deciding seat's observation), so the search never reads
a hidden card: the agent is handed the seat's information set, never the true state;
availability counts keep UCB fair when the legal set differs between
determinisations (Cowling, Powley & Whitehouse 2012).

Two budgets, one default playout:

* ``mcts:200`` runs 200 iterations per decision: deterministic by seed, on any
  machine, in any process.
* ``mcts:0.1s`` / ``mcts:250ms`` searches for that much wall-clock time per
  decision. Stronger per second, but **not reproducible**: the iteration count
  depends on the machine's speed and load, so the same seed can give a
  different game. ``MCTSAgent.deterministic`` says which kind an agent is, and
  simulation results record it (``Results.meta["nondeterministic_agents"]``).
* A playout is cut off after ``cut`` random decisions (``ITERATION_CUT`` for
  ``mcts:N``, ``DEFAULT_CUT`` for time budgets), at the next turn boundary (at
  most ``cut`` decisions later), and the position judged by the game's own ``heuristic``, so the value
  of an iteration does not depend on how long the game still has to run and
  iterations stay cheap in long games (issue 19: a full random playout was
  95 % of an iteration's cost). ``cut=none`` plays to the end of the game (what
  ``mcts:N`` did before issue 19).
* With ``greedy=G`` a playout starts with ``guided`` (default ``DEFAULT_GUIDED``, none)
  greedy decisions: each seat to decide takes the option its heuristic values best one
  step ahead, as the greedy bot does, and only then do the random decisions begin. Random
  play right after the searched move judged that move by what random opponents would do
  to it; the opponents a 0.1 s search meets play greedy (issue 19; measured no stronger
  at 0.1 s, so off by default).

* With ``chance=tree`` the tree is closed-loop on chance: a chance outcome met during the
  descent (a die, a drawn card of the iteration's determinisation) leads to a child of its
  own, so the seat's follow-up decisions are searched per outcome instead of averaged over
  different rolls (``chance=open``, the default for ``mcts:N``, shares one node across all
  outcomes). Outcomes come from the sampled position, so no hidden card of the true state
  is read.

Every seat is judged at a cut-off, though only the seats owning a node of the
path read their reward: judging only those was cheaper but made the scale of the
judgement follow the searching seat's own lead, and Rolling Stone's 0.1 s search
won 1/8 games against greedy that way, 4/8 judging every seat (issue 19).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence

from designkit.agents.base import Agent
from designkit.core.flow import FlowGame, FlowState, is_plain_flow
from designkit.core.game import CHANCE, Game, State
from designkit.core.infoset import InfoSet
from designkit.core.lookahead import child_values
from designkit.core.seats import player_count

#: random decisions a time budget's cut-off playout plays before it waits for the turn
#: boundary and the heuristic judges the position (``cut=none`` plays to the end)
DEFAULT_CUT = 30
#: the same for an iteration budget (``mcts:N``): cheaper iterations, so a game between
#: ``mcts:N`` bots (the ladder's rungs) is quick; at 0.1 s per decision the longer
#: ``DEFAULT_CUT`` wins more (4-player Crossroads against greedy: 16/20 at 30, 11/20 at 10)
ITERATION_CUT = 10
DEFAULT_C = 0.7
#: virtual visits a time-budget search gives each root option, valued by the heuristic
DEFAULT_PRIOR = 3
#: decisions at the start of a playout that follow the greedy bot's choice (the game's
#: heuristic one step ahead) instead of a random one, by default (``greedy=G`` sets it).
#: 0: issue 19 measured 3 at 0.1 s of CPU against three greedy seats, same seeds, and
#: found no difference the samples can tell, for twice the cost per iteration: Witch
#: Academia 36.8/56 against 34.5/56, Rolling Stone 15/32 against 15.5/32, Crossroads
#: 23/32 against 26/32, Classic Hero 11/16 against 9/16 (``benchmarks/README.md``)
DEFAULT_GUIDED = 0
#: chance outcomes as tree nodes (``chance=tree``) for a time budget by default. Off: at
#: 0.1 s of CPU against three greedy seats, Rolling Stone won 5 of 17 paired games with it
#: against 9 without (5 won only without, 1 only with; issue 37, ``benchmarks/README.md``):
#: ~200 iterations spread over the outcomes leave each follow-up node a few visits, where
#: the open loop's shared node learns which follow-ups are good across rolls
DEFAULT_CHANCE_TREE = False
#: how the prior's virtual visits are valued by default for a time budget: ``rank`` (best
#: root option 0.75, worst 0.25, linear in the heuristic between) or ``judge`` (each option's
#: position one step ahead judged as a cut-off playout is, :meth:`MCTSAgent._judge`).
#: ``rank``: Rolling Stone at 0.1 s of CPU against three greedy seats won 19.3/40 with
#: ``judge`` and 20/40 with ``rank`` on the same deals (7 games won by each only; issue 37)
DEFAULT_BIAS = "rank"
BIASES = ("rank", "judge")
#: iterations a time-budget search may never exceed (a guard, not a budget)
MAX_ITERATIONS = 1_000_000


#: first item of a chance outcome's key among a node's children: no action can equal a
#: tuple holding this object, so outcomes and actions never share a child
_OUTCOME = object()


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "seat")

    def __init__(self, seat: int | None) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.seat = seat  # the seat whose decision led here


#: kept under its old name for the agents that import it from here
plain_flow = is_plain_flow


def _rewards(game: Game, state: State) -> list[float]:
    winners = game.winners(state)
    n = len(game.scores(state))
    share = 1.0 / len(winners)
    return [share if s in winners else 0.0 for s in range(n)]


class MCTSAgent(Agent):
    """ISMCTS with UCB1 (exploration ``c``) under an iteration or a time budget.

    ``iterations``: iterations per decision (ignored when ``seconds`` is set,
    except as a cap). ``seconds``: budget per decision, on the wall clock or, with
    ``clock="cpu"``, on the searching thread's CPU clock (what an idle machine would
    give; benchmarks on a shared machine use it); neither is reproducible across
    machines. The budget covers the whole decision, the prior included. ``cut``:
    random decisions per playout before the heuristic judges the position
    (``None``: play to the end). ``prior``: virtual visits per root option from the
    heuristic (0: none). ``guided``: decisions at the start of each playout taken by the
    greedy bot's rule instead of at random (0: random playouts).
    """

    def __init__(self, iterations: int = 200, c: float = DEFAULT_C,
                 seconds: float | None = None, cut: int | None = ITERATION_CUT, prior: int = 0,
                 clock: str = "wall", guided: int = 0, chance_tree: bool = False,
                 bias: str = "rank") -> None:
        self.iterations = iterations if seconds is None else MAX_ITERATIONS
        self.seconds = seconds
        self.c = c
        self.cut = cut
        self.prior = prior
        self.deterministic = seconds is None
        self.clock = clock
        self.guided = guided
        self.chance_tree = chance_tree
        self.bias = bias
        self._now = time.thread_time if clock == "cpu" else time.perf_counter
        #: iterations run at the last decision and over the agent's life (benchmarks)
        self.last_iterations = 0
        self.total_iterations = 0
        self.searches = 0
        self.name = self.name_for(iterations, c, seconds, cut, prior, clock, guided,
                                  chance_tree, bias)
        self._lead_sum = 0.0
        self._judged = 0

    @staticmethod
    def name_for(iterations: int = 200, c: float = DEFAULT_C, seconds: float | None = None,
                 cut: int | None = ITERATION_CUT, prior: int = 0, clock: str = "wall",
                 guided: int = 0, chance_tree: bool = False, bias: str = "rank") -> str:
        """The name an agent built with these options has, without building it (the
        parent of a simulation only needs the names; workers build the agents)."""
        return agent_name(iterations, seconds, cut, c, prior, clock, guided, chance_tree, bias)

    def decide(self, game: Game, info: InfoSet, rng: random.Random) -> Hashable:
        legal, seat, sample = info.legal, info.seat, info.sample
        root = _Node(None)
        self._lead_sum, self._judged = 0.0, 0
        now = self._now
        deadline = now() + self.seconds if self.seconds is not None else 0.0
        if self.prior:
            self._seed_root(game, sample(rng), seat, legal, root)
        done = 0
        if self.seconds is None:
            for _ in range(self.iterations):
                self._iterate(game, sample(rng), root, rng)
            done = self.iterations
        else:
            while True:  # at least one iteration, however short the budget
                self._iterate(game, sample(rng), root, rng)
                done += 1
                if done >= self.iterations or now() >= deadline:
                    break
        self.last_iterations = done
        self.total_iterations += done
        self.searches += 1
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         root.children[a].total if a in root.children else 0))

    def _seed_root(self, game: Game, st: State, seat: int, legal: Sequence[Hashable],
                   root: _Node) -> None:
        """Progressive bias from the greedy bot's knowledge (Chaslot et al. 2008): each
        root option starts with ``prior`` virtual visits worth its heuristic rank
        (best 0.75, worst 0.25), so a short search begins where greedy would play and
        leaves it only when the playouts say so. Judged on a determinisation, like
        every searched position.

        With ``bias="judge"`` an option's visits are worth what :meth:`_judge` gives its
        position instead (the playouts' own scale): options greedy can hardly tell apart
        start nearly equal, where the rank puts 0.5 per visit between the best and the
        worst however small their difference, so a short search could not leave greedy's
        choice among near-ties."""
        values = []
        judged = []
        for action in legal:
            child = st.clone()
            child.log = None
            game.apply(child, action, check=False)
            if self.bias == "judge":
                judged.append(child)
            else:
                values.append(game.heuristic(child, seat))
        if judged:
            for action, child in zip(legal, judged, strict=True):
                node = root.children[action] = _Node(seat)
                node.visits = self.prior
                node.total = self.prior * self._judge(game, child)[seat]
            return
        lo, hi = min(values), max(values)
        for action, value in zip(legal, values, strict=True):
            node = root.children[action] = _Node(seat)
            node.visits = self.prior
            node.total = self.prior * (0.25 + 0.5 * ((value - lo) / (hi - lo) if hi > lo
                                                     else 0.5))

    def _iterate(self, game: Game, st: State, root: _Node, rng: random.Random) -> None:
        """One iteration on the determinisation ``st``: descend (expanding one node), play
        out (judged at the cut-off) and back the rewards up."""
        flow = plain_flow(game)
        path = (self._flow_descend(game, st, root, rng) if flow  # type: ignore[arg-type]
                else self._descend(game, st, root, rng))
        rewards = (self._flow_playout(game, st, rng) if flow  # type: ignore[arg-type]
                   else self._generic_playout(game, st, rng))
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += rewards[n.seat]

    def _select(self, node: _Node, legal: Sequence[Hashable], who: int, rng: random.Random
                ) -> tuple[Hashable, _Node, bool]:
        """The action to follow from ``node``: an untried one at random (expanding it),
        else the best by UCB1 on availability counts; and whether it was expanded."""
        children = node.children
        untried = []
        for a in legal:
            child = children.get(a)
            if child is None:
                untried.append(a)
            else:
                child.avail += 1
        if untried:
            action = untried[int(rng.random() * len(untried))]
            child = children[action] = _Node(who)
            return action, child, True
        c, log, sqrt = self.c, math.log, math.sqrt
        best, pick = float("-inf"), legal[0]
        for a in legal:
            ch = children[a]
            visits = ch.visits
            value = ch.total / visits + c * sqrt(log(ch.avail) / visits)
            if value > best:
                best, pick = value, a
        return pick, children[pick], False

    def _descend(self, game: Game, st: State, node: _Node, rng: random.Random) -> list[_Node]:
        """The tree part of an iteration through the ``Game`` contract: the nodes passed."""
        to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply
        path = [node]
        while True:
            who = to_move(st)
            if who is None:
                return path
            if who is CHANCE:
                outcome = game.sample_chance(st, rng)
                apply(st, outcome, check=False)
                if self.chance_tree:
                    node = _outcome_child(node, outcome)
                continue
            action, node, expanded = self._select(node, legal_actions(st), who, rng)
            apply(st, action, check=False)
            path.append(node)
            if expanded:
                return path

    def _flow_descend(self, game: FlowGame, st: FlowState, node: _Node, rng: random.Random
                      ) -> list[_Node]:
        """:meth:`_descend` for a game on the core flow (phase and options read directly,
        as in :meth:`_flow_playout`): the same steps and the same draws of ``rng``."""
        is_chance, over, apply = game.flow.is_chance, game.flow.OVER, game._apply
        tree = self.chance_tree
        path = [node]
        while True:
            while is_chance[st.phase]:
                outcome = game.sample_chance(st, rng)
                game._apply_chance(st, outcome)
                if tree:
                    node = _outcome_child(node, outcome)
            if st.phase is over:
                return path
            action, node, expanded = self._select(node, st.options, st.seat,  # type: ignore[arg-type]
                                                  rng)
            apply(st, action)
            path.append(node)
            if expanded:
                return path

    def _playout(self, game: Game, st: State, rng: random.Random) -> list[float]:
        """Random moves to the end, or to the cut-off and then the heuristic's judgement.

        The cut-off waits for a quiet position: after ``cut`` random decisions the playout
        goes on until a different seat is to decide (a turn has ended), for at most
        ``cut`` decisions more. Judged in the middle of a seat's multi-step turn (a roll
        taken but not placed), a position says more about the random half-turn than about
        the move searched: at cut=10, Rolling Stone's 0.1 s search won 0/8 games against
        greedy without the wait and 3.5/10 with it (issue 19)."""
        if plain_flow(game):
            return self._flow_playout(game, st, rng)  # type: ignore[arg-type]
        return self._generic_playout(game, st, rng)

    def _generic_playout(self, game: Game, st: State, rng: random.Random) -> list[float]:
        """:meth:`_playout` through the ``Game`` contract."""
        to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply
        random_ = rng.random
        left, stop = self.cut, -(self.cut or 0)
        guided = self.guided
        prev = None
        while True:
            who = to_move(st)
            if who is None:
                return _rewards(game, st)
            if who is CHANCE:
                apply(st, game.sample_chance(st, rng), check=False)
                continue
            if left is not None:
                if left <= 0 and (who != prev or left <= stop):
                    return self._judge(game, st)
                left -= 1
            prev = who
            legal = legal_actions(st)
            if guided and len(legal) > 1:
                guided -= 1
                apply(st, self._greedy_pick(game, st, legal, who), check=False)
            else:
                apply(st, legal[int(random_() * len(legal))], check=False)

    def _flow_playout(self, game: FlowGame, st: FlowState, rng: random.Random
                      ) -> list[float]:
        """:meth:`_playout` for a game on the core flow, reading the phase and the open
        question's options directly: the same steps and the same draws of ``rng``, without
        a ``to_move`` / ``legal_actions`` call and a list copy per step."""
        flow = game.flow
        is_chance, over = flow.is_chance, flow.OVER
        sample, apply_chance, apply = game.sample_chance, game._apply_chance, game._apply
        random_ = rng.random
        left, stop = self.cut, -(self.cut or 0)
        guided = self.guided
        prev = None
        while True:
            ph = st.phase
            if is_chance[ph]:
                apply_chance(st, sample(st, rng))
                continue
            if ph is over:
                return _rewards(game, st)
            if left is not None:
                if left <= 0 and (st.seat != prev or left <= stop):
                    return self._judge(game, st)
                left -= 1
            prev = st.seat
            options = st.options
            if guided and len(options) > 1:
                guided -= 1
                apply(st, self._greedy_pick(game, st, options, st.seat))  # type: ignore[arg-type]
            else:
                apply(st, options[int(random_() * len(options))])

    @staticmethod
    def _greedy_pick(game: Game, st: State, options: Sequence[Hashable], seat: int
                     ) -> Hashable:
        """The greedy bot's choice among ``options`` (the first best by ``seat``'s
        heuristic, one step ahead): a guided playout step."""
        heuristic = game.heuristic
        best, pick = float("-inf"), options[0]
        for action, value in zip(options, child_values(game, st, options,
                                                       lambda c: heuristic(c, seat)),
                                 strict=True):
            if value > best:
                best, pick = value, action
        return pick

    def _judge(self, game: Game, st: State) -> list[float]:
        """Each seat's chance of winning from the heuristic: a logistic of its lead.

        ``Game.heuristic`` is relative (own estimate minus the best opponent's), so
        the leader gets more than 1/2 and everyone else less. Leads are measured
        against the mean size of the leads judged so far in this search, which
        makes the reward scale-free: a game counting in tens of VP and one
        counting in units are judged alike.

        A game may define ``heuristics(state)``: every seat's ``heuristic`` at once, the
        same floats, its shared work done once (``docs/ADDING_A_GAME.md``; Rolling Stone's
        four heuristics of one position read each other's opponent estimates).
        """
        every = getattr(game, "heuristics", None)   # the game's optional all-seats form
        if every is not None:
            leads: list[float] = every(st)
        else:
            heuristic = game.heuristic
            leads = [heuristic(st, s) for s in range(player_count(st.params))]
        self._lead_sum += sum(abs(x) for x in leads) / len(leads)
        self._judged += 1
        scale = self._lead_sum / self._judged
        if scale < 1e-9:
            scale = 1.0
        exp = math.exp
        return [1.0 / (1.0 + exp(-max(-30.0, min(30.0, x / scale)))) for x in leads]


def _outcome_child(node: _Node, outcome: Hashable) -> _Node:
    """The child of ``node`` for a chance outcome (made on first meeting): the decisions
    after it are searched for this outcome only. Not on the iteration's path, since no
    seat's reward is kept for a chance step and UCB reads only the decisions' children."""
    key = (_OUTCOME, outcome)
    child = node.children.get(key)
    if child is None:
        child = node.children[key] = _Node(None)
    return child


def agent_name(iterations: int, seconds: float | None, cut: int | None, c: float,
               prior: int = 0, clock: str = "wall", guided: int = 0,
               chance_tree: bool = False, bias: str = "rank") -> str:
    """The canonical spec of an agent: ``get_agent(name)`` rebuilds the same agent.

    Options at their defaults are left out (``mcts:200``, ``mcts:0.1s``); a time
    budget is always written in seconds with its ``s``, the mark of a
    non-reproducible agent.
    """
    parts = [f"mcts:{iterations}" if seconds is None else f"mcts:{seconds:g}s"]
    if cut != (DEFAULT_CUT if seconds is not None else ITERATION_CUT):
        parts.append(f"cut={'none' if cut is None else cut}")
    if seconds is None:
        if prior:
            parts.append(f"prior={prior}")
    else:
        if prior != DEFAULT_PRIOR:
            parts.append(f"prior={prior}")
        if clock != "wall":
            parts.append(f"clock={clock}")
    if guided != (DEFAULT_GUIDED if seconds is not None else 0):
        parts.append(f"greedy={guided}")
    if chance_tree != (DEFAULT_CHANCE_TREE if seconds is not None else False):
        parts.append(f"chance={'tree' if chance_tree else 'open'}")
    if bias != (DEFAULT_BIAS if seconds is not None else "rank"):
        parts.append(f"bias={bias}")
    if c != DEFAULT_C:
        parts.append(f"c={c:g}")
    return ":".join(parts)
