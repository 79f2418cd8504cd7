"""What a game needs beyond the rules, declared in one place (issue 41).

Each row of :data:`CHECKLIST` is one requirement, what it is for, and a check that returns
the problems it finds (empty: met). ``tests/contract/test_checklist.py`` runs every row on
every game built into designkit, and ``tests/test_adding_a_game.py`` runs the rows marked
``any_game`` on the skeleton ``designkit new-game`` writes. A new requirement is a new row
here, and the guide (docs/ADDING_A_GAME.md, "The checklist") lists the same rows.
"""

from __future__ import annotations

import csv
import html
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from designkit.core.game import CHANCE, Game
from designkit.core.paths import REPO_ROOT, data_dir
from designkit.core.variants import list_variants

RULES_COLUMNS = ["rule_id", "section", "title_en", "text_en", "quote_ja"]
ACTION = re.compile(r"data-action='([^']*)'")


@dataclass(frozen=True)
class Item:
    key: str
    what: str
    check: Callable[[Game], list[str]]
    any_game: bool = True    # False: only a game shipped inside designkit (the README)


def _named_variant(game: Game) -> list[str]:
    named = [v for v in list_variants(game.params_type) if v.name != "draft"]
    return [] if named else [f"no named variant in {data_dir(game.name) / 'variants'}"]


def _variant_switch(game: Game) -> list[str]:
    groups = {spec.group for spec in game.params_type.specs().values()}
    return [] if "Variants" in groups else ["no param with group=VARIANTS (a rule switch)"]


def _card_tables(game: Game) -> list[str]:
    declared = game.card_tables or ()
    if not declared:
        return ["no card_tables declared on the Game"]
    return [f"{t} is declared but missing" for t in declared
            if not (data_dir(game.name) / t).is_file()]


def _rules_layout(game: Game) -> list[str]:
    path = data_dir(game.name) / "rules.csv"
    if not path.is_file():
        return [f"no {path}"]
    with path.open(encoding="utf-8-sig", newline="") as fh:
        head = next(csv.reader(fh), [])
    return [] if head == RULES_COLUMNS else [f"{path.name} columns {head}, not {RULES_COLUMNS}"]


def _tune_defaults(game: Game) -> list[str]:
    names = game.params_type.tune_defaults()
    return [] if 1 <= len(names) <= 4 else [
        f"{len(names)} params marked tune=True; mark one to four (the search's short list)"]


def _japanese(game: Game) -> list[str]:
    bad = [] if game.title_ja else ["no title_ja"]
    return bad + [f"param {name}: no help_ja" for name, spec in
                  game.params_type.specs().items() if not spec.help_ja]


def _board_pieces(game: Game, seed: int = 1, most_steps: int = 400) -> list[str]:
    """In one seeded random game, each kind of decision the mover is offered has a
    ``data-action`` element of the mover's board (tests/test_board_targets.py runs every
    player count and variant)."""
    params = game.params_type()
    st = game.new_state(params, log=False)
    rng, missing = random.Random(seed), set()
    for _ in range(most_steps):
        who = game.to_move(st)
        if who is None:
            break
        if who is CHANCE:
            outcome = game.sample_chance(st, rng) if hasattr(game, "sample_chance") else \
                rng.choice([o for o, _p in game.chance_outcomes(st)])
            game.apply(st, outcome)
            continue
        legal = game.legal_actions(st)
        shown = {html.unescape(m) for m in ACTION.findall(game.view(st, who))}
        missing |= {a.kind for a in legal if not any(
            json.dumps(game.action_to_json(b), ensure_ascii=False) in shown
            for b in legal if b.kind == a.kind)}
        game.apply(st, rng.choice(legal))
    return [f"no board piece for the decision {k!r}" for k in sorted(missing)]


def _printable(game: Game) -> list[str]:
    from designkit.export import exporter

    return [] if exporter(game) is not None else \
        ["no printable cards (a printing.py in the game's hooks)"]


def _hook_modules(game: Game) -> list[str]:
    return [] if type(game).hooks else ["no hook modules listed (hooks = (observe, view, …))"]


def _readme(game: Game) -> list[str]:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    names = [n for n in (game.title, game.title_ja, game.name) if n]
    return [] if any(n in readme for n in names) else ["README.md does not name the game"]


CHECKLIST: tuple[Item, ...] = (
    Item("variant_switch", "a rule variant as a switch (param group=VARIANTS)", _variant_switch),
    Item("named_variant", "a named variant file in data/<game>/variants/", _named_variant),
    Item("card_tables", "its card tables declared (Game.card_tables) and present", _card_tables),
    Item("rules_layout", "rules.csv with rule_id, section, title_en, text_en, quote_ja",
         _rules_layout),
    Item("tune_defaults", "one to four params marked tune=True (designkit tune's short list)",
         _tune_defaults),
    Item("japanese", "Japanese beside English: title_ja and every param's help_ja", _japanese),
    Item("board_pieces", "a clickable board piece (data-action) for every kind of decision",
         _board_pieces),
    Item("printable", "printable cards: printing.py in Game.hooks (designkit cards GAME)",
         _printable),
    Item("hook_modules", "its hook modules listed by plain imports (Game.hooks)",
         _hook_modules),
    Item("readme", "a line in designkit's README (a built-in game)", _readme, any_game=False),
)


def problems(game: Game, built_in: bool = True) -> dict[str, list[str]]:
    """Every unmet row for ``game``: key → problems."""
    found = {item.key: item.check(game) for item in CHECKLIST if built_in or item.any_game}
    return {k: v for k, v in found.items() if v}
