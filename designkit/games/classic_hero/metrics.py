"""Classic Hero's (王道勇者) declared metrics: what its draft's doubts count (core.metrics).

The draft's ■問題点 ask for counts the results table does not hold: will anyone reroll
(そんなに振り直しすることあるんだろうか), is fixing a value rare (目固定…かなりレアな効果), is
being overtaken for the boss the only cost of stopping more (ボス戦で先を越される), how many
of the VP sources decide a game (勝利点の入り方が複雑). :class:`HeroWatch` counts them while a
game is played, reading the state only (so a watched game is the game ``simulate``
plays); the questions (``data/classic_hero/questions.yaml``) read them as ``metric:NAME``
and the tempo and detour charts (``analysis.questions.classic_hero``) read its per-stage
detail. Declared in the game's ``hooks`` (``core.hooks``: ``question_metrics``).

Worked examples in ``tests/analysis/test_questions_classic_hero_metrics.py`` (CH-5.6, CH-V3, CH-V4, CH-7.0,
CH-9.3).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from typing import Any

from designkit.core.metrics import Declared, GameMetric, Value, Watch
from designkit.games.classic_hero.scoring import winners

METRICS = (
    GameMetric("rerolls", "rerolls per game (Rests CH-5.6, CH-V3 stop rerolls)",
               "振り直しの回数（休息・止まる度の振り直し）", margin=0.5),
    GameMetric("dice_fixed", "dice fixed per game (CH-V3 / CH-V4 FIX)",
               "目固定の回数", margin=0.5),
    GameMetric("deciding_sources", "VP sources without which the winner changes (CH-9.3)",
               "勝敗を決めた勝利点の入り方の数", margin=0.25),
    GameMetric("stops_arrive_later",
               "pairs of players in a stage where the one with more event stops reached "
               "the Goal later (CH-7.0)", "多く止まった方がゴールに遅れた組の割合", unit="%",
               margin=0.05),
    GameMetric("stops", "events stopped at per player (CH-5.3)", "止まったイベントの数",
               per_seat=True, margin=0.5),
    GameMetric("choices", "real choices (2+ options) per player", "実質的な選択の回数",
               per_seat=True, margin=2.0),
)


class HeroWatch(Watch):
    """Counts one game of 王道勇者 from its states (every count from a change between two
    steps, so it holds whatever the engine's internals):

    * ``stops`` — a pawn moved forward onto an event slot (not the Goal), per seat and stage
      (CH-5.3; Trials' forced stops included, CH-5.4);
    * ``rerolls`` — a Rest taken (a ``rest`` / ``rest_free`` decision, CH-5.6) plus a stop
      under CH-V3 (``reroll_each_stop``) that rerolls at least one die (an unfixed
      available one);
    * ``dice_fixed`` — a die added to a seat's fixed dice (``fixed``: CH-V3's SET, CH-V4's
      Request FIX);
    * the Goal's arrival order per stage (``goal_order``, CH-7.0), for ``stops_arrive_later``;
    * real choices (two or more options) per stage and seat, and the engine's single-option
      steps (``forced``) per stage, for the tempo chart.
    """

    def __init__(self, seats: int) -> None:
        super().__init__(seats)
        self.choices: dict[tuple[int, int], int] = defaultdict(int)
        self.forced: dict[int, int] = defaultdict(int)
        self.stops: dict[tuple[int, int], int] = defaultdict(int)   # (stage, seat)
        self.arrivals: dict[int, list[int]] = {}                    # stage → seats in order
        self.rests = 0
        self.stop_rerolls = 0
        self.fixes = 0
        self.last_forced = 0
        self.last_pos: list[int] | None = None
        self.last_stage = -1
        self.last_fixed: list[int] = [0] * seats
        self.seen_goal = 0

    def decision(self, state: Any, seat: int, action: Hashable, options: int) -> None:
        if options > 1:
            self.choices[(state.stage, seat)] += 1
        if getattr(action, "kind", None) in ("rest", "rest_free"):
            self.rests += 1   # CH-5.6: one Rest (a free action, repeatable)

    def step(self, state: Any) -> None:
        st = state
        if st.forced != self.last_forced:
            self.forced[st.stage] += st.forced - self.last_forced
            self.last_forced = st.forced
        self._fixed(st)
        self._arrivals(st)
        pos = st.pos
        if not pos:
            return
        if self.last_pos is not None and self.last_stage == st.stage:
            goal = st.rules.goal
            for seat, (old, new) in enumerate(zip(self.last_pos, pos, strict=True)):
                if new > old and new != goal:
                    self.stops[(st.stage, seat)] += 1
                    if st.params.reroll_each_stop and any(
                            i not in st.fixed[seat] for i in st.available(seat)):
                        self.stop_rerolls += 1   # CH-V3: the free dice are rerolled
        self.last_pos, self.last_stage = pos[:], st.stage

    def _fixed(self, st: Any) -> None:
        for seat, now in enumerate(st.fixed):
            if len(now) > self.last_fixed[seat]:
                self.fixes += len(now) - self.last_fixed[seat]
            self.last_fixed[seat] = len(now)

    def _arrivals(self, st: Any) -> None:
        order = st.goal_order
        if len(order) > self.seen_goal:
            self.arrivals[st.stage] = list(order)
        self.seen_goal = len(order)

    def values(self, state: Any) -> dict[str, Value]:
        st = state
        n = self.n
        return {
            "rerolls": float(self.rests + self.stop_rerolls),
            "dice_fixed": float(self.fixes),
            "deciding_sources": float(deciding_sources(st.parts, st.rules.parts, st.vp,
                                                       [st.speed(s) for s in range(n)],
                                                       st.params.tiebreak)),
            "stops_arrive_later": stops_arrive_later(self.stops, self.arrivals),
            "stops": [float(sum(v for (_, s), v in self.stops.items() if s == seat))
                      for seat in range(n)],
            "choices": [float(sum(v for (_, s), v in self.choices.items() if s == seat))
                        for seat in range(n)],
        }


def deciding_sources(parts: Sequence[Sequence[int]], active: Sequence[int],
                     vp: Sequence[int], speeds: Sequence[int], tiebreak: str) -> int:
    """How many VP sources decide the game: taking source ``i``'s VP from every seat
    (``parts[seat][i]``) changes who wins under CH-9.3's tie-break. A counterfactual on
    the game as played (the players would have played otherwise), as the Demon Lord
    question reads it (``analysis.questions.common.winner_changes_without``)."""
    before = sorted(winners(list(vp), list(speeds), tiebreak))
    count = 0
    for i in active:
        rest = [v - parts[seat][i] for seat, v in enumerate(vp)]
        if sorted(winners(rest, list(speeds), tiebreak)) != before:
            count += 1
    return count


def stops_arrive_later(stops: dict[tuple[int, int], int], arrivals: dict[int, list[int]]
                       ) -> float:
    """Over every stage and pair of seats with different stop counts, the share in which
    the seat that stopped more reached the Goal later (CH-7.0: ``goal_order``). 1: stopping
    more always costs the race to the boss; 0.5: no relation. A game with no such pair
    (every seat stopped equally in every stage) reads 0.5, no relation seen."""
    later = pairs = 0
    for stage, order in arrivals.items():
        place = {seat: i for i, seat in enumerate(order)}
        for a in order:
            for b in order:
                sa, sb = stops.get((stage, a), 0), stops.get((stage, b), 0)
                if a < b and sa != sb:
                    pairs += 1
                    more, fewer = (a, b) if sa > sb else (b, a)
                    later += place[more] > place[fewer]
    return later / pairs if pairs else 0.5


def declared() -> Declared:
    """The ``question_metrics`` hook (core.hooks): the metrics and the watch."""
    return Declared(METRICS, HeroWatch)
