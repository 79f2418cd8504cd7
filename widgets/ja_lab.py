"""The lab's own words in Japanese: tabs, controls, status lines, Compare's and the charts'
titles (exact strings in :data:`~.ja_lookup.JA`, texts with numbers in its patterns).

Imported once by :mod:`.i18n`, which is what fills the tables; the order of the patterns
is the order they are tried in.
"""

from __future__ import annotations

import re

from .ja_lookup import JA, tr
from .ja_lookup import add_pattern as _p
from .ja_lookup import translating as _again

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


_p(r"≈([\d,]+) more games per arm", r"あと約 \1 ゲーム")
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
