"""Typed, validated, immutable game parameters with the metadata panels need.

Each parameter is written once, as a dataclass field made with :func:`param`.
Its metadata (draft default, range or choices, help, rule ID, group) drives
validation, the CLI's ``--set``, YAML variants and the generated ParamsPanel,
so nothing has to repeat the list of parameters (TAG's four-times problem).
"""

from __future__ import annotations

import dataclasses
import difflib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Self

import yaml

from designkit.core.atomic import write_text_atomic
from designkit.core.errors import DataError, ParamError
from designkit.core.messages import Text, bi

_MISSING = dataclasses.MISSING

#: The group of rule switches: a cure a draft proposes, declared as a bool or a choice
#: whose default is the draft as written and whose ``rule`` is its own ``…-V…`` rule ID
#: (see :mod:`designkit.core.variants`).
VARIANTS = "Variants"


@dataclass(frozen=True)
class ParamSpec:
    """What a panel, a validator and a sweep need to know about one parameter."""

    kind: str  # int | float | bool | choice | table | list
    help: str
    rule: str
    group: str
    range: tuple[float, float] | None = None
    choices: tuple[Any, ...] | None = None
    optional: bool = False
    item_range: tuple[float, float] | None = None
    label: str = ""
    label_ja: str = ""
    #: the help in Japanese, so the lab's 日本語 mode explains the field in its own words
    help_ja: str = ""
    #: the grid a search walks on (ints: whole steps, default 1; floats: default
    #: :func:`default_step` of the range), so a tuned value is one a designer would write
    step: float | None = None
    #: True: in the game's short default list of parameters to tune; False: never tuned
    #: (an engine switch, a bound of another field); None: tunable when a designer names it
    tune: bool | None = None
    #: a default read from a data file: the kind is inferred from it on first use, so
    #: importing a game never reads its tables (a broken table must not stop another game)
    infer: Callable[[], Any] | None = field(default=None, compare=False, repr=False)
    #: a table whose rows are exactly its default's (``max_health`` per die): see ``param``
    fixed_rows: bool = False
    #: two other fields whose values bound this one (``players`` between ``players_min``
    #: and ``players_max``): ``range`` is then the widest they may take, and an error names
    #: the range those fields allow now, which is the one the game really plays
    within: tuple[str, str] | None = None
    #: a value the draft never sizes (a placeholder), with the plausible range a verdict
    #: that depends on it is swept over (its ends and the default): ``(lo, hi)``
    placeholder: tuple[float, float] | None = None
    #: the player counts at which the field acts at all (``(3,)``: a 3-player rule);
    #: None: every count. Two rulesets that differ only in fields inert at the count
    #: played are the same game (``Params.acting_diff``)
    acts_at: tuple[int, ...] | None = None

    def resolved(self) -> ParamSpec:
        """This spec with its kind inferred from the default, if it was deferred."""
        if self.infer is None:
            return self
        return dataclasses.replace(self, kind=_infer_kind(self.infer(), self.choices,
                                                          self.optional), infer=None)

    def describe_range(self) -> Text:
        """What values the field takes, in words (English, with its Japanese)."""
        if self.choices is not None:
            listed = ", ".join(repr(c) for c in self.choices)
            return bi("one of {c}", "{c} のいずれか", c=listed)
        if self.range is not None:
            lo, hi = self.range
            text = f"{_fmt(lo)}–{_fmt(hi)}"
            return bi("{t} or empty", "{t} または空欄", t=text) if self.optional \
                else Text(text, text)
        if self.item_range is not None:
            lo, hi = self.item_range
            return bi("each value {lo}–{hi}", "各値 {lo}–{hi}", lo=_fmt(lo), hi=_fmt(hi))
        return bi("any {k}", "任意の値", k=self.kind)

    def grid_step(self) -> float | None:
        """The search grid's step: the declared one, 1 for whole numbers, a round
        twentieth of the range for fractions; None where there is no numeric grid."""
        if self.kind not in ("int", "float") or self.range is None:
            return None
        if self.step is not None:
            return int(self.step) if self.kind == "int" else self.step
        return 1 if self.kind == "int" else default_step(*self.range)


def default_step(lo: float, hi: float) -> float:
    """A round step near a twentieth of ``lo``–``hi`` (1, 2, 2.5 or 5 × a power of ten):
    fine enough to tune, coarse enough that nobody sees 0.6976311959272649."""
    width = float(hi) - float(lo)
    if width <= 0:
        return 1.0
    raw = width / 20
    power = 10.0 ** math.floor(math.log10(raw))
    nice = next(m for m in (1, 2, 2.5, 5, 10) if m * power >= raw * (1 - 1e-9))
    return float(f"{nice * power:.12g}")


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


class FrozenTable(dict):
    """A per-item table (skill costs, VP tables) that cannot change once in a Params.

    A dict subclass so it pickles, compares and serialises like a dict; every
    mutating method raises, keeping Params truly immutable (and hashable).
    """

    def _readonly(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("parameter tables are read-only: use params.replace(field={...})")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly  # type: ignore[assignment]
    __ior__ = _readonly  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenTable, (dict(self),))


def param(default: Any = _MISSING, *, help: str, rule: str, group: str = "General",
          range: tuple[float, float] | None = None, choices: tuple[Any, ...] | None = None,
          item_range: tuple[float, float] | None = None, default_factory: Any = _MISSING,
          optional: bool = False, kind: str | None = None, label: str = "",
          label_ja: str = "", help_ja: str = "", step: float | None = None,
          tune: bool | None = None, fixed_rows: bool = False,
          within: tuple[str, str] | None = None,
          placeholder: tuple[float, float] | None = None,
          acts_at: tuple[int, ...] | None = None) -> Any:
    """Declare a parameter field: default, allowed values, help text and rule ID in one place.

    ``step`` is the grid a tuning search uses (declare it on fractions); ``tune=True``
    puts the field in the game's default list of parameters to tune, ``tune=False``
    keeps a search away from it. ``fixed_rows`` (tables): the default's rows are all
    there are (per die, per player count), so a row it lacks is refused, not kept unread.
    ``within=(low, high)``: the value lies between the values of fields ``low`` and ``high``
    (checked after every field, before ``check_consistency``; ``range`` bounds those two).
    ``placeholder=(lo, hi)``: the draft never sizes this value; verdicts that depend on it
    are given over that range. ``acts_at``: the player counts at which it acts.
    """
    if step is not None and (isinstance(step, bool) or not step > 0 or range is None):
        raise TypeError(f"param step={step!r}: a positive step needs a range")
    infer = None
    if kind is None:
        if default is _MISSING and choices is None:
            kind, infer = "", default_factory   # inferred on first use: see ParamSpec.infer
        else:
            kind = _infer_kind(default, choices, optional)
    spec = ParamSpec(kind=kind, help=help, rule=rule, group=group, range=range,
                     choices=tuple(choices) if choices is not None else None,
                     optional=optional, item_range=item_range, label=label, label_ja=label_ja,
                     help_ja=help_ja, step=step, tune=tune, infer=infer, fixed_rows=fixed_rows,
                     within=within, placeholder=placeholder, acts_at=acts_at)
    if default_factory is not _MISSING:
        return field(default_factory=default_factory, metadata={"param": spec})
    return field(default=default, metadata={"param": spec})


def _infer_kind(sample: Any, choices: tuple[Any, ...] | None, optional: bool) -> str:
    if choices is not None:
        return "choice"
    if isinstance(sample, bool):
        return "bool"
    if isinstance(sample, int) or (sample is None and optional):
        return "int"
    if isinstance(sample, float):
        return "float"
    if isinstance(sample, Mapping):
        return "table"
    if isinstance(sample, (tuple, list)):
        return "list"
    raise TypeError(f"cannot infer the kind of parameter with default {sample!r}")


@dataclass(frozen=True)
class Params:
    """Base of every game's parameter set; subclasses only declare fields."""

    game_name: ClassVar[str] = ""
    _specs: ClassVar[dict[str, ParamSpec]]
    #: seats of a game whose Params have no ``players`` field (see :mod:`designkit.core.seats`)
    fixed_players: ClassVar[int] = 1

    def __post_init__(self) -> None:
        specs = self.specs()
        for name, spec in specs.items():
            if spec.within is None:
                object.__setattr__(self, name, self._check(name, spec, getattr(self, name)))
        for name, spec in specs.items():
            if spec.within is not None:
                object.__setattr__(self, name, self._check_within(name, spec, spec.within))
        self.check_consistency()

    def _check_within(self, name: str, spec: ParamSpec, bounds: tuple[str, str]) -> Any:
        """A field bounded by two others: the range named in an error is theirs, now."""
        low, high = (getattr(self, b) for b in bounds)
        if low > high:
            raise ParamError(bounds[0], bi("{a} is above {h} {b}", "{a} は {h} {b} より大きいです",
                                           a=low, h=bounds[1], b=high))
        value = self._check(name, dataclasses.replace(spec, range=None), getattr(self, name))
        return value if value is None else _check_number(name, spec, value, (low, high))

    def check_consistency(self) -> None:
        """Cross-field checks; override in a game. Raise ParamError naming the field."""

    # -- metadata -------------------------------------------------------------------------
    @classmethod
    def specs(cls) -> dict[str, ParamSpec]:
        """Every parameter's metadata (computed once per class, on first use)."""
        found: dict[str, ParamSpec] | None = cls.__dict__.get("_specs")
        if found is None:
            found = {f.name: f.metadata["param"].resolved() for f in dataclasses.fields(cls)
                     if "param" in f.metadata}
            cls._specs = found
        return dict(found)

    @classmethod
    def tune_defaults(cls) -> tuple[str, ...]:
        """The short list of parameters a search tunes when the designer names none
        (fields declared with ``tune=True``), in declaration order."""
        return tuple(name for name, spec in cls.specs().items() if spec.tune)

    @classmethod
    def defaults(cls) -> Self:
        return cls()

    @classmethod
    def _check(cls, name: str, spec: ParamSpec, value: Any) -> Any:
        if value is None:
            if spec.optional:
                return None
            raise ParamError(name, bi("a value is required ({r})", "値が必要です（{r}）",
                                      r=spec.describe_range()))
        kind = spec.kind
        if kind == "bool":
            if not isinstance(value, bool):
                raise ParamError(name, bi("{v!r} is not true/false",
                                          "{v!r} は true／false ではありません", v=value))
            return value
        if kind == "choice":
            if value not in (spec.choices or ()):
                raise ParamError(name, bi("{v!r} is not allowed; choose {r}",
                                          "{v!r} は選べません。{r}から選んでください", v=value,
                                          r=spec.describe_range()))
            return value
        if kind in ("int", "float"):
            return _check_number(name, spec, value, spec.range)
        if kind == "table":
            if not isinstance(value, Mapping):
                raise ParamError(name, bi("{v!r} is not a table of name: value",
                                          "{v!r} は「名前: 値」の表ではありません", v=value))
            if spec.fixed_rows:
                _check_table_keys(name, value, cls._default_keys(name))
            return FrozenTable({str(k): _check_number(f"{name}[{k}]", spec, v, spec.item_range)
                                for k, v in value.items()})
        if kind == "list":
            if isinstance(value, str):
                value = [v for v in value.replace(",", " ").split() if v]
            if not isinstance(value, (list, tuple)):
                raise ParamError(name, bi(
                    "{v!r} is not a list; write the items in brackets or with commas, e.g. "
                    "{n}=[1,2,3] or {n}=1,2,3", "{v!r} はリストではありません。角かっこかカンマで"
                    "区切って書いてください（例：{n}=[1,2,3] または {n}=1,2,3）", v=value, n=name))
            items = []
            for i, v in enumerate(value):
                v = _scalar(v)
                if spec.item_range is None and isinstance(v, str):
                    items.append(v)
                else:
                    items.append(_check_number(f"{name}[{i}]", spec, v, spec.item_range))
            return tuple(items)
        raise TypeError(kind)

    @classmethod
    def _default_keys(cls, name: str) -> tuple[str, ...]:
        """The rows of a table parameter's default (per die, per player count, per
        skill): a variant may change their values, not add rows nobody reads."""
        f = next(f for f in dataclasses.fields(cls) if f.name == name)
        default = f.default_factory() if f.default_factory is not _MISSING else f.default
        return tuple(str(k) for k in default) if isinstance(default, Mapping) else ()

    @classmethod
    def check_value(cls, name: str, value: Any) -> Any:
        """Validate one value alone (for a panel field); returns it coerced or raises."""
        specs = cls.specs()
        if name not in specs:
            raise ParamError(name, _unknown(specs))
        return cls._check(name, specs[name], _scalar(value, name) if isinstance(value, str)
                          and specs[name].kind not in ("choice", "list") else value)

    # -- building and comparing ------------------------------------------------------------
    def replace(self, **changes: Any) -> Self:
        specs = self.specs()
        for key in changes:
            if key not in specs:
                raise ParamError(key, _unknown(specs))
        return dataclasses.replace(self, **changes)

    def with_strings(self, assignments: Mapping[str, Any]) -> Self:
        """Apply ``FIELD=VALUE`` strings (CLI ``--set``), parsing scalars without eval; a
        value that is not text (``--players``, parsed as an int already) is kept as it is."""
        return self.replace(**{k: _scalar(v, k) for k, v in assignments.items()})

    @classmethod
    def from_strings(cls, assignments: Mapping[str, Any]) -> Self:
        """The defaults with ``FIELD=VALUE`` strings applied, checked once as a whole: the
        defaults alone need not be valid (a dreams table that serves the 3 players asked
        for, not the default 4, must not fail on the 4)."""
        specs = cls.specs()
        for key in assignments:
            if key not in specs:
                raise ParamError(key, _unknown(specs))
        return cls(**{k: _scalar(v, k) for k, v in assignments.items()})

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in self.specs():
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else (
                dict(value) if isinstance(value, Mapping) else value)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<params>") -> Self:
        specs = cls.specs()
        unknown = [k for k in data if k not in specs]
        if unknown:
            raise DataError(source, bi("unknown parameter '{u}'; known: {k}",
                                       "パラメータ '{u}' はありません。あるのは {k} です",
                                       u=unknown[0], k=", ".join(specs)), column=unknown[0])
        try:
            return cls(**dict(data))
        except ParamError as err:
            raise DataError(source, err.detail, column=err.field) from err

    @classmethod
    def default_values(cls) -> dict[str, Any]:
        """The draft defaults as :meth:`to_dict` gives them, each field checked but not the
        whole: defaults that a shortened table no longer serves (16 dreams for the default
        4 players) must not stop a 3-player game from saying what it changed."""
        base = object.__new__(cls)
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                object.__setattr__(base, f.name, f.default)
            elif f.default_factory is not dataclasses.MISSING:
                object.__setattr__(base, f.name, f.default_factory())
        for name, spec in cls.specs().items():
            object.__setattr__(base, name, base._check(name, spec, getattr(base, name)))
        return base.to_dict()

    def diff(self, other: Params | None = None) -> dict[str, tuple[Any, Any]]:
        """Fields where this variant differs from ``other`` (the draft defaults if omitted)."""
        mine = self.to_dict()
        theirs = other.to_dict() if other is not None else type(self).default_values()
        return {k: (theirs[k], mine[k]) for k in mine if mine[k] != theirs[k]}

    def acting_diff(self, other: Params) -> dict[str, tuple[Any, Any]]:
        """:meth:`diff` without the fields that do not act at this player count
        (``acts_at``): empty when both rulesets play the same game."""
        players = getattr(self, "players", None)
        specs = self.specs()
        return {k: v for k, v in self.diff(other).items()
                if players in (specs[k].acts_at or (players,))}

    # -- YAML variants ----------------------------------------------------------------------
    def to_yaml(self, only_changes: bool = True, note: str = "") -> str:
        body = {k: new for k, (_, new) in self.diff().items()} if only_changes else self.to_dict()
        doc = {"game": self.game_name, "note": note, "params": body}
        return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)

    def save(self, path: str | Path, note: str = "") -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        return write_text_atomic(path, self.to_yaml(note=note))

    @classmethod
    def load(cls, path: str | Path, require_change: bool = False) -> Self:
        """Read a variant file: only the fields it changes from the draft are needed."""
        from designkit.core.textfiles import load_yaml, read_text

        path = Path(path)
        return cls.from_variant(load_yaml(read_text(path), str(path)), str(path),
                                require_change)

    @classmethod
    def from_variant(cls, doc: Any, source: str, require_change: bool = False) -> Self:
        """The parameters of a parsed variant file ``doc`` (read once: a pipe cannot be
        read twice). With ``require_change`` (a command's ``--variant``), a variant that
        sets nothing, or only the draft's own values, is refused: run as if it were a
        change, it would show the draft under another name. The lab may keep such a file
        on purpose (a baseline saved under a name), so reading it is allowed there."""
        doc = {} if doc is None else doc
        if not isinstance(doc, Mapping):
            raise DataError(source, bi("expected a mapping with 'game' and 'params'",
                                       "'game' と 'params' を持つマッピングが必要です"))
        game = doc.get("game", cls.game_name)
        if cls.game_name and game != cls.game_name:
            raise DataError(source, bi("variant is for game '{g}', not '{me}'",
                                       "このバリアントはゲーム '{g}' 用で、'{me}' 用ではありません",
                                       g=game, me=cls.game_name), column="game")
        cls._check_variant_keys(doc, source)
        body = doc.get("params", {}) or {}
        if not isinstance(body, Mapping):
            raise DataError(source, bi("'params' must be a mapping",
                                       "'params' はマッピングでなければなりません"),
                            column="params")
        if not body and require_change:
            raise DataError(source, bi(
                "changes nothing: it sets no parameter (write them under 'params:', e.g. "
                "params: {{{e}: …}}; the draft as written is --variant draft)",
                "何も変えません：パラメータが1つもありません（'params:' の下に書いてください。"
                "例 params: {{{e}: …}}。草案のままなら --variant draft）",
                e=next(iter(cls.specs()), "…")))
        params = cls.from_dict(body, source=source)
        if require_change and not params.diff():
            raise DataError(source, bi(
                "changes nothing: every value it sets ({k}) is the draft's own",
                "何も変えません：設定した値（{k}）はすべて草案のままです",
                k=", ".join(map(str, body))))
        return params

    @classmethod
    def _check_variant_keys(cls, doc: Mapping[str, Any], source: str) -> None:
        """A key a variant file does not know would be ignored and the defaults simulated:
        a parameter at top level (``params:`` forgotten) or a typo (``param:``) is one
        line naming the key and what was meant."""
        specs = cls.specs()
        for key in doc:
            if key in VARIANT_KEYS:
                continue
            if str(key) in specs:
                raise DataError(source, bi("'{k}' is a parameter: put it under 'params:' "
                                           "(params: {{{k}: …}})", "'{k}' はパラメータです。"
                                           "'params:' の下に書いてください（params: {{{k}: …}}）",
                                           k=key), column=str(key))
            close = difflib.get_close_matches(str(key), VARIANT_KEYS, n=1, cutoff=0.0)
            raise DataError(source, bi("unknown key '{k}' (did you mean '{c}'?); a variant "
                                       "file holds {all}", "キー '{k}' はありません（'{c}' の"
                                       "ことですか？）。バリアントファイルに書けるのは {all} です",
                                       k=key, c=close[0], all=", ".join(VARIANT_KEYS)),
                            column=str(key))


#: the top-level keys of a variant file: ``params`` and the texts that describe it
VARIANT_KEYS = ("game", "params", "note", "name", "title", "title_ja", "description_en",
                "description_ja", "rules")


def _unknown(specs: Mapping[str, Any]) -> Text:
    known = ", ".join(specs)
    return bi("unknown parameter; known: {k}", "そのパラメータはありません。あるのは {k} です",
              k=known)


def _check_table_keys(name: str, value: Mapping[Any, Any], known: tuple[str, ...]) -> None:
    """A row the table parameter does not have (``max_health: {…, d10: 10}``) would be
    kept and never read: one ParamError with the closest known row instead."""
    if not known:
        return
    for key in value:
        if str(key) not in known:
            close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.0)
            raise ParamError(f"{name}[{key}]", bi(
                "no such row{h}; the rows are {k}", "その行はありません{hj}。行は {k} です",
                h=f" (did you mean {close[0]}?)" if close else "",
                hj=f"（{close[0]} のことですか？）" if close else "", k=", ".join(known)))


def _check_number(name: str, spec: ParamSpec, value: Any,
                  bounds: tuple[float, float] | None) -> Any:
    want_int = spec.kind in ("int", "table", "list") and (
        bounds is None or all(float(b).is_integer() for b in bounds)) and spec.kind != "float"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ParamError(name, bi("{v!r} is not a number", "{v!r} は数ではありません",
                                  v=value))
    if want_int:
        if isinstance(value, float):
            if not value.is_integer():
                raise ParamError(name, bi("{v!r} is not a whole number",
                                          "{v!r} は整数ではありません", v=value))
            value = int(value)
    else:
        value = float(value)
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        where = f"{_fmt(bounds[0])}–{_fmt(bounds[1])}"
        raise ParamError(name, bi(
            "{v!r} is outside the allowed range {r}{why}", "{v!r} は許容範囲 {r} の外です{why_ja}",
            v=value, r=where, why=f" ({spec.rule}: {spec.help})" if spec.rule else "",
            why_ja=f"（{spec.rule}：{spec.help_ja or spec.help}）" if spec.rule else ""))
    return value


def _scalar(text: Any, name: str = "value") -> Any:
    """Parse a scalar typed by a person ('28', 'true', '0.5', 'any') without eval; a value
    longer, deeper or with more digits than a person types is one ParamError naming it."""
    from designkit.core.limits import MAX_SET_CHARS
    from designkit.core.textfiles import TooDeep, parse_value

    if not isinstance(text, str):
        return text
    if len(text) > MAX_SET_CHARS:
        raise ParamError(name, bi("a value of {n:,} characters (at most {m:,})",
                                  "{n:,} 文字の値です（{m:,} 文字まで）", n=len(text),
                                  m=MAX_SET_CHARS))
    try:
        value = parse_value(text)
    except TooDeep as err:
        raise ParamError(name, err.args[0]) from None
    except yaml.YAMLError:
        return text
    return value if isinstance(value, (int, float, bool, str, list, dict)) or value is None \
        else text
