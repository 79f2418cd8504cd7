"""What the ``designkit`` command line is made of: its argparse value types, its one-line
error, and the table rows (:class:`Arg`, :class:`Command`) the parser is built from.

Kept out of ``cli.py`` so that the CLI module itself only lists commands, calls the
library function behind each and prints; a value type here refuses a bad number with the
same one line every command gives (``--seed``, ``--games``, ``--port`` …).
"""

from __future__ import annotations

import argparse
import signal
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from designkit.core.errors import DesignkitError
from designkit.core.limits import check_seed


class OneLineParser(argparse.ArgumentParser):
    """argparse with a one-line error (usage is one ``--help`` away)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see {self.prog} "
                     f"--help)\n")


def seed(text: str) -> int:
    """A run's seed: 0 … 2**63-1 (``check_seed``, the one check every command shares)."""
    try:
        return check_seed(text)
    except DesignkitError as err:
        raise argparse.ArgumentTypeError(str(err).removeprefix("seed: ")) from None


def game_seed(text: str) -> int:
    """A seed for one game: 0 … 2**64-1, as the per-game seeds of a results file."""
    from designkit.sim.results_file import MAX_GAME_SEED

    try:
        value = int(text.strip(), 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (allowed 0–"
                                         f"{MAX_GAME_SEED})") from None
    if not 0 <= value <= MAX_GAME_SEED:
        raise argparse.ArgumentTypeError(f"{value} is outside the allowed range 0–"
                                         f"{MAX_GAME_SEED}")
    return value


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds, 0.1 to 3600."""
    try:
        value = float(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0.1 <= value <= 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text} is outside the allowed range 0.1–3600")
    return value


def count(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ``low`` … ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            allowed = f"{low}–{high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{value} is outside the allowed range {allowed}")
        return value
    return parse


@dataclass(frozen=True)
class Arg:
    """One ``add_argument`` call: its flags (or positional name) and keywords."""

    flags: tuple[str, ...]
    options: Mapping[str, Any]


def arg(*flags: str, **options: Any) -> Arg:
    return Arg(flags, options)


class Once(argparse.Action):
    """An option a command reads once (``--variant`` on ``simulate``): given twice, it is
    refused, rather than argparse's default of silently keeping the last one."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        if getattr(namespace, self.dest, None) is not None:
            parser.error(f"{option_string} given twice ({getattr(namespace, self.dest)} and "
                         f"{values}): this command takes one; to compare variants use "
                         f"designkit compare")
        setattr(namespace, self.dest, values)


@dataclass(frozen=True)
class Command:
    """A row of the command table: name, the help ``designkit --help`` shows, arguments in
    the order ``--help`` lists them, the name of its handler in ``designkit.cli`` (looked
    up when the command runs) and defaults that no argument sets."""

    name: str
    help: str
    args: Sequence[Arg]
    handler: str
    defaults: Mapping[str, Any] = field(default_factory=dict)


def add_commands(parser: argparse.ArgumentParser, table: Sequence[Command]) -> None:
    """One subcommand per row; ``args.handler`` names the function to call."""
    sub = parser.add_subparsers(dest="command", required=True)
    for row in table:
        command = sub.add_parser(row.name, help=row.help)
        for a in row.args:
            command.add_argument(*a.flags, **a.options)
        command.set_defaults(handler=row.handler, **row.defaults)


def one_line(err: BaseException) -> str:
    """The error as one line; file errors name their file."""
    if isinstance(err, OSError) and not isinstance(err, DesignkitError):
        name = f"{err.filename}: " if err.filename else ""
        return f"{name}{err.strerror or err}"
    if isinstance(err, UnicodeDecodeError):
        return f"not UTF-8 text ({err.reason} at byte {err.start}); save the file as UTF-8"
    return " ".join(str(err).split()) or type(err).__name__


@contextmanager
def sigterm_as_interrupt() -> Iterator[list[int]]:
    """SIGTERM (``kill``, a container stop) raises KeyboardInterrupt like Ctrl-C, so the
    same path keeps finished games and stops workers; the list receives the signal."""
    got: list[int] = []

    def handler(signum: int, frame: object) -> None:
        got.append(signum)
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread (a test runner, a panel): leave it alone
        yield got
        return
    try:
        yield got
    finally:
        signal.signal(signal.SIGTERM, previous)
