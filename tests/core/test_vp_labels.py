"""``core.game.vp_labels``: a game's VP source labels written as a text table."""

import pytest

from designkit.core.game import vp_labels
from designkit.core.registry import get_game


def test_rows_become_labels_in_order() -> None:
    labels = vp_labels("""
        dice  | Dice (LR-12.2) | ライフストーンの目
        event | Events         |
    """)
    assert labels == {"dice": ("Dice (LR-12.2)", "ライフストーンの目"), "event": ("Events", "")}
    assert list(labels) == ["dice", "event"]


@pytest.mark.parametrize("row", ["dice | Dice", "dice | | ダイス", "a | b | c | d"])
def test_a_row_without_its_three_cells_names_itself(row: str) -> None:
    with pytest.raises(ValueError, match=f"VP label row {row!r}"):
        vp_labels(row)


@pytest.mark.parametrize("name", ["classic_hero", "rolling_stone", "witch_academy"])
def test_every_vp_source_has_a_label(name: str) -> None:
    game = get_game(name)
    st = game.new_state(game.params_type(players=3), log=False)
    assert set(game.vp_sources(st, 0)) <= set(game.VP_SOURCE_LABELS)


def test_a_flow_takes_its_phase_names_as_a_text_table() -> None:
    """``Flow(Phase, names=...)`` with a text table: the same word table, phase codes as keys."""
    import enum

    from designkit.core.flow import Flow

    class Phase(enum.IntEnum):
        RUN = 0
        DRAFT = 1
        OVER = 2

    flow = Flow(Phase, names="""
        DRAFT | draft | ドラフト
    """)
    assert flow.phase_name(Phase.DRAFT) == "draft" and flow.phase_name(Phase.DRAFT, "ja") == "ドラフト"
    assert flow.phase_name(Phase.OVER) == "over"
    with pytest.raises(ValueError, match="Phase name row 'DRAFT | draft'"):
        Flow(Phase, names="DRAFT | draft")
    with pytest.raises(TypeError, match="no phase PICK"):
        Flow(Phase, names="PICK | pick | 選択")
