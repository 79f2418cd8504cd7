"""core.cardtable.CardName: one way a card row prints its name."""

from dataclasses import dataclass

from designkit.core.cardtable import CardName


@dataclass(frozen=True)
class _Card(CardName):
    id: str
    name_en: str
    name_ja: str


def test_card_names_in_both_languages():
    card = _Card("S1", "Fame", "名声")
    assert card.name() == "S1 Fame"
    assert card.name("ja") == "S1「名声」"
    assert _Card("S2", "Luck", "").name("ja") == "S2「Luck」"  # no Japanese: the English
    assert card == _Card("S1", "Fame", "名声") and hash(card) == hash(_Card("S1", "Fame", "名声"))


class _NameFirst(_Card):
    NAME_FORMAT = ("{name} {id}", "{name} {id}")


class _Alone(_Card):
    NAME_FORMAT = ("{name}", "{name}")


def test_a_card_class_may_write_its_name_first_or_alone() -> None:
    """``NAME_FORMAT``: Witch Academia's cards read "Forest F1" and its Areas their name
    alone, through the one core ``name``."""
    assert _NameFirst("F1", "Forest", "森").name() == "Forest F1"
    assert _NameFirst("F1", "Forest", "森").name("ja") == "森 F1"
    assert _NameFirst("F1", "Forest", "").name("ja") == "Forest F1"
    assert _Alone("A1", "Library", "図書館").name("ja") == "図書館"
