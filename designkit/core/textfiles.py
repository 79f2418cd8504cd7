"""Reading a designer's text files (variants, records) with one-line errors.

A typo in a file name, a folder given where a file was meant, a file saved in
Shift-JIS or a YAML mapping with the same key twice are everyday mistakes; each
becomes a :class:`DataError` naming the file (and line and column where there is
one) and how to fix it, never a traceback or a silently kept value.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from designkit.core.errors import DataError
from designkit.core.limits import MAX_DEPTH, MAX_INT_DIGITS, MAX_VARIANT_BYTES
from designkit.core.messages import Text, bi

#: what :func:`read_text` names a file it refuses, by default
VARIANT_FILE = Text("a variant file", "バリアントファイル")
RECORD_FILE = Text("a game record", "ゲームの記録")
CARD_TABLE = Text("a card table", "カード表")
RESULTS_FILE = Text("a results file (.csv or .parquet)", "結果ファイル（.csv か .parquet）")


def refuse_device(path: str | Path, kind: Text) -> None:
    """A device or socket named where a file is meant (``/dev/zero``, a link to one) is one
    line: a reader that trusts it reads forever. For files with no size limit (a results
    table may hold millions of games) this is the whole check."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # the reader says what is wrong with a missing or unreadable file
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISSOCK(mode):
        raise DataError(str(path), bi("is a device, not a file: give {k}",
                                      "デバイスでファイルではありません：{k}を指定してください",
                                      k=kind))


def read_bytes(path: str | Path, limit: int, kind: Text) -> bytes:
    """The file's bytes, read with a bound: at most ``limit`` bytes are ever held.

    A device (``/dev/zero``, ``/dev/urandom``), a socket or a file larger than ``limit``
    is one line naming the file and the limit, before anything is parsed; a pipe
    (``--variant <(…)``) is read up to the limit. ``kind`` says what the file was
    meant to be ("a variant file"), for the message.
    """
    path = Path(path)
    name = str(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(name)
        refuse_device(path, kind)
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise DataError(name, _too_large(info.st_size, limit, kind))
        with open(path, "rb") as f:
            data = f.read(limit + 1)
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
    if len(data) > limit:
        raise DataError(name, _too_large(None, limit, kind))
    return data


def _too_large(size: int | None, limit: int, kind: Text) -> Text:
    if size is None:  # a pipe: its length shows only by reading past the limit
        return bi("longer than {k} may be ({lim}): is this the right file?",
                  "{k}の上限（{lim}）より長いです：正しいファイルですか？", k=kind,
                  lim=_size(limit))
    return bi("{mb:,.1f} MB is larger than {k} may be ({lim}): is this the right file?",
              "{mb:,.1f} MB は{k}の上限（{lim}）より大きいです：正しいファイルですか？",
              mb=size / 1e6, k=kind, lim=_size(limit))


def _size(n: int) -> str:
    return f"{n / 1e6:g} MB" if n >= 1_000_000 else f"{n / 1e3:g} KB"


def read_text(path: str | Path, limit: int = MAX_VARIANT_BYTES,
              kind: Text = VARIANT_FILE) -> str:
    """The file's text, decoded as UTF-8 (a byte-order mark is allowed), read with a
    bound (:func:`read_bytes`)."""
    name = str(path)
    data = read_bytes(path, limit, kind)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise DataError(name, not_utf8(data, err)) from None


#: byte-order marks of the encodings a spreadsheet or an editor may save in instead
_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
         (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))
_JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]")
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ue000-\uf8ff]")


def not_utf8(data: bytes, err: UnicodeDecodeError) -> Text:
    """Why ``data`` is not UTF-8, with the encoding it really is when that can be told:
    a byte-order mark (UTF-16/32), NUL bytes between letters (UTF-16 without a mark),
    or Japanese text that decodes cleanly as Shift-JIS or EUC-JP. Anything else names
    the first bad byte: a stray 0xFF is not "Shift-JIS" just because cp932 maps it."""
    line = data[:err.start].count(b"\n") + 1
    label = ""
    for bom, enc in _BOMS:
        if data.startswith(bom):
            label = enc
            break
    if not label and data.count(b"\x00") * 4 >= len(data) > 0:
        label = "UTF-16"
    if not label:
        best = 0
        for encoding, name in (("cp932", "Shift-JIS"), ("euc_jp", "EUC-JP")):
            try:
                text = data.decode(encoding)
            except UnicodeDecodeError:
                continue
            score = len(_JAPANESE.findall(text))
            if score > best and not _NOT_TEXT.search(text):
                best, label = score, name
    if label:
        return bi("not UTF-8 text: it looks like {g}; save it as UTF-8",
                  "UTF-8 のテキストではありません：{g} のようです。UTF-8 で保存してください",
                  g=label)
    return bi("line {n}: not UTF-8 text (byte 0x{b:02X} cannot start or continue a "
              "character); save it as UTF-8", "{n} 行目：UTF-8 のテキストではありません（バイト "
              "0x{b:02X} は文字になりません）。UTF-8 で保存してください", n=line,
              b=data[err.start])


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
    """``yaml.SafeLoader`` that refuses a mapping with the same key twice, a value nested
    deeper than :data:`~designkit.core.limits.MAX_DEPTH` and a whole number longer than
    :data:`~designkit.core.limits.MAX_INT_DIGITS` digits.

    PyYAML's scanner and parser keep their own stacks, but its composer recurses once per
    level: 5,000 ``[`` would end in RecursionError. Counting levels there refuses them
    at the first level too many, with its line and column, before any object is built.
    """

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(
                    None, None, f"nested too deeply (more than {MAX_DEPTH} levels)",
                    self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node: yaml.ScalarNode) -> Any:
        if len(str(node.value)) > MAX_INT_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, f"a number of more than {MAX_INT_DIGITS} digits", node.start_mark)
        return super().construct_yaml_int(node)


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
_UniqueKeyLoader.add_constructor("tag:yaml.org,2002:int", _UniqueKeyLoader.construct_yaml_int)


def parse_value(text: str) -> Any:
    """One value typed by a person (``--set``, a panel field) parsed as YAML, with the
    same depth and digit limits as a file; raises ``yaml.YAMLError`` (the caller keeps
    unparseable text as text) or :class:`TooDeep`."""
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as err:
        if err.problem and "nested too deeply" in err.problem:
            raise TooDeep(bi("nested too deeply (more than {d} levels)",
                             "入れ子が深すぎます（{d} 段まで）", d=MAX_DEPTH)) from None
        if err.problem and "digits" in err.problem:
            raise TooDeep(bi("a number of more than {d} digits", "{d} 桁を超える数です",
                             d=MAX_INT_DIGITS)) from None
        raise


class TooDeep(ValueError):
    """A typed value past a limit of :func:`parse_value` (the message says which)."""


def load_yaml(text: str, source: str) -> Any:
    """Parse YAML safely (no Python objects), refusing duplicate keys; errors name the line."""
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        where_ja = f"{mark.line + 1} 行目、{mark.column + 1} 文字目：" if mark else ""
        problem = err.problem or err.context or "unreadable"
        if "nested too deeply" in problem or "digits" in problem:
            ja = (f"入れ子が深すぎます（{MAX_DEPTH} 段まで）" if "nested" in problem else
                  f"{MAX_INT_DIGITS} 桁を超える数です")
            raise DataError(source, bi("{w}{p}", "{wj}{ja}", w=where, wj=where_ja, p=problem,
                                       ja=ja)) from None
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


# -- JSON (records) ------------------------------------------------------------------------------
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """How deeply ``text``'s arrays and objects nest (brackets inside strings aside):
    checked before ``json.loads``, whose decoder recurses once per level."""
    depth = deepest = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def load_json(text: str, source: str) -> Any:
    """Parse JSON text with the depth and digit limits; every problem is one DataError."""
    import json

    if json_depth(text) > MAX_DEPTH:
        raise DataError(source, bi("nested too deeply (more than {d} levels)",
                                   "入れ子が深すぎます（{d} 段まで）", d=MAX_DEPTH))

    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise DataError(source, bi("a number of {n:,} digits (at most {m})",
                                       "{n:,} 桁の数です（{m} 桁まで）",
                                       n=len(digits.lstrip("-")), m=MAX_INT_DIGITS))
        return int(digits)

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        # json keeps the last of two equal keys: a record with "seed" twice would replay
        # one and show the other
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise DataError(source, bi("key {k!r} appears twice in one object; keep one",
                                           "キー {k!r} が1つのオブジェクトに2回あります。1つに"
                                           "してください", k=key))
            out[key] = value
        return out

    try:
        return json.loads(text, parse_int=whole, object_pairs_hook=unique)
    except json.JSONDecodeError as err:
        raise DataError(source, bi("line {n}, column {c}: not valid JSON ({m})",
                                   "{n} 行目、{c} 文字目：JSON として正しくありません（{m}）",
                                   n=err.lineno, c=err.colno, m=err.msg)) from None
