"""The lab in two languages: one switch (English / 日本語) relabels every panel.

Why a walk over the widget tree rather than a language argument in every panel: most of
the lab's words are static labels (descriptions, buttons, tab titles, placeholders,
option labels, headings) written once in English where each widget is built. The walk
(:func:`relabel`) finds each of them and swaps it for its Japanese in :data:`JA`,
remembering the English so the switch back restores it, and a label a panel rewrites
later (a status line, a rebuilt dropdown) is taken as its new English. Words that change
with a run (status lines: "120 games (stopped early)") are matched by :data:`PATTERNS`;
:func:`~._util.show_message` translates through the language the walk left on its
target, so a status line written after the switch comes in the right language too.

A widget that knows better says so: :func:`relabel` calls its ``_dk_relabel(lang)``
(the parameter fields show ``label_ja`` and the rule's Japanese quote; Tune and Compare
write their verdicts in the language). Game texts (boards, the log, decisions) are the
games' own ``view`` / ``describe_action`` in either language. The library's tables
(Metrics, Sweep, Tune: ``designkit.analysis`` DataFrames drawn as HTML) keep their column
keys in the engine; :func:`tr_markup` translates their headers, row labels and headings
where they are shown, text node by text node.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets

from designkit.core.messages import Text

LANGS = (("English", "en"), ("日本語", "ja"))

#: English label → Japanese (exact strings, as the panels write them)
JA: dict[str, str] = {}

#: (English pattern, Japanese) for texts with numbers or names in them; a replacement
#: may be a function of the match (its groups translated again where they are words)
PATTERNS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = []


def tr(text: str, lang: str) -> str:
    """``text`` in ``lang``: itself in English; in Japanese an engine message's own
    Japanese (:class:`designkit.core.messages.Text`), else its entry in :data:`JA`, else
    the first of :data:`PATTERNS` matching it whole, else unchanged."""
    if lang != "ja" or not text:
        return text
    if isinstance(text, Text):  # an engine message: its Japanese is written beside it
        return text.ja
    found = JA.get(text)
    if found is not None:
        return found
    if len(text) > 2000:  # a table or a chart's HTML: not a label
        return text
    for pattern, repl in PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return repl(match) if callable(repl) else match.expand(repl)
    return text


_TEXT_NODE = re.compile(r">([^<>]+)<")
#: HTML whose words are the game's own text (board, log, rules): never retranslated
GAME_TEXT = ("dk-log", "dk-board", "dk-rules-table", "dk-design-tables")


def tr_markup(text: str, lang: str) -> str:
    """An HTML label in ``lang``: whole, as :func:`tr` does, else each text node between
    tags (a table's headers and row labels, a heading beside it) by itself; a node in
    ``<pre>`` or ``<code>`` (library output, field names) stays."""
    if lang != "ja" or not text:
        return text
    whole = tr(text, lang)
    if whole != text or "<" not in text:
        return whole
    from html import escape, unescape

    def node(m: re.Match[str]) -> str:
        raw = m[1]
        core = unescape(raw.strip())
        if not core or not re.search("[A-Za-z]", core):
            return m[0]
        new = tr(core, lang)
        if new == core:
            return m[0]
        return ">" + raw.replace(raw.strip(), escape(new, quote=False)) + "<"

    parts = re.split(r"(<(?:pre|code)\b.*?</(?:pre|code)>)", text, flags=re.S)
    return "".join(part if part.startswith(("<pre", "<code")) else
                   _TEXT_NODE.sub(node, part) for part in parts)


#: a rule ID in running text (an error naming its rule): kept on one line
RULE_ID = re.compile(r"\b[A-Z]{2}-[A-Z]?\d+(?:\.\d+)*[a-z]?\b")


def message_html(text: str, lang: str) -> str:
    """A status line's HTML: ``text`` in ``lang``, escaped, its rule IDs unbreakable."""
    from html import escape

    return RULE_ID.sub(lambda m: f'<span class="dk-rule-id">{m[0]}</span>',
                       escape(tr(text, lang)))


def words(en: str, ja: str, lang: str) -> str:
    """Pick one of two texts written side by side in the code."""
    return ja if lang == "ja" else en


def lang_of(widget: Any) -> str:
    """The language the last :func:`relabel` left on ``widget`` ("en" before any)."""
    return getattr(widget, "_dk_lang", "en")


def walk(root: Any) -> Iterator[Any]:
    """``root`` and every widget inside it (children of boxes, tabs and accordions)."""
    stack = [root]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        stack.extend(reversed(list(getattr(widget, "children", ()) or ())))


_ATTRS = ("description", "tooltip", "placeholder")


def _swap(widget: Any, attr: str, memo: dict[str, tuple[Any, Any]], lang: str,
          change: Callable[[Any, str], Any]) -> None:
    """Show ``attr`` in ``lang``, from its remembered English (or its current value, if
    the panel wrote it anew since the last walk)."""
    current = getattr(widget, attr)
    en, shown = memo.get(attr, (None, None))
    if en is None or current != shown:
        en = current
    new = change(en, lang)
    memo[attr] = (en, new)
    if new != current:
        widget.set_trait(attr, new)  # set_trait: the option labels are read-only


def _each(values: Any, lang: str) -> tuple[str, ...]:
    return tuple(tr(str(v), lang) for v in values)


def relabel(root: Any, lang: str) -> None:
    """Every label inside ``root`` in ``lang`` ("en" or "ja")."""
    for widget in walk(root):
        if getattr(widget, "_dk_fixed", False):  # a language switch names each in its own
            continue
        try:
            widget.__dict__["_dk_lang"] = lang
        except (AttributeError, TypeError):
            continue
        memo = widget.__dict__.setdefault("_dk_en", {})
        for attr in _ATTRS:
            if widget.has_trait(attr) and isinstance(getattr(widget, attr), str):
                _swap(widget, attr, memo, lang, tr)
        if isinstance(widget, (widgets.Tab, widgets.Accordion)):
            _swap(widget, "titles", memo, lang, _each)
        if widget.has_trait("_options_labels"):
            # the labels only: values and the selection stay (a new ``options`` would
            # reset the selection and fire the panels' observers)
            _swap(widget, "_options_labels", memo, lang, _each)
        if isinstance(widget, (widgets.HTML, widgets.Label)):
            message = memo.get("message")
            if message is not None and widget.value == message[1]:
                new = message_html(message[0], lang)  # a show_message text, from its source
                memo["message"] = (message[0], new)
                if widget.value != new:
                    widget.value = new
            elif set(getattr(widget, "_dom_classes", ())) & set(GAME_TEXT):
                _swap(widget, "value", memo, lang, tr)
            else:
                _swap(widget, "value", memo, lang, tr_markup)
        hook = getattr(widget, "_dk_relabel", None)
        if callable(hook):
            hook(lang)


def localize(fig: Any, lang: str) -> Any:
    """A plotly figure's title and axis titles in ``lang`` (the library draws them in
    English; its data and legends stay)."""
    layout = fig.layout
    for key in ("title", *(k for k in layout if k.startswith(("xaxis", "yaxis")))):
        part = layout[key]
        title = part if key == "title" else getattr(part, "title", None)
        text = getattr(title, "text", None)
        if isinstance(text, str) and text:
            new = tr(text, lang)
            if new != text and title is not None:  # (a text was read from it)
                title.text = new
    for note in layout.annotations or ():  # "fair share" and the like
        if isinstance(note.text, str) and tr(note.text, lang) != note.text:
            note.text = tr(note.text, lang)
    if lang == "en":
        return fig
    for trace in fig.data:  # legends, hover texts, and the words on a category axis
        name = getattr(trace, "name", None)
        if isinstance(name, str) and name and tr(name, lang) != name:
            trace.name = tr(name, lang)
        template = getattr(trace, "hovertemplate", None)
        if isinstance(template, str) and template:
            trace.hovertemplate = hover_text(template, lang)
        for axis in ("x", "y"):
            _category_ticks(fig, trace, axis, lang)
    return fig


#: the words of the library's hover templates (designkit.analysis charts), placeholders kept
_HOVER = (
    (r"game %\{customdata\}: %\{x\} turns", "ゲーム %{customdata}：%{x} 手番"),
    (r"(%\{x\}): (%\{y:[^}]*\}) \(held (%\{customdata\}) times\)", r"\1：\2（\3 回保持）"),
    (r"(%\{y\}) (%\{customdata\[0\]\}): in (%\{x:[^}]*\}) of games, (%\{customdata\[1\][^}]*\}) "
     r"per game", r"\1 \2：ゲームの \3 で発生、1ゲームあたり \4 回"),
    (r"(%\{x\}): (%\{y:[^}]*\}) \((%\{customdata\[0\]\}) of (%\{customdata\[1\]\})\)",
     r"\1：\2（\4 中 \3）"),
    (r"(%\{y\}): wins (%\{x:[^}]*\}) when held \(held in (%\{customdata\[1\]\}) seat-games\)",
     r"\1：保持したときの勝率 \2（\3 席×ゲームで保持）"),
    (r"(seat|turn position) (\S+), (%\{x\}): (%\{y:[^}]*\}) VP",
     lambda m: f"{tr(m[1], 'ja')} {m[2]}、{m[3]}：{m[4]} VP"),
    (r"(%\{[xy]\}): ", r"\1："),
)


def hover_text(template: str, lang: str) -> str:
    """A plotly hover template in ``lang``: its words translated, its ``%{…}``
    placeholders kept, the trace name in ``<extra>`` translated as a legend is."""
    if lang != "ja":
        return template
    body, extra, rest = template.partition("<extra>")
    for pattern, repl in _HOVER:
        new = re.sub(pattern, repl, body)
        if new != body:
            body = new
            break
    if extra:
        name, _, tail = rest.partition("</extra>")
        rest = (tr(name, lang) if "%{" not in name else name) + "</extra>" + tail
    return body + extra + rest


def _category_ticks(fig: Any, trace: Any, axis: str, lang: str) -> None:
    """A category axis's tick labels in ``lang``; the data (what a click reports, the
    categories' order) stays as the library drew it."""
    values = getattr(trace, axis, None) if axis in trace else None
    if values is None or not len(values) or not all(isinstance(v, str) for v in values):
        return
    shown = [tr(v, lang) for v in values]
    if shown == list(values):
        return
    template = getattr(trace, "hovertemplate", None)
    if isinstance(template, str) and f"%{{{axis}}}" in template \
            and getattr(trace, "hovertext", None) is None:
        # the hover names the category as the ticks do, not as the data holds it
        trace.hovertext = shown
        trace.hovertemplate = template.replace(f"%{{{axis}}}", "%{hovertext}")
    ref = getattr(trace, f"{axis}axis", None) or axis
    key = f"{axis}axis{ref[1:]}"
    part = fig.layout[key]
    known = dict(zip(part.tickvals or (), part.ticktext or (), strict=False))
    known.update(zip(values, shown, strict=True))
    part.tickmode, part.tickvals, part.ticktext = "array", list(known), list(known.values())


def lab_words(text: str) -> str:
    """The library's advice as the lab says it: the lab's controls, not command-line
    flags (the CLI's own words come from the same functions)."""
    for flag, control in _FLAGS:
        text = text.replace(flag, control)
    return text


_FLAGS = (("with --save-anyway", "by ticking \u201csave even if the gain did not hold\u201d"),
          ("raise --max-games", "raise Max games"),
          ("--max-games", "Max games"), ("--save-anyway",
                                         "\u201csave even if the gain did not hold\u201d"))


# -- the words ------------------------------------------------------------------------------------
JA.update({
    # the lab and its tabs
    "Game": "ゲーム", "Rules": "ルール", "Parameters": "パラメータ", "Play": "プレイ",
    "Simulate": "シミュレーション", "Metrics": "指標", "Sweep": "スイープ", "Tune": "調整",
    "Compare": "比較",
    # seats, agents, backends
    "human": "人間", "random": "ランダム", "greedy": "貪欲", "all (designer)": "全員（デザイナー）",
    "serial": "逐次", "process": "並列",
    # shared controls
    "Run": "実行", "Stop": "停止", "Games": "ゲーム数", "Workers": "並列数", "Seed": "シード",
    "Every seat": "全席のボット", "Trials": "試行数", "Backend": "実行方式",
    "stopped: nothing new to show": "停止しました：新しく表示するものはありません",
    # Rules tab
    "Search": "検索", "search rule ID or text (English or 日本語)": "ルールIDか本文で検索（日本語・英語）",
    "Sort by": "並べ替え", "descending": "降順", "(as given)": "（表の順）",
    "<h3>Design tables</h3>": "<h3>設計用の表</h3>", "<i>no rule matches</i>": "<i>該当するルールなし</i>",
    "Print & play": "印刷して遊ぶ", "日本語 + English": "日本語＋英語", "English": "英語",
    "<h3>Print &amp; play <span lang='ja' class='dk-help'>印刷して遊ぶ</span></h3><div "
    "class='dk-help'>Every card of the game's tables as print sheets (A4 / Letter, real size, "
    "crop marks, backs for duplex) and Tabletop Simulator decks, with the current "
    "parameters.</div>": "<h3>印刷して遊ぶ</h3><div class='dk-help'>ゲームの表にあるすべての"
                         "カードを印刷用シート（A4／レター、実寸、トンボ、両面印刷用の裏面）と"
                         "Tabletop Simulator 用のデッキに。現在のパラメータで作ります。</div>",
    "<span class='dk-help'>what</span>": "<span class='dk-help'>内容</span>",
    "<span class='dk-help'>game</span>": "<span class='dk-help'>ゲーム</span>",
    "<span class='dk-help'>turns</span>": "<span class='dk-help'>手番数</span>",
    "<span class='dk-help'>winner</span>": "<span class='dk-help'>勝者</span>",
    "<span class='dk-help'>scores</span>": "<span class='dk-help'>得点</span>",
    # Parameters tab
    "Reset to draft": "草案に戻す", "Name": "名前", "variant name": "バリアント名",
    "Save variant": "バリアントを保存", "Variant": "バリアント", "Load variant": "バリアントを読み込む",
    "<b>Changes from the draft</b>": "<b>草案からの変更</b>",
    "<b>Rule variants: the cures the draft proposes</b> <span lang='ja'>(草案の改善案)</span>":
        "<b>ルールのバリアント：草案の改善案</b>",
    "loaded the draft": "草案を読み込みました", "comma-separated": "カンマ区切り",
    "Variants": "バリアント", "no variant chosen": "バリアントが選ばれていません",
    "not saved: fix the fields marked in red first": "保存しません：先に赤い項目を直してください",
    # Play tab
    "a human decides now: pick a decision": "人間の手番です：選択肢を選んでください",
    "human seats were played by 'random' to finish": "最後まで進めるため、人間の席はランダムが打ちました",
    "that is not a decision open now": "それは今選べる選択肢ではありません",
    "Parameters changed: press New game to play with them.":
        "パラメータが変わりました：「新しいゲーム」で反映されます。",
    # Simulate tab
    "<b>Agents by seat</b>": "<b>席ごとのボット</b>", "A/B: compare with": "A/B：比較対象",
    "draft defaults": "草案の既定値", "run a simulation first": "先にシミュレーションを実行してください",
    "waiting for the stopped run's last game …": "停止した実行の最後のゲームを待っています …",
    "building results of the finished games …": "終わったゲームの結果をまとめています …",
    "stopped: the game in progress ends, then the results of the finished games are built …":
        "停止：進行中のゲームが終わると、終わったゲームの結果をまとめます …",
    "<b>Notable games</b> (Open loads the game in the Play tab at its first step)":
        "<b>注目のゲーム</b>（「開く」でプレイタブの最初の手から読み込みます）",
    "Open": "開く",
    # Metrics tab
    "Count rule coverage": "ルールの発生率を数える",
    "how often each rule fires; builds every event's text, so slower":
        "各ルールの発生回数。全イベントの文章を作るので遅くなります",
    "<b>Agents by seat</b> (games are played with the per-turn trace, for drama and lead "
    "changes)": "<b>席ごとのボット</b>（盛り上がりと首位交代のため、手番ごとの記録つきで対戦します）",
    "stopped before any game finished: nothing to show":
        "ゲームが1つも終わる前に停止しました：表示するものはありません",
    "Balance by skill level": "強さ別のバランス", "Bots": "ボット", "Games/rung": "段ごとのゲーム数",
    "<span class='dk-note'>The same bot at every seat, the same seeds on every rung: does a "
    "seat or turn-position advantage show only with stronger players? mcts:N rungs are "
    "reproducible by seed; time budgets (mcts:0.1s) are stronger per second but are not."
    "</span>": "<span class='dk-note'>全席に同じボット、どの段も同じシード：席や手番順の有利は"
               "強いプレイヤーのときだけ現れるか？ 回数指定のMCTSはシードで再現できます。"
               "時間指定のMCTSは同じ時間なら強いものの、再現はできません。</span>",
    # Sweep tab
    "Parameter": "パラメータ", "Values": "値", "2nd (heat map)": "2つ目（ヒートマップ）",
    "(none: line charts)": "（なし：線グラフ）", "Games/point": "点ごとのゲーム数",
    "drama and lead changes (slower)": "盛り上がりと首位交代（遅い）",
    "24, 25, 26  or  20:30  or  0.2:0.6:0.1": "24, 25, 26 または 20:30 または 0.2:0.6:0.1",
    "<b>Sweep</b>: every point plays the same seeded games, so differences come from the "
    "rules, not the deals.": "<b>スイープ</b>：どの点も同じシードのゲームを遊ぶので、違いは配り"
                             "ではなくルールから来ます。",
    # Tune tab
    "Target": "目標", "Turns": "手番数", "Margin": "差", "Keep": "維持", "Games/trial": "試行ごとのゲーム数",
    "Re-check": "再確認", "games per variant on fresh seeds after the search":
        "探索のあと、新しいシードでバリアントごとに遊ぶゲーム数",
    "save the best variant as": "最良のバリアントを保存する名前",
    "save even if the gain did not hold": "改善が保たれなくても保存する",
    "Load best into Parameters": "最良の値をパラメータに読み込む",
    "equal seats (win rates)": "席の公平さ（勝率）", "game length": "ゲームの長さ",
    "winner's margin": "勝者の差", "mix of the three": "3つの組み合わせ",
    "× equal-seats": "× 席の公平さ", "× length": "× 長さ", "× margin": "× 差",
    "mean_turns=10%, margin=2, end_reason:<name>=0.05": "mean_turns=10%, margin=2, end_reason:<名前>=0.05",
    "tuned-<target>-seed<seed>": "保存名（空欄なら自動で付けます）",
    "<b>Tune</b>: search the ticked parameters on their grids toward a target (Optuna TPE; "
    "every trial plays the same seeded games), then re-check the best against the start on "
    "fresh seeds; only a gain that holds there is saved.":
        "<b>調整</b>：チェックしたパラメータを目標に向けて格子上で探索し（Optuna TPE。どの試行も"
        "同じシードのゲーム）、最良の値を新しいシードで出発点と比べ直します。そこで保たれた改善"
        "だけを保存します。",
    '<span class="dk-help">constraints that keep the game\'s character, measured against the '
    "start on the same seeds: 10% = within ±10 % of the start's value, 2 = within ±2, 20:40 = "
    "between; trials that break one are kept out of the choice of the best (and shown as "
    "rejected)</span>": '<span class="dk-help">ゲームの性格を保つ条件（同じシードで出発点と比較）：'
                        "10% = 出発点の値の±10 %以内、2 = ±2以内、20:40 = その間。破った試行は"
                        "最良の候補から外します（却下として表示）</span>",
    "run a search first": "先に探索を実行してください",
    "no parameter editor to load into": "読み込み先のパラメータ編集がありません",
    "loaded the best variant into the Parameters tab": "最良のバリアントをパラメータタブに読み込みました",
    "choose one or more parameters to tune": "調整するパラメータを1つ以上選んでください",
    # Compare tab
    "Baseline": "基準", "Metric": "指標", "± precision": "± 精度", "Max games": "最大ゲーム数",
    "± margin": "± 実質差の幅", "Question": "問い", "(a metric, no question)": "（指標だけ、問いなし）",
    "Second level": "第2のボット", "(one level)": "（1段階だけ）", "search": "探索",
    "Run on (keep the last games)": "続けて実行（前回のゲームを残す）",
    "Run on from the last comparison: its games are kept, up to Max games":
        "前回の比較から続ける（そのゲームを残し、最大ゲーム数まで）",
    "First look": "最初の確認", "Open the game where they differ most": "最も差が出たゲームを開く",
    "(current parameters)": "（現在のパラメータ）", "draft": "草案",
    "current (the draft's values)": "現在のパラメータ（草案の値）",
    "seat balance": "席のバランス", "turn order": "手番順", "winner margin": "勝者の差",
    "turns": "手番数", "decisions": "選択の数",
    "<b>Compare</b>: every variant plays the same seeded games (paired) until each verdict is "
    "reached: <i>fixes it</i> (inside the question's target), <i>improves it</i>, <i>no "
    "practical change</i> (the whole interval inside ± the margin), <i>makes it worse</i>. "
    "The intervals are anytime-valid (95 % over every look and every verdict of the run), so "
    "Stop at any moment, or running on, stays honest.":
        "<b>比較</b>：どのバリアントも同じシードのゲームを遊び（対応あり）、判定が出るまで続けま"
        "す：<i>解決する</i>（問いの目標の内側）、<i>改善する</i>、<i>実質的な変化なし</i>（区間"
        "全体が±幅の内側）、<i>悪化させる</i>。区間はいつ止めても有効（すべての確認と判定で"
        "95 %）なので、途中で止めても続けても正直です。",
    "<i>no game finished under every variant yet</i>": "<i>まだ全バリアントで終わったゲームがありません</i>",
    "run a comparison first": "先に比較を実行してください",
})
JA.update({f"<i>{en} opens here …</i>": f"<i>{ja}はここに開きます …</i>"
           for en, ja in (("Metrics", "指標"), ("Sweep", "スイープ"), ("Tune", "調整"),
                          ("Compare", "比較"))})

#: the parameter groups' words (their rule IDs in brackets stay)
GROUPS = {
    "Setup": "準備", "Turn": "手番", "Skills": "スキル", "End of game": "ゲームの終了",
    "Scoring and winner": "得点と勝者", "Stages, rounds and turns": "ステージ・ラウンド・手番",
    "Album and placement": "アルバムと配置", "Life stones and power": "命の石とパワー",
    "Settlements": "精算", "Card counts": "カードの枚数", "Turns and movement": "手番と移動",
    "Dice, Fortune and conditions": "ダイス・フォーチュン・条件", "Demon Lord battle": "魔王戦",
    "Stage end and scoring": "ステージの終わりと得点", "Content": "内容",
    "Rounds and turns": "ラウンドと手番", "Workers, Areas and University": "ワーカー・エリア・大学",
    "Cards and draft": "カードとドラフト", "Scoring": "得点", "General": "全般",
}
JA.update(GROUPS)


def _group(m: re.Match[str]) -> str:
    where = m[2].replace(" to ", "〜").replace("section", "節")
    return f"{GROUPS[m[1]]}（{where}）"


def _again(template: str, *groups: int) -> Callable[[re.Match[str]], str]:
    """A replacement whose groups are words to translate too."""
    def repl(m: re.Match[str]) -> str:
        return template.format(*(tr(m[g], "ja") for g in groups), m=m)
    return repl


def _p(pattern: str, repl: str | Callable[[re.Match[str]], str]) -> None:
    PATTERNS.append((re.compile(pattern, re.S), repl))


_p(r"(" + "|".join(map(re.escape, GROUPS)) + r") \((.+)\)", _group)
_p(r"(\d+) games", r"\1 ゲーム")
_p(r"(\d+) games \(stopped early\)", r"\1 ゲーム（途中で停止）")
_p(r"(\d+) games( \(stopped early\))?; A/B against (.+) on the same seeds",
   _again("{m[1]} ゲーム{0}。{1} と同じシードでA/B比較", 2, 3))
_p(r" \(stopped early\)", "（途中で停止）")
_p(r"running (\d+) games …", r"\1 ゲームを実行中 …")
_p(r"running (\d+) games \(timing one game to size the batches\) …",
   r"\1 ゲームを実行中（1ゲームの時間を測って区切りを決めています）…")
_p(r"(\d+) / (\d+) games", r"\1 / \2 ゲーム")
_p(r"Refused: fix the parameter errors first \((.+)\)",
   r"実行できません：先にパラメータの誤りを直してください（\1）")
_p(r"a (simulation|run) is already (running|in progress)", "すでに実行中です")
_p(r"game (\d+) of the (simulation|Metrics run), seed (\d+)(: .*)?",
   lambda m: f"{'シミュレーション' if m[2] == 'simulation' else '指標の実行'}のゲーム {m[1]}"
             f"（シード {m[3]}）" + (f"：{tr(m[4][2:], 'ja')}" if m[4] else ""))
_p(r"clicked in the (.+) chart", lambda m: f"「{tr(m[1], 'ja')}」のグラフでクリック")
_p(r"the first of the (\d+) games in the clicked bar of the (.+) chart",
   lambda m: f"「{tr(m[2], 'ja')}」のグラフでクリックした棒の {m[1]} ゲームのうち最初")
_p(r"opened the game of seed (\d+) at step 0", r"シード \1 のゲームをステップ 0 で開きました")
_p(r"seed (\d+)", r"シード \1")
_p(r"saved (.+) \((\d+) steps\)", r"\1 を保存しました（\2 手）")
_p(r"loaded (.+) \((\d+) steps\)", r"\1 を読み込みました（\2 手）")
_p(r"saved (.+)", r"\1 を保存しました")
_p(r"loaded (.+)", r"\1 を読み込みました")
_p(r"(\d+) games on seed (\d+), agents (.+?)( \(stopped early: (\d+) of (\d+)\))?",
   lambda m: f"{m[1]} ゲーム、シード {m[2]}、ボット {'、'.join(tr(a, 'ja') for a in m[3].split(', '))}"
             + (f"（途中で停止：{m[6]} 中 {m[5]}）" if m[4] else ""))
_p(r"(\d+) points × (\d+) games …", r"\1 点 × \2 ゲーム …")
_p(r"(.+): (\d+) points × (\d+) games on seed (\d+) \(the same games at every point\)",
   r"\1：\2 点 × \3 ゲーム、シード \4（どの点も同じゲーム）")
_p(r"(\d+) trials × (\d+) games …", r"\1 試行 × \2 ゲーム …")
_p(r"trial (\d+) of (\d+): best loss ([\d.]+)", r"試行 \1 / \2：最良の損失 \3")
_p(r"best loss in the search ([\d.]+); re-checking on fresh seeds \((\d+) games each\) …",
   r"探索での最良の損失 \1。新しいシードで確認中（各 \2 ゲーム）…")
_p(r"(\d+) trials × (\d+) games, re-checked with (\d+) games(; saved (.+)|; nothing saved: "
   r"(.+))?", lambda m: f"{m[1]} 試行 × {m[2]} ゲーム、{m[3]} ゲームで再確認"
                        + (f"。{m[5]} を保存しました" if m[5] else "")
                        + ("。何も保存していません" if m[6] else ""))
_p(r"(\d+) games per variant, ([\d.]+) s \((.+)\)",
   _again("バリアントごとに {m[1]} ゲーム、{m[2]} 秒（{0}）", 3))
_p(r"running (\d+) games on each of (\d+) rungs …", r"\1 ゲームを \2 段それぞれで実行中 …")
_p(r"(\d+) games per rung on seed (\d+)", r"段ごとに \1 ゲーム、シード \2")
_p(r"(\d+)–(\d+) players · (\d+) rules", r"\1〜\2人 · ルール \3 件")
_p(r"open game (\d+) in the Play tab", r"ゲーム \1 をプレイタブで開く")
_p(r"one of (.+)", r"\1 のいずれか")
_p(r"any (bool|int|float|list|choice|table)", "任意の値")
_p(r"(.+) or empty", r"\1 または空欄")
_p(r"each value (.+)", r"各値 \1")
_p(r"(\S+)–(\S+) step (\S+) \((\d+) values?\)", r"\1–\2、刻み \3（\4 通り）")
_p(r"(\d+) files written(.*)", r"\1 個のファイルを書き出しました\2")
_p(r"mcts:(\S+)", r"MCTS:\1")
def _compare_parts(text: str) -> str:
    """The compare summary's metric parts (``turns (margin ±1.00, exploratory)``)."""
    for en, ja in (("margin", "幅"), ("target", "目標"), ("exploratory", "探索的"),
                   (" pts", " pt"), ("; ", "；"), (", ", "、")):
        text = text.replace(en, ja)
    return text


_p(r"≈(\d+) more games per arm", r"あと約 \1 ゲーム")
_p(r"this interval needs at least (\d+) games", r"この区間には少なくとも \1 ゲームが必要です")
_p(r"the arms gave the same value in all (\d+) games \(they never diverged\); no verdict "
   r"below (\d+) games", r"\1 ゲームすべてで両方が同じ値（一度も分かれていない）：\2 ゲーム未満"
                          r"では判定しません")
JA.update({
    "the bots do not respond to this change: every game played out identically under both":
        "ボットはこの変更に反応しません：どのゲームも両方で同じ展開でした",
    "the draft already meets the target": "草案はすでに目標を満たしています",
    "the same value in every game under both: the bots may not respond to what this change "
    "affects": "どのゲームでも両方が同じ値：ボットはこの変更が影響する点に反応していないかもしれません"})
JA.update({"precision reached": "精度に到達", "budget spent": "上限に到達",
           "interrupted": "中断", "decided": "判定済み"})
_p(r"(\d+) <span class='dk-help'>\(seed (\d+)\)</span>",
   r"\1 <span class='dk-help'>（シード \2）</span>")
_p(r"\S+: (.+) against (.+) on the same seeds \(paired\), (.+) bots; (.+); until decided or "
   r"(\d+) games per variant \(looks at (.+); anytime-valid\)",
   lambda m: f"{m[1]} を {tr(m[2], 'ja')} と同じシードで比較（対応あり）、ボット "
             f"{tr(m[3], 'ja')}、{_compare_parts(m[4])}。判定が出るか、バリアントごとに "
             f"{m[5]} ゲームで停止（確認：{m[6]}。いつ止めても有効な区間）")
# the notable games' rows (designkit.analysis.notable)
_p(r"longest game \((\d+) turns\)", r"最長のゲーム（\1 手番）")
_p(r"shortest game \((\d+) turns\)", r"最短のゲーム（\1 手番）")
_p(r"closest game \(won by (\S+)\)", r"最も僅差のゲーム（\1 差で勝利）")
_p(r"biggest margin \(won by (\S+)\)", r"最大差のゲーム（\1 差で勝利）")
_p(r"a game (\w) won by (\S+)", r"\1 が \2 差で勝ったゲーム")
# the charts' titles and axes (designkit.analysis.charts, drawn in English)
JA.update({
    "Win rate by seat": "席ごとの勝率", "win rate": "勝率", "seat": "席",
    "Score by seat": "席ごとの得点", "score": "得点", "Game length": "ゲームの長さ",
    "each<br>game": "各<br>ゲーム",  # the length chart's strip of one dot per game
    "End reasons": "終了の理由", "share of games": "ゲームの割合",
    "Skill take rate": "スキルの取得率", "share of seat-games": "席×ゲームの割合",
    "Win rate when holding a skill": "スキルを持つときの勝率",
    "Win rate by turn position": "手番順ごとの勝率", "turn position": "手番順",
    "games": "ゲーム数", "position": "手番順", "fair share": "公平な取り分",
})
_p(r"Difference( above fair share)? \((.+) − (.+)\), 95% interval",
   lambda m: f"差{'（公平な取り分を超える分）' if m[1] else ''}（{tr(m[2], 'ja')} − "
             f"{tr(m[3], 'ja')}）、95%区間")
_p(r"A/B: (.+) vs (.+)", lambda m: f"A/B：{tr(m[1], 'ja')} 対 {tr(m[2], 'ja')}")
JA.update({"current": "現在", "baseline": "基準"})
JA["turn position (1st = start player)"] = "手番順（1 = 開始プレイヤー）"

# -- the library's tables and their headings (designkit.analysis; see tr_markup) ---------------------
JA.update({
    # Metrics: the summary table, its metric names (metrics_panel.LABELS, sweep_charts.TITLES)
    "Every metric (95% intervals)": "すべての指標（95%区間）", "metric": "指標", "name": "名前",
    "seat / case": "席／場合", "value": "値", "95% interval": "95%区間",
    "Win rate": "勝率", "Mean score": "平均得点", "Ends by": "終了の仕方",
    "Score spread (sd, all seats)": "得点のばらつき（標準偏差、全席）",
    "Held at the end": "終了時に保持", "Win rate when held": "保持したときの勝率",
    "Seat balance (1 − largest win-rate gap)": "席のバランス（1 − 勝率の最大差）",
    "Seat advantage test (chi-square p-value)": "席の有利の検定（カイ二乗検定のp値）",
    "Mean score by seat": "席ごとの平均得点", "Score spread (sd)": "得点のばらつき（標準偏差）",
    "Winner's margin (winner − runner-up)": "勝者の差（勝者 − 2位）",
    "Game length (turns)": "ゲームの長さ（手番数）", "Decisions per game": "ゲームあたりの選択の数",
    "Share of real choices": "本当の選択の割合", "Branching factor": "分岐数",
    "End reasons (share of games)": "終了の理由（ゲームの割合）",
    "Lead changes per game": "ゲームあたりの首位交代", "Lead change rate": "首位交代の率",
    "Drama (how far behind the winner was)": "盛り上がり（勝者がどれだけ遅れていたか）",
    "Share of turns the winner was behind": "勝者が遅れていた手番の割合",
    "Decisiveness (share of game before the winner was out of reach)":
        "決着の早さ（勝者に追いつけなくなるまでのゲームの割合）",
    # Metrics: the other tables and their notes
    "Sample size": "サンプルサイズ",
    "Drama and lead changes": "盛り上がりと首位交代",
    "(from the game's heuristic at the start of every turn, as in Ludii)":
        "（各手番の始めのゲームの評価関数から。Ludii と同じ方法）",
    "mean [95%]": "平均 [95%]",
    "Cards, skills and actions held at the end": "終了時に持っていたカード・スキル・アクション",
    "(a positive lift says holders win more often, not that the item causes it)":
        "（リフトが正なら持ち主がよく勝つということで、そのアイテムが原因とは限りません）",
    "item": "アイテム", "seat-games": "席×ゲーム", "usage [95%]": "保持率 [95%]",
    "win rate when held [95%]": "保持したときの勝率 [95%]", "lift": "リフト",
    "This game reports no cards, skills or actions held.":
        "このゲームは持っているカード・スキル・アクションを報告しません。",
    "VP by source": "得点源ごとのVP", "source": "得点源",
    "(mean VP per game from each of the draft's scoring categories, 95% intervals; a seat's "
    "sources add up to its mean score)": "（草案の得点区分ごとの1ゲームあたりの平均VP、95%区間。"
                                         "席の得点源を足すとその席の平均得点になります）",
    "Rule coverage": "ルールの発生率", "Never fired": "一度も発生しなかったルール",
    "Every one fired.": "すべて発生しました。", "rule": "ルール", "text": "本文",
    "games fired": "発生したゲーム数", "share [95%]": "割合 [95%]", "per game": "ゲームあたり",
    "End reasons (95% intervals)": "終了の理由（95%区間）", "end reason": "終了の理由",
    "margin": "差", "Evaluation along the game": "ゲームの進行と評価",
    "share of the game": "ゲームの進み具合", "mean evaluation": "平均の評価",
    "Win rate when held at game end (95% intervals)": "終了時に持っていたときの勝率（95%区間）",
    # end reasons (labels.end_reason_label)
    "deck out": "山札切れ", "final round": "最終ラウンド", "final scoring": "最終得点",
    "final settlement": "最終精算", "(none)": "（なし）",
    # the held items' kinds (item_usage's columns)
    "race": "種族", "skills": "スキル", "familiars": "使い魔", "class": "クラス",
    "facilities": "施設", "legacy": "レガシー", "artifacts": "アーティファクト",
    # Sweep
    "balance": "バランス", "seat p": "席のp値",
    "intervals: 95% (t for means, Wilson for shares, bootstrap for balance); seat p: "
    "chi-square test of equal seat win rates (small = seat advantage); every point plays the "
    "same seeded games": "区間：95%（平均はt、割合はWilson、バランスはブートストラップ）。席のp値："
                         "席ごとの勝率が等しいかのカイ二乗検定（小さい＝席の有利）。どの点も同じ"
                         "シードのゲームを遊びます",
    # Tune
    "Summary": "まとめ（designkit の出力、英語）", "The loss": "損失", "seeds": "シード", "variant": "バリアント",
    "loss": "損失", "best − start [95%]": "最良 − 出発点 [95%]", "mean turns": "平均手番数",
    "win rate by turn position": "手番順ごとの勝率", "win rate by seat": "席ごとの勝率",
    "start (the draft)": "出発点（草案）", "start (your parameters)": "出発点（現在のパラメータ）",
    "best trial": "最良の試行", "Constraints": "条件", "keep": "維持",
    "allowed (search)": "許容範囲（探索）", "allowed (re-check)": "許容範囲（再確認）",
    "best (re-check)": "最良（再確認）", "kept": "維持", "broken": "破った",
    "Best variant": "最良のバリアント", "the draft itself": "草案そのもの",
    "Best variant against the draft": "草案と比べた最良のバリアント",
    "(bold: changed by the search)": "（太字：探索で変わった値）", "field": "項目",
    "start": "出発点", "best": "最良", "Best trials": "最良の試行", "trial": "試行",
    "rejected": "却下",
})
_p(r"([+\-−]?[\d.]+) pts?", r"\1 ポイント")
_p(r"(\S+) win %", r"\1 勝率 %")
_p(r"ends '(.+)' %", lambda m: f"終了「{tr(m[1], 'ja')}」 %")
_p(r"(.+) reached", lambda m: f"{tr(m[1], 'ja')}に到達")
_p(r"([a-z_]+): ([A-Z][\w\-]*)", lambda m: f"{tr(m[1], 'ja')}：{m[2]}")
_p(r"search \(seed (\d+), (\d+) games\)", r"探索（シード \1、\2 ゲーム）")
_p(r"re-check \(seed (\d+), (\d+) games\)", r"再確認（シード \1、\2 ゲーム）")
_p(r"\(of (\d+); trial 0 is the start when it lies on the searched grid(; (\d+) rejected by a "
   r"constraint or the parameters' checks)?\)",
   lambda m: f"（全 {m[1]} 試行。試行 0 は探索の格子上にあるときの出発点"
             + (f"。{m[3]} 試行は条件かパラメータの検査で却下" if m[2] else "") + "）")


def _loss_ja(text: str) -> str:
    """:func:`designkit.analysis.tune.loss_meaning` in Japanese (each part of a mix)."""
    parts = {
        r"spread of win rates by turn position \(best position's win rate − worst's\), where "
        r"the start player is random so turn order, not the seat letter, is what can be unfair":
            lambda m: "手番順ごとの勝率の幅（最も勝つ手番順の勝率 − 最も勝てない手番順の勝率）。"
                      "スタートプレイヤーはランダムなので、不公平になりうるのは席の文字ではなく"
                      "手番順です",
        r"spread of win rates by seat \(best seat's win rate − worst's\)":
            lambda m: "席ごとの勝率の幅（最も勝つ席の勝率 − 最も勝てない席の勝率）",
        r"distance of the mean game length from (\S+) turns, as a share of (\S+)":
            lambda m: f"平均のゲームの長さと {m[1]} 手番との差（{m[2]} に対する割合）",
        r"distance of the mean winner's margin from (\S+), over max\(1, \|(\S+)\|\)":
            lambda m: f"勝者の平均の差と {m[1]} との差（max(1, |{m[2]}|) で割る）",
    }
    for pattern, repl in parts.items():
        text = re.sub(pattern, repl, text)
    return text.replace("; 0 is perfect", "。0 が理想")


_p(r"= (.+; 0 is perfect)", lambda m: "= " + _loss_ja(m[1]))


def _advice_ja(m: re.Match[str]) -> str:
    known = (f"{m[1]} ゲームでは、席ごとの勝率は約 ±{m[2]} ポイント（95%）までわかります。"
             if m[1] else "")
    seat = "ある席" if m[4] == "a seat" else tr(m[4], "ja")
    text = (f"{seat}の勝率の {m[3]} ポイントの変化（{m[5]} → {m[6]}）を信頼度 {m[7]}%・検出力 "
            f"{m[8]}% で見るには、バリアントごとに約 {m[9]} ゲーム必要です（独立な2回の実行）")
    if m[10]:
        text += f"。同じシードなら約 {m[10]} ゲーム（対応あり、{m[11]}% のゲームで結果が変わる）"
    return ("：" if m[0].startswith(":") else "") + known + text + "。"


_p(r":? ?(?:With (\d+) games the seat win rates are known to about ±([\d.]+) points \(95%\)\. )?"
   r"To see a ([\d.]+)-point change in (.+?)'s win rate \((\S+) → (\S+)\) at ([\d.]+)% "
   r"confidence and ([\d.]+)% power you need about ([\d,]+) games per variant \(two "
   r"independent runs\)(?:, or about ([\d,]+) on the same seeds \(paired, (\d+)% of games "
   r"change outcome\))?\.", _advice_ja)
_p(r":? ?(\d+) of the (\d+) rules the engine logs fired in at least one of (\d+) games\.",
   r"：エンジンが記録する \2 件のルールのうち \1 件が、\3 ゲームの少なくとも1つで発生しました。")
JA[": not counted (tick \u201cCount rule coverage\u201d and run again)."] = (
    "：数えていません（「ルールの発生率を数える」にチェックして、もう一度実行してください）。")
_p(r"(\S+): (\S+) is above (\S+) (\S+)", r"\1：\2 は \3 の \4 を超えています")
_p(r"(\S+): (\S+) is below (\S+) (\S+)", r"\1：\2 は \3 の \4 を下回っています")
JA.update({
    # the Simulate and Metrics charts' legends, ticks and notes (designkit.analysis)
    "all seats": "全席", "eventual winner": "最終的な勝者", "best other seat": "ほかの最良の席",
    "mean VP per game": "1ゲームあたりの平均VP",
    # Compare's charts and metric names (designkit.analysis.variant_metrics)
    "games per variant (paired)": "バリアントごとのゲーム数（対応あり）",
    "difference (points)": "差（ポイント）", "difference": "差",
    "largest gap of a turn position's win rate from the fair share":
        "手番順の勝率と公平な取り分との最大の差",
    "largest gap of a turn position's win rate from the fair share (0 when every position's "
    "interval contains it)":
        "手番順の勝率と公平な取り分との最大の差（どの手番順の区間も公平な取り分を含めば0）",
    "start player's win rate": "スタートプレイヤーの勝率", "winner's margin (VP)": "勝者の差（VP）",
    "lead changes per game": "ゲームあたりの首位交代",
})
#: chart ticks and legends (turn positions, seats with their bots) and Compare's metrics
_CHART_PATTERNS: tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...] = (
    (r"(\d+)(?:st|nd|rd|th)", r"\1番目"),
    (r"seat ([A-Z])", r"席 \1"),
    (r"([A-Z]) \((random|greedy|human|mcts:\S+)\)", _again("{m[1]}（{0}）", 2)),
    (r"(.+): difference from (.+)", _again("{0}：{1}との差", 1, 2)),
    (r"game length \((turns|decisions)\)", _again("ゲームの長さ（{0}）", 1)),
    (r"share of the VP gained from (.+)", r"\1 から得たVPの割合"),
    (r"games in which (.+) fires", r"\1 が発生したゲーム"),
    (r"games that end by (.+)", _again("{0}で終わるゲーム", 1)),
)
for _pattern, _repl in _CHART_PATTERNS:
    _p(_pattern, _repl)
# the panels' own refusals (the engine's messages carry their Japanese: designkit.core.messages)
_p(r"Seed: (.*) is not a whole number 0–(\d+)", r"シード：\1 は 0–\2 の整数ではありません")
_p(r"variant name (.+): use letters, digits, - _ \. or spaces",
   r"バリアント名 \1：英字・数字・- _ . ・空白だけを使ってください")
_p(r"give values for (\S+), e\.g\. 24, 25, 26", r"\1 の値を入れてください（例：24, 25, 26）")
_p(r"give values for (\S+), or choose \(none\)", r"\1 の値を入れるか、（なし）を選んでください")
_p(r"(\S+) has no parameter a sweep can vary", r"\1 にはスイープで変えられるパラメータがありません")
JA.update({
    "Bots: give at least one bot, e.g. random, greedy, mcts:50":
        "ボット：少なくとも1つ指定してください（例：random, greedy, mcts:50）",
    "target mix: give at least one of the weights a value above zero":
        "目標の組み合わせ：重みの少なくとも1つを0より大きくしてください",
})
# the Review tab (the design review: designkit review GAME)
JA.update({
    "Review": "設計レビュー", "<i>Review opens here …</i>": "<i>設計レビューはここに開きます …</i>",
    "Games per arm": "各群のゲーム数", "Questions": "問い",
    "Save the page (HTML)": "ページを保存（HTML）",
    "<h3>Design review</h3><div class='dk-help'>Every question of the draft on one page: "
    "problems ranked by how far the draft misses its target, the cures that fix each, what is "
    "still undecided and what deciding would cost. The draft and its cures, not the Parameters "
    "tab.</div>":
        "<h3>設計レビュー</h3><div class='dk-help'>草案のすべての問いを1ページに：目標から遠い"
        "問題点の順に、それぞれを解決する案、まだ決まらない判定と決めるのに要るゲーム数。"
        "対象は草案とその案で、パラメータタブの値ではありません。</div>",
})
_p(r"reviewing (\S+) at (\d+) players …", r"\1（\2人）を検討中 …")
_p(r"(\d+) problems, (\d+) verdicts still open, family of (\d+) verdicts",
   r"問題点 \1 件、未決の判定 \2 件、判定の族 \3 件")
