"""日本語 switches every string of the lab (issue 26, "honest labels"), for all four games.

With the lab's switch on 日本語, no widget's description, label, button text, placeholder,
option label, tab or section title, heading, status line or verdict holds an English word,
except what is a name rather than a word: rule and card IDs, VP/HP, game titles, parameter
and variant names (what variant files write), the agents' MCTS, and the few product names
the lab mentions (Optuna TPE, Tabletop Simulator, PDF/ZIP). In English, no kana or kanji
shows except names beside English (game titles, labels in brackets, the draft's quotes marked
``lang="ja"``) and the language switch's own 日本語.

Checked on every tab, the analysis tabs built, after a Simulate run, after a run of every
analysis tab (the library's tables: headers, metric names, end reasons, VP sources), and
after switching back. Library output in ``<pre>``/``<code>`` and the game's own texts
(board, log, rules: each game's ``view``) are left out; the games' two languages have their
own tests, and tests/browser/test_lab_japanese.py reads the same off the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import ipywidgets as widgets
import pytest
from designkit_widgets import DesignLab
from designkit_widgets.design_lab import ANALYSIS_TABS
from designkit_widgets.i18n import walk

from designkit import get_game
from designkit.core.variants import variant_names

GAMES = ("crossroads", "witch_academy", "classic_hero", "rolling_stone")

#: names, not words: shown as they are in both languages
ALLOWED = {"VP", "HP", "MCTS", "Optuna", "TPE", "Tabletop", "Simulator", "PDF", "ZIP", "A4",
           "ID", "True", "False", "Ludii", "Wilson", "pt", "SET", "designkit"}
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]")
#: rule IDs (CR-1.1, LW-3.4a), card and item IDs (FA1-3, S4, W3), agents (mcts:0.1s)
#: and identifiers a field takes as they are (mean_turns=10%, end_reason:<name>)
IDS = re.compile(r"\b[A-Za-z]{1,4}-[A-Z]{0,2}\d[\w.\-]*|\b[A-Za-z]{1,4}\d[\w.\-]*|\bmcts:\S+|\b\w+\.csv\b|\b\w+_\w+\b(:\S+)?|\b\w+(?==)"
                 r"|<\w+>", re.I)
WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
#: parts of an HTML value that are library output or names, not labels (the library's
#: tables are labels: their headers and row labels are shown in the lab's language)
DATA = re.compile(r"<(pre|code|style)\b.*?</\1>", re.S)
LANG_JA = re.compile(r"<(span|div)[^>]*lang=['\"]ja['\"][^>]*>.*?</\1>", re.S)
TAGS = re.compile(r"<[^>]+>")
#: widgets whose HTML is the game's own text (board and log), in either language already
GAME_TEXT = ("dk-log", "dk-board", "dk-rules-table", "dk-charts")


def _skip(widget: widgets.Widget) -> bool:
    return bool(set(getattr(widget, "_dom_classes", ())) & set(GAME_TEXT)) or getattr(
        widget, "_dk_fixed", False)


def _labels(root: widgets.Widget) -> Iterator[tuple[str, str]]:
    """(what, text) for every label the designer reads: descriptions, buttons, tooltips,
    placeholders, option labels, tab and section titles, HTML headings and status lines."""
    skipped: set[int] = set()
    for w in walk(root):
        if _skip(w) or id(w) in skipped:
            skipped.update(id(c) for c in walk(w))
            continue
        if getattr(w, "layout", None) is not None and w.layout.display == "none" \
                and not isinstance(w, widgets.HTML):
            continue
        kind = type(w).__name__
        for attr in ("description", "tooltip", "placeholder"):
            text = getattr(w, attr, None) if w.has_trait(attr) else None
            if isinstance(text, str) and text:
                yield f"{kind}.{attr}", text
        if w.has_trait("_options_labels"):
            for text in w._options_labels:
                yield f"{kind} option", text
        if isinstance(w, (widgets.Tab, widgets.Accordion)):
            for text in w.titles:
                yield f"{kind} title", text or ""
        if isinstance(w, (widgets.HTML, widgets.Label)) and w.value:
            yield f"{kind} {' '.join(w._dom_classes)}".strip(), w.value


def _plain(text: str, keep_ja: bool = True) -> str:
    text = DATA.sub(" ", text)
    if not keep_ja:
        text = LANG_JA.sub(" ", text)
    return unescape(TAGS.sub(" ", text))


def _names(lab: DesignLab) -> set[str]:
    """Words that are names in this lab: game titles, parameter and variant names."""
    game = lab.game
    names = set(ALLOWED)
    for g in GAMES:
        names.update(WORD.findall(get_game(g).title))
    draft = game.params_type()
    for name, spec in game.params_type.specs().items():
        names.update(name.split("_"))
        names.add(name)
        value = getattr(draft, name)
        items = list(value) if isinstance(value, dict) else []
        for item in (*(spec.choices or ()), *items):  # values and items a variant file writes
            names.update(WORD.findall(str(item)))
    for name in variant_names(game.params_type, lab.params_panel.variants_dir):
        names.update(WORD.findall(name))
    return names


def _english_words(lab: DesignLab) -> list[str]:
    names = _names(lab)
    found = []
    for what, text in _labels(lab):
        plain = IDS.sub(" ", _plain(text))
        words = [w for w in WORD.findall(plain) if w not in names and w.strip("'’") not in names]
        if words:
            found.append(f"{what}: {words} in {plain.strip()[:120]!r}")
    return found


def _kanji(lab: DesignLab) -> list[str]:
    game = lab.game
    names = {"日本語", *(get_game(g).title_ja for g in GAMES)}
    names.update(spec.label_ja for spec in game.params_type.specs().values() if spec.label_ja)
    # the parameters' own help quotes the draft beside English (CH-1.1 "players (３〜４人)")
    names.update(spec.help for spec in game.params_type.specs().values())
    found = []
    for what, text in _labels(lab):
        plain = _plain(text, keep_ja=False)
        for name in sorted(names, key=len, reverse=True):
            plain = plain.replace(name, " ")
        if CJK.search(plain):
            found.append(f"{what}: {plain.strip()[:120]!r}")
    return found


@pytest.fixture(params=GAMES)
def lab(request: pytest.FixtureRequest) -> DesignLab:
    """The game's lab with its shipped variants (read only: nothing here saves one)."""
    lab = DesignLab(request.param)
    for title in ANALYSIS_TABS:
        lab.analysis_panel(title)
    lab.sim_panel.n_games.value = 4
    return lab


def test_japanese_switches_every_label(lab: DesignLab) -> None:
    lab.set_lang("ja")
    assert lab.stepper.lang.value == "ja"
    assert list(lab.tabs.titles) == ["ルール", "パラメータ", "プレイ", "シミュレーション",
                                     "指標", "スイープ", "調整", "比較", "プレイテスト",
                                     "設計レビュー"]
    assert lab.sim_panel.run() is not None  # status lines written after the switch
    assert lab.sim_panel.status.value == "4 ゲーム"
    assert lab.sim_panel.figures["win_rate"].layout.title.text == "席ごとの勝率"  # charts too
    assert _english_words(lab) == []


def test_english_has_no_japanese_but_names(lab: DesignLab) -> None:
    assert lab.sim_panel.run() is not None
    assert _kanji(lab) == []
    lab.set_lang("ja")
    lab.set_lang("en")  # and back: every English label restored
    assert list(lab.tabs.titles)[:4] == ["Rules", "Parameters", "Play", "Simulate"]
    assert lab.sim_panel.status.value == "4 games"
    assert _kanji(lab) == []


def test_the_play_tabs_switch_moves_the_lab(variants_dir) -> None:  # noqa: ANN001
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    lab.stepper.lang.value = "ja"
    assert lab.lang.value == "ja" and lab.tabs.titles[0] == "ルール"
    assert lab.sim_panel.run_button.description == "実行"
    lab.stepper.lang.value = "en"
    assert lab.tabs.titles[0] == "Rules" and lab.sim_panel.run_button.description == "Run"


def test_a_refusal_in_japanese(variants_dir) -> None:  # noqa: ANN001
    """The Parameters banner and a refusal after the switch are in Japanese too."""
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    lab.set_lang("ja")
    lab.params_panel.fields["players"].control.value = "9"
    assert "要修正の項目 1 件" in lab.params_panel.error_summary.value
    assert lab.sim_panel.run() is None
    assert lab.sim_panel.status.value.startswith("実行できません")
    assert "players" in lab.sim_panel.status.value  # the same list of errors


@pytest.mark.parametrize("game", GAMES)
def test_engine_messages_in_japanese(game: str, variants_dir) -> None:  # noqa: ANN001
    """What the engine says (a parameter's range error, an illegal action's reason) comes
    in 日本語 too, and back in English after the switch back (its Japanese written beside
    the English in the engine: designkit.core.messages)."""
    from designkit.core.game import CHANCE

    lab = DesignLab(game, variants_dir=variants_dir)
    lab.set_lang("ja")
    field = lab.params_panel.fields["players"]
    field.control.value = "99"
    assert "は許容範囲" in field.error.value and "の外です" in field.error.value
    assert "許容範囲" in lab.params_panel.error_summary.value
    assert _english_words(lab) == []
    field.control.value = str(lab.game.params_type().players)  # type: ignore[attr-defined]
    session = lab.stepper.session
    while session.to_move is CHANCE or not session.legal_actions():
        session.step()
    lab.stepper.choose(_later_decision(lab.game, session.state))
    shown = lab.stepper.message.value
    assert "を選べません" in shown and CJK.search(shown), shown
    assert _english_words(lab) == []
    lab.set_lang("en")
    assert "is not legal" in lab.stepper.message.value
    assert not CJK.search(lab.stepper.message.value.replace(lab.game.title_ja, ""))


def _later_decision(game, state):  # noqa: ANN001, ANN202
    """A decision of a kind not open now, from later in a random continuation."""
    import random

    from designkit.core.game import CHANCE

    rng, st = random.Random(7), state.clone()
    kinds = {a.kind for a in game.legal_actions(state)}
    while (who := game.to_move(st)) is not None:
        if who is CHANCE:
            game.apply(st, game.sample_chance(st, rng), check=False)
            continue
        legal = game.legal_actions(st)
        other = [a for a in legal if a.kind not in kinds]
        if other:
            return other[0]
        game.apply(st, rng.choice(legal), check=False)
    raise AssertionError("no decision of another kind in the game")


def test_the_compare_verdict_names_no_cli_flag_and_switches(variants_dir) -> None:  # noqa: ANN001
    """The verdict names no command-line flag, and in 日本語 it is written in Japanese from
    the same numbers."""
    from designkit_widgets.compare_panel import ComparePanel
    from designkit_widgets.i18n import relabel

    panel = ComparePanel("classic_hero")
    panel.variants.value = ("shared_hp_once",)
    panel.metric.value = "turns"
    panel.agents.value = "random"
    panel.max_games.value, panel.first_games.value, panel.precision.value = 20, 20, 0.001
    out = panel.run(blocking=True)
    assert out is not None and "not decided yet" in " ".join(out.verdicts())
    assert "--" not in panel.verdict.value and "games per arm" in panel.verdict.value
    relabel(panel, "ja")
    assert "判定" in panel.verdict.value and "まだ決まらない" in panel.verdict.value
    assert not re.search(r"\b(games|variant|decided|draft)\b", panel.verdict.value)
    relabel(panel, "en")
    assert "Verdict" in panel.verdict.value


@pytest.mark.parametrize("game", GAMES)
def test_every_parameter_has_a_japanese_help(game: str) -> None:
    """日本語 explains every field in its own words (``help_ja``), not the English help."""
    from designkit_widgets.param_fields import help_html

    specs = get_game(game).params_type.specs()
    assert [name for name, spec in specs.items() if not spec.help_ja] == []
    spec = next(iter(specs.values()))
    assert spec.help_ja in help_html(spec, "ja", game) and 'lang="en"' not in help_html(
        spec, "ja", game)


def test_every_tab_after_a_run_of_each_in_japanese(lab: DesignLab) -> None:
    """Simulate, Metrics (with rule coverage), Sweep, Tune and Compare each run once after
    the switch: their status lines, verdicts, tables (headers, metric names, end reasons,
    VP sources) and chart titles come in 日本語."""
    lab.set_lang("ja")
    assert lab.sim_panel.run(blocking=True) is not None
    metrics = lab.metrics_panel
    metrics.n_games.value, metrics.count_rules.value = 6, True
    assert metrics.run(blocking=True) is not None
    assert "すべての指標" in metrics.metrics_table.value and "勝率" in metrics.metrics_table.value
    assert "ルールの発生率" in metrics.coverage.value
    sweep = lab.sweep_panel
    name, spec = next((n, s) for n, s in lab.game.params_type.specs().items()
                      if s.kind == "int" and s.range and s.tune)  # one meant to be varied
    draft = getattr(lab.game.params_type(), name)
    sweep.param.value, sweep.n_games.value = name, 4
    sweep.values.value = f"{draft}, {draft + 1 if draft < spec.range[1] else draft - 1}"
    assert sweep.run(blocking=True) is not None
    assert "終了「" in sweep.text.value
    tune = lab.tune_panel
    tune.n_trials.value, tune.n_games.value, tune.recheck_games.value = 2, 4, 4
    tune.save.value = False
    assert tune.run(blocking=True) is not None
    assert "損失" in tune.numbers.value
    compare = lab.compare_panel
    compare.variants.value = (compare.variants.options[0],)
    compare.max_games.value = compare.first_games.value = 8
    assert compare.run(blocking=True) is not None
    assert _english_words(lab) == []


def test_plotlys_own_words_switch_with_the_lab(variants_dir) -> None:  # noqa: ANN001
    """A box plot's hover labels ("median:", "q1:", ...) and the modebar's tooltips are
    plotly.js's words, not the figure's: every chart grid of the lab gets them in 日本語 as
    its plots' locale, and drops them in English (the plotly package ships no ja locale)."""
    from designkit_widgets.chart_grid import PLOTLY_JA, ChartGrid

    lab = DesignLab("classic_hero", variants_dir=variants_dir)
    lab.tabs.selected_index = list(lab.tabs.titles).index("Compare")  # built now, with charts
    grids = [w for w in walk(lab) if isinstance(w, ChartGrid)]
    assert len(grids) >= 3 and all(g.words == {} for g in grids)
    lab.set_lang("ja")
    grids = [w for w in walk(lab) if isinstance(w, ChartGrid)]
    assert all(g.words == PLOTLY_JA for g in grids)
    assert all(CJK.search(v) and "median" not in v for v in PLOTLY_JA.values())
    lab.set_lang("en")
    assert all(g.words == {} for g in grids)


def test_charts_drawn_before_a_switch_come_in_the_new_language(variants_dir) -> None:  # noqa: ANN001
    """A run's charts follow the lab's language after they are drawn: the grid keeps their
    English and redraws them on each switch (titles, legends), in the same order and rows."""
    lab = DesignLab("crossroads", variants_dir=variants_dir)
    lab.sim_panel.n_games.value = 4
    assert lab.sim_panel.run() is not None
    grid = lab.sim_panel.charts
    drawn = [(f["name"], f["wide"]) for f in grid.figures]

    def title() -> str:
        return next(f for f in grid.figures if f["name"] == "win_rate")["figure"]["layout"][
            "title"]["text"]

    assert title() == "Win rate by seat" == grid.shown["win_rate"].layout.title.text
    lab.set_lang("ja")
    assert title() == "席ごとの勝率" == grid.shown["win_rate"].layout.title.text
    length = grid.shown["length"].layout
    assert (length.title.text, length.yaxis2.title.text) == ("ゲームの長さ", "各<br>ゲーム")
    assert [(f["name"], f["wide"]) for f in grid.figures] == drawn
    assert _english_words(lab) == []
    lab.set_lang("en")
    assert title() == "Win rate by seat"
    assert not any(CJK.search(str(f["figure"]["layout"].get("title", ""))) for f in grid.figures)
