"""The design review as one self-contained HTML page (no script, no remote file): it opens
offline, prints on A4 and fits a 1024 px screen.

Why footnotes rather than commands in the cells: a reproducing command is ~200
characters; written beside every number it would widen every table past the page. Each
number instead carries a numbered link (``[c3]``: the ``designkit compare`` command that
reproduces it; ``[g5]``: a ``designkit play`` command for one game behind it) to the
list at the end, which prints too.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from pathlib import Path

from designkit.analysis.next_step import next_step
from designkit.analysis.review import (
    DEPENDS,
    INERT,
    CureRow,
    DraftRow,
    ProblemRow,
    Ref,
    Review,
    Run,
    verdict_word,
)
from designkit.analysis.verdicts import FIXES, IMPROVES, LOWERS, RAISES, SAME, UNDECIDED, WORSE
from designkit.core.atomic import write_text_atomic

#: a verdict word's CSS class (its colour)
CLASSES = {FIXES: "fixes", IMPROVES: "improves", RAISES: "moves", LOWERS: "moves",
           SAME: "same", WORSE: "worse", UNDECIDED: "open", DEPENDS: "depends",
           INERT: "inert"}

CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans CJK JP","Hiragino Sans",
sans-serif;margin:0;color:#1d2330;background:#fff;font-size:14px;line-height:1.45}
main{max-width:1000px;margin:0 auto;padding:16px 20px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:22px 0 8px;border-bottom:
2px solid #d6dbe4}h3{font-size:16px;margin:0 0 6px}
.meta{color:#4a5366;font-size:13px}
table{border-collapse:collapse;width:100%;table-layout:fixed;margin:6px 0 10px}
th,td{border:1px solid #d6dbe4;padding:3px 5px;text-align:left;vertical-align:top;
overflow-wrap:anywhere}
th{background:#f1f3f7;font-weight:600;font-size:12px}
td{font-size:13px}
.runs td,.runs th{font-size:11.5px;padding:2px 4px}
section.problem{border:1px solid #c9d0dc;border-radius:6px;padding:10px 12px;
margin:12px 0;break-inside:avoid-page}
blockquote{margin:4px 0;padding:4px 10px;border-left:4px solid #9aa6bd;background:#f7f8fb}
.en{margin:2px 0 6px;color:#2e3648}
.facts{margin:4px 0;font-size:13px}
.reading{margin:6px 0 0;padding:4px 8px;background:#f4f7ee;border-left:4px solid #8fb36a}
.verdict{font-weight:600;padding:0 4px;border-radius:3px;white-space:normal}
.fixes{background:#cdeccf;color:#114d16}.improves{background:#e3f4d9;color:#2e5a12}
.moves{background:#e4e9f4;color:#283a66}.same{background:#eceef2;color:#3b4252}
.worse{background:#f8d2cf;color:#7a1b12}.open{background:#fbeccb;color:#6b4a00}
.depends{background:#eadcf5;color:#4e2a6b}.inert{background:#f2f2f2;color:#666;
font-style:italic}
a.ref{font-size:11px;color:#2456a6;text-decoration:none;margin-left:3px;white-space:nowrap}
ol.refs li{margin:2px 0}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:11.5px;
white-space:pre-wrap;overflow-wrap:anywhere}
.miss{font-weight:600;color:#7a1b12}.ok{color:#114d16}
.status{padding:0 4px;border-radius:3px;font-weight:600}.status.ok{background:#cdeccf}
.status.none{color:#555;font-weight:400;font-style:italic}.doubts .en{font-size:12px}
@media print{main{max-width:none;padding:0}a.ref{color:inherit}
section.problem{border-color:#999}}
"""


class _Refs:
    """Numbered commands: one number per distinct command, in the order first cited."""

    def __init__(self) -> None:
        self.compare: dict[str, int] = {}
        self.games: dict[str, int] = {}

    def cite(self, ref: Ref) -> str:
        c = self.compare.setdefault(ref.compare, len(self.compare) + 1)
        g = self.games.setdefault(ref.game, len(self.games) + 1)
        return (f'<a class="ref" href="#c{c}" title="{escape(ref.compare)}">[c{c}]</a>'
                f'<a class="ref" href="#g{g}" title="{escape(ref.game)}">[g{g}]</a>')

    def command(self, text: str) -> str:
        c = self.compare.setdefault(text, len(self.compare) + 1)
        return f'<a class="ref" href="#c{c}" title="{escape(text)}">[c{c}]</a>'

    def html(self) -> str:
        comp = "".join(f'<li id="c{n}"><code>{escape(t)}</code></li>'
                       for t, n in self.compare.items())
        games = "".join(f'<li id="g{n}"><code>{escape(t)}</code></li>'
                        for t, n in self.games.items())
        return ("<h2>Reproduce <span lang='ja'>再現</span></h2><p class='meta'>[cN]: the "
                "command that plays the comparison behind a number (same seeds, same "
                "family: the same intervals). [gN]: one game behind it, the one where the "
                "cure and the draft differ most.</p>"
                f"<h3>Comparisons</h3><ol class='refs'>{comp}</ol>"
                f"<h3>Games</h3><ol class='refs'>{games}</ol>")


def word(kind: str) -> str:
    """A verdict word in its colour."""
    return (f'<span class="verdict {CLASSES.get(kind, "open")}">'
            f"{escape(verdict_word(kind))}</span>")


def render(review: Review) -> str:
    """The whole page."""
    refs = _Refs()
    sections = [_problem(i, p, refs) for i, p in enumerate(review.problems, 1)]
    body = [
        f"<h1>Design review: {escape(review.title)} <span lang='ja'>"
        f"{escape(review.title_ja)}</span></h1>",
        f"<p class='meta'>Every question of <code>data/{escape(review.game)}/questions.yaml"
        f"</code>, as <code>designkit compare --question</code> answers it: the draft and "
        f"each cure on the same seeds, at most {review.games} games per arm (looks from "
        f"{review.first}, stopped when decided), seed {review.seed}, bots: "
        f"{escape(review.levels)}. Anytime-valid intervals, 95 % over the page's family of "
        f"{review.family} declared verdicts (Bonferroni). {review.elapsed:.0f} s.</p>",
        "<h2>Problems, worst miss first <span lang='ja'>問題点（目標から遠い順）</span></h2>",
        _summary(review.problems, refs),
        "<h2>Still undecided, and what deciding would cost <span lang='ja'>未決と必要な"
        "ゲーム数</span></h2>", _undecided(review, refs), _doubts(review),
        *sections, refs.html()]
    title = f"Design review: {review.title} / {review.title_ja}"
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><meta name="
            "'viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f"<main class='dk-review'>{''.join(body)}</main></body></html>")


def _summary(problems: list[ProblemRow], refs: _Refs) -> str:
    """The ranked problems; a ``status`` column once a coverage table fills one in."""
    status = any(p.status for p in problems)
    rows = []
    for i, p in enumerate(problems, 1):
        draft = "; ".join(f"{d.players}p {escape(d.text)}{refs.cite(d.ref)}"
                          for d in p.drafts) or "not played"
        best = p.cures[0] if p.cures else None
        rows.append(
            f"<tr><td>{i}. <a href='#q-{escape(p.key)}'>{escape(p.title)}</a></td>"
            f"<td>{draft}</td><td>{escape(p.target) or '—'}</td><td>{_miss(p)}</td>"
            f"<td>{_best(best) if best else '—'}</td>"
            + (f"<td>{escape(p.status)}</td>" if status else "") + "</tr>")
    widths = (26, 20, 16, 11, 17, 10) if status else (30, 20, 18, 12, 20)
    cols = "".join(f"<col style='width:{w}%'>" for w in widths)
    return (f"<table class='summary'><colgroup>{cols}</colgroup>"
            "<tr><th>problem</th><th>draft</th><th>target</th><th>miss</th><th>best cure"
            f"</th>{'<th>status</th>' if status else ''}</tr>{''.join(rows)}</table>")


def _doubts(review: Review) -> str:
    """Every problem, doubt and proposal the draft states, with its status on this page
    (the coverage table), so what the page cannot answer is on it too."""
    if not review.doubts:
        return ""
    rows = []
    for i, d in enumerate(review.doubts, 1):
        detail = (f"<a href='#q-{escape(d.question)}'>{escape(d.detail)}</a>" if d.question
                  else escape(d.detail))
        kind = ("ok" if d.status == "answered" else
                "open" if d.status.startswith("not decided") else "none")
        rows.append(f"<tr><td>{i}</td><td>{escape(d.section)}</td><td><span lang='ja'>"
                    f"{escape(d.quote_ja)}</span><br><span class='en'>{escape(d.quote_en)}"
                    f"</span></td><td><span class='status {kind}'>{escape(d.status)}</span>"
                    f"</td><td>{detail}</td></tr>")
    tally = Counter(d.status.split(" at ")[0] for d in review.doubts)
    summary = ", ".join(f"{n} {s}" for s, n in tally.most_common())
    return ("<h2>Every doubt of the draft <span lang='ja'>草案の疑問点・変更点（全項目）</span>"
            f"</h2><p class='meta'>{len(review.doubts)} entries of "
            f"<code>data/{escape(review.game)}/questions.yaml</code> (doubts): {summary}.</p>"
            "<table class='doubts'><colgroup><col style='width:4%'><col style='width:14%'>"
            "<col style='width:44%'><col style='width:14%'><col style='width:24%'></colgroup>"
            "<tr><th>#</th><th>where</th><th>the draft's words</th><th>status</th><th>answered "
            f"by / why not</th></tr>{''.join(rows)}</table>")


def _miss(p: ProblemRow) -> str:
    if p.miss is None:
        return "no target"
    if p.miss == 0 and any(d.meets.startswith("inside") for d in p.drafts):
        return "inside, not yet sure"
    if p.miss == 0:
        return "<span class='ok'>meets it</span>"
    return f"<span class='miss'>{p.miss:.1f}× margin</span>"


def _best(c: CureRow) -> str:
    return f"{escape(c.cure)}: {word(c.kind)}"


def _undecided(review: Review, refs: _Refs) -> str:
    rows = []
    for p, c in review.undecided():
        more = (f"≈{c.more_games:,} more game{'s' if c.more_games > 1 else ''} per arm"
                if c.more_games else
                "many more games (the difference sits on the margin)")
        cmd = refs.command(c.decide) if c.decide else ""
        rows.append(f"<tr><td>{escape(p.title)}</td><td>{escape(c.cure)}</td>"
                    f"<td>{c.players}</td><td>{word(c.kind)}</td><td>{more}{cmd}</td></tr>")
    if not rows:
        return "<p>Every verdict is decided.</p>"
    return ("<table class='undecided'><colgroup><col style='width:32%'><col style='width:18%'>"
            "<col style='width:8%'><col style='width:16%'><col style='width:26%'></colgroup>"
            "<tr><th>problem</th><th>cure</th><th>players</th><th>verdict</th><th>to decide"
            f"</th></tr>{''.join(rows)}</table>")


def _problem(i: int, p: ProblemRow, refs: _Refs) -> str:
    facts = (f"<p class='facts'><b>Metric</b> {escape(p.metric_label)} "
             f"(<code>{escape(p.metric)}</code>) · <b>target</b> {escape(p.target) or 'none'}"
             f" · <b>margin</b> {escape(p.margin)} · <b>players</b> "
             f"{', '.join(map(str, p.players))}</p>")
    return (f"<section class='problem' id='q-{escape(p.key)}'><h3>{i}. {escape(p.title)}</h3>"
            f"<blockquote lang='ja'>{escape(p.quote_ja)}</blockquote>"
            f"<p class='en'>{escape(p.quote_en)}</p>{facts}{_drafts(p.drafts, refs)}"
            f"{_cures(p.cures, refs)}<p class='reading'><b>Reading:</b> "
            f"{escape(next_step(p))}</p></section>")


def _drafts(drafts: tuple[DraftRow, ...], refs: _Refs) -> str:
    rows = "".join(
        f"<tr><td>{d.players}</td><td>{escape(d.text)}{refs.cite(d.ref)}</td>"
        f"<td>{escape(d.meets) or '—'}</td><td>{d.games}</td><td>{escape(d.level)}</td></tr>"
        for d in drafts)
    return ("<table class='draft'><colgroup><col style='width:9%'><col style='width:33%'>"
            "<col style='width:38%'><col style='width:8%'><col style='width:12%'></colgroup>"
            "<tr><th>players</th><th>the draft's value [interval]</th><th>against the "
            f"target</th><th>games</th><th>bots</th></tr>{rows}</table>")


def _cures(cures: tuple[CureRow, ...], refs: _Refs) -> str:
    if not cures:
        return "<p>No cure listed.</p>"
    rows = []
    for c in cures:
        name = escape(c.cure) + (f"<br><small>{escape(c.title)}" if c.title else "") + (
            f" <span lang='ja'>{escape(c.title_ja)}</span></small>" if c.title_ja else
            "</small>" if c.title else "")
        rows.append(f"<tr><td>{name}</td><td>{c.players}</td><td>{word(c.kind)}"
                    f"{'<br><small>' + escape(c.placeholders) + '</small>' if c.placeholders else ''}"
                    f"</td><td>{escape(c.summary)}</td></tr>")
        if c.runs:
            rows.append(f"<tr><td colspan='4'>{_runs(c.runs, refs)}</td></tr>")
    return ("<table class='cures'><colgroup><col style='width:24%'><col style='width:8%'>"
            "<col style='width:20%'><col style='width:48%'></colgroup>"
            "<tr><th>cure (best first)</th><th>players</th><th>verdict</th><th>per bot level"
            f"</th></tr>{''.join(rows)}</table>")


def _runs(runs: tuple[Run, ...], refs: _Refs) -> str:
    rows = "".join(
        f"<tr><td>{escape(r.level)}</td><td>{escape(r.setting) or '—'}</td>"
        f"<td>{word(r.kind)}{'<br><small>' + escape(r.why) + '</small>' if r.why else ''}"
        f"</td><td>{escape(r.diff)}{refs.cite(r.ref)}</td><td>{escape(r.cure)}</td>"
        f"<td>{escape(r.margin)}</td><td>{r.games}</td></tr>" for r in runs)
    return ("<table class='runs'><colgroup><col style='width:9%'><col style='width:16%'>"
            "<col style='width:21%'><col style='width:24%'><col style='width:16%'>"
            "<col style='width:8%'><col style='width:6%'></colgroup><tr><th>bots</th>"
            "<th>placeholder</th><th>verdict</th><th>cure − draft [interval]</th><th>cure's "
            f"value</th><th>margin</th><th>games</th></tr>{rows}</table>")


def write_review(review: Review, path: str | Path) -> Path:
    """Write the page complete or not at all (a reader never sees half a page)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return write_text_atomic(path, render(review))


__all__ = ["CLASSES", "render", "word", "write_review"]
