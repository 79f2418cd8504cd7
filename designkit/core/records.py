"""Game records: JSON with every step and chance outcome written out (OpenSpiel style).

A record replays to the identical final state, log and scores without any RNG,
so it survives an RNG change and can be diffed, shared and attached to issues.
It must also prove what it says: on load it is checked against the documented
JSON Schema (``record.schema.json``, see ``docs/records.md``), and format 2 carries
SHA-256 hashes of the card tables and parameters the game was played with and of
its own steps, so a replay names the card table that changed, refuses steps
edited after the fact, and refuses a game cut short before its end.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from designkit.core.atomic import write_text_atomic
from designkit.core.errors import DataError, DesignkitError, IllegalAction, RecordMismatch
from designkit.core.flow_dict import tuplify
from designkit.core.game import CHANCE, Game, State
from designkit.core.limits import MAX_RECORD_BYTES
from designkit.core.messages import Text, bi, text_of
from designkit.core.params import Params
from designkit.core.paths import data_dir
from designkit.core.play import Step
from designkit.core.registry import get_game
from designkit.core.textfiles import RECORD_FILE, load_json, read_text

FORMAT_VERSION = 3
#: format 1 (before hashes and ``finished``) is still read, its checks the replay's own;
#: format 2 (before ``seed`` and ``agents`` were hashed) is read with the hashes it has
READABLE_VERSIONS = (1, 2, 3)
SCHEMA_PATH = Path(__file__).with_name("record.schema.json")
_SLOW_FORMAT_CHECKERS = ("rfc3987_syntax", "isoduration")


def _package_version() -> str:
    try:
        return version("designkit")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0.0.0"


# -- hashes ------------------------------------------------------------------------------------
def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def canonical_hash(value: Any) -> str:
    """SHA-256 of ``value`` as canonical JSON (sorted keys, no spaces, UTF-8): a tuple
    hashes like the list a reader of the file sees."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return _digest(text.encode("utf-8"))


def data_hashes(game_name: str) -> dict[str, str]:
    """``data/<game>/<file>.csv`` → SHA-256 of its bytes, for every card table of the game.

    Only the tables the game declares (``Game.card_tables``): a ``notes.csv`` or a results
    file saved into the data folder does not change the rules, so it must not make every
    old record refuse to replay. ``rules.csv`` holds only rule texts shown beside the log,
    so it is left out too: editing a translation must not invalidate records.
    """
    folder = data_dir(game_name)
    if not folder.is_dir():
        return {}
    out = {}
    for rel in _table_names(game_name, folder):
        path = folder / rel
        if path.is_file():
            out[f"data/{game_name}/{rel}"] = _digest(path.read_bytes())
    return out


def _declared(game_name: str) -> tuple[str, ...] | None:
    try:
        return get_game(game_name).card_tables
    except DesignkitError:
        return None


def _table_names(game_name: str, folder: Path) -> list[str]:
    declared = _declared(game_name)
    if declared is not None:
        return sorted(declared)
    return sorted(rel for rel in (p.relative_to(folder).as_posix()
                                  for p in folder.rglob("*.csv")) if rel != "rules.csv")


def data_differences(record: dict[str, Any]) -> list[Text]:
    """How the card tables on disk differ from those the record was made with (empty: same).

    A recorded file the game does not read (hashed by an older version that took every
    ``*.csv``) is no difference."""
    recorded = (record.get("hashes") or {}).get("data")
    if recorded is None:
        return []
    now = data_hashes(record["game"])
    declared = _declared(record["game"])
    if declared is not None:
        recorded = {k: v for k, v in recorded.items()
                    if k in {f"data/{record['game']}/{rel}" for rel in declared}}
    out = [bi("made with a different {n}", "別の {n} で作られています", n=name)
           for name in sorted(recorded) if name in now and now[name] != recorded[name]]
    out += [bi("made with {n}, which is missing now", "{n} で作られましたが、いまはそのファイルが"
               "ありません", n=name) for name in sorted(recorded) if name not in now]
    out += [bi("{n} was added since the record was made", "記録したあとで {n} が加わりました",
               n=name) for name in sorted(now) if name not in recorded]
    return out


# -- writing -----------------------------------------------------------------------------------
def make_record(game: Game, params: Params, seed: int | None, agents: Sequence[str],
                steps: Sequence[Step], state: State) -> dict[str, Any]:
    """The record of a finished (or unfinished) game, ready for ``json.dump``."""
    over = game.is_over(state)
    params_dict = params.to_dict()
    step_list = [{"chance": s.action} if s.seat is None else
                 {"seat": s.seat, "action": game.action_to_json(s.action)} for s in steps]
    return {
        "format_version": FORMAT_VERSION,
        "game": game.name,
        "package_version": _package_version(),
        "params": params_dict,
        "seed": seed,
        "agents": list(agents),
        "steps": step_list,
        "finished": over,
        "scores": game.scores(state) if over else None,
        "ranking": game.ranking(state) if over else None,
        "final_state": game.state_to_dict(state),
        "hashes": {"algorithm": "sha256", "data": data_hashes(game.name),
                   "params": canonical_hash(params_dict), "steps": canonical_hash(step_list),
                   "seed": canonical_hash(seed), "agents": canonical_hash(list(agents))},
    }


def save_record(record: dict[str, Any], path: str | Path) -> Path:
    path = Path(path)
    if path.is_dir():
        raise DataError(str(path), Text("is a folder: give a file name such as game.json",
                                        "フォルダです：game.json のようなファイル名にしてください"))
    if not path.parent.is_dir():
        raise DataError(str(path), bi("folder {f} does not exist", "フォルダ {f} がありません",
                                      f=path.parent))
    text = json.dumps(record, ensure_ascii=False, indent=1)
    try:
        write_text_atomic(path, text, option="--record")
    except OSError as err:
        raise DataError(str(path), bi("cannot be written ({e})", "書き込めません（{e}）",
                                      e=err.strerror or err)) from None
    return path


# -- reading -----------------------------------------------------------------------------------
@functools.cache
def schema() -> dict[str, Any]:
    """The record JSON Schema (``designkit/core/record.schema.json``)."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _where(path: Sequence[Any]) -> Text:
    parts = list(path)
    step = None
    if len(parts) >= 2 and parts[0] == "steps" and isinstance(parts[1], int):
        step, rest = parts[1], parts[2:]
    else:
        rest = parts
    tail = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p))
                   for i, p in enumerate(rest))
    if step is not None and tail:
        return bi("step {s}, field '{t}'", "{s} 手目、項目 '{t}'", s=step, t=tail)
    if step is not None:
        return bi("step {s}", "{s} 手目", s=step)
    return bi("field '{t}'", "項目 '{t}'", t=tail) if tail else Text("record", "記録")


#: the schema's JSON types in Japanese (the lab's 日本語 mode)
_TYPES_JA = {"integer": "整数", "number": "数", "string": "文字列", "boolean": "真偽値",
             "array": "配列", "object": "オブジェクト", "null": "null"}


def _describe(err: Any) -> Text:
    """A jsonschema error as a person would say it, in both languages: jsonschema words
    its messages in English only, so each check the schema uses is worded here (any other
    keeps jsonschema's English, named as a schema error in the Japanese)."""
    shown = json.dumps(err.instance, ensure_ascii=False)[:40]
    want = err.validator_value
    if err.validator == "not":
        return Text("must not be null", "null にはできません")
    if err.validator == "additionalProperties":
        extra = ", ".join(repr(k) for k in err.instance
                          if k not in err.schema.get("properties", {}))
        return Text(err.message.replace(" were unexpected", " are not allowed here")
                    .replace(" was unexpected", " is not allowed here"),
                    f"ここでは {extra} は使えません")
    if err.validator == "type":
        types = [str(t) for t in (want if isinstance(want, list) else [want])]
        return bi("{v} is not of type {t}", "{v} は{tj}ではありません", v=shown,
                  t=" or ".join(types), tj="か".join(_TYPES_JA.get(t, t) for t in types))
    english = " ".join(err.message.split())[:160]
    if err.validator == "required":
        missing = next((k for k in want if k not in err.instance), "")
        return Text(english, f"必須の項目 {missing!r} がありません")
    if err.validator == "enum":
        return Text(english, f"{shown} は {', '.join(map(str, want))} のどれでもありません")
    if err.validator == "const":
        return Text(english, f"{json.dumps(want, ensure_ascii=False)} でなければなりません")
    if err.validator == "minLength":
        return Text(english, f"{shown} は短すぎます（{want} 文字以上）")
    if err.validator == "minimum":
        return Text(english, f"{shown} は最小値 {want} より小さいです")
    if err.validator == "pattern":
        return Text(english, f"{shown} は形式 {want} に合いません")
    return Text(english, f"スキーマに合いません（{english}）")


def _jsonschema() -> Any:
    """``jsonschema``, imported without ``rfc3987_syntax`` when nothing has loaded it yet.

    jsonschema imports every optional format checker it finds; the Jupyter extras install
    ``rfc3987_syntax``, whose grammar takes about 5 s to build on import (``iri`` formats),
    and ``isoduration`` with ``arrow`` (0.3 s, ``duration``): formats this schema never
    uses. Hiding them for the import keeps ``designkit replay`` well under a second.
    """
    import sys

    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    hidden = [m for m in _SLOW_FORMAT_CHECKERS if m not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # import -> ImportError
    try:
        import jsonschema  # type: ignore[import-untyped]
    finally:
        for name in hidden:
            del sys.modules[name]
    return jsonschema


def check_record(record: Any, source: str = "record") -> dict[str, Any]:
    """Validate ``record`` against the schema; a one-line DataError names the first problem."""
    jsonschema = _jsonschema()

    if not isinstance(record, dict):
        kind = "null" if record is None else type(record).__name__
        raise DataError(source, bi("a record is a JSON object with format_version, game, "
                                   "params and steps, not {k}", "記録は format_version・game・"
                                   "params・steps を持つ JSON オブジェクトです（{k} ではありません）",
                                   k=kind))
    fv = record.get("format_version")
    if isinstance(fv, int) and not isinstance(fv, bool) and fv > FORMAT_VERSION:
        raise DataError(source, bi("format version {v} is newer than this designkit "
                                   "understands ({mine}): update designkit", "形式のバージョン {v} "
                                   "はこの designkit が読めるもの（{mine}）より新しいです：designkit "
                                   "を更新してください", v=fv, mine=FORMAT_VERSION))
    validator = jsonschema.Draft202012Validator(schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(record))
    if error is not None:
        hint = Text("", "")
        if list(error.absolute_path) == ["format_version"]:
            hint = bi(" (write one of {v}, without quotes)", "（{v} のどれかを引用符なしで書いて"
                      "ください）", v=", ".join(map(str, READABLE_VERSIONS)))
        raise DataError(source, bi("{w}: {d}{h}", "{w}：{d}{h}", w=_where(error.absolute_path),
                                   d=_describe(error), h=hint))
    return record


def load_record(path: str | Path) -> dict[str, Any]:
    """Read and schema-check a record file; every problem is a one-line DataError."""
    path = Path(path)
    text = read_text(path, MAX_RECORD_BYTES, RECORD_FILE)
    record = load_json(text, str(path))
    return check_record(record, str(path))


def _with_data_note(record: dict[str, Any], message: str) -> str:
    diffs = data_differences(record)
    if not diffs:
        return message  # as worded, in both languages where it has them
    return bi("{m} (the record was {d})", "{m}（記録は {d}）", m=message, d=diffs[0])


def replay(record: dict[str, Any], log: bool = True, upto: int | None = None
           ) -> tuple[Game, State, list[Step]]:
    """Rebuild the game step by step; every step is checked for legality.

    A step that cannot be applied is reported with its number (0-based, as in the
    playthroughs) and, when the card tables changed since, which one.
    """
    game = get_game(record["game"])
    params = game.params_type.from_dict(record["params"], source="record params")
    state = game.new_state(params, log=log)
    steps: list[Step] = []
    total = len(record["steps"])
    for i, raw in enumerate(record["steps"][:upto]):
        who = game.to_move(state)
        try:
            if "chance" in raw:
                if who is not CHANCE:
                    expected = Text("the game is over", "ゲームは終わっています") if who is None \
                        else bi("seat {w} decides", "席 {w} が選ぶ番です", w=who)
                    raise RecordMismatch(bi("record has a chance outcome, but {e}",
                                            "記録には偶然の結果がありますが、{e}", e=expected))
                action = tuplify(raw["chance"])   # JSON has no tuples: dice rolled together
                step = Step(None, action)
            else:
                if who is None:
                    raise RecordMismatch(bi("record has a decision of seat {s}, but the game "
                                            "is over", "記録には席 {s} の選択がありますが、ゲームは"
                                            "終わっています", s=raw["seat"]))
                if raw["seat"] != who:
                    expected = Text("a chance outcome is due", "偶然の結果の番です") \
                        if who is CHANCE else bi("seat {w} decides", "席 {w} が選ぶ番です", w=who)
                    raise RecordMismatch(bi("record has seat {s}, but {e}",
                                            "記録では席 {s} ですが、{e}", s=raw["seat"],
                                            e=expected))
                try:
                    action = game.action_from_json(raw["action"])
                except DesignkitError:
                    raise
                except Exception as err:  # a malformed payload: the game's parser is strict
                    shown = json.dumps(raw["action"], ensure_ascii=False)[:60]
                    raise RecordMismatch(bi("{a} is not a {g} action ({t})",
                                            "{a} は {g} のアクションではありません（{t}）", a=shown,
                                            g=game.name, t=type(err).__name__)) from None
                step = Step(raw["seat"], action)
            try:
                game.apply(state, action)
            except TypeError:  # an unhashable outcome such as a list
                raise IllegalAction(bi("{a} is not possible now", "{a} はいまは選べません",
                                       a=json.dumps(action)[:60])) from None
        except (RecordMismatch, IllegalAction) as err:
            raise RecordMismatch(_with_data_note(record, bi(
                "step {i} of {n}: {e}", "{n} 手中の {i} 手目：{e}", i=i, n=total,
                e=text_of(err)))) from None
        steps.append(step)
    return game, state, steps


def check_integrity(record: dict[str, Any]) -> None:
    """Format 2: the steps and parameters hash to what was recorded, the card tables match."""
    get_game(record["game"])  # an unknown game is the first thing to say
    hashes = record.get("hashes")
    if hashes is None:
        return
    if canonical_hash(record["steps"]) != hashes["steps"]:
        raise RecordMismatch(bi("the steps were edited after the game was recorded (their "
                                "hash differs; the record has {n} steps)", "記録したあとで手順が"
                                "書き換えられています（ハッシュが違います。記録の手数は {n}）",
                                n=len(record["steps"])))
    if canonical_hash(record["params"]) != hashes["params"]:
        raise RecordMismatch(Text("the params were edited after the game was recorded (their "
                                  "hash differs)", "記録したあとでパラメータが書き換えられています"
                                  "（ハッシュが違います）"))
    for key, en, ja in (("seed", "the seed was", "シード"), ("agents", "the agents were",
                                                             "エージェント")):
        # format 3: who played and from which seed are part of what the record claims
        if key in hashes and canonical_hash(record.get(key)) != hashes[key]:
            raise RecordMismatch(bi("{e} edited after the game was recorded (the hash of "
                                    "'{k}' differs)", "記録したあとで{kj}が書き換えられています"
                                    "（'{k}' のハッシュが違います）", e=en, k=key, kj=ja))
    diffs = data_differences(record)
    if diffs:
        more = bi(" (and {n} more)", "（ほか {n} 件）", n=len(diffs) - 1) if len(diffs) > 1 \
            else Text("", "")
        raise RecordMismatch(bi("the record was {d}{m}: replay it with the card tables it was "
                                "played with", "記録は{d}{m}：遊んだときのカード表で再生して"
                                "ください", d=diffs[0], m=more))


def verify(record: dict[str, Any], require_end: bool = True) -> tuple[Game, State]:
    """Replay and check hashes, the game's end, scores, ranking and final state.

    ``require_end`` (the CLI's ``replay``): a record whose game did not reach its end is
    refused; the stepper loads unfinished games with :func:`replay` instead.
    """
    check_integrity(record)
    game, state, _ = replay(record)
    n = len(record["steps"])
    over = game.is_over(state)
    claims_end = record.get("finished") is True or record.get("scores") is not None
    if not over and (claims_end or require_end):
        why = Text(" although it says the game finished", "（記録は終わったと書いています）") \
            if claims_end else Text(" (an unfinished game: load it in the stepper to play on)",
                                    "（途中のゲームです：続けるにはステッパーで読み込んでください）")
        raise RecordMismatch(bi("the game did not reach its end: the record stops after {n} "
                                "steps{w}", "ゲームが終わりまで進んでいません：記録は {n} 手で"
                                "止まっています{w}", n=n, w=why))
    if over and (record.get("finished") is False or record.get("scores") is None):
        raise RecordMismatch(Text("the game ends after the recorded steps, but the record has "
                                  "no scores (edited?)", "記録した手順でゲームは終わりますが、"
                                  "記録に得点がありません（書き換えられた？）"))
    if record.get("scores") is not None:
        if game.scores(state) != record["scores"]:
            raise RecordMismatch(_with_data_note(record, bi(
                "scores {s} differ from the recorded {r}", "得点 {s} が記録の {r} と違います",
                s=game.scores(state), r=record["scores"])))
        if game.ranking(state) != record["ranking"]:
            raise RecordMismatch(_with_data_note(record, Text(
                "ranking differs from the record", "順位が記録と違います")))
    final = record.get("final_state")
    if final is not None and game.state_to_dict(state) != json.loads(json.dumps(final)):
        raise RecordMismatch(_with_data_note(record, Text(
            "final state differs from the record", "最後の局面が記録と違います")))
    if final is None and record.get("format_version", 1) >= 2:
        raise RecordMismatch(Text("the record has no final state", "記録に最後の局面がありません"))
    return game, state
