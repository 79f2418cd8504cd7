"""core.waiting: a game's phase → reason table read from its data file, and the reasons
every explain_illegal starts with."""

from __future__ import annotations

import enum
from typing import NamedTuple

import pytest

from designkit.core.errors import DataError
from designkit.core.flow import Flow, FlowState
from designkit.core.registry import get_game
from designkit.core.waiting import not_awaited, parse_waiting, waiting_table


class Phase(enum.IntEnum):
    RUN = 0
    PICK = 1
    ROLL = 2
    OVER = 3


class Act(NamedTuple):
    kind: str
    arg: object = None


class PickState(FlowState):
    flow = Flow(Phase)
    __slots__ = ()


TABLE = """
PICK:
  kinds: pick swap
  en: a player picks a card (T-1)
  ja: プレイヤーがカードを選びます（T-1）
  why:
    swap: {en: a swap needs two cards (T-2), ja: 交換には2枚必要です（T-2）}
"""


def _state(phase: Phase) -> PickState:
    st = PickState.__new__(PickState)
    st.init_flow()
    st.phase = phase
    return st


def test_a_row_gives_its_kinds_reasons_and_now() -> None:
    row = parse_waiting(TABLE, "t.yaml", Phase)[Phase.PICK]
    assert row.kinds == {"pick", "swap"}
    assert row.now() == "now a player picks a card (T-1)"
    assert row.now().ja == "いまはプレイヤーがカードを選びます（T-1）"
    assert row.reason("swap") == "a swap needs two cards (T-2)"
    assert row.reason("pick") == row.now() and row.reason(None) == row.now()


def test_not_awaited_says_over_no_decision_or_now() -> None:
    table = parse_waiting(TABLE, "t.yaml", Phase)
    assert not_awaited(_state(Phase.OVER), table, Act("pick"), "T-9") == \
        "the game is over (T-9)"
    assert "no decision is due" in not_awaited(_state(Phase.ROLL), table, Act("pick"), "T-9")
    assert not_awaited(_state(Phase.PICK), table, Act("roll"), "T-9") == \
        "now a player picks a card (T-1)"
    assert not_awaited(_state(Phase.PICK), table, Act("swap"), "T-9") is None


@pytest.mark.parametrize(("text", "words"), [
    ("PICKS:\n  en: a\n  ja: b\n", "PICKS: not a phase of Phase"),
    ("PICK:\n  en: a\n", "PICK: want en: and ja: texts"),
    ("PICK:\n  en: a\n  ja: b\n  why:\n    swap: {en: c}\n", "PICK.why.swap: want en:"),
    ("- PICK\n", "want one phase a key"),
])
def test_a_broken_table_names_the_file_and_key(text: str, words: str) -> None:
    with pytest.raises(DataError) as err:
        parse_waiting(text, "t.yaml", Phase)
    assert "t.yaml" in str(err.value) and words in str(err.value)


@pytest.mark.parametrize("game", ["classic_hero", "crossroads", "rolling_stone",
                                  "witch_academy"])
def test_every_game_reads_its_table_from_its_package(game: str) -> None:
    g = get_game(game)
    phases = type(g.new_state(log=False).phase)
    table = waiting_table(f"designkit.games.{game}", phases)
    assert table and all(row.text and row.text.ja for row in table.values())
