"""Every decision can be taken on the board (issue 26): in seeded random games of every
game, at every player count and under every shipped variant, each kind of decision the
seat to move is offered has an element of that seat's board view standing for it
(``data-action``, core/board_html.py), so a human can play a whole game by clicking the
board alone; the buttons stay as the accessible fallback. Tokens (the chips standing for
decisions with no piece of their own) show only to the seat to move and the designer.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter

import pytest

from designkit.agents import make_agents
from designkit.core.game import CHANCE
from designkit.core.play import play_game
from designkit.core.registry import get_game, list_games
from designkit.core.variants import list_variants

GAMES = [g.name for g in list_games()]
ACTION = re.compile(r"data-action='([^']*)'")
TOKEN = re.compile(r'class="dk-token"')


def _settings(game):
    """(label, params) for every player count under the draft, and every shipped variant."""
    out = [(f"{n} players", game.default_params(players=n))
           for n in range(game.min_players, game.max_players + 1)]
    out += [(v.name, v.params) for v in list_variants(game.params_type)]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_kind_of_decision_has_a_piece_to_click(name):
    game = get_game(name)
    missing: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    leaks: list[str] = []

    def check(st):
        who = game.to_move(st)
        if who is None or who is CHANCE:
            return
        board = game.view(st, who)
        shown = {html.unescape(m) for m in ACTION.findall(board)}
        legal = game.legal_actions(st)
        clickable = {a.kind for a in legal
                     if json.dumps(game.action_to_json(a), ensure_ascii=False) in shown}
        for kind in {a.kind for a in legal}:
            offered[kind] += 1
            if kind not in clickable:
                missing[kind] += 1
        other = (who + 1) % len(game.scores(st))
        if other != who and TOKEN.search(game.view(st, other)):
            leaks.append(f"{label}: seat {other} sees seat {who}'s tokens")

    for label, params in _settings(game):  # noqa: B007 - check() reads it
        players = int(getattr(params, "players", game.min_players))
        for seed in range(2):
            play_game(game, params, make_agents("random", players), seed, on_step=check)
    assert not missing, f"{name}: decisions with no piece on the board: " + ", ".join(
        f"{k} ({missing[k]} of {offered[k]})" for k in sorted(missing))
    assert not leaks, leaks[:3]
    # the games really were played through their decisions (scaled with the game: a small
    # game has one kind of decision; every game's board offers one at least every few steps)
    assert offered and sum(offered.values()) >= 10, offered
