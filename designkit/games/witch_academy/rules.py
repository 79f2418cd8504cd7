"""Little Witch Academia: the Game contract over the flow of :mod:`state`.

The rules live one concern per module, each task one rule: :mod:`setup` (LW-2,
LW-3 round start and the hidden draft), :mod:`turn` (LW-4 modes, LW-5
placement, LW-8 push-out, LW-9 Rest), :mod:`explore` (LW-6 Areas),
:mod:`university` (LW-7), :mod:`resolve` (section 5.1 effects, LW-0 Health)
and :mod:`scoring` (LW-10 assignments, LW-11 round end, LW-12 game end).
Importing them registers their tasks, decisions and chance steps.
"""

from __future__ import annotations

from typing import Any

from designkit.core.flow import FlowGame
from designkit.core.game import DesignTable, vp_labels
from designkit.core.messages import Text, bi
from designkit.core.registry import register
from designkit.core.table_needs import TableNeed, count
from designkit.games.witch_academy import (  # noqa: F401
    bots,
    explain,
    explore,
    invariants,
    metrics,
    observe,
    printing,
    resolve,
    scoring,
    serialize,
    setup,
    turn,
    university,  # noqa: F401
    view,
)
from designkit.games.witch_academy.actions import WitchAction
from designkit.games.witch_academy.cards import (
    load_areas,
    load_assignments,
    load_events,
    load_exploration,
)
from designkit.games.witch_academy.params import WitchParams
from designkit.games.witch_academy.state import (
    FLOW,
    VP_PARTS,
    E,
    Ruleset,
    WitchState,
)


class WitchGame(FlowGame[WitchState, WitchParams]):
    name = "witch_academy"
    card_tables = ("areas.csv", "assignments.csv", "events.csv", "exploration.csv")
    title = "Little Witch Academia"
    title_ja = "リトルウィッチアカデミア"
    params_type = WitchParams
    VP_SOURCE_LABELS = vp_labels("""
        assignment      | Assignments (LW-10.1)       | 課題
        request         | Requests (LW-7.5)           | 依頼
        forced_pass     | Forced passes (LW-10.4)     | 強制パス
        card            | Card effects                | カード効果
        legacy_majority | Legacy majorities (LW-12.2) | レガシーのマジョリティ
    """)
    min_players, max_players = 3, 5
    tie_break_rules = ("LW-12.3",)
    flow = FLOW
    #: heuristic, observation, view, JSON form, invariants, explanations: core.hooks
    hooks = (bots, explain, invariants, metrics, observe, printing, serialize, view)
    action_type = WitchAction

    def new_state(self, params: WitchParams | None = None, log: bool = True) -> WitchState:
        p = params if params is not None else WitchParams()
        st = setup.blank_state(Ruleset.compile(p), log)
        self.start(st, ("setup",))
        return st

    # -- results ----------------------------------------------------------------------------------
    def scores(self, st: WitchState) -> list[float]:
        return [float(v) for v in st.vp]

    def ranking(self, st: WitchState) -> list[int]:
        """LW-12.3: most VP, then most Elixir; a remaining tie is a draw (listed by seat)."""
        groups = scoring.final_ranking(st.vp, [r[E] for r in st.res], st.params.tiebreak)
        return [s for g in groups for s in g]

    def winners(self, st: WitchState) -> list[int]:
        return scoring.final_ranking(st.vp, [r[E] for r in st.res], st.params.tiebreak)[0]

    def ranking_groups(self, st: WitchState) -> list[list[int]]:
        """LW-12.3 places from first down: seats still tied after VP and Elixir share a
        place (a draw), so a footer can print ties as ties ("A = C > B")."""
        return scoring.final_ranking(st.vp, [r[E] for r in st.res], st.params.tiebreak)

    over_reason = "final_round"

    def turns(self, st: WitchState) -> int:
        return st.turn_no

    def start_seat(self, st: WitchState) -> int | None:
        return st.sp

    def table_needs(self, params: WitchParams) -> list[TableNeed]:  # type: ignore[override]
        """LW-2.1/2.2 set-up and each year's LW-3.2/3.3 decks, for these players."""
        p, n = params, params.players
        n_explore = count(load_exploration())
        explore_cards = Text("Exploration cards", "探索カード")
        needs = [
            TableNeed("areas.csv", Text("Area cards", "エリアカード"), count(load_areas()),
                      p.areas(), bi("areas_by_players for {n} players, LW-2.1",
                                    "{n} 人の areas_by_players、LW-2.1", n=n)),
            TableNeed("exploration.csv", explore_cards, n_explore,
                      p.areas() * p.exploration_cards_per_area,
                      bi("{a} Areas × exploration_cards_per_area for {n} players, LW-2.2",
                         "{n} 人でエリア {a} 個 × exploration_cards_per_area、LW-2.2",
                         a=p.areas(), n=n)),
            TableNeed("exploration.csv", explore_cards, n_explore,
                      p.exploration_deck_size, "exploration_deck_size, LW-2.2")]
        events, assignments = load_events(), load_assignments()
        for y in range(1, p.rounds + 1):
            needs.append(TableNeed(
                "events.csv", bi("year-{y} event cards", "{y} 年目のイベントカード", y=y),
                count(e for e in events if e.year == y), n * p.draft_hand_size,
                bi("{n} players × draft_hand_size, LW-3.3", "{n} 人 × draft_hand_size、LW-3.3",
                   n=n)))
            needs.append(TableNeed(
                "assignments.csv", bi("year-{y} assignments", "{y} 年目の課題", y=y),
                count(a for a in assignments if a.year == y), p.display_size(),
                bi("assignments on display for {n} players, LW-3.2",
                   "{n} 人で場に並べる課題、LW-3.2", n=n)))
        return needs

    def design_tables(self, params: WitchParams | None = None) -> list[DesignTable]:
        from designkit.games.witch_academy.tables import design_tables

        return design_tables(params if params is not None else WitchParams())

    def game_summary(self, st: WitchState) -> dict[str, Any]:
        return {"areas": ",".join(st.rules.areas[a].id for a in st.areas),
                "start_player": st.sp, "legacy_left": sum(st.stock)}

    def vp_sources(self, st: WitchState, seat: int) -> dict[str, float]:
        """The VP kept per scoring category as it is scored (``st.parts``)."""
        return {name: st.parts[seat][i] for i, name in enumerate(VP_PARTS)}

    def seat_summary(self, st: WitchState, seat: int) -> dict[str, Any]:
        return {"elixir": st.res[seat][E], "resources": st.total_res(seat),
                "legacy": sum(st.legacy[seat]), "health": sum(st.health[seat]),
                "familiars_held": ",".join(st.rules.events[f].id for fs in st.familiars[seat]
                                           for f in fs),
                "facilities_held": ",".join(c.id for c in st.active_facilities(seat))}


GAME = register(WitchGame())
