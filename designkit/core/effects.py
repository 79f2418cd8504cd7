"""A small effect language for card texts, parsed (never eval'ed).

A card's effect is a ``;``-separated list of hooks drawn from the game's
vocabulary, each with keyword arguments::

    draw_choose(draw=2, keep=1, rest_to=bottom); protect_groups

Designers edit these in a spreadsheet; the parser checks every hook name,
argument name, type and range against the vocabulary and says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class EffectError(ValueError):
    """The effect text is not valid; the message says where and why."""


@dataclass(frozen=True)
class Arg:
    """One argument a hook takes: its type, default and allowed values."""

    type: type
    default: Any
    range: tuple[float, float] | None = None
    choices: tuple[str, ...] | None = None


@dataclass(frozen=True)
class HookSpec:
    """A primitive of the vocabulary: when it fires and what arguments it takes."""

    name: str
    doc: str
    args: Mapping[str, Arg] = field(default_factory=dict)


class Hook(NamedTuple):
    name: str
    args: dict[str, Any]

    def to_text(self) -> str:
        if not self.args:
            return self.name
        inner = ", ".join(f"{k}={_value_text(v)}" for k, v in self.args.items())
        return f"{self.name}({inner})"


_TOKEN = re.compile(r"""\s*(?:(?P<num>[+-]?\d+(?:\.\d+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)
                        |(?P<str>"[^"]*"|'[^']*')|(?P<op>[();,=]))""", re.VERBOSE)


def _tokens(text: str) -> list[tuple[str, str, int]]:
    out: list[tuple[str, str, int]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise EffectError(f"unexpected character {text[pos:].strip()[:1]!r} at position {pos + 1}")
        kind = m.lastgroup or ""
        out.append((kind, m.group(kind), m.start(kind) + 1))
        pos = m.end()
    return out


def parse_effects(text: str, vocabulary: Mapping[str, HookSpec]) -> tuple[Hook, ...]:
    """Parse ``text`` into hooks, checked against ``vocabulary``."""
    toks = _tokens(text or "")
    hooks: list[Hook] = []
    i = 0

    def expect(kind: str, value: str | None = None) -> tuple[str, str, int]:
        nonlocal i
        if i >= len(toks):
            raise EffectError(f"expected {value or kind} at the end of the effect")
        tok = toks[i]
        if tok[0] != kind or (value is not None and tok[1] != value):
            raise EffectError(f"expected {value or kind} at position {tok[2]}, found {tok[1]!r}")
        i += 1
        return tok

    while i < len(toks):
        _, name, pos = expect("name")
        if name not in vocabulary:
            raise EffectError(f"unknown effect '{name}' at position {pos}; known: "
                              f"{', '.join(sorted(vocabulary))}")
        spec = vocabulary[name]
        given: dict[str, Any] = {}
        if i < len(toks) and toks[i][1] == "(":
            i += 1
            while toks[i][1] != ")" if i < len(toks) else False:
                _, key, kpos = expect("name")
                if key not in spec.args:
                    raise EffectError(f"'{name}' has no argument '{key}' (position {kpos}); "
                                      f"it takes: {', '.join(spec.args) or 'nothing'}")
                if key in given:
                    raise EffectError(f"'{name}' argument '{key}' is given twice "
                                      f"(position {kpos})")
                expect("op", "=")
                if i >= len(toks):
                    raise EffectError(f"missing value for '{key}'")
                given[key] = _convert(name, key, spec.args[key], toks[i])
                i += 1
                if i < len(toks) and toks[i][1] == ",":
                    i += 1
                elif i < len(toks) and toks[i][1] != ")":
                    raise EffectError(f"expected , or ) at position {toks[i][2]}, "
                                      f"found {toks[i][1]!r}")
            expect("op", ")")
        args = {k: given.get(k, a.default) for k, a in spec.args.items()}
        hooks.append(Hook(name, args))
        if i < len(toks):
            expect("op", ";")
    return tuple(hooks)


def _convert(hook: str, key: str, arg: Arg, tok: tuple[str, str, int]) -> Any:
    kind, raw, pos = tok
    where = f"'{hook}' argument '{key}' (position {pos})"
    if arg.type is bool:
        if raw not in ("true", "false"):
            raise EffectError(f"{where} must be true or false, not {raw!r}")
        return raw == "true"
    if arg.type in (int, float):
        if kind != "num":
            raise EffectError(f"{where} must be a number, not {raw!r}")
        value = float(raw) if arg.type is float else None
        if arg.type is int:
            if "." in raw:
                raise EffectError(f"{where} must be a whole number, not {raw!r}")
            value = int(raw)
        if arg.range and not arg.range[0] <= value <= arg.range[1]:
            raise EffectError(f"{where} is {raw}, outside {arg.range[0]:g}–{arg.range[1]:g}")
        return value
    value = raw[1:-1] if kind == "str" else raw
    if kind not in ("name", "str"):
        raise EffectError(f"{where} must be a word, not {raw!r}")
    if arg.choices and value not in arg.choices:
        raise EffectError(f"{where} is {value!r}; choose one of {', '.join(arg.choices)}")
    return value


def _value_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str) and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", v):
        return '"' + v + '"' if '"' not in v else "'" + v + "'"
    return str(v)


def effects_text(hooks: Iterable[Hook]) -> str:
    """The canonical text of parsed hooks (round-trips through :func:`parse_effects`)."""
    return "; ".join(h.to_text() for h in hooks)
