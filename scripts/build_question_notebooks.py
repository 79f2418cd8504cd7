"""Write ``notebooks/questions_<game>.ipynb`` from the doubts table (``make notebooks``).

Each questions notebook is generated, not edited: its cells come from
``data/<game>/questions.yaml`` (every entry of ``doubts:``, in the draft's order) and from the
small per-game spec below (the intro, the seeded batch the draft's own charts read, and which
of those charts is evidence for which doubt). So a doubt or question added to the YAML gets its
cell by running ``make notebooks`` again (this script, then ``scripts/run_notebooks.py``).

The notebook, top to bottom:

1. the intro and the seeded batch for the charts (outputs checked by nbval);
2. the review of every question (:func:`designkit.analysis.doubt_walk.walk`: the draft and the
   cures at each player count a question concerns, ``MAX_GAMES`` paired games per arm at
   most; ``DESIGNKIT_NB_GAMES`` sets fewer for the test run, so these cells are
   ``NBVAL_IGNORE_OUTPUT``);
3. the coverage table: every doubt with its status;
4. one cell per doubt (id ``doubt-<key>``): quote, metric and target, the draft's value per
   player count, every cure's verdict, the generated reading; then the charts that are its
   evidence (ids ``doubt-<key>-evidence-<i>``).

Cell ids are deterministic, and a cell whose id and source are unchanged keeps its stored
outputs, so building twice gives the same file (and a build after a run keeps the run's
outputs until ``run_notebooks.py`` executes it again).

Usage: ``python scripts/build_question_notebooks.py [GAME ...]``
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
IGNORE = "# NBVAL_IGNORE_OUTPUT\n"


@dataclass(frozen=True)
class Spec:
    """What a game's notebook adds to its doubts table."""

    title: str
    intro: str
    setup: str                       # the seeded batch the charts read (cell 1)
    max_games: int                   # paired games per arm at most, full run
    second_games: int | None = None  # the searching level's games per arm at most
    #: (doubt key, code showing a chart of analysis/questions/<game>.py) in order
    evidence: tuple[tuple[str, str], ...] = field(default_factory=tuple)


HOW_TO_READ = """\
**How to read it.** The top of the page is the draft's whole doubts table (`data/{game}/questions.yaml`, `doubts:`): every problem, doubt or proposal the draft states, in its order, with its status — *answered* (every cure's verdict reached at each player count the question concerns), *not decided at N games*, *cannot be simulated* (why) or *no cure built yet* (what is missing). Below it, each doubt is walked: the draft's words (Japanese, then English) → the metric and target that answer it → the draft's value with its 95 % interval at each player count → each cure's verdict (*fixes it / improves it / no practical change / makes it worse / not decided yet*, with the difference, margin, games, bot level and placeholder value) → a **reading** written from those numbers that says what could be done next. Where the draft's own charts bear on a doubt, they follow it as evidence.

The verdicts are those of `designkit review {game}` (the same rows, `designkit.analysis.review`): the draft and each cure play **the same seeded games** (paired) at each player count, with anytime-valid intervals (valid whenever the run stops; each comparison stops once its verdicts are reached), α split over the page's whole family of verdicts. Every reading names the `designkit compare` command that would decide what is still open. `MAX_GAMES` below is the full run's games per arm at most (`DESIGNKIT_NB_GAMES` sets fewer for the test run; the stored outputs are from `make notebooks`)."""

SPECS: dict[str, Spec] = {
    "crossroads": Spec(
        title="Crossroads (草案６a): every doubt of the change list, answered",
        intro="Draft 6a's change list (大まかな変更点) removes one number at three players again, "
              "makes the numbers 2–8, increases the merit of ending on 27 and adjusts the "
              "skills a little. Each line is a doubt below.\n\n**Bot levels.** Every question "
              "is played by greedy bots; the 27 merit is settled after the declaration (the "
              "discard), which greedy cannot see, so that question is also played by the "
              "searching bot (`second_level:` in the YAML), at fewer games (a searching game "
              "costs about a second).",
        setup='''from designkit.analysis.questions import crossroads as q
from designkit_widgets.answers import show

N_GAMES = 600  # seeded 4-player games with greedy bots for the draft's charts: ~8 s on one core
SEED = 2026
results = q.run(N_GAMES, SEED, players=4, agents="greedy")
print(f"{results.n_games} games, agents {', '.join(results.agents)}, seed {results.seed}")''',
        max_games=200, second_games=250,
        evidence=(("merit_27", "show(q.ending_27(results))"),
                  ("merit_27", "show(q.declaring_pays(results))"),
                  ("skills_adjusted", "show(q.skill_impact(results))"))),
    "classic_hero": Spec(
        title="Classic Hero (王道勇者 草案３): every doubt of ■問題点 and the change list, answered",
        intro="Draft 3 opens with its author's problems (■問題点): the tempo is bad, the Demon "
              "Lord's HP is nearly random so nobody aims their dice at it, detours should pay, "
              "red dice might count for several conditions instead of a VP bonus — and it "
              "proposes cures. Its change list (大まかな変更点) says what changed since the "
              "previous draft. Every line of both is a doubt below. Greedy bots in every seat "
              "(a game costs ~0.2 s; the placeholders of a cure are swept, so the game counts "
              "are small and the readings say what is still open).",
        setup='''from designkit.analysis.questions import classic_hero as q
from designkit_widgets.answers import show

N_GAMES = 50  # seeded 3-player games with greedy bots (~0.16 s a game): ~8 s on one core
N_SWEEP = 40  # games per sweep point (6 points), auto-resolved Fortune (~0.14 s a game): ~34 s
SWEEP_AGENTS = "greedy"
SEED = 2026
results, watch = q.run(N_GAMES, SEED, players=3, agents="greedy")
bonus = q.red_dice_table("red_die_bonus_vp", (0, 1, 3), N_SWEEP, SEED, agents=SWEEP_AGENTS)
limit = q.red_dice_table("max_dice", (4, 6, 8), N_SWEEP, SEED, agents=SWEEP_AGENTS)''',
        max_games=40,
        evidence=(("tempo", "show(q.tempo(watch))"),
                  ("vp_complex", "show(q.vp_split(results))"),
                  ("goal_setting", "show(q.demon_lord(results))"),
                  ("detours", "show(q.detours(results, watch))"),
                  ("red_multi", "show(q.red_dice(bonus, limit, SWEEP_AGENTS))"))),
    "witch_academy": Spec(
        title="Little Witch Academia (草案８): every doubt of the change list, answered",
        intro="Draft 8's change list (大まかな変更点) renames the workshop the University and "
              "adds resource exchange to it, changes the assignment ratio to 100·75·50 %, and "
              "replaces grades by legacy majorities; its rules add a starting-resource "
              "compensation, legacy stock and forced-pass VP. Each is a doubt below.\n\n"
              "**Bots:** every seat is the greedy bot, which plans each placement through its "
              "sub-steps (~0.8 s a game), so the game counts are small and the readings say "
              "what is still open.",
        setup='''from designkit.analysis.questions import witch_academy as q
from designkit_widgets.answers import show

N_GAMES = 20  # seeded 4-player games per variant (6 runs) with greedy bots (~0.8 s a game): ~100 s on one core
SEED = 2026
AGENTS = "greedy"
runs, placements = q.run(N_GAMES, SEED, players=4, agents=AGENTS)
draft = runs["100·75·50 (draft 8)"]
legacy = q.legacy_runs(draft, N_GAMES, seed=SEED, agents=AGENTS)''',
        max_games=40,
        evidence=(("university_exchange", "show(q.university(draft, placements))"),
                  ("assignment_ratio", "show(q.assignment_ratio(runs))"),
                  ("assignment_ratio", "show(q.completions(placements))"),
                  ("legacy_majority", "show(q.legacy_majority(legacy))"))),
    "rolling_stone": Spec(
        title="Life is Rolling Stone (草案１０): every doubt of the change list, answered",
        intro="Draft 10's change list (大まかな変更点) says 『基本効果２と３を交換』 (order "
              "bonuses 2 and 3 swapped) and 『最後手番のスタＰを１ＶＰに変更』 (the start player "
              "marker is worth 1 VP at the end). Both touch the turn order. The previous rule "
              "is a variant of the same parameters (`q.previous_rule`), played on the same "
              "deals.",
        setup='''from designkit import get_game
from designkit.analysis.questions import rolling_stone as q
from designkit_widgets.answers import show

N_GAMES = 40  # seeded 4-player games per rule with greedy bots (~0.2 s a game): ~16 s on one core
SEED = 2026
runs = q.run(N_GAMES, SEED, players=4, agents="greedy")
q.previous_rule(get_game("rolling_stone").params_type(players=4)).diff()  # the previous rule''',
        max_games=100,
        evidence=(("order_bonus_swap", "show(q.positions(runs))"),
                  ("start_marker_vp", "show(q.start_marker(runs))"))),
}


def _cell(kind: str, cid: str, source: str, ignore: bool = False) -> nbformat.NotebookNode:
    if kind == "markdown":
        cell = nbformat.v4.new_markdown_cell(source)
    else:
        cell = nbformat.v4.new_code_cell((IGNORE if ignore else "") + source)
    cell["id"] = cid
    return cell


def cells(game: str, spec: Spec) -> list[nbformat.NotebookNode]:
    """The notebook's cells, from ``spec`` and the game's doubts table."""
    from designkit.analysis.doubts import load_doubts

    doubts = load_doubts(game)
    keys = {d.key for d in doubts}
    slug = game.replace("_", "-")
    second = (f"\nSECOND_GAMES = max(1, min(MAX_GAMES, {spec.second_games}))  # the searching "
              "level's games per arm, for the questions the YAML names"
              if spec.second_games else "\nSECOND_GAMES = None")
    out = [
        _cell("markdown", f"q-{slug}-00",
              f"# {spec.title}\n\n{spec.intro}\n\n{HOW_TO_READ.format(game=game)}\n\n"
              f"The draft's charts alone, as a page of the design lab: "
              f"[dashboards/questions_{game}.ipynb](dashboards/questions_{game}.ipynb); the "
              f"same verdicts ranked by how far the draft misses: `designkit review {game}`."),
        _cell("code", f"q-{slug}-01", spec.setup),
        _cell("code", f"q-{slug}-walk",
              "import os\n\nfrom IPython.display import Markdown, display\n\n"
              "from designkit.analysis.doubt_walk import walk\n\n"
              f'MAX_GAMES = int(os.environ.get("DESIGNKIT_NB_GAMES", "{spec.max_games}"))'
              "  # paired games per arm at most" + second + "\n"
              f'done = walk("{game}", MAX_GAMES, SEED, workers=2, second_games=SECOND_GAMES)\n'
              "print(done.summary())", ignore=True),
        _cell("markdown", f"q-{slug}-coverage-title",
              "## Coverage: every doubt of the draft\n\nEvery doubt of the draft in its order, "
              "with its status: *answered* (every cure's verdict reached at each player count "
              "its question concerns), *not decided at N games*, *cannot be simulated* (why) "
              "or *no cure built yet* (what is missing)."),
        _cell("code", f"q-{slug}-coverage",
              f'from designkit.analysis.doubt_walk import coverage\n\ncoverage("{game}", done)',
              ignore=True),
        _cell("markdown", f"q-{slug}-walk-title",
              "## The doubts, one by one\n\nEach entry: the quote, the question that answers "
              "it (metric, target, margin, player counts), the draft's value at each count, "
              "every cure's verdict per bot level and placeholder value, and the reading."),
    ]
    placed = set()
    for d in doubts:
        out.append(_cell("code", f"doubt-{d.key.replace('_', '-')}",
                         f'display(Markdown(done.entry("{d.key}").markdown()))', ignore=True))
        for i, (key, code) in enumerate(e for e in spec.evidence if e[0] == d.key):
            out.append(_cell("code", f"doubt-{d.key.replace('_', '-')}-evidence-{i}", code))
            placed.add((key, code))
    rest = [e for e in spec.evidence if e not in placed]
    if rest:   # a doubt renamed or gone: its charts still show, under their own heading
        missing = sorted({k for k, _ in rest} - keys)
        print(f"{game}: no doubt {', '.join(missing)} in data/{game}/questions.yaml; its "
              "charts go under 'More evidence'", file=sys.stderr)
        out.append(_cell("markdown", f"q-{slug}-more", "## More evidence"))
        out += [_cell("code", f"q-{slug}-more-{i}", code) for i, (_, code) in enumerate(rest)]
    return out


def build(game: str, path: Path | None = None) -> Path:
    """Write ``game``'s notebook, keeping the outputs of every cell whose id and source are
    unchanged (so building twice writes the same file)."""
    path = path or NOTEBOOKS / f"questions_{game}.ipynb"
    old = {}
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    if path.exists():   # a run's metadata (language_info) stays as the run wrote it
        prev = nbformat.read(path, as_version=4)
        old = {c.get("id"): c for c in prev.cells}
        nb.metadata.update(prev.metadata)
    for cell in cells(game, SPECS[game]):
        was = old.get(cell["id"])
        if (cell.cell_type == "code" and was is not None and was.cell_type == "code"
                and was.source == cell.source):
            cell.outputs = was.outputs
            cell.execution_count = was.execution_count
        nb.cells.append(cell)
    nbformat.validate(nb)
    text = nbformat.writes(nb)
    if not path.exists() or path.read_text("utf-8") != text:
        path.write_text(text, "utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"some of {', '.join(SPECS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in SPECS]
    if unknown:
        parser.error(f"{', '.join(unknown)}: no questions notebook; games: {', '.join(SPECS)}")
    for game in args.games or SPECS:
        print(f"{build(game).relative_to(ROOT)}: built", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
