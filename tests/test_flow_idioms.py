"""One flow idiom (issue 41): every task says what comes next by pushing it.

``scripts/flow_idioms.py`` counts, per game package, the pushes, the *direct calls* (a
task's function called by a task, or by a helper a task reaches, instead of pushed) and
the calls by which an answer's applier *goes straight on* (core/flow.py's docstring).
Crossroads had 30 direct calls (kept for speed); converted in issue 41 with identical
fingerprints, every game, the skeleton that ``designkit new-game`` writes included, has
none. Going straight on is part of the idiom (issue 37: Crossroads' appliers do).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from designkit.core.paths import REPO_ROOT

_spec = importlib.util.spec_from_file_location("flow_idioms",
                                               REPO_ROOT / "scripts" / "flow_idioms.py")
assert _spec is not None and _spec.loader is not None
flow_idioms = sys.modules.setdefault("flow_idioms", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(flow_idioms)   # (registered first: its dataclass looks itself up)

GAMES = REPO_ROOT / "designkit" / "games"
#: direct calls left, by game (the conversion still to do; see the issue 41 note)
KNOWN_DIRECT: dict[str, int] = {}


def test_the_count_per_game():
    counts = {r.game: r for r in flow_idioms.count_games(sorted(GAMES.iterdir()))}
    report = {g: (r.pushes, r.direct_calls) for g, r in counts.items()}
    print("pushes, direct calls:", report)
    for game, row in counts.items():
        assert row.handlers > 0
        assert row.direct_calls <= KNOWN_DIRECT.get(game, 0), (game, row.direct)


def test_the_skeleton_pushes(tmp_path: Path):
    from designkit.commands.new_game import new_game

    new_game("idiom_check", "2-4", tmp_path)
    row = flow_idioms.count_package(tmp_path / "idiom_check" / "idiom_check")
    assert row.pushes > 0 and row.direct_calls == 0


def test_the_count_sees_a_direct_call(tmp_path: Path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "turn.py").write_text(
        "@task('a')\ndef a(st):\n    return b(st)\n\n\n@FLOW.task('b')\ndef b(st):\n"
        "    push(st, ('a',))\n    return False\n")
    row = flow_idioms.count_package(tmp_path)
    assert (row.handlers, row.pushes, row.direct) == (2, 1, ("turn.py:3 a -> b",))


def test_an_applier_goes_straight_on(tmp_path: Path):
    """An applier (or a helper only appliers call) calling a task is going straight on; a
    helper that a task calls doing the same is still a direct call."""
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "turn.py").write_text(
        "@task('a')\ndef a(st):\n    return helper(st)\n\n\n"
        "def helper(st):\n    return b(st)\n\n\n"
        "@FLOW.task('b')\ndef b(st):\n    then(st, ('a',))\n    return False\n\n\n"
        "@chance(1, outcomes)\ndef drawn(st, outcome):\n    return b(st)\n\n\n"
        "def _hold(st):\n    return a(st)\n\n\n"
        "@decision(2, options)\ndef act(st, x):\n    return _hold(st)\n")
    row = flow_idioms.count_package(tmp_path)
    assert row.handlers == 4 and row.pushes == 1
    assert row.direct == ("turn.py:7 helper -> b",)
    assert row.straight == ("turn.py:18 drawn -> b", "turn.py:22 _hold -> a")


def test_crossroads_goes_straight_on():
    row = flow_idioms.count_package(GAMES / "crossroads")
    assert row.straight_on > 0 and row.direct_calls == 0, row.direct
