"""What the designer could do next, read from a question's verdicts (issue 38).

A verdict table says *fixes it / improves it / …* per cure, player count and bot level; a
designer reading it still has to work out what that means for the draft: adopt a cure,
play more games, decide a placeholder first, look for another cure. :func:`next_step`
writes that sentence from the numbers of a :class:`~designkit.analysis.review.ProblemRow`
(the rows the design review and the questions notebooks share), so both say the same and
the sentence stays true when the rules, the cards or the bots change. Nothing is measured
here: every branch reads the rows only, so a test can build rows by hand for each branch.
"""

from __future__ import annotations

from collections.abc import Sequence

from designkit.analysis.review import DEPENDS, INERT, CureRow, ProblemRow
from designkit.analysis.verdicts import (
    FIXES,
    IMPROVES,
    LOWERS,
    RAISES,
    SAME,
    UNDECIDED,
    WORSE,
)


def counts_text(counts: Sequence[int]) -> str:
    """``3``, ``3 and 4``, ``3, 4 and 5`` (sorted, each once)."""
    ns = [str(n) for n in sorted(set(counts))]
    return ns[0] if len(ns) == 1 else f"{', '.join(ns[:-1])} and {ns[-1]}"


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _by_cure(row: ProblemRow) -> dict[str, list[CureRow]]:
    """Each cure's rows (one per player count), cures in the row's order (best first)."""
    out: dict[str, list[CureRow]] = {}
    for c in row.cures:
        out.setdefault(c.cure, []).append(c)
    return out


def _levels(c: CureRow) -> str:
    levels = list(dict.fromkeys(r.level for r in c.runs))
    return " and ".join(levels) if levels else "no"


def draft_text(row: ProblemRow) -> str:
    """Where the draft stands against the target, per player count."""
    if not row.drafts:
        return "The draft was not played (no cure can act at its player counts)."
    if not row.target:
        values = "; ".join(f"{d.text} at {d.players}" for d in row.drafts)
        early = (" [n/a: a metric of no fixed range gets its interval from 30 games]"
                 if any("n/a" in d.text for d in row.drafts) else "")
        return (f"The draft: {row.metric_label} {values} players{early} (the question sets "
                "no target).")
    misses = [d for d in row.drafts if d.miss is not None and d.miss > 0]
    meets = [d for d in row.drafts if d.miss == 0]
    parts = []
    if misses:
        worst = max(misses, key=lambda d: d.miss or 0.0)
        parts.append(f"misses its target ({row.target}) at {counts_text([d.players for d in misses])}"
                     f" players (by up to {worst.miss:.1f}× the margin, {worst.players} players)")
    if meets:
        sure = [d for d in meets if d.meets == "meets the target"]
        it = "it" if misses else f"its target ({row.target})"
        word = f"meets {it}" if len(sure) == len(meets) else (
            f"lies inside {it} (not yet sure: its interval reaches outside)")
        parts.append(f"{word} at {counts_text([d.players for d in meets])} players")
    return "The draft " + " and ".join(parts) + "."


def _placeholder_or_skill(name: str, c: CureRow) -> str | None:
    """Why a cure's runs disagree at one count: a placeholder's value, or the bot level."""
    if c.kind != DEPENDS:
        return None
    by_setting: dict[str, set[str]] = {}
    by_level: dict[str, set[str]] = {}
    for r in c.runs:
        by_setting.setdefault(r.setting, set()).add(r.kind)
        by_level.setdefault(r.level, set()).add(r.kind)
    settings = [s for s in by_setting if s]
    if settings and len({frozenset(k) for k in by_setting.values()}) > 1:
        what = c.placeholders or ", ".join(settings)
        detail = "; ".join(f"{r.kind} with {r.setting} ({r.level})" for r in c.runs
                           if r.setting)
        return (f"{name} hangs on a placeholder at {c.players} players ({what}: {detail}): "
                f"decide {what.split()[0]} first, then read {name} again.")
    if len(by_level) > 1:
        detail = "; ".join(f"{lv}: {', '.join(sorted(k))}" for lv, k in by_level.items())
        return (f"{name} depends on bot skill at {c.players} players ({detail}): trust the "
                f"level closer to how your players play, or playtest it.")
    return None


def next_step(row: ProblemRow) -> str:
    """The reading: where the draft stands, then what the designer could do next — adopt a
    cure that fixes it, decide the open verdicts (cheapest first, with the games it would
    cost), decide a placeholder first, avoid a cure that makes it worse, or look for a
    different cure when none reaches the target."""
    lines = [draft_text(row)]
    cures = {name: [c for c in rows if c.kind != INERT] for name, rows in _by_cure(row).items()}
    inert = {name: [c.players for c in rows if c.kind == INERT]
             for name, rows in _by_cure(row).items()}
    acting = {name: rows for name, rows in cures.items() if rows}
    for name, ns in inert.items():
        if ns and name in acting:
            lines.append(f"({name} cannot act at {counts_text(ns)} players; not played there.)")
    if not acting:
        lines.append(f"Next: no cure can act at {counts_text(row.players)} players — build one "
                     "that does.")
        return " ".join(lines)

    def kinds(name: str) -> set[str]:
        return {c.kind for c in acting[name]}

    def at(name: str, *want: str) -> list[int]:
        return [c.players for c in acting[name] if c.kind in want]

    nexts: list[str] = []
    all_fix = [n for n in acting if kinds(n) == {FIXES}]
    if all_fix:
        levels = _levels(acting[all_fix[0]][0])
        if len(all_fix) == 1:
            nexts.append(f"adopt {all_fix[0]}: it fixes it at "
                         f"{counts_text(at(all_fix[0], FIXES))} players ({levels} bots).")
        else:
            nexts.append(f"adopt {all_fix[0]} (its value lies closest to the target) or "
                         f"{_names(all_fix[1:])}: each fixes it at "
                         f"{counts_text(at(all_fix[0], FIXES))} players ({levels} bots).")
    for n in acting:
        if n in all_fix or FIXES not in kinds(n):
            continue
        open_ = at(n, UNDECIDED, DEPENDS)
        others = [c for c in acting[n] if c.kind not in (FIXES, UNDECIDED, DEPENDS)]
        if open_:
            nexts.append(f"{n} fixes it at {counts_text(at(n, FIXES))} players; decided only "
                         f"there: test {counts_text(open_)} players with more games"
                         f"{_cost(acting[n])}.")
        elif others:
            nexts.append(f"{n} fixes it at {counts_text(at(n, FIXES))} players only ("
                         + "; ".join(f"at {c.players}: {c.kind}" for c in others)
                         + "): adopt it where it fixes, or find a cure for the other counts.")
    improving = [n for n in acting if IMPROVES in kinds(n) and FIXES not in kinds(n)]
    if improving and not all_fix:
        verb = "improves" if len(improving) == 1 else "both improve" if len(
            improving) == 2 else "each improve"
        nexts.append(f"{_names(improving)} {verb} it without reaching the target (at "
                     + "; ".join(f"{n}: {counts_text(at(n, IMPROVES))} players"
                                 for n in improving)
                     + "): combine them, push a cure further, or look for a stronger one.")
    for n in acting:
        for c in acting[n]:
            why = _placeholder_or_skill(n, c)
            if why:
                nexts.append(why)
    blind = _blind(row, acting)
    if blind:
        nexts.append(blind)
    undecided = [n for n in acting if UNDECIDED in kinds(n) and FIXES not in kinds(n)]
    if undecided:
        costs = {n: _more(acting[n]) for n in undecided}
        known = sorted((v, n) for n, v in costs.items() if v is not None)
        games = max((r.games for n in undecided for c in acting[n] for r in c.runs), default=0)
        decided_at = {n: [c.players for c in acting[n] if c.decided] for n in undecided}
        # beyond this many games no run will decide it (and a projection from a few games is
        reach = max(50 * games, 20_000)   # too rough to call a verdict out of reach sooner)
        if known and known[0][0] > reach:
            nexts.append(f"{_names(undecided)} {'is' if len(undecided) == 1 else 'are'} not "
                         f"decided at {games} games, and deciding would take ≈{known[0][0]:,} "
                         "more per arm at least: the difference is too small for the margin "
                         "to tell — treat it as no practical change, or set a wider margin.")
        elif len(undecided) == 1:
            n = undecided[0]
            nexts.append(f"{n} is not decided at {games} games"
                         + (f" (decided only at {counts_text(decided_at[n])} players: test "
                            f"{counts_text(at(n, UNDECIDED))} players with more games)"
                            if decided_at[n] else "")
                         + (f": ≈{costs[n]:,} more games per arm would decide it"
                            + _command(acting[n]) if costs[n] is not None else
                            ": its difference lies near the margin, so many more games"
                            " (or a wider margin) would decide it") + ".")
        else:
            cheap = (f"; {known[0][1]} is cheaper to decide: ≈{known[0][0]:,} more games per "
                     f"arm{_command(acting[known[0][1]])}" if known else
                     "; each lies near its margin: many more games would decide them")
            nexts.append(f"{_names(undecided)} are not decided at {games} games{cheap}.")
    worse = [n for n in acting if WORSE in kinds(n)]
    for n in worse:
        nexts.append(f"do not adopt {n}: it makes it worse at {counts_text(at(n, WORSE))} "
                     "players.")
    moved = [n for n in acting if kinds(n) & {RAISES, LOWERS}]
    for n in moved:
        words = "; ".join(f"{c.kind} at {c.players}" for c in acting[n]
                          if c.kind in (RAISES, LOWERS))
        nexts.append(f"{n} {words} players; the question sets no target, so which way is "
                     "better is the designer's call: add a target to questions.yaml to get "
                     "fixes/improves verdicts.")
    reaching = [n for n in acting if kinds(n) & {FIXES, IMPROVES}]
    open_any = any(kinds(n) & {UNDECIDED, DEPENDS} for n in acting)
    draft_ok = bool(row.drafts) and all(d.miss == 0 for d in row.drafts)
    sure = draft_ok and all(d.meets == "meets the target" for d in row.drafts)
    if sure and not all_fix:
        nexts.insert(0, "the draft already meets its target: no change is needed for it"
                        + (" (the cures are a matter of taste)" if not worse else "") + ".")
    elif draft_ok and not all_fix:
        nexts.insert(0, "the draft's value lies inside its target, but not surely: more "
                        "games would tell whether it needs a cure at all.")
    elif not reaching and not open_any and not moved and row.target:
        same = [n for n in acting if kinds(n) == {SAME}]
        nexts.append("no cure reaches the target"
                     + (f" ({_names(same)}: no practical change)" if same else "")
                     + ": the draft needs a different cure.")
    if not nexts:
        nexts.append("nothing to change: every cure is decided and none moves it in "
                     "practice.")
    return " ".join([*lines, "Next: " + " ".join(_cap(s) for s in nexts)])


def _blind(row: ProblemRow, acting: dict[str, list[CureRow]]) -> str:
    """Where the first bot level plays a cure exactly as the draft (same value, same
    interval, no difference: it cannot see the rule) but a second level plays it: say so,
    and give the second level's verdicts, the ones to read."""
    drafts = {d.players: d.text for d in row.drafts}
    parts, first, second = [], "", ""
    for name, rows in acting.items():
        for c in rows:
            levels = list(dict.fromkeys(r.level for r in c.runs))
            if len(levels) < 2:
                continue
            mine = [r for r in c.runs if r.level == levels[0]]
            if mine and all(r.cure == drafts.get(c.players) and r.diff.lstrip("+-")
                            .startswith(("0.0 ", "0.00 ", "0 ")) for r in mine):
                first, second = levels[0], levels[1]
                parts += [f"{name} at {c.players}: {r.kind} ({r.diff}, {r.games} games"
                          + (f", ≈{r.more_games:,} more to decide" if r.more_games else "") + ")"
                          for r in c.runs if r.level == second]
    if not parts:
        return ""
    return (f"{first} bots play these cures exactly as the draft (they cannot see the rule); "
            f"read them from the {second} level: " + "; ".join(parts) + ".")


def _cap(s: str) -> str:
    """A sentence's first letter upper-case, unless it opens with a variant's name."""
    return s if "_" in s.split(" ", 1)[0] else s[:1].upper() + s[1:]


def _costliest(rows: Sequence[CureRow]) -> CureRow | None:
    """The open count that needs the most games to decide a cure (None: one cannot say)."""
    open_ = [c for c in rows if not c.decided]
    if not open_ or any(c.more_games is None for c in open_):
        return None
    return max(open_, key=lambda c: c.more_games or 0)


def _more(rows: Sequence[CureRow]) -> int | None:
    """The games per arm that would decide every open count of a cure (the largest)."""
    c = _costliest(rows)
    return None if c is None else c.more_games


def _cost(rows: Sequence[CureRow]) -> str:
    more = _more(rows)
    return f" (≈{more:,} more games per arm{_command(rows)})" if more is not None else ""


def _command(rows: Sequence[CureRow]) -> str:
    """Where that count is and the command that would decide it."""
    c = _costliest(rows)
    if c is None:
        return ""
    return f" at {c.players} players" + (f": `{c.decide}`" if c.decide else "")


__all__ = ["counts_text", "draft_text", "next_step"]
