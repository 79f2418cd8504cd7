"""The event log as HTML: each entry names its rule and opens to the rule's text.

A pure function of the events, so the Stepper only re-renders and tests read
plain HTML. Entries are ``<details>``: the summary is the rule ID and what
happened; opened, it shows the rulebook's English text and the draft's
Japanese quote (``designkit.core.rules_text``), the walkthrough's reason why; in 日本語
the quote alone where the draft has one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from designkit.core.events import Event
from designkit.core.rules_text import rule_text

LOG_LIMIT = 200


def event_html(game_name: str, event: Event, lang: str, seat_label: Callable[[int], str],
               new: bool = False) -> str:
    row = rule_text(game_name, event.rule)
    text = event.text_ja if lang == "ja" and event.text_ja else event.text
    seat = (f'<span class="dk-seat">[{escape(seat_label(event.seat))}]</span> '
            if event.seat is not None else "")
    title = row.get("title_en") or ""
    detail = ""
    quote = row.get("quote_ja")
    if row.get("text_en") and not (lang == "ja" and quote):  # 日本語: the draft's words alone
        # 日本語 with no quote: the spec's own resolution, which has no Japanese original
        tag = ' lang="en"' if lang == "ja" else ""
        detail += (f'<div class="dk-ruletext"{tag}><b>{escape(row.get("rule_id", event.rule))}'
                   f'{" " + escape(title) if title else ""}</b>: {escape(row["text_en"])}</div>')
    if quote:
        detail += f'<div class="dk-ruletext" lang="ja">「{escape(quote)}」</div>'
    if not detail:
        detail = ('<div class="dk-ruletext"><i>'
                  + ("この規則の本文はありません" if lang == "ja" else "no rule text on file")
                  + "</i></div>")
    css = "dk-event dk-new" if new else "dk-event"
    return (f'<details class="{css}"><summary><code class="dk-rule">{escape(event.rule)}'
            f"</code> {seat}{escape(text)}</summary>{detail}</details>")


def log_html(game_name: str, events: Sequence[Event], lang: str = "en",
             new: range = range(0), seat_label: Callable[[int], str] = str,
             limit: int = LOG_LIMIT) -> str:
    """The last ``limit`` events, oldest first, scrolled to the newest; ``new`` highlighted."""
    start = max(0, len(events) - limit)
    items = [event_html(game_name, events[i], lang, seat_label, new=i in new)
             for i in range(start, len(events))]
    if start:
        items.insert(0, "<div class='dk-help'>" + (f"… それ以前の {start} 件は表示していません"
                        if lang == "ja" else f"… {start} earlier events not shown") + "</div>")
    if not items:
        items = ["<div class='dk-help'>" + ("まだイベントはありません" if lang == "ja" else
                                            "no events yet") + "</div>"]
    # column-reverse keeps the scroll position at the bottom, where the newest event is
    return ('<div style="display:flex;flex-direction:column-reverse;max-height:420px;'
            'overflow-y:auto;font-size:13px"><div>' + "".join(items) + "</div></div>")
