"""The Play tab's line naming what is played: the draft, a named variant, or edited
parameters, with every parameter that differs from the draft (issue 39: after "Load
variant" the Play tab never said which variant or parameters it played).

The parameters editor remembers the variant it last loaded (``ParamsPanel.loaded``); the
game in the Play tab is named from the parameters its session really plays, so a game
started before an edit still says what it is.
"""

from __future__ import annotations

from html import escape

from designkit.core.params import Params
from designkit.core.variants import show_value

MAX_SHOWN = 6   # changed parameters listed; the rest counted


def playing_html(params: Params, loaded: tuple[str, Params] | None, lang: str = "en") -> str:
    """``Playing: variant shared_hp_once (shared_hp = once)``; ``… edited`` when the
    parameters were changed after loading it; ``the draft`` when nothing differs."""
    ja = lang == "ja"
    changes = params.diff()
    if loaded is not None and loaded[0] and loaded[0] != "draft":
        name, base = loaded
        what = (f"バリアント <b>{escape(name)}</b>" if ja else f"variant <b>{escape(name)}</b>")
        if params != base:
            what += "（編集済み）" if ja else ", edited"
    elif changes:
        what = "編集したパラメータ" if ja else "edited parameters"
    else:
        what = "草案どおり（既定値）" if ja else "the draft (every parameter at its default)"
    items = [f"{escape(k)} = {escape(show_value(new))}" for k, (_, new) in changes.items()]
    more = len(items) - MAX_SHOWN
    listed = "; ".join(items[:MAX_SHOWN]) + (f"; +{more}" if more > 0 else "")
    detail = f" ({listed})" if listed else ""
    head = "プレイ中：" if ja else "Playing: "
    return f"<span class='dk-playing-line'>{head}{what}{detail}</span>"
