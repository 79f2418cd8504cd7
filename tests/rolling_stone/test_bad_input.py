"""Bad input a designer can make: parameters, the card tables, variant files, illegal moves.

Every error must say what was wrong and where (field, file, row, column, rule), and an
illegal action must leave the state untouched.
"""

from __future__ import annotations

import re

import pytest

from designkit import IllegalAction, ParamError
from designkit.core.invariants import ImpossibleState
from designkit.games.rolling_stone import RollingStoneParams, cards
from designkit.games.rolling_stone.actions import Action
from tests.helpers.bad_input import assert_rejects, assert_table_error, edited_table, replaced

from .conftest import A, B, G, play, scenario

# -- parameters ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("changes", "field"), [
    ({"dreams_dealt": 5}, "dreams_dealt"),
    ({"order_slots": 3}, "order_slots"),
    ({"events_used_per_stage": 6}, "events_used_per_stage"),
    ({"dreams_discarded_per_stage": 2}, "dreams_discarded_per_stage"),
    ({"album_cards_per_stage": 30}, "album_cards_per_stage"),
    ({"die_min": 5, "die_max": 4}, "die_min"),
])
def test_inconsistent_parameters_name_the_field(changes, field):
    with pytest.raises(ParamError) as err:
        RollingStoneParams(**changes)
    assert err.value.field == field


def test_variant_round_trip(tmp_path):
    p = RollingStoneParams(players=3, album_frame="fixed_at_setup", mid_settlement_vp=(5, 2))
    loaded = RollingStoneParams.load(p.save(tmp_path / "v.yaml"))
    assert loaded == p and set(loaded.diff()) == {"players", "album_frame", "mid_settlement_vp"}


# -- card tables ---------------------------------------------------------------------------------------
def test_real_tables_load():
    assert len(cards.load_album_cards()) == 72 and len(cards.load_events()) == 15
    assert len(cards.load_dreams()) == 16


def test_album_missing_column(tmp_path):
    def drop_stars(lines):
        return [",".join(c for i, c in enumerate(line.split(",")) if i != 3) for line in lines]
    path = edited_table(tmp_path, cards.album_path(), drop_stars)
    assert_table_error(cards.load_album_cards, path, 1, "stars", "missing column")


ALBUM = (cards.album_path, cards.load_album_cards)
EVENTS = (cards.events_path, cards.load_events)
DREAMS = (cards.dreams_path, cards.load_dreams)


@pytest.mark.parametrize(("table", "edit", "row", "column", "words"), [
    (ALBUM, replaced(5, "1R5,1,R,0,", "1R5,1,R,lots,"), 6, "stars", ("'lots'",)),
    (ALBUM, replaced(2, "1R2,1,R,", "1R2,1,X,"), 3, "attribute", ("'X'",)),
    (ALBUM, replaced(2, "1R2,", "1R1,", 1), 3, "id", ("duplicate",)),
    (EVENTS, replaced(1, "gain_vp(n=2)", "gain_vpp(n=2)"), 2, "effect",
     ("gain_vpp", "unknown effect")),
    (EVENTS, replaced(1, ",gain_vp(n=2),", ",all,"), 2, "effect", ("selector",)),
    (EVENTS, replaced(1, '"max(metric=die, attr=R)"', "max(attr=R)"), 2, "select",
     ("metric",)),
    (DREAMS, replaced(2, "; end\"", '"', 1), 3, "dream", ("'if' without a closing 'end'",)),
    (DREAMS, replaced(1, ",turn_start,", ",gain_power(n=1),", 1), 2, "trigger",
     ("not a trigger",)),
    (DREAMS, replaced(2, "gain_vp(n=6)", "gain_vp(n=99)"), 3, "dream", ("'n'", "outside")),
    (DREAMS, replaced(8, ",once_per_stage,", ",twice,"), 9, "limit", ("'twice'",)),
], ids=["album_bad_value", "album_bad_attribute", "album_duplicate_id", "event_unknown_effect",
        "event_selector_in_effect_column", "event_metric_missing", "dream_if_without_end",
        "dream_effect_in_trigger_column", "dream_argument_out_of_range", "dream_bad_limit"])
def test_bad_table_cell(tmp_path, table, edit, row, column, words):
    """A card table edited into a mistake: one DataError naming file, row and column."""
    path_of, loader = table
    assert_table_error(loader, edited_table(tmp_path, path_of(), edit), row, column, *words)


@pytest.mark.parametrize(("edit", "column", "ja"), [
    (replaced(1, ",gain_vp(n=2),", ",all,"), "effect", "対象の選び方"),
    (replaced(1, '"max(metric=die, attr=R)"', "max(attr=R)"), "select", "metric=… が必要"),
    (replaced(1, '"max(metric=die, attr=R)"', '"max(metric=die)"'), "select", "attr=R"),
    (replaced(1, '"max(metric=die, attr=R)"', "all; all"), "select", "ちょうど 1 つ"),
], ids=["selector_in_effect_column", "metric_missing", "attr_missing", "two_selectors"])
def test_an_effect_compile_error_reads_in_japanese(tmp_path, edit, column, ja):
    """Rolling Stone's own effect checks (beyond the core's grammar) word their errors in
    both languages, like every other card-table error: the lab's 日本語 mode reads them."""
    from designkit.core.messages import Text, in_lang, text_of

    err = assert_table_error(cards.load_events, edited_table(tmp_path, cards.events_path(),
                                                             edit), 2, column)
    message = text_of(err)
    assert isinstance(message, Text) and ja in in_lang(message, "ja"), in_lang(message, "ja")
    assert "2 行目" in in_lang(message, "ja") and not re.search(
        r"\b(needs|write|exactly|is a|belongs)\b", in_lang(message, "ja"))


# -- illegal actions -------------------------------------------------------------------------------------
def _rejects(st, action, *words):
    return assert_rejects(G, st, action, *words)


def _placing():
    return scenario(albums={A: {(0, 1): "1B1", (0, 2): "1B2", (0, 3): "1B3"}},
                    dice={A: {"B": ((3, 2, 1), (0, 3))}}, stack=[("place", A, "1R1", "field")])


def test_place_not_adjacent_lr_7_1():
    _rejects(_placing(), Action("place", ("1R1", 2, 2, None)), "LR-7.1", "red die")


def test_place_out_of_frame_lr_7_2():
    _rejects(_placing(), Action("place", ("1R1", 0, -1, None)), "LR-7.2")


def test_overwrite_while_a_cell_is_free_lr_7_3():
    _rejects(_placing(), Action("place", ("1R1", 0, 1, "1B1")), "LR-7.3", "(-1, 0)")


def test_overwrite_a_card_with_a_die_lr_8_5():
    st = scenario(albums={A: {(0, 1): "1B1", (1, 0): "1B2", (-1, 0): "1B3", (0, -1): "1B4"}},
                  dice={A: {"B": ((3, 2, 1), (0, 1))}}, stack=[("place", A, "1R1", "field")])
    _rejects(st, Action("place", ("1R1", 0, 1, "1B1")), "LR-8.5")


def test_wrong_card_lr_6_3():
    _rejects(_placing(), Action("place", ("1G1", -1, 0, None)), "1R1")


def test_taken_order_slot_lr_5_2():
    st = scenario(3, marker=A, stack=[("order", A), ("order", B)], run_now=True)
    play(st, ("slot", 2))
    _rejects(st, Action("slot", 2), "LR-5.2", "taken by A")


def test_move_onto_empty_cell_lr_8_3():
    st = scenario(albums={A: {(0, 1): "1R1", (1, 1): "1R2"}},
                  dice={A: {"B": ((5, 1, 4), (0, 1))}}, slot_of={A: 2}, stack=[("turn", A)],
                  field=["1G1"])
    play(st, ("move_die", "B"))
    _rejects(st, Action("move_dir", ("B", "N")), "LR-8.3", "no card north")


def test_card_not_in_field_lr_6_3():
    st = scenario(slot_of={A: 1}, stack=[("turn", A)], field=["1G1", "1G2"])
    _rejects(st, Action("take", "1R1"), "LR-6.3", "not in the common field")


def test_wrong_kind_of_action_names_what_is_due():
    st = scenario(slot_of={A: 1}, stack=[("turn", A)], field=["1G1", "1G2"])
    _rejects(st, Action("slot", 1), "common field")


def test_bad_chance_outcome():
    st = scenario(stack=[("repeat", A)])
    assert st.phase.name == "DRAW"
    before = G.state_to_dict(st)
    with pytest.raises(IllegalAction, match="not possible"):
        G.apply(st, "9Z9")
    assert G.state_to_dict(st) == before


def test_action_after_the_end():
    st = scenario(3, stage=3, round=3, stack=[("final",)])
    with pytest.raises(IllegalAction, match="over"):
        G.apply(st, Action("slot", 1))


# -- impossible saved states (check_state, state_from_dict) -----------------------------------------

def _saved(change):
    st = scenario(albums={A: {(0, 1): "1R1"}}, dice={A: {"R": ((3, 2, 1), (0, 1))}},
                  hands={A: ["D01"]}, run_now=False)
    data = G.state_to_dict(st)
    change(data)
    return data


def _deck1(d):
    return d["decks"]["1"]


@pytest.mark.parametrize(("change", "code"), [
    (lambda d: d["field"].append(_deck1(d)[0]), "cards_conserved"),        # in deck and field
    (lambda d: d["decks"].update({"1": _deck1(d)[1:]}), "cards_conserved"),  # a card lost
    (lambda d: d["hands"][B].append("D01"), "dreams_conserved"),
    (lambda d: d["events_row"].append(d["event_pool"]["1"][0]), "events_conserved"),
    (lambda d: d["dice"][A]["R"].update(cell=[2, 2]), "dice_valid"),       # on an empty cell
    (lambda d: d["albums"][A].append([0, 5, _deck1(d).pop()]), "album_limit"),  # too wide
    (lambda d: d["power"].__setitem__(A, -1), "power_supply"),
    (lambda d: d["field"].append("NO-SUCH-CARD"), "state_format"),
])
def test_state_from_dict_rejects_an_impossible_state(change, code):
    """A hand-edited state that breaks an invariant is one clear error naming it."""
    with pytest.raises(ImpossibleState) as err:
        G.state_from_dict(_saved(change))
    assert code in str(err.value) and "\n" not in str(err.value)


def test_check_state_is_empty_for_every_reachable_position():
    """check_state holds after every step of random games (3 and 4 players)."""
    import random

    from designkit import CHANCE

    for players in (3, 4):
        st = G.new_state(G.params_type(players=players), log=False)
        rng = random.Random(players)
        while not G.is_over(st):
            assert G.check_state(st) == []
            G.apply(st, G.sample_chance(st, rng) if G.to_move(st) is CHANCE
                    else rng.choice(G.legal_actions(st)))
        assert G.check_state(st) == []
        assert G.check_state(G.state_from_dict(G.state_to_dict(st))) == []


def test_an_album_card_not_connected_to_the_rest_is_refused():
    """LR-7.1: every card is placed orthogonally next to a card with a die of its colour,
    so an album is one connected group; a card two cells below the character card (inside
    the 4×4 frame, LR-7.2) with nothing between is impossible."""
    def lone(d):
        d["albums"][A].append([2, 0, _deck1(d).pop()])

    with pytest.raises(ImpossibleState, match=r"album_limit: seat 0's album has a card not "
                       r"connected to the rest \(LR-7\.1") as err:
        G.state_from_dict(_saved(lone))
    assert "\n" not in str(err.value)

    def joined(d):                      # the same card beside the character card: possible
        d["albums"][A].append([1, 0, _deck1(d).pop()])

    assert G.check_state(G.state_from_dict(_saved(joined))) == []
