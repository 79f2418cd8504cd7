"""Crossroads: the Game contract over the core flow (tasks in :mod:`turn`).

``to_move``, ``legal_actions``, ``chance_outcomes``, ``sample_chance`` and ``apply``
come from :class:`~designkit.core.flow.FlowGame`; this module adds setup,
results, and the hooks to the modules that own release, scoring, views,
observation, invariants and serialisation.
"""

from __future__ import annotations

from typing import Any

from designkit.core.cardtable import Column, Table
from designkit.core.flow import FlowGame
from designkit.core.game import rank_seats
from designkit.core.messages import Text, bi
from designkit.core.registry import register
from designkit.core.table_needs import TableNeed, check_game_tables
from designkit.games.crossroads import (
    bots,
    explain,
    invariants,
    metrics,
    observe,
    printing,
    serialize,
    view,
)
from designkit.games.crossroads.actions import Action
from designkit.games.crossroads.params import CrossroadsParams
from designkit.games.crossroads.scoring import VP_SOURCE_LABELS, final_scores, vp_sources
from designkit.games.crossroads.skills import load_skills
from designkit.games.crossroads.state import FLOW, CrossroadsState, Ruleset
from designkit.games.crossroads.turn import SETUP_TASKS

#: CR-1.2's genre names, one row per number: validated like the other tables (a number that
#: is not one names its row; the view and the print export read it)
GENRES = Table("crossroads", "genres.csv", (
    Column("number", "int", range=(1, 30), unique=True),
    Column("genre_en"),
    Column("genre_ja", required=False, default=""),
), lambda row: int(row["number"]),
    # the draft's seven genres: a table cut short is a broken file, not a design (numbers a
    # variant adds beyond them show bare, as they would without the file)
    min_rows=(7, "CR-1.2: seven genres, numbers 2–8"))


class CrossroadsGame(FlowGame[CrossroadsState, CrossroadsParams]):
    name = "crossroads"
    card_tables = ("genres.csv", "skills.csv")
    title = "Crossroads"
    title_ja = "クロスロード"
    params_type = CrossroadsParams
    flow = FLOW
    #: heuristic, observation, view, JSON form, invariants, explanations: core.hooks
    hooks = (bots, explain, invariants, metrics, observe, printing, serialize, view)
    action_type = Action
    min_players, max_players = 3, 5
    tie_break_rules = ("CR-10.2", "CR-A15")
    VP_SOURCE_LABELS = VP_SOURCE_LABELS
    #: the end reasons results may hold (``designkit compare --metric end:27``), CR-8
    END_REASONS = ("27", "deck_out")

    # -- setup (CR-2) -----------------------------------------------------------------------
    def new_state(self, params: CrossroadsParams | None = None, log: bool = True
                  ) -> CrossroadsState:
        p = params if params is not None else CrossroadsParams()
        # before the ruleset indexes the skills: a skill struck from skills.csv since these
        # params were made is one line, not a KeyError (FlowGame.start checks the rest)
        check_game_tables(self, p)
        st = blank_state(Ruleset.compile(p), log)
        if st.log is not None:
            removed = p.removed_numbers()
            st.emit("CR-2.1", None, f"{st.n} players: deck of {st.deck_n} cards"
                    + (f" (numbers {', '.join(map(str, removed))} removed)" if removed else ""),
                    f"{st.n}人プレイ：山{st.deck_n}枚", deck=st.deck_n)
            if st.n == 3 and not p.three_player_removal:
                st.emit("CR-V1", None, "Variant: 3 players use every number (the rule the "
                        "change list went back from)", "バリアント：３人でも全ての数字を使う",
                        deck=st.deck_n)
            st.emit("CR-2.3", None, "The Crossroads holds " + ", ".join(p.crossroads_skills),
                    "【クロスロード】：" + "、".join(p.crossroads_skills))
        self.start(st, *SETUP_TASKS, tables_checked=True)
        return st

    def table_needs(self, params: CrossroadsParams) -> list[TableNeed]:  # type: ignore[override]
        """CR-2.3: every skill laid out in the Crossroads is in skills.csv (the parameters
        check it against the table they were made with; this catches a skill struck since).
        The genre deck is made from the parameters alone (numbers × copies_per_number at
        every player count, CR-1.2, CR-2.1), so nothing else is counted: genres.csv only
        names the numbers, and is read here so a malformed row is one line naming it."""
        if GENRES.path().exists():  # optional: the view shows bare numbers without it
            GENRES.load()
        skills = {s.id for s in load_skills()}
        absent = [s for s in params.crossroads_skills if s not in skills]
        missing = ", ".join(absent)
        return [TableNeed("skills.csv", Text("of the skills crossroads_skills lays out",
                                             "crossroads_skills が並べるスキル"),
                          len(params.crossroads_skills) - len(absent),
                          len(params.crossroads_skills),
                          bi("CR-2.3; missing: {m}", "CR-2.3。ないもの：{m}", m=missing)
                          if absent else "CR-2.3")]

    # -- results ----------------------------------------------------------------------------------
    def scores(self, st: CrossroadsState) -> list[float]:
        if st.final is not None:
            return list(st.final)
        return [b["total"] for b in final_scores(st, apply_s1=True)]

    def priority(self, st: CrossroadsState) -> list[int]:
        """CR-10.2: ending player's left neighbour first, the ending player last."""
        end = st.ending if st.ending is not None else st.active
        return [(end + i) % st.n for i in range(1, st.n + 1)]

    def ranking(self, st: CrossroadsState) -> list[int]:
        return rank_seats(self.scores(st), self.priority(st))

    def winners(self, st: CrossroadsState) -> list[int]:
        ranking = self.ranking(st)
        if st.params.tiebreak == "draw":
            scores = self.scores(st)
            return [s for s in ranking if scores[s] == scores[ranking[0]]]
        return ranking[:1]

    def start_seat(self, st: CrossroadsState) -> int | None:
        return st.first_player

    def end_reason(self, st: CrossroadsState) -> str:
        return st.end_reason or ""

    def turns(self, st: CrossroadsState) -> int:
        return st.turn

    def game_summary(self, st: CrossroadsState) -> dict[str, Any]:
        return {"ending_seat": st.ending,
                "deck_left": st.deck_total(),
                "groups_on_table": sum(len(p) for p in st.piles)}

    def vp_sources(self, st: CrossroadsState, seat: int) -> dict[str, float]:
        return vp_sources(st, seat)

    def seat_summary(self, st: CrossroadsState, seat: int) -> dict[str, Any]:
        return {"skills_held": ",".join(st.skill_ids(seat)),
                "groups": len(st.piles[seat]),
                "work_cards": st.pile_cards(seat),
                "hand_cards": st.hand_n[seat],
                "groups_released": st.released[seat]}


def blank_state(rules: Ruleset, log: bool) -> CrossroadsState:
    """Everything in the box, nothing dealt: the state before CR-2.2."""
    st = CrossroadsState.from_rules(rules, log)
    p = rules.params
    st.deck = [0] * rules.size
    for x in rules.numbers:
        st.deck[x] = p.copies_per_number
    st.deck_n = p.copies_per_number * len(rules.numbers)
    st.top, st.bottom = [], []
    st.top_owner, st.bottom_owner = [], []
    st.hands = [[0] * rules.size for _ in range(st.n)]
    st.known = [[0] * rules.size for _ in range(st.n)]
    st.hand_n = [0] * st.n
    st.piles = [{} for _ in range(st.n)]
    st.discard = [0] * rules.size
    st.skills = [0] * st.n
    st.crossroads = sum(1 << rules.index[s] for s in p.crossroads_skills)
    st.active, st.trigger, st.s2_cards = 0, None, []
    st.declarer, st.took = None, 0
    st.turn, st.ending, st.end_reason = 0, None, None
    st.final, st.first_player = None, None
    st.released = [0] * st.n
    return st


GAME = register(CrossroadsGame())
