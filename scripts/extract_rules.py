"""Extract rule texts from a rule-spec markdown file into ``data/<game>/rules.csv``.

Why this exists: the stepper, the event log and the Rules tab show, for every rule ID an
event cites (``CR-4.4``, ``LR-A3``, ...), the rule's English text next to the Japanese
phrase the spec quotes from the designer's draft. That text must come from the specs in
``/work/shared/rules/*.md`` and never be retyped by hand, or it drifts from the spec and
from the draft it quotes. Re-run this script whenever a spec changes.

Rows written (columns ``rule_id,section,title_en,text_en,quote_ja``):

* each rule item of section 2 (``* **CR-4.4** ...``, ``- **LW-0.1 Elixir is wild.** ...``,
  ``2. **CR-9.1** ...``, skills such as ``* **CR-7.1 S1 (−2)** 『...』 text``): ``section``
  is the parent heading ID (``CR-4``), ``title_en`` the parent heading title,
  ``text_en`` the English text without Japanese quotes and markdown emphasis (tags such as
  ``[R: CR-A3]`` or ``[RESOLUTION LW-A4]`` are kept), ``quote_ja`` all quotes joined by
  " … ". Indented continuation lines and sub-lists belong to the item above them;
  indented tables do not (they are reference data, not prose).
* each rule heading (``### CR-4 Release (リリース)``): ``text_en`` = the heading title,
  so a log event citing ``CR-4`` resolves.
* each ambiguity of section 4 (``| CR-A1 | issue | resolution | reason |``): section
  ``A``, ``title_en`` = the issue, ``text_en`` = "Resolution: " + the resolution,
  ``quote_ja`` = the Japanese quotes of the issue.
* each worked example of section 6 (``### CR-E1 title`` or a ``**LW-E1 title**``
  paragraph): section ``E``, ``title_en`` = the title, ``text_en`` empty.

Japanese quotes are the outermost 『…』 or 「…」 spans (Crossroads and Rolling Stone quote
with 『』 and nest 「」 inside; Witch Academy and Classic Hero quote with 「」, sometimes
nested). Brackets inside a quote are kept as they are.

Usage::

    python scripts/extract_rules.py --all
    python scripts/extract_rules.py /work/shared/rules/crossroads.md data/crossroads/rules.csv
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections.abc import Iterator
from dataclasses import astuple, dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_RULES_DIR = REPO_ROOT.parent / "shared" / "rules"

#: Spec file name → game folder under ``data/``.
GAMES: dict[str, str] = {
    "crossroads.md": "crossroads",
    "life_is_rolling_stone.md": "rolling_stone",
    "little_witch_academia.md": "witch_academy",
    "classic_hero.md": "classic_hero",
}

COLUMNS = ("rule_id", "section", "title_en", "text_en", "quote_ja")
QUOTE_JOINER = " … "
OPEN_TO_CLOSE = {"『": "』", "「": "」"}
CLOSERS = set(OPEN_TO_CLOSE.values())

# "## 2. Rules" → section number 2. Only level-2 headings delimit the numbered sections.
SECTION_RE = re.compile(r"^## (\d+)\.")
RULE_HEADING_RE = re.compile(r"^### (?P<id>[A-Z]{2}-\d+) (?P<title>.+?)\s*$")
# A list item (``*``, ``-`` or ``1.``) whose text opens with a bold rule ID.
RULE_ITEM_RE = re.compile(
    r"^(?P<indent>\s*)(?:[*-]|\d+\.)\s+\*\*(?P<id>[A-Z]{2}-\d+\.\d+)\b(?P<bold>[^*]*)\*\*(?P<rest>.*)$"
)
BULLET_RE = re.compile(r"^\s*[*-]\s+")  # sub-bullets lose their marker; "1." steps keep it
AMBIGUITY_ROW_RE = re.compile(r"^\|\s*\**(?P<id>[A-Z]{2}-A\d+)\**\s*\|")
EXAMPLE_HEADING_RE = re.compile(r"^### (?P<id>[A-Z]{2}-E\d+)\s+(?P<title>.+?)\s*$")
EXAMPLE_BOLD_RE = re.compile(r"^\*\*(?P<id>[A-Z]{2}-E\d+)\s+(?P<title>[^*]+?)\*\*")
FENCE_RE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Row:
    """One line of ``rules.csv``."""

    rule_id: str
    section: str
    title_en: str
    text_en: str
    quote_ja: str


def split_quotes(text: str) -> tuple[str, list[str]]:
    """Cut the outermost 『…』 / 「…」 spans out of ``text``.

    Returns the text without them and the quotes (without their outer brackets). Nested
    brackets of either kind stay inside the quote. An unclosed quote runs to the end.
    """
    outside: list[str] = []
    quotes: list[str] = []
    current: list[str] = []
    stack: list[str] = []
    for ch in text:
        if stack:
            if ch == stack[-1]:
                stack.pop()
                if not stack:
                    quotes.append("".join(current))
                    current = []
                    outside.append(" ")
                    continue
            elif ch in OPEN_TO_CLOSE:
                stack.append(OPEN_TO_CLOSE[ch])
            current.append(ch)
        elif ch in OPEN_TO_CLOSE:
            stack.append(OPEN_TO_CLOSE[ch])
        else:
            outside.append(ch)
    if stack:
        quotes.append("".join(current))
    return "".join(outside), [q.strip() for q in quotes if q.strip()]


def strip_markdown(text: str) -> str:
    """Drop ``**``, ``*`` and backticks, unescape ``\\|`` and tidy the spacing."""
    text = text.replace("\\|", "|").replace("**", "").replace("*", "").replace("`", "")
    # ASCII whitespace only: the ideographic space (U+3000) inside Japanese text stays.
    text = re.sub(r"[ \t\r\n]+", " ", text).strip(" ")
    # Spaces left where a quote was cut out: "says ." → "says.", "( x" → "(x".
    text = re.sub(r"\s+([.,;:!?)\]])", r"\1", text)
    text = re.sub(r"([(\[])\s+", r"\1", text)
    text = re.sub(r":([.,;])", r"\1", text)  # "must be placed: 『…』." → "must be placed."
    return text


def clean(text: str) -> tuple[str, str]:
    """English text without quotes or markdown, and the quotes joined by " … "."""
    english, quotes = split_quotes(text)
    return strip_markdown(english), QUOTE_JOINER.join(quotes)


def numbered_sections(lines: list[str]) -> Iterator[tuple[int, int, str]]:
    """Yield ``(section number, line index, line)``, skipping fenced code blocks' fences.

    Lines inside fences are yielded (rule items may contain code) but a ``#`` line inside
    a fence never starts a section.
    """
    section = 0
    in_fence = False
    for index, line in enumerate(lines):
        if FENCE_RE.match(line):
            in_fence = not in_fence
        elif not in_fence and (m := SECTION_RE.match(line)):
            section = int(m.group(1))
        yield section, index, line


def fenced(lines: list[tuple[int, str]]) -> Iterator[tuple[bool, str]]:
    """Each line but the fence markers, with whether it stands inside a fenced block."""
    in_fence = False
    for _, line in lines:
        if FENCE_RE.match(line):
            in_fence = not in_fence
        else:
            yield in_fence, line


def parse_rules(lines: list[tuple[int, str]]) -> list[Row]:
    """Rows for the rule headings and rule items of section 2."""
    rows: list[Row] = []
    heading_id = heading_title = ""
    item: tuple[str, list[str]] | None = None  # (rule id, text parts)

    def flush() -> None:
        nonlocal item
        if item is None:
            return
        rule_id, parts = item
        text_en, quote_ja = clean(" ".join(parts))
        rows.append(Row(rule_id, heading_id, heading_title, text_en, quote_ja))
        item = None

    for in_fence, line in fenced(lines):
        if in_fence:
            if item is not None:
                item[1].append(line.strip())
            continue
        if m := RULE_HEADING_RE.match(line):
            flush()
            heading_id, heading_title = m.group("id"), strip_markdown(m.group("title"))
            rows.append(Row(heading_id, heading_id, heading_title, heading_title, ""))
            continue
        if m := RULE_ITEM_RE.match(line):
            flush()
            item = (m.group("id"), [m.group("bold").strip(), m.group("rest")])
            continue
        if item is None or not line.strip():
            continue
        indented = line[0].isspace()
        if not indented or line.startswith("#"):
            # Back at the left margin: a paragraph, an unnumbered item or a heading.
            flush()
        elif line.lstrip().startswith("|"):
            continue  # an indented table (e.g. the die orientation table of LR-8.1)
        else:
            item[1].append(BULLET_RE.sub("", line).strip())
    flush()
    return rows


def split_table_row(line: str) -> list[str]:
    """Cells of a markdown table row; ``\\|`` does not split."""
    inner = line.strip().strip("|")
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", inner)]


def parse_ambiguities(lines: list[tuple[int, str]]) -> list[Row]:
    """Rows for the ``| XX-An | issue | resolution | reason |`` table of section 4."""
    rows: list[Row] = []
    for _, line in lines:
        if not (m := AMBIGUITY_ROW_RE.match(line)):
            continue
        cells = split_table_row(line)
        if len(cells) < 3:
            raise ValueError(f"ambiguity row with too few cells: {line!r}")
        issue, resolution = cells[1], cells[2]
        _, quotes = split_quotes(issue)
        rows.append(
            Row(
                m.group("id"),
                "A",
                strip_markdown(issue),
                "Resolution: " + strip_markdown(resolution),
                QUOTE_JOINER.join(quotes),
            )
        )
    return rows


def parse_examples(lines: list[tuple[int, str]]) -> list[Row]:
    """Rows for the worked examples of section 6 (``###`` headings or bold paragraphs)."""
    rows: list[Row] = []
    for in_fence, line in fenced(lines):
        if in_fence:
            continue
        m = EXAMPLE_HEADING_RE.match(line) or EXAMPLE_BOLD_RE.match(line)
        if m:
            title = strip_markdown(m.group("title")).rstrip(".")
            rows.append(Row(m.group("id"), "E", title, "", ""))
    return rows


def extract(spec: Path) -> list[Row]:
    """All rows of one spec, in document order: rules, ambiguities, worked examples."""
    lines = spec.read_text(encoding="utf-8").splitlines()
    by_section: dict[int, list[tuple[int, str]]] = {}
    for section, index, line in numbered_sections(lines):
        by_section.setdefault(section, []).append((index, line))
    rows = (
        parse_rules(by_section.get(2, []))
        + parse_ambiguities(by_section.get(4, []))
        + parse_examples(by_section.get(6, []))
    )
    ids = [row.rule_id for row in rows]
    duplicates = sorted({rule_id for rule_id in ids if ids.count(rule_id) > 1})
    if duplicates:
        raise ValueError(f"{spec.name}: duplicate rule IDs {duplicates}")
    if not rows:
        raise ValueError(f"{spec.name}: no rules found")
    return rows


def write_csv(rows: list[Row], out: Path) -> None:
    """Write ``rows`` as UTF-8 CSV (minimal quoting, ``\\n`` line ends)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows(astuple(row) for row in rows)


def default_output(spec: Path) -> Path:
    try:
        game = GAMES[spec.name]
    except KeyError:
        raise SystemExit(f"no game folder known for {spec.name}; give an output path") from None
    return REPO_ROOT / "data" / game / "rules.csv"


def kept_variant_rows(out: Path) -> list[Row]:
    """The variant rules (section ``V``: ``CH-V1`` …) already in ``out``.

    They are not in the spec: they describe the switchable cures a draft proposes
    (``data/<game>/variants/``), written by hand beside the engine code that cites them,
    so a re-extraction keeps them, after the spec's rows.
    """
    if not out.exists():
        return []
    with out.open(encoding="utf-8", newline="") as fh:
        return [Row(*(row.get(c, "") for c in COLUMNS)) for row in csv.DictReader(fh)
                if row.get("section") == "V"]


def run(spec: Path, out: Path) -> None:
    rows = extract(spec)
    rows += kept_variant_rows(out)
    write_csv(rows, out)
    counts: dict[str, int] = {}
    for row in rows:
        kind = (
            row.section
            if row.section in ("A", "E", "V")
            else ("heading" if row.rule_id == row.section else "rule")
        )
        counts[kind] = counts.get(kind, 0) + 1
    summary = ", ".join(f"{counts.get(k, 0)} {k}" for k in ("heading", "rule", "A", "E", "V"))
    print(f"{out}: {len(rows)} rows ({summary})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", nargs="?", type=Path, help="rule-spec markdown file")
    parser.add_argument(
        "out", nargs="?", type=Path, help="output CSV (default: data/<game>/rules.csv)"
    )
    parser.add_argument("--all", action="store_true", help="extract all four known specs")
    parser.add_argument(
        "--rules-dir",
        type=Path,
        default=DEFAULT_RULES_DIR,
        help=f"where the specs live for --all (default: {DEFAULT_RULES_DIR})",
    )
    args = parser.parse_args(argv)
    if args.all == (args.spec is not None):
        parser.error("give either --all or a spec path")
    jobs = (
        [
            (args.rules_dir / name, REPO_ROOT / "data" / game / "rules.csv")
            for name, game in GAMES.items()
        ]
        if args.all
        else [(args.spec, args.out or default_output(args.spec))]
    )
    for spec, out in jobs:
        try:
            run(spec, out)
        except (OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
