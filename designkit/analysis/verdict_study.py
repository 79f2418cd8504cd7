"""A verdict a designer can lean on: over the placeholders it depends on, at two bot levels.

One paired comparison (:func:`designkit.analysis.variant_compare.compare_variants`)
answers for one setting of everything the draft leaves open and one kind of bot. This
module repeats it where that matters and says whether the answer moved:

* **Placeholders.** A param the draft never sizes is marked ``placeholder=(lo, hi)`` in
  its definition (``first_attack_bonus``). A cure *uses* it when the cure changes the
  placeholder or a param of the same rule ID (``shared_hp_once`` switches CH-V1, whose
  First Attack bonus is ``first_attack_bonus``). Each used placeholder is set, in every
  arm, to its plausible range's ends and its default (one at a time, the others at their
  defaults), and the verdict reads "holds for first_attack_bonus 0–4" when every value
  gives the same word, or "depends on it: lowers it at 0, raises it at 2".
* **Bot skill.** Every verdict is computed at two levels (the agents given, usually
  ``greedy``, and a searching level, :data:`SECOND_LEVEL` by default) and says "depends on
  bot skill" when their words differ.

All these verdicts form one family for the error control (the comparison's ``family``:
cures × primary metrics × bot levels × placeholder values), printed with the result.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from designkit.analysis.variant_compare import Comparison, Plan, compare_variants, plan_comparison
from designkit.analysis.verdicts import UNDECIDED, Target
from designkit.core.errors import DesignkitError
from designkit.core.params import Params
from designkit.core.variants import NamedVariant

#: the searching bot level every verdict is checked at besides the one asked for (the agent
#: spec of issue 37's cheap search; give another, e.g. ``mcts:20``, or None for one level)
SECOND_LEVEL = "search"


def used_placeholders(variants: Sequence[NamedVariant]) -> dict[str, tuple[Any, ...]]:
    """Placeholder field → the values to try (range ends and default, sorted), for the
    placeholders the non-baseline variants use (module docstring)."""
    base = variants[0].params
    specs = type(base).specs()
    defaults = type(base).default_values()
    out: dict[str, tuple[Any, ...]] = {}
    for v in variants[1:]:
        changed = v.params.diff(base)
        rules = {specs[k].rule for k in changed}
        for name, spec in specs.items():
            if spec.placeholder is None or not (name in changed or spec.rule in rules):
                continue
            lo, hi = spec.placeholder
            kind = int if spec.kind == "int" else float
            out[name] = tuple(sorted({kind(lo), defaults[name], kind(hi)}))
    return out


def _with(v: NamedVariant, changes: Mapping[str, Any]) -> NamedVariant:
    p: Params = v.params.replace(**changes)
    return NamedVariant(v.name, v.game, p, v.title, v.title_ja, v.description_en,
                        v.description_ja, v.path)


@dataclass
class Study:
    """Every comparison run for one verdict, keyed by (bot level, placeholder setting)."""

    plan: Plan
    levels: list[str]
    sweep: dict[str, tuple[Any, ...]]
    runs: list[tuple[str, str, Any, Comparison]] = field(default_factory=list)
    family: int = 1

    def kinds(self, level: str, variant: str, metric: str) -> list[tuple[str, Any, str]]:
        """(placeholder, value, verdict word) of every run at ``level``."""
        out = []
        for lv, name, value, comp in self.runs:
            if lv != level:
                continue
            row = comp.table[(comp.table["variant"] == variant)
                             & (comp.table["metric"] == metric)]
            out.append((name, value, row["kind"].iloc[0] if len(row) else comp.stopped))
        return out

    def summary(self, level: str, variant: str, metric: str) -> str:
        """"holds for X lo–hi: word" / "depends on X: word at v, …" / the one word."""
        got = self.kinds(level, variant, metric)
        words = {k for _, _, k in got}
        if not self.sweep:
            return got[0][2] if got else "not run"
        parts = []
        for name in self.sweep:
            mine = [(v, k) for n, v, k in got if n == name]
            if {k for _, k in mine} == {UNDECIDED}:
                parts.append(f"{UNDECIDED} at any {name} {mine[0][0]}–{mine[-1][0]}")
            elif len({k for _, k in mine}) == 1:
                parts.append(f"{mine[0][1]}: holds for {name} {mine[0][0]}–{mine[-1][0]}")
            else:
                parts.append(f"depends on {name}: " + ", ".join(f"{k} at {v}" for v, k in mine))
        return "; ".join(parts) if len(words) > 1 or len(parts) > 1 else parts[0]

    def text(self) -> str:
        """Every run's verdict lines, then one summary per cure and metric."""
        lines = []
        for level, name, value, comp in self.runs:
            where = f" with {name} = {value}" if name else ""
            lines.append(f"[{level}{where}] {comp.text()}")
        lines.append(f"summary (family of {self.family} verdicts, 95 % over all of them):")
        for v in self.plan.variants[1:]:
            for m in self.plan.metrics:
                per = {lv: self.summary(lv, v.name, m.name) for lv in self.levels}
                agree = len(set(per.values())) == 1
                tag = " [exploratory]" if m.name in self.plan.exploratory else ""
                head = (f"  {v.name} on {m.name}{tag}: " if agree else
                        f"  {v.name} on {m.name}{tag}: depends on bot skill — ")
                lines.append(head + "; ".join(f"{lv}: {s}" for lv, s in per.items()))
        return "\n".join(lines)


def study_plan(plan: Plan, second: str | None = SECOND_LEVEL) -> tuple[list[str], dict[str, tuple[Any, ...]], int]:
    """(bot levels, placeholder sweep, family size) of a study of ``plan``."""
    from designkit.agents import make_agents
    from designkit.core.seats import player_count

    first = plan.agents[0] if len(set(plan.agents)) == 1 else ",".join(plan.agents)
    levels = [first]
    if second and second not in levels:
        make_agents(second, player_count(plan.variants[0].params))   # one line if unknown
        levels.append(second)
    sweep = used_placeholders(plan.variants)
    points = max(1, sum(len(v) for v in sweep.values()))
    primary = [m for m in plan.metrics if m.name not in plan.exploratory]
    family = max(1, len(primary)) * (len(plan.variants) - 1) * points * len(levels)
    return levels, sweep, family


def run_study(game: str, variants: Sequence[Any], metric: str | Sequence[str],
              agents: str = "greedy", second: str | None = SECOND_LEVEL,
              margin: float | Mapping[str, float] | None = None,
              targets: Mapping[str, Target] | None = None, max_games: int = 400,
              first: int = 50, seed: int = 0, players: int | None = None,
              exploratory: Sequence[str] = (), workers: int = 1, backend: str = "auto",
              on_run: Callable[[str], None] | None = None,
              family: int | None = None) -> Study:
    """Compare ``variants`` at both bot levels and over every placeholder a cure uses.
    ``family``: the verdicts of the whole page this study is part of (a design review
    declares every question's; at least this study's own), so α is split over all of them."""
    plan = plan_comparison(game, variants, metric, agents, None, max_games, first, seed,
                           players=players, margin=margin, targets=targets,
                           exploratory=exploratory)
    if plan.inert:
        raise DesignkitError(plan.inert)
    levels, sweep, own = study_plan(plan, second)
    if family is not None and family < own:
        raise DesignkitError(f"--family {family}: this comparison alone declares {own} "
                             "verdicts; give at least that")
    family = family or own
    out = Study(plan, levels, sweep, family=family)
    settings: list[tuple[str, Any]] = [(n, v) for n, vals in sweep.items() for v in vals]
    for level in levels:
        for name, value in settings or [("", None)]:
            chosen = [_with(v, {name: value}) if name else v for v in plan.variants]
            if on_run is not None:
                on_run(f"{level}{f', {name} = {value}' if name else ''} …")
            comp = compare_variants(game, chosen, [m.name for m in plan.metrics], level,
                                    max_games=max_games, first=first, seed=seed,
                                    margin=plan.margins, targets=plan.targets, family=family,
                                    workers=workers, backend=backend,
                                    plan=_replan(plan, chosen, level, family))
            out.runs.append((level, name, value, comp))
    return out


def _replan(plan: Plan, chosen: list[NamedVariant], level: str, family: int) -> Plan:
    from designkit.agents import make_agents
    from designkit.core.seats import player_count

    specs = [a.name for a in make_agents(level, player_count(chosen[0].params))]
    return Plan(plan.game, chosen, plan.metrics, plan.schedule, specs, plan.seed,
                plan.margins, plan.targets, family, plan.exploratory, plan.level, plan.inert)
