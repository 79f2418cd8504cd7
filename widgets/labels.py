"""Labels the panels show for things the engine reports as codes: end reasons, shared wins.

Generic over the Game interface: a game may offer ``end_reason_label(reason, params,
lang)``; otherwise an end reason that is the draft default of a numeric parameter
(Crossroads' ``"27"``, the default ``end_hand_sum``) is named from the value *in force*,
so a run with ``end_hand_sum = 28`` never shows "27".
"""

from __future__ import annotations

import dataclasses
from typing import Any

from designkit.core.game import Game
from designkit.core.params import Params

from .i18n import tr


def end_reason_label(game: Game, reason: Any, params: Params | None, lang: str = "en") -> str:
    """A readable end reason for games played with ``params`` (``None``: with several
    parameter sets, as in a sweep)."""
    hook = getattr(game, "end_reason_label", None)
    if callable(hook):
        return str(hook(reason, params, lang))
    text = "" if reason is None else str(reason)
    if not text:
        return tr("(none)", lang)
    params_type = type(params) if params is not None else game.params_type
    draft = params_type()
    for name, spec in params_type.specs().items():
        if spec.kind == "int" and str(getattr(draft, name)) == text:
            label = spec.label_ja if lang == "ja" and spec.label_ja else (spec.label or name)
            if params is None:  # several values (a sweep): say which parameter it is
                return f"{label}に到達" if lang == "ja" else f"{label} reached"
            return f"{getattr(params, name)} ({label})"
    return tr(text.replace("_", " "), lang)  # "deck_out": "deck out", 山札切れ


def shared_wins_note(results: Any, lang: str = "en") -> str:
    """A note when win rates add up to more than 1 (ties won by several seats)."""
    seats = results.seats
    if not len(seats) or not results.n_games:
        return ""
    total = float(seats["won"].sum()) / results.n_games
    if total <= 1 + 1e-9:
        return ""
    if lang == "ja":
        return (f"勝率の合計は {total:.3f} で、1 を超えます：ルールで決着しない同点の勝利は、"
                "分け合ったすべての席の勝ちとして数えます。")
    return (f"Win rates add up to {total:.3f}, more than 1: a shared win (a tie the rules do "
            f"not break) counts as a win for every seat sharing it.")


def with_named_end_reasons(game: Game, results: Any, params: Params | None,
                           lang: str = "en") -> Any:
    """``results`` with each game's end reason named from ``params`` (for display: the
    engine's codes stay in the panel's own ``results``)."""
    games = results.games.copy()
    games["end_reason"] = [end_reason_label(game, r, params, lang) for r in games["end_reason"]]
    return dataclasses.replace(results, games=games)
