"""Every shipped variant quotes its draft in the draft's own words (one check for every
game: the 「…」 pieces of ``description_ja`` stand verbatim in the draft, spaces and line
breaks aside), where the drafts (``shared/seeds``) are beside the checkout."""

from __future__ import annotations

import re

import pytest

from designkit.core.paths import REPO_ROOT
from designkit.core.registry import get_game
from designkit.core.variants import list_variants

#: each game's draft in shared/seeds
DRAFTS = {"rolling_stone": "000_*.txt", "crossroads": "001_*.txt",
          "witch_academy": "002_*.txt", "classic_hero": "003_*.txt"}


@pytest.mark.parametrize("game", sorted(DRAFTS))
def test_quotes_are_the_drafts_words(game: str) -> None:
    seeds = REPO_ROOT.parent / "shared" / "seeds"
    drafts = sorted(seeds.glob(DRAFTS[game])) if seeds.is_dir() else []
    if not drafts:
        pytest.skip("the drafts (shared/seeds) are not beside this checkout")
    text = re.sub(r"\s", "", drafts[0].read_text(encoding="utf-8"))
    variants = list_variants(get_game(game).params_type)[1:]
    assert variants, game
    for v in variants:
        pieces = re.findall(r"「([^」]+)」", v.description_ja)
        assert pieces, v.name
        for piece in pieces:
            assert re.sub(r"\s", "", piece) in text, (v.name, piece)
