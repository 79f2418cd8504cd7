"""A small effect language for card texts, parsed (never eval'ed).

A card's effect is a ``;``-separated list of hooks drawn from the game's
vocabulary, each with keyword arguments::

    draw_choose(draw=2, keep=1, rest_to=bottom); protect_groups

Designers edit these in a spreadsheet; the parser checks every hook name,
argument name, type and range against the vocabulary and says what is wrong.

Block constructs are the same for every game and live here, once
(:func:`block_vocabulary` adds their words to a game's vocabulary,
:func:`compile_blocks` nests them)::

    if(metric=die, attr=R, op=ge, value=5); gain_vp(n=2); else; gain_vp(n=1); end
    may; tumble_die(target=choose); end              # the owner may decline
    choose; gain_vp(n=2); or; gain_power(n=1); end   # the owner picks one branch

compile to ``("if", cond, then, else)``, ``("may", ops)`` and
``("choose", (ops, ops, ...))`` around the game's own compiled leaves, plain
tuples that serialise as JSON and clone for free. Conditions compare with the
words of :data:`COMPARISONS`; :func:`compare` evaluates them.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
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
        if arg.type is int and "." in raw:
            raise EffectError(f"{where} must be a whole number, not {raw!r}")
        number: float = int(raw) if arg.type is int else float(raw)
        if arg.range and not arg.range[0] <= number <= arg.range[1]:
            raise EffectError(f"{where} is {raw}, outside {arg.range[0]:g}–{arg.range[1]:g}")
        return number
    word = raw[1:-1] if kind == "str" else raw
    if kind not in ("name", "str"):
        raise EffectError(f"{where} must be a word, not {raw!r}")
    if arg.choices and word not in arg.choices:
        raise EffectError(f"{where} is {word!r}; choose one of {', '.join(arg.choices)}")
    return word


def _value_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str) and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", v):
        return '"' + v + '"' if '"' not in v else "'" + v + "'"
    return str(v)


def effects_text(hooks: Iterable[Hook]) -> str:
    """The canonical text of parsed hooks (round-trips through :func:`parse_effects`)."""
    return "; ".join(h.to_text() for h in hooks)


# -- block constructs and conditions, shared by every game -----------------------------------------
#: comparison words (and symbols) a condition may use → the operator symbol compiled ops carry
COMPARISONS: dict[str, str] = {"eq": "==", "ne": "!=", "ge": ">=", "le": "<=", "gt": ">",
                               "lt": "<", "==": "==", "!=": "!=", ">=": ">=", "<=": "<=",
                               ">": ">", "<": "<"}
_OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le,
    ">": operator.gt, "<": operator.lt}

#: every block word; a game may offer only some (Rolling Stone: if, else, end)
BLOCK_WORDS = ("if", "else", "end", "may", "choose", "or")

Op = tuple[Any, ...]


def compare(left: Any, op: str, right: Any) -> bool:
    """Evaluate a compiled condition's comparison (``op`` as in :data:`COMPARISONS`)."""
    return _OPERATORS[COMPARISONS[op]](left, right)


def condition_args(subject: Mapping[str, Arg],
                   value_range: tuple[float, float] = (-100, 100)) -> dict[str, Arg]:
    """The arguments of ``if(...)``: what to measure (the game's), ``op`` and ``value``."""
    return {**subject, "op": Arg(str, None, choices=tuple(COMPARISONS)),
            "value": Arg(int, 0, value_range)}


def block_vocabulary(condition: Mapping[str, Arg],
                     words: Sequence[str] = BLOCK_WORDS) -> dict[str, HookSpec]:
    """HookSpecs of the block words, to merge into a game's vocabulary."""
    docs = {
        "if": ("Start a conditional block: the effects up to else/end run if "
               "[metric op value] holds", condition),
        "else": ("The effects up to end run if the condition failed", {}),
        "end": ("Close an if, may or choose block", {}),
        "may": ("The effects up to end are optional: the owner may decline them", {}),
        "choose": ("The owner picks one branch; branches are separated by or", {}),
        "or": ("Separate the branches of a choose block", {}),
    }
    unknown = [w for w in words if w not in docs]
    if unknown:
        raise ValueError(f"unknown block words {unknown}; known: {', '.join(docs)}")
    return {w: HookSpec(w, docs[w][0], docs[w][1]) for w in words}


def compile_blocks(hooks: Sequence[Hook], leaf: Callable[[Hook], Op],
                   condition: Callable[[Hook], Any]) -> tuple[Op, ...]:
    """Parsed hooks with block words → nested op tuples; raises EffectError on bad nesting.

    ``leaf`` compiles one of the game's own hooks (and may raise EffectError for a
    hook that does not belong in an effect); ``condition`` compiles the ``if``
    hook's arguments.
    """
    ops, _, _ = _block(list(hooks), 0, leaf, condition, opener=None)
    return ops


def _block(hooks: list[Hook], i: int, leaf: Callable[[Hook], Op],
           condition: Callable[[Hook], Any], opener: str | None
           ) -> tuple[tuple[Op, ...], int, str | None]:
    """Ops up to the next else/or/end (returned as the stop word) or the end of the text."""
    ops: list[Op] = []
    while i < len(hooks):
        h = hooks[i]
        if h.name in ("else", "or", "end"):
            if opener is None:
                raise EffectError(f"'{h.name}' without a matching "
                                  f"'{'choose' if h.name == 'or' else 'if'}'")
            return tuple(ops), i, h.name
        if h.name in ("if", "may", "choose"):
            op, i = _construct(hooks, i, leaf, condition)
            ops.append(op)
            continue
        ops.append(leaf(h))
        i += 1
    if opener is not None:
        raise EffectError(f"'{opener}' without a closing 'end'")
    return tuple(ops), i, None


def _construct(hooks: list[Hook], i: int, leaf: Callable[[Hook], Op],
               condition: Callable[[Hook], Any]) -> tuple[Op, int]:
    head = hooks[i]
    if head.name == "if":
        cond = condition(head)
        then, i, stop = _block(hooks, i + 1, leaf, condition, "if")
        other: tuple[Op, ...] = ()
        if stop == "else":
            other, i, stop = _block(hooks, i + 1, leaf, condition, "if")
        if stop != "end":
            raise EffectError(f"'{stop}' inside an 'if' block" if stop else
                              "'if' without a closing 'end'")
        return ("if", cond, then, other), i + 1
    if head.name == "may":
        body, i, stop = _block(hooks, i + 1, leaf, condition, "may")
        if stop != "end":
            raise EffectError(f"'{stop}' inside a 'may' block; close it with 'end'")
        return ("may", body), i + 1
    branches: list[tuple[Op, ...]] = []
    while True:
        body, i, stop = _block(hooks, i + 1, leaf, condition, "choose")
        branches.append(body)
        if stop == "end":
            break
        if stop != "or":
            raise EffectError(f"'{stop}' inside a 'choose' block; separate branches with 'or'")
    if len(branches) < 2:
        raise EffectError("'choose' needs two or more branches separated by 'or'")
    return ("choose", tuple(branches)), i + 1
