"""What a designer changes or gets wrong: a CSV cell changes the printed card and its
footer hash; a variant's numbers reach the cards; an unknown placeholder, a missing
template, a text too long for its box and a variant of another game are one line each."""

from __future__ import annotations

from pathlib import Path

import pytest

from designkit.cli import main
from designkit.core.errors import DataError, ParamError
from designkit.export import cards, decks, render_decks

CORPUS = Path(__file__).parents[1] / "robustness" / "corpus" / "variants"


def _card(game: str, table: str, card_id: str, **kw: object) -> dict[str, str]:
    deck = next(d for d in decks(game, **kw) if d.table == table)
    return dict(next(c for c in deck.cards if c.id == card_id).fields)


def _shapes_text(game: str, table: str, card_id: str) -> str:
    deck, _ = next(r for r in render_decks(game, tables=[table], warn=print)
                   if r[0].name == f"{game}_{table}")
    shapes = next(s for cid, s in deck.faces if cid == card_id)
    return "\n".join(run[2] for s in shapes for run in s.runs)


def test_a_changed_cell_changes_the_card_and_its_hash(data_copy: Path) -> None:
    before = _card("crossroads", "skills", "S1")
    printed = _shapes_text("crossroads", "skills", "S1")
    path = data_copy / "crossroads" / "skills.csv"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "discard up to one hand card of each number", "discard one card per number"),
        encoding="utf-8")
    after = _card("crossroads", "skills", "S1")
    assert after["effect_en"] == "At game end, discard one card per number."
    assert after["data_hash"] != before["data_hash"]
    assert after["data_hash"] in after["footer"] and before["data_hash"] in before["footer"]
    now = _shapes_text("crossroads", "skills", "S1")
    assert now != printed and after["data_hash"] in now
    # another table's hash is unchanged
    assert (_card("crossroads", "numbers", "N2")["data_hash"]
            == _card("crossroads", "numbers", "N2")["data_hash"])


def test_a_variant_reaches_the_cards(tmp_path: Path) -> None:
    """CR-1.2 copies and CR-9.3 skill costs come from the parameters, not only the CSV."""
    variant = tmp_path / "short_deck.yaml"
    variant.write_text("game: crossroads\nparams:\n  copies_per_number: 3\n"
                       "  skill_cost: {S1: 5}\n", encoding="utf-8")
    numbers, skills = decks("crossroads", variant=variant)
    assert numbers.count == 7 * 3
    s1 = next(c for c in skills.cards if c.id == "S1")
    assert s1.fields["cost"] == "5" and "short_deck" in s1.fields["footer"]


def test_unknown_column_in_a_template(data_copy: Path) -> None:
    tpl = data_copy / "crossroads" / "cards" / "skills.svg"
    tpl.write_text(tpl.read_text(encoding="utf-8").replace("{cost}", "{csot}"),
                   encoding="utf-8")
    with pytest.raises(DataError, match=r"skills\.svg: unknown column 'csot'.*did you mean "
                                        r"'cost'"):
        render_decks("crossroads")


def test_missing_template(data_copy: Path) -> None:
    (data_copy / "witch_academy" / "cards" / "areas.svg").unlink()
    with pytest.raises(DataError, match=r"areas\.svg: missing card template"):
        render_decks("witch_academy")


def test_text_too_long_warns_with_the_card_id_and_is_never_clipped(data_copy: Path) -> None:
    path = data_copy / "classic_hero" / "abilities.csv"
    long = " and ".join(["Once per stage: reroll one die"] * 25)   # no comma: one CSV cell
    path.write_text(path.read_text(encoding="utf-8").replace(
        "Once per stage: reroll one die", long, 1), encoding="utf-8")
    warnings: list[str] = []
    deck, _ = render_decks("classic_hero", tables=["classes"], warn=warnings.append)[0]
    assert len(warnings) == 1 and "classic_hero classes card CL2" in warnings[0]
    assert "min-size" in warnings[0]
    shapes = dict(deck.faces)["CL2"]
    box = next(s for s in shapes if any("reroll" in r[2] for r in s.runs))
    printed = " ".join(r[2] for r in box.runs)
    assert printed.count("reroll one die") == 25          # every word printed
    last_baseline = max(r[1] for r in box.runs)
    assert last_baseline <= 26 + 42                        # inside the template's box


def test_variant_for_another_game() -> None:
    with pytest.raises(DataError, match="variant is for game 'rolling_stone', not "
                                        "'crossroads'"):
        decks("crossroads", variant=CORPUS / "wrong_game.yaml")


@pytest.mark.parametrize(("args", "message"), [
    (["cards", "crossroads", "--variant", str(CORPUS / "wrong_game.yaml")],
     "variant is for game 'rolling_stone'"),
    (["cards", "crossroads", "--format", "pdf,svg"], "formats: svg given"),
    (["cards", "nope"], "unknown game 'nope'"),
])
def test_cli_bad_input_is_one_line(args: list[str], message: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*args, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_cli_writes_and_lists_the_files(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "crossroads", "--format", "png", "--lang", "en", "--out",
                 str(tmp_path)]) == 0
    listed = capsys.readouterr().out.split()
    assert listed and all(Path(p).is_file() for p in listed)
    assert {Path(p).suffix for p in listed} == {".png"}


def test_lang_and_formats_are_checked() -> None:
    with pytest.raises(ParamError, match="lang"):
        decks("crossroads", lang="fr")
    with pytest.raises(ParamError, match="formats"):
        cards("crossroads", formats=())


def test_boards_and_tokens_follow_the_parameters(tmp_path: Path) -> None:
    """LR-5.2/LR-6.2: the order card has a slot per order_slots with its bonus; LW-A1: the
    legacy tokens are legacy_types × legacy_per_type; LW-7.1: the University's slots."""
    variant = tmp_path / "three_slots.yaml"
    variant.write_text("game: rolling_stone\nparams:\n  players: 3\n  order_slots: 3\n"
                       "  order_bonus: [power, none, move_die]\n  order_bonus_power: 2\n",
                       encoding="utf-8")
    order = _card("rolling_stone", "order_card", "ORDER", variant=variant)
    assert (order["slot1_en"], order["slot2_en"], order["slot4"]) == ("+2 power", "—", "")
    assert order["slot3_ja"] == "サイコロ１個を１マス動かす"
    wa = tmp_path / "nine.yaml"
    wa.write_text("game: witch_academy\nparams:\n  legacy_per_type: 9\n"
                  "  university_slots: 2\n", encoding="utf-8")
    tokens = next(d for d in decks("witch_academy", variant=wa) if d.table == "legacy_tokens")
    assert tokens.count == 27
    uni = _card("witch_academy", "university", "UNIVERSITY", variant=wa)
    assert (uni["slot2"], uni["slot3"]) == ("2", "")


def test_a_back_of_another_size_is_one_line(data_copy: Path) -> None:
    cards_dir = data_copy / "witch_academy" / "cards"
    (cards_dir / "legacy_tokens.back.svg").unlink()   # the game's 63 × 88 back would apply
    with pytest.raises(DataError, match=r"back\.svg: a 63×88 mm back for 25×25 mm cards"):
        render_decks("witch_academy", tables=["legacy_tokens"])
