"""Life is Rolling Stone: the Game contract over the core flow.

The rules live one concern per module, each task one rule: :mod:`setup` (LR-1,
LR-2), :mod:`stage` (LR-4 stage start, LR-5 round start), :mod:`turn` (LR-6
turn, LR-9 events, LR-10 round end), :mod:`album` (LR-7 placement, LR-8 dice),
:mod:`resolve` (card effects, section 5.4) and :mod:`scoring` (LR-11, LR-12).
Importing them registers their tasks, decisions and chance steps.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from designkit.core.flow import FlowGame
from designkit.core.game import rank_seats, vp_labels
from designkit.core.messages import Text, bi
from designkit.core.registry import register
from designkit.core.table_needs import TableNeed
from designkit.games.rolling_stone import (  # noqa: F401
    album,
    bots,
    explain,
    invariants,
    metrics,
    observe,
    printing,
    resolve,
    scoring,
    serialize,
    stage,
    turn,
    view,
)
from designkit.games.rolling_stone.actions import Action
from designkit.games.rolling_stone.cards import load_album_cards, load_dreams, load_events
from designkit.games.rolling_stone.params import RollingStoneParams
from designkit.games.rolling_stone.setup import announce, blank_state, setup_tasks
from designkit.games.rolling_stone.state import (
    FLOW,
    VP_PARTS,
    Phase,
    RollingStoneState,
    Ruleset,
)


class RollingStoneGame(FlowGame[RollingStoneState, RollingStoneParams]):
    name = "rolling_stone"
    card_tables = ("album_cards.csv", "dreams.csv", "events.csv")
    title = "Life is Rolling Stone"
    # the draft's own title is English (『■■　Life is Rolling Stone　草案１０』); this is its
    # reading in katakana, so the Japanese side of the lab has a Japanese title
    title_ja = "ライフ・イズ・ローリング・ストーン"
    params_type = RollingStoneParams
    VP_SOURCE_LABELS = vp_labels("""
        settlement   | Mid-stage settlements (LR-11.3) | 途中決算
        event        | Events                          | イベント
        skill        | Skills (dreams given up)        | スキル
        dream        | Dream (LR-12.1)                 | ドリーム
        dice         | Dice (LR-12.2)                  | ライフストーンの目
        adversity    | Adversity ★ and power (LR-12.3) | 逆境
        full_album   | Full album (LR-12.4)            | アルバム完成
        start_marker | Start player marker (LR-12.5)   | スタートプレイヤーマーカー
    """)
    flow = FLOW
    #: heuristic, observation, view, JSON form, invariants, explanations: core.hooks
    hooks = (bots, explain, invariants, metrics, observe, printing, serialize, view)
    action_type = Action
    min_players, max_players = 3, 4
    tie_break_rules = ("LR-12.6", "LR-A18")

    # -- setup (LR-1, LR-2) ---------------------------------------------------------------------
    def new_state(self, params: RollingStoneParams | None = None, log: bool = True
                  ) -> RollingStoneState:
        p = params if params is not None else RollingStoneParams()
        st = blank_state(Ruleset.compile(p), log)
        announce(st)
        self.start(st, *setup_tasks(st))
        return st

    def child_values(self, st: RollingStoneState, actions: Sequence[Hashable], seat: int
                     ) -> list[float | None] | None:
        """Greedy's orientations (LR-2.5 setup, LR-8.4 before the turn's take) valued
        without stepping them (:func:`bots.orient_values`); every other question is
        stepped."""
        if st.phase is not Phase.ORIENT or tuple(actions) != st.options:
            return None
        return bots.orient_values(self, st, seat)  # type: ignore[return-value]

    def heuristics(self, st: RollingStoneState) -> list[float]:
        """Every seat's ``heuristic`` at once, the same floats (:func:`bots.heuristics`): what
        the MCTS cut-off judges."""
        return bots.heuristics(self, st)

    # -- results --------------------------------------------------------------------------------------
    def scores(self, st: RollingStoneState) -> list[float]:
        return [float(v) for v in st.vp]

    def ranking(self, st: RollingStoneState) -> list[int]:
        """LR-12.6: most VP first; ties share the win (seat order only lists them)."""
        return rank_seats(st.vp, list(range(st.n)))

    def winners(self, st: RollingStoneState) -> list[int]:
        best = max(st.vp)
        return [s for s in range(st.n) if st.vp[s] == best]

    over_reason = "final_settlement"

    def turns(self, st: RollingStoneState) -> int:
        return st.turn_no

    def game_summary(self, st: RollingStoneState) -> dict[str, Any]:
        rules = st.rules
        return {"events": ",".join(rules.events[e].id for e in st.events_done),
                "start_marker": st.marker,
                "cards_removed": len(st.removed)}

    def table_needs(self, params: RollingStoneParams  # type: ignore[override]
                    ) -> list[TableNeed]:
        """LR-2.1's dream deal for these players, and each stage's album deck (LR-1.3,
        LR-2.3) and events (LR-1.4, LR-4.4). The parameters check the same against the
        tables they were made with; this catches a table shortened since (a lab or
        notebook keeps its parameters while the designer edits the sheet), which would
        otherwise deal fewer cards without a word."""
        p, n = params, params.players
        dreams = len(load_dreams())
        dream = Text("dream cards", "夢カード")
        needs = [TableNeed("dreams.csv", dream, dreams, n * p.dreams_dealt,
                           bi("{n} players × dreams_dealt, LR-2.1",
                              "{n} 人 × dreams_dealt、LR-2.1", n=n)),
                 TableNeed("dreams.csv", dream, dreams, p.dream_cards_total,
                           "dream_cards_total, LR-1.5")]
        cards, events = load_album_cards(), load_events()
        for s in range(1, p.stages + 1):
            needs.append(TableNeed(
                "album_cards.csv", bi("stage-{s} album cards", "ステージ {s} のアルバムカード", s=s),
                sum(1 for c in cards if c.stage == s), p.album_cards_per_stage,
                "album_cards_per_stage, LR-1.3"))
            needs.append(TableNeed(
                "events.csv", bi("stage-{s} event cards", "ステージ {s} のイベントカード", s=s),
                sum(1 for e in events if e.stage == s),
                max(p.events_per_stage_in_box, p.events_used_per_stage),
                Text("events_per_stage_in_box, of which events_used_per_stage are laid out, "
                     "LR-1.4, LR-4.4", "events_per_stage_in_box のうち events_used_per_stage を"
                     "並べる、LR-1.4、LR-4.4")))
        return needs

    def vp_sources(self, st: RollingStoneState, seat: int) -> dict[str, float]:
        """The VP kept per scoring category as it is scored (``st.parts``)."""
        return {name: st.parts[seat][i] for i, name in enumerate(VP_PARTS)}

    def seat_summary(self, st: RollingStoneState, seat: int) -> dict[str, Any]:
        rules = st.rules
        row: dict[str, Any] = {
            "power": st.power[seat], "stars": st.stars[seat], "dice_sum": st.dice_sum(seat),
            "album_cards": st.placed[seat], "discarded": len(st.discard[seat]),
            "full_album": st.placed[seat] + 1 == rules.rows * rules.cols,
            # item columns (``*_held``): per-dream win rates in the balance metrics
            "dream_held": ",".join(rules.dreams[d].id for d in st.hands[seat]),
            "skills_held": ",".join(rules.dreams[d].id for _, d in st.skills[seat]),
        }
        return row


GAME = register(RollingStoneGame())
