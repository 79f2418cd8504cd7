"""What the engine's analysis writes, in Japanese: the library's tables and headings, the
tuning loss and the sample-size advice, chart ticks and legends, the panels' refusals and
the Review tab (exact strings in :data:`~.ja_lookup.JA`, texts with numbers in its patterns).

Imported by :mod:`.i18n` after :mod:`.ja_lab`: its patterns are tried after the lab's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .ja_lookup import JA, tr
from .ja_lookup import add_pattern as _p
from .ja_lookup import translating as _again

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
