"""Reading a designer's text files (variants, records) with one-line errors.

A typo in a file name, a folder given where a file was meant, a file saved in
Shift-JIS or a YAML mapping with the same key twice are everyday mistakes; each
becomes a :class:`DataError` naming the file (and line and column where there is
one) and how to fix it, never a traceback or a silently kept value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from designkit.core.errors import DataError


def read_text(path: str | Path) -> str:
    """The file's text, decoded as UTF-8 (a byte-order mark is allowed)."""
    path = Path(path)
    name = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        hint = _near_names(path)
        raise DataError(name, "file not found" + (f" (did you mean {hint}?)" if hint else "")
                        ) from None
    except IsADirectoryError:
        raise DataError(name, "is a folder, not a file: give the path of the file itself"
                        ) from None
    except PermissionError:
        raise DataError(name, "cannot be read (permission denied)") from None
    except OSError as err:
        raise DataError(name, f"cannot be read ({err.strerror or err})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        guess = ""
        for encoding, label in (("cp932", "Shift-JIS"), ("euc_jp", "EUC-JP")):
            try:
                data.decode(encoding)
            except UnicodeDecodeError:
                continue
            guess = f"it looks like {label}; "
            break
        raise DataError(name, f"line {line}: not UTF-8 text ({guess}save it as UTF-8)"
                        ) from None


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
        problem = err.problem or err.context or "unreadable"
        if isinstance(err, yaml.constructor.ConstructorError) and "twice" in problem:
            raise DataError(source, f"{where}{problem}") from None
        raise DataError(source, f"{where}not valid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise DataError(source, f"not valid YAML: {' '.join(str(err).split())}") from None
