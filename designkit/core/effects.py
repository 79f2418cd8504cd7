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

from designkit.core.messages import Text, bi


class EffectError(ValueError):
    """The effect text is not valid; the message (a :class:`~designkit.core.messages.Text`,
    so the lab's 日本語 mode reads it too) says where and why."""


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
            raise EffectError(bi("unexpected character {c!r} at position {p}",
                                 "{p} 文字目に使えない文字 {c!r} があります",
                                 c=text[pos:].strip()[:1], p=pos + 1))
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
        want = _TOKEN_WORDS.get(value or kind, Text(value or kind, value or kind))
        if i >= len(toks):
            raise EffectError(bi("expected {w} at the end of the effect",
                                 "効果の末尾に「{w}」が必要です", w=want))
        tok = toks[i]
        if tok[0] != kind or (value is not None and tok[1] != value):
            raise EffectError(bi("expected {w} at position {p}, found {f!r}",
                                 "{p} 文字目は「{w}」のはずですが、{f!r} があります",
                                 w=want, p=tok[2], f=tok[1]))
        i += 1
        return tok

    while i < len(toks):
        _, name, pos = expect("name")
        if name not in vocabulary:
            raise EffectError(bi("unknown effect '{n}' at position {p}; known: {k}",
                                 "{p} 文字目の効果 '{n}' はありません。使える効果：{k}",
                                 n=name, p=pos, k=", ".join(sorted(vocabulary))))
        spec = vocabulary[name]
        given: dict[str, Any] = {}
        if i < len(toks) and toks[i][1] == "(":
            i += 1
            while toks[i][1] != ")" if i < len(toks) else False:
                _, key, kpos = expect("name")
                if key not in spec.args:
                    takes = ", ".join(spec.args)
                    raise EffectError(bi("'{n}' has no argument '{k}' (position {p}); "
                                         "it takes: {t}", "'{n}' に引数 '{k}' はありません"
                                         "（{p} 文字目）。取る引数：{tj}", n=name, k=key,
                                         p=kpos, t=takes or "nothing", tj=takes or "なし"))
                if key in given:
                    raise EffectError(bi("'{n}' argument '{k}' is given twice (position {p})",
                                         "'{n}' の引数 '{k}' が二度書かれています（{p} 文字目）",
                                         n=name, k=key, p=kpos))
                expect("op", "=")
                if i >= len(toks):
                    raise EffectError(bi("missing value for '{k}'", "'{k}' の値がありません",
                                         k=key))
                given[key] = _convert(name, key, spec.args[key], toks[i])
                i += 1
                if i < len(toks) and toks[i][1] == ",":
                    i += 1
                elif i < len(toks) and toks[i][1] != ")":
                    raise EffectError(bi("expected , or ) at position {p}, found {f!r}",
                                         "{p} 文字目は , か ) のはずですが、{f!r} があります",
                                         p=toks[i][2], f=toks[i][1]))
            expect("op", ")")
        args = {k: given.get(k, a.default) for k, a in spec.args.items()}
        hooks.append(Hook(name, args))
        if i < len(toks):
            expect("op", ";")
    return tuple(hooks)


def _convert(hook: str, key: str, arg: Arg, tok: tuple[str, str, int]) -> Any:
    kind, raw, pos = tok
    where = bi("'{h}' argument '{k}' (position {p})", "'{h}' の引数 '{k}'（{p} 文字目）",
               h=hook, k=key, p=pos)

    def wrong(want: str, want_ja: str) -> EffectError:
        return EffectError(bi("{w} must be {t}, not {r!r}", "{w}は{t}にしてください（{r!r} "
                              "ではなく）", w=where, t=Text(want, want_ja), r=raw))

    if arg.type is bool:
        if raw not in ("true", "false"):
            raise wrong("true or false", " true か false ")
        return raw == "true"
    if arg.type in (int, float):
        if kind != "num":
            raise wrong("a number", "数")
        if arg.type is int and "." in raw:
            raise wrong("a whole number", "整数")
        number: float = int(raw) if arg.type is int else float(raw)
        if arg.range and not arg.range[0] <= number <= arg.range[1]:
            raise EffectError(bi("{w} is {r}, outside {lo:g}–{hi:g}",
                                 "{w}が {r} で、{lo:g}〜{hi:g} の範囲外です", w=where, r=raw,
                                 lo=arg.range[0], hi=arg.range[1]))
        return number
    word = raw[1:-1] if kind == "str" else raw
    if kind not in ("name", "str"):
        raise wrong("a word", "語")
    if arg.choices and word not in arg.choices:
        raise EffectError(bi("{w} is {v!r}; choose one of {c}",
                             "{w}が {v!r} です。次のどれかにしてください：{c}", w=where, v=word,
                             c=", ".join(arg.choices)))
    return word


#: what :func:`parse_effects` expected, named in both languages
_TOKEN_WORDS = {"name": Text("name", "名前"), "num": Text("num", "数"),
                "str": Text("str", "文字列")}


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
                raise EffectError(bi("'{w}' without a matching '{o}'",
                                     "'{w}' に対応する '{o}' がありません", w=h.name,
                                     o="choose" if h.name == "or" else "if"))
            return tuple(ops), i, h.name
        if h.name in ("if", "may", "choose"):
            op, i = _construct(hooks, i, leaf, condition)
            ops.append(op)
            continue
        ops.append(leaf(h))
        i += 1
    if opener is not None:
        raise EffectError(_unclosed(opener))
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
            raise EffectError(bi("'{s}' inside an 'if' block", "'if' ブロックの中に '{s}' が"
                                 "あります", s=stop) if stop else _unclosed("if"))
        return ("if", cond, then, other), i + 1
    if head.name == "may":
        body, i, stop = _block(hooks, i + 1, leaf, condition, "may")
        if stop != "end":
            raise EffectError(bi("'{s}' inside a 'may' block; close it with 'end'",
                                 "'may' ブロックの中に '{s}' があります。'end' で閉じてください",
                                 s=stop))
        return ("may", body), i + 1
    branches: list[tuple[Op, ...]] = []
    while True:
        body, i, stop = _block(hooks, i + 1, leaf, condition, "choose")
        branches.append(body)
        if stop == "end":
            break
        if stop != "or":
            raise EffectError(bi("'{s}' inside a 'choose' block; separate branches with 'or'",
                                 "'choose' ブロックの中に '{s}' があります。選択肢は 'or' で"
                                 "区切ってください", s=stop))
    if len(branches) < 2:
        raise EffectError(Text("'choose' needs two or more branches separated by 'or'",
                               "'choose' には 'or' で区切った選択肢が二つ以上必要です"))
    return ("choose", tuple(branches)), i + 1


def _unclosed(opener: str) -> Text:
    return bi("'{o}' without a closing 'end'", "'{o}' を閉じる 'end' がありません", o=opener)
