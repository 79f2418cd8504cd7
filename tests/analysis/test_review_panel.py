"""The lab's Review tab (issue 38): the same page as ``designkit review``, computed on a
button press, every label in Japanese too."""

from __future__ import annotations

import base64
import html
import re

from designkit_widgets import i18n
from designkit_widgets.design_lab import ANALYSIS_TABS, DesignLab
from designkit_widgets.review_panel import ReviewPanel

from designkit.analysis.review_html import render


def test_run_shows_the_page_and_a_link_to_save_it() -> None:
    panel = ReviewPanel("crossroads")
    panel.games.value = 2
    got = panel.run(blocking=True)
    assert got is not None and panel.review is got
    assert "iframe" in panel.frame.value
    assert html.escape(render(got)) in panel.frame.value
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", panel.link.value)
    assert data and base64.b64decode(data.group(1)).decode("utf-8") == panel.page
    for row in got.problems:
        assert html.escape(row.title) in panel.page
    assert panel.status.value.startswith(f"{len(got.problems)} problems, ")
    assert panel.progress.value == panel.progress.max


def test_bad_games_is_one_line_and_nothing_runs() -> None:
    panel = ReviewPanel("crossroads")
    panel.games.min = 0
    panel.games.value = 0
    assert panel.run(blocking=True) is None
    assert "dk-error" in panel.status._dom_classes
    assert panel.status.value.startswith("Games per arm: 0")
    assert panel.review is None and panel.frame.value == ""


def test_every_label_has_its_japanese() -> None:
    panel = ReviewPanel("classic_hero")
    labels = [panel.games.description, panel.second.description, panel.seed.description,
              panel.run_button.description, panel.progress.description,
              *panel.second._options_labels, panel.children[0].value]
    for text in labels:
        assert i18n.tr(text, "ja") != text or text == "search", text
    assert i18n.tr("reviewing goal at 3 players …", "ja") == "goal（3人）を検討中 …"
    assert i18n.tr("9 problems, 11 verdicts still open, family of 33 verdicts", "ja") == (
        "問題点 9 件、未決の判定 11 件、判定の族 33 件")


def test_the_lab_has_the_tab() -> None:
    assert ANALYSIS_TABS[-1] == "Review"
    lab = DesignLab("crossroads")
    assert isinstance(lab.analysis_panel("Review"), ReviewPanel)
    lab.set_lang("ja")
    assert lab.tabs.titles[-1] == "設計レビュー"


def test_after_the_switch_the_run_writes_japanese_labels() -> None:
    lab = DesignLab("crossroads")
    panel = lab.analysis_panel("Review")
    assert isinstance(panel, ReviewPanel)
    lab.set_lang("ja")
    panel.games.value = 1
    assert panel.run(blocking=True) is not None
    assert "ページを保存（HTML）" in panel.link.value
    assert panel.status.value.startswith("問題点 3 件")
