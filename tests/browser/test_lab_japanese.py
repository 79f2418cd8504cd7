"""日本語 switches every string of the lab (issue 26), read off the page in Chromium.

For each of the four games: switch the lab to 日本語, open every tab, run a small Simulate,
Metrics (with rule coverage), Sweep, Tune and Compare, and read what a designer sees: the
visible text of the tab bar and the tab, the charts' titles, axis titles, category labels
and hover texts, and what the engine says when a parameter is out of range (its message
written in both languages in the engine: designkit.core.messages). Any English word outside the allow-list fails the test. The allow-list is names,
not words: rule and card IDs, identifiers (parameter, choice and variant names, as
variant files write them; data file names), numbers, VP/HP, dice notation, the games'
titles and the few proper names the lab cites. Left out, as in the widgets' test: the Rules
tab's rule table and design tables (the spec's English beside the draft's Japanese, headed
"本文（英語）": a reference in both languages), a log entry's rule text where the draft has
no words for the rule (the spec's resolution of an ambiguity, marked ``lang="en"``) and the
language switches, which name each language in its own. Screenshots of each tab at 1024 px go to
test-artifacts/.

And a decision's meaning (a card's effect, a class's ability: the button's tooltip) is
reachable by keyboard: Tab to a decision button and the meaning shows under it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import pytest
from dk_browser import REDRAW_MS, STEPPER_STATUS, lab_page, open_tab, param_row, set_field
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from designkit import get_game
from widgets.sweep_panel import suggest_values

pytestmark = pytest.mark.browser

GAMES = ("crossroads", "witch_academy", "classic_hero", "rolling_stone")

#: proper names and units shown as they are in 日本語 too
ALLOWED = {"VP", "HP", "MCTS", "Optuna", "TPE", "Tabletop", "Simulator", "PDF", "ZIP", "A4",
           "ID", "Ludii", "Wilson", "pt", "SET", "ANY", "True", "False", "Letter", "designkit"}
#: the spec's bilingual reference and the language switches (see above)
LEFT_OUT = ".dk-rules-table, .dk-design-tables, .dk-lab-lang, .dk-lang, .dk-ruletext[lang=en]"
#: rule IDs (CR-1.1, LW-3.4a), card IDs (FA1-3, S4, RC2), agents (mcts:50), data files,
#: snake_case identifiers and field=value examples
IDS = re.compile(r"\b[A-Za-z]{1,4}-[A-Z]{0,2}\d[\w.\-]*|\b[A-Za-z]{1,4}\d[\w.\-]*|\bmcts:\S+"
                 r"|\b\w+\.(?:csv|yaml|pdf|zip)\b|\b\w+_\w+\b(:\S+)?|\b\w+(?==)|<\w+>", re.I)
WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")

#: (tab, panel) in 日本語
TABS = (("ルール", ".dk-rules"), ("パラメータ", ".dk-params"), ("プレイ", ".dk-stepper"),
        ("シミュレーション", ".dk-sim"), ("指標", ".dk-metrics"), ("スイープ", ".dk-sweep"),
        ("調整", ".dk-tune"), ("比較", ".dk-compare"), ("プレイテスト", ".dk-playtests"))

#: what a designer reads on the open tab: visible text (not <pre>/<code>: library output
#: and field names) and the charts' titles, axes, ticks and legends (SVG, not innerText)
_TEXT = r"""([panel, skip]) => {
  const roots = [document.querySelector('.dk-lab .lm-TabBar, .dk-lab .p-TabBar'),
                 ...document.querySelectorAll(panel)].filter(r => r && r.offsetParent !== null);
  const texts = [];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('pre, code, style, svg, .dk-rule, [hidden], ' + skip)) {
        continue;
      }
      if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') { continue; }
      const t = n.textContent.trim();
      if (t) { texts.push(t); }
    }
    for (const opt of root.querySelectorAll('select option')) {
      if (opt.closest('select').offsetParent !== null && !opt.closest(skip)) { texts.push(opt.textContent.trim()); }
    }
    for (const el of root.querySelectorAll('input[placeholder]')) {
      if (el.offsetParent !== null) { texts.push(el.placeholder); }
    }
    for (const plot of root.querySelectorAll('.dk-chart .js-plotly-plot')) {
      if (plot.offsetParent === null || plot.closest(skip)) { continue; }
      for (const trace of plot.data || []) {  // what a hover shows: its template's words
        for (const t of [trace.hovertemplate, ...(Array.isArray(trace.hovertext) ? trace.hovertext : [])]) {
          if (typeof t === 'string') {
            texts.push(t.replace(/%\{[^}]*\}/g, ' ').replace(/<[^>]*>/g, ' ').trim());
          }
        }
      }
    }
    for (const el of root.querySelectorAll('.js-plotly-plot .gtitle, .js-plotly-plot .xtitle, '
        + '.js-plotly-plot .ytitle, .js-plotly-plot .xtick text, .js-plotly-plot .ytick text, '
        + '.js-plotly-plot .legendtext, .js-plotly-plot .annotation-text')) {
      const box = el.closest('.dk-chart');
      if (box && box.offsetParent !== null && !el.closest(skip)) {
        texts.push(el.textContent.trim());
      }
    }
  }
  return texts.filter(t => t);
}"""


def _names(game_name: str) -> set[str]:
    """Words that are names in this game's lab: titles, parameter, choice, item and
    variant names (what variant files write, shown as they are)."""
    from designkit.core.variants import variant_names

    names = set(ALLOWED)
    for g in GAMES:
        names.update(WORD.findall(get_game(g).title))
    game = get_game(game_name)
    draft = game.params_type()
    for name, spec in game.params_type.specs().items():
        names.add(name)
        names.update(name.split("_"))
        value = getattr(draft, name)
        items = list(value) if isinstance(value, dict) else []
        for item in (*(spec.choices or ()), *items):
            names.update(WORD.findall(str(item)))
    for name in variant_names(game.params_type):
        names.update(WORD.findall(name))
    return names


def english_words(texts: list[str], names: set[str]) -> list[str]:
    """The texts holding an English word that is not a name, with those words."""
    found = []
    for text in dict.fromkeys(texts):
        words = [w for w in WORD.findall(IDS.sub(" ", text))
                 if w not in names and w.strip("'’") not in names]
        if words:
            found.append(f"{words} in {text[:100]!r}")
    return found


@pytest.fixture(scope="module", params=GAMES)
def lab(request: pytest.FixtureRequest, browser, browser_context_args: dict  # noqa: ANN001
        ) -> Iterator[tuple[str, object]]:
    """(game, page): the game's lab at 1024 px, one page for the module's tests."""
    with lab_page(browser, browser_context_args, request.param, 900) as page:
        yield request.param, page


def _switch_to_japanese(page) -> None:  # noqa: ANN001
    page.locator(".dk-lab-lang").get_by_role("button", name="日本語", exact=True).click()
    expect(page.locator(".dk-lab").first.get_by_role("tab", name="ルール", exact=True)
           ).to_be_visible(timeout=REDRAW_MS)


def _fill(panel, label: str, value: object) -> None:  # noqa: ANN001
    box = panel.get_by_label(label, exact=True)
    box.fill(str(value))
    box.press("Enter")


def _run(panel, done: str) -> None:  # noqa: ANN001
    """Press 実行 and wait for the run's last status line (``done``, a regex)."""
    panel.locator(".dk-run").first.click()
    expect(panel.locator(".dk-status").first).to_have_text(re.compile(done), timeout=REDRAW_MS)
    expect(panel.locator(".dk-run").first).to_be_enabled(timeout=REDRAW_MS)


def _small_run(page, name: str, tab: str) -> None:  # noqa: ANN001
    """A small run of the tab's panel, every form filled through its Japanese labels."""
    if tab == "シミュレーション":
        sim = page.locator(".dk-sim").first
        _fill(sim, "ゲーム数", 6)
        _run(sim, r"^6 ゲーム")
    elif tab == "指標":
        metrics = page.locator(".dk-metrics").first
        _fill(metrics, "ゲーム数", 6)
        metrics.get_by_label("ルールの発生率を数える", exact=True).check()
        _run(metrics, r"^6 ゲーム、シード")
    elif tab == "スイープ":
        sweep = page.locator(".dk-sweep").first
        param = sweep.get_by_label("パラメータ", exact=True)
        labels = param.locator("option").all_inner_texts()
        game = get_game(name)
        field, spec = next((n, s) for n, s in game.params_type.specs().items()
                           if s.kind == "int" and s.range and s.tune  # one meant to vary
                           and any(re.search(rf"\b{n}\b", label) for label in labels))
        param.select_option(label=next(lb for lb in labels if re.search(rf"\b{field}\b", lb)))
        draft = getattr(game.params_type(), field)
        values = sweep.get_by_label("値", exact=True).first  # the 2nd axis's is disabled
        # the kernel prefills the values for the chosen parameter: typing before that
        # reply lands races it (CI once ran a sweep of "41")
        expect(values).to_have_value(suggest_values(spec, draft), timeout=REDRAW_MS)
        values.fill(f"{draft}, {draft + 1 if draft < spec.range[1] else draft - 1}")
        values.press("Enter")
        _fill(sweep, "点ごとのゲーム数", 2)
        _run(sweep, r"点 × 2 ゲーム、シード")
    elif tab == "調整":
        tune = page.locator(".dk-tune").first
        _fill(tune, "試行数", 2)
        _fill(tune, "試行ごとのゲーム数", 4)
        _fill(tune, "再確認", 4)
        tune.get_by_label("最良のバリアントを保存する名前", exact=True).uncheck()  # no file
        _run(tune, r"^2 試行 × 4 ゲーム")
    elif tab == "比較":
        compare = page.locator(".dk-compare").first
        variants = compare.get_by_label("比較", exact=True)
        variants.select_option(index=0)
        _fill(compare, "最大ゲーム数", 8)
        _fill(compare, "最初の確認", 8)
        _run(compare, r"バリアントごとに 8 ゲーム")


def test_every_tab_of_the_lab_in_japanese(lab, snap) -> None:  # noqa: ANN001
    name, page = lab
    _switch_to_japanese(page)
    names = _names(name)
    problems = []
    for tab, panel in TABS:
        open_tab(page, tab)
        page.locator(f"{panel}").first.wait_for(state="visible", timeout=REDRAW_MS)
        _small_run(page, name, tab)
        page.wait_for_timeout(800)  # the charts' titles and ticks are drawn
        texts = page.evaluate(_TEXT, [panel, LEFT_OUT])
        assert tab in texts and len(texts) > 10, f"{tab}: its text was not read ({texts})"
        problems += [f"{name} {tab}: {p}" for p in english_words(texts, names)]
        page.set_viewport_size({"width": 1024, "height": 2400})  # the tab's tables too
        snap(page, f"ja-{tab}")
        page.set_viewport_size({"width": 1024, "height": 900})
    assert problems == [], "\n".join(problems)


def test_an_engine_error_in_japanese(lab, snap) -> None:  # noqa: ANN001
    """A parameter out of range, typed in 日本語: the field's error, the summary above the
    sections and the refusal of a run are all Japanese (the engine's range error comes with
    its Japanese), and none holds an English word."""
    name, page = lab
    if not page.locator(".dk-lab").first.get_by_role("tab", name="ルール", exact=True).count():
        _switch_to_japanese(page)
    open_tab(page, "パラメータ")
    params = page.locator(".dk-params").first
    params.wait_for(state="visible", timeout=REDRAW_MS)
    draft = get_game(name).params_type().players  # type: ignore[attr-defined]
    set_field(page, "人数", "99")
    row = param_row(page, "人数")
    expect(row.locator(".dk-error")).to_contain_text("許容範囲", timeout=REDRAW_MS)
    expect(row.locator(".dk-error")).to_contain_text("の外です")
    expect(params.locator(".dk-error").first).to_be_visible()
    texts = page.evaluate(_TEXT, [".dk-params", LEFT_OUT])
    assert any("許容範囲" in t for t in texts), texts
    problems = english_words(texts, _names(name))
    open_tab(page, "シミュレーション")
    sim = page.locator(".dk-sim").first
    sim.locator(".dk-run").first.click()
    expect(sim.locator(".dk-status").first).to_contain_text("実行できません", timeout=REDRAW_MS)
    texts = page.evaluate(_TEXT, [".dk-sim", LEFT_OUT])
    problems += english_words(texts, _names(name))
    snap(page, "ja-engine-error")
    open_tab(page, "パラメータ")
    # and in English the same error holds no kana or kanji (the draft's quotes aside)
    page.locator(".dk-lab-lang").get_by_role("button", name="English", exact=True).click()
    row_en = page.locator(".dk-params .dk-field-error").first
    expect(row_en.locator(".dk-error")).to_contain_text("outside the allowed range",
                                                        timeout=REDRAW_MS)
    shown = row_en.locator(".dk-error").inner_text()
    assert not CJK.search(re.sub(r"\(.*?\)", "", shown)), shown
    snap(page, "en-engine-error")
    set_field(page, "players", str(draft))
    expect(page.locator(".dk-params .dk-field-error")).to_have_count(0, timeout=REDRAW_MS)
    _switch_to_japanese(page)
    assert problems == [], "\n".join(problems)


def test_a_decisions_meaning_shows_on_keyboard_focus(lab, snap) -> None:  # noqa: ANN001
    """Tab to a decision button: the meaning its tooltip gives on hover (a card's effect,
    a class's ability) shows under the button, for the keyboard too."""
    name, page = lab
    tab = page.locator(".dk-lab").first.get_by_role("tab", name="Play", exact=True)
    open_tab(page, "Play" if tab.count() else "プレイ")
    stepper = page.locator(".dk-stepper").first
    status = page.locator(STEPPER_STATUS)
    meaning = None
    for _ in range(60):  # advance to a human decision whose button carries a meaning
        buttons = stepper.locator(".dk-action")
        if re.search(r"(human|人間)", status.inner_text()) and buttons.count():
            page.wait_for_timeout(300)
            titled = [b for b in buttons.all()
                      if ":" in (b.get_attribute("title") or "")
                      and (b.get_attribute("title") or "") != b.inner_text().strip()]
            if titled:
                meaning = titled[0]
                break
            buttons.first.click()
        elif stepper.locator(".dk-advance").is_enabled():
            # the button may turn disabled between the check and the click (the bots'
            # steps reach a human decision): try briefly, then look at the state again
            with contextlib.suppress(PlaywrightTimeout):
                stepper.locator(".dk-advance").click(timeout=2_000)
        # else: a human decision is due but its buttons are being redrawn: look again
        page.wait_for_timeout(400)
    if meaning is None:
        pytest.skip(f"{name}: no decision with a meaning in 60 steps")
    title = meaning.get_attribute("title")
    # the button by its meaning, not by position: a redraw of the stepper (a bot's
    # step landing late) may put another button at the same place
    meaning = stepper.locator(".dk-action").and_(stepper.get_by_title(title, exact=True)).first
    for _ in range(5):  # reach it with the keyboard: Shift+Tab away and Tab back
        meaning.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        if meaning.evaluate("b => document.activeElement === b"):
            break
        page.wait_for_timeout(300)  # the buttons were redrawn under the keys: again
    assert meaning.evaluate("b => document.activeElement === b"), "Tab did not reach it"
    shown = meaning.evaluate("""b => { const s = getComputedStyle(b, '::after');
      return {content: s.content, display: s.display, visibility: s.visibility,
              opacity: s.opacity, height: parseFloat(s.height) || 0}; }""")
    assert shown["content"].strip('"') == title, shown
    assert shown["display"] != "none" and shown["visibility"] == "visible", shown
    assert float(shown["opacity"]) > 0.5 and shown["height"] > 8, shown
    snap(page, "decision-meaning-on-focus")
    # a mouse user keeps the tooltip alone: no focus ring, no box
    meaning.evaluate("b => b.blur()")
    assert meaning.evaluate("b => getComputedStyle(b, '::after').content") in ("none", "normal")
