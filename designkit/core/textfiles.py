"""Reading a designer's text files (variants, records) with one-line errors.

A typo in a file name, a folder given where a file was meant, a file saved in
Shift-JIS or a YAML mapping with the same key twice are everyday mistakes; each
becomes a :class:`DataError` naming the file (and line and column where there is
one) and how to fix it, never a traceback or a silently kept value.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from designkit.core.errors import DataError
from designkit.core.messages import Text, bi


def read_text(path: str | Path) -> str:
    """The file's text, decoded as UTF-8 (a byte-order mark is allowed)."""
    path = Path(path)
    name = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        hint = _near_names(path)
        raise DataError(name, bi("file not found{h}", "ファイルがありません{hj}",
                                 h=f" (did you mean {hint}?)" if hint else "",
                                 hj=f"（{hint} のことですか？）" if hint else "")) from None
    except IsADirectoryError:
        raise DataError(name, Text("is a folder, not a file: give the path of the file itself",
                                   "ファイルではなくフォルダです：ファイルそのもののパスを"
                                   "指定してください")) from None
    except PermissionError:
        raise DataError(name, Text("cannot be read (permission denied)",
                                   "読めません（アクセス権がありません）")) from None
    except OSError as err:
        raise DataError(name, bi("cannot be read ({e})", "読めません（{e}）",
                                 e=err.strerror or err)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        guess = guess_ja = ""
        for encoding, label in (("cp932", "Shift-JIS"), ("euc_jp", "EUC-JP")):
            try:
                data.decode(encoding)
            except UnicodeDecodeError:
                continue
            guess, guess_ja = f"it looks like {label}; ", f"{label} のようです。"
            break
        raise DataError(name, bi("line {n}: not UTF-8 text ({g}save it as UTF-8)",
                                 "{n} 行目：UTF-8 のテキストではありません（{gj}UTF-8 で保存して"
                                 "ください）", n=line, g=guess, gj=guess_ja)) from None


def _near_names(path: Path) -> str:
    """Files in the same folder whose names are close to the missing one."""
    import difflib

    folder = path.parent if str(path.parent) else Path(".")
    try:
        names = [p.name for p in folder.iterdir() if p.is_file()]
    except OSError:
        return ""
    close = difflib.get_close_matches(path.name, names, n=2, cutoff=0.8)
    return " or ".join(str(folder / c) if str(path.parent) != "." else c for c in close)


class _UniqueKeyLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses a mapping with the same key twice."""


def _mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: dict[Any, Any] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            first = seen.get(key)
        except TypeError:  # an unhashable key: SafeLoader reports it below
            continue
        if first is not None:
            raise yaml.constructor.ConstructorError(
                None, None, f"key '{key}' appears twice (first on line {first + 1}); keep one",
                key_node.start_mark)
        seen[key] = key_node.start_mark.line
    return loader.construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load_yaml(text: str, source: str) -> Any:
    """Parse YAML safely (no Python objects), refusing duplicate keys; errors name the line."""
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        where_ja = f"{mark.line + 1} 行目、{mark.column + 1} 文字目：" if mark else ""
        problem = err.problem or err.context or "unreadable"
        if isinstance(err, yaml.constructor.ConstructorError) and "twice" in problem:
            key = re.match(r"key ('.*') appears twice \(first on line (\d+)\)", problem)
            ja = (f"キー {key[1]} が2回あります（最初は {key[2]} 行目）。1つにしてください"
                  if key else problem)
            raise DataError(source, bi("{w}{p}", "{wj}{ja}", w=where, wj=where_ja, p=problem,
                                       ja=ja)) from None
        raise DataError(source, bi("{w}not valid YAML: {p}", "{wj}YAML として正しくありません"
                                   "（{p}）", w=where, wj=where_ja, p=problem)) from None
    except yaml.YAMLError as err:
        problem = " ".join(str(err).split())
        raise DataError(source, bi("not valid YAML: {p}", "YAML として正しくありません（{p}）",
                                   p=problem)) from None
