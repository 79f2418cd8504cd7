"""A static check that event text is built only once the game knows logging is on.

The runtime spy (``harness.check_lazy_logging``) sees an ``emit`` made while logging is
off, but not text built *before* the check and handed to a guarded ``emit`` (issue 36:
``names = ", ".join(...)`` then ``if st.log is not None: st.emit(..., names)``): the
join runs in every silent game of a batch. This reads each game module's source: in
every function, a name bound outside an ``if <x>.log is not None:`` block (or after an
``if <x>.log is None: return``) to text (an f-string with fields, ``.join``, ``.format``,
``bi(...)``) and read only inside such blocks or in ``emit`` arguments is text built for
nothing while logging is off.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

#: calls that build text (besides ``str.join`` / ``str.format``)
TEXT_CALLS = {"bi"}


def _is_log_test(node: ast.expr, negated: bool) -> bool:
    """``<x>.log is not None`` (or, ``negated``, ``<x>.log is None``), alone or as one term
    of an ``and`` (``negated``: of an ``or``)."""
    if isinstance(node, ast.BoolOp):
        want = ast.Or if negated else ast.And
        return isinstance(node.op, want) and any(_is_log_test(v, negated) for v in node.values)
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1
            and isinstance(node.comparators[0], ast.Constant)
            and node.comparators[0].value is None):
        return False
    left = node.left
    named = (isinstance(left, ast.Attribute) and left.attr == "log") or \
        (isinstance(left, ast.Name) and left.id == "log")
    op = ast.Is if negated else ast.IsNot
    return named and isinstance(node.ops[0], op)


def _builds_text(node: ast.expr) -> bool:
    if isinstance(node, ast.IfExp) and _is_log_test(node.test, negated=False):
        return False                    # ``text if st.log is not None else ""``
    for sub in ast.walk(node):
        if isinstance(sub, ast.JoinedStr) and any(isinstance(v, ast.FormattedValue)
                                                  for v in sub.values):
            return True
        if isinstance(sub, ast.Call):
            f = sub.func
            if isinstance(f, ast.Attribute) and f.attr in ("join", "format"):
                return True
            if isinstance(f, ast.Name) and f.id in TEXT_CALLS:
                return True
    return False


def _exits(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Continue))


def _scan(body: list[ast.stmt], guarded: bool, texts: dict[str, ast.AST],
          uses: dict[str, list[bool]]) -> None:
    """Walk statements: record unguarded text bindings and every read with whether it is
    in a guarded block or an ``emit`` argument."""
    for stmt in body:
        if isinstance(stmt, ast.If):
            if _is_log_test(stmt.test, negated=False):
                _reads(stmt.test, guarded, uses)
                _scan(stmt.body, True, texts, uses)
                _scan(stmt.orelse, guarded, texts, uses)
                continue
            if _is_log_test(stmt.test, negated=True) and _exits(stmt.body):
                _scan(stmt.body, guarded, texts, uses)
                guarded = True          # what follows runs only while logging
                continue
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue                    # its own scope
        if (not guarded and isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name) and _builds_text(stmt.value)):
            texts.setdefault(stmt.targets[0].id, stmt)
            _reads(stmt.value, guarded, uses)
            continue
        nested = [f for f in ("body", "orelse", "finalbody", "handlers") if hasattr(stmt, f)]
        if nested and not isinstance(stmt, ast.If):
            for name, value in ast.iter_fields(stmt):
                if name in ("body", "orelse", "finalbody"):
                    _scan(value, guarded, texts, uses)
                elif name == "handlers":
                    for h in value:
                        _scan(h.body, guarded, texts, uses)
                elif isinstance(value, ast.AST):
                    _reads(value, guarded, uses)
            continue
        if isinstance(stmt, ast.If):
            _reads(stmt.test, guarded, uses)
            _scan(stmt.body, guarded, texts, uses)
            _scan(stmt.orelse, guarded, texts, uses)
            continue
        _reads(stmt, guarded, uses)


def _reads(node: ast.AST, guarded: bool, uses: dict[str, list[bool]]) -> None:
    """Every name read under ``node``: for the log only when guarded or in an emit call."""
    emitted: set[int] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) \
                and sub.func.attr == "emit":
            for arg in [*sub.args, *(k.value for k in sub.keywords)]:
                emitted |= {id(n) for n in ast.walk(arg)}
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
            uses.setdefault(sub.id, []).append(guarded or id(sub) in emitted)


def _log_only(name: str) -> bool:
    """A helper that only writes the log (``_log_move``): its body runs while logging, so
    every call to it must sit under the check (:func:`eager_texts` checks that too)."""
    return name.startswith(("_log", "log_"))


def eager_texts(source: str, filename: str = "<source>") -> Iterator[str]:
    """``file:line name`` of each text built before the logging check, log-only, and of
    each call of a log-only helper outside the check."""
    tree = ast.parse(source, filename)
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        texts: dict[str, ast.AST] = {}
        uses: dict[str, list[bool]] = {}
        _scan(fn.body, _log_only(fn.name), texts, uses)
        for name, stmt in texts.items():
            seen = uses.get(name, [])
            if seen and all(seen):
                yield f"{filename}:{stmt.lineno} {name} (in {fn.name})"
        for name, flags in uses.items():
            if _log_only(name) and not all(flags) and not _log_only(fn.name):
                yield f"{filename}: {name} called outside a logging check (in {fn.name})"


def eager_texts_in(root: Path) -> list[str]:
    out: list[str] = []
    for path in sorted(root.rglob("*.py")):
        out += eager_texts(path.read_text(encoding="utf-8"), str(path.relative_to(root.parent)))
    return out
