"""``designkit review GAME``: every question of the draft on one page (the design review,
:mod:`designkit.analysis.review`), written as a self-contained HTML file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from designkit.commands.output import TERMINAL, Output
from designkit.core.limits import check_games, check_seed
from designkit.core.outputs import check_output


@dataclass(frozen=True)
class ReviewOptions:
    """The page, games per arm at most, seed, the bot levels and the worker processes."""

    game: str
    out: Path = Path("review.html")
    games: int = 100
    seed: int = 0
    agents: str | None = None
    second_level: str | None = None
    workers: int = 1
    quiet: bool = False


def review_page(opts: ReviewOptions, out: Output = TERMINAL) -> int:
    """Check the page's path and counts, run every question, write the page atomically."""
    from designkit.analysis.review import review
    from designkit.analysis.review_html import write_review
    from designkit.analysis.verdict_study import SECOND_LEVEL

    check_output(opts.out, (".html", ".htm"), make_folder=True)
    check_games(opts.games)
    check_seed(opts.seed)
    second = opts.second_level or SECOND_LEVEL
    result = review(opts.game, opts.games, opts.seed, opts.agents or "greedy",
                    None if second == "none" else second, opts.workers,
                    on_run=None if opts.quiet else lambda s: out.say(s, flush=True))
    path = write_review(result, opts.out)
    open_ = len(result.undecided())
    out.say(f"wrote {path}: {len(result.problems)} problems, {open_} verdicts still open, "
            f"family of {result.family} ({result.elapsed:.0f} s; opens offline)")
    return 0
