"""Every rule that decides play cites itself, so rule coverage means something (issue 21).

A rule is *covered* when play logs an event citing it; a rule no code path can cite is
invisible to coverage ("45 of 46 rules fired" says nothing about it). For every registered
game, the rules of ``rules.csv`` that no logging module of the game names (kind ``text`` in
:func:`designkit.analysis.coverage.rule_catalog`) must each be explained in
``tests/rule_citations/<game>.toml`` — setup-only text, a component count, a reading that
changes nothing, a rule another cites for it — and nothing in that list may be stale.
Worked examples (kind ``example``) are not logged by play: the game's tests cite them.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from designkit.analysis.coverage import rule_catalog
from designkit.core.registry import list_games

ROOT = Path(__file__).resolve().parent
ALLOW = ROOT / "rule_citations"
GAMES = [g.name for g in list_games()]


def _allowed(game: str) -> dict[str, str]:
    path = ALLOW / f"{game}.toml"
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.get("uncited", {}).items()}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_no_code_path_cites_is_explained(game):
    catalog = rule_catalog(game)
    uncited = set(catalog.loc[catalog.kind == "text", "rule"])
    allowed = _allowed(game)
    unexplained = sorted(uncited - set(allowed), key=_order)
    assert not unexplained, (
        f"{game}: {len(unexplained)} rules no code path cites and no reason given in "
        f"tests/rule_citations/{game}.toml: {' '.join(unexplained)}")


@pytest.mark.parametrize("game", GAMES)
def test_the_allow_list_is_not_stale_and_every_reason_says_something(game):
    catalog = rule_catalog(game).set_index("rule")
    for rid, why in _allowed(game).items():
        assert rid in catalog.index, f"{game}: {rid} is not a rule of rules.csv"
        assert catalog.loc[rid, "kind"] == "text", (
            f"{game}: {rid} is cited by code now ({catalog.loc[rid, 'kind']}); "
            f"remove it from tests/rule_citations/{game}.toml")
        assert len(why.split()) >= 4, f"{game}: {rid}'s reason is too short to explain: {why!r}"


@pytest.mark.parametrize("game", GAMES)
def test_every_worked_example_is_cited_by_the_games_tests(game):
    """The spec's worked examples are tests, not log events: each one's ID appears in a test."""
    catalog = rule_catalog(game)
    examples = list(catalog.loc[catalog.kind == "example", "rule"])
    text = "\n".join(p.read_text(encoding="utf-8") for p in ROOT.rglob("*.py"))
    missing = [rid for rid in examples if not re.search(rf"\b{re.escape(rid)}\b", text)]
    assert not missing, f"{game}: worked examples no test cites: {' '.join(missing)}"


def _order(rid: str) -> tuple[tuple[int, int | str], ...]:
    """LW-6.3 before LW-A10 before LW-A9's successor LW-A10: numbers by value, letters after."""
    parts = re.split(r"[-.]|(?<=[A-Z])(?=\d)", rid)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)
