"""Evaluate a compiled build (mypyc) of designkit's hot modules, without changing the tree.

Issue 37 asks whether ``mypyc`` (part of mypy, already in ``uv.lock``) on the hot modules is
worth adopting, on conditions: the same fingerprints and goldens, ``make install`` still
working from a fresh clone with Python 3.11 and make (compiled where a C compiler exists,
plain Python where not), and the code people read staying plain Python. This script answers
the measurable half of it, in three steps, each on a *copy*:

1. **build** — copy ``designkit/`` into a temporary folder (``data/`` and ``tests/`` linked
   to this tree's), and compile the chosen modules there with ``mypyc.build.mypycify``
   (``setup.py build_ext --inplace``). A native (compiled) class may not be subclassed by
   interpreted code, and every game subclasses the core's classes (``FlowGame``,
   ``FlowState``), as a designer's own game does; so each class of a compiled module gets
   ``@mypyc_attr(allow_interpreted_subclasses=True)`` in the copy (``--classes native``,
   the default), except ``FlowState``, which stays a Python class
   (``@mypyc_attr(native_class=False)``, see ``PLAIN_CLASSES``); ``--classes plain`` makes
   every class so. The tree itself is never edited.
2. **check** — ``scripts/fingerprints.py`` and ``designkit playthroughs --check`` with the
   copy first on ``PYTHONPATH``: a compiled build must decide exactly as the plain one.
3. **measure** — ``benchmarks/ab.py engine . COPY`` (old = this tree, plain; new = the
   compiled copy), interleaved in one process, CPU time: the paired new/old ratio is the
   figure (the machine is shared, so nothing else counts).

``setuptools`` is not in the project's environment (only a build constraint); the build
borrows it from ``.venv-tools`` (``make tools``) when ``import setuptools`` fails.

    .venv/bin/python benchmarks/compiled_build.py                       # play + lookahead
    .venv/bin/python benchmarks/compiled_build.py --set bots --keep /tmp/dk_bots
    .venv/bin/python benchmarks/compiled_build.py --built /tmp/dk_bots --no-check -- \\
        --game crossroads --agents random --games 200 --repeats 6 --players 4
    .venv/bin/python benchmarks/compiled_build.py --no-check -- --game crossroads \\
        --agents random --games 200 --repeats 6 --players 4
    .venv/bin/python benchmarks/compiled_build.py --set list     # the module sets

Everything after ``--`` goes to ``ab.py engine`` (default: random play and greedy, 4 players,
every game, 6 repeats). Exit status 1 when a check fails.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable

_CORE = ["designkit/core/flow.py", "designkit/core/play.py"]
_GAME_MODULES = {  # a game's rules, turn, state, options and bots (the per-step code)
    "crossroads": ["state", "rules", "turn", "actions", "release", "skills", "scoring", "bots"],
    "rolling_stone": ["state", "rules", "turn", "actions", "scoring", "bots"],
    "witch_academy": ["state", "rules", "turn", "actions", "scoring", "bots"],
}


def _game_files(game: str) -> list[str]:
    folder = ROOT / "designkit" / "games" / game
    return [f"designkit/games/{game}/{m}.py" for m in _GAME_MODULES[game]
            if (folder / f"{m}.py").is_file()]


#: named module sets (``--set``); paths relative to the repository root
SETS: dict[str, list[str]] = {
    # what builds with mypy 2.4's mypyc and no edit of the tree: the play loop (random
    # play's engine room), greedy's lookahead and the three games' greedy estimates
    "play": ["designkit/core/play.py", "designkit/core/lookahead.py"],
    "bots": ["designkit/core/play.py", "designkit/core/lookahead.py",
             *[f"designkit/games/{g}/bots.py" for g in _GAME_MODULES]],
    # these need flow.py, which does not build as it stands (FlowState, see PLAIN_CLASSES)
    "core": _CORE,
    "core+rows": [*_CORE, "designkit/core/rows.py", "designkit/core/game.py"],
    **{game: [*_CORE, *_game_files(game)] for game in _GAME_MODULES},
}

# ab.py's default arguments: random play (100 games a batch) and greedy (2 games a batch),
# 4 players, every game, 6 repeats
DEFAULT_AB = ["--agents", "random", "--games", "100", "--agents", "greedy", "--games", "2",
              "--players", "4", "--repeats", "6"]

MYPY_INI = """[mypy]
python_version = 3.11
check_untyped_defs = True
follow_imports = silent
[mypy-yaml,yaml.*,pandas,pandas.*,plotly,plotly.*,tqdm,tqdm.*,fontTools,fontTools.*,psutil,psutil.*,ipywidgets,ipywidgets.*,voila,voila.*]
ignore_missing_imports = True
"""

SETUP = """import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="designkit_mypyc", ext_modules=mypycify(sys.argv.pop(1).split(","), opt_level="3"))
"""

_CLASS = re.compile(r"^class (\w+)(\((?P<bases>[^)]*)\))?:", re.MULTILINE)
# classes mypyc builds as something else than a native class: no attribute to add
_NOT_NATIVE = ("NamedTuple", "Protocol", "TypedDict", "Enum")


#: ``--classes``: what each class of a compiled module is made (the decorator's argument)
CLASS_MODES = {
    # native classes that the interpreted games (and a designer's new game) may subclass
    "native": "allow_interpreted_subclasses=True",
    # Python classes, their methods compiled: mypy 2.4's mypyc fails on a closure in a
    # method of such a class (``Flow.task``'s ``register``: an internal error)
    "plain": "native_class=False",
}
#: classes kept as Python classes whatever ``--classes`` says: a native ``FlowState``
#: breaks the games' states, whose own ``__slots__`` hold the ``n`` and ``rules`` that
#: ``FlowState`` only annotates ("object has no attribute 'n'")
PLAIN_CLASSES = ("FlowState",)


def open_to_subclasses(source: str, mode: str = "native",
                       plain: tuple[str, ...] = PLAIN_CLASSES) -> str:
    """``source`` with ``@mypyc_attr(...)`` (``CLASS_MODES[mode]``; ``plain`` classes
    non-native) on every top-level class that mypyc would compile to a native class, so
    the interpreted games may still subclass it."""

    def decorate(match: re.Match[str]) -> str:
        bases = match.group("bases") or ""
        if any(word in bases for word in _NOT_NATIVE):
            return match.group(0)
        how = CLASS_MODES["plain" if match.group(1) in plain else mode]
        return f"@mypyc_attr({how})\n" + match.group(0)

    changed = _CLASS.sub(decorate, source)
    if changed == source:
        return source
    # after the __future__ import and the docstring: the first line importing anything
    lines = changed.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(("import ", "from "))
              and "__future__" not in line)
    lines.insert(at, "from mypy_extensions import mypyc_attr")
    return "\n".join(lines)


# ``core.hooks`` puts a game's ``heuristic(game, state, seat)`` on its class to bind as a
# method; a compiled function is a builtin, which does not bind (``game.heuristic(st, seat)``
# then misses ``seat``). The copy's hooks wrap such a function in a binding descriptor.
_HOOKS = "designkit/core/hooks.py"
_HOOKS_OLD = "setattr(cls, name, fn if name in TAKE_THE_GAME else staticmethod(fn))"
_HOOKS_NEW = """setattr(cls, name, (fn if isinstance(fn, FunctionType) else _Binds(fn))
                    if name in TAKE_THE_GAME else staticmethod(fn))"""
_BINDS = """

class _Binds:
    \"\"\"A compiled function that binds as a method (compiled_build.py's copy only).\"\"\"

    def __init__(self, fn: Any) -> None:
        self.fn = fn

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        import functools
        return self.fn if obj is None else functools.partial(self.fn, obj)
"""


def bind_compiled_hooks(out: Path) -> None:
    """Patch the copy's ``core/hooks.py`` so compiled hook functions bind (see ``_HOOKS``)."""
    path = out / _HOOKS
    text = path.read_text(encoding="utf-8")
    if "_Binds" in text:
        return
    if _HOOKS_OLD not in text:
        raise SystemExit(f"{_HOOKS}: the hook binding line changed; update compiled_build.py")
    text = text.replace(_HOOKS_OLD, _HOOKS_NEW) + _BINDS
    text = text.replace("from __future__ import annotations\n",
                        "from __future__ import annotations\n\nfrom types import FunctionType\n"
                        "from typing import Any\n", 1)
    path.write_text(text, encoding="utf-8")


def _setuptools_path() -> str | None:
    """A folder holding setuptools when the project's environment lacks it."""
    probe = subprocess.run([PY, "-c", "import setuptools"], capture_output=True)
    if probe.returncode == 0:
        return None
    found = sorted((ROOT / ".venv-tools" / "lib").glob("python3*/site-packages/setuptools"))
    if not found:
        raise SystemExit("setuptools is needed to build (make tools installs .venv-tools)")
    return str(found[-1].parent)


def build(out: Path, modules: list[str], mode: str = "native") -> float:
    """Copy the package into ``out`` and compile ``modules`` there; the build's seconds."""
    shutil.copytree(ROOT / "designkit", out / "designkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for linked in ("data", "tests"):
        (out / linked).symlink_to(ROOT / linked)
    for module in modules:
        path = out / module
        path.write_text(open_to_subclasses(path.read_text(encoding="utf-8"), mode),
                        encoding="utf-8")
    bind_compiled_hooks(out)
    (out / "mypy.ini").write_text(MYPY_INI, encoding="utf-8")
    (out / "setup_mypyc.py").write_text(SETUP, encoding="utf-8")
    env = dict(os.environ)
    extra = _setuptools_path()
    if extra:
        env["PYTHONPATH"] = extra
    start = time.perf_counter()
    done = subprocess.run([PY, "setup_mypyc.py", ",".join(modules), "build_ext", "--inplace"],
                          cwd=out, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-25:])
        raise SystemExit(f"mypyc build failed:\n{tail}")
    compiled = [m for m in modules
                if list((out / m).parent.glob(Path(m).stem + ".cpython-*.so"))]
    if len(compiled) != len(modules):
        raise SystemExit(f"not compiled: {sorted(set(modules) - set(compiled))}")
    return seconds


def _env(out: Path) -> dict[str, str]:
    """The copy first on the path (run with ``cwd=out``: ``-c`` puts the folder first)."""
    return {**os.environ, "PYTHONPATH": str(out)}


def check(out: Path, modules: list[str]) -> bool:
    """Fingerprints and goldens with the compiled copy imported; True when both match."""
    name = modules[0].removesuffix(".py").replace("/", ".")
    which = subprocess.run(
        [PY, "-c", f"import {name} as m; print(m.__file__)"],
        env=_env(out), cwd=out, capture_output=True, text=True, check=True).stdout.strip()
    if not which.startswith(str(out)) or not which.endswith(".so"):
        raise SystemExit(f"the copy's compiled {name} was not imported: {which}")
    ok = True
    for name, command in (
        ("fingerprints", [PY, str(ROOT / "scripts" / "fingerprints.py")]),
        ("playthroughs", [str(Path(PY).parent / "designkit"), "playthroughs", "--check",
                          "--dir", str(ROOT / "tests" / "playthroughs")]),
    ):
        done = subprocess.run(command, env=_env(out), cwd=out, capture_output=True, text=True)
        last = (done.stdout + done.stderr).strip().splitlines()[-3:]
        print(f"check {name}: {'same' if done.returncode == 0 else 'DIFFERENT'}"
              f" ({' / '.join(last)})", flush=True)
        ok = ok and done.returncode == 0
    return ok


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ab_args = argv[argv.index("--") + 1:] if "--" in argv else DEFAULT_AB
    own = argv[:argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="play", help="module set to compile ('list' lists them)")
    parser.add_argument("--module", action="append", default=[],
                        help="compile this module too (path from the repository root)")
    parser.add_argument("--classes", choices=sorted(CLASS_MODES), default="native",
                        help="the compiled modules' classes: native (default; FlowState "
                             "stays a Python class) or plain Python")
    parser.add_argument("--keep", type=Path, help="build here and keep it (else a temp folder)")
    parser.add_argument("--built", type=Path, help="a folder built before (--keep): no build")
    parser.add_argument("--no-check", action="store_true", help="skip fingerprints/goldens")
    parser.add_argument("--no-ab", action="store_true", help="build and check only")
    args = parser.parse_args(own)
    if args.set == "list":
        for name, modules in SETS.items():
            print(f"{name}: {' '.join(modules)}")
        return 0
    if args.set not in SETS:
        parser.error(f"--set: one of {', '.join(SETS)} or list (got {args.set!r})")
    modules = list(dict.fromkeys([*SETS[args.set], *args.module]))
    if args.built:
        out = args.built.resolve()
    elif args.keep:
        args.keep.mkdir(parents=True, exist_ok=False)
        out = args.keep.resolve()
    else:
        out = Path(tempfile.mkdtemp(prefix="dk-mypyc-"))
    try:
        if args.built:
            bind_compiled_hooks(out)
        else:
            seconds = build(out, modules, args.classes)
            print(f"built {len(modules)} module(s) in {seconds:.0f} s into {out}: "
                  f"{' '.join(modules)}", flush=True)
        if not args.no_check and not check(out, modules):
            return 1
        if not args.no_ab:
            ab = [PY, str(ROOT / "benchmarks" / "ab.py"), "engine", str(ROOT), str(out), *ab_args]
            print("$ ab.py engine (old = plain tree, new = compiled copy) " + " ".join(ab_args),
                  flush=True)
            return subprocess.run(ab, cwd=ROOT).returncode
        return 0
    finally:
        if not args.keep and not args.built:
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
