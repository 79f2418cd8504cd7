"""Where people play differently from the bots: for each decision a person made in a lab
game, would greedy have made the same one?

The record has every step, so each person's decision is replayed in its position. Greedy
judges that position **on the seat's own information**: it sees a copy where everything
the seat cannot see is dealt again (``game.determinize(state, seat, rng)``, seeded by the
game's seed and the step), never the true hidden cards. Greedy's choice is the *set* of
options tied for its best one-step value (the heuristic every bot shares,
:func:`designkit.core.lookahead.child_values`), so a tie it would break at random
counts as agreement whichever way the person broke it. Decisions with a single option
are not decisions and are left out.

The rates are grouped by the game's phase (its display name) and the kind of the
person's action. Each rate has an exact interval, because a few games give few decisions
of each kind.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from designkit.core.game import CHANCE, Game, State
from designkit.core.lookahead import child_values
from designkit.core.registry import get_game
from designkit.playtests.schema import HUMAN
from designkit.playtests.stats import clopper_pearson

_TIE = 1e-9


@dataclass(frozen=True)
class Decision:
    """One decision of a person: where (phase), what they did (kind, text), whether greedy
    would have done it, and what greedy preferred when not."""

    step: int
    seat: int
    phase: str
    kind: str
    chosen: str
    agreed: bool
    greedy: str
    greedy_kind: str


def _phase(state: State) -> str:
    flow = getattr(state, "flow", None)
    phase = getattr(state, "phase", None)
    if flow is not None and phase is not None:
        try:
            return str(flow.phase_name(phase, "en"))
        except (KeyError, AttributeError, ValueError):
            pass
    return "" if phase is None else str(getattr(phase, "name", phase))


def _kind(action: Hashable) -> str:
    return str(getattr(action, "kind", type(action).__name__))


def greedy_best(game: Game, state: State, seat: int, rng: random.Random) -> list[Hashable]:
    """The options greedy values best for ``seat`` on a determinisation for that seat."""
    seen = game.determinize(state, seat, rng)
    actions = list(game.legal_actions(seen))
    values = list(child_values(game, seen, actions, lambda child: game.heuristic(child, seat)))
    top = max(values)
    return [a for a, v in zip(actions, values, strict=True) if v >= top - _TIE]


def decisions(record: Mapping[str, Any], seats: Iterable[int] | None = None) -> list[Decision]:
    """Each decision of ``seats`` (default: the record's human seats) with two options or
    more, beside greedy's choice on that seat's information."""
    game = get_game(record["game"])
    params = game.params_type.from_dict(record["params"], source="record params")
    agents = [str(a) for a in record.get("agents") or []]
    chosen_seats = set(seats) if seats is not None else \
        {s for s, a in enumerate(agents) if a == HUMAN}
    state = game.new_state(params, log=False)
    seed = int(record.get("seed") or 0)
    out: list[Decision] = []
    for i, raw in enumerate(record["steps"]):
        if "chance" in raw:
            game.apply(state, raw["chance"])
            continue
        action = game.action_from_json(raw["action"])
        seat = int(raw["seat"])
        if seat in chosen_seats and game.to_move(state) is not CHANCE \
                and len(game.legal_actions(state)) > 1:
            best = greedy_best(game, state, seat, random.Random(f"{seed}:{i}"))
            out.append(Decision(i, seat, _phase(state), _kind(action),
                                game.describe_action(action, "en"), action in best,
                                game.describe_action(best[0], "en"), _kind(best[0])))
        game.apply(state, action)
    return out


@dataclass(frozen=True)
class Agreement:
    """How often people chose as greedy would, for one phase and action kind."""

    phase: str
    kind: str
    decisions: int
    agreed: int
    lo: float
    hi: float
    instead: tuple[tuple[str, int], ...]

    @property
    def rate(self) -> float:
        return self.agreed / self.decisions if self.decisions else float("nan")


def agreement(found: Sequence[Decision]) -> list[Agreement]:
    """Per (phase, kind of the person's action): decisions, agreements with an exact
    interval, and greedy's preferred kinds where it disagreed (most frequent first)."""
    groups: dict[tuple[str, str], list[Decision]] = {}
    for d in found:
        groups.setdefault((d.phase, d.kind), []).append(d)
    out = []
    for (phase, kind), items in sorted(groups.items()):
        agreed = sum(d.agreed for d in items)
        lo, hi = clopper_pearson(agreed, len(items))
        instead = Counter(d.greedy_kind for d in items if not d.agreed)
        out.append(Agreement(phase, kind, len(items), agreed, lo, hi,
                             tuple(instead.most_common(3))))
    return out


def journal_decisions(journal: Any, games: Sequence[Any]) -> tuple[list[Decision], int]:
    """The people's decisions of every lab game of ``games`` whose record is in the
    journal's folder, and how many games gave them (a missing record is skipped: the
    journal's rows stay readable without their records)."""
    from designkit.core.records import load_record

    found: list[Decision] = []
    used = 0
    for pt in games:
        path = journal.record_path(pt)
        if pt.source != "lab" or path is None or not path.is_file() or not pt.humans:
            continue
        found += decisions(load_record(path))
        used += 1
    return found, used


def agreement_text(rows: Sequence[Agreement], games: int) -> str:
    """The table ``designkit playtests GAME compare`` prints under the bots' blocks."""
    if not rows:
        return ""
    total = sum(r.decisions for r in rows)
    agreed = sum(r.agreed for r in rows)
    lo, hi = clopper_pearson(agreed, total)
    lines = [f"where people play differently: {total} decisions by people in {games} lab "
             f"games; greedy (on each seat's own information) would have chosen the same "
             f"in {agreed} ({100 * agreed / total:.0f} % [{100 * lo:.0f}, {100 * hi:.0f}])", "",
             f"{'phase':<22}{'people chose':<16}{'same as greedy':<26}greedy preferred instead"]
    for r in rows:
        instead = ", ".join(f"{k} ×{n}" for k, n in r.instead) or "—"
        lines.append(f"{r.phase[:21]:<22}{r.kind[:15]:<16}"
                     f"{f'{r.agreed}/{r.decisions} [{100 * r.lo:.0f}, {100 * r.hi:.0f}] %':<26}"
                     f"{instead}")
    return "\n".join(lines)
