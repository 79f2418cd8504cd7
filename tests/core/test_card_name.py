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
