"""Classic Hero: the Game contract over the flow of :mod:`state`.

The rules live one concern per module: :mod:`setup` (CH-2, CH-4), :mod:`turn`
(CH-5, CH-6), :mod:`battle` (CH-7), :mod:`stage` (CH-8), :mod:`scoring`
(CH-9), :mod:`resolve` (dice, effects and abilities) and :mod:`notation`
(CH-3, spec §5.1). Importing them registers their tasks, decisions and chance
steps on :data:`state.FLOW`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from designkit.core.flow import FlowGame
from designkit.core.game import vp_labels
from designkit.core.messages import Text, bi
from designkit.core.registry import register
from designkit.core.table_needs import TableNeed
from designkit.games.classic_hero import (  # noqa: F401
    battle,
    bots,
    explain,
    fast_values,
    invariants,
    metrics,
    observe,
    printing,
    scoring,
    serialize,
    stage,
    turn,
    view,
)
from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.cards import (
    load_abilities,
    load_demon_lords,
    load_events,
    load_races,
)
from designkit.games.classic_hero.params import ClassicHeroParams
from designkit.games.classic_hero.setup import blank_state, game_tasks
from designkit.games.classic_hero.state import (
    FLOW,
    VP_PARTS,
    ClassicHeroState,
    Ruleset,
)


class ClassicHeroGame(FlowGame[ClassicHeroState, ClassicHeroParams]):
    name = "classic_hero"
    card_tables = ("abilities.csv", "demon_lords.csv", "events.csv", "races.csv",
                   "weaknesses.csv")
    title = "Classic Hero"
    title_ja = "王道勇者"
    params_type = ClassicHeroParams
    VP_SOURCE_LABELS = vp_labels("""
        red_bonus    | Red dice bonus (CH-6.4)            | 赤サイコロボーナス
        artifact     | Artifacts (CH-6.7)                 | アーティファクト
        boss_hp      | Demon Lord HPs (CH-7.2)            | 魔王のＨＰ
        final_damage | Final damage bonus (CH-7.3)        | ファイナルダメージボーナス
        skill        | Event and ability effects (CH-6.3) | イベント・能力の効果
        pilgrimage   | Pilgrimage penalty (CH-8.5)        | 巡礼
        city_sets    | City sets (CH-9.1)                 | 都市のセット
        requests     | Request majority (CH-9.2)          | 依頼のマジョリティ
        first_attack | First Attack bonus (CH-V1)         | ファーストアタックボーナス
        weakness     | Weakness cards (CH-V2)             | ボスの弱点
        suit_sets    | Five-suit sets (CH-V7)             | ５スートのセット
    """)
    min_players, max_players = 3, 4
    tie_break_rules = ("CH-9.3",)
    flow = FLOW
    #: heuristic, observation, view, JSON form, invariants, explanations: core.hooks
    hooks = (bots, explain, invariants, metrics, observe, printing, serialize, view)
    action_type = HeroAction

    def new_state(self, params: ClassicHeroParams | None = None, log: bool = True
                  ) -> ClassicHeroState:
        p = params if params is not None else ClassicHeroParams()
        st = blank_state(Ruleset.compile(p), log)
        self.start(st, *game_tasks(st))
        return st

    def child_values(self, st: ClassicHeroState, actions: Sequence[Hashable], seat: int
                     ) -> list[float | None] | None:
        """Greedy's moves valued without stepping them (:mod:`fast_values`)."""
        return fast_values.child_values(st, actions, seat)

    # -- results ----------------------------------------------------------------------------------
    def scores(self, st: ClassicHeroState) -> list[float]:
        return [float(v) for v in st.vp]

    def ranking(self, st: ClassicHeroState) -> list[int]:
        """CH-9.3: most VP first, ties to the higher speed."""
        return scoring.ranking(st.vp, [st.speed(s) for s in range(st.n)], st.params.tiebreak)

    def winners(self, st: ClassicHeroState) -> list[int]:
        return scoring.winners(st.vp, [st.speed(s) for s in range(st.n)], st.params.tiebreak)

    over_reason = "final_scoring"

    def turns(self, st: ClassicHeroState) -> int:
        return st.turn_no

    def start_seat(self, st: ClassicHeroState) -> int | None:
        return st.first_seat

    def game_summary(self, st: ClassicHeroState) -> dict[str, Any]:
        return {"skill_shortfalls": st.shortfalls["skills"],
                "lord_shortfalls": st.shortfalls["lords"],
                "lords_left": len(st.lord_deck)}

    def table_needs(self, params: ClassicHeroParams  # type: ignore[override]
                    ) -> list[TableNeed]:
        """CH-2.1's stage decks (each suit of the mix, which fills the adventure slots,
        CH-4.1), the Demon Lord deck (CH-4.6), and the races and classes drafted by these
        players (CH-2.2, CH-2.4). The parameters check the same against the tables they
        were made with; this catches a table shortened since, which would otherwise deal
        fewer cards without a word. The skill and weakness decks may run short by the
        rules (CH-A32, CH-V2): those are counted in the results, not refused."""
        p, n = params, params.players
        events = load_events()
        needs = []
        for s in range(1, p.stages + 1):
            for suit, k in p.suit_mix_per_stage.items():
                needs.append(TableNeed(
                    "events.csv", bi("stage-{s} {suit} cards", "ステージ {s} の {suit} のカード",
                                     s=s, suit=suit),
                    sum(1 for e in events if e.stage == s and e.suit == suit), k,
                    bi("suit_mix_per_stage: {e} cards a stage for {a} adventure slots, CH-2.1, "
                       "CH-4.1", "suit_mix_per_stage：冒険の枠 {a} 個にステージごと {e} 枚、"
                       "CH-2.1、CH-4.1", e=p.event_cards_per_stage, a=p.adventure_slots)))
        classes = sum(1 for a in load_abilities() if a.kind == "class")
        return [*needs,
                TableNeed("demon_lords.csv", Text("Demon Lord cards", "魔王カード"),
                          len(load_demon_lords()), p.boss_cards, "boss_cards, CH-4.6"),
                TableNeed("races.csv", Text("races", "種族"), len(load_races()), max(p.races, n),
                          bi("races, one dealt to each of {n} players, CH-2.2",
                             "races：{n} 人に1つずつ配る、CH-2.2", n=n)),
                TableNeed("abilities.csv", Text("classes", "クラス"), classes, max(p.classes, n),
                          bi("classes, one picked by each of {n} players, CH-2.4",
                             "classes：{n} 人が1つずつ選ぶ、CH-2.4", n=n))]

    def vp_sources(self, st: ClassicHeroState, seat: int) -> dict[str, float]:
        """The VP kept per scoring category as it is scored (``st.parts``)."""
        return {VP_PARTS[i]: st.parts[seat][i] for i in st.rules.parts}

    def seat_summary(self, st: ClassicHeroState, seat: int) -> dict[str, Any]:
        rules = st.rules
        suits = [rules.suit_of[e] for e in st.taken[seat]]
        row: dict[str, Any] = {
            "speed": st.speed(seat), "dice": len(st.dice[seat]),
            "red_dice": sum(d[1] for d in st.dice[seat]), "blessings": st.bless[seat],
            "events": len(suits), **{f"suit_{s.lower()}": suits.count(s) for s in
                                     ("Trial", "Ruins", "City", "Pilgrimage", "Request")},
            "artifacts": len(st.artifacts[seat]),
            "race_held": "" if (race := st.race[seat]) is None else rules.races[race].id,
            "skills_held": ",".join(rules.abilities[a].id for a in st.abilities[seat]),
        }
        return row

    def design_tables(self, params: ClassicHeroParams | None = None) -> list:
        """Rules-tab extras: the exact odds of every condition (issue item 9)."""
        from designkit.games.classic_hero.odds import design_tables

        return design_tables(params or ClassicHeroParams())


GAME = register(ClassicHeroGame())
