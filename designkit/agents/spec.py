"""Reading an MCTS agent's spec (``mcts:200``, ``mcts:0.1s:cut=20``, ``search:24``) and telling which
specs are reproducible.

Parsed by hand, never evaluated: every mistake is one line naming the spec, the
part that is wrong and what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from designkit.core.errors import DesignkitError
from designkit.core.messages import Text

_TIME = re.compile(r"^(\d+(?:\.\d*)?|\.\d+)(s|ms)$")
_SECONDS = (0.001, 600.0)
_ITERATIONS = (1, 1_000_000)
_CUT = (0, 100_000)
_C = (0.0, 10.0)
_PRIOR = (0, 1000)
_GUIDED = (0, 1000)
_EXAMPLES = "e.g. mcts:200, mcts:0.1s, mcts:250ms, mcts:200:cut=30:c=0.7:greedy=3"
_EXAMPLES_JA = "例：mcts:200、mcts:0.1s、mcts:250ms、mcts:200:cut=30:c=0.7:greedy=3"


def _bad(spec: str, why: str, why_ja: str) -> Text:
    """One line naming the agent and what is wrong with it, in both languages."""
    return Text(f"agent '{spec}': {why}", f"ボット '{spec}'：{why_ja}")


def _number(spec: str, text: str, kind: type[int] | type[float], bounds: tuple[float, float],
            why: tuple[str, str], out_of_range: tuple[str, str] | None = None) -> Any:
    """``text`` read as a ``kind`` within ``bounds`` (nan is refused too), or a
    :class:`DesignkitError` saying ``why`` (``out_of_range`` when it reads but is too small
    or too large, if that needs other words)."""
    try:
        value = kind(text)
    except ValueError:
        raise DesignkitError(_bad(spec, *why)) from None
    if not bounds[0] <= value <= bounds[1]:
        raise DesignkitError(_bad(spec, *(out_of_range or why)))
    return value


def parse_mcts(spec: str, arg: str) -> dict[str, Any]:
    """Keyword arguments of :class:`MCTSAgent` from what follows ``mcts:``."""
    from designkit.agents.mcts import (
        BIASES,
        DEFAULT_BIAS,
        DEFAULT_C,
        DEFAULT_CHANCE_TREE,
        DEFAULT_CUT,
        DEFAULT_GUIDED,
        DEFAULT_PRIOR,
        ITERATION_CUT,
    )

    budget, *options = arg.split(":") if arg else [""]
    out: dict[str, Any] = {"c": DEFAULT_C}
    budget = budget.strip()
    timed = _TIME.match(budget)
    if timed:
        seconds = float(timed[1]) / (1000 if timed[2] == "ms" else 1)
        if not _SECONDS[0] <= seconds <= _SECONDS[1]:
            raise DesignkitError(_bad(spec, "the time budget must be 1ms–600s per decision",
                                      "時間は1回の選択につき 1ms–600s にしてください"))
        out.update(seconds=seconds, cut=DEFAULT_CUT, prior=DEFAULT_PRIOR, guided=DEFAULT_GUIDED,
                   chance_tree=DEFAULT_CHANCE_TREE, bias=DEFAULT_BIAS)
    else:
        iterations = _number(
            spec, budget or "200", int, _ITERATIONS,
            (f"the budget must be a whole number of iterations or a time such as 0.1s or "
             f"250ms ({_EXAMPLES})", f"予算は反復の回数（整数）か、0.1s や 250ms のような時間に"
             f"してください（{_EXAMPLES_JA}）"),
            ("iterations must be 1–1000000", "反復の回数は 1–1000000 にしてください"))
        out.update(iterations=iterations, cut=ITERATION_CUT, prior=0, guided=0,
                   chance_tree=False, bias="rank")
    seen: set[str] = set()
    for option in options:
        key, eq, value = (p.strip() for p in option.partition("="))
        if not eq or key not in ("cut", "c", "prior", "clock", "greedy", "chance", "bias"):
            raise DesignkitError(_bad(spec, f"unknown option '{option}'; options are cut=K (or "
                                            f"cut=none), c=X, prior=W, greedy=G, "
                                            f"chance=tree|open, bias=rank|judge and "
                                            f"clock=wall|cpu ({_EXAMPLES})",
                                      f"オプション '{option}' は"
                                      f"ありません。使えるのは cut=K（または cut=none）、c=X、"
                                      f"prior=W、greedy=G、chance=tree|open、bias=rank|judge、"
                                      f"clock=wall|cpu "
                                      f"です（{_EXAMPLES_JA}）"))
        if key in seen:
            raise DesignkitError(_bad(spec, f"option '{key}' given twice",
                                      f"オプション '{key}' が2回あります"))
        seen.add(key)
        if key == "clock":
            if value not in ("wall", "cpu") or "seconds" not in out:
                raise DesignkitError(_bad(spec, "clock must be wall or cpu, and only with a time "
                                                "budget (e.g. mcts:0.1s:clock=cpu)",
                                          "clock は wall か cpu で、時間の予算のときだけ使えます"
                                          "（例：mcts:0.1s:clock=cpu）"))
            out["clock"] = value
            continue
        if key == "bias":
            if value not in BIASES:
                raise DesignkitError(_bad(spec, "bias must be rank (the prior by the heuristic's "
                                                "rank) or judge (by the cut-off's judgement)",
                                          "bias は rank（評価関数の順位による事前値）か judge"
                                          "（打ち切りの判定による事前値）にしてください"))
            out["bias"] = value
            continue
        if key == "chance":
            if value not in ("tree", "open"):
                raise DesignkitError(_bad(spec, "chance must be tree (a node per chance outcome) "
                                                "or open (one node for every outcome)",
                                          "chance は tree（偶然の結果ごとのノード）か open"
                                          "（すべての結果で一つのノード）にしてください"))
            out["chance_tree"] = value == "tree"
            continue
        if key == "greedy":
            out["guided"] = _guided(spec, value)
            continue
        out[key] = (_cut(spec, value) if key == "cut" else _prior(spec, value)
                    if key == "prior" else _exploration(spec, value))
    return out


def parse_search(spec: str, arg: str) -> dict[str, Any]:
    """Keyword arguments of :class:`~designkit.agents.search.SearchAgent` from what follows
    ``search`` (nothing: the default budget; ``search:N``: N iterations per decision)."""
    if not arg.strip():
        return {}
    return {"iterations": int(_number(
        spec, arg.strip(), int, _ITERATIONS,
        ("the search budget must be a whole number of iterations per decision (e.g. search, "
         "search:24)", "search の予算は1回の選択あたりの反復の回数（整数）にしてください"
         "（例：search、search:24）"),
        ("iterations must be 1–1000000", "反復の回数は 1–1000000 にしてください")))}


def _cut(spec: str, value: str) -> int | None:
    if value.lower() in ("none", "end"):
        return None
    return int(_number(spec, value, int, _CUT,
                       ("cut must be a whole number of random decisions before the heuristic "
                        "judges, or none", "cut は評価関数が判定する前のランダムな選択の回数"
                        "（整数）か none にしてください"),
                       ("cut must be 0–100000 (or none)", "cut は 0–100000（または none）にしてください")))


def _prior(spec: str, value: str) -> int:
    return int(_number(spec, value, int, _PRIOR,
                       ("prior must be a whole number of virtual visits 0–1000 (0: no greedy "
                        "bias)", "prior は仮想の訪問回数 0–1000 の整数にしてください"
                        "（0：貪欲の偏りなし）")))


def _guided(spec: str, value: str) -> int:
    return int(_number(spec, value, int, _GUIDED,
                       ("greedy must be a whole number 0–1000 of playout decisions following "
                        "the greedy bot (0: random playouts)", "greedy は貪欲ボットに従う"
                        "プレイアウトの選択の回数 0–1000 の整数にしてください（0：ランダムな"
                        "プレイアウト）")))


def _exploration(spec: str, value: str) -> float:
    return float(_number(spec, value, float, _C,
                         ("c must be a number 0–10", "c は 0–10 の数にしてください")))


def is_deterministic(spec: Any) -> bool:
    """Whether a seat's agent gives the same game for the same seed on any machine
    (False only for time budgets: their iteration count depends on the machine)."""
    if not isinstance(spec, str):
        return bool(getattr(spec, "deterministic", True))
    name, _, arg = spec.strip().partition(":")
    return not (name == "mcts" and bool(_TIME.match(arg.split(":")[0].strip())))


def nondeterministic(specs: Iterable[Any]) -> list[str]:
    """The distinct agent names among ``specs`` whose games a seed does not fix."""
    out: list[str] = []
    for s in specs:
        name = s if isinstance(s, str) else getattr(s, "name", str(s))
        if not is_deterministic(s) and name not in out:
            out.append(name.strip())
    return out
