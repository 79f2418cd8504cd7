"""The ``designkit`` commands as data: name, help, arguments (in ``--help`` order) and the
handler in ``designkit.cli`` that calls the library.

A command is added, renamed or documented here, in one row; ``cli.build_parser`` turns
the table into argparse subcommands and the README test reads the list back from
``designkit --help``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from designkit.cli_types import Arg, Command, Once, arg, count, game_seed, seconds, seed

BACKENDS = ("auto", "serial", "process", "dask")
LANG = arg("--lang", choices=("en", "ja"), default="en")
SCHEDULER = arg("--scheduler", help="Dask scheduler address, tcp://HOST:PORT (implies "
                                    "--backend dask)")
WORKER_WAIT = arg("--worker-wait", type=seconds, metavar="SECONDS",
                  help="with --scheduler: how long to wait for a first worker (default 30)")
QUIET = arg("--quiet", action="store_true", help="no progress bar")


def common(seed_type: Callable[[str], int] = seed, seed_help: str = "0 to 2**63-1",
           game_optional: bool = False) -> tuple[Arg, ...]:
    """What to play: the game, its players, seed, bots and parameters."""
    return (arg("game", **({"nargs": "?"} if game_optional else {})),
            arg("--players", type=count(1)),
            arg("--seed", type=seed_type, default=0, help=seed_help),
            arg("--agents", help="one name for all seats or one per seat, comma separated: "
                                 "random, greedy, search (the second level for verdicts), "
                                 "mcts:200 (iterations, reproducible) or "
                                 "mcts:0.1s (time per decision, not reproducible)"),
            arg("--set", action="append", metavar="FIELD=VALUE",
                help="change a parameter (repeatable)"),
            arg("--variant", action=Once,
                help="a named variant (designkit variants GAME) or the path of a variant YAML "
                     "file (one)"))


def run_opts(auto_workers: bool = False) -> tuple[Arg, ...]:
    """Where the games run: workers, backend, a Dask scheduler, the progress bar."""
    return (arg("--workers", type=count(1, 256), default=None if auto_workers else 1,
                help="worker processes" + (" (default: every core when the batch is big "
                                           "enough to pay for them, else 1)"
                                           if auto_workers else "")),
            arg("--backend", choices=BACKENDS, default="auto"), SCHEDULER, WORKER_WAIT, QUIET)


VIEW_HELP = ("whose log to print: table (default: what every seat sees), designer "
             "(everything, hidden cards included) or a seat (A, B, …)")
PLAY = (*common(game_seed, "0 to 2**64-1 (a results file's game seeds are 64-bit)", True),
        LANG, arg("--record", type=Path, help="save the game record as JSON"),
        arg("--view", default="table", metavar="VIEWER", help=VIEW_HELP),
        arg("--from", dest="from_file", type=Path, metavar="RESULTS_FILE",
            help="a results file (simulate --out, .csv or .parquet): replay one of its games "
                 "with its seed, agents and parameters"),
        arg("--game-id", type=count(0), help="which game of --from to replay"))
REPLAY = (arg("file", type=Path), LANG,
          arg("--view", default="table", metavar="VIEWER",
              help="whose log to print: table (default), designer or a seat (A, B, …)"))
SIMULATE = (*common(), arg("--games", type=count(1), required=True),
            arg("--workers", type=count(1, 256), default=None,
                help="worker processes (default: every core when the batch is big enough to "
                     "pay for starting them, else 1)"),
            arg("--backend", choices=BACKENDS, default="auto"), SCHEDULER, WORKER_WAIT,
            arg("--out", type=Path, help="tidy output, .csv or .parquet"), QUIET,
            arg("--coverage", action="store_true",
                help="count how often each rule fires and list those that never do (builds "
                     "every event's text: slower)"))
COMPARE = (
    arg("game"),
    arg("--variant", action="append", metavar="NAME|FILE",
        help="a named variant (designkit variants GAME), draft, or a YAML file; the first is "
             "the baseline (repeat: at least two; default with --question: draft and the "
             "question's cures)"),
    arg("--question", metavar="KEY",
        help="a question of data/GAME/questions.yaml: its primary metric (declared), "
             "exploratory metrics, target, margin, player count and cures"),
    arg("--metric", action="append", metavar="METRIC",
        help="seat_balance (default), turn_order, winner_margin, turns, decisions, "
             "lead_changes, vp_share:SOURCE, rule:ID, end:REASON, col:NAME, metric:NAME "
             "(a metric the game declares; repeatable or "
             "comma separated)"),
    arg("--margin", action="append", metavar="[METRIC=]VALUE",
        help="the smallest change that matters, in the metric's own unit (shares as "
             "fractions: 0.03 = 3 points): 'no practical change' needs the whole interval "
             "inside ±margin (repeatable, METRIC=VALUE per metric; default per metric)"),
    arg("--precision", type=float, default=None, help="the old name of --margin (one number)"),
    arg("--max-games", type=count(1), default=2000, help="games per variant at most (default "
                                                         "2000)"),
    arg("--first-games", type=count(1), default=100,
        help="games per variant at the first look; looks double (default 100)"),
    arg("--agents", help="one name for all seats or one per seat (default greedy)"),
    arg("--second-level", default=None, metavar="AGENT",
        help="the second bot level every verdict is checked at (default search; none: one "
             "level only)"),
    arg("--players", type=count(1)), arg("--seed", type=seed, default=0, help="0 to 2**63-1"),
    arg("--family", type=count(1), help="verdicts the page declares, α split over them "
                                        "(designkit review; default: this comparison's)"),
    *run_opts())
SWEEP = (
    *common(), arg("--param", required=True, help="parameter to sweep, e.g. end_hand_sum"),
    arg("--values", required=True, help="24,25,26 or 24,25,...,30 or 24:30 or 0.2:0.6:0.1"),
    arg("--param2", help="a second parameter: the full grid is simulated"),
    arg("--values2", help="values of --param2"),
    arg("--games", type=count(1), default=1000, help="games per point"),
    arg("--trace", action="store_true",
        help="also measure drama, lead changes and decisiveness (slower)"),
    arg("--out", type=Path, help="sweep.html (plots), .csv or .parquet (table)"),
    *run_opts(auto_workers=True))
TUNE = (
    *common(), arg("--target", choices=("equal-seats", "length", "margin", "mix"),
                   default="equal-seats"),
    arg("--length", type=float, help="target game length in turns"),
    arg("--margin", type=float, help="target winner's margin"),
    arg("--weights", help="for --target mix: equal-seats=1,length=0.5,margin=0.5"),
    arg("--trials", type=count(1), default=30),
    arg("--param", "--params", action="append", metavar="NAME[=LO:HI|A|B]",
        help="a parameter to tune (repeat for more; a,b also works): its whole grid, "
             "NAME=LO:HI to narrow it, NAME=A|B|C to list values (default: the game's short "
             "list)"),
    arg("--keep", action="append", metavar="METRIC=TOL",
        help="a constraint that keeps the game's character, checked against the start on the "
             "same seeds: mean_turns=10%% (within ±10%%), margin=2 (±2), mean_turns=20:40 "
             "(bounds), mean_decisions=…, end_reason:NAME=0.05 (share ±5 points); repeatable"),
    arg("--save-anyway", action="store_true",
        help="save the best variant even when its gain did not hold on the re-check"),
    arg("--games-per-trial", type=count(1), default=1000),
    arg("--recheck-games", type=count(1),
        help="games per variant in the re-check (default max(2000, 2 × per trial))"),
    arg("--n-jobs", type=count(1, 64), default=1, help="trials run concurrently"),
    arg("--name", help="variant file name (data/<game>/variants/<name>.yaml)"),
    arg("--out", type=Path, help="write the variant here instead"),
    arg("--no-save", action="store_true", help="do not write a variant file"), *run_opts())
REPORT = (
    *common(), arg("--games", type=count(1), default=2000),
    arg("--out", type=Path, default=Path("report.html")),
    arg("--no-trace", action="store_true", help="skip the per-turn trace (no drama section; "
                                                "faster)"),
    arg("--skill-levels", help="add a skill trace, e.g. 16,32,64 (slow)"),
    arg("--skill-games", type=count(1), default=100, help="games per skill level"),
    arg("--ladder", nargs="?", const="", default=None, metavar="BOTS",
        help="add balance by skill level: seat / turn-position win rates for a ladder of bots "
             "(default random,greedy,search,mcts:0.1s; time budgets are not "
             "reproducible, mcts:N rungs are)"),
    arg("--ladder-games", type=count(1), default=100, help="games per ladder rung"),
    *run_opts())
REVIEW = (
    arg("game"), arg("--out", type=Path, default=Path("review.html")),
    arg("--games", type=count(1), default=100, help="games per arm at most (default 100)"),
    arg("--seed", type=seed, default=0, help="0 to 2**63-1"),
    arg("--agents", help="the first bot level (default greedy)"),
    arg("--second-level", metavar="AGENT", help="the second bot level (default search; none)"),
    arg("--workers", type=count(1, 256), default=1, help="worker processes"), QUIET)
CARDS = (
    arg("game"), arg("--variant", metavar="NAME|FILE", action=Once,
                     help="a named variant (designkit variants GAME), draft, or a YAML file "
                          "(numbers, copies)"),
    arg("--lang", choices=("ja", "en", "both"), default="both"),
    arg("--out", type=Path, default=Path("cards"), help="folder (default cards/)"),
    arg("--format", default="pdf,png,tts", help="pdf,png,tts (comma separated)"),
    arg("--no-backs", action="store_true", help="no pages of card backs"),
    arg("--layout", choices=("duplex", "gutterfold"), default="duplex",
        help="PDF: duplex (a mirrored page of backs after each page of faces) or gutterfold "
             "(faces and backs on one landscape page, fold on the dashed line)"),
    arg("--bleed", type=float, default=0.0, metavar="MM",
        help="PDF: background extended this far past each card's cut line (3 is usual for a "
             "print shop; fewer cards a page)"),
    arg("--show-code", action="store_true",
        help="also print each effect's engine code (a small grey line) under its text"),
    arg("--image-url", help="Tabletop Simulator: the URL the sheet images will be served from "
                            "(default: file names)"))
PLAYTESTS = (
    arg("game"), arg("action", choices=("add", "list", "import", "compare"),
                     help="add one game, list the journal, import a sheet (one row per game), "
                          "or compare the playtests with the bots"),
    arg("file", nargs="?", type=Path, help="import: the sheet (.csv, one row per game)"),
    arg("--journal", type=Path, metavar="DIR",
        help="the journal folder (default playtests/<game>/ beside the project's data/)"),
    arg("--agents", help="compare: bot levels, comma separated (default greedy), e.g. "
                         "greedy,mcts:50: one prediction each"),
    arg("--games", type=count(1), default=400, help="compare: bot games per rule set "
                                                    "(default 400)"),
    arg("--seed", type=seed, default=0, help="compare: the bots' seed, 0 to 2**63-1"),
    arg("--record", type=Path, help="add: a finished game's record (play --record, the lab)"),
    arg("--scores", help="add: each seat's score, A first: 6,3,1,3"),
    arg("--vp", action="append", metavar="SOURCE=V,V,…",
        help="add: one scoring source's VP for every seat (repeatable)"),
    arg("--names", help="add: who sat where, A first (optional): Aki,Ben,,Dan"),
    arg("--winner", help="add: the winning seat (needed when the top score is tied)"),
    arg("--start", help="add: the start player's seat"),
    arg("--turns", type=count(0)), arg("--minutes", type=float),
    arg("--end", help="add: the end reason, e.g. 27 or deck_out"),
    arg("--notes", default=""), arg("--date", help="add: YYYY-MM-DD (default today)"),
    arg("--variant", action=Once, help="add: a named variant (default draft)"),
    arg("--set", action="append", metavar="FIELD=VALUE", help="add: a changed parameter"))

COMMANDS = (
    Command("games", "list games with player ranges", (), "cmd_games"),
    Command("variants", "list a game's named rule variants: the cures its draft proposes, "
            "with the draft's words", (arg("game"), LANG), "cmd_variants"),
    Command("play", "play one game and print the walkthrough, or replay a game of a results "
            "file (--from FILE --game-id N)", PLAY, "cmd_play", {"seed": None, "game": None}),
    Command("replay", "replay a record and check it", REPLAY, "cmd_replay"),
    Command("simulate", "simulate many games and summarise", SIMULATE, "cmd_simulate"),
    Command("dashboard", "serve the Voila design lab on 127.0.0.1",
            (arg("game", nargs="?"), arg("--port", type=count(1, 65535), default=8866)),
            "cmd_dashboard"),
    Command("compare", "compare rule variants on the same seeds (paired), in looks until each "
            "difference is known to ±precision: a verdict per metric", COMPARE, "cmd_compare"),
    Command("sweep", "sweep one or two parameters, same seeds at every point", SWEEP,
            "cmd_sweep"),
    Command("tune", "search named parameters on their grids toward a target (Optuna), "
            "re-check on fresh seeds, save the variant only if the gain held", TUNE,
            "cmd_tune"),
    Command("report", "self-contained HTML report of every metric", REPORT, "cmd_report"),
    Command("review", "one printable page: every question of the draft, problems ranked by "
            "how far the draft misses its target, each cure's verdict", REVIEW, "cmd_review"),
    Command("cards", "print-and-play PDF sheets, PNG sheets and Tabletop Simulator decks from "
            "the card tables", CARDS, "cmd_cards"),
    Command("playthroughs", "regenerate the golden playthrough files",
            (arg("--game", help="only this game"),
             arg("--check", action="store_true", help="compare with the files instead of "
                                                      "writing (exit 1 on differences)"),
             arg("--dir", type=Path, metavar="FOLDER",
                 help="the golden files' folder (default tests/playthroughs of designkit; "
                      "a game of your own package keeps them in its own tests)")),
            "cmd_playthroughs"),
    Command("new-game", "write the skeleton of a new game (docs/ADDING_A_GAME.md): a small "
            "complete game that plays, simulates, replays and prints, to rewrite rule by rule",
            (arg("name", help="the game's name: lower-case letters, digits and _"),
             arg("--players", default="2-4", metavar="LOW-HIGH",
                 help="the player range (default 2-4)"),
             arg("--dir", type=Path, default=Path("."), metavar="FOLDER",
                 help="where the game's folder is written (default: here)")),
            "cmd_new_game"),
    Command("playtests", "the playtest journal: add or import games people played, list "
            "them, compare them with the bots' prediction for the same rules",
            PLAYTESTS, "cmd_playtests"),
)
