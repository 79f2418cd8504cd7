"""benchmarks/compiled_build.py's edits of its copy (issue 37): the classes a compiled module
declares stay open to the interpreted games, and the copy's hooks bind a compiled heuristic.
The build itself (minutes of mypyc) is not run here; its checks are the fingerprints'."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compiled_build",
                                                  ROOT / "benchmarks" / "compiled_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_native_class_is_decorated_and_flowstate_stays_python() -> None:
    cb = _script()
    source = (ROOT / "designkit" / "core" / "flow.py").read_text(encoding="utf-8")
    out = cb.open_to_subclasses(source)
    assert "@mypyc_attr(allow_interpreted_subclasses=True)\nclass Flow:" in out
    assert "@mypyc_attr(allow_interpreted_subclasses=True)\nclass FlowGame(" in out
    assert "@mypyc_attr(native_class=False)\nclass FlowState(" in out
    # NamedTuple and Protocol classes are not native: left as they are
    assert "@mypyc_attr(allow_interpreted_subclasses=True)\nclass Decision(" not in out
    assert "@mypyc_attr(allow_interpreted_subclasses=True)\nclass _Card(" not in out
    assert "from mypy_extensions import mypyc_attr" in out
    compile(out, "flow.py", "exec")  # still Python
    plain = cb.open_to_subclasses(source, "plain")
    assert "allow_interpreted_subclasses" not in plain
    assert cb.open_to_subclasses("x = 1\n") == "x = 1\n"  # no class: unchanged


def test_the_copys_hooks_bind_a_builtin_heuristic(tmp_path: Path) -> None:
    cb = _script()
    (tmp_path / "designkit" / "core").mkdir(parents=True)
    shutil.copy(ROOT / "designkit" / "core" / "hooks.py", tmp_path / "designkit" / "core")
    cb.bind_compiled_hooks(tmp_path)  # fails when hooks.py's binding line has changed
    cb.bind_compiled_hooks(tmp_path)  # a second patch is a no-op
    text = (tmp_path / "designkit" / "core" / "hooks.py").read_text(encoding="utf-8")
    assert text.count("class _Binds") == 1
    namespace: dict[str, object] = {"__name__": "hooks_copy"}
    exec(compile(text, "hooks.py", "exec"), namespace)
    binds = namespace["_Binds"]

    class Game:
        heuristic = binds(divmod)  # type: ignore[operator]  # a builtin, as mypyc's

    game = Game()
    bound = game.heuristic
    assert bound.func is divmod and bound.args == (game,)
    assert Game.heuristic is divmod
